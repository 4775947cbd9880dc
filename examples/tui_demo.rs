//! Plays a new introductory game in the terminal client: `cargo run --example tui_demo -- 3`.

use std::sync::Arc;

use herakon::engine::{Game, GameData, NewGameOptions};
use herakon::tui::{PlayOptions, run};

fn main() -> std::io::Result<()> {
    let players = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let seed = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    // TEMP: a GameData JSON dump while the embedded data is being written.
    let fake = std::env::var("HERAKON_DATA_JSON")
        .ok()
        .and_then(|p| std::fs::read_to_string(p).ok());
    let data = match fake.map_or_else(GameData::embedded, |t| {
        Ok(serde_json::from_str(&t).expect("data json"))
    }) {
        Ok(d) => Arc::new(d),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let game = match Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
        },
        data,
    ) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    run(game, PlayOptions::default())
}
