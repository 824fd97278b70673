//! The `showdown` binary: see `showdown --help`.

/// A settle request makes many small, short-lived allocations (the parsed
/// request, hand descriptions, the answer's strings); with glibc's malloc
/// they were about a quarter of the service's CPU under load. mimalloc is
/// the binary's allocator only: the library and its tests keep the system one.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    showdown_server::cli::main()
}
