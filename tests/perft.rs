//! A regression table in the spirit of chess perft files: canonical positions, one for each
//! kind of decision (phase and sub-decision) the seeded games reach at 2, 3 and 4 players, on
//! the introductory and on a constructed board, each with its number of legal actions and a
//! hash of the sorted list of them (`tests/data/perft.json`). Any change to the rules that
//! touches one of them shows as a failure naming the position, and as a diff of the file once
//! it is regenerated:
//!
//! ```text
//! PERFT_REGENERATE=1 cargo test --test perft
//! ```
//!
//! A position is given by how it is reached: a new game (players, board, seed) stepped by a
//! seeded random choice among the sorted legal actions to its `step`-th decision, so the file stays small and readable.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use herakon::engine::{Game, GameData, NewGameOptions, SetupKind};
use serde::{Deserialize, Serialize};

/// The seeded games the table is taken from: (players, board, seeds).
const GAMES: &[(u8, &str, &[u64])] = &[
    (2, "intro", &[1, 2, 3, 4, 5, 6]),
    (3, "intro", &[1, 2, 3, 4]),
    (4, "intro", &[1, 2, 3, 4]),
    (2, "build", &[1, 2]),
    (3, "build", &[1]),
    (4, "build", &[1]),
];

/// Decisions stepped through at most in one game.
const MAX_STEPS: usize = 2500;

/// One canonical position and what the engine offers in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Entry {
    /// Players in the game.
    players: u8,
    /// `intro` or `build`.
    board: String,
    /// The game's seed (and the random choices').
    seed: u64,
    /// Decisions taken before this one.
    step: usize,
    /// The kind of decision (`MoveShips`).
    decision: String,
    /// The deciding seat, from 1.
    seat: u8,
    /// The number of legal actions.
    legal: usize,
    /// FNV-1a 64 of the sorted legal actions in notation, one a line, in hex.
    hash: String,
}

/// The table file.
#[derive(Debug, Serialize, Deserialize)]
struct Table {
    /// What the file is.
    about: String,
    /// The kinds of decision no seeded game reached, by player count (to know the gaps).
    unreached: Vec<String>,
    /// The positions.
    positions: Vec<Entry>,
}

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.json")
}

fn new_game(players: u8, board: &str, seed: u64, data: &Arc<GameData>) -> Game {
    let setup = if board == "build" {
        SetupKind::Build
    } else {
        SetupKind::Intro
    };
    let options = NewGameOptions {
        players,
        factions: None,
        seed,
        setup,
    };
    Game::new(&options, Arc::clone(data)).unwrap()
}

/// A stable 64-bit FNV-1a hash: the same on every platform and Rust version.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The decision at hand, described as the table holds it.
fn describe(game: &Game, players: u8, board: &str, seed: u64, step: usize) -> Option<Entry> {
    let d = game.decision()?;
    let mut legal: Vec<String> = game
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    legal.sort();
    Some(Entry {
        players,
        board: board.to_string(),
        seed,
        step,
        decision: format!("{:?}", d.kind),
        seat: d.seat.0 + 1,
        legal: legal.len(),
        hash: format!("{:016x}", fnv1a(&legal.join("\n"))),
    })
}

/// Plays one seeded game and calls `visit` at each decision until it returns false.
fn play(
    players: u8,
    board: &str,
    seed: u64,
    data: &Arc<GameData>,
    mut visit: impl FnMut(Entry) -> bool,
) {
    let mut game = new_game(players, board, seed, data);
    // The choice is made in the sorted list with a generator of our own, so that a new order of
    // the legal actions (no rules change) leaves the table as it is.
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for step in 0..MAX_STEPS {
        let Some(entry) = describe(&game, players, board, seed, step) else {
            return;
        };
        if !visit(entry) {
            return;
        }
        let mut legal = game.legal_actions();
        legal.sort_by_cached_key(ToString::to_string);
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let pick = state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32;
        let Some(&action) = legal.get(usize::try_from(pick).unwrap() % legal.len().max(1)) else {
            return;
        };
        game.apply(action).unwrap();
    }
}

/// The table as the engine makes it now: for each player count, the first position of each
/// kind of decision on each board.
fn generate(data: &Arc<GameData>) -> Table {
    let mut positions = Vec::new();
    let mut seen = BTreeSet::new();
    for &(players, board, seeds) in GAMES {
        for &seed in seeds {
            play(players, board, seed, data, |e| {
                if seen.insert((players, board, e.decision.clone())) {
                    positions.push(e);
                }
                true
            });
        }
    }
    let reached: BTreeSet<(u8, String)> = seen.iter().map(|(p, _, k)| (*p, k.clone())).collect();
    let all: BTreeSet<String> = seen.iter().map(|(_, _, k)| k.clone()).collect();
    let mut unreached = Vec::new();
    for players in 2..=4 {
        for k in &all {
            if !reached.contains(&(players, k.clone())) {
                unreached.push(format!("{players} players: {k}"));
            }
        }
    }
    Table {
        about: "Canonical positions (a seeded game stepped by seeded random choices among the sorted legal actions to its \
                `step`-th decision) with their number of legal actions and a hash of the sorted \
                list. Regenerate: PERFT_REGENERATE=1 cargo test --test perft"
            .into(),
        unreached,
        positions,
    }
}

#[test]
fn every_canonical_position_offers_the_same_legal_actions_as_recorded() {
    let data = Arc::new(GameData::embedded().unwrap());
    if std::env::var_os("PERFT_REGENERATE").is_some() {
        let table = generate(&data);
        let text = serde_json::to_string_pretty(&table).unwrap() + "\n";
        std::fs::write(path(), text).unwrap();
        return;
    }
    let table: Table = serde_json::from_str(&std::fs::read_to_string(path()).unwrap()).unwrap();
    let mut games: Vec<(u8, String, u64)> = table
        .positions
        .iter()
        .map(|e| (e.players, e.board.clone(), e.seed))
        .collect();
    games.sort();
    games.dedup();
    let mut differences = Vec::new();
    for (players, board, seed) in games {
        let mut wanted: Vec<&Entry> = table
            .positions
            .iter()
            .filter(|e| e.players == players && e.board == board && e.seed == seed)
            .collect();
        wanted.sort_by_key(|e| e.step);
        let last = wanted.last().map_or(0, |e| e.step);
        let mut next = 0;
        play(players, &board, seed, &data, |got| {
            while next < wanted.len() && wanted[next].step == got.step {
                if *wanted[next] != got {
                    differences.push(format!("expected {:?}\n     got {got:?}", wanted[next]));
                }
                next += 1;
            }
            got.step < last
        });
        for missed in &wanted[next..] {
            differences.push(format!(
                "expected {missed:?}\n     got no decision (the game ended)"
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} canonical positions differ (PERFT_REGENERATE=1 cargo test --test perft \
         rewrites tests/data/perft.json; review its diff):\n{}",
        differences.len(),
        table.positions.len(),
        differences.join("\n")
    );
}

#[test]
fn the_table_covers_every_phase_at_two_three_and_four_players() {
    let table: Table = serde_json::from_str(&std::fs::read_to_string(path()).unwrap()).unwrap();
    for players in 2..=4 {
        let kinds: BTreeSet<&str> = table
            .positions
            .iter()
            .filter(|e| e.players == players)
            .map(|e| e.decision.as_str())
            .collect();
        for kind in [
            "PlaceTile",
            "PlaceForces",
            "PlaceObjective",
            "PlaceStorm",
            "PlaceOrder",
            "RevealOrder",
            "ResolveOrEventDeck",
            "DeployUnits",
            "MoveShips",
            "MoveGround",
            "BuyUpgrades",
            "ChooseEvent",
            "MoveStorm",
            "Reinforce",
            "ChooseCombatCard",
            "AssignDamage",
        ] {
            assert!(
                kinds.contains(kind),
                "{players} players: no {kind} position"
            );
        }
        assert!(
            kinds.len() >= 20,
            "{players} players: {} kinds",
            kinds.len()
        );
    }
    // Every position is distinct, and the hash is of the list it counts.
    assert!(
        table
            .positions
            .iter()
            .all(|e| e.hash.len() == 16 && e.legal > 0)
    );
}
