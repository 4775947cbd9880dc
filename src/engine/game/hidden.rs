//! Re-dealing hidden information: a game that looks the same to one seat, with everything that
//! seat cannot see (other players' face-down orders, combat hands and chosen cards, deck orders,
//! drawn event cards, the random generator) dealt anew at random. Players the computer plays
//! (and the combat odds) think about such games, so they never use what they may not know.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::Game;
use crate::engine::combat::CombatRole;
use crate::engine::ids::Seat;
use crate::engine::phase::{OpStep, Phase, RefreshStep};

impl Game {
    /// This game as `viewer` sees it (`None`: a spectator), with every hidden thing re-dealt
    /// from what he may know, using `seed`: each other player's face-down order tokens (on the
    /// stacks and on his event deck) swap orders among themselves; his combat hand and chosen
    /// card are dealt again from his hand, chosen card (unless the viewer looked at it) and
    /// combat deck together; drawn event cards return to their deck before it is shuffled and
    /// dealt again; every combat deck and event deck is shuffled; and the game's random
    /// generator is reseeded. The result obeys every rule the original did, and two games that
    /// differ only in what `viewer` cannot see give the same result for the same seed.
    #[must_use]
    pub fn redeal_hidden(&self, viewer: Option<Seat>, seed: u64) -> Game {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = self.clone();
        let pos = &mut game.pos;
        let viewer_faction = viewer.map(|s| pos.players[s.index()].faction);
        // Combat hands and chosen cards of the sides the viewer does not play.
        let mut combat_cards: Vec<(usize, CombatRole, usize, bool)> = Vec::new();
        if let Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } = &mut pos.phase
        {
            for role in [CombatRole::Attacker, CombatRole::Defender] {
                // A face-down card the other side looked at (Reconnaissance) is known to it.
                let peeked = c.side(role.other()).saw_card;
                let side = c.side_mut(role);
                let Some(f) = side.faction else { continue };
                if Some(f) == viewer_faction {
                    continue;
                }
                let Some(i) = pos.players.iter().position(|p| p.faction == f) else {
                    continue;
                };
                let deck = &mut pos.players[i].combat_deck;
                let hand = side.hand.len();
                let chosen = side.chosen.is_some() && !peeked;
                deck.append(&mut side.hand);
                if chosen {
                    deck.extend(side.chosen.take());
                }
                combat_cards.push((i, role, hand, chosen));
            }
        }
        // Event cards drawn by another seat and not yet chosen.
        let mut drawn_back: Option<(usize, usize)> = None;
        if let Phase::Refresh {
            turn,
            step: RefreshStep::ChooseEvent { drawn },
        } = &mut pos.phase
            && Some(*turn) != viewer
        {
            let n = drawn.len();
            pos.players[turn.index()].event_deck.append(drawn);
            drawn_back = Some((turn.index(), n));
        }
        for (i, p) in pos.players.iter_mut().enumerate() {
            // Sorted first, so the result depends on what the decks hold, not on their order.
            p.combat_deck.sort();
            p.combat_deck.shuffle(&mut rng);
            p.event_deck.sort();
            p.event_deck.shuffle(&mut rng);
            if Some(p.faction) == viewer_faction {
                continue;
            }
            // Face-down tokens: those on the stacks and on the event deck.
            let faction = p.faction;
            let mut orders: Vec<_> = pos
                .stacks
                .values()
                .flatten()
                .filter(|t| t.owner == faction)
                .map(|t| t.order)
                .chain(p.event_tokens.iter().copied())
                .collect();
            orders.sort();
            orders.shuffle(&mut rng);
            let mut it = orders.into_iter();
            for t in pos.stacks.values_mut().flatten() {
                if t.owner == faction
                    && let Some(o) = it.next()
                {
                    t.order = o;
                }
            }
            for o in &mut p.event_tokens {
                if let Some(x) = it.next() {
                    *o = x;
                }
            }
            if let Some((seat, n)) = drawn_back
                && seat == i
                && let Phase::Refresh {
                    step: RefreshStep::ChooseEvent { drawn },
                    ..
                } = &mut pos.phase
            {
                let at = p.event_deck.len().saturating_sub(n);
                *drawn = p.event_deck.split_off(at);
            }
        }
        if let Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } = &mut pos.phase
        {
            for (i, role, hand, chosen) in combat_cards {
                let deck = &mut pos.players[i].combat_deck;
                let side = c.side_mut(role);
                if chosen {
                    side.chosen = deck.pop();
                }
                side.hand = deck.split_off(deck.len().saturating_sub(hand));
            }
        }
        pos.rng = ChaCha8Rng::seed_from_u64(rand::Rng::next_u64(&mut rng));
        game
    }
}
