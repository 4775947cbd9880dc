//! Order upgrade cards (Rules Reference, "Order Upgrade Cards", "Orbital Strike"): each applies
//! while its order resolves, once per round (the card turns face down), never when the token
//! went to the event deck. The orbital strike upgrades (and the schemes used in a strike) run
//! their own strike here; a strike using none is left to `combat.rs`.

use super::{Action, Event, Game};
use crate::engine::data::UnitKind;
use crate::engine::state::action::DamageTarget;
use crate::engine::state::card_step::{CardStep, StrikeStage, StrikeStep};
use crate::engine::state::die::CombatRole;
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{AreaId, Asset, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{DeployStep, OpStep, Phase, StrategizeStep};
use crate::engine::state::position::Unit;
use crate::engine::state::unit_type::UnitType;

const FACES: [DieFace; 3] = [DieFace::Offence, DieFace::Defence, DieFace::Morale];

impl Game {
    // ----- shared -----

    /// Whether the seat owns the order upgrade and has not used it this round.
    pub(crate) fn upgrade_ready(&self, seat: Seat, name: &str) -> bool {
        let p = self.player(seat);
        p.order_upgrades.iter().any(|u| u == name) && !p.used_upgrades.iter().any(|u| u == name)
    }

    /// Turns an order upgrade face down for the rest of the round.
    pub(crate) fn use_upgrade(&mut self, seat: Seat, name: &str, log: &mut Vec<Event>) {
        let faction = self.faction(seat).name();
        let p = self.player_mut(seat);
        if !p.used_upgrades.iter().any(|u| u == name) {
            p.used_upgrades.push(name.to_string());
        }
        log.push(Event(format!("{faction} uses the order upgrade {name}")));
    }

    /// Whether the seat has this scheme face up.
    pub(crate) fn has_scheme(&self, seat: Seat, name: &str) -> bool {
        self.player(seat).schemes.iter().any(|s| s == name)
    }

    /// Discards a face-up scheme back into the event deck (shuffled).
    pub(crate) fn discard_scheme(&mut self, seat: Seat, name: &str, log: &mut Vec<Event>) {
        let faction = self.faction(seat).name();
        let p = self.player_mut(seat);
        p.schemes.retain(|s| s != name);
        p.event_deck.push(name.to_string());
        let mut deck = std::mem::take(&mut self.player_mut(seat).event_deck);
        self.shuffle(&mut deck);
        self.player_mut(seat).event_deck = deck;
        log.push(Event(format!("{faction} discards the scheme {name}")));
    }

    fn set_card(&mut self, turn: Seat, step: CardStep) {
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Card(Box::new(step)),
        });
    }

    // ----- after an order: Dread Ritual, Corsair Raid -----

    /// Offers the upgrades that act once the order is over; returns whether one was offered.
    pub(crate) fn after_order_upgrades(
        &mut self,
        turn: Seat,
        system: SystemId,
        order: Order,
    ) -> bool {
        if self.pos.cards.after_order_done {
            return false;
        }
        if order == Order::Deploy && self.upgrade_ready(turn, "Dread Ritual") {
            let mut out = Vec::new();
            self.dread_ritual_actions(turn, system, &mut out);
            if !out.is_empty() {
                self.pos.cards.after_order_done = true;
                self.set_card(turn, CardStep::DreadRitual { system });
                return true;
            }
        }
        let in_combat = matches!(
            self.pos.phase,
            Phase::Operations {
                step: OpStep::Combat(_),
                ..
            }
        );
        if order == Order::Advance && in_combat && self.upgrade_ready(turn, "Corsair Raid") {
            let mut out = Vec::new();
            self.strike_choices(turn, system, &mut out);
            if out.len() > 1 {
                // Offered, not used: it turns face down only if a strike is made.
                self.pos.cards.after_order_done = true;
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::OrbitalChoice { system },
                });
                return true;
            }
        }
        false
    }

    fn dread_ritual_price(
        &self,
        seat: Seat,
        system: SystemId,
        unit: UnitType,
        forge: bool,
        cache: bool,
    ) -> Option<super::deploy::Price> {
        let faction = self.faction(seat);
        let mut price = self.unit_price(faction, unit, forge, cache)?;
        let cultists = self
            .board
            .areas_of(system)
            .map(|a| {
                self.pos
                    .area(a.id)
                    .units
                    .iter()
                    .filter(|u| u.unit == UnitType::Cultist)
                    .count()
            })
            .sum::<usize>();
        price.materiel = price
            .materiel
            .saturating_sub(u8::try_from(cultists).unwrap_or(u8::MAX));
        Some(price)
    }

    fn dread_ritual_actions(&self, seat: Seat, system: SystemId, out: &mut Vec<Action>) {
        let faction = self.faction(seat);
        let level = self.command_level(faction);
        let p = self.player(seat);
        for unit in UnitType::of(faction) {
            let data = self.data.unit(unit);
            if data.level > 2 || self.units_in_supply(unit) == 0 {
                continue;
            }
            let forge_level = match data.level.checked_sub(level) {
                None | Some(0) => false,
                Some(1) => true,
                Some(_) => continue,
            };
            for cache in [false, true] {
                if cache && (data.cost == 0 || p.assets.cache == 0) {
                    continue;
                }
                let Some(price) = self.dread_ritual_price(seat, system, unit, forge_level, cache)
                else {
                    continue;
                };
                if p.materiel < price.materiel
                    || p.assets.forge < price.forge
                    || p.assets.cache < price.cache
                {
                    continue;
                }
                for a in self.board.areas_of(system) {
                    if a.is_world() == (data.kind == UnitKind::Ground)
                        && self.is_friendly(a.id, faction)
                    {
                        out.push(Action::BuyUnit {
                            unit,
                            area: a.id,
                            forge_level,
                            cache,
                        });
                    }
                }
            }
        }
    }

    // ----- Deploy: Recruitment Worlds, Wraithbone Singers, Werk Fasta! -----

    /// The deploy limit with Recruitment Worlds: own bastion worlds count as factory worlds,
    /// each adding one less than its capacity.
    pub(crate) fn deploy_limit_with_cards(&self, seat: Seat, d: &DeployStep) -> u8 {
        let faction = self.faction(seat);
        let plain = self.deploy_limit(faction, d.system);
        let owned = self
            .player(seat)
            .order_upgrades
            .iter()
            .any(|u| u == "Recruitment Worlds");
        if !owned || !(self.upgrade_ready(seat, "Recruitment Worlds") || d.units_bought > plain) {
            return plain;
        }
        let extra: u8 = self
            .board
            .areas_of(d.system)
            .filter(|a| self.is_friendly(a.id, faction))
            .filter(|a| {
                let s = &self.pos.area(a.id).structures;
                s.iter()
                    .any(|s| s.kind == StructureKind::Bastion && s.owner == faction)
                    && !s
                        .iter()
                        .any(|s| s.kind == StructureKind::Factory && s.owner == faction)
            })
            .map(|a| {
                a.capacity(self.data.components.void_capacity)
                    .saturating_sub(1)
            })
            .sum();
        plain + extra
    }

    /// After a unit purchase: Recruitment Worlds is used once the plain limit is passed.
    pub(crate) fn note_deploy_purchase(
        &mut self,
        seat: Seat,
        d: &DeployStep,
        log: &mut Vec<Event>,
    ) {
        let faction = self.faction(seat);
        if d.units_bought > self.deploy_limit(faction, d.system)
            && self.upgrade_ready(seat, "Recruitment Worlds")
        {
            self.use_upgrade(seat, "Recruitment Worlds", log);
        }
    }

    /// The structure purchases cards add: Werk Fasta! before the units, Wraithbone Singers on
    /// a world with one structure of another kind.
    pub(crate) fn deploy_card_actions(&self, seat: Seat, d: &DeployStep, out: &mut Vec<Action>) {
        let faction = self.faction(seat);
        let werk = !d.structure_stage
            && !self.pos.cards.structure_first
            && self.upgrade_ready(seat, "Werk Fasta!");
        let wraith = d.structure_stage && self.upgrade_ready(seat, "Wraithbone Singers");
        if !werk && !wraith {
            return;
        }
        if self.control_tokens_left(faction) == 0 {
            return;
        }
        for kind in StructureKind::ALL {
            if self.structures_in_supply(kind) == 0 {
                continue;
            }
            let cost = self.data.structure(kind).cost;
            for area in self
                .board
                .areas_of(d.system)
                .filter(|a| a.is_world())
                .map(|a| a.id)
            {
                if !self.is_friendly(area, faction) {
                    continue;
                }
                let s = &self.pos.area(area).structures;
                let ok = if werk {
                    s.is_empty()
                } else {
                    s.len() == 1 && s[0].kind != kind
                };
                if !ok {
                    continue;
                }
                for cache in [false, true] {
                    if cache && (cost == 0 || self.player(seat).assets.cache == 0) {
                        continue;
                    }
                    let materiel = if cache { cost.saturating_sub(2) } else { cost };
                    if self.player(seat).materiel
                        >= materiel.saturating_sub(self.pos.cards.discount)
                    {
                        out.push(Action::BuildStructure { kind, area, cache });
                    }
                }
            }
        }
    }

    /// After a structure purchase: marks the upgrade that allowed it. Returns whether the
    /// units are still to come (Werk Fasta!).
    pub(crate) fn note_structure_purchase(
        &mut self,
        seat: Seat,
        d: &DeployStep,
        area: AreaId,
        log: &mut Vec<Event>,
    ) -> bool {
        if !d.structure_stage {
            self.use_upgrade(seat, "Werk Fasta!", log);
            self.pos.cards.structure_first = true;
            return true;
        }
        if self.pos.area(area).structures.len() > 1 {
            self.use_upgrade(seat, "Wraithbone Singers", log);
        }
        false
    }

    // ----- Strategize: Farseers, Direct the Faithful, Favour of the Dark Gods -----

    /// Whether the seat may buy upgrades with this Strategize (Farseers: even without presence).
    pub(crate) fn strategize_allowed(&self, seat: Seat, system: SystemId) -> bool {
        self.has_presence(self.faction(seat), system) || self.upgrade_ready(seat, "Farseers")
    }

    pub(crate) fn strategize_card_actions(
        &self,
        seat: Seat,
        s: &StrategizeStep,
        out: &mut Vec<Action>,
    ) {
        let faction = self.faction(seat);
        if self.upgrade_ready(seat, "Direct the Faithful") {
            for a in self.board.areas_of(s.system).filter(|a| a.is_world()) {
                for st in self
                    .pos
                    .area(a.id)
                    .structures
                    .iter()
                    .filter(|st| st.owner == faction)
                {
                    for kind in StructureKind::ALL {
                        if kind != st.kind
                            && self.structures_in_supply(kind) > 0
                            && !self
                                .pos
                                .area(a.id)
                                .structures
                                .iter()
                                .any(|x| x.kind == kind)
                        {
                            out.push(Action::BuildStructure {
                                kind,
                                area: a.id,
                                cache: false,
                            });
                        }
                    }
                }
            }
        }
        if self.upgrade_ready(seat, "Favour of the Dark Gods")
            && !self.player(seat).orders.is_empty()
        {
            out.push(Action::UseAbility);
        }
    }

    /// Applies a Strategize action of an upgrade; returns whether it was one.
    pub(crate) fn apply_strategize_card(
        &mut self,
        seat: Seat,
        s: &StrategizeStep,
        action: Action,
        log: &mut Vec<Event>,
    ) -> bool {
        let faction = self.faction(seat);
        match action {
            Action::BuildStructure { kind, area, .. } => {
                self.use_upgrade(seat, "Direct the Faithful", log);
                let structures = &mut self.pos.area_mut(area).structures;
                if let Some(st) = structures.iter_mut().find(|st| st.owner == faction) {
                    let old = st.kind;
                    st.kind = kind;
                    log.push(Event(format!(
                        "{} swaps the {old} in {area} for a {kind}",
                        faction.name()
                    )));
                }
                true
            }
            Action::UseAbility => {
                self.use_upgrade(seat, "Favour of the Dark Gods", log);
                let p = self.player_mut(seat);
                let n = p.orders.len().min(2);
                let moved: Vec<Order> = p.orders.drain(..n).collect();
                p.event_tokens.extend(moved.iter().copied());
                log.push(Event(format!(
                    "{} puts {n} order token(s) on the event deck",
                    faction.name()
                )));
                let _ = s;
                true
            }
            Action::BuyOrderUpgrade { .. } | Action::BuyCombatUpgrade { .. } => {
                if !self.has_presence(faction, s.system) && self.upgrade_ready(seat, "Farseers") {
                    self.use_upgrade(seat, "Farseers", log);
                }
                false
            }
            _ => false,
        }
    }

    // ----- The Green Tide -----

    pub(crate) fn green_tide_actions(&self, seat: Seat, order: Order, out: &mut Vec<Action>) {
        if order == Order::Strategize && self.upgrade_ready(seat, "The Green Tide") {
            out.extend(
                [Order::Advance, Order::Deploy, Order::Dominate]
                    .into_iter()
                    .map(|order| Action::ResolveAs { order }),
            );
        }
    }

    pub(crate) fn apply_green_tide(
        &mut self,
        seat: Seat,
        system: SystemId,
        order: Order,
        log: &mut Vec<Event>,
    ) {
        self.use_upgrade(seat, "The Green Tide", log);
        self.pos.cards.token = Some(Order::Strategize);
        self.apply_revealed(seat, system, order, Action::Resolve, log);
    }

    // ----- Advance: Crusade, From the Warp -----

    /// Crusade: a combat started in a system without a friendly world gains a reinforcement
    /// token. Call before the combat starts.
    pub(crate) fn crusade(&mut self, seat: Seat, system: SystemId, log: &mut Vec<Event>) {
        if !self.upgrade_ready(seat, "Crusade") {
            return;
        }
        let faction = self.faction(seat);
        let friendly_world = self
            .board
            .areas_of(system)
            .any(|a| a.is_world() && self.is_friendly(a.id, faction));
        if friendly_world {
            return;
        }
        self.use_upgrade(seat, "Crusade", log);
        self.gain_asset(seat, Asset::Reinforcement, Some("Crusade"), log);
    }

    /// Whether ships of the seat may cross a storm in this Advance.
    pub(crate) fn ships_may_cross_storms(&self, seat: Seat) -> bool {
        self.pos.cards.ships_cross_storms || self.upgrade_ready(seat, "From the Warp")
    }

    /// A ship moved across a storm: From the Warp is used unless a card already allows it.
    pub(crate) fn note_storm_crossing(&mut self, seat: Seat, log: &mut Vec<Event>) {
        if !self.pos.cards.ships_cross_storms {
            self.use_upgrade(seat, "From the Warp", log);
            self.pos.cards.ships_cross_storms = true;
        }
    }

    // ----- orbital strikes -----

    /// The orbital strike upgrades the seat may still use this round.
    fn ready_strike_upgrades(&self, seat: Seat) -> Vec<String> {
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

    pub(super) fn ignores_bastions(&self, name: &str) -> bool {
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
            self.use_upgrade(turn, "Corsair Raid", log);
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
        log.push(Event(format!(
            "{} makes an orbital strike on {world} from {void}",
            self.faction(turn).name()
        )));
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
    fn strike_owner(&self, turn: Seat, world: AreaId) -> Option<Faction> {
        let f = self.faction(turn);
        self.pos
            .area(world)
            .factions()
            .into_iter()
            .find(|x| *x != f)
    }

    fn upgrade_options(&self, turn: Seat, s: &StrikeStep) -> Vec<String> {
        self.ready_strike_upgrades(turn)
            .into_iter()
            .filter(|u| !s.upgrades.contains(u))
            .collect()
    }

    fn strike_decision(&self, turn: Seat, s: &StrikeStep) -> Option<(Seat, super::DecisionKind)> {
        use super::DecisionKind as K;
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

    fn strike_actions(&self, turn: Seat, s: &StrikeStep, out: &mut Vec<Action>) {
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
    fn strafe_moves(&self, turn: Seat, s: &StrikeStep) -> Vec<Action> {
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
                        if self.pos.area(to).factions().iter().all(|x| *x == f) {
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
    fn strike_targets(&self, turn: Seat, s: &StrikeStep) -> Vec<DamageTarget> {
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

    fn spend_die(s: &mut StrikeStep, face: DieFace) {
        if let Some(i) = s.dice.iter().position(|d| *d == face) {
            s.dice.remove(i);
        }
    }

    #[allow(clippy::too_many_lines)]
    fn apply_strike(
        &mut self,
        turn: Seat,
        mut s: StrikeStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let f = self.faction(turn);
        let name = f.name();
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
                s.used.push("Rain of Fire".into());
                log.push(Event(format!(
                    "{name} turns a morale die to offence (Rain of Fire)"
                )));
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
                s.used.push(card.into());
                log.push(Event(format!("{name} spends dice for {card}")));
                match card {
                    "Lootin'!" => {
                        let max = self.data.components.max_materiel;
                        let p = self.player_mut(turn);
                        p.materiel = (p.materiel + 1).min(max);
                        if let Some(os) = self
                            .strike_owner(turn, s.world)
                            .and_then(|o| self.seat_of(o))
                        {
                            let p = self.player_mut(os);
                            p.materiel = p.materiel.saturating_sub(1);
                        }
                    }
                    "Tactical Strikes" => s.striker_picks = true,
                    "Strafing Run" => s.stage = StrikeStage::Strafe,
                    _ => {}
                }
            }
            (StrikeStage::Dice, Action::Steal { faction, asset }) => {
                Self::spend_die(&mut s, DieFace::Morale);
                s.used.push("Stealin'!".into());
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
                log.push(Event(format!(
                    "{name} takes a {asset} token from {} (Stealin'!)",
                    faction.name()
                )));
            }
            (StrikeStage::Dice, Action::UseEvent) => {
                if self.has_scheme(turn, "Exterminatus") {
                    self.discard_scheme(turn, "Exterminatus", log);
                    s.used.push("Exterminatus".into());
                    s.dice.iter_mut().for_each(|d| *d = DieFace::Offence);
                    log.push(Event(format!(
                        "{name} turns every die to offence (Exterminatus)"
                    )));
                } else {
                    self.discard_scheme(turn, "Vicious Raids", log);
                    s.used.push("Vicious Raids".into());
                    s.stage = StrikeStage::Reroll;
                }
            }
            (StrikeStage::Dice, _) => {
                s.remaining =
                    u8::try_from(s.dice.iter().filter(|d| **d == DieFace::Offence).count())
                        .unwrap_or(0);
                log.push(Event(format!(
                    "{name}'s strike deals {} damage",
                    s.remaining
                )));
                s.stage = StrikeStage::Damage;
            }
            (StrikeStage::Reroll, Action::Die { face }) => {
                Self::spend_die(&mut s, face);
                let new = self.roll(1, CombatRole::Attacker);
                log.push(Event(format!(
                    "{name} rerolls {} die: {}",
                    crate::engine::state::action::a_face(face),
                    super::dice_text(&new)
                )));
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
                log.push(Event(format!(
                    "{name} gains {} die (Vicious Raids)",
                    crate::engine::state::action::a_face(face)
                )));
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
                log.push(Event(format!(
                    "{name} moves {count} {unit} from {from} to {to} (Strafing Run)"
                )));
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
                log.push(Event(format!(
                    "a {unit} in {area} is destroyed (Complete Destruction)"
                )));
                self.finish_strike(turn, &s, log);
                return;
            }
            (StrikeStage::Destroy, Action::Raze { area, kind }) => {
                let st = &mut self.pos.area_mut(area).structures;
                if let Some(i) = st.iter().position(|x| x.kind == kind) {
                    st.remove(i);
                }
                log.push(Event(format!(
                    "the {kind} in {area} is destroyed (Complete Destruction)"
                )));
                self.finish_strike(turn, &s, log);
                return;
            }
            _ => return,
        }
        self.set_card(turn, CardStep::Strike(s));
    }

    fn roll_strike(&mut self, turn: Seat, s: &mut StrikeStep, log: &mut Vec<Event>) {
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
        log.push(Event(format!(
            "{} rolls {}",
            f.name(),
            super::dice_text(&s.dice)
        )));
        s.stage = StrikeStage::Dice;
    }

    fn strike_damage(&mut self, s: &mut StrikeStep, target: DamageTarget, log: &mut Vec<Event>) {
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
                    log.push(Event(format!(
                        "{unit} in {} is destroyed by the orbital strike",
                        s.world
                    )));
                } else {
                    if fear {
                        units[i].routed = true;
                        log.push(Event(format!(
                            "{unit} in {} survives and is routed (Fear from Above)",
                            s.world
                        )));
                    } else {
                        log.push(Event(format!(
                            "{unit} in {} survives the orbital strike",
                            s.world
                        )));
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
                    log.push(Event(format!(
                        "the bastion in {} is destroyed by the orbital strike",
                        s.world
                    )));
                } else {
                    log.push(Event(format!(
                        "the bastion in {} survives the orbital strike",
                        s.world
                    )));
                    s.remaining = 0;
                }
            }
            DamageTarget::Reinforcement { .. } => {}
        }
    }

    /// The strike is over: Complete Destruction, then Drop Pods (which may start a combat).
    fn finish_strike(&mut self, turn: Seat, s: &StrikeStep, log: &mut Vec<Event>) {
        let f = self.faction(turn);
        if s.used.iter().any(|u| u == "Drop Pods")
            && self.units_in_supply(UnitType::SpaceMarine) > 0
        {
            self.pos
                .area_mut(s.world)
                .units
                .push(Unit::new(UnitType::SpaceMarine));
            log.push(Event(format!(
                "{} places a free Space Marine on {} (Drop Pods)",
                f.name(),
                s.world
            )));
            if self.pos.area(s.world).is_contested() {
                self.start_combat(turn, s.system, s.world, vec![s.void], log);
                return;
            }
        }
        self.finish_order(turn, s.system, Order::Advance);
    }

    // ----- card steps in the Operations Phase -----

    pub(crate) fn card_decision(
        &self,
        turn: Seat,
        c: &CardStep,
    ) -> Option<(Seat, super::DecisionKind)> {
        match c {
            CardStep::DreadRitual { .. } => Some((turn, super::DecisionKind::DreadRitual)),
            CardStep::Strike(s) => self.strike_decision(turn, s),
            CardStep::Scheme { .. } | CardStep::Outmanoeuvre { .. } => {
                Some((turn, super::DecisionKind::SchemeAbility))
            }
        }
    }

    pub(crate) fn card_actions(&self, turn: Seat, c: &CardStep, out: &mut Vec<Action>) {
        match c {
            CardStep::DreadRitual { system } => {
                self.dread_ritual_actions(turn, *system, out);
                out.push(Action::Done);
            }
            CardStep::Strike(s) => self.strike_actions(turn, s, out),
            CardStep::Scheme { card, from, to } => self.scheme_actions(turn, card, *from, *to, out),
            CardStep::Outmanoeuvre { system, token } => {
                self.outmanoeuvre_actions(turn, *system, *token, out);
            }
        }
    }

    pub(crate) fn apply_card(
        &mut self,
        turn: Seat,
        c: CardStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        match c {
            CardStep::DreadRitual { system } => {
                if let Action::BuyUnit {
                    unit,
                    area,
                    forge_level,
                    cache,
                } = action
                    && let Some(price) =
                        self.dread_ritual_price(turn, system, unit, forge_level, cache)
                {
                    self.use_upgrade(turn, "Dread Ritual", log);
                    self.pay(turn, price);
                    self.pos.area_mut(area).units.push(Unit::new(unit));
                    log.push(Event(format!(
                        "{} buys a {unit} in {area} for {} materiel (Dread Ritual)",
                        self.faction(turn).name(),
                        price.materiel
                    )));
                }
                self.finish_order(turn, system, Order::Deploy);
            }
            CardStep::Strike(s) => self.apply_strike(turn, s, action, log),
            CardStep::Scheme { card, from, to } => {
                self.apply_scheme(turn, &card, from, to, action, log);
            }
            CardStep::Outmanoeuvre { system, token } => {
                self.apply_outmanoeuvre(turn, system, token, action, log);
            }
        }
    }

    /// Steps of a card strike that need no decision.
    pub(crate) fn auto_card(&mut self, turn: Seat, c: &CardStep, log: &mut Vec<Event>) -> bool {
        let CardStep::Strike(s) = c else {
            return false;
        };
        let mut s = s.clone();
        match s.stage {
            StrikeStage::Upgrades if self.upgrade_options(turn, &s).is_empty() => {
                self.roll_strike(turn, &mut s, log);
            }
            StrikeStage::Dice => {
                let mut out = Vec::new();
                self.strike_actions(turn, &s, &mut out);
                if out.len() > 1 {
                    return false;
                }
                self.apply_strike(turn, s, Action::Done, log);
                return true;
            }
            StrikeStage::Damage if s.remaining == 0 || self.strike_targets(turn, &s).is_empty() => {
                let destroy = s.used.iter().any(|u| u == "Complete Destruction")
                    && self.strike_owner(turn, s.world).is_some();
                if destroy {
                    s.stage = StrikeStage::Destroy;
                } else {
                    self.finish_strike(turn, &s, log);
                    return true;
                }
            }
            StrikeStage::Destroy if self.strike_owner(turn, s.world).is_none() => {
                self.finish_strike(turn, &s, log);
                return true;
            }
            _ => return false,
        }
        self.set_card(turn, CardStep::Strike(s));
        true
    }
}
