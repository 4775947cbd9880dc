//! The hint key (#31, `a`): the person on screen, at his own decision, gets one line saying
//! what the `normal` computer player would do in his place and why, marked as a hint; never on
//! a hand-off, never on another seat's turn. (Its privacy: tests/it/privacy.rs.)
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
use herakon::tui::{Client, Effect, Msg, Screen, Theme};

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
            let line = client.view.flash.clone().unwrap();
            assert!(line.starts_with("hint (normal player): "), "{line}");
            let expected = hint(&game).unwrap();
            assert_eq!(line, expected.to_string());
            assert!(game.legal_actions().contains(&expected.action()));
            assert!(line.contains(&expected.action().to_string()), "{line}");
            // Asking changed nothing in the game.
            assert_eq!(game.decision().map(|d| d.seat), Some(d.seat));
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
