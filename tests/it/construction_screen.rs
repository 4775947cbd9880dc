//! The constructed board in the terminal client (`play --setup build`), drawn on ratatui's
//! `TestBackend` at 120x40: every frame of the construction shows the board (never the "too
//! small" screen), every place open for a tile can be pointed at with the mouse and with the
//! cursor keys, and the finished board is then played.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use crossterm::event::KeyCode;
use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::state::phase::Phase;
use herakon::engine::{
    Action, AreaId, DecisionKind, Game, GameData, NewGameOptions, Quadrant, SetupKind, SystemId,
};
use herakon::tui::app::{Focus, HANDOFF_PAUSE};
use herakon::tui::{Client, Effect, Msg, Scene, Screen, Theme};

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().unwrap())
}

fn build_game(players: u8, seed: u64) -> Game {
    Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
            setup: SetupKind::Build,
        },
        data(),
    )
    .unwrap()
}

/// The screen as text, one line per row.
fn screen_text(client: &Client, game: &Game) -> String {
    let buf = common::drawn(client, game);
    common::rows(&buf).join(
        "
",
    )
}

/// Takes the keyboard at the hand-off on screen as a player does.
fn take_keyboard(client: &mut Client, game: &mut Game) {
    let now = client.view.clock;
    client.handle(game, Msg::Tick(now));
    client.handle(game, Msg::Tick(now + HANDOFF_PAUSE));
    assert_eq!(client.handle(game, Msg::char(' ')), Effect::None);
    assert_eq!(client.view.screen, Screen::Play);
}

/// The systems the legal tile placements name.
fn tile_places(game: &Game) -> BTreeSet<SystemId> {
    game.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::PlaceTile { system, .. } => Some(*system),
            _ => None,
        })
        .collect()
}

/// Clicks the middle of `system`'s north-west area: the cursor goes there and the list keeps
/// only the placements on that system, all of them.
fn click_place(client: &mut Client, game: &mut Game, system: SystemId) {
    let r = client.regions(game);
    let rect = r.area(AreaId::new(system, Quadrant::Nw));
    assert!(
        rect.width > 0 && rect.height > 0,
        "{system} is not on the screen: {r:?}"
    );
    client.handle(
        game,
        Msg::Click(rect.x + rect.width / 2, rect.y + rect.height / 2),
    );
    assert_eq!(
        client.view.cursor.system, system,
        "the click lands on {system}"
    );
    let scene = Scene::new(game, client.view.shown);
    let listed: Vec<Action> = client
        .view
        .visible(&scene.choices)
        .iter()
        .map(|c| c.action)
        .collect();
    let legal: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::PlaceTile { system: s, .. } if *s == system))
        .collect();
    assert!(!legal.is_empty());
    assert_eq!(listed, legal, "clicking {system} lists its placements");
}

/// Walks the cursor to `system` with the arrow keys (the board focused): the shortest run of
/// key presses is searched on copies of the client, then pressed on the real one.
fn walk_to(client: &mut Client, game: &mut Game, system: SystemId) {
    if client.view.focus != Focus::Board {
        client.handle(game, Msg::key(KeyCode::Tab));
    }
    let keys = [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down];
    let mut seen = BTreeSet::from([client.view.cursor]);
    let mut todo = std::collections::VecDeque::from([(client.clone(), Vec::new())]);
    let mut path = None;
    while let Some((a, keys_so_far)) = todo.pop_front() {
        if a.view.cursor.system == system {
            path = Some(keys_so_far);
            break;
        }
        for key in keys {
            let mut next = a.clone();
            next.handle(&mut game.clone(), Msg::key(key));
            if seen.insert(next.view.cursor) {
                let mut k: Vec<KeyCode> = keys_so_far.clone();
                k.push(key);
                todo.push_back((next, k));
            }
        }
    }
    let path = path.unwrap_or_else(|| panic!("the arrow keys never reach {system}"));
    for key in path {
        client.handle(game, Msg::key(key));
    }
    assert_eq!(
        client.view.cursor.system, system,
        "the arrow keys reach {system}"
    );
    let text = screen_text(client, game);
    assert!(!text.contains("too small"), "{text}");
}

/// Plays the whole construction of a `players`-player board through the client at 120x40 as
/// the table would: a hand-off before each seat, every frame drawn; on each tile decision each
/// open place is clicked and walked to, then the action a heuristic player picks is chosen
/// from the list. Returns the game at its first Planning decision and the client.
fn construct_at_120x40(players: u8, seed: u64) -> (Game, Client) {
    let mut game = build_game(players, seed);
    let mut client = Client::new(&game, Theme::monochrome(), 120, 40);
    assert!(
        client
            .session
            .log
            .iter()
            .any(|l| l.text.contains("Setup · constructing the board"))
            && !client
                .session
                .log
                .iter()
                .any(|l| l.text.contains("Round 1")),
        "the log opens with the setup, not a round: {:?}",
        client.session.log
    );
    let mut bot = HeuristicBot::new(seed);
    let mut tiles = 0;
    for _ in 0..400 {
        if !matches!(game.position().phase, Phase::Setup(_)) {
            break;
        }
        if matches!(client.view.screen, Screen::Handoff(_)) {
            let text = screen_text(&client, &game);
            assert!(!text.contains("too small"), "hand-off:\n{text}");
            take_keyboard(&mut client, &mut game);
        }
        let text = screen_text(&client, &game);
        assert!(!text.contains("too small"), "{text}");
        for s in game.board().systems() {
            assert!(text.contains(&format!(" {s} ")), "{s} missing:\n{text}");
        }
        let drawn =
            |g: &Game, s: SystemId| g.board().has_system(s) || g.open_tile_places().contains(&s);
        assert!(
            drawn(&game, client.view.cursor.system),
            "the cursor {} is on a system drawn",
            client.view.cursor
        );
        // A click on a blank corner of the window (no tile, no open place) goes nowhere.
        let r = client.regions(&game);
        let w = r.window;
        let blank = (w.col..w.col + w.cols)
            .flat_map(|c| (w.row..w.row + w.rows).map(move |row| SystemId::new(c, row)))
            .find(|s| !drawn(&game, *s));
        if let Some(s) = blank {
            let t = r.tile(s);
            let before = client.view.cursor;
            client.handle(&mut game, Msg::Click(t.x + t.width / 2, t.y + t.height / 2));
            assert_eq!(
                client.view.cursor, before,
                "a click on blank {s} moves nothing"
            );
        }
        let kind = game.decision().unwrap().kind;
        let action = bot.choose(&game).unwrap();
        if kind == DecisionKind::PlaceTile {
            tiles += 1;
            let places = tile_places(&game);
            assert_eq!(
                places,
                game.open_tile_places().into_iter().collect(),
                "the places drawn open are the legal ones"
            );
            for &s in &places {
                // Named on its outline (" C3 open ", or the selected tile's " C3 6A r0 ").
                assert!(
                    text.contains(&format!(" {s} open ")) || text.contains(&format!(" {s} ")),
                    "open place {s} missing:\n{text}"
                );
                click_place(&mut client, &mut game, s);
                client.handle(&mut game, Msg::key(KeyCode::Esc));
                walk_to(&mut client, &mut game, s);
            }
            // A placed tile offers no placement: the area panel says why, in the engine's
            // words.
            let first_placed = game.board().systems().next();
            if let Some(placed) = first_placed {
                let rect = client
                    .regions(&game)
                    .area(AreaId::new(placed, Quadrant::Se));
                client.handle(&mut game, Msg::Click(rect.x, rect.y));
                let scene = Scene::new(&game, client.view.shown);
                assert!(client.view.visible(&scene.choices).is_empty());
                assert!(
                    client
                        .view
                        .why
                        .iter()
                        .any(|w| w.contains(&format!("{placed} already holds a system tile"))),
                    "{:?}",
                    client.view.why
                );
                let text = screen_text(&client, &game);
                // The area panel's words, read across its wrapped lines.
                let d = client.regions(&game).detail;
                let panel: Vec<String> = text
                    .lines()
                    .skip(usize::from(d.y))
                    .take(usize::from(d.height))
                    .map(|r| {
                        r.chars()
                            .skip(usize::from(d.x) + 1)
                            .take(usize::from(d.width) - 2)
                            .collect()
                    })
                    .collect();
                let flat = panel
                    .join(" ")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(flat.contains("already holds a system tile"), "{text}");
                client.handle(&mut game, Msg::key(KeyCode::Esc));
            }
            let Action::PlaceTile { system, .. } = action else {
                panic!("a tile decision offers tiles");
            };
            click_place(&mut client, &mut game, system);
        }
        // The picked action, chosen from the (maybe filtered) list with the arrow keys.
        let scene = Scene::new(&game, client.view.shown);
        let i = client
            .view
            .visible(&scene.choices)
            .iter()
            .position(|c| c.action == action)
            .unwrap_or_else(|| {
                client.handle(&mut game, Msg::key(KeyCode::Esc));
                let scene = Scene::new(&game, client.view.shown);
                client
                    .view
                    .visible(&scene.choices)
                    .iter()
                    .position(|c| c.action == action)
                    .unwrap()
            });
        client.handle(&mut game, Msg::key(KeyCode::Home));
        for _ in 0..i {
            client.handle(&mut game, Msg::key(KeyCode::Down));
        }
        if let Action::PlaceTile {
            number,
            side_b,
            system,
            ..
        } = action
        {
            // The area panel shows the selected tile's areas before it is placed.
            let code = format!("{number}{}", if side_b { 'B' } else { 'A' });
            let text = screen_text(&client, &game);
            assert!(
                text.contains(&format!("Tile {code} on {system}")),
                "{action} not previewed:\n{text}"
            );
        }
        let before = game.history().len();
        assert_eq!(
            client.handle(&mut game, Msg::key(KeyCode::Enter)),
            Effect::None
        );
        assert_eq!(
            game.history().get(before),
            Some(&action),
            "{action} was applied"
        );
        // What followed it was taken without asking: each a formality of its position.
        for after in before + 2..=game.history().len() {
            let b = game.rewind(after - 1).unwrap();
            assert_eq!(
                b.formal_action(),
                Some(game.history()[after - 1]),
                "after {action}: the client took a decision that is no formality"
            );
        }
    }
    assert_eq!(tiles, 3 * usize::from(players), "every tile was placed");
    assert!(
        !matches!(game.position().phase, Phase::Setup(_)),
        "the construction ends"
    );
    (game, client)
}

/// After the construction: the first Planning decision is drawn whole at 120x40 and an order
/// token is placed from it.
fn play_first_planning_decision(mut game: Game, mut client: Client, players: u8) {
    let (cols, rows) = (game.board().cols(), game.board().rows());
    assert_eq!(
        u16::from(cols) * u16::from(rows),
        3 * u16::from(players),
        "one system per tile"
    );
    if matches!(client.view.screen, Screen::Handoff(_)) {
        take_keyboard(&mut client, &mut game);
    }
    let text = screen_text(&client, &game);
    assert!(!text.contains("too small"), "{text}");
    assert!(text.contains("Planning"), "{text}");
    for s in game.board().systems() {
        assert!(text.contains(&format!(" {s} ")), "{s} missing:\n{text}");
    }
    for f in game.seats().map(|s| game.faction(s)) {
        assert!(text.contains(f.name()), "{} missing:\n{text}", f.name());
    }
    let decision = game.decision().unwrap();
    assert_eq!(decision.kind, DecisionKind::PlaceOrder);
    let first = game.faction(decision.seat).name();
    assert!(
        client
            .session
            .log
            .iter()
            .any(|l| l.text == format!("── Round 1 · Planning · {first} first ──")),
        "round 1 opens when the setup ends: {:?}",
        client.session.log
    );
    client.handle(&mut game, Msg::key(KeyCode::Home));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert!(
        matches!(game.history().last(), Some(Action::Place { .. })),
        "an order token was placed"
    );
}

#[test]
fn a_two_player_board_is_constructed_and_played_at_120x40() {
    let (game, client) = construct_at_120x40(2, 5);
    play_first_planning_decision(game, client, 2);
}

#[test]
fn a_four_player_board_is_constructed_and_played_at_120x40() {
    let (game, client) = construct_at_120x40(4, 3);
    play_first_planning_decision(game, client, 4);
}

#[test]
fn a_three_player_board_is_constructed_and_played_at_120x40() {
    let (game, client) = construct_at_120x40(3, 8);
    play_first_planning_decision(game, client, 3);
}

/// Every position of many constructions (2, 3 and 4 players, random legal choices, each step:
/// tiles, forces, objective tokens, warp storms) fits 120x40: the client never shows the "too
/// small" screen there, and every place open for a tile lies among the systems on screen.
#[test]
fn every_construction_step_fits_120x40() {
    use herakon::tui::layout::Window;
    use rand::{RngExt, SeedableRng};
    for players in 2..=4u8 {
        for seed in 0..12u64 {
            let mut game = build_game(players, seed);
            let client = Client::new(&game, Theme::monochrome(), 120, 40);
            let mut chooser = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            while matches!(game.position().phase, Phase::Setup(_)) {
                assert!(
                    !client.too_small(&game),
                    "{players} players, seed {seed}: too small at {:?}",
                    Window::of_game(&game)
                );
                let window = Window::of_game(&game);
                for s in tile_places(&game) {
                    assert!(window.contains(s), "{s} off {window:?}");
                }
                for s in game.board().systems() {
                    assert!(window.contains(s), "{s} off {window:?}");
                }
                let legal = game.legal_actions();
                let pick = legal[chooser.random_range(0..legal.len())];
                game.apply(pick).unwrap();
            }
            assert!(!client.too_small(&game), "{players} players, seed {seed}");
        }
    }
}
