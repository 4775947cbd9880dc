//! Finding a key written twice in one JSON object. `serde_json` keeps the last of two equal keys
//! in a map without a word, so a hand-edited save with two `"A1.nw"` entries would lose one of
//! them silently; this scan runs before every read and names both lines instead.
//!
//! The scan walks the text with an explicit stack (no recursion, so any nesting depth is safe)
//! and gives up quietly on text that is not JSON: the real parser reports that with its own
//! line and column. It runs in time linear in the text: the column of a key is counted on from
//! the last string of the same line, never again from the line's start (a 16 MB file on one
//! line would otherwise take most of an hour).

use std::collections::HashMap;

/// A key that appears twice in one object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateKey {
    /// The key, as decoded (escapes resolved).
    pub key: String,
    /// The JSON path of the object holding it (`$.position.areas`).
    pub path: String,
    /// 1-based line of the first occurrence.
    pub first_line: usize,
    /// 1-based line and column of the second occurrence.
    pub line: usize,
    /// 1-based column of the second occurrence.
    pub column: usize,
}

/// One open object or array, with what is needed to name paths and find repeated keys.
enum Frame {
    Object {
        /// Keys seen so far and the line of each.
        keys: HashMap<String, usize>,
        /// The key whose value is being read.
        current: Option<String>,
        /// Whether the next string is a key.
        expect_key: bool,
    },
    Array {
        index: usize,
    },
}

/// The path of the value being read, in the form `serde_path_to_error` uses
/// (`$.position.areas.A1.nw`, `$.history[3]`).
fn path_of(stack: &[Frame]) -> String {
    let mut out = String::from("$");
    for frame in stack {
        match frame {
            Frame::Object {
                current: Some(k), ..
            } => {
                out.push('.');
                out.push_str(k);
            }
            Frame::Object { current: None, .. } => {}
            Frame::Array { index } => {
                out.push('[');
                out.push_str(&index.to_string());
                out.push(']');
            }
        }
    }
    out
}

/// The 1-based column (in characters) of byte offsets on one line, counted on from the last
/// offset asked for, so that every byte of the line is counted at most once; it keeps the count
/// of bytes looked at, the scan's work, which stays within the text's length.
pub struct Columns {
    /// The last offset counted to, and its column.
    counted_to: usize,
    column: usize,
    /// Bytes looked at so far, over all lines (what the tests measure the work by).
    stepped: usize,
}

impl Default for Columns {
    fn default() -> Self {
        Columns::new()
    }
}

impl Columns {
    /// A counter at the start of the text (line 1, column 1), having looked at nothing.
    #[must_use]
    pub fn new() -> Columns {
        Columns {
            counted_to: 0,
            column: 1,
            stepped: 0,
        }
    }

    /// The bytes looked at so far, over all lines: at most the text's length however many
    /// strings a line holds (counting each column from the line's start would be quadratic).
    #[must_use]
    pub fn stepped(&self) -> usize {
        self.stepped
    }

    /// A new line starts at byte `at`.
    fn new_line(&mut self, at: usize) {
        self.counted_to = at;
        self.column = 1;
    }

    /// The column of byte `at`, which is on the current line at or after the last one asked.
    fn at(&mut self, text: &str, at: usize) -> usize {
        if let Some(s) = text.get(self.counted_to..at) {
            self.column += s.chars().count();
            self.stepped += s.len();
            self.counted_to = at;
        }
        self.column
    }
}

/// The first key written twice in the same object, if any. Text that is not JSON gives `None`
/// (the parser reports it).
#[must_use]
pub fn find_duplicate_key(text: &str) -> Option<DuplicateKey> {
    scan(text, &mut Columns::new())
}

/// [`find_duplicate_key`] with the column counter given, so its work can be seen (the bytes
/// it looked at: [`Columns::stepped`]).
pub fn scan(text: &str, columns: &mut Columns) -> Option<DuplicateKey> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut line = 1usize;
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line += 1;
                columns.new_line(i + 1);
            }
            b'{' => stack.push(Frame::Object {
                keys: HashMap::new(),
                current: None,
                expect_key: true,
            }),
            b'[' => stack.push(Frame::Array { index: 0 }),
            b'}' | b']' => {
                stack.pop()?;
            }
            b',' => match stack.last_mut()? {
                Frame::Object { expect_key, .. } => *expect_key = true,
                Frame::Array { index } => *index += 1,
            },
            b'"' => {
                let start = i;
                let start_line = line;
                let column = columns.at(text, i);
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    } else if bytes[i] == b'\n' {
                        // Not JSON: the parser will say so.
                        return None;
                    }
                    i += 1;
                }
                let raw = text.get(start..=i)?;
                if let Some(Frame::Object {
                    keys,
                    current,
                    expect_key,
                }) = stack.last_mut()
                    && *expect_key
                {
                    *expect_key = false;
                    let key: String = serde_json::from_str(raw).unwrap_or_else(|_| raw.to_string());
                    if let Some(&first_line) = keys.get(&key) {
                        *current = None;
                        return Some(DuplicateKey {
                            key,
                            path: path_of(&stack),
                            first_line,
                            line: start_line,
                            column,
                        });
                    }
                    keys.insert(key.clone(), start_line);
                    *current = Some(key);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}
