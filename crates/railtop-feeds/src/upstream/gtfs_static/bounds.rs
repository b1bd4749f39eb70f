//! What one record of a bundle may cost. A 510 KB zip once held a 500 MB `stop_name` (it
//! deflates a thousandfold): read whole, it cost 1.55 GB and wrote a 524 MB snapshot that every
//! later start loaded. So a record (a CSV row, quoted newlines included) is at most
//! [`MAX_RECORD_BYTES`], refused as it streams past before the CSV reader holds it, and the
//! fields railtop keeps are capped: ids at [`MAX_ID_BYTES`], names at [`MAX_NAME_BYTES`]. Each
//! refusal names the file, the line and the field.

use std::io::Read;

/// The longest record (row) of any file: real rows are under 1 KiB.
pub const MAX_RECORD_BYTES: u64 = 64 << 10;
/// The longest id railtop keeps (`trip_id`, `stop_id`, …): real ones are under 64.
pub const MAX_ID_BYTES: usize = 128;
/// The longest name or code railtop keeps (`stop_name`, `trip_headsign`, …).
pub const MAX_NAME_BYTES: usize = 256;

/// The cap on `column`'s values, where railtop keeps them; `None` for columns only the
/// record's bound covers (descriptions, URLs: read past, never kept).
pub fn field_cap(column: &str) -> Option<usize> {
    if column.ends_with("_id") || column == "parent_station" {
        Some(MAX_ID_BYTES)
    } else if column.ends_with("_name")
        || column.ends_with("_headsign")
        || column.ends_with("_code")
    {
        Some(MAX_NAME_BYTES)
    } else {
        None
    }
}

/// A reader that fails once a record runs past [`MAX_RECORD_BYTES`]: it follows the CSV
/// quoting (RFC 4180: a newline inside quotes does not end a record; `""` is a quote inside
/// quotes, and toggling twice leaves the state as it was) and counts the lines.
pub struct RecordBound<R> {
    inner: R,
    quoted: bool,
    record: u64,
    line: u64,
}

impl<R> RecordBound<R> {
    pub fn new(inner: R) -> RecordBound<R> {
        RecordBound {
            inner,
            quoted: false,
            record: 0,
            line: 1,
        }
    }

    pub fn get_ref(&self) -> &R {
        &self.inner
    }
}

impl<R: Read> Read for RecordBound<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in &buf[..n] {
            match b {
                b'"' => self.quoted = !self.quoted,
                b'\n' => {
                    self.line += 1;
                    if !self.quoted {
                        self.record = 0;
                        continue;
                    }
                }
                _ => {}
            }
            self.record += 1;
            if self.record > MAX_RECORD_BYTES {
                return Err(std::io::Error::other(format!(
                    "line {}: a record longer than {} KiB",
                    self.line,
                    MAX_RECORD_BYTES >> 10
                )));
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
        let mut out = Vec::new();
        RecordBound::new(bytes).read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn a_long_record_is_refused_with_its_line_quoted_newlines_and_all() {
        let ok = b"stop_id,stop_name\nA,\"two\nlines\"\nB,\"say \"\"hi\"\"\"\n".to_vec();
        assert_eq!(read_all(&ok).unwrap(), ok);
        let mut long = b"stop_id,stop_name\nA,Helsinki\nB,".to_vec();
        long.extend(std::iter::repeat_n(b'x', 70_000));
        let e = read_all(&long).unwrap_err().to_string();
        assert_eq!(e, "line 3: a record longer than 64 KiB");
        // Short lines inside one quoted field are still one record.
        let mut quoted = b"stop_id,stop_name\nA,\"".to_vec();
        for _ in 0..2_000 {
            quoted.extend_from_slice(b"0123456789012345678901234567890123456789\n");
        }
        assert!(read_all(&quoted).is_err());
    }

    /// A bundle whose one `stop_name` is too long is refused, naming the file, line and field
    /// (#55 item 8): a megabyte (past the record's bound) and 300 bytes (past the name's).
    #[test]
    fn a_bundle_with_a_long_field_is_refused_by_name() {
        use super::super::{zip_bundle, Timetable};
        for (long, said) in [
            (1 << 20, "stops.txt: line 3: a record longer than 64 KiB"),
            (300, "stops.txt: line 3: stop_name is longer than 256 bytes"),
        ] {
            let stops = format!(
                "stop_id,stop_name,stop_lat,stop_lon\nA,Tallinn,59.4,24.7\nB,{},58.3,26.7\n",
                "x".repeat(long)
            );
            let bundle = zip_bundle(&[
                ("stops.txt", stops.as_str()),
                (
                    "routes.txt",
                    "route_id,route_short_name,route_type\nR1,R,2\n",
                ),
            ]);
            assert!(bundle.len() < 10_000, "the zip is small: {}", bundle.len());
            let e = Timetable::from_zip(&bundle).unwrap_err().to_string();
            assert!(e.contains(said), "{e}");
        }
        let id = format!(
            "route_id,route_short_name,route_type\n{},R,2\n",
            "r".repeat(200)
        );
        let stops = "stop_id,stop_name,stop_lat,stop_lon\nA,Tallinn,59.4,24.7\n";
        let e = Timetable::from_zip(&zip_bundle(&[
            ("stops.txt", stops),
            ("routes.txt", id.as_str()),
        ]))
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("routes.txt: line 2: route_id is longer than 128 bytes"),
            "{e}"
        );
    }

    #[test]
    fn the_kept_columns_have_caps() {
        assert_eq!(field_cap("trip_id"), Some(MAX_ID_BYTES));
        assert_eq!(field_cap("parent_station"), Some(MAX_ID_BYTES));
        assert_eq!(field_cap("stop_name"), Some(MAX_NAME_BYTES));
        assert_eq!(field_cap("trip_headsign"), Some(MAX_NAME_BYTES));
        assert_eq!(field_cap("platform_code"), Some(MAX_NAME_BYTES));
        assert_eq!(field_cap("stop_desc"), None);
    }
}
