//! The `showdown` binary: see `showdown --help`.

#![forbid(unsafe_code)]

/// mimalloc serves the many small, short-lived blocks a request makes more
/// cheaply than the system allocator; the library and its tests keep the
/// system one.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    showdown_server::cli::main()
}
