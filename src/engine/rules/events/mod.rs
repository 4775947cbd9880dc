//! Event cards (Rules Reference, "Event Cards"): tactics resolve when chosen in the Refresh
//! Phase; schemes stay face up (one at a time) until their owner uses them. Schemes used
//! "instead of revealing an order" are offered in the Operations Phase to a player with one of
//! his tokens on top of a stack (unofficial FAQ). A card's code is found by its kind:
//! `tactics.rs` (and `tactic_upgrades.rs` for those that buy upgrades), `schemes.rs`.

mod explain_events;
mod schemes;
mod tactic_upgrades;
mod tactics;

use super::Game;
use crate::engine::data::EventKind;
use crate::engine::state::ids::{AreaId, Seat};

/// The tactics that only give tokens (`refresh.rs`), resolved by `use-event`.
const PLAIN: [&str; 3] = ["Spoils of War", "Legacy of Vaul", "Moar Boyz!"];

pub(super) const PRAYER: &str = "Prayer to the Dark Gods";
pub(super) const OUTMANOEUVRE: &str = "Outmanoeuvre";

/// The schemes used instead of revealing an order.
const INSTEAD: [&str; 4] = [
    "Unwavering Resolve",
    "Blight of Nurgle",
    "Warp Gate",
    "Mob Up!",
];

impl Game {
    /// Whether the event card `card` is a scheme (kept face up and used later).
    pub(crate) fn is_scheme(&self, card: &str) -> bool {
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
}
