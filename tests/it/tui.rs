//! The terminal client drawn on ratatui's `TestBackend` and driven by key and mouse messages;
//! the board's marks of the selected choice, the places an action concerns, the unit codes and
//! the monochrome theme.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::sync::Arc;

use crossterm::event::KeyCode;
use herakon::engine::rules::Warning;
use herakon::engine::{
    Action, AreaId, Faction, Game, GameData, NewGameOptions, Order, Quadrant, Seat, SystemId,
    UnitType,
};
use herakon::tui::app::HANDOFF_PAUSE;
use herakon::tui::follow::Marks;
use herakon::tui::scene::{Choice, concerns};
use herakon::tui::text::unit_code;
use herakon::tui::{Client, Effect, Msg, Overlay, Scene, Screen, Theme, draw};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn data() -> Arc<GameData> {
    // TEMP: a GameData JSON dump while the embedded data is being written.
    if let Ok(path) = std::env::var("HERAKON_DATA_JSON") {
        let text = std::fs::read_to_string(path).unwrap();
        return Arc::new(serde_json::from_str(&text).unwrap());
    }
    Arc::new(GameData::embedded().unwrap())
}

fn new_game(players: u8) -> Game {
    Game::new(&NewGameOptions::intro(players, 1), data()).unwrap()
}

/// The screen as text, one line per row.
fn render(client: &Client, game: &Game) -> Vec<String> {
    common::few_odds_playouts();
    let buf = common::drawn(client, game);
    common::rows(&buf)
}

fn screen_text(client: &Client, game: &Game) -> String {
    render(client, game).join("\n")
}

/// Takes the keyboard at the hand-off on screen as a player does: the hand-off is drawn (the
/// first tick), its pause runs out, then Space.
fn take_keyboard(client: &mut Client, game: &mut Game) {
    assert!(
        matches!(client.view.screen, Screen::Handoff(_)),
        "{:?}",
        client.view.screen
    );
    let now = client.view.clock;
    client.handle(game, Msg::Tick(now));
    client.handle(game, Msg::Tick(now + HANDOFF_PAUSE));
    assert_eq!(client.handle(game, Msg::char(' ')), Effect::None);
    assert_eq!(client.view.screen, Screen::Play);
}

/// A client past the first hand-off.
fn new_client(game: &Game, w: u16, h: u16) -> Client {
    common::few_odds_playouts();
    let mut client = Client::new(game, Theme::monochrome(), w, h);
    take_keyboard(&mut client, &mut game.clone());
    client
}

fn world_names(game: &Game) -> Vec<String> {
    game.board()
        .areas()
        .filter_map(|a| a.world())
        .map(|w| w.name.clone())
        .collect()
}

#[test]
fn board_of_a_new_two_player_game_shows_world_names_and_system_ids() {
    let game = new_game(2);
    for (w, h) in [(120, 40), (160, 48), (200, 60)] {
        let client = new_client(&game, w, h);
        let text = screen_text(&client, &game);
        for s in game.board().systems() {
            assert!(
                text.contains(&format!(" {s} ")),
                "{w}x{h}: system {s} missing:\n{text}"
            );
        }
        for name in world_names(&game) {
            assert!(
                text.contains(&name),
                "{w}x{h}: world {name} missing:\n{text}"
            );
        }
    }
}

#[test]
fn four_player_board_fits_in_120_by_40_and_200_by_60() {
    let game = new_game(4);
    for (w, h) in [(120, 40), (200, 60)] {
        let client = new_client(&game, w, h);
        let lines = render(&client, &game);
        let text = lines.join("\n");
        for s in game.board().systems() {
            assert!(
                text.contains(&format!(" {s}")),
                "{w}x{h}: system {s} missing:\n{text}"
            );
        }
        for f in game.seats().map(|s| game.faction(s)) {
            assert!(
                text.contains(f.name()),
                "{w}x{h}: {} missing from the players panel",
                f.name()
            );
        }
        assert!(
            client.list_rows(&game).1 >= 5,
            "{w}x{h}: the action list is too short"
        );
    }
}

#[test]
fn handoff_screen_shows_only_the_public_board_and_the_key_that_takes_it() {
    let mut game = new_game(2);
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    let first = game.decision().unwrap().seat;
    assert_eq!(client.view.screen, Screen::Handoff(first));
    let check_public = |client: &mut Client, game: &mut Game| {
        let text = screen_text(client, game);
        assert!(text.contains("one moment"), "{text}");
        assert!(
            !text.contains("press Space"),
            "a key is offered in the pause:\n{text}"
        );
        let now = client.view.clock;
        client.handle(game, Msg::Tick(now));
        client.handle(game, Msg::Tick(now + HANDOFF_PAUSE));
        let text = screen_text(client, game);
        assert!(text.contains("Pass the keyboard"), "{text}");
        assert!(text.contains("press Space or"), "{text}");
        assert!(text.contains(game.faction(game.decision().unwrap().seat).name()));
        // The public board: every world is there, so the table can look.
        for name in world_names(game) {
            assert!(text.contains(&name), "the hand-off hides {name}:\n{text}");
        }
        // No actions and no face-down order of anybody.
        assert!(
            !text.contains("choices"),
            "the hand-off lists actions:\n{text}"
        );
        for seat in game.seats() {
            let letter = game.faction(seat).letter();
            for o in Order::ALL {
                let long = format!("{letter}:{}", o.key());
                let short = format!("{letter}:{}", herakon::tui::board::order_code(o));
                assert!(
                    !text.contains(&long) && !text.contains(&short),
                    "the hand-off shows {long}:\n{text}"
                );
            }
        }
    };
    check_public(&mut client, &mut game);
    take_keyboard(&mut client, &mut game);
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    let next = game.decision().unwrap().seat;
    assert_ne!(next, first);
    assert_eq!(client.view.screen, Screen::Handoff(next));
    check_public(&mut client, &mut game);
}

#[test]
fn handoff_is_taken_only_by_space_or_the_seats_number_after_its_pause() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    let next = game.decision().unwrap().seat;
    assert_eq!(client.view.screen, Screen::Handoff(next));
    // The burst of the last player: keys before the hand-off was even drawn, then in its pause.
    let t0 = client.view.clock;
    for key in [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Char('5')] {
        client.handle(&mut game, Msg::key(key));
    }
    client.handle(&mut game, Msg::Tick(t0));
    for key in [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Char('2')] {
        client.handle(&mut game, Msg::key(key));
        client.handle(&mut game, Msg::Tick(t0 + HANDOFF_PAUSE / 2));
    }
    assert_eq!(
        client.view.screen,
        Screen::Handoff(next),
        "taken in the pause"
    );
    assert_eq!(game.history().len(), 1);
    // After the pause: Enter, other digits and letters still do nothing.
    client.handle(&mut game, Msg::Tick(t0 + HANDOFF_PAUSE));
    let other = char::from_digit(u32::from(next.0) + 2, 10).unwrap();
    for key in [
        KeyCode::Enter,
        KeyCode::Char(other),
        KeyCode::Char('x'),
        KeyCode::Tab,
    ] {
        client.handle(&mut game, Msg::key(key));
        assert_eq!(
            client.view.screen,
            Screen::Handoff(next),
            "taken by {key:?}"
        );
    }
    // The seat's own number takes it.
    client.handle(&mut game, Msg::char(herakon::tui::app::seat_key(next)));
    assert_eq!(client.view.screen, Screen::Play);
    assert_eq!(client.view.shown, Some(next));
    assert_eq!(game.history().len(), 1, "no key of the burst acted");
}

#[test]
fn keys_do_nothing_while_the_terminal_is_too_small() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    client.handle(&mut game, Msg::Resize(60, 20));
    for key in [
        KeyCode::Char('1'),
        KeyCode::Enter,
        KeyCode::Down,
        KeyCode::Enter,
        KeyCode::Char('u'),
        KeyCode::Char('s'),
        KeyCode::Char('f'),
    ] {
        assert_eq!(client.handle(&mut game, Msg::key(key)), Effect::None);
    }
    client.handle(&mut game, Msg::Click(30, 10));
    client.handle(&mut game, Msg::Click(30, 10));
    assert!(game.history().is_empty(), "an action was taken blind");
    assert_eq!(client.view.overlay, Overlay::None);
    assert!(client.view.typed.is_empty(), "a digit was typed blind");
    // Quitting still works (the question is drawn over the message).
    client.handle(&mut game, Msg::char('q'));
    assert_eq!(client.view.overlay, Overlay::ConfirmQuit);
    assert!(screen_text(&client, &game).contains("Quit the game?"));
    client.handle(&mut game, Msg::char('n'));
    // Grown again, the same keys act.
    client.handle(&mut game, Msg::Resize(160, 48));
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history().len(), 1);
}

#[test]
fn a_seats_messages_go_to_its_status_line_not_the_log_and_end_at_the_hand_off() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let log_before = client.session.log.clone();
    for c in "999".chars() {
        client.handle(&mut game, Msg::char(c));
    }
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    let flash = client.view.flash.clone().unwrap();
    assert!(flash.contains("no action number 999"), "{flash}");
    assert!(screen_text(&client, &game).contains("no action number 999"));
    client.handle(&mut game, Msg::char('u'));
    assert!(
        client.view.flash.is_some(),
        "the refusal is on the status line"
    );
    assert_eq!(
        client.session.log, log_before,
        "the log holds game events only"
    );
    client.handle(&mut game, Msg::char('u'));
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert!(matches!(client.view.screen, Screen::Handoff(_)));
    assert_eq!(
        client.view.flash, None,
        "the next seat does not read the last one's messages"
    );
    assert!(
        client
            .session
            .log
            .iter()
            .all(|l| !l.text.contains("no action")),
        "the log holds game events (and the lines the log writes about them) only"
    );
}

#[test]
fn prompt_lists_exactly_the_legal_actions() {
    let game = new_game(2);
    let client = new_client(&game, 200, 60);
    let legal = game.legal_actions();
    let scene = Scene::new(&game, client.view.shown);
    assert_eq!(client.view.visible(&scene.choices).len(), legal.len());
    assert_eq!(
        scene.choices.iter().map(|c| c.action).collect::<Vec<_>>(),
        legal
    );

    let r = client.regions(&game);
    let (first, rows) = client.list_rows(&game);
    assert!(rows >= legal.len(), "the test needs every action on screen");
    let lines = render(&client, &game);
    let prompt: Vec<String> = lines[usize::from(first)..usize::from(r.prompt.bottom())]
        .iter()
        .map(|l| {
            l.chars()
                .skip(usize::from(r.prompt.x) + 1)
                .take(usize::from(r.prompt.width) - 2)
                .collect()
        })
        .collect();
    let numbered: Vec<usize> = prompt
        .iter()
        .filter_map(|l| l.split_whitespace().next().and_then(|w| w.parse().ok()))
        .collect();
    assert_eq!(
        numbered,
        (1..=legal.len()).collect::<Vec<_>>(),
        "prompt:\n{}",
        prompt.join("\n")
    );
    assert!(lines[usize::from(first) - 1].contains(&format!("{} choices", legal.len())));
}

#[test]
fn choosing_an_action_by_number_applies_it_and_the_decision_moves_on() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let before = game.decision().unwrap();
    let legal = game.legal_actions();
    let n = legal.len().min(3);
    for c in n.to_string().chars() {
        assert_eq!(client.handle(&mut game, Msg::char(c)), Effect::None);
    }
    assert!(
        game.history().is_empty(),
        "a digit alone must not apply anything"
    );
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history(), &[legal[n - 1]]);
    let after = game.decision().unwrap();
    assert_ne!(after.seat, before.seat);
    assert_eq!(client.view.screen, Screen::Handoff(after.seat));
    assert!(
        client
            .session
            .log
            .iter()
            .any(|l| l.text.contains("places an order token"))
    );
}

#[test]
fn arrows_and_enter_choose_from_the_list() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let legal = game.legal_actions();
    client.handle(&mut game, Msg::key(KeyCode::Down));
    client.handle(&mut game, Msg::key(KeyCode::Down));
    client.handle(&mut game, Msg::key(KeyCode::Up));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history(), &[legal[1]]);
}

#[test]
fn clicking_an_area_lists_only_the_actions_there() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let Some(Action::Place { system, .. }) = game.legal_actions().last().copied() else {
        panic!("planning offers placements");
    };
    let r = client.regions(&game);
    let area = herakon::engine::AreaId::new(system, herakon::engine::Quadrant::Se);
    let rect = r.area(area);
    client.handle(&mut game, Msg::Click(rect.x + 1, rect.y + 1));
    assert_eq!(client.view.cursor, area);
    let scene = Scene::new(&game, client.view.shown);
    let visible = client.view.visible(&scene.choices);
    assert_eq!(
        visible.len(),
        game.legal_actions()
            .iter()
            .filter(|a| matches!(a, Action::Place { system: s, .. } if *s == system))
            .count()
    );
    assert!(
        visible
            .iter()
            .all(|c| matches!(c.action, Action::Place { system: s, .. } if s == system))
    );
    assert!(screen_text(&client, &game).contains(&format!("At {area}")));
    // Clicking the first listed action selects it, clicking it again does it.
    let row = client.list_rows(&game).0;
    client.handle(&mut game, Msg::Click(r.prompt.x + 4, row));
    assert!(game.history().is_empty());
    client.handle(&mut game, Msg::Click(r.prompt.x + 4, row));
    assert_eq!(game.history(), &[visible[0].action]);
}

#[test]
fn opponents_face_down_orders_never_reach_the_screen() {
    let mut game = new_game(2);
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    let mut own_order_seen = false;
    for step in 0..8 {
        assert!(
            matches!(client.view.screen, Screen::Handoff(_)),
            "step {step}"
        );
        take_keyboard(&mut client, &mut game);
        let me = client.view.shown.unwrap();
        let text = screen_text(&client, &game);
        for seat in game.seats() {
            let letter = game.faction(seat).letter();
            for o in Order::ALL {
                let long = format!("{letter}:{}", o.key());
                let short = format!("{letter}:{}", herakon::tui::board::order_code(o));
                if seat == me {
                    own_order_seen |= text.contains(&long) || text.contains(&short);
                } else {
                    assert!(
                        !text.contains(&long) && !text.contains(&short),
                        "{me} sees {long}:\n{text}"
                    );
                }
            }
        }
        // Both players take the last placement (Dominate on B3) twice in a row, stacking on
        // each other, then the first (Advance on A1) twice in a row: each player's token then
        // lies under the opponent's, and the second player's lies on top at his next turn.
        // (Always stacking on one system in a two-player game would leave the opponent's
        // token on top at every turn, so no player could ever see his own.)
        let legal = game.legal_actions();
        let place = |a: &Action| matches!(a, Action::Place { .. });
        let pick = if (step / 2) % 2 == 0 {
            legal.iter().rposition(place)
        } else {
            legal.iter().position(place)
        }
        .unwrap();
        for c in (pick + 1).to_string().chars() {
            client.handle(&mut game, Msg::char(c));
        }
        client.handle(&mut game, Msg::key(KeyCode::Enter));
        assert_eq!(game.history().len(), step + 1);
        if !matches!(
            game.position().phase,
            herakon::engine::state::phase::Phase::Planning { .. }
        ) {
            break;
        }
    }
    assert!(own_order_seen, "each player sees his own top order");
}

#[test]
fn quitting_asks_first() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 120, 40);
    assert_eq!(client.handle(&mut game, Msg::char('q')), Effect::None);
    assert_eq!(client.view.overlay, Overlay::ConfirmQuit);
    assert!(screen_text(&client, &game).contains("Quit the game?"));
    assert_eq!(client.handle(&mut game, Msg::char('n')), Effect::None);
    assert_eq!(client.view.overlay, Overlay::None);
    client.handle(&mut game, Msg::char('q'));
    assert_eq!(client.handle(&mut game, Msg::char('y')), Effect::Quit);
    // Ctrl-C asks too, and so does `q` on a hand-off.
    let ctrl_c = Msg::Key(KeyCode::Char('c'), crossterm::event::KeyModifiers::CONTROL);
    assert_eq!(client.handle(&mut game, ctrl_c), Effect::None);
    assert_eq!(client.view.overlay, Overlay::ConfirmQuit);
    client.handle(&mut game, Msg::key(KeyCode::Esc));
    assert_eq!(client.view.overlay, Overlay::None);
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert!(matches!(client.view.screen, Screen::Handoff(_)));
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::Tick(now + HANDOFF_PAUSE));
    assert_eq!(client.handle(&mut game, Msg::char('q')), Effect::None);
    assert_eq!(client.view.overlay, Overlay::ConfirmQuit);
}

#[test]
fn help_shows_the_keys() {
    let mut game = new_game(3);
    let mut client = new_client(&game, 120, 40);
    client.handle(&mut game, Msg::char('?'));
    let text = screen_text(&client, &game);
    assert!(text.contains("Keys") && text.contains("save the game"));
    client.handle(&mut game, Msg::char('x'));
    assert_eq!(client.view.overlay, Overlay::None);
}

#[test]
fn help_shows_the_rulings_of_the_decision_at_hand() {
    // Chaos resolving a Dominate order: the faction ability's ruling is the one to read.
    let sketch = r#"{"players": ["ultramarines", "chaos"], "turn": 2, "phase": "dominate B3",
        "areas": {"A1.nw": "ultramarines factory", "B3.sw": "chaos factory"}}"#;
    let mut game = herakon::engine::format::save::load(sketch, data()).unwrap();
    assert_eq!(
        game.decision().map(|d| d.kind),
        Some(herakon::engine::DecisionKind::FactionAbility)
    );
    let mut client = new_client(&game, 120, 40);
    client.handle(&mut game, Msg::char('?'));
    let text = screen_text(&client, &game);
    assert!(text.contains("Rulings for this decision"), "{text}");
    assert!(text.contains("The Chaos faction ability"), "{text}");
    // Placing orders has no ruling: the help is the keys alone.
    let mut game = new_game(2);
    let mut client = new_client(&game, 120, 40);
    client.handle(&mut game, Msg::char('?'));
    let text = screen_text(&client, &game);
    assert!(!text.contains("Rulings for this decision"), "{text}");
}

#[test]
fn save_key_asks_for_a_file_name_then_the_caller_saves() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 120, 40);
    client.session.save_path = "saves/hotseat-3.json".into();
    assert_eq!(client.handle(&mut game, Msg::char('s')), Effect::None);
    assert!(
        matches!(client.view.overlay, Overlay::SaveAs(_)),
        "{:?}",
        client.view.overlay
    );
    let Overlay::SaveAs(save) = &client.view.overlay else {
        panic!("no save box: {:?}", client.view.overlay)
    };
    assert_eq!(
        save.input, "saves/hotseat-3.json",
        "prefilled with the current path"
    );
    let text = screen_text(&client, &game);
    assert!(
        text.contains("Save as") && text.contains("saves/hotseat-3.json"),
        "{text}"
    );
    // Esc cancels: nothing saved, the path unchanged.
    assert_eq!(
        client.handle(&mut game, Msg::key(KeyCode::Esc)),
        Effect::None
    );
    assert_eq!(client.view.overlay, Overlay::None);
    client.handle(&mut game, Msg::char('s'));
    for _ in 0.."saves/hotseat-3.json".len() {
        client.handle(&mut game, Msg::key(KeyCode::Backspace));
    }
    for c in "mine".chars() {
        assert_eq!(
            client.handle(&mut game, Msg::char(c)),
            Effect::None,
            "typing saves nothing"
        );
    }
    assert!(game.history().is_empty(), "typing plays nothing");
    assert_eq!(
        client.handle(&mut game, Msg::key(KeyCode::Enter)),
        Effect::Save
    );
    assert_eq!(
        client.session.save_path,
        std::path::Path::new("saves/mine.json")
    );
    assert_eq!(client.view.overlay, Overlay::None);
}

/// A game played by a random bot until `stop` holds for it (after at least one action).
fn played_until(seed: u64, stop: impl Fn(&Game, &Game) -> bool) -> Game {
    use herakon::bot::{Bot, RandomBot};
    let mut game = new_game(2);
    let mut bot = RandomBot::new(seed);
    for _ in 0..3000 {
        let before = game.clone();
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
        if stop(&before, &game) {
            return game;
        }
    }
    panic!("never stopped");
}

fn same_seat(before: &Game, after: &Game) -> bool {
    matches!(
        (before.decision(), after.decision()),
        (Some(b), Some(a)) if a.seat == b.seat
    )
}

#[test]
fn undo_restores_the_previous_decision() {
    // An action that moved no dice nor cards and left the same seat deciding.
    let mut game = played_until(1, |b, a| {
        same_seat(b, a)
            && b.position().rng == a.position().rng
            && !matches!(a.history().last(), Some(Action::Reveal { .. }))
            && a.combat().is_none()
    });
    let before = herakon::tui::undo::rewind(&game, game.history().len() - 1).unwrap();
    let last = *game.history().last().unwrap();
    let mut client = new_client(&game, 160, 48);
    assert_eq!(client.handle(&mut game, Msg::char('u')), Effect::None);
    assert_eq!(game.position(), before.position());
    assert_eq!(game.history(), before.history());
    assert_eq!(
        client.view.screen,
        Screen::Play,
        "the same seat goes on deciding"
    );
    assert!(
        client.view.flash.as_deref().unwrap().contains("undone"),
        "{:?}",
        client.view.flash
    );
    // The undone action is selected again.
    let scene = Scene::new(&game, client.view.shown);
    assert_eq!(
        client.view.visible(&scene.choices)[client.view.selected].action,
        last
    );
    // Doing it again gives the same game. The selection is the client's suggestion: the first
    // Enter only names it, so a reflexive Enter does not redo what was just taken back.
    let log_before = client.session.log.clone();
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history(), before.history(), "the first Enter did it");
    assert!(
        client
            .view
            .flash
            .as_deref()
            .unwrap()
            .starts_with("Enter again")
    );
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    // (A formality may follow it, taken without asking; `u` takes it back with the action.)
    assert_eq!(game.history().get(before.history().len()), Some(&last));
    assert!(
        client.session.log.len() > log_before.len(),
        "the action is logged"
    );
    // Taking it back takes its lines out of the shared log too.
    client.handle(&mut game, Msg::char('u'));
    assert_eq!(game.history(), before.history());
    assert_eq!(
        client.session.log, log_before,
        "the undone action left lines in the log"
    );
}

#[test]
fn undo_is_refused_after_a_reveal_a_roll_or_a_hand_off() {
    let mut revealed = played_until(2, |b, a| {
        same_seat(b, a) && matches!(a.history().last(), Some(Action::Reveal { .. }))
    });
    let mut client = new_client(&revealed, 160, 48);
    let len = revealed.history().len();
    client.handle(&mut revealed, Msg::char('u'));
    assert_eq!(revealed.history().len(), len, "nothing undone");
    assert!(
        client.view.flash.as_deref().unwrap().contains("revealed"),
        "{:?}",
        client.view.flash
    );

    let mut rolled = played_until(3, |b, a| {
        same_seat(b, a)
            && b.position().rng != a.position().rng
            && !matches!(a.history().last(), Some(Action::Reveal { .. }))
    });
    let mut client = new_client(&rolled, 160, 48);
    let len = rolled.history().len();
    client.handle(&mut rolled, Msg::char('u'));
    assert_eq!(rolled.history().len(), len, "nothing undone");
    let why = client.view.flash.clone().unwrap();
    assert!(why.contains("rolled dice") || why.contains("drew"), "{why}");

    // Once the next seat has taken the keyboard, the placed order stays.
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert!(matches!(client.view.screen, Screen::Handoff(_)));
    take_keyboard(&mut client, &mut game);
    client.handle(&mut game, Msg::char('u'));
    assert_eq!(game.history().len(), 1, "not across a hand-off");
    assert!(
        client
            .view
            .flash
            .as_deref()
            .unwrap()
            .contains("another player"),
        "{:?}",
        client.view.flash
    );
}

/// Does `action` through the client as a player does: its number, then Enter (unless a box
/// asks first: then it stays open).
fn do_action(client: &mut Client, game: &mut Game, action: Action) {
    let scene = Scene::new(game, client.view.shown);
    let n = scene
        .choices
        .iter()
        .find(|c| c.action == action)
        .unwrap_or_else(|| panic!("{action} is not listed"))
        .number;
    let len = game.history().len();
    for c in n.to_string().chars() {
        client.handle(game, Msg::char(c));
    }
    if game.history().len() == len && client.view.overlay == Overlay::None {
        client.handle(game, Msg::key(KeyCode::Enter));
    }
}

/// The systems where the deciding seat may place an order, with one order it may place there.
fn placements(game: &Game) -> Vec<(herakon::engine::SystemId, Order)> {
    let mut out: Vec<(herakon::engine::SystemId, Order)> = Vec::new();
    for a in game.legal_actions() {
        if let Action::Place { order, system } = a
            && !out.iter().any(|(s, _)| *s == system)
        {
            out.push((system, order));
        }
    }
    out
}

#[test]
fn a_placed_order_token_may_be_taken_back_until_the_next_player_takes_the_keyboard() {
    use herakon::engine::Keyboard;
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let me = client.view.shown.unwrap();
    let spots = placements(&game);
    let (first, order) = spots[0];
    let (second, order2) = spots[1];
    do_action(
        &mut client,
        &mut game,
        Action::Place {
            order,
            system: first,
        },
    );
    let next = game.decision().unwrap().seat;
    assert_eq!(client.view.screen, Screen::Handoff(next));
    // The hand-off says where the token went (not its face) and that it may be taken back.
    let text = screen_text(&client, &game);
    assert!(
        text.contains(&format!("placed an order token on {first}")),
        "{text}"
    );
    assert!(text.contains("u takes it back"), "{text}");
    // `u` works at once (the hand-off's pause drops only the keys that would take it).
    client.handle(&mut game, Msg::char('u'));
    assert!(game.history().is_empty(), "the token was not taken back");
    // The keyboard may be with the next player by now: the placer gets it back through a
    // hand-off of his own, and the screen says in public words what was taken back.
    assert_eq!(client.view.screen, Screen::Handoff(me));
    assert_eq!(
        client.view.shown, None,
        "the placer's screen is up before he took the keyboard"
    );
    let text = screen_text(&client, &game);
    let who = game.who(me);
    assert!(
        text.contains(&format!(
            "{who} took back the order token placed on {first}"
        )),
        "{text}"
    );
    assert!(
        !text.contains(&order.to_string()) && !text.contains("undone"),
        "the hand-off names the token taken back:\n{text}"
    );
    assert!(!text.contains("Place an order token"), "{text}");
    take_keyboard(&mut client, &mut game);
    assert_eq!(client.view.shown, Some(me), "the same player goes on");
    assert!(
        !client
            .session
            .log
            .iter()
            .any(|l| l.text.contains("places an order token")),
        "the taken-back token is still in the log: {:?}",
        client.session.log
    );
    // Placed elsewhere, the offer follows the new token; on the player's own screen it
    // names the token's face.
    do_action(
        &mut client,
        &mut game,
        Action::Place {
            order: order2,
            system: second,
        },
    );
    assert_eq!(
        game.history(),
        &[Action::Place {
            order: order2,
            system: second
        }]
    );
    assert!(
        client
            .takeback_text()
            .unwrap()
            .contains(&second.to_string()),
        "{:?}",
        client.takeback_text()
    );
    // The next player takes the keyboard: the offer is gone, and `u` is refused with the
    // engine's reason (for the player at the keyboard, and for the one who placed it).
    take_keyboard(&mut client, &mut game);
    assert_eq!(client.takeback_text(), None);
    assert!(!screen_text(&client, &game).contains("takes it back"));
    client.handle(&mut game, Msg::char('u'));
    assert_eq!(game.history().len(), 1, "taken back across a hand-off");
    let refusal = game.can_undo_at(next, Keyboard::WithDecider).unwrap_err();
    assert_eq!(
        client.view.flash.as_deref(),
        Some(refusal.to_string().as_str())
    );
    assert_eq!(
        game.can_undo_at(me, Keyboard::WithDecider),
        Err(herakon::engine::UndoRefusal::HandedOver(next))
    );
}

#[test]
fn an_order_token_on_top_of_ones_own_face_down_token_asks_first() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let me = client.view.shown.unwrap();
    let spots = placements(&game);
    let (mine, order) = spots[0];
    do_action(
        &mut client,
        &mut game,
        Action::Place {
            order,
            system: mine,
        },
    );
    take_keyboard(&mut client, &mut game);
    // The other player places elsewhere.
    let (theirs, order) = placements(&game)
        .into_iter()
        .find(|(s, _)| *s != mine)
        .unwrap();
    do_action(
        &mut client,
        &mut game,
        Action::Place {
            order,
            system: theirs,
        },
    );
    take_keyboard(&mut client, &mut game);
    assert_eq!(client.view.shown, Some(me));
    // On his own token: a question first; anything but `y` places nothing.
    let (_, order) = placements(&game)
        .into_iter()
        .find(|(s, _)| *s == mine)
        .unwrap();
    let bury = Action::Place {
        order,
        system: mine,
    };
    do_action(&mut client, &mut game, bury);
    assert!(
        matches!(client.view.overlay, Overlay::Confirm(_)),
        "{:?}",
        client.view.overlay
    );
    assert_eq!(game.history().len(), 2, "placed before the answer");
    let text = screen_text(&client, &game);
    assert!(text.contains("buries"), "{text}");
    client.handle(&mut game, Msg::char('n'));
    assert_eq!(client.view.overlay, Overlay::None);
    assert_eq!(game.history().len(), 2, "placed after a no");
    do_action(&mut client, &mut game, bury);
    assert!(
        matches!(client.view.overlay, Overlay::Confirm(_)),
        "{:?}",
        client.view.overlay
    );
    client.handle(&mut game, Msg::char('y'));
    assert_eq!(game.history().last(), Some(&bury));
    assert_eq!(game.position().stacks[&mine].len(), 2);
    // On the other player's token: no question.
    take_keyboard(&mut client, &mut game);
    let mut g = game.clone();
    let other = g.decision().unwrap().seat;
    assert_ne!(other, me);
    // Back to the first player, who now covers the other's token.
    let (free, order) = placements(&g)
        .into_iter()
        .find(|(s, _)| *s != mine && *s != theirs)
        .unwrap();
    do_action(
        &mut client,
        &mut g,
        Action::Place {
            order,
            system: free,
        },
    );
    take_keyboard(&mut client, &mut g);
    let (_, order) = placements(&g)
        .into_iter()
        .find(|(s, _)| *s == theirs)
        .unwrap();
    let cover = Action::Place {
        order,
        system: theirs,
    };
    do_action(&mut client, &mut g, cover);
    assert_eq!(
        client.view.overlay,
        Overlay::None,
        "asked about another's token"
    );
    assert_eq!(g.history().last(), Some(&cover));
}

#[test]
fn the_done_that_starts_a_combat_asks_first_and_no_other_done_does() {
    let starts_combat = |g: &Game| {
        let mut after = g.clone();
        g.combat().is_none() && after.apply(Action::Done).is_ok() && after.combat().is_some()
    };
    let ends_quietly = |g: &Game| {
        let mut after = g.clone();
        g.legal_actions().contains(&Action::Done)
            && after.apply(Action::Done).is_ok()
            && after.combat().is_none()
    };
    for (seed, combat) in [(2, true), (5, false)] {
        let game = played_until(seed, |_, a| {
            if combat {
                starts_combat(a)
            } else {
                ends_quietly(a)
            }
        });
        let mut game = game;
        let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
        take_keyboard(&mut client, &mut game);
        let len = game.history().len();
        do_action(&mut client, &mut game, Action::Done);
        if !combat {
            assert_eq!(
                client.view.overlay,
                Overlay::None,
                "asked before a quiet done"
            );
            assert_eq!(game.history().len(), len + 1);
            continue;
        }
        assert!(
            matches!(client.view.overlay, Overlay::Confirm(_)),
            "{:?}",
            client.view.overlay
        );
        assert_eq!(game.history().len(), len, "done before the answer");
        let text = screen_text(&client, &game);
        assert!(text.contains("starts a combat"), "{text}");
        client.handle(&mut game, Msg::key(KeyCode::Esc));
        assert_eq!(game.history().len(), len, "done after Esc");
        assert_eq!(client.view.flash.as_deref(), Some("not done"));
        do_action(&mut client, &mut game, Action::Done);
        client.handle(&mut game, Msg::char('y'));
        assert_eq!(game.history().len(), len + 1);
        assert!(game.combat().is_some(), "no combat after yes");
    }
}

#[test]
fn replay_steps_through_the_history_and_shows_hidden_orders() {
    use herakon::tui::Replay;
    let mut game = new_game(2);
    for _ in 0..4 {
        let a = game.legal_actions()[0];
        game.apply(a).unwrap();
    }
    let mut replay = Replay::new(&game).unwrap();
    assert_eq!((replay.index(), replay.len()), (0, 4));
    let mut client = Client::new(replay.game(), Theme::monochrome(), 200, 60);
    replay.sync(&mut client);
    let draw_replay = |client: &Client, replay: &Replay| {
        let mut t = Terminal::new(TestBackend::new(200, 60)).unwrap();
        t.draw(|f| draw(f, client, &replay.scene())).unwrap();
        let buf = t.backend().buffer().clone();
        (0..60)
            .map(|y| {
                (0..200)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(draw_replay(&client, &replay).contains("replay 0/4"));
    assert!(!replay.handle(&mut client, Msg::key(KeyCode::Right)));
    assert!(!replay.handle(&mut client, Msg::key(KeyCode::Right)));
    assert_eq!(replay.index(), 2);
    let mut two = new_game(2);
    for a in &game.history()[..2] {
        two.apply(*a).unwrap();
    }
    assert_eq!(replay.game().position(), two.position());
    // Both seats' face-down orders are on screen, which no player's own view shows.
    assert!(two.position().stacks.keys().all(|s| s.to_string() == "A1"));
    let text = draw_replay(&client, &replay);
    assert!(text.contains("replay 2/4"), "{text}");
    let mut shown = 0;
    for (system, stack) in &two.position().stacks {
        for token in stack {
            // The area panel (the cursor starts on A1, where both orders are) names them.
            let code = format!("{}:{}", token.owner.letter(), token.order.key());
            assert!(
                text.contains(&code),
                "{code} not shown for {system}:\n{text}"
            );
            shown += 1;
        }
    }
    assert_eq!(shown, 2);
    let everything = replay.scene();
    assert!(
        everything
            .view
            .stacks
            .values()
            .flatten()
            .all(|t| t.order.is_some())
    );
    assert!(
        client
            .session
            .log
            .iter()
            .any(|l| l.text.contains("places an order token"))
    );
    // Back one action, then the ends.
    replay.handle(&mut client, Msg::key(KeyCode::Left));
    assert_eq!(replay.index(), 1);
    replay.handle(&mut client, Msg::key(KeyCode::End));
    assert_eq!(replay.index(), 4);
    assert_eq!(replay.game().position(), game.position());
    replay.handle(&mut client, Msg::key(KeyCode::Up));
    assert_eq!(
        replay.index(),
        0,
        "no order revealed yet: back to the round's start"
    );
    replay.handle(&mut client, Msg::key(KeyCode::Down));
    assert_eq!(replay.index(), 4);
    assert!(
        replay.handle(&mut client, Msg::char('q')),
        "q ends the replay"
    );
}

#[test]
fn replay_of_a_long_game_jumps_by_order_and_round() {
    use herakon::tui::Replay;
    let game = played_until(4, |_, a| a.position().round >= 3 || a.is_over());
    let mut replay = Replay::new(&game).unwrap();
    let mut client = Client::new(replay.game(), Theme::monochrome(), 200, 60);
    replay.handle(&mut client, Msg::key(KeyCode::Down));
    let first = replay.index();
    assert!(first > 0 && first < replay.len());
    let next = game.history()[first];
    assert!(
        matches!(next, Action::Reveal { .. }) || replay.game().position().round > 1,
        "{next}"
    );
    replay.handle(&mut client, Msg::key(KeyCode::PageDown));
    assert_eq!(replay.game().position().round, 2);
    let round_two = replay.index();
    replay.handle(&mut client, Msg::key(KeyCode::Right));
    replay.handle(&mut client, Msg::key(KeyCode::PageUp));
    assert_eq!(replay.index(), round_two);
    // Far jumps come from the checkpoints and land on the same game as stepping.
    replay.handle(&mut client, Msg::key(KeyCode::End));
    assert_eq!(replay.game().position(), game.position());
    replay.handle(&mut client, Msg::key(KeyCode::Home));
    replay.go(round_two);
    let mut stepped = herakon::tui::undo::rewind(&game, round_two).unwrap();
    assert_eq!(replay.game().position(), stepped.position());
    stepped.apply(game.history()[round_two]).unwrap();
    replay.handle(&mut client, Msg::key(KeyCode::Right));
    assert_eq!(replay.game().position(), stepped.position());
}

#[test]
fn too_small_a_terminal_says_so() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 120, 40);
    client.handle(&mut game, Msg::Resize(60, 20));
    let text = screen_text(&client, &game);
    assert!(text.contains("terminal too small: need"), "{text}");
    assert!(text.contains("have 60x20"), "{text}");
    client.handle(&mut game, Msg::Resize(120, 40));
    assert!(!screen_text(&client, &game).contains("too small"));
    client.handle(&mut game, Msg::char('q'));
    client.handle(&mut game, Msg::Resize(50, 15));
    assert!(
        screen_text(&client, &game).contains("Quit the game?"),
        "the question stays visible"
    );
}

#[test]
fn players_panel_shows_every_faction_and_whose_decision_it_is() {
    let game = new_game(3);
    let client = new_client(&game, 160, 48);
    let text = screen_text(&client, &game);
    let seat: Seat = game.decision().unwrap().seat;
    assert!(text.contains(&format!(
        "▶{} {}",
        game.faction(seat).letter(),
        game.faction(seat).name()
    )));
    assert!(text.contains("Round 1/"));
    assert!(text.contains("Planning"));
}

#[test]
fn small_terminals_do_not_crash_the_client() {
    let mut game = new_game(4);
    let mut client = new_client(&game, 120, 40);
    for (w, h) in [(80, 24), (60, 20), (30, 10), (10, 5), (1, 1), (300, 100)] {
        client.handle(&mut game, Msg::Resize(w, h));
        let text = screen_text(&client, &game);
        assert_eq!(text.lines().count(), usize::from(h));
        client.handle(&mut game, Msg::Click(w / 2, h / 2));
        client.handle(&mut game, Msg::Wheel(w / 2, h / 2, 1));
        client.handle(&mut game, Msg::char('?'));
        let _ = screen_text(&client, &game);
        client.handle(&mut game, Msg::key(KeyCode::Esc));
    }
}

#[test]
fn game_over_screen_names_the_winners() {
    use herakon::engine::state::phase::{EndReason, Phase};
    let game = new_game(2);
    let mut pos = game.position().clone();
    let winner = Seat(1);
    pos.phase = Phase::GameOver {
        winners: vec![winner],
        reason: EndReason::Objectives,
    };
    let mut over = Game::from_position(pos, game.data_arc()).unwrap();
    let mut client = Client::new(&over, Theme::monochrome(), 160, 48);
    assert_eq!(client.view.screen, Screen::GameOver);
    let text = screen_text(&client, &over);
    assert!(
        text.contains(&format!("{} wins", over.faction(winner).name())),
        "{text}"
    );
    assert!(!text.contains(&format!("{} wins", over.faction(Seat(0)).name())));
    // Esc puts the end screen aside: the final board is there to inspect.
    client.handle(&mut over, Msg::key(KeyCode::Esc));
    let text = screen_text(&client, &over);
    assert!(text.contains(" A1 "), "the final board stays on screen");
    assert_eq!(client.handle(&mut over, Msg::char('q')), Effect::Quit);
}

#[test]
fn each_seat_gets_back_its_own_cursor_after_a_handoff() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let first = client.view.shown.unwrap();
    // The first player looks at the bottom-right area, then places a token.
    for _ in 0..8 {
        client.handle(&mut game, Msg::char('l'));
        client.handle(&mut game, Msg::char('j'));
    }
    let looked = client.view.cursor;
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    take_keyboard(&mut client, &mut game);
    let second = client.view.shown.unwrap();
    assert_ne!(second, first);
    let theirs = game.faction(second);
    assert!(
        game.view(None)
            .areas
            .get(&client.view.cursor)
            .is_some_and(|a| a.factions().contains(theirs)),
        "the second player starts on one of his own areas, not on {looked}"
    );
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    take_keyboard(&mut client, &mut game);
    assert_eq!(client.view.shown, Some(first));
    assert_eq!(client.view.cursor, looked);
}

/// Plays random legal actions through the client until a combat starts; checks on every
/// frame that the other side's hidden combat cards never reach the screen.
#[test]
fn combat_panel_shows_only_the_viewers_hand() {
    for seed in 0..40u64 {
        let mut game = Game::new(&NewGameOptions::intro(2, seed), data()).unwrap();
        let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
        let mut x = seed.wrapping_add(7);
        let mut frames_in_combat = 0;
        for _ in 0..4000 {
            if game.is_over() {
                break;
            }
            if let Screen::Handoff(_) = client.view.screen {
                take_keyboard(&mut client, &mut game);
            }
            // A combat's box (cards face up, its result) covers the panel until a key.
            while !client.session.moments.on_screen.is_empty() {
                client.close_moment();
            }
            if let Some(c) = game.combat() {
                let me = game.faction(client.view.shown.unwrap());
                let text = screen_text(&client, &game);
                assert!(text.contains("Combat at"), "{text}");
                for side in [&c.attacker, &c.defender] {
                    if side.faction == Some(me) {
                        assert!(side.hand.is_empty() || text.contains("your hand"), "{text}");
                    } else {
                        for card in side.hand.iter().chain(&side.chosen) {
                            if !side.played.contains(card) {
                                assert!(
                                    !text.contains(card.as_str()),
                                    "{me} sees the hidden card {card}:\n{text}"
                                );
                            }
                        }
                    }
                }
                frames_in_combat += 1;
            }
            let n = game.legal_actions().len();
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = usize::try_from(x >> 33).unwrap() % n + 1;
            for c in pick.to_string().chars() {
                client.handle(&mut game, Msg::char(c));
            }
            let before = game.history().len();
            client.handle(&mut game, Msg::key(KeyCode::Enter));
            if matches!(client.view.overlay, Overlay::Confirm(_)) {
                // A done that starts a combat, or a token burying one's own: yes.
                client.handle(&mut game, Msg::char('y'));
            }
            // The action, and maybe forced actions of another seat after it.
            assert!(game.history().len() > before);
        }
        if frames_in_combat > 3 {
            return;
        }
    }
    panic!("no random game reached a combat");
}

#[test]
fn new_game_screen_chooses_players_board_factions_and_seed() {
    use herakon::engine::{Faction, SetupKind};
    use herakon::tui::newgame::{NewGame, Outcome};
    let data = data();
    let mut menu = NewGame::new(42);
    let start = |menu: &mut NewGame| match menu.handle(Msg::key(KeyCode::Enter), &data) {
        Outcome::Start(game) => *game,
        other => panic!("no game: {other:?} {:?}", menu.error),
    };
    let game = start(&mut menu);
    assert_eq!(game.player_count(), 2);
    // Four players, constructed board, seat 1 changed to the Orks, seed 7.
    let mut menu = NewGame::new(42);
    for _ in 0..3 {
        menu.handle(Msg::key(KeyCode::Right), &data);
    }
    assert_eq!(menu.players, 4);
    menu.handle(Msg::key(KeyCode::Down), &data);
    menu.handle(Msg::key(KeyCode::Right), &data);
    assert_eq!(menu.kind, SetupKind::Build);
    menu.handle(Msg::key(KeyCode::Down), &data);
    menu.handle(Msg::key(KeyCode::Right), &data);
    menu.handle(Msg::key(KeyCode::Right), &data);
    // Each seat whose faction is taken gets the old one: every faction stays once.
    assert_eq!(
        menu.factions,
        [
            Faction::Orks,
            Faction::Ultramarines,
            Faction::Chaos,
            Faction::Eldar
        ],
        "the seats swap factions"
    );
    for _ in 0..20 {
        menu.handle(Msg::key(KeyCode::Down), &data);
    }
    menu.handle(Msg::key(KeyCode::Backspace), &data);
    menu.handle(Msg::key(KeyCode::Backspace), &data);
    menu.handle(Msg::char('7'), &data);
    assert_eq!(menu.seed, "7");
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| menu.draw(f, Theme::monochrome())).unwrap();
    let buf = t.backend().buffer();
    let text: String = (0..40)
        .flat_map(|y| (0..120).map(move |x| (x, y)))
        .map(|p| buf[p].symbol().to_string())
        .collect();
    assert!(
        text.contains("New game") && text.contains("constructed"),
        "{text}"
    );
    let game = start(&mut menu);
    assert_eq!(game.player_count(), 4);
    assert_eq!(game.faction(Seat(0)), Faction::Orks);
    let same = herakon::engine::Game::new(
        &herakon::engine::NewGameOptions {
            players: 4,
            factions: Some(menu.factions.to_vec()),
            seed: 7,
            setup: SetupKind::Build,
        },
        data.clone(),
    )
    .unwrap();
    assert_eq!(
        game.position(),
        same.position(),
        "seed 7 and the factions chosen"
    );
}

#[test]
fn the_replace_save_box_names_both_points_saves_over_on_y_and_keeps_the_file_otherwise() {
    use herakon::tui::save::Replacing;
    let mut game = new_game(2);
    let mut client = new_client(&game, 160, 48);
    let asked = Replacing {
        path: "saves/later.json".into(),
        file: (3, 40),
        now: (1, 0),
    };
    client.view.ask_replace(asked.clone());
    assert!(
        matches!(client.view.overlay, Overlay::ReplaceSave(_)),
        "{:?}",
        client.view.overlay
    );
    let text = screen_text(&client, &game);
    for words in [
        "saves/later.json holds this game at a point not reached here",
        "in the file: round 3, 40 actions",
        "this game now: round 1, 0 actions",
    ] {
        assert!(text.contains(words), "{words}:\n{text}");
    }
    // Any other key keeps the file, and says so.
    assert_eq!(
        client.handle(&mut game, Msg::key(KeyCode::Enter)),
        Effect::None
    );
    assert_eq!(client.view.overlay, Overlay::None);
    assert_eq!(
        client.view.flash.as_deref(),
        Some("not saved: saves/later.json kept as it was")
    );
    client.view.ask_replace(asked);
    assert_eq!(client.handle(&mut game, Msg::char('y')), Effect::SaveOver);
    assert_eq!(client.view.overlay, Overlay::None);
}

/// The numbers of the choices drawn in the decision panel of `lines` (`prompt`: its
/// rectangle), each with its screen row, top to bottom.
fn drawn_choices(lines: &[String], prompt: ratatui::layout::Rect) -> Vec<(u16, usize)> {
    (prompt.y + 1..prompt.bottom().saturating_sub(1))
        .filter_map(|y| {
            let inner: String = lines[usize::from(y)]
                .chars()
                .skip(usize::from(prompt.x) + 1)
                .take(usize::from(prompt.width.saturating_sub(2)))
                .collect();
            // A choice's row: its number, two spaces, its words.
            let t = inner.trim_start();
            let (num, rest) = t.split_once("  ")?;
            (!rest.is_empty()).then_some(())?;
            num.parse().ok().map(|n| (y, n))
        })
        .collect()
}

/// Asserts the decision panel on screen lists what it says: its count is the number of legal
/// actions, the rows drawn are consecutive choices that include the selected one, and when not
/// all are drawn the panel says which and that more can be scrolled to, with no empty row left
/// below while a choice above is hidden.
fn assert_list_whole(client: &Client, game: &Game, at: &str) {
    let scene = Scene::new(game, client.view.shown);
    let visible = client.view.visible(&scene.choices);
    let total = visible.len();
    let lines = render(client, game);
    let text = lines.join("\n");
    let r = client.regions(game);
    let drawn = drawn_choices(&lines, r.prompt);
    let noun = if scene.choices.len() == 1 {
        "choice"
    } else {
        "choices"
    };
    assert!(
        client.view.filter || text.contains(&format!("{} {noun}", scene.choices.len())),
        "{at}: the count is not {}:\n{text}",
        scene.choices.len()
    );
    let numbers: Vec<usize> = drawn.iter().map(|(_, n)| *n).collect();
    let expected: Vec<usize> = visible.iter().map(|c| c.number).collect();
    let first = expected
        .iter()
        .position(|n| Some(n) == numbers.first())
        .unwrap_or_else(|| panic!("{at}: no choice drawn of {total}:\n{text}"));
    assert_eq!(
        numbers,
        expected[first..first + numbers.len()],
        "{at}: the rows drawn are not consecutive choices:\n{text}"
    );
    let selected = visible[client.view.selected].number;
    assert!(
        numbers.contains(&selected),
        "{at}: the selected choice {selected} is not drawn:\n{text}"
    );
    if numbers.len() < total {
        let last = first + numbers.len();
        assert!(
            text.contains(&format!("{}-{last} of {total}", first + 1)),
            "{at}: {} of {total} drawn and the panel does not say which:\n{text}",
            numbers.len()
        );
        // The rows below the last one drawn, inside the border, are not left empty, unless
        // the hidden choice that would come next takes more lines than are left (a choice
        // carried onto a second line is drawn whole or not at all).
        let inner_bottom = r.prompt.bottom() - 2;
        let last_y = (drawn.last().unwrap().0..=inner_bottom)
            .rev()
            .find(|&y| {
                lines[usize::from(y)]
                    .chars()
                    .skip(usize::from(r.prompt.x) + 1)
                    .take(usize::from(r.prompt.width.saturating_sub(2)))
                    .any(|c| c != ' ')
            })
            .unwrap();
        let empty = usize::from(inner_bottom - last_y);
        let heights: Vec<usize> = client
            .view
            .list_lines(&scene)
            .iter()
            .map(Vec::len)
            .collect();
        let after = first + numbers.len();
        let next = if after < total {
            heights[after]
        } else {
            heights[first - 1]
        };
        assert!(
            empty == 0 || next > empty,
            "{at}: {empty} empty rows below choice {} while {} are hidden:\n{text}",
            numbers.last().unwrap(),
            total - numbers.len()
        );
    }
}

/// The action list at 80x24 (two players) and 120x40 (two and four players) over the
/// decisions of seeded games played through the client as players do (a hand-off taken at
/// each change of seat, every choice by its number): at every decision, with the selection
/// where the client put it, at the end of the list and on the choice about to be made, the
/// list draws or scrolls to every choice it counts and shows the selected one.
#[test]
fn the_action_list_never_loses_a_row_and_shows_the_selected_one() {
    use herakon::bot::{Bot, HeuristicBot};
    common::few_odds_playouts();
    let mut checked = 0;
    let mut scrolled = 0;
    let mut with_odds = 0;
    for (w, h, players, seed) in [
        (80, 24, 2, 1),
        (80, 24, 2, 7),
        (120, 40, 2, 3),
        (120, 40, 4, 5),
    ] {
        let mut game = common::intro(players, seed);
        let mut bot = HeuristicBot::new(seed);
        let mut client = Client::new(&game, Theme::monochrome(), w, h);
        for _ in 0..160 {
            if game.decision().is_none() {
                break;
            }
            if matches!(client.view.screen, Screen::Handoff(_)) {
                take_keyboard(&mut client, &mut game);
            }
            // A combat's reveal or result box covers the board and the list until a key
            // closes it (the key does nothing else).
            for _ in 0..4 {
                if client.session.moments.on_screen.is_empty() {
                    break;
                }
                client.handle(&mut game, Msg::key(KeyCode::Esc));
            }
            let at = format!(
                "{w}x{h} {players}p seed {seed} action {}",
                game.history().len() + 1
            );
            assert_eq!(client.view.screen, Screen::Play, "{at}");
            let action = bot.choose(&game).unwrap();
            let n = {
                let scene = Scene::new(&game, client.view.shown);
                with_odds += usize::from(scene.odds.is_some());
                scene
                    .choices
                    .iter()
                    .find(|c| c.action == action)
                    .unwrap()
                    .number
            };
            assert_list_whole(&client, &game, &format!("{at} as the client left it"));
            client.handle(&mut game, Msg::key(KeyCode::End));
            assert_list_whole(&client, &game, &format!("{at} at End"));
            scrolled += usize::from(client.view.scroll.get() > 0);
            for c in n.to_string().chars() {
                client.handle(&mut game, Msg::char(c));
            }
            assert_list_whole(&client, &game, &format!("{at} at {n}"));
            let len = game.history().len();
            client.handle(&mut game, Msg::key(KeyCode::Enter));
            if matches!(client.view.overlay, Overlay::Confirm(_)) {
                client.handle(&mut game, Msg::char('y'));
            }
            assert!(game.history().len() > len, "{at}: {action} not done");
            checked += 1;
        }
    }
    assert!(checked > 400, "{checked} decisions");
    assert!(scrolled > 20, "{scrolled} decisions with a scrolled list");
    assert!(with_odds > 0, "no decision with odds");
}

fn area(s: &str) -> AreaId {
    s.parse().unwrap_or_else(|_| unreachable!())
}

fn choice(action: Action) -> Choice {
    Choice {
        number: 1,
        action,
        words: String::new(),
        card: None,
        order: None,
        warnings: Vec::new(),
    }
}

#[test]
fn a_move_marks_its_start_and_end_and_the_cursor_goes_to_the_end() {
    let c = choice(Action::MoveUnits {
        from: area("A1.se"),
        to: area("B1.sw"),
        unit: UnitType::StrikeCruiser,
        count: 1,
    });
    let m = Marks::of(Some(&c));
    assert_eq!(
        (m.from.clone(), m.to.clone()),
        (vec![area("A1.se")], vec![area("B1.sw")])
    );
    assert_eq!(m.cursor(area("C3.nw")), Some(area("B1.sw")));
}

#[test]
fn a_token_marks_its_system_and_the_cursor_stays_inside_it() {
    let mut c = choice(Action::Resolve);
    c.order = Some((
        "B2".parse().unwrap_or_else(|_| unreachable!()),
        Order::Deploy,
    ));
    let m = Marks::of(Some(&c));
    assert_eq!(m.systems.len(), 1);
    assert_eq!(m.cursor(area("B2.se")), Some(area("B2.se")));
    assert_eq!(m.cursor(area("A1.se")), Some(area("B2.nw")));
    assert_eq!(
        Marks::of(Some(&choice(Action::Done))).cursor(area("A1.se")),
        None
    );
}

#[test]
fn the_areas_a_warning_names_are_marked() {
    let mut c = choice(Action::Done);
    c.warnings = vec![Warning::BreaksGroundPath {
        stranded: vec![area("A1.sw")],
    }];
    assert_eq!(Marks::of(Some(&c)).warned, vec![area("A1.sw")]);
}

#[test]
fn actions_concern_the_places_they_name() {
    let place = Action::Place {
        order: Order::Advance,
        system: SystemId::new(1, 1),
    };
    assert!(
        Quadrant::ALL
            .iter()
            .all(|&q| concerns(&place, AreaId::new(SystemId::new(1, 1), q)))
    );
    assert!(!concerns(&place, area("A1.nw")));
    let mv = Action::MoveUnits {
        from: area("B1.se"),
        to: area("B2.ne"),
        unit: UnitType::Scout,
        count: 2,
    };
    assert!(concerns(&mv, area("B1.se")) && concerns(&mv, area("B2.ne")));
    assert!(!concerns(&mv, area("B2.nw")));
    let storm = Action::MoveStorm {
        from: "A1.s".parse().unwrap_or_else(|_| unreachable!()),
        to: "B2.e".parse().unwrap_or_else(|_| unreachable!()),
    };
    assert!(
        concerns(&storm, area("A2.se"))
            && concerns(&storm, area("B2.nw"))
            && concerns(&storm, area("C2.sw"))
    );
    assert!(!concerns(&storm, area("C1.nw")));
    let tile = Action::PlaceTile {
        number: 3,
        side_b: false,
        rotation: 1,
        system: SystemId::new(3, 2),
    };
    assert!(concerns(&tile, area("D3.se")) && !concerns(&tile, area("D4.nw")));
    let unit = Action::SetupUnit {
        unit: UnitType::Scout,
        area: area("C3.nw"),
    };
    assert!(concerns(&unit, area("C3.nw")) && !concerns(&unit, area("C3.ne")));
    let new_storm = Action::PlaceStorm {
        edge: "B1.s".parse().unwrap_or_else(|_| unreachable!()),
    };
    assert!(concerns(&new_storm, area("B1.nw")) && concerns(&new_storm, area("B2.se")));
    assert!(!concerns(&new_storm, area("A1.se")));
    for placeless in [
        Action::Done,
        Action::Resolve,
        Action::UseEvent,
        Action::Reinforce { count: 1 },
    ] {
        assert!(concerns(&placeless, area("C3.se")), "{placeless}");
    }
}

/// The quit box's answer line, as drawn: `y` and what it does, then any other key and what
/// that does.
#[test]
fn a_yes_or_no_box_names_y_and_any_other_key_with_what_each_does() {
    let mut game = new_game(2);
    let mut client = new_client(&game, 120, 40);
    client.handle(&mut game, Msg::char('q'));
    assert_eq!(client.view.overlay, Overlay::ConfirmQuit);
    let text = screen_text(&client, &game);
    assert!(
        text.contains("y quit   any other key go on playing"),
        "{text}"
    );
}

/// Two codes that differ only by case (`Sc` and `SC`) are read as one at a glance.
#[test]
fn unit_codes_differ_by_more_than_case() {
    let codes: Vec<String> = UnitType::ALL
        .iter()
        .map(|u| unit_code(*u).to_ascii_lowercase())
        .collect();
    for (i, c) in codes.iter().enumerate() {
        assert_eq!(
            codes.iter().position(|d| d == c),
            Some(i),
            "{c} names two units"
        );
    }
}

#[test]
fn monochrome_theme_sets_no_colours() {
    let t = Theme::monochrome();
    for f in Faction::ALL {
        assert_eq!(t.faction(f).fg, None);
    }
    assert_eq!(t.selected().bg, None);
}
