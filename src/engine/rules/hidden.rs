//! Re-dealing hidden information: a game that looks the same to one seat, with everything that
//! seat cannot see (other players' face-down orders, combat hands and chosen cards, deck orders,
//! drawn event cards, the random generator) dealt anew at random. Players the computer plays
//! (and the combat odds) think about such games, so they never use what they may not know.
//! [`Game::as_known_to`] is the checker's form of it: a re-deal seeded from the seat's own view,
//! so whatever is worked out on it rests on that view alone.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::Game;
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{Seat, SystemId};
use crate::engine::state::phase::{OpStep, Phase, RefreshStep};
use crate::engine::state::position::PlacedOrder;

impl Game {
    /// This game as `viewer` sees it (`None`: a spectator), with every hidden thing re-dealt
    /// from what he may know, using `seed`: each other player's order tokens whose face the
    /// viewer cannot see (face down on the stacks, on his event deck, still to place) swap
    /// orders among themselves; his combat hand and chosen
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
        // The token on top of this stack was just revealed: everybody saw it.
        let revealed = match &pos.phase {
            Phase::Operations {
                step: OpStep::Revealed { system, .. },
                ..
            } => Some(*system),
            _ => None,
        };
        // Combat hands and chosen cards of the sides the viewer does not play.
        let mut combat_cards: Vec<(usize, CombatRole, usize, bool)> = Vec::new();
        if let Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } = &mut pos.phase
        {
            for role in [CombatRole::Attacker, CombatRole::Defender] {
                // A face-down card the viewer looked at (Reconnaissance) is known to him; one
                // the other side looked at in a fight the viewer watches is not.
                let other = c.side(role.other());
                let peeked =
                    other.saw_card && other.faction.is_some() && other.faction == viewer_faction;
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
            step: RefreshStep::ChooseEvent { drawn } | RefreshStep::Tactic { drawn, .. },
        } = &mut pos.phase
            && Some(*turn) != viewer
            && !drawn.is_empty()
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
            // Tokens whose order the viewer cannot see: those face down on the stacks (not
            // the one just revealed), on the event deck, and those still to place.
            let faction = p.faction;
            let hidden = |system: &SystemId, i: usize, stack: &[PlacedOrder]| {
                stack.get(i).is_some_and(|t| t.owner == faction)
                    && !(i + 1 == stack.len() && revealed == Some(*system))
            };
            let mut orders: Vec<_> = pos
                .stacks
                .iter()
                .flat_map(|(system, stack)| {
                    (0..stack.len())
                        .filter(|&i| hidden(system, i, stack))
                        .map(|i| stack[i].order)
                })
                .chain(p.event_tokens.iter().copied())
                .chain(p.orders.iter().copied())
                .collect();
            orders.sort();
            orders.shuffle(&mut rng);
            let mut it = orders.into_iter();
            for (system, stack) in &mut pos.stacks {
                for i in 0..stack.len() {
                    if hidden(system, i, stack)
                        && let Some(o) = it.next()
                    {
                        stack[i].order = o;
                    }
                }
            }
            for o in p.event_tokens.iter_mut().chain(p.orders.iter_mut()) {
                if let Some(x) = it.next() {
                    *o = x;
                }
            }
            if let Some((seat, n)) = drawn_back
                && seat == i
                && let Phase::Refresh {
                    step: RefreshStep::ChooseEvent { drawn } | RefreshStep::Tactic { drawn, .. },
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

    /// The game as `viewer` may know it, to work on in his name (`check --as`): everything
    /// hidden from him dealt again ([`Game::redeal_hidden`]) with a seed drawn from his own
    /// view, so two games he cannot tell apart give the same game, dice and draws included.
    /// The history is dropped (it names other seats' face-down orders): the result starts
    /// here. With `generator`, the random generator then starts from that seed instead (a
    /// seed the asker chose is no secret), so its dice are those the same seed rolls on the
    /// real game.
    #[must_use]
    pub fn as_known_to(&self, viewer: Seat, generator: Option<u64>) -> Game {
        let mut game = self.redeal_hidden(Some(viewer), view_seed(self, viewer));
        if let Some(seed) = generator {
            game.pos.rng = ChaCha8Rng::seed_from_u64(seed);
        }
        game.history.clear();
        game.start = std::sync::Arc::new(game.pos.clone());
        game
    }
}

/// A seed that depends on nothing but what `viewer` sees: a hash (FNV-1a) of his view as JSON.
fn view_seed(game: &Game, viewer: Seat) -> u64 {
    // The view is plain data; writing it cannot fail, and an empty text would still hash.
    let bytes = serde_json::to_vec(&game.view(Some(viewer))).unwrap_or_default();
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}
