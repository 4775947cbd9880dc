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
