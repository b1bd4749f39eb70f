//! The stats header: source (DEMO badge), country, counts, on-time share, median delay, how old
//! the data is and when the next refresh comes, and the attribution of the data in use.

use super::age_text;
use crate::tui::app::AppState;
use crate::tui::pane::Countries;
use railtop_i18n::tr;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

fn signed(minutes: i64) -> String {
    if minutes > 0 {
        format!("+{minutes}")
    } else {
        minutes.to_string()
    }
}

/// The recorded last 24 hours' share on time as bars, an hour each, oldest first, with the
/// latest hour's figure after them (`▆▇▇▅▆ 91%`): the bars run from half on time (`▁`) to all
/// (`█`); an hour without a delay recorded is `·`. `None` when nothing was recorded.
fn history_sparkline(history: &[Option<f64>]) -> Option<String> {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    if history.iter().all(Option::is_none) {
        return None;
    }
    let bars: String = history
        .iter()
        .map(|h| match h {
            None => '·',
            Some(share) => {
                let level = ((share - 0.5) / 0.5 * 7.0).round().clamp(0.0, 7.0) as usize;
                BARS[level]
            }
        })
        .collect();
    let last = history.iter().rev().flatten().next()?;
    Some(format!("{bars} {:.0}%", last * 100.0))
}

pub fn header(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let lang = state.settings.lang;
    let selected = state.countries.selected.as_deref();
    let tz = selected.and_then(|c| state.zone_of(c));
    let clock = match tz {
        Some(tz) => state
            .now
            .with_timezone(&tz)
            .format("%H:%M:%S %Z")
            .to_string(),
        // All countries: the terminal's own clock, with its offset.
        None => state
            .now
            .with_timezone(&chrono::Local)
            .format("%H:%M:%S %:z")
            .to_string(),
    };

    // The clock wins over the stats: its room is kept first, the stats fit in the rest.
    let stats_room = usize::from(area.width).saturating_sub(clock.chars().count() + 2);
    // Each part with its rank: where the line is short, the least parts go whole (never a
    // figure cut in two), the name and the count last.
    let mut first: Vec<(u8, Span)> = Vec::new();
    if state.simulated() {
        first.push((
            0,
            Span::styled(format!(" {} ", lang.t("badge-demo")), theme.badge()),
        ));
        first.push((0, Span::raw(" ")));
    }
    first.push((0, Span::styled("railtop", theme.title())));
    first.push((0, Span::raw(" · ")));
    first.push((
        0,
        Span::styled(
            Countries::name(state.countries.selected.as_deref(), lang),
            theme.accent(),
        ),
    ));
    if let Some(r) = &state.trains.realtime.data {
        let s = r.stats;
        let punctual = state.trains.punctuality;
        let within = state.settings.on_time_minutes;
        let trains = tr!(lang, "header-trains", n = s.total);
        let long = format!(
            " · {trains} · {}{}",
            tr!(
                lang,
                "header-counts",
                running = s.running,
                gps = s.with_gps,
                delayed = s.delayed
            ),
            punctual.map_or(String::new(), |p| format!(
                " · {}",
                tr!(
                    lang,
                    "header-punctuality",
                    share = format!("{:.0}", p.on_time_share * 100.0),
                    within = within,
                    median = signed(p.median_delay)
                )
            ))
        );
        // Narrow terminals get the same figures in fewer words, then fewer figures.
        let used: usize = first.iter().map(|(_, s)| s.content.chars().count()).sum();
        if used + long.chars().count() <= stats_room {
            first.push((0, Span::raw(long)));
        } else {
            first.push((0, Span::raw(format!(" · {trains}"))));
            let short = |id, n| Span::raw(format!(" {}", tr!(lang, id, n = n)));
            first.push((3, short("header-running-short", s.running)));
            first.push((4, short("header-gps-short", s.with_gps)));
            first.push((2, short("header-late-short", s.delayed)));
            if let Some(p) = punctual {
                let share = p.on_time_share * 100.0;
                first.push((1, Span::raw(format!(" · {share:.0}% ≤{within}′"))));
                first.push((
                    5,
                    Span::raw(format!(
                        " · {}",
                        tr!(lang, "header-median-short", median = signed(p.median_delay))
                    )),
                ));
            }
        }
    }
    let feed = &state.trains.realtime;
    let mut second = Vec::new();
    if state.fixed_clock {
        second.push(Span::styled(
            format!("⏸ {}", lang.t("header-clock-fixed")),
            theme.badge(),
        ));
        second.push(Span::raw(" · "));
    }
    // A GTFS timetable being read: its rows have no names yet, and the person is told why
    // (first, so that a long error after it cannot push it off a narrow screen).
    // Only the timetable of the country on screen (any, on all countries).
    if let Some(s) = state.schedules.iter().find(|s| {
        matches!(s.state, "downloading" | "building")
            && state
                .countries
                .selected
                .as_ref()
                .is_none_or(|c| c.eq_ignore_ascii_case(&s.feed))
    }) {
        let percent = s.percent.map_or(String::new(), |p| format!(" {p} %"));
        second.push(Span::styled(
            format!(
                "{}{percent}",
                tr!(lang, "header-schedule", feed = s.feed.clone())
            ),
            theme.badge(),
        ));
        second.push(Span::raw(" · "));
    }
    match (&feed.error, feed.age_secs(state.now)) {
        (Some(e), age) => {
            // The line names the source at its end: the error need not start with it too, and
            // at 80 columns what went wrong is what must fit ("answered 404: …").
            let said = e
                .strip_prefix(state.source.name.as_str())
                .map_or(e.as_str(), str::trim_start);
            second.push(Span::styled(format!("⚠ {said}"), theme.error()));
            if let Some(next) = feed.next_in_secs(state.now) {
                second.push(Span::raw(format!(
                    " · {}",
                    tr!(lang, "header-retry-in", after = age_text(next))
                )));
            }
            if let Some(age) = age {
                second.push(Span::styled(
                    format!(
                        " · {}",
                        tr!(lang, "header-showing-old", age = age_text(age))
                    ),
                    theme.dim(),
                ));
            }
        }
        (None, Some(age)) => {
            second.push(Span::raw(tr!(
                lang,
                "header-updated-ago",
                age = age_text(age)
            )));
            if let Some(next) = feed.next_in_secs(state.now) {
                second.push(Span::raw(format!(
                    " · {}",
                    tr!(lang, "header-next-in", after = age_text(next))
                )));
            }
        }
        (None, None) => second.push(Span::styled(lang.t("loading"), theme.dim())),
    }
    let source = format!(
        " · {}",
        tr!(lang, "header-source", source = state.source.name.clone())
    );
    // The recorded hours, as many of the last 24 as the line has room for (6 at least).
    let used: usize = second.iter().map(|s| s.width()).sum::<usize>() + source.chars().count();
    let on_time = tr!(lang, "header-hours-on-time", hours = 24);
    let room = usize::from(area.width).saturating_sub(used + on_time.chars().count() + 10);
    // Another country's hours (a change of country not read yet) say nothing of this one's.
    let recorded = &state.history;
    let shown = if recorded.country == state.countries.selected {
        recorded.hours.as_slice()
    } else {
        &[]
    };
    let hours = room.min(24).min(shown.len());
    if hours >= 6 {
        let recent = &shown[shown.len() - hours..];
        if let Some(spark) = history_sparkline(recent) {
            second.push(Span::raw(format!(
                " · {} {spark}",
                tr!(lang, "header-hours-on-time", hours = hours)
            )));
        }
    }
    second.push(Span::raw(source));

    // The answer's own credit; without one (none yet, or its feed failing), the selected
    // country's or region's feed's, else the source's.
    let attribution = feed
        .data
        .as_ref()
        .and_then(|r| r.attribution.clone())
        .or_else(|| Some(state.source.feed(selected?)?.attribution.clone()))
        .unwrap_or_else(|| state.source.attribution.clone());
    let width = usize::from(area.width);
    // Simulated data says so whatever the width.
    let simulated = feed.data.as_ref().is_some_and(|r| r.simulated);
    let attribution = crate::screen::widgets::credit(&attribution, simulated, width);
    // The stats in their room, the clock right-aligned after them (where the line has room
    // for the clock beside the name at all).
    let clock_fits = width >= clock.chars().count() + 2 + 12;
    let mut first =
        crate::screen::widgets::fit_parts(first, if clock_fits { stats_room } else { width });
    if clock_fits {
        let first_len: usize = first.iter().map(|s| s.width()).sum();
        let pad = width
            .saturating_sub(first_len + clock.chars().count())
            .max(2);
        first.push(Span::raw(" ".repeat(pad)));
        first.push(Span::styled(clock, theme.title()));
    }
    let lines = vec![
        Line::from(super::fit_spans(first, width)),
        Line::from(super::fit_spans(second, width)),
        Line::from(Span::styled(
            railtop_core::text::fit(&attribution, width),
            theme.dim(),
        )),
    ];
    frame.render_widget(Paragraph::new(lines), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::{AppState, Settings};
    use railtop_feeds::source::SourceInfo;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// A dashboard on the demo source, nothing answered yet.
    fn demo_state() -> AppState {
        let source = SourceInfo {
            name: "demo".into(),
            is_demo: true,
            attribution: String::new(),
            feeds: Vec::new(),
        };
        AppState::new(source, Settings::default(), None, None, chrono::Utc::now())
    }

    #[test]
    fn the_recorded_day_is_a_sparkline_with_its_last_figure() {
        assert_eq!(history_sparkline(&[]), None);
        assert_eq!(history_sparkline(&[None, None]), None);
        assert_eq!(
            history_sparkline(&[Some(0.5), None, Some(0.75), Some(1.0), Some(0.2)]),
            Some("▁·▅█▁ 20%".into())
        );
        let mut state = demo_state();
        state.history.hours = vec![None; 22];
        state.history.hours.extend([Some(0.9), Some(0.95)]);
        let line_of = |state: &AppState, width: u16| {
            let mut t = Terminal::new(TestBackend::new(width, 3)).unwrap();
            t.draw(|f| header(state, f, f.area())).unwrap();
            (0..width)
                .map(|x| t.backend().buffer()[(x, 1)].symbol().to_string())
                .collect::<String>()
        };
        let line = |width| line_of(&state, width);
        let wide = line(120);
        assert!(
            wide.contains("24h on time ······················▇▇ 95%"),
            "{wide}"
        );
        // Narrower: the last hours that fit, said so; never cut off the line's end.
        let narrow = line(60);
        assert!(
            narrow.contains("h on time ") && narrow.contains("▇▇ 95% · source demo"),
            "{narrow}"
        );
        assert!(!narrow.contains("24h"), "{narrow}");
        // Hours of all countries say nothing of Finland's, on screen before its hours are read.
        state.countries.selected = Some("finland".into());
        let other = line_of(&state, 120);
        assert!(!other.contains("on time"), "{other}");
        state.history.country = Some("finland".into());
        assert!(line_of(&state, 120).contains("24h on time"));
    }

    /// A source's error does not repeat the source's name, which ends the line anyway: at 80
    /// columns what went wrong is what fits.
    #[test]
    fn an_error_line_leaves_out_the_sources_name() {
        let source = SourceInfo {
            name: "http://127.0.0.1:8080".into(),
            is_demo: false,
            attribution: String::new(),
            feeds: Vec::new(),
        };
        let mut state = AppState::new(source, Settings::default(), None, None, chrono::Utc::now());
        state.trains.realtime.error = Some("http://127.0.0.1:8080 answered 404: gone".into());
        let mut t = Terminal::new(TestBackend::new(80, 3)).unwrap();
        t.draw(|f| header(&state, f, f.area())).unwrap();
        let second: String = (0..80)
            .map(|x| t.backend().buffer()[(x, 1)].symbol().to_string())
            .collect();
        assert!(second.starts_with("⚠ answered 404: gone"), "{second}");
        assert!(second.contains("source http://127.0.0.1:8080"), "{second}");
    }

    #[test]
    fn a_timetable_being_read_is_said_first_on_the_status_line() {
        let source = SourceInfo {
            name: "upstream".into(),
            is_demo: false,
            attribution: String::new(),
            feeds: Vec::new(),
        };
        let mut state = AppState::new(source, Settings::default(), None, None, chrono::Utc::now());
        state.trains.realtime.error =
            Some("a long error that fills the whole line and more, much more".into());
        let status = |state: &'static str| railtop_feeds::source::ScheduleStatus {
            feed: "national".into(),
            state,
            percent: Some(43),
            detail: "stop times".into(),
            realtime_trips: None,
        };
        state.schedules = vec![status("ready"), status("building")];
        let mut t = Terminal::new(TestBackend::new(80, 3)).unwrap();
        t.draw(|f| header(&state, f, f.area())).unwrap();
        let second: String = (0..80)
            .map(|x| t.backend().buffer()[(x, 1)].symbol().to_string())
            .collect();
        assert!(
            second.starts_with("national schedule 43 % · ⚠ a long error"),
            "{second}"
        );
        state.schedules = vec![status("ready")];
        t.draw(|f| header(&state, f, f.area())).unwrap();
        let second: String = (0..80)
            .map(|x| t.backend().buffer()[(x, 1)].symbol().to_string())
            .collect();
        assert!(
            !second.contains("schedule"),
            "a ready one is not said: {second}"
        );
    }

    #[test]
    fn simulated_data_says_so_at_any_width() {
        let mut state = demo_state();
        let mut answer =
            railtop_core::model::RealtimeResponse::new(Vec::new(), Vec::new(), String::new());
        answer.simulated = true;
        answer.attribution = Some(
            "DEMO: simulated trains on real lines (railtop's simulator), not real data".into(),
        );
        state.trains.realtime.data = Some(std::sync::Arc::new(answer));
        for width in [30u16, 45, 60] {
            let mut t = Terminal::new(TestBackend::new(width, 3)).unwrap();
            t.draw(|f| header(&state, f, f.area())).unwrap();
            let third: String = (0..width)
                .map(|x| t.backend().buffer()[(x, 2)].symbol().to_string())
                .collect();
            assert!(third.contains("not real data"), "{width}: {third}");
        }
    }
}
