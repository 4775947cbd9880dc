//! Undoing the last action in the client. The rule is the engine's ([`Game::undo`]): only the
//! seat that made the action, before the keyboard passes, and only if it showed nothing hidden
//! to anybody, rolled no dice and shuffled nothing. The client adds one thing of its own: the
//! seat asking must be the one on screen.

use crate::engine::{Action, Game, Seat};

/// The game as it was after the first `keep` actions of its history, replayed from its start.
///
/// # Errors
/// A sentence saying why the history cannot be replayed (it always can for a loaded game).
pub fn rewind(game: &Game, keep: usize) -> Result<Game, String> {
    game.rewind(keep).map_err(|e| match e {
        crate::engine::UndoRefusal::Replay(why) => why,
        other => other.to_string(),
    })
}

/// The game before its last action, if that action may be taken back by `shown`, the seat on
/// screen; otherwise why not.
///
/// # Errors
/// Why the last action cannot be undone, as a sentence for the status line.
pub fn undo(game: &Game, shown: Option<Seat>) -> Result<(Game, Action), String> {
    let Some(&last) = game.history().last() else {
        return Err("nothing to undo".into());
    };
    let Some(now) = game.decision() else {
        return Err("cannot undo: the game is over".into());
    };
    if shown != Some(now.seat) {
        return Err("cannot undo: take the keyboard first".into());
    }
    let before = game.undo(now.seat).map_err(|e| e.to_string())?;
    Ok((before, last))
}
