//! Whole screens of the terminal client, drawn on ratatui's `TestBackend` at the sizes players
//! use (80x24, the smallest supported, and 120x40) and compared with reviewed snapshots
//! (`tests/snapshots/`). After a deliberate change of the screen, review and accept the new
//! ones: `INSTA_UPDATE=always cargo test --test screens`, then `git diff tests/snapshots`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

mod common;

use crossterm::event::KeyCode;
use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::{DecisionKind, Game};
use herakon::tui::{App, Msg, Scene, Screen, Theme, draw};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The screen as text, one line per row, trailing blanks cut.
fn render(app: &App, game: &Game) -> String {
    let mut t = Terminal::new(TestBackend::new(app.size.width, app.size.height)).unwrap();
    t.draw(|f| {
        let scene = Scene::new(game, app.shown);
        draw(f, app, &scene);
    })
    .unwrap();
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let row: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A client of `w` x `h` past the hand-off to the deciding seat.
fn client(game: &mut Game, w: u16, h: u16) -> App {
    let mut app = App::new(game, Theme::monochrome(), w, h);
    if let Screen::Handoff(_) = app.screen {
        app.handle(game, Msg::key(KeyCode::Enter));
    }
    assert_eq!(app.screen, Screen::Play);
    app
}

/// A game between heuristic players, stopped at the first decision `stop` accepts.
fn played_until(players: u8, stop: impl Fn(&Game) -> bool) -> Game {
    for seed in 0..60 {
        let mut game = common::intro(players, seed);
        let mut bots: Vec<HeuristicBot> = (0..players)
            .map(|s| HeuristicBot::new(seed + u64::from(s)))
            .collect();
        while let Some(d) = game.decision() {
            if stop(&game) {
                return game;
            }
            let a = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(a).unwrap();
        }
    }
    panic!("no game reached the wanted decision")
}

fn deciding(kind: DecisionKind) -> impl Fn(&Game) -> bool {
    move |g: &Game| g.decision().is_some_and(|d| d.kind == kind)
}

#[test]
#[ignore = "prints screens for a look while working on the layout"]
fn print_screens() {
    let sizes = [(80, 24), (120, 40)];
    let mut planning = common::intro(2, 1);
    let mut mv = played_until(2, deciding(DecisionKind::MoveGround));
    let mut combat = played_until(2, deciding(DecisionKind::ChooseCombatCard));
    for (w, h) in sizes {
        for g in [&mut planning, &mut mv, &mut combat] {
            let app = client(g, w, h);
            println!("{}\n", render(&app, g));
        }
    }
    let mut app = client(&mut combat, 80, 24);
    app.handle(&mut combat, Msg::char('c'));
    println!("{}\n", render(&app, &combat));
    app.handle(&mut combat, Msg::key(KeyCode::Esc));
    app.handle(&mut combat, Msg::char('i'));
    println!("{}\n", render(&app, &combat));
    app.handle(&mut combat, Msg::key(KeyCode::PageDown));
    println!("{}\n", render(&app, &combat));
}
