//! The state of a combat or orbital strike in progress: dice, hands, face-up cards, combat
//! tokens, reinforcement tokens and the step being decided. It is part of the saved position,
//! so a game saved mid-combat resumes mid-combat.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::state::card_name::CardName;
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::ids::{AreaId, Faction, SystemId};
use crate::engine::state::unit_type::UnitType;

/// One side of a combat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatSide {
    /// The faction.
    pub faction: Option<Faction>,
    /// The dice, each showing a face (at most eight).
    #[serde(default)]
    pub dice: Vec<DieFace>,
    /// The hidden hand of combat cards.
    #[serde(default)]
    pub hand: Vec<CardName>,
    /// The card chosen face down this execution round.
    #[serde(default)]
    pub chosen: Option<CardName>,
    /// Cards played face up (their icons count until the combat ends).
    #[serde(default)]
    pub played: Vec<CardName>,
    /// Offence combat tokens (returned at the end of each execution round).
    #[serde(default)]
    pub offence_tokens: u8,
    /// Defence combat tokens (returned at the end of each execution round).
    #[serde(default)]
    pub defence_tokens: u8,
    /// Reinforcement tokens in the fight: `true` for a routed one.
    #[serde(default)]
    pub reinforcements: Vec<bool>,
    /// Whether this side has decided its reinforcements.
    #[serde(default)]
    pub reinforced: bool,
    /// Cards discarded during this combat, as every player saw them (Discarding Cards: a
    /// discarded card is revealed, then shuffled back into its owner's deck at once). Only a
    /// record for the views and the log: the cards themselves are in the deck already.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed: Vec<CardName>,
    /// Cards an older version set aside when discarded, out of the deck until the combat
    /// ended. Read from older saves only: loading a position shuffles them into the deck and
    /// records them in `revealed` (`Game::from_position`), so it is empty in every game.
    #[serde(default, rename = "discarded", skip_serializing_if = "Vec::is_empty")]
    pub set_aside: Vec<CardName>,
    /// Lasting card effects on this side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<crate::engine::state::effect::Lasting>,
    /// Whether this side looked at the opponent's face-down card this round (Reconnaissance).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub saw_card: bool,
    /// How units entered the combat: one entry per unit of this side that an effect other
    /// than the Advance put into the contested area (a free unit, a unit a card brought from
    /// elsewhere, the unit Mark of Tzeentch swaps in). The other units moved in by the Advance
    /// (or were there before, for the defender). An attacker's placed units cannot retreat and
    /// are destroyed when he retreats (Retreats). When a unit of a type leaves the area in any
    /// other way than a retreat, a placed one of that type goes first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<UnitType>,
}

/// How the last combat fought ended: the result the combat itself decided, whoever is left in
/// the area afterwards (an estimate or a report reads the winner here, not from the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatOutcome {
    /// The contested area.
    pub area: AreaId,
    /// The attacking faction.
    pub attacker: Faction,
    /// The defending faction.
    pub defender: Faction,
    /// The side that won; `None` when both sides were wiped out.
    pub winner: Option<CombatRole>,
}

/// The step of a combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CombatStep {
    /// Attacker, then defender, commit reinforcement tokens.
    Reinforce {
        /// Who decides.
        side: CombatRole,
    },
    /// Attacker, then defender, choose a card face down.
    ChooseCard {
        /// Who decides.
        side: CombatRole,
    },
    /// A side assigns damage, one unit or bastion at a time.
    AssignDamage {
        /// Who suffers.
        side: CombatRole,
        /// Damage left to assign.
        remaining: u8,
    },
    /// The face-up card of a side resolves its abilities (attacker's first).
    Resolve {
        /// Whose card.
        side: CombatRole,
    },
    /// The loser retreats all his units to one area.
    Retreat {
        /// Who retreats.
        side: CombatRole,
    },
}

/// A combat in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatState {
    /// The contested area.
    pub area: AreaId,
    /// The active system of the order that started it.
    pub system: SystemId,
    /// The attacker's side.
    pub attacker: CombatSide,
    /// The defender's side.
    pub defender: CombatSide,
    /// Areas the attacking units moved from (where the attacker may retreat).
    #[serde(default)]
    pub attack_origins: Vec<AreaId>,
    /// Execution round 1-3 (0 while preparing).
    pub round: u8,
    /// What is being decided (named apart from the `step` tag of the operations step that
    /// holds the combat).
    #[serde(rename = "combat_step")]
    pub step: CombatStep,
    /// The winner once decided.
    #[serde(default)]
    pub winner: Option<CombatRole>,
    /// Card abilities being resolved, the current one first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<crate::engine::state::effect::Pending>,
    /// Whether the extra assess damage step of this execution round has begun.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub second_assess: bool,
    /// Whether the schemes used when an assess damage step begins were offered (Adeptus
    /// Mechanicus, Emperor's Champion, Farsight).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assess_begun: bool,
    /// Whether the schemes used when an assess damage step ends were offered (Seduced by
    /// Chaos, Teer It Down!).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assess_ended: bool,
    /// The area a card moved units of this combat into where enemies stand (Wave Serpent): a
    /// new combat is fought there once this one ends, the mover attacking. At most one per
    /// combat (Card Clarifications).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_combat: Option<NextCombat>,
}

/// A combat a card started during another one, fought when that one ends (Wave Serpent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NextCombat {
    /// The newly contested area.
    pub area: AreaId,
    /// The faction that moved in: the attacker there. All his units there were put there by
    /// the card, not by an Advance (Retreats).
    pub attacker: Faction,
}

impl CombatState {
    /// What the position holds while an action on this combat is applied: the combat itself is
    /// taken out to be changed and stored back when the action is done, instead of copied with
    /// every card, die and effect (#26). Until then the rules may look at the position and see
    /// what they read mid-action: that a combat is fought (an order upgrade after an Advance,
    /// Corsair Raid, asks), where, at which step, and the reinforcement tokens it keeps out of
    /// the supply (`Game::assets_in_supply`). Hands, dice, cards in play, lasting effects and
    /// pending effects are left empty: nothing reads them from the position mid-action.
    #[must_use]
    pub(crate) fn stand_in(&self) -> CombatState {
        let side = |s: &CombatSide| CombatSide {
            faction: s.faction,
            offence_tokens: s.offence_tokens,
            defence_tokens: s.defence_tokens,
            reinforcements: s.reinforcements.clone(),
            reinforced: s.reinforced,
            saw_card: s.saw_card,
            ..CombatSide::default()
        };
        CombatState {
            area: self.area,
            system: self.system,
            attacker: side(&self.attacker),
            defender: side(&self.defender),
            attack_origins: Vec::new(),
            round: self.round,
            step: self.step.clone(),
            winner: self.winner,
            pending: Vec::new(),
            second_assess: self.second_assess,
            assess_begun: self.assess_begun,
            assess_ended: self.assess_ended,
            next_combat: self.next_combat,
        }
    }

    /// One side by role.
    #[must_use]
    pub fn side(&self, role: CombatRole) -> &CombatSide {
        match role {
            CombatRole::Attacker => &self.attacker,
            CombatRole::Defender => &self.defender,
        }
    }

    /// One side by role, to change.
    pub fn side_mut(&mut self, role: CombatRole) -> &mut CombatSide {
        match role {
            CombatRole::Attacker => &mut self.attacker,
            CombatRole::Defender => &mut self.defender,
        }
    }

    /// Notes that an effect other than the Advance put a unit of a side into the contested
    /// area.
    pub fn note_placed(&mut self, role: CombatRole, unit: UnitType) {
        self.side_mut(role).placed.push(unit);
    }

    /// Notes that a unit of a side left the contested area (destroyed, moved out) otherwise
    /// than by a retreat: a placed one of its type, if any, is the one that left.
    pub fn note_left(&mut self, role: CombatRole, unit: UnitType) {
        let placed = &mut self.side_mut(role).placed;
        if let Some(i) = placed.iter().position(|u| *u == unit) {
            placed.remove(i);
        }
    }

    /// How many units of a type of a side were placed by an effect other than the Advance.
    #[must_use]
    pub fn placed_count(&self, role: CombatRole, unit: UnitType) -> usize {
        self.side(role)
            .placed
            .iter()
            .filter(|u| **u == unit)
            .count()
    }
}

/// An orbital strike in progress: the world owner assigns the damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrbitalStrikeState {
    /// The active system.
    pub system: SystemId,
    /// The void the ships fire from.
    pub void: AreaId,
    /// The target world.
    pub world: AreaId,
    /// The dice rolled.
    pub dice: Vec<DieFace>,
    /// Damage left to assign.
    pub remaining: u8,
}

/// Die faces set by hand for the next rolls, so a player can replay the exact roll from the
/// table (`herakon check --dice attacker=OODM,defender=DDM`). The next roll of a side takes its
/// faces from the front of that side's list (faces missing are rolled, extra ones are dropped),
/// and empties the list. In an orbital strike the striking player rolls as the attacker.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedDice {
    /// The attacker's next roll.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacker: Vec<DieFace>,
    /// The defender's next roll.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defender: Vec<DieFace>,
}

impl ForcedDice {
    /// Whether no face is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.attacker.is_empty() && self.defender.is_empty()
    }

    /// Takes the faces set for one side's next roll, leaving none.
    pub fn take(&mut self, role: CombatRole) -> Vec<DieFace> {
        match role {
            CombatRole::Attacker => std::mem::take(&mut self.attacker),
            CombatRole::Defender => std::mem::take(&mut self.defender),
        }
    }
}
