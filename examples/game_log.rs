//! Prints every event of one two-player game between heuristic players, as the client's log
//! words them: a look at the log's wording while working on it.
//!
//! ```text
//! cargo run --example game_log           # seed 3
//! cargo run --example game_log -- 17     # another seed
//! ```

use std::process::ExitCode;
use std::sync::Arc;

use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::{Game, GameData, NewGameOptions, SetupKind};

fn main() -> ExitCode {
    let seed = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 3,
        Some(Ok(seed)) => seed,
        Some(Err(e)) => {
            eprintln!("the seed must be a number: {e}");
            return ExitCode::FAILURE;
        }
    };
    let game = GameData::embedded()
        .map_err(|e| e.to_string())
        .and_then(|data| {
            let options = NewGameOptions {
                players: 2,
                factions: None,
                seed,
                setup: SetupKind::Intro,
            };
            Game::new(&options, Arc::new(data)).map_err(|e| e.to_string())
        });
    let mut game = match game {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
    while let Some(d) = game.decision() {
        let Some(action) = bots[d.seat.index()].choose(&game) else {
            eprintln!("the heuristic player found no action at {d:?}");
            return ExitCode::FAILURE;
        };
        match game.apply(action) {
            Ok(events) => events.iter().for_each(|e| println!("{e}")),
            Err(e) => {
                eprintln!("`{action}` refused: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
