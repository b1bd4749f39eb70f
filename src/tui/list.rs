//! The train list's model: which trains show (filter, cancelled hidden or not), in which order,
//! and which one is selected. The selection is a train id, so it follows the same train across
//! refreshes however the rows move. Only indices are stored: 20,000 trains cost 160 KB here.

use railtop_core::model::{status, Train};
use std::cmp::Ordering;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortKey {
    /// Largest delay first; no realtime last.
    #[default]
    Delay,
    Code,
    Destination,
    /// The next station, by name.
    Next,
    /// Country, then the largest delay first.
    Country,
}

impl SortKey {
    pub fn next(self) -> SortKey {
        match self {
            SortKey::Delay => SortKey::Code,
            SortKey::Code => SortKey::Destination,
            SortKey::Destination => SortKey::Next,
            SortKey::Next => SortKey::Country,
            SortKey::Country => SortKey::Delay,
        }
    }

    /// Which way the list runs, as the title says it: delays as arrows (↓ largest first, the
    /// default), names as their alphabet (A–Z, the default).
    pub fn order(self, reversed: bool) -> &'static str {
        match (self, reversed) {
            (SortKey::Delay, false) => "↓",
            (SortKey::Delay, true) => "↑",
            (_, false) => "A–Z",
            (_, true) => "Z–A",
        }
    }

    /// The sort's name: a catalogue id (`sort-delay`: "delay").
    pub fn label(self) -> &'static str {
        match self {
            SortKey::Delay => "sort-delay",
            SortKey::Code => "sort-code",
            SortKey::Destination => "sort-destination",
            SortKey::Next => "sort-next",
            SortKey::Country => "sort-country",
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct TrainList {
    pub sort: SortKey,
    /// The sort's order turned round (`S`).
    pub reversed: bool,
    pub filter: String,
    pub filter_editing: bool,
    pub hide_cancelled: bool,
    /// Indices into the current answer's trains, filtered and sorted.
    pub rows: Vec<usize>,
    /// Position of the selection in `rows`.
    pub cursor: usize,
    /// The selected train's id: what survives a refresh.
    pub selected_id: Option<String>,
    /// First row drawn.
    pub offset: usize,
    /// The widest code, destination and next station of the whole list (in characters, at
    /// most 40), measured when it is rebuilt: the columns are sized from them, so they keep
    /// their width while the list scrolls.
    pub widest: Widest,
}

/// See [`TrainList::widest`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Widest {
    pub code: usize,
    pub to: usize,
    pub next: usize,
}

/// The destination shown for a train: `to`, else what follows `→` in its name.
pub fn destination(t: &Train) -> &str {
    t.to.as_deref()
        .or_else(|| t.name.split_once('→').map(|(_, d)| d.trim()))
        .unwrap_or("")
}

fn matches(t: &Train, needle: &str) -> bool {
    needle.is_empty()
        || [
            t.train_code.as_str(),
            t.name.as_str(),
            destination(t),
            t.from.as_deref().unwrap_or(""),
        ]
        .iter()
        .any(|field| field.to_lowercase().contains(needle))
}

fn compare(a: &Train, b: &Train, key: SortKey) -> Ordering {
    let by_code = || natural(&a.train_code, &b.train_code);
    match key {
        SortKey::Delay => b
            .delay
            .unwrap_or(i64::MIN)
            .cmp(&a.delay.unwrap_or(i64::MIN))
            .then_with(by_code),
        SortKey::Code => by_code(),
        SortKey::Destination => destination(a)
            .to_lowercase()
            .cmp(&destination(b).to_lowercase())
            .then_with(by_code),
        // Trains without a next station last.
        SortKey::Next => match (&a.next_station, &b.next_station) {
            (Some(x), Some(y)) => x.to_lowercase().cmp(&y.to_lowercase()),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        }
        .then_with(by_code),
        SortKey::Country => a
            .country
            .cmp(&b.country)
            .then_with(|| compare(a, b, SortKey::Delay)),
    }
}

/// Orders `IC 9` before `IC 10`: digit runs compare as numbers.
pub(crate) fn natural(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.chars().peekable(), b.chars().peekable());
    loop {
        match (x.peek().copied(), y.peek().copied()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let take = |it: &mut std::iter::Peekable<std::str::Chars>| {
                    let mut n: u64 = 0;
                    while let Some(c) = it.peek().and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(u64::from(c));
                        it.next();
                    }
                    n
                };
                match take(&mut x).cmp(&take(&mut y)) {
                    Ordering::Equal => {}
                    other => return other,
                }
            }
            (Some(c), Some(d)) => {
                match c.cmp(&d) {
                    Ordering::Equal => {}
                    other => return other,
                }
                x.next();
                y.next();
            }
        }
    }
}

impl TrainList {
    /// Recomputes the rows for `trains` and puts the cursor back on the selected train.
    pub(crate) fn rebuild(&mut self, trains: &[Train]) {
        let needle = self.filter.trim().to_lowercase();
        self.rows = (0..trains.len())
            .filter(|&i| {
                let t = &trains[i];
                !(self.hide_cancelled && t.status == status::CANCELLED) && matches(t, &needle)
            })
            .collect();
        let (key, reversed) = (self.sort, self.reversed);
        self.rows.sort_by(|&a, &b| {
            let order = compare(&trains[a], &trains[b], key);
            if reversed {
                order.reverse()
            } else {
                order
            }
        });
        let chars = |s: &str| s.chars().count().min(40);
        self.widest = self
            .rows
            .iter()
            .map(|&i| &trains[i])
            .fold(Widest::default(), |w, t| Widest {
                code: w.code.max(chars(&t.train_code)),
                to: w.to.max(chars(destination(t))),
                next: w.next.max(t.next_station.as_deref().map_or(0, chars)),
            });
        let found = self
            .selected_id
            .as_ref()
            .and_then(|id| self.rows.iter().position(|&i| &trains[i].id == id));
        match found {
            Some(pos) => self.cursor = pos,
            None => {
                // The selected train left (or there was none): stay at the same place.
                self.cursor = self.cursor.min(self.rows.len().saturating_sub(1));
                self.selected_id = self.rows.get(self.cursor).map(|&i| trains[i].id.clone());
            }
        }
    }

    /// Moves the selection by `delta` rows, clamped to the list.
    pub(crate) fn move_by(&mut self, delta: isize, trains: &[Train]) {
        if self.rows.is_empty() {
            return;
        }
        let last = self.rows.len() - 1;
        self.cursor = self.cursor.saturating_add_signed(delta).min(last);
        self.selected_id = Some(trains[self.rows[self.cursor]].id.clone());
    }

    pub(crate) fn select_row(&mut self, row: usize, trains: &[Train]) {
        if let Some(&i) = self.rows.get(row) {
            self.cursor = row;
            self.selected_id = Some(trains[i].id.clone());
        }
    }

    /// Scrolls so that the cursor is within `height` visible rows.
    pub(crate) fn keep_visible(&mut self, height: usize) {
        let height = height.max(1);
        if self.cursor < self.offset {
            self.offset = self.cursor;
        } else if self.cursor >= self.offset + height {
            self.offset = self.cursor + 1 - height;
        }
        self.offset = self.offset.min(self.rows.len().saturating_sub(height));
    }

    pub fn selected<'t>(&self, trains: &'t [Train]) -> Option<&'t Train> {
        self.rows.get(self.cursor).map(|&i| &trains[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The title says which way the list runs: a reversed alphabet is never "↑".
    #[test]
    fn the_order_is_said_as_it_runs() {
        assert_eq!(SortKey::Delay.order(false), "↓", "largest delay first");
        assert_eq!(SortKey::Delay.order(true), "↑");
        assert_eq!(SortKey::Code.order(false), "A–Z");
        assert_eq!(SortKey::Code.order(true), "Z–A");
    }

    fn train(id: &str, code: &str, to: &str, delay: Option<i64>, status: &str) -> Train {
        Train {
            id: id.into(),
            train_code: code.into(),
            name: format!("{code} → {to}"),
            to: Some(to.into()),
            delay,
            status: status.into(),
            ..Train::default()
        }
    }

    fn codes(list: &TrainList, trains: &[Train]) -> Vec<String> {
        list.rows
            .iter()
            .map(|&i| trains[i].train_code.clone())
            .collect()
    }

    #[test]
    fn natural_order_of_codes() {
        assert_eq!(natural("IC 9", "IC 10"), Ordering::Less);
        assert_eq!(natural("IC 10", "IC 10"), Ordering::Equal);
        assert_eq!(natural("A 2", "B 1"), Ordering::Less);
    }

    #[test]
    fn sorts_by_delay_code_and_destination() {
        let trains = vec![
            train("1", "IC 10", "Turku", Some(3), "running"),
            train("2", "IC 9", "Oulu", None, "running"),
            train("3", "R 1", "Aalto", Some(12), "running"),
        ];
        let mut l = TrainList::default();
        l.rebuild(&trains);
        assert_eq!(
            codes(&l, &trains),
            ["R 1", "IC 10", "IC 9"],
            "largest delay first, no data last"
        );
        l.sort = SortKey::Code;
        l.rebuild(&trains);
        assert_eq!(codes(&l, &trains), ["IC 9", "IC 10", "R 1"]);
        l.sort = SortKey::Destination;
        l.rebuild(&trains);
        assert_eq!(codes(&l, &trains), ["R 1", "IC 9", "IC 10"]);
        l.reversed = true;
        l.rebuild(&trains);
        assert_eq!(
            codes(&l, &trains),
            ["IC 10", "IC 9", "R 1"],
            "S turns it round"
        );
    }

    #[test]
    fn filter_and_hidden_cancelled() {
        let trains = vec![
            train("1", "IC 10", "Turku", Some(3), "running"),
            train("2", "IC 9", "Oulu", None, "cancelled"),
            train("3", "R 1", "Riihimäki", Some(0), "running"),
        ];
        let mut l = TrainList {
            filter: "ic".into(),
            ..TrainList::default()
        };
        l.rebuild(&trains);
        assert_eq!(l.rows.len(), 2);
        l.hide_cancelled = true;
        l.rebuild(&trains);
        assert_eq!(codes(&l, &trains), ["IC 10"]);
        l.filter = "RIIHI".into();
        l.hide_cancelled = false;
        l.rebuild(&trains);
        assert_eq!(
            codes(&l, &trains),
            ["R 1"],
            "case-insensitive, destination too"
        );
    }

    #[test]
    fn selection_follows_the_train_not_the_row() {
        let before = vec![
            train("a", "A 1", "X", Some(1), "running"),
            train("b", "B 1", "X", Some(5), "running"),
            train("c", "C 1", "X", Some(9), "running"),
        ];
        let mut l = TrainList::default();
        l.rebuild(&before);
        l.move_by(1, &before);
        assert_eq!(l.selected(&before).unwrap().id, "b");
        // B's delay drops: it moves to the bottom, and the selection goes with it.
        let after = vec![
            train("c", "C 1", "X", Some(9), "running"),
            train("a", "A 1", "X", Some(1), "running"),
            train("b", "B 1", "X", Some(0), "running"),
            train("d", "D 1", "X", Some(20), "running"),
        ];
        l.rebuild(&after);
        assert_eq!(l.selected(&after).unwrap().id, "b");
        assert_eq!(l.cursor, 3);
    }

    #[test]
    fn a_vanished_train_leaves_the_cursor_in_place() {
        let before = vec![
            train("a", "A 1", "X", Some(3), "running"),
            train("b", "B 1", "X", Some(2), "running"),
            train("c", "C 1", "X", Some(1), "running"),
        ];
        let mut l = TrainList::default();
        l.rebuild(&before);
        l.move_by(1, &before);
        let after = vec![before[0].clone(), before[2].clone()];
        l.rebuild(&after);
        assert_eq!(l.selected(&after).unwrap().id, "c");
    }

    #[test]
    fn scrolling_keeps_the_cursor_visible() {
        let trains: Vec<Train> = (0..100)
            .map(|i| {
                train(
                    &i.to_string(),
                    &format!("T {i}"),
                    "X",
                    Some(100 - i),
                    "running",
                )
            })
            .collect();
        let mut l = TrainList::default();
        l.rebuild(&trains);
        l.move_by(50, &trains);
        l.keep_visible(10);
        assert_eq!(l.offset, 41);
        l.move_by(-1000, &trains);
        l.keep_visible(10);
        assert_eq!((l.cursor, l.offset), (0, 0));
        l.move_by(1000, &trains);
        l.keep_visible(10);
        assert_eq!((l.cursor, l.offset), (99, 90));
    }
}
