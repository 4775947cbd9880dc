//! `herakon simulate`: a summary of who won and how, the same for the same seed whatever the
//! number of threads; round-8 wins put down to the tie-break that decided them, the thinking
//! times, and the worker threads (results in order, a panic ends the run with an error).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;
use std::time::Duration;

use herakon::bot::BotKind;
use herakon::bot::play::{GameRecord, Matchup, Thinking};
use herakon::cli::simulate::{
    TIE_BREAKS, run_parallel, standings_at_the_end, thinking_lines, won_on,
};
use herakon::engine::report::summary::Standing;
use herakon::engine::state::phase::EndReason;
use herakon::engine::{Faction, Seat, SetupKind};

fn simulate(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .arg("simulate")
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Everything before the timings (the `time:` line and the thinking times after it).
    text.lines()
        .take_while(|l| !l.starts_with("time:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The whole output, timings included.
fn simulate_timed(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .arg("simulate")
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).to_string()
}

#[test]
fn simulate_reports_each_bots_thinking_time_after_the_summary() {
    let text = simulate_timed(&["--games", "2", "--seed", "3", "--jobs", "1"]);
    let Some((_, timings)) = text.split_once("\ntime: ") else {
        panic!("no time line:\n{text}");
    };
    assert!(timings.contains("thinking time per bot"), "{text}");
    for kind in ["heuristic", "random"] {
        let line = timings
            .lines()
            .find(|l| l.trim_start().starts_with(kind))
            .unwrap_or_else(|| panic!("no line for {kind}:\n{text}"));
        assert!(line.contains("ms per decision"), "{line}");
        // Only a search player reports iterations.
        assert!(!line.contains("iterations/s"), "{line}");
    }
}

#[test]
fn simulate_prints_a_summary_that_depends_only_on_the_seed() {
    let a = simulate(&["--games", "4", "--seed", "3", "--jobs", "2"]);
    let b = simulate(&["--games", "4", "--seed", "3", "--jobs", "1"]);
    assert_eq!(a, b);
    for part in [
        "4 games, 2 players, introductory board, bots heuristic,random",
        "wins by bot",
        "heuristic",
        "wins by seat and faction",
        "1 Ultramarines",
        "2 World Eaters",
        "how games ended",
        "objectives",
        "elimination",
        "round 8",
        "average length",
    ] {
        assert!(a.contains(part), "`{part}` missing:\n{a}");
    }
}

#[test]
fn simulate_plays_on_boards_the_bots_construct() {
    let a = simulate(&[
        "--games", "2", "--setup", "build", "--seed", "4", "--jobs", "1",
    ]);
    assert!(
        a.contains("2 games, 2 players, constructed boards, bots heuristic,random"),
        "{a}"
    );
    // Both games were finished: none is listed as failed.
    assert!(!a.contains("failed"), "{a}");
}

#[test]
fn simulate_refuses_an_unknown_bot() {
    let o = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(["simulate", "--games", "1", "--bots", "heuristic,clever"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("`clever` is not a bot"));
}

#[test]
fn simulate_refuses_arguments_out_of_range_with_a_clear_error() {
    for (args, says) in [
        (vec!["--games", "18446744073709551615"], "not in 1..=100000"),
        (vec!["--games", "0"], "not in 1..=100000"),
        (vec!["--games", "-3"], "unexpected argument"),
        (vec!["--players", "5"], "not in 2..=4"),
        (vec!["--jobs", "0"], "not in 1..=256"),
        (vec!["--jobs", "100000"], "not in 1..=256"),
        (vec!["--seed", "18446744073709551616"], "--seed"),
        (vec!["--max-decisions", "0"], "a whole number from 1 to"),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_herakon"))
            .arg("simulate")
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn the_largest_seed_plays_like_any_other() {
    let a = simulate(&["--games", "2", "--seed", "18446744073709551615"]);
    assert!(a.contains("2 games"), "{a}");
}

#[test]
fn simulate_reports_a_search_players_searched_decisions_and_iterations() {
    // One iteration per decision with a real choice: the line says so exactly.
    let text = simulate_timed(&["--games", "1", "--bots", "search:1,random", "--jobs", "1"]);
    let Some((_, timings)) = text.split_once("\nthinking time per bot") else {
        panic!("no thinking times:\n{text}");
    };
    let line = timings
        .lines()
        .find(|l| l.trim_start().starts_with("search:1 "))
        .unwrap_or_else(|| panic!("no line for search:1:\n{text}"));
    assert!(line.contains("ms per searched decision"), "{line}");
    assert!(line.contains("1.0 iterations each"), "{line}");
    assert!(line.contains("iterations/s"), "{line}");
}

#[test]
fn a_worker_that_panics_ends_the_run_with_an_error_instead_of_waiting_forever() {
    let r = run_parallel(
        50,
        3,
        |i| {
            assert!(i != 7, "game seven breaks");
            i
        },
        &|_| {},
    );
    let e = r.unwrap_err();
    assert!(
        e.contains("panicked") && e.contains("game seven breaks"),
        "{e}"
    );
}

/// A round-8 record: winners by seat and each seat's (tokens, worlds, units).
fn at_round_8(winners: &[u8], standings: &[(u8, usize, usize)]) -> GameRecord {
    GameRecord {
        winners: winners.iter().map(|&s| Seat(s)).collect(),
        reason: EndReason::RoundLimit,
        rounds: 8,
        decisions: 400,
        standings: standings
            .iter()
            .map(|&(objectives, worlds, units)| Standing {
                objectives,
                materiel: 0,
                worlds,
                units,
            })
            .collect(),
    }
}

#[test]
fn a_round_8_win_is_put_down_to_the_first_tie_break_the_winner_led() {
    // Rules Reference, Winning and Losing: tokens, then friendly worlds, then units.
    assert_eq!(won_on(&at_round_8(&[1], &[(1, 9, 30), (2, 3, 4)])), 0);
    assert_eq!(won_on(&at_round_8(&[0], &[(1, 6, 3), (1, 5, 30)])), 1);
    assert_eq!(won_on(&at_round_8(&[1], &[(1, 6, 3), (1, 6, 4)])), 2);
    // Against the best of the others, with three seats.
    assert_eq!(
        won_on(&at_round_8(&[2], &[(2, 7, 1), (0, 9, 9), (2, 7, 5)])),
        2
    );
    // A shared victory: every tie-break was tied.
    assert_eq!(
        won_on(&at_round_8(&[0, 1], &[(1, 6, 3), (1, 6, 3)])),
        TIE_BREAKS.len()
    );
}

#[test]
fn the_summary_counts_round_8_wins_by_the_tie_break_that_decided_them() {
    let factions = [Faction::Ultramarines, Faction::Chaos];
    let m = Matchup {
        seats: vec![BotKind::Heuristic, BotKind::Heuristic],
        game_seed: 1,
        bot_seed: 1,
        setup: SetupKind::Intro,
    };
    let games = [
        at_round_8(&[1], &[(1, 5, 9), (1, 8, 9)]),
        at_round_8(&[1], &[(1, 5, 9), (1, 9, 9)]),
        at_round_8(&[0], &[(2, 5, 9), (1, 9, 9)]),
    ];
    let ok: Vec<(&Matchup, &GameRecord)> = games.iter().map(|g| (&m, g)).collect();
    let mut out = String::new();
    standings_at_the_end(&mut out, &factions, &ok);
    let row = |name: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no {name} row:\n{out}"))
            .split_whitespace()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
    };
    // World Eaters, Ultramarines, games (read from the right).
    assert_eq!(row("friendly worlds"), ["2", "0", "2"], "{out}");
    assert_eq!(row("objective tokens"), ["0", "1", "1"], "{out}");
    // The means: World Eaters held 26/3 worlds a game.
    assert!(out.contains("8.67"), "{out}");
}

#[test]
fn thinking_times_give_the_mean_per_decision_and_a_search_players_iterations_per_second() {
    let heuristic = Thinking {
        decisions: 400,
        time: Duration::from_millis(20),
        ..Thinking::default()
    };
    let search = Thinking {
        decisions: 500,
        time: Duration::from_millis(10_010),
        searched: 200,
        searched_time: Duration::from_secs(10),
        iterations: 6400,
        longest: Duration::from_millis(900),
        slowest_game: Duration::from_millis(31),
        work: 100_000,
        most_work: 2_000,
    };
    let text = thinking_lines(&[
        (BotKind::Heuristic, heuristic),
        (BotKind::SearchMillis(500), search),
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].contains("heuristic") && lines[1].contains("0.050 ms per decision"));
    assert!(!lines[1].contains("iterations"), "{text}");
    assert!(lines[2].contains("search:500ms"), "{text}");
    assert!(
        lines[2].contains(
            "20.020 ms per decision (500 decisions; slowest game 31.000 ms per decision, \
             longest decision 900.000 ms)"
        ),
        "{text}"
    );
    assert!(
        lines[2].contains("50.000 ms per searched decision (200 searched, 32.0 iterations each)"),
        "{text}"
    );
    assert!(lines[2].contains("640 iterations/s"), "{text}");
    // The work per searched decision and the most one decision took.
    assert!(
        lines[2].contains("work 500 per searched decision, most 2000"),
        "{text}"
    );
    // Over a series the slowest game, the longest decision and the most work are the maxima,
    // not sums.
    let both = search.plus(heuristic).plus(search);
    assert_eq!(both.longest, Duration::from_millis(900));
    assert_eq!(both.slowest_game, Duration::from_millis(31));
    assert_eq!((both.work, both.most_work), (200_000, 2_000));
}

#[test]
fn parallel_results_come_back_in_order_whatever_the_thread_count() {
    for jobs in [1, 2, 7, 300] {
        let r = run_parallel(20, jobs, |i| i * i, &|_| {}).unwrap();
        assert_eq!(r, (0..20).map(|i| i * i).collect::<Vec<_>>(), "{jobs} jobs");
    }
}
