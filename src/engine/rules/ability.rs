//! The ability a combat asks its owner to resolve or skip now, as a typed fact: which card and
//! which of its parts. A combat card's general and unit abilities are asked one after the
//! other with the same kind of decision ([`super::DecisionKind::CardAbility`]); the words of
//! this fact tell them apart (#32).

use std::fmt;

use serde::Serialize;

use crate::engine::rules::Game;
use crate::engine::state::card_name::CardName;

/// Which part of a card the pending ability is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbilityPart {
    /// A combat card's general ability (no requisite).
    General,
    /// A combat card's unit ability (its requisite unit is in the combat).
    Unit,
    /// A scheme (event card) face up in its owner's play area, discarded to use it in the
    /// combat.
    Scheme,
}

/// The ability whose owner decides now whether to resolve it (`use` / `use-event`) or not
/// (`done`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingAbility {
    /// The card that has the ability.
    pub card: CardName,
    /// Which part of the card.
    pub part: AbilityPart,
}

impl fmt::Display for PendingAbility {
    /// The question in the words of the seat that decides (other seats' screens put it in the
    /// third person).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = &self.card;
        match self.part {
            AbilityPart::General => {
                write!(f, "resolve {card}'s general ability (done to skip it)")
            }
            AbilityPart::Unit => write!(f, "resolve {card}'s unit ability (done to skip it)"),
            AbilityPart::Scheme => {
                write!(f, "use your scheme {card} in this combat (done to keep it)")
            }
        }
    }
}

impl Game {
    /// The ability a combat asks its owner to resolve or skip now. Every seat may read it: a
    /// combat card's abilities are asked after the card is turned face up, and a scheme lies
    /// face up in its owner's play area until used. `None` when no such decision is pending,
    /// and never a card that is not face up (a hidden card is not named).
    #[must_use]
    pub fn pending_ability(&self) -> Option<PendingAbility> {
        let c = self.combat()?;
        let p = c.pending.first().filter(|p| !p.accepted)?;
        let (part, face_up) = if p.scheme {
            let owner = self.seat_of(Self::side_faction(c, p.owner))?;
            let in_play = self.player(owner).schemes.contains(&p.card);
            (AbilityPart::Scheme, in_play)
        } else {
            let part = if p.unit {
                AbilityPart::Unit
            } else {
                AbilityPart::General
            };
            (part, c.side(p.owner).played.contains(&p.card))
        };
        face_up.then(|| PendingAbility {
            card: p.card.clone(),
            part,
        })
    }
}
