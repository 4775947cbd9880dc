//! Positions written by hand: a *sketch* names only what matters (the players, the pieces by
//! area, the step being decided) and everything else takes its default: the introductory board
//! for the player count, decks with their starting cards (shuffled with the seed), materiel and
//! assets from the faction sheets, order tokens not on the board in the play area, the rest of
//! the box in the supplies, round 1, seat 1 first. A file without a `format` field is read as a
//! sketch; it expands to a full [`Position`], which is then validated like any other.
//!
//! ```json
//! {
//!   "players": ["ultramarines", "orks"],
//!   "areas": {
//!     "A1.nw": "ultramarines factory",
//!     "B1.se": "2 space-marine",
//!     "B2.ne": "onslaught-attack-ship",
//!     "B2.se": "ork-boyz, orks city"
//!   },
//!   "phase": "advance B2 ground"
//! }
//! ```

use crate::engine::state::rule::Rule;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::engine::data::GameData;
use crate::engine::format::error::LoadError;
use crate::engine::rules::{Game, Violation, resolving_order, starting_player};
use crate::engine::state::board_layout::{BoardLayout, PlacedTile};
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::ForcedDice;
use crate::engine::state::die::{DieFace, parse_faces};
use crate::engine::state::ids::{AreaId, EdgeId, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{
    AdvanceStep, DeployStep, DominateStep, OpStep, Phase, StrategizeStep,
};
use crate::engine::state::position::{
    AreaState, AssetTokens, PlacedOrder, PlayerState, Position, Storm, Structure, Unit,
};
use crate::engine::state::unit_type::UnitType;

/// The rule name under which problems of the sketch itself (not of the game) are reported.
pub const SKETCH_RULE: Rule = Rule::PositionSketch;

/// A position written by hand. Only `players` is required.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sketch {
    /// The JSON Schema an editor checks the file with (`herakon schema > herakon.schema.json`);
    /// ignored by herakon.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// What the position shows, in words (printed by `herakon check`; not part of the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The players in seat order (seat 1 first): a faction name (`"orks"`), or an object
    /// giving the faction and whatever differs from its starting state.
    #[schemars(with = "Vec<PlayerEntry>")]
    pub players: Vec<PlayerSketch>,
    /// The board's tiles; the introductory board for the number of players when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardLayout>,
    /// The pieces in each area (areas left out are empty): a list, or one string separated by
    /// commas, of `2 scout`, `routed cultist`, `ultramarines factory` (the owner may be left
    /// out when the area holds units of one faction) and `objective chaos`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub areas: BTreeMap<AreaId, Pieces>,
    /// The order tokens on each system, bottom first: `ultramarines advance, orks deploy`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stacks: BTreeMap<SystemId, Pieces>,
    /// The tile edges warp storms lie on (`A1.s`); none when left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub storms: Vec<EdgeId>,
    /// The game round, 1-8 (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
    /// The first player: seat number from 1, or faction (default seat 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<SeatRef>,
    /// Whose turn it is: seat number from 1, or faction (default the first player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<SeatRef>,
    /// The step being decided (default `planning`): `planning`, `reveal`,
    /// `revealed ORDER SYSTEM`, `deploy SYSTEM [structure]`, `advance SYSTEM [ground]`,
    /// `dominate SYSTEM`, `strategize SYSTEM`; or a full phase object as a save writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<PhaseSketch>,
    /// Seed of the game's random generator (default 0): decks are shuffled and dice rolled
    /// with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Die faces for the next rolls, as letters (`{"attacker": "OODM", "defender": "DDM"}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceSketch>,
    /// A puzzle's question and the answer the engine gives (`saves/situations/`): printed by
    /// `herakon check` and asserted by a test; not part of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
}

/// A rules question about a sketched position, with the answer as the checker gives it: the
/// actions to apply first, then what must be legal, what must be refused by which rule, and
/// what the applied actions must log.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The question, in words.
    pub ask: String,
    /// The answer, in words.
    pub answer: String,
    /// Actions applied first, in order, as `herakon check --apply` takes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apply: Vec<String>,
    /// Actions that are then legal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
    /// Actions that are then refused, each with the rule (Rules Reference topic) refusing it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub illegal: BTreeMap<String, String>,
    /// Words that some event logged by the applied actions contains, one entry each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// The number of legal actions then, when the whole list matters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_count: Option<usize>,
}

/// One player of a sketch: the faction and whatever differs from its starting state.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSketch {
    /// The faction played from this seat.
    pub faction: Faction,
    /// Materiel (default: the faction sheet's starting materiel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub materiel: Option<u8>,
    /// Asset tokens; kinds left out keep the faction sheet's starting number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assets: Option<AssetSketch>,
    /// Order tokens in the play area (default: every token not on the board, on the event
    /// deck or being resolved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<Vec<Order>>,
    /// Order tokens on the event deck (default none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_tokens: Option<Vec<Order>>,
    /// The event deck, top card last (default: the faction's cards not in play, shuffled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_deck: Option<Vec<CardName>>,
    /// Scheme cards in play (default none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schemes: Option<Vec<CardName>>,
    /// The combat deck, top card last (default: the starting cards not in a combat, shuffled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_deck: Option<Vec<CardName>>,
    /// The combat upgrade deck (default: every faction combat card in neither the deck nor a
    /// combat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_upgrades: Option<Vec<CardName>>,
    /// Order upgrades not yet bought (default: those not in `order_upgrades`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_upgrade_deck: Option<Vec<CardName>>,
    /// Order upgrades bought (default none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_upgrades: Option<Vec<CardName>>,
    /// Order upgrades used this round (default none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_upgrades: Option<Vec<CardName>>,
    /// Own objective tokens collected (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objectives: Option<u8>,
    /// Whether the player is eliminated (default false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminated: Option<bool>,
}

impl PlayerSketch {
    /// A player of `faction` with every default.
    #[must_use]
    pub fn new(faction: Faction) -> Self {
        PlayerSketch {
            faction,
            materiel: None,
            assets: None,
            orders: None,
            event_tokens: None,
            event_deck: None,
            schemes: None,
            combat_deck: None,
            combat_upgrades: None,
            order_upgrade_deck: None,
            order_upgrades: None,
            used_upgrades: None,
            objectives: None,
            eliminated: None,
        }
    }
}

/// Asset tokens of a sketched player; kinds left out keep the starting number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssetSketch {
    /// Forge tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forge: Option<u8>,
    /// Cache tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<u8>,
    /// Reinforcement tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinforcement: Option<u8>,
}

/// Die faces set by hand for the next rolls of each side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceSketch {
    /// The attacker's (or striking player's) next roll.
    #[serde(default)]
    pub attacker: Faces,
    /// The defender's next roll.
    #[serde(default)]
    pub defender: Faces,
}

/// Die faces written as letters: `O` offence, `D` defence, `M` morale (`"OODM"`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Faces(pub Vec<DieFace>);

/// Pieces or tokens written as text: a list of strings, or one string separated by commas.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pieces(pub Vec<String>);

/// A seat named by its number from 1 or by its faction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatRef {
    /// Seat number, 1 = the first seat.
    Number(u8),
    /// The seat playing this faction.
    Faction(Faction),
}

/// The step being decided: a short form, or a full phase as a save writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhaseSketch {
    /// The short form (`advance B2 ground`).
    Short(ShortPhase),
    /// A phase object as in a save (seats there count from 0).
    Full(Box<Phase>),
}

/// The short forms of a step, each for the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShortPhase {
    /// `planning`: he places an order token.
    Planning,
    /// `reveal`: he reveals one of his tokens on top of a stack.
    Reveal,
    /// `revealed ORDER SYSTEM`: his token on top of the system's stack is face up.
    Revealed(Order, SystemId),
    /// `deploy SYSTEM [structure]`: he resolves a Deploy order (buying units, or the structure).
    Deploy(SystemId, bool),
    /// `advance SYSTEM [ground]`: he resolves an Advance order (moving ships, or ground units).
    Advance(SystemId, bool),
    /// `dominate SYSTEM`: he resolves a Dominate order, at its faction ability.
    Dominate(SystemId),
    /// `strategize SYSTEM`: he resolves a Strategize order.
    Strategize(SystemId),
}

const SHORT_PHASES: &str = "planning, reveal, revealed ORDER SYSTEM, deploy SYSTEM [structure], advance SYSTEM [ground], dominate SYSTEM, strategize SYSTEM";

impl std::str::FromStr for ShortPhase {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let err = || format!("`{s}` is not a step: write one of {SHORT_PHASES}");
        let system = |w: &str| w.parse::<SystemId>().map_err(|e| e.to_string());
        // The words exactly as documented: `advance B2 ground`, not `Advance b2`.
        match words.as_slice() {
            ["planning"] => Ok(ShortPhase::Planning),
            ["reveal"] => Ok(ShortPhase::Reveal),
            ["revealed", order, sys] => Ok(ShortPhase::Revealed(
                order
                    .parse()
                    .map_err(|e: crate::engine::state::ids::ParseIdError| e.to_string())?,
                system(sys)?,
            )),
            ["deploy", sys] => Ok(ShortPhase::Deploy(system(sys)?, false)),
            ["deploy", sys, "structure"] => Ok(ShortPhase::Deploy(system(sys)?, true)),
            ["advance", sys] => Ok(ShortPhase::Advance(system(sys)?, false)),
            ["advance", sys, "ground"] => Ok(ShortPhase::Advance(system(sys)?, true)),
            ["dominate", sys] => Ok(ShortPhase::Dominate(system(sys)?)),
            ["strategize", sys] => Ok(ShortPhase::Strategize(system(sys)?)),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for ShortPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShortPhase::Planning => f.write_str("planning"),
            ShortPhase::Reveal => f.write_str("reveal"),
            ShortPhase::Revealed(o, s) => write!(f, "revealed {o} {s}"),
            ShortPhase::Deploy(s, false) => write!(f, "deploy {s}"),
            ShortPhase::Deploy(s, true) => write!(f, "deploy {s} structure"),
            ShortPhase::Advance(s, false) => write!(f, "advance {s}"),
            ShortPhase::Advance(s, true) => write!(f, "advance {s} ground"),
            ShortPhase::Dominate(s) => write!(f, "dominate {s}"),
            ShortPhase::Strategize(s) => write!(f, "strategize {s}"),
        }
    }
}

// ----- Reading the forms that take a string or something else -----

impl<'de> Deserialize<'de> for Pieces {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Pieces;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string of pieces separated by commas, or a list of strings")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Pieces, E> {
                Ok(Pieces(split_list(s)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Pieces, A::Error> {
                let mut out = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    out.extend(split_list(&s));
                }
                Ok(Pieces(out))
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for Pieces {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

fn split_list(s: &str) -> Vec<String> {
    s.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

impl<'de> Deserialize<'de> for Faces {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        parse_faces(&text).map(Faces).map_err(de::Error::custom)
    }
}

impl Serialize for Faces {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&crate::engine::state::die::faces_text(&self.0))
    }
}

impl<'de> Deserialize<'de> for SeatRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = SeatRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seat number from 1, or a faction")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<SeatRef, E> {
                match u8::try_from(n) {
                    Ok(n @ 1..=4) => Ok(SeatRef::Number(n)),
                    _ => Err(E::custom(format!("seat {n} does not exist: seats are 1-4"))),
                }
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<SeatRef, E> {
                u64::try_from(n).map_or_else(
                    |_| Err(E::custom(format!("seat {n} does not exist: seats are 1-4"))),
                    |n| self.visit_u64(n),
                )
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<SeatRef, E> {
                // A number written as digits only (`"2"`), not `"+2"` or `" 2"`.
                if !s.is_empty()
                    && s.bytes().all(|b| b.is_ascii_digit())
                    && let Ok(n) = s.parse::<u64>()
                {
                    return self.visit_u64(n);
                }
                s.parse().map(SeatRef::Faction).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for SeatRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SeatRef::Number(n) => s.serialize_u8(*n),
            SeatRef::Faction(f) => f.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for PhaseSketch {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PhaseSketch;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a step ({SHORT_PHASES}) or a phase object")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<PhaseSketch, E> {
                s.parse().map(PhaseSketch::Short).map_err(E::custom)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<PhaseSketch, A::Error> {
                Phase::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|p| PhaseSketch::Full(Box::new(p)))
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for PhaseSketch {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PhaseSketch::Short(p) => s.collect_str(p),
            PhaseSketch::Full(p) => p.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for PlayerSketch {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// The object form, read field by field.
        #[derive(Deserialize)]
        #[serde(remote = "PlayerSketch", deny_unknown_fields)]
        struct Fields {
            faction: Faction,
            #[serde(default)]
            materiel: Option<u8>,
            #[serde(default)]
            assets: Option<AssetSketch>,
            #[serde(default)]
            orders: Option<Vec<Order>>,
            #[serde(default)]
            event_tokens: Option<Vec<Order>>,
            #[serde(default)]
            event_deck: Option<Vec<CardName>>,
            #[serde(default)]
            schemes: Option<Vec<CardName>>,
            #[serde(default)]
            combat_deck: Option<Vec<CardName>>,
            #[serde(default)]
            combat_upgrades: Option<Vec<CardName>>,
            #[serde(default)]
            order_upgrade_deck: Option<Vec<CardName>>,
            #[serde(default)]
            order_upgrades: Option<Vec<CardName>>,
            #[serde(default)]
            used_upgrades: Option<Vec<CardName>>,
            #[serde(default)]
            objectives: Option<u8>,
            #[serde(default)]
            eliminated: Option<bool>,
        }
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PlayerSketch;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a faction name, or a player object with a `faction`")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<PlayerSketch, E> {
                s.parse().map(PlayerSketch::new).map_err(E::custom)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<PlayerSketch, A::Error> {
                Fields::deserialize(de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_any(V)
    }
}

// ----- Their schemas -----

impl JsonSchema for Pieces {
    fn schema_name() -> Cow<'static, str> {
        "Pieces".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Pieces: one string separated by commas, or a list of strings. In an area: `2 scout`, `routed cultist`, `ultramarines factory` (owner optional when the area holds units of one faction), `objective chaos`. In a stack: `ultramarines advance`.",
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}}
            ]
        })
    }
}

/// A player as a sketch may write it: a faction name, or a [`PlayerSketch`] object.
struct PlayerEntry;

impl JsonSchema for PlayerEntry {
    fn schema_name() -> Cow<'static, str> {
        "PlayerEntry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let faction = generator.subschema_for::<Faction>();
        let player = generator.subschema_for::<PlayerSketch>();
        json_schema!({
            "description": "A player: the faction name alone (everything else as at the start), or an object.",
            "anyOf": [faction, player]
        })
    }
}

impl JsonSchema for Faces {
    fn schema_name() -> Cow<'static, str> {
        "Faces".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Die faces as letters: O offence, D defence, M morale (e.g. OODM).",
            "type": "string",
            "pattern": "^[OoDdMm ,]*$"
        })
    }
}

impl JsonSchema for SeatRef {
    fn schema_name() -> Cow<'static, str> {
        "SeatRef".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let faction = generator.subschema_for::<Faction>();
        json_schema!({
            "description": "A seat: its number from 1, or the faction playing it.",
            "anyOf": [
                {"type": "integer", "minimum": 1, "maximum": 4},
                faction
            ]
        })
    }
}

impl JsonSchema for PhaseSketch {
    fn schema_name() -> Cow<'static, str> {
        "PhaseSketch".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let phase = generator.subschema_for::<Phase>();
        json_schema!({
            "description": "The step being decided, for the player whose turn it is.",
            "anyOf": [
                {
                    "type": "string",
                    "description": "planning | reveal | revealed ORDER SYSTEM | deploy SYSTEM [structure] | advance SYSTEM [ground] | dominate SYSTEM | strategize SYSTEM",
                    "pattern": "^\\s*(planning|reveal|revealed\\s+(advance|deploy|strategize|dominate)\\s+\\S+|deploy\\s+\\S+(\\s+structure)?|advance\\s+\\S+(\\s+ground)?|dominate\\s+\\S+|strategize\\s+\\S+)\\s*$"
                },
                phase
            ]
        })
    }
}

// ----- Expanding to a position -----

/// One piece of an area, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    Units {
        unit: UnitType,
        count: u8,
        routed: bool,
    },
    Structure {
        kind: StructureKind,
        owner: Option<Faction>,
    },
    Objective {
        owner: Faction,
        count: u8,
    },
}

/// Reads one piece: `2 scout`, `scout x2`, `routed cultist`, `ultramarines factory`,
/// `objective chaos`.
fn parse_piece(text: &str) -> Result<Piece, String> {
    let mut words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ':')
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let routed = words.iter().any(|w| w == "routed");
    words.retain(|w| w != "routed");
    let mut count = 1u8;
    if let Some(n) = words
        .first()
        .and_then(|w| w.trim_end_matches('x').parse::<u8>().ok())
    {
        count = n;
        words.remove(0);
    } else if let Some(n) = words
        .last()
        .and_then(|w| w.strip_prefix('x'))
        .and_then(|n| n.parse::<u8>().ok())
    {
        count = n;
        words.pop();
    }
    if words.is_empty() {
        return Err(format!("`{text}` names no piece"));
    }
    if words.iter().any(|w| w == "objective") {
        words.retain(|w| w != "objective" && w != "token");
        let [owner] = words.as_slice() else {
            return Err(format!(
                "`{text}`: say whose objective token it is (`objective chaos`)"
            ));
        };
        return Ok(Piece::Objective {
            owner: owner
                .parse()
                .map_err(|e: crate::engine::state::ids::ParseIdError| e.to_string())?,
            count,
        });
    }
    if let Some(i) = words
        .iter()
        .position(|w| w.parse::<StructureKind>().is_ok())
    {
        let kind = words
            .remove(i)
            .parse::<StructureKind>()
            .map_err(|e| e.to_string())?;
        let owner = match words.as_slice() {
            [] => None,
            [owner] => Some(
                owner
                    .parse()
                    .map_err(|e: crate::engine::state::ids::ParseIdError| e.to_string())?,
            ),
            _ => {
                return Err(format!(
                    "`{text}`: write a structure as `ultramarines {kind}`"
                ));
            }
        };
        return Ok(Piece::Structure { kind, owner });
    }
    let unit = if let Some(u) = unit_named(&words.join("-")) {
        u
    } else {
        // A faction word in front: `chaos cultist`.
        let faction: Option<Faction> = words.first().and_then(|w| w.parse().ok());
        let rest = words.get(1..).unwrap_or_default().join("-");
        match (faction, unit_named(&rest).ok_or(())) {
            (Some(f), Ok(u)) if u.faction() == f => u,
            (Some(f), Ok(u)) => {
                return Err(format!("`{text}`: {u} is not a unit of {}", f.name()));
            }
            _ => {
                return Err(format!(
                    "`{text}` is not a piece: write `2 scout`, `routed cultist`, `ultramarines factory` or `objective chaos`"
                ));
            }
        }
    };
    Ok(Piece::Units {
        unit,
        count,
        routed,
    })
}

/// The unit type named in a sketch's piece (words already in small letters and joined by `-`):
/// its key, or its key in the plural (`scouts`, `ork-boyz`).
fn unit_named(text: &str) -> Option<UnitType> {
    UnitType::ALL
        .into_iter()
        .find(|u| u.key() == text || u.key().trim_end_matches('s') == text.trim_end_matches('s'))
}

/// Reads one order token of a stack: `ultramarines advance` (either order of the words).
fn parse_token(text: &str) -> Result<PlacedOrder, String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    let parsed = match words.as_slice() {
        [a, b] => match (a.parse::<Faction>(), b.parse::<Order>()) {
            (Ok(owner), Ok(order)) => Some(PlacedOrder { owner, order }),
            _ => match (b.parse::<Faction>(), a.parse::<Order>()) {
                (Ok(owner), Ok(order)) => Some(PlacedOrder { owner, order }),
                _ => None,
            },
        },
        _ => None,
    };
    parsed.ok_or_else(|| {
        format!("`{text}` is not an order token: write the faction and the order (`orks deploy`)")
    })
}

/// Takes one copy of each of `remove` out of `pool` (cards are counted, not just named).
fn minus(mut pool: Vec<CardName>, remove: &[CardName]) -> Vec<CardName> {
    for r in remove {
        if let Some(i) = pool.iter().position(|c| c == r) {
            pool.remove(i);
        }
    }
    pool
}

/// The introductory board for `players` (columns A-B for two, up to A-D for four).
fn intro_board(players: usize, data: &GameData) -> BoardLayout {
    let cols = u8::try_from(players.clamp(2, 4)).unwrap_or(2);
    BoardLayout {
        cols,
        rows: 3,
        tiles: data
            .intro
            .systems
            .iter()
            .filter(|s| s.system.col < cols)
            .map(|s| {
                (
                    s.system,
                    PlacedTile {
                        tile: s.tile.as_str().into(),
                        rotation: s.rotation,
                    },
                )
            })
            .collect(),
    }
}

impl Sketch {
    /// The full position this sketch describes, with every default filled in, and the problems
    /// of the sketch itself (a piece that is not one, a seat that does not exist ...). The
    /// position is not validated: [`Sketch::into_game`] does that.
    #[must_use]
    pub fn expand(&self, data: &GameData) -> (Position, Vec<Violation>) {
        let mut problems = Vec::new();
        let mut say = |message: String| {
            problems.push(Violation {
                rule: SKETCH_RULE,
                message,
            });
        };
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed.unwrap_or(0));
        let factions: Vec<Faction> = self.players.iter().map(|p| p.faction).collect();
        let board = self
            .board
            .clone()
            .unwrap_or_else(|| intro_board(factions.len(), data));

        // Areas.
        let mut areas: BTreeMap<AreaId, AreaState> = BTreeMap::new();
        for (&id, pieces) in &self.areas {
            let mut state = AreaState::default();
            let mut unowned: Vec<StructureKind> = Vec::new();
            for text in &pieces.0 {
                match parse_piece(text) {
                    Ok(Piece::Units {
                        unit,
                        count,
                        routed,
                    }) => state.units.extend(std::iter::repeat_n(
                        Unit { unit, routed },
                        usize::from(count),
                    )),
                    Ok(Piece::Structure {
                        kind,
                        owner: Some(owner),
                    }) => state.structures.push(Structure { kind, owner }),
                    Ok(Piece::Structure { kind, owner: None }) => unowned.push(kind),
                    Ok(Piece::Objective { owner, count }) => state
                        .objectives
                        .extend(std::iter::repeat_n(owner, usize::from(count))),
                    Err(e) => say(format!("{id}: {e}")),
                }
            }
            let mut unit_owners: Vec<Faction> = state.units.iter().map(|u| u.owner()).collect();
            unit_owners.sort();
            unit_owners.dedup();
            for kind in unowned {
                match unit_owners.as_slice() {
                    [owner] => state.structures.push(Structure {
                        kind,
                        owner: *owner,
                    }),
                    _ => say(format!(
                        "{id}: say whose {kind} it is (`ultramarines {kind}`): the area holds units of {} factions",
                        if unit_owners.is_empty() {
                            "no"
                        } else {
                            "several"
                        }
                    )),
                }
            }
            if !state.is_empty() {
                areas.insert(id, state);
            }
        }

        // Stacks.
        let mut stacks: BTreeMap<SystemId, Vec<PlacedOrder>> = BTreeMap::new();
        for (&system, tokens) in &self.stacks {
            for text in &tokens.0 {
                match parse_token(text) {
                    Ok(t) => stacks.entry(system).or_default().push(t),
                    Err(e) => say(format!("the stack on {system}: {e}")),
                }
            }
        }

        // Seats.
        let mut seat = |r: Option<SeatRef>, what: &str| -> Seat {
            match r {
                None => Seat(0),
                Some(SeatRef::Number(n)) if usize::from(n) <= factions.len() && n > 0 => {
                    Seat(n - 1)
                }
                Some(SeatRef::Number(n)) => {
                    say(format!(
                        "{what}: there is no seat {n} with {} players",
                        factions.len()
                    ));
                    Seat(0)
                }
                Some(SeatRef::Faction(f)) => factions
                    .iter()
                    .position(|&g| g == f)
                    .and_then(|i| u8::try_from(i).ok())
                    .map_or_else(
                        || {
                            say(format!("{what}: {} plays in no seat", f.name()));
                            Seat(0)
                        },
                        Seat,
                    ),
            }
        };
        let first_player = seat(self.first_player, "first_player");
        let turn = if self.turn.is_some() {
            seat(self.turn, "turn")
        } else {
            first_player
        };
        let mover = factions.get(turn.index()).copied();

        // The step.
        let phase = match &self.phase {
            None => Phase::Planning { turn },
            Some(PhaseSketch::Full(p)) => (**p).clone(),
            Some(PhaseSketch::Short(s)) => {
                let op = |step| Phase::Operations { turn, step };
                match *s {
                    ShortPhase::Planning => Phase::Planning { turn },
                    ShortPhase::Reveal => op(OpStep::Reveal),
                    ShortPhase::Revealed(order, system) => {
                        if let Some(owner) = mover {
                            let stack = stacks.entry(system).or_default();
                            let token = PlacedOrder { owner, order };
                            if stack.last() != Some(&token) {
                                stack.push(token);
                            }
                        }
                        op(OpStep::Revealed { system, order })
                    }
                    ShortPhase::Deploy(system, structure_stage) => op(OpStep::Deploy(DeployStep {
                        system,
                        units_bought: 0,
                        structure_stage,
                    })),
                    ShortPhase::Advance(system, ground_stage) => {
                        let friendly_at_ground_start = if ground_stage {
                            areas
                                .iter()
                                .filter(|(_, a)| {
                                    a.controller().is_some() && a.controller() == mover
                                })
                                .map(|(id, _)| *id)
                                .collect()
                        } else {
                            Vec::new()
                        };
                        op(OpStep::Advance(AdvanceStep {
                            system,
                            ground_stage,
                            ship_origin: None,
                            ground_origin: None,
                            moves: Vec::new(),
                            friendly_at_ground_start,
                        }))
                    }
                    ShortPhase::Dominate(system) => op(OpStep::Dominate(DominateStep {
                        system,
                        prosperity_left: 0,
                    })),
                    ShortPhase::Strategize(system) => op(OpStep::Strategize(StrategizeStep {
                        system,
                        bought_order_upgrade: false,
                        bought_combat_upgrade: false,
                    })),
                }
            }
        };

        // Players.
        let players: Vec<PlayerState> = self
            .players
            .iter()
            .map(|p| {
                let f = p.faction;
                let start = starting_player(f, data, &mut rng);
                let event_tokens = p.event_tokens.clone().unwrap_or_default();
                let orders = p.orders.clone().unwrap_or_default();
                let in_combat: Vec<CardName> = match &phase {
                    Phase::Operations {
                        step: OpStep::Combat(c),
                        ..
                    } => [&c.attacker, &c.defender]
                        .into_iter()
                        .filter(|s| s.faction == Some(f))
                        .flat_map(|s| s.hand.iter().chain(&s.played).chain(s.chosen.iter()))
                        .cloned()
                        .collect(),
                    _ => Vec::new(),
                };
                let combat_deck = p
                    .combat_deck
                    .clone()
                    .unwrap_or_else(|| minus(start.combat_deck.clone(), &in_combat));
                let combat_upgrades = p.combat_upgrades.clone().unwrap_or_else(|| {
                    let pool: Vec<CardName> = start
                        .combat_deck
                        .iter()
                        .chain(&start.combat_upgrades)
                        .cloned()
                        .collect();
                    minus(minus(pool, &combat_deck), &in_combat)
                });
                let schemes = p.schemes.clone().unwrap_or_default();
                let drawn: Vec<CardName> = match &phase {
                    Phase::Refresh {
                        turn: t,
                        step: crate::engine::state::phase::RefreshStep::ChooseEvent { drawn },
                    } if factions.get(t.index()) == Some(&f) => drawn.clone(),
                    Phase::Refresh {
                        turn: t,
                        step:
                            crate::engine::state::phase::RefreshStep::EventAbility { card }
                            | crate::engine::state::phase::RefreshStep::MoveStorm {
                                card,
                                ability: true,
                            },
                    } if factions.get(t.index()) == Some(&f) => vec![card.clone()],
                    _ => Vec::new(),
                };
                let event_deck = p
                    .event_deck
                    .clone()
                    .unwrap_or_else(|| minus(minus(start.event_deck.clone(), &schemes), &drawn));
                let order_upgrades = p.order_upgrades.clone().unwrap_or_default();
                let order_upgrade_deck = p
                    .order_upgrade_deck
                    .clone()
                    .unwrap_or_else(|| minus(start.order_upgrade_deck.clone(), &order_upgrades));
                let assets = p.assets.unwrap_or_default();
                PlayerState {
                    faction: f,
                    materiel: p.materiel.unwrap_or(start.materiel),
                    assets: AssetTokens {
                        forge: assets.forge.unwrap_or(start.assets.forge),
                        cache: assets.cache.unwrap_or(start.assets.cache),
                        reinforcement: assets.reinforcement.unwrap_or(start.assets.reinforcement),
                    },
                    orders,
                    event_tokens,
                    event_deck,
                    schemes,
                    combat_deck,
                    combat_upgrades,
                    order_upgrade_deck,
                    order_upgrades,
                    used_upgrades: p.used_upgrades.clone().unwrap_or_default(),
                    objectives: p.objectives.unwrap_or(0),
                    eliminated: p.eliminated.unwrap_or(false),
                }
            })
            .collect();

        let dice = self.dice.clone().unwrap_or_default();
        let mut position = Position {
            board,
            players,
            areas: areas.into(),
            stacks,
            storms: self
                .storms
                .iter()
                .map(|&edge| Storm { edge, moved: false })
                .collect(),
            round: self.round.unwrap_or(1),
            first_player,
            phase,
            rng,
            cards: crate::engine::state::card_step::CardFlags::default(),
            forced_dice: ForcedDice {
                attacker: dice.attacker.0,
                defender: dice.defender.0,
            },
            last_combat: None,
        };
        // Order tokens not given: every token not on the board, on the event deck or being
        // resolved (the rules' own count) is in the play area.
        let each = usize::from(data.components.order_tokens_each);
        for (i, p) in self.players.iter().enumerate() {
            if p.orders.is_some() {
                continue;
            }
            let f = p.faction;
            let resolving = resolving_order(&position, f);
            let player = &position.players[i];
            let orders: Vec<Order> = Order::ALL
                .iter()
                .flat_map(|&o| {
                    let used = position
                        .stacks
                        .values()
                        .flatten()
                        .filter(|t| t.owner == f && t.order == o)
                        .count()
                        + player.event_tokens.iter().filter(|&&e| e == o).count()
                        + usize::from(resolving == Some(o));
                    std::iter::repeat_n(o, each.saturating_sub(used))
                })
                .collect();
            position.players[i].orders = orders;
        }
        (position, problems)
    }

    /// The game this sketch describes.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] listing every problem of the sketch and every rule the expanded
    /// position breaks.
    pub fn into_game(&self, data: Arc<GameData>) -> Result<Game, LoadError> {
        let (position, mut problems) = self.expand(&data);
        match Game::from_position(position, data) {
            Ok(game) if problems.is_empty() => Ok(game),
            Ok(_) => Err(LoadError::Invalid {
                which: "sketched",
                violations: problems,
            }),
            Err(violations) => {
                problems.extend(violations);
                Err(LoadError::Invalid {
                    which: "sketched",
                    violations: problems,
                })
            }
        }
    }
}

/// Whether `text` is a position sketch: a JSON object without a `format` field.
#[must_use]
pub fn is_sketch(text: &str) -> bool {
    // The first document only: text after it is reported by the parser, as for a save.
    matches!(
        serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>().next(),
        Some(Ok(serde_json::Value::Object(m))) if !m.contains_key("format")
    )
}

/// Reads a sketch without expanding it.
///
/// # Errors
/// [`LoadError::Syntax`] with the line, column and JSON path of the first problem.
pub fn parse(text: &str) -> Result<Sketch, LoadError> {
    crate::engine::data::json_error::from_str(text).map_err(|e| LoadError::Syntax {
        line: e.line,
        column: e.column,
        path: e.path,
        message: e.message,
    })
}
