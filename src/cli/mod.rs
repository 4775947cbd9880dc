//! The command line: files, saves and text output around the pure engine.

pub mod check;
pub mod rulings;
pub mod show;
pub mod simulate;

use std::path::Path;
use std::sync::Arc;

use crate::engine::data::{ASSET_FILES, GameData};
use crate::engine::{Faction, Game, NewGameOptions, SetupKind};

/// Loads the game data: the embedded copy, or the files of `dir`.
///
/// # Errors
/// Every problem in the data, each with its file and JSON path.
pub fn load_data(dir: Option<&Path>) -> Result<Arc<GameData>, String> {
    let data = match dir {
        None => GameData::embedded(),
        Some(dir) => GameData::from_texts(|name| crate::store::read_text(&dir.join(name)).ok()),
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
    // Spaces around the commas are the shell's business, not the notation's.
    text.split(',')
        .map(|f| f.trim().parse::<Faction>().map_err(|e| e.to_string()))
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

/// Writes `text` to standard output through one lock. A reader that closed the pipe early
/// (`herakon schema | head -1`) has what it wanted: the program ends quietly, with success,
/// instead of panicking as `print!` does.
///
/// # Errors
/// Any other failure to write, as a sentence.
pub fn print(text: &str) -> Result<(), String> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
    }
}
