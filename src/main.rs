//! The `knights-tour` binary: everything lives in the library; see `knights_tour::cli`.

fn main() -> std::process::ExitCode {
    knights_tour::cli::main()
}
