//! The command line: files, saves and text output around the pure engine.

pub mod check;
pub mod files;
pub mod rulings;
pub mod show;
pub mod simulate;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::data::{ASSET_FILES, GameData};
use crate::engine::save;
use crate::engine::{Faction, Game, NewGameOptions, SetupKind};

/// Loads the game data: the embedded copy, or the files of `dir`.
///
/// # Errors
/// Every problem in the data, each with its file and JSON path.
pub fn load_data(dir: Option<&Path>) -> Result<Arc<GameData>, String> {
    let data = match dir {
        None => GameData::embedded(),
        Some(dir) => GameData::from_texts(|name| std::fs::read_to_string(dir.join(name)).ok()),
    };
    data.map(Arc::new).map_err(|e| match dir {
        Some(d) => format!("in {}: {e}", d.display()),
        None => e.to_string(),
    })
}

/// The asset file names, for help texts.
#[must_use]
pub fn asset_file_names() -> Vec<&'static str> {
    ASSET_FILES.iter().map(|(n, _)| *n).collect()
}

/// Parses a comma-separated faction list (`ultramarines,chaos`).
///
/// # Errors
/// The first name that is no faction.
pub fn parse_factions(text: &str) -> Result<Vec<Faction>, String> {
    text.split(',')
        .map(|f| f.parse::<Faction>().map_err(|e| e.to_string()))
        .collect()
}

/// Splits a comma-separated name list (`Anna,Ben`); an empty entry leaves that seat unnamed.
#[must_use]
pub fn parse_names(text: &str) -> Vec<String> {
    text.split(',').map(|n| n.trim().to_string()).collect()
}

/// A new game: on the introductory board, or at the first decision of constructing the board
/// (see [`Game::play_setup_randomly`] to have the setup decided at random).
///
/// # Errors
/// A wrong player count or factions the introductory setup does not use.
pub fn new_game(
    players: u8,
    factions: Option<Vec<Faction>>,
    seed: u64,
    setup: SetupKind,
    data: Arc<GameData>,
) -> Result<Game, String> {
    if let Some(f) = &factions
        && f.len() != usize::from(players)
    {
        return Err(format!(
            "{players} players need {players} factions, not {}",
            f.len()
        ));
    }
    Game::new(
        &NewGameOptions {
            players,
            factions,
            seed,
            setup,
        },
        data,
    )
    .map_err(|e| e.to_string())
}

/// Loads a save or hand-made position from a file.
///
/// # Errors
/// The file name and what is wrong: syntax with line and column, or every broken rule.
pub fn load_game(path: &Path, data: Arc<GameData>) -> Result<Game, String> {
    let text = files::read_text(path)?;
    save::load(&text, data).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a game's save file atomically.
///
/// # Errors
/// The file name and why it could not be written.
pub fn save_game(game: &Game, path: &Path) -> Result<(), String> {
    files::write_atomic(path, &save::to_json(game))
}

/// A fresh save name under `saves/` that does not overwrite an existing file.
#[must_use]
pub fn fresh_save_path(stem: &str) -> PathBuf {
    let dir = PathBuf::from("saves");
    (1..10_000)
        .map(|n| dir.join(format!("{stem}-{n}.json")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{stem}.json")))
}
