//! Which seats a computer plays. Like the players' names, this is kept beside the game (never
//! part of the rules' position) and written into the save, so a game against computer players
//! goes on against them when it is continued. No rule reads it: the kinds are the front end's
//! words (`heuristic`, `search:32`), and the front end that builds the players checks them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ids::Faction;

/// The computer players of a game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ComputerPlayers {
    /// The kind of computer player of each faction a computer plays, as `--bot` takes it.
    pub players: BTreeMap<Faction, String>,
    /// The seed every computer decision is derived from (with the history's length), so the
    /// game plays on the same way from the same save.
    #[serde(default)]
    pub seed: u64,
}

impl ComputerPlayers {
    /// Whether people play every seat.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }
}

/// Why a list of computer players does not fit a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComputerError {
    /// A faction that has no seat in this game.
    #[error("{} has no seat in this game", .0.name())]
    NoSeat(Faction),
}
