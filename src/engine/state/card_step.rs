//! The state of event card and order upgrade abilities in progress (`rules/events.rs`,
//! `rules/upgrades.rs`). Part of the saved position, so a game saved in the middle of an
//! ability resumes there.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::state::card_name::CardName;
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{AreaId, Order, SystemId};

/// Facts about the order being resolved that cards changed. Cleared when the order ends.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(clippy::struct_excessive_bools)]
pub struct CardFlags {
    /// The token really being resolved when a card changed the order (The Green Tide: a
    /// Strategize token resolved as another order), or `None` with `no_token` set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<Order>,
    /// The order was resolved without a token (Mob Up!): nothing goes back to the play area.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_token: bool,
    /// Ships may cross warp storms in this Advance (From the Warp, Through the Warp).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ships_cross_storms: bool,
    /// Ground units may cross warp storms in this Advance (Through the Warp).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ground_cross_storms: bool,
    /// Werk Fasta!: the structure was bought before the units.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub structure_first: bool,
    /// The after-order abilities (Dread Ritual, Corsair Raid) were offered already.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_order_done: bool,
    /// Warboss: materiel off this order's purchases still unused.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub discount: u8,
    /// Ork Roks: the uncontrolled void ground units of this Advance pass through as if it
    /// were friendly, once chosen by a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roks_void: Option<AreaId>,
    /// Ork Roks: how many units passed through `roks_void` (at most 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roks_units: u8,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl CardFlags {
    /// Whether nothing is set (skipped in saves).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == CardFlags::default()
    }
}

/// A card ability in progress in the Operations Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "ability", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CardStep {
    /// Dread Ritual: after the Deploy order, buy one unit in the active system.
    DreadRitual {
        /// The active system.
        system: SystemId,
    },
    /// An orbital strike that uses order upgrades or schemes.
    Strike(StrikeStep),
    /// Outmanoeuvre, when the Planning Phase ends: one of the holder's order tokens moves to
    /// the top or the bottom of its stack.
    Outmanoeuvre {
        /// The stack, once chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        system: Option<SystemId>,
        /// The token's place in the stack (1 = bottom), once chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<u8>,
    },
    /// A scheme used instead of revealing an order.
    Scheme {
        /// The scheme.
        card: CardName,
        /// The area units move from (Warp Gate), once chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<AreaId>,
        /// The area they move to (Warp Gate), once chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<AreaId>,
    },
}

/// Where an upgraded orbital strike stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StrikeStage {
    /// Choose the order upgrades to use, before rolling.
    Upgrades,
    /// Dice rolled: spend or change them with the upgrades and schemes used.
    Dice,
    /// Vicious Raids: reroll dice one at a time (done: gain a die).
    Reroll,
    /// Vicious Raids: gain one die showing the face of your choice.
    GainDie,
    /// Strafing Run: move ships to voids of one adjacent system.
    Strafe,
    /// The world's owner (or, Tactical Strikes, the striker first) assigns damage.
    Damage,
    /// Complete Destruction: the world's owner destroys one unit or structure there.
    Destroy,
}

/// An orbital strike with order upgrades or schemes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StrikeStep {
    /// The active system.
    pub system: SystemId,
    /// The void the ships fire from.
    pub void: AreaId,
    /// The target world.
    pub world: AreaId,
    /// The step.
    pub stage: StrikeStage,
    /// The order upgrades used for this strike.
    #[serde(default)]
    pub upgrades: Vec<CardName>,
    /// The dice (after rolling).
    #[serde(default)]
    pub dice: Vec<DieFace>,
    /// Dice rerolled by Vicious Raids (not rerolled again).
    #[serde(default)]
    pub rerolled: Vec<DieFace>,
    /// Abilities already used in this strike (card names).
    #[serde(default)]
    pub used: Vec<CardName>,
    /// Damage left to assign.
    #[serde(default)]
    pub remaining: u8,
    /// The striker assigns the next damage (Tactical Strikes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub striker_picks: bool,
    /// Strafing Run: the adjacent system the ships go to, once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strafe_to: Option<SystemId>,
}
