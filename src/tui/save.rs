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
    crate::store::saves::save_game(game, path)?;
    Ok(format!("saved to {}", path.display()))
}

/// Where the client autosaves while playing to `path`: `NAME.autosave.json` beside it (a file
/// that already is an autosave is its own autosave), so a save made with `s` stays as it was.
#[must_use]
pub fn autosave_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "hotseat".into(), |n| n.to_string_lossy().into_owned());
    if name.ends_with(".autosave.json") {
        return path.to_path_buf();
    }
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    path.with_file_name(format!("{stem}.autosave.json"))
}

/// Writes the autosave of a game played to `path`; returns a sentence for the log.
///
/// # Errors
/// A sentence saying why the game was not saved.
pub fn autosave(game: &Game, path: &Path) -> Result<String, String> {
    let to = autosave_path(path);
    crate::store::saves::save_game(game, &to)?;
    Ok(format!("autosaved to {}", to.display()))
}
