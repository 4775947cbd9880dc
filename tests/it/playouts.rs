//! Thousands of seeded random games played from the legal-action lists, and games between
//! heuristic players: none panics, every state obeys every invariant (checked by rebuilding
//! the game from its position), every game ends by round 8, and every game replays
//! identically from its history and from its save.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::sync::Arc;

use herakon::engine::state::phase::Phase;
use herakon::engine::{Game, GameData, NewGameOptions};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays one random game; returns it and the number of actions.
fn random_game(
    data: &Arc<GameData>,
    players: u8,
    seed: u64,
    check_every_state: bool,
) -> (Game, usize) {
    let mut game = Game::new(&NewGameOptions::intro(players, seed), Arc::clone(data)).unwrap();
    let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
    let mut steps = 0;
    while !game.is_over() {
        let legal = game.legal_actions();
        assert!(
            !legal.is_empty(),
            "seed {seed}: a decision with no legal action: {:?}",
            game.decision()
        );
        let act = legal[chooser.random_range(0..legal.len())];
        game.apply(act)
            .unwrap_or_else(|e| panic!("seed {seed}: listed action {act} refused: {e}"));
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
        if check_every_state
            && let Err(v) = Game::from_position(game.position().clone(), Arc::clone(data))
        {
            panic!("seed {seed} after `{act}` (step {steps}): invariants broken: {v:#?}");
        }
    }
    (game, steps)
}

#[test]
fn random_games_keep_every_invariant_and_end_by_round_eight() {
    let data = common::data();
    let mut games = 0;
    let mut total_steps = 0;
    for players in 2..=4u8 {
        for seed in 0..700u64 {
            // Every state of the first games is validated in full; the rest are checked at the end.
            let (game, steps) = random_game(&data, players, seed, seed < 40);
            total_steps += steps;
            let Phase::GameOver { winners, .. } = &game.position().phase else {
                unreachable!()
            };
            assert!(game.position().round <= 8);
            assert!(winners.iter().all(|w| w.index() < usize::from(players)));
            Game::from_position(game.position().clone(), Arc::clone(&data)).unwrap();
            games += 1;
        }
    }
    assert_eq!(games, 2100);
    assert!(total_steps > games * 20, "games are not trivially short");
}

/// Plays one game between heuristic players (a random player in the last seat of the odd
/// seeds, so a weak player's positions are covered too), checking every state as it goes:
/// the position rebuilds into a game (every invariant holds) that has a legal action or is
/// over. Returns the game.
fn heuristic_game_checked(data: &Arc<GameData>, players: u8, seed: u64) -> Game {
    use herakon::bot::{Bot, HeuristicBot, RandomBot};
    let mut game = Game::new(&NewGameOptions::intro(players, seed), Arc::clone(data)).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|s| -> Box<dyn Bot> {
            if seed % 2 == 1 && s + 1 == players {
                Box::new(RandomBot::new(seed * 7 + u64::from(s)))
            } else {
                Box::new(HeuristicBot::new(seed * 7 + u64::from(s)))
            }
        })
        .collect();
    let mut steps = 0;
    while let Some(d) = game.decision() {
        let act = bots[d.seat.index()]
            .choose(&game)
            .unwrap_or_else(|| panic!("seed {seed}: the bot finds no action at {d:?}"));
        game.apply(act)
            .unwrap_or_else(|e| panic!("seed {seed}: the bot's action {act} refused: {e}"));
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
        match Game::from_position(game.position().clone(), Arc::clone(data)) {
            Ok(g) => assert!(
                g.is_over() || !g.legal_actions().is_empty(),
                "seed {seed} after `{act}`: no legal action"
            ),
            Err(v) => panic!("seed {seed} after `{act}` (step {steps}): invariants broken: {v:#?}"),
        }
    }
    game
}

#[test]
fn heuristic_games_keep_every_invariant_at_every_state_and_replay_identically() {
    let data = common::data();
    for players in 2..=4u8 {
        for seed in 0..3u64 {
            let game = heuristic_game_checked(&data, players, seed);
            let Phase::GameOver { winners, .. } = &game.position().phase else {
                unreachable!()
            };
            assert!(
                !winners.is_empty() && winners.iter().all(|w| w.index() < usize::from(players))
            );
            // The same actions from the same start give the same game...
            let mut replay = common::intro(players, seed);
            for &act in game.history() {
                replay.apply(act).unwrap();
            }
            assert_eq!(replay.position(), game.position(), "{players}p seed {seed}");
            // ...and so does its save, history replayed and compared.
            let loaded = herakon::engine::format::save::load(
                &herakon::engine::format::save::to_json(&game),
                Arc::clone(&data),
            )
            .unwrap();
            assert_eq!(loaded.position(), game.position(), "{players}p seed {seed}");
        }
    }
}

#[test]
fn same_seed_and_actions_replay_to_the_same_game() {
    let data = common::data();
    for seed in 0..20u64 {
        let (game, _) = random_game(&data, 3, seed, false);
        let mut replay = common::intro(3, seed);
        for &act in game.history() {
            replay.apply(act).unwrap();
        }
        assert_eq!(replay.position(), game.position(), "seed {seed}");
    }
}
