//! Event cards (Rules Reference, "Event Cards"): tactics resolve when chosen in the Refresh
//! Phase; schemes stay face up (one at a time) until their owner uses them. Schemes used
//! "instead of revealing an order" are offered in the Operations Phase to a player with one of
//! his tokens on top of a stack (unofficial FAQ).

use super::{Action, Event, Game};
use crate::engine::data::{EventKind, StormIcon};
use crate::engine::state::card_step::CardStep;
use crate::engine::state::ids::{AreaId, Asset, EdgeId, Seat, Side, StructureKind, SystemId};
use crate::engine::state::phase::{AdvanceStep, OpStep, Phase, RefreshStep};
use crate::engine::state::position::{Structure, Unit};
use crate::engine::state::unit_type::UnitType;

/// The tactics that only give tokens (`refresh.rs`), resolved by `use-event`.
const PLAIN: [&str; 3] = ["Spoils of War", "Legacy of Vaul", "Moar Boyz!"];

const PRAYER: &str = "Prayer to the Dark Gods";
const OUTMANOEUVRE: &str = "Outmanoeuvre";

/// The schemes used instead of revealing an order.
const INSTEAD: [&str; 4] = [
    "Unwavering Resolve",
    "Blight of Nurgle",
    "Warp Gate",
    "Mob Up!",
];

impl Game {
    fn is_scheme(&self, card: &str) -> bool {
        self.data
            .event_cards
            .iter()
            .any(|c| c.name == card && c.kind == EventKind::Scheme)
    }

    /// Worlds friendly to the seat.
    fn own_worlds(&self, seat: Seat) -> Vec<AreaId> {
        self.friendly_worlds(self.faction(seat)).collect()
    }

    /// Areas with no unit or structure.
    fn uncontrolled(&self, area: AreaId) -> bool {
        self.pos.area(area).factions().is_empty()
    }

    // ----- Refresh Phase: the chosen card's ability -----

    #[allow(clippy::collapsible_match)]
    pub(crate) fn event_ability_actions(&self, seat: Seat, card: &str, out: &mut Vec<Action>) {
        if self.is_scheme(card) || PLAIN.contains(&card) {
            out.extend([Action::UseEvent, Action::Done]);
            return;
        }
        let f = self.faction(seat);
        let worlds = self.own_worlds(seat);
        let p = self.player(seat);
        let free =
            |unit: UnitType, areas: &mut dyn Iterator<Item = AreaId>, out: &mut Vec<Action>| {
                if self.units_in_supply(unit) > 0 {
                    out.extend(areas.map(|area| Action::PlaceFree { unit, area }));
                }
            };
        match card {
            "Heroic Intervention" => {
                free(
                    UnitType::SpaceMarine,
                    &mut worlds
                        .iter()
                        .copied()
                        .filter(|&w| !self.pos.area(w).structures.is_empty()),
                    out,
                );
                free(UnitType::Scout, &mut worlds.iter().copied(), out);
            }
            "Prophets and Signs" => free(UnitType::Cultist, &mut worlds.iter().copied(), out),
            "Letz Get Fightin'" => {
                let nob_worlds = self
                    .board
                    .areas()
                    .filter(|a| a.is_world())
                    .map(|a| a.id)
                    .filter(|&w| {
                        self.pos
                            .area(w)
                            .units
                            .iter()
                            .any(|u| u.unit == UnitType::Nob)
                    });
                let mut areas: Vec<AreaId> = worlds.iter().copied().chain(nob_worlds).collect();
                areas.sort();
                areas.dedup();
                free(UnitType::OrkBoyz, &mut areas.into_iter(), out);
            }
            "Work of the Righteous" => out.extend(worlds.iter().map(|&area| Action::Area { area })),
            "The Emperor Protects" => {
                if self.structures_in_supply(StructureKind::Bastion) > 0
                    && self.control_tokens_left(f) > 0
                {
                    for &w in &worlds {
                        let s = &self.pos.area(w).structures;
                        let paid =
                            !s.iter().any(|x| x.kind == StructureKind::Bastion) && p.materiel >= 2;
                        if s.is_empty() || (paid && s.len() == 1) {
                            out.push(Action::BuildStructure {
                                kind: StructureKind::Bastion,
                                area: w,
                                cache: false,
                            });
                        }
                    }
                }
            }
            "Exodite Colony" => {
                if self.structures_in_supply(StructureKind::City) > 0
                    && self.control_tokens_left(f) > 0
                    && p.materiel >= 1
                {
                    for a in self.board.areas().filter(|a| a.is_world()) {
                        let st = self.pos.area(a.id);
                        let ok = (self.is_friendly(a.id, f) || self.uncontrolled(a.id))
                            && st.structures.is_empty()
                            && !st.objectives.contains(&f);
                        if ok {
                            out.push(Action::BuildStructure {
                                kind: StructureKind::City,
                                area: a.id,
                                cache: false,
                            });
                        }
                    }
                }
            }
            "Outcasts Returned" => {
                let voids: Vec<AreaId> = self
                    .board
                    .areas()
                    .filter(|a| !a.is_world())
                    .map(|a| a.id)
                    .filter(|&v| self.uncontrolled(v))
                    .collect();
                free(UnitType::HelleboreFrigate, &mut voids.iter().copied(), out);
                for a in self.board.areas().filter(|a| !a.is_world()) {
                    let has = self
                        .pos
                        .area(a.id)
                        .units
                        .iter()
                        .any(|u| u.unit == UnitType::HelleboreFrigate && !u.routed);
                    if has {
                        out.extend(voids.iter().map(|&to| Action::MoveUnits {
                            from: a.id,
                            to,
                            unit: UnitType::HelleboreFrigate,
                            count: 1,
                        }));
                    }
                }
            }
            "How We Getz Here?" => {
                let targets: Vec<AreaId> = self
                    .board
                    .areas()
                    .filter(|a| a.is_world())
                    .map(|a| a.id)
                    .filter(|&w| self.uncontrolled(w))
                    .collect();
                for a in self.board.areas().filter(|a| a.is_world()) {
                    let types = self
                        .pos
                        .area(a.id)
                        .unit_types(|u| u.owner() == f && !u.routed);
                    for unit in types {
                        out.extend(targets.iter().map(|&to| Action::MoveUnits {
                            from: a.id,
                            to,
                            unit,
                            count: 1,
                        }));
                    }
                }
            }
            "Lootin' 'n Stealin'" => {
                for other in self.seats().filter(|&s| s != seat && self.is_active(s)) {
                    for asset in Asset::TOKENS {
                        if self.player(other).assets.get(asset) > 0 {
                            out.push(Action::Steal {
                                faction: self.faction(other),
                                asset,
                            });
                        }
                    }
                }
                if out.is_empty() {
                    out.push(Action::UseEvent);
                }
            }
            "Rites of Battle" => {
                self.upgrade_purchase_actions(seat, Some(self.rites_discount(seat)), None, out);
            }
            "Path of the Warrior" => {
                self.upgrade_purchase_actions(seat, None, Some(self.warrior_discount(seat)), out);
            }
            "Touched by the Warp" => {
                for a in self.board.areas().filter(|a| a.is_world()) {
                    if self
                        .pos
                        .area(a.id)
                        .units
                        .iter()
                        .any(|u| u.unit == UnitType::Cultist)
                    {
                        out.push(Action::Destroy {
                            area: a.id,
                            unit: UnitType::Cultist,
                        });
                    }
                }
            }
            "Incantation of Tzeentch" => {
                if !p.event_deck.is_empty() {
                    out.push(Action::UseEvent);
                }
            }
            _ => {}
        }
        out.push(Action::Done);
    }

    fn rites_discount(&self, seat: Seat) -> u8 {
        let f = self.faction(seat);
        let n = self
            .pos
            .areas
            .values()
            .flat_map(|a| a.structures.iter())
            .filter(|s| s.owner == f && s.kind == StructureKind::Bastion)
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    fn warrior_discount(&self, seat: Seat) -> u8 {
        let f = self.faction(seat);
        let n = self
            .friendly_worlds(f)
            .filter(|&w| {
                self.pos
                    .area(w)
                    .structures
                    .iter()
                    .any(|s| s.kind == StructureKind::City)
            })
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Order upgrade purchases (discount `order`) and combat upgrade purchases (discount
    /// `combat`) within the command level; `None` leaves that kind out.
    fn upgrade_purchase_actions(
        &self,
        seat: Seat,
        order: Option<u8>,
        combat: Option<u8>,
        out: &mut Vec<Action>,
    ) {
        let level = self.command_level(self.faction(seat));
        self.upgrade_actions_at(seat, level, order, combat, out);
    }

    fn upgrade_actions_at(
        &self,
        seat: Seat,
        level: u8,
        order: Option<u8>,
        combat: Option<u8>,
        out: &mut Vec<Action>,
    ) {
        let p = self.player(seat);
        if let Some(off) = order {
            for (i, name) in p.order_upgrade_deck.iter().enumerate() {
                if let Some(c) = self.data.order_upgrades.iter().find(|c| &c.name == name)
                    && c.level <= level
                    && c.cost.saturating_sub(off) <= p.materiel
                    && let Ok(card) = u8::try_from(i + 1)
                {
                    out.push(Action::BuyOrderUpgrade { card });
                }
            }
        }
        if let Some(off) = combat {
            let deck = super::strategize::distinct(&p.combat_deck);
            for (i, name) in super::strategize::distinct(&p.combat_upgrades)
                .iter()
                .enumerate()
            {
                let Some(c) = self.data.combat_cards.iter().find(|c| &c.name == name) else {
                    continue;
                };
                if c.level.unwrap_or(0) > level || c.cost.saturating_sub(off) > p.materiel {
                    continue;
                }
                for j in 0..deck.len() {
                    if let (Ok(card), Ok(replace)) = (u8::try_from(i + 1), u8::try_from(j + 1)) {
                        out.push(Action::BuyCombatUpgrade { card, replace });
                    }
                }
            }
        }
    }

    fn buy_upgrade_discounted(
        &mut self,
        seat: Seat,
        action: Action,
        off: u8,
        card_name: &str,
        log: &mut Vec<Event>,
    ) {
        let name = self.faction(seat).name();
        match action {
            Action::BuyOrderUpgrade { card } => {
                let p = self.player_mut(seat);
                let up = p.order_upgrade_deck.remove(usize::from(card) - 1);
                let cost = self
                    .data
                    .order_upgrades
                    .iter()
                    .find(|c| c.name == up)
                    .map_or(0, |c| c.cost)
                    .saturating_sub(off);
                let p = self.player_mut(seat);
                p.materiel = p.materiel.saturating_sub(cost);
                p.order_upgrades.push(up.clone());
                log.push(Event(format!(
                    "{name} buys the order upgrade {up} for {cost} materiel ({card_name})"
                )));
            }
            Action::BuyCombatUpgrade { card, replace } => {
                let p = self.player(seat);
                let new =
                    super::strategize::distinct(&p.combat_upgrades)[usize::from(card) - 1].clone();
                let old =
                    super::strategize::distinct(&p.combat_deck)[usize::from(replace) - 1].clone();
                let cost = self
                    .data
                    .combat_cards
                    .iter()
                    .find(|c| c.name == new)
                    .map_or(0, |c| c.cost)
                    .saturating_sub(off);
                let p = self.player_mut(seat);
                p.materiel = p.materiel.saturating_sub(cost);
                p.combat_upgrades.retain(|c| *c != new);
                p.combat_deck.retain(|c| *c != old);
                p.combat_deck.extend([new.clone(), new.clone()]);
                p.combat_upgrades.extend([old.clone(), old.clone()]);
                let mut deck = std::mem::take(&mut self.player_mut(seat).combat_deck);
                self.shuffle(&mut deck);
                self.player_mut(seat).combat_deck = deck;
                log.push(Event(format!("{name} buys the combat upgrade {new} for {cost} materiel, returning {old} ({card_name})")));
            }
            _ => {}
        }
    }

    fn place_free(
        &mut self,
        seat: Seat,
        unit: UnitType,
        area: AreaId,
        n: usize,
        card: &str,
        log: &mut Vec<Event>,
    ) {
        let n = n.min(self.units_in_supply(unit));
        for _ in 0..n {
            self.pos.area_mut(area).units.push(Unit::new(unit));
        }
        log.push(Event(format!(
            "{} places {n} free {unit} in {area} ({card})",
            self.faction(seat).name()
        )));
    }

    fn move_one(&mut self, from: AreaId, to: AreaId, unit: UnitType, count: u8) {
        for _ in 0..count {
            let units = &mut self.pos.area_mut(from).units;
            if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                let u = units.remove(i);
                self.pos.area_mut(to).units.push(u);
            }
        }
    }

    /// Resolves the chosen tactic's action (the card is already back in the deck). Returns
    /// whether a further choice follows (the phase is set then).
    #[allow(clippy::too_many_lines)]
    pub(crate) fn apply_tactic(
        &mut self,
        seat: Seat,
        card: &str,
        action: Action,
        log: &mut Vec<Event>,
    ) -> bool {
        let f = self.faction(seat);
        let name = f.name();
        match (card, action) {
            ("Heroic Intervention" | "Outcasts Returned", Action::PlaceFree { unit, area }) => {
                self.place_free(seat, unit, area, 1, card, log);
            }
            ("Prophets and Signs", Action::PlaceFree { unit, area }) => {
                let none = !self
                    .pos
                    .area(area)
                    .units
                    .iter()
                    .any(|u| u.unit == UnitType::Cultist);
                self.place_free(seat, unit, area, if none { 2 } else { 1 }, card, log);
            }
            ("Letz Get Fightin'", Action::PlaceFree { unit, area }) => {
                let nob = self
                    .pos
                    .area(area)
                    .units
                    .iter()
                    .any(|u| u.unit == UnitType::Nob);
                self.place_free(seat, unit, area, if nob { 2 } else { 1 }, card, log);
            }
            (
                "Outcasts Returned" | "How We Getz Here?",
                Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                },
            ) => {
                self.move_one(from, to, unit, count);
                log.push(Event(format!(
                    "{name} moves a {unit} from {from} to {to} ({card})"
                )));
            }
            ("Work of the Righteous", Action::Area { area }) => {
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::Tactic {
                        card: card.into(),
                        area: Some(area),
                        drawn: Vec::new(),
                    },
                });
                return true;
            }
            (
                "The Emperor Protects" | "Exodite Colony",
                Action::BuildStructure { kind, area, .. },
            ) => {
                let cost = if card == "Exodite Colony" {
                    1
                } else if self.pos.area(area).structures.is_empty() {
                    0
                } else {
                    2
                };
                let p = self.player_mut(seat);
                p.materiel = p.materiel.saturating_sub(cost);
                self.pos
                    .area_mut(area)
                    .structures
                    .push(Structure { kind, owner: f });
                log.push(Event(format!(
                    "{name} puts a {kind} on {area} for {cost} materiel ({card})"
                )));
            }
            ("Lootin' 'n Stealin'", _) => {
                let max = self.data.components.max_materiel;
                let p = self.player_mut(seat);
                p.materiel = (p.materiel + 2).min(max);
                log.push(Event(format!("{name} gains 2 materiel ({card})")));
                if let Action::Steal { faction, asset } = action
                    && let Some(other) = self.seat_of(faction)
                    && let Some(n) = self.player_mut(other).assets.get_mut(asset)
                {
                    *n = n.saturating_sub(1);
                    log.push(Event(format!(
                        "{} loses a {asset} token ({card})",
                        faction.name()
                    )));
                }
            }
            ("Rites of Battle", _) => {
                let off = self.rites_discount(seat);
                self.buy_upgrade_discounted(seat, action, off, card, log);
            }
            ("Path of the Warrior", _) => {
                let off = self.warrior_discount(seat);
                self.buy_upgrade_discounted(seat, action, off, card, log);
            }
            ("Touched by the Warp", Action::Destroy { area, unit }) => {
                let units = &mut self.pos.area_mut(area).units;
                if let Some(i) = units.iter().position(|u| u.unit == unit) {
                    units.remove(i);
                }
                log.push(Event(format!(
                    "{name} destroys a Cultist in {area} ({card})"
                )));
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::Tactic {
                        card: card.into(),
                        area: Some(area),
                        drawn: Vec::new(),
                    },
                });
                return true;
            }
            ("Incantation of Tzeentch", _) => {
                // The card itself went back on top: keep it out of the draw.
                let p = self.player_mut(seat);
                let me = p.event_deck.pop();
                let n = p.event_deck.len().min(3);
                let at = p.event_deck.len() - n;
                let drawn = p.event_deck.split_off(at);
                p.event_deck.extend(me);
                log.push(Event(format!(
                    "{name} draws {} event card(s) ({card})",
                    drawn.len()
                )));
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::Tactic {
                        card: card.into(),
                        area: None,
                        drawn,
                    },
                });
                return true;
            }
            _ => {}
        }
        false
    }

    /// How many warp storms lie on the edges of a system.
    fn storms_around(&self, system: SystemId) -> u8 {
        let n = [Side::N, Side::E, Side::S, Side::W]
            .into_iter()
            .filter(|&side| self.pos.storm_at(EdgeId::of(system, side)))
            .count();
        u8::try_from(n).unwrap_or(0)
    }

    pub(crate) fn tactic_actions(
        &self,
        seat: Seat,
        card: &str,
        area: Option<AreaId>,
        drawn: &[String],
        out: &mut Vec<Action>,
    ) {
        match (card, area) {
            ("Work of the Righteous", Some(w)) => {
                let prosperity = self
                    .board
                    .area(w)
                    .and_then(|a| a.world())
                    .is_some_and(|x| x.assets.contains(&Asset::Prosperity));
                if prosperity {
                    out.extend(Asset::TOKENS.map(|asset| Action::TakeAsset { asset }));
                } else {
                    out.push(Action::Choose { option: 1 });
                }
                out.push(Action::Choose { option: 2 });
            }
            ("Touched by the Warp", Some(w)) => {
                let level = self.storms_around(w.system);
                self.upgrade_actions_at(seat, level, Some(u8::MAX), Some(u8::MAX), out);
                out.push(Action::Done);
            }
            _ => out.extend(
                (1..=drawn.len())
                    .filter_map(|i| u8::try_from(i).ok())
                    .map(|card| Action::ChooseEvent { card }),
            ),
        }
    }

    /// Resolves a tactic's further choice. Returns whether the event turn goes on (the
    /// phase is set then).
    pub(crate) fn apply_tactic_step(
        &mut self,
        seat: Seat,
        card: &str,
        area: Option<AreaId>,
        drawn: &[String],
        action: Action,
        log: &mut Vec<Event>,
    ) -> bool {
        let f = self.faction(seat);
        match (card, area, action) {
            ("Work of the Righteous", Some(w), Action::Choose { option: 2 }) => {
                let m = self
                    .board
                    .area(w)
                    .and_then(|a| a.world())
                    .map_or(0, |x| x.materiel);
                let max = self.data.components.max_materiel;
                let p = self.player_mut(seat);
                let before = p.materiel;
                p.materiel = p.materiel.saturating_add(m).min(max);
                let kept = p.materiel - before;
                let text = if kept < m {
                    format!(
                        "{} collects {kept} of {m} materiel from {w} (the dial stops at {max}; {card})",
                        f.name()
                    )
                } else {
                    format!("{} collects {m} materiel from {w} ({card})", f.name())
                };
                log.push(Event(text));
            }
            ("Work of the Righteous", Some(w), _) => {
                let icons: Vec<Asset> = self
                    .board
                    .area(w)
                    .and_then(|a| a.world())
                    .map(|x| x.assets.clone())
                    .unwrap_or_default();
                for icon in icons {
                    let icon = match (icon, action) {
                        (Asset::Prosperity, Action::TakeAsset { asset }) => asset,
                        (Asset::Prosperity, _) => continue,
                        (other, _) => other,
                    };
                    self.gain_asset(seat, icon, Some(card), log);
                }
            }
            ("Touched by the Warp", _, Action::Done) => {}
            ("Touched by the Warp", _, _) => {
                self.buy_upgrade_discounted(seat, action, u8::MAX, card, log);
            }
            (_, _, Action::ChooseEvent { card: i }) => {
                let chosen = drawn[usize::from(i) - 1].clone();
                let p = self.player_mut(seat);
                let mut rest = drawn.to_vec();
                rest.remove(usize::from(i) - 1);
                p.event_deck.extend(rest);
                log.push(Event(format!(
                    "{} resolves {chosen} ({card}), ignoring its storm icon",
                    f.name()
                )));
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::EventAbility { card: chosen },
                });
                return true;
            }
            _ => {}
        }
        false
    }

    // ----- Operations Phase: schemes used instead of revealing an order -----

    /// The scheme the seat could use instead of revealing, if any has something to act on.
    fn instead_scheme(&self, seat: Seat) -> Option<String> {
        if self.own_top_tokens(seat).is_empty() {
            return None;
        }
        let card = self
            .player(seat)
            .schemes
            .iter()
            .find(|s| INSTEAD.contains(&s.as_str()))?
            .clone();
        let mut out = Vec::new();
        self.scheme_actions(seat, &card, None, None, &mut out);
        (!out.is_empty()).then_some(card)
    }

    pub(crate) fn scheme_reveal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.instead_scheme(seat).is_some() {
            out.push(Action::UseEvent);
        }
    }

    pub(crate) fn apply_scheme_instead(&mut self, seat: Seat, log: &mut Vec<Event>) {
        let Some(card) = self.instead_scheme(seat) else {
            return;
        };
        self.discard_scheme(seat, &card, log);
        log.push(Event(format!(
            "{} uses {card} instead of revealing an order",
            self.faction(seat).name()
        )));
        self.set_phase(Phase::Operations {
            turn: seat,
            step: OpStep::Card(Box::new(CardStep::Scheme {
                card,
                from: None,
                to: None,
            })),
        });
    }

    pub(crate) fn scheme_actions(
        &self,
        seat: Seat,
        card: &str,
        from: Option<AreaId>,
        to: Option<AreaId>,
        out: &mut Vec<Action>,
    ) {
        let f = self.faction(seat);
        match card {
            "Unwavering Resolve" => {
                let mut systems: Vec<SystemId> = self
                    .pos
                    .areas
                    .iter()
                    .filter(|(_, a)| a.units.iter().any(|u| u.owner() == f && u.routed))
                    .map(|(id, _)| id.system)
                    .collect();
                systems.dedup();
                out.extend(systems.into_iter().map(|system| Action::System { system }));
            }
            "Mob Up!" => {
                for system in self.board.systems() {
                    let n: usize = self
                        .board
                        .areas_of(system)
                        .map(|a| self.pos.area(a.id).count_units(f))
                        .sum();
                    if n >= 2 {
                        out.push(Action::System { system });
                    }
                }
            }
            "Blight of Nurgle" => {
                for system in self.board.systems() {
                    if !self
                        .board
                        .areas_of(system)
                        .any(|a| self.pos.area(a.id).count_units(f) > 0)
                    {
                        continue;
                    }
                    for a in self.board.areas_of(system) {
                        let types = self
                            .pos
                            .area(a.id)
                            .unit_types(|u| u.owner() != f && !u.routed);
                        out.extend(
                            types
                                .into_iter()
                                .map(|unit| Action::Rout { area: a.id, unit }),
                        );
                    }
                }
            }
            "Warp Gate" => {
                for a in self.board.areas() {
                    if from.is_some_and(|x| x != a.id) {
                        continue;
                    }
                    let types = self
                        .pos
                        .area(a.id)
                        .unit_types(|u| u.owner() == f && !u.routed);
                    for unit in types {
                        let n = self
                            .pos
                            .area(a.id)
                            .units
                            .iter()
                            .filter(|u| u.unit == unit && !u.routed)
                            .count();
                        let ship = self.is_ship(unit);
                        for b in self.board.areas() {
                            let ok = b.id != a.id
                                && b.is_world() != ship
                                && to.is_none_or(|t| t == b.id)
                                && self.pos.area(b.id).factions().iter().all(|x| *x == f);
                            if ok {
                                for count in 1..=u8::try_from(n).unwrap_or(0) {
                                    out.push(Action::MoveUnits {
                                        from: a.id,
                                        to: b.id,
                                        unit,
                                        count,
                                    });
                                }
                            }
                        }
                    }
                }
                if from.is_some() {
                    out.push(Action::Done);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn apply_scheme(
        &mut self,
        seat: Seat,
        card: &str,
        _from: Option<AreaId>,
        to: Option<AreaId>,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let f = self.faction(seat);
        match action {
            Action::System { system } if card == "Unwavering Resolve" => {
                let areas: Vec<AreaId> = self.board.areas_of(system).map(|a| a.id).collect();
                for a in areas {
                    for u in self
                        .pos
                        .area_mut(a)
                        .units
                        .iter_mut()
                        .filter(|u| u.owner() == f)
                    {
                        u.routed = false;
                    }
                }
                log.push(Event(format!(
                    "{} rallies every unit in {system} ({card})",
                    f.name()
                )));
            }
            Action::System { system } => {
                // Mob Up!: an Advance order with no token.
                self.pos.cards.no_token = true;
                log.push(Event(format!(
                    "{} resolves an Advance order in {system} ({card})",
                    f.name()
                )));
                self.set_phase(Phase::Operations {
                    turn: seat,
                    step: OpStep::Advance(AdvanceStep::new(system)),
                });
                return;
            }
            Action::Rout { area, unit } => {
                if let Some(u) = self
                    .pos
                    .area_mut(area)
                    .units
                    .iter_mut()
                    .find(|u| u.unit == unit && !u.routed)
                {
                    u.routed = true;
                }
                log.push(Event(format!(
                    "{} routs a {unit} in {area} ({card})",
                    f.name()
                )));
            }
            Action::MoveUnits {
                from,
                to,
                unit,
                count,
            } => {
                self.move_one(from, to, unit, count);
                log.push(Event(format!(
                    "{} moves {count} {unit} from {from} to {to} ({card})",
                    f.name()
                )));
                self.set_phase(Phase::Operations {
                    turn: seat,
                    step: OpStep::Card(Box::new(CardStep::Scheme {
                        card: card.into(),
                        from: Some(from),
                        to: Some(to),
                    })),
                });
                return;
            }
            _ => {}
        }
        if let Some(to) = to {
            // Warp Gate may crowd an area: capacity is checked as after an order.
            self.set_phase(Phase::Operations {
                turn: seat,
                step: OpStep::Capacity { system: to.system },
            });
        } else {
            self.finish_turn(seat, log);
        }
    }

    /// Through the Warp: offered while the ships of an Advance move.
    pub(crate) fn through_the_warp_ready(&self, seat: Seat) -> bool {
        self.has_scheme(seat, "Through the Warp") && !self.pos.cards.ground_cross_storms
    }

    pub(crate) fn use_through_the_warp(&mut self, seat: Seat, log: &mut Vec<Event>) {
        self.discard_scheme(seat, "Through the Warp", log);
        self.pos.cards.ships_cross_storms = true;
        self.pos.cards.ground_cross_storms = true;
    }

    // ----- Prayer to the Dark Gods: when any player moves a warp storm -----

    /// The seat that may cancel the storm move `from` -> `to` with Prayer to the Dark Gods.
    pub(crate) fn prayer_holder(&self, from: EdgeId, to: EdgeId) -> Option<Seat> {
        let mut moves = Vec::new();
        self.prayer_actions(from, to, &mut moves);
        if moves.len() <= 1 {
            return None;
        }
        self.seats()
            .find(|&s| self.is_active(s) && self.has_scheme(s, PRAYER))
    }

    /// The storm, back on `from`, moves one step in any direction (any storm icon) to a free
    /// edge other than `to`; `done` keeps the scheme.
    pub(crate) fn prayer_actions(&self, from: EdgeId, to: EdgeId, out: &mut Vec<Action>) {
        for icon in [
            StormIcon::Across,
            StormIcon::Sideways,
            StormIcon::DiagonalTlBr,
            StormIcon::DiagonalTrBl,
        ] {
            for dest in crate::engine::rules::storms::storm_destinations(from, icon)
                .into_iter()
                .flatten()
            {
                let action = Action::MoveStorm { from, to: dest };
                if dest != to
                    && self.board.has_edge(dest)
                    && !self.pos.storm_at(dest)
                    && !out.contains(&action)
                {
                    out.push(action);
                }
            }
        }
        out.push(Action::Done);
    }

    pub(crate) fn apply_prayer(
        &mut self,
        holder: Seat,
        to: EdgeId,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let Action::MoveStorm { from, to: dest } = action else {
            return;
        };
        self.discard_scheme(holder, PRAYER, log);
        if let Some(s) = self.pos.storms.iter_mut().find(|s| s.edge == to) {
            s.edge = dest;
        }
        log.push(Event(format!(
            "{} cancels the storm move to {to} and moves the storm on {from} to {dest} ({PRAYER})",
            self.faction(holder).name()
        )));
    }

    // ----- Outmanoeuvre: when the Planning Phase ends -----

    /// The seat holding Outmanoeuvre with an order token in a stack of two or more.
    pub(crate) fn outmanoeuvre_seat(&self) -> Option<Seat> {
        self.seats().find(|&s| {
            let f = self.faction(s);
            self.is_active(s)
                && self.has_scheme(s, OUTMANOEUVRE)
                && self
                    .pos
                    .stacks
                    .values()
                    .any(|st| st.len() > 1 && st.iter().any(|t| t.owner == f))
        })
    }

    pub(crate) fn outmanoeuvre_actions(
        &self,
        seat: Seat,
        system: Option<SystemId>,
        token: Option<u8>,
        out: &mut Vec<Action>,
    ) {
        let f = self.faction(seat);
        match (system, token) {
            (None, _) => {
                for (&system, st) in &self.pos.stacks {
                    if st.len() > 1 && st.iter().any(|t| t.owner == f) {
                        out.push(Action::System { system });
                    }
                }
                out.push(Action::Done);
            }
            (Some(system), None) => {
                let st = self.pos.stacks.get(&system).map_or(&[][..], Vec::as_slice);
                out.extend(
                    st.iter()
                        .enumerate()
                        .filter(|(_, t)| t.owner == f)
                        .filter_map(|(i, _)| u8::try_from(i + 1).ok())
                        .map(|option| Action::Choose { option }),
                );
            }
            // 1: to the top; 2: to the bottom.
            (Some(_), Some(_)) => {
                out.extend([Action::Choose { option: 1 }, Action::Choose { option: 2 }]);
            }
        }
    }

    pub(crate) fn apply_outmanoeuvre(
        &mut self,
        seat: Seat,
        system: Option<SystemId>,
        token: Option<u8>,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let name = self.faction(seat).name();
        let step = match (system, token, action) {
            (None, _, Action::System { system }) => {
                self.discard_scheme(seat, OUTMANOEUVRE, log);
                CardStep::Outmanoeuvre {
                    system: Some(system),
                    token: None,
                }
            }
            (Some(system), None, Action::Choose { option }) => CardStep::Outmanoeuvre {
                system: Some(system),
                token: Some(option),
            },
            (Some(system), Some(i), Action::Choose { option }) => {
                if let Some(st) = self.pos.stacks.get_mut(&system)
                    && let Some(t) = usize::from(i).checked_sub(1).filter(|&i| i < st.len())
                {
                    let placed = st.remove(t);
                    if option == 1 {
                        st.push(placed);
                    } else {
                        st.insert(0, placed);
                    }
                    log.push(Event(format!(
                        "{name} moves one of his order tokens to the {} of the stack on {system} ({OUTMANOEUVRE})",
                        if option == 1 { "top" } else { "bottom" }
                    )));
                }
                self.begin_operations(log);
                return;
            }
            _ => {
                self.begin_operations(log);
                return;
            }
        };
        self.set_phase(Phase::Operations {
            turn: seat,
            step: OpStep::Card(Box::new(step)),
        });
    }
}
