//! Consequences of a legal action that its player may not intend, told before it is applied:
//! a ship moved away that a ground path of the same Advance needs, a ship moved in from an
//! adjacent system that shuts out the ground units of another one, and units bought or moved
//! into an area beyond its capacity (the excess is destroyed when the order ends). Only public
//! facts go in (the board, the units, the Advance in progress), so every seat may be told.

use std::fmt;

use super::{Action, Game};
use crate::engine::state::ids::{AreaId, SystemId};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::rule::Rule;

/// A consequence of an action that the engine can tell before it is applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// Moving this ship makes its void no longer friendly when ground units start to move, so
    /// the ground units in `stranded` (areas of the mover's) lose every legal path into the
    /// active system (Rules Reference, "Path": a path runs through friendly areas only).
    BreaksGroundPath {
        /// The areas whose ground units could move in before and could not after.
        stranded: Vec<AreaId>,
    },
    /// This ship is the first to come from the adjacent system `from`, which makes it the
    /// Advance's one adjacent system: the ground units in `stranded`, in another adjacent
    /// system, may no longer move in (Rules Reference, "Advance Order": units that moved
    /// ships from an adjacent system cannot move ground units from a different one). Their
    /// path is not the reason, so this is told apart from [`Warning::BreaksGroundPath`].
    ClosesOtherSystems {
        /// The adjacent system the ship comes from.
        from: SystemId,
        /// The areas, in other adjacent systems, whose ground units could move in before and
        /// could not after.
        stranded: Vec<AreaId>,
    },
    /// After the action the mover has `units` units in `area`, more than its `capacity`: the
    /// excess is destroyed when the order ends, unless units are lost or leave before then
    /// (Rules Reference, "Unit Capacity").
    OverCapacity {
        /// The area.
        area: AreaId,
        /// The mover's units there after the action.
        units: usize,
        /// The area's capacity.
        capacity: u8,
    },
}

impl Warning {
    /// The rule behind the warning.
    #[must_use]
    pub fn rule(&self) -> Rule {
        match self {
            Warning::BreaksGroundPath { .. } => Rule::Path,
            Warning::ClosesOtherSystems { .. } => Rule::AdvanceOrder,
            Warning::OverCapacity { .. } => Rule::UnitCapacity,
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::BreaksGroundPath { stranded } => {
                let areas: Vec<String> = stranded.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "the ground units in {} lose their path into the active system ({})",
                    super::explain::and_list(&areas),
                    self.rule()
                )
            }
            Warning::ClosesOtherSystems { from, stranded } => {
                let areas: Vec<String> = stranded.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "a ship from {from} makes it this Advance's one adjacent system: the ground units in {} can no longer move in ({})",
                    super::explain::and_list(&areas),
                    self.rule()
                )
            }
            Warning::OverCapacity {
                area,
                units,
                capacity,
            } => write!(
                f,
                "{area} would hold {units} of your units, over its capacity {capacity}: {} destroyed when the order ends ({})",
                if units - usize::from(*capacity) == 1 {
                    "one is".to_string()
                } else {
                    format!("{} are", units - usize::from(*capacity))
                },
                self.rule()
            ),
        }
    }
}

impl Game {
    /// What applying `action` (one of the legal actions) would do that its player may not
    /// intend ([`Warning`]); empty for an illegal action or when there is nothing to warn of.
    #[must_use]
    pub fn warnings(&self, action: Action) -> Vec<Warning> {
        let Some(d) = self.decision() else {
            return Vec::new();
        };
        let faction = self.faction(d.seat);
        let mut out = Vec::new();
        let (area, adding) = match action {
            Action::BuyUnit { area, .. } => (Some(area), 1),
            Action::MoveUnits { to, count, .. } => (Some(to), usize::from(count)),
            _ => (None, 0),
        };
        if let Some(area) = area {
            let units = self.pos.area(area).count_units(faction) + adding;
            let capacity = self.capacity(area);
            if units > usize::from(capacity) && self.legal_actions().contains(&action) {
                out.push(Warning::OverCapacity {
                    area,
                    units,
                    capacity,
                });
            }
        }
        if let (
            Action::MoveUnits { from, .. },
            Phase::Operations {
                step: OpStep::Advance(a),
                ..
            },
        ) = (action, &self.pos.phase)
            && !a.ground_stage
        {
            let before = self.ground_origins_after(None);
            let after = self.ground_origins_after(Some(action));
            let stranded: Vec<AreaId> = before.into_iter().filter(|o| !after.contains(o)).collect();
            // Ships from an adjacent system fix it as the Advance's one adjacent system: the
            // ground units of every other adjacent system are shut out whatever their path.
            let origin = a
                .ship_origin
                .or((from.system != a.system).then_some(from.system));
            let (shut, pathless): (Vec<AreaId>, Vec<AreaId>) = stranded
                .into_iter()
                .partition(|o| origin.is_some_and(|s| o.system != a.system && o.system != s));
            if !pathless.is_empty() {
                out.push(Warning::BreaksGroundPath { stranded: pathless });
            }
            if let (Some(from), false) = (origin, shut.is_empty()) {
                out.push(Warning::ClosesOtherSystems {
                    from,
                    stranded: shut,
                });
            }
        }
        out
    }

    /// The areas ground units could move in from, once ship movement ends after `first` (or
    /// now): played out on a copy, since paths are fixed when the ground units start.
    fn ground_origins_after(&self, first: Option<Action>) -> Vec<AreaId> {
        let mut g = self.clone();
        if let Some(a) = first
            && g.apply(a).is_err()
        {
            return Vec::new();
        }
        if g.apply(Action::Done).is_err() {
            return Vec::new();
        }
        let mut origins: Vec<AreaId> = g
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::MoveUnits { from, .. } => Some(from),
                _ => None,
            })
            .collect();
        origins.sort();
        origins.dedup();
        origins
    }
}
