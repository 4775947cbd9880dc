//! The end of a game: the end screen (winner, why, standings, charts by round) over the board,
//! dismissed to inspect the board and brought back; the same summary from `herakon show`; the
//! words for the tie-break that decided a win.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::process::Command;
use std::sync::Arc;

use crossterm::event::KeyCode;
use herakon::bot::{Bot, HeuristicBot, RandomBot};
use herakon::engine::format::save;
use herakon::engine::report::summary::{
    GameSummary, Sample, Standing, Stat, by_round, standings, summarize, tie_break,
};
use herakon::engine::state::phase::{EndReason, Phase};
use herakon::engine::{Faction, Game, GameData, NewGameOptions, Seat};
use herakon::tui::{Client, Effect, Msg, Screen, Theme, endgame};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().unwrap())
}

/// A 2-player game between a heuristic and a random player, played to its end, with names.
fn finished_game(seed: u64) -> Game {
    let mut game = Game::new(&NewGameOptions::intro(2, seed), data()).unwrap();
    game.set_names(&["Anna".into(), "Ben".into()]).unwrap();
    let mut bots: [Box<dyn Bot>; 2] = [
        Box::new(HeuristicBot::new(seed)),
        Box::new(RandomBot::new(seed + 1)),
    ];
    while let Some(d) = game.decision() {
        let a = bots[d.seat.index()].choose(&game).unwrap();
        game.apply(a).unwrap();
    }
    game
}

fn screen(client: &Client, game: &Game) -> String {
    let buf = common::drawn(client, game);
    common::rows(&buf)
        .into_iter()
        .map(|r| r.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn standings_by_round_are_the_game_replayed_to_each_round_end() {
    let game = finished_game(11);
    let samples = by_round(&game);
    // One sample at the start, one after every round, the last one being the final position.
    assert_eq!(samples[0].after_round, 0);
    assert_eq!(
        samples.last().unwrap().after_round,
        game.position().round,
        "{samples:?}"
    );
    assert_eq!(samples.last().unwrap().players, standings(&game));
    let rounds: Vec<u8> = samples.iter().map(|s| s.after_round).collect();
    let expected: Vec<u8> = (0..=game.position().round).collect();
    assert_eq!(rounds, expected);
    // Independently: the game replayed until round 3 begins stands as the "after round 2"
    // sample says.
    let mut replay = Game::from_position(game.start().clone(), game.data_arc()).unwrap();
    for a in game.history() {
        if replay.position().round == 3 {
            break;
        }
        replay.apply(*a).unwrap();
    }
    assert_eq!(samples[2].players, standings(&replay));
    // Objective tokens are never lost: each player's line never falls.
    let summary = summarize(&game).unwrap();
    for seat in [Seat(0), Seat(1)] {
        let line = summary.series(seat, Stat::Objectives);
        assert!(line.windows(2).all(|w| w[0].1 <= w[1].1), "{line:?}");
    }
}

#[test]
fn end_screen_names_the_winner_and_why_and_is_dismissed_to_inspect_the_board() {
    let mut game = finished_game(11);
    let Phase::GameOver { winners, reason } = game.position().phase.clone() else {
        panic!("not over");
    };
    let mut client = Client::new(&game, Theme::monochrome(), 120, 40);
    assert_eq!(client.view.screen, Screen::GameOver);
    assert!(client.view.summary_open);
    let text = screen(&client, &game);
    let winner = game.who(winners[0]);
    assert!(text.contains(&format!("★ {winner} wins ★")), "{text}");
    assert!(text.contains("Why: "), "{text}");
    if reason == EndReason::RoundLimit {
        assert!(text.contains("round 8 ended"), "{text}");
    }
    for title in [
        "objective tokens",
        "materiel",
        "friendly worlds",
        "units on the board",
    ] {
        assert!(
            text.contains(&format!(" {title} ")),
            "no {title} chart:\n{text}"
        );
    }
    // Esc shows the board (the end screen hid it), arrows move over it, Enter brings the
    // summary back, q quits without asking.
    assert!(!text.contains(" A1 "), "{text}");
    client.handle(&mut game, Msg::key(KeyCode::Esc));
    assert!(!client.view.summary_open);
    let board = screen(&client, &game);
    assert!(board.contains(" A1 "), "{board}");
    assert!(board.contains(&format!("Winner: {winner}")), "{board}");
    let before = client.view.cursor;
    client.handle(&mut game, Msg::key(KeyCode::Right));
    assert_ne!(client.view.cursor, before, "the arrows inspect the board");
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert!(client.view.summary_open);
    assert!(screen(&client, &game).contains("Why: "));
    assert_eq!(client.handle(&mut game, Msg::char('q')), Effect::Quit);
}

/// A fixed 3-player summary, independent of the rules and the bots.
fn fixed_summary() -> GameSummary {
    let st = |objectives, materiel, worlds, units| Standing {
        objectives,
        materiel,
        worlds,
        units,
    };
    let samples = (0..=8u8)
        .map(|r| Sample {
            after_round: r,
            players: vec![
                st(r / 3, 3 + r, 3 + usize::from(r / 2), 8 + usize::from(r)),
                st(r / 5, 3 + r % 4, 3, 8 - usize::from(r / 2)),
                st(u8::from(r > 5), 2 * r, 2 + usize::from(r % 3), 6),
            ],
        })
        .collect();
    GameSummary {
        winners: vec![Seat(0)],
        reason: EndReason::RoundLimit,
        why: "round 8 ended; Anna (Ultramarines): most objective tokens (2 to 1)".into(),
        who: vec![
            "Anna (Ultramarines)".into(),
            "Ben (World Eaters)".into(),
            "Evil Sunz Orks".into(),
        ],
        factions: vec![Faction::Ultramarines, Faction::Chaos, Faction::Orks],
        samples,
    }
}

/// The end screen of `summary` drawn alone on a `w` x `h` terminal, as text.
fn end_screen_text(summary: &GameSummary, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| {
        let end = endgame::EndScreen {
            summary,
            theme: Theme::monochrome(),
        };
        f.render_widget(end, f.area());
    })
    .unwrap();
    common::text(t.backend().buffer())
}

/// The end screen of a fixed 3-player summary (independent of the rules and the bots, so it
/// changes only when the screen does): headline, reason, standings, four charts.
#[test]
fn end_screen_with_charts_snapshot() {
    insta::assert_snapshot!(end_screen_text(&fixed_summary(), 120, 40));
}

/// Each chart names its x axis, the round, in its title: ratatui draws an axis's title inside
/// the plot, where it covered a line at zero (#32: "0│•••••round", no objective token all
/// game). At every size the end screen draws, "round" shows only in the reason and in the
/// charts' top borders, and each chart's title says "by round" wherever a chart is that wide.
#[test]
fn end_charts_name_the_round_axis_in_their_titles_clear_of_the_data() {
    let mut summary = fixed_summary();
    // Nobody takes an objective token: that chart's lines lie on its x axis all game.
    for s in &mut summary.samples {
        for p in &mut s.players {
            p.objectives = 0;
        }
    }
    // Two by two (80x24, 100x34, 120x40), one row of four (200x16), and small.
    for (w, h) in [
        (40, 12),
        (60, 20),
        (80, 24),
        (100, 34),
        (120, 40),
        (200, 16),
    ] {
        let text = end_screen_text(&summary, w, h);
        for line in text.lines().filter(|l| l.contains("round")) {
            assert!(
                line.contains("Why: ") || (line.contains(" by round ") && line.contains('┌')),
                "{w}x{h}: \"round\" off the titles: {line:?}\n{text}"
            );
        }
        if w >= 80 {
            for stat in Stat::ALL {
                let title = format!(" {} by round ", stat.name());
                assert!(text.contains(&title), "{w}x{h}: no {title:?}\n{text}");
            }
        }
    }
}

#[test]
fn show_prints_the_summary_of_a_finished_save() {
    let game = finished_game(11);
    let dir = std::env::temp_dir().join(format!("herakon-endgame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("over.json");
    std::fs::write(&file, save::to_json(&game)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(["show", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    let summary = summarize(&game).unwrap();
    assert!(text.contains(&format!("Why: {}.", summary.why)), "{text}");
    let header = text
        .lines()
        .find(|l| l.starts_with("after round"))
        .unwrap_or_else(|| panic!("no header: {text}"));
    // Each statistic lists both players with one number per sample, ending at the final
    // standing.
    let last = standings(&game);
    for (i, name) in ["Anna (Ultramarines)", "Ben (World Eaters)"]
        .iter()
        .enumerate()
    {
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with(name))
            .collect();
        assert_eq!(rows.len(), 4, "{name}: {text}");
        let units: Vec<usize> = rows[3]
            .trim_start()
            .trim_start_matches(name)
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(units.len(), summary.samples.len());
        // The columns line up under the header, whatever the name's length.
        assert_eq!(rows[3].len(), header.len(), "{text}");
        assert_eq!(units.last(), Some(&last[i].units));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn end_screen_fits_small_terminals_without_breaking() {
    let mut game = finished_game(11);
    for (w, h) in [(80, 24), (72, 28), (40, 12), (10, 4), (1, 1)] {
        let mut client = Client::new(&game, Theme::monochrome(), w, h);
        let text = screen(&client, &game);
        if w >= 72 {
            assert!(text.contains("wins ★"), "{w}x{h}:\n{text}");
            assert!(text.contains(" objective tokens "), "{w}x{h}:\n{text}");
        }
        client.handle(&mut game, Msg::key(KeyCode::Esc));
        let _ = screen(&client, &game);
    }
}

fn st(objectives: u8, worlds: usize, units: usize) -> Standing {
    Standing {
        objectives,
        materiel: 0,
        worlds,
        units,
    }
}

#[test]
fn the_first_tie_break_that_differs_explains_the_win() {
    let now = [st(2, 4, 9), st(2, 3, 12)];
    assert_eq!(
        tie_break(&now, &[Seat(0)], &[Seat(0), Seat(1)]),
        "tied on objective tokens (2 each), then most friendly worlds (4 to 3)"
    );
    let now = [st(3, 1, 1), st(2, 9, 9)];
    assert_eq!(
        tie_break(&now, &[Seat(0)], &[Seat(0), Seat(1)]),
        "most objective tokens (3 to 2)"
    );
    let now = [st(1, 2, 3), st(1, 2, 3), st(0, 5, 5)];
    assert_eq!(
        tie_break(&now, &[Seat(0), Seat(1)], &[Seat(0), Seat(1), Seat(2)]),
        "a shared victory, tied on every tie-break (1 objective tokens, 2 friendly worlds, 3 units each)"
    );
}
