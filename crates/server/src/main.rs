//! The `showdown` binary: see `showdown --help`.

/// mimalloc (`showdown_server::allocator` says why and how). The binary's
/// allocator only: the library and its tests keep the system one.
#[global_allocator]
static GLOBAL: showdown_server::allocator::Allocator = showdown_server::allocator::Allocator;

fn main() -> std::process::ExitCode {
    showdown_server::cli::main()
}
