//! Why an action is not legal: the rule and the fact in the position that triggers it. Each
//! explainer below runs only for an action the generator did not list, and names the first
//! fact that rules it out, in the order the Rules Reference checks them.

use std::collections::{BTreeMap, BinaryHeap};

use super::{Action, DecisionKind, Game, RuleError};
use crate::engine::rules::board::{AreaInfo, Board};
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::CombatStep;
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{AreaId, Asset, EdgeId, Faction, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{AdvanceStep, OpStep, Phase, RefreshStep, StrategizeStep};
use crate::engine::state::unit_type::UnitType;

/// "world" or "void".
fn kind_word(world: bool) -> &'static str {
    if world { "world" } else { "void" }
}

/// Joins items as `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Joins actions as a short list of choices.
fn choices(actions: &[Action]) -> String {
    const SHOWN: usize = 8;
    let mut words: Vec<String> = actions
        .iter()
        .take(SHOWN)
        .map(|a| format!("`{a}`"))
        .collect();
    if actions.len() > SHOWN {
        words.push(format!("{} more", actions.len() - SHOWN));
    }
    words.join(", ")
}

impl Game {
    /// The rule that forbids an action that is not among the legal ones.
    pub(super) fn explain(&self, action: Action) -> RuleError {
        let Some(decision) = self.decision() else {
            return RuleError::new(
                "Winning and Losing the Game",
                "the game is over: no action is legal",
            );
        };
        // Constructing the board: its own explainer (construct.rs).
        if let Phase::Setup(s) = &self.pos.phase {
            return self.explain_setup(s, action);
        }
        let seat = decision.seat;
        let specific = match (decision.kind, action) {
            (DecisionKind::PlaceOrder, Action::Place { order, system }) => {
                Some(self.explain_place(seat, order, system))
            }
            (DecisionKind::RevealOrder, Action::Reveal { system }) => {
                Some(self.explain_reveal(system))
            }
            (DecisionKind::ResolveOrEventDeck, Action::ToEventDeck) => Some(RuleError::new(
                "Strategize Order",
                "a Strategize order always goes on the event deck after it is resolved; only Advance, Deploy and Dominate may be put there instead",
            )),
            (
                DecisionKind::DeployUnits,
                Action::BuyUnit {
                    unit,
                    area,
                    forge_level,
                    cache,
                },
            ) => Some(self.explain_buy(seat, unit, area, forge_level, cache)),
            (DecisionKind::DeployUnits, Action::BuildStructure { .. }) => Some(RuleError::new(
                "Deploy Order",
                "units are purchased first: say `done` to move on to the structure",
            )),
            (DecisionKind::DeployStructure, Action::BuyUnit { .. }) => Some(RuleError::new(
                "Deploy Order",
                "the unit purchases are over: only a structure may be purchased now",
            )),
            (DecisionKind::DeployStructure, Action::BuildStructure { kind, area, cache }) => {
                Some(self.explain_build(seat, kind, area, cache))
            }
            (
                DecisionKind::MoveShips | DecisionKind::MoveGround,
                Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                },
            ) => Some(self.explain_move(seat, from, to, unit, count)),
            (DecisionKind::ChooseAsset, Action::TakeAsset { asset }) => {
                Some(self.explain_take(seat, asset))
            }
            (
                DecisionKind::FactionAbility,
                Action::Replace { .. } | Action::MoveUnits { .. } | Action::BuyUnit { .. },
            ) => Some(self.explain_ability(seat, action)),
            (DecisionKind::BuyUpgrades, Action::BuyOrderUpgrade { card }) => {
                Some(self.explain_order_upgrade(seat, card))
            }
            (DecisionKind::BuyUpgrades, Action::BuyCombatUpgrade { card, replace }) => {
                Some(self.explain_combat_upgrade(seat, card, replace))
            }
            (DecisionKind::DestroyExcess, Action::Destroy { area, unit }) => {
                Some(self.explain_destroy(seat, area, unit))
            }
            (DecisionKind::ChooseEvent, Action::ChooseEvent { card }) => {
                let drawn = match &self.pos.phase {
                    Phase::Refresh {
                        step: RefreshStep::ChooseEvent { drawn },
                        ..
                    } => drawn.len(),
                    _ => 0,
                };
                Some(RuleError::new(
                    "Event Cards",
                    format!(
                        "there is no drawn card {card}: {} drew {drawn} card(s), `event 1` to `event {drawn}`",
                        self.faction(seat).name()
                    ),
                ))
            }
            (DecisionKind::MoveStorm, Action::MoveStorm { from, to }) => {
                Some(self.explain_storm(from, to))
            }
            (DecisionKind::Reinforce, Action::Reinforce { count }) => {
                Some(self.explain_reinforce(seat, count))
            }
            (DecisionKind::ChooseCombatCard, Action::PlayCard { card }) => {
                Some(self.explain_card(card))
            }
            (DecisionKind::AssignDamage, Action::Damage { target }) => {
                Some(self.explain_damage(seat, target))
            }
            (DecisionKind::Retreat, Action::Retreat { area }) => {
                Some(self.explain_retreat(seat, area))
            }
            (DecisionKind::OrbitalStrike, Action::Strike { void, world }) => {
                Some(self.explain_strike(seat, void, world))
            }
            (DecisionKind::AssignStrikeDamage, Action::Damage { target }) => {
                Some(self.explain_strike_damage(target))
            }
            _ => None,
        };
        specific.unwrap_or_else(|| {
            RuleError::new(
                "Round Overview",
                format!(
                    "`{action}` is not a choice now: {} ({seat}) must {}; the choices are {}",
                    self.faction(seat).name(),
                    decision.kind,
                    choices(&self.legal_actions())
                ),
            )
        })
    }

    /// What an area is, for a player: `an enemy void (Orks)`, `an uncontrolled world` ...
    fn area_fact(&self, area: AreaId, mover: Faction) -> String {
        let world = self.board.area(area).is_some_and(AreaInfo::is_world);
        let kind = kind_word(world);
        let state = self.pos.area(area);
        if state.is_contested() {
            let names: Vec<String> = state.factions().iter().map(|f| f.name().into()).collect();
            return format!("a contested {kind} ({})", and_list(&names));
        }
        match state.controller() {
            Some(f) if f == mover => format!("a friendly {kind}"),
            Some(f) => format!("an enemy {kind} ({})", f.name()),
            None => format!("an uncontrolled {kind} (no unit or structure there)"),
        }
    }

    fn explain_place(
        &self,
        seat: Seat,
        order: crate::engine::state::ids::Order,
        system: SystemId,
    ) -> RuleError {
        let who = self.faction(seat).name();
        if !self.board.has_system(system) {
            return RuleError::new("Systems", format!("{system} is not on the board"));
        }
        if !self.player(seat).orders.contains(&order) {
            let mut left: Vec<String> = self
                .player(seat)
                .orders
                .iter()
                .map(ToString::to_string)
                .collect();
            left.dedup();
            return RuleError::new(
                "Order Tokens",
                format!(
                    "{who} has no {order} token left in his play area (left: {})",
                    if left.is_empty() {
                        "none".to_string()
                    } else {
                        left.join(", ")
                    }
                ),
            );
        }
        if !self.placeable_systems(seat).contains(&system) {
            return RuleError::new(
                "Planning Phase",
                format!(
                    "{who} has no unit or structure in {system} or in a system adjacent to it; an order token goes only on such a system"
                ),
            );
        }
        RuleError::new(
            "Planning Phase",
            format!("{who} has placed his four order tokens"),
        )
    }

    fn explain_reveal(&self, system: SystemId) -> RuleError {
        if !self.board.has_system(system) {
            return RuleError::new("Systems", format!("{system} is not on the board"));
        }
        match self.pos.stacks.get(&system).and_then(|s| s.last()) {
            None => RuleError::new("Stack", format!("there is no order token on {system}")),
            Some(t) => RuleError::new(
                "Operations Phase",
                format!(
                    "the token on top of {system} belongs to {}; a player reveals only his own token on top of a stack",
                    t.owner.name()
                ),
            ),
        }
    }

    /// Why a unit of this type cannot be paid for with these tokens, if it cannot.
    fn explain_price(
        &self,
        seat: Seat,
        unit: UnitType,
        forge_level: bool,
        cache: bool,
        discount: u8,
    ) -> Option<RuleError> {
        let faction = self.faction(seat);
        let who = faction.name();
        let data = self.data.unit(unit);
        let level = self.command_level(faction);
        match data.level.checked_sub(level) {
            None | Some(0) if forge_level => {
                return Some(RuleError::new(
                    "Assets",
                    format!(
                        "a {} needs command level {}, which {who} has (level {level}): `+forge` spends a forge token only to lower a requirement he does not meet",
                        data.name, data.level
                    ),
                ));
            }
            Some(1) if !forge_level => {
                return Some(RuleError::new(
                    "Command Level",
                    format!(
                        "a {} needs command level {}; {who} has {level}: add `+forge` to spend a forge token for the missing level",
                        data.name, data.level
                    ),
                ));
            }
            Some(n) if n > 1 => {
                return Some(RuleError::new(
                    "Command Level",
                    format!(
                        "a {} needs command level {}; {who} has {level}, and a forge token lowers the requirement by one only",
                        data.name, data.level
                    ),
                ));
            }
            _ => {}
        }
        if self.units_in_supply(unit) == 0 {
            return Some(RuleError::new(
                "Component Limitations",
                format!(
                    "every {} ({} in the box) is already on the board",
                    data.name, data.in_box
                ),
            ));
        }
        let p = self.player(seat);
        if cache && data.cost == 0 {
            return Some(RuleError::new(
                "Assets",
                format!(
                    "a {} costs no materiel, so a cache token cannot lower its cost",
                    data.name
                ),
            ));
        }
        if cache && p.assets.cache == 0 {
            return Some(RuleError::new(
                "Assets",
                format!("{who} has no cache token"),
            ));
        }
        let price = self.unit_price(faction, unit, forge_level, cache)?;
        let materiel = price.materiel.saturating_sub(discount);
        if p.materiel < materiel || p.assets.forge < price.forge {
            return Some(RuleError::new(
                "Cost",
                format!(
                    "a {} costs {} materiel{}; {who} has {} materiel and {} forge token(s)",
                    data.name,
                    materiel,
                    if price.forge > 0 {
                        format!(" and {} forge token(s)", price.forge)
                    } else {
                        String::new()
                    },
                    p.materiel,
                    p.assets.forge
                ),
            ));
        }
        None
    }

    /// Why a purchased unit cannot go to `area` of the active system, if it cannot.
    fn explain_unit_area(
        &self,
        faction: Faction,
        unit: UnitType,
        area: AreaId,
        system: SystemId,
        rule: &'static str,
    ) -> Option<RuleError> {
        let Some(info) = self.board.area(area) else {
            return Some(RuleError::new(
                "Areas",
                format!("{area} is not on the board"),
            ));
        };
        if area.system != system {
            return Some(RuleError::new(
                rule,
                format!("{area} is not in the active system {system}"),
            ));
        }
        if info.is_world() == self.is_ship(unit) {
            return Some(RuleError::new(
                rule,
                format!(
                    "{area} is a {}; ships go to voids and ground units to worlds",
                    kind_word(info.is_world())
                ),
            ));
        }
        if self.pos.area(area).factions().iter().any(|f| *f != faction) {
            return Some(RuleError::new(
                rule,
                format!(
                    "{area} is {}; a purchased unit goes to a friendly or uncontrolled area",
                    self.area_fact(area, faction)
                ),
            ));
        }
        None
    }

    fn explain_buy(
        &self,
        seat: Seat,
        unit: UnitType,
        area: AreaId,
        forge_level: bool,
        cache: bool,
    ) -> RuleError {
        let faction = self.faction(seat);
        let Phase::Operations {
            step: OpStep::Deploy(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new("Deploy Order", "no Deploy order is being resolved");
        };
        if unit.faction() != faction {
            return RuleError::new(
                "Units",
                format!("{unit} is not a unit of {}", faction.name()),
            );
        }
        let limit = self.deploy_limit_with_cards(seat, d);
        if limit == 0 {
            return RuleError::new(
                "Factories",
                format!(
                    "{} has no factory on a friendly world in {}, so he can purchase no unit there",
                    faction.name(),
                    d.system
                ),
            );
        }
        if d.units_bought >= limit {
            return RuleError::new(
                "Deploy Order",
                format!(
                    "the deploy limit in {} is {limit} (the capacity of the friendly worlds with a factory), and {limit} units are purchased",
                    d.system
                ),
            );
        }
        if let Some(e) = self.explain_unit_area(faction, unit, area, d.system, "Deploy Order") {
            return e;
        }
        self.explain_price(seat, unit, forge_level, cache, self.pos.cards.discount)
            .unwrap_or_else(|| {
                RuleError::new(
                    "Cost",
                    format!("{} cannot pay for a {unit} this way", faction.name()),
                )
            })
    }

    fn explain_build(
        &self,
        seat: Seat,
        kind: StructureKind,
        area: AreaId,
        cache: bool,
    ) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let Phase::Operations {
            step: OpStep::Deploy(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new("Deploy Order", "no Deploy order is being resolved");
        };
        if self.structures_in_supply(kind) == 0 {
            return RuleError::new(
                "Component Limitations",
                format!("every {kind} is already on the board"),
            );
        }
        if self.control_tokens_left(faction) == 0 {
            return RuleError::new(
                "Component Limitations",
                format!("{who} has no structure control token left"),
            );
        }
        let Some(info) = self.board.area(area) else {
            return RuleError::new("Areas", format!("{area} is not on the board"));
        };
        if area.system != d.system {
            return RuleError::new(
                "Deploy Order",
                format!("{area} is not in the active system {}", d.system),
            );
        }
        if !info.is_world() {
            return RuleError::new(
                "Structures",
                format!("{area} is a void; structures are built on worlds"),
            );
        }
        if !self.is_friendly(area, faction) {
            return RuleError::new(
                "Deploy Order",
                format!(
                    "{area} is {}; a structure is built on a friendly world",
                    self.area_fact(area, faction)
                ),
            );
        }
        if let Some(s) = self.pos.area(area).structures.first() {
            return RuleError::new(
                "Structures",
                format!(
                    "{area} already has a {}; a world holds one structure",
                    s.kind
                ),
            );
        }
        let cost = self.data.structure(kind).cost;
        let p = self.player(seat);
        if cache && cost == 0 {
            return RuleError::new(
                "Assets",
                format!("a {kind} costs no materiel, so a cache token cannot lower its cost"),
            );
        }
        if cache && p.assets.cache == 0 {
            return RuleError::new("Assets", format!("{who} has no cache token"));
        }
        let price = if cache { cost.saturating_sub(2) } else { cost }
            .saturating_sub(self.pos.cards.discount);
        RuleError::new(
            "Cost",
            format!("a {kind} costs {price} materiel; {who} has {}", p.materiel),
        )
    }

    /// The cheapest way from `from` to `to` within the two systems: each warp storm crossed
    /// counts far more than each area that was not friendly when ground movement began. Returns
    /// the storms crossed and the blocking areas, or `None` when no way exists at all.
    fn ground_obstacles(
        &self,
        a: &AdvanceStep,
        from: AreaId,
        to: AreaId,
    ) -> Option<(Vec<EdgeId>, Vec<AreaId>)> {
        const STORM: u32 = 1000;
        let systems = [from.system, a.system];
        let mut best: BTreeMap<AreaId, (u32, Option<AreaId>)> = BTreeMap::new();
        let mut queue = BinaryHeap::new();
        best.insert(from, (0, None));
        queue.push(std::cmp::Reverse((0u32, from)));
        while let Some(std::cmp::Reverse((cost, here))) = queue.pop() {
            if best.get(&here).is_some_and(|b| b.0 < cost) || here == to {
                continue;
            }
            for next in self.board.area_neighbours(here) {
                if !systems.contains(&next.system) || next == from {
                    continue;
                }
                let storm = !Board::step_open(here, next, |e| {
                    !self.pos.cards.ground_cross_storms && self.pos.storm_at(e)
                });
                let blocked = next != to && !a.friendly_at_ground_start.contains(&next);
                let c = cost + if storm { STORM } else { 0 } + u32::from(blocked);
                if best.get(&next).is_none_or(|b| c < b.0) {
                    best.insert(next, (c, Some(here)));
                    queue.push(std::cmp::Reverse((c, next)));
                }
            }
        }
        best.get(&to)?;
        let (mut storms, mut blockers) = (Vec::new(), Vec::new());
        let mut at = to;
        while let Some(&(_, Some(prev))) = best.get(&at) {
            if let Some(e) = Board::edge_between(prev, at)
                .filter(|&e| !self.pos.cards.ground_cross_storms && self.pos.storm_at(e))
            {
                storms.push(e);
            }
            if prev != from && !a.friendly_at_ground_start.contains(&prev) {
                blockers.push(prev);
            }
            at = prev;
        }
        storms.reverse();
        blockers.reverse();
        Some((storms, blockers))
    }

    fn explain_move(
        &self,
        seat: Seat,
        from: AreaId,
        to: AreaId,
        unit: UnitType,
        count: u8,
    ) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let Phase::Operations {
            step: OpStep::Advance(a),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new("Advance Order", "no Advance order is being resolved");
        };
        let rule = if a.ground_stage {
            "Moving Ground Units"
        } else {
            "Moving Ships"
        };
        if unit.faction() != faction {
            return RuleError::new("Units", format!("{unit} is not a unit of {who}"));
        }
        if count == 0 {
            return RuleError::new("Advance Order", "a move takes at least one unit (`x1`)");
        }
        if self.is_ship(unit) == a.ground_stage {
            return RuleError::new(
                "Advance Order",
                if a.ground_stage {
                    "ships move first, and ship movement is over"
                } else {
                    "ships move first: say `done` before moving ground units"
                },
            );
        }
        for area in [from, to] {
            if !self.board.has_area(area) {
                return RuleError::new("Areas", format!("{area} is not on the board"));
            }
        }
        if from == to {
            return RuleError::new(
                rule,
                format!("the units are already in {to}; a move goes to another area"),
            );
        }
        if to.system != a.system {
            return RuleError::new(
                rule,
                format!(
                    "the destination {to} is not in the active system {}",
                    a.system
                ),
            );
        }
        let world = self.board.area(to).is_some_and(AreaInfo::is_world);
        if world != a.ground_stage {
            return RuleError::new(
                rule,
                format!(
                    "{to} is a {}; ships move to voids and ground units to worlds",
                    kind_word(world)
                ),
            );
        }
        if from.system != a.system && !self.board.systems_adjacent(from.system, a.system) {
            return RuleError::new(
                rule,
                format!(
                    "{} is neither the active system {} nor adjacent to it",
                    from.system, a.system
                ),
            );
        }
        let movable = self.movable(a, from, unit);
        if movable < count {
            let units = &self.pos.area(from).units;
            let here = units.iter().filter(|u| u.unit == unit).count();
            let routed = units.iter().filter(|u| u.unit == unit && u.routed).count();
            let moved = (here - routed).saturating_sub(usize::from(movable));
            let mut facts = vec![format!("{from} holds {here} {unit} of {who}")];
            if routed > 0 {
                facts.push(format!("{routed} routed"));
            }
            if moved > 0 {
                facts.push(format!("{moved} already moved in this order"));
            }
            return RuleError::new(
                if routed > 0 {
                    "Rout and Rally"
                } else {
                    "Advance Order"
                },
                format!(
                    "{}: {movable} can move, not {count} (a routed unit cannot move, nor can a unit move twice in one order)",
                    facts.join(", ")
                ),
            );
        }
        if let Some(origin) = if a.ground_stage {
            a.ground_origin.or(a.ship_origin)
        } else {
            a.ship_origin
        } && from.system != a.system
            && from.system != origin
        {
            return RuleError::new(
                rule,
                format!(
                    "units already came from {origin}; an Advance brings units from one adjacent system only"
                ),
            );
        }
        if !a.ground_stage
            && self.storm_between_systems(from.system, to.system)
            && !self.ships_may_cross_storms(seat)
        {
            return RuleError::new(
                "Warp Storms",
                format!(
                    "a warp storm lies between {} and {}; ships cannot move across it",
                    from.system, to.system
                ),
            );
        }
        if a.ground_stage && !self.can_reach(faction, a, from, to) {
            return match self.ground_obstacles(a, from, to) {
                None => RuleError::new(
                    rule,
                    format!(
                        "no path leads from {from} to {to} within {} and {}",
                        from.system, a.system
                    ),
                ),
                Some((storms, _)) if !storms.is_empty() => {
                    let names: Vec<String> = storms.iter().map(ToString::to_string).collect();
                    RuleError::new(
                        "Warp Storms",
                        format!(
                            "every way from {from} to {to} crosses a warp storm ({}); a ground unit's path cannot cross one",
                            and_list(&names)
                        ),
                    )
                }
                Some((_, blockers)) => {
                    let facts: Vec<String> = blockers
                        .iter()
                        .map(|&x| {
                            let state = self.pos.area(x);
                            if state.controller() == Some(faction) {
                                format!("{x} became friendly only after ground movement began")
                            } else {
                                format!("{x} is {}", self.area_fact(x, faction))
                            }
                        })
                        .collect();
                    RuleError::new(
                        rule,
                        format!(
                            "no legal path from {from} to {to}: {}, so {} cannot be part of a ground unit's path (every area between the two ends must have been friendly to {who} when ground movement began)",
                            and_list(&facts),
                            if facts.len() == 1 { "it" } else { "they" }
                        ),
                    )
                }
            };
        }
        if a.ground_stage
            && self.ground_path(faction, a, from, to).is_none()
            && let Some(void) = self.roks_void(faction, a, from, to)
        {
            let left = super::advance::ORK_ROKS_UNITS.saturating_sub(self.pos.cards.roks_units);
            if count > left {
                return RuleError::new(
                    "Order Upgrade Cards",
                    format!(
                        "the only way from {from} to {to} passes the uncontrolled void {void} by Ork Roks, and {left} more unit(s) may pass there in this Advance, not {count}"
                    ),
                );
            }
        }
        let max = usize::from(self.data.components.max_units_per_advance);
        let there = self.pos.area(to).count_units(faction);
        if there + usize::from(count) > max {
            return RuleError::new(
                "Advance Order",
                format!(
                    "{to} would hold {} of {} units; at most {max} may end an Advance in one area",
                    there + usize::from(count),
                    faction.possessive()
                ),
            );
        }
        if let Some(c) = self.advance_contested(a)
            && c != to
        {
            return RuleError::new(
                "Advance Order",
                format!(
                    "this Advance already contests {c}; {to} is {} and would be a second contested area",
                    self.area_fact(to, faction)
                ),
            );
        }
        RuleError::new(
            "Advance Order",
            format!("`move {from} -> {to} {unit} x{count}` is not one of the moves open now"),
        )
    }

    fn explain_take(&self, seat: Seat, asset: Asset) -> RuleError {
        let who = self.faction(seat).name();
        if asset == Asset::Prosperity {
            return RuleError::new(
                "Assets",
                "prosperity is an icon, not a token: take forge, cache or reinforcement",
            );
        }
        let held = self.player(seat).assets.get(asset);
        let max = self.data.components.max_assets_each;
        if held >= max {
            return RuleError::new(
                "Assets",
                format!("{who} already holds {held} {asset} tokens, the most a player may hold"),
            );
        }
        if self.assets_in_supply(asset) == 0 {
            return RuleError::new(
                "Component Limitations",
                format!(
                    "the supply has no {asset} token left (the box holds {} of each kind)",
                    self.data.components.asset_tokens_each
                ),
            );
        }
        RuleError::new(
            "Assets",
            format!(
                "`take {asset}` is not a choice now; the choices are {}",
                choices(&self.legal_actions())
            ),
        )
    }

    fn explain_ability(&self, seat: Seat, action: Action) -> RuleError {
        const RULE: &str = "Dominate Order";
        let faction = self.faction(seat);
        let who = faction.name();
        let Phase::Operations {
            step: OpStep::Dominate(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new(RULE, "no Dominate order is being resolved");
        };
        let system = d.system;
        let world_of_system = |area: AreaId| {
            area.system == system && self.board.area(area).is_some_and(AreaInfo::is_world)
        };
        let owner = match action {
            Action::Replace { .. } => Faction::Ultramarines,
            Action::BuyUnit { .. } => Faction::Orks,
            Action::MoveUnits { .. } if faction == Faction::Eldar => Faction::Eldar,
            _ => Faction::Chaos,
        };
        if let Action::MoveUnits { unit, from, to, .. } = action {
            if faction == Faction::Chaos && unit != UnitType::Cultist {
                return RuleError::new(RULE, "the World Eaters' ability moves a Cultist only");
            }
            if faction == Faction::Eldar && unit.faction() != faction {
                return RuleError::new("Units", format!("{unit} is not a unit of {who}"));
            }
            if let Some(x) = [from, to].into_iter().find(|&x| !self.board.has_area(x)) {
                return RuleError::new("Areas", format!("{x} is not on the board"));
            }
        }
        if owner != faction {
            let ability = match owner {
                Faction::Ultramarines => "`replace` is the Ultramarines' ability (For the Emperor)",
                Faction::Orks => "purchasing a unit is the Orks' ability",
                Faction::Chaos => {
                    "moving a unit is the World Eaters' (a Cultist) or the Eldar's ability (Webway Portal)"
                }
                Faction::Eldar => {
                    "moving a unit to any friendly world is the Eldar's ability (Webway Portal)"
                }
            };
            return RuleError::new(
                RULE,
                format!(
                    "{ability}; {} faction sheet has another",
                    faction.possessive()
                ),
            );
        }
        match action {
            Action::Replace { area, from, to } => {
                let pair_ok = matches!(
                    (from, to),
                    (UnitType::Scout, UnitType::SpaceMarine)
                        | (UnitType::SpaceMarine, UnitType::LandRaider)
                );
                if !pair_ok {
                    return RuleError::new(
                        RULE,
                        "For the Emperor replaces a scout with a space-marine, or a space-marine with a land-raider",
                    );
                }
                if self.player(seat).materiel == 0 {
                    return RuleError::new(
                        RULE,
                        format!("For the Emperor costs 1 materiel; {who} has none"),
                    );
                }
                if !world_of_system(area) {
                    return RuleError::new(
                        RULE,
                        format!("{area} is not a world of the active system {system}"),
                    );
                }
                if !self.pos.area(area).units.iter().any(|u| u.unit == from) {
                    return RuleError::new(RULE, format!("{area} holds no {from}"));
                }
                RuleError::new(
                    "Component Limitations",
                    format!("every {to} is already on the board"),
                )
            }
            Action::MoveUnits {
                from,
                to,
                unit,
                count,
            } => {
                if count != 1 {
                    return RuleError::new(RULE, "the faction ability moves one unit (`x1`)");
                }
                if !world_of_system(from) {
                    return RuleError::new(
                        RULE,
                        format!("{from} is not a world of the active system {system}"),
                    );
                }
                let unrouted = self
                    .pos
                    .area(from)
                    .units
                    .iter()
                    .any(|u| u.unit == unit && !u.routed);
                if !unrouted {
                    return RuleError::new(
                        "Rout and Rally",
                        format!(
                            "{from} holds no unrouted {unit} of {who}; a routed unit cannot be moved by an effect"
                        ),
                    );
                }
                let to_world = self.board.area(to).is_some_and(AreaInfo::is_world);
                if faction == Faction::Chaos {
                    if !to_world || !self.board.systems_adjacent(to.system, system) {
                        return RuleError::new(
                            RULE,
                            format!("{to} is not a world of a system adjacent to {system}"),
                        );
                    }
                    return RuleError::new(
                        RULE,
                        format!(
                            "{to} is {}; the Cultist goes to a friendly or uncontrolled world",
                            self.area_fact(to, faction)
                        ),
                    );
                }
                RuleError::new(
                    RULE,
                    format!(
                        "{to} is {}; Webway Portal moves a unit to another friendly world",
                        if to_world {
                            self.area_fact(to, faction)
                        } else {
                            "a void".into()
                        }
                    ),
                )
            }
            Action::BuyUnit {
                unit,
                area,
                forge_level,
                cache,
            } => {
                if unit.faction() != faction {
                    return RuleError::new("Units", format!("{unit} is not a unit of {who}"));
                }
                if self.is_ship(unit) {
                    return RuleError::new(RULE, "the Orks' ability purchases ground units only");
                }
                self.explain_unit_area(faction, unit, area, system, RULE)
                    .or_else(|| self.explain_price(seat, unit, forge_level, cache, 0))
                    .unwrap_or_else(|| {
                        RuleError::new(RULE, format!("{who} cannot purchase a {unit} this way"))
                    })
            }
            _ => RuleError::new(RULE, "not a use of the faction ability"),
        }
    }

    fn explain_order_upgrade(&self, seat: Seat, card: u8) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        if let Some(refusal) =
            self.explain_strategize_purchase(seat, |s| s.bought_order_upgrade, "order upgrade")
        {
            return refusal;
        }
        let p = self.player(seat);
        let Some(name) = usize::from(card)
            .checked_sub(1)
            .and_then(|i| p.order_upgrade_deck.get(i))
        else {
            return RuleError::new(
                "Order Upgrade Cards",
                format!(
                    "{who} has {} order upgrade(s) left to buy: `order-upgrade 1` to `order-upgrade {}`",
                    p.order_upgrade_deck.len(),
                    p.order_upgrade_deck.len()
                ),
            );
        };
        let Some(data) = self.data.order_upgrades.iter().find(|c| &c.name == name) else {
            return RuleError::new("Order Upgrade Cards", format!("{name} is no order upgrade"));
        };
        self.explain_level_then_cost(seat, name, data.level, data.cost)
    }

    fn explain_combat_upgrade(&self, seat: Seat, card: u8, replace: u8) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        if let Some(refusal) =
            self.explain_strategize_purchase(seat, |s| s.bought_combat_upgrade, "combat upgrade")
        {
            return refusal;
        }
        let p = self.player(seat);
        let upgrades = super::strategize::distinct(&p.combat_upgrades);
        let deck = super::strategize::distinct(&p.combat_deck);
        let Some(name) = usize::from(card)
            .checked_sub(1)
            .and_then(|i| upgrades.get(i))
        else {
            return RuleError::new(
                "Combat Cards and Combat Upgrade Cards",
                format!(
                    "{who} has {} different combat upgrade(s): `combat-upgrade 1` to `combat-upgrade {}`",
                    upgrades.len(),
                    upgrades.len()
                ),
            );
        };
        if usize::from(replace)
            .checked_sub(1)
            .and_then(|i| deck.get(i))
            .is_none()
        {
            return RuleError::new(
                "Combat Cards and Combat Upgrade Cards",
                format!(
                    "{} combat deck has {} different cards: `replace 1` to `replace {}`",
                    faction.possessive(),
                    deck.len(),
                    deck.len()
                ),
            );
        }
        let Some(data) = self.data.combat_cards.iter().find(|c| &c.name == name) else {
            return RuleError::new(
                "Combat Cards and Combat Upgrade Cards",
                format!("{name} is no combat card"),
            );
        };
        self.explain_level_then_cost(seat, name, data.level.unwrap_or(0), data.cost)
    }

    /// Why no upgrade of this kind can be bought now: no Strategize order, no presence in its
    /// system, or one of this kind already bought (`None`: none of these).
    fn explain_strategize_purchase(
        &self,
        seat: Seat,
        bought: impl Fn(&StrategizeStep) -> bool,
        kind: &str,
    ) -> Option<RuleError> {
        const RULE: &str = "Strategize Order";
        let faction = self.faction(seat);
        let Phase::Operations {
            step: OpStep::Strategize(s),
            ..
        } = &self.pos.phase
        else {
            return Some(RuleError::new(
                RULE,
                "no Strategize order is being resolved",
            ));
        };
        if !self.strategize_allowed(seat, s.system) {
            return Some(RuleError::new(
                RULE,
                format!(
                    "{} has no unit or structure in {} (and no ready Farseers), so he purchases nothing there",
                    faction.name(),
                    s.system
                ),
            ));
        }
        bought(s).then(|| {
            RuleError::new(
                RULE,
                format!("one {kind} per Strategize order, and it is bought"),
            )
        })
    }

    /// An upgrade the player may otherwise buy: refused by its command level, else its cost.
    fn explain_level_then_cost(&self, seat: Seat, name: &str, needed: u8, cost: u8) -> RuleError {
        let who = self.faction(seat).name();
        let level = self.command_level(self.faction(seat));
        if needed > level {
            return RuleError::new(
                "Command Level",
                format!("{name} needs command level {needed}; {who} has {level}"),
            );
        }
        RuleError::new(
            "Cost",
            format!(
                "{name} costs {cost} materiel; {who} has {}",
                self.player(seat).materiel
            ),
        )
    }

    fn explain_destroy(&self, seat: Seat, area: AreaId, unit: UnitType) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let over = self.over_capacity_areas(seat);
        if !over.contains(&area) {
            let names: Vec<String> = over.iter().map(ToString::to_string).collect();
            return RuleError::new(
                "Unit Capacity",
                format!(
                    "{area} holds {} of {} units, within its capacity {}; he destroys units only where he is over capacity ({})",
                    self.pos.area(area).count_units(faction),
                    faction.possessive(),
                    self.capacity(area),
                    and_list(&names)
                ),
            );
        }
        RuleError::new("Unit Capacity", format!("{area} holds no {unit} of {who}"))
    }

    fn explain_storm(&self, from: EdgeId, to: EdgeId) -> RuleError {
        const RULE: &str = "Warp Storms";
        let Some(storm) = self.pos.storms.iter().find(|s| s.edge == from) else {
            return RuleError::new(RULE, format!("no warp storm lies on {from}"));
        };
        if storm.moved {
            return RuleError::new(
                RULE,
                format!("the storm on {from} has already moved this Refresh Phase"),
            );
        }
        let card = match &self.pos.phase {
            Phase::Refresh {
                step: RefreshStep::MoveStorm { card, .. },
                ..
            } => card.clone(),
            _ => String::new(),
        };
        let icon = self
            .data
            .event_cards
            .iter()
            .find(|c| c.name == card)
            .map(|c| c.storm);
        let dests: Vec<EdgeId> = icon
            .map(|i| {
                crate::engine::rules::storms::storm_destinations(from, i)
                    .into_iter()
                    .flatten()
                    .collect()
            })
            .unwrap_or_default();
        if !dests.contains(&to) {
            let names: Vec<String> = dests.iter().map(ToString::to_string).collect();
            return RuleError::new(
                RULE,
                format!(
                    "the icon of {card} moves the storm on {from} only to {}",
                    if names.is_empty() {
                        "nowhere".to_string()
                    } else {
                        names.join(" or ")
                    }
                ),
            );
        }
        if !self.board.has_edge(to) {
            return RuleError::new(RULE, format!("{to} is not an edge of the board"));
        }
        RuleError::new(RULE, format!("a warp storm already lies on {to}"))
    }

    fn explain_reinforce(&self, seat: Seat, count: u8) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let held = self.player(seat).assets.reinforcement;
        let plastic = self
            .combat()
            .map_or(0, |c| self.pos.area(c.area).count_units(faction));
        RuleError::new(
            "Reinforcement Tokens",
            format!(
                "{who} may commit at most {} reinforcement token(s), not {count}: he holds {held}, and commits no more than his {plastic} unit(s) in the combat",
                u8::try_from(plastic).unwrap_or(u8::MAX).min(held)
            ),
        )
    }

    fn explain_card(&self, card: u8) -> RuleError {
        const RULE: &str = "Combat Cards and Combat Upgrade Cards";
        let Some(c) = self.combat() else {
            return RuleError::new("Combat", "no combat is being fought");
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

    fn explain_damage(&self, seat: Seat, target: DamageTarget) -> RuleError {
        const RULE: &str = "Damage and Health";
        let faction = self.faction(seat);
        let who = faction.name();
        let Some(c) = self.combat() else {
            return RuleError::new("Combat", "no combat is being fought");
        };
        let legal: Vec<DamageTarget> = self
            .legal_actions()
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
                "`damage {target}` is not a choice now (choices: {})",
                legal
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }

    fn explain_retreat(&self, seat: Seat, area: AreaId) -> RuleError {
        use super::retreat::RetreatBar;
        const RULE: &str = "Retreats";
        let faction = self.faction(seat);
        let Some(c) = self.combat() else {
            return RuleError::new("Combat", "no combat is being fought");
        };
        let CombatStep::Retreat { side } = c.step else {
            return RuleError::new(RULE, "no side is retreating now");
        };
        let names = |areas: &[AreaId]| -> String {
            let names: Vec<String> = areas.iter().map(ToString::to_string).collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        let open = names(&self.retreat_areas(c, side));
        let world = self.board.area(c.area).is_some_and(AreaInfo::is_world);
        let Some(bar) = self.retreat_bar(c, side, area) else {
            return RuleError::new(
                RULE,
                format!("`retreat {area}` is legal now (open: {open})"),
            );
        };
        let (topic, fact) = match bar {
            RetreatBar::NotOnBoard => {
                return RuleError::new("Areas", format!("{area} is not on the board"));
            }
            RetreatBar::ContestedArea => (RULE, format!("{area} is the contested area itself")),
            RetreatBar::WrongKind => (
                RULE,
                format!(
                    "{area} is a {}; units retreat from a {} to a {}",
                    kind_word(!world),
                    kind_word(world),
                    kind_word(world)
                ),
            ),
            RetreatBar::NotAnOrigin => (
                RULE,
                format!(
                    "the attacker retreats only to an area his units came from ({}), and {area} is not one",
                    names(&c.attack_origins)
                ),
            ),
            RetreatBar::TooFar => (
                RULE,
                format!(
                    "{area} is neither in the active system {} nor adjacent to it; the defender retreats no farther",
                    c.system
                ),
            ),
            RetreatBar::AttackersArea => (
                RULE,
                format!(
                    "attacking units moved from {area}; the defender never retreats into an area the attack came from"
                ),
            ),
            RetreatBar::AttackersSystem(system) => (
                RULE,
                format!(
                    "attacking units moved from the adjacent system {system}; the defender cannot retreat into that system"
                ),
            ),
            RetreatBar::Occupied => (
                RULE,
                format!(
                    "{area} is {}; units never retreat into an enemy or contested area",
                    self.area_fact(area, faction)
                ),
            ),
            RetreatBar::StormBetweenSystems => (
                "Warp Storms",
                format!(
                    "a warp storm lies between {} and {}; ships cannot retreat across it",
                    c.area.system, area.system
                ),
            ),
            RetreatBar::StormOnEveryPath => (
                "Warp Storms",
                format!(
                    "every way from {} to {area} crosses a warp storm; a ground unit's retreat path cannot cross one",
                    c.area
                ),
            ),
            RetreatBar::NoFriendlyPath => (
                RULE,
                format!(
                    "no path from {} to {area} within {} and {} runs through friendly areas only; ground units retreat along a legal path",
                    c.area, c.area.system, area.system
                ),
            ),
            RetreatBar::FriendlyOpen(friendly) => (
                RULE,
                format!(
                    "{area} is {}; the defender retreats to an uncontrolled area only when no friendly one is open, and {} is",
                    self.area_fact(area, faction),
                    names(&friendly)
                ),
            ),
        };
        RuleError::new(topic, format!("{fact} (open now: {open})"))
    }

    fn explain_strike(&self, seat: Seat, void: AreaId, world: AreaId) -> RuleError {
        const RULE: &str = "Orbital Strikes";
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
        if world.system != system || !is_world(world) {
            return RuleError::new(
                RULE,
                format!("{world} is not a world of the active system {system}"),
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
            "Bastions",
            format!("a bastion on {world} protects it from orbital strikes"),
        )
    }

    fn explain_strike_damage(&self, target: DamageTarget) -> RuleError {
        const RULE: &str = "Orbital Strikes";
        let legal: Vec<String> = self
            .legal_actions()
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
    fn strike_may_hit_bastion(&self) -> bool {
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
