//! Order upgrades of the Advance order that act on movement: Crusade (Ultramarines) and From
//! the Warp (Chaos). The Advance upgrades that act on an orbital strike are `strike_cards.rs`'s.

use crate::engine::rules::AssetSource;
use crate::engine::rules::{Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Asset, Seat, SystemId};

impl Game {
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
        self.use_upgrade(seat, &CardName::fixed("Crusade"), log);
        self.gain_asset(
            seat,
            Asset::Reinforcement,
            Some(AssetSource::Card(CardName::fixed("Crusade"))),
            log,
        );
    }

    /// Whether ships of the seat may cross a storm in this Advance.
    pub(crate) fn ships_may_cross_storms(&self, seat: Seat) -> bool {
        self.pos.cards.ships_cross_storms || self.upgrade_ready(seat, "From the Warp")
    }

    /// A ship moved across a storm: From the Warp is used unless a card already allows it.
    pub(crate) fn note_storm_crossing(&mut self, seat: Seat, log: &mut Vec<Event>) {
        if !self.pos.cards.ships_cross_storms {
            self.use_upgrade(seat, &CardName::fixed("From the Warp"), log);
            self.pos.cards.ships_cross_storms = true;
        }
    }
}
