//! Why a save or a sketch could not be loaded: one error for both, so the sketch reader and
//! the save reader (which hands sketches over to it) share it without importing each other.

use super::SAVE_FORMAT;
use crate::engine::rules::Violation;

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
    Names(#[from] crate::engine::state::names::NameError),
    /// The computer players name a faction not in the game.
    #[error("computer: {0}")]
    Computer(#[from] crate::engine::state::computer::ComputerError),
    /// Replaying the history does not give the stored position.
    #[error(
        "replaying the {entries} saved actions does not give the saved position (the file was edited or comes from another version): {first}"
    )]
    Mismatch {
        /// How many entries the history holds.
        entries: usize,
        /// Where the replay and the file part: the first entry that goes wrong (1-based index
        /// and action), and the first place in the position that differs.
        first: String,
    },
    /// A save with no history whose position is not its start: the position was edited, or
    /// the history lost. Nothing is guessed: the player chooses.
    #[error(
        "the save has no history, but its `position` differs from its `start` (first at {path}); remove `start` to load `position` as a hand-made position, or restore the history"
    )]
    EditedWithoutHistory {
        /// The JSON path of the first difference (`$.areas.B2.nw`).
        path: String,
    },
}

fn list(v: &[Violation]) -> String {
    v.iter()
        .map(|v| format!("  - {v}"))
        .collect::<Vec<_>>()
        .join("\n")
}
