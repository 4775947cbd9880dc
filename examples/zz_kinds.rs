//! Temporary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]
use std::collections::BTreeMap;
use std::sync::Arc;
use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::{Game, GameData, NewGameOptions, SetupKind};

fn main() {
    let data = Arc::new(GameData::embedded().unwrap());
    let mut kinds: BTreeMap<String, (usize, usize, f64)> = BTreeMap::new();
    for seed in 0..30u64 {
        let mut game = Game::new(&NewGameOptions { players: 2, factions: None, seed, setup: SetupKind::Intro }, Arc::clone(&data)).unwrap();
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while let Some(d) = game.decision() {
            let t = std::time::Instant::now();
            let a = bots[d.seat.index()].choose(&game).unwrap();
            let dt = t.elapsed().as_secs_f64() * 1e6;
            if game.combat().is_some() {
                let e = kinds.entry(format!("{:?}", d.kind)).or_default();
                e.0 += 1; e.1 += game.legal_actions().len(); e.2 += dt;
            }
            game.apply(a).unwrap();
        }
    }
    for (k, (n, l, t)) in kinds { println!("{k}: {n} decisions, {:.1} legal avg, {:.1} us avg", l as f64 / n as f64, t / n as f64); }
}
