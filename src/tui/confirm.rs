//! The questions the client asks before an action whose slip would be costly and final (the
//! only ones it asks; quitting has its own box): placing an order token on top of one's own
//! face-down token, which buries it, and the `done` that starts a combat. Everything else is
//! done at once, and a slip is taken back with `u` where the engine allows it.

use crate::engine::{Action, Game};

/// The question to ask the deciding seat before `action`, or `None` when it is done at once.
/// The question tells only what that seat may know: its own token's face and public facts.
#[must_use]
pub fn question(game: &Game, action: Action) -> Option<String> {
    let seat = game.decision()?.seat;
    let me = game.faction(seat);
    match action {
        Action::Place { order, system } => {
            let top = game.position().stacks.get(&system)?.last()?;
            // Only one's own token just below matters: a token already under another
            // player's is buried whatever is placed now.
            (top.owner == me).then(|| {
                format!(
                    "Place {order} on {system}, on top of your own {} there? It buries that \
                     token: it cannot be revealed until the one on top is gone.",
                    top.order
                )
            })
        }
        Action::Done if game.combat().is_none() => {
            let mut after = game.clone();
            after.apply(action).ok()?;
            // Whether a combat starts is public (it follows from where the units stand),
            // so trying it on a copy tells the seat nothing it would not see at once.
            let combat = after.combat()?;
            let foe = [combat.attacker.faction, combat.defender.faction]
                .into_iter()
                .flatten()
                .find(|f| *f != me)
                .map_or_else(String::new, |f| format!(" against {}", f.name()));
            Some(format!(
                "Done: this starts a combat at {}{foe}, and it cannot be taken back. Go on?",
                combat.area
            ))
        }
        _ => None,
    }
}
