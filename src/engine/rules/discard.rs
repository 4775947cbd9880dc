//! Discarding Cards (ruling `discard-back-into-deck-at-once`): a combat card discarded during
//! a combat (from the hand, from the cards face up, or from the top of the deck) is revealed
//! to every player and then shuffled back into its owner's combat deck at once, so a draw
//! later in the same combat may find it. The reveal stays on record (`CombatSide::revealed`)
//! until the combat ends. Older saves set such cards aside until the combat's clean-up;
//! loading one puts them back here too.

use super::Game;
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::{CombatSide, CombatState};
use crate::engine::state::die::CombatRole;
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::Position;

impl Game {
    /// `card`, just discarded by `role` (its event logged by the caller), is recorded as
    /// revealed and shuffled into its owner's combat deck with the game's generator.
    pub(crate) fn discard_into_deck(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        card: CardName,
    ) {
        c.side_mut(role).revealed.push(card.clone());
        let Some(seat) = self.seat_of(Self::side_faction(c, role)) else {
            return;
        };
        let mut deck = std::mem::take(&mut self.player_mut(seat).combat_deck);
        deck.push(card);
        self.shuffle(&mut deck);
        self.player_mut(seat).combat_deck = deck;
    }
}

/// Moves the cards an older save set aside in a combat (`discarded` in its JSON) into their
/// owners' decks, shuffled with the position's generator, and records them as revealed: the
/// position this version would have reached. A position without such cards is unchanged.
pub(super) fn settle_set_aside(pos: &mut Position) {
    let Phase::Operations {
        step: OpStep::Combat(c),
        ..
    } = &mut pos.phase
    else {
        return;
    };
    for side in [&mut c.attacker, &mut c.defender] {
        settle_side(side, &mut pos.players, &mut pos.rng);
    }
}

fn settle_side(
    side: &mut CombatSide,
    players: &mut [crate::engine::state::position::PlayerState],
    rng: &mut rand_chacha::ChaCha8Rng,
) {
    use rand::seq::SliceRandom;
    if side.set_aside.is_empty() {
        return;
    }
    // A side whose faction has no seat keeps its cards here: the checker reports both.
    let Some(p) = players.iter_mut().find(|p| Some(p.faction) == side.faction) else {
        return;
    };
    let cards = std::mem::take(&mut side.set_aside);
    side.revealed.extend(cards.iter().cloned());
    p.combat_deck.extend(cards);
    p.combat_deck.shuffle(rng);
}
