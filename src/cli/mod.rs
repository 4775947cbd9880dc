//! The command line: its commands and text output around the pure engine (files are read and
//! written through `crate::store`).

pub mod check;
pub mod rulings;
pub mod show;
pub mod simulate;

use crate::engine::Faction;
use crate::engine::data::ASSET_FILES;

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

/// Writes `text` to standard output through one lock. A reader that closed the pipe early
/// (`herakon schema | head -1`) has what it wanted: the program ends quietly, with success,
/// instead of panicking as `print!` does. The text goes through [`crate::store::printable`]:
/// what it quotes from a file cannot drive the terminal.
///
/// # Errors
/// Any other failure to write, as a sentence.
pub fn print(text: &str) -> Result<(), String> {
    use std::io::Write as _;
    let text = crate::store::printable(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
    }
}
