//! Combat odds: the chance the attacker wins a combat and the losses each side may expect,
//! estimated by playing the combat out many times with the heuristic player on both sides
//! ([`combat_odds`]) or another computer player, such as the search player
//! ([`combat_odds_with`]). Each playout starts from the game as one seat knows it: what he
//! cannot see (the opponent's hand, deck orders, the dice still to roll) is dealt anew with
//! [`Game::redeal_hidden`]; the players in the playout see only that re-dealt game.

use std::fmt;

use super::play::mix_seed;
use super::{Bot, BotKind};
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{AreaId, Faction, Seat};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::{Action, Game};

/// Playouts a caller that wants an answer in a blink should ask for: about 0.1-0.2 s in a
/// release build on two cores, for a win chance within about 3 points (95% of the time).
pub const DEFAULT_SAMPLES: u32 = 1000;

/// Playouts to ask for with search players on both sides: each of their decisions costs as
/// many heuristic playouts as their budget, so far fewer fit in the same time (a win chance
/// within about 12 points).
pub const SEARCH_SAMPLES: u32 = 64;

/// The estimated outcome of a combat.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct CombatOdds {
    /// The contested area.
    pub area: AreaId,
    /// The attacking faction.
    pub attacker: Faction,
    /// The defending faction.
    pub defender: Faction,
    /// Chance the attacker wins (0-1).
    pub attacker_wins: f64,
    /// Chance the defender wins (0-1).
    pub defender_wins: f64,
    /// Chance both sides are wiped out and nobody wins (0-1).
    pub nobody_wins: f64,
    /// The attacker's expected units destroyed (in the combat and for want of a retreat).
    pub attacker_losses: f64,
    /// The defender's expected units destroyed.
    pub defender_losses: f64,
    /// The number of playouts behind the figures.
    pub samples: u32,
}

impl fmt::Display for CombatOdds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} wins {:.0}% (loses {:.1} units), {} holds {:.0}% (loses {:.1} units)",
            self.attacker.name(),
            self.attacker_wins * 100.0,
            self.attacker_losses,
            self.defender.name(),
            self.defender_wins * 100.0,
            self.defender_losses
        )?;
        if self.nobody_wins > 0.0 {
            write!(f, ", both wiped out {:.0}%", self.nobody_wins * 100.0)?;
        }
        Ok(())
    }
}

/// The combat the game is in, or the one finishing the current Advance would start: its area,
/// attacker and defender.
fn pending_combat(game: &Game) -> Option<(AreaId, Faction, Faction)> {
    if let Some(c) = game.combat() {
        return Some((
            c.area,
            c.side(CombatRole::Attacker).faction?,
            c.side(CombatRole::Defender).faction?,
        ));
    }
    let Phase::Operations {
        turn,
        step: OpStep::Advance(a),
    } = &game.position().phase
    else {
        return None;
    };
    let attacker = game.faction(*turn);
    let area = a
        .moves
        .iter()
        .map(|m| m.to)
        .find(|&to| game.position().area(to).is_contested())?;
    let defender = game
        .position()
        .area(area)
        .factions()
        .into_iter()
        .find(|f| *f != attacker)?;
    Some((area, attacker, defender))
}

/// Estimates the combat in progress, or the one that ending the current Advance now (moving
/// nothing more) would start, as `viewer` knows the game (`None`: a spectator, who knows
/// neither hand). `samples` playouts are made with the heuristic player on both sides, each
/// seeded from `seed`, so the same call gives the same answer. `None` when there is no such
/// combat.
#[must_use]
pub fn combat_odds(
    game: &Game,
    viewer: Option<Seat>,
    samples: u32,
    seed: u64,
) -> Option<CombatOdds> {
    combat_odds_with(game, viewer, samples, seed, BotKind::Heuristic)
}

/// [`combat_odds`] with `player` deciding for both sides in the playouts (`BotKind::Search(8)`:
/// a search player of 8 iterations a decision, slower and, it is hoped, closer to how a
/// thoughtful player fights). The same call gives the same answer, except with a search player
/// on a time budget, whose choices depend on the machine's speed.
#[must_use]
pub fn combat_odds_with(
    game: &Game,
    viewer: Option<Seat>,
    samples: u32,
    seed: u64,
    player: BotKind,
) -> Option<CombatOdds> {
    let (area, attacker, defender) = pending_combat(game)?;
    let samples = samples.max(1);
    let (att_before, def_before) = (game.units_of(attacker), game.units_of(defender));
    let mut odds = CombatOdds {
        area,
        attacker,
        defender,
        attacker_wins: 0.0,
        defender_wins: 0.0,
        nobody_wins: 0.0,
        attacker_losses: 0.0,
        defender_losses: 0.0,
        samples,
    };
    // Playouts are shared out over the cores; counts are summed as integers, so the answer
    // does not depend on how they were shared.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let jobs = u32::try_from(cores.clamp(1, 8)).unwrap_or(1);
    let jobs = jobs.min(samples.div_ceil(64)).max(1);
    let run = |range: std::ops::Range<u32>| {
        let mut t = Tally::default();
        for i in range {
            let s = mix_seed(seed, u64::from(i));
            let mut g = game.redeal_hidden(viewer, s);
            let mut bot = player.build(s ^ 0x5eed);
            match play_combat(&mut g, bot.as_mut()) {
                Some(CombatRole::Attacker) => t.attacker += 1,
                Some(CombatRole::Defender) => t.defender += 1,
                None => t.nobody += 1,
            }
            t.attacker_lost += att_before.saturating_sub(g.units_of(attacker)) as u64;
            t.defender_lost += def_before.saturating_sub(g.units_of(defender)) as u64;
        }
        t
    };
    let chunk = samples.div_ceil(jobs);
    let tally = if jobs == 1 {
        run(0..samples)
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs)
                .map(|j| {
                    let range = (j * chunk).min(samples)..((j + 1) * chunk).min(samples);
                    scope.spawn(move || run(range))
                })
                .collect();
            handles
                .into_iter()
                .filter_map(|h| h.join().ok())
                .fold(Tally::default(), Tally::add)
        })
    };
    odds.attacker_wins = tally.attacker as f64;
    odds.defender_wins = tally.defender as f64;
    odds.nobody_wins = tally.nobody as f64;
    odds.attacker_losses = tally.attacker_lost as f64;
    odds.defender_losses = tally.defender_lost as f64;
    let n = f64::from(samples);
    odds.attacker_wins /= n;
    odds.defender_wins /= n;
    odds.nobody_wins /= n;
    odds.attacker_losses /= n;
    odds.defender_losses /= n;
    Some(odds)
}

/// Counts over a share of the playouts.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    attacker: u64,
    defender: u64,
    nobody: u64,
    attacker_lost: u64,
    defender_lost: u64,
}

impl Tally {
    fn add(self, o: Tally) -> Tally {
        Tally {
            attacker: self.attacker + o.attacker,
            defender: self.defender + o.defender,
            nobody: self.nobody + o.nobody,
            attacker_lost: self.attacker_lost + o.attacker_lost,
            defender_lost: self.defender_lost + o.defender_lost,
        }
    }
}

/// Plays the pending combat to its end with `bot` deciding for both sides; returns the winner
/// the combat decided (the engine's record of it), whoever is left in the area. A combat a
/// card starts afterwards (Wave Serpent) is not played.
fn play_combat(game: &mut Game, bot: &mut dyn Bot) -> Option<CombatRole> {
    // Before the combat: end the Advance (ship movement, then ground movement).
    for _ in 0..2 {
        if game.combat().is_some() {
            break;
        }
        if game.apply(Action::Done).is_err() {
            return None;
        }
    }
    let area = game.combat()?.area;
    for _ in 0..200 {
        if game.combat().is_none_or(|c| c.area != area) {
            break;
        }
        let Some(action) = bot.choose(game) else {
            break;
        };
        if game.apply(action).is_err() {
            break;
        }
    }
    if game.combat().is_some_and(|c| c.area == area) {
        // Not finished within the bound: no result to count.
        return None;
    }
    game.position()
        .last_combat
        .filter(|o| o.area == area)
        .and_then(|o| o.winner)
}
