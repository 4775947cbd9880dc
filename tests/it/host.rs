//! `herakon host`: the room that serves every connection its own seat's frames, driven by key
//! bytes as an SSH connection sends them (no network), and one end-to-end game over a real
//! OpenSSH client under tmux, on loopback.
//!
//! Privacy, in the style of `privacy.rs`: every frame sent to a seat is drawn the same when
//! everything hidden from that seat is dealt again, and names none of the other seat's combat
//! cards in hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::time::Duration;

use herakon::engine::state::die::CombatRole;
use herakon::engine::{Game, Seat};
use herakon::host::access::Who;
use herakon::host::room::{self, ConnId, Room};
use herakon::tui::seats::Bots;
use herakon::tui::{Screen, Theme};

use crate::privacy::perturbed;

/// The rows of a buffer, as the room keeps the frame it sent.
fn rows(buf: &ratatui::buffer::Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

/// The names of the combat cards `other` holds in hand that `me` may not know: not in `me`'s
/// own hand or deck, and nowhere in the table's log.
fn secret_hand(game: &Game, me: Seat, log: &str) -> BTreeSet<String> {
    let Some(c) = game.combat() else {
        return BTreeSet::new();
    };
    let mine = game.faction(me);
    let mut known: BTreeSet<String> = game
        .player(me)
        .combat_deck
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut secret = BTreeSet::new();
    for role in [CombatRole::Attacker, CombatRole::Defender] {
        let side = c.side(role);
        let names = side.hand.iter().map(ToString::to_string);
        if side.faction == Some(mine) {
            known.extend(names);
        } else {
            secret.extend(names);
        }
    }
    secret
        .into_iter()
        .filter(|n| !known.contains(n) && !log.contains(n.as_str()))
        .collect()
}

/// The room's log, a line an entry (what the table has been told, public words only).
fn log_text(room: &Room) -> String {
    room.session()
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks the frame last sent to each of the two seats' connections: the same when what is
/// hidden from the seat is dealt again, and naming no card of the other seat's hand.
fn check_frames(room: &Room, conns: &[(ConnId, Seat)], at: &str) -> usize {
    let mut checked = 0;
    let log = log_text(room);
    for &(id, seat) in conns {
        let sent = room.screen_text(id).unwrap();
        let text = sent.join("\n");
        for name in secret_hand(room.game(), seat, &log) {
            assert!(
                !text.contains(&name),
                "{at}: seat {} was sent {name:?} of the other seat's hand:\n{text}",
                seat.index() + 1
            );
        }
        let Some(other) = perturbed(room.game(), Some(seat)) else {
            continue;
        };
        let app = room.app(id).unwrap();
        let real = room::scene(room.game(), app, Who::Seat(seat));
        let mut again = room::scene(&other, app, Who::Seat(seat));
        // The screen seeds its estimate with the history's length; the re-dealt game has none,
        // so the estimate is compared on its own, with one seed for both (as privacy.rs does).
        if real.odds.is_some() {
            let odds = |g: &Game| herakon::bot::odds::combat_odds(g, Some(seat), 8, 7);
            assert_eq!(
                odds(room.game()),
                odds(&other),
                "{at}: the odds use hidden facts"
            );
            again.odds = real.odds;
        }
        let again = rows(&room.redraw(id, &again).unwrap());
        assert_eq!(
            again.join("\n"),
            text,
            "{at}: seat {}'s frame changed when what is hidden from it was dealt again",
            seat.index() + 1
        );
        checked += 1;
    }
    checked
}

/// Checks the frame last sent to a spectator's connection: no card of either hand, and the
/// same when everything hidden from the table is dealt again.
fn check_spectator(room: &Room, id: ConnId, at: &str) {
    let text = room.screen_text(id).unwrap().join("\n");
    let log = log_text(room);
    if let Some(c) = room.game().combat() {
        for role in [CombatRole::Attacker, CombatRole::Defender] {
            for card in &c.side(role).hand {
                let name = card.to_string();
                assert!(
                    log.contains(&name) || !text.contains(&name),
                    "{at}: the spectator was sent {name:?} of a hand:\n{text}"
                );
            }
        }
    }
    let Some(other) = perturbed(room.game(), None) else {
        return;
    };
    let app = room.app(id).unwrap();
    let real = room::scene(room.game(), app, Who::Spectator);
    let mut again = room::scene(&other, app, Who::Spectator);
    again.odds = real.odds;
    let again = rows(&room.redraw(id, &again).unwrap());
    assert_eq!(
        again.join("\n"),
        text,
        "{at}: the spectator's frame uses hidden facts"
    );
}

/// Whether a combat is on with both hands dealt.
fn hands_dealt(game: &Game) -> bool {
    game.combat().is_some_and(|c| {
        !c.side(CombatRole::Attacker).hand.is_empty()
            && !c.side(CombatRole::Defender).hand.is_empty()
    })
}

/// A game of random moves until both combat hands are dealt (`None`: it ended first).
fn until_hands_dealt(seed: u64) -> Option<Game> {
    let mut game = crate::common::intro(2, seed);
    let mut bot = herakon::bot::BotKind::Random.build(seed);
    for _ in 0..5000 {
        if hands_dealt(&game) {
            return Some(game);
        }
        let action = bot.choose(&game)?;
        game.apply(action).ok()?;
    }
    None
}

#[test]
fn no_frame_sent_to_a_seat_names_or_depends_on_the_other_seats_hidden_cards() {
    herakon::tui::scene::set_odds_samples(40);
    let mut checked = 0;
    let mut combats = 0;
    let mut closed = 0;
    let games: Vec<(u64, Game)> = (1..=20)
        .filter_map(|seed| until_hands_dealt(seed).map(|g| (seed, g)))
        .take(3)
        .collect();
    assert_eq!(games.len(), 3, "too few games reached a combat");
    for (seed, game) in games {
        let mut room = Room::new(game, Bots::default(), Theme::default());
        let conns = [(1, Seat(0)), (2, Seat(1))];
        for (id, seat) in conns {
            room.join(id, Who::Seat(seat), (160, 48), None);
        }
        room.join(3, Who::Spectator, (160, 48), None);
        room.frames();
        checked += check_frames(&room, &conns, &format!("seed {seed} at the start"));
        check_spectator(&room, 3, &format!("seed {seed} at the start"));
        // The deciding seat's connection plays on with Enter (a confirmation with y); the
        // other seat presses keys too, which must change nothing of the game.
        for step in 0..40 {
            combats += usize::from(hands_dealt(room.game()));
            let decider = room.game().decision().map(|d| d.seat);
            // A combat box on both screens: a key on the terminal of the seat not deciding
            // closes its own box and leaves the other one up.
            if let Some(&(id, _)) = conns.iter().find(|(_, s)| Some(*s) != decider) {
                let other = 3 - id;
                if room.boxes(id) > 0 && room.boxes(other) > 0 {
                    let (mine, theirs) = (room.boxes(id), room.boxes(other));
                    room.input(id, b"\x1b[C");
                    assert_eq!((room.boxes(id), room.boxes(other)), (mine - 1, theirs));
                    closed += 1;
                }
            }
            for (id, seat) in conns {
                let keys: &[u8] = if Some(seat) == decider {
                    if step % 3 == 2 { b"y" } else { b"\r" }
                } else {
                    b"\r\x1b[Ax"
                };
                room.input(id, keys);
            }
            room.input(3, b"\r1\ry");
            room.frames();
            checked += check_frames(&room, &conns, &format!("seed {seed} step {step}"));
            check_spectator(&room, 3, &format!("seed {seed} step {step}"));
        }
    }
    assert!(combats > 10, "the keys never played a combat ({combats})");
    assert!(closed > 0, "no combat box was ever on both screens");
    assert!(checked > 150, "too few frames checked: {checked}");
}

#[test]
fn each_seat_sees_its_own_view_and_the_other_seats_turn_as_theirs() {
    let game = crate::common::intro(2, 7);
    let decider = game.decision().unwrap().seat;
    let other = Seat(1 - decider.0);
    let mut room = Room::new(game, Bots::default(), Theme::default());
    room.join(1, Who::Seat(decider), (160, 48), None);
    room.join(2, Who::Seat(other), (160, 48), None);
    room.join(3, Who::Spectator, (120, 40), None);
    room.frames();
    assert_eq!(room.app(1).unwrap().screen, Screen::Play);
    assert_eq!(room.app(1).unwrap().shown, Some(decider));
    assert_eq!(room.app(2).unwrap().screen, Screen::Watch(decider));
    assert_eq!(room.app(2).unwrap().shown, Some(other));
    assert_eq!(room.app(3).unwrap().shown, None);
    let watching = room.screen_text(2).unwrap().join("\n");
    assert!(watching.contains("Their turn"), "{watching}");
    assert!(
        watching.contains("is about to place an order token"),
        "{watching}"
    );
    // Keys of the seat not deciding change nothing of the game.
    let len = room.game().history().len();
    room.input(2, b"\r\r1\ry");
    room.input(3, b"\r\r1\ry");
    assert_eq!(room.game().history().len(), len);
    // The deciding seat acts with Enter.
    room.input(1, b"\r");
    room.input(1, b"y");
    assert!(room.game().history().len() > len, "Enter did not act");
}

#[test]
fn two_seats_play_a_whole_game_through_the_room_with_keys_alone() {
    herakon::tui::scene::set_odds_samples(40);
    let game = crate::common::intro(2, 11);
    let mut room = Room::new(game, Bots::default(), Theme::default());
    let conns = [(1, Seat(0)), (2, Seat(1))];
    for (id, seat) in conns {
        room.join(id, Who::Seat(seat), (160, 48), None);
    }
    let mut x = 11_u64;
    let mut checked = 0;
    for step in 0..6000 {
        if room.game().is_over() {
            break;
        }
        let decider = room.game().decision().map(|d| d.seat);
        let Some(&(id, _)) = conns.iter().find(|(_, s)| Some(*s) == decider) else {
            panic!("no seat decides in a game not over");
        };
        // Mostly Enter on the suggestion; now and then another choice down the list, and y
        // for a question.
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let keys: &[u8] = match x >> 61 {
            0 => b"\x1b[B\r",
            1 => b"y",
            _ => b"\r",
        };
        room.input(id, keys);
        // The frames go out after every input, as the host sends them; now and then they are
        // checked against the game with what each seat may not see dealt again.
        room.frames();
        if step % 25 == 0 {
            checked += check_frames(&room, &conns, &format!("whole game, step {step}"));
        }
    }
    assert!(room.game().is_over(), "the game did not end by keys alone");
    assert!(room.game().history().len() > 100, "too short a game");
    assert!(checked > 20, "too few frames checked: {checked}");

    room.frames();
    for (id, _) in &conns {
        let end = room.screen_text(*id).unwrap().join("\n");
        assert_eq!(room.app(*id).unwrap().screen, Screen::GameOver, "{end}");
    }
    // Leaving after the end is not told to come back.
    let (first, _) = conns[0];
    match room.input(first, b"q") {
        Some(room::Out::Close(bye)) => {
            assert!(bye.contains("the game is over"), "{bye}");
            assert!(!bye.contains("come back"), "{bye}");
        }
        other => panic!("q on the game-over screen did not close the connection: {other:?}"),
    }
}

#[test]
fn a_computer_seat_moves_on_the_rooms_clock_after_its_pause() {
    let game = crate::common::intro(2, 7);
    let person = game.decision().unwrap().seat;
    let computer = Seat(1 - person.0);
    let mut bots = Bots::default();
    bots.kinds.insert(
        computer,
        herakon::bot::BotKind::Level(herakon::bot::levels::Level::Easy),
    );
    let mut room = Room::new(game, bots, Theme::default());
    room.join(1, Who::Seat(person), (160, 48), None);
    room.input(1, b"\r");
    assert_eq!(room.game().decision().map(|d| d.seat), Some(computer));
    assert_eq!(room.app(1).unwrap().screen, Screen::Bot(computer));
    let len = room.game().history().len();
    // Its turn is first seen at 1 s, and it moves once its pause is over.
    room.tick(Duration::from_secs(1));
    assert_eq!(
        room.game().history().len(),
        len,
        "it moved before its pause"
    );
    room.tick(Duration::from_secs(3));
    assert!(room.game().history().len() > len, "it never moved");
}

#[test]
fn a_dropped_seat_is_away_and_comes_back_to_its_own_view() {
    let game = crate::common::intro(2, 7);
    let decider = game.decision().unwrap().seat;
    let other = Seat(1 - decider.0);
    let mut room = Room::new(game, Bots::default(), Theme::default());
    room.join(1, Who::Seat(decider), (160, 48), None);
    room.join(2, Who::Seat(other), (160, 48), None);
    assert!(room.session().away.is_empty());
    room.leave(1);
    assert!(room.session().away.contains(&decider));
    room.frames();
    let watching = room.screen_text(2).unwrap().join("\n");
    assert!(watching.contains("away: not connected"), "{watching}");
    room.join(4, Who::Seat(decider), (100, 40), None);
    assert!(room.session().away.is_empty());
    assert_eq!(room.app(4).unwrap().screen, Screen::Play);
    assert_eq!(room.size(4).unwrap().width, 100);
}

#[test]
fn huge_windows_are_drawn_at_the_largest_size_and_malformed_input_is_ignored() {
    let game = crate::common::intro(2, 7);
    let mut room = Room::new(game, Bots::default(), Theme::default());
    room.join(1, Who::Seat(Seat(0)), (u32::MAX, u32::MAX), None);
    let size = room.size(1).unwrap();
    assert_eq!(
        (size.width, size.height),
        (room::MAX_WIDTH, room::MAX_HEIGHT)
    );
    room.resize(1, 0, 0);
    let size = room.size(1).unwrap();
    assert_eq!((size.width, size.height), (1, 1));
    room.resize(1, 120, 40);
    let mut junk = Vec::new();
    for i in 0..2000u32 {
        junk.push(u8::try_from(i.wrapping_mul(2_654_435_761) >> 24).unwrap_or(0));
    }
    // Ctrl-C asks to quit, and the junk may answer: either way, no panic and no action for
    // another seat.
    let _ = room.input(1, &junk);
    room.frames();
    assert!(room.screen_text(1).is_some());
}

/// The host over a real OpenSSH client under tmux (only with the `host` feature, which the
/// server needs).
#[cfg(feature = "host")]
mod ssh {
    use std::io::{BufRead, BufReader};
    use std::path::Path;
    use std::process::{Child, Command, Stdio};
    use std::time::{Duration, Instant};

    use herakon::engine::Seat;
    use herakon::host::access::Who;
    use herakon::host::room::Room;
    use herakon::tui::Theme;
    use herakon::tui::seats::Bots;

    use crate::terminal::{Tmux, scratch_dir};

    #[test]
    fn the_host_key_is_made_once_for_its_owner_only_and_used_again() {
        let dir = scratch_dir("host-key");
        let path = dir.join("saves").join("host_key");
        let made = herakon::host::ssh::host_key(&path).unwrap();
        let again = herakon::host::ssh::host_key(&path).unwrap();
        assert_eq!(
            herakon::host::ssh::fingerprint(&made),
            herakon::host::ssh::fingerprint(&again)
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let bits = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(bits & 0o777, 0o600);
        }
        std::fs::write(&path, "not a key").unwrap();
        assert!(herakon::host::ssh::host_key(&path).is_err());
    }

    /// Whether `program` runs here; under CI=true a missing one fails the test (CI installs it).
    fn have(program: &str, arg: &str) -> bool {
        if Command::new(program).arg(arg).output().is_ok() {
            return true;
        }
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{program} is not installed, and CI=true: the ssh end-to-end test cannot run"
        );
        eprintln!("skipping: {program} is not installed (.ci/run installs it)");
        false
    }

    /// A host running as a child process, killed at the end.
    struct Host {
        child: Child,
        port: u16,
        secrets: Vec<String>,
    }

    impl Drop for Host {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    impl Host {
        fn start(dir: &Path) -> Host {
            let mut child = Command::new(env!("CARGO_BIN_EXE_herakon"))
                .args([
                    "host",
                    "--seed",
                    "7",
                    "--port",
                    "0",
                    "--save-to",
                    "game.json",
                ])
                .args(["--host-key", "host_key"])
                .current_dir(dir)
                .env("HERAKON_TEST_ODDS_SAMPLES", "40")
                .env("HERAKON_CONFIG_DIR", dir.join("config"))
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let out = BufReader::new(child.stdout.take().unwrap());
            let mut port = 0;
            let mut secrets = Vec::new();
            for line in out.lines() {
                let line = line.unwrap();
                if let Some(rest) = line.split("listening on 127.0.0.1:").nth(1) {
                    port = rest.split_whitespace().next().unwrap().parse().unwrap();
                }
                if let Some(secret) = line.split("secret: ").nth(1) {
                    secrets.push(secret.split_whitespace().next().unwrap().to_string());
                }
                if line.starts_with("Ctrl-C") {
                    break;
                }
            }
            assert!(
                port > 0 && secrets.len() == 3,
                "the host printed no port or secrets"
            );
            Host {
                child,
                port,
                secrets,
            }
        }

        /// `ssh` to the host as `user` under tmux, the secret typed at its prompt.
        fn join(&self, dir: &Path, user: &str, secret: &str) -> Tmux {
            ssh_join(dir, self.port, user, secret)
        }
    }

    /// `ssh` to the host at `port` as `user` under tmux, the secret typed at its prompt.
    fn ssh_join(dir: &Path, port: u16, user: &str, secret: &str) -> Tmux {
        let line = format!(
            "ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
             -o PubkeyAuthentication=no -o PreferredAuthentications=password -p {port} {user}@127.0.0.1; \
             echo ssh ended; sleep 30"
        );
        let tmux = Tmux::start_line(dir, &line, (160, 48)).unwrap();
        tmux.wait_for(&["password:"]);
        tmux.keys(secret);
        tmux.keys("Enter");
        tmux
    }

    /// A host with seat 1 played at its own terminal (tmux), seed 7, a port of its own: the
    /// terminal, the port and each seat's secret as printed, once it asks for Enter.
    fn start_with_local_seat(dir: &Path) -> (Tmux, u16, Vec<String>) {
        let tmux = Tmux::start_line(
            dir,
            "{bin} host --seed 7 --port 0 --save-to game.json --host-key host_key --local 1; \
             echo host ended; sleep 30",
            (150, 45),
        )
        .unwrap();
        let printed = tmux.wait_for(&["Press Enter to sit down at seat1"]);
        let port = printed
            .split("listening on 127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        let secrets: Vec<String> = printed
            .lines()
            .filter_map(|l| l.split("secret: ").nth(1))
            .filter_map(|rest| rest.split([' ', ')']).next())
            .map(ToString::to_string)
            .collect();
        assert!(
            port > 0 && secrets.len() == 3,
            "no port or secrets:\n{printed}"
        );
        (tmux, port, secrets)
    }

    #[test]
    fn a_person_at_the_hosts_own_terminal_plays_a_seat_beside_one_over_ssh() {
        if !have("tmux", "-V") || !have("ssh", "-V") {
            return;
        }
        let dir = scratch_dir("host-local");
        let (local, port, secrets) = start_with_local_seat(&dir);
        local.keys("Enter");
        // The host's terminal shows seat 1's own view, told where it plays.
        local.wait_for(&["(you)", "you play at the host's terminal"]);
        let remote = ssh_join(&dir, port, "seat2", &secrets[1]);
        // The host's news goes on the local status line, not over the screen.
        local.wait_for(&["seat2 joined"]);
        let first = crate::common::intro(2, 7).decision().unwrap().seat;
        let (mover, watcher) = if first == Seat(0) {
            (&local, &remote)
        } else {
            (&remote, &local)
        };
        mover.wait_for(&["Enter do it"]);
        watcher.wait_for(&["Their turn", "is about to place an order token"]);
        mover.keys("Enter");
        watcher.wait_for(&["Enter do it"]);
        mover.wait_for(&["Their turn"]);
        // The local seat's hand is not on the remote screen, nor the remote one's here:
        // frames per seat are checked in `no_frame_sent_to_a_seat_names_...`; here the
        // screens at least show each seat as the one it is.
        assert!(local.screen().contains("(you)"));
        // `q` gives the host's terminal back; the host goes on serving the other seat.
        local.keys("q");
        local.wait_for(&["Leave the table? The game goes on at the host."]);
        local.keys("y");
        local.wait_for(&["still serving the other seats"]);
        // The other seat plays on; on seat 1's turn it sees seat 1 away.
        if first == Seat(0) {
            remote.keys("Enter");
        }
        remote.wait_for(&["away: not connected"]);
        // Ctrl-C at the host's shell stops it: saved, and the other seat told.
        local.keys("C-c");
        remote.wait_for(&["the host stopped; the game is saved in"]);
        local.wait_for(&["host ended"]);
        let saved = std::fs::read_to_string(dir.join("game.autosave.json")).unwrap();
        assert!(saved.contains("history"), "the autosave holds no game");
    }

    #[test]
    fn ctrl_c_on_the_hosts_own_screen_saves_the_game_and_stops_the_host() {
        if !have("tmux", "-V") {
            return;
        }
        let dir = scratch_dir("host-local-stop");
        let (local, _, _) = start_with_local_seat(&dir);
        local.keys("Enter");
        local.wait_for(&["(you)"]);
        local.keys("C-c");
        let end = local.wait_for(&["host ended"]);
        assert!(
            end.contains("Ctrl-C at the host's terminal: the host stopped; the game is saved in"),
            "{end}"
        );
        // The terminal is itself again: the seat's screen is gone from it.
        assert!(!end.contains("(you)"), "{end}");
    }

    /// A client too slow to take its frames: once its queue is full, the frames it cannot
    /// take are dropped (the room never waits for it), it stays at the table, and the first
    /// frame it gets after catching up is drawn whole.
    #[test]
    fn a_slow_client_loses_frames_and_then_gets_a_whole_one() {
        use herakon::host::event::QUEUE;
        use herakon::host::room::Out;
        use herakon::host::ssh::deliver;
        let game = crate::common::intro(2, 7);
        let mut room = Room::new(game, Bots::default(), Theme::default());
        room.join(1, Who::Seat(Seat(0)), (120, 40), None);
        let (tx, mut rx) = tokio::sync::mpsc::channel(QUEUE);
        let mut outs = std::collections::BTreeMap::from([(1, tx)]);
        // Down and up the list: every key changes the screen.
        for i in 0..QUEUE * 2 {
            room.input(1, if i % 2 == 0 { b"\x1b[B" } else { b"\x1b[A" });
            deliver(&mut room, &mut outs);
        }
        let mut queued = 0;
        while let Ok(out) = rx.try_recv() {
            assert!(matches!(out, Out::Frame(_)));
            queued += 1;
        }
        assert_eq!(queued, QUEUE, "the queue holds its frames and no more");
        assert!(room.has(1), "a slow client stays at the table");
        room.input(1, b"\x1b[B");
        deliver(&mut room, &mut outs);
        match rx.try_recv() {
            Ok(Out::Frame(bytes)) => assert!(
                bytes.starts_with(b"\x1b[H\x1b[2J"),
                "after lost frames the next is not drawn whole"
            ),
            other => panic!("no frame after catching up: {other:?}"),
        }
    }

    #[test]
    fn the_host_stops_when_the_game_is_over_and_its_last_terminal_leaves() {
        use herakon::host::event::{Event, QUEUE};
        use herakon::host::room::Out;
        use herakon::host::ssh::room_loop;
        let mut game = crate::common::intro(2, 3);
        crate::common::play_to_end(
            &mut game,
            &mut crate::common::random_chooser(3, false),
            &mut |_, _, _| {},
        );
        assert!(game.is_over());
        let room = Room::new(game, Bots::default(), Theme::default());
        let (events, inbox) = std::sync::mpsc::channel();
        let host = std::thread::spawn(move || room_loop(room, &inbox));
        let (out1, _frames1) = tokio::sync::mpsc::channel(QUEUE);
        let (out2, mut frames2) = tokio::sync::mpsc::channel(QUEUE);
        for (id, seat, out) in [(1, Seat(0), out1), (2, Seat(1), out2)] {
            let size = (120, 40);
            let who = Who::Seat(seat);
            events
                .send(Event::Join {
                    id,
                    who,
                    size,
                    note: None,
                    out,
                })
                .unwrap();
        }
        events.send(Event::Leave(1)).unwrap();
        // One terminal is still there: the host goes on. A new size is drawn for it whole:
        // its second whole frame (after the one it joined with) comes after the other left.
        events.send(Event::Resize(2, 100, 30)).unwrap();
        let mut whole = 0;
        while whole < 2 {
            match frames2.blocking_recv() {
                Some(Out::Frame(bytes)) if bytes.starts_with(b"\x1b[H\x1b[2J") => whole += 1,
                Some(Out::Frame(_)) => {}
                other => panic!("the host stopped with a terminal still there: {other:?}"),
            }
        }
        events.send(Event::Leave(2)).unwrap();
        let said = host.join().unwrap();
        assert!(
            said.contains("the game is over and every seat has left"),
            "{said}"
        );
    }

    /// Plays on with the suggested choice (Enter) on whichever terminal shows its own
    /// decision ("... to decide"), a key on a combat box and `y` on a question, until every terminal shows the
    /// second round; at most 2 minutes.
    fn play_until_round_two(terms: &[&Tmux]) {
        let start = Instant::now();
        let mut actions = 0;
        loop {
            let screens: Vec<String> = terms.iter().map(|t| t.screen()).collect();
            if screens.iter().all(|s| s.contains("Round 2/8")) {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the first round did not end over ssh after {actions} keys:\n{}",
                screens.join("\n")
            );
            let mut acted = false;
            for (t, screen) in terms.iter().zip(&screens) {
                let key = if screen.contains("any key") {
                    "Space"
                } else if screen.contains("y yes") || screen.contains("Are you sure") {
                    "y"
                } else if screen.contains(" to decide ") {
                    "Enter"
                } else {
                    continue;
                };
                t.keys(key);
                actions += 1;
                acted = true;
                // The next key only once this one was read (the screen changed).
                until("a key changed the screen", || t.screen() != *screen);
            }
            if !acted {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        assert!(actions > 10, "too few actions for a round: {actions}");
    }

    /// Waits until `f` holds, for at most 15 s.
    fn until(what: &str, f: impl Fn() -> bool) {
        let start = Instant::now();
        while !f() {
            assert!(start.elapsed() < Duration::from_secs(15), "never: {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    #[test]
    fn two_seats_play_over_ssh_and_one_that_dropped_comes_back() {
        if !have("tmux", "-V") || !have("ssh", "-V") {
            return;
        }
        let dir = scratch_dir("host-ssh");
        let host = Host::start(&dir);
        let game = crate::common::intro(2, 7);
        let first = game.decision().unwrap().seat;
        let users = ["seat1", "seat2"];
        let a = host.join(&dir, users[first.index()], &host.secrets[first.index()]);
        let second = 1 - first.index();
        let b = host.join(&dir, users[second], &host.secrets[second]);
        // Each sees its own screen: the seat deciding its list, the other the decider's turn.
        a.wait_for(&["Enter do it"]);
        b.wait_for(&["Their turn", "is about to place an order token"]);
        // A wrong secret is refused.
        let c = host.join(&dir, "seat1", "not-the-secret");
        c.wait_for(&["Permission denied"]);
        drop(c);
        // A third connection for one seat is refused with a clear message.
        let d1 = host.join(&dir, users[second], &host.secrets[second]);
        d1.wait_for(&["Their turn"]);
        let d2 = host.join(&dir, users[second], &host.secrets[second]);
        d2.wait_for(&["already has 2 connections"]);
        drop(d2);
        drop(d1);
        // The first seat places an order token with Enter; the second seat decides then.
        a.keys("Enter");
        b.wait_for(&["Enter do it"]);
        a.wait_for(&["Their turn"]);
        // The second seat's connection is killed: the first sees it away.
        drop(b);
        a.wait_for(&["away: not connected"]);
        // It comes back with the same secret and sees its own decision again.
        let b = host.join(&dir, users[second], &host.secrets[second]);
        b.wait_for(&["Enter do it"]);
        until("the first seat sees the second back", || {
            !a.screen().contains("away: not connected")
        });
        b.keys("Enter");
        a.wait_for(&["Enter do it"]);
        b.wait_for(&["Their turn"]);
        // The rest of the first round, each seat acting from its own terminal.
        play_until_round_two(&[&a, &b]);
        // SIGTERM: the host saves and tells every connection.
        let pid = host.child.id().to_string();
        let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(status.success());
        a.wait_for(&["the host stopped; the game is saved in"]);
        b.wait_for(&["the host stopped; the game is saved in"]);
        let saved = std::fs::read_to_string(dir.join("game.autosave.json")).unwrap();
        assert!(saved.contains("history"), "the autosave holds no game");
    }
}

/// The doors of the seats (no network: the address and the time are given).
mod access {
    use std::net::IpAddr;
    use std::time::Duration;

    use herakon::engine::Seat;
    use herakon::host::access::{
        Access, Door, FAILURE_WINDOW, FAILURES_ALLOWED, PER_SEAT, Refusal, SPECTATORS, Who,
        new_secret,
    };

    fn addr(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    fn two_seats() -> Access {
        Access::new(
            vec![Door::Secret("s1".into()), Door::Secret("s2".into())],
            Some("w".into()),
        )
    }

    const NOW: Duration = Duration::from_secs(100);

    #[test]
    fn a_seat_opens_with_its_own_secret_only() {
        let mut a = two_seats();
        assert_eq!(
            a.password(addr(1), "seat1", "s1", NOW),
            Ok((Who::Seat(Seat(0)), None))
        );
        assert_eq!(
            a.password(addr(1), "seat2", "s1", NOW),
            Err(Refusal::WrongSecret)
        );
        assert_eq!(
            a.password(addr(1), "watch", "w", NOW),
            Ok((Who::Spectator, None))
        );
    }

    #[test]
    fn unknown_seat_names_are_refused_with_the_names_that_exist() {
        let mut a = two_seats();
        for (i, user) in [
            "seat3",
            "seat0",
            "root",
            "seat",
            "seat-1",
            "seat18446744073709551617",
        ]
        .into_iter()
        .enumerate()
        {
            // Each from an address of its own: more than five from one would bar it.
            let last = u8::try_from(10 + i).unwrap_or(0);
            let refused = a.password(addr(last), user, "s1", NOW);
            assert!(
                matches!(refused, Err(Refusal::UnknownUser(_, 2))),
                "{user}: {refused:?}"
            );
        }
        assert_eq!(
            Refusal::UnknownUser("root".into(), 2).to_string(),
            "no seat is called \"root\": join as seat1 to seat2, or as watch"
        );
    }

    #[test]
    fn failed_logins_bar_their_address_for_a_minute_and_no_other() {
        let mut a = two_seats();
        for _ in 0..FAILURES_ALLOWED {
            assert_eq!(
                a.password(addr(3), "seat1", "bad", NOW),
                Err(Refusal::WrongSecret)
            );
        }
        // Even the right secret is refused now, from that address only.
        assert_eq!(
            a.password(addr(3), "seat1", "s1", NOW),
            Err(Refusal::TooManyFailures)
        );
        assert!(a.password(addr(4), "seat1", "s1", NOW).is_ok());
        let later = NOW + FAILURE_WINDOW;
        assert!(a.password(addr(3), "seat1", "s1", later).is_ok());
    }

    #[test]
    fn an_open_seat_goes_to_the_first_to_join_who_gets_a_secret_to_come_back_with() {
        let mut a = Access::new(vec![Door::Open, Door::Computer], None);
        let (who, fresh) = a
            .password(addr(5), "seat1", "anything", NOW)
            .unwrap_or_else(|e| {
                unreachable!("{e}");
            });
        assert_eq!(who, Who::Seat(Seat(0)));
        let fresh = fresh.unwrap_or_default();
        assert_eq!(fresh.len(), 17);
        assert_eq!(
            a.password(addr(6), "seat1", "anything", NOW),
            Err(Refusal::WrongSecret)
        );
        assert!(a.password(addr(5), "seat1", &fresh, NOW).is_ok());
        assert_eq!(
            a.password(addr(5), "seat2", "", NOW),
            Err(Refusal::Computer(Seat(1)))
        );
        assert_eq!(
            a.password(addr(5), "watch", "", NOW),
            Err(Refusal::NoSpectators)
        );
    }

    #[test]
    fn a_seat_given_keys_opens_with_one_of_them_and_no_other_key() {
        let mut a = Access::new(
            vec![
                Door::Keys(vec!["ssh-ed25519 AAAA1".into()], "s1".into()),
                Door::Secret("s2".into()),
            ],
            None,
        );
        assert_eq!(
            a.public_key(addr(7), "seat1", "ssh-ed25519 AAAA1", NOW),
            Ok(Who::Seat(Seat(0)))
        );
        assert_eq!(
            a.public_key(addr(7), "seat1", "ssh-ed25519 AAAA2", NOW),
            Err(Refusal::WrongSecret)
        );
        assert_eq!(
            a.public_key(addr(7), "seat2", "ssh-ed25519 AAAA1", NOW),
            Err(Refusal::WrongSecret)
        );
    }

    #[test]
    fn a_seat_takes_two_connections_at_most_and_a_closed_one_frees_its_place() {
        let mut a = two_seats();
        let me = Who::Seat(Seat(0));
        assert_eq!(a.connect(me), Ok(()));
        assert_eq!(a.connect(me), Ok(()));
        assert_eq!(
            a.connect(me),
            Err(Refusal::SeatFull("seat1".into(), PER_SEAT))
        );
        assert_eq!(
            Refusal::SeatFull("seat1".into(), 2).to_string(),
            "seat1 already has 2 connections: close one first"
        );
        a.disconnect(me);
        assert_eq!(a.connect(me), Ok(()));
        for _ in 0..SPECTATORS {
            assert_eq!(a.connect(Who::Spectator), Ok(()));
        }
        assert_eq!(a.connect(Who::Spectator), Err(Refusal::NoSpectators));
    }

    /// The join lines the host prints: a seat played at the host's own terminal (`--local`)
    /// says so whatever its door, and still says how to take it over ssh later.
    #[test]
    fn the_join_line_of_the_seat_at_the_hosts_terminal_says_so_whatever_its_door() {
        let game = crate::common::intro(2, 7);
        let bots = herakon::tui::seats::Bots::default();
        let doors = [
            (Door::Secret("s1".into()), "secret: s1"),
            (
                Door::Keys(vec!["ssh-ed25519 AAAAkey".into()], "s1".into()),
                "(its key, or secret: s1)",
            ),
            (Door::Open, "open: the first to join takes it"),
        ];
        for (door, how) in doors {
            let access = Access::new(vec![door, Door::Secret("s2".into())], None);
            let at = ("127.0.0.1", 2222);
            let lines = herakon::host::how_to_join(&game, &access, &bots, at, Some(Seat(0)));
            assert!(
                lines[0].starts_with("seat1 ")
                    && lines[0]
                        .contains(": at this terminal (or later ssh -p 2222 seat1@127.0.0.1")
                    && lines[0].contains(how),
                "{lines:?}"
            );
            assert!(
                !lines[1].contains("at this terminal") && lines[1].contains("secret: s2"),
                "{lines:?}"
            );
            let remote = herakon::host::how_to_join(&game, &access, &bots, at, None);
            assert!(
                remote.iter().all(|l| !l.contains("at this terminal")),
                "{remote:?}"
            );
        }
    }

    #[test]
    fn secrets_differ_and_use_the_plain_alphabet() {
        let a = new_secret();
        let b = new_secret();
        assert_ne!(a, b);
        assert!(
            a.chars()
                .all(|c| c == '-' || c.is_ascii_lowercase() || c.is_ascii_digit())
        );
    }
}

/// The bytes of a remote terminal, read as keys.
mod input {
    use crossterm::event::{KeyCode, KeyModifiers};
    use herakon::host::input::{BURST, Bucket, MAX_CHUNK, PER_SECOND, keys};
    use herakon::tui::Msg;

    fn codes(bytes: &[u8]) -> Vec<Msg> {
        keys(bytes)
    }

    #[test]
    fn letters_enter_tab_and_backspace_are_their_keys() {
        assert_eq!(
            codes(b"a1\r\t\x7f"),
            vec![
                Msg::char('a'),
                Msg::char('1'),
                Msg::key(KeyCode::Enter),
                Msg::key(KeyCode::Tab),
                Msg::key(KeyCode::Backspace),
            ]
        );
    }

    #[test]
    fn arrows_in_both_cursor_modes_and_the_paging_keys_are_read() {
        assert_eq!(
            codes(b"\x1b[A\x1bOB\x1b[C\x1b[D\x1b[5~\x1b[6~\x1b[H\x1b[4~\x1b[Z"),
            vec![
                Msg::key(KeyCode::Up),
                Msg::key(KeyCode::Down),
                Msg::key(KeyCode::Right),
                Msg::key(KeyCode::Left),
                Msg::key(KeyCode::PageUp),
                Msg::key(KeyCode::PageDown),
                Msg::key(KeyCode::Home),
                Msg::key(KeyCode::End),
                Msg::Key(KeyCode::BackTab, KeyModifiers::SHIFT),
            ]
        );
    }

    #[test]
    fn ctrl_c_is_the_key_with_control_and_esc_alone_is_esc() {
        assert_eq!(
            codes(b"\x03\x1b"),
            vec![
                Msg::Key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                Msg::key(KeyCode::Esc),
            ]
        );
    }

    #[test]
    fn an_unknown_sequence_is_skipped_whole_and_the_keys_after_it_are_read() {
        // A mouse report (SGR) and a modified arrow, then `q`.
        assert_eq!(codes(b"\x1b[<0;10;5M\x1b[1;5Aq"), vec![Msg::char('q')]);
    }

    #[test]
    fn utf8_characters_are_read_and_broken_bytes_dropped() {
        assert_eq!(
            codes("é".as_bytes()),
            vec![Msg::char('é')],
            "a two-byte character"
        );
        assert_eq!(codes(b"\xff\xc3a"), vec![Msg::char('a')]);
    }

    #[test]
    fn a_flood_of_input_is_cut_to_the_burst_then_to_the_rate() {
        use std::time::Duration;
        let mut b = Bucket::default();
        assert_eq!(b.take(10_000, Duration::ZERO), BURST);
        assert_eq!(b.take(10, Duration::ZERO), 0);
        assert_eq!(b.take(10_000, Duration::from_millis(500)), PER_SECOND / 2);
        assert_eq!(b.take(10_000, Duration::from_secs(60)), BURST);
    }

    #[test]
    fn no_input_panics_and_a_flood_is_cut_to_one_chunk() {
        // Every short sequence of a few interesting bytes.
        let alphabet = [
            0x1b, b'[', b'O', b'1', b'~', b'A', 0xc3, 0xa9, 0xff, b';', 0x00, b'\r',
        ];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in alphabet {
                        let _ = keys(&[a, b, c, d]);
                    }
                }
            }
        }
        let flood = vec![b'x'; MAX_CHUNK * 4];
        assert_eq!(keys(&flood).len(), MAX_CHUNK);
    }
}
