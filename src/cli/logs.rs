//! Where railtop's logs go: a file with `--log-file`; stderr for the servers (as text or one JSON
//! object a line); nowhere for the other commands, which print their own errors.

use super::{Cli, Command, LogFormat};
use color_eyre::eyre::{Result, WrapErr};
use railtop_core::config;

/// Logs go to `--log-file` when given; otherwise the server logs to stderr and other commands
/// only report errors (which they print themselves).
pub fn init_logging(cli: &Cli) -> Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("RAILTOP_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let json = cli.log_format == LogFormat::Json;
    // The dashboard owns the screen: its logs always go to a file.
    let dashboard = (cli.command.is_none() || matches!(cli.command, Some(Command::Board { .. })))
        && !cli.print_config;
    let path = cli
        .log_file
        .clone()
        .or_else(|| dashboard.then(config::default_log_path).flatten());
    if let Some(path) = &path {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .wrap_err_with(|| format!("cannot create the log directory {}", dir.display()))?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .wrap_err_with(|| format!("cannot open log file {}", path.display()))?;
        install_logs(filter, std::sync::Mutex::new(file), false, json);
    } else if matches!(
        cli.command,
        Some(Command::Serve { .. } | Command::Ssh { .. })
    ) {
        // Colour only for a person at a terminal, never into a file or a pipe.
        let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
        install_logs(filter, std::io::stderr, ansi, json);
    }
    Ok(())
}

/// The one subscriber: text (with colour where `ansi`) or one JSON object a line.
fn install_logs<W>(filter: tracing_subscriber::EnvFilter, writer: W, ansi: bool, json: bool)
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    if json {
        builder.json().with_current_span(false).init();
    } else {
        builder.with_ansi(ansi).init();
    }
}
