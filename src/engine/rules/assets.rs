//! Asset tokens (Rules Reference: Assets, Component Limitations): a player holds at most three
//! of each kind, and the supply holds twelve of each kind for all players together. Every gain
//! of a token, from a world, a card or an upgrade, is checked and made here.

use super::{Event, Game};
use crate::engine::rules::AssetSource;
use crate::engine::state::combat_state::CombatState;
use crate::engine::state::ids::{Asset, Seat};

impl Game {
    /// The tokens of a kind left in the supply: the box's count less those the players hold
    /// and, for reinforcement tokens, those committed to the combat in progress (they go back
    /// to the supply when it ends: ruling `committed-reinforcements-out-of-supply`).
    #[must_use]
    pub fn assets_in_supply(&self, asset: Asset) -> u8 {
        self.assets_in_supply_during(asset, self.combat())
    }

    /// `assets_in_supply` with the combat state being changed (`c`) instead of the stored one.
    pub(crate) fn assets_in_supply_during(&self, asset: Asset, c: Option<&CombatState>) -> u8 {
        let held: usize = self
            .pos
            .players
            .iter()
            .map(|p| usize::from(p.assets.get(asset)))
            .sum();
        let fighting = match (asset, c) {
            (Asset::Reinforcement, Some(c)) => {
                c.attacker.reinforcements.len() + c.defender.reinforcements.len()
            }
            _ => 0,
        };
        let total = usize::from(self.data.components.asset_tokens_each);
        u8::try_from(total.saturating_sub(held + fighting)).unwrap_or(u8::MAX)
    }

    /// Whether the seat may gain one token of a kind now: below the holding limit, and one is
    /// left in the supply.
    pub(crate) fn can_gain_asset(&self, seat: Seat, asset: Asset) -> bool {
        asset != Asset::Prosperity
            && self.player(seat).assets.get(asset) < self.data.components.max_assets_each
            && self.assets_in_supply(asset) > 0
    }

    /// Gains one token of a kind from the supply if the limits allow, logging what happened
    /// (`why` names the card or icon, if any). Returns whether it was gained.
    pub(crate) fn gain_asset(
        &mut self,
        seat: Seat,
        asset: Asset,
        why: Option<AssetSource>,
        log: &mut Vec<Event>,
    ) -> bool {
        let max = self.data.components.max_assets_each;
        if self.player(seat).assets.get(asset) >= max {
            log.push(Event::AssetsFull {
                faction: self.faction(seat),
                max,
                asset,
                why,
            });
            return false;
        }
        if self.assets_in_supply(asset) == 0 {
            log.push(Event::AssetSupplyEmpty {
                faction: self.faction(seat),
                asset,
                why,
            });
            return false;
        }
        if let Some(n) = self.player_mut(seat).assets.get_mut(asset) {
            *n += 1;
        }
        log.push(Event::AssetGained {
            faction: self.faction(seat),
            asset,
            why,
        });
        true
    }
}
