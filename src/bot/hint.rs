//! A hint for a person (#31): what the `normal` player would do in the deciding seat's place,
//! and why, in one line.
//!
//! The hint is the `normal` level's own choice ([`super::levels::normal_tree`]), so it reads
//! only the deciding seat's view: it is worked out on a re-deal of what that seat cannot see,
//! and every iteration re-deals again. Its seed is fixed, not drawn from
//! the game: the same position seen by the same seat gives the same hint, whatever the hidden
//! facts are and however the position was reached.

use std::fmt;

use super::levels::normal_tree;
use super::tree::{Thought, Why};
use crate::engine::state::ids::Seat;
use crate::engine::{Action, Game};

/// The seed of every hint's search (fixed, so a hint depends on the position and the seat's
/// view only).
const HINT_SEED: u64 = 0x4109;

/// What the `normal` player would do for the seat that decides, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// The seat the hint is for (the deciding seat).
    pub seat: Seat,
    /// The action, legal for that seat, and why it was chosen.
    pub thought: Thought,
}

impl Hint {
    /// The hinted action's share of a mixed card strategy (0 when it is not in the mix).
    fn share_in(&self, mix: &[(Action, f64)]) -> f64 {
        mix.iter()
            .find(|(a, _)| *a == self.thought.action)
            .map_or(0.0, |(_, p)| *p)
    }

    /// The action hinted.
    #[must_use]
    pub fn action(&self) -> Action {
        self.thought.action
    }
}

/// The hint for the deciding seat of `game`; `None` when no seat decides (the game is over).
/// The search takes `normal`'s budget: a fraction of a second in a release build.
#[must_use]
pub fn hint(game: &Game) -> Option<Hint> {
    let seat = game.decision()?.seat;
    // The search starts from a re-deal of the seat's view, not from the game itself: the
    // others' hidden facts are not even in the copy it reads (the player re-deals again at
    // every iteration, so its choice is the same as from the game).
    let seen = game.redeal_hidden(Some(seat), HINT_SEED);
    let thought = normal_tree(HINT_SEED).think_seeded(&seen, HINT_SEED)?;
    Some(Hint { seat, thought })
}

impl Hint {
    /// The hint in short lines for a box (the one-line [`Display`](fmt::Display) does not fit
    /// an 80-column status line): what to do, then why, then the runner-up if any.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let pct = |x: f64| (x * 100.0).round();
        let mut out = vec![format!("It would: {}", self.thought.action)];
        match &self.thought.why {
            Why::Only => out.push("Why: it is your only legal action.".to_string()),
            Why::CardMix(mix) => {
                let share = self.share_in(mix);
                out.push(
                    "Why: a card drawn from a mix of your cards, so your play cannot be read."
                        .to_string(),
                );
                out.push(format!("This card is {:.0}% of the mix.", pct(share)));
            }
            Why::Searched {
                iterations,
                tries,
                mean,
                runner_up,
            } => {
                out.push(format!(
                    "Why: the most tried of {iterations} lines played out from what you can see."
                ));
                out.push(format!(
                    "Tried {tries} times, scoring {:.0} of 100.",
                    pct(*mean)
                ));
                if let Some((other, n, m)) = runner_up {
                    out.push(format!(
                        "Next most tried: {other} ({n} times, scoring {:.0}).",
                        pct(*m)
                    ));
                }
            }
        }
        out
    }
}

impl fmt::Display for Hint {
    /// One line: the action, then why.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |x: f64| (x * 100.0).round();
        write!(f, "hint (normal player): {}", self.thought.action)?;
        match &self.thought.why {
            Why::Only => f.write_str(": your only legal action"),
            Why::CardMix(mix) => {
                let share = self.share_in(mix);
                write!(
                    f,
                    ": drawn from a mix of your cards so your play cannot be read \
                     (this card {:.0}% of the mix)",
                    pct(share)
                )
            }
            Why::Searched {
                iterations,
                tries,
                mean,
                runner_up,
            } => {
                write!(
                    f,
                    ": the most tried of {iterations} lines played out from what you can see \
                     ({tries} tries, scoring {:.0} of 100",
                    pct(*mean)
                )?;
                match runner_up {
                    Some((other, n, m)) => write!(f, "; next {other}, {n} tries, {:.0})", pct(*m)),
                    None => f.write_str(")"),
                }
            }
        }
    }
}
