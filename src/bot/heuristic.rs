//! A heuristic player: scores each legal action by the position it leads to (objectives,
//! worlds, materiel, units) and takes the best, with small tie-breaking noise. Actions whose
//! outcome is random (starting a combat, an orbital strike) are scored from what is known
//! before the roll; combat choices follow simple rules of thumb.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Bot;
use crate::engine::action::DamageTarget;
use crate::engine::combat::{CombatRole, CombatStep};
use crate::engine::ids::{Faction, Order, StructureKind};
use crate::engine::phase::{OpStep, Phase};
use crate::engine::{Action, DecisionKind, Game};

/// The heuristic player.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: ChaCha8Rng,
}

impl HeuristicBot {
    /// A heuristic player; the seed only breaks ties.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// How good a position is for `faction`.
fn value(game: &Game, faction: Faction) -> f64 {
    let Some(seat) = game.seat_of(faction) else {
        return 0.0;
    };
    let p = game.player(seat);
    if p.eliminated {
        return -1000.0;
    }
    if let Phase::GameOver { winners, .. } = &game.position().phase {
        return if winners.contains(&seat) {
            1000.0
        } else {
            -1000.0
        };
    }
    let mut v = f64::from(p.objectives) * 60.0;
    for world in game.friendly_worlds(faction) {
        let w = game.board().area(world).and_then(|a| a.world().cloned());
        let area = game.position().area(world);
        v += 10.0
            + w.as_ref()
                .map_or(0.0, |w| f64::from(w.materiel) * 3.0 + w.assets.len() as f64);
        // An own objective token on a friendly world is collected at the next Refresh.
        v += area.objectives.iter().filter(|f| **f == faction).count() as f64 * 40.0;
    }
    for area in game.position().areas.values() {
        for u in area.units.iter().filter(|u| u.owner() == faction) {
            let d = game.data().unit(u.unit);
            v += 2.0 + f64::from(d.combat) * 1.5 + f64::from(d.health) * 0.5;
        }
        for s in area.structures.iter().filter(|s| s.owner == faction) {
            v += match s.kind {
                StructureKind::City => 9.0,
                StructureKind::Factory => 7.0,
                StructureKind::Bastion => 4.0,
            };
        }
    }
    v += f64::from(p.materiel) * 0.6;
    v += f64::from(p.assets.forge + p.assets.cache + p.assets.reinforcement) * 1.5;
    v += p.order_upgrades.len() as f64 * 3.0;
    v
}

/// How promising an order is in a system, judged when placing it.
fn planning_score(
    game: &Game,
    faction: Faction,
    order: Order,
    system: crate::engine::ids::SystemId,
) -> f64 {
    let pos = game.position();
    let mine_here = game.has_presence(faction, system);
    let worlds: Vec<_> = game
        .board()
        .areas_of(system)
        .filter(|a| a.is_world())
        .collect();
    match order {
        Order::Deploy => {
            let limit = f64::from(game.deploy_limit(faction, system));
            let materiel = game.seat_of(faction).map_or(0, |s| game.player(s).materiel);
            if limit > 0.0 && materiel >= 2 {
                6.0 + limit.min(f64::from(materiel) / 2.0)
            } else {
                -5.0
            }
        }
        Order::Dominate => {
            let icons: usize = worlds
                .iter()
                .filter(|a| game.is_friendly(a.id, faction))
                .filter_map(|a| a.world())
                .map(|w| w.assets.len())
                .sum();
            if icons > 0 {
                2.0 + icons as f64 * 2.0
            } else if mine_here {
                0.5
            } else {
                -3.0
            }
        }
        Order::Strategize => {
            if mine_here {
                2.0
            } else {
                0.5
            }
        }
        Order::Advance => {
            let own_nearby = mine_here
                || game
                    .board()
                    .system_neighbours(system)
                    .any(|n| game.has_presence(faction, n));
            if !own_nearby {
                return -5.0;
            }
            worlds
                .iter()
                .map(|a| {
                    let state = pos.area(a.id);
                    let objective =
                        state.objectives.iter().filter(|f| **f == faction).count() as f64 * 6.0;
                    let open = if state.factions().is_empty() {
                        3.0
                    } else if !state.factions().contains(&faction) {
                        1.5
                    } else {
                        0.0
                    };
                    objective + open
                })
                .sum::<f64>()
        }
    }
}

/// Strength of a faction's pieces in an area: dice and morale, bastions included.
fn strength(game: &Game, area: crate::engine::ids::AreaId, faction: Faction) -> f64 {
    let a = game.position().area(area);
    let units: f64 = a
        .units
        .iter()
        .filter(|u| u.owner() == faction && !u.routed)
        .map(|u| {
            let d = game.data().unit(u.unit);
            f64::from(d.combat) + f64::from(d.morale) * 0.5 + f64::from(d.health) * 0.5
        })
        .sum();
    let bastions = a
        .structures
        .iter()
        .filter(|s| s.owner == faction && s.kind == StructureKind::Bastion)
        .count();
    units + bastions as f64 * 4.0
}

impl HeuristicBot {
    fn combat_choice(game: &Game, legal: &[Action]) -> Option<Action> {
        let c = game.combat()?;
        match c.step {
            CombatStep::Reinforce { .. } => legal.iter().copied().max_by_key(|a| match a {
                Action::Reinforce { count } => *count,
                _ => 0,
            }),
            CombatStep::ChooseCard { side } => {
                let hand = &c.side(side).hand;
                let last = c.round >= 3;
                legal.iter().copied().max_by_key(|a| {
                    let Action::PlayCard { card } = a else {
                        return 0;
                    };
                    let Some(card) = hand
                        .get(usize::from(*card) - 1)
                        .and_then(|n| game.data().combat_cards.iter().find(|x| &x.name == n))
                    else {
                        return 0;
                    };
                    let i = card.icons;
                    u32::from(i.offence) * 3
                        + u32::from(i.defence) * 2
                        + u32::from(i.morale) * if last { 4 } else { 1 }
                })
            }
            CombatStep::AssignDamage { side, remaining } => {
                let _ = side;
                // Spend the damage on what is cheapest to lose: tokens, then bastions that
                // survive it, then the least valuable unit.
                legal.iter().copied().min_by_key(|a| match a {
                    Action::Damage {
                        target: DamageTarget::Reinforcement { .. },
                    } => 0,
                    Action::Damage {
                        target: DamageTarget::Bastion,
                    } => {
                        if remaining < game.data().structure(StructureKind::Bastion).health {
                            1
                        } else {
                            50
                        }
                    }
                    Action::Damage {
                        target: DamageTarget::Unit { unit, .. },
                    } => {
                        let d = game.data().unit(*unit);
                        10 + u32::from(d.cost) * 4 + u32::from(d.combat)
                    }
                    _ => 100,
                })
            }
            CombatStep::Retreat { .. } => legal.first().copied(),
        }
    }

    /// Scores an action by the position it leads to, without peeking at rolls or draws.
    fn score(&mut self, game: &Game, action: Action, faction: Faction) -> f64 {
        let noise = self.rng.random_range(0.0..0.5);
        // Starting a combat: judge the odds from the pieces, not from the dice to come.
        if let (
            Phase::Operations {
                step: OpStep::Advance(a),
                ..
            },
            Action::Done,
        ) = (&game.position().phase, action)
            && a.ground_stage
            && let Some(area) = game.advance_contested(a)
        {
            let enemy = game
                .position()
                .area(area)
                .factions()
                .into_iter()
                .find(|f| *f != faction);
            let mine = strength(game, area, faction);
            let theirs = enemy.map_or(0.0, |e| strength(game, area, e));
            return value(game, faction) + (mine - theirs * 1.2) * 3.0 + noise;
        }
        let mut next = game.clone();
        if next.apply(action).is_err() {
            return f64::MIN;
        }
        value(&next, faction) + noise
    }
}

impl Bot for HeuristicBot {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        let legal = game.legal_actions();
        let decision = game.decision()?;
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let faction = game.faction(decision.seat);
        match decision.kind {
            DecisionKind::Reinforce
            | DecisionKind::ChooseCombatCard
            | DecisionKind::AssignDamage
            | DecisionKind::Retreat => {
                return Self::combat_choice(game, &legal);
            }
            // Orbital strikes roll dice: strike when any target is offered.
            DecisionKind::OrbitalStrike => return legal.first().copied(),
            // Events and storms draw or shuffle: use a scheme or tactic, move any storm.
            DecisionKind::ChooseEvent | DecisionKind::MoveStorm | DecisionKind::EventAbility => {
                return legal.first().copied();
            }
            DecisionKind::ResolveOrEventDeck => {
                // Resolve what can do something; park the rest on the event deck.
                if let Phase::Operations {
                    step: OpStep::Revealed { system, order },
                    ..
                } = &game.position().phase
                {
                    let useful = match order {
                        Order::Deploy => game.deploy_limit(faction, *system) > 0,
                        Order::Strategize => true,
                        _ => game.has_presence(faction, *system) || *order == Order::Advance,
                    };
                    return Some(if useful {
                        Action::Resolve
                    } else {
                        Action::ToEventDeck
                    });
                }
            }
            _ => {}
        }
        if decision.kind == DecisionKind::PlaceOrder {
            let mut best: Option<(f64, Action)> = None;
            for &action in &legal {
                let Action::Place { order, system } = action else {
                    continue;
                };
                let s =
                    planning_score(game, faction, order, system) + self.rng.random_range(0.0..1.0);
                if best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, action));
                }
            }
            return best.map(|(_, a)| a);
        }
        let _ = CombatRole::Attacker;
        let mut best: Option<(f64, Action)> = None;
        for &action in &legal {
            let s = self.score(game, action, faction);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, action));
            }
        }
        best.map(|(_, a)| a)
    }
}
