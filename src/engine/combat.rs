//! The state of a combat or orbital strike in progress: dice, hands, face-up cards, combat
//! tokens, reinforcement tokens and the step being decided. It is part of the saved position,
//! so a game saved mid-combat resumes mid-combat.

use serde::{Deserialize, Serialize};

use super::data::DieFace;
use super::ids::{AreaId, Faction, SystemId};

/// One side of a combat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatSide {
    /// The faction.
    pub faction: Option<Faction>,
    /// The dice, each showing a face (at most eight).
    #[serde(default)]
    pub dice: Vec<DieFace>,
    /// The hidden hand of combat cards.
    #[serde(default)]
    pub hand: Vec<String>,
    /// The card chosen face down this execution round.
    #[serde(default)]
    pub chosen: Option<String>,
    /// Cards played face up (their icons count until the combat ends).
    #[serde(default)]
    pub played: Vec<String>,
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
}

/// Which side of a combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatRole {
    /// The player who moved units into the contested area.
    Attacker,
    /// The player who had units or structures there before.
    Defender,
}

impl CombatRole {
    /// The other side.
    #[must_use]
    pub fn other(self) -> CombatRole {
        match self {
            CombatRole::Attacker => CombatRole::Defender,
            CombatRole::Defender => CombatRole::Attacker,
        }
    }
}

/// The step of a combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The loser retreats all his units to one area.
    Retreat {
        /// Who retreats.
        side: CombatRole,
    },
}

/// A combat in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// What is being decided.
    pub step: CombatStep,
    /// The winner once decided.
    #[serde(default)]
    pub winner: Option<CombatRole>,
}

impl CombatState {
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
}

/// An orbital strike in progress: the world owner assigns the damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
