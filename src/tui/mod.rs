//! The hot-seat terminal client (ratatui + crossterm).
//!
//! Elm-like: a [`Client`] holds the [`Session`] (the game's runtime at the table) and one view
//! of it, [`App`] (what is on screen); terminal events become [`Msg`]s; [`App::update`] changes
//! the view or asks the session for a change (apply an action, take one back), which the client
//! carries out; [`draw`] renders a [`Scene`], which holds the `PlayerView` of the seat on screen
//! and never the raw position.

pub mod app;
pub mod board;
pub mod client;
pub mod combat_box;
pub mod combat_result;
pub mod confirm;
pub mod detail;
pub mod digest;
pub mod endgame;
pub mod fit;
pub mod follow;
pub mod guide;
pub mod howto;
pub mod keys;
pub mod layout;
pub mod learn;
pub mod log;
pub mod newgame;
pub mod panels;
pub mod preview;
pub mod replay;
pub mod save;
pub mod scene;
pub mod screens;
pub mod seats;
pub mod selection;
pub mod session;
pub mod settings;
pub mod sheet;
pub mod terminal;
pub mod text;
pub mod theme;
pub mod thinker;
pub mod ui;
pub mod undo;
pub mod whynot;

use std::path::PathBuf;

pub use app::{App, Effect, Focus, Msg, Overlay, Screen, Seating};
pub use client::Client;
pub use replay::Replay;
pub use scene::Scene;
pub use session::{Deciding, Session};
pub use terminal::Ended;
pub use theme::Theme;
pub use ui::draw;

use crate::engine::Game;

/// How the client was started.
#[derive(Debug, Clone, Default)]
pub struct PlayOptions {
    /// Where `s` saves the game (a default name under `saves/` when `None`).
    pub save_path: Option<PathBuf>,
    /// The file the game was loaded from (it holds the game until the first change).
    pub loaded_from: Option<PathBuf>,
    /// On the new-game screen: the last autosave, offered to continue.
    pub resume: Option<PathBuf>,
    /// The computer players.
    pub bots: seats::Bots,
    /// The guided first game (`herakon learn`): the person's seat.
    pub learn: Option<crate::engine::Seat>,
}

/// Runs the client until the players quit or a stop signal arrives (then the screen is
/// cleared, the terminal restored and the game autosaved).
///
/// # Errors
/// Terminal input/output failures.
#[allow(
    clippy::needless_pass_by_value,
    reason = "the client owns the game it plays"
)]
pub fn run(game: Game, options: PlayOptions) -> std::io::Result<Ended> {
    let mut game = game;
    terminal::run(&mut game, &options)
}

/// Replays a saved game read-only, showing everything, until the player quits.
///
/// # Errors
/// The history does not replay, or terminal input/output failures.
pub fn replay(game: &Game) -> Result<Ended, String> {
    let replay = Replay::new(game)?;
    terminal::run_replay(replay).map_err(|e| format!("terminal error: {e}"))
}

/// Shows the new-game screen (its name fields filled with `names`), then runs the client on the game chosen there until the players
/// quit (at once if they leave the screen).
///
/// # Errors
/// Terminal input/output failures.
pub fn run_new(
    data: &std::sync::Arc<crate::engine::GameData>,
    seed: u64,
    names: &[String],
    options: &PlayOptions,
) -> std::io::Result<Ended> {
    terminal::run_new(data, seed, names, options)
}
