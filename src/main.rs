//! railtop's entry point: parse the command line and dispatch.

use clap::Parser;
use railtop::cli::{self, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Cli::parse();
    if let Err(e) = cli::init_logging(&args) {
        eprintln!("railtop: {e}");
        return ExitCode::FAILURE;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("railtop: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(cli::run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("railtop: {e}");
            ExitCode::FAILURE
        }
    }
}
