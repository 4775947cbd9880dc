//! What a purchase costs and which cards it names, as the engine will apply it: the answers a
//! client shows beside a buy action, so it never works out a price or a card itself.

use super::{Action, Game, Price, distinct_cards};
use crate::engine::state::card_name::CardName;

/// The cards an upgrade purchase names: the one bought and, for a combat upgrade, the pair of
/// starting or older cards it returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpgradeCards<'a> {
    /// The card bought.
    pub bought: &'a str,
    /// The card returned to the upgrade deck (combat upgrades only).
    pub returned: Option<&'a str>,
}

impl Game {
    /// What the deciding player pays if he takes `action` now, with every discount that applies
    /// (a cache token, what is left of a Warboss discount, a tactic's lower price): `None` for
    /// an action that buys nothing or is not legal now.
    #[must_use]
    pub fn price(&self, action: Action) -> Option<Price> {
        if !matches!(
            action,
            Action::BuyUnit { .. }
                | Action::BuildStructure { .. }
                | Action::BuyOrderUpgrade { .. }
                | Action::BuyCombatUpgrade { .. }
        ) {
            return None;
        }
        let seat = self.decision()?.seat;
        if !self.list_legal_actions().contains(&action) {
            return None;
        }
        // The price is what applying the purchase takes from the buyer: the rule that applies
        // it is the one that knows every discount.
        let mut after = self.clone();
        after.apply_unchecked(action, &mut Vec::new());
        let (b, a) = (self.player(seat), after.player(seat));
        Some(Price {
            materiel: b.materiel.saturating_sub(a.materiel),
            forge: b.assets.forge.saturating_sub(a.assets.forge),
            cache: b.assets.cache.saturating_sub(a.assets.cache),
        })
    }

    /// The cards an upgrade purchase of the deciding player names (`None` for another action or
    /// a number beyond his decks).
    #[must_use]
    pub fn upgrade_cards(&self, action: Action) -> Option<UpgradeCards<'_>> {
        let p = self.player(self.decision()?.seat);
        match action {
            Action::BuyOrderUpgrade { card } => Some(UpgradeCards {
                bought: nth(&p.order_upgrade_deck.iter().collect::<Vec<_>>(), card)?,
                returned: None,
            }),
            Action::BuyCombatUpgrade { card, replace } => Some(UpgradeCards {
                bought: nth(&distinct_cards(&p.combat_upgrades), card)?,
                returned: Some(nth(&distinct_cards(&p.combat_deck), replace)?),
            }),
            _ => None,
        }
    }
}

/// The `i`-th (1-based) name of a list.
fn nth<'a>(list: &[&'a CardName], i: u8) -> Option<&'a str> {
    usize::from(i)
        .checked_sub(1)
        .and_then(|i| list.get(i).map(|c| c.as_str()))
}
