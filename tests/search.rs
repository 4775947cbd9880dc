//! The search player: it decides from its own seat's view only (the same choice whatever the
//! others' hidden facts are), chooses only legal actions, finishes a game with a small budget,
//! and is available by name (`search`, `search:N`) wherever bots are chosen.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use herakon::bot::play::play_out;
use herakon::bot::search::DEFAULT_ITERATIONS;
use herakon::bot::{Bot, BotKind, HeuristicBot, SearchBot};
use herakon::cli::simulate::parse_bots;

/// A search player cheap enough for a debug-build test.
fn small(seed: u64) -> SearchBot {
    SearchBot::new(seed, 4).with_depth(8)
}

#[test]
fn the_search_bots_decision_does_not_change_when_only_hidden_facts_differ() {
    // Along a game played by the heuristic player, at decisions with a real choice, the search
    // player chooses the same in the real game and in games where everything its seat may not
    // see (the other seats' face-down orders, hands, decks, dice to come) was dealt otherwise.
    for players in [2, 3] {
        let mut game = common::intro(players, 11);
        let mut driver = HeuristicBot::new(3);
        let mut checked = 0;
        for step in 0..400 {
            let Some(d) = game.decision() else { break };
            if game.legal_actions().len() > 1 && step % 7 == 0 && checked < 8 {
                let choice = small(21).choose(&game).unwrap();
                for other in 0..2 {
                    let twin = game.redeal_hidden(Some(d.seat), 1000 + other);
                    assert_eq!(
                        small(21).choose(&twin),
                        Some(choice),
                        "{players} players, step {step}: the choice changed with hidden facts"
                    );
                }
                checked += 1;
            }
            let action = driver.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
        assert!(checked >= 4, "only {checked} decisions checked");
    }
}

#[test]
fn the_search_bot_only_chooses_legal_actions() {
    for (players, seed) in [(2, 3), (4, 5)] {
        let mut game = common::intro(players, seed);
        let mut bots: Vec<SearchBot> = (0..players)
            .map(|i| SearchBot::new(u64::from(i), 2).with_depth(6))
            .collect();
        for step in 0..60 {
            let Some(d) = game.decision() else { break };
            let legal = game.legal_actions();
            let action = bots[d.seat.index()].choose(&game).unwrap();
            assert!(
                legal.contains(&action),
                "{players} players, step {step}: `{action:?}` is not legal"
            );
            game.apply(action).unwrap();
        }
    }
}

#[test]
fn a_search_bot_with_a_small_budget_finishes_a_two_player_intro_game() {
    let mut game = common::intro(2, 6);
    let mut bots: Vec<Box<dyn Bot + Send>> = vec![
        Box::new(SearchBot::new(1, 2).with_depth(6)),
        Box::new(HeuristicBot::new(2)),
    ];
    let record = play_out(&mut game, &mut bots, 20_000).unwrap();
    assert!(game.is_over());
    assert!(!record.winners.is_empty());
    assert!((1..=8).contains(&record.rounds));
}

#[test]
fn the_search_bot_is_named_search_with_an_optional_iteration_budget() {
    assert_eq!(
        "search".parse::<BotKind>(),
        Ok(BotKind::Search(DEFAULT_ITERATIONS))
    );
    assert_eq!("Search:200".parse::<BotKind>(), Ok(BotKind::Search(200)));
    assert!("search:0".parse::<BotKind>().is_err());
    assert!("search:many".parse::<BotKind>().is_err());
    assert_eq!(
        parse_bots("search:16,heuristic"),
        Ok(vec![BotKind::Search(16), BotKind::Heuristic])
    );
    assert_eq!(BotKind::Search(16).name(), "search");
}
