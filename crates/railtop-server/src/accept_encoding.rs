//! Whether a client takes gzip, read from its `Accept-Encoding` fields by RFC 9110 §12.5.3:
//! a list of codings, each with an optional weight `;q=` (the `q` in any case, spaces around
//! the `;` allowed) from 0 to 1 with at most three decimals. The weight of `gzip` (or its alias
//! `x-gzip`, §8.4.1.3) decides where it is named; else that of `*`; else no. A weight that is not
//! a qvalue makes its item say nothing, as does a field that is not visible ASCII. The test
//! table holds real browsers' and tools' headers beside the corner cases.

/// The weight of one list item, in thousandths: `None` for an item that is not well formed.
fn weight(params: &mut dyn Iterator<Item = &str>) -> Option<u16> {
    let mut weight = 1000;
    for p in params {
        let (name, value) = p.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case("q") {
            // Accept-Encoding's items carry no other parameter: one that is there is ignored.
            continue;
        }
        weight = qvalue(value.trim())?;
    }
    Some(weight)
}

/// `0`, `0.5`, `1.000`… in thousandths; `None` for anything else (`2`, `0.5000`, `-0`, `abc`).
fn qvalue(v: &str) -> Option<u16> {
    let (int, frac) = v.split_once('.').unwrap_or((v, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths: u16 = format!("{frac:0<3}").parse().ok()?;
    match int {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

/// The `Accept-Encoding` fields' values as they came: whether gzip may be sent.
pub(crate) fn gzip_in<'a>(values: impl Iterator<Item = &'a [u8]>) -> bool {
    let (mut gzip, mut any) = (None, None);
    let fields = values
        .filter(|v| v.iter().all(|&b| b == b'\t' || (0x20..0x7f).contains(&b)))
        .filter_map(|v| std::str::from_utf8(v).ok());
    for item in fields.flat_map(|v| v.split(',')) {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or("").trim();
        let Some(w) = weight(&mut parts) else {
            continue;
        };
        if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            // Named twice: the higher weight (no client does it; neither reading is wrong).
            gzip = Some(gzip.map_or(w, |g: u16| g.max(w)));
        } else if coding == "*" {
            any = Some(w);
        }
    }
    gzip.or(any).is_some_and(|w| w > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn takes(header: &str) -> bool {
        gzip_in(std::iter::once(header.as_bytes()))
    }

    #[test]
    fn real_clients_headers() {
        for (who, header, gzip) in [
            ("Chrome, Edge", "gzip, deflate, br, zstd", true),
            ("Firefox", "gzip, deflate, br, zstd", true),
            ("Safari", "gzip, deflate, br", true),
            ("curl --compressed", "deflate, gzip, br, zstd", true),
            ("curl", "", false),
            ("wget", "identity", false),
            ("Python requests", "gzip, deflate", true),
            ("Go net/http", "gzip", true),
            ("nginx proxy, old IE", "gzip,deflate", true),
            ("a Java client", "gzip;q=1.0, identity; q=0.5, *;q=0", true),
        ] {
            assert_eq!(takes(header), gzip, "{who}: {header:?}");
        }
    }

    #[test]
    fn rfc_9110s_grammar() {
        for (header, gzip) in [
            ("gzip;q=0", false),
            ("gzip;Q=0", false),
            ("gzip ; q = 0", false),
            ("gzip;q=0.000", false),
            ("gzip;q=0.001", true),
            ("GZIP", true),
            ("x-gzip", true),
            ("*", true),
            ("*;q=0", false),
            ("gzip;q=0, *", false),
            ("br, *;q=0.1", true),
            ("gzip;q=2", false),
            ("gzip;q=0.0001", false),
            ("gzip;q=abc", false),
            ("gzip;q=abc, *", true),
            ("gzip;q=1.000", true),
            ("gzip;q=1.5", false),
            ("gzipped", false),
            ("br, deflate", false),
        ] {
            assert_eq!(takes(header), gzip, "{header:?}");
        }
        assert!(!gzip_in(std::iter::once(&b"gzip\xff"[..])), "not ASCII");
        // Several fields are one list.
        assert!(gzip_in([&b"br"[..], &b"gzip"[..]].into_iter()));
        assert!(!gzip_in(std::iter::empty()));
    }
}
