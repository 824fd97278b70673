//! The `showdown` binary: see `showdown --help`.

fn main() -> std::process::ExitCode {
    showdown_server::cli::main()
}
