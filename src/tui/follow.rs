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
