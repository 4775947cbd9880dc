//! The state of a game whose board is still being constructed (Rules Reference, "Setup",
//! step 4): the tiles and objective tokens each player still holds, and the step under way.
//!
//! The board under construction lives in the position's `BoardLayout` like any other board,
//! on a fixed square grid big enough to grow in every direction: `2M-1` systems a side, where
//! `M` is the longest side the finished board may have (3 for two or three players, 4 for
//! four). The first tile always goes in the middle (`C3` on a 5x5 grid, `D4` on a 7x7 one);
//! every later tile goes next to a placed one, and the placed tiles always fit the largest
//! board (3x2, 3x3 or 3x4, either way round). Once the last tile is placed the board is
//! shifted so that its top-left system is `A1` and cut to its rectangle; warp storms are then
//! placed on the finished board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::state::ids::{Faction, Seat, SystemId};

/// How the board of a new game is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SetupKind {
    /// The introductory board of the Learn to Play booklet (introductory factions only).
    #[default]
    Intro,
    /// A board the players construct as the Rules Reference describes (any factions).
    Build,
}

/// A setup in progress: the step, whose it is, and what each seat still holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupState {
    /// The seat deciding.
    pub turn: Seat,
    /// What it decides.
    pub step: SetupStep,
    /// Each seat's system tiles not yet placed, by tile number (its faction tile and two
    /// neutral tiles dealt at random).
    pub hands: Vec<Vec<u8>>,
    /// Each seat's objective tokens of other factions not yet placed (two from each opponent).
    pub objectives: Vec<Vec<Faction>>,
}

/// A step of constructing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SetupStep {
    /// Place one of the tiles in hand next to a placed tile.
    Tile,
    /// Place initial forces on the tile just placed (all that remain on the third tile).
    Forces {
        /// The tile just placed.
        system: SystemId,
    },
    /// Place opponents' objective tokens on the objective spaces of the tile just placed.
    Objectives {
        /// The tile just placed.
        system: SystemId,
    },
    /// Place one warp storm on a free tile edge of the finished board.
    Storm,
}
