//! The plain game state as saved: serde data that may break rules. The only way from a
//! `Position` to a playable game is `Game::from_position`, which checks every invariant.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rand_chacha::ChaCha8Rng;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use crate::engine::state::area_map::AreaMap;
use crate::engine::state::board_layout::BoardLayout;
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::ForcedDice;
use crate::engine::state::ids::{
    AreaId, Asset, EdgeId, Faction, FactionSet, Order, Seat, StructureKind, SystemId,
};
use crate::engine::state::phase::Phase;
use crate::engine::state::unit_type::UnitType;

/// One plastic unit on the board.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Which unit (its faction is the owner).
    pub unit: UnitType,
    /// Whether it lies on its side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routed: bool,
}

impl Unit {
    /// An unrouted unit.
    #[must_use]
    pub fn new(unit: UnitType) -> Self {
        Unit {
            unit,
            routed: false,
        }
    }

    /// The owning faction.
    #[must_use]
    pub fn owner(self) -> Faction {
        self.unit.faction()
    }
}

/// A structure with its control token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Structure {
    /// Factory, city or bastion.
    pub kind: StructureKind,
    /// Whose control token lies under it.
    pub owner: Faction,
}

/// What lies in one area.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaState {
    /// Units, in any order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit>,
    /// Structures (one, unless a card allows more).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub structures: Vec<Structure>,
    /// Objective tokens, by the faction each belongs to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Faction>,
}

impl AreaState {
    /// Whether nothing lies here.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.units.is_empty() && self.structures.is_empty() && self.objectives.is_empty()
    }

    /// The factions with a unit or structure here, each once, in faction order.
    #[must_use]
    pub fn factions(&self) -> FactionSet {
        self.units
            .iter()
            .map(|u| u.owner())
            .chain(self.structures.iter().map(|s| s.owner))
            .collect()
    }

    /// The single faction controlling the area (friendly to it), if exactly one has pieces here.
    #[must_use]
    pub fn controller(&self) -> Option<Faction> {
        self.factions().single()
    }

    /// Whether two factions have pieces here.
    #[must_use]
    pub fn is_contested(&self) -> bool {
        self.factions().len() > 1
    }

    /// How many units of `faction` are here.
    #[must_use]
    pub fn count_units(&self, faction: Faction) -> usize {
        self.units.iter().filter(|u| u.owner() == faction).count()
    }

    /// The distinct types, sorted, of the units here for which `keep` holds: the unit groups a
    /// player picks from when moving, destroying or routing.
    #[must_use]
    pub fn unit_types(&self, keep: impl Fn(&Unit) -> bool) -> Vec<UnitType> {
        self.each_unit_type(keep).collect()
    }

    /// What [`AreaState::unit_types`] lists, without the list: the legal actions of an Advance
    /// ask it for every area they look at (#26).
    pub fn each_unit_type(&self, keep: impl Fn(&Unit) -> bool) -> impl Iterator<Item = UnitType> {
        // One bit per type, in the enum's (sorted) order: no sorting, no allocation.
        let mut types: u32 = 0;
        for u in &self.units {
            if keep(u) {
                types |= 1 << (u.unit as u32);
            }
        }
        UnitType::ALL
            .into_iter()
            .enumerate()
            .filter(move |&(i, _)| types & (1 << i) != 0)
            .map(|(_, t)| t)
    }
}

/// An order token in a stack: whose it is and which order its hidden face shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedOrder {
    /// Owner.
    pub owner: Faction,
    /// The order (hidden from other players while face down).
    pub order: Order,
}

/// A warp storm on a tile edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Storm {
    /// The tile edge it lies on.
    pub edge: EdgeId,
    /// Whether it has moved this Refresh Phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
}

/// A player's asset tokens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssetTokens {
    /// Forge tokens.
    #[serde(default)]
    pub forge: u8,
    /// Cache tokens.
    #[serde(default)]
    pub cache: u8,
    /// Reinforcement tokens.
    #[serde(default)]
    pub reinforcement: u8,
}

impl AssetTokens {
    /// How many of one token kind (prosperity is no token: 0).
    #[must_use]
    pub fn get(&self, asset: Asset) -> u8 {
        match asset {
            Asset::Forge => self.forge,
            Asset::Cache => self.cache,
            Asset::Reinforcement => self.reinforcement,
            Asset::Prosperity => 0,
        }
    }

    /// The counter of one token kind (prosperity is no token: `None`).
    pub fn get_mut(&mut self, asset: Asset) -> Option<&mut u8> {
        match asset {
            Asset::Forge => Some(&mut self.forge),
            Asset::Cache => Some(&mut self.cache),
            Asset::Reinforcement => Some(&mut self.reinforcement),
            Asset::Prosperity => None,
        }
    }
}

/// Everything one player holds off the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerState {
    /// The faction played from this seat.
    pub faction: Faction,
    /// Materiel on the dial (0-14).
    pub materiel: u8,
    /// Asset tokens in the play area (0-3 each).
    #[serde(default)]
    pub assets: AssetTokens,
    /// Order tokens in the play area, ready to place.
    pub orders: Vec<Order>,
    /// Order tokens on top of the event deck (each draws one event card at Refresh).
    #[serde(default)]
    pub event_tokens: Vec<Order>,
    /// The face-down event deck by card name, top card last.
    pub event_deck: Vec<CardName>,
    /// Scheme event cards face up in the play area.
    #[serde(default)]
    pub schemes: Vec<CardName>,
    /// The combat deck (ten cards), top card last.
    pub combat_deck: Vec<CardName>,
    /// The combat upgrade deck (pairs count twice).
    pub combat_upgrades: Vec<CardName>,
    /// Order upgrade cards not yet bought.
    pub order_upgrade_deck: Vec<CardName>,
    /// Order upgrade cards bought, in the play area.
    #[serde(default)]
    pub order_upgrades: Vec<CardName>,
    /// Order upgrades used (turned face down) this round.
    #[serde(default)]
    pub used_upgrades: Vec<CardName>,
    /// Own objective tokens collected.
    #[serde(default)]
    pub objectives: u8,
    /// Whether the player has been eliminated (no friendly world).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub eliminated: bool,
}

/// The whole game state as a plain value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The board's tiles.
    pub board: BoardLayout,
    /// The players in seat order (clockwise from seat 1).
    pub players: Vec<PlayerState>,
    /// What lies in each area (empty areas may be left out).
    #[serde(default)]
    pub areas: AreaMap<AreaState>,
    /// The order-token stacks by system, bottom token first.
    #[serde(default)]
    pub stacks: BTreeMap<SystemId, Vec<PlacedOrder>>,
    /// The warp storms.
    #[serde(default)]
    pub storms: Vec<Storm>,
    /// The game round, 1-8.
    pub round: u8,
    /// The seat holding the first player token.
    pub first_player: Seat,
    /// Where in the round the game is and what is being decided.
    pub phase: Phase,
    /// The game's random generator: dice, shuffles and draws.
    #[schemars(with = "RngState")]
    pub rng: ChaCha8Rng,
    /// What cards changed about the order being resolved (`card_step.rs`).
    #[serde(
        default,
        skip_serializing_if = "crate::engine::state::card_step::CardFlags::is_empty"
    )]
    pub cards: crate::engine::state::card_step::CardFlags,
    /// Die faces set by hand for the next rolls (`herakon check --dice`); empty in play.
    #[serde(default, skip_serializing_if = "ForcedDice::is_empty")]
    pub forced_dice: ForcedDice,
    /// How the last combat fought ended (none yet: absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_combat: Option<crate::engine::state::combat_state::CombatOutcome>,
}

impl Position {
    /// The seat playing `faction`, if it is in the game.
    #[must_use]
    pub fn seat_of(&self, faction: Faction) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p.faction == faction)
            .and_then(|i| u8::try_from(i).ok())
            .map(Seat)
    }

    /// The player in a seat.
    #[must_use]
    pub fn player(&self, seat: Seat) -> Option<&PlayerState> {
        self.players.get(seat.index())
    }

    /// What lies in an area (an empty default for areas with nothing).
    #[must_use]
    pub fn area(&self, a: AreaId) -> &AreaState {
        static EMPTY: AreaState = AreaState {
            units: Vec::new(),
            structures: Vec::new(),
            objectives: Vec::new(),
        };
        self.areas.get(&a).unwrap_or(&EMPTY)
    }

    /// The mutable contents of an area, created if missing.
    pub fn area_mut(&mut self, a: AreaId) -> &mut AreaState {
        self.areas.entry(a).or_default()
    }

    /// Drops empty area entries so equal states compare and save equal.
    pub fn tidy(&mut self) {
        // Looking costs less than `retain`, which walks the map as if to change every entry,
        // and most actions leave nothing empty (#26).
        if self.areas.values().any(AreaState::is_empty) {
            self.areas.retain(|_, a| !a.is_empty());
        }
        if self.stacks.values().any(Vec::is_empty) {
            self.stacks.retain(|_, s| !s.is_empty());
        }
    }

    /// Whether a warp storm lies on the edge.
    #[must_use]
    pub fn storm_at(&self, e: EdgeId) -> bool {
        self.storms.iter().any(|s| s.edge == e)
    }
}

/// The state of the game's `ChaCha8` generator as a save holds it: copy it from a save, or
/// leave it out of a sketch and give a `seed`.
pub(crate) struct RngState;

impl JsonSchema for RngState {
    fn schema_name() -> Cow<'static, str> {
        "RngState".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The random generator's state (ChaCha8): written by herakon, copied, never typed by hand.",
            "type": "object",
            "properties": {
                "seed": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}, "minItems": 32, "maxItems": 32},
                "stream": {"type": "integer", "minimum": 0},
                "word_pos": {"type": "integer", "minimum": 0}
            },
            "required": ["seed", "stream", "word_pos"]
        })
    }
}
