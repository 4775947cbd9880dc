//! Game data: faction sheets, units, structures, cards, the combat die, system tiles and the
//! introductory setups. The JSON files in `assets/` are compiled into the binary; another copy
//! can be loaded from text (the CLI reads a directory given by `--assets`). Loading validates
//! everything and reports every problem with its file and JSON path.

pub(in crate::engine) mod json_error;
pub mod json_keys;
mod load;
pub mod rulings;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::state::card_name::CardName;
use crate::engine::state::card_name::CardText;
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{Asset, Faction, Order, Quadrant, StructureKind, SystemId};
use crate::engine::state::unit_type::UnitType;

/// Whether a unit is a ship (voids) or a ground unit (worlds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// Moves between voids; stands only on voids.
    Ship,
    /// Moves along paths; stands only on worlds.
    Ground,
}

/// One line of a faction sheet's unit table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitData {
    /// Which unit this is.
    pub unit: UnitType,
    /// Its printed name.
    pub name: String,
    /// Command level required to purchase it (0-3).
    pub level: u8,
    /// How many of it the box holds.
    pub in_box: u8,
    /// Materiel cost.
    pub cost: u8,
    /// Whether it also costs one forge token.
    pub forge: bool,
    /// Combat value: dice rolled in combat.
    pub combat: u8,
    /// Health: damage that destroys it.
    pub health: u8,
    /// Morale value.
    pub morale: u8,
    /// Ship or ground unit.
    pub kind: UnitKind,
}

/// A structure's cost and, for bastions, its combat numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StructureData {
    /// Which structure.
    pub structure: StructureKind,
    /// Materiel cost.
    pub cost: u8,
    /// How many the box holds (shared by all factions).
    pub in_box: u8,
    /// Dice rolled in combat (bastions only, else 0).
    #[serde(default)]
    pub combat: u8,
    /// Health in combat (bastions only, else 0).
    #[serde(default)]
    pub health: u8,
    /// Morale in combat (bastions only, else 0).
    #[serde(default)]
    pub morale: u8,
}

/// The faction ability used by Dominate orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityData {
    /// Its name on the sheet.
    pub name: String,
    /// What it does, in our own words.
    pub text: String,
    /// Where the data or the rules are unsure, the id of the ruling in `rulings.json` that
    /// gives the reading chosen and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// What a faction starts the game with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitialForces {
    /// Units by type and count.
    pub units: BTreeMap<UnitType, u8>,
    /// Structures by kind and count.
    pub structures: BTreeMap<StructureKind, u8>,
    /// Asset tokens kept by the faction sheet.
    #[serde(default)]
    pub assets: BTreeMap<Asset, u8>,
    /// Starting materiel.
    pub materiel: u8,
}

/// One faction sheet and its tokens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionData {
    /// Which faction.
    pub faction: Faction,
    /// Its full name.
    pub name: String,
    /// The six unit types with their numbers.
    pub units: Vec<UnitData>,
    /// The Dominate ability.
    pub ability: AbilityData,
    /// Starting units, structures, assets and materiel.
    pub initial_forces: InitialForces,
    /// The names of its six objective tokens.
    pub objectives: Vec<String>,
    /// The number of the system tile with its faction icon.
    pub home_tile: u8,
}

/// The combat icons printed on a combat card's edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Icons {
    /// Offence icons.
    #[serde(default)]
    pub offence: u8,
    /// Defence icons.
    #[serde(default)]
    pub defence: u8,
    /// Morale icons.
    #[serde(default)]
    pub morale: u8,
}

/// A unit box (brown) ability: usable only with one of the listed units unrouted in the combat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitAbility {
    /// Units that enable it.
    pub requires: Vec<UnitType>,
    /// Whether one of the owner's bastions also enables it.
    #[serde(default)]
    pub bastion: bool,
    /// What it does.
    pub text: String,
    /// The ability as effects (`state/effect.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effect: Vec<crate::engine::state::effect::Effect>,
    /// Whether the ability says "must" (it cannot be declined).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must: bool,
}

/// One combat card (each exists as a pair of identical copies).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatCardData {
    /// Owning faction.
    pub faction: Faction,
    /// Printed name.
    pub name: CardName,
    /// `None` for a starting card; else the command level needed to buy it as an upgrade.
    pub level: Option<u8>,
    /// Materiel cost as an upgrade (0 for starting cards).
    pub cost: u8,
    /// Icons on its edge.
    pub icons: Icons,
    /// The general (green box) ability, if any.
    pub general: Option<String>,
    /// The unit (brown box) ability, if any.
    pub unit: Option<UnitAbility>,
    /// The general ability as effects (`state/effect.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub general_effect: Vec<crate::engine::state::effect::Effect>,
    /// Whether the general ability says "must" (it cannot be declined).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub general_must: bool,
    /// Where the data or the rules are unsure, the id of the ruling in `rulings.json` that
    /// gives the reading chosen and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// Scheme (stays in play until used) or tactic (resolves at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// Stays face up until its owner uses it.
    Scheme,
    /// Resolves when chosen.
    Tactic,
}

/// The warp storm movement icon of an event card: which two of the eight directions it offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StormIcon {
    /// To either parallel edge one tile away.
    Across,
    /// Along the storm's own line, either way.
    Sideways,
    /// Towards the top-left or the bottom-right corner.
    DiagonalTlBr,
    /// Towards the top-right or the bottom-left corner.
    DiagonalTrBl,
}

/// One event card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCardData {
    /// Owning faction.
    pub faction: Faction,
    /// Printed name.
    pub name: CardName,
    /// Scheme or tactic.
    pub kind: EventKind,
    /// Its warp storm movement icon.
    pub storm: StormIcon,
    /// What it does.
    pub text: String,
    /// Where the data or the rules are unsure, the id of the ruling in `rulings.json` that
    /// gives the reading chosen and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// An orbital strike granted by an order upgrade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrbitalStrikeGrant {
    /// Whether a bastion on the target world still prevents the strike.
    pub bastions_block: bool,
}

/// One order upgrade card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderUpgradeData {
    /// Owning faction.
    pub faction: Faction,
    /// Printed name.
    pub name: CardName,
    /// The order it upgrades.
    pub order: Order,
    /// Command level needed to buy it.
    pub level: u8,
    /// Materiel cost.
    pub cost: u8,
    /// Set when it is one of the two orbital strike upgrades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orbital_strike: Option<OrbitalStrikeGrant>,
    /// What it does.
    pub text: String,
    /// Where the data or the rules are unsure, the id of the ruling in `rulings.json` that
    /// gives the reading chosen and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// The custom combat die.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieData {
    /// The six faces.
    pub faces: Vec<DieFace>,
    /// Most dice one side may have in a combat or orbital strike.
    pub max_per_side: u8,
}

/// One area of a system tile side as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum AreaData {
    /// A star field: capacity 3, no banner.
    Void,
    /// A world with its banner.
    World {
        /// Printed name.
        name: String,
        /// Materiel paid each Refresh Phase.
        materiel: u8,
        /// Unit capacity (skulls).
        capacity: u8,
        /// Asset icons on its banner.
        #[serde(default)]
        assets: Vec<Asset>,
        /// Whether it has an objective token space.
        objective_space: bool,
    },
}

/// One side of a system tile, its areas in the orientation of rotation 0.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSideData {
    /// The printed code, e.g. `10A` (shared: a board placed in play names it without copying).
    pub code: CardText,
    /// The system's name (shared: the log names it without copying it).
    pub name: CardText,
    /// The four areas by quadrant.
    pub areas: BTreeMap<Quadrant, AreaData>,
    /// Where the data or the rules are unsure, the id of the ruling in `rulings.json` that
    /// gives the reading chosen and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// A double-sided system tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileData {
    /// Its number, 1-12.
    pub number: u8,
    /// The faction whose icon it bears (faction tiles 9-12).
    #[serde(default)]
    pub faction: Option<Faction>,
    /// Side A then side B.
    pub sides: Vec<TileSideData>,
}

/// Units of one type placed in an area by a setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupUnits {
    /// Which unit.
    pub unit: UnitType,
    /// How many.
    pub count: u8,
}

/// A structure placed by a setup, with its owner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupStructure {
    /// Which structure.
    pub kind: StructureKind,
    /// Its owner.
    pub owner: Faction,
}

/// What the introductory setup puts in one area.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupArea {
    /// Units (their owner is the unit type's faction).
    #[serde(default)]
    pub units: Vec<SetupUnits>,
    /// A structure.
    #[serde(default)]
    pub structure: Option<SetupStructure>,
    /// The objective token on this world for each player count ("2", "3", "4"), by faction.
    #[serde(default)]
    pub objective: BTreeMap<String, Faction>,
}

/// One system of the introductory layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSystem {
    /// Where it lies (`A1`).
    pub system: SystemId,
    /// Tile side code (`10A`).
    pub tile: String,
    /// Quarter turns clockwise from the data orientation.
    pub rotation: u8,
    /// Contents by quadrant, in board orientation.
    #[serde(default)]
    pub areas: BTreeMap<Quadrant, SetupArea>,
}

/// A warp storm of the introductory setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupStorm {
    /// The tile edge (`A1.s`).
    pub edge: crate::engine::state::ids::EdgeId,
    /// The smallest player count that uses it.
    pub min_players: u8,
}

/// The introductory layout: a 4x3 board of which 2 players use columns A-B, 3 use A-C, 4 all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntroSetupData {
    /// The factions in seat-adding order: the first two for 2 players, a third, a fourth.
    pub factions: Vec<Faction>,
    /// Every system of the full layout.
    pub systems: Vec<SetupSystem>,
    /// Every storm with the player count from which it is used.
    pub storms: Vec<SetupStorm>,
    /// The ids of the rulings (`rulings.json`) chosen where the sources are open.
    #[serde(default)]
    pub rulings: Vec<String>,
}

/// One reading chosen where the rules are unclear or the source is unsure (`rulings.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// A short key in kebab case (`diagonal-storm-moves`), which cards and the setup refer to.
    pub id: String,
    /// The Rules Reference glossary topic it belongs to (`Warp Storms, Moving`).
    pub topic: String,
    /// What it is about, in a few words (a card's name, a rule's case).
    pub about: String,
    /// What the engine does.
    pub reading: String,
    /// Why: what is unclear or unsure, and what decided the reading.
    pub reason: String,
}

/// Counts of shared and per-faction components.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComponentData {
    /// Order tokens of each kind per faction.
    pub order_tokens_each: u8,
    /// Structure control tokens per faction.
    pub structure_control_tokens: u8,
    /// Objective tokens per faction.
    pub objective_tokens: u8,
    /// Most asset tokens of one kind a player may hold.
    pub max_assets_each: u8,
    /// Most materiel on a dial.
    pub max_materiel: u8,
    /// Capacity of a void.
    pub void_capacity: u8,
    /// Most units that may end an Advance in one area.
    pub max_units_per_advance: u8,
    /// Number of game rounds.
    pub rounds: u8,
    /// Asset tokens of each kind in the shared supply.
    pub asset_tokens_each: u8,
    /// Warp storm tokens.
    pub warp_storms: u8,
}

/// All game data, loaded and validated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameData {
    /// Component counts and limits.
    pub components: ComponentData,
    /// The combat die.
    pub die: DieData,
    /// The four faction sheets.
    pub factions: Vec<FactionData>,
    /// The three structures.
    pub structures: Vec<StructureData>,
    /// Every combat card of every faction.
    pub combat_cards: Vec<CombatCardData>,
    /// Every event card.
    pub event_cards: Vec<EventCardData>,
    /// Every order upgrade card.
    pub order_upgrades: Vec<OrderUpgradeData>,
    /// The twelve system tiles.
    pub tiles: Vec<TileData>,
    /// The introductory setup.
    pub intro: IntroSetupData,
    /// Every reading chosen where the rules are unclear or the source is unsure.
    pub rulings: Vec<Ruling>,
}

/// One problem found in the game data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataProblem {
    /// The file (`factions.json`).
    pub file: String,
    /// Where in it (`$.factions[0].units[2].cost`), or the line and column for a syntax error.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.path, self.message)
    }
}

/// Every problem found while loading game data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} problem(s) in the game data:\n{}", .0.len(), .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
pub struct DataErrors(pub Vec<DataProblem>);

/// The asset files, in the order they are loaded, with their embedded text.
pub const ASSET_FILES: [(&str, &str); 10] = [
    (
        "components.json",
        include_str!("../../../assets/components.json"),
    ),
    ("die.json", include_str!("../../../assets/die.json")),
    (
        "factions.json",
        include_str!("../../../assets/factions.json"),
    ),
    (
        "structures.json",
        include_str!("../../../assets/structures.json"),
    ),
    (
        "combat-cards.json",
        include_str!("../../../assets/combat-cards.json"),
    ),
    (
        "event-cards.json",
        include_str!("../../../assets/event-cards.json"),
    ),
    (
        "order-upgrades.json",
        include_str!("../../../assets/order-upgrades.json"),
    ),
    ("tiles.json", include_str!("../../../assets/tiles.json")),
    (
        "intro-setup.json",
        include_str!("../../../assets/intro-setup.json"),
    ),
    ("rulings.json", include_str!("../../../assets/rulings.json")),
];

impl GameData {
    /// The data compiled into the binary.
    ///
    /// # Errors
    /// Every problem in the embedded files (only possible if the build shipped broken data).
    pub fn embedded() -> Result<GameData, DataErrors> {
        Self::from_texts(|name| {
            ASSET_FILES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, text)| (*text).to_string())
        })
    }

    /// Loads the data from file texts: `read(name)` gives the text of each file in
    /// [`ASSET_FILES`], or `None` where it is missing (the embedded copy is NOT used then).
    ///
    /// # Errors
    /// Every problem found, each with its file and JSON path.
    pub fn from_texts(read: impl Fn(&str) -> Option<String>) -> Result<GameData, DataErrors> {
        crate::engine::data::load::load(read)
    }

    /// The numbers of one unit type.
    #[must_use]
    pub fn unit(&self, unit: UnitType) -> &UnitData {
        // Validation guarantees every unit type has exactly one entry, on its faction's sheet.
        let sheet = &self.faction(unit.faction()).units;
        sheet
            .iter()
            .find(|u| u.unit == unit)
            .or_else(|| {
                self.factions
                    .iter()
                    .flat_map(|f| f.units.iter())
                    .find(|u| u.unit == unit)
            })
            .unwrap_or_else(|| unreachable!("validated data lists every unit type"))
    }

    /// One faction sheet.
    #[must_use]
    pub fn faction(&self, faction: Faction) -> &FactionData {
        // The sheets are loaded in faction order; a reordered copy is still found.
        match self.factions.get(faction as usize) {
            Some(f) if f.faction == faction => f,
            _ => self
                .factions
                .iter()
                .find(|f| f.faction == faction)
                .unwrap_or_else(|| unreachable!("validated data lists every faction")),
        }
    }

    /// One structure's numbers.
    #[must_use]
    pub fn structure(&self, kind: StructureKind) -> &StructureData {
        match self.structures.get(kind as usize) {
            Some(s) if s.structure == kind => s,
            _ => self
                .structures
                .iter()
                .find(|s| s.structure == kind)
                .unwrap_or_else(|| unreachable!("validated data lists every structure")),
        }
    }

    /// The printed code of tile `number`'s side (A, or B if `side_b`), as the data shares it.
    #[must_use]
    pub fn tile_side_code(&self, number: u8, side_b: bool) -> Option<&CardText> {
        let tile = self.tiles.iter().find(|t| t.number == number)?;
        tile.sides.get(usize::from(side_b)).map(|s| &s.code)
    }

    /// A tile side by its code (`10A`), in any letter case.
    #[must_use]
    pub fn tile_side(&self, code: &str) -> Option<&TileSideData> {
        self.tiles
            .iter()
            .flat_map(|t| t.sides.iter())
            .find(|s| s.code.eq_ignore_ascii_case(code))
    }
}
