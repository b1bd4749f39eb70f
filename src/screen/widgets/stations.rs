//! The station column of a board of several stations: each station by the part of its name that
//! tells it from the others (`HB` and `Oerlikon` for Zürich HB and Zürich Oerlikon; a name that
//! shares no first word stays whole), and the least width at which those labels, cut with `…`,
//! are still all different. Pure; the kiosk and the dashboard's board pane draw with it.

use unicode_width::UnicodeWidthStr;

/// The labels of a merged board's stations, by their names as the rows give them
/// (`departsFrom`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct StationLabels {
    /// Each station's name and its label.
    labels: Vec<(String, String)>,
}

/// How many whole words `a` and `b` begin with alike.
fn shared_words(a: &str, b: &str) -> usize {
    a.split_whitespace()
        .zip(b.split_whitespace())
        .take_while(|(x, y)| x == y)
        .count()
}

impl StationLabels {
    /// The labels of stations named `names`: a name loses the first words it shares with another
    /// of them, when a word is left (Helsinki and Helsinki Airport: `Helsinki`, `Airport`).
    pub fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> StationLabels {
        let names: Vec<&str> = names.into_iter().collect();
        let labels = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let words: Vec<&str> = name.split_whitespace().collect();
                let shared = names
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, other)| shared_words(name, other))
                    .max()
                    .unwrap_or(0);
                let label = if shared > 0 && shared < words.len() {
                    words[shared..].join(" ")
                } else {
                    name.to_string()
                };
                (name.to_string(), label)
            })
            .collect();
        StationLabels { labels }
    }

    /// The label of a row's station (a name not on the board as it is).
    pub fn of<'a>(&'a self, name: &'a str) -> &'a str {
        self.labels
            .iter()
            .find(|(n, _)| n == name)
            .map_or(name, |(_, label)| label.as_str())
    }

    /// The widest label, in columns.
    pub fn widest(&self) -> u16 {
        let w = self
            .labels
            .iter()
            .map(|(_, l)| l.width())
            .max()
            .unwrap_or(0);
        u16::try_from(w).unwrap_or(u16::MAX)
    }

    /// The least width, from `least` up, at which the labels cut to it are all different (the
    /// widest label's when none is).
    pub fn distinct_from(&self, least: u16) -> u16 {
        let widest = self.widest();
        (least..widest)
            .find(|&w| {
                let cut: Vec<String> = self
                    .labels
                    .iter()
                    .map(|(_, l)| railtop_core::text::fit(l, usize::from(w)))
                    .collect();
                cut.iter()
                    .enumerate()
                    .all(|(i, a)| cut[i + 1..].iter().all(|b| a != b))
            })
            .unwrap_or(widest.max(least))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stations_are_named_by_what_tells_them_apart() {
        let zurich = StationLabels::new(["Zürich HB", "Zürich Oerlikon"]);
        assert_eq!(zurich.of("Zürich HB"), "HB");
        assert_eq!(zurich.of("Zürich Oerlikon"), "Oerlikon");
        assert_eq!(zurich.widest(), 8);
        let three = StationLabels::new(["Zürich HB", "Zürich Oerlikon", "Winterthur"]);
        assert_eq!(three.of("Winterthur"), "Winterthur");
        let helsinki = StationLabels::new(["Helsinki", "Helsinki Airport", "Pasila"]);
        assert_eq!(
            [
                helsinki.of("Helsinki"),
                helsinki.of("Helsinki Airport"),
                helsinki.of("Pasila")
            ],
            ["Helsinki", "Airport", "Pasila"]
        );
        assert_eq!(helsinki.of("Tampere"), "Tampere", "not on the board");
    }

    #[test]
    fn the_least_width_keeps_the_labels_apart() {
        // `Genè…` twice at 5; at 6, `Genève` and `Genèv…`.
        let geneva = StationLabels::new(["Genève", "Genève-Aéroport"]);
        assert_eq!(geneva.distinct_from(5), 6);
        let apart = StationLabels::new(["Helsinki", "Pasila"]);
        assert_eq!(apart.distinct_from(5), 5);
        let short = StationLabels::new(["Zürich HB", "Zürich Oerlikon"]);
        assert_eq!(short.distinct_from(5), 5);
        let same = StationLabels::new(["Basel", "Basel"]);
        assert_eq!(same.distinct_from(3), 5);
    }
}
