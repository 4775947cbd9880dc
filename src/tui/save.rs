//! Saving from the client: the engine's save format written by the careful writer of
//! [`crate::store`], and the [`Keeper`] that knows at every moment which file (if any) holds
//! the game exactly as it is, so that every message about saving is true.

use std::path::{Path, PathBuf};

use crate::engine::Game;
use crate::engine::rules::wording::counted;
use crate::store::saves::{self, Autosave, Contents};

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

/// A save with `s` that would replace a file holding this game at a point the game in hand
/// has not reached (further on, or another branch after a take-back): the players are asked
/// first, since the file's later actions would be lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacing {
    /// The file.
    pub path: PathBuf,
    /// The round the file is in and the actions it holds.
    pub file: (u8, usize),
    /// The round the game in hand is in and the actions it holds.
    pub now: (u8, usize),
}

impl Replacing {
    /// What the question says, line by line.
    #[must_use]
    pub fn lines(&self) -> [String; 3] {
        let at = |(round, actions): (u8, usize)| {
            format!("round {round}, {}", counted(actions, "action"))
        };
        [
            format!(
                "{} holds this game at a point not reached here:",
                self.path.display()
            ),
            format!("in the file: {}", at(self.file)),
            format!("this game now: {}", at(self.now)),
        ]
    }
}

/// Whether saving `game` to `path` would replace a later point of the same game (or another
/// branch of it), by the store's own comparison, the one the autosave uses
/// ([`saves::contents`]); the question to ask then. (A file holding another game, or something
/// that is not a save, is refused by the writer itself.)
#[must_use]
pub fn replacing(game: &Game, path: &Path) -> Option<Replacing> {
    match saves::contents(path, game) {
        Contents::ThisGameLater { actions, round } => Some(Replacing {
            path: path.to_path_buf(),
            file: (round, actions),
            now: (game.position().round, game.history().len()),
        }),
        _ => None,
    }
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
