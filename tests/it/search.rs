//! The search player: it decides from its own seat's view only (the same choice whatever the
//! others' hidden facts are), chooses only legal actions, finishes a game with a small budget,
//! and is available by name (`search`, `search:N`) wherever bots are chosen. The same for the
//! tree search player (`tree`, `tree:N`, `tree:1s`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use herakon::bot::play::play_out;
use herakon::bot::search::DEFAULT_ITERATIONS;
use herakon::bot::{Bot, BotKind, HeuristicBot, SearchBot, TreeBot};
use herakon::cli::simulate::parse_bots;
use herakon::engine::Game;
use std::time::Duration;

/// A search player cheap enough for a debug-build test.
fn small(seed: u64) -> SearchBot {
    SearchBot::new(seed, 4).with_depth(8)
}

/// Along a game of `players` played by the heuristic player, at every `every`-th step with a
/// real choice (at most `most`), the player made by `bot` chooses the same in the real game and
/// in two games where everything the deciding seat may not see was dealt otherwise.
fn assert_blind_to_hidden_facts<B: Bot>(
    players: u8,
    game_seed: u64,
    driver_seed: u64,
    (every, most, redeal_seed): (usize, usize, u64),
    bot: impl Fn() -> B,
) {
    let mut game = common::intro(players, game_seed);
    let mut driver = HeuristicBot::new(driver_seed);
    let mut checked = 0;
    for step in 0..400 {
        let Some(d) = game.decision() else { break };
        if game.legal_actions().len() > 1 && step % every == 0 && checked < most {
            // The choice, and the iterations and work it took (a thinking time that cannot
            // be read to guess a hidden fact either).
            let think = |g: &Game| {
                let mut b = bot();
                let choice = b.choose(g);
                (choice, b.iterations(), b.work())
            };
            let thought = think(&game);
            for other in 0..2 {
                let twin = game.redeal_hidden(Some(d.seat), redeal_seed + other);
                assert_eq!(
                    think(&twin),
                    thought,
                    "{players} players, step {step}: the choice or its work changed with \
                     hidden facts"
                );
            }
            checked += 1;
        }
        let action = driver.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    assert!(checked >= 4, "only {checked} decisions checked");
}

#[test]
fn the_search_bots_decision_does_not_change_when_only_hidden_facts_differ() {
    // The other seats' face-down orders, hands, decks and dice to come change nothing.
    for players in [2, 3] {
        assert_blind_to_hidden_facts(players, 11, 3, (7, 8, 1000), || small(21));
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

#[test]
fn a_time_budget_is_written_in_seconds_or_milliseconds_and_reads_back_as_the_same_kind() {
    for (text, kind) in [
        ("search:1s", BotKind::SearchMillis(1000)),
        ("search:500ms", BotKind::SearchMillis(500)),
        ("Search:1.5s", BotKind::SearchMillis(1500)),
        ("search:0.25s", BotKind::SearchMillis(250)),
        ("search: 2s", BotKind::SearchMillis(2000)),
        ("search:1ms", BotKind::SearchMillis(1)),
        ("search:600s", BotKind::SearchMillis(600_000)),
    ] {
        assert_eq!(text.parse::<BotKind>(), Ok(kind), "{text}");
    }
    for bad in [
        "search:0s",
        "search:0ms",
        "search:s",
        "search:ms",
        "search:1m",
        "search:1.2345s",
        "search:-1s",
        "search:infs",
        "search:1e3s",
        "search:601s",
        "search:99999999999999999999ms",
    ] {
        let e = bad.parse::<BotKind>().unwrap_err();
        assert!(e.contains("search:"), "{bad}: {e}");
    }
    // What a save records of a computer seat (Display) parses back to the same kind.
    for kind in [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Search(1),
        BotKind::Search(DEFAULT_ITERATIONS),
        BotKind::SearchMillis(1),
        BotKind::SearchMillis(500),
        BotKind::SearchMillis(1000),
        BotKind::SearchMillis(1500),
        BotKind::SearchMillis(600_000),
    ] {
        assert_eq!(kind.to_string().parse::<BotKind>(), Ok(kind), "{kind}");
    }
    assert_eq!(BotKind::SearchMillis(1000).to_string(), "search:1s");
    assert_eq!(BotKind::SearchMillis(500).to_string(), "search:500ms");
    assert_eq!(BotKind::SearchMillis(500).name(), "search");
    assert_eq!(
        parse_bots("search:1s,heuristic"),
        Ok(vec![BotKind::SearchMillis(1000), BotKind::Heuristic])
    );
}

#[test]
fn a_search_on_a_time_budget_makes_at_least_one_iteration_and_chooses_a_legal_action() {
    // However short the time, every decision with a real choice gets one rollout; a decision
    // with one legal action is taken without searching.
    let mut game = common::intro(2, 8);
    let mut bot = SearchBot::timed(4, Duration::ZERO).with_depth(6);
    let mut driver = HeuristicBot::new(5);
    let (mut searched, mut forced) = (0, 0);
    for step in 0..120 {
        let Some(_) = game.decision() else { break };
        let legal = game.legal_actions();
        let before = bot.iterations();
        let action = bot.choose(&game).unwrap();
        assert!(
            legal.contains(&action),
            "step {step}: `{action:?}` is not legal"
        );
        let made = bot.iterations() - before;
        if legal.len() > 1 {
            // A zero budget is spent as soon as the first rollout is done.
            assert_eq!(made, 1, "step {step}");
            searched += 1;
        } else {
            assert_eq!(made, 0, "step {step}");
            forced += 1;
        }
        game.apply(driver.choose(&game).unwrap()).unwrap();
    }
    assert!(
        searched >= 10 && forced >= 1,
        "{searched} searched, {forced} forced"
    );
    // The kind `search:1ms` builds such a player.
    let game = common::intro(2, 8);
    let action = BotKind::SearchMillis(1).build(3).choose(&game).unwrap();
    assert!(game.legal_actions().contains(&action));
}

#[test]
fn a_search_on_an_iteration_budget_makes_exactly_that_many_rollouts_per_real_choice() {
    let mut game = common::intro(2, 9);
    let mut bot = SearchBot::new(2, 3).with_depth(4);
    let mut driver = HeuristicBot::new(6);
    let mut searched = 0;
    for _ in 0..60 {
        let Some(_) = game.decision() else { break };
        let before = bot.iterations();
        bot.choose(&game).unwrap();
        let expected = if game.legal_actions().len() > 1 { 3 } else { 0 };
        assert_eq!(bot.iterations() - before, expected);
        searched += u64::from(expected > 0);
        game.apply(driver.choose(&game).unwrap()).unwrap();
    }
    assert!(searched >= 5, "{searched}");
}

/// A tree search player cheap enough for a debug-build test.
fn small_tree(seed: u64) -> TreeBot {
    TreeBot::new(seed, 6).with_depth(6)
}

#[test]
fn the_tree_players_decision_does_not_change_when_only_hidden_facts_differ() {
    for players in [2, 3] {
        assert_blind_to_hidden_facts(players, 12, 5, (9, 6, 2000), || small_tree(8));
    }
}

#[test]
fn a_tree_player_stopped_by_its_work_cap_stops_alike_whatever_the_hidden_facts() {
    // A cap that stops most searched decisions between the fewest iterations and the budget:
    // the iterations made depend on the work of the re-dealt lines, which come from the
    // seat's view alone, so hidden facts change neither the choice nor how long it took.
    use herakon::bot::tree::MIN_CAPPED_ITERATIONS;
    for players in [2, 3] {
        assert_blind_to_hidden_facts(players, 13, 6, (9, 6, 3000), || {
            TreeBot::new(8, MIN_CAPPED_ITERATIONS + 32)
                .with_depth(6)
                .with_work_cap(1_000)
        });
    }
}

#[test]
fn the_tree_player_only_chooses_legal_actions_and_makes_its_budget_of_iterations() {
    use herakon::engine::DecisionKind;
    for (players, seed) in [(2, 4), (4, 6)] {
        let mut game = common::intro(players, seed);
        let mut bots: Vec<TreeBot> = (0..players)
            .map(|i| TreeBot::new(u64::from(i), 3).with_depth(4))
            .collect();
        let mut searched = 0;
        for step in 0..120 {
            let Some(d) = game.decision() else { break };
            let legal = game.legal_actions();
            let action = bots[d.seat.index()].choose(&game).unwrap();
            assert!(
                legal.contains(&action),
                "{players} players, step {step}: `{action:?}` is not legal"
            );
            // Combat cards are drawn by regret matching, not searched in the tree.
            searched += u64::from(legal.len() > 1 && d.kind != DecisionKind::ChooseCombatCard);
            game.apply(action).unwrap();
        }
        let made: u64 = bots.iter().map(Bot::iterations).sum();
        assert_eq!(made, searched * 3, "{players} players");
    }
}

#[test]
fn a_work_cap_stops_a_decisions_search_once_its_work_is_done_after_the_fewest_iterations() {
    use herakon::bot::tree::MIN_CAPPED_ITERATIONS;
    use herakon::engine::DecisionKind;
    let mut game = common::intro(2, 8);
    // A cap of one step of work is reached by the first iteration: every searched decision
    // makes the fewest iterations; without a cap, its whole budget.
    let budget = MIN_CAPPED_ITERATIONS + 8;
    let mut capped = TreeBot::new(3, budget).with_depth(4).with_work_cap(1);
    let mut free = TreeBot::new(3, budget).with_depth(4);
    let mut searched = 0;
    for _ in 0..12 {
        let Some(d) = game.decision() else { break };
        let legal = game.legal_actions();
        let action = capped.choose(&game).unwrap();
        assert!(legal.contains(&action));
        free.choose(&game).unwrap();
        searched += u64::from(legal.len() > 1 && d.kind != DecisionKind::ChooseCombatCard);
        game.apply(action).unwrap();
    }
    assert!(searched > 0);
    assert_eq!(
        capped.iterations(),
        searched * u64::from(MIN_CAPPED_ITERATIONS)
    );
    assert_eq!(free.iterations(), searched * u64::from(budget));
    // The work is counted in the choices weighed, so both counted some, the capped less.
    assert!(0 < capped.work() && capped.work() < free.work());
}

#[test]
fn the_tree_player_is_named_tree_with_an_iteration_or_time_budget() {
    assert_eq!(
        "tree".parse::<BotKind>(),
        Ok(BotKind::Tree(herakon::bot::tree::DEFAULT_ITERATIONS))
    );
    assert_eq!("Tree:200".parse::<BotKind>(), Ok(BotKind::Tree(200)));
    assert_eq!(
        "tree:1.5s".parse::<BotKind>(),
        Ok(BotKind::TreeMillis(1500))
    );
    for bad in ["tree:0", "tree:0s", "tree:many", "tree:601s"] {
        let e = bad.parse::<BotKind>().unwrap_err();
        assert!(e.contains("tree:"), "{bad}: {e}");
    }
    for kind in [
        BotKind::Tree(16),
        BotKind::TreeMillis(2000),
        BotKind::TreeMillis(250),
    ] {
        assert_eq!(kind.to_string().parse::<BotKind>(), Ok(kind), "{kind}");
        assert_eq!(kind.name(), "tree");
    }
}

#[test]
fn the_tree_players_combat_card_does_not_change_when_only_hidden_facts_differ() {
    // A combat card is drawn from a regret-matching mix over card-against-card playouts in
    // re-deals of the seat's view: the opponent's real hand or face-down card changes nothing.
    use herakon::engine::DecisionKind;
    let mut checked = 0;
    for seed in [3, 8, 13, 21] {
        let mut game = common::intro(2, seed);
        let mut driver = HeuristicBot::new(seed);
        for _ in 0..2000 {
            let Some(d) = game.decision() else { break };
            if d.kind == DecisionKind::ChooseCombatCard && game.legal_actions().len() > 1 {
                let choice = TreeBot::new(5, 2).choose(&game).unwrap();
                assert!(game.legal_actions().contains(&choice));
                for other in 0..2 {
                    let twin = game.redeal_hidden(Some(d.seat), 3000 + other);
                    assert_eq!(
                        TreeBot::new(5, 2).choose(&twin),
                        Some(choice),
                        "seed {seed}: the card changed with hidden facts"
                    );
                }
                checked += 1;
                break;
            }
            let action = driver.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(checked >= 2, "only {checked} card choices checked");
}

#[test]
fn the_levels_are_named_easy_normal_hard_and_read_back_as_the_same_kind() {
    use herakon::bot::Level;
    for (text, level) in [
        ("easy", Level::Easy),
        ("Normal", Level::Normal),
        (" HARD ", Level::Hard),
    ] {
        let kind = text.parse::<BotKind>();
        assert_eq!(kind, Ok(BotKind::Level(level)), "{text}");
        // What a save records of a computer seat parses back to the same level.
        let kind = BotKind::Level(level);
        assert_eq!(kind.to_string(), level.name());
        assert_eq!(kind.to_string().parse::<BotKind>(), Ok(kind));
        assert_eq!(kind.name(), level.name());
    }
    // The levels take no budget: it is fixed, in iterations, so a game replays the same.
    for bad in ["easy:2", "hard:1s", "medium", "expert"] {
        let e = bad.parse::<BotKind>().unwrap_err();
        assert!(e.contains("easy, normal, hard"), "{bad}: {e}");
    }
    assert_eq!(
        parse_bots("hard,heuristic,easy"),
        Ok(vec![
            BotKind::Level(Level::Hard),
            BotKind::Heuristic,
            BotKind::Level(Level::Easy)
        ])
    );
    // The searching levels report their iterations to `simulate`; easy does not search.
    assert!(BotKind::Level(Level::Normal).searches());
    assert!(BotKind::Level(Level::Hard).searches());
    assert!(!BotKind::Level(Level::Easy).searches());
}

#[test]
fn a_level_replays_the_same_choices_from_the_same_game_and_seed() {
    // Budgets in iterations, seeds from the bot's seed and the game's length: two players of
    // one level built with one seed choose alike at every decision of a game, whatever
    // either was asked before (the second joins half way).
    use herakon::bot::Level;
    for level in Level::ALL {
        let mut game = common::intro(2, 5);
        let mut a = level.build(11);
        let mut driver = HeuristicBot::new(5);
        let mut compared: usize = 0;
        for step in 0..120 {
            let Some(d) = game.decision() else { break };
            // A few decisions only (`hard` searches hundreds of iterations at each): the first
            // with a choice after every 20 steps.
            let due = step / 20 + 1 > compared;
            let action = if !due || game.legal_actions().len() < 2 {
                driver.choose(&game).unwrap()
            } else {
                let mine = a.choose(&game).unwrap();
                let mut b = level.build(11);
                assert_eq!(b.choose(&game), Some(mine), "{level:?} at {step}, {d:?}");
                assert!(game.legal_actions().contains(&mine));
                compared += 1;
                mine
            };
            game.apply(action).unwrap();
        }
        assert!(compared >= 3, "{level:?}: {compared}");
    }
}

#[test]
fn a_hint_names_a_legal_action_of_the_deciding_seat_and_ignores_hidden_facts() {
    // The hint is `normal`'s choice from the deciding seat's view: a legal action of that seat,
    // the same line when the others' hidden facts are dealt again, and `None` once nobody
    // decides.
    use herakon::bot::hint::hint;
    let mut game = common::intro(2, 17);
    let mut driver = HeuristicBot::new(4);
    let mut checked = 0;
    for step in 0..300_u64 {
        let Some(d) = game.decision() else { break };
        if game.legal_actions().len() > 1 && step % 37 == 5 {
            let h = hint(&game).unwrap();
            assert_eq!(h.seat, d.seat);
            assert!(
                game.legal_actions().contains(&h.action()),
                "step {step}: {h}"
            );
            let line = h.to_string();
            assert!(line.starts_with("hint (normal player): "), "{line}");
            assert!(line.contains(&h.action().to_string()), "{line}");
            let twin = game.redeal_hidden(Some(d.seat), 900 + step);
            assert_eq!(
                hint(&twin).map(|t| t.to_string()),
                Some(line),
                "step {step}: the hint changed with hidden facts"
            );
            checked += 1;
        }
        game.apply(driver.choose(&game).unwrap()).unwrap();
    }
    assert!(checked >= 4, "only {checked} hints checked");
    let over = herakon::engine::format::save::load(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/event_log/two_heuristic_intro.json"),
        )
        .unwrap(),
        common::data(),
    )
    .unwrap();
    assert!(over.is_over());
    assert_eq!(hint(&over), None);
}
