//! A player's starting hand, the same whichever way the board is set up (the introductory
//! setup and a constructed board both deal it): Rules Reference, "Setup", steps 2 and 3.

use rand_chacha::ChaCha8Rng;

use crate::engine::data::GameData;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Faction, Order};
use crate::engine::state::position::{AssetTokens, PlayerState};

/// A player's starting hand: 8 order tokens, shuffled event and combat decks, upgrade decks,
/// materiel and assets from the faction sheet.
pub(crate) fn starting_player(
    faction: Faction,
    data: &GameData,
    rng: &mut ChaCha8Rng,
) -> PlayerState {
    use rand::seq::SliceRandom;
    let sheet = data.faction(faction);
    let each = usize::from(data.components.order_tokens_each);
    let orders = Order::ALL
        .iter()
        .flat_map(|&o| std::iter::repeat_n(o, each))
        .collect();
    let mut event_deck: Vec<CardName> = data
        .event_cards
        .iter()
        .filter(|c| c.faction == faction)
        .map(|c| c.name.clone())
        .collect();
    event_deck.shuffle(rng);
    let pairs = |start: bool| -> Vec<CardName> {
        data.combat_cards
            .iter()
            .filter(|c| c.faction == faction && c.level.is_none() == start)
            .flat_map(|c| [c.name.clone(), c.name.clone()])
            .collect()
    };
    let mut combat_deck = pairs(true);
    combat_deck.shuffle(rng);
    let asset = |a| sheet.initial_forces.assets.get(&a).copied().unwrap_or(0);
    PlayerState {
        faction,
        materiel: sheet.initial_forces.materiel,
        assets: AssetTokens {
            forge: asset(crate::engine::state::ids::Asset::Forge),
            cache: asset(crate::engine::state::ids::Asset::Cache),
            reinforcement: asset(crate::engine::state::ids::Asset::Reinforcement),
        },
        orders,
        event_tokens: Vec::new(),
        event_deck,
        schemes: Vec::new(),
        combat_deck,
        combat_upgrades: pairs(false),
        order_upgrade_deck: data
            .order_upgrades
            .iter()
            .filter(|c| c.faction == faction)
            .map(|c| c.name.clone())
            .collect(),
        order_upgrades: Vec::new(),
        used_upgrades: Vec::new(),
        objectives: 0,
        eliminated: false,
    }
}
