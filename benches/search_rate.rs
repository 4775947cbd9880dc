//! Iterations per second of the flat search player (`search:N`) on a fixed sample of positions:
//! `cargo bench --bench search_rate`. The sample is every 9th decision with a choice of four
//! random 2-player intro games, so two checkouts of the engine measure the same kind of work
//! (issue #31: the engine's speed before and after typed events). A plain program, not divan:
//! one search decision takes milliseconds, and the same file builds at older checkouts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::sync::Arc;
use std::time::Instant;

use herakon::bot::BotKind;
use herakon::engine::{Game, GameData, NewGameOptions};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Iterations of each searched decision.
const ITERATIONS: u32 = 64;

fn main() {
    let data = Arc::new(GameData::embedded().unwrap());
    let mut sample = Vec::new();
    for seed in 1..=4u64 {
        let mut game = Game::new(&NewGameOptions::intro(2, seed), Arc::clone(&data)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
        let mut with_choice = 0;
        while !game.is_over() {
            let legal = game.legal_actions();
            if legal.len() > 1 {
                with_choice += 1;
                if with_choice % 9 == 0 {
                    sample.push(game.clone());
                }
            }
            let act = legal[rng.random_range(0..legal.len())];
            game.apply(act).unwrap();
        }
    }
    // Three passes; the fastest is reported (the VM runs a process at one of two speeds).
    let mut best = f64::MAX;
    for pass in 0..3 {
        let start = Instant::now();
        for (i, game) in sample.iter().enumerate() {
            let mut bot = BotKind::Search(ITERATIONS).build(i as u64);
            std::hint::black_box(bot.choose(game));
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "pass {pass}: {} decisions x {ITERATIONS} iterations in {secs:.2} s: {:.0} iterations/s",
            sample.len(),
            f64::from(ITERATIONS) * sample.len() as f64 / secs
        );
        best = best.min(secs);
    }
    println!(
        "best: {:.0} iterations/s ({} decisions)",
        f64::from(ITERATIONS) * sample.len() as f64 / best,
        sample.len()
    );
}
