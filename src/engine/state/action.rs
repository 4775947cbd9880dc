//! Typed actions: the small atomic steps a player takes. Each has one short text form, printed
//! by `Display` and read back by `FromStr` (cards are named by their position in the list the
//! decision shows: `event 2`, `upgrade 1`).

use std::fmt;
use std::str::FromStr;

use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{
    AreaId, Asset, EdgeId, Faction, Order, ParseIdError, StructureKind, SystemId,
};
use crate::engine::state::unit_type::UnitType;

/// One atomic decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Planning: place a face-down order token on top of a system's stack. `place advance B2`
    Place {
        /// The order on the token's hidden face.
        order: Order,
        /// Where.
        system: SystemId,
    },
    /// Operations: reveal the own token on top of this system's stack. `reveal B2`
    Reveal {
        /// The system.
        system: SystemId,
    },
    /// Resolve the revealed order. `resolve`
    Resolve,
    /// Put the revealed Advance, Deploy or Dominate token on the event deck instead. `to-events`
    ToEventDeck,
    /// Deploy: purchase a unit and place it. `buy space-marine B2.nw +forge +cache`
    BuyUnit {
        /// The unit.
        unit: UnitType,
        /// Where it goes.
        area: AreaId,
        /// Spend a forge token to lower its command level requirement by one.
        forge_level: bool,
        /// Spend a cache token for two materiel off.
        cache: bool,
    },
    /// Deploy: purchase a structure and place it. `build city B2.nw +cache`
    BuildStructure {
        /// The structure.
        kind: StructureKind,
        /// The world.
        area: AreaId,
        /// Spend a cache token for two materiel off.
        cache: bool,
    },
    /// Advance: move a group of units of one type. `move B1.se -> B2.ne strike-cruiser x2`
    MoveUnits {
        /// Starting area.
        from: AreaId,
        /// Destination area.
        to: AreaId,
        /// Unit type.
        unit: UnitType,
        /// How many.
        count: u8,
    },
    /// Dominate: the asset token a prosperity icon gives. `take forge`
    TakeAsset {
        /// The token chosen.
        asset: Asset,
    },
    /// Strategize: buy an order upgrade, by its place in the upgrade deck (1-based). `order-upgrade 2`
    BuyOrderUpgrade {
        /// 1-based index in the order upgrade deck.
        card: u8,
    },
    /// Strategize: buy a combat upgrade pair, replacing a pair of the combat deck.
    /// `combat-upgrade 3 replace 1` (indices into the distinct names, 1-based)
    BuyCombatUpgrade {
        /// 1-based index among the distinct cards of the combat upgrade deck.
        card: u8,
        /// 1-based index among the distinct cards of the combat deck.
        replace: u8,
    },
    /// Destroy one own unit over an area's capacity. `destroy B2.nw cultist`
    Destroy {
        /// The area.
        area: AreaId,
        /// The unit type.
        unit: UnitType,
    },
    /// Refresh: choose one drawn event card (1-based). `event 2`
    ChooseEvent {
        /// 1-based index among the drawn cards.
        card: u8,
    },
    /// Refresh: move a warp storm from one tile edge to another. `storm A1.s -> A2.s`
    MoveStorm {
        /// The storm's edge.
        from: EdgeId,
        /// The destination edge.
        to: EdgeId,
    },
    /// Refresh: resolve the chosen event card's ability. `use-event`
    UseEvent,
    /// Combat: commit reinforcement tokens. `reinforce 2`
    Reinforce {
        /// How many.
        count: u8,
    },
    /// Combat: choose a card of the hand face down, by its place in the hand (1-based). `card 3`
    PlayCard {
        /// 1-based index in the hand.
        card: u8,
    },
    /// Combat or orbital strike: the unit or bastion that suffers the next damage.
    /// `damage space-marine`, `damage routed scout`, `damage bastion`, `damage reinforcement`
    Damage {
        /// What suffers it.
        target: DamageTarget,
    },
    /// Combat: retreat every unit of the losing side to one area. `retreat B1.sw`
    Retreat {
        /// The destination.
        area: AreaId,
    },
    /// Advance: an orbital strike from a void on an adjacent world. `strike B1.ne -> B1.nw`
    Strike {
        /// The void the ships fire from.
        void: AreaId,
        /// The enemy world.
        world: AreaId,
    },
    /// Ultramarines "For the Emperor": replace a unit with a free one of another type.
    /// `replace B2.nw scout -> space-marine`
    Replace {
        /// Where.
        area: AreaId,
        /// The unit that leaves.
        from: UnitType,
        /// The free unit that takes its place.
        to: UnitType,
    },
    /// Setup: place a system tile from the hand, a side up, turned `rotation` quarter turns
    /// clockwise. `tile 10A C3 r1`
    PlaceTile {
        /// The tile's number (1-12).
        number: u8,
        /// Whether side B is up (side A otherwise).
        side_b: bool,
        /// Quarter turns clockwise (0-3).
        rotation: u8,
        /// Where, on the construction grid.
        system: SystemId,
    },
    /// Setup: place one unit of the initial forces on the tile just placed. `setup scout C3.nw`
    SetupUnit {
        /// The unit.
        unit: UnitType,
        /// Where.
        area: AreaId,
    },
    /// Setup: place a structure of the initial forces on the tile just placed.
    /// `setup factory C3.nw`
    SetupStructure {
        /// The structure.
        kind: StructureKind,
        /// The world.
        area: AreaId,
    },
    /// Setup: place an opponent's objective token on an objective space. `objective C3.ne orks`
    PlaceObjective {
        /// The world with the objective space.
        area: AreaId,
        /// Whose token.
        faction: Faction,
    },
    /// Setup: place a warp storm on a tile edge. `warp-storm B1.s`
    PlaceStorm {
        /// The edge.
        edge: EdgeId,
    },
    /// Combat card: resolve the optional ability (or optional part) offered. `use`
    UseAbility,
    /// Combat card: take one option of a choice (1-based, as the card lists them). `option 2`
    Choose {
        /// 1-based index among the options.
        option: u8,
    },
    /// Combat card: the unit or reinforcement token an ability acts on.
    /// `pick space-marine`, `pick routed scout`, `pick reinforcement`
    Pick {
        /// The piece.
        target: DamageTarget,
    },
    /// Combat card: a die showing this face (to spend, lose or reroll). `die morale`
    Die {
        /// The face.
        face: DieFace,
    },
    /// Combat card: turn one die from one face to another. `convert morale -> offence`
    Convert {
        /// The face it shows.
        from: DieFace,
        /// The face it will show.
        to: DieFace,
    },
    /// Combat card: a face-up combat card, by its place among the distinct face-up cards of
    /// the side concerned (1-based). `discard 2`
    Discard {
        /// 1-based index.
        card: u8,
    },
    /// Combat card: the area an ability places or moves units to. `area B1.sw`
    Area {
        /// The area.
        area: AreaId,
    },
    /// Event card or order upgrade: place a free unit. `free space-marine B2.nw`
    PlaceFree {
        /// The unit.
        unit: UnitType,
        /// Where.
        area: AreaId,
    },
    /// Event card or order upgrade: a player loses (or you take) one of his asset tokens.
    /// `steal orks forge`
    Steal {
        /// Whose token.
        faction: Faction,
        /// Which token.
        asset: Asset,
    },
    /// Event card or order upgrade: destroy a structure. `raze B2.nw city`
    Raze {
        /// The world.
        area: AreaId,
        /// The structure.
        kind: StructureKind,
    },
    /// The Green Tide: resolve the revealed Strategize token as another order. `resolve-as advance`
    ResolveAs {
        /// The order resolved.
        order: Order,
    },
    /// Event card: the system an ability acts on. `system B2`
    System {
        /// The system.
        system: SystemId,
    },
    /// Event card: rout a unit. `rout B2.nw scout`
    Rout {
        /// Where.
        area: AreaId,
        /// The unit type.
        unit: UnitType,
    },
    /// Finish the current multi-step choice or decline an optional one. `done`
    Done,
}

/// A die face's word in the notation.
#[must_use]
pub fn face_key(face: DieFace) -> &'static str {
    match face {
        DieFace::Offence => "offence",
        DieFace::Defence => "defence",
        DieFace::Morale => "morale",
    }
}

/// A die face with its article, for sentences: "an offence", "a defence", "a morale".
#[must_use]
pub fn a_face(face: DieFace) -> &'static str {
    match face {
        DieFace::Offence => "an offence",
        DieFace::Defence => "a defence",
        DieFace::Morale => "a morale",
    }
}

fn parse_face(word: &str) -> Option<DieFace> {
    match word.to_ascii_lowercase().as_str() {
        "offence" | "o" => Some(DieFace::Offence),
        "defence" | "d" => Some(DieFace::Defence),
        "morale" | "m" => Some(DieFace::Morale),
        _ => None,
    }
}

/// What suffers damage in a combat or orbital strike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "piece", rename_all = "kebab-case")]
pub enum DamageTarget {
    /// A unit of this type, routed or not.
    Unit {
        /// The type.
        unit: UnitType,
        /// Whether a routed one.
        routed: bool,
    },
    /// A reinforcement token, routed or not.
    Reinforcement {
        /// Whether a routed one.
        routed: bool,
    },
    /// The bastion.
    Bastion,
}

impl fmt::Display for DamageTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DamageTarget::Unit {
                unit,
                routed: false,
            } => write!(f, "{unit}"),
            DamageTarget::Unit { unit, routed: true } => write!(f, "routed {unit}"),
            DamageTarget::Reinforcement { routed: false } => f.write_str("reinforcement"),
            DamageTarget::Reinforcement { routed: true } => f.write_str("routed reinforcement"),
            DamageTarget::Bastion => f.write_str("bastion"),
        }
    }
}

/// The places an action names, by the part each plays (see [`Action::places`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Places {
    /// Where units come from: a move's start, the void an orbital strike comes from.
    pub from: Option<AreaId>,
    /// Where the action lands: a move's end, a struck world, what is bought, built, placed,
    /// destroyed, routed or retreated to, an area chosen.
    pub to: Option<AreaId>,
    /// The system an order token is placed on, revealed or resolved in, a tile placed, a system
    /// chosen.
    pub system: Option<SystemId>,
}

impl Action {
    /// The places this action names, each with its part: what a refusal checks against the
    /// board and what a screen marks on it.
    #[must_use]
    pub fn places(self) -> Places {
        let mut p = Places::default();
        match self {
            Action::MoveUnits { from, to, .. } => {
                p.from = Some(from);
                p.to = Some(to);
            }
            Action::Strike { void, world } => {
                p.from = Some(void);
                p.to = Some(world);
            }
            Action::BuyUnit { area, .. }
            | Action::BuildStructure { area, .. }
            | Action::Destroy { area, .. }
            | Action::Retreat { area }
            | Action::Replace { area, .. }
            | Action::SetupUnit { area, .. }
            | Action::SetupStructure { area, .. }
            | Action::PlaceObjective { area, .. }
            | Action::Area { area }
            | Action::PlaceFree { area, .. }
            | Action::Raze { area, .. }
            | Action::Rout { area, .. } => p.to = Some(area),
            Action::Place { system, .. }
            | Action::Reveal { system }
            | Action::PlaceTile { system, .. }
            | Action::System { system } => p.system = Some(system),
            _ => {}
        }
        p
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { order, system } => write!(f, "place {order} {system}"),
            Action::Reveal { system } => write!(f, "reveal {system}"),
            Action::Resolve => f.write_str("resolve"),
            Action::ToEventDeck => f.write_str("to-events"),
            Action::BuyUnit {
                unit,
                area,
                forge_level,
                cache,
            } => {
                write!(f, "buy {unit} {area}")?;
                if forge_level {
                    f.write_str(" +forge")?;
                }
                if cache {
                    f.write_str(" +cache")?;
                }
                Ok(())
            }
            Action::BuildStructure { kind, area, cache } => {
                write!(f, "build {kind} {area}")?;
                if cache {
                    f.write_str(" +cache")?;
                }
                Ok(())
            }
            Action::MoveUnits {
                from,
                to,
                unit,
                count,
            } => write!(f, "move {from} -> {to} {unit} x{count}"),
            Action::TakeAsset { asset } => write!(f, "take {asset}"),
            Action::BuyOrderUpgrade { card } => write!(f, "order-upgrade {card}"),
            Action::BuyCombatUpgrade { card, replace } => {
                write!(f, "combat-upgrade {card} replace {replace}")
            }
            Action::Destroy { area, unit } => write!(f, "destroy {area} {unit}"),
            Action::ChooseEvent { card } => write!(f, "event {card}"),
            Action::MoveStorm { from, to } => write!(f, "storm {from} -> {to}"),
            Action::UseEvent => f.write_str("use-event"),
            Action::Reinforce { count } => write!(f, "reinforce {count}"),
            Action::Replace { area, from, to } => write!(f, "replace {area} {from} -> {to}"),
            Action::PlayCard { card } => write!(f, "card {card}"),
            Action::Damage { target } => write!(f, "damage {target}"),
            Action::Retreat { area } => write!(f, "retreat {area}"),
            Action::Strike { void, world } => write!(f, "strike {void} -> {world}"),
            Action::PlaceTile {
                number,
                side_b,
                rotation,
                system,
            } => write!(
                f,
                "tile {number}{} {system} r{rotation}",
                if side_b { 'B' } else { 'A' }
            ),
            Action::SetupUnit { unit, area } => write!(f, "setup {unit} {area}"),
            Action::SetupStructure { kind, area } => write!(f, "setup {kind} {area}"),
            Action::PlaceObjective { area, faction } => write!(f, "objective {area} {faction}"),
            Action::PlaceStorm { edge } => write!(f, "warp-storm {edge}"),
            Action::UseAbility => f.write_str("use"),
            Action::Choose { option } => write!(f, "option {option}"),
            Action::Pick { target } => write!(f, "pick {target}"),
            Action::Die { face } => write!(f, "die {}", face_key(face)),
            Action::Convert { from, to } => {
                write!(f, "convert {} -> {}", face_key(from), face_key(to))
            }
            Action::Discard { card } => write!(f, "discard {card}"),
            Action::Area { area } => write!(f, "area {area}"),
            Action::PlaceFree { unit, area } => write!(f, "free {unit} {area}"),
            Action::Steal { faction, asset } => write!(f, "steal {faction} {asset}"),
            Action::Raze { area, kind } => write!(f, "raze {area} {kind}"),
            Action::ResolveAs { order } => write!(f, "resolve-as {order}"),
            Action::System { system } => write!(f, "system {system}"),
            Action::Rout { area, unit } => write!(f, "rout {area} {unit}"),
            Action::Done => f.write_str("done"),
        }
    }
}

/// Text that is not an action in the notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// The first word names no action.
    #[error(
        "`{0}` is not an action (try: place, reveal, resolve, to-events, buy, build, move, take, order-upgrade, combat-upgrade, destroy, event, storm, use-event, replace, reinforce, card, damage, retreat, strike, tile, setup, objective, warp-storm, use, option, pick, die, convert, discard, area, free, steal, raze, resolve-as, system, rout, done)"
    )]
    UnknownVerb(String),
    /// The words after the verb are wrong.
    #[error("`{text}`: expected `{usage}`")]
    Usage {
        /// The text given.
        text: String,
        /// The expected form.
        usage: &'static str,
    },
    /// A part could not be read.
    #[error(transparent)]
    Part(#[from] ParseIdError),
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Typed actions may be in any case (`Place Advance b2`): each word is brought to the
        // notation's case before the strict parsers read it; spellings stay strict (`A01`).
        let owned: Vec<String> = s
            .split_whitespace()
            .filter(|w| *w != "->")
            .map(notation_case)
            .collect();
        let words: Vec<&str> = owned.iter().map(String::as_str).collect();
        let Some((&verb, rest)) = words.split_first() else {
            return Err(ParseActionError::UnknownVerb(String::new()));
        };
        let usage = |u: &'static str| ParseActionError::Usage {
            text: s.trim().to_string(),
            usage: u,
        };
        let number = |w: &str, u: &'static str| -> Result<u8, ParseActionError> {
            w.trim_start_matches('x')
                .parse::<u8>()
                .map_err(|_| usage(u))
        };
        let flags = |ws: &[&str]| (ws.contains(&"+forge"), ws.contains(&"+cache"));
        match (verb.to_ascii_lowercase().as_str(), rest) {
            ("place", [order, system]) => Ok(Action::Place {
                order: order.parse()?,
                system: system.parse()?,
            }),
            ("place", _) => Err(usage("place ORDER SYSTEM")),
            ("reveal", [system]) => Ok(Action::Reveal {
                system: system.parse()?,
            }),
            ("reveal", _) => Err(usage("reveal SYSTEM")),
            ("resolve", []) => Ok(Action::Resolve),
            ("to-events", []) => Ok(Action::ToEventDeck),
            ("buy", [unit, area, more @ ..]) => {
                let (forge_level, cache) = flags(more);
                Ok(Action::BuyUnit {
                    unit: unit.parse()?,
                    area: area.parse()?,
                    forge_level,
                    cache,
                })
            }
            ("buy", _) => Err(usage("buy UNIT AREA [+forge] [+cache]")),
            ("build", [kind, area, more @ ..]) => Ok(Action::BuildStructure {
                kind: kind.parse()?,
                area: area.parse()?,
                cache: flags(more).1,
            }),
            ("build", _) => Err(usage("build STRUCTURE AREA [+cache]")),
            ("move", [from, to, unit, count]) => Ok(Action::MoveUnits {
                from: from.parse()?,
                to: to.parse()?,
                unit: unit.parse()?,
                count: number(count, "move FROM -> TO UNIT xN")?,
            }),
            ("move", [from, to, unit]) => Ok(Action::MoveUnits {
                from: from.parse()?,
                to: to.parse()?,
                unit: unit.parse()?,
                count: 1,
            }),
            ("move", _) => Err(usage("move FROM -> TO UNIT xN")),
            ("take", [asset]) => Ok(Action::TakeAsset {
                asset: asset.parse()?,
            }),
            ("take", _) => Err(usage("take ASSET")),
            ("order-upgrade", [n]) => Ok(Action::BuyOrderUpgrade {
                card: number(n, "order-upgrade N")?,
            }),
            ("order-upgrade", _) => Err(usage("order-upgrade N")),
            ("combat-upgrade", [n, replace, m]) if replace.eq_ignore_ascii_case("replace") => {
                Ok(Action::BuyCombatUpgrade {
                    card: number(n, "combat-upgrade N replace M")?,
                    replace: number(m, "combat-upgrade N replace M")?,
                })
            }
            ("combat-upgrade", _) => Err(usage("combat-upgrade N replace M")),
            ("destroy", [area, unit]) => Ok(Action::Destroy {
                area: area.parse()?,
                unit: unit.parse()?,
            }),
            ("destroy", _) => Err(usage("destroy AREA UNIT")),
            ("event", [n]) => Ok(Action::ChooseEvent {
                card: number(n, "event N")?,
            }),
            ("event", _) => Err(usage("event N")),
            ("storm", [from, to]) => Ok(Action::MoveStorm {
                from: from.parse()?,
                to: to.parse()?,
            }),
            ("storm", _) => Err(usage("storm EDGE -> EDGE")),
            ("use-event", []) => Ok(Action::UseEvent),
            ("replace", [area, from, to]) => Ok(Action::Replace {
                area: area.parse()?,
                from: from.parse()?,
                to: to.parse()?,
            }),
            ("replace", _) => Err(usage("replace AREA UNIT -> UNIT")),
            ("reinforce", [n]) => Ok(Action::Reinforce {
                count: number(n, "reinforce N")?,
            }),
            ("reinforce", _) => Err(usage("reinforce N")),
            ("card", [n]) => Ok(Action::PlayCard {
                card: number(n, "card N")?,
            }),
            ("card", _) => Err(usage("card N")),
            ("damage", ["bastion"]) => Ok(Action::Damage {
                target: DamageTarget::Bastion,
            }),
            ("damage", ["reinforcement"]) => Ok(Action::Damage {
                target: DamageTarget::Reinforcement { routed: false },
            }),
            ("damage", ["routed", "reinforcement"]) => Ok(Action::Damage {
                target: DamageTarget::Reinforcement { routed: true },
            }),
            ("damage", ["routed", unit]) => Ok(Action::Damage {
                target: DamageTarget::Unit {
                    unit: unit.parse()?,
                    routed: true,
                },
            }),
            ("damage", [unit]) => Ok(Action::Damage {
                target: DamageTarget::Unit {
                    unit: unit.parse()?,
                    routed: false,
                },
            }),
            ("damage", _) => Err(usage("damage [routed] UNIT | bastion | reinforcement")),
            ("retreat", [area]) => Ok(Action::Retreat {
                area: area.parse()?,
            }),
            ("retreat", _) => Err(usage("retreat AREA")),
            ("strike", [void, world]) => Ok(Action::Strike {
                void: void.parse()?,
                world: world.parse()?,
            }),
            ("strike", _) => Err(usage("strike VOID -> WORLD")),
            ("tile", [code, system, more @ ..]) if more.len() <= 1 => {
                let u = "tile NUMBER+SIDE SYSTEM [rN] (e.g. tile 10A C3 r1)";
                let (number, side_b) = tile_code(code).ok_or_else(|| usage(u))?;
                let rotation = match more {
                    [] => 0,
                    [r] => r
                        .trim_start_matches(['r', 'R'])
                        .parse::<u8>()
                        .ok()
                        .filter(|r| *r < 4)
                        .ok_or_else(|| usage(u))?,
                    _ => return Err(usage(u)),
                };
                Ok(Action::PlaceTile {
                    number,
                    side_b,
                    rotation,
                    system: system.parse()?,
                })
            }
            ("tile", _) => Err(usage("tile NUMBER+SIDE SYSTEM [rN] (e.g. tile 10A C3 r1)")),
            ("setup", [piece, area]) => {
                let area = area.parse()?;
                match piece.parse::<UnitType>() {
                    Ok(unit) => Ok(Action::SetupUnit { unit, area }),
                    Err(_) => Ok(Action::SetupStructure {
                        kind: piece.parse()?,
                        area,
                    }),
                }
            }
            ("setup", _) => Err(usage("setup UNIT|STRUCTURE AREA")),
            ("objective", [area, faction]) => Ok(Action::PlaceObjective {
                area: area.parse()?,
                faction: faction.parse()?,
            }),
            ("objective", _) => Err(usage("objective AREA FACTION")),
            ("warp-storm", [edge]) => Ok(Action::PlaceStorm {
                edge: edge.parse()?,
            }),
            ("warp-storm", _) => Err(usage("warp-storm EDGE")),
            ("use", []) => Ok(Action::UseAbility),
            ("option", [n]) => Ok(Action::Choose {
                option: number(n, "option N")?,
            }),
            ("option", _) => Err(usage("option N")),
            ("pick", ["reinforcement"]) => Ok(Action::Pick {
                target: DamageTarget::Reinforcement { routed: false },
            }),
            ("pick", ["routed", "reinforcement"]) => Ok(Action::Pick {
                target: DamageTarget::Reinforcement { routed: true },
            }),
            ("pick", ["routed", unit]) => Ok(Action::Pick {
                target: DamageTarget::Unit {
                    unit: unit.parse()?,
                    routed: true,
                },
            }),
            ("pick", [unit]) => Ok(Action::Pick {
                target: DamageTarget::Unit {
                    unit: unit.parse()?,
                    routed: false,
                },
            }),
            ("pick", _) => Err(usage("pick [routed] UNIT | pick [routed] reinforcement")),
            ("die", [face]) => Ok(Action::Die {
                face: parse_face(face).ok_or_else(|| usage("die offence|defence|morale"))?,
            }),
            ("die", _) => Err(usage("die offence|defence|morale")),
            ("convert", [from, to]) => {
                let u = "convert FACE -> FACE";
                Ok(Action::Convert {
                    from: parse_face(from).ok_or_else(|| usage(u))?,
                    to: parse_face(to).ok_or_else(|| usage(u))?,
                })
            }
            ("convert", _) => Err(usage("convert FACE -> FACE")),
            ("discard", [n]) => Ok(Action::Discard {
                card: number(n, "discard N")?,
            }),
            ("discard", _) => Err(usage("discard N")),
            ("area", [area]) => Ok(Action::Area {
                area: area.parse()?,
            }),
            ("area", _) => Err(usage("area AREA")),
            ("free", [unit, area]) => Ok(Action::PlaceFree {
                unit: unit.parse()?,
                area: area.parse()?,
            }),
            ("free", _) => Err(usage("free UNIT AREA")),
            ("steal", [faction, asset]) => Ok(Action::Steal {
                faction: faction.parse()?,
                asset: asset.parse()?,
            }),
            ("steal", _) => Err(usage("steal FACTION ASSET")),
            ("raze", [area, kind]) => Ok(Action::Raze {
                area: area.parse()?,
                kind: kind.parse()?,
            }),
            ("raze", _) => Err(usage("raze AREA STRUCTURE")),
            ("resolve-as", [order]) => Ok(Action::ResolveAs {
                order: order.parse()?,
            }),
            ("resolve-as", _) => Err(usage("resolve-as ORDER")),
            ("system", [system]) => Ok(Action::System {
                system: system.parse()?,
            }),
            ("system", _) => Err(usage("system SYSTEM")),
            ("rout", [area, unit]) => Ok(Action::Rout {
                area: area.parse()?,
                unit: unit.parse()?,
            }),
            ("rout", _) => Err(usage("rout AREA UNIT")),
            ("done", []) => Ok(Action::Done),
            ("resolve" | "to-events" | "use-event" | "use" | "done", _) => {
                Err(usage("a single word"))
            }
            (other, _) => Err(ParseActionError::UnknownVerb(other.to_string())),
        }
    }
}

/// Reads a tile side code (`10A`, `3b`): the tile number and whether side B is meant.
fn tile_code(code: &str) -> Option<(u8, bool)> {
    let (last, _) = code.char_indices().last()?;
    let (digits, side) = code.split_at(last);
    let number = digits.parse::<u8>().ok().filter(|n| (1..=99).contains(n))?;
    match side {
        "A" | "a" => Some((number, false)),
        "B" | "b" => Some((number, true)),
        _ => None,
    }
}

/// A word of a typed action in the notation's case: a system, area or edge (`b2.NW`) with a
/// capital letter and the rest small (`B2.nw`), anything else in small letters.
fn notation_case(word: &str) -> String {
    let small = word.to_ascii_lowercase();
    let mut chars = small.chars();
    // `x2` (a count) and `r1` (a rotation) are no places: boards are at most 7 systems wide.
    if let Some(letter) = chars.next().filter(|l| !matches!(l, 'x' | 'r')) {
        let place = format!("{}{}", letter.to_ascii_uppercase(), chars.as_str());
        let system = place.split('.').next().unwrap_or_default();
        // Only words naming a place: `x2` and `r1` stay as they are.
        if system
            .parse::<crate::engine::state::ids::SystemId>()
            .is_ok()
        {
            return place;
        }
    }
    small
}
