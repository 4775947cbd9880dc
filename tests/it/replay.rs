//! Replaying saves: the replay shows everything hidden (both combat hands, the cards chosen
//! face down), and `herakon simulate --out` writes games that `replay` opens.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use std::sync::Arc;

use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::{Game, GameData, NewGameOptions};
use herakon::tui::{Replay, Scene, Theme, panels};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().unwrap())
}

/// A game between two heuristic players stopped in a combat where both sides hold cards and
/// one has chosen a card face down.
fn game_in_combat_with_a_face_down_card() -> Game {
    for seed in 0..30 {
        let mut game = Game::new(&NewGameOptions::intro(2, seed), data()).unwrap();
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while let Some(d) = game.decision() {
            if let Some(c) = game.combat() {
                let sides = [&c.attacker, &c.defender];
                if sides.iter().all(|s| !s.hand.is_empty())
                    && sides.iter().any(|s| s.chosen.is_some())
                {
                    return game;
                }
            }
            let a = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(a).unwrap();
        }
    }
    panic!("no game reached a combat with a card face down");
}

/// The combat panel alone, wide enough that no card name wraps.
fn combat_panel(scene: &Scene<'_>) -> String {
    let mut t = Terminal::new(TestBackend::new(400, 30)).unwrap();
    t.draw(|f| {
        let combat = panels::Combat {
            scene,
            selected: None,
            theme: Theme::monochrome(),
        };
        f.render_widget(combat, Rect::new(0, 0, 400, 30));
    })
    .unwrap();
    let buf = t.backend().buffer();
    (0..30)
        .map(|y| (0..400).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn replay_shows_both_combat_hands_and_the_card_chosen_face_down() {
    let game = game_in_combat_with_a_face_down_card();
    let mut replay = Replay::new(&game).unwrap();
    replay.go(replay.len());
    let text = combat_panel(&replay.scene());
    let c = game.combat().unwrap();
    for side in [&c.attacker, &c.defender] {
        let hand = side.hand.join(", ");
        assert!(text.contains(&hand), "hand {hand} not shown:\n{text}");
        if let Some(card) = &side.chosen {
            assert!(
                text.contains(&format!("chosen: {card}")),
                "face-down {card} not shown:\n{text}"
            );
        }
    }
    // A player's own screen still shows only his hand: the other hand stays hidden.
    let attacker = game.seat_of(c.attacker.faction.unwrap()).unwrap();
    let own = combat_panel(&Scene::new(&game, Some(attacker)));
    assert!(own.contains(&c.attacker.hand.join(", ")), "{own}");
    assert!(!own.contains(&c.defender.hand.join(", ")), "{own}");
}

#[test]
fn simulate_out_writes_the_kept_games_as_saves_that_load_and_replay() {
    let dir = std::env::temp_dir().join(format!("herakon-simulate-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args([
            "simulate", "--games", "3", "--keep", "2", "--seed", "5", "--jobs", "1",
        ])
        .arg("--out")
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text.contains("wrote 2 save(s)"), "{text}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["game-1.json", "game-2.json"]);
    for f in &files {
        let saved = std::fs::read_to_string(dir.join(f)).unwrap();
        let game = herakon::engine::format::save::load(&saved, data()).unwrap();
        assert!(game.is_over(), "{f} is a finished game");
        assert!(!game.history().is_empty());
        // Each seat is named after its bot (the seats rotate from game to game).
        let first = game.name(herakon::engine::Seat(0)).unwrap();
        assert!(["heuristic 1", "random 1"].contains(&first), "{first}");
        // ... and recorded as that computer player, so `play` of the file goes on with it.
        let kind = &game.computer().players[&game.faction(herakon::engine::Seat(0))];
        assert_eq!(first, format!("{kind} 1"));
        // The replay opens it and steps to the same end.
        let mut replay = Replay::new(&game).unwrap();
        assert_eq!(replay.len(), game.history().len());
        replay.go(replay.len());
        assert_eq!(replay.game().position(), game.position());
    }
    // --keep without --out is refused.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(["simulate", "--games", "1", "--keep", "1"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_replay_of_an_unfinished_game_says_on_its_first_screen_that_it_shows_every_secret() {
    let warning = "UNFINISHED GAME: this replay shows every seat's secrets";
    let unfinished = game_in_combat_with_a_face_down_card();
    let mut replay = Replay::new(&unfinished).unwrap();
    let mut client = herakon::tui::Client::new(replay.game(), Theme::monochrome(), 160, 48);
    replay.sync(&mut client);
    assert!(
        client.view.replay.as_deref().unwrap().starts_with(warning),
        "{:?}",
        client.view.replay
    );
    replay.go(1);
    replay.sync(&mut client);
    assert!(!client.view.replay.as_deref().unwrap().contains(warning));
    // A finished game hides nothing any more: no warning.
    let mut game = Game::new(&NewGameOptions::intro(2, 4), data()).unwrap();
    let mut bots = [HeuristicBot::new(4), HeuristicBot::new(5)];
    while let Some(d) = game.decision() {
        let a = bots[d.seat.index()].choose(&game).unwrap();
        game.apply(a).unwrap();
    }
    let replay = Replay::new(&game).unwrap();
    replay.sync(&mut client);
    assert!(!client.view.replay.as_deref().unwrap().contains(warning));
}
