//! The hot-seat terminal client (ratatui + crossterm).

use std::path::PathBuf;

use crate::engine::Game;

/// How the client was started.
#[derive(Debug, Clone, Default)]
pub struct PlayOptions {
    /// Where `s` saves the game (a default name under `saves/` when `None`).
    pub save_path: Option<PathBuf>,
}

/// Runs the client until the players quit.
///
/// # Errors
/// Terminal input/output failures.
pub fn run(game: Game, options: PlayOptions) -> std::io::Result<()> {
    let _ = (game, options);
    Ok(())
}
