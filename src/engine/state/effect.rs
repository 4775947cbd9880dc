//! Combat card abilities as data: the `Effect` primitives a card's general (green) and unit
//! (brown) boxes are written in (`assets/combat-cards.json`), and the pending abilities of a
//! combat being resolved. The interpreter lives in `rules/cards.rs`; pending effects are part of
//! the combat state, so a game saved in the middle of a card resumes there.
//!
//! An effect is always read from the point of view of one side, "you" (the card's owner unless
//! an [`Effect::Opponent`] hands the effects to the other side, who then chooses).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::state::card_name::{CardName, CardText};
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::unit_type::UnitType;

/// Whose pieces an effect touches, seen from the side resolving it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    /// The side resolving the effect.
    #[default]
    Own,
    /// The other side.
    Opponent,
    /// Both sides.
    Both,
}

impl Whose {
    /// The combat roles meant when `role` resolves the effect.
    #[must_use]
    pub fn roles(self, role: CombatRole) -> Vec<CombatRole> {
        match self {
            Whose::Own => vec![role],
            Whose::Opponent => vec![role.other()],
            Whose::Both => vec![role, role.other()],
        }
    }
}

/// A condition checked when the effect resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Cond {
    /// You are the attacker.
    Attacking,
    /// You are the defender.
    Defending,
    /// You have more morale dice than your opponent.
    MoreMoraleDice,
    /// Your opponent has at least one routed unit (or routed reinforcement token).
    OpponentHasRouted,
    /// You have more unrouted units (reinforcement tokens included) than your opponent.
    MoreUnroutedUnits,
}

/// "For each ..." counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// Each of your unrouted units of these types in the combat (reinforcement tokens count as
    /// the command level 0 unit of the area).
    Units(Vec<UnitType>),
    /// Each morale die you have.
    MoraleDice,
}

/// How many dice a reroll takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RerollCount {
    /// Every die that matches.
    All,
    /// One die (the resolving side picks the face when no face is named).
    One,
    /// One die for each of your unrouted units of these types.
    PerUnits(Vec<UnitType>),
}

/// Which units (or reinforcement tokens) in the combat an effect may pick.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Only these types (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<UnitType>,
    /// Only routed (`true`) or only unrouted (`false`) ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routed: Option<bool>,
    /// Only units of at most this command level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_level: Option<u8>,
}

/// Where a free unit goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PlaceAt {
    /// The contested area: the unit joins the combat.
    Here,
    /// Another world of this system that is friendly or uncontrolled (you choose).
    OtherWorldInSystem,
}

/// An effect that lasts: until this execution round ends unless said otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Modifier {
    /// Ambush: an enemy unit that becomes routed is destroyed unless its owner spends a morale
    /// die.
    Ambush,
    /// Show No Fear: your units cannot become routed.
    NoRout,
    /// Fire Dragon's Vengeance: your opponent cannot gain defence tokens.
    OpponentGainsNoDefenceTokens,
    /// Spiritseer's Guidance: you suffer no damage.
    NoDamage,
    /// Armoured Advance: one extra assess damage step this execution round.
    ExtraAssessDamage,
    /// Weirdboyz (for the rest of the combat): each time your opponent gains combat tokens,
    /// you gain the same.
    MirrorTokens,
    /// Mek Boyz: these icons count for you.
    Icons {
        /// Offence icons.
        offence: u8,
        /// Defence icons.
        defence: u8,
        /// Morale icons.
        morale: u8,
    },
}

impl Modifier {
    /// Whether it lasts for the rest of the combat (else until the execution round ends).
    #[must_use]
    pub fn whole_combat(self) -> bool {
        matches!(self, Modifier::MirrorTokens)
    }
}

/// A lasting effect and the card it came from (discarding the card ends it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lasting {
    /// The card.
    pub card: CardName,
    /// The effect.
    pub modifier: Modifier,
}

/// A card whose ability no primitive expresses, resolved by its own Rust code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Handler {
    /// Smasher Gargant: pick an enemy unit; it is destroyed unless its owner spends as many
    /// dice as its command level.
    SmasherGargant,
    /// Wave Serpent: move any number of your unrouted command level 0-1 units from the combat
    /// to one adjacent area.
    WaveSerpent,
}

/// One option of a choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Opt {
    /// The option in words (for the player).
    pub label: CardText,
    /// What it does.
    pub effects: Vec<Effect>,
}

/// A piece in a combat an effect has picked: a unit of a type, or a reinforcement token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// The unit type; `None` for a reinforcement token.
    pub unit: Option<UnitType>,
    /// Whether the routed one.
    pub routed: bool,
}

/// One primitive of a card ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// Gain combat tokens (times the count, if any).
    Tokens {
        /// Offence tokens.
        #[serde(default)]
        offence: u8,
        /// Defence tokens.
        #[serde(default)]
        defence: u8,
        /// Multiplied by this count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per: Option<Per>,
    },
    /// Your opponent loses up to this many combat tokens.
    OpponentLosesTokens {
        /// Offence tokens.
        #[serde(default)]
        offence: u8,
        /// Defence tokens.
        #[serde(default)]
        defence: u8,
    },
    /// Gain dice showing a face, or rolled (no face), up to the dice limit.
    Die {
        /// The face; none to roll.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<DieFace>,
        /// How many.
        #[serde(default = "one")]
        count: u8,
    },
    /// A side loses one die showing one of the faces (any face when empty); you pick the face.
    LoseDie {
        /// Whose die.
        whose: Whose,
        /// Allowed faces.
        #[serde(default)]
        faces: Vec<DieFace>,
    },
    /// Spend one of your dice showing one of the faces (a cost: the ability needs it).
    Spend {
        /// Allowed faces.
        faces: Vec<DieFace>,
    },
    /// Spend as many dice of a face as you like, resolving `each` for every die spent.
    SpendEach {
        /// The face.
        face: DieFace,
        /// What each die spent does.
        each: Vec<Effect>,
    },
    /// Turn up to `up_to` of your dice showing one of `from` to one of `to`.
    Convert {
        /// Faces that may turn.
        from: Vec<DieFace>,
        /// Faces they may turn to.
        to: Vec<DieFace>,
        /// How many at most.
        up_to: u8,
    },
    /// Reroll dice.
    Reroll {
        /// Whose dice.
        whose: Whose,
        /// Only dice showing this face (any when none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<DieFace>,
        /// How many.
        count: RerollCount,
    },
    /// Choose one option (only options that can do something are offered).
    Choose {
        /// The options.
        options: Vec<Opt>,
    },
    /// You may resolve these effects (`use`), or not (`done`).
    Optional {
        /// In words.
        label: CardText,
        /// What it does.
        effects: Vec<Effect>,
    },
    /// Effects that resolve only when a condition holds.
    If {
        /// The condition.
        cond: Cond,
        /// When it holds.
        #[serde(default)]
        then: Vec<Effect>,
        /// When it does not.
        #[serde(default, rename = "else")]
        otherwise: Vec<Effect>,
    },
    /// The effects once for each counted thing.
    Repeat {
        /// The count.
        per: Per,
        /// The effects.
        effects: Vec<Effect>,
    },
    /// Your opponent resolves these effects and makes their choices ("his choice").
    Opponent {
        /// The effects, read from the opponent's side.
        effects: Vec<Effect>,
    },
    /// Rout one unit of a side (you pick which).
    Rout {
        /// Whose unit.
        whose: Whose,
        /// Which may be picked.
        #[serde(default)]
        filter: Filter,
    },
    /// Rout every matching unit of a side.
    RoutAll {
        /// Whose units.
        whose: Whose,
        /// Which.
        #[serde(default)]
        filter: Filter,
    },
    /// Rally one of your routed units.
    Rally,
    /// Rally all of your units.
    RallyAll,
    /// Destroy one unit of a side (you pick which).
    Destroy {
        /// Whose unit.
        whose: Whose,
        /// Which may be picked.
        #[serde(default)]
        filter: Filter,
    },
    /// Retreat one of your units (normal retreat rules; it is routed afterwards).
    Retreat,
    /// Place a free unit: the first listed type that fits the area (ground unit on a world,
    /// ship in a void) and is in your supply.
    PlaceUnit {
        /// Candidate types.
        units: Vec<UnitType>,
        /// Where.
        at: PlaceAt,
    },
    /// Put a free reinforcement token into this combat with your units.
    Reinforcement,
    /// Replace one of your units (or reinforcement tokens) in this combat with a free unit,
    /// placed unrouted.
    Replace {
        /// Types that may be replaced.
        from: Vec<UnitType>,
        /// Whether a reinforcement token may be replaced.
        #[serde(default)]
        tokens: bool,
        /// The free unit.
        to: UnitType,
    },
    /// Bring one of your unrouted units from another world onto the contested world.
    MoveIn {
        /// Which may come.
        #[serde(default)]
        filter: Filter,
        /// Its command level may not exceed your Cultists in this system (Chaos United).
        #[serde(default)]
        level_up_to_cultists: bool,
    },
    /// Move one of your unrouted units out of the combat to an adjacent area that is friendly
    /// or uncontrolled.
    MoveOut,
    /// Look at the card your opponent placed face down.
    LookAtCard,
    /// A lasting effect on your side.
    Lasting {
        /// The effect.
        modifier: Modifier,
    },
    /// A side discards one of its face-up combat cards (you pick which).
    DiscardFaceUp {
        /// Whose card.
        whose: Whose,
    },
    /// A side discards one card at random from its hand.
    DiscardFromHand {
        /// Whose hand.
        whose: Whose,
    },
    /// Draw one combat card into your hand.
    DrawCard,
    /// Play one more combat card from your hand: it adds only its icons.
    ExtraCard,
    /// Your opponent discards the top card of his combat deck; you gain its icons until this
    /// execution round ends.
    TopDeckIcons,
    /// A card resolved by its own code.
    Handler {
        /// Which.
        name: Handler,
    },
    /// (Internal) Ambush: spend a morale die to keep this routed unit, or it is destroyed.
    AmbushSave {
        /// The routed unit.
        piece: Piece,
    },
    /// (Internal) Smasher Gargant: spend this many more dice, or the unit is destroyed.
    SaveOrDestroy {
        /// The unit.
        piece: Piece,
        /// Dice still to spend.
        dice: u8,
    },
    /// (Internal) Wave Serpent: the area chosen and the units moved so far.
    WaveSerpentMoving {
        /// The destination once chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<crate::engine::state::ids::AreaId>,
    },
    /// (Internal) Farsight: take all your units out of the combat and put them in one
    /// friendly area of the contested area's kind.
    Farsight,
    /// (Internal) Teer It Down!: destroy a structure on the contested world.
    RazeHere,
    /// (Internal) Gitz Dem!: destroy this routed enemy unit.
    DestroyPiece {
        /// The routed unit (of the side resolving the effect's opponent).
        piece: Piece,
    },
}

fn one() -> u8 {
    1
}

/// One effect waiting to resolve and the side resolving it ("you").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The side the effect speaks as; it makes the choices.
    pub role: CombatRole,
    /// The effect, shared rather than owned: a combat's state is copied with every action
    /// and every look-ahead, and the effects waiting in it are whole trees from the card data
    /// that rarely change (#26). A step about to resolve takes its own copy only if shared.
    #[serde(with = "shared_effect")]
    #[schemars(with = "Effect")]
    pub effect: std::sync::Arc<Effect>,
}

/// A shared effect reads and writes as the effect itself, so saves are unchanged.
mod shared_effect {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Effect;

    pub(super) fn serialize<S: Serializer>(
        effect: &Arc<Effect>,
        out: S,
    ) -> Result<S::Ok, S::Error> {
        effect.as_ref().serialize(out)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        input: D,
    ) -> Result<Arc<Effect>, D::Error> {
        Effect::deserialize(input).map(Arc::new)
    }
}

impl Step {
    /// The effect `effect` waiting to resolve, with `role` making its choices.
    #[must_use]
    pub fn new(role: CombatRole, effect: Effect) -> Step {
        Step {
            role,
            effect: std::sync::Arc::new(effect),
        }
    }
}

/// A card ability being resolved (or an interruption such as an Ambush save).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(clippy::struct_excessive_bools)]
pub struct Pending {
    /// The card.
    pub card: CardName,
    /// Who played it.
    pub owner: CombatRole,
    /// Whether the unit (brown) ability, whose requisite is checked when it starts.
    #[serde(default)]
    pub unit: bool,
    /// Whether the owner has agreed to resolve it (or must).
    #[serde(default)]
    pub accepted: bool,
    /// Whether the ability says "must": it is not optional.
    #[serde(default)]
    pub must: bool,
    /// Whether `card` is a scheme (event card) its owner may discard to resolve it (`use-event`
    /// / `done`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub scheme: bool,
    /// The effects still to resolve, the next first.
    pub todo: Vec<Step>,
}
