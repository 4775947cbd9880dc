//! A heuristic player. It judges a position by what each faction holds (objective tokens,
//! worlds, units, structures, materiel, assets) minus what its opponents hold, and takes the
//! action that leads to the best position. Orders are placed by how much each could do where
//! it lies; attacks are judged with a quick estimate of the combat from public facts; combat
//! cards, damage and retreats follow rules of thumb. It never looks at hidden information
//! (other players' face-down orders, hands, deck order) and never applies an action whose
//! result depends on a roll before it is taken.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Bot;
use super::estimate::{Estimate, Force, estimate};
use crate::engine::data::Icons;
use crate::engine::rules::CombatTotals;
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::CombatStep;
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{AdvanceStep, OpStep, Phase};
use crate::engine::{Action, DecisionKind, Game, UnitType};

/// Samples of the quick combat estimate behind each attack decision.
const ESTIMATE_SAMPLES: u32 = 48;

/// The heuristic player.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: ChaCha8Rng,
    /// Whether it also plans structures and counts the units it can still buy
    /// ([`HeuristicBot::builder`]).
    builder: bool,
    /// The legal actions of every decision with a choice it was asked, summed: what its
    /// choices cost, for a search that bounds its rollouts' work ([`HeuristicBot::weighed`]).
    weighed: u64,
}

impl HeuristicBot {
    /// A heuristic player; the seed breaks ties and drives its combat estimates.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            builder: false,
            weighed: 0,
        }
    }

    /// The heuristic player that also places and resolves Deploy Orders to buy structures
    /// where it has no factory (a city raises its command level, a factory opens a new place
    /// to deploy), and values a Deploy Order by the units it can still buy (its supply at its
    /// command level) rather than its deploy limit alone: the tree player's rollouts (#31). The
    /// plain player ([`HeuristicBot::new`]) stays as measured, the opponent of the series.
    #[must_use]
    pub fn builder(seed: u64) -> Self {
        HeuristicBot {
            builder: true,
            ..HeuristicBot::new(seed)
        }
    }

    /// The legal actions of every decision with more than one it has been asked so far,
    /// summed: it weighs each of them (a combat estimate, a position judged after it), so this
    /// counts its work in steps of the engine, the same on any machine.
    #[must_use]
    pub fn weighed(&self) -> u64 {
        self.weighed
    }
}

// ----- judging a position -----

/// How many of `faction`'s own objective tokens lie in `area`.
pub(super) fn own_tokens(game: &Game, area: AreaId, faction: Faction) -> usize {
    game.position()
        .area(area)
        .objectives
        .iter()
        .filter(|f| **f == faction)
        .count()
}

/// What a friendly world is worth to `faction`: materiel, asset icons, its own objective tokens.
fn world_worth(game: &Game, area: AreaId, faction: Faction) -> f64 {
    let info = game.board().area(area).and_then(|a| a.world());
    let objectives = own_tokens(game, area, faction) as f64;
    8.0 + info.map_or(0.0, |w| {
        f64::from(w.materiel) * 3.0 + w.assets.len() as f64 * 1.5
    }) + objectives * 70.0
}

fn structure_worth(kind: StructureKind) -> f64 {
    match kind {
        StructureKind::City => 9.0,
        StructureKind::Factory => 8.0,
        StructureKind::Bastion => 5.0,
    }
}

/// How much `faction` holds, in rough materiel-like points.
fn holdings(game: &Game, faction: Faction) -> f64 {
    let Some(seat) = game.seat_of(faction) else {
        return 0.0;
    };
    let p = game.player(seat);
    if p.eliminated {
        return -300.0;
    }
    let mut v = f64::from(p.objectives) * 100.0;
    for world in game.friendly_worlds(faction) {
        v += world_worth(game, world, faction);
    }
    for (&id, area) in &game.position().areas {
        for u in area.units.iter().filter(|u| u.owner() == faction) {
            v += 1.0 + f64::from(game.data().unit(u.unit).cost) * 1.6;
        }
        // Units over the area's capacity will be destroyed (in a contested area, only if the
        // combat is won).
        let over = area
            .count_units(faction)
            .saturating_sub(usize::from(game.capacity(id)));
        v -= over as f64 * if area.is_contested() { 6.0 } else { 20.0 };
        for s in area.structures.iter().filter(|s| s.owner == faction) {
            v += structure_worth(s.kind);
        }
    }
    v += f64::from(p.materiel) * 0.9;
    v += f64::from(p.assets.forge + p.assets.cache + p.assets.reinforcement) * 1.5;
    v += p.order_upgrades.len() as f64 * 3.0;
    v + approach(game, faction)
}

/// A small pull toward the worlds holding the faction's own objective tokens: strength in or
/// next to their system.
fn approach(game: &Game, faction: Faction) -> f64 {
    let pos = game.position();
    let mut v = 0.0;
    for (&area, state) in &pos.areas {
        if !state.objectives.contains(&faction) || game.is_friendly(area, faction) {
            continue;
        }
        let near = |s: SystemId| s == area.system || game.board().systems_adjacent(s, area.system);
        let strength: f64 = pos
            .areas
            .iter()
            .filter(|(a, _)| near(a.system))
            .flat_map(|(_, st)| st.units.iter())
            .filter(|u| u.owner() == faction && !game.is_ship(u.unit))
            .map(|u| f64::from(game.data().unit(u.unit).combat))
            .sum();
        v += strength.min(8.0) * 1.5;
    }
    v
}

/// How good a position is for `seat`: its holdings minus its opponents' on average.
pub(super) fn evaluate(game: &Game, seat: Seat) -> f64 {
    if let Phase::GameOver { winners, .. } = &game.position().phase {
        return if winners.contains(&seat) {
            10_000.0 / winners.len() as f64
        } else {
            -10_000.0
        };
    }
    let me = game.faction(seat);
    let others: Vec<Faction> = game
        .seats()
        .filter(|&s| s != seat && game.is_active(s))
        .map(|s| game.faction(s))
        .collect();
    let theirs = if others.is_empty() {
        0.0
    } else {
        others.iter().map(|&f| holdings(game, f)).sum::<f64>() / others.len() as f64
    };
    holdings(game, me) - theirs
}

// ----- attacks -----

/// The area an Advance in progress has contested, and its defender.
fn contested(game: &Game, a: &AdvanceStep, attacker: Faction) -> Option<(AreaId, Faction)> {
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
    Some((area, defender))
}

/// The expected change in value from fighting the contested area of an Advance, with the
/// attacker's force there plus `joining` units.
fn attack_term(
    game: &Game,
    area: AreaId,
    attacker: Faction,
    defender: Faction,
    joining: &[UnitType],
    rng: &mut ChaCha8Rng,
) -> (f64, Estimate) {
    let att = Force::in_area(game, area, attacker, joining);
    let def = Force::in_area(game, area, defender, &[]);
    let est = estimate(game, &att, &def, ESTIMATE_SAMPLES, rng);
    let mine = world_or_void_worth(game, area, attacker);
    let theirs = world_or_void_worth(game, area, defender);
    let structures: f64 = game
        .position()
        .area(area)
        .structures
        .iter()
        .map(|s| structure_worth(s.kind))
        .sum();
    let opponents = (game.seats().filter(|&s| game.is_active(s)).count() - 1).max(1) as f64;
    let p = est.attacker_wins;
    let value = p * (mine + structures + structures / opponents)
        - (1.0 - p) * (theirs / opponents + att.cost() * 0.4)
        - est.attacker_loss * 1.6
        + est.defender_loss * 1.6 / opponents;
    (value, est)
}

fn world_or_void_worth(game: &Game, area: AreaId, faction: Faction) -> f64 {
    if game
        .board()
        .area(area)
        .is_some_and(crate::engine::rules::board::AreaInfo::is_world)
    {
        world_worth(game, area, faction)
    } else {
        3.0
    }
}

/// Units of the deciding player that could still join `area` in this Advance.
fn could_join(game: &Game, area: AreaId) -> Vec<UnitType> {
    let mut best: Vec<(AreaId, UnitType, u8)> = Vec::new();
    for a in game.legal_actions() {
        if let Action::MoveUnits {
            from,
            to,
            unit,
            count,
        } = a
            && to == area
        {
            match best.iter_mut().find(|(f, u, _)| *f == from && *u == unit) {
                Some(entry) => entry.2 = entry.2.max(count),
                None => best.push((from, unit, count)),
            }
        }
    }
    best.into_iter()
        .flat_map(|(_, u, n)| std::iter::repeat_n(u, usize::from(n)))
        .collect()
}

// ----- planning -----

/// Own tokens already placed this round in `system`, by order.
fn planned(game: &Game, faction: Faction, system: Option<SystemId>, order: Order) -> usize {
    game.position()
        .stacks
        .iter()
        .filter(|(s, _)| system.is_none_or(|x| x == **s))
        .flat_map(|(_, stack)| stack.iter())
        .filter(|t| t.owner == faction && t.order == order)
        .count()
}

/// How much an order placed (or revealed) in `system` could achieve for `seat`.
fn order_worth(
    game: &Game,
    seat: Seat,
    order: Order,
    system: SystemId,
    placing: bool,
    builder: bool,
) -> f64 {
    let faction = game.faction(seat);
    let p = game.player(seat);
    let already = if placing {
        planned(game, faction, Some(system), order) as f64
    } else {
        0.0
    };
    match order {
        Order::Deploy => {
            let limit = f64::from(game.deploy_limit(faction, system));
            let deploys = if placing {
                planned(game, faction, None, Order::Deploy) as f64
            } else {
                0.0
            };
            let materiel = f64::from(p.materiel) - deploys * 5.0;
            if builder {
                return deploy_worth(game, seat, system, limit, materiel) - already * 6.0;
            }
            if limit <= 0.0 || materiel < 2.0 {
                return -5.0;
            }
            let front = at_front(game, seat, system);
            4.0 + limit.min(materiel / 2.5) * 3.0 + if front { 2.0 } else { 0.0 } - already * 6.0
        }
        Order::Dominate => {
            let max = game.data().components.max_assets_each;
            let icons: f64 = game
                .board()
                .areas_of(system)
                .filter(|a| game.is_friendly(a.id, faction))
                .filter_map(|a| a.world())
                .flat_map(|w| w.assets.iter())
                .map(|&a| {
                    if p.assets.get(a) < max || a == crate::engine::Asset::Prosperity {
                        2.5
                    } else {
                        0.3
                    }
                })
                .sum();
            let ability = match faction {
                Faction::Ultramarines => {
                    let upgradable = game
                        .board()
                        .areas_of(system)
                        .flat_map(|a| game.position().area(a.id).units.iter())
                        .any(|u| matches!(u.unit, UnitType::Scout | UnitType::SpaceMarine));
                    if upgradable && p.materiel > 0 {
                        3.0
                    } else {
                        0.0
                    }
                }
                _ => 0.5,
            };
            if game.has_presence(faction, system) {
                icons + ability - already * 8.0
            } else {
                -3.0
            }
        }
        Order::Strategize => {
            if game.has_presence(faction, system) && p.materiel >= 3 {
                2.5 - already * 4.0
            } else {
                1.0 - already * 2.0
            }
        }
        Order::Advance => advance_worth(game, faction, system) - already * 6.0,
    }
}

/// Whether another seat has units in `system` or a system next to it: units deployed there
/// meet the enemy soon.
fn at_front(game: &Game, seat: Seat, system: SystemId) -> bool {
    game.board()
        .system_neighbours(system)
        .chain(std::iter::once(system))
        .any(|s| {
            game.seats()
                .filter(|&o| o != seat)
                .any(|o| game.has_presence(game.faction(o), s))
        })
}

/// What a Deploy Order in `system` could buy for `seat` with `materiel` to spend and `limit`
/// units at most ([`HeuristicBot::builder`]): units it still has in its supply at its command
/// level, and a structure on a friendly world without one.
fn deploy_worth(game: &Game, seat: Seat, system: SystemId, limit: f64, materiel: f64) -> f64 {
    let faction = game.faction(seat);
    let level = game.command_level(faction);
    let buyable: usize = game
        .data()
        .faction(faction)
        .units
        .iter()
        .filter(|u| u.level <= level)
        .map(|u| game.units_in_supply(u.unit))
        .sum();
    let units = limit.min(materiel / 2.5).min(buyable as f64).max(0.0);
    let room = game.board().areas_of(system).any(|a| {
        a.is_world()
            && game.is_friendly(a.id, faction)
            && game.position().area(a.id).structures.is_empty()
    });
    // A city when the command level still bars units, else a factory or a bastion.
    let structure = if !room || materiel < 2.0 {
        0.0
    } else if materiel >= 3.0 && level < 3 {
        4.0 + if buyable == 0 { 3.0 } else { 0.0 }
    } else {
        2.5
    };
    if units <= 0.0 && structure <= 0.0 {
        return -5.0;
    }
    let front = at_front(game, seat, system);
    let buy = if units > 0.0 {
        4.0 + units * 3.0 + if front { 2.0 } else { 0.0 }
    } else {
        0.0
    };
    buy + structure
}

/// The combat of the deciding faction's unrouted units that an Advance into `target`'s system
/// could bring there: from the system itself and the best one adjacent system, along legal
/// paths for ground units (ships need only no storm in the way).
fn reach(game: &Game, faction: Faction, target: AreaId) -> f64 {
    let system = target.system;
    let world = game
        .board()
        .area(target)
        .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
    let pos = game.position();
    let from_system = |source: SystemId| -> f64 {
        let mut total = 0.0;
        for a in game.board().areas_of(source) {
            if a.is_world() != world || a.id == target {
                continue;
            }
            let force: f64 = pos
                .area(a.id)
                .units
                .iter()
                .filter(|u| u.owner() == faction && !u.routed)
                .map(|u| f64::from(game.data().unit(u.unit).combat))
                .sum();
            if force <= 0.0 {
                continue;
            }
            let ok = if world {
                game.board().has_ground_path(
                    a.id,
                    target,
                    &[source, system],
                    |e| pos.storm_at(e),
                    |x| game.is_friendly(x, faction),
                )
            } else {
                source == system || !storm_between(game, source, system)
            };
            if ok {
                total += force;
            }
        }
        total
    };
    let here = from_system(system);
    let best_neighbour = game
        .board()
        .system_neighbours(system)
        .map(from_system)
        .fold(0.0, f64::max);
    here + best_neighbour
}

fn storm_between(game: &Game, s: SystemId, t: SystemId) -> bool {
    let edge = crate::engine::rules::board::Board::edge_between(
        AreaId::new(s, crate::engine::state::ids::Quadrant::Nw),
        AreaId::new(t, crate::engine::state::ids::Quadrant::Nw),
    );
    edge.is_some_and(|e| game.position().storm_at(e))
}

/// What an Advance into `system` could gain: empty worlds to take, own objectives to reach,
/// enemy worlds weak enough to attack.
fn advance_worth(game: &Game, faction: Faction, system: SystemId) -> f64 {
    let pos = game.position();
    let mut best: f64 = -5.0;
    let mut total = 0.0;
    for a in game.board().areas_of(system) {
        let state = pos.area(a.id);
        let owners = state.factions();
        if owners.single() == Some(faction) {
            continue;
        }
        let force = reach(game, faction, a.id);
        if force <= 0.0 {
            continue;
        }
        let worth = if a.is_world() {
            world_worth(game, a.id, faction)
        } else {
            2.0
        };
        let gain = if owners.is_empty() {
            worth * 0.6
        } else {
            let enemy: f64 = state
                .units
                .iter()
                .filter(|u| u.owner() != faction && !u.routed)
                .map(|u| f64::from(game.data().unit(u.unit).combat) + 1.0)
                .sum::<f64>()
                + state
                    .structures
                    .iter()
                    .filter(|s| s.kind == StructureKind::Bastion)
                    .count() as f64
                    * 4.0;
            let odds = (force / (force + enemy * 1.3)).clamp(0.0, 1.0);
            worth * odds * odds - 2.0
        };
        best = best.max(gain);
        total += gain.max(0.0);
    }
    best * 0.8 + total * 0.2
}

// ----- combat -----

/// The icons of the cards a side has played so far and the card chosen.
fn card_icons(game: &Game, name: &str) -> Icons {
    game.data()
        .combat_cards
        .iter()
        .find(|c| c.name == name)
        .map(|c| c.icons)
        .unwrap_or_default()
}

/// The value of playing a card now: offence that gets through, defence that stops damage
/// (each counts in every round left), morale in the last round or when morale will decide.
fn card_worth(round: u8, me: CombatTotals, them: CombatTotals, icons: Icons) -> f64 {
    let rounds_left = f64::from(4u8.saturating_sub(round.max(1)));
    let off = if me.offence + 1 > them.defence {
        1.0
    } else {
        0.3
    };
    let def = if them.offence + 1 > me.defence {
        1.0
    } else {
        0.3
    };
    let morale = if round >= 3 { 2.5 } else { 0.6 };
    f64::from(icons.offence) * off * rounds_left
        + f64::from(icons.defence) * def * rounds_left
        + f64::from(icons.morale) * morale
}

impl HeuristicBot {
    fn combat_choice(&mut self, game: &Game, legal: &[Action]) -> Option<Action> {
        let c = game.combat()?;
        match c.step {
            CombatStep::Reinforce { side } => {
                let max = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Reinforce { count } => Some(*count),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                // The dice are rolled: commit every token unless the combat is already
                // decided one way or the other by morale and damage.
                let me = game.combat_totals(c, side);
                let them = game.combat_totals(c, side.other());
                let doubt = me.morale <= them.morale + 3
                    || them.offence > me.defence + 1
                    || me.offence + 1 < them.defence;
                let count = if doubt { max } else { 0 };
                Some(Action::Reinforce { count })
            }
            CombatStep::ChooseCard { side } => {
                let hand = &c.side(side).hand;
                let me = game.combat_totals(c, side);
                let them = game.combat_totals(c, side.other());
                legal
                    .iter()
                    .copied()
                    .map(|a| {
                        let worth = match a {
                            Action::PlayCard { card } => hand
                                .get(usize::from(card).saturating_sub(1))
                                .map_or(0.0, |n| {
                                    card_worth(c.round, me, them, card_icons(game, n))
                                }),
                            _ => 0.0,
                        };
                        (worth + self.rng.random_range(0.0..0.01), a)
                    })
                    .max_by(|x, y| x.0.total_cmp(&y.0))
                    .map(|(_, a)| a)
            }
            CombatStep::AssignDamage { remaining, .. } => {
                Some(assign_damage(game, legal, remaining))
            }
            CombatStep::Resolve { .. } => legal.first().copied(),
            CombatStep::Retreat { side } => {
                let faction = c.side(side).faction?;
                legal.iter().copied().max_by_key(|a| match a {
                    Action::Retreat { area } => {
                        let s = game.position().area(*area);
                        let cap = usize::from(game.capacity(*area));
                        let room = cap.saturating_sub(s.count_units(faction));
                        (room.min(8), s.count_units(faction))
                    }
                    _ => (0, 0),
                })
            }
        }
    }

    /// Whether to resolve a revealed order or put it on the event deck.
    fn resolve_or_event(game: &Game, seat: Seat, builder: bool) -> Option<Action> {
        let Phase::Operations {
            step: OpStep::Revealed { system, order },
            ..
        } = &game.position().phase
        else {
            return None;
        };
        let worth = order_worth(game, seat, *order, *system, false, builder);
        Some(if worth > 0.5 || *order == Order::Strategize {
            Action::Resolve
        } else {
            Action::ToEventDeck
        })
    }

    /// Scores one action of an Advance: the position it leads to, plus the expected result of
    /// the combat it prepares (with every unit that could still join counted for a move).
    fn advance_score(&mut self, game: &Game, a: &AdvanceStep, action: Action, seat: Seat) -> f64 {
        let faction = game.faction(seat);
        if action == Action::Done && a.ground_stage {
            if let Some((area, defender)) = contested(game, a, faction) {
                let (term, _) = attack_term(game, area, faction, defender, &[], &mut self.rng);
                return evaluate(game, seat) + term;
            }
            return evaluate(game, seat) + strike_worth(game, a.system, faction);
        }
        let Ok(next) = game.after(action) else {
            return f64::MIN;
        };
        let Phase::Operations {
            step: OpStep::Advance(na),
            ..
        } = &next.position().phase
        else {
            return evaluate(&next, seat);
        };
        let mut v = evaluate(&next, seat);
        if let Some((area, defender)) = contested(&next, na, faction) {
            let joining = could_join(&next, area);
            let (term, _) = attack_term(&next, area, faction, defender, &joining, &mut self.rng);
            v += term;
        }
        if !na.ground_stage {
            v += ground_prospects(&next, na, faction);
        }
        v
    }

    /// A choice a combat card's ability asks for: the one that leaves the chooser's side with
    /// the best offence, defence and morale against the other's, and the most units left in
    /// the fight against the other's (a quick measure: combat odds ask this thousands of times).
    fn card_choice(game: &Game, legal: &[Action], seat: Seat) -> Option<Action> {
        let faction = game.faction(seat);
        let edge = |g: &Game| -> f64 {
            let Some(c) = g.combat() else {
                return evaluate(g, seat);
            };
            let units = g.position().area(c.area);
            let mine = units.count_units(faction) as f64;
            let theirs = units.units.len() as f64 - mine;
            let role = if c.attacker.faction == Some(faction) {
                CombatRole::Attacker
            } else {
                CombatRole::Defender
            };
            let me = g.combat_totals(c, role);
            let them = g.combat_totals(c, role.other());
            f64::from(me.offence) + f64::from(me.defence) + f64::from(me.morale) * 0.5
                - f64::from(them.offence)
                - f64::from(them.defence)
                - f64::from(them.morale) * 0.5
                + (mine - theirs) * 2.0
        };
        legal
            .iter()
            .copied()
            .map(|a| {
                let s = game.after(a).map_or(f64::MIN, |next| edge(&next));
                (s, a)
            })
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, a)| a)
    }

    /// Scores an action by the position it leads to.
    fn score(game: &Game, action: Action, seat: Seat) -> f64 {
        game.after(action)
            .map_or(f64::MIN, |next| evaluate(&next, seat))
    }
}

/// What the ships in the active system could do with an orbital strike after the Advance.
fn strike_worth(game: &Game, system: SystemId, faction: Faction) -> f64 {
    let _ = (game, system, faction);
    0.0
}

/// During ship movement: how much the ground units could gain in the active system once the
/// ships are placed (empty worlds and own objectives they could reach, enemies to attack).
fn ground_prospects(game: &Game, a: &AdvanceStep, faction: Faction) -> f64 {
    if a.ground_stage {
        return 0.0;
    }
    let Ok(next) = game.after(Action::Done) else {
        return 0.0;
    };
    let mut targets: Vec<AreaId> = next
        .legal_actions()
        .into_iter()
        .filter_map(|x| match x {
            Action::MoveUnits { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    targets.sort();
    targets.dedup();
    targets
        .into_iter()
        .map(|t| {
            let state = next.position().area(t);
            if state.factions().is_empty() {
                world_worth(&next, t, faction) * 0.3
            } else if state.factions().contains(faction) {
                0.0
            } else {
                world_worth(&next, t, faction) * 0.15
            }
        })
        .sum()
}

/// Damage goes first where it is absorbed without loss (a bastion or a unit that survives it,
/// routed), then to the cheapest unit.
fn assign_damage(game: &Game, legal: &[Action], remaining: u8) -> Action {
    let data = game.data();
    let key = |a: &Action| -> (u32, u32) {
        match a {
            Action::Damage {
                target: DamageTarget::Bastion,
            } => {
                if remaining < data.structure(StructureKind::Bastion).health {
                    (0, 0)
                } else {
                    (3, 30)
                }
            }
            Action::Damage {
                target: DamageTarget::Unit { unit, routed },
            } => {
                let d = data.unit(*unit);
                if d.health > remaining && !routed {
                    (1, u32::from(d.morale) * 10 + u32::from(d.cost))
                } else {
                    (2, u32::from(d.cost) * 10 + u32::from(d.combat))
                }
            }
            Action::Damage {
                target: DamageTarget::Reinforcement { .. },
            } => (2, 5),
            _ => (9, 0),
        }
    };
    legal
        .iter()
        .copied()
        .min_by_key(key)
        .unwrap_or(Action::Done)
}

impl Bot for HeuristicBot {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        let legal = game.legal_actions();
        let decision = game.decision()?;
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        self.weighed += legal.len() as u64;
        let seat = decision.seat;
        match decision.kind {
            DecisionKind::Reinforce
            | DecisionKind::ChooseCombatCard
            | DecisionKind::AssignDamage
            | DecisionKind::Retreat => return self.combat_choice(game, &legal),
            // A card's ability helps its owner: use it.
            DecisionKind::CardAbility | DecisionKind::AmbushSave => {
                return legal
                    .iter()
                    .copied()
                    .find(|a| *a != Action::Done)
                    .or(legal.first().copied());
            }
            DecisionKind::CardChoice | DecisionKind::OpponentCardChoice => {
                return Self::card_choice(game, &legal, seat);
            }
            DecisionKind::AssignStrikeDamage => {
                return legal.iter().copied().min_by_key(|a| match a {
                    Action::Damage {
                        target: DamageTarget::Unit { unit, .. },
                    } => game.data().unit(*unit).cost,
                    _ => u8::MAX,
                });
            }
            // Orbital strikes roll dice: strike when any target is offered.
            DecisionKind::OrbitalStrike => return legal.first().copied(),
            // Events and storms draw or shuffle: take the first card, move the storm anywhere.
            DecisionKind::ChooseEvent | DecisionKind::MoveStorm | DecisionKind::EventAbility => {
                return legal.first().copied();
            }
            DecisionKind::ResolveOrEventDeck => {
                return Self::resolve_or_event(game, seat, self.builder);
            }
            DecisionKind::PlaceOrder | DecisionKind::RevealOrder => {
                let placing = decision.kind == DecisionKind::PlaceOrder;
                let mut best: Option<(f64, Action)> = None;
                for &action in &legal {
                    let (order, system) = match action {
                        Action::Place { order, system } => (order, system),
                        Action::Reveal { system } => {
                            let Some(order) = game
                                .position()
                                .stacks
                                .get(&system)
                                .and_then(|s| s.last())
                                .map(|t| t.order)
                            else {
                                continue;
                            };
                            (order, system)
                        }
                        _ => continue,
                    };
                    // Deploy before moving, move before dominating.
                    let first = if placing {
                        0.0
                    } else {
                        match order {
                            Order::Deploy => 3.0,
                            Order::Advance => 2.0,
                            Order::Strategize => 1.0,
                            Order::Dominate => 0.0,
                        }
                    };
                    let s = order_worth(game, seat, order, system, placing, self.builder)
                        + first
                        + self.rng.random_range(0.0..1.0);
                    if best.is_none_or(|(b, _)| s > b) {
                        best = Some((s, action));
                    }
                }
                return best.map(|(_, a)| a);
            }
            _ => {}
        }
        let advance = match &game.position().phase {
            Phase::Operations {
                step: OpStep::Advance(a),
                ..
            } => Some(a.clone()),
            _ => None,
        };
        let mut best: Option<(f64, Action)> = None;
        for &action in &legal {
            let noise = self.rng.random_range(0.0..0.3);
            let s = match &advance {
                Some(a) => self.advance_score(game, a, action, seat),
                None => Self::score(game, action, seat),
            } + noise;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, action));
            }
        }
        best.map(|(_, a)| a)
    }
}
