//! How long each decision of a computer level takes, and the work behind it (#31): `cargo bench
//! --bench level_times -- [normal|hard] [GAMES] [OPPONENT] [CAP]` plays GAMES 2-player intro
//! games (2 unless told) of the level against OPPONENT (a `--bots` kind: `heuristic` unless
//! told; `search:32` leads to other positions, with larger armies), seats swapped each game,
//! with the level's work cap or CAP instead, and prints the
//! spread of its decision times, the longest, the work (engine steps, see
//! `TreeBot::with_work_cap`) per millisecond, from which a level's work cap is set, the
//! decisions slowest for their work, and how many decisions the cap stopped. Run it on a
//! quiet machine: its figures are times.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::sync::Arc;
use std::time::Instant;

use herakon::bot::{Bot, BotKind, Level, TreeBot};
use herakon::engine::{Game, GameData, NewGameOptions};

/// One decision of the level with a choice: its time in ms and its work.
struct Sample {
    ms: f64,
    work: u64,
    /// What was decided: the decision's kind, the round and the legal actions.
    what: String,
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let level = match args.first().map(String::as_str) {
        Some("normal") => Level::Normal,
        _ => Level::Hard,
    };
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(2);
    let opponent: BotKind = args
        .get(2)
        .map_or(Ok(BotKind::Heuristic), |o| o.parse())
        .expect("an opponent as --bots takes it");
    let (iterations, level_cap) = level.tree_budget().expect("normal and hard search");
    let cap = args
        .get(3)
        .and_then(|c| c.parse().ok())
        .unwrap_or(level_cap);
    let data = Arc::new(GameData::embedded().unwrap());
    let mut samples = Vec::new();
    for seed in 1..=games {
        let mut game = Game::new(&NewGameOptions::intro(2, seed), Arc::clone(&data)).unwrap();
        // The level sits in seat 1 in odd games and seat 2 in even ones.
        let mine = usize::from(seed % 2 == 0);
        let mut bots: Vec<Box<dyn Bot + Send>> =
            vec![opponent.build(seed), opponent.build(seed + 1)];
        // The level's own player (`Level::build`), with the cap asked for.
        bots[mine] = Box::new(TreeBot::new(seed, iterations).with_work_cap(cap));
        while let Some(d) = game.decision() {
            let seat = d.seat.index();
            let choice = if seat == mine && game.legal_actions().len() > 1 {
                let what = format!(
                    "{:?} in round {} of {} legal actions",
                    d.kind,
                    game.position().round,
                    game.legal_actions().len()
                );
                let before = bots[seat].work();
                let start = Instant::now();
                let choice = bots[seat].choose(&game);
                samples.push(Sample {
                    ms: start.elapsed().as_secs_f64() * 1e3,
                    work: bots[seat].work() - before,
                    what,
                });
                choice
            } else {
                bots[seat].choose(&game)
            };
            game.apply(choice.unwrap()).unwrap();
        }
    }
    samples.sort_by(|a, b| a.ms.total_cmp(&b.ms));
    let n = samples.len();
    // The sample at share `q` of the sorted list (nearest rank below).
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let at = |q: f64| samples[((n - 1) as f64 * q) as usize].ms;
    let mean = samples.iter().map(|s| s.ms).sum::<f64>() / n as f64;
    let longest = &samples[n - 1];
    println!(
        "{} (cap {cap}) against {}, {games} games: {n} decisions with a choice; ms mean {mean:.0}, \
         median {:.0}, 90% {:.0}, 99% {:.0}, longest {:.0} (work {})",
        level.name(),
        opponent,
        at(0.5),
        at(0.9),
        at(0.99),
        longest.ms,
        longest.work
    );
    // Work per ms over the searched decisions (work 0: a forced or card choice).
    let searched: Vec<&Sample> = samples.iter().filter(|s| s.work > 0).collect();
    let work: u64 = searched.iter().map(|s| s.work).sum();
    let ms: f64 = searched.iter().map(|s| s.ms).sum();
    let most = searched.iter().map(|s| s.work).max().unwrap_or(0);
    println!(
        "searched: {}, work {:.0} per ms overall, most work {most}",
        searched.len(),
        work as f64 / ms
    );
    // The slowest decisions for their work: where time goes that the work does not count.
    let mut slow: Vec<&&Sample> = searched.iter().filter(|s| s.ms >= 300.0).collect();
    slow.sort_by(|a, b| (a.work as f64 / a.ms).total_cmp(&(b.work as f64 / b.ms)));
    for s in slow.iter().take(8) {
        println!(
            "  {:.0} ms for work {} ({:.0} per ms): {}",
            s.ms,
            s.work,
            s.work as f64 / s.ms,
            s.what
        );
    }
    let capped = searched.iter().filter(|s| s.work >= cap).count();
    println!("  decisions stopped by the work cap ({cap}): {capped}");
}
