//! The map's coasts and borders: Natural Earth's countries (1:10m, public domain), cut to the
//! API's countries and their neighbours, simplified and embedded (`assets/map/outlines.bin`,
//! made by `assets/map/build_outlines.py`, whose docstring gives the format).
//!
//! Each border is one arc, shared by the two countries it separates, so it is drawn once; an
//! arc knows which of the API's countries it belongs to, so the selected country's outline can
//! be drawn brighter than its neighbours'. Decoded once, on first use (about 1 ms).

use std::sync::OnceLock;

const ASSET: &[u8] = include_bytes!("../../../assets/map/outlines.bin");
const MAGIC: &[u8] = b"RTOL1\n";
/// Coordinates are stored in ten-thousandths of a degree.
const SCALE: f64 = 1e4;

/// One arc: a coast or a border, as (lat, lng) points.
#[derive(Debug, Clone)]
pub struct Arc {
    /// Indexes into [`Outlines::codes`] plus one (0: none of the API's countries).
    pub countries: [u8; 2],
    /// The arc's box: `(min_lat, min_lng, max_lat, max_lng)`, to skip arcs out of view.
    pub bounds: (f32, f32, f32, f32),
    pub points: Vec<(f32, f32)>,
}

#[derive(Debug, Default)]
pub struct Outlines {
    /// The API's countries' ISO codes the arcs refer to.
    pub codes: Vec<String>,
    pub arcs: Vec<Arc>,
}

impl Outlines {
    /// Whether `arc` is part of the outline of the country with ISO code `iso`.
    pub fn belongs(&self, arc: &Arc, iso: &str) -> bool {
        arc.countries.iter().any(|&i| {
            i > 0
                && self
                    .codes
                    .get(usize::from(i) - 1)
                    .is_some_and(|c| c.eq_ignore_ascii_case(iso))
        })
    }

    pub fn points(&self) -> usize {
        self.arcs.iter().map(|a| a.points.len()).sum()
    }
}

/// Why the embedded outlines do not read: a build mistake, caught by the tests.
#[derive(Debug, thiserror::Error)]
#[error("assets/map/outlines.bin: {0}")]
pub struct OutlineError(&'static str);

/// The embedded outlines, decoded on first use; none (logged) if the asset is broken.
pub fn outlines() -> &'static Outlines {
    static OUTLINES: OnceLock<Outlines> = OnceLock::new();
    OUTLINES.get_or_init(|| {
        decode(ASSET).unwrap_or_else(|e| {
            tracing::error!("{e}");
            Outlines::default()
        })
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], OutlineError> {
        let (head, rest) = self
            .bytes
            .split_first_chunk::<N>()
            .ok_or(OutlineError("cut short"))?;
        self.bytes = rest;
        Ok(*head)
    }
    fn u8(&mut self) -> Result<u8, OutlineError> {
        Ok(self.take::<1>()?[0])
    }
    fn u32(&mut self) -> Result<u32, OutlineError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn i32(&mut self) -> Result<i32, OutlineError> {
        Ok(i32::from_le_bytes(self.take()?))
    }
    fn i16(&mut self) -> Result<i16, OutlineError> {
        Ok(i16::from_le_bytes(self.take()?))
    }
}

/// Reads the format `build_outlines.py` writes.
pub fn decode(bytes: &[u8]) -> Result<Outlines, OutlineError> {
    let rest = bytes
        .strip_prefix(MAGIC)
        .ok_or(OutlineError("not an outline file"))?;
    let mut r = Reader { bytes: rest };
    let n = usize::from(r.u8()?);
    let mut codes = Vec::with_capacity(n);
    for _ in 0..n {
        let code = r.take::<2>()?;
        codes.push(String::from_utf8_lossy(&code).into_owned());
    }
    let arcs_n = r.u32()? as usize;
    let mut arcs = Vec::with_capacity(arcs_n.min(1 << 16));
    for _ in 0..arcs_n {
        let countries = [r.u8()?, r.u8()?];
        let count = r.u32()? as usize;
        if count == 0 || count > 1 << 20 {
            return Err(OutlineError("an arc without points, or too many"));
        }
        let (mut lat, mut lng) = (r.i32()?, r.i32()?);
        let mut points = Vec::with_capacity(count);
        let to_deg = |v: i32| (f64::from(v) / SCALE) as f32;
        points.push((to_deg(lat), to_deg(lng)));
        for _ in 1..count {
            let (dlat, dlng) = (r.i16()?, r.i16()?);
            if (dlat, dlng) == (i16::MAX, i16::MAX) {
                (lat, lng) = (r.i32()?, r.i32()?);
            } else {
                lat = lat.saturating_add(i32::from(dlat));
                lng = lng.saturating_add(i32::from(dlng));
            }
            points.push((to_deg(lat), to_deg(lng)));
        }
        let bounds = points.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(a, b, c, d), &(lat, lng)| (a.min(lat), b.min(lng), c.max(lat), d.max(lng)),
        );
        arcs.push(Arc {
            countries,
            bounds,
            points,
        });
    }
    Ok(Outlines { codes, arcs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_outlines_read_and_cover_every_country_of_the_api() {
        let o = decode(ASSET).unwrap();
        assert!(
            o.arcs.len() > 1000 && o.points() > 50_000,
            "{} {}",
            o.arcs.len(),
            o.points()
        );
        for c in crate::country::COUNTRIES {
            let mine: Vec<&Arc> = o.arcs.iter().filter(|a| o.belongs(a, c.iso)).collect();
            assert!(!mine.is_empty(), "{}", c.name);
            // The country's outline lies about its box.
            let b = c.bbox;
            let inside = mine
                .iter()
                .flat_map(|a| &a.points)
                .filter(|(lat, lng)| b.contains(f64::from(*lat), f64::from(*lng)))
                .count();
            assert!(inside > 10, "{}: {inside}", c.name);
        }
        // Helsinki is on Finland's coast, to within a few km.
        let near_helsinki = o
            .arcs
            .iter()
            .filter(|a| o.belongs(a, "FI"))
            .flat_map(|a| &a.points)
            .any(|(lat, lng)| (lat - 60.16).abs() < 0.05 && (lng - 24.95).abs() < 0.1);
        assert!(near_helsinki);
    }

    #[test]
    fn a_broken_file_is_an_error_not_a_panic() {
        assert!(decode(b"").is_err());
        assert!(decode(b"RTOL1\n").is_err());
        let mut cut = ASSET.to_vec();
        cut.truncate(ASSET.len() / 2);
        assert!(decode(&cut).is_err());
        let mut zero = b"RTOL1\n\x00".to_vec();
        zero.extend(1u32.to_le_bytes());
        zero.extend([0, 0]);
        zero.extend(0u32.to_le_bytes());
        assert!(decode(&zero).is_err());
    }
}
