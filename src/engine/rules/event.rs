//! What happened, as typed facts: who, what, where, how many. The engine records an [`Event`]
//! for every step it plays and builds no text while playing; the words come from `Display`,
//! only when a person reads them (one template a kind, then the plain-grammar pass of
//! [`crate::engine::rules::wording::plain`]).

use std::fmt::{self, Write as _};

use serde::{Deserialize, Serialize};

use crate::engine::state::action::{DamageTarget, a_face, face_key};
use crate::engine::state::card_name::{CardName, CardText};
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{AreaId, Asset, EdgeId, Faction, Order, StructureKind, SystemId};
use crate::engine::state::phase::EndReason;
use crate::engine::state::unit_type::UnitType;

/// How many dice of each face a side holds (what a roll shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Dice {
    /// Offence faces.
    pub offence: u8,
    /// Defence faces.
    pub defence: u8,
    /// Morale faces.
    pub morale: u8,
}

impl Dice {
    /// The count of each face among `dice`.
    #[must_use]
    pub fn of(dice: &[DieFace]) -> Dice {
        let n = |f| u8::try_from(dice.iter().filter(|d| **d == f).count()).unwrap_or(u8::MAX);
        Dice {
            offence: n(DieFace::Offence),
            defence: n(DieFace::Defence),
            morale: n(DieFace::Morale),
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} offence, {} defence, {} morale",
            self.offence, self.defence, self.morale
        )
    }
}

/// Why a side won a combat (Combat, Resolution), as a typed fact for the result box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WonBy {
    /// The other side had no unit, reinforcement token or bastion left in the area.
    LastStanding,
    /// After the third execution round, by the morale of each side (ties go to the defender).
    Morale {
        /// The winner's morale.
        winner: u32,
        /// The loser's morale.
        loser: u32,
    },
}

/// A piece named as a card names it: `routed Space Marine`, `reinforcement token`, `bastion`.
struct Target(DamageTarget);

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            DamageTarget::Unit { unit, routed } => {
                write!(f, "{}{}", if routed { "routed " } else { "" }, unit.name())
            }
            DamageTarget::Reinforcement { routed } => {
                write!(
                    f,
                    "{}reinforcement token",
                    if routed { "routed " } else { "" }
                )
            }
            DamageTarget::Bastion => f.write_str("bastion"),
        }
    }
}

/// A piece named plainly (no `routed`), as damage names it.
struct Piece(DamageTarget);

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            DamageTarget::Unit { unit, .. } => f.write_str(unit.name()),
            DamageTarget::Reinforcement { .. } => f.write_str("reinforcement token"),
            DamageTarget::Bastion => f.write_str("bastion"),
        }
    }
}

/// `World Eaters' Cultist`, `Ultramarines' routed reinforcement token`: a side's piece in
/// plain words (`routed`: say whether it was routed, as a card names it).
#[must_use]
pub fn piece_words(faction: Faction, target: DamageTarget, routed: bool) -> String {
    let words = if routed {
        format!("{} {}", faction.possessive(), Target(target))
    } else {
        format!("{} {}", faction.possessive(), Piece(target))
    };
    super::wording::plain(&words)
}

/// ` (why)` after a sentence, or nothing.
struct Because<'a, T>(&'a Option<T>);

impl<T: fmt::Display> fmt::Display for Because<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(w) => write!(f, " ({w})"),
            None => Ok(()),
        }
    }
}

/// What gave an asset token, or would have: a card, or a prosperity icon of a world.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AssetSource {
    /// A card's ability (an event card, an order upgrade).
    Card(CardName),
    /// The prosperity icon of the world an order was resolved on.
    Prosperity,
}

impl fmt::Display for AssetSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssetSource::Card(card) => f.write_str(card),
            AssetSource::Prosperity => f.write_str("prosperity"),
        }
    }
}

/// What a purchase cost: `2 materiel`, `1 materiel, 1 forge token and a cache token`.
struct Paid {
    materiel: u8,
    forge: u8,
    cache: u8,
}

impl fmt::Display for Paid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.materiel > 0 || (self.forge == 0 && self.cache == 0) {
            parts.push(format!("{} materiel", self.materiel));
        }
        if self.forge > 0 {
            parts.push(counted(self.forge, "forge token"));
        }
        if self.cache > 0 {
            parts.push(counted(self.cache, "cache token"));
        }
        f.write_str(&and_list(&parts))
    }
}

/// Combat tokens (offence, defence), naming only the kinds there are: `2 offence tokens`,
/// `1 offence token and 2 defence tokens`, `no tokens`.
struct Tokens(u8, u8);

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (0, 0) => f.write_str("no tokens"),
            (o, 0) => f.write_str(&counted(o, "offence token")),
            (0, d) => f.write_str(&counted(d, "defence token")),
            (o, d) => write!(
                f,
                "{} and {}",
                counted(o, "offence token"),
                counted(d, "defence token")
            ),
        }
    }
}

/// `1 forge token`, `2 forge tokens`.
fn counted(n: u8, noun: &str) -> String {
    super::wording::counted(usize::from(n), noun)
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The card that caused an event: ` (card)` in the log.
const PRAYER: &str = super::events::PRAYER;
const OUTMANOEUVRE: &str = super::events::OUTMANOEUVRE;

macro_rules! events {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident { $($field:ident : $ty:ty),* $(,)? } => |$w:ident| $body:expr;
    )*) => {
        /// Something that happened, for the game log: a typed fact. Its words come from
        /// `Display`; `--json` gives it as an object tagged with its kind (`event`).
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "event", rename_all = "kebab-case", deny_unknown_fields)]
        pub enum Event {
            $(
                $(#[doc = $doc])*
                #[allow(missing_docs)]
                $name { $($field: $ty),* },
            )*
        }

        impl Event {
            /// The name of every kind of event, in declaration order.
            pub const KINDS: &[&str] = &[$(stringify!($name)),*];

            /// The name of this event's kind (one of [`Event::KINDS`]).
            #[must_use]
            pub fn kind(&self) -> &'static str {
                match self {
                    $(Event::$name { .. } => stringify!($name),)*
                }
            }

            /// The sentence before the plain-grammar pass (unit ids, `(s)` plurals).
            #[allow(unused_variables, clippy::too_many_lines)]
            fn raw(&self, out: &mut String) -> fmt::Result {
                match self {
                    $(Event::$name { $($field),* } => {
                        let $w: &mut String = &mut *out;
                        $body
                    })*
                }
            }
        }
    };
}

events! {
    // ----- setup -----
    /// A system tile placed while constructing the board.
    TilePlaced { faction: Faction, number: u8, side_b: bool, system_name: CardText, system: SystemId, rotation: u8 } =>
        |w| write!(w, "{} places system tile {number}{} ({system_name}) on {system}, turned {rotation}", faction.name(), if *side_b { 'B' } else { 'A' });
    /// The constructed board is complete and renamed.
    BoardComplete { cols: u8, rows: u8 } =>
        |w| write!(w, "The board is complete: {cols}x{rows} tiles, renamed so its top-left system is A1");
    /// A unit placed during setup.
    SetupUnit { faction: Faction, unit: UnitType, area: AreaId } =>
        |w| write!(w, "{} places a {unit} on {area}", faction.name());
    /// A structure placed during setup.
    SetupStructure { faction: Faction, kind: StructureKind, area: AreaId } =>
        |w| write!(w, "{} places a {kind} on {area}", faction.name());
    /// An objective token of `owner` placed during setup.
    SetupObjective { faction: Faction, owner: Faction, area: AreaId } =>
        |w| write!(w, "{} places an objective token of {} on {area}", faction.name(), owner.name());
    /// A warp storm placed during setup.
    SetupStorm { faction: Faction, edge: EdgeId } =>
        |w| write!(w, "{} places a warp storm on {edge}", faction.name());
    /// Setup ends; round 1 begins.
    SetupComplete { first: Faction } =>
        |w| write!(w, "Setup is complete; round 1 begins with {}", first.name());

    // ----- rounds and phases -----
    /// A new round begins (Refresh Phase, last step).
    RoundBegins { round: u8, first: Faction } =>
        |w| write!(w, "round {round} begins; {} is first player", first.name());
    /// The Operations Phase begins.
    OperationsBegins {} => |w| w.write_str("the Operations Phase begins");
    /// The Refresh Phase begins.
    RefreshBegins {} => |w| w.write_str("the Refresh Phase begins");
    /// The game ends.
    GameEnds { reason: EndReason, winners: Vec<Faction> } =>
        |w| {
            write!(w, "the game ends ({reason}); winner: ")?;
            for (i, f) in winners.iter().enumerate() {
                if i > 0 {
                    w.write_str(" and ")?;
                }
                w.write_str(f.name())?;
            }
            Ok(())
        };
    /// A player with no friendly world leaves the game.
    Eliminated { faction: Faction } =>
        |w| write!(w, "{} has no friendly world and is eliminated", faction.name());

    // ----- planning and operations -----
    /// An order token placed face down (Planning Phase).
    OrderPlaced { faction: Faction, system: SystemId } =>
        |w| write!(w, "{} places an order token on {system}", faction.name());
    /// A seat with nothing to reveal is skipped.
    Skips { faction: Faction } =>
        |w| write!(w, "{} has no order token on top of a stack and skips", faction.name());
    /// An order token revealed.
    OrderRevealed { faction: Faction, order: Order, system: SystemId } =>
        |w| write!(w, "{} reveals {order} on {system}", faction.name());
    /// A revealed order put on the event deck instead of resolved.
    OrderToEventDeck { faction: Faction, order: Order } =>
        |w| write!(w, "{} puts the {order} token on the event deck", faction.name());
    /// A revealed order resolved.
    OrderResolved { faction: Faction, order: Order, system: SystemId } =>
        |w| write!(w, "{} resolves {order} on {system}", faction.name());
    /// Units moved (Advance order).
    Moved { faction: Faction, count: u8, unit: UnitType, from: AreaId, to: AreaId } =>
        |w| write!(w, "{} moves {count} {unit} from {from} to {to}", faction.name());
    /// Units moved through an enemy void (Ork Roks).
    RoksPassage { faction: Faction, count: u8, void: AreaId } =>
        |w| write!(w, "{} moves {count} unit(s) through {void} as if it were friendly (Ork Roks)", faction.name());
    /// A unit bought (Deploy order).
    UnitBought { faction: Faction, unit: UnitType, area: AreaId, materiel: u8, forge: u8, cache: u8 } =>
        |w| write!(w, "{} buys a {} in {area} for {}", faction.name(), unit.name(), Paid { materiel: *materiel, forge: *forge, cache: *cache });
    /// A structure built (Deploy order).
    StructureBuilt { faction: Faction, kind: StructureKind, area: AreaId, materiel: u8, cache: u8 } =>
        |w| write!(w, "{} builds a {kind} in {area} for {}", faction.name(), Paid { materiel: *materiel, forge: 0, cache: *cache });
    /// The Warboss lowers the order's prices.
    Warboss { faction: Faction, off: u8 } =>
        |w| write!(w, "{} lowers the cost of this order's purchases by {off} materiel (Warboss)", faction.name());
    /// A unit bought with Dread Ritual.
    DreadRitual { faction: Faction, unit: UnitType, area: AreaId, materiel: u8 } =>
        |w| write!(w, "{} buys a {unit} in {area} for {materiel} materiel (Dread Ritual)", faction.name());
    /// For the Emperor replaces a unit (Ultramarines faction ability).
    ForTheEmperor { faction: Faction, from: UnitType, to: UnitType, area: AreaId } =>
        |w| write!(w, "{}: For the Emperor replaces a {from} in {area} with a {to}", faction.name());
    /// A unit moved by a faction ability.
    AbilityMoved { faction: Faction, unit: UnitType, from: AreaId, to: AreaId } =>
        |w| write!(w, "{} faction ability moves a {unit} from {from} to {to}", faction.possessive());
    /// A unit bought by a faction ability.
    AbilityBought { faction: Faction, unit: UnitType, area: AreaId } =>
        |w| write!(w, "{} buys a {unit} in {area} with the faction ability", faction.name());
    /// A structure swapped for another (strategize upgrade).
    StructureSwapped { faction: Faction, old: StructureKind, area: AreaId, kind: StructureKind } =>
        |w| write!(w, "{} swaps the {old} in {area} for a {kind}", faction.name());
    /// Order tokens put on the event deck (strategize upgrade).
    OrdersToEventDeck { faction: Faction, count: usize } =>
        |w| write!(w, "{} puts {count} order token(s) on the event deck", faction.name());
    /// An order upgrade bought (Strategize order, or the card `via`).
    OrderUpgradeBought { faction: Faction, card: CardName, cost: u8, via: Option<CardName> } =>
        |w| write!(w, "{} buys the order upgrade {card} for {cost} materiel{}", faction.name(), Because(via));
    /// A combat upgrade bought, `returned` going back (Strategize order, or the card `via`).
    CombatUpgradeBought { faction: Faction, card: CardName, cost: u8, returned: CardName, via: Option<CardName> } =>
        |w| write!(w, "{} buys the combat upgrade {card} for {cost} materiel, returning {returned}{}", faction.name(), Because(via));
    /// An order upgrade used (face down for the round).
    OrderUpgradeUsed { faction: Faction, card: CardName } =>
        |w| write!(w, "{} uses the order upgrade {card}", faction.name());
    /// A unit destroyed for being over capacity.
    OverCapacity { unit: UnitType, area: AreaId } =>
        |w| write!(w, "{unit} in {area} is destroyed (over capacity)");

    // ----- assets -----
    /// A token gained from the supply (`why`: the card or icon).
    AssetGained { faction: Faction, asset: Asset, why: Option<AssetSource> } =>
        |w| write!(w, "{} gains a {asset} token{}", faction.name(), Because(why));
    /// No token gained: the player holds the most allowed.
    AssetsFull { faction: Faction, max: u8, asset: Asset, why: Option<AssetSource> } =>
        |w| write!(w, "{} already holds {max} {asset} tokens and gains none{}", faction.name(), Because(why));
    /// No token gained: the supply is empty.
    AssetSupplyEmpty { faction: Faction, asset: Asset, why: Option<AssetSource> } =>
        |w| write!(w, "the supply has no {asset} token left: {} gains none{}", faction.name(), Because(why));

    // ----- combat -----
    /// A combat begins.
    CombatBegins { area: AreaId, attacker: Faction, defender: Faction } =>
        |w| write!(w, "combat in {area}: {} attacks {}", attacker.name(), defender.name());
    /// The defender has nothing to fight with: the attacker wins at once.
    WonAtOnce { attacker: Faction, defender: Faction } =>
        |w| write!(w, "{} has no unrouted unit or bastion there: {} wins at once", defender.name(), attacker.name());
    /// Through the Warp: the attacker gains a morale die.
    ThroughTheWarp { faction: Faction } =>
        |w| write!(w, "{} gains a morale die (Through the Warp)", faction.name());
    /// Both sides roll their dice.
    DiceRolled { attacker: Faction, attacker_dice: Dice, defender: Faction, defender_dice: Dice } =>
        |w| write!(w, "{} rolls {attacker_dice}; {} rolls {defender_dice}", attacker.name(), defender.name());
    /// Reinforcement tokens committed to a combat.
    Reinforced { faction: Faction, count: u8 } =>
        |w| write!(w, "{} commits {count} reinforcement token(s)", faction.name());
    /// Another assess damage step follows.
    ExtraAssess {} => |w| w.write_str("an extra assess damage step");
    /// A side suffers damage.
    DamageSuffered { faction: Faction, damage: u8 } =>
        |w| write!(w, "{} suffers {damage} damage", faction.name());
    /// One piece takes damage and is destroyed or survives.
    PieceDamaged { faction: Faction, target: DamageTarget, damage: u8, destroyed: bool } =>
        |w| write!(w, "{} {} suffers {damage} damage and {}", faction.possessive(), Piece(*target), if *destroyed { "is destroyed" } else { "survives" });
    /// Both sides lost every unit: nobody wins.
    WipedOut {} => |w| w.write_str("both sides are wiped out: nobody wins; the defender keeps the structures");
    /// The morale compared at the end of a combat.
    MoraleCompared { attacker: u32, defender: u32 } =>
        |w| write!(w, "morale: attacker {attacker}, defender {defender}");
    /// A side wins the combat, and why (`by`: the other side had nothing left, or morale).
    CombatWon { faction: Faction, by: WonBy } =>
        |w| write!(w, "{} wins the combat", faction.name());
    /// The winning attacker captures structures.
    Captured { faction: Faction, count: usize, area: AreaId } =>
        |w| write!(w, "{} captures {count} structure(s) in {area}", faction.name());
    /// A captured structure is destroyed for want of a control token.
    StructureLost { faction: Faction, kind: StructureKind, area: AreaId } =>
        |w| write!(w, "{} has no control token left: the {kind} in {area} is destroyed", faction.name());
    /// Units an effect placed cannot retreat and are destroyed.
    CannotRetreat { faction: Faction, area: AreaId, units: Vec<UnitType> } =>
        |w| {
            write!(w, "{} cannot retreat the unit(s) an effect placed in {area}: ", faction.name())?;
            for (i, u) in units.iter().enumerate() {
                if i > 0 {
                    w.write_str(", ")?;
                }
                w.write_str(u.name())?;
            }
            w.write_str(" destroyed")
        };
    /// The losing side retreats.
    Retreated { faction: Faction, count: usize, to: AreaId } =>
        |w| write!(w, "{} retreats {count} unit(s) to {to}", faction.name());
    /// The losing side cannot retreat and loses its units.
    NowhereToRetreat { faction: Faction, count: usize } =>
        |w| write!(w, "{} has nowhere to retreat: {count} unit(s) destroyed", faction.name());
    /// A combat ends.
    CombatEnds { area: AreaId } =>
        |w| write!(w, "the combat in {area} ends");

    // ----- combat cards -----
    /// A combat card played.
    CardPlayed { faction: Faction, card: CardName } =>
        |w| write!(w, "{} plays {card}", faction.name());
    /// A scheme used in a combat.
    SchemeUsed { faction: Faction, card: CardName } =>
        |w| write!(w, "{} uses {card}", faction.name());
    /// A scheme not used in a combat.
    SchemeDeclined { faction: Faction, card: CardName } =>
        |w| write!(w, "{} does not use {card}", faction.name());
    /// A card's unit or general ability resolved.
    AbilityResolved { faction: Faction, unit: bool, card: CardName } =>
        |w| write!(w, "{} resolves the {} ability of {card}", faction.name(), if *unit { "unit" } else { "general" });
    /// A card's unit or general ability declined.
    AbilityDeclined { faction: Faction, unit: bool, card: CardName } =>
        |w| write!(w, "{} does not use the {} ability of {card}", faction.name(), if *unit { "unit" } else { "general" });
    /// A face-up card discarded.
    FaceUpDiscarded { faction: Faction, card: CardName } =>
        |w| write!(w, "{} discards the face-up {card}", faction.name());
    /// Tokens gained from a card.
    TokensGained { faction: Faction, offence: u8, defence: u8 } =>
        |w| write!(w, "{} gains {}", faction.name(), Tokens(*offence, *defence));
    /// Tokens copied from the opponent's gain (Weirdboyz).
    TokensMirrored { faction: Faction, offence: u8, defence: u8, same: bool } =>
        |w| if *same {
            write!(w, "{} gains the same tokens", faction.name())
        } else {
            write!(w, "{} gains {} the same way", faction.name(), Tokens(*offence, *defence))
        };
    /// Tokens taken away by a card.
    TokensLost { faction: Faction, offence: u8, defence: u8 } =>
        |w| write!(w, "{} loses up to {}", faction.name(), Tokens(*offence, *defence));
    /// Dice gained from a card.
    DiceGained { faction: Faction, dice: Dice } =>
        |w| write!(w, "{} gains {dice}", faction.name());
    /// A die lost to a card.
    DieLost { faction: Faction, face: DieFace } =>
        |w| write!(w, "{} loses {} die", faction.name(), a_face(*face));
    /// A die spent for a card.
    DieSpent { faction: Faction, face: DieFace } =>
        |w| write!(w, "{} spends {} die", faction.name(), a_face(*face));
    /// A die turned to another face.
    DieTurned { faction: Faction, from: DieFace, to: DieFace } =>
        |w| write!(w, "{} turns {} die to {}", faction.name(), a_face(*from), face_key(*to));
    /// Dice rerolled (of one face, or any), and what the side holds now.
    Rerolled { faction: Faction, count: usize, face: Option<DieFace>, now: Dice } =>
        |w| {
            write!(w, "{} rerolls {count} ", faction.name())?;
            if let Some(f) = face {
                write!(w, "{} ", face_key(*f))?;
            }
            write!(w, "{}: now {now}", if *count == 1 { "die" } else { "dice" })
        };
    /// One of a card's options chosen.
    OptionChosen { faction: Faction, opponent: Faction, label: CardText } =>
        |w| write!(w, "{} chooses: {}", faction.name(), super::wording::third_person(label, opponent.name()));
    /// A card's optional effect taken.
    OptionalTaken { faction: Faction, opponent: Faction, label: CardText } =>
        |w| write!(w, "{} chooses to {}", faction.name(), super::wording::third_person(label, opponent.name()));
    /// A routed piece rallied by a card.
    Rallied { faction: Faction, target: DamageTarget } =>
        |w| write!(w, "{} rallies a {}", faction.name(), Target(*target));
    /// Every routed unit rallied by a card.
    RalliedAll { faction: Faction } =>
        |w| write!(w, "{} rallies all units", faction.name());
    /// A free unit placed by a card.
    FreeUnitPlaced { faction: Faction, unit: UnitType, area: AreaId } =>
        |w| write!(w, "{} places a free {unit} in {area}", faction.name());
    /// A free reinforcement token put into the combat.
    FreeReinforcement { faction: Faction } =>
        |w| write!(w, "{} puts a free reinforcement token into the combat", faction.name());
    /// No free reinforcement token: the supply is empty.
    NoReinforcementLeft { faction: Faction } =>
        |w| write!(w, "the supply has no reinforcement token left: {} gains none", faction.name());
    /// A piece replaced by a free unit.
    Replaced { faction: Faction, target: DamageTarget, to: UnitType } =>
        |w| write!(w, "{} replaces a {} with a free {to}", faction.name(), Target(*target));
    /// A unit brought into the combat from another area.
    BroughtIn { faction: Faction, unit: UnitType, from: AreaId } =>
        |w| write!(w, "{} brings a {unit} from {from} into the fight", faction.name());
    /// A card moves units into an enemy area: a combat follows there.
    MovedIntoEnemy { faction: Faction, to: AreaId } =>
        |w| write!(w, "{} moves into {to}, held by an enemy: a combat follows there when this one ends", faction.name());
    /// The opponent's face-down combat card looked at.
    PeekedCard { faction: Faction, opponent: Faction } =>
        |w| write!(w, "{} looks at the combat card {} placed face down", faction.name(), opponent.name());
    /// A combat card discarded from the hand.
    HandDiscarded { faction: Faction, card: CardName } =>
        |w| write!(w, "{} discards {card} from their hand", faction.name());
    /// A combat card drawn.
    CombatCardDrawn { faction: Faction } =>
        |w| write!(w, "{} draws a combat card", faction.name());
    /// A card's icons added.
    IconsAdded { faction: Faction, card: CardName } =>
        |w| write!(w, "{} adds the icons of {card}", faction.name());
    /// A card discarded from `faction`'s combat deck; `gainer` gains its icons.
    DeckDiscarded { faction: Faction, card: CardName, gainer: Faction } =>
        |w| write!(w, "{} discards {card} from their combat deck; {} gains its icons", faction.name(), gainer.name());
    /// Units taken out of the combat, their reinforcement tokens back to the supply.
    TakenOut { faction: Faction, count: usize, area: AreaId, tokens: usize } =>
        |w| {
            write!(w, "{} takes {count} unit(s) out of the combat to {area}", faction.name())?;
            if *tokens > 0 {
                write!(w, "; {tokens} reinforcement token(s) go back to the supply")?;
            }
            Ok(())
        };
    /// An enemy structure destroyed by a card.
    Razed { faction: Faction, owner: Faction, kind: StructureKind, area: AreaId } =>
        |w| write!(w, "{} destroys {} {kind} on {area}", faction.name(), owner.possessive());
    /// A morale die spent to save a routed unit (Ambush).
    AmbushSaved { faction: Faction } =>
        |w| write!(w, "{} spends a morale die to save their routed unit", faction.name());
    /// A routed unit destroyed (Ambush).
    AmbushDestroyed { faction: Faction } =>
        |w| write!(w, "Ambush: {} routed unit is destroyed", faction.possessive());
    /// A unit saved without spending a die.
    SavedFree { faction: Faction } =>
        |w| write!(w, "{} unit is saved without spending a die", faction.possessive());
    /// A unit saved by spending dice.
    SavedBySpending { faction: Faction } =>
        |w| write!(w, "{} spends the dice and saves their unit", faction.name());
    /// An enemy piece picked: destroyed unless `dice` dice are spent.
    SaveOrDestroyPicked { faction: Faction, target: DamageTarget, dice: u8 } =>
        |w| write!(w, "{} picks an enemy {}: it is destroyed unless {dice} dice are spent", faction.name(), Target(*target));
    /// A side's units cannot be routed this round.
    RoutPrevented { faction: Faction } =>
        |w| write!(w, "{} units cannot be routed this round", faction.possessive());
    /// A piece routed by a card.
    Routed { faction: Faction, target: DamageTarget } =>
        |w| write!(w, "{} {} is routed", faction.possessive(), Target(*target));
    /// A piece destroyed by a card.
    Destroyed { faction: Faction, target: DamageTarget } =>
        |w| write!(w, "{} {} is destroyed", faction.possessive(), Target(*target));
    /// A unit moved or retreated by a card.
    CardMoved { faction: Faction, retreat: bool, unit: UnitType, to: AreaId } =>
        |w| write!(w, "{} {} a {unit} to {to}", faction.name(), if *retreat { "retreats" } else { "moves" });

    // ----- orbital strikes -----
    /// An orbital strike rolled (faction ability).
    Strike { faction: Faction, world: AreaId, void: AreaId, dice: Dice, hits: u8 } =>
        |w| write!(w, "{} strikes {world} from {void}: {dice} ({hits} damage)", faction.name());
    /// An orbital strike made (order upgrade).
    StrikeMade { faction: Faction, world: AreaId, void: AreaId } =>
        |w| write!(w, "{} makes an orbital strike on {world} from {void}", faction.name());
    /// The strike's dice.
    StrikeRolled { faction: Faction, dice: Dice } =>
        |w| write!(w, "{} rolls {dice}", faction.name());
    /// The strike's damage.
    StrikeDamage { faction: Faction, damage: u8 } =>
        |w| write!(w, "{}'s strike deals {damage} damage", faction.name());
    /// A unit destroyed by an orbital strike.
    StrikeDestroyed { unit: UnitType, world: AreaId } =>
        |w| write!(w, "{unit} in {world} is destroyed by the orbital strike");
    /// A unit survives an orbital strike.
    StrikeSurvived { unit: UnitType, world: AreaId } =>
        |w| write!(w, "{unit} in {world} survives the orbital strike");
    /// A unit survives and is routed (Fear from Above).
    FearFromAbove { unit: UnitType, world: AreaId } =>
        |w| write!(w, "{unit} in {world} survives and is routed (Fear from Above)");
    /// The bastion hit by an orbital strike.
    BastionStruck { world: AreaId, destroyed: bool } =>
        |w| write!(w, "the bastion in {world} {} the orbital strike", if *destroyed { "is destroyed by" } else { "survives" });
    /// A morale die turned to offence (Rain of Fire).
    RainOfFire { faction: Faction } =>
        |w| write!(w, "{} turns a morale die to offence (Rain of Fire)", faction.name());
    /// Dice spent for an upgrade's effect.
    DiceSpentFor { faction: Faction, card: CardName } =>
        |w| write!(w, "{} spends dice for {card}", faction.name());
    /// An asset token taken from another player (Stealin'!).
    Stealin { faction: Faction, asset: Asset, from: Faction } =>
        |w| write!(w, "{} takes a {asset} token from {} (Stealin'!)", faction.name(), from.name());
    /// Every die turned to offence (Exterminatus).
    Exterminatus { faction: Faction } =>
        |w| write!(w, "{} turns every die to offence (Exterminatus)", faction.name());
    /// One die rerolled, and the new dice.
    StrikeReroll { faction: Faction, face: DieFace, dice: Dice } =>
        |w| write!(w, "{} rerolls {} die: {dice}", faction.name(), a_face(*face));
    /// A die gained (Vicious Raids).
    ViciousRaids { faction: Faction, face: DieFace } =>
        |w| write!(w, "{} gains {} die (Vicious Raids)", faction.name(), a_face(*face));
    /// Units moved by Strafing Run.
    Strafed { faction: Faction, count: u8, unit: UnitType, from: AreaId, to: AreaId } =>
        |w| write!(w, "{} moves {count} {unit} from {from} to {to} (Strafing Run)", faction.name());
    /// A unit destroyed (Complete Destruction).
    CompleteDestructionUnit { unit: UnitType, area: AreaId } =>
        |w| write!(w, "a {unit} in {area} is destroyed (Complete Destruction)");
    /// A structure destroyed (Complete Destruction).
    CompleteDestructionStructure { kind: StructureKind, area: AreaId } =>
        |w| write!(w, "the {kind} in {area} is destroyed (Complete Destruction)");
    /// A free Space Marine placed (Drop Pods).
    DropPods { faction: Faction, world: AreaId } =>
        |w| write!(w, "{} places a free Space Marine on {world} (Drop Pods)", faction.name());

    // ----- event cards and the Refresh Phase -----
    /// Objective tokens collected.
    ObjectivesCollected { faction: Faction, count: u8 } =>
        |w| write!(w, "{} collects {count} objective token(s)", faction.name());
    /// Materiel collected from friendly worlds; `kept` below `income` when the dial stops at
    /// `max`.
    MaterielCollected { faction: Faction, kept: u32, income: u32, max: u8 } =>
        |w| if kept < income {
            write!(w, "{} collects {kept} of {income} materiel (the dial stops at {max})", faction.name())
        } else {
            write!(w, "{} collects {income} materiel", faction.name())
        };
    /// Materiel collected from one world by a card.
    WorldMaterielCollected { faction: Faction, kept: u8, income: u8, max: u8, world: AreaId, card: CardName } =>
        |w| if kept < income {
            write!(w, "{} collects {kept} of {income} materiel from {world} (the dial stops at {max}; {card})", faction.name())
        } else {
            write!(w, "{} collects {income} materiel from {world} ({card})", faction.name())
        };
    /// Materiel gained from a card.
    /// `kept` below `amount` when the dial stops at `max`.
    MaterielGained { faction: Faction, amount: u8, kept: u8, max: u8, card: CardName } =>
        |w| if kept < amount {
            write!(w, "{} gains {kept} of {amount} materiel (the dial stops at {max}; {card})", faction.name())
        } else {
            write!(w, "{} gains {amount} materiel ({card})", faction.name())
        };
    /// An asset token lost to a card.
    AssetLost { faction: Faction, asset: Asset, card: CardName } =>
        |w| write!(w, "{} loses a {asset} token ({card})", faction.name());
    /// Materiel taken from a player by another's card (Lootin'!: the struck world's owner).
    MaterielLost { faction: Faction, amount: u8, card: CardName } =>
        |w| write!(w, "{} loses {amount} materiel ({card})", faction.name());
    /// The top of the event deck revealed to move a storm.
    StormCardRevealed { faction: Faction, card: CardName } =>
        |w| write!(w, "{} reveals {card} from the event deck to move a warp storm", faction.name());
    /// Event cards drawn (by a card `via`, or in the Refresh Phase).
    EventCardsDrawn { faction: Faction, count: usize, via: Option<CardName> } =>
        |w| write!(w, "{} draws {count} event card(s){}", faction.name(), Because(via));
    /// One drawn event card chosen.
    EventCardChosen { faction: Faction, card: CardName } =>
        |w| write!(w, "{} chooses {card}", faction.name());
    /// A warp storm moved.
    StormMoved { faction: Faction, from: EdgeId, to: EdgeId } =>
        |w| write!(w, "{} moves the warp storm on {from} to {to}", faction.name());
    /// No storm can move as the card shows.
    NoStormMove { card: CardName } =>
        |w| write!(w, "no warp storm can move as {card} shows");
    /// A scheme put face up.
    SchemeIntoPlay { faction: Faction, card: CardName } =>
        |w| write!(w, "{} puts the scheme {card} into play", faction.name());
    /// A scheme discarded.
    SchemeDiscarded { faction: Faction, card: CardName } =>
        |w| write!(w, "{} discards the scheme {card}", faction.name());
    /// A scheme used instead of revealing an order.
    SchemeInstead { faction: Faction, card: CardName } =>
        |w| write!(w, "{} uses {card} instead of revealing an order", faction.name());
    /// Every unit in a system rallied by a card.
    RalliedSystem { faction: Faction, system: SystemId, card: CardName } =>
        |w| write!(w, "{} rallies every unit in {system} ({card})", faction.name());
    /// An Advance order resolved with no token (a card).
    AdvanceNoToken { faction: Faction, system: SystemId, card: CardName } =>
        |w| write!(w, "{} resolves an Advance order in {system} ({card})", faction.name());
    /// A unit routed by a scheme.
    SchemeRouted { faction: Faction, unit: UnitType, area: AreaId, card: CardName } =>
        |w| write!(w, "{} routs a {unit} in {area} ({card})", faction.name());
    /// Units moved by a scheme.
    SchemeMoved { faction: Faction, count: u8, unit: UnitType, from: AreaId, to: AreaId, card: CardName } =>
        |w| write!(w, "{} moves {count} {unit} from {from} to {to} ({card})", faction.name());
    /// A storm move cancelled and another storm moved (the prayer scheme).
    PrayerMoved { faction: Faction, to: EdgeId, from: EdgeId, dest: EdgeId } =>
        |w| write!(w, "{} cancels the storm move to {to} and moves the storm on {from} to {dest} ({PRAYER})", faction.name());
    /// An order token moved in its stack (Outmanoeuvre).
    Outmanoeuvred { faction: Faction, top: bool, system: SystemId } =>
        |w| write!(w, "{} moves one of their order tokens to the {} of the stack on {system} ({OUTMANOEUVRE})", faction.name(), if *top { "top" } else { "bottom" });
    /// Free units placed by a tactic.
    FreeUnitsPlaced { faction: Faction, count: usize, unit: UnitType, area: AreaId, card: CardName } =>
        |w| write!(w, "{} places {count} free {unit} in {area} ({card})", faction.name());
    /// A unit moved by a tactic.
    TacticMoved { faction: Faction, unit: UnitType, from: AreaId, to: AreaId, card: CardName } =>
        |w| write!(w, "{} moves a {unit} from {from} to {to} ({card})", faction.name());
    /// A structure put on a world by a tactic.
    TacticStructure { faction: Faction, kind: StructureKind, area: AreaId, cost: u8, card: CardName } =>
        |w| write!(w, "{} puts a {kind} on {area} for {cost} materiel ({card})", faction.name());
    /// A Cultist destroyed by a tactic.
    CultistDestroyed { faction: Faction, area: AreaId, card: CardName } =>
        |w| write!(w, "{} destroys a Cultist in {area} ({card})", faction.name());
    /// An event card resolved without its storm icon.
    ResolvedIgnoringStorm { faction: Faction, chosen: CardName, card: CardName } =>
        |w| write!(w, "{} resolves {chosen} ({card}), ignoring its storm icon", faction.name());
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut raw = String::new();
        self.raw(&mut raw)?;
        f.write_str(&super::wording::plain(&raw))
    }
}
