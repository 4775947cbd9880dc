//! How the game would end if it ended now: the tree player's judgement of late positions (#31).
//!
//! A game that reaches the end of its last round is won on objective tokens, then friendly
//! worlds, then units on the board (Rules Reference, "Winning and Losing the Game"). The
//! heuristic's holdings weigh what helps later (materiel, assets, structures, costly units);
//! in the last rounds little of that will still count, while a world more or a few units more
//! settle games that end level on tokens. So the tree blends the holdings with the standing on
//! those keys, more the nearer the last round.

use super::heuristic::{evaluate, own_tokens};
use crate::engine::Game;
use crate::engine::state::ids::{Faction, Seat};
use crate::engine::state::phase::Phase;

/// Points of the standing for an objective token collected.
const TOKEN: f64 = 100.0;
/// For an own objective token on a friendly world (collected at the next refresh if held).
const TOKEN_HELD: f64 = 60.0;
/// For a friendly world (the first tie-break).
const WORLD: f64 = 15.0;
/// For a unit on the board (the second tie-break).
const UNIT: f64 = 1.5;

/// The weight of the standing against the holdings when `rounds_left` rounds follow this one
/// (0 in the last round).
fn weight(rounds_left: u8) -> f64 {
    match rounds_left {
        0 => 1.0,
        1 => 0.6,
        2 => 0.3,
        _ => 0.0,
    }
}

/// The end-of-game keys of `faction`, as points.
fn standing(game: &Game, faction: Faction) -> f64 {
    let Some(seat) = game.seat_of(faction) else {
        return 0.0;
    };
    let p = game.player(seat);
    let mut v = f64::from(p.objectives) * TOKEN;
    for world in game.friendly_worlds(faction) {
        v += WORLD;
        v += own_tokens(game, world, faction) as f64 * TOKEN_HELD;
    }
    v + game.units_of(faction) as f64 * UNIT
}

/// How good a position is for `seat`, in the heuristic's points: the tree player's judgement
/// where its rollouts stop. Its holdings against its opponents' (the heuristic player's
/// judgement), blended in the last rounds with its standing against the best opponent's (only
/// the leader can take a win away).
pub fn judge(game: &Game, seat: Seat) -> f64 {
    let held = evaluate(game, seat);
    if matches!(game.position().phase, Phase::GameOver { .. }) {
        return held;
    }
    let last = game.data().components.rounds;
    let w = weight(last.saturating_sub(game.position().round));
    if w <= 0.0 {
        return held;
    }
    let me = standing(game, game.faction(seat));
    let best_other = game
        .seats()
        .filter(|&s| s != seat && game.is_active(s))
        .map(|s| standing(game, game.faction(s)))
        .fold(f64::NEG_INFINITY, f64::max);
    let ahead = if best_other.is_finite() {
        me - best_other
    } else {
        me
    };
    (1.0 - w) * held + w * ahead
}
