//! Computer players: they only ever choose legal actions, and the heuristic player beats the
//! random one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::Arc;

use herakon::bot::{Bot, BotKind};
use herakon::engine::phase::Phase;
use herakon::engine::{Game, NewGameOptions};

/// Plays a 2-player game with the given bot in each seat; returns the winning seats.
fn duel(kinds: [BotKind; 2], seed: u64) -> Vec<usize> {
    let mut game = Game::new(
        &NewGameOptions {
            players: 2,
            factions: None,
            seed,
        },
        Arc::clone(&common::data()),
    )
    .unwrap();
    let mut bots: Vec<Box<dyn Bot + Send>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| k.build(seed * 7 + i as u64))
        .collect();
    let mut steps = 0;
    while let Some(d) = game.decision() {
        let action = bots[d.seat.index()]
            .choose(&game)
            .expect("a decision has a legal action");
        assert!(
            game.legal_actions().contains(&action),
            "bots choose only legal actions"
        );
        game.apply(action).unwrap();
        steps += 1;
        assert!(steps < 20_000);
    }
    match &game.position().phase {
        Phase::GameOver { winners, .. } => winners.iter().map(|s| s.index()).collect(),
        _ => unreachable!(),
    }
}

#[test]
fn the_heuristic_bot_beats_the_random_bot_in_most_two_player_games() {
    let games = 30u64;
    let mut wins = 0;
    for seed in 0..games {
        // Alternate seats so neither faction nor seat favours the heuristic player.
        let heuristic_seat = usize::try_from(seed % 2).unwrap();
        let kinds = if heuristic_seat == 0 {
            [BotKind::Heuristic, BotKind::Random]
        } else {
            [BotKind::Random, BotKind::Heuristic]
        };
        let winners = duel(kinds, seed);
        if winners == vec![heuristic_seat] {
            wins += 1;
        }
    }
    assert!(
        wins * 100 > games * 80,
        "the heuristic bot won {wins} of {games}"
    );
}
