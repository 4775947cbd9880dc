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
use herakon::engine::{Game, GameData, NewGameOptions, SetupKind};
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
        let mut game = Game::new(
            &NewGameOptions {
                players: 2,
                factions: None,
                seed,
                setup: SetupKind::Intro,
            },
            data(),
        )
        .unwrap();
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
        panels::combat(
            f,
            Rect::new(0, 0, 400, 30),
            scene,
            None,
            Theme::monochrome(),
        );
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
