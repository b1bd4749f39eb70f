//! railtop's entry point: parse the command line, dispatch, and report an error through
//! color-eyre: the message, each cause under it, and a suggestion where one helps.

use clap::Parser;
use color_eyre::config::{HookBuilder, Theme};
use railtop::cli::{self, Cli};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Cli::parse();
    install_error_report();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("Error: {report:?}");
            ExitCode::from(cli::exit_code(&report))
        }
    }
}

fn run(args: Cli) -> color_eyre::Result<()> {
    cli::init_logging(&args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| color_eyre::eyre::eyre!("cannot start the async runtime: {e}"))?;
    runtime.block_on(cli::run(args))
}

/// color-eyre's report for errors only (the screens keep their own panic hook, which restores
/// the terminal); colours only on a terminal and without `NO_COLOR`; no location or
/// environment sections: a person reads the message, the causes and the suggestion.
fn install_error_report() {
    // An error report is for the person at the terminal: a backtrace only when asked for by
    // RUST_LIB_BACKTRACE itself (RUST_BACKTRACE stays for panics). Set before any thread starts.
    if std::env::var_os("RUST_LIB_BACKTRACE").is_none() {
        std::env::set_var("RUST_LIB_BACKTRACE", "0");
    }
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let theme = if colour { Theme::dark() } else { Theme::new() };
    let (_panic, eyre_hook) = HookBuilder::default()
        .theme(theme)
        .display_env_section(false)
        .into_hooks();
    // Fails only when a hook is already installed, which leaves that one in place.
    let _ = eyre_hook.install();
}
