//! The board as a save holds it: its size in tiles and which tile side lies on each system,
//! turned how far. The areas and adjacency this gives are worked out by `rules::board`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::state::card_name::CardText;
use crate::engine::state::ids::SystemId;

/// A tile side laid on the board: which side, turned how far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedTile {
    /// The tile side's printed code (`10A`).
    pub tile: CardText,
    /// Quarter turns clockwise from the data orientation (0-3).
    #[serde(default)]
    pub rotation: u8,
}

/// The board as saved: its size and the tile on each system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardLayout {
    /// Width in tiles.
    pub cols: u8,
    /// Height in tiles.
    pub rows: u8,
    /// The tile on each system.
    pub tiles: BTreeMap<SystemId, PlacedTile>,
}
