//! Player names: chosen on the command line or the new-game screen, shown as
//! "Anna (World Eaters)" on every screen, kept in the save, printed by `show`; a name as it is
//! cleaned (trimmed, no control characters, no repeats, not too long) and as the log calls a
//! named player (`engine::state::names`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::Arc;

use crossterm::event::KeyCode;
use herakon::engine::format::save;
use herakon::engine::state::names::{NAME_MAX, NameError, clean, label, name_players};
use herakon::engine::{Faction, Game, GameData, NewGameOptions, Seat};
use herakon::tui::newgame::{NewGame, Outcome};
use herakon::tui::{Client, Msg, Replay, Screen, Theme};

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().unwrap())
}

fn named_game(names: &[&str]) -> Game {
    let mut game = Game::new(&NewGameOptions::intro(2, 3), data()).unwrap();
    let names: Vec<String> = names.iter().map(ToString::to_string).collect();
    game.set_names(&names).unwrap();
    game
}

fn screen_text(client: &Client, game: &Game) -> String {
    let buf = common::drawn(client, game);
    common::rows(&buf).join(
        "
",
    )
}

fn herakon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(args)
        .output()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("herakon-names-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn new_game_screen_names_the_seats_and_the_game_keeps_the_names() {
    let data = data();
    let mut menu = NewGame::new(5);
    // Players, board, seat 1, seat 2, then the two name fields.
    for _ in 0..4 {
        menu.handle(Msg::key(KeyCode::Down), &data);
    }
    // Letters that are keys elsewhere (h, j, k, l, q, space) are text in a name field.
    for c in "Anna q".chars() {
        menu.handle(Msg::char(c), &data);
    }
    menu.handle(Msg::key(KeyCode::Backspace), &data);
    menu.handle(Msg::key(KeyCode::Backspace), &data);
    menu.handle(Msg::key(KeyCode::Down), &data);
    for c in "Ben".chars() {
        menu.handle(Msg::char(c), &data);
    }
    assert_eq!(menu.names[..2], ["Anna".to_string(), "Ben".to_string()]);
    let Outcome::Start(game) = menu.handle(Msg::key(KeyCode::Enter), &data) else {
        panic!("no game: {:?}", menu.error);
    };
    assert_eq!(game.name(Seat(0)), Some("Anna"));
    assert_eq!(game.who(Seat(1)), "Ben (World Eaters)");
}

#[test]
fn the_same_name_twice_is_refused_on_the_new_game_screen() {
    let data = data();
    let mut menu = NewGame::new(5);
    menu.set_names(&["Anna".into(), "Anna".into()]);
    assert!(matches!(
        menu.handle(Msg::key(KeyCode::Enter), &data),
        Outcome::Stay
    ));
    assert!(menu.error.as_deref().unwrap_or("").contains("Anna"));
}

#[test]
fn handoff_and_play_screens_call_players_by_name_and_faction() {
    let mut game = named_game(&["Anna", "Ben"]);
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    let first = game.decision().unwrap().seat;
    assert_eq!(client.view.screen, Screen::Handoff(first));
    let expect = game.who(first);
    assert!(expect.contains('('), "{expect}");
    let text = screen_text(&client, &game);
    assert!(text.contains(&expect), "hand-off without {expect}:\n{text}");
    common::take_keyboard(&mut client, &mut game);
    let text = screen_text(&client, &game);
    assert!(text.contains("Anna (Ultramarines)"), "{text}");
    assert!(text.contains("Ben (World Eaters)"), "{text}");
    // The log calls the player who acted by name too.
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history().len(), 1);
    let who = game.who(first);
    assert!(
        client
            .session
            .log
            .iter()
            .any(|l| !l.note && l.text.starts_with(&who)),
        "no log line starts with {who}: {:?}",
        client.session.log
    );
}

#[test]
fn names_survive_save_load_undo_and_replay_and_old_saves_load_without_them() {
    let mut game = named_game(&["Anna", "Ben"]);
    let first = game.legal_actions()[0];
    game.apply(first).unwrap();
    let text = save::to_json(&game);
    assert!(text.contains("\"names\""));
    let loaded = save::load(&text, data()).unwrap();
    assert_eq!(loaded.names(), ["Anna".to_string(), "Ben".to_string()]);
    let replay = Replay::new(&loaded).unwrap();
    assert_eq!(replay.game().name(Seat(1)), Some("Ben"));
    let rewound = herakon::tui::undo::rewind(&loaded, 0).unwrap();
    assert_eq!(rewound.name(Seat(0)), Some("Anna"));
    // A save written before names existed has no `names` key and still loads.
    let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
    old.as_object_mut().unwrap().remove("names");
    let old = save::load(&old.to_string(), data()).unwrap();
    assert!(old.names().is_empty());
    assert_eq!(old.who(Seat(0)), "Ultramarines");
    assert!(!save::to_json(&old).contains("\"names\""));
}

#[test]
fn a_save_with_more_names_than_seats_is_refused_with_a_reason() {
    let game = named_game(&["Anna"]);
    let mut v: serde_json::Value = serde_json::from_str(&save::to_json(&game)).unwrap();
    v["names"] = serde_json::json!(["A", "B", "C"]);
    let err = save::load(&v.to_string(), data()).unwrap_err();
    assert!(err.to_string().contains("3 names for 2 players"), "{err}");
}

#[test]
fn names_option_goes_into_the_save_and_show_prints_it() {
    let dir = scratch("show");
    let f = dir.join("g.json");
    let f = f.to_str().unwrap();
    let o = herakon(&["new", "--seed", "4", "--names", "Anna,Ben", "--out", f]);
    assert!(o.status.success(), "{o:?}");
    let o = herakon(&["show", f]);
    let shown = String::from_utf8_lossy(&o.stdout);
    assert!(shown.contains("Anna (Ultramarines)"), "{shown}");
    assert!(shown.contains("Ben (World Eaters)"), "{shown}");
    let o = herakon(&["new", "--names", "A,B,C", "--out", f]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--names"));
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

#[test]
fn names_are_trimmed_and_stripped_of_control_characters() {
    let kept = clean(&strings(&["  Anna ", "B\u{1b}[2Jen"]), 2).unwrap();
    assert_eq!(kept, strings(&["Anna", "B[2Jen"]));
}

#[test]
fn more_names_than_seats_or_a_repeated_name_is_refused() {
    assert!(matches!(
        clean(&strings(&["A", "B", "C"]), 2),
        Err(NameError::TooMany {
            given: 3,
            players: 2
        })
    ));
    assert_eq!(
        clean(&strings(&["Anna", "anna"]), 2),
        Err(NameError::Duplicate("anna".into()))
    );
    let long = "x".repeat(NAME_MAX + 1);
    assert!(matches!(clean(&[long], 2), Err(NameError::TooLong(_))));
}

#[test]
fn empty_names_mean_no_name_and_trailing_ones_are_dropped() {
    assert_eq!(
        clean(&strings(&["", "Ben", ""]), 3).unwrap(),
        strings(&["", "Ben"])
    );
    assert_eq!(
        clean(&strings(&["", " "]), 2).unwrap(),
        Vec::<String>::new()
    );
}

#[test]
fn a_named_players_possessive_is_the_name_with_apostrophe_s() {
    let players = [
        (Faction::Ultramarines, Some("Anna")),
        (Faction::Eldar, Some("Ben")),
        (Faction::Chaos, None),
    ];
    assert_eq!(
        name_players("Ultramarines' Scout suffers 1 damage", &players),
        "Anna's Scout suffers 1 damage"
    );
    assert_eq!(
        name_players("Ultramarines destroys Iyanden Eldar's bastion", &players),
        "Anna (Ultramarines) destroys Ben's bastion"
    );
    assert_eq!(
        name_players("World Eaters' Cultist", &players),
        "World Eaters' Cultist"
    );
}

#[test]
fn log_lines_call_named_players_by_name_once() {
    let players = [
        (Faction::Ultramarines, Some("Ultramarines fan")),
        (Faction::Chaos, None),
    ];
    assert_eq!(
        name_players("Ultramarines attack World Eaters in A1", &players),
        "Ultramarines fan (Ultramarines) attack World Eaters in A1"
    );
    assert_eq!(name_players("nothing here", &players), "nothing here");
}

#[test]
fn a_player_is_called_by_name_and_faction() {
    assert_eq!(label(Some("Anna"), Faction::Chaos), "Anna (World Eaters)");
    assert_eq!(label(None, Faction::Chaos), "World Eaters");
    assert_eq!(label(Some(""), Faction::Orks), "Evil Sunz Orks");
}
