//! A computer player that thinks on a thread of its own: the screen keeps answering while it
//! searches, its move is the one it would have made on the spot, it never moves before its
//! pause unless a key asks, and a move worked out for a game since changed is never made.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use herakon::bot::BotKind;
use herakon::engine::{Action, Game, Seat};
use herakon::tui::app::BOT_PAUSE;
use herakon::tui::seats::Bots;
use herakon::tui::thinker::Thinker;
use herakon::tui::{Client, Deciding, Msg, Overlay, Screen, Theme};

/// A two-player introductory game where the person moves first and a computer player of
/// `kind` second, in a client whose computer players think aside; the person has placed his
/// first order, so the computer player's turn is on screen.
fn bot_turn(kind: BotKind) -> (Client, Game, Seat) {
    let mut game = common::intro(2, 5);
    let me = game.decision().unwrap().seat;
    let bot = game.seats().find(|s| *s != me).unwrap();
    let bots = Bots {
        kinds: [(bot, kind)].into_iter().collect(),
        seed: 3,
    };
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    client.set_bots(&game, bots);
    client.session.deciding = Deciding::Aside;
    assert_eq!(client.view.screen, Screen::Play);
    client.handle(&mut game, Msg::char('1'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history().len(), 1, "the person's order is placed");
    assert_eq!(client.view.screen, Screen::Bot(bot));
    (client, game, bot)
}

/// The move a [`Thinker`] works out for `game`, waited for (a minute at most).
fn worked_out(thinker: &mut Thinker, game: &Game, bots: &Bots) -> Action {
    thinker.start(game, bots);
    let start = Instant::now();
    loop {
        if let Some(action) = thinker.ready(game, bots) {
            return action;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "no move came");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_computer_player_thinking_aside_keeps_the_screen_answering_until_its_move_arrives() {
    let (mut client, mut game, _) = bot_turn(BotKind::Heuristic);
    assert!(
        client.awaits_thought(),
        "the loop is asked to start the work"
    );
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::Tick(now + BOT_PAUSE * 3));
    assert_eq!(game.history().len(), 1, "no move is made before it arrives");
    assert_eq!(
        client.overthinking(),
        Some(BOT_PAUSE * 2),
        "the time thought past the pause is shown"
    );
    // The screen answers keys meanwhile: the keys' box opens and closes.
    client.handle(&mut game, Msg::char('?'));
    assert_eq!(client.view.overlay, Overlay::Help);
    client.handle(&mut game, Msg::key(KeyCode::Esc));
    assert_eq!(client.view.overlay, Overlay::None);
    // The move arrives: it is made at once, since the pause is long over.
    let mut thinker = Thinker::default();
    let action = worked_out(&mut thinker, &game, &client.session.bots);
    assert_eq!(
        Some(action),
        client.session.bots.choose(&game),
        "the same move as on the spot"
    );
    client.handle(&mut game, Msg::Thought(action));
    assert_eq!(game.history().len(), 2);
    assert_eq!(game.history()[1], action);
    assert_eq!(client.overthinking(), None);
}

#[test]
fn a_move_that_arrives_during_the_pause_waits_for_the_pause_to_end() {
    let (mut client, mut game, _) = bot_turn(BotKind::Heuristic);
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    let action = client.session.bots.choose(&game).unwrap();
    client.handle(&mut game, Msg::Thought(action));
    assert_eq!(game.history().len(), 1, "the table still gets its pause");
    assert!(
        !client.awaits_thought(),
        "the move is held, nothing more to work out"
    );
    client.handle(&mut game, Msg::Tick(now + BOT_PAUSE / 2));
    assert_eq!(game.history().len(), 1);
    client.handle(&mut game, Msg::Tick(now + BOT_PAUSE));
    assert_eq!(game.history().len(), 2, "moved when the pause ended");
    assert_eq!(game.history()[1], action);
}

#[test]
fn a_key_makes_a_thinking_computer_player_move_as_soon_as_it_has_decided() {
    let (mut client, mut game, _) = bot_turn(BotKind::Heuristic);
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::char(' '));
    assert_eq!(game.history().len(), 1, "it has not decided yet");
    let action = client.session.bots.choose(&game).unwrap();
    client.handle(&mut game, Msg::Thought(action));
    assert_eq!(
        game.history().len(),
        2,
        "moved on arrival, before its pause ended"
    );
}

#[test]
fn a_move_held_for_the_pause_is_forgotten_when_the_person_takes_his_action_back() {
    let (mut client, mut game, _) = bot_turn(BotKind::Heuristic);
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    let stale = client.session.bots.choose(&game).unwrap();
    client.handle(&mut game, Msg::Thought(stale));
    client.handle(&mut game, Msg::char('u'));
    assert!(game.history().is_empty(), "taken back");
    assert_eq!(client.view.screen, Screen::Play);
    // He places another order: the computer player's turn comes up again with nothing held,
    // and the move worked out for the game before the undo is never made.
    client.handle(&mut game, Msg::char('2'));
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history().len(), 1);
    assert!(matches!(client.view.screen, Screen::Bot(_)));
    assert!(client.awaits_thought());
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::Tick(now + BOT_PAUSE * 2));
    assert_eq!(
        game.history().len(),
        1,
        "nothing moved without a new thought"
    );
}

#[test]
fn a_move_worked_out_aside_is_the_move_worked_out_on_the_spot() {
    // Over the first decisions of a game between two searching computer players: a fixed
    // budget of iterations makes the same choice on either thread, so games replay.
    let mut game = common::intro(2, 8);
    let bots = Bots {
        kinds: game.seats().map(|s| (s, BotKind::Search(4))).collect(),
        seed: 11,
    };
    let mut thinker = Thinker::default();
    for _ in 0..12 {
        let aside = worked_out(&mut thinker, &game, &bots);
        assert_eq!(Some(aside), bots.choose(&game));
        game.apply(aside).unwrap();
    }
}

#[test]
fn a_move_worked_out_for_an_earlier_game_is_never_handed_over() {
    let mut game = common::intro(2, 8);
    let bots = Bots {
        kinds: game.seats().map(|s| (s, BotKind::Heuristic)).collect(),
        seed: 11,
    };
    let mut thinker = Thinker::default();
    thinker.start(&game, &bots);
    let before = game.clone();
    let first = bots.choose(&game).unwrap();
    game.apply(first).unwrap();
    // Whatever the thread has answered by now, it was for the game before the move.
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(thinker.ready(&game, &bots), None);
    // Once dropped it stays dropped, even for the game it was worked out for.
    assert_eq!(thinker.ready(&before, &bots), None);
    // The game as it is gets its own move.
    let next = worked_out(&mut thinker, &game, &bots);
    assert_eq!(Some(next), bots.choose(&game));
}
