//! Undoing the last action in the client. The rule is the engine's ([`Game::undo_at`]): only
//! the seat that made the action, before the next player takes the keyboard, and only if it
//! showed nothing hidden to anybody, rolled no dice and shuffled nothing. The client tells the
//! engine the one thing it cannot know: who holds the keyboard ([`Keyboard`]).

use crate::engine::{Action, Game, Keyboard, Seat};

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

/// The game before its last action, if that action may be taken back by `asker`, the person
/// holding the keyboard, with the keyboard where `keyboard` says; otherwise why not.
///
/// # Errors
/// Why the last action cannot be undone, in the engine's words, for the status line.
pub fn undo(
    game: &Game,
    asker: Option<Seat>,
    keyboard: Keyboard,
) -> Result<(Game, Action), String> {
    let Some(&last) = game.history().last() else {
        return Err(crate::engine::UndoRefusal::NothingToUndo.to_string());
    };
    let Some(asker) = asker else {
        return Err("cannot undo: nobody has held the keyboard yet".into());
    };
    let before = game.undo_at(asker, keyboard).map_err(|e| e.to_string())?;
    Ok((before, last))
}

/// [`undo`], taking back with the last action the formalities taken after it
/// ([`Game::formal_action`]: each was the only answer of its decision and needed nobody's
/// thought), so a question with one answer is not a step of its own to take back. Which
/// actions were formalities is read from the history itself, so it holds after a reload.
/// Either all of them and the action before them are taken back, or none (the reason is the
/// first refusal's). Returns the game before the action and that action.
///
/// # Errors
/// Why they cannot be taken back, in the engine's words, for the status line.
pub fn undo_with(
    game: &Game,
    asker: Option<Seat>,
    keyboard: Keyboard,
) -> Result<(Game, Action), String> {
    let mut now = game.clone();
    loop {
        let (before, last) = undo(&now, asker, keyboard)?;
        if before.formal_action() != Some(last) {
            return Ok((before, last));
        }
        now = before;
    }
}
