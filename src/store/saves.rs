//! Game saves on disk: loading and saving through the careful reader and writer, fresh names
//! that no other game uses, and the client's autosave, which never overwrites another game or
//! a later point of the same game.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::format::save;
use crate::engine::{Game, GameData};

/// Loads a save or hand-made position from a file.
///
/// # Errors
/// The file name and what is wrong: the file itself (see [`super::read_text`]), syntax with
/// line and column, or every broken rule.
pub fn load_game(path: &Path, data: Arc<GameData>) -> Result<Game, String> {
    let text = super::read_text(path)?;
    save::load(&text, data).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a game's save to `path`, replacing a save of the same game (at any point of it) but
/// never a file holding another game or something that is not a save.
///
/// # Errors
/// Another game or another kind of file at the path, or why the file could not be written.
pub fn save_game(game: &Game, path: &Path) -> Result<(), String> {
    match contents(path, game) {
        Contents::Absent | Contents::ThisGameSoFar | Contents::ThisGameLater { .. } => {}
        other => {
            return Err(format!(
                "{}: holds {}; it was not replaced (choose another name)",
                path.display(),
                other.describe()
            ));
        }
    }
    super::write_text(path, &save::to_json(game)).map_err(String::from)
}

/// Writes a new game's save to `path`: only where no file is, unless `force`.
///
/// # Errors
/// A file at the path (without `force`), or why the file could not be written.
pub fn write_new_game(game: &Game, path: &Path, force: bool) -> Result<(), String> {
    let text = save::to_json(game);
    if force {
        super::write_text(path, &text)
    } else {
        super::write_new(path, &text)
    }
    .map_err(String::from)
}

/// What a file holds, compared with a game being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contents {
    /// No file.
    Absent,
    /// This game, now or at an earlier point (its history begins the game's history).
    ThisGameSoFar,
    /// This game at a point the game in hand has not reached (further on, or another branch
    /// after an undo).
    ThisGameLater {
        /// The actions in the file.
        actions: usize,
        /// The round the file is in.
        round: u8,
    },
    /// Another game (another starting position).
    OtherGame,
    /// Not a save this program can read (a hand-made position, another file, a broken one).
    NotASave,
}

impl Contents {
    /// The words for what the file holds.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Contents::Absent => "nothing".into(),
            Contents::ThisGameSoFar => "this game so far".into(),
            Contents::ThisGameLater { actions, round } => {
                format!(
                    "a later point of this game ({}, round {round})",
                    crate::engine::rules::wording::counted(*actions, "action")
                )
            }
            Contents::OtherGame => "another game".into(),
            Contents::NotASave => "something that is not a herakon save".into(),
        }
    }
}

/// What the file at `path` holds compared with `game` (syntax only: no rule is checked).
#[must_use]
pub fn contents(path: &Path, game: &Game) -> Contents {
    if std::fs::symlink_metadata(path).is_err() && std::fs::metadata(path).is_err() {
        return Contents::Absent;
    }
    let Ok(text) = super::read_text(path) else {
        return Contents::NotASave;
    };
    let Ok(file) = save::parse(&text) else {
        return Contents::NotASave;
    };
    // A hand-made position has no start: its position is where the game started.
    let start = file.start.as_ref().unwrap_or(&file.position);
    if start != game.start() {
        return Contents::OtherGame;
    }
    let ours = game.history();
    let prefix = file.history.len() <= ours.len()
        && file
            .history
            .iter()
            .zip(ours)
            .all(|(theirs, a)| *theirs == a.to_string());
    if prefix {
        Contents::ThisGameSoFar
    } else {
        Contents::ThisGameLater {
            actions: file.history.len(),
            round: file.position.round,
        }
    }
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

/// The save an autosave belongs to: `NAME.json` for `NAME.autosave.json` (other paths are
/// their own).
#[must_use]
pub fn save_path_of_autosave(path: &Path) -> PathBuf {
    match path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".autosave.json"))
    {
        Some(stem) => path.with_file_name(format!("{stem}.json")),
        None => path.to_path_buf(),
    }
}

/// A save name `dir/STEM-N.json` that no game uses yet: neither it nor its autosave
/// `STEM-N.autosave.json` exists.
#[must_use]
pub fn fresh_save_path(dir: &Path, stem: &str) -> PathBuf {
    let taken = |p: &Path| std::fs::symlink_metadata(p).is_ok();
    (1..100_000)
        .map(|n| dir.join(format!("{stem}-{n}.json")))
        .find(|p| !taken(p) && !taken(&autosave_path(p)))
        .unwrap_or_else(|| dir.join(format!("{stem}-p{}.json", std::process::id())))
}

/// The name part of a save or autosave path without `.json`, `.autosave.json` or a `-N`
/// number, to make a fresh name of the same family (`saves/hotseat-3.autosave.json` gives
/// `hotseat`).
fn family(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or_else(|| "hotseat".into(), |n| n.to_string_lossy().into_owned());
    let stem = name
        .strip_suffix(".autosave.json")
        .or_else(|| name.strip_suffix(".json"))
        .unwrap_or(&name);
    match stem.rsplit_once('-') {
        Some((head, n)) if !head.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
            head.to_string()
        }
        _ => stem.to_string(),
    }
}

/// The newest autosave (`*.autosave.json`, by modification time) in `dir`.
#[must_use]
pub fn latest_autosave(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".autosave.json"))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            meta.is_file()
                .then(|| meta.modified().ok().map(|t| (t, e.path())))
                .flatten()
        })
        .max()
        .map(|(_, p)| p)
}

/// The client's autosave of one game: written after every change, always to a file that holds
/// nothing, this game so far, or what this session itself wrote there last. A file holding
/// another game or a later point of this one (an older save loaded again and played on) is
/// left alone and the game moves to a fresh name.
#[derive(Debug, Clone)]
pub struct Autosave {
    /// The save path this autosave belongs to (where `s` saves).
    save_path: PathBuf,
    /// Where it writes now.
    path: PathBuf,
    /// What this session wrote at `path` last.
    written: Option<String>,
}

impl Autosave {
    /// The autosave of a game saved with `s` to `save_path`.
    #[must_use]
    pub fn new(save_path: &Path) -> Autosave {
        Autosave {
            save_path: save_path.to_path_buf(),
            path: autosave_path(save_path),
            written: None,
        }
    }

    /// Where the autosave goes now.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Follows a change of the save path (a save under another name): the autosave moves
    /// beside the new file.
    pub fn follow(&mut self, save_path: &Path) {
        if save_path != self.save_path {
            *self = Autosave::new(save_path);
        }
    }

    /// Whether the file at the autosave path holds exactly what this session wrote last.
    fn owns(&self) -> bool {
        self.written
            .as_deref()
            .is_some_and(|w| super::read_text(&self.path).is_ok_and(|t| t == w))
    }

    /// Whether the autosave file holds `game` exactly as it is now.
    #[must_use]
    pub fn holds(&self, game: &Game) -> bool {
        self.owns() && self.written.as_deref() == Some(save::to_json(game).as_str())
    }

    /// Writes the game to its autosave. Returns a sentence when the game had to move to a
    /// fresh name, saying why.
    ///
    /// # Errors
    /// Why the file could not be written (nothing is claimed saved then).
    pub fn save(&mut self, game: &Game) -> Result<Option<String>, String> {
        let text = save::to_json(game);
        let mut moved = None;
        if !self.owns() {
            let found = contents(&self.path, game);
            if !matches!(found, Contents::Absent | Contents::ThisGameSoFar) {
                let dir = self.path.parent().unwrap_or_else(|| Path::new(""));
                let fresh = autosave_path(&fresh_save_path(dir, &family(&self.path)));
                moved = Some(format!(
                    "{} holds {}; this game is autosaved to {} instead",
                    self.path.display(),
                    found.describe(),
                    fresh.display()
                ));
                self.path = fresh;
                self.written = None;
            }
        }
        super::write_text(&self.path, &text).map_err(String::from)?;
        self.written = Some(text);
        Ok(moved)
    }
}
