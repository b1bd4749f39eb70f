//! The screen-reader mode: a program said as lines of text instead of drawn as frames. A screen
//! reader (Orca, NVDA or JAWS over SSH, VoiceOver in Terminal) reads a full-screen program's
//! every repaint, its box drawing and its spinners; here nothing is drawn and no cursor is moved.
//! The program gives what it shows as [`Spoken`]: a heading and its items, each with a sentence
//! and the few facts whose change is news. The runtime says the heading and every item when they
//! first arrive or when the heading changes (another station), then, on each answer, one line
//! per item that changed ([`announcements`]: at most one line per train, nothing repeated), and
//! the focused item's sentence when a key moves the focus. Numbers and times are written as a
//! synthesiser reads them well: `5 minutes late`, `platform 9 instead of 7`, no `′` or `→`.

use railtop_core::model::Kind;
use railtop_i18n::{tr, Lang};
use std::io::Write;

/// What a program shows, as it is said.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spoken {
    /// What is shown, in one sentence ("Departures from Helsinki"); a new heading is a new
    /// screen, said whole.
    pub heading: String,
    /// The items, in the order shown.
    pub items: Vec<Item>,
    /// Why what is shown may not be live ("the feed is unavailable since 10:40; the board is
    /// from 10:38"), said when it starts and when it ends; `None`: live.
    pub status: Option<String>,
    /// What is said when there are no items (`None`: "nothing to show yet").
    pub when_empty: Option<String>,
    /// The item the program's own cursor is on, as a sentence: a program that has one (the
    /// dashboard's panes) keeps its keys, and the runtime says this when a key changes it. `None`:
    /// the runtime's ↑ ↓ choose among the items.
    pub focus: Option<String>,
    /// The language it is said in: the runtime's own words ("12 trains", "3 of 12") follow it.
    pub lang: Lang,
}

/// One item: a train on a board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Item {
    /// What stays the same while the item changes (a train's run).
    pub key: String,
    /// How the item is named in an announcement ("IC 27 to Tampere").
    pub name: String,
    /// The whole item as one sentence, said when it is read or focused.
    pub sentence: String,
    /// The facts whose change is announced.
    pub delay: Option<i64>,
    pub platform: Option<String>,
    pub cancelled: bool,
    /// Why it is cancelled, where the feed says.
    pub reason: Option<String>,
}

/// A delay as a synthesiser reads it well: "5 minutes late".
pub fn delay_words(delay: Option<i64>, lang: Lang) -> String {
    match delay {
        None => lang.t("spoken-no-live-time").into(),
        Some(0) => lang.t("spoken-on-time").into(),
        Some(d) if d > 0 => tr!(lang, "spoken-minutes-late", n = d),
        Some(d) => tr!(lang, "spoken-minutes-early", n = d.saturating_neg()),
    }
}

/// A board's heading: "Departures from Helsinki", "Arrivals at Tampere".
pub fn board_heading(kind: Kind, station: &str, lang: Lang) -> String {
    let station = station.to_string();
    match kind {
        Kind::Arrivals => tr!(lang, "spoken-arrivals-heading", station = station),
        Kind::Departures => tr!(lang, "spoken-departures-heading", station = station),
    }
}

/// A board's row as an item: "IC 45 to Helsinki, 10:38, expected 10:43, platform 7, 5 minutes
/// late", and its message; on an arrivals board the train comes "from" its far end.
pub fn departure_item(d: &railtop_core::model::Departure, kind: Kind, lang: Lang) -> Item {
    let train = d.train_code.as_deref().unwrap_or(&d.line);
    let (train_text, place) = (train.to_string(), d.destination.clone());
    let name = match kind {
        Kind::Departures => tr!(lang, "spoken-train-to", train = train_text, place = place),
        Kind::Arrivals => tr!(lang, "spoken-train-from", train = train_text, place = place),
    };
    let mut sentence = format!("{name}, {}", d.scheduled_dep);
    if let Some(expected) = d.expected_dep.as_deref().filter(|e| *e != d.scheduled_dep) {
        sentence.push_str(&format!(
            ", {}",
            tr!(lang, "spoken-expected", time = expected.to_string())
        ));
    }
    if let Some(p) = &d.platform {
        sentence.push_str(&format!(
            ", {}",
            tr!(lang, "spoken-platform", platform = p.clone())
        ));
    }
    sentence.push_str(", ");
    sentence.push_str(&if d.cancelled {
        lang.t("spoken-cancelled").to_string()
    } else if d.delay.is_none() {
        lang.t("spoken-timetable").to_string()
    } else {
        delay_words(d.delay, lang)
    });
    if let Some(m) = d.messages.first() {
        sentence.push_str(&format!(". {m}"));
    }
    Item {
        key: d
            .train_id
            .clone()
            .unwrap_or_else(|| format!("{train}|{}", d.scheduled_dep)),
        name,
        sentence,
        delay: d.delay,
        platform: d.platform.clone(),
        cancelled: d.cancelled,
        reason: d.messages.first().cloned(),
    }
}

/// The lines that say what changed from `before` to `after`: one per item whose delay, platform
/// or cancellation changed, none for an item unchanged, new or gone (boards gain and lose rows as
/// time passes; that is not news).
pub fn announcements(before: &Spoken, after: &Spoken) -> Vec<String> {
    let lang = after.lang;
    let mut lines = Vec::new();
    // Looked up by key: asked every second, of boards of up to a hundred rows, per viewer.
    let before: std::collections::HashMap<&str, &Item> = before
        .items
        .iter()
        .map(|i| (i.key.as_str(), i))
        .rev()
        .collect();
    for now in &after.items {
        let Some(was) = before.get(now.key.as_str()) else {
            continue;
        };
        if now.cancelled && !was.cancelled {
            let name = now.name.clone();
            lines.push(match &now.reason {
                Some(why) => tr!(
                    lang,
                    "spoken-cancelled-because",
                    name = name,
                    why = why.clone()
                ),
                None => tr!(lang, "spoken-cancelled-now", name = name),
            });
            continue;
        }
        if now.cancelled {
            continue;
        }
        let mut said = Vec::new();
        if was.cancelled {
            said.push(lang.t("spoken-running-again").to_string());
        }
        if now.delay != was.delay {
            said.push(tr!(
                lang,
                "spoken-now",
                delay = delay_words(now.delay, lang)
            ));
        }
        if now.platform != was.platform {
            said.push(match (&now.platform, &was.platform) {
                (Some(new), Some(old)) => tr!(
                    lang,
                    "spoken-platform-instead",
                    new = new.clone(),
                    old = old.clone()
                ),
                (Some(new), None) => tr!(lang, "spoken-platform", platform = new.clone()),
                (None, _) => lang.t("spoken-platform-unknown").to_string(),
            });
        }
        if !said.is_empty() {
            lines.push(format!("{}, {}", now.name, said.join(", ")));
        }
    }
    lines
}

/// What the runtime remembers between answers: what was said last and which item has the focus.
#[derive(Debug, Default)]
pub struct Speaker {
    last: Option<Spoken>,
    focus: Option<usize>,
}

impl Speaker {
    /// The lines to say for what the program shows now: all of it when the heading is new or
    /// the first items arrived, else the changes.
    pub fn shown(&mut self, now: Spoken) -> Vec<String> {
        let mut lines = match &self.last {
            Some(last) if last.heading == now.heading && !last.items.is_empty() => {
                announcements(last, &now)
            }
            Some(last) if last.heading == now.heading && now.items.is_empty() => Vec::new(),
            _ => {
                self.focus = None;
                whole(&now)
            }
        };
        let was = self.last.as_ref().and_then(|l| l.status.as_ref());
        match (was, &now.status) {
            (Some(a), Some(b)) if a == b => {}
            (_, Some(status)) => lines.push(status.clone()),
            (Some(_), None) => lines.push(tr!(
                now.lang,
                "spoken-live-again",
                heading = now.heading.clone()
            )),
            (None, None) => {}
        }
        self.last = Some(now);
        lines
    }

    /// After a key the program took: what `shown` says, and the program's focus when the key
    /// moved it.
    pub fn after_key(&mut self, now: Spoken) -> Vec<String> {
        let before = self.last.as_ref().and_then(|l| l.focus.clone());
        let focus = now.focus.clone();
        let mut lines = self.shown(now);
        if let Some(focus) = focus.filter(|f| Some(f) != before.as_ref()) {
            lines.push(focus);
        }
        lines
    }

    /// A key the runtime's cursor takes (↑ ↓ j k: an item; Enter, Space: everything again), with
    /// what to say; `None` for the program's own keys, and for every key when the program
    /// keeps its own cursor.
    pub fn key(&mut self, key: &crossterm::event::KeyEvent) -> Option<Vec<String>> {
        use crossterm::event::{KeyCode, KeyEventKind};
        if key.kind == KeyEventKind::Release || self.program_focus() {
            return None;
        }
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(self.move_focus(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(self.move_focus(1)),
            KeyCode::Enter | KeyCode::Char(' ') => Some(self.again()),
            _ => None,
        }
    }

    /// Whether the program keeps its own cursor (its keys are its own).
    pub fn program_focus(&self) -> bool {
        self.last.as_ref().is_some_and(|l| l.focus.is_some())
    }

    /// Everything shown now, again (Enter, Space).
    pub fn again(&self) -> Vec<String> {
        self.last.as_ref().map(whole).unwrap_or_default()
    }

    /// Moves the focus by `by` items and says the one it lands on, with its place.
    pub fn move_focus(&mut self, by: isize) -> Vec<String> {
        let Some(last) = &self.last else {
            return Vec::new();
        };
        let n = last.items.len();
        if n == 0 {
            return vec![last.lang.t("spoken-nothing-to-choose").into()];
        }
        let at = match self.focus {
            None if by < 0 => n - 1,
            None => 0,
            Some(i) => i.saturating_add_signed(by).min(n - 1),
        };
        self.focus = Some(at);
        let item = &last.items[at];
        vec![tr!(
            last.lang,
            "spoken-place",
            at = at + 1,
            n = n,
            sentence = item.sentence.clone()
        )]
    }
}

/// Items read at once when a board is said whole; the rest one by one as the cursor moves (a
/// board of a hundred rows read out in one go is no help).
pub const READ_AT_ONCE: usize = 10;

/// The heading, then the first [`READ_AT_ONCE`] items' sentences, and how many more there are.
fn whole(spoken: &Spoken) -> Vec<String> {
    let n = spoken.items.len();
    let lang = spoken.lang;
    let mut lines = vec![match n {
        0 => format!(
            "{}: {}",
            spoken.heading,
            spoken
                .when_empty
                .as_deref()
                .unwrap_or(lang.t("spoken-nothing-yet"))
        ),
        n => tr!(
            lang,
            "spoken-trains",
            heading = spoken.heading.clone(),
            n = n
        ),
    }];
    lines.extend(
        spoken
            .items
            .iter()
            .take(READ_AT_ONCE)
            .map(|i| i.sentence.clone()),
    );
    if n > READ_AT_ONCE {
        lines.push(tr!(lang, "spoken-more", n = n - READ_AT_ONCE));
    }
    lines
}

/// Writes `lines` as a terminal in raw mode needs them (each ended by CR LF), with nothing else:
/// no escape sequence, so what a screen reader reads is the text.
pub fn write_lines(out: &mut impl Write, lines: &[String]) -> std::io::Result<()> {
    for line in lines {
        // Word by word through the one sanitiser: a whole line may be longer than a field (a
        // train's sentence and its message), and a listener must hear all of it.
        let words: Vec<String> = line
            .split_whitespace()
            .map(railtop_core::text::cleaned)
            .filter(|w| !w.is_empty())
            .collect();
        out.write_all(words.join(" ").as_bytes())?;
        out.write_all(b"\r\n")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn train(key: &str, delay: Option<i64>, platform: Option<&str>, cancelled: bool) -> Item {
        Item {
            key: key.into(),
            name: format!("IC {key} to Tampere"),
            sentence: format!("IC {key} to Tampere, 10:42"),
            delay,
            platform: platform.map(String::from),
            cancelled,
            reason: cancelled.then(|| "signal failure".to_string()),
        }
    }

    fn board(items: Vec<Item>) -> Spoken {
        Spoken {
            heading: "Departures from Helsinki".into(),
            items,
            ..Spoken::default()
        }
    }

    #[test]
    fn one_line_per_changed_train_and_none_for_the_rest() {
        let before = board(vec![
            train("27", Some(5), Some("7"), false),
            train("29", Some(0), Some("8"), false),
            train("31", None, Some("9"), false),
        ]);
        let after = board(vec![
            train("27", Some(12), Some("9"), false),
            train("29", Some(0), Some("8"), false),
            train("31", None, Some("9"), true),
            train("33", Some(3), None, false),
        ]);
        assert_eq!(
            announcements(&before, &after),
            [
                "IC 27 to Tampere, now 12 minutes late, platform 9 instead of 7",
                "IC 31 to Tampere cancelled: signal failure",
            ]
        );
        assert!(announcements(&after, &after).is_empty(), "nothing repeated");
        let back = board(vec![train("31", None, Some("9"), false)]);
        assert_eq!(
            announcements(&after, &back),
            ["IC 31 to Tampere, running again"]
        );
    }

    #[test]
    fn delays_in_words() {
        assert_eq!(delay_words(Some(1), Lang::En), "1 minute late");
        assert_eq!(delay_words(Some(12), Lang::En), "12 minutes late");
        assert_eq!(delay_words(Some(0), Lang::En), "on time");
        assert_eq!(delay_words(Some(-2), Lang::En), "2 minutes early");
        assert_eq!(delay_words(None, Lang::En), "no live time");
        assert_eq!(
            delay_words(Some(i64::MIN), Lang::En),
            format!("{} minutes early", i64::MAX)
        );
    }

    #[test]
    fn the_board_is_said_whole_when_it_first_arrives_or_changes_station() {
        let mut s = Speaker::default();
        assert_eq!(
            s.shown(board(vec![])),
            ["Departures from Helsinki: nothing to show yet."]
        );
        let first = board(vec![train("27", Some(5), Some("7"), false)]);
        assert_eq!(
            s.shown(first.clone()),
            [
                "Departures from Helsinki: 1 train.",
                "IC 27 to Tampere, 10:42"
            ]
        );
        assert!(s.shown(first).is_empty());
        let other = Spoken {
            heading: "Departures from Tampere".into(),
            items: vec![train("29", None, None, false)],
            ..Spoken::default()
        };
        assert_eq!(s.shown(other).len(), 2);
        assert_eq!(s.move_focus(1), ["1 of 1: IC 29 to Tampere, 10:42"]);
        assert_eq!(s.move_focus(1), ["1 of 1: IC 29 to Tampere, 10:42"]);
        assert_eq!(s.again().len(), 2);
    }

    #[test]
    fn a_failing_feed_is_said_when_it_starts_and_when_it_ends() {
        let mut s = Speaker::default();
        let live = board(vec![train("27", Some(5), Some("7"), false)]);
        s.shown(live.clone());
        let failing = Spoken {
            status: Some("the feed is unavailable since 10:40".into()),
            ..live.clone()
        };
        assert_eq!(
            s.shown(failing.clone()),
            ["the feed is unavailable since 10:40"]
        );
        assert!(s.shown(failing).is_empty(), "said once");
        assert_eq!(s.shown(live), ["Departures from Helsinki: live again."]);
    }

    #[test]
    fn lines_carry_no_escape_and_end_in_cr_lf() {
        let mut out = Vec::new();
        write_lines(&mut out, &["IC 27\u{1b}[2J to Tampere".to_string()]).unwrap();
        assert_eq!(out, b"IC 27 to Tampere\r\n");
        // A long line is said whole (a field is cut at 200 characters; a line is not).
        let long = "word ".repeat(100);
        let mut out = Vec::new();
        write_lines(&mut out, std::slice::from_ref(&long)).unwrap();
        assert_eq!(out, format!("{}\r\n", long.trim()).into_bytes());
    }
}
