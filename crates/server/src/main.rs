//! The `showdown` binary: see `showdown --help`.

#![forbid(unsafe_code)]

/// mimalloc: fewer instructions per allocation than the system allocator
/// for the many small, short-lived blocks a request makes. The binary's
/// allocator only: the library and its tests keep the system one.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    showdown_server::cli::main()
}
