//! The new-game screen (#28): its help, one text cursor, a game too large for the terminal
//! refused before it starts, keys that are text in a name field, and the last autosave offered
//! with its players, round and state (a finished game for replay). The help is compared with
//! reviewed snapshots at 80x24 and 120x40 (`INSTA_UPDATE=always cargo test --test it newgame::`,
//! then `git diff tests/it/snapshots`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use herakon::engine::state::computer::ComputerPlayers;
use herakon::engine::{Faction, Game};
use herakon::tui::layout::{Regions, Window};
use herakon::tui::newgame::{NewGame, Outcome, Resume};
use herakon::tui::{Msg, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The new-game screen drawn at `w` x `h`, one line per row, trailing blanks cut.
fn render(menu: &NewGame, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| menu.draw(f, Theme::monochrome())).unwrap();
    common::text(t.backend().buffer())
}

/// Presses `code` on the screen.
fn press(menu: &mut NewGame, code: KeyCode) -> Outcome {
    menu.handle(Msg::key(code), &common::data())
}

/// Moves the selection down `n` rows from the top.
fn to_row(menu: &mut NewGame, n: usize) {
    for _ in 0..8 * 3 {
        press(menu, KeyCode::Up);
    }
    for _ in 0..n {
        press(menu, KeyCode::Down);
    }
}

/// A finished game between two heuristic players (recorded for the event-log tests, read from
/// the test data) and the short path the menu names it by, so the
/// screen reads the same, and wraps the same, wherever the repository is checked out.
fn finished_game() -> (PathBuf, Game) {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/event_log/two_heuristic_intro.json");
    let text = std::fs::read_to_string(file).unwrap();
    let game = herakon::engine::format::save::load(&text, common::data()).unwrap();
    assert!(game.is_over());
    (PathBuf::from("saves/finished.json"), game)
}

#[test]
fn screen_new_game_help_at_80x24_and_120x40() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut menu = NewGame::new(42);
        assert!(matches!(
            press(&mut menu, KeyCode::Char('?')),
            Outcome::Stay
        ));
        assert!(menu.help);
        let screen = render(&menu, w, h);
        for kind in ["easy", "normal", "hard"] {
            assert!(
                screen.contains(kind),
                "no line on the {kind} player:\n{screen}"
            );
        }
        insta::assert_snapshot!(format!("newgame_help_{w}x{h}"), screen);
        // Any key closes it and does nothing else: `q` does not quit from the help.
        assert!(matches!(
            press(&mut menu, KeyCode::Char('q')),
            Outcome::Stay
        ));
        assert!(!menu.help);
        assert!(!render(&menu, w, h).contains("Computer players"));
    }
}

#[test]
fn only_the_focused_text_field_draws_a_cursor() {
    let mut menu = NewGame::new(42);
    let cursors = |menu: &NewGame| -> Vec<String> {
        render(menu, 80, 24)
            .lines()
            .filter(|l| l.contains('▏'))
            .map(|l| l.trim_matches([' ', '║']).to_string())
            .collect()
    };
    // Players row: no text field has the focus.
    assert_eq!(cursors(&menu), Vec::<String>::new());
    // Name 1 (rows: players, board, seat 1, seat 2, name 1).
    to_row(&mut menu, 4);
    let shown = cursors(&menu);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].contains("Name 1"), "{shown:?}");
    // The seed, the last row.
    to_row(&mut menu, 8);
    let shown = cursors(&menu);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].contains("Seed"), "{shown:?}");
}

#[test]
fn a_game_too_large_for_the_terminal_is_refused_before_it_starts() {
    let data = common::data();
    let mut menu = NewGame::new(42);
    menu.size = Some((80, 24));
    press(&mut menu, KeyCode::Right);
    press(&mut menu, KeyCode::Right);
    assert_eq!(menu.players, 4);
    // The size the game's own screen needs, from the same function.
    let game =
        herakon::engine::Game::new(&herakon::engine::NewGameOptions::intro(4, 42), data).unwrap();
    let win = Window::of_game(&game);
    let (w, h) = Regions::minimum(win.cols, win.rows, 4);
    assert!(w > 80 || h > 24, "four players fit 80x24 now: {w}x{h}");
    assert!(matches!(press(&mut menu, KeyCode::Enter), Outcome::Stay));
    let why = menu.error.clone().unwrap_or_default();
    assert!(why.contains(&format!("{w}x{h}")), "{why}");
    assert!(why.contains("80x24"), "{why}");
    assert!(
        render(&menu, 80, 24).contains("80x24"),
        "the refusal is not shown"
    );
    // Two players fit 80x24 and start.
    press(&mut menu, KeyCode::Left);
    press(&mut menu, KeyCode::Left);
    assert!(matches!(
        press(&mut menu, KeyCode::Enter),
        Outcome::Start(_)
    ));
    // After the window grows, four players start too.
    press(&mut menu, KeyCode::Right);
    press(&mut menu, KeyCode::Right);
    menu.handle(Msg::Resize(w, h), &common::data());
    assert!(
        matches!(press(&mut menu, KeyCode::Enter), Outcome::Start(_)),
        "{:?}",
        menu.error
    );
}

#[test]
fn keys_that_act_elsewhere_are_text_in_a_name_field() {
    let (path, game) = finished_game();
    let mut menu = NewGame::new(42);
    menu.resume = Some(Resume::of_game(&path, &game));
    to_row(&mut menu, 4);
    for c in "c?q7 jk".chars() {
        let out = press(&mut menu, KeyCode::Char(c));
        assert!(matches!(out, Outcome::Stay), "{c} acted: {out:?}");
        assert!(!menu.help, "{c} opened the help");
    }
    assert_eq!(menu.names[0], "c?q7 jk");
    assert_eq!(menu.row, 4);
    // Off the name field the same keys act.
    to_row(&mut menu, 0);
    press(&mut menu, KeyCode::Char('?'));
    assert!(menu.help);
}

#[test]
fn continue_names_the_saved_games_players_round_and_that_it_is_unfinished() {
    let mut game = common::intro(2, 3);
    game.set_names(&["Anna".to_string(), String::new()])
        .unwrap();
    game.set_computer(ComputerPlayers {
        players: BTreeMap::from([(Faction::Chaos, "heuristic".to_string())]),
        seed: 1,
    })
    .unwrap();
    for _ in 0..3 {
        let a = game.legal_actions()[0];
        game.apply(a).unwrap();
    }
    let path = PathBuf::from("saves/hotseat-2.autosave.json");
    let resume = Resume::of_game(&path, &game);
    assert_eq!(
        resume.players,
        ["Anna (Ultramarines)", "World Eaters (computer heuristic)"]
    );
    assert_eq!(
        (resume.round, resume.actions, resume.finished),
        (1, 3, false)
    );
    let mut menu = NewGame::new(42);
    menu.resume = Some(resume);
    let screen = render(&menu, 80, 24);
    assert!(
        screen.contains("c continue saves/hotseat-2.autosave.json (round 1, 3 actions)"),
        "{screen}"
    );
    assert!(
        screen.contains("Anna (Ultramarines), World Eaters (computer heuristic)"),
        "{screen}"
    );
    let out = press(&mut menu, KeyCode::Char('c'));
    assert!(
        matches!(&out, Outcome::Continue(p) if *p == path),
        "{out:?}"
    );
}

#[test]
fn a_finished_game_is_offered_for_replay_not_to_continue() {
    let (path, game) = finished_game();
    let resume = Resume::of_game(&path, &game);
    assert!(resume.finished);
    let mut menu = NewGame::new(42);
    menu.resume = Some(resume);
    let screen = render(&menu, 80, 24);
    assert!(screen.contains("c replay "), "{screen}");
    assert!(
        screen.contains("(finished in round 8, 480 actions)"),
        "{screen}"
    );
    assert!(!screen.contains("continue"), "{screen}");
    let out = press(&mut menu, KeyCode::Char('c'));
    assert!(matches!(&out, Outcome::Replay(p) if *p == path), "{out:?}");
}

#[test]
fn who_plays_a_seat_cycles_person_easy_normal_hard() {
    use herakon::bot::{BotKind, Level};
    let mut menu = NewGame::new(42);
    // Two players: rows players, board, 2 seats, 2 names, then who plays seat 1.
    to_row(&mut menu, 6);
    let mut seen = vec![menu.bots[0]];
    for _ in 0..4 {
        press(&mut menu, KeyCode::Right);
        seen.push(menu.bots[0]);
    }
    let level = |l| Some(BotKind::Level(l));
    assert_eq!(
        seen,
        [
            None,
            level(Level::Easy),
            level(Level::Normal),
            level(Level::Hard),
            None
        ]
    );
    // Left goes back the other way; the screen names the level.
    press(&mut menu, KeyCode::Left);
    assert_eq!(menu.bots[0], level(Level::Hard));
    assert_eq!(menu.bots[1], None);
    let screen = render(&menu, 80, 24);
    assert!(screen.contains("computer (hard)"), "{screen}");
    assert!(screen.contains("a person"), "{screen}");
}
