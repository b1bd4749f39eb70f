//! Which columns a departure board shows at a given width, and how wide: shared by the kiosk
//! board and the dashboard's board pane, so both give way in the same order and neither cuts a
//! destination to nothing. Pure; the views draw what it decides, the destination with its via
//! stops through [`destination_with_via`].

use railtop_i18n::{tr, Lang};
use ratatui::layout::Constraint;
use unicode_width::UnicodeWidthStr;

/// The destination never gets fewer columns than this on the kiosk (the dashboard asks 16).
pub(crate) const MIN_DESTINATION: u16 = 12;
/// Via stops only where the destination column has this much room (a name and a stop or two
/// of them fit after it: `Oulu  via Pasila, Tikkurila, …`).
const VIA_DESTINATION: u16 = 30;
/// The operator column only where the destination keeps this much.
const OPERATOR_DESTINATION: u16 = 28;
/// ... and this much where via stops follow it (the operator is the first to give way).
const OPERATOR_BESIDE_VIA: u16 = 44;
/// `+7′` and `✕`: the status as symbols.
pub(crate) const STATUS_SYMBOLS: u16 = 5;

/// The status column in words, as wide as this language's longest (`2 min early` in English,
/// 11), a stale mark after it included.
pub(crate) fn status_words_width(lang: Lang) -> u16 {
    widths(lang).0
}

/// The countdown column: `in 10 min` or `now` in this language, or its title (9 in English).
pub(crate) fn countdown_width(lang: Lang) -> u16 {
    widths(lang).1
}

/// Each language's status and countdown widths, measured once (a board asks for them every
/// frame, an SSH server for every viewer's).
fn widths(lang: Lang) -> (u16, u16) {
    static WIDTHS: std::sync::OnceLock<Vec<(Lang, (u16, u16))>> = std::sync::OnceLock::new();
    WIDTHS
        .get_or_init(|| Lang::ALL.iter().map(|l| (*l, measure(*l))).collect())
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or_else(|| measure(lang), |(_, w)| *w)
}

fn measure(lang: Lang) -> (u16, u16) {
    let widest = |texts: &[usize], least: u16, most: u16| {
        let w = texts.iter().copied().max().unwrap_or(0);
        u16::try_from(w).unwrap_or(u16::MAX).clamp(least, most)
    };
    let status = widest(
        &[
            lang.t("status-cancelled").width(),
            lang.t("status-timetable").width(),
            lang.t("status-on-time").width() + 2,
            tr!(lang, "status-early", n = 2).width(),
            tr!(lang, "status-late", n = 10).width() + 2,
            lang.t("col-status").width(),
        ],
        11,
        20,
    );
    let countdown = widest(
        &[
            tr!(lang, "countdown-in", n = 10).width(),
            lang.t("countdown-now").width(),
            lang.t("col-leaves").width(),
            lang.t("col-due").width(),
        ],
        9,
        16,
    );
    (status, countdown)
}

/// Line and platform columns on the leanest board (longer values end in `…`).
const LEAN_LINE: u16 = 6;
const LEAN_PLATFORM: u16 = 5;
/// The station column of a merged board on the leanest board (wider where its labels would be
/// cut alike: [`Wants::least_station`]).
pub(crate) const LEAN_STATION: u16 = 5;

/// A row's train number as the kiosk's TRAIN column shows it, beside its line: the train's code
/// without the line it begins with (`41` of `IC 41` on line `IC`), the whole code where it does
/// not begin so, nothing where the feed gives none or only the line.
pub(crate) fn train_number(d: &railtop_core::model::Departure) -> Option<&str> {
    let code = d.train_code.as_deref()?.trim();
    let number = code
        .strip_prefix(d.line.trim())
        .filter(|rest| rest.starts_with(' '))
        .map_or(code, str::trim);
    (!number.is_empty() && number != d.line.trim()).then_some(number)
}

/// The text of a row's status, the same on every screen and never colour alone: cancelled, the
/// delay, `timetable` (the feed has no realtime data for it), and `?` after a delay that is
/// stale; in words, or as symbols where words do not fit (the help's legend says them).
pub(crate) fn status(
    d: &railtop_core::model::Departure,
    words: bool,
    stale: bool,
    lang: Lang,
) -> String {
    use crate::screen::theme::{delay_symbol, delay_text};
    use railtop_core::model::Timing;
    let stale = stale || d.timing == Some(Timing::Stale);
    if d.cancelled {
        return if words {
            lang.t("status-cancelled")
        } else {
            "✕"
        }
        .into();
    }
    if d.delay.is_none() {
        return if words {
            lang.t("status-timetable")
        } else {
            "–"
        }
        .into();
    }
    match (words, stale) {
        (true, false) => delay_text(d.delay, false, lang),
        (true, true) => format!("{} ?", delay_text(d.delay, false, lang)),
        (false, false) => delay_symbol(d.delay, false),
        (false, true) => format!("{}?", delay_symbol(d.delay, false)),
    }
}

/// Which columns a board `width` wide shows, and how wide the flexible ones are. Columns give
/// way in a fixed order as the screen narrows: the operator, the via stops, the train number,
/// the countdown, the expected time,
/// then the status in words (for symbols), then the gaps, then long platforms and station names
/// are cut, then long lines (on the dashboard only once its destination is down to
/// [`Wants::squeeze_destination`]); the destination keeps [`MIN_DESTINATION`] columns throughout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    pub operator: Option<u16>,
    pub via: bool,
    /// `in 3 min` for departures leaving soon.
    pub countdown: bool,
    pub expected: bool,
    /// The time columns' width: `13:05`, or `12:05 PM`.
    pub time: u16,
    /// The kiosk's train numbers beside the line (`41` of `IC 41`), where a row has one.
    pub number: Option<u16>,
    /// Status in words (else symbols).
    pub words: bool,
    pub line: u16,
    pub platform: u16,
    pub spacing: u16,
    pub destination: u16,
    /// On a board of several stations, which one each train leaves from (arrives at).
    pub station: Option<u16>,
    /// An arrivals board: the destination column is where trains come from.
    pub arrivals: bool,
    /// The titles' language, which sets the status and countdown columns' widths.
    pub lang: Lang,
}

/// What a board would show with room enough: the widths its longest values want (`operator`
/// 0: no operator known), whether it has via stops and a countdown at all, and the least the
/// destination may get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wants {
    pub time: u16,
    pub line: u16,
    pub platform: u16,
    pub operator: u16,
    /// The widest train number beside the line (0: none, or the line column shows it).
    pub number: u16,
    pub via: bool,
    /// The destination's width from which via stops are shown (a name or two of them fit
    /// after it): the kiosk's wide rows ask more than the dashboard's narrow pane.
    pub via_from: u16,
    pub countdown: bool,
    /// An expected-time column (none where no row has a time other than its timetabled one).
    pub expected: bool,
    pub least_destination: u16,
    /// The widest station name of a board of several (0: one station).
    pub station: u16,
    /// The least the station column is cut to: where its names, cut with `…`, are still told
    /// apart (`screen::widgets::stations`).
    pub least_station: u16,
    /// The destination may narrow to this before long lines are cut: the dashboard keeps its
    /// train numbers whole (`S2 18213`) while a destination can give a few characters.
    pub squeeze_destination: u16,
    pub arrivals: bool,
}

impl Wants {
    /// The kiosk's: every column, the destination at least [`MIN_DESTINATION`].
    pub fn board(time: u16, line: u16, platform: u16, operator: u16) -> Wants {
        Wants {
            time,
            line,
            platform,
            operator,
            number: 0,
            via: true,
            via_from: VIA_DESTINATION,
            countdown: true,
            expected: true,
            least_destination: MIN_DESTINATION,
            station: 0,
            least_station: LEAN_STATION,
            squeeze_destination: MIN_DESTINATION,
            arrivals: false,
        }
    }
}

impl Columns {
    /// The shown columns' titles and widths, in the order the views put their cells: time,
    /// expected, countdown, line, train number, destination (the rest of the width), station,
    /// platform, status, operator.
    pub fn header(&self) -> (Vec<&'static str>, Vec<Constraint>) {
        let lang = self.lang;
        let mut shown: Vec<(&'static str, Constraint)> =
            vec![(lang.t("col-time"), Constraint::Length(self.time))];
        if self.expected {
            shown.push((lang.t("col-expected"), Constraint::Length(self.time)));
        }
        if self.countdown {
            // On arrivals the countdown is to the train coming in.
            let title = lang.t(if self.arrivals {
                "col-due"
            } else {
                "col-leaves"
            });
            shown.push((title, Constraint::Length(countdown_width(lang))));
        }
        shown.extend([(lang.t("col-line"), Constraint::Length(self.line))]);
        if let Some(w) = self.number {
            shown.push((lang.t("col-train"), Constraint::Length(w)));
        }
        shown.extend([(
            lang.t(if self.arrivals {
                "col-from"
            } else {
                "col-destination"
            }),
            Constraint::Fill(1),
        )]);
        if let Some(w) = self.station {
            let title = match (self.arrivals, w >= 7) {
                (true, _) => "col-at",
                (false, true) => "col-station",
                // A lean column: its title as short as its names.
                (false, false) => "col-station-short",
            };
            shown.push((lang.t(title), Constraint::Length(w)));
        }
        shown.extend([
            (
                lang.t(if self.platform >= 8 {
                    "col-platform"
                } else {
                    "col-platform-short"
                }),
                Constraint::Length(self.platform),
            ),
            if self.words {
                (
                    lang.t("col-status"),
                    Constraint::Length(status_words_width(lang)),
                )
            } else {
                (lang.t("col-delay"), Constraint::Length(STATUS_SYMBOLS))
            },
        ]);
        if let Some(w) = self.operator {
            shown.push((lang.t("col-operator"), Constraint::Length(w)));
        }
        shown.into_iter().unzip()
    }
}

pub fn columns(width: u16, wants: Wants, lang: Lang) -> Columns {
    let Wants {
        time,
        line,
        platform,
        operator,
        ..
    } = wants;
    let rich = Columns {
        // As wide as its title at least: `OPERATOR`.
        operator: (operator > 0).then_some(operator.clamp(8, 16)),
        via: wants.via,
        countdown: wants.countdown,
        expected: wants.expected,
        time,
        // As wide as its title at least; a long number ends in `…`.
        number: (wants.number > 0).then_some(wants.number.clamp(5, 8)),
        words: true,
        line,
        platform,
        spacing: 2,
        destination: 0,
        // As wide as its title at least; a long name ends in `…` (never cut to look like another).
        station: (wants.station > 0).then_some(wants.station.clamp(7, 14).max(wants.least_station)),
        arrivals: wants.arrivals,
        lang,
    };
    let (status_words, countdown) = (status_words_width(lang), countdown_width(lang));
    let least_station = wants.least_station.max(LEAN_STATION);
    let steps: [&dyn Fn(&mut Columns); 9] = [
        &|c| c.operator = None,
        &|c| c.via = false,
        &|c| c.number = None,
        &|c| c.countdown = false,
        &|c| c.expected = false,
        &|c| c.words = false,
        &|c| c.spacing = 1,
        &|c| {
            c.platform = c.platform.min(LEAN_PLATFORM);
            c.station = c.station.map(|w| w.min(least_station));
        },
        // Last, and on the dashboard only once the destination is down to its squeeze.
        &|c| c.line = c.line.min(LEAN_LINE),
    ];
    let mut c = rich;
    let mut step = 0;
    loop {
        let fixed = c.time
            + if c.expected { c.time } else { 0 }
            + if c.countdown { countdown } else { 0 }
            + c.line
            + c.platform
            + if c.words {
                status_words
            } else {
                STATUS_SYMBOLS
            }
            + c.operator.unwrap_or(0)
            + c.number.unwrap_or(0)
            + c.station.unwrap_or(0);
        let gaps = 4
            + u16::from(c.expected)
            + u16::from(c.countdown)
            + u16::from(c.operator.is_some())
            + u16::from(c.number.is_some())
            + u16::from(c.station.is_some());
        c.destination = width.saturating_sub(fixed + gaps * c.spacing);
        let wanted = match (c.via, c.operator.is_some()) {
            // The operator beside via stops only where they keep room for a few names.
            (true, true) => wants.via_from.max(OPERATOR_BESIDE_VIA),
            (true, false) => wants.via_from,
            (false, true) => OPERATOR_DESTINATION,
            (false, false) => wants.least_destination,
        }
        .max(wants.least_destination);
        let lines_next = step + 1 == steps.len();
        if c.destination >= wanted
            || step == steps.len()
            || (lines_next && c.destination >= wants.squeeze_destination)
        {
            return c;
        }
        steps[step](&mut c);
        step += 1;
    }
}

/// `Tampere  via Pasila, Tikkurila, …`: the destination (marked ` *` when the feed has a
/// message about the train), then as many whole via stops as fit in `width` (dimmed; `…` when
/// some are left out), never a stop cut in the middle.
pub(crate) fn destination_with_via(
    d: &railtop_core::model::Departure,
    with_via: bool,
    width: usize,
    theme: &crate::screen::theme::Theme,
    lang: Lang,
) -> ratatui::text::Line<'static> {
    // A row the feed has a message about is marked ` *`; the message is said elsewhere (the
    // dashboard's footnote, the kiosk's ticker).
    let mark = if d.messages.is_empty() { "" } else { " *" };
    let destination = format!(
        "{}{mark}",
        railtop_core::text::fit(&d.destination, width.saturating_sub(mark.len()))
    );
    let mut spans = vec![ratatui::text::Span::raw(destination.clone())];
    if with_via && !d.via.is_empty() {
        let room = width.saturating_sub(destination.width());
        let mut via = String::new();
        for (i, stop) in d.via.iter().enumerate() {
            let piece = if i == 0 {
                format!("  {} {stop}", lang.t("via"))
            } else {
                format!(", {stop}")
            };
            let more = i + 1 < d.via.len();
            // Room for this stop, and for ", …" after it if more follow.
            if via.width() + piece.width() + if more { 3 } else { 0 } > room {
                if i > 0 {
                    via.push_str(", …");
                }
                break;
            }
            via.push_str(&piece);
        }
        if !via.is_empty() {
            spans.push(ratatui::text::Span::styled(via, theme.dim()));
        }
    }
    ratatui::text::Line::from(spans)
}

#[cfg(test)]
mod tests;
