//! The engine benchmarks of `benches/engine.rs` as plain runs, for instruction counts that do
//! not depend on the machine's load (the machine is shared, so wall-clock medians are noisy):
//!
//! ```text
//! cargo bench --bench scenarios --no-run
//! valgrind --tool=callgrind --toggle-collect='*measured*' target/release/deps/scenarios-HASH apply
//! ```
//!
//! Only `measured` (and what it calls) is counted, so the sample games built first are left out.
//! `scripts/bench-compare.sh` runs every scenario for two commits and prints a table. The file
//! uses only the API that c5bbd23 already had, so it builds unchanged at that commit too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;
use std::sync::Arc;

use herakon::bot::HeuristicBot;
use herakon::bot::odds::{DEFAULT_SAMPLES, combat_odds};
use herakon::engine::format::save;
use herakon::engine::{Action, DecisionKind, Game, GameData, NewGameOptions};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use herakon::bot::Bot;

fn new_game(data: &Arc<GameData>, players: u8, seed: u64) -> Game {
    Game::new(&NewGameOptions::intro(players, seed), Arc::clone(data)).unwrap()
}

/// The same random game as `benches/engine.rs` plays.
fn random_game(
    data: &Arc<GameData>,
    players: u8,
    seed: u64,
    mut visit: impl FnMut(&Game, Action),
) -> Game {
    let mut game = new_game(data, players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
    while !game.is_over() {
        let legal = game.legal_actions();
        let act = legal[rng.random_range(0..legal.len())];
        visit(&game, act);
        game.apply(act).unwrap();
    }
    game
}

fn decisions(data: &Arc<GameData>) -> Vec<(Game, Action)> {
    let mut out = Vec::new();
    for (players, seed) in [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)] {
        let mut n = 0;
        random_game(data, players, seed, |g, a| {
            if n % 7 == 0 {
                out.push((g.clone(), a));
            }
            n += 1;
        });
    }
    out
}

fn full_game(data: &Arc<GameData>) -> Game {
    (0..100)
        .map(|seed| random_game(data, 2, seed, |_, _| {}))
        .find(|g| g.position().round == 8)
        .unwrap()
}

fn combat(data: &Arc<GameData>) -> Game {
    for seed in 0..40 {
        let mut game = new_game(data, 2, seed);
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while let Some(d) = game.decision() {
            if d.kind == DecisionKind::ChooseCombatCard {
                return game;
            }
            let a = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(a).unwrap();
        }
    }
    panic!("no combat")
}

/// The counted work: everything else in this file is set-up.
#[inline(never)]
fn measured(f: impl FnOnce()) {
    f();
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let reps: usize = std::env::args()
        .nth(2)
        .map_or(1, |n| n.parse().expect("a count"));
    let data = Arc::new(GameData::embedded().unwrap());
    match which.as_str() {
        "game2" | "game4" => {
            let players = if which == "game2" { 2 } else { 4 };
            measured(|| {
                for _ in 0..reps {
                    black_box(random_game(&data, players, 42, |_, _| {}));
                }
            });
        }
        "apply" | "legal" => {
            let sample = decisions(&data);
            let mut games: Vec<Vec<Game>> = (0..reps)
                .map(|_| sample.iter().map(|(g, _)| g.clone()).collect())
                .collect();
            measured(|| {
                for set in &mut games {
                    for (g, (_, a)) in set.iter_mut().zip(&sample) {
                        if which == "apply" {
                            black_box(g.apply(*a).unwrap());
                        } else {
                            black_box(g.legal_actions());
                        }
                    }
                }
            });
            black_box(games);
        }
        "load" => {
            let text = save::to_json(&full_game(&data));
            measured(|| {
                for _ in 0..reps {
                    black_box(save::load(black_box(&text), Arc::clone(&data)).unwrap());
                }
            });
        }
        "clone" => {
            let sample = decisions(&data);
            let game = &sample[sample.len() / 2].0;
            measured(|| {
                for _ in 0..reps {
                    black_box(black_box(game).clone());
                }
            });
        }
        "odds" => {
            let game = combat(&data);
            let seat = game.decision().map(|d| d.seat);
            measured(|| {
                for _ in 0..reps {
                    black_box(combat_odds(&game, seat, DEFAULT_SAMPLES, 1).unwrap());
                }
            });
        }
        _ => {
            eprintln!("usage: scenarios game2|game4|apply|legal|load|clone|odds [repetitions]");
            std::process::exit(2);
        }
    }
}
