//! Computer players: they only ever choose legal actions, the heuristic player beats the random
//! one by a wide margin and wins some games on objectives, and a series of games is the same
//! for the same seed; the combat card is chosen by regret matching (`bot::cards`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeMap;

use herakon::bot::BotKind;
use herakon::bot::cards::regret_matching;
use herakon::bot::play::{Matchup, play_out};
use herakon::engine::CardName;
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

#[test]
fn regret_matching_plays_the_dominant_card_and_mixes_where_a_guess_decides() {
    let name = |s: &str| CardName::from(s);
    let cell = |won: f64| (won, 1.0);
    // Card 1 wins against everything, card 2 against nothing: card 1 alone.
    let dominant = vec![
        BTreeMap::from([(name("a"), cell(1.0)), (name("b"), cell(1.0))]),
        BTreeMap::from([(name("a"), cell(0.0)), (name("b"), cell(0.0))]),
    ];
    let p = regret_matching(&dominant);
    assert!(p[0] > 0.95, "{p:?}");
    // Matching pennies: each card wins against one of the two; the mix is about even.
    let pennies = vec![
        BTreeMap::from([(name("a"), cell(1.0)), (name("b"), cell(0.0))]),
        BTreeMap::from([(name("a"), cell(0.0)), (name("b"), cell(1.0))]),
    ];
    let p = regret_matching(&pennies);
    assert!((p[0] - 0.5).abs() < 0.1, "{p:?}");
}

/// A Deploy Order buys a structure on a friendly world of its system even where no factory lets
/// units be bought (Rules Reference, "Deploy Order", step 2). The tree player's rollout player
/// knows it and resolves such an order; the plain heuristic player, kept as the series'
/// opponent, puts it on the event deck.
#[test]
fn a_deploy_order_without_a_factory_still_buys_a_structure_for_the_rollout_player() {
    use herakon::bot::{Bot, HeuristicBot};
    use herakon::engine::Action;
    use herakon::engine::state::ids::Order;
    // Gareen Nebula (B2): two friendly worlds of the Ultramarines without a structure, no
    // factory; six materiel.
    let game = common::edited(2, |p| common::revealed(p, 0, "B2", Order::Deploy));
    assert_eq!(
        game.deploy_limit(
            game.faction(game.decision().unwrap().seat),
            "B2".parse().unwrap()
        ),
        0
    );
    assert_eq!(
        HeuristicBot::builder(1).choose(&game),
        Some(Action::Resolve)
    );
    assert_eq!(
        HeuristicBot::new(1).choose(&game),
        Some(Action::ToEventDeck)
    );
}

/// The game ends after the eighth round on objective tokens, then friendly worlds, then units
/// (Rules Reference, "Winning and Losing the Game"): in the last round, materiel and structures
/// that will buy or hold little more count for less than one more world and the unit holding
/// it, while in the first round they are the better holding.
#[test]
fn in_the_last_round_the_tree_counts_a_world_above_materiel_and_structures() {
    use herakon::bot::standing::judge;
    use herakon::engine::UnitType;
    use herakon::engine::state::ids::{Faction, Seat, StructureKind};
    let game = |round: u8, world: bool| {
        common::edited(2, |p| {
            p.round = round;
            if world {
                // Remscheid: an uncontrolled world with no materiel.
                common::put(p, "A3.ne", &[UnitType::Scout]);
            } else {
                // The dial's top, a city and a bastion on worlds the Ultramarines hold.
                p.players[0].materiel = 14;
                common::build(p, "A1.sw", StructureKind::City, Faction::Ultramarines);
                common::build(p, "A1.ne", StructureKind::Bastion, Faction::Ultramarines);
            }
        })
    };
    let um = Seat(0);
    assert!(judge(&game(1, false), um) > judge(&game(1, true), um));
    assert!(judge(&game(8, true), um) > judge(&game(8, false), um));
}
