//! Which decisions are a formality: a question with one answer that a front end may answer
//! for the player without asking him ([`Game::formal_action`]). It is a rule about fairness
//! and hidden information, so the engine answers it and every front end only asks.
//!
//! A decision is a formality when asking could give the player nothing to look at, weigh or
//! regret: it has exactly one legal action, and taking it
//! - shows no seat anything hidden (no order token turned up, not even the player's only
//!   one; no card drawn, looked at or shown), rolls no dice and shuffles nothing, and leaves
//!   every other seat's private holdings as they were: the conditions under which an action
//!   may be taken back ([`Game::can_undo_from_at`]), so the player's own last choice before it
//!   can still be taken back together with it;
//! - places no order token (a plan is the player's own, never made for him, even when only
//!   one place is left);
//! - starts no combat (the `done` that starts one is a commitment the client asks about);
//! - does not end the game.
//!
//! Typical formalities: `done` ending a step with nothing left to do (no structure, ship or
//! ground unit to move or buy, no upgrade affordable), `resolve` when the order cannot go to
//! the event deck, the only unit the next damage can hit, the only area to retreat to.

use crate::engine::rules::Game;
use crate::engine::rules::privacy::Keyboard;
use crate::engine::state::action::Action;

impl Game {
    /// The action of the decision now, when the decision is a formality a front end may take
    /// for the deciding player without asking (see the module's comment); `None` when he must
    /// be asked (more than one legal action, or the only one shows or commits something).
    #[must_use]
    pub fn formal_action(&self) -> Option<Action> {
        let seat = self.decision()?.seat;
        let legal = self.legal_actions();
        let [only] = legal[..] else {
            return None;
        };
        if matches!(only, Action::Place { .. }) {
            return None;
        }
        let mut after = self.clone();
        after.apply(only).ok()?;
        if self.combat().is_none() && after.combat().is_some() {
            return None;
        }
        // The take-back rule, with the keyboard still the player's: nothing shown, rolled or
        // shuffled, nobody else's holdings changed, the game not over.
        after
            .can_undo_from_at(self, seat, Keyboard::WithActor)
            .is_ok()
            .then_some(only)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests fail loudly")]
mod tests {
    use super::*;
    use crate::engine::data::GameData;
    use crate::engine::rules::NewGameOptions;
    use crate::engine::rules::privacy::HiddenFact;
    use crate::engine::state::phase::{OpStep, Phase};
    use crate::engine::state::setup_phase::SetupKind;

    fn game(seed: u64) -> Game {
        Game::new(
            &NewGameOptions {
                players: 2,
                factions: None,
                seed,
                setup: SetupKind::Intro,
            },
            std::sync::Arc::new(GameData::embedded().unwrap()),
        )
        .unwrap()
    }

    /// Plays `game` on with the first legal action until `stop` holds (or the game ends).
    fn until(game: &mut Game, stop: impl Fn(&Game) -> bool) -> bool {
        for _ in 0..2000 {
            if stop(game) {
                return true;
            }
            let Some(first) = game.legal_actions().first().copied() else {
                return false;
            };
            game.apply(first).unwrap();
        }
        false
    }

    #[test]
    fn placing_an_order_token_is_never_a_formality() {
        let g = game(3);
        assert!(matches!(g.legal_actions()[0], Action::Place { .. }));
        assert_eq!(g.formal_action(), None);
    }

    #[test]
    fn a_decision_with_several_actions_is_never_a_formality() {
        let mut g = game(4);
        let mut seen = 0;
        for _ in 0..400 {
            if g.decision().is_none() {
                break;
            }
            if g.legal_actions().len() > 1 {
                assert_eq!(g.formal_action(), None);
                seen += 1;
            }
            let first = g.legal_actions()[0];
            g.apply(first).unwrap();
        }
        assert!(seen > 50);
    }

    #[test]
    fn revealing_the_only_order_token_is_not_a_formality_it_shows_the_table_its_face() {
        let mut g = game(5);
        let found = until(&mut g, |g| {
            matches!(
                g.position().phase,
                Phase::Operations {
                    step: OpStep::Reveal,
                    ..
                }
            ) && g.legal_actions().len() == 1
        });
        assert!(found, "no reveal with one token in the game");
        if matches!(g.legal_actions()[0], Action::Reveal { .. }) {
            assert_eq!(g.formal_action(), None);
        }
    }

    #[test]
    fn a_formality_shows_nothing_rolls_nothing_and_may_be_taken_back() {
        let mut formal = 0;
        for seed in 1..6 {
            let mut g = game(seed);
            for _ in 0..600 {
                let Some(d) = g.decision() else { break };
                if let Some(only) = g.formal_action() {
                    formal += 1;
                    assert_eq!(g.legal_actions(), vec![only]);
                    let mut after = g.clone();
                    after.apply(only).unwrap();
                    assert_eq!(g.position().rng, after.position().rng, "dice rolled");
                    assert!(after.decision().is_some(), "the game ended");
                    assert!(
                        g.combat().is_some() || after.combat().is_none(),
                        "a combat began"
                    );
                    for viewer in std::iter::once(None).chain(g.seats().map(Some)) {
                        let own = viewer.map(|s| g.faction(s));
                        let shown: Vec<_> = g
                            .hidden_from(viewer)
                            .shown_by(&after.hidden_from(viewer))
                            .into_iter()
                            .filter(|f| !matches!(f, HiddenFact::Order(o, _) if Some(*o) == own))
                            .collect();
                        assert!(shown.is_empty(), "{only} by {} showed {shown:?}", d.seat);
                    }
                }
                let first = g.legal_actions()[0];
                g.apply(first).unwrap();
            }
        }
        assert!(formal > 0, "no formality met in five games");
    }
}
