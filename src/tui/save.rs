//! Saving from the client: the engine's save format, written atomically by the CLI's file
//! helpers so a crash never leaves half a save.

use std::path::{Path, PathBuf};

use crate::engine::Game;

/// Where `s` saves when no path was given.
#[must_use]
pub fn default_path() -> PathBuf {
    PathBuf::from("saves").join("hotseat.json")
}

/// Writes the game to `path`; returns a sentence for the log.
///
/// # Errors
/// A sentence saying why the game was not saved.
pub fn save(game: &Game, path: &Path) -> Result<String, String> {
    crate::cli::save_game(game, path)?;
    Ok(format!("saved to {}", path.display()))
}
