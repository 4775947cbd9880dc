//! Computer players: they only ever choose legal actions, the heuristic player beats the random
//! one by a wide margin and wins some games on objectives, and a series of games is the same
//! for the same seed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use herakon::bot::BotKind;
use herakon::bot::play::{Matchup, play_out};
use herakon::engine::state::phase::EndReason;

#[test]
fn the_heuristic_bot_beats_the_random_bot_in_most_two_player_games() {
    let data = common::data();
    let kinds = [BotKind::Heuristic, BotKind::Random];
    let games = 40u64;
    let (mut wins, mut objectives) = (0, 0);
    for i in 0..games {
        // The kinds swap seats every game, so neither faction nor seat favours one of them.
        let m = Matchup::nth(&kinds, 2, 9, i);
        let heuristic_seat = m
            .seats
            .iter()
            .position(|k| *k == BotKind::Heuristic)
            .unwrap();
        let record = m.play(&data, 20_000).unwrap();
        if record.winners.len() == 1 && record.winners[0].index() == heuristic_seat {
            wins += 1;
        }
        if record.reason == EndReason::Objectives {
            objectives += 1;
        }
    }
    assert!(
        wins * 100 > games * 85,
        "the heuristic bot won {wins} of {games}"
    );
    assert!(
        objectives > 0,
        "the heuristic bot goes for its objectives: no game of {games} ended on them"
    );
}

#[test]
fn bots_choose_only_legal_actions_in_four_player_games() {
    let data = common::data();
    for seed in 0..2u64 {
        let m = Matchup::nth(&[BotKind::Heuristic, BotKind::Random], 4, seed, 0);
        let mut game = common::intro(4, m.game_seed);
        let mut bots: Vec<_> = m.seats.iter().map(|k| k.build(seed)).collect();
        // play_out refuses a game in which a bot picks an action the engine does not list.
        let record = play_out(&mut game, &mut bots, 50_000).unwrap();
        assert!(record.rounds <= 8 && !record.winners.is_empty());
        let _ = &data;
    }
}

#[test]
fn the_same_seed_plays_the_same_series() {
    let data = common::data();
    let kinds = [BotKind::Heuristic, BotKind::Random];
    let series = |seed| {
        (0..3)
            .map(|i| {
                Matchup::nth(&kinds, 2, seed, i)
                    .play(&data, 20_000)
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(series(5), series(5));
    assert_ne!(
        Matchup::nth(&kinds, 2, 5, 0).game_seed,
        Matchup::nth(&kinds, 2, 6, 0).game_seed
    );
}
