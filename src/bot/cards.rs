//! Choosing a combat card by regret matching (#31).
//!
//! Both sides choose a combat card face down, so a card is a simultaneous secret choice: a
//! player who always plays the card that is best against the opponent's likely card can be
//! read from his hand. Here the choice is a mixed strategy over the seat's distinct cards:
//!
//! 1. in several re-deals of what the seat cannot see (the opponent's hand, or the card he
//!    already chose face down, the decks and the dice), every card of the seat is tried against
//!    every card the opponent could play, and the combat is played out by the heuristic player;
//!    the share of playouts the seat's side wins fills a table card against card;
//! 2. regret matching, both sides learning against each other over that table, gives each
//!    side's average strategy, which approaches an equilibrium of the table's game;
//! 3. the card is drawn from the seat's average strategy with the bot's seeded generator.
//!
//! Only the seat's own view is read: the re-deals come from it, and the draw's seed from the
//! bot's seed and the game's length.

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::play::mix_seed;
use super::{Bot, HeuristicBot};
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::CombatStep;
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::Seat;
use crate::engine::{Action, Event, Game};

/// Re-deals of the seat's view the table is filled from.
const DEALS: u64 = 4;

/// Decisions a combat playout may take at most (a combat rarely takes more than 40).
const PLAYOUT_LIMIT: usize = 200;

/// Rounds of regret matching over the table.
const ROUNDS: usize = 400;

/// The seat's card to play at a `ChooseCard` step of a combat, drawn from the regret-matching
/// strategy, with the strategy (each card's share); `None` when the game is at no such step or
/// the seat has no card to play.
pub(super) fn choose_card(
    game: &Game,
    seat: Seat,
    seed: u64,
) -> Option<(Action, Vec<(Action, f64)>)> {
    let c = game.combat()?;
    let CombatStep::ChooseCard { side } = c.step else {
        return None;
    };
    let mine: Vec<Action> = game.legal_actions();
    if mine.len() <= 1 {
        return mine.first().map(|&a| (a, vec![(a, 1.0)]));
    }
    let faction = game.faction(seat);
    // Won playouts and playouts, by my card (index in `mine`) and the opponent's card name.
    let mut table: Vec<BTreeMap<CardName, (f64, f64)>> = vec![BTreeMap::new(); mine.len()];
    for deal in 0..DEALS {
        let deal_seed = mix_seed(seed, deal);
        let dealt = game.redeal_hidden(Some(seat), deal_seed);
        for (i, &card) in mine.iter().enumerate() {
            let Ok(after) = dealt.after(card) else {
                continue;
            };
            match side {
                // The defender's card follows: each he could play is tried.
                CombatRole::Attacker => {
                    let Some(theirs) = after.combat().map(|c| c.side(side.other()).hand.clone())
                    else {
                        continue;
                    };
                    for action in after.legal_actions() {
                        let Action::PlayCard { card: j } = action else {
                            continue;
                        };
                        let Some(name) = theirs.get(usize::from(j) - 1) else {
                            continue;
                        };
                        let won = play_combat(&after, action, faction, deal_seed ^ u64::from(j));
                        let cell = table[i].entry(name.clone()).or_default();
                        cell.0 += won;
                        cell.1 += 1.0;
                    }
                }
                // The attacker's card is already chosen, face down: this re-deal's guess.
                CombatRole::Defender => {
                    let Some(name) = dealt
                        .combat()
                        .and_then(|c| c.side(side.other()).chosen.clone())
                    else {
                        continue;
                    };
                    let won = play_on(after, faction, deal_seed);
                    let cell = table[i].entry(name).or_default();
                    cell.0 += won;
                    cell.1 += 1.0;
                }
            }
        }
    }
    let strategy = regret_matching(&table);
    let mix: Vec<(Action, f64)> = mine.iter().copied().zip(strategy.iter().copied()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pick: f64 = rng.random_range(0.0..1.0);
    for &(action, p) in &mix {
        if pick < p {
            return Some((action, mix));
        }
        pick -= p;
    }
    let last = *mine.last()?;
    Some((last, mix))
}

/// `action` in `game`, then the combat played out: 1 if `faction` wins it, 0 otherwise.
fn play_combat(game: &Game, action: Action, faction: crate::engine::Faction, seed: u64) -> f64 {
    match game.after(action) {
        Ok(g) => play_on(g, faction, seed),
        Err(_) => 0.0,
    }
}

/// The combat under way in `game` played out by the heuristic player: 1 if `faction` wins
/// it, 0 otherwise (a loss, both sides wiped out, or no result within the limit).
fn play_on(mut game: Game, faction: crate::engine::Faction, seed: u64) -> f64 {
    let mut bot = HeuristicBot::new(seed);
    for _ in 0..PLAYOUT_LIMIT {
        if game.combat().is_none() {
            break;
        }
        let Some(next) = bot.choose(&game) else { break };
        let Ok(events) = game.apply(next) else { break };
        for e in &events {
            match e {
                Event::CombatWon { faction: f, .. } => return f64::from(u8::from(*f == faction)),
                Event::WonAtOnce { attacker, .. } => {
                    return f64::from(u8::from(*attacker == faction));
                }
                Event::WipedOut {} => return 0.0,
                _ => {}
            }
        }
    }
    0.0
}

/// The row player's average strategy after a fixed number of rounds (`ROUNDS`) of regret
/// matching on both sides over `table` (row: the seat's card; column: the opponent's card, by
/// name; the value: the seat's share of wins, the opponent's being the rest). A cell no playout
/// reached counts as the row's mean.
#[must_use]
pub fn regret_matching(table: &[BTreeMap<CardName, (f64, f64)>]) -> Vec<f64> {
    let columns: Vec<&CardName> = {
        let mut all: Vec<&CardName> = table.iter().flat_map(BTreeMap::keys).collect();
        all.sort();
        all.dedup();
        all
    };
    let rows = table.len();
    if columns.is_empty() {
        return vec![1.0 / rows as f64; rows];
    }
    let value: Vec<Vec<f64>> = table
        .iter()
        .map(|row| {
            let (won, n) = row
                .values()
                .fold((0.0, 0.0), |(w, m), (a, b)| (w + a, m + b));
            let mean = if n > 0.0 { won / n } else { 0.0 };
            columns
                .iter()
                .map(|name| match row.get(*name) {
                    Some((w, m)) if *m > 0.0 => w / m,
                    _ => mean,
                })
                .collect()
        })
        .collect();
    let mut regret_row = vec![0.0; rows];
    let mut regret_col = vec![0.0; columns.len()];
    let mut sum_row = vec![0.0; rows];
    for _ in 0..ROUNDS {
        let p = positive_share(&regret_row);
        let q = positive_share(&regret_col);
        // Each pure choice's value against the other side's current mix.
        let row_values: Vec<f64> = value
            .iter()
            .map(|r| r.iter().zip(&q).map(|(v, w)| v * w).sum())
            .collect();
        let col_values: Vec<f64> = (0..columns.len())
            .map(|j| value.iter().zip(&p).map(|(r, w)| (1.0 - r[j]) * w).sum())
            .collect();
        let row_now: f64 = row_values.iter().zip(&p).map(|(v, w)| v * w).sum();
        let col_now: f64 = col_values.iter().zip(&q).map(|(v, w)| v * w).sum();
        for (r, v) in regret_row.iter_mut().zip(&row_values) {
            *r += v - row_now;
        }
        for (r, v) in regret_col.iter_mut().zip(&col_values) {
            *r += v - col_now;
        }
        for (s, w) in sum_row.iter_mut().zip(&p) {
            *s += w;
        }
    }
    let total: f64 = sum_row.iter().sum();
    sum_row.iter().map(|s| s / total).collect()
}

/// The positive parts of `regrets` as shares summing to 1 (uniform when none is positive).
fn positive_share(regrets: &[f64]) -> Vec<f64> {
    let positive: f64 = regrets.iter().map(|r| r.max(0.0)).sum();
    if positive > 0.0 {
        regrets.iter().map(|r| r.max(0.0) / positive).collect()
    } else {
        vec![1.0 / regrets.len() as f64; regrets.len()]
    }
}
