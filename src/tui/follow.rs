//! The board follows the selected choice: the places its action names are marked (where units
//! come from, where they go or what is bought, built or hit, the system of the order token it
//! places, reveals or resolves), the areas the engine warns about are marked apart, and the
//! cursor with the area panel goes to the place the action acts on. All of it read from the
//! typed action and the engine's warnings; the client computes no rule.

use super::scene::Choice;
use crate::engine::rules::Warning;
use crate::engine::{AreaId, Quadrant, SystemId};

/// The places of the selected choice, as the board marks them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// Where units come from (a move's start, the void an orbital strike comes from): `○`.
    pub from: Vec<AreaId>,
    /// Where the action lands (a move's end, a purchase, a structure, a hit): `●`.
    pub to: Vec<AreaId>,
    /// The system of the order token placed, revealed or resolved, or the tile placed: its
    /// title starts with `●`.
    pub systems: Vec<SystemId>,
    /// Areas a warning names (ground units that lose their path, an area over capacity): `!`.
    pub warned: Vec<AreaId>,
}

impl Marks {
    /// The marks of `choice` (none without one).
    #[must_use]
    pub fn of(choice: Option<&Choice>) -> Marks {
        let Some(c) = choice else {
            return Marks::default();
        };
        let mut m = Marks::default();
        let places = c.action.places();
        m.from.extend(places.from);
        m.to.extend(places.to);
        m.systems.extend(places.system);
        if let Some((system, _)) = c.order
            && !m.systems.contains(&system)
        {
            m.systems.push(system);
        }
        for w in &c.warnings {
            match w {
                Warning::BreaksGroundPath { stranded }
                | Warning::ClosesOtherSystems { stranded, .. } => {
                    m.warned.extend(stranded.iter().copied());
                }
                Warning::OverCapacity { area, .. } => m.warned.push(*area),
            }
        }
        m
    }

    /// Whether the choice names any place.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.from.is_empty() && self.to.is_empty() && self.systems.is_empty()
    }

    /// Where the cursor goes for the choice: the area it lands on, else where units come from,
    /// else its system (the cursor stays where it is inside that system); `None` for a choice
    /// naming no place.
    #[must_use]
    pub fn cursor(&self, now: AreaId) -> Option<AreaId> {
        if let Some(a) = self.to.first().or(self.from.first()) {
            return Some(*a);
        }
        let s = *self.systems.first()?;
        Some(if now.system == s {
            now
        } else {
            AreaId::new(s, Quadrant::Nw)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, UnitType};

    fn area(s: &str) -> AreaId {
        s.parse().unwrap_or_else(|_| unreachable!())
    }

    fn choice(action: Action) -> Choice {
        Choice {
            number: 1,
            action,
            words: String::new(),
            card: None,
            order: None,
            warnings: Vec::new(),
        }
    }

    #[test]
    fn a_move_marks_its_start_and_end_and_the_cursor_goes_to_the_end() {
        let c = choice(Action::MoveUnits {
            from: area("A1.se"),
            to: area("B1.sw"),
            unit: UnitType::StrikeCruiser,
            count: 1,
        });
        let m = Marks::of(Some(&c));
        assert_eq!(
            (m.from.clone(), m.to.clone()),
            (vec![area("A1.se")], vec![area("B1.sw")])
        );
        assert_eq!(m.cursor(area("C3.nw")), Some(area("B1.sw")));
    }

    #[test]
    fn a_token_marks_its_system_and_the_cursor_stays_inside_it() {
        let mut c = choice(Action::Resolve);
        c.order = Some((
            "B2".parse().unwrap_or_else(|_| unreachable!()),
            crate::engine::Order::Deploy,
        ));
        let m = Marks::of(Some(&c));
        assert_eq!(m.systems.len(), 1);
        assert_eq!(m.cursor(area("B2.se")), Some(area("B2.se")));
        assert_eq!(m.cursor(area("A1.se")), Some(area("B2.nw")));
        assert_eq!(
            Marks::of(Some(&choice(Action::Done))).cursor(area("A1.se")),
            None
        );
    }

    #[test]
    fn the_areas_a_warning_names_are_marked() {
        let mut c = choice(Action::Done);
        c.warnings = vec![Warning::BreaksGroundPath {
            stranded: vec![area("A1.sw")],
        }];
        assert_eq!(Marks::of(Some(&c)).warned, vec![area("A1.sw")]);
    }
}
