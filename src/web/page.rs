//! The browser's board written as HTML: the kiosk's state, its rows in words (`kiosk::rows`),
//! its footer (`kiosk::view::footer_status`) and its words in the board's languages, put into a
//! page that is complete without JavaScript (the page and language of the moment shown, a
//! refresh every page's time) and that the inline script keeps turning and up to date. Every
//! value goes through maud, which escapes it; the page asks for nothing from elsewhere.

use super::query::Asked;
use crate::kiosk::rows::{self, Row};
use crate::kiosk::KioskState;
use crate::screen::theme::DelayClass;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use railtop_core::model::Kind;
use railtop_i18n::tr;

/// The page's style and script, inline (the page works on a closed network); the
/// Content-Security-Policy admits them by a nonce made for each answer.
pub const STYLE: &str = include_str!("board.css");
pub const SCRIPT: &str = include_str!("board.js");

/// The whole page of `state`'s board as `asked`; `events` is the address of its event stream.
pub fn document(state: &mut KioskState, asked: &Asked, events: &str, nonce: &str) -> String {
    let first = state.settings.langs.first;
    let tz = state.tz();
    let title = state.station_name(state.current);
    let body_class = format!(
        "{} {}",
        asked.look.theme.class(),
        if asked.look.portrait {
            "portrait"
        } else {
            "landscape"
        }
    );
    // Type as large as the rows allow: the page's height shared by its rows and the header,
    // the column titles, the ticker and the footer (about seven rows' worth), and no wider
    // than a row of a board's columns fits the width.
    let shown = state.visible().len().clamp(4, asked.look.rows);
    let lines = shown + 7;
    let per_width = if asked.look.portrait { 34 } else { 58 };
    let size =
        format!("body{{--size:min(calc(100vh / {lines} / 1.35), calc(100vw / {per_width}))}}");
    let turn = moment(state);
    let main = main_markup(state, asked, Some(turn));
    html! {
        (DOCTYPE)
        html lang=(first.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                // Without JavaScript (an old TV's browser) the page turns by reloading.
                noscript { meta http-equiv="refresh" content=(state.settings.page_secs); }
                title { (title) " — railtop" }
                style nonce=(nonce) { (PreEscaped(STYLE)) (PreEscaped(size)) }
            }
            body class=(body_class)
                data-page=(state.settings.page_secs)
                data-now=(state.now.timestamp_millis())
                data-tz=(tz.name())
                data-lang=(first.code())
                data-h12=(if state.twelve_hour() { "1" } else { "0" })
                data-interval=(state.settings.board_interval_secs)
                data-events=(events) {
                main id="board" { (main) }
                p id="stale" hidden data-template=(tr!(first, "web-data-old", minutes = "{minutes}")) {}
                script nonce=(nonce) { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string()
}

/// What `<main>` holds for the event stream: the views as they stand, none marked for a moment
/// (the page's script marks this moment's page, language and message; marking them here would
/// make every page's turn a change to send).
pub fn main(state: &mut KioskState, asked: &Asked) -> String {
    main_markup(state, asked, None).into_string()
}

/// This moment's turn: each page in each language in turn, a page's time each (the wall clock's,
/// as the terminal's board and the script reckon it).
fn moment(state: &KioskState) -> usize {
    usize::try_from(state.now.timestamp().max(0)).unwrap_or(0)
        / usize::try_from(state.settings.page_secs.max(1)).unwrap_or(1)
}

/// One view of the board per language, each with all its pages and all its ticker's messages;
/// with `turn`, the page, language and message of that moment marked shown (the page without
/// JavaScript shows them).
fn main_markup(state: &mut KioskState, asked: &Asked, turn: Option<usize>) -> Markup {
    let clock = clock_text(state);
    if state.is_closed() {
        // Outside the board's hours: dark but for a dim clock and when it shows.
        let lang = state.lang();
        let (open, close) = state.settings.hours.unwrap_or_default();
        let hhmm = |t: chrono::NaiveTime| t.format("%H:%M").to_string();
        return html! {
            div.view.shown.closed {
                p { (tr!(lang, "board-closed", station = state.station_name(state.current), open = hhmm(open), close = hhmm(close))) }
                time id="clock" { (clock) }
            }
        };
    }
    let visible: Vec<railtop_core::model::Departure> =
        state.visible().into_iter().cloned().collect();
    let per_page = asked.look.rows.max(1);
    let pages = visible.len().div_ceil(per_page).max(1);
    let views = state.settings.langs.count();
    let (shown_view, shown_page) = match turn {
        Some(turn) => (Some(turn % views), Some((turn / views) % pages)),
        None => (None, None),
    };
    // To the minute, as the footer says it: a poll that brought nothing new is no change.
    let received = state
        .board()
        .received_at
        .map_or(0, |t| t.timestamp() / 60 * 60_000);
    let mut out = Vec::new();
    for view in 0..views {
        state.lang_turn = view;
        let refs: Vec<&railtop_core::model::Departure> = visible.iter().collect();
        let words = rows::rows(state, &refs);
        out.push(view_markup(
            state,
            &words,
            ViewAt {
                shown: shown_view == Some(view),
                page: shown_page,
                turn,
                pages,
                per_page,
                received,
                clock: &clock,
            },
        ));
    }
    state.lang_turn = 0;
    html! { @for v in out { (v) } }
}

struct ViewAt<'a> {
    shown: bool,
    /// The page shown, where a moment is marked.
    page: Option<usize>,
    turn: Option<usize>,
    pages: usize,
    per_page: usize,
    received: i64,
    clock: &'a str,
}

fn view_markup(state: &KioskState, words: &[Row], at: ViewAt<'_>) -> Markup {
    let lang = state.lang();
    let local = state.now.with_timezone(&state.tz());
    let name = state.station_name(state.current);
    let arrivals = state.kind == Kind::Arrivals;
    let mut caption = crate::screen::spoken::board_heading(state.kind, &name, lang);
    // The heading says arrivals already; the filters say the rest.
    let arrivals_word = lang.t("filter-arrivals");
    let filters: Vec<String> = state
        .filters()
        .into_iter()
        .filter(|f| f != arrivals_word)
        .collect();
    if !filters.is_empty() {
        caption = format!("{caption} · {}", filters.join(" · "));
    }
    let expected = words.iter().any(|r| !r.expected.is_empty());
    let numbers = words.iter().any(|r| !r.number.is_empty());
    let merged = state
        .board()
        .data
        .as_ref()
        .is_some_and(|b| b.stations.len() > 1);
    let operators = words.iter().any(|r| !r.operator.is_empty());
    let (status, failing) = crate::kiosk::view::footer_status(state, None);
    let page_template = tr!(lang, "page-of", page = "{page}", pages = at.pages);
    let messages = state.ticker_messages();
    let message_shown = at.turn.map(|t| t % messages.len().max(1));
    html! {
        section.view.shown[at.shown] lang=(lang.code()) data-pages=(at.pages) data-received=(at.received) {
            header.top {
                div {
                    h1 { (name) }
                    p.date { (lang.date(&local, "date-long")) }
                    @if state.simulated() || state.fixed_clock {
                        p {
                            @if state.simulated() { span.badge { (lang.t("badge-demo")) } }
                            @if state.fixed_clock { span.badge { (lang.t("badge-clock-fixed")) } }
                        }
                    }
                }
                time id="clock" { (at.clock) }
            }
            @if words.is_empty() {
                p.empty { (crate::kiosk::view::empty_text(state)) }
            } @else {
                table {
                    caption { (caption) }
                    thead {
                        tr {
                            th scope="col" { (lang.t("col-time")) }
                            @if expected { th scope="col" { (lang.t("col-expected")) } }
                            th scope="col" { (lang.t(if arrivals { "col-due" } else { "col-leaves" })) }
                            th scope="col" { (lang.t("col-line")) }
                            @if numbers { th scope="col" { (lang.t("col-train")) } }
                            th scope="col" { (lang.t(if arrivals { "col-from" } else { "col-destination" })) }
                            @if merged { th scope="col" { (lang.t(if arrivals { "col-at" } else { "col-station" })) } }
                            th scope="col" { (lang.t("col-platform")) }
                            th scope="col" { (lang.t("col-status")) }
                            @if operators { th.wide scope="col" { (lang.t("col-operator")) } }
                        }
                    }
                    tbody {
                        @for (i, r) in words.iter().enumerate() {
                            tr.cancelled[r.cancelled].shown[Some(i / at.per_page) == at.page] data-page=(i / at.per_page) {
                                td { (r.time) }
                                @if expected { td { (r.expected) } }
                                td.countdown { (r.countdown) }
                                td { (r.line) }
                                @if numbers { td { (r.number) } }
                                td.dest {
                                    (r.destination) @if r.marked { " *" }
                                    @if !r.via.is_empty() { small.wide { (lang.t("via")) " " (r.via.join(", ")) } }
                                }
                                @if merged { td { (r.station) } }
                                td.changed[r.platform_changed] { (r.platform) }
                                td class=(format!("status {}", class_of(r.class))) { (r.status) }
                                @if operators { td.wide { (r.operator) } }
                            }
                        }
                    }
                }
            }
            @if !messages.is_empty() {
                p.ticker {
                    "» "
                    @for (i, message) in messages.iter().enumerate() {
                        span.shown[message_shown == Some(i)] { (message) }
                    }
                }
            }
            footer {
                p.error[failing] aria-live="polite" {
                    (status)
                    @if at.pages > 1 {
                        " · " span.pageof data-template=(page_template) { (page_template.replace("{page}", &(at.page.unwrap_or(0) + 1).to_string())) }
                    }
                }
                p.credit { (state.attribution()) }
            }
        }
    }
}

/// The station's time now, as the board's clock shows it.
fn clock_text(state: &KioskState) -> String {
    let local = state.now.with_timezone(&state.tz());
    if state.twelve_hour() {
        local.format("%-I:%M %p").to_string()
    } else {
        local.format("%H:%M").to_string()
    }
}

fn class_of(class: DelayClass) -> &'static str {
    match class {
        DelayClass::OnTime | DelayClass::Early => "ontime",
        DelayClass::Slight => "slight",
        DelayClass::Late => "late",
        DelayClass::VeryLate => "verylate",
        DelayClass::Cancelled => "cancelled",
        DelayClass::NoData => "nodata",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kiosk::KioskSettings;

    /// A feed's hostile text (a destination, a message) and an address's reach the page only
    /// escaped: no tag of theirs, no attribute broken out of.
    #[test]
    fn nothing_from_a_feed_or_the_address_reaches_the_page_unescaped() {
        let settings = KioskSettings::default();
        let mut k = crate::test_support::demo_kiosk(&["HKI"], settings.clone());
        let mut board = k.boards[0].data.as_deref().cloned().unwrap_or_default();
        board.departures[0].destination = "<script>alert(1)</script>".into();
        board.departures[0].messages = vec!["\"><img src=x onerror=alert(2)>".into()];
        k.boards[0].data = Some(std::sync::Arc::new(board));
        let asked = super::super::query::read("station=HKI", &settings).unwrap();
        let events = "/board/events?station=%22%3E%3Cscript%3E";
        let html = document(&mut k, &asked, events, "n0nce");
        for raw in ["<script>alert(1)", "<img src=x", "\"><script>"] {
            assert!(!html.contains(raw), "{raw} reached the page");
        }
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("&lt;img src=x onerror=alert(2)&gt;"));
        // Only railtop's own script, by its nonce.
        assert_eq!(html.matches("<script").count(), 1);
        assert!(html.contains("<script nonce=\"n0nce\">"));
        let main = main(&mut k, &asked);
        assert!(
            !main.contains("<script") && !main.contains("<img"),
            "{main}"
        );
    }
}
