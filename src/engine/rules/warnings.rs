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

#[cfg(test)]
mod tests {
    #![allow(clippy::panic, reason = "tests fail loudly")]
    use super::*;
    use crate::engine::data::GameData;
    use crate::engine::rules::NewGameOptions;
    use crate::engine::state::ids::{Faction, Order, Seat, StructureKind};
    use crate::engine::state::phase::AdvanceStep;
    use crate::engine::state::position::{Structure, Unit};
    use crate::engine::state::setup_phase::SetupKind;
    use crate::engine::state::unit_type::UnitType;
    use std::sync::Arc;

    fn area(s: &str) -> AreaId {
        s.parse().unwrap_or_else(|_| unreachable!())
    }

    fn data() -> Arc<GameData> {
        Arc::new(GameData::embedded().unwrap_or_else(|_| unreachable!()))
    }

    fn intro(data: &Arc<GameData>) -> Game {
        Game::new(
            &NewGameOptions {
                players: 2,
                factions: None,
                seed: 1,
                setup: SetupKind::Intro,
            },
            Arc::clone(data),
        )
        .unwrap_or_else(|_| unreachable!())
    }

    /// The Ultramarines' Advance on B1 revealed, the board cleared but for both factories.
    fn advance_on_b1(
        data: &Arc<GameData>,
        edit: impl FnOnce(&mut crate::engine::state::position::Position),
    ) -> Game {
        let mut pos = intro(data).position().clone();
        pos.areas.clear();
        pos.area_mut(area("A1.nw")).structures.push(Structure {
            kind: StructureKind::Factory,
            owner: Faction::Ultramarines,
        });
        pos.area_mut(area("B3.sw")).structures.push(Structure {
            kind: StructureKind::Factory,
            owner: Faction::Chaos,
        });
        let b1 = "B1".parse().unwrap_or_else(|_| unreachable!());
        // The token being resolved has left the play area and is off its stack: the rules
        // count it as the order in progress (validate.rs, resolving_order).
        let p = &mut pos.players[0];
        if let Some(i) = p.orders.iter().position(|o| *o == Order::Advance) {
            p.orders.remove(i);
        }
        pos.phase = Phase::Operations {
            turn: Seat(0),
            step: OpStep::Advance(AdvanceStep::new(b1)),
        };
        edit(&mut pos);
        match Game::from_position(pos, Arc::clone(data)) {
            Ok(g) => g,
            Err(v) => panic!("{v:#?}"),
        }
    }

    /// A Space Marine on Argovia (A1.sw) reaches Nicea (B1.se) only through the voids A1.se
    /// and B1.sw, friendly while the Strike Cruisers lie there; moving the cruiser of A1.se
    /// into B1 first leaves the marine without a path.
    #[test]
    fn moving_away_the_ship_a_ground_path_needs_is_told_under_the_path_rule() {
        let data = data();
        let g = advance_on_b1(&data, |pos| {
            pos.area_mut(area("A1.sw"))
                .units
                .push(Unit::new(UnitType::SpaceMarine));
            for void in ["A1.se", "B1.sw"] {
                pos.area_mut(area(void))
                    .units
                    .push(Unit::new(UnitType::StrikeCruiser));
            }
        });
        let legal = g.legal_actions();
        let away = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::MoveUnits { from, .. } if *from == area("A1.se")));
        let Some(away) = away else {
            panic!("the cruiser may move: {legal:?}");
        };
        let w = g.warnings(away);
        assert!(
            w.iter().any(|w| matches!(w, Warning::BreaksGroundPath { stranded } if stranded.contains(&area("A1.sw")))),
            "{w:?}"
        );
        assert!(w.iter().all(|w| w.rule() == Rule::Path));
        // Ending ship movement at once strands nobody.
        assert!(g.warnings(Action::Done).is_empty());
    }

    /// A Space Marine on Phlegra (B2.nw) may reach B1 through the void B1.sw, friendly while a
    /// Strike Cruiser lies there. A cruiser moved in from A1.se makes A1 the Advance's one
    /// adjacent system: the marine of B2 is shut out by the Advance Order's one-system rule,
    /// not for want of a path, and the warning says so.
    #[test]
    fn a_ship_from_one_adjacent_system_shuts_out_the_ground_units_of_another_under_advance_order() {
        let data = data();
        let g = advance_on_b1(&data, |pos| {
            pos.area_mut(area("B2.nw"))
                .units
                .push(Unit::new(UnitType::SpaceMarine));
            for void in ["A1.se", "B1.sw"] {
                pos.area_mut(area(void))
                    .units
                    .push(Unit::new(UnitType::StrikeCruiser));
            }
        });
        let legal = g.legal_actions();
        let Some(in_from_a1) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::MoveUnits { from, .. } if *from == area("A1.se")))
        else {
            panic!("the cruiser of A1.se may move in: {legal:?}");
        };
        let w = g.warnings(in_from_a1);
        assert_eq!(
            w,
            vec![Warning::ClosesOtherSystems {
                from: "A1".parse().unwrap_or_else(|_| unreachable!()),
                stranded: vec![area("B2.nw")],
            }],
        );
        assert_eq!(w[0].rule(), Rule::AdvanceOrder);
        assert!(
            g.warnings(Action::Done).is_empty(),
            "ending ship movement strands nobody"
        );
    }

    /// Three Space Marines already on Smyrna (capacity 3): a fourth moved in is over capacity.
    #[test]
    fn a_unit_moved_onto_a_full_world_is_told_under_unit_capacity() {
        let data = data();
        let mut g = advance_on_b1(&data, |pos| {
            for _ in 0..3 {
                pos.area_mut(area("B1.nw"))
                    .units
                    .push(Unit::new(UnitType::SpaceMarine));
            }
            pos.area_mut(area("A1.ne"))
                .units
                .push(Unit::new(UnitType::SpaceMarine));
        });
        assert_eq!(g.capacity(area("B1.nw")), 3, "Smyrna's capacity");
        g.apply(Action::Done).unwrap_or_else(|e| panic!("{e}"));
        let legal = g.legal_actions();
        let Some(into) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::MoveUnits { to, .. } if *to == area("B1.nw")))
        else {
            panic!("a unit may move onto Smyrna: {legal:?}");
        };
        let w = g.warnings(into);
        assert_eq!(
            w,
            vec![Warning::OverCapacity {
                area: area("B1.nw"),
                units: 4,
                capacity: 3
            }]
        );
        assert_eq!(w[0].rule(), Rule::UnitCapacity);
    }
}
