//! Station names folded the way people type them: lower case, accents off, punctuation as
//! spaces, Cyrillic transliterated. A name has two spellings where typists differ: the plain
//! one (`zurich`, `koln`, `goteborg`, `malmo`) and the German/Nordic one (`zuerich`, `koeln`,
//! `goeteborg`, `aalborg` for `ålborg`); a query is folded the plain way and matched against both.
//!
//! A table, not Unicode decomposition: it covers the letters of the countries railtop serves
//! (Latin-1, Latin Extended-A, Bulgarian Cyrillic) and needs no crate; a letter it does not know
//! is kept as it is, so a Japanese name still matches itself.

/// The plain fold of `s`: what a query is folded to.
pub fn plain(s: &str) -> String {
    fold(s, false)
}

/// The letters of a folded text as a set of 64 bits (`a`–`z`, `0`–`9`, anything else by its
/// last bits; spaces left out). A text can contain another, or its words' starts, only if it
/// has every letter of it: one AND decides for most stations that a query cannot match them,
/// before any string is compared.
pub fn letters(folded: &str) -> u64 {
    folded.bytes().fold(0, |set, b| {
        let bit = match b {
            b' ' => return set,
            b'a'..=b'z' => b - b'a',
            b'0'..=b'9' => 26 + (b - b'0'),
            other => 36 + other % 28,
        };
        set | 1 << bit
    })
}

/// The German/Nordic fold (`ü` = `ue`, `å` = `aa`, `ø` = `oe`): a name's second spelling.
pub(crate) fn alternative(s: &str) -> String {
    fold(s, true)
}

fn fold(s: &str, alternative: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = true;
    for c in s.chars().flat_map(char::to_lowercase) {
        let mapped = letter(c, alternative);
        let piece: &str = match mapped {
            Some(p) => p,
            None if c.is_alphanumeric() => {
                out.push(c);
                space = false;
                continue;
            }
            None => " ",
        };
        for p in piece.chars() {
            if p == ' ' {
                if !space {
                    out.push(' ');
                    space = true;
                }
            } else {
                out.push(p);
                space = false;
            }
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// One lower-case letter as typed without its accent; `None` for letters kept as they are
/// (and for everything that is not a letter, which becomes a space).
fn letter(c: char, alternative: bool) -> Option<&'static str> {
    if c.is_ascii_alphanumeric() {
        return None;
    }
    let german_nordic = match c {
        'ä' => Some(("a", "ae")),
        'ö' => Some(("o", "oe")),
        'ü' => Some(("u", "ue")),
        'å' => Some(("a", "aa")),
        'ø' => Some(("o", "oe")),
        _ => None,
    };
    if let Some((plain, alt)) = german_nordic {
        return Some(if alternative { alt } else { plain });
    }
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' | 'ĝ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        // Bulgarian, as its Streamlined System writes it (София = sofiya).
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'д' => "d",
        'е' => "e",
        'ж' => "zh",
        'з' => "z",
        'и' => "i",
        'й' => "y",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "h",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "sht",
        'ъ' => "a",
        'ь' => "y",
        'ю' => "yu",
        'я' => "ya",
        c if c.is_alphanumeric() => return None,
        _ => " ",
    })
}

/// Whether `a` becomes `b` by at most one edit: a letter added, dropped, changed, or two
/// neighbours swapped.
pub(crate) fn within_one_edit(a: &str, b: &str) -> bool {
    // Folded names are nearly always ASCII: compared as bytes, nothing is allocated (this runs
    // for most stations of the directory at every keystroke of five letters or more).
    if a.is_ascii() && b.is_ascii() {
        return one_edit(a.as_bytes(), b.as_bytes());
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    one_edit(&a, &b)
}

fn one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    // One edit leaves one of the first two places alike, or swaps them: most names fail here.
    if let ([a0, a1, ..], [b0, b1, ..]) = (a, b) {
        if a0 != b0 && a1 != b1 && a0 != b1 && a1 != b0 {
            return false;
        }
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => {
            let mut differ = (0..short.len()).filter(|&i| short[i] != long[i]);
            match (differ.next(), differ.next(), differ.next()) {
                (None, _, _) | (Some(_), None, _) => true,
                (Some(i), Some(j), None) => {
                    j == i + 1 && short[i] == long[j] && short[j] == long[i]
                }
                _ => false,
            }
        }
        1 => {
            let first = (0..short.len())
                .find(|&i| short[i] != long[i])
                .unwrap_or(short.len());
            short[first..] == long[first + 1..]
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spellings_people_type() {
        for (name, typed) in [
            ("Zürich HB", "zurich hb"),
            ("Köln Hbf", "koln hbf"),
            ("München Hbf", "munchen hbf"),
            ("Göteborg C", "goteborg c"),
            ("Jyväskylä", "jyvaskyla"),
            ("Malmö C", "malmo c"),
            ("Södertälje syd", "sodertalje syd"),
            ("Straße", "strasse"),
            ("Ålesund", "alesund"),
            ("Bodø", "bodo"),
            ("Łódź Fabryczna", "lodz fabryczna"),
            ("Frankfurt (Main) Hbf", "frankfurt main hbf"),
            ("Madrid-Chamartín", "madrid chamartin"),
            ("Roma Termini ", "roma termini"),
            ("София", "sofiya"),
            ("Пловдив", "plovdiv"),
            ("Hôtel-de-Ville / Œuvre", "hotel de ville oeuvre"),
        ] {
            assert_eq!(plain(name), typed, "{name}");
        }
        for (name, typed) in [
            ("Zürich HB", "zuerich hb"),
            ("Köln Hbf", "koeln hbf"),
            ("München", "muenchen"),
            ("Göteborg", "goeteborg"),
            ("Ålborg", "aalborg"),
            ("Bodø", "bodoe"),
        ] {
            assert_eq!(alternative(name), typed, "{name}");
        }
        assert_eq!(plain("東京"), "東京", "unknown letters are kept");
        assert_eq!(plain("  --  "), "");
    }

    #[test]
    fn one_edit() {
        assert!(within_one_edit("helsinki", "helsinky"), "changed");
        assert!(within_one_edit("helsinki", "helsnki"), "dropped");
        assert!(within_one_edit("helsinki", "helsinkii"), "added");
        assert!(within_one_edit("helsinki", "hlesinki"), "swapped");
        assert!(within_one_edit("tampere", "tampere"));
        assert!(!within_one_edit("helsinki", "hlesniki"));
        assert!(!within_one_edit("oulu", "turku"));
        assert!(!within_one_edit("abc", "abcde"));
    }

    #[test]
    fn a_text_has_the_letters_of_what_it_contains() {
        let zurich = letters("zurich hb");
        assert_eq!(letters("zuri") & !zurich, 0);
        assert_eq!(letters("hb z") & !zurich, 0);
        assert_ne!(letters("zurk") & !zurich, 0, "k is not in it");
        assert_eq!(
            letters("софия") & !letters("софия"),
            0,
            "bytes beyond ASCII count too"
        );
        assert_eq!(letters(""), 0);
    }
}
