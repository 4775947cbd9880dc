//! Unit capacity: after each order and at the end of the Event Phase, each player destroys
//! units of his choice in every area where he has more units than its capacity.

use super::explain::and_list;
use super::{Action, Event, Game, RuleError};
use crate::engine::state::ids::{AreaId, FactionSet, Seat};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::rule::Rule;
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// Areas where `seat` has more units than the capacity.
    pub(crate) fn over_capacity_areas(&self, seat: Seat) -> Vec<AreaId> {
        let faction = self.faction(seat);
        self.pos
            .areas
            .iter()
            .filter(|(id, a)| a.count_units(faction) > usize::from(self.capacity(**id)))
            .map(|(id, _)| *id)
            .collect()
    }

    /// The factions over capacity somewhere, found in one pass over the areas (the decision
    /// asks this after every action, so it allocates nothing, #26).
    fn over_capacity_factions(&self) -> FactionSet {
        let mut over = FactionSet::EMPTY;
        for (id, a) in &self.pos.areas {
            if a.units.is_empty() {
                continue;
            }
            let capacity = usize::from(self.capacity(*id));
            if a.units.len() <= capacity {
                continue;
            }
            for f in a.factions() {
                if a.count_units(f) > capacity {
                    over.insert(f);
                }
            }
        }
        over
    }

    /// The seat that must destroy units now: clockwise from the first player.
    pub(crate) fn over_capacity_seat(&self) -> Option<Seat> {
        let over = self.over_capacity_factions();
        if over.is_empty() {
            return None;
        }
        // Simultaneous Effects: every player destroys his excess at the same time, so the first
        // player resolves first, then the others clockwise (not the active player first).
        let mut seat = self.first_active();
        for _ in 0..self.player_count() {
            if self.is_active(seat) && over.contains(self.faction(seat)) {
                return Some(seat);
            }
            seat = seat.next(self.player_count());
        }
        None
    }

    pub(super) fn capacity_actions(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.over_capacity_seat() else {
            return;
        };
        let faction = self.faction(seat);
        for area in self.over_capacity_areas(seat) {
            let types = self.pos.area(area).unit_types(|u| u.owner() == faction);
            out.extend(types.into_iter().map(|unit| Action::Destroy { area, unit }));
        }
    }

    pub(super) fn apply_destroy(&mut self, action: Action, log: &mut Vec<Event>) {
        let Action::Destroy { area, unit } = action else {
            return;
        };
        let units = &mut self.pos.area_mut(area).units;
        // Of identical units, the routed one goes first: the owner loses nothing by it.
        let pick = units
            .iter()
            .position(|u| u.unit == unit && u.routed)
            .or_else(|| units.iter().position(|u| u.unit == unit));
        if let Some(i) = pick {
            units.remove(i);
            log.push(Event::OverCapacity { unit, area });
        }
    }

    /// Moves on once nobody is over capacity.
    pub(super) fn auto_capacity(&mut self, log: &mut Vec<Event>) -> bool {
        if self.over_capacity_seat().is_some() {
            return false;
        }
        match &self.pos.phase {
            &Phase::Operations {
                turn,
                step: OpStep::Capacity { .. },
            } => {
                self.finish_turn(turn, log);
                true
            }
            _ => false,
        }
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_destroy(&self, seat: Seat, area: AreaId, unit: UnitType) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let over = self.over_capacity_areas(seat);
        if !over.contains(&area) {
            let names: Vec<String> = over.iter().map(ToString::to_string).collect();
            return RuleError::new(
                Rule::UnitCapacity,
                format!(
                    "{area} holds {} of {} units, within its capacity {}; he destroys units only where he is over capacity ({})",
                    self.pos.area(area).count_units(faction),
                    faction.possessive(),
                    self.capacity(area),
                    and_list(&names)
                ),
            );
        }
        RuleError::new(
            Rule::UnitCapacity,
            format!("{area} holds no {unit} of {who}"),
        )
    }
}
