//! Combat (Rules Reference: Combat, Damage and Health, Reinforcement Tokens, Retreats, Rout
//! and Rally, Bastions); orbital strikes are in `orbital_strike.rs`. Card abilities come with
//! the cards; here each played card counts its icons.

use crate::engine::rules::{Dice, WonBy};
use crate::engine::state::rule::Rule;
use rand::RngExt;

use super::{Action, Event, Game, RuleError};
use crate::engine::data::UnitKind;
use crate::engine::state::action::DamageTarget;
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::{CombatSide, CombatState, CombatStep};
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::Unit;
use crate::engine::state::unit_type::UnitType;

/// Offence, defence and morale totals of one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CombatTotals {
    /// Offence: dice, tokens and face-up cards.
    pub offence: u32,
    /// Defence: dice, tokens and face-up cards.
    pub defence: u32,
    /// Morale: dice, unrouted units, bastions and face-up cards.
    pub morale: u32,
}

impl Game {
    /// The combat in progress, if any.
    #[must_use]
    pub fn combat(&self) -> Option<&CombatState> {
        match &self.pos.phase {
            Phase::Operations {
                step: OpStep::Combat(c),
                ..
            } => Some(c),
            _ => None,
        }
    }

    /// The faction of a combat side.
    pub(super) fn side_faction(c: &CombatState, role: CombatRole) -> Faction {
        c.side(role).faction.unwrap_or(Faction::Ultramarines)
    }

    /// The seat deciding in a combat.
    pub(crate) fn combat_seat(&self, c: &CombatState) -> Option<Seat> {
        let role = match (Self::pending_role(c), &c.step) {
            (Some(role), _) => role,
            (
                None,
                CombatStep::Reinforce { side }
                | CombatStep::ChooseCard { side }
                | CombatStep::AssignDamage { side, .. }
                | CombatStep::Resolve { side }
                | CombatStep::Retreat { side },
            ) => *side,
        };
        self.seat_of(Self::side_faction(c, role))
    }

    /// The level-0 unit a reinforcement token stands for in this area (Reinforcement Tokens).
    pub(super) fn reinforcement_type(&self, faction: Faction, area: AreaId) -> Option<UnitType> {
        let world = self
            .board
            .area(area)
            .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
        UnitType::of(faction).find(|&u| {
            let d = self.data.unit(u);
            d.level == 0 && (d.kind == UnitKind::Ground) == world
        })
    }

    pub(super) fn bastions(&self, area: AreaId, faction: Faction) -> usize {
        self.pos
            .area(area)
            .structures
            .iter()
            .filter(|s| s.owner == faction && s.kind == StructureKind::Bastion)
            .count()
    }

    /// Offence, defence and morale of a side right now.
    #[must_use]
    pub fn combat_totals(&self, c: &CombatState, role: CombatRole) -> CombatTotals {
        let side = c.side(role);
        let faction = Self::side_faction(c, role);
        let count =
            |face| u32::try_from(side.dice.iter().filter(|d| **d == face).count()).unwrap_or(0);
        let mut t = CombatTotals {
            offence: count(DieFace::Offence) + u32::from(side.offence_tokens),
            defence: count(DieFace::Defence) + u32::from(side.defence_tokens),
            morale: count(DieFace::Morale),
        };
        for name in &side.played {
            if let Some(card) = self.data.combat_cards.iter().find(|x| &x.name == name) {
                t.offence += u32::from(card.icons.offence);
                t.defence += u32::from(card.icons.defence);
                t.morale += u32::from(card.icons.morale);
            }
        }
        for l in &side.lasting {
            if let crate::engine::state::effect::Modifier::Icons {
                offence,
                defence,
                morale,
            } = l.modifier
            {
                t.offence += u32::from(offence);
                t.defence += u32::from(defence);
                t.morale += u32::from(morale);
            }
        }
        let area = self.pos.area(c.area);
        t.morale += area
            .units
            .iter()
            .filter(|u| u.owner() == faction && !u.routed)
            .map(|u| u32::from(self.data.unit(u.unit).morale))
            .sum::<u32>();
        if let Some(r) = self.reinforcement_type(faction, c.area) {
            let unrouted = side
                .reinforcements
                .iter()
                .filter(|routed| !**routed)
                .count();
            t.morale += u32::from(self.data.unit(r).morale) * u32::try_from(unrouted).unwrap_or(0);
        }
        let bastion = self.data.structure(StructureKind::Bastion).morale;
        t.morale += u32::from(bastion) * u32::try_from(self.bastions(c.area, faction)).unwrap_or(0);
        t
    }

    /// Rolls `n` dice (up to the limit) for one side: faces set by hand come first
    /// (`Position::forced_dice`), the rest from the game's generator.
    pub(super) fn roll(&mut self, n: usize, role: CombatRole) -> Vec<DieFace> {
        let max = usize::from(self.data.die.max_per_side);
        let faces = self.data.die.faces.clone();
        let mut forced = self.pos.forced_dice.take(role).into_iter();
        (0..n.min(max))
            .map(|_| {
                forced
                    .next()
                    .unwrap_or_else(|| faces[self.pos.rng.random_range(0..faces.len())])
            })
            .collect()
    }

    /// Starts the combat in `area`, contested by the active player's Advance from `origins`.
    pub(crate) fn start_combat(
        &mut self,
        turn: Seat,
        system: SystemId,
        area: AreaId,
        origins: Vec<AreaId>,
        log: &mut Vec<Event>,
    ) {
        let attacker = self.faction(turn);
        self.start_combat_by(turn, attacker, system, area, origins, Vec::new(), log);
        // (No enemy left to fight cannot happen: the Advance found the area contested.)
    }

    /// Starts the combat in `area` with `attacker` attacking: his units moved in from
    /// `origins`, except `placed`, put there by an effect other than the Advance (Retreats).
    /// Returns whether a combat began (an enemy is there).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start_combat_by(
        &mut self,
        turn: Seat,
        attacker: Faction,
        system: SystemId,
        area: AreaId,
        origins: Vec<AreaId>,
        placed: Vec<UnitType>,
        log: &mut Vec<Event>,
    ) -> bool {
        let Some(defender) = self
            .pos
            .area(area)
            .factions()
            .into_iter()
            .find(|f| *f != attacker)
        else {
            return false;
        };
        let mut c = CombatState {
            area,
            system,
            attacker: CombatSide {
                faction: Some(attacker),
                placed,
                ..CombatSide::default()
            },
            defender: CombatSide {
                faction: Some(defender),
                ..CombatSide::default()
            },
            attack_origins: origins,
            round: 0,
            step: CombatStep::Reinforce {
                side: CombatRole::Attacker,
            },
            winner: None,
            pending: Vec::new(),
            second_assess: false,
            assess_begun: false,
            assess_ended: false,
            next_combat: None,
        };
        log.push(Event::CombatBegins {
            area,
            attacker,
            defender,
        });
        let state = self.pos.area(area).clone();
        let defending = state
            .units
            .iter()
            .any(|u| u.owner() == defender && !u.routed)
            || self.bastions(area, defender) > 0;
        if !defending {
            log.push(Event::WonAtOnce { attacker, defender });
            c.winner = Some(CombatRole::Attacker);
            self.capture(&c, log);
            c.step = CombatStep::Retreat {
                side: CombatRole::Defender,
            };
            self.set_phase(Phase::Operations {
                turn,
                step: OpStep::Combat(Box::new(c)),
            });
            return true;
        }
        // Preparation: dice for unrouted units and bastions, then five cards each.
        let dice_for = |f: Faction| -> usize {
            let units: usize = state
                .units
                .iter()
                .filter(|u| u.owner() == f && !u.routed)
                .map(|u| usize::from(self.data.unit(u.unit).combat))
                .sum();
            units
                + usize::from(self.data.structure(StructureKind::Bastion).combat)
                    * self.bastions(area, f)
        };
        let (na, nd) = (dice_for(attacker), dice_for(defender));
        c.attacker.dice = self.roll(na, CombatRole::Attacker);
        c.defender.dice = self.roll(nd, CombatRole::Defender);
        // Through the Warp (used for this Advance): a morale die when the combat starts.
        if self.pos.cards.ground_cross_storms
            && attacker == self.faction(turn)
            && c.attacker.dice.len() < usize::from(self.data.die.max_per_side)
        {
            c.attacker.dice.push(DieFace::Morale);
            log.push(Event::ThroughTheWarp { faction: attacker });
        }
        for (role, f) in [
            (CombatRole::Attacker, attacker),
            (CombatRole::Defender, defender),
        ] {
            let Some(seat) = self.seat_of(f) else {
                continue;
            };
            let deck = &mut self.player_mut(seat).combat_deck;
            let hand = deck.split_off(deck.len().saturating_sub(5));
            c.side_mut(role).hand = hand;
        }
        log.push(Event::DiceRolled {
            attacker,
            attacker_dice: Dice::of(&c.attacker.dice),
            defender,
            defender_dice: Dice::of(&c.defender.dice),
        });
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Combat(Box::new(c)),
        });
        true
    }

    /// The most reinforcement tokens a side may commit: its tokens, up to its plastic units.
    fn reinforce_limit(&self, c: &CombatState, role: CombatRole) -> u8 {
        let f = Self::side_faction(c, role);
        let plastic = self.pos.area(c.area).count_units(f);
        let held = self
            .seat_of(f)
            .map_or(0, |s| self.player(s).assets.reinforcement);
        held.min(u8::try_from(plastic).unwrap_or(u8::MAX))
    }

    /// What a side may assign the next damage to (Damage and Health).
    fn damage_targets(&self, c: &CombatState, role: CombatRole) -> Vec<DamageTarget> {
        let f = Self::side_faction(c, role);
        let side = c.side(role);
        let units = &self.pos.area(c.area).units;
        let mut out = Vec::new();
        if self.bastions(c.area, f) > 0 {
            out.push(DamageTarget::Bastion);
        }
        let pick = |routed: bool, out: &mut Vec<DamageTarget>| {
            let mut types: Vec<UnitType> = units
                .iter()
                .filter(|u| u.owner() == f && u.routed == routed)
                .map(|u| u.unit)
                .collect();
            types.sort();
            types.dedup();
            out.extend(
                types
                    .into_iter()
                    .map(|unit| DamageTarget::Unit { unit, routed }),
            );
            if side.reinforcements.contains(&routed) {
                out.push(DamageTarget::Reinforcement { routed });
            }
        };
        pick(false, &mut out);
        if out.is_empty() {
            pick(true, &mut out);
        }
        out
    }

    pub(super) fn combat_actions(&self, c: &CombatState, out: &mut Vec<Action>) {
        if !c.pending.is_empty() {
            self.pending_actions(c, out);
            return;
        }
        match c.step {
            CombatStep::Resolve { .. } => {}
            CombatStep::Reinforce { side } => {
                out.extend(
                    (0..=self.reinforce_limit(c, side)).map(|count| Action::Reinforce { count }),
                );
            }
            CombatStep::ChooseCard { side } => {
                let hand = &c.side(side).hand;
                for (i, name) in hand.iter().enumerate() {
                    // Two copies of one card are the same choice.
                    if hand[..i].contains(name) {
                        continue;
                    }
                    if let Ok(card) = u8::try_from(i + 1) {
                        out.push(Action::PlayCard { card });
                    }
                }
            }
            CombatStep::AssignDamage { side, .. } => {
                out.extend(
                    self.damage_targets(c, side)
                        .into_iter()
                        .map(|target| Action::Damage { target }),
                );
            }
            CombatStep::Retreat { side } => {
                out.extend(
                    self.retreat_areas(c, side)
                        .into_iter()
                        .map(|area| Action::Retreat { area }),
                );
            }
        }
    }

    pub(super) fn apply_combat(
        &mut self,
        turn: Seat,
        mut c: CombatState,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        if !c.pending.is_empty() {
            self.apply_pending(&mut c, action, log);
            self.proceed(&mut c, log);
            self.set_phase(Phase::Operations {
                turn,
                step: OpStep::Combat(Box::new(c)),
            });
            return;
        }
        match (c.step.clone(), action) {
            (CombatStep::Reinforce { side }, Action::Reinforce { count }) => {
                let f = Self::side_faction(&c, side);
                if let Some(seat) = self.seat_of(f) {
                    let p = self.player_mut(seat);
                    p.assets.reinforcement = p.assets.reinforcement.saturating_sub(count);
                }
                c.side_mut(side).reinforcements = vec![false; usize::from(count)];
                c.side_mut(side).reinforced = true;
                if count > 0 {
                    log.push(Event::Reinforced { faction: f, count });
                }
                c.step = match side {
                    CombatRole::Attacker => CombatStep::Reinforce {
                        side: CombatRole::Defender,
                    },
                    CombatRole::Defender => {
                        c.round = 1;
                        CombatStep::ChooseCard {
                            side: CombatRole::Attacker,
                        }
                    }
                };
            }
            (CombatStep::ChooseCard { side }, Action::PlayCard { card }) => {
                let s = c.side_mut(side);
                let name = s.hand.remove(usize::from(card) - 1);
                s.chosen = Some(name);
                match side {
                    CombatRole::Attacker => {
                        c.step = CombatStep::ChooseCard {
                            side: CombatRole::Defender,
                        }
                    }
                    CombatRole::Defender => {
                        // The attacker's card resolves, then the defender's.
                        c.step = CombatStep::Resolve {
                            side: CombatRole::Attacker,
                        };
                        self.reveal_card(&mut c, CombatRole::Attacker, log);
                        self.proceed(&mut c, log);
                    }
                }
            }
            (CombatStep::AssignDamage { side, remaining }, Action::Damage { target }) => {
                let left = self.suffer(&mut c, side, target, remaining, true, log);
                c.step = CombatStep::AssignDamage {
                    side,
                    remaining: left,
                };
                self.proceed(&mut c, log);
            }
            (CombatStep::Retreat { side }, Action::Retreat { area }) => {
                self.retreat(&mut c, side, area, log);
                self.end_combat(turn, &c, log);
                return;
            }
            _ => {}
        }
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Combat(Box::new(c)),
        });
    }

    /// Plays the combat on until someone must decide: pending card effects first, then the
    /// next card to reveal, the damage steps and the end of the execution round.
    fn proceed(&mut self, c: &mut CombatState, log: &mut Vec<Event>) {
        for _ in 0..1000 {
            if self.run_pending(c, log) {
                return;
            }
            match c.step {
                CombatStep::Resolve {
                    side: CombatRole::Attacker,
                } => {
                    c.step = CombatStep::Resolve {
                        side: CombatRole::Defender,
                    };
                    self.reveal_card(c, CombatRole::Defender, log);
                }
                CombatStep::Resolve {
                    side: CombatRole::Defender,
                } => {
                    // An assess damage step begins: schemes first, then the damage.
                    if c.assess_begun {
                        c.assess_begun = false;
                        self.assess_damage(c, CombatRole::Attacker, log);
                    } else {
                        c.assess_begun = true;
                        self.queue_combat_schemes(c, super::cards::SchemeTiming::AssessBegins);
                    }
                }
                CombatStep::AssignDamage { side, remaining } => {
                    if remaining > 0 && !self.damage_targets(c, side).is_empty() {
                        return;
                    }
                    self.after_damage(c, side, log);
                }
                _ => return,
            }
        }
    }

    /// After a side suffered its damage: the defender's turn, an extra assess damage step
    /// (Armoured Advance), or the end of the execution round.
    fn after_damage(&mut self, c: &mut CombatState, side: CombatRole, log: &mut Vec<Event>) {
        if side == CombatRole::Attacker {
            self.assess_damage(c, CombatRole::Defender, log);
            return;
        }
        // The assess damage step ends: schemes first (`proceed` comes back here after them).
        if !c.assess_ended {
            c.assess_ended = true;
            c.step = CombatStep::AssignDamage {
                side: CombatRole::Defender,
                remaining: 0,
            };
            self.queue_combat_schemes(c, super::cards::SchemeTiming::AssessEnds);
            return;
        }
        c.assess_ended = false;
        let extra = [CombatRole::Attacker, CombatRole::Defender]
            .into_iter()
            .any(|r| {
                c.side(r).lasting.iter().any(|l| {
                    l.modifier == crate::engine::state::effect::Modifier::ExtraAssessDamage
                })
            });
        if extra && !c.second_assess {
            c.second_assess = true;
            log.push(Event::ExtraAssess {});
            // Back to the start of an assess damage step (its schemes, then the damage).
            c.step = CombatStep::Resolve {
                side: CombatRole::Defender,
            };
        } else {
            self.end_execution_round(c, log);
        }
    }

    /// Computes the damage `side` suffers this execution round and asks for its assignment, or
    /// moves on when there is none.
    fn assess_damage(&mut self, c: &mut CombatState, side: CombatRole, log: &mut Vec<Event>) {
        let own = self.combat_totals(c, side);
        let theirs = self.combat_totals(c, side.other());
        let shielded = c
            .side(side)
            .lasting
            .iter()
            .any(|l| l.modifier == crate::engine::state::effect::Modifier::NoDamage);
        let damage = if shielded {
            0
        } else {
            theirs.offence.saturating_sub(own.defence)
        };
        let damage = u8::try_from(damage).unwrap_or(u8::MAX);
        if damage > 0 && !self.damage_targets(c, side).is_empty() {
            log.push(Event::DamageSuffered {
                faction: Self::side_faction(c, side),
                damage,
            });
            c.step = CombatStep::AssignDamage {
                side,
                remaining: damage,
            };
        } else {
            self.after_damage(c, side, log);
        }
    }

    /// Applies damage to one target: destroyed at its health or more (the excess carries on),
    /// otherwise routed (units in combat only; bastions ignore it). Returns the damage left.
    fn suffer(
        &mut self,
        c: &mut CombatState,
        side: CombatRole,
        target: DamageTarget,
        remaining: u8,
        rout: bool,
        log: &mut Vec<Event>,
    ) -> u8 {
        let f = Self::side_faction(c, side);
        let area = c.area;
        let health = match target {
            DamageTarget::Unit { unit, .. } => self.data.unit(unit).health,
            DamageTarget::Reinforcement { .. } => self
                .reinforcement_type(f, area)
                .map_or(1, |u| self.data.unit(u).health),
            DamageTarget::Bastion => self.data.structure(StructureKind::Bastion).health,
        };
        let destroyed = remaining >= health;
        match target {
            DamageTarget::Unit { unit, routed } => {
                let units = &mut self.pos.area_mut(area).units;
                if destroyed
                    && let Some(i) = units
                        .iter()
                        .position(|u| u.unit == unit && u.routed == routed)
                {
                    units.remove(i);
                    c.note_left(side, unit);
                }
            }
            DamageTarget::Reinforcement { routed } => {
                let tokens = &mut c.side_mut(side).reinforcements;
                if destroyed && let Some(i) = tokens.iter().position(|r| *r == routed) {
                    tokens.remove(i);
                }
            }
            DamageTarget::Bastion => {
                if destroyed {
                    let structures = &mut self.pos.area_mut(area).structures;
                    if let Some(i) = structures
                        .iter()
                        .position(|s| s.kind == StructureKind::Bastion && s.owner == f)
                    {
                        structures.remove(i);
                    }
                }
            }
        }
        log.push(Event::PieceDamaged {
            faction: f,
            target,
            damage: remaining.min(health),
            destroyed,
        });
        let unrouted = matches!(
            target,
            DamageTarget::Unit { routed: false, .. }
                | DamageTarget::Reinforcement { routed: false }
        );
        if !destroyed && rout && unrouted {
            let follow = self.rout_piece(c, side, target, log);
            for (i, p) in follow.into_iter().enumerate() {
                c.pending.insert(i, p);
            }
        }
        if destroyed { remaining - health } else { 0 }
    }

    /// Whether a side still has units, reinforcement tokens or bastions in the area.
    fn has_forces(&self, c: &CombatState, role: CombatRole) -> bool {
        let f = Self::side_faction(c, role);
        self.pos.area(c.area).count_units(f) > 0
            || !c.side(role).reinforcements.is_empty()
            || self.bastions(c.area, f) > 0
    }

    /// After both sides suffered damage: a side wiped out ends the combat, else the next round
    /// or the resolution.
    fn end_execution_round(&mut self, c: &mut CombatState, log: &mut Vec<Event>) {
        for role in [CombatRole::Attacker, CombatRole::Defender] {
            let s = c.side_mut(role);
            s.offence_tokens = 0;
            s.defence_tokens = 0;
            s.saw_card = false;
            s.lasting.retain(|l| l.modifier.whole_combat());
        }
        c.second_assess = false;
        let (att, def) = (
            self.has_forces(c, CombatRole::Attacker),
            self.has_forces(c, CombatRole::Defender),
        );
        let winner = match (att, def) {
            // Ruling `both-sides-wiped-out` (assets/rulings.json).
            (false, false) => {
                log.push(Event::WipedOut {});
                // No winner: the next automatic step ends the combat without a retreat.
                c.step = CombatStep::Retreat {
                    side: CombatRole::Attacker,
                };
                c.winner = None;
                return;
            }
            (true, false) => Some((CombatRole::Attacker, WonBy::LastStanding)),
            (false, true) => Some((CombatRole::Defender, WonBy::LastStanding)),
            (true, true) if c.round >= 3 => {
                let a = self.combat_totals(c, CombatRole::Attacker).morale;
                let d = self.combat_totals(c, CombatRole::Defender).morale;
                log.push(Event::MoraleCompared {
                    attacker: a,
                    defender: d,
                });
                // Ties go to the defender (Combat, Resolution).
                Some(if a > d {
                    (
                        CombatRole::Attacker,
                        WonBy::Morale {
                            winner: a,
                            loser: d,
                        },
                    )
                } else {
                    (
                        CombatRole::Defender,
                        WonBy::Morale {
                            winner: d,
                            loser: a,
                        },
                    )
                })
            }
            (true, true) => None,
        };
        match winner {
            None => {
                c.round += 1;
                c.step = CombatStep::ChooseCard {
                    side: CombatRole::Attacker,
                };
            }
            Some((w, by)) => {
                c.winner = Some(w);
                log.push(Event::CombatWon {
                    faction: Self::side_faction(c, w),
                    by,
                });
                if w == CombatRole::Attacker {
                    self.capture(c, log);
                }
                c.step = CombatStep::Retreat { side: w.other() };
            }
        }
    }

    /// The attacker takes the structures left on the world (destroyed where he has no control
    /// token left: Component Limitations).
    fn capture(&mut self, c: &CombatState, log: &mut Vec<Event>) {
        let attacker = Self::side_faction(c, CombatRole::Attacker);
        let mut tokens = self.control_tokens_left(attacker);
        let area = self.pos.area_mut(c.area);
        let mut taken = 0;
        let mut destroyed = Vec::new();
        area.structures.retain_mut(|s| {
            if s.owner == attacker {
                return true;
            }
            if tokens == 0 {
                destroyed.push(s.kind);
                return false;
            }
            tokens -= 1;
            s.owner = attacker;
            taken += 1;
            true
        });
        if taken > 0 {
            log.push(Event::Captured {
                faction: attacker,
                count: taken,
                area: c.area,
            });
        }
        for kind in destroyed {
            log.push(Event::StructureLost {
                faction: attacker,
                kind,
                area: c.area,
            });
        }
    }

    /// The units of a side that cannot retreat (Retreats): an attacker's units placed in the
    /// contested area by an effect other than the Advance.
    pub(crate) fn unretreatable(c: &CombatState, role: CombatRole) -> Vec<UnitType> {
        match role {
            CombatRole::Attacker => c.side(role).placed.clone(),
            CombatRole::Defender => Vec::new(),
        }
    }

    /// How many units of a type of a side may retreat: those in the area less those that
    /// cannot.
    pub(crate) fn retreatable_count(
        &self,
        c: &CombatState,
        role: CombatRole,
        unit: UnitType,
    ) -> usize {
        let f = Self::side_faction(c, role);
        let here = self
            .pos
            .area(c.area)
            .units
            .iter()
            .filter(|u| u.owner() == f && u.unit == unit)
            .count();
        let stuck = Self::unretreatable(c, role)
            .iter()
            .filter(|u| **u == unit)
            .count();
        here.saturating_sub(stuck)
    }

    /// Destroys the units of the losing side that cannot retreat (Retreats: units an effect
    /// other than the Advance placed in the contested area). Returns how many.
    fn destroy_unretreatable(
        &mut self,
        c: &mut CombatState,
        side: CombatRole,
        log: &mut Vec<Event>,
    ) -> usize {
        let f = Self::side_faction(c, side);
        let mut gone: Vec<UnitType> = Vec::new();
        for unit in Self::unretreatable(c, side) {
            let units = &mut self.pos.area_mut(c.area).units;
            if let Some(i) = units.iter().position(|u| u.owner() == f && u.unit == unit) {
                units.remove(i);
                gone.push(unit);
            }
        }
        c.side_mut(side).placed.clear();
        if !gone.is_empty() {
            log.push(Event::CannotRetreat {
                faction: f,
                area: c.area,
                units: gone.clone(),
            });
        }
        gone.len()
    }

    /// Moves every unit of the losing side to `dest`, routed; those that cannot retreat are
    /// destroyed first.
    fn retreat(
        &mut self,
        c: &mut CombatState,
        side: CombatRole,
        dest: AreaId,
        log: &mut Vec<Event>,
    ) {
        self.destroy_unretreatable(c, side, log);
        let f = Self::side_faction(c, side);
        let units = &mut self.pos.area_mut(c.area).units;
        let mut leaving: Vec<Unit> = Vec::new();
        units.retain(|u| {
            if u.owner() == f {
                leaving.push(Unit {
                    unit: u.unit,
                    routed: true,
                });
                false
            } else {
                true
            }
        });
        log.push(Event::Retreated {
            faction: f,
            count: leaving.len(),
            to: dest,
        });
        self.pos.area_mut(dest).units.extend(leaving);
    }

    /// Destroys the losing side's units when they have nowhere to go, and ends the combat when
    /// no retreat decision is left.
    pub(super) fn auto_combat(&mut self, turn: Seat, log: &mut Vec<Event>) -> bool {
        // Most steps wait for a player: they are told apart before the combat's state (cards
        // and dice in vectors) is copied, as this runs after every action of a combat (#26).
        let acts = self.combat().is_some_and(|c| match c.step {
            CombatStep::Retreat { .. } => true,
            CombatStep::Reinforce { side } => self.reinforce_limit(c, side) == 0,
            _ => false,
        });
        if !acts {
            return false;
        }
        let Some(mut c) = self.combat().cloned() else {
            return false;
        };
        match c.step {
            CombatStep::Retreat { side } => {
                let f = Self::side_faction(&c, side);
                if c.winner.is_some() && self.destroy_unretreatable(&mut c, side, log) > 0 {
                    self.set_phase(Phase::Operations {
                        turn,
                        step: OpStep::Combat(Box::new(c)),
                    });
                    return true;
                }
                let stays = self.pos.area(c.area).count_units(f);
                if c.winner.is_none() || stays == 0 {
                    self.end_combat(turn, &c, log);
                    return true;
                }
                if self.retreat_areas(&c, side).is_empty() {
                    self.pos.area_mut(c.area).units.retain(|u| u.owner() != f);
                    log.push(Event::NowhereToRetreat {
                        faction: f,
                        count: stays,
                    });
                    self.end_combat(turn, &c, log);
                    return true;
                }
                false
            }
            CombatStep::Reinforce { side } if self.reinforce_limit(&c, side) == 0 => {
                self.apply_combat(turn, c, Action::Reinforce { count: 0 }, log);
                true
            }
            _ => false,
        }
    }

    /// Clean up: cards in hand and in play back into the deck and shuffled (discarded ones
    /// went back when discarded); reinforcement tokens gone to the
    /// supply; then the order ends.
    fn end_combat(&mut self, turn: Seat, c: &CombatState, log: &mut Vec<Event>) {
        for role in [CombatRole::Attacker, CombatRole::Defender] {
            let side = c.side(role);
            let Some(seat) = self.seat_of(Self::side_faction(c, role)) else {
                continue;
            };
            let mut cards: Vec<CardName> = side
                .hand
                .iter()
                .chain(&side.played)
                .chain(side.chosen.iter())
                .cloned()
                .collect();
            let mut deck = std::mem::take(&mut self.player_mut(seat).combat_deck);
            deck.append(&mut cards);
            self.shuffle(&mut deck);
            self.player_mut(seat).combat_deck = deck;
        }
        log.push(Event::CombatEnds { area: c.area });
        self.pos.last_combat = Some(crate::engine::state::combat_state::CombatOutcome {
            area: c.area,
            attacker: Self::side_faction(c, CombatRole::Attacker),
            defender: Self::side_faction(c, CombatRole::Defender),
            winner: c.winner,
        });
        // A card moved units into an enemy area during this combat (Wave Serpent): that combat
        // is fought now, the mover attacking with units no Advance moved.
        if let Some(next) = c.next_combat {
            let placed: Vec<UnitType> = self
                .pos
                .area(next.area)
                .units
                .iter()
                .filter(|u| u.owner() == next.attacker)
                .map(|u| u.unit)
                .collect();
            if !placed.is_empty()
                && self.start_combat_by(
                    turn,
                    next.attacker,
                    c.system,
                    next.area,
                    vec![c.area],
                    placed,
                    log,
                )
            {
                return;
            }
        }
        self.finish_order(turn, c.system, Order::Advance);
    }
}

/// Dice as text: `3 offence, 1 defence, 0 morale`.
#[must_use]
pub fn dice_text(dice: &[DieFace]) -> String {
    let n = |f| dice.iter().filter(|d| **d == f).count();
    format!(
        "{} offence, {} defence, {} morale",
        n(DieFace::Offence),
        n(DieFace::Defence),
        n(DieFace::Morale)
    )
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_reinforce(&self, seat: Seat, count: u8) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let held = self.player(seat).assets.reinforcement;
        let plastic = self
            .combat()
            .map_or(0, |c| self.pos.area(c.area).count_units(faction));
        RuleError::new(
            Rule::ReinforcementTokens,
            format!(
                "{who} may commit at most {} reinforcement token(s), not {count}: he holds {held}, and commits no more than his {plastic} unit(s) in the combat",
                u8::try_from(plastic).unwrap_or(u8::MAX).min(held)
            ),
        )
    }

    pub(super) fn explain_card(&self, card: u8) -> RuleError {
        const RULE: Rule = Rule::CombatCards;
        let Some(c) = self.combat() else {
            return RuleError::new(Rule::Combat, "no combat is being fought");
        };
        let side = match c.step {
            CombatStep::ChooseCard { side } => side,
            _ => CombatRole::Attacker,
        };
        let hand = &c.side(side).hand;
        let Some(name) = usize::from(card).checked_sub(1).and_then(|i| hand.get(i)) else {
            return RuleError::new(
                RULE,
                format!(
                    "the hand holds {} card(s): `card 1` to `card {}`",
                    hand.len(),
                    hand.len()
                ),
            );
        };
        let first = hand.iter().position(|h| h == name).map_or(1, |i| i + 1);
        RuleError::new(
            RULE,
            format!("card {card} is {name}, the same card as card {first}: play `card {first}`"),
        )
    }

    pub(super) fn explain_damage(&self, seat: Seat, target: DamageTarget) -> RuleError {
        const RULE: Rule = Rule::DamageAndHealth;
        let faction = self.faction(seat);
        let who = faction.name();
        let Some(c) = self.combat() else {
            return RuleError::new(Rule::Combat, "no combat is being fought");
        };
        let legal: Vec<DamageTarget> = self
            .list_legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Damage { target } => Some(target),
                _ => None,
            })
            .collect();
        let routed_target = matches!(
            target,
            DamageTarget::Unit { routed: true, .. } | DamageTarget::Reinforcement { routed: true }
        );
        let units = &self.pos.area(c.area).units;
        let present = match target {
            DamageTarget::Unit { unit, routed } => units
                .iter()
                .any(|u| u.unit == unit && u.routed == routed && u.owner() == faction),
            DamageTarget::Reinforcement { routed } => {
                let side = if c.attacker.faction == Some(faction) {
                    &c.attacker
                } else {
                    &c.defender
                };
                side.reinforcements.contains(&routed)
            }
            DamageTarget::Bastion => self
                .pos
                .area(c.area)
                .structures
                .iter()
                .any(|s| s.owner == faction && s.kind == StructureKind::Bastion),
        };
        if !present {
            return RuleError::new(
                RULE,
                format!("{who} has no {target} in the combat in {}", c.area),
            );
        }
        if routed_target {
            return RuleError::new(
                RULE,
                format!(
                    "{who} still has unrouted units or tokens in {}; they suffer damage before routed ones (choices: {})",
                    c.area,
                    legal
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        RuleError::new(
            RULE,
            format!(
                "{who} must assign this damage to a piece the step offers in {}: {}",
                c.area,
                legal
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }
}
