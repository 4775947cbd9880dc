//! Undoing the last action: the engine is deterministic, so the game before it is the starting
//! position with the history replayed but for its last action. Refused when the action showed
//! something a player could not take back: a face-down order revealed, dice rolled or cards
//! shuffled (the random generator moved), cards drawn; or when it handed the keyboard over.

use crate::engine::{Action, Game, Seat};

/// The game as it was before its last action, replayed from its start.
///
/// # Errors
/// A sentence saying why the history cannot be replayed (it always can for a loaded game).
pub fn rewind(game: &Game, keep: usize) -> Result<Game, String> {
    let mut before = Game::from_position(game.start().clone(), game.data_arc())
        .map_err(|v| format!("the starting position breaks {} rule(s)", v.len()))?;
    // The names are the game's, not the position's: they come along.
    before
        .set_names(game.names())
        .map_err(|e| format!("names: {e}"))?;
    for (i, action) in game.history().iter().take(keep).enumerate() {
        before
            .apply(*action)
            .map_err(|e| format!("action {} of the history fails: {e}", i + 1))?;
    }
    Ok(before)
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
    if matches!(last, Action::Reveal { .. }) {
        return Err("cannot undo: it revealed a face-down order".into());
    }
    let Some(now) = game.decision() else {
        return Err("cannot undo: the game is over".into());
    };
    if shown != Some(now.seat) {
        return Err("cannot undo: take the keyboard first".into());
    }
    let before = rewind(game, game.history().len() - 1)?;
    if before.position().rng != game.position().rng {
        return Err("cannot undo: it rolled dice or shuffled cards".into());
    }
    if before.decision().map(|d| d.seat) != Some(now.seat) {
        return Err("cannot undo: another player decided it".into());
    }
    if drew_cards(&before, game, now.seat) {
        return Err("cannot undo: it drew cards".into());
    }
    Ok((before, last))
}

/// Whether going from `before` to `after` put new cards in front of `seat`: a combat hand
/// grew, or event cards were drawn.
fn drew_cards(before: &Game, after: &Game, seat: Seat) -> bool {
    let (b, a) = (before.view(Some(seat)), after.view(Some(seat)));
    let hands = |v: &crate::engine::PlayerView| {
        v.combat
            .as_ref()
            .map_or((0, 0), |c| (c.attacker.hand_size, c.defender.hand_size))
    };
    let (bh, ah) = (hands(&b), hands(&a));
    let decks =
        |v: &crate::engine::PlayerView| v.players.iter().map(|p| p.event_deck).collect::<Vec<_>>();
    ah.0 > bh.0
        || ah.1 > bh.1
        || (a.combat.is_some() && b.combat.is_none())
        || (!a.drawn_events.is_empty() && a.drawn_events != b.drawn_events)
        || decks(&a).iter().zip(decks(&b)).any(|(x, y)| *x < y)
}
