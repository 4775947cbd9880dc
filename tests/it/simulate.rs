//! `herakon simulate`: a summary of who won and how, the same for the same seed whatever the
//! number of threads.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

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
