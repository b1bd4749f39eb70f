//! What a viewer types, as key events: the bytes of an SSH channel are a terminal's raw input, so
//! the few keys the board knows are decoded here (`q`, Ctrl-C, Ctrl-D, and the arrows in both the
//! normal `ESC [` and the application `ESC O` forms, and Ctrl-L to draw it all again). Everything
//! else is ignored.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Ctrl-L: draw the whole screen again.
pub fn is_redraw(key: &KeyEvent) -> bool {
    key.code == KeyCode::Char('l') && key.modifiers.contains(KeyModifiers::CONTROL)
}

pub fn keys(bytes: &[u8]) -> Vec<KeyEvent> {
    let mut keys = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x1b if matches!(bytes.get(i + 1), Some(b'[' | b'O')) => {
                match bytes.get(i + 2) {
                    Some(b'A') => keys.push(KeyEvent::from(KeyCode::Up)),
                    Some(b'B') => keys.push(KeyEvent::from(KeyCode::Down)),
                    Some(b'C') => keys.push(KeyEvent::from(KeyCode::Right)),
                    Some(b'D') => keys.push(KeyEvent::from(KeyCode::Left)),
                    _ => {}
                }
                i += 3;
                continue;
            }
            0x1b => keys.push(KeyEvent::from(KeyCode::Esc)),
            0x03 => keys.push(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            0x0c => keys.push(KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL)),
            // Enter, as terminals send it (CR; LF from a few).
            0x0d | 0x0a => keys.push(KeyEvent::from(KeyCode::Enter)),
            // Ctrl-D ends a session in every shell; here it leaves like `q`.
            0x04 => keys.push(KeyEvent::from(KeyCode::Char('q'))),
            b @ 0x20..=0x7e => keys.push(KeyEvent::from(KeyCode::Char(char::from(b)))),
            _ => {}
        }
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_control_keys_and_arrows() {
        let codes: Vec<KeyCode> = keys(b"q\x1b[C\x1bOD\x03x\x04\x1b")
            .into_iter()
            .map(|k| k.code)
            .collect();
        assert_eq!(
            codes,
            [
                KeyCode::Char('q'),
                KeyCode::Right,
                KeyCode::Left,
                KeyCode::Char('c'),
                KeyCode::Char('x'),
                KeyCode::Char('q'),
                KeyCode::Esc
            ]
        );
        assert!(keys(b"\x03")[0].modifiers.contains(KeyModifiers::CONTROL));
        assert!(is_redraw(&keys(b"\x0c")[0]), "Ctrl-L");
        assert!(!is_redraw(&keys(b"l")[0]));
        // Up, down and Enter: what a screen reader's viewer moves and asks with.
        let codes: Vec<KeyCode> = keys(b"\x1b[A\x1bOB\r")
            .into_iter()
            .map(|k| k.code)
            .collect();
        assert_eq!(codes, [KeyCode::Up, KeyCode::Down, KeyCode::Enter]);
    }

    #[test]
    fn unknown_sequences_and_binary_are_ignored() {
        assert!(keys(b"\x1b[H\x1b[F\x00\xff\xfe").is_empty());
        assert!(keys(b"").is_empty());
    }
}
