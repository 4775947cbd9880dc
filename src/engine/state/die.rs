//! The combat die's faces and the two sides of a combat: small words shared by the card data
//! (a card's ability names a side and a face), the combat in progress and the actions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A face of the combat die.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DieFace {
    /// Counts toward the damage dealt.
    Offence,
    /// Counts toward the damage prevented.
    Defence,
    /// Counts toward winning the combat.
    Morale,
}

/// Which side of a combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
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

/// Reads die faces written as letters, `O` offence, `D` defence, `M` morale (`OODM`; case,
/// spaces and commas do not matter).
///
/// # Errors
/// The first character that is no face.
pub fn parse_faces(text: &str) -> Result<Vec<DieFace>, String> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => Ok(DieFace::Offence),
            'D' => Ok(DieFace::Defence),
            'M' => Ok(DieFace::Morale),
            _ => Err(format!(
                "`{c}` in `{text}` is no die face (O offence, D defence, M morale)"
            )),
        })
        .collect()
}

/// Die faces as letters (`OODM`), the form [`parse_faces`] reads.
#[must_use]
pub fn faces_text(dice: &[DieFace]) -> String {
    dice.iter()
        .map(|d| match d {
            DieFace::Offence => 'O',
            DieFace::Defence => 'D',
            DieFace::Morale => 'M',
        })
        .collect()
}
