//! The whole game log of a few recorded games, as a person reads it: every action of the
//! history with the events it produced, then the client's log (separators and combat
//! summaries). The games are fixed saves (2 and 4 players on the introductory board, 3 players
//! on a constructed board, between heuristic and random players, with combats, event cards
//! and combat cards), so the snapshot changes only when the words do.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use herakon::bot::BotKind;
use herakon::bot::play::Matchup;
use herakon::engine::{Game, GameData, SetupKind};

/// The recorded games: file stem, seats, seed, board.
const GAMES: [(&str, &[BotKind], u64, SetupKind); 4] = [
    (
        "two_heuristic_intro",
        &[BotKind::Heuristic, BotKind::Heuristic],
        7,
        SetupKind::Intro,
    ),
    (
        "four_heuristic_intro",
        &[
            BotKind::Heuristic,
            BotKind::Heuristic,
            BotKind::Heuristic,
            BotKind::Heuristic,
        ],
        11,
        SetupKind::Intro,
    ),
    (
        "three_constructed",
        &[BotKind::Heuristic, BotKind::Heuristic, BotKind::Random],
        5,
        SetupKind::Build,
    ),
    (
        "two_random_intro",
        &[BotKind::Random, BotKind::Heuristic],
        3,
        SetupKind::Intro,
    ),
];

fn fixture(stem: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/event_log")
        .join(format!("{stem}.json"))
}

/// Writes the recorded games again (run once by hand when the fixtures must change:
/// `cargo test --test it event_log:: -- --ignored`).
#[test]
#[ignore = "rewrites the fixtures"]
fn write_the_recorded_games() {
    let data = common::data();
    for (stem, seats, seed, setup) in GAMES {
        let players = u8::try_from(seats.len()).unwrap();
        let mut m = Matchup::nth(seats, players, seed, 0);
        m.setup = setup;
        let (game, _) = m.game(&data, 20_000).unwrap();
        std::fs::write(fixture(stem), herakon::engine::format::save::to_json(&game)).unwrap();
    }
}

fn load(stem: &str, data: &Arc<GameData>) -> Game {
    let text = std::fs::read_to_string(fixture(stem)).unwrap();
    herakon::engine::format::save::load(&text, Arc::clone(data)).unwrap()
}

/// Every action of the history and the words of its events, then the client's log.
fn whole_log(game: &Game, data: &Arc<GameData>) -> String {
    let mut out = String::new();
    let mut g = Game::from_position(game.start().clone(), Arc::clone(data)).unwrap();
    for action in game.history() {
        let events = g.apply(*action).unwrap();
        let _ = writeln!(out, "> {action}");
        for e in &events {
            let _ = writeln!(out, "  {}", game.with_names(&e.to_string()));
        }
    }
    out.push_str("\n==== the client's log ====\n");
    let (lines, _) = herakon::tui::log::rebuild(game);
    for l in lines {
        let _ = writeln!(out, "{}{}", if l.note { "# " } else { "  " }, l.text);
    }
    out
}

#[test]
fn the_log_of_recorded_games_reads_as_before() {
    let data = common::data();
    for (stem, ..) in GAMES {
        let game = load(stem, &data);
        assert!(game.is_over(), "{stem} is a finished game");
        insta::assert_snapshot!(stem, whole_log(&game, &data));
    }
}

/// FNV-1a: a digest of a long text that does not depend on the standard library's hasher.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A random game whose choices do not depend on the order of the legal-action list (the
/// actions are sorted by their notation before one is drawn), with the words of all its events.
fn random_log(data: &Arc<GameData>, players: u8, seed: u64, setup: SetupKind) -> (usize, String) {
    let mut game = common::new_game(data, players, seed, setup);
    let mut text = String::new();
    let mut lines = 0;
    common::play_to_end(
        &mut game,
        &mut common::random_chooser(seed, true),
        &mut |_, _, events| {
            for e in events {
                let _ = writeln!(text, "{e}");
                lines += 1;
            }
        },
    );
    (lines, text)
}

#[test]
fn the_words_of_many_random_games_read_as_before() {
    let data = common::data();
    let mut out = String::new();
    for seed in 0..36u64 {
        let (players, setup) = common::seeded_setup(seed, 4);
        let (lines, text) = random_log(&data, players, seed, setup);
        let _ = writeln!(
            out,
            "seed {seed}, {players} players, {setup:?}: {lines} events, digest {:016x}",
            digest(&text)
        );
    }
    insta::assert_snapshot!(out);
}
