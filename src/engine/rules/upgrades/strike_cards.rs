//! Orbital strikes with order upgrades or schemes (Rules Reference, "Orbital Strike", "Order
//! Upgrade Cards"): Rain of Fire, Drop Pods (Ultramarines); Fear from Above, Complete
//! Destruction (Chaos); Tactical Strikes, Strafing Run (Eldar); Lootin'!, Stealin'! (Orks); the
//! schemes Exterminatus and Vicious Raids. A strike using none is `orbital_strike.rs`'s. One
//! file of about 700 lines because the steps of an upgraded strike (choose upgrades, roll,
//! reroll, gain dice, strafe, damage) follow each other in order (`StrikeStage`).

use super::FACES;
use crate::engine::rules::Dice;
use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::action::DamageTarget;
use crate::engine::state::card_name::CardName;
use crate::engine::state::card_step::{CardStep, StrikeStage, StrikeStep};
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::ids::{AreaId, Asset, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::position::Unit;
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// The orbital strike upgrades the seat may still use this round.
    pub(super) fn ready_strike_upgrades(&self, seat: Seat) -> Vec<CardName> {
        self.player(seat)
            .order_upgrades
            .iter()
            .filter(|u| self.upgrade_ready(seat, u))
            .filter(|u| {
                self.data
                    .order_upgrades
                    .iter()
                    .any(|c| &c.name == *u && c.orbital_strike.is_some())
            })
            .cloned()
            .collect()
    }

    pub(in crate::engine::rules) fn ignores_bastions(&self, name: &str) -> bool {
        self.data
            .order_upgrades
            .iter()
            .any(|c| c.name == name && c.orbital_strike.is_some_and(|o| !o.bastions_block))
    }

    /// The strike choices: those `combat.rs` offers, plus worlds with a bastion when an upgrade
    /// lets the strike through.
    pub(crate) fn strike_choices(&self, turn: Seat, system: SystemId, out: &mut Vec<Action>) {
        let start = out.len();
        self.orbital_choices(turn, system, out);
        if out.last() == Some(&Action::Done) {
            out.pop();
        }
        let f = self.faction(turn);
        if self
            .ready_strike_upgrades(turn)
            .iter()
            .any(|u| self.ignores_bastions(u))
        {
            for void in self
                .board
                .areas_of(system)
                .filter(|a| !a.is_world())
                .map(|a| a.id)
            {
                if !self
                    .pos
                    .area(void)
                    .units
                    .iter()
                    .any(|u| u.owner() == f && !u.routed)
                {
                    continue;
                }
                for world in self
                    .board
                    .area_neighbours(void)
                    .filter(|w| w.system == system)
                {
                    let st = self.pos.area(world);
                    let bastion = st
                        .structures
                        .iter()
                        .any(|s| s.kind == StructureKind::Bastion && s.owner != f);
                    let is_world = self
                        .board
                        .area(world)
                        .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
                    let action = Action::Strike { void, world };
                    if is_world && bastion && !out[start..].contains(&action) {
                        out.push(action);
                    }
                }
            }
        }
        out.push(Action::Done);
    }

    /// A strike with upgrades or schemes runs here; a plain one in `combat.rs`.
    pub(crate) fn apply_strike_choice(
        &mut self,
        turn: Seat,
        system: SystemId,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let Action::Strike { void, world } = action else {
            self.apply_orbital_choice(turn, system, action, log);
            return;
        };
        // A strike after the order's combat is Corsair Raid's (the only after-order ability
        // of an Advance): used now that a strike is made.
        if self.pos.cards.after_order_done && self.upgrade_ready(turn, "Corsair Raid") {
            self.use_upgrade(turn, &CardName::fixed("Corsair Raid"), log);
        }
        let ready = self.ready_strike_upgrades(turn);
        let schemes =
            self.has_scheme(turn, "Exterminatus") || self.has_scheme(turn, "Vicious Raids");
        if ready.is_empty() && !schemes {
            self.apply_orbital_choice(turn, system, action, log);
            return;
        }
        let bastion = self
            .pos
            .area(world)
            .structures
            .iter()
            .any(|s| s.kind == StructureKind::Bastion);
        let mut upgrades = Vec::new();
        if bastion && let Some(u) = ready.iter().find(|u| self.ignores_bastions(u)) {
            upgrades.push(u.clone());
        }
        log.push(Event::StrikeMade {
            faction: self.faction(turn),
            world,
            void,
        });
        self.set_card(
            turn,
            CardStep::Strike(StrikeStep {
                system,
                void,
                world,
                stage: StrikeStage::Upgrades,
                upgrades,
                dice: Vec::new(),
                rerolled: Vec::new(),
                used: Vec::new(),
                remaining: 0,
                striker_picks: false,
                strafe_to: None,
            }),
        );
    }

    /// The faction whose pieces are on the struck world.
    pub(super) fn strike_owner(&self, turn: Seat, world: AreaId) -> Option<Faction> {
        let f = self.faction(turn);
        self.pos
            .area(world)
            .factions()
            .into_iter()
            .find(|x| *x != f)
    }

    pub(super) fn upgrade_options(&self, turn: Seat, s: &StrikeStep) -> Vec<CardName> {
        self.ready_strike_upgrades(turn)
            .into_iter()
            .filter(|u| !s.upgrades.contains(u))
            .collect()
    }

    pub(super) fn strike_decision(
        &self,
        turn: Seat,
        s: &StrikeStep,
    ) -> Option<(Seat, crate::engine::rules::DecisionKind)> {
        use crate::engine::rules::DecisionKind as K;
        let owner = || {
            self.strike_owner(turn, s.world)
                .and_then(|f| self.seat_of(f))
        };
        Some(match s.stage {
            StrikeStage::Upgrades => (turn, K::StrikeUpgrades),
            StrikeStage::Dice => (turn, K::StrikeDice),
            StrikeStage::Reroll => (turn, K::StrikeReroll),
            StrikeStage::GainDie => (turn, K::StrikeGainDie),
            StrikeStage::Strafe => (turn, K::StrafingRun),
            StrikeStage::Damage if s.striker_picks => (turn, K::AssignStrikeDamage),
            StrikeStage::Damage => (owner()?, K::AssignStrikeDamage),
            StrikeStage::Destroy => (owner()?, K::DestroyOwnPiece),
        })
    }

    pub(super) fn strike_actions(&self, turn: Seat, s: &StrikeStep, out: &mut Vec<Action>) {
        let has = |face| s.dice.contains(&face);
        let upgraded =
            |name: &str| s.upgrades.iter().any(|u| u == name) && !s.used.iter().any(|u| u == name);
        match s.stage {
            StrikeStage::Upgrades => {
                let n = self.upgrade_options(turn, s).len();
                out.extend(
                    (1..=n)
                        .filter_map(|i| u8::try_from(i).ok())
                        .map(|option| Action::Choose { option }),
                );
                out.push(Action::Done);
            }
            StrikeStage::Dice => {
                if upgraded("Rain of Fire") && has(DieFace::Morale) {
                    out.push(Action::Convert {
                        from: DieFace::Morale,
                        to: DieFace::Offence,
                    });
                }
                let morale = (upgraded("Fear from Above") || upgraded("Tactical Strikes"))
                    && has(DieFace::Morale);
                if morale {
                    out.push(Action::Die {
                        face: DieFace::Morale,
                    });
                }
                let two_defence = s.dice.iter().filter(|d| **d == DieFace::Defence).count() >= 2;
                if (upgraded("Complete Destruction")
                    || (upgraded("Drop Pods") && self.units_in_supply(UnitType::SpaceMarine) > 0))
                    && two_defence
                    || upgraded("Strafing Run")
                        && has(DieFace::Defence)
                        && !self.strafe_moves(turn, s).is_empty()
                {
                    out.push(Action::Die {
                        face: DieFace::Defence,
                    });
                }
                // Lootin'!: only while it can gain or take a materiel.
                let owner_materiel = self
                    .strike_owner(turn, s.world)
                    .and_then(|o| self.seat_of(o))
                    .is_some_and(|os| self.player(os).materiel > 0);
                if upgraded("Lootin'!")
                    && (self.player(turn).materiel < self.data.components.max_materiel
                        || owner_materiel)
                {
                    out.extend(
                        FACES
                            .into_iter()
                            .filter(|&face| has(face))
                            .map(|face| Action::Die { face }),
                    );
                }
                if upgraded("Stealin'!")
                    && has(DieFace::Morale)
                    && let Some(owner) = self.strike_owner(turn, s.world)
                    && let Some(os) = self.seat_of(owner)
                {
                    for asset in Asset::TOKENS {
                        if self.player(os).assets.get(asset) > 0 {
                            out.push(Action::Steal {
                                faction: owner,
                                asset,
                            });
                        }
                    }
                }
                let scheme_used = s
                    .used
                    .iter()
                    .any(|u| u == "Exterminatus" || u == "Vicious Raids");
                if !scheme_used
                    && (self.has_scheme(turn, "Exterminatus")
                        && s.dice.iter().any(|d| *d != DieFace::Offence)
                        || self.has_scheme(turn, "Vicious Raids"))
                {
                    out.push(Action::UseEvent);
                }
                out.push(Action::Done);
            }
            StrikeStage::Reroll => {
                out.extend(
                    FACES
                        .into_iter()
                        .filter(|&face| has(face))
                        .map(|face| Action::Die { face }),
                );
                out.push(Action::Done);
            }
            StrikeStage::GainDie => out.extend(FACES.map(|face| Action::Die { face })),
            StrikeStage::Strafe => {
                out.extend(self.strafe_moves(turn, s));
                out.push(Action::Done);
            }
            StrikeStage::Damage => out.extend(
                self.strike_targets(turn, s)
                    .into_iter()
                    .map(|target| Action::Damage { target }),
            ),
            StrikeStage::Destroy => {
                let Some(owner) = self.strike_owner(turn, s.world) else {
                    return;
                };
                let st = self.pos.area(s.world);
                let mut units: Vec<UnitType> = st
                    .units
                    .iter()
                    .filter(|u| u.owner() == owner)
                    .map(|u| u.unit)
                    .collect();
                units.sort();
                units.dedup();
                out.extend(units.into_iter().map(|unit| Action::Destroy {
                    area: s.world,
                    unit,
                }));
                out.extend(st.structures.iter().filter(|x| x.owner == owner).map(|x| {
                    Action::Raze {
                        area: s.world,
                        kind: x.kind,
                    }
                }));
            }
        }
    }

    /// Strafing Run's moves: ships of the active system to friendly or uncontrolled voids of
    /// one adjacent system (the one chosen by the first move), not across a storm.
    pub(super) fn strafe_moves(&self, turn: Seat, s: &StrikeStep) -> Vec<Action> {
        let f = self.faction(turn);
        let mut out = Vec::new();
        for void in self
            .board
            .areas_of(s.system)
            .filter(|a| !a.is_world())
            .map(|a| a.id)
        {
            let types = self
                .pos
                .area(void)
                .unit_types(|u| u.owner() == f && !u.routed);
            for unit in types {
                let n = self
                    .pos
                    .area(void)
                    .units
                    .iter()
                    .filter(|u| u.unit == unit && !u.routed)
                    .count();
                for target in self
                    .board
                    .system_neighbours(s.system)
                    .filter(|t| s.strafe_to.is_none_or(|x| x == *t))
                {
                    if self.storm_between_systems(s.system, target) {
                        continue;
                    }
                    for to in self
                        .board
                        .areas_of(target)
                        .filter(|a| !a.is_world())
                        .map(|a| a.id)
                    {
                        if self.pos.area(to).factions().only(f) {
                            for count in 1..=u8::try_from(n).unwrap_or(0) {
                                out.push(Action::MoveUnits {
                                    from: void,
                                    to,
                                    unit,
                                    count,
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// What may suffer the next strike damage: unrouted units (and a bastion the upgrade lets
    /// the strike hit) before routed ones.
    pub(super) fn strike_targets(&self, turn: Seat, s: &StrikeStep) -> Vec<DamageTarget> {
        let Some(owner) = self.strike_owner(turn, s.world) else {
            return Vec::new();
        };
        let st = self.pos.area(s.world);
        let mut out: Vec<DamageTarget> = st
            .units
            .iter()
            .filter(|u| u.owner() == owner && !u.routed)
            .map(|u| DamageTarget::Unit {
                unit: u.unit,
                routed: false,
            })
            .collect();
        let bastion_hit = s.upgrades.iter().any(|u| self.ignores_bastions(u));
        if bastion_hit
            && st
                .structures
                .iter()
                .any(|x| x.kind == StructureKind::Bastion && x.owner == owner)
        {
            out.push(DamageTarget::Bastion);
        }
        if out.is_empty() {
            out = st
                .units
                .iter()
                .filter(|u| u.owner() == owner)
                .map(|u| DamageTarget::Unit {
                    unit: u.unit,
                    routed: true,
                })
                .collect();
        }
        out.sort_by_key(ToString::to_string);
        out.dedup();
        out
    }

    pub(super) fn spend_die(s: &mut StrikeStep, face: DieFace) {
        if let Some(i) = s.dice.iter().position(|d| *d == face) {
            s.dice.remove(i);
        }
    }

    #[allow(clippy::too_many_lines)]
    pub(super) fn apply_strike(
        &mut self,
        turn: Seat,
        mut s: StrikeStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let f = self.faction(turn);
        match (s.stage, action) {
            (StrikeStage::Upgrades, Action::Choose { option }) => {
                let opts = self.upgrade_options(turn, &s);
                if let Some(u) = opts.get(usize::from(option) - 1) {
                    s.upgrades.push(u.clone());
                }
            }
            (StrikeStage::Upgrades, _) => self.roll_strike(turn, &mut s, log),
            (StrikeStage::Dice, Action::Convert { .. }) => {
                if let Some(d) = s.dice.iter_mut().find(|d| **d == DieFace::Morale) {
                    *d = DieFace::Offence;
                }
                s.used.push(CardName::fixed("Rain of Fire"));
                log.push(Event::RainOfFire { faction: f });
            }
            (StrikeStage::Dice, Action::Die { face }) => {
                let card = if s.upgrades.iter().any(|u| u == "Lootin'!")
                    && !s.used.iter().any(|u| u == "Lootin'!")
                {
                    "Lootin'!"
                } else {
                    match (f, face) {
                        (Faction::Chaos, DieFace::Morale) => "Fear from Above",
                        (Faction::Chaos, _) => "Complete Destruction",
                        (Faction::Eldar, DieFace::Morale) => "Tactical Strikes",
                        (Faction::Eldar, _) => "Strafing Run",
                        _ => "Drop Pods",
                    }
                };
                Self::spend_die(&mut s, face);
                if matches!(card, "Complete Destruction" | "Drop Pods") {
                    Self::spend_die(&mut s, face);
                }
                s.used.push(CardName::fixed(card));
                log.push(Event::DiceSpentFor {
                    faction: f,
                    card: CardName::fixed(card),
                });
                match card {
                    "Lootin'!" => {
                        let max = self.data.components.max_materiel;
                        let p = self.player_mut(turn);
                        let before = p.materiel;
                        p.materiel = (p.materiel + 1).min(max);
                        let kept = p.materiel.saturating_sub(before);
                        log.push(Event::MaterielGained {
                            faction: f,
                            amount: 1,
                            kept,
                            max,
                            card: CardName::fixed(card),
                        });
                        if let Some(owner) = self.strike_owner(turn, s.world)
                            && let Some(os) = self.seat_of(owner)
                        {
                            let p = self.player_mut(os);
                            let had = p.materiel;
                            p.materiel = had.saturating_sub(1);
                            // The owner's loss is logged as the striker's gain is.
                            if had > p.materiel {
                                log.push(Event::MaterielLost {
                                    faction: owner,
                                    amount: had - p.materiel,
                                    card: CardName::fixed(card),
                                });
                            }
                        }
                    }
                    "Tactical Strikes" => s.striker_picks = true,
                    "Strafing Run" => s.stage = StrikeStage::Strafe,
                    _ => {}
                }
            }
            (StrikeStage::Dice, Action::Steal { faction, asset }) => {
                Self::spend_die(&mut s, DieFace::Morale);
                s.used.push(CardName::fixed("Stealin'!"));
                if let Some(os) = self.seat_of(faction)
                    && let Some(n) = self.player_mut(os).assets.get_mut(asset)
                {
                    *n = n.saturating_sub(1);
                }
                let max = self.data.components.max_assets_each;
                if let Some(n) = self.player_mut(turn).assets.get_mut(asset)
                    && *n < max
                {
                    *n += 1;
                }
                log.push(Event::Stealin {
                    faction: f,
                    asset,
                    from: faction,
                });
            }
            (StrikeStage::Dice, Action::UseEvent) => {
                if self.has_scheme(turn, "Exterminatus") {
                    self.discard_scheme(turn, &CardName::fixed("Exterminatus"), log);
                    s.used.push(CardName::fixed("Exterminatus"));
                    s.dice.iter_mut().for_each(|d| *d = DieFace::Offence);
                    log.push(Event::Exterminatus { faction: f });
                } else {
                    self.discard_scheme(turn, &CardName::fixed("Vicious Raids"), log);
                    s.used.push(CardName::fixed("Vicious Raids"));
                    s.stage = StrikeStage::Reroll;
                }
            }
            (StrikeStage::Dice, _) => {
                s.remaining =
                    u8::try_from(s.dice.iter().filter(|d| **d == DieFace::Offence).count())
                        .unwrap_or(0);
                log.push(Event::StrikeDamage {
                    faction: f,
                    damage: s.remaining,
                });
                s.stage = StrikeStage::Damage;
            }
            (StrikeStage::Reroll, Action::Die { face }) => {
                Self::spend_die(&mut s, face);
                let new = self.roll(1, CombatRole::Attacker);
                log.push(Event::StrikeReroll {
                    faction: f,
                    face,
                    dice: Dice::of(&new),
                });
                s.rerolled.extend(new);
            }
            (StrikeStage::Reroll, _) => {
                s.dice.append(&mut s.rerolled);
                s.stage = if s.dice.len() < usize::from(self.data.die.max_per_side) {
                    StrikeStage::GainDie
                } else {
                    StrikeStage::Dice
                };
            }
            (StrikeStage::GainDie, Action::Die { face }) => {
                s.dice.push(face);
                s.stage = StrikeStage::Dice;
                log.push(Event::ViciousRaids { faction: f, face });
            }
            (
                StrikeStage::Strafe,
                Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                },
            ) => {
                for _ in 0..count {
                    let units = &mut self.pos.area_mut(from).units;
                    if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                        let u = units.remove(i);
                        self.pos.area_mut(to).units.push(u);
                    }
                }
                s.strafe_to = Some(to.system);
                log.push(Event::Strafed {
                    faction: f,
                    count,
                    unit,
                    from,
                    to,
                });
            }
            (StrikeStage::Strafe, _) => s.stage = StrikeStage::Dice,
            (StrikeStage::Damage, Action::Damage { target }) => {
                s.striker_picks = false;
                self.strike_damage(&mut s, target, log);
            }
            (StrikeStage::Destroy, Action::Destroy { area, unit }) => {
                let units = &mut self.pos.area_mut(area).units;
                if let Some(i) = units.iter().position(|u| u.unit == unit) {
                    units.remove(i);
                }
                log.push(Event::CompleteDestructionUnit { unit, area });
                self.finish_strike(turn, &s, log);
                return;
            }
            (StrikeStage::Destroy, Action::Raze { area, kind }) => {
                let st = &mut self.pos.area_mut(area).structures;
                if let Some(i) = st.iter().position(|x| x.kind == kind) {
                    st.remove(i);
                }
                log.push(Event::CompleteDestructionStructure { kind, area });
                self.finish_strike(turn, &s, log);
                return;
            }
            _ => return,
        }
        self.set_card(turn, CardStep::Strike(s));
    }

    pub(super) fn roll_strike(&mut self, turn: Seat, s: &mut StrikeStep, log: &mut Vec<Event>) {
        let f = self.faction(turn);
        for u in s.upgrades.clone() {
            self.use_upgrade(turn, &u, log);
        }
        let ships: usize = self
            .pos
            .area(s.void)
            .units
            .iter()
            .filter(|u| u.owner() == f && !u.routed)
            .map(|u| usize::from(self.data.unit(u.unit).combat))
            .sum();
        let extra = s
            .upgrades
            .iter()
            .filter(|u| !self.ignores_bastions(u))
            .count();
        s.dice = self.roll(ships + extra, CombatRole::Attacker);
        log.push(Event::StrikeRolled {
            faction: f,
            dice: Dice::of(&s.dice),
        });
        s.stage = StrikeStage::Dice;
    }

    pub(super) fn strike_damage(
        &mut self,
        s: &mut StrikeStep,
        target: DamageTarget,
        log: &mut Vec<Event>,
    ) {
        match target {
            DamageTarget::Unit { unit, routed } => {
                let health = self.data.unit(unit).health;
                let fear = s.used.iter().any(|u| u == "Fear from Above");
                let units = &mut self.pos.area_mut(s.world).units;
                let Some(i) = units
                    .iter()
                    .position(|u| u.unit == unit && u.routed == routed)
                else {
                    return;
                };
                if s.remaining >= health {
                    units.remove(i);
                    s.remaining -= health;
                    log.push(Event::StrikeDestroyed {
                        unit,
                        world: s.world,
                    });
                } else {
                    if fear {
                        units[i].routed = true;
                        log.push(Event::FearFromAbove {
                            unit,
                            world: s.world,
                        });
                    } else {
                        log.push(Event::StrikeSurvived {
                            unit,
                            world: s.world,
                        });
                    }
                    s.remaining = 0;
                }
            }
            DamageTarget::Bastion => {
                let health = self.data.structure(StructureKind::Bastion).health;
                if s.remaining >= health {
                    let st = &mut self.pos.area_mut(s.world).structures;
                    st.retain(|x| x.kind != StructureKind::Bastion);
                    s.remaining -= health;
                    log.push(Event::BastionStruck {
                        world: s.world,
                        destroyed: true,
                    });
                } else {
                    log.push(Event::BastionStruck {
                        world: s.world,
                        destroyed: false,
                    });
                    s.remaining = 0;
                }
            }
            DamageTarget::Reinforcement { .. } => {}
        }
    }

    /// The strike is over: Complete Destruction, then Drop Pods (which may start a combat).
    pub(super) fn finish_strike(&mut self, turn: Seat, s: &StrikeStep, log: &mut Vec<Event>) {
        let f = self.faction(turn);
        if s.used.iter().any(|u| u == "Drop Pods")
            && self.units_in_supply(UnitType::SpaceMarine) > 0
        {
            self.pos
                .area_mut(s.world)
                .units
                .push(Unit::new(UnitType::SpaceMarine));
            log.push(Event::DropPods {
                faction: f,
                world: s.world,
            });
            if self.pos.area(s.world).is_contested() {
                self.start_combat(turn, s.system, s.world, vec![s.void], log);
                return;
            }
        }
        self.finish_order(turn, s.system, Order::Advance);
    }
}
