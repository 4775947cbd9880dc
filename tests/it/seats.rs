//! Who sits at the table in the client: computer players in any seat (moving after a short
//! pause a key skips, never behind a hand-off, deciding only from what their seat may know),
//! games of bots alone, and hand-offs only where they protect something.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::collections::BTreeMap;

use crossterm::event::KeyCode;
use herakon::bot::{BotKind, Level};
use herakon::engine::{Game, Seat};
use herakon::tui::app::BOT_PAUSE;
use herakon::tui::seats::{Bots, parse_bot};
use herakon::tui::{Client, Msg, Overlay, Scene, Screen, Theme};

/// Computer players for the given seats.
fn bots(seats: &[(u8, BotKind)]) -> Bots {
    Bots {
        kinds: seats.iter().map(|&(s, k)| (Seat(s), k)).collect(),
        seed: 3,
    }
}

fn new_client(game: &Game, bots: Bots) -> Client {
    let mut client = Client::new(game, Theme::monochrome(), 160, 48);
    client.set_bots(game, bots);
    client
}

/// A person choosing by number: the `n`th listed action (counted from the client's list).
fn choose(client: &mut Client, game: &mut Game, pick: usize) {
    // A combat's box on screen would take the first key (and say so): closed first.
    while !client.session.moments.on_screen.is_empty() {
        client.close_moment();
    }
    let listed = Scene::new(game, client.view.shown).choices.len();
    assert!(listed > 0, "nothing listed for {:?}", client.view.shown);
    let before = game.history().len();
    for c in (pick % listed + 1).to_string().chars() {
        client.handle(game, Msg::char(c));
    }
    if game.history().len() == before {
        client.handle(game, Msg::key(KeyCode::Enter));
    }
    if matches!(client.view.overlay, Overlay::Confirm(_)) {
        // A done that starts a combat, or a token burying one's own: yes.
        client.handle(game, Msg::char('y'));
    }
    assert!(game.history().len() > before, "the choice was not applied");
}

/// Lets the computer player on screen move, as the clock does.
fn let_bot_move(client: &mut Client, game: &mut Game) {
    let now = client.view.clock;
    client.handle(game, Msg::Tick(now));
    client.handle(game, Msg::Tick(now + BOT_PAUSE));
}

/// Plays through the client until the game is over or `steps` screens were handled; people
/// pick with a little generator seeded by `seed`. Returns the hand-offs shown.
fn drive(client: &mut Client, game: &mut Game, seed: u64, steps: usize) -> usize {
    let mut x = seed;
    for _ in 0..steps {
        match client.view.screen {
            Screen::GameOver => break,
            Screen::Watch(_) => panic!("a hot-seat client never watches"),
            Screen::Handoff(_) => common::take_keyboard(client, game),
            Screen::Bot(_) => {
                let before = game.history().len();
                let_bot_move(client, game);
                assert!(game.history().len() > before, "the bot did not move");
            }
            Screen::Play => {
                assert_eq!(client.view.shown, game.decision().map(|d| d.seat));
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                choose(client, game, usize::try_from(x >> 33).unwrap());
            }
        }
    }
    client.view.handoffs
}

#[test]
fn bot_option_names_a_seat_by_number_or_faction() {
    let game = common::intro(2, 1);
    assert_eq!(
        parse_bot("2=heuristic", &game).unwrap(),
        (Seat(1), Some(BotKind::Heuristic))
    );
    let orks_less = parse_bot("orks=random", &game).unwrap_err();
    assert!(orks_less.contains("nobody plays"), "{orks_less}");
    let chaos = game.seat_of(herakon::engine::Faction::Chaos).unwrap();
    assert_eq!(
        parse_bot("chaos=random", &game).unwrap(),
        (chaos, Some(BotKind::Random))
    );
    // `human` gives a seat back to a person.
    assert_eq!(parse_bot("chaos=human", &game).unwrap(), (chaos, None));
    assert!(
        parse_bot("3=heuristic", &game)
            .unwrap_err()
            .contains("no seat 3")
    );
    assert!(parse_bot("1=clever", &game).is_err());
    assert!(parse_bot("1", &game).is_err());
}

#[test]
fn a_bot_seat_moves_after_its_pause_or_at_a_key_and_needs_no_hand_off() {
    let mut game = common::intro(2, 5);
    let first = game.decision().unwrap().seat;
    let other = game.seats().find(|s| *s != first).unwrap();
    let mut client = new_client(&game, bots(&[(other.0, BotKind::Heuristic)]));
    // The one person plays at once: nobody else is at the keyboard.
    assert_eq!(client.view.screen, Screen::Play);
    assert_eq!(client.view.shown, Some(first));
    choose(&mut client, &mut game, 0);
    assert_eq!(
        client.view.screen,
        Screen::Bot(other),
        "no hand-off to a bot"
    );
    // The bot waits its pause, then moves.
    let len = game.history().len();
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::Tick(now + BOT_PAUSE / 2));
    assert_eq!(game.history().len(), len, "moved before its pause");
    client.handle(&mut game, Msg::Tick(now + BOT_PAUSE));
    assert_eq!(game.history().len(), len + 1);
    assert_eq!(
        client.view.screen,
        Screen::Play,
        "back to the person, no hand-off"
    );
    assert_eq!(client.view.shown, Some(first));
    // A key skips the pause.
    choose(&mut client, &mut game, 3);
    assert_eq!(client.view.screen, Screen::Bot(other));
    let len = game.history().len();
    client.handle(&mut game, Msg::char(' '));
    assert_eq!(
        game.history().len(),
        len + 1,
        "a key makes the bot move now"
    );
    assert_eq!(client.view.handoffs, 0);
    // The bot's move is in the shared log.
    let bot_name = game.faction(other).name();
    assert!(
        client.session.log.iter().any(|l| l.text.contains(bot_name)),
        "{:?}",
        client.session.log
    );
}

#[test]
fn a_person_takes_back_his_order_token_before_the_computer_player_moves() {
    let mut game = common::intro(2, 5);
    let me = game.decision().unwrap().seat;
    let other = game.seats().find(|s| *s != me).unwrap();
    let mut client = new_client(&game, bots(&[(other.0, BotKind::Heuristic)]));
    choose(&mut client, &mut game, 0);
    let placed = game.history()[0];
    assert_eq!(client.view.screen, Screen::Bot(other));
    // His own view is on screen: the offer names the token's face.
    let offer = client.takeback_text().unwrap().to_string();
    let herakon::engine::Action::Place { order, system } = placed else {
        panic!("{placed}")
    };
    assert!(
        offer.contains(&order.to_string()) && offer.contains(&system.to_string()),
        "{offer}"
    );
    // `u` in the pause: taken back, the bot has not moved, and the person decides again.
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::char('u'));
    assert!(game.history().is_empty(), "{:?}", game.history());
    assert_eq!(client.view.screen, Screen::Play);
    assert_eq!(client.view.shown, Some(me));
    // Placed again, and the bot moves: the offer is gone, the engine refuses.
    choose(&mut client, &mut game, 1);
    let_bot_move(&mut client, &mut game);
    assert_eq!(game.history().len(), 2);
    assert_eq!(client.takeback_text(), None);
    client.handle(&mut game, Msg::char('u'));
    assert_eq!(game.history().len(), 2);
    assert_eq!(
        client.view.flash.as_deref(),
        Some(
            herakon::engine::UndoRefusal::AnotherPlayer
                .to_string()
                .as_str()
        )
    );
}

#[test]
fn a_take_back_during_a_computer_players_pause_goes_through_a_hand_off_when_two_people_play() {
    // Three seats: two people and, deciding right after the first person, a computer player.
    let mut game = common::intro(3, 5);
    let me = game.decision().unwrap().seat;
    let mut probe = game.clone();
    probe.apply(probe.legal_actions()[0]).unwrap();
    let other = probe.decision().unwrap().seat;
    assert_ne!(other, me);
    let mut client = new_client(&game, bots(&[(other.0, BotKind::Heuristic)]));
    common::take_keyboard(&mut client, &mut game);
    assert_eq!(client.view.shown, Some(me));
    choose(&mut client, &mut game, 0);
    let placed = game.history()[0];
    assert_eq!(client.view.screen, Screen::Bot(other));
    assert_eq!(client.view.shown, None, "the pause shows the public board");
    let now = client.view.clock;
    client.handle(&mut game, Msg::Tick(now));
    client.handle(&mut game, Msg::char('u'));
    assert!(game.history().is_empty(), "{:?}", game.history());
    // The other person may have the keyboard by now: the placer takes it back himself.
    assert_eq!(client.view.screen, Screen::Handoff(me));
    assert_eq!(client.view.shown, None);
    let herakon::engine::Action::Place { order, system } = placed else {
        panic!("{placed}")
    };
    let said = client.view.flash.clone().unwrap();
    assert_eq!(
        said,
        format!(
            "{} took back the order token placed on {system}",
            game.who(me)
        )
    );
    assert!(!said.contains(&order.to_string()), "{said}");
    common::take_keyboard(&mut client, &mut game);
    assert_eq!(client.view.screen, Screen::Play);
    assert_eq!(client.view.shown, Some(me));
}

#[test]
fn a_bot_decides_the_same_whatever_it_cannot_see() {
    // At every decision of a game, a bot's choice is the same in the real game and in games
    // where everything its seat may not see (orders face down, hands, decks, drawn cards,
    // dice to come) was dealt otherwise.
    // The 2-player game meets, by step 102, a decision where the heuristic bot reading the real
    // game (not its seat's view) would choose otherwise: this test catches such a leak.
    for (players, kind) in [
        (2, BotKind::Heuristic),
        (3, BotKind::Heuristic),
        (2, BotKind::Random),
    ] {
        let mut game = common::intro(players, 11);
        let all: BTreeMap<Seat, BotKind> = game.seats().map(|s| (s, kind)).collect();
        let seats = Bots {
            kinds: all,
            seed: 9,
        };
        for step in 0..300 {
            let Some(d) = game.decision() else { break };
            let choice = seats.choose(&game).unwrap();
            for other in 0..3 {
                let twin = game.redeal_hidden(Some(d.seat), 1000 + other);
                assert_eq!(
                    seats.choose(&twin),
                    Some(choice),
                    "{kind:?}, {players} players, step {step}: the choice changed with hidden facts"
                );
            }
            game.apply(choice).unwrap();
        }
    }
}

#[test]
fn bots_alone_play_a_game_while_the_table_watches() {
    let mut game = common::intro(2, 8);
    let mut client = new_client(&game, bots(&[(0, BotKind::Random), (1, BotKind::Random)]));
    assert!(matches!(client.view.screen, Screen::Bot(_)));
    assert_eq!(client.view.shown, None, "watching: the public view");
    let mut moves = 0;
    while !game.is_over() && moves < 5000 {
        assert!(
            matches!(client.view.screen, Screen::Bot(_)),
            "{:?}",
            client.view.screen
        );
        assert_eq!(client.view.shown, None);
        let_bot_move(&mut client, &mut game);
        moves += 1;
    }
    assert!(game.is_over(), "no end after {moves} moves");
    assert_eq!(client.view.screen, Screen::GameOver);
    assert_eq!(client.view.handoffs, 0);
}

#[test]
fn a_forced_decision_of_the_seat_away_from_the_keyboard_is_applied_without_a_hand_off() {
    // Two people: wherever the next decision belongs to the other person and has one legal
    // action that shows him nothing new, the client applies it and logs it, and the keyboard
    // stays where it is; otherwise the other person gets a hand-off.
    let mut game = common::intro(2, 4);
    let mut client = new_client(&game, Bots::default());
    let mut x = 77_u64;
    let mut forced_seen = 0;
    for _ in 0..400 {
        match client.view.screen {
            Screen::GameOver => break,
            Screen::Handoff(_) => common::take_keyboard(&mut client, &mut game),
            Screen::Bot(_) | Screen::Watch(_) => panic!("no bots here, and a hot seat"),
            Screen::Play => {
                let me = client.view.shown.unwrap();
                let forced_before = client.session.forced;
                let log_before = client.session.log.len();
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let before = game.clone();
                choose(&mut client, &mut game, usize::try_from(x >> 33).unwrap());
                if client.session.forced > forced_before {
                    forced_seen += 1;
                    // Every action applied on its own was the only choice of another seat,
                    // showed it nothing new, and is in the log.
                    let mut g = before.clone();
                    let mine = game.history()[before.history().len()];
                    g.apply(mine).unwrap();
                    for &a in &game.history()[before.history().len() + 1..] {
                        let d = g.decision().unwrap();
                        if d.seat == me {
                            // The client acts for the person at the keyboard only on a
                            // question with one answer that the engine calls a formality.
                            assert_eq!(
                                g.formal_action(),
                                Some(a),
                                "the client acted for the person at the keyboard"
                            );
                            g.apply(a).unwrap();
                            continue;
                        }
                        assert_eq!(g.legal_actions(), vec![a], "not a forced decision");
                        let mut after = g.clone();
                        after.apply(a).unwrap();
                        assert!(g.shown_only_to(&after, d.seat).is_empty());
                        g = after;
                    }
                    assert!(client.session.log.len() > log_before);
                }
                // Whatever comes next is not a forced decision of the person away.
                if let Some(d) = game.decision()
                    && d.seat != me
                {
                    let legal = game.legal_actions();
                    if let [only] = legal[..] {
                        let mut after = game.clone();
                        after.apply(only).unwrap();
                        assert!(
                            !game.shown_only_to(&after, d.seat).is_empty(),
                            "a forced decision was left for a hand-off"
                        );
                    }
                }
            }
        }
    }
    assert!(forced_seen > 0, "no forced decision met in this game");
}

#[test]
fn a_hand_off_lists_the_public_events_since_that_seats_turn() {
    let mut game = common::intro(2, 5);
    let mut client = new_client(&game, Bots::default());
    common::take_keyboard(&mut client, &mut game);
    let first = client.view.shown.unwrap();
    choose(&mut client, &mut game, 0);
    common::take_keyboard(&mut client, &mut game);
    choose(&mut client, &mut game, 5);
    let Screen::Handoff(seat) = client.view.screen else {
        panic!("{:?}", client.view.screen)
    };
    assert_eq!(seat, first);
    let since: Vec<&str> = client
        .session
        .since_turn(seat)
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(since.len(), 1, "{since:?}");
    let other = game.faction(game.seats().find(|s| *s != first).unwrap());
    assert!(since[0].contains(other.name()), "{since:?}");
    // The screen shows them.
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(160, 48)).unwrap();
    t.draw(|f| herakon::tui::draw(f, &client, &Scene::new(&game, client.view.shown)))
        .unwrap();
    let text: String = format!("{:?}", t.backend().buffer());
    assert!(text.contains("Since your turn"));
}

#[test]
fn hand_offs_between_two_scripted_people_are_fewer_than_one_per_change_of_seat() {
    // The same seeded game between two scripted people; before this client kept the keyboard
    // on forced decisions there was a hand-off at every change of the deciding seat.
    let mut game = common::intro(2, 5);
    let mut client = new_client(&game, Bots::default());
    let handoffs = drive(&mut client, &mut game, 5, 600);
    let mut replay = Game::from_position(game.start().clone(), game.data_arc()).unwrap();
    let mut changes = 0;
    let mut last = None;
    for &a in game.history() {
        let seat = replay.decision().unwrap().seat;
        if last != Some(seat) {
            changes += 1;
        }
        last = Some(seat);
        replay.apply(a).unwrap();
    }
    eprintln!(
        "{} actions: {changes} hand-offs at every change of seat, {handoffs} now ({} forced \
         decisions applied by the client)",
        game.history().len(),
        client.session.forced
    );
    assert!(handoffs < changes, "no hand-off saved");
}

#[test]
fn the_new_game_screen_chooses_a_person_or_a_computer_for_each_seat() {
    use herakon::tui::newgame::{NewGame, Outcome};
    let data = common::data();
    let mut menu = NewGame::new(4);
    // Rows: players, board, 2 seats, 2 names, then who plays seat 1 and seat 2.
    for _ in 0..7 {
        menu.handle(Msg::key(KeyCode::Down), &data);
    }
    // A person, then the levels a person chooses among: easy, normal, hard (#31).
    let level = |l: Level| Some(BotKind::Level(l));
    menu.handle(Msg::key(KeyCode::Right), &data);
    assert_eq!(menu.bots, [None, level(Level::Easy), None, None]);
    menu.handle(Msg::key(KeyCode::Right), &data);
    assert_eq!(menu.bots[1], level(Level::Normal));
    menu.handle(Msg::key(KeyCode::Right), &data);
    assert_eq!(menu.bots[1], level(Level::Hard));
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| menu.draw(f, Theme::monochrome())).unwrap();
    let text = format!("{:?}", t.backend().buffer());
    assert!(text.contains("computer (hard)"), "{text}");
    // Round the list: back to a person, and leftwards to the hard level again.
    menu.handle(Msg::key(KeyCode::Right), &data);
    assert_eq!(menu.bots[1], None);
    menu.handle(Msg::key(KeyCode::Left), &data);
    assert_eq!(menu.bots[1], level(Level::Hard));
    menu.handle(Msg::key(KeyCode::Left), &data);
    menu.handle(Msg::key(KeyCode::Left), &data);
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| menu.draw(f, Theme::monochrome())).unwrap();
    let text = format!("{:?}", t.backend().buffer());
    assert!(text.contains("computer (easy)"), "{text}");
    assert!(text.contains("a person"), "{text}");
    let Outcome::Start(game) = menu.handle(Msg::key(KeyCode::Enter), &data) else {
        panic!("no game: {:?}", menu.error);
    };
    let chosen = menu.chosen_bots(&game);
    assert_eq!(
        chosen.kinds.into_iter().collect::<Vec<_>>(),
        vec![(Seat(1), BotKind::Level(Level::Easy))]
    );
}

#[test]
fn a_continued_game_goes_on_against_the_computer_players_its_save_recorded() {
    let mut game = common::intro(2, 4);
    let chaos = game.seat_of(herakon::engine::Faction::Chaos).unwrap();
    let bots = Bots {
        kinds: [(chaos, BotKind::Search(16))].into(),
        seed: 9,
    };
    game.set_computer(bots.record(&game)).unwrap();
    let text = herakon::engine::format::save::to_json(&game);
    let loaded = herakon::engine::format::save::load(&text, common::data()).unwrap();
    assert_eq!(Bots::of_game(&loaded).unwrap(), bots);
    // A kind this build does not have is named with its faction, not dropped.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["computer"]["players"]["chaos"] = "clever".into();
    let odd = herakon::engine::format::save::load(&v.to_string(), common::data()).unwrap();
    let why = Bots::of_game(&odd).unwrap_err();
    assert!(
        why.contains("World Eaters") && why.contains("clever"),
        "{why}"
    );
}
