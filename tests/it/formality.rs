//! Which decisions are a formality (`Game::formal_action`, `src/engine/rules/formality.rs`): a
//! question with one answer that a front end may answer for the player. Never placing an order
//! token, never one of several actions, never revealing a token; a formality shows no hidden
//! fact, rolls nothing, starts no combat and does not end the game.
#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use herakon::engine::data::GameData;
use herakon::engine::rules::privacy::HiddenFact;
use herakon::engine::rules::{Game, NewGameOptions};
use herakon::engine::state::action::Action;
use herakon::engine::state::phase::{OpStep, Phase};

fn game(seed: u64) -> Game {
    Game::new(
        &NewGameOptions::intro(2, seed),
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
