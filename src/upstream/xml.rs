//! Feeds that answer in XML of flat records (`<Record><Field>text</Field>…</Record>`, as Irish Rail
//! does) are read here once: each record becomes a map of field name → trimmed text. Namespaces
//! are ignored; entities are unescaped; anything nested deeper is flattened by its own name.

use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::HashMap;

pub type Record = HashMap<String, String>;

/// Every `<record>` element of `xml`, at any depth.
pub fn records(xml: &[u8], record: &str) -> Result<Vec<Record>, String> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut current: Option<Record> = None;
    let mut field: Option<String> = None;
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| format!("XML error at byte {}: {e}", reader.error_position()))?;
        match event {
            Event::Start(e) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
                if name == record {
                    current = Some(Record::new());
                } else if current.is_some() {
                    field = Some(name);
                }
            }
            Event::Text(t) => {
                if let (Some(rec), Some(name)) = (current.as_mut(), field.as_ref()) {
                    let text = t.decode().map_err(|e| e.to_string())?;
                    rec.entry(name.clone()).or_default().push_str(&text);
                }
            }
            // Entities arrive as events of their own: `&amp;`, `&#233;` …
            Event::GeneralRef(r) => {
                if let (Some(rec), Some(name)) = (current.as_mut(), field.as_ref()) {
                    let text = match r.resolve_char_ref().map_err(|e| e.to_string())? {
                        Some(c) => c.to_string(),
                        None => match &*r {
                            b"amp" => "&",
                            b"lt" => "<",
                            b"gt" => ">",
                            b"quot" => "\"",
                            b"apos" => "'",
                            _ => "",
                        }
                        .to_string(),
                    };
                    rec.entry(name.clone()).or_default().push_str(&text);
                }
            }
            Event::End(e) => {
                let name = e.local_name();
                if name.as_ref() == record.as_bytes() {
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
        let r = records(xml, "Obj").unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[0]["A"], "1");
        assert_eq!(r[0]["B"], "Tom & Jerry");
        assert_eq!(r[1]["A"], "2");
    }

    #[test]
    fn broken_xml_is_an_error() {
        assert!(records(b"<Array><Obj><A>1</B></Obj>", "Obj").is_err());
    }
}
