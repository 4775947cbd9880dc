//! The bytes a remote terminal sends, read as the key presses the local client gets from
//! crossterm: printable characters (UTF-8), Enter, Tab, Backspace, Esc, the arrows, Home/End,
//! Page Up/Down, Delete, Ctrl with a letter. Both cursor-key modes (`ESC [ A` and `ESC O A`)
//! are read. An escape sequence not known here is skipped whole; bytes that are not UTF-8 are
//! dropped; nothing panics on any input (see the tests).

use crossterm::event::{KeyCode, KeyModifiers};

use crate::tui::Msg;

/// At most this many bytes of one packet are read (a paste or a flood beyond it is dropped).
pub const MAX_CHUNK: usize = 1024;

/// Bytes of input a connection may send in a burst.
pub const BURST: usize = 256;
/// Bytes of input a connection may send each second after a burst (an arrow key held down
/// sends about 100).
pub const PER_SECOND: usize = 200;

/// A connection's allowance of input bytes: a burst of [`BURST`], refilled at [`PER_SECOND`];
/// what comes beyond it is dropped (a flood never holds up the game). The caller gives the
/// time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    /// Bytes it may still send.
    left: usize,
    /// When it was last refilled.
    at: std::time::Duration,
}

impl Default for Bucket {
    fn default() -> Bucket {
        Bucket {
            left: BURST,
            at: std::time::Duration::ZERO,
        }
    }
}

impl Bucket {
    /// Takes up to `n` bytes at `now`; returns how many of them may be read.
    pub fn take(&mut self, n: usize, now: std::time::Duration) -> usize {
        let gained = now.saturating_sub(self.at).as_millis() * PER_SECOND as u128 / 1000;
        if gained > 0 {
            let gained = usize::try_from(gained).unwrap_or(BURST);
            self.left = self.left.saturating_add(gained).min(BURST);
            self.at = now;
        }
        let taken = n.min(self.left);
        self.left -= taken;
        taken
    }
}

/// The key presses in `bytes`, in order. An Esc alone at the end of the chunk is the Esc key
/// (terminals send a whole sequence in one write).
#[must_use]
pub fn keys(bytes: &[u8]) -> Vec<Msg> {
    let bytes = &bytes[..bytes.len().min(MAX_CHUNK)];
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            0x1b => {
                let (msg, used) = escape(&bytes[i + 1..]);
                out.extend(msg);
                i += 1 + used;
                continue;
            }
            b'\r' | b'\n' => out.push(Msg::key(KeyCode::Enter)),
            b'\t' => out.push(Msg::key(KeyCode::Tab)),
            0x7f | 0x08 => out.push(Msg::key(KeyCode::Backspace)),
            0x01..=0x1a => {
                let letter = char::from(b'a' + (b - 1));
                out.push(Msg::Key(KeyCode::Char(letter), KeyModifiers::CONTROL));
            }
            // NUL and the other control bytes: no key.
            0x00 | 0x1c..=0x1f => {}
            0x20..=0x7e => out.push(Msg::char(char::from(b))),
            _ => {
                // A character of several bytes: taken whole when it is valid UTF-8.
                let len = utf8_len(b);
                let end = (i + len).min(bytes.len());
                if let Ok(text) = std::str::from_utf8(&bytes[i..end])
                    && let Some(c) = text.chars().next()
                    && len > 1
                {
                    out.push(Msg::char(c));
                    i = end;
                    continue;
                }
            }
        }
        i += 1;
    }
    out
}

/// The length a UTF-8 sequence starting with `b` claims (1 for a byte that starts none).
fn utf8_len(b: u8) -> usize {
    match b {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => 1,
    }
}

/// The key of an escape sequence whose bytes after `ESC` are `rest`, and how many of them it
/// used. `None` for a sequence not known here (skipped whole).
fn escape(rest: &[u8]) -> (Option<Msg>, usize) {
    match rest.first() {
        // Alone at the end, or before another Esc: the Esc key.
        None | Some(0x1b) => (Some(Msg::key(KeyCode::Esc)), 0),
        Some(b'[') => csi(&rest[1..]),
        Some(b'O') => match rest.get(1) {
            Some(&b) => (cursor_key(b).map(Msg::key), 2),
            None => (None, 1),
        },
        // Alt with a key: read as the key.
        Some(&b) if (0x20..0x7f).contains(&b) => (Some(Msg::char(char::from(b))), 1),
        Some(_) => (Some(Msg::key(KeyCode::Esc)), 0),
    }
}

/// The key of a control sequence (`ESC [` already read): parameters, then a final byte.
fn csi(rest: &[u8]) -> (Option<Msg>, usize) {
    // Parameter and intermediate bytes run to the final byte (0x40-0x7e).
    let Some(end) = rest.iter().position(|b| (0x40..=0x7e).contains(b)) else {
        // Cut off: everything left is dropped.
        return (None, 1 + rest.len());
    };
    let params = &rest[..end];
    let last = rest[end];
    let used = 1 + end + 1;
    let code = match last {
        b'~' => match params {
            b"1" | b"7" => Some(KeyCode::Home),
            b"2" => Some(KeyCode::Insert),
            b"3" => Some(KeyCode::Delete),
            b"4" | b"8" => Some(KeyCode::End),
            b"5" => Some(KeyCode::PageUp),
            b"6" => Some(KeyCode::PageDown),
            _ => None,
        },
        b'Z' => return (Some(Msg::Key(KeyCode::BackTab, KeyModifiers::SHIFT)), used),
        b => cursor_key(b).filter(|_| params.is_empty() || params == b"1"),
    };
    (code.map(Msg::key), used)
}

/// The cursor key a final byte names (`A` up, `B` down, `C` right, `D` left, `H` home, `F`
/// end).
fn cursor_key(b: u8) -> Option<KeyCode> {
    match b {
        b'A' => Some(KeyCode::Up),
        b'B' => Some(KeyCode::Down),
        b'C' => Some(KeyCode::Right),
        b'D' => Some(KeyCode::Left),
        b'H' => Some(KeyCode::Home),
        b'F' => Some(KeyCode::End),
        _ => None,
    }
}
