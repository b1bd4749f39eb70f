//! `railtop stats`: punctuality from a recorded file, as a table with a bar and a delay
//! histogram per group (drawn in characters, with the figures beside them: never colour
//! alone), as JSON (the report as `/api/live/stats` answers it) or as CSV.

use super::output::{self, Format};
use super::StatsArgs;
use color_eyre::eyre::{Result, WrapErr};
use color_eyre::Section;
use railtop_record::stats::{self, Group, Query, Report, BUCKETS};
use std::time::Duration;

/// The period when none is given.
const DEFAULT_SINCE: Duration = Duration::from_secs(24 * 3600);

pub(super) fn stats(
    args: StatsArgs,
    on_time: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<()> {
    let path = super::record::db_path(args.db)?;
    let until = args.until.unwrap_or_else(|| stats::until_now(now));
    let from = match (args.from, args.since) {
        (Some(from), _) => from,
        (None, since) => {
            let since = chrono::Duration::from_std(since.unwrap_or(DEFAULT_SINCE))
                .unwrap_or(chrono::Duration::MAX);
            until
                .checked_sub_signed(since)
                .unwrap_or(chrono::DateTime::<chrono::Utc>::MIN_UTC)
        }
    };
    if from >= until {
        return Err(color_eyre::eyre::eyre!(
            "the period is empty: --from {} is not before --until {}",
            from.to_rfc3339(),
            until.to_rfc3339()
        ))
        .suggestion("give a --from before --until, or --since 24h");
    }
    let query = Query {
        from,
        until,
        by: args.by,
        on_time,
    };
    let shown = path.display().to_string();
    let report = stats::read(&path, &query)
        .wrap_err_with(|| format!("cannot read {shown}"))
        .suggestion(
            "record with `railtop record` (or `serve --record`), or name the file with --db",
        )?;
    super::print(&render(&report, args.format))
}

/// The report in `format`.
pub(crate) fn render(report: &Report, format: Format) -> String {
    match format {
        Format::Json => output::json(report),
        Format::Csv => output::csv(
            &[
                report.by.name(),
                "runs",
                "cancelled",
                "withDelay",
                "onTime",
                "onTimeShare",
                "meanDelay",
                "medianDelay",
                "p90Delay",
                "histogram",
            ],
            report
                .groups
                .iter()
                .chain(std::iter::once(&report.total))
                .map(|g| {
                    vec![
                        g.key.clone(),
                        g.runs.to_string(),
                        g.cancelled.to_string(),
                        g.with_delay.to_string(),
                        g.on_time.to_string(),
                        opt(g.on_time_share.map(|s| format!("{s:.4}"))),
                        opt(g.mean_delay.map(|m| format!("{m:.2}"))),
                        opt(g.median_delay.map(|m| format!("{m:.1}"))),
                        opt(g.p90_delay),
                        g.histogram.map(|n| n.to_string()).join(" "),
                    ]
                }),
        ),
        Format::Table => table(report),
    }
}

fn opt(v: Option<impl ToString>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

fn table(report: &Report) -> String {
    let mut out = format!(
        "Punctuality by {}, {} – {} UTC\nOn time: at most {} min late.\n\n",
        report.by.name(),
        report.from.format("%Y-%m-%d %H:%M"),
        report.until.format("%Y-%m-%d %H:%M"),
        report.on_time_minutes
    );
    if report.total.runs == 0 {
        out.push_str(
            "No runs were recorded in this period (is `railtop record` running? see --since).\n",
        );
        return out;
    }
    let header = [
        report.by.name().to_uppercase(),
        "RUNS".into(),
        "ON TIME".into(),
        "MEAN".into(),
        "MEDIAN".into(),
        "P90".into(),
        "CANCELLED".into(),
        "DELAYS".into(),
    ];
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let rows = report
        .groups
        .iter()
        .chain(std::iter::once(&report.total))
        .map(row);
    out.push_str(&output::table(&header, rows));
    out.push_str(&format!(
        "\nDELAYS: a bar per delay band, {} min\n",
        BUCKETS.map(|(name, _)| name).join(" ")
    ));
    out
}

fn row(g: &Group) -> Vec<String> {
    let minutes = |m: Option<f64>| m.map_or("—".into(), |m| format!("{m:.1}′"));
    vec![
        g.key.clone(),
        g.runs.to_string(),
        match g.on_time_share {
            Some(s) => format!("{} {:>3.0} %", bar(s, 10), s * 100.0),
            None => "no delays known".into(),
        },
        minutes(g.mean_delay),
        minutes(g.median_delay),
        g.p90_delay.map_or("—".into(), |p| format!("{p}′")),
        g.cancelled.to_string(),
        sparkline(&g.histogram),
    ]
}

/// `███████░░░`: a share of 0..1 in `width` cells.
fn bar(share: f64, width: usize) -> String {
    let full = ((share.clamp(0.0, 1.0) * width as f64).round() as usize).min(width);
    "█".repeat(full) + &"░".repeat(width - full)
}

/// One bar per bucket, as tall as its share of the tallest (`·` for none).
fn sparkline(counts: &[u64]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let max = counts.iter().copied().max().unwrap_or(0);
    counts
        .iter()
        .map(|&n| {
            if n == 0 || max == 0 {
                '·'
            } else {
                let at = ((n as f64 / max as f64) * 7.0).round() as usize;
                BARS[at.min(7)]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_and_sparklines_carry_their_figures() {
        assert_eq!(bar(0.82, 10), "████████░░");
        assert_eq!(bar(1.5, 4), "████");
        assert_eq!(sparkline(&[0, 1, 7, 14]), "·▂▅█");
        assert_eq!(sparkline(&[0, 0]), "··");
    }
}
