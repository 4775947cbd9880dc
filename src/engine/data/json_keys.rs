//! Finding a key written twice in one JSON object. `serde_json` keeps the last of two equal keys
//! in a map without a word, so a hand-edited save with two `"A1.nw"` entries would lose one of
//! them silently; this scan runs before every read and names both lines instead.
//!
//! The scan walks the text with an explicit stack (no recursion, so any nesting depth is safe)
//! and gives up quietly on text that is not JSON: the real parser reports that with its own
//! line and column.

use std::collections::HashMap;

/// A key that appears twice in one object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DuplicateKey {
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

/// The first key written twice in the same object, if any. Text that is not JSON gives `None`
/// (the parser reports it).
pub(crate) fn find_duplicate_key(text: &str) -> Option<DuplicateKey> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut line = 1usize;
    let mut line_start = 0usize;
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line += 1;
                line_start = i + 1;
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
                let column = text.get(line_start..i).map_or(1, |s| s.chars().count() + 1);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::find_duplicate_key;

    #[test]
    fn a_key_written_twice_in_one_object_is_found_with_both_lines() {
        let text = "{\n \"areas\": {\n  \"A1.nw\": 1,\n  \"B1.se\": 2,\n  \"A1.nw\": 3\n }\n}";
        let d = find_duplicate_key(text).unwrap();
        assert_eq!(d.key, "A1.nw");
        assert_eq!(d.path, "$.areas");
        assert_eq!((d.first_line, d.line, d.column), (3, 5, 3));
    }

    #[test]
    fn equal_keys_in_different_objects_or_inside_strings_are_not_duplicates() {
        let text =
            r#"{"a": {"k": 1}, "b": {"k": "{\"k\": 2, \"k\": 3}"}, "c": [{"k": 1}, {"k": 2}]}"#;
        assert_eq!(find_duplicate_key(text), None);
    }

    #[test]
    fn an_escaped_key_equal_to_a_plain_one_is_a_duplicate() {
        let text = r#"{"list": [1, {"x": 1, "\u0078": 2}]}"#;
        let d = find_duplicate_key(text).unwrap();
        assert_eq!((d.key.as_str(), d.path.as_str()), ("x", "$.list[1]"));
    }

    #[test]
    fn deep_nesting_and_broken_text_end_the_scan_without_a_finding() {
        let deep = "[".repeat(200_000);
        assert_eq!(find_duplicate_key(&deep), None);
        assert_eq!(find_duplicate_key("{\"a\": 1}}}]"), None);
        assert_eq!(find_duplicate_key("{\"a"), None);
    }
}
