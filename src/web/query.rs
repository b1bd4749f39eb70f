//! A browser board's address read into the kiosk's own settings: `/board?station=HKI&station=PSL
//! &to=Tampere&walk=HKI%3D3m,PSL%3D12m&lang=fi,en&layout=portrait`. Every value is checked with
//! the same rules the command line uses (core's places, walks and lengths of time, the kiosk's
//! hours), bounded in length and count, and an address that cannot work is answered with what
//! to write instead, never guessed at.

use crate::kiosk::state::{parse_hours, ClockStyle};
use crate::kiosk::KioskSettings;
use railtop_core::duration::{seconds_within, Bare};
use railtop_core::model::{Kind, MAX_MERGED};
use railtop_core::traveller::{Place, Route, Walks};
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_feeds::source::MAX_LIMIT;

/// The longest query read; a TV's address is a few hundred bytes.
pub const MAX_QUERY_BYTES: usize = 2048;
/// The most parameters, stations included.
const MAX_PAIRS: usize = 24;
/// The longest value of any parameter.
const MAX_VALUE_CHARS: usize = 200;
/// The most lines or platforms a board keeps to.
const MAX_LIST: usize = 12;
/// The largest picture `/board.png` draws: a 4K frame on its side.
pub const MAX_SIDE: u32 = 3840;
/// The most pixels it draws (a 2000 × 2000 board; a 4K frame's fits at 2 levels).
pub const MAX_PIXELS: u64 = 8_294_400;
/// Rows a page shows at most (type that fills a TV stays readable up to this).
pub const MAX_ROWS: usize = 40;

/// The parameters `/board` reads, for the answer to a misspelt one.
pub const KEYS: [&str; 18] = [
    "station",
    "to",
    "from",
    "via",
    "walk",
    "arrivals",
    "lines",
    "platforms",
    "within",
    "hours",
    "lang",
    "theme",
    "layout",
    "rows",
    "clock",
    "page",
    "size",
    "colors",
];

/// The page's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Dark,
    Light,
    HighContrast,
}

impl Theme {
    pub fn class(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
            Theme::HighContrast => "high-contrast",
        }
    }
}

/// How the page is laid out, beside what the kiosk's settings say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    pub theme: Theme,
    /// A screen taller than wide (1080×1920): fewer columns, more rows.
    pub portrait: bool,
    /// Rows on a page.
    pub rows: usize,
}

/// The picture `/board.png` draws: its size and its levels of grey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    /// 2 (black and white, for 1-bit e-ink), 4 or 16.
    pub levels: u8,
}

/// What one address asks for: the board (one query; several stations make one merged board),
/// the kiosk's settings, the look, and for the image its picture.
#[derive(Debug, Clone)]
pub struct Asked {
    pub board: TravelQuery,
    pub settings: KioskSettings,
    pub look: Look,
    pub picture: Picture,
}

/// Reads `raw` (the query string, without `?`) over the server's `defaults`.
pub fn read(raw: &str, defaults: &KioskSettings) -> Result<Asked, String> {
    if raw.len() > MAX_QUERY_BYTES {
        return Err(format!(
            "the address is {} bytes long; a board's is at most {MAX_QUERY_BYTES}",
            raw.len()
        ));
    }
    let pairs: Vec<(String, String)> = form_urlencoded::parse(raw.as_bytes())
        .take(MAX_PAIRS + 1)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if pairs.len() > MAX_PAIRS {
        return Err(format!("at most {MAX_PAIRS} parameters"));
    }
    let mut stations = Vec::new();
    let mut one: std::collections::BTreeMap<&str, String> = Default::default();
    for (key, value) in &pairs {
        if value.chars().count() > MAX_VALUE_CHARS {
            return Err(format!("{key} is longer than {MAX_VALUE_CHARS} characters"));
        }
        if value.chars().any(char::is_control) {
            return Err(format!("{key} holds a control character"));
        }
        let Some(known) = KEYS.iter().find(|k| **k == key.as_str()) else {
            return Err(format!(
                "{} is not a parameter of /board; it reads {}",
                railtop_core::text::quoted(key),
                KEYS.join(", ")
            ));
        };
        if *known == "station" {
            stations.push(value.trim().to_string());
        } else if one.insert(known, value.trim().to_string()).is_some() {
            return Err(format!("{known} is given twice"));
        }
    }
    stations.retain(|s| !s.is_empty());
    if stations.is_empty() {
        return Err("no station: give one or more, e.g. /board?station=HKI&station=PSL".into());
    }
    if stations.len() > MAX_MERGED {
        return Err(format!(
            "{} stations: one board holds at most {MAX_MERGED}",
            stations.len()
        ));
    }
    let get = |key: &str| one.get(key).map(String::as_str);
    let yes = |key: &str| -> Result<bool, String> {
        match get(key) {
            None => Ok(false),
            Some("" | "1" | "true" | "yes" | "on") => Ok(true),
            Some("0" | "false" | "no" | "off") => Ok(false),
            Some(other) => Err(format!(
                "{key}={}: give 1 or 0",
                railtop_core::text::quoted(other)
            )),
        }
    };
    let kind = if yes("arrivals")? {
        Kind::Arrivals
    } else {
        Kind::Departures
    };
    let directory = railtop_core::stations::current();
    let place = |key: &str| -> Result<Option<Place>, String> {
        get(key)
            .filter(|t| !t.is_empty())
            .map(|t| Place::checked(t, &directory).map_err(|why| format!("{key}: {why}")))
            .transpose()
    };
    let (end_key, wrong) = match kind {
        Kind::Departures => ("to", "from"),
        Kind::Arrivals => ("from", "to"),
    };
    if get(wrong).is_some() {
        return Err(format!(
            "{wrong} is not for {}: they take {end_key} (and via)",
            kind.name()
        ));
    }
    let route = Route {
        end: place(end_key)?,
        via: place("via")?,
    };
    let walks = match get("walk").filter(|w| !w.is_empty()) {
        Some(w) => Walks::parse(w, &directory).map_err(|why| format!("walk: {why}"))?,
        None => Walks::default(),
    };
    let list = |key: &str| -> Result<Vec<String>, String> {
        let items: Vec<String> = get(key)
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect();
        if items.len() > MAX_LIST || items.iter().any(|t| t.chars().count() > 16) {
            return Err(format!(
                "{key}: at most {MAX_LIST}, each a platform or line such as 3 or IC"
            ));
        }
        Ok(items)
    };
    let within_minutes = get("within")
        .filter(|w| !w.is_empty())
        .map(|w| {
            seconds_within(w, Bare::Refused, 60, 86_400)
                .map(|s| (s / 60) as i64)
                .map_err(|why| format!("within: {why}"))
        })
        .transpose()?;
    let hours = get("hours")
        .filter(|h| !h.is_empty())
        .map(|h| parse_hours(h).map_err(|why| format!("hours: {why}")))
        .transpose()?;
    let langs = match get("lang").filter(|l| !l.is_empty()) {
        Some(l) => l
            .parse()
            .map_err(|e: railtop_i18n::LangError| format!("lang: {e}"))?,
        None => defaults.langs,
    };
    let clock = match get("clock") {
        None | Some("" | "auto") => ClockStyle::Auto,
        Some("24h") => ClockStyle::H24,
        Some("12h") => ClockStyle::H12,
        Some(other) => {
            return Err(format!(
                "clock={}: 24h, 12h or auto",
                railtop_core::text::quoted(other)
            ))
        }
    };
    let page_secs = match get("page").filter(|p| !p.is_empty()) {
        Some(p) => {
            seconds_within(p, Bare::Seconds, 2, 300).map_err(|why| format!("page: {why}"))?
        }
        None => defaults.page_secs,
    };
    let theme = match get("theme") {
        None | Some("" | "dark") => Theme::Dark,
        Some("light") => Theme::Light,
        Some("high-contrast") => Theme::HighContrast,
        Some(other) => {
            return Err(format!(
                "theme={}: dark, light or high-contrast",
                railtop_core::text::quoted(other)
            ))
        }
    };
    let portrait = match get("layout") {
        None | Some("" | "landscape") => false,
        Some("portrait") => true,
        Some(other) => {
            return Err(format!(
                "layout={}: landscape or portrait",
                railtop_core::text::quoted(other)
            ))
        }
    };
    let rows = match get("rows").filter(|r| !r.is_empty()) {
        Some(r) => r
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_ROWS).contains(n))
            .ok_or_else(|| format!("rows: a number from 1 to {MAX_ROWS}"))?,
        None if portrait => 20,
        None => 12,
    };
    let picture = {
        let (width, height) = match get("size").filter(|v| !v.is_empty()) {
            None => (800, 480),
            Some(v) => v
                .split_once(['x', 'X', '×'])
                .and_then(|(w, h)| {
                    Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?))
                })
                .filter(|(w, h)| {
                    (100..=MAX_SIDE).contains(w)
                        && (100..=MAX_SIDE).contains(h)
                        && u64::from(*w) * u64::from(*h) <= MAX_PIXELS
                })
                .ok_or_else(|| {
                    format!(
                        "size: WIDTHxHEIGHT, each 100 to {}, at most {} pixels, such as 800x480",
                        MAX_SIDE, MAX_PIXELS
                    )
                })?,
        };
        let levels = match get("colors") {
            None | Some("" | "2") => 2,
            Some("4") => 4,
            Some("16") => 16,
            Some(other) => {
                return Err(format!(
                    "colors={}: 2 (black and white), 4 or 16",
                    railtop_core::text::quoted(other)
                ))
            }
        };
        Picture {
            width,
            height,
            levels,
        }
    };
    let settings = KioskSettings {
        walks,
        hours,
        within_minutes,
        platforms: list("platforms")?,
        lines: list("lines")?,
        clock,
        page_secs,
        langs,
        // One board: nothing rotates; the browser's page is no screen reader's.
        rotate_secs: u64::MAX,
        screen_reader: false,
        limit: None,
        ..defaults.clone()
    };
    let board = TravelQuery {
        stations,
        kind,
        route,
        // The kiosk hides what cannot be reached on foot by its own clock, every page.
        walks: Walks::default(),
        limit: MAX_LIMIT,
    };
    Ok(Asked {
        board,
        settings,
        look: Look {
            theme,
            portrait,
            rows,
        },
        picture,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(q: &str) -> Result<Asked, String> {
        read(q, &KioskSettings::default())
    }

    #[test]
    fn a_merged_board_to_a_place_with_walks_and_two_languages() {
        let a = asked(
            "station=HKI&station=PSL&to=Tampere&walk=HKI%3D3m,PSL%3D12m&lang=fi,en&layout=portrait",
        )
        .unwrap();
        assert_eq!(a.board.stations, ["HKI", "PSL"]);
        assert!(a.board.route.end.is_some());
        assert_eq!(a.settings.walks.to("Pasila"), 12);
        assert_eq!(a.settings.langs.to_string(), "fi,en");
        assert!(a.look.portrait);
        assert_eq!(a.look.rows, 20);
    }

    #[test]
    fn every_mistake_is_answered_in_words() {
        let wrong = |q: &str| asked(q).err().unwrap_or_default();
        assert!(wrong("").contains("no station"));
        assert!(wrong("station=HKI&colour=red").contains("\"colour\" is not a parameter of /board"));
        assert!(wrong("station=HKI&rows=0").contains("rows: a number from 1 to 40"));
        assert!(wrong("station=HKI&rows=99999999999999999999").contains("rows"));
        assert!(wrong("station=HKI&theme=%3Cscript%3E").contains("theme=\"<script>\""));
        assert!(wrong("station=HKI&lang=xx").contains("lang:"));
        assert!(wrong("station=HKI&hours=25:00-26:00").contains("hours:"));
        assert!(wrong("station=HKI&to=A&to=B").contains("to is given twice"));
        assert!(wrong("station=HKI&arrivals=1&to=Tampere").contains("to is not for arrivals"));
        assert!(wrong(&"station=A&".repeat(30)).contains("at most"));
        assert!(wrong(&format!("station={}", "x".repeat(3000))).contains("bytes long"));
        assert!(wrong("station=HKI&lines=%1B%5B31m").contains("control character"));
        assert!(
            wrong("station=1&station=2&station=3&station=4&station=5&station=6")
                .contains("at most")
        );
    }
}
