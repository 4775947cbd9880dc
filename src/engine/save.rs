//! The save format: one pretty-printed JSON document holding the starting position, the
//! actions applied since, and the current position. Text in, text out: reading and writing
//! files is the caller's business.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::data::GameData;
use super::game::{Game, RuleError, Violation};
use super::position::Position;

/// The version written into every save; older or newer versions are refused with a clear error.
pub const SAVE_FORMAT: u32 = 1;

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
}

/// Why a save could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The text is not valid JSON of the save format.
    #[error("line {line}, column {column}, at {path}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The JSON path of the value (`$.position.players[0].materiel`).
        path: String,
        /// What was expected.
        message: String,
    },
    /// A format version this build does not read.
    #[error("save format {found} is not supported (this build reads format {SAVE_FORMAT})")]
    Format {
        /// The version in the file.
        found: u32,
    },
    /// The position breaks rules; every violation is listed.
    #[error("the {which} position breaks {} rule(s):\n{}", .violations.len(), list(.violations))]
    Invalid {
        /// `current` or `starting`.
        which: &'static str,
        /// Every broken rule.
        violations: Vec<Violation>,
    },
    /// A history line is not an action in the notation, or is not legal where it stands.
    #[error("history entry {index} ({text:?}): {reason}")]
    History {
        /// 1-based index in the history.
        index: usize,
        /// The entry as written.
        text: String,
        /// Why it fails.
        reason: String,
    },
    /// A history that starts without a starting position.
    #[error("the save has a history but no `start` position to replay it from")]
    NoStart,
    /// The player names do not fit the game.
    #[error("names: {0}")]
    Names(#[from] super::names::NameError),
    /// Replaying the history does not give the stored position.
    #[error(
        "replaying the {0} saved actions does not give the saved position: the file was edited or comes from another version"
    )]
    Mismatch(usize),
}

fn list(v: &[Violation]) -> String {
    v.iter()
        .map(|v| format!("  - {v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

impl fmt::Display for SaveFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string_pretty(self) {
            Ok(s) => f.write_str(&s),
            Err(_) => Err(fmt::Error),
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
    super::json_error::from_str(text).map_err(|e| LoadError::Syntax {
        line: e.line,
        column: e.column,
        path: e.path,
        message: e.message,
    })
}

/// Loads a save or a position sketch (a file without `format`, see [`super::sketch`]): a
/// position alone is validated against every rule; a history is replayed from its start and
/// must reproduce the stored position.
///
/// # Errors
/// Any [`LoadError`]; nothing is half-loaded.
pub fn load(text: &str, data: Arc<GameData>) -> Result<Game, LoadError> {
    if super::sketch::is_sketch(text) {
        return super::sketch::parse(text)?.into_game(data);
    }
    let file = parse(text)?;
    if file.format != SAVE_FORMAT {
        return Err(LoadError::Format { found: file.format });
    }
    if file.history.is_empty() {
        let start = file.start.unwrap_or(file.position);
        let mut game =
            Game::from_position(start, data).map_err(|violations| LoadError::Invalid {
                which: "current",
                violations,
            })?;
        game.set_names(&file.names)?;
        return Ok(game);
    }
    let start = file.start.ok_or(LoadError::NoStart)?;
    let mut game = Game::from_position(start, data).map_err(|violations| LoadError::Invalid {
        which: "starting",
        violations,
    })?;
    for (i, text) in file.history.iter().enumerate() {
        let fail = |reason: String| LoadError::History {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        let action: Action = text
            .parse()
            .map_err(|e: super::action::ParseActionError| fail(e.to_string()))?;
        game.apply(action)
            .map_err(|e: RuleError| fail(e.to_string()))?;
    }
    if *game.position() != file.position {
        return Err(LoadError::Mismatch(file.history.len()));
    }
    game.set_names(&file.names)?;
    Ok(game)
}
