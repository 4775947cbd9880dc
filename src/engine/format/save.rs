//! The save format: one pretty-printed JSON document holding the starting position, the
//! actions applied since, and the current position. Text in, text out: reading and writing
//! files is the caller's business.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::data::GameData;
use crate::engine::rules::{Game, RuleError};
use crate::engine::state::action::Action;
use crate::engine::state::computer::ComputerPlayers;
use crate::engine::state::position::Position;

pub use super::SAVE_FORMAT;
pub use super::error::LoadError;

/// A save file as it is written: a game with its history, or a hand-made position alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// The format version ([`SAVE_FORMAT`]).
    pub format: u32,
    /// Where the history starts; absent in a hand-made position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Position>,
    /// The actions applied since `start`, in the text notation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<String>,
    /// The current position.
    pub position: Position,
    /// The players' names by seat (absent in older saves and in games without names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// The seats a computer plays (absent when people play every seat).
    #[serde(default, skip_serializing_if = "ComputerPlayers::is_empty")]
    pub computer: ComputerPlayers,
}

impl fmt::Display for SaveFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string_pretty(self) {
            Ok(s) => f.write_str(&s),
            Err(_) => Err(fmt::Error),
        }
    }
}

impl SaveFile {
    /// A hand-made position file: the position alone, with no history, names or computer
    /// players.
    #[must_use]
    pub fn of_position(position: Position) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT,
            start: None,
            history: Vec::new(),
            position,
            names: Vec::new(),
            computer: ComputerPlayers::default(),
        }
    }
}

/// The save of a game: its start, history and current position.
#[must_use]
pub fn save(game: &Game) -> SaveFile {
    SaveFile {
        format: SAVE_FORMAT,
        start: Some(game.start().clone()),
        history: game.history().iter().map(ToString::to_string).collect(),
        position: game.position().clone(),
        names: game.names().to_vec(),
        computer: game.computer().clone(),
    }
}

/// The save of a game as pretty-printed JSON (with a final newline).
#[must_use]
pub fn to_json(game: &Game) -> String {
    let mut s = save(game).to_string();
    s.push('\n');
    s
}

/// Parses save text without checking any rule.
///
/// # Errors
/// [`LoadError::Syntax`] with the line, column and JSON path of the first problem.
pub fn parse(text: &str) -> Result<SaveFile, LoadError> {
    crate::engine::data::json_error::from_str(text).map_err(|e| LoadError::Syntax {
        line: e.line,
        column: e.column,
        path: e.path,
        message: e.message,
    })
}

/// Loads a save or a position sketch (a file without `format`, see [`crate::engine::format::sketch`]): a
/// position alone is validated against every rule; a history is replayed from its start and
/// must reproduce the stored position.
///
/// # Errors
/// Any [`LoadError`]; nothing is half-loaded.
pub fn load(text: &str, data: Arc<GameData>) -> Result<Game, LoadError> {
    if crate::engine::format::sketch::is_sketch(text) {
        return crate::engine::format::sketch::parse(text)?.into_game(data);
    }
    let file = parse(text)?;
    if file.format != SAVE_FORMAT {
        return Err(LoadError::Format { found: file.format });
    }
    if file.history.is_empty() {
        if let Some(start) = &file.start
            && *start != file.position
        {
            return Err(LoadError::EditedWithoutHistory {
                path: first_difference(start, &file.position),
            });
        }
        let mut game =
            Game::from_position(file.position, data).map_err(|violations| LoadError::Invalid {
                which: "current",
                violations,
            })?;
        game.set_names(&file.names)?;
        game.set_computer(file.computer)?;
        return Ok(game);
    }
    let start = file.start.ok_or(LoadError::NoStart)?;
    let mut game = Game::from_position(start, data).map_err(|violations| LoadError::Invalid {
        which: "starting",
        violations,
    })?;
    // The replay keeps no positions on the way: only if it parts from the file is it played
    // again, keeping every position, to name where (cloning each position made loading a long
    // game several times slower, #26).
    let first = game.clone();
    for (i, text) in file.history.iter().enumerate() {
        let fail = |reason: String| LoadError::History {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        let action: Action = text
            .parse()
            .map_err(|e: crate::engine::state::action::ParseActionError| fail(e.to_string()))?;
        game.apply(action)
            .map_err(|e: RuleError| fail(e.to_string()))?;
    }
    if *game.position() != file.position {
        let mut game = first;
        let mut replay: Vec<Position> = Vec::with_capacity(file.history.len() + 1);
        replay.push(game.position().clone());
        for text in &file.history {
            // Every entry was parsed and applied above; the same replay gives the same result.
            if let Ok(action) = text.parse::<Action>()
                && game.apply(action).is_ok()
            {
                replay.push(game.position().clone());
            }
        }
        return Err(LoadError::Mismatch {
            entries: file.history.len(),
            first: first_bad_entry(&replay, &file.history, &file.position),
        });
    }
    game.set_names(&file.names)?;
    game.set_computer(file.computer)?;
    Ok(game)
}

/// Where a replay (`replay[k]` is the position after `k` entries) parts from the saved
/// position: if the file holds a position the replay passed through, the entry after it;
/// else the first place that differs at the end and the last entry that changed it there.
fn first_bad_entry(replay: &[Position], history: &[String], saved: &Position) -> String {
    let entry = |k: usize| {
        let text = history.get(k.wrapping_sub(1)).map_or("", String::as_str);
        format!("entry {k} (`{text}`)")
    };
    if let Some(k) = replay.iter().position(|p| p == saved) {
        return format!(
            "the saved position is the one after entry {k}; {} and the entries after it go beyond it",
            entry(k + 1)
        );
    }
    let Some(last) = replay.last() else {
        return String::new();
    };
    let path = first_difference(last, saved);
    let at = |p: &Position| {
        serde_json::to_value(p)
            .ok()
            .and_then(|v| value_at(&v, &path).cloned())
    };
    let end = at(last);
    // The entry after which the replay's value at `path` took its final form.
    let changed = (1..replay.len()).rev().find(|&k| at(&replay[k - 1]) != end);
    match changed {
        Some(k) => format!(
            "the first difference is at {path}, last changed by {}; the first bad entry is {} or an earlier one",
            entry(k),
            entry(k)
        ),
        None => format!(
            "the first difference is at {path}, which no entry changes: the saved position was edited (first entry: {})",
            entry(1)
        ),
    }
}

/// The value at a path written by [`first_difference`] (`$.areas["B2.nw"]`, `$.players[1]`).
fn value_at<'v>(v: &'v serde_json::Value, path: &str) -> Option<&'v serde_json::Value> {
    let mut at = v;
    let mut rest = path.strip_prefix('$')?;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("[\"") {
            let (k, r) = r.split_once("\"]")?;
            at = at.get(k)?;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('[') {
            let (n, r) = r.split_once(']')?;
            at = at.get(n.parse::<usize>().ok()?)?;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            at = at.get(&r[..end])?;
            rest = &r[end..];
        } else {
            return None;
        }
    }
    Some(at)
}

/// Appends one step to a JSON path: `.key`, or `["key"]` for a key with a dot or bracket.
fn push_key(path: &mut String, key: &str) {
    if key.contains(['.', '[', ']', '"']) {
        path.push_str("[\"");
        path.push_str(key);
        path.push_str("\"]");
    } else {
        path.push('.');
        path.push_str(key);
    }
}

/// The JSON path of the first place two positions differ (`$.areas["B2.nw"]`), or `$` when
/// they differ as a whole.
fn first_difference(a: &Position, b: &Position) -> String {
    let (Ok(a), Ok(b)) = (serde_json::to_value(a), serde_json::to_value(b)) else {
        return "$".to_string();
    };
    let mut path = String::from("$");
    let (mut a, mut b) = (&a, &b);
    loop {
        use serde_json::Value;
        let next = match (a, b) {
            (Value::Object(x), Value::Object(y)) => x
                .iter()
                .find(|(k, v)| y.get(*k) != Some(*v))
                .map(|(k, _)| k)
                .or_else(|| y.keys().find(|k| !x.contains_key(*k)))
                .and_then(|k| {
                    push_key(&mut path, k);
                    Some((x.get(k)?, y.get(k)?))
                }),
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                x.iter().zip(y).position(|(p, q)| p != q).map(|i| {
                    path.push('[');
                    path.push_str(&i.to_string());
                    path.push(']');
                    (&x[i], &y[i])
                })
            }
            _ => None,
        };
        match next {
            Some((x, y)) => (a, b) = (x, y),
            None => return path,
        }
    }
}
