//! The hint key (#31, `a`): the person on screen, at his own decision, gets a box saying
//! what the `normal` computer player would do in his place and why, titled as a hint, whole at
//! 80x24 and 120x40; never on a hand-off, never on another seat's turn. (Its privacy:
//! tests/it/privacy.rs.)
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use herakon::bot::hint::hint;
use herakon::bot::{Bot, BotKind, HeuristicBot};
use herakon::engine::Game;
use herakon::tui::seats::Bots;
use herakon::tui::{Client, Effect, Msg, Overlay, Screen, Theme};

/// Presses the hint key as the terminal loop does: the key, then the work the client asks for.
/// A combat box on screen takes a key first (it closes, the key does nothing else): the key is
/// pressed again until none is left.
pub fn press_hint(client: &mut Client, game: &mut Game) -> Effect {
    for _ in 0..8 {
        let effect = client.handle(game, Msg::char('a'));
        if let Effect::Hint(seat) = effect {
            client.hint(game, seat);
            return effect;
        }
        if !client
            .view
            .flash
            .as_deref()
            .is_some_and(|f| f.starts_with("combat box closed"))
        {
            return effect;
        }
    }
    Effect::None
}

#[test]
fn the_hint_names_a_legal_action_of_the_seat_on_screen() {
    // Two people at one terminal: at every tenth decision the person on screen asks.
    let mut game = common::intro(2, 23);
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    let mut driver = HeuristicBot::new(23);
    let mut asked = 0;
    for step in 0..120 {
        common::take_keyboard(&mut client, &mut game);
        let Some(d) = game.decision() else { break };
        assert_eq!(client.view.screen, Screen::Play);
        if step % 10 == 3 {
            let effect = press_hint(&mut client, &mut game);
            assert_eq!(effect, Effect::Hint(d.seat), "step {step}");
            let Overlay::Hint(lines) = client.view.overlay.clone() else {
                panic!("step {step}: no hint box: {:?}", client.view.overlay);
            };
            let expected = hint(&game).unwrap();
            assert_eq!(lines, expected.lines());
            assert!(game.legal_actions().contains(&expected.action()));
            assert_eq!(
                lines[0],
                format!("It would: {}", expected.action()),
                "step {step}"
            );
            // Asking changed nothing in the game; any key closes the box.
            assert_eq!(game.decision().map(|d| d.seat), Some(d.seat));
            client.handle(&mut game, Msg::key(crossterm::event::KeyCode::Esc));
            assert_eq!(client.view.overlay, Overlay::None);
            asked += 1;
        }
        let action = driver.choose(&game).unwrap();
        let events = game.apply(action).unwrap();
        client.applied(&game, action, &events);
    }
    assert!(asked >= 8, "{asked}");
}

#[test]
fn no_hint_on_a_hand_off_or_on_another_seats_turn() {
    // A hand-off: the key does nothing (no hint, no work asked for, the hand-off stays).
    let mut game = common::intro(2, 29);
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    assert!(matches!(client.view.screen, Screen::Handoff(_)));
    assert_eq!(press_hint(&mut client, &mut game), Effect::None);
    assert!(matches!(client.view.screen, Screen::Handoff(_)));
    assert!(
        client
            .view
            .flash
            .as_deref()
            .is_none_or(|f| !f.starts_with("hint (normal player)")),
        "{:?}",
        client.view.flash
    );
    // A computer player's turn, the person's view on screen: no hint for the computer's seat.
    let mut game = common::intro(2, 31);
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    let first = game.decision().unwrap().seat;
    let other = game.seats().find(|s| *s != first).unwrap();
    client.set_bots(
        &game,
        Bots {
            kinds: [(other, BotKind::Heuristic)].into(),
            seed: 1,
        },
    );
    common::take_keyboard(&mut client, &mut game);
    let mut driver = HeuristicBot::new(31);
    let mut refused = 0;
    for _ in 0..200 {
        let Some(d) = game.decision() else { break };
        if d.seat == other {
            client.view.screen = Screen::Play;
            client.view.shown = Some(first);
            assert_eq!(press_hint(&mut client, &mut game), Effect::None);
            assert_eq!(
                client.view.flash.as_deref(),
                Some("no hint: it is not your decision")
            );
            refused += 1;
        }
        let action = driver.choose(&game).unwrap();
        let events = game.apply(action).unwrap();
        client.applied(&game, action, &events);
        common::take_keyboard(&mut client, &mut game);
    }
    assert!(refused >= 5, "{refused}");
}

/// The screen as text, trailing blanks cut.
fn render(client: &Client, game: &Game) -> String {
    let buf = common::drawn(client, game);
    common::text(&buf)
}

/// The hint box at the smallest screen the client supports and at a common one: every word of
/// the hint is on screen (the status line cut it with "…" at 120 columns, and more at 80).
#[test]
fn the_hint_is_read_whole_at_80x24_and_120x40() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut game = common::intro(2, 23);
        let mut client = Client::new(&game, Theme::monochrome(), w, h);
        common::take_keyboard(&mut client, &mut game);
        let effect = press_hint(&mut client, &mut game);
        assert!(matches!(effect, Effect::Hint(_)), "{w}x{h}: {effect:?}");
        let expected = hint(&game).unwrap();
        let screen = render(&client, &game);
        assert!(screen.contains("Hint (normal player)"), "{w}x{h}\n{screen}");
        // Every word of every line, in order, inside the box (wrapped, never cut).
        let inside: Vec<String> = screen
            .lines()
            .filter_map(|r| r.split('║').nth(1))
            .flat_map(str::split_whitespace)
            .map(String::from)
            .collect();
        let words: Vec<String> = expected
            .lines()
            .iter()
            .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect();
        let at = inside
            .windows(words.len())
            .position(|win| win == words.as_slice());
        assert!(at.is_some(), "{w}x{h}: {words:?} not whole in\n{screen}");
        // Nothing in the box is cut (the board's names under it may be).
        assert!(
            !screen
                .lines()
                .filter_map(|r| r.split('║').nth(1))
                .any(|r| r.contains('…')),
            "{w}x{h}\n{screen}"
        );
        insta::assert_snapshot!(format!("hint_box_{w}x{h}"), screen);
    }
}
