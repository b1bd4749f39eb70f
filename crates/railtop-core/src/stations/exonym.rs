//! The names a city goes by in other languages, so that `cologne`, `vienna`, `bruxelles` or
//! `florence` find the station a feed calls Köln, Wien, Brussels or Firenze. Each group is one
//! city's names, folded as [`super::fold::plain`] folds them; a station's name that has one of
//! them as a word is also found by the others. A table rather than a gazetteer: railtop names
//! stations in the countries it serves, and the cities people write in another language are few.

/// One city's names a group, folded; single words only (a station name is matched word by word).
const GROUPS: &[&[&str]] = &[
    &["brussels", "bruxelles", "brussel", "bruessel"],
    &["antwerpen", "antwerp", "anvers"],
    &["gent", "ghent", "gand"],
    &["brugge", "bruges"],
    &["leuven", "louvain"],
    &["liege", "luik", "luttich"],
    &["mechelen", "malines"],
    &["namur", "namen"],
    &["koln", "cologne", "koeln"],
    &["munchen", "munich", "muenchen"],
    &["nurnberg", "nuremberg", "nuernberg"],
    &["hannover", "hanover"],
    &["braunschweig", "brunswick"],
    &["wien", "vienna"],
    &["salzburg", "salisburgo"],
    &["firenze", "florence", "florenz"],
    &["milano", "milan", "mailand"],
    &["roma", "rome", "rom"],
    &["venezia", "venice", "venedig", "venise"],
    &["napoli", "naples", "neapel"],
    &["torino", "turin"],
    &["genova", "genoa", "genua"],
    &["geneve", "geneva", "genf", "ginevra"],
    &["basel", "basle", "bale", "basilea"],
    &["bern", "berne", "berna"],
    &["luzern", "lucerne"],
    &["zurich", "zurigo"],
    &["helsinki", "helsingfors"],
    &["turku", "abo"],
    &["tampere", "tammerfors"],
    &["goteborg", "gothenburg"],
    &["kobenhavn", "copenhagen"],
    &["praha", "prague", "prag"],
    &["warszawa", "warsaw"],
    &["lisboa", "lisbon"],
    &["sevilla", "seville"],
    &["zaragoza", "saragossa"],
    &["haag", "hague"],
    &["sofiya", "sofia"],
];

/// The other names of a folded word's city, if it has any. Every word of every station's name
/// is asked when a directory is built (tens of thousands with the feeds' lists): one hash
/// look-up each, not a walk over the table.
fn others(word: &str) -> impl Iterator<Item = &'static str> + '_ {
    static BY_WORD: std::sync::OnceLock<std::collections::HashMap<&'static str, usize>> =
        std::sync::OnceLock::new();
    let by_word = BY_WORD.get_or_init(|| {
        GROUPS
            .iter()
            .enumerate()
            .flat_map(|(i, g)| g.iter().map(move |w| (*w, i)))
            .collect()
    });
    by_word
        .get(word)
        .map_or(&[][..], |&i| GROUPS[i])
        .iter()
        .copied()
        .filter(move |w| *w != word)
}

/// `key` (a folded name) with each of its city words replaced by the city's other names, one
/// name at a time: "koln hbf" gives "cologne hbf" and "koeln hbf". Empty for most names.
pub(crate) fn variants(key: &str) -> Vec<String> {
    let words: Vec<&str> = key.split(' ').collect();
    let mut out = Vec::new();
    for (i, word) in words.iter().enumerate() {
        for other in others(word) {
            let mut replaced = words.clone();
            replaced[i] = other;
            out.push(replaced.join(" "));
        }
    }
    // "den haag" → "the hague": the article too.
    if key.contains("den haag") {
        out.push(key.replace("den haag", "the hague"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::variants;

    #[test]
    fn a_city_word_gets_its_other_names() {
        assert!(variants("koln hbf").contains(&"cologne hbf".to_string()));
        assert!(variants("wien meidling").contains(&"vienna meidling".to_string()));
        assert!(variants("den haag centraal").contains(&"the hague centraal".to_string()));
        assert!(variants("den helder").is_empty(), "an article is no city");
        assert!(variants("pasila").is_empty());
    }
}
