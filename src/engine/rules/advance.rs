//! Advance Order: ships move to voids of the active system from it and at most one adjacent
//! system; then ground units along legal paths fixed before any moves; then the combat (or an
//! orbital strike) and capacity.

use crate::engine::state::card_name::CardName;
use crate::engine::state::rule::Rule;
use std::collections::{BTreeMap, BinaryHeap};

use super::explain::{and_list, kind_word};
use super::{Action, Event, Game, RuleError};
use crate::engine::rules::board::{AreaInfo, Board};
use crate::engine::state::ids::{AreaId, EdgeId, Faction, Order, Quadrant, Seat, SystemId};
use crate::engine::state::phase::{AdvanceStep, Move, OpStep, Phase};
use crate::engine::state::unit_type::UnitType;

/// Ork Roks: how many moving units may pass through the uncontrolled void.
pub(super) const ORK_ROKS_UNITS: u8 = 2;

impl Game {
    /// Units of a type in an area that may still move: unrouted, and not moved in this order.
    pub(crate) fn movable(&self, a: &AdvanceStep, area: AreaId, unit: UnitType) -> u8 {
        let here = self
            .pos
            .area(area)
            .units
            .iter()
            .filter(|u| u.unit == unit && !u.routed)
            .count();
        let arrived: usize = a
            .moves
            .iter()
            .filter(|m| m.to == area && m.unit == unit)
            .map(|m| usize::from(m.count))
            .sum();
        u8::try_from(here.saturating_sub(arrived)).unwrap_or(u8::MAX)
    }

    /// The area this Advance has contested so far, if any.
    pub(crate) fn advance_contested(&self, a: &AdvanceStep) -> Option<AreaId> {
        a.moves
            .iter()
            .map(|m| m.to)
            .find(|&to| self.pos.area(to).is_contested())
    }

    /// Whether the mover may move `count` more units into `to`: at most five of his units end
    /// there, and at most one area becomes contested.
    pub(crate) fn advance_room(
        &self,
        faction: Faction,
        a: &AdvanceStep,
        to: AreaId,
        count: u8,
    ) -> bool {
        let max = usize::from(self.data.components.max_units_per_advance);
        let area = self.pos.area(to);
        if area.count_units(faction) + usize::from(count) > max {
            return false;
        }
        let would_contest = area.factions().has_other_than(faction);
        !would_contest || self.advance_contested(a).is_none_or(|c| c == to)
    }

    /// The adjacent system units may come from, given those already used: `None` means any.
    fn origin_allowed(a: &AdvanceStep, from: SystemId, ground: bool) -> bool {
        if from == a.system {
            return true;
        }
        let fixed = if ground {
            a.ground_origin.or(a.ship_origin)
        } else {
            a.ship_origin
        };
        fixed.is_none_or(|o| o == from)
    }

    pub(super) fn advance_actions(&self, turn: Seat, a: &AdvanceStep, out: &mut Vec<Action>) {
        let faction = self.faction(turn);
        let ground = a.ground_stage;
        // The active system's worlds or voids, in a fixed array: these actions are listed
        // after every move, so they allocate only the list they fill (#26).
        let mut room = [AreaId::new(a.system, Quadrant::Nw); 4];
        let mut found = 0;
        for x in self
            .board
            .areas_of(a.system)
            .filter(|x| x.is_world() == ground)
        {
            if let Some(slot) = room.get_mut(found) {
                *slot = x.id;
                found += 1;
            }
        }
        let destinations = &room[..found];
        let sources = std::iter::once(a.system).chain(self.board.system_neighbours(a.system));
        for source in sources {
            if !Self::origin_allowed(a, source, ground) {
                continue;
            }
            for from in self
                .board
                .areas_of(source)
                .filter(|x| x.is_world() == ground)
                .map(|x| x.id)
            {
                let types = self
                    .pos
                    .area(from)
                    .each_unit_type(|u| u.owner() == faction && self.is_ship(u.unit) != ground);
                // Whether each destination can be reached from here, and by a path of its own
                // (not through an Ork Roks void): the same for every unit type, so worked out
                // once, when a first type can move (a ground path is a search, #26).
                let mut reach: Option<[(bool, bool); 4]> = None;
                for unit in types {
                    let n = self.movable(a, from, unit);
                    if n == 0 {
                        continue;
                    }
                    let reach = *reach.get_or_insert_with(|| {
                        let mut r = [(false, false); 4];
                        for (slot, &to) in r.iter_mut().zip(destinations) {
                            if to == from {
                                continue;
                            }
                            let path = ground && self.has_ground_path(a, from, to);
                            let ok = if ground {
                                path || self.roks_void(faction, a, from, to).is_some()
                            } else {
                                self.can_reach(faction, a, from, to)
                            };
                            *slot = (ok, path);
                        }
                        r
                    });
                    for (&to, &(ok, path)) in destinations.iter().zip(&reach) {
                        if !ok {
                            continue;
                        }
                        // Through an Ork Roks void: at most 2 units in all.
                        let n = if ground && !path {
                            n.min(ORK_ROKS_UNITS.saturating_sub(self.pos.cards.roks_units))
                        } else {
                            n
                        };
                        for count in 1..=n {
                            if self.advance_room(faction, a, to, count) {
                                out.push(Action::MoveUnits {
                                    from,
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
        if !ground && self.through_the_warp_ready(turn) {
            out.push(Action::UseEvent);
        }
        out.push(Action::Done);
    }

    /// Whether a unit in `from` can reach `to` in this Advance: ships need no path but cannot
    /// cross a storm into the active system; ground units need a legal path.
    pub(crate) fn can_reach(
        &self,
        faction: Faction,
        a: &AdvanceStep,
        from: AreaId,
        to: AreaId,
    ) -> bool {
        if !a.ground_stage {
            return from.system == to.system
                || !self.storm_between_systems(from.system, to.system)
                || self
                    .seat_of(faction)
                    .is_some_and(|s| self.ships_may_cross_storms(s));
        }
        self.has_ground_path(a, from, to) || self.roks_void(faction, a, from, to).is_some()
    }

    /// Ork Roks: the uncontrolled void a ground unit with no legal path could pass through as
    /// if it were friendly (the one already used in this order, else any of the two systems),
    /// while fewer than 2 units did.
    pub(crate) fn roks_void(
        &self,
        faction: Faction,
        a: &AdvanceStep,
        from: AreaId,
        to: AreaId,
    ) -> Option<AreaId> {
        let seat = self.seat_of(faction)?;
        // Once per round (Order Upgrade Cards): ready, or already in use by this Advance.
        let in_use = self.pos.cards.roks_void.is_some();
        if !(in_use || self.upgrade_ready(seat, "Ork Roks"))
            || self.pos.cards.roks_units >= ORK_ROKS_UNITS
        {
            return None;
        }
        let systems = [from.system, a.system];
        let storms_open = self.pos.cards.ground_cross_storms;
        let candidates: Vec<AreaId> = match self.pos.cards.roks_void {
            Some(v) => vec![v],
            None => self
                .board
                .areas()
                .filter(|x| !x.is_world() && systems.contains(&x.id.system))
                .map(|x| x.id)
                .filter(|&v| self.pos.area(v).factions().is_empty())
                .collect(),
        };
        candidates.into_iter().find(|&v| {
            self.board.has_ground_path(
                from,
                to,
                &systems,
                |e| !storms_open && self.pos.storm_at(e),
                |x| x == v || a.friendly_at_ground_start.contains(&x),
            )
        })
    }

    /// Whether a warp storm lies on the edge two adjacent systems share.
    pub(crate) fn storm_between_systems(&self, s: SystemId, t: SystemId) -> bool {
        let edge = crate::engine::rules::board::Board::edge_between(
            AreaId::new(s, crate::engine::state::ids::Quadrant::Nw),
            AreaId::new(t, crate::engine::state::ids::Quadrant::Nw),
        );
        edge.is_some_and(|e| self.pos.storm_at(e))
    }

    /// Whether a legal ground path leads from `from` to `to` (Rules Reference, "Moving Ground
    /// Units"): through areas friendly to the mover when ground movement began, never a
    /// contested area, never across a storm, within the starting and the active system.
    /// Nothing is allocated: the Advance order asks it for every pair of areas (#26).
    pub(crate) fn has_ground_path(&self, a: &AdvanceStep, from: AreaId, to: AreaId) -> bool {
        let storms_open = self.pos.cards.ground_cross_storms;
        self.board.has_ground_path(
            from,
            to,
            &[from.system, a.system],
            |e| !storms_open && self.pos.storm_at(e),
            |x| a.friendly_at_ground_start.contains(&x),
        )
    }

    pub(super) fn apply_advance(
        &mut self,
        turn: Seat,
        mut a: AdvanceStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let faction = self.faction(turn);
        match action {
            Action::MoveUnits {
                from,
                to,
                unit,
                count,
            } => {
                if !a.ground_stage
                    && from.system != to.system
                    && self.storm_between_systems(from.system, to.system)
                {
                    self.note_storm_crossing(turn, log);
                }
                if a.ground_stage
                    && !self.has_ground_path(&a, from, to)
                    && let Some(v) = self.roks_void(faction, &a, from, to)
                {
                    // Used at the first unit it lets through (ruling `ork-roks-used-at-first-unit`).
                    if self.pos.cards.roks_void.is_none() {
                        self.use_upgrade(turn, &CardName::fixed("Ork Roks"), log);
                    }
                    self.pos.cards.roks_void = Some(v);
                    self.pos.cards.roks_units += count;
                    log.push(Event::RoksPassage {
                        faction,
                        count,
                        void: v,
                    });
                }
                for _ in 0..count {
                    let units = &mut self.pos.area_mut(from).units;
                    if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                        let moved = units.remove(i);
                        self.pos.area_mut(to).units.push(moved);
                    }
                }
                if from.system != a.system {
                    if a.ground_stage {
                        a.ground_origin = Some(from.system);
                    } else {
                        a.ship_origin = Some(from.system);
                    }
                }
                a.moves.push(Move {
                    from,
                    to,
                    unit,
                    count,
                });
                log.push(Event::Moved {
                    faction,
                    count,
                    unit,
                    from,
                    to,
                });
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Advance(a),
                });
            }
            Action::Done if !a.ground_stage => {
                a.ground_stage = true;
                a.friendly_at_ground_start = self
                    .board
                    .areas()
                    .map(|x| x.id)
                    .filter(|&id| self.is_friendly(id, faction))
                    .collect();
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Advance(a),
                });
            }
            Action::Done => {
                if let Some(area) = self.advance_contested(&a) {
                    let origins: Vec<AreaId> = a
                        .moves
                        .iter()
                        .filter(|m| m.to == area)
                        .map(|m| m.from)
                        .collect();
                    self.crusade(turn, a.system, log);
                    self.start_combat(turn, a.system, area, origins, log);
                } else {
                    self.set_phase(Phase::Operations {
                        turn,
                        step: OpStep::OrbitalChoice { system: a.system },
                    });
                }
            }
            Action::UseEvent => {
                self.use_through_the_warp(turn, log);
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Advance(a),
                });
            }
            _ => {}
        }
    }

    /// Skips the orbital strike choice when no strike is possible.
    pub(super) fn auto_orbital_choice(&mut self, turn: Seat, log: &mut Vec<Event>) -> bool {
        let Phase::Operations {
            step: OpStep::OrbitalChoice { system },
            ..
        } = self.pos.phase
        else {
            return false;
        };
        let mut choices = Vec::new();
        self.strike_choices(turn, system, &mut choices);
        if choices.len() > 1 {
            return false;
        }
        let _ = log;
        self.finish_order(turn, system, Order::Advance);
        true
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    /// The cheapest way from `from` to `to` within the two systems: each warp storm crossed
    /// counts far more than each area that was not friendly when ground movement began. Returns
    /// the storms crossed and the blocking areas, or `None` when no way exists at all.
    pub(super) fn ground_obstacles(
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

    pub(super) fn explain_move(
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
            return RuleError::new(Rule::AdvanceOrder, "no Advance order is being resolved");
        };
        let rule = if a.ground_stage {
            Rule::MovingGroundUnits
        } else {
            Rule::MovingShips
        };
        if unit.faction() != faction {
            return RuleError::new(Rule::Units, format!("{unit} is not a unit of {who}"));
        }
        if count == 0 {
            return RuleError::new(Rule::AdvanceOrder, "a move takes at least one unit (`x1`)");
        }
        if self.is_ship(unit) == a.ground_stage {
            return RuleError::new(
                Rule::AdvanceOrder,
                if a.ground_stage {
                    "ships move first, and ship movement is over"
                } else {
                    "ships move first: say `done` before moving ground units"
                },
            );
        }
        for area in [from, to] {
            if !self.board.has_area(area) {
                return RuleError::new(Rule::Areas, format!("{area} is not on the board"));
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
                    Rule::RoutAndRally
                } else {
                    Rule::AdvanceOrder
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
                Rule::WarpStorms,
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
                        Rule::WarpStorms,
                        format!(
                            "every way from {from} to {to} crosses a warp storm ({}); a ground unit's path cannot cross one",
                            and_list(&names)
                        ),
                    )
                }
                Some((_, blockers)) => {
                    // The one contested area of an Advance forbids the move too when it is
                    // another area and the destination holds enemies.
                    let second = self
                        .advance_contested(a)
                        .filter(|&c| c != to && self.pos.area(to).factions().iter().any(|g| g != faction))
                        .map(|c| format!("; besides, this Advance already contests {c}, and {to} would be a second contested area (one per Advance)"))
                        .unwrap_or_default();
                    let facts: Vec<String> = blockers
                        .iter()
                        .map(|&x| {
                            // Only areas friendly when ground movement began are on a
                            // path; what the area is now is told beside it.
                            format!(
                                "{x} was not friendly to {who} when ground movement began (it is now {})",
                                self.area_fact(x, faction)
                            )
                        })
                        .collect();
                    RuleError::new(
                        rule,
                        format!(
                            "no legal path from {from} to {to}: {}, so {} cannot be part of a ground unit's path (every area between the two ends must have been friendly to {who} when ground movement began){second}",
                            and_list(&facts),
                            if facts.len() == 1 { "it" } else { "they" }
                        ),
                    )
                }
            };
        }
        if a.ground_stage
            && !self.has_ground_path(a, from, to)
            && let Some(void) = self.roks_void(faction, a, from, to)
        {
            let left = super::advance::ORK_ROKS_UNITS.saturating_sub(self.pos.cards.roks_units);
            if count > left {
                return RuleError::new(
                    Rule::OrderUpgradeCards,
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
                Rule::AdvanceOrder,
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
                Rule::AdvanceOrder,
                format!(
                    "this Advance already contests {c}; {to} is {} and would be a second contested area",
                    self.area_fact(to, faction)
                ),
            );
        }
        RuleError::new(
            Rule::AdvanceOrder,
            format!("`move {from} -> {to} {unit} x{count}` is not one of the moves open now"),
        )
    }
}
