//! Orbital strikes (Rules Reference: Orbital Strike): after ships move, a player with ships in
//! a void may strike an adjacent enemy world without a bastion once per void; the world's owner
//! assigns the damage, which destroys units or is ignored (no rout). Strikes with order
//! upgrades or schemes run in `upgrades.rs`.

use super::{Action, Event, Game, RuleError};
use crate::engine::rules::Dice;
use crate::engine::rules::board::AreaInfo;
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::OrbitalStrikeState;
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::rule::Rule;
use crate::engine::state::unit_type::UnitType;

impl Game {
    pub(super) fn orbital_choices(&self, turn: Seat, system: SystemId, out: &mut Vec<Action>) {
        let f = self.faction(turn);
        for void in self
            .board
            .areas_of(system)
            .filter(|a| !a.is_world())
            .map(|a| a.id)
        {
            let ships = self
                .pos
                .area(void)
                .units
                .iter()
                .any(|u| u.owner() == f && !u.routed);
            if !ships {
                continue;
            }
            for world in self
                .board
                .area_neighbours(void)
                .filter(|w| w.system == system)
            {
                let state = self.pos.area(world);
                let enemy = state.units.iter().any(|u| u.owner() != f);
                let bastion = state
                    .structures
                    .iter()
                    .any(|s| s.kind == StructureKind::Bastion);
                if self
                    .board
                    .area(world)
                    .is_some_and(crate::engine::rules::board::AreaInfo::is_world)
                    && enemy
                    && !bastion
                {
                    out.push(Action::Strike { void, world });
                }
            }
        }
        out.push(Action::Done);
    }

    pub(super) fn apply_orbital_choice(
        &mut self,
        turn: Seat,
        system: SystemId,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let Action::Strike { void, world } = action else {
            self.finish_order(turn, system, Order::Advance);
            return;
        };
        let f = self.faction(turn);
        let n: usize = self
            .pos
            .area(void)
            .units
            .iter()
            .filter(|u| u.owner() == f && !u.routed)
            .map(|u| usize::from(self.data.unit(u.unit).combat))
            .sum();
        let dice = self.roll(n, CombatRole::Attacker);
        let hits =
            u8::try_from(dice.iter().filter(|d| **d == DieFace::Offence).count()).unwrap_or(0);
        log.push(Event::Strike {
            faction: f,
            world,
            void,
            dice: Dice::of(&dice),
            hits,
        });
        let state = OrbitalStrikeState {
            system,
            void,
            world,
            dice,
            remaining: hits,
        };
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Orbital(state),
        });
    }

    /// The seat that assigns orbital strike damage: the world's owner.
    pub(crate) fn orbital_seat(&self, s: &OrbitalStrikeState) -> Option<Seat> {
        let attacker = match &self.pos.phase {
            Phase::Operations { turn, .. } => self.faction(*turn),
            _ => return None,
        };
        let owner = self
            .pos
            .area(s.world)
            .units
            .iter()
            .map(|u| u.owner())
            .find(|f| *f != attacker)?;
        self.seat_of(owner)
    }

    pub(super) fn orbital_targets(&self, s: &OrbitalStrikeState, out: &mut Vec<Action>) {
        let Some(seat) = self.orbital_seat(s) else {
            return;
        };
        let f = self.faction(seat);
        let units = &self.pos.area(s.world).units;
        let mut types: Vec<(UnitType, bool)> = units
            .iter()
            .filter(|u| u.owner() == f && !u.routed)
            .map(|u| (u.unit, false))
            .collect();
        if types.is_empty() {
            types = units
                .iter()
                .filter(|u| u.owner() == f)
                .map(|u| (u.unit, true))
                .collect();
        }
        types.sort();
        types.dedup();
        out.extend(types.into_iter().map(|(unit, routed)| Action::Damage {
            target: DamageTarget::Unit { unit, routed },
        }));
    }

    pub(super) fn apply_orbital(
        &mut self,
        turn: Seat,
        mut s: OrbitalStrikeState,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let Action::Damage {
            target: DamageTarget::Unit { unit, routed },
        } = action
        else {
            return;
        };
        let health = self.data.unit(unit).health;
        let units = &mut self.pos.area_mut(s.world).units;
        if s.remaining >= health {
            if let Some(i) = units
                .iter()
                .position(|u| u.unit == unit && u.routed == routed)
            {
                units.remove(i);
            }
            s.remaining -= health;
            log.push(Event::StrikeDestroyed {
                unit,
                world: s.world,
            });
        } else {
            // Orbital strike damage that does not destroy a unit is ignored: no rout.
            log.push(Event::StrikeSurvived {
                unit,
                world: s.world,
            });
            s.remaining = 0;
        }
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Orbital(s),
        });
    }

    /// Ends an orbital strike once its damage is spent or nothing is left to hit.
    pub(super) fn auto_orbital(&mut self, turn: Seat, log: &mut Vec<Event>) -> bool {
        let Phase::Operations {
            step: OpStep::Orbital(s),
            ..
        } = &self.pos.phase
        else {
            return false;
        };
        let s = s.clone();
        let mut targets = Vec::new();
        self.orbital_targets(&s, &mut targets);
        if s.remaining > 0 && !targets.is_empty() {
            return false;
        }
        let _ = log;
        self.finish_order(turn, s.system, Order::Advance);
        true
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_strike(&self, seat: Seat, void: AreaId, world: AreaId) -> RuleError {
        const RULE: Rule = Rule::OrbitalStrike;
        let faction = self.faction(seat);
        let who = faction.name();
        let system = match &self.pos.phase {
            Phase::Operations {
                step: OpStep::OrbitalChoice { system },
                ..
            } => *system,
            _ => return RuleError::new(RULE, "no orbital strike can be made now"),
        };
        let is_world = |a: AreaId| self.board.area(a).is_some_and(AreaInfo::is_world);
        if void.system != system || !self.board.has_area(void) || is_world(void) {
            return RuleError::new(
                RULE,
                format!("{void} is not a void of the active system {system}"),
            );
        }
        if !self
            .pos
            .area(void)
            .units
            .iter()
            .any(|u| u.owner() == faction && !u.routed)
        {
            return RuleError::new(RULE, format!("{who} has no unrouted ship in {void}"));
        }
        if world.system != system {
            return RuleError::new(
                RULE,
                format!(
                    "{world} lies in system {}, not in the active system {system}",
                    world.system
                ),
            );
        }
        if !is_world(world) {
            return RuleError::new(
                RULE,
                format!("{world} is a void; an orbital strike targets a world"),
            );
        }
        if !self.board.areas_adjacent(void, world) {
            return RuleError::new(RULE, format!("{world} is not adjacent to {void}"));
        }
        let state = self.pos.area(world);
        if !state.units.iter().any(|u| u.owner() != faction) {
            return RuleError::new(RULE, format!("{world} holds no enemy unit to strike"));
        }
        RuleError::new(
            Rule::Bastions,
            format!("a bastion on {world} protects it from orbital strikes"),
        )
    }

    pub(super) fn explain_strike_damage(&self, target: DamageTarget) -> RuleError {
        const RULE: Rule = Rule::OrbitalStrike;
        let legal: Vec<String> = self
            .list_legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        // The struck world and whose units take the damage: the decider of this step.
        let world = match &self.pos.phase {
            Phase::Operations {
                step: OpStep::Orbital(s),
                ..
            } => Some(s.world),
            Phase::Operations {
                step: OpStep::Card(c),
                ..
            } => match c.as_ref() {
                crate::engine::state::card_step::CardStep::Strike(s) => Some(s.world),
                _ => None,
            },
            _ => None,
        };
        let owner = self.decision().map(|d| self.faction(d.seat));
        let units = world.map(|w| &self.pos.area(w).units);
        let has = |unit: Option<UnitType>, routed: bool| {
            units.is_some_and(|us| {
                us.iter().any(|u| {
                    Some(u.owner()) == owner
                        && u.routed == routed
                        && unit.is_none_or(|t| t == u.unit)
                })
            })
        };
        let place = world.map_or_else(|| "the struck world".to_string(), |w| w.to_string());
        let who = owner.map_or("that player", Faction::name);
        let bastion_listed = legal.iter().any(|a| a == "damage bastion");
        let why = match target {
            // An upgrade that ignores bastions lets a strike damage one; then only its absence
            // forbids it.
            DamageTarget::Bastion if !bastion_listed && self.strike_may_hit_bastion() => {
                format!("{who} has no bastion on {place}")
            }
            DamageTarget::Bastion | DamageTarget::Reinforcement { .. } => {
                "an orbital strike damages units only".to_string()
            }
            DamageTarget::Unit { unit, routed: true }
                if has(Some(unit), true) && has(None, false) =>
            {
                format!(
                    "{who} still has unrouted units on {place}; they suffer the damage before routed ones"
                )
            }
            DamageTarget::Unit { unit, routed } => format!(
                "there is no {}{unit} of {who} on {place}",
                if routed { "routed " } else { "unrouted " }
            ),
        };
        RuleError::new(RULE, format!("{why} (choices: {})", legal.join(", ")))
    }

    /// Whether the upgraded strike in progress uses an upgrade that lets it damage a bastion.
    pub(super) fn strike_may_hit_bastion(&self) -> bool {
        match &self.pos.phase {
            Phase::Operations {
                step: OpStep::Card(c),
                ..
            } => match c.as_ref() {
                crate::engine::state::card_step::CardStep::Strike(s) => {
                    s.upgrades.iter().any(|u| self.ignores_bastions(u))
                }
                _ => false,
            },
            _ => false,
        }
    }
}
