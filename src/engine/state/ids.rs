//! Identifiers for game concepts: factions, seats, systems, areas, tile edges, unit types,
//! structures and orders. Each is a small `Copy` newtype or enum with a text form used everywhere
//! (screen, log, saves, errors): `B2` for a system, `B2.nw` for an area, `B2.n` for a tile edge.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Implements `Serialize`/`Deserialize` through `Display`/`FromStr`, so a type appears in JSON
/// exactly as in the notation (`"B2.nw"`), including as a map key.
macro_rules! serde_via_str {
    ($t:ty, $what:literal) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse()
                    .map_err(|e: ParseIdError| serde::de::Error::custom(e))
            }
        }
    };
}

/// How a system is written, for errors.
const SYSTEM_FORM: &str =
    "a system such as B2 (a capital letter, then the row from 1 without a leading zero)";
/// How an area is written, for errors.
const AREA_FORM: &str = "an area such as B2.nw (a system, a dot, then nw, ne, sw or se)";
/// How a tile edge is written, for errors.
const EDGE_FORM: &str = "a tile edge such as B2.n (a system, a dot, then n, e, s or w)";

/// A piece of notation that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not {expected}")]
pub struct ParseIdError {
    /// The text given.
    pub text: String,
    /// What the text should have been, in words (e.g. "an area such as B2.nw").
    pub expected: &'static str,
}

impl ParseIdError {
    /// A parse error for `text`, which should have been `expected`.
    #[must_use]
    pub fn new(text: &str, expected: &'static str) -> Self {
        Self {
            text: text.to_string(),
            expected,
        }
    }
}

/// The four factions of the base game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Faction {
    /// Space Marines of the Ultramarines chapter.
    Ultramarines,
    /// Chaos Space Marines of the World Eaters legion.
    Chaos,
    /// Orks of the Evil Sunz clan.
    Orks,
    /// Eldar of Craftworld Iyanden.
    Eldar,
}

impl Faction {
    /// Every faction in declaration (sort) order.
    pub const ORDERED: [Faction; 4] = [
        Faction::Ultramarines,
        Faction::Chaos,
        Faction::Orks,
        Faction::Eldar,
    ];

    /// Every faction, in the order the introductory setup adds them (2, 3, 4 players).
    pub const ALL: [Faction; 4] = [
        Faction::Ultramarines,
        Faction::Chaos,
        Faction::Orks,
        Faction::Eldar,
    ];

    /// The short key used in notation and JSON.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Faction::Ultramarines => "ultramarines",
            Faction::Chaos => "chaos",
            Faction::Orks => "orks",
            Faction::Eldar => "eldar",
        }
    }

    /// The name a player reads.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Faction::Ultramarines => "Ultramarines",
            Faction::Chaos => "World Eaters",
            Faction::Orks => "Evil Sunz Orks",
            Faction::Eldar => "Iyanden Eldar",
        }
    }

    /// The name with the possessive ending a player reads ("Ultramarines'", "Iyanden
    /// Eldar's").
    #[must_use]
    pub fn possessive(self) -> String {
        let name = self.name();
        if name.ends_with('s') {
            format!("{name}'")
        } else {
            format!("{name}'s")
        }
    }

    /// One letter that identifies the faction on a screen without colour.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Faction::Ultramarines => 'U',
            Faction::Chaos => 'C',
            Faction::Orks => 'O',
            Faction::Eldar => 'E',
        }
    }
}

/// A set of factions, as one bit each: which factions have pieces in an area, without
/// allocating (the rules ask it for every area they look at).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct FactionSet(u8);

impl FactionSet {
    /// No faction.
    pub const EMPTY: FactionSet = FactionSet(0);

    /// The bit of a faction.
    const fn bit(f: Faction) -> u8 {
        1 << (f as u8)
    }

    /// Adds a faction.
    pub fn insert(&mut self, f: Faction) {
        self.0 |= Self::bit(f);
    }

    /// Whether the set holds `f`.
    #[must_use]
    pub const fn contains(self, f: Faction) -> bool {
        self.0 & Self::bit(f) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many factions it holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it holds a faction other than `f`.
    #[must_use]
    pub const fn has_other_than(self, f: Faction) -> bool {
        self.0 & !Self::bit(f) != 0
    }

    /// Whether every faction it holds is `f` (true when empty).
    #[must_use]
    pub const fn only(self, f: Faction) -> bool {
        !self.has_other_than(f)
    }

    /// The single faction, if it holds exactly one.
    #[must_use]
    pub fn single(self) -> Option<Faction> {
        if self.len() == 1 {
            self.iter().next()
        } else {
            None
        }
    }

    /// The factions, in faction order.
    #[must_use]
    pub fn iter(self) -> FactionSetIter {
        FactionSetIter(self.0)
    }
}

/// The factions of a [`FactionSet`], in faction order.
#[derive(Debug, Clone)]
pub struct FactionSetIter(u8);

impl Iterator for FactionSetIter {
    type Item = Faction;
    fn next(&mut self) -> Option<Faction> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Faction::ORDERED.get(i).copied()
    }
}

impl IntoIterator for FactionSet {
    type Item = Faction;
    type IntoIter = FactionSetIter;
    fn into_iter(self) -> FactionSetIter {
        self.iter()
    }
}

impl FromIterator<Faction> for FactionSet {
    fn from_iter<I: IntoIterator<Item = Faction>>(iter: I) -> Self {
        let mut s = FactionSet::EMPTY;
        for f in iter {
            s.insert(f);
        }
        s
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Faction {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Only the notation: a save or command that says `Chaos ` or `csm` is refused, not
        // guessed at.
        Faction::ALL
            .into_iter()
            .find(|f| f.key() == s)
            .ok_or_else(|| ParseIdError::new(s, "a faction (ultramarines, chaos, orks, eldar)"))
    }
}
serde_via_str!(Faction, "faction");

/// A seat at the table: 0 is the first seat, and seats go clockwise.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index into per-seat lists.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The next seat clockwise at a table of `players`.
    #[must_use]
    pub fn next(self, players: usize) -> Seat {
        // Player counts are 2..=4, so the modulo result always fits a u8.
        Seat(u8::try_from((self.index() + 1) % players.max(1)).unwrap_or(0))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// A system tile's place on the board: column `A`.. and row `1`.. (`A1` is the top left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SystemId {
    /// Column, 0 = `A`.
    pub col: u8,
    /// Row, 0 = `1`.
    pub row: u8,
}

impl SystemId {
    /// The system at column `col` and row `row` (both from 0).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Self {
        Self { col, row }
    }
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.col),
            u32::from(self.row) + 1
        )
    }
}

impl FromStr for SystemId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseIdError::new(s, SYSTEM_FORM);
        // Exactly a capital letter and a row number from 1 without sign, leading zero or
        // spaces: `A+1`, `A01`, `a1` and `A1 ` name no system.
        let (letter, digits) = match s.as_bytes() {
            [letter @ b'A'..=b'Z', digits @ ..] => (*letter, digits),
            _ => return Err(err()),
        };
        match digits {
            [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => {}
            _ => return Err(err()),
        }
        let row = digits
            .iter()
            .fold(0u8, |n, d| n.saturating_mul(10).saturating_add(d - b'0'));
        if row > 26 {
            return Err(err());
        }
        Ok(SystemId::new(letter - b'A', row - 1))
    }
}
serde_via_str!(SystemId, "system");

/// One of the four areas of a system tile, by compass corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Quadrant {
    /// Top left.
    Nw,
    /// Top right.
    Ne,
    /// Bottom left.
    Sw,
    /// Bottom right.
    Se,
}

impl Quadrant {
    /// The four quadrants in reading order.
    pub const ALL: [Quadrant; 4] = [Quadrant::Nw, Quadrant::Ne, Quadrant::Sw, Quadrant::Se];

    /// Column (0 left, 1 right) and row (0 top, 1 bottom) inside the tile.
    #[must_use]
    pub fn offset(self) -> (u8, u8) {
        match self {
            Quadrant::Nw => (0, 0),
            Quadrant::Ne => (1, 0),
            Quadrant::Sw => (0, 1),
            Quadrant::Se => (1, 1),
        }
    }

    /// The quadrant at column `dx` and row `dy` inside the tile (each 0 or 1).
    #[must_use]
    pub fn from_offset(dx: u8, dy: u8) -> Quadrant {
        match (dx & 1, dy & 1) {
            (0, 0) => Quadrant::Nw,
            (1, 0) => Quadrant::Ne,
            (0, _) => Quadrant::Sw,
            _ => Quadrant::Se,
        }
    }

    /// Where this quadrant ends up when its tile turns a quarter clockwise `turns` times.
    #[must_use]
    pub fn rotated(self, turns: u8) -> Quadrant {
        let mut q = self;
        for _ in 0..turns % 4 {
            q = match q {
                Quadrant::Nw => Quadrant::Ne,
                Quadrant::Ne => Quadrant::Se,
                Quadrant::Se => Quadrant::Sw,
                Quadrant::Sw => Quadrant::Nw,
            };
        }
        q
    }

    /// The notation (`nw`, `ne`, `sw`, `se`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Quadrant::Nw => "nw",
            Quadrant::Ne => "ne",
            Quadrant::Sw => "sw",
            Quadrant::Se => "se",
        }
    }
}

impl FromStr for Quadrant {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "nw" => Ok(Quadrant::Nw),
            "ne" => Ok(Quadrant::Ne),
            "sw" => Ok(Quadrant::Sw),
            "se" => Ok(Quadrant::Se),
            _ => Err(ParseIdError::new(s, "a quadrant (nw, ne, sw, se)")),
        }
    }
}

impl fmt::Display for Quadrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}
serde_via_str!(Quadrant, "quadrant");

/// One area: a system and a quadrant, written `B2.nw`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AreaId {
    /// The system the area belongs to.
    pub system: SystemId,
    /// Which corner of the system.
    pub quadrant: Quadrant,
}

impl AreaId {
    /// The area of `system` at `quadrant`.
    #[must_use]
    pub const fn new(system: SystemId, quadrant: Quadrant) -> Self {
        Self { system, quadrant }
    }

    /// Global area-grid coordinates (two columns and two rows per system).
    #[must_use]
    pub fn grid(self) -> (u8, u8) {
        let (dx, dy) = self.quadrant.offset();
        (self.system.col * 2 + dx, self.system.row * 2 + dy)
    }

    /// The area at global area-grid coordinates.
    #[must_use]
    pub fn from_grid(x: u8, y: u8) -> Self {
        AreaId::new(
            SystemId::new(x / 2, y / 2),
            Quadrant::from_offset(x % 2, y % 2),
        )
    }
}

impl fmt::Display for AreaId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.system, self.quadrant.key())
    }
}

impl FromStr for AreaId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseIdError::new(s, AREA_FORM);
        let (sys, quad) = s.split_once('.').ok_or_else(err)?;
        Ok(AreaId::new(
            sys.parse().map_err(|_| err())?,
            quad.parse().map_err(|_| err())?,
        ))
    }
}
serde_via_str!(AreaId, "area");

/// A side of a system tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Top.
    N,
    /// Right.
    E,
    /// Bottom.
    S,
    /// Left.
    W,
}

impl Side {
    /// The notation (`n`, `e`, `s`, `w`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Side::N => "n",
            Side::E => "e",
            Side::S => "s",
            Side::W => "w",
        }
    }
}

/// One whole edge of a system tile on the tile grid, where a warp storm can lie. The same edge
/// has two names when two tiles share it (`B2.n` is `B1.s`); this type holds one canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EdgeId {
    /// A horizontal edge on tile-grid line `y` (0 = top of the board), spanning column `x`.
    Horizontal {
        /// Column of the tile the edge borders.
        x: u8,
        /// Grid line: the edge lies between rows `y - 1` and `y`.
        y: u8,
    },
    /// A vertical edge on tile-grid line `x` (0 = left of the board), spanning row `y`.
    Vertical {
        /// Grid line: the edge lies between columns `x - 1` and `x`.
        x: u8,
        /// Row of the tile the edge borders.
        y: u8,
    },
}

impl EdgeId {
    /// The edge on `side` of `system`.
    #[must_use]
    pub fn of(system: SystemId, side: Side) -> Self {
        let (x, y) = (system.col, system.row);
        match side {
            Side::N => EdgeId::Horizontal { x, y },
            Side::S => EdgeId::Horizontal { x, y: y + 1 },
            Side::W => EdgeId::Vertical { x, y },
            Side::E => EdgeId::Vertical { x: x + 1, y },
        }
    }

    /// The name a player reads: the south or east side of the tile above or to the left, or
    /// the north or west side of a tile on the board's top or left edge.
    #[must_use]
    pub fn named(self) -> (SystemId, Side) {
        match self {
            EdgeId::Horizontal { x, y: 0 } => (SystemId::new(x, 0), Side::N),
            EdgeId::Horizontal { x, y } => (SystemId::new(x, y - 1), Side::S),
            EdgeId::Vertical { x: 0, y } => (SystemId::new(0, y), Side::W),
            EdgeId::Vertical { x, y } => (SystemId::new(x - 1, y), Side::E),
        }
    }
}

impl fmt::Display for EdgeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (system, side) = self.named();
        write!(f, "{system}.{}", side.key())
    }
}

impl FromStr for EdgeId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseIdError::new(s, EDGE_FORM);
        let (sys, side) = s.split_once('.').ok_or_else(err)?;
        let system: SystemId = sys.parse().map_err(|_| err())?;
        let side = match side {
            "n" => Side::N,
            "e" => Side::E,
            "s" => Side::S,
            "w" => Side::W,
            _ => return Err(err()),
        };
        Ok(EdgeId::of(system, side))
    }
}
serde_via_str!(EdgeId, "edge");

/// The four kinds of order token.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Move ships and ground units into the active system, maybe starting a combat.
    Advance,
    /// Purchase units and a structure.
    Deploy,
    /// Purchase upgrade cards.
    Strategize,
    /// Collect assets and use the faction ability.
    Dominate,
}

impl Order {
    /// The four orders.
    pub const ALL: [Order; 4] = [
        Order::Advance,
        Order::Deploy,
        Order::Strategize,
        Order::Dominate,
    ];

    /// The notation (`advance`, `deploy`, `strategize`, `dominate`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Order::Advance => "advance",
            Order::Deploy => "deploy",
            Order::Strategize => "strategize",
            Order::Dominate => "dominate",
        }
    }

    /// The name as printed on the token (`Advance`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Order::Advance => "Advance",
            Order::Deploy => "Deploy",
            Order::Strategize => "Strategize",
            Order::Dominate => "Dominate",
        }
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Order {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Order::ALL
            .into_iter()
            .find(|o| o.key() == s)
            .ok_or_else(|| ParseIdError::new(s, "an order (advance, deploy, strategize, dominate)"))
    }
}

/// The three kinds of structure.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum StructureKind {
    /// Lets its owner purchase units with a Deploy order.
    Factory,
    /// Raises its owner's command level by one.
    City,
    /// Defends its world in combat and blocks orbital strikes.
    Bastion,
}

impl StructureKind {
    /// The three structures.
    pub const ALL: [StructureKind; 3] = [
        StructureKind::Factory,
        StructureKind::City,
        StructureKind::Bastion,
    ];

    /// The notation (`factory`, `city`, `bastion`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            StructureKind::Factory => "factory",
            StructureKind::City => "city",
            StructureKind::Bastion => "bastion",
        }
    }
}

impl fmt::Display for StructureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for StructureKind {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        StructureKind::ALL
            .into_iter()
            .find(|k| k.key() == s)
            .ok_or_else(|| ParseIdError::new(s, "a structure (factory, city, bastion)"))
    }
}

/// The four asset tokens and icons.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Asset {
    /// Forge token: pays a forge cost or lowers a unit's command requirement.
    Forge,
    /// Cache token: two materiel off one unit or structure.
    Cache,
    /// Reinforcement token: fights as a level-0 unit in combat.
    Reinforcement,
    /// Prosperity icon (worlds only): one asset token of the player's choice.
    Prosperity,
}

impl Asset {
    /// The three kinds of asset token a player can hold (prosperity is only an icon).
    pub const TOKENS: [Asset; 3] = [Asset::Forge, Asset::Cache, Asset::Reinforcement];

    /// The notation.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Asset::Forge => "forge",
            Asset::Cache => "cache",
            Asset::Reinforcement => "reinforcement",
            Asset::Prosperity => "prosperity",
        }
    }
}

impl fmt::Display for Asset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Asset {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [
            Asset::Forge,
            Asset::Cache,
            Asset::Reinforcement,
            Asset::Prosperity,
        ]
        .into_iter()
        .find(|k| k.key() == s)
        .ok_or_else(|| ParseIdError::new(s, "an asset (forge, cache, reinforcement, prosperity)"))
    }
}
