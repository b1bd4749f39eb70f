//! Feeds that answer in XML of flat records (`<Record><Field>text</Field>…</Record>`, as Irish Rail
//! does) are read here once: each record becomes a map of field name → trimmed text. Namespaces
//! are ignored; entities are unescaped; anything nested deeper is flattened by its own name.

use super::parse::ParseError;
use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::HashMap;

pub(crate) type Record = HashMap<String, String>;

/// Every `<record>` element of `xml`, at any depth; an error names `feed` and the byte.
pub fn records(feed: &'static str, xml: &[u8], record: &str) -> Result<Vec<Record>, ParseError> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut current: Option<Record> = None;
    let mut field: Option<String> = None;
    loop {
        let event = reader.read_event_into(&mut buf).map_err(|e| {
            let at = format!("byte {}", reader.error_position());
            ParseError::new(feed, at, format!("broken XML: {e}"))
        })?;
        // Where a field's reference failed to resolve: the record, the field and the byte.
        let wrong = |name: &str, e: &dyn std::fmt::Display| {
            let at = format!("{record}.{name} (byte {})", reader.buffer_position());
            ParseError::new(feed, at, e.to_string())
        };
        match event {
            Event::Start(e) => {
                let name = e.local_name().as_ref().to_owned();
                if name == record {
                    current = Some(Record::new());
                } else if current.is_some() {
                    field = Some(name);
                }
            }
            Event::Text(t) => {
                // The text as written: the reader has checked it is UTF-8.
                if let (Some(rec), Some(name)) = (current.as_mut(), field.as_ref()) {
                    rec.entry(name.clone()).or_default().push_str(&t);
                }
            }
            // Entities arrive as events of their own: `&amp;`, `&#233;` …
            Event::GeneralRef(r) => {
                if let (Some(rec), Some(name)) = (current.as_mut(), field.as_ref()) {
                    let char_ref = r.resolve_char_ref().map_err(|e| wrong(name, &e))?;
                    let text = match char_ref {
                        Some(c) => c.to_string(),
                        None => match &*r {
                            "amp" => "&",
                            "lt" => "<",
                            "gt" => ">",
                            "quot" => "\"",
                            "apos" => "'",
                            _ => "",
                        }
                        .to_string(),
                    };
                    rec.entry(name.clone()).or_default().push_str(&text);
                }
            }
            Event::End(e) => {
                let name = e.local_name();
                if name.as_ref() == record {
                    if let Some(mut rec) = current.take() {
                        rec.values_mut().for_each(|v| *v = v.trim().to_string());
                        out.push(rec);
                    }
                }
                field = None;
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flat_records_with_namespaces_and_entities() {
        let xml = br#"<?xml version="1.0"?><Array xmlns="http://x/"><Obj><A>1 </A><B>Tom &amp; Jerry</B><Empty/></Obj><Obj><A>2</A></Obj></Array>"#;
        let r = records("test", xml, "Obj").unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[0]["A"], "1");
        assert_eq!(r[0]["B"], "Tom & Jerry");
        assert_eq!(r[1]["A"], "2");
    }

    #[test]
    fn broken_xml_is_an_error() {
        assert!(records("test", b"<Array><Obj><A>1</B></Obj>", "Obj").is_err());
    }
}
