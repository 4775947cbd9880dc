//! Saving from the client: the engine's save format written by the careful writer of
//! [`crate::store`], and the [`Keeper`] that knows at every moment which file (if any) holds
//! the game exactly as it is, so that every message about saving is true.

use std::path::{Path, PathBuf};

use crate::engine::Game;
use crate::store::saves::{self, Autosave};

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
    saves::save_game(game, path)?;
    Ok(format!("saved to {}", path.display()))
}

/// Where the client autosaves while playing to `path`: `NAME.autosave.json` beside it.
#[must_use]
pub fn autosave_path(path: &Path) -> PathBuf {
    saves::autosave_path(path)
}

/// Where a game stands on disk, said at the end of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// This file holds the game exactly as it was left.
    In(PathBuf),
    /// No file holds the game as it was left: why.
    Not(String),
    /// No game was started.
    Nothing,
}

/// The autosave of one session and what is known of the files: after every change the game
/// is autosaved (never over another game, see [`Autosave`]), and the keeper remembers which
/// file holds the game as it is now, or why none does.
#[derive(Debug, Clone)]
pub struct Keeper {
    autosave: Autosave,
    /// The file holding the game exactly as it is now.
    held_in: Option<PathBuf>,
    /// Why the last autosave failed (cleared by a later success or a save with `s`).
    failed: Option<String>,
}

impl Keeper {
    /// The keeper of a game saved with `s` to `save_path`; `loaded_from` is the file the game
    /// was loaded from, which holds it until the first change.
    #[must_use]
    pub fn new(save_path: &Path, loaded_from: Option<&Path>) -> Keeper {
        Keeper {
            autosave: Autosave::new(save_path),
            held_in: loaded_from.map(Path::to_path_buf),
            failed: None,
        }
    }

    /// Why the game as it is now is in no file, if it is not.
    #[must_use]
    pub fn unsaved(&self) -> Option<&str> {
        if self.held_in.is_some() {
            None
        } else {
            self.failed.as_deref()
        }
    }

    /// Autosaves `game` after a change; returns the sentences for the log (a move to another
    /// name, a failure).
    pub fn changed(&mut self, game: &Game) -> Vec<String> {
        self.held_in = None;
        match self.autosave.save(game) {
            Ok(moved) => {
                self.failed = None;
                self.held_in = Some(self.autosave.path().to_path_buf());
                moved.into_iter().collect()
            }
            Err(why) => {
                let line = format!("NOT autosaved: {why}");
                self.failed = Some(why);
                vec![line]
            }
        }
    }

    /// Saves `game` to `path` (the `s` key); the autosave moves beside the new file.
    ///
    /// # Errors
    /// Why the game was not saved.
    pub fn save_to(&mut self, game: &Game, path: &Path) -> Result<String, String> {
        let done = save(game, path)?;
        self.autosave.follow(path);
        self.held_in = Some(path.to_path_buf());
        self.failed = None;
        Ok(done)
    }

    /// Before leaving: the file that holds the game as it is now, autosaving once more if
    /// none does.
    ///
    /// # Errors
    /// Why the game could not be saved.
    pub fn leave(&mut self, game: &Game) -> Result<PathBuf, String> {
        if let Some(path) = &self.held_in {
            return Ok(path.clone());
        }
        self.changed(game);
        match (&self.held_in, &self.failed) {
            (Some(path), _) => Ok(path.clone()),
            (None, Some(why)) => Err(why.clone()),
            (None, None) => Err("the autosave did not happen".into()),
        }
    }

    /// A name to offer when the autosave cannot be written: a fresh save under `saves/`.
    #[must_use]
    pub fn other_name(&self) -> PathBuf {
        saves::fresh_save_path(Path::new("saves"), "rescued")
    }
}
