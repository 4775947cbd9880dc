//! The real client in a real terminal: `herakon play` under tmux, driven by keystrokes and read
//! back with capture-pane. Hot-seat privacy (the hand-off screen between seats), choosing an
//! action, saving and quitting, as a player does them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common;

/// Numbers the tmux servers of the tests running in parallel.
static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One tmux server of our own, killed when the test ends.
pub(crate) struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &Path, args: &[&str]) -> Option<Tmux> {
        Tmux::start_sized(dir, args, (200, 60))
    }

    fn start_sized(dir: &Path, args: &[&str], size: (u16, u16)) -> Option<Tmux> {
        Tmux::start_then(dir, args, size, "")
    }

    /// Starts the client in a shell that runs `then` after it (to look at the terminal the
    /// client leaves behind).
    fn start_then(dir: &Path, args: &[&str], size: (u16, u16), then: &str) -> Option<Tmux> {
        let mut cmd = vec!["{bin}".to_string()];
        cmd.extend(args.iter().map(ToString::to_string));
        Tmux::start_line(dir, &(cmd.join(" ") + then), size)
    }

    /// Runs the shell command `line` in the pane; `{bin}` stands for the client, run with few
    /// playouts behind the combat odds, as the screen tests use: a debug build draws a combat
    /// screen quickly (the variable is documented as for tests only).
    pub(crate) fn start_line(dir: &Path, line: &str, (w, h): (u16, u16)) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            // CI installs tmux (.ci/run): there a missing tmux is a failure, not 20 passes.
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "tmux is not installed, and CI=true: the real-terminal tests cannot run"
            );
            eprintln!("skipping: tmux is not installed (.ci/run installs it)");
            return None;
        }
        // One server per test: tests run in parallel.
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("herakon-test-{}-{n}", std::process::id());
        let status = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-x",
                &w.to_string(),
                "-y",
                &h.to_string(),
                "-c",
            ])
            .arg(dir)
            .arg(line.replace(
                "{bin}",
                concat!(
                    "HERAKON_TEST_ODDS_SAMPLES=40 ",
                    env!("CARGO_BIN_EXE_herakon")
                ),
            ))
            .env_remove("NO_COLOR")
            // The client's settings file goes into the test's own directory, never the
            // home of whoever runs the tests (the server's environment is the pane's).
            .env("HERAKON_CONFIG_DIR", dir.join("config"))
            .status()
            .unwrap();
        assert!(status.success(), "tmux could not start the client");
        Some(Tmux { socket })
    }

    pub(crate) fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub(crate) fn keys(&self, keys: &str) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", keys])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits until the screen shows every one of `words`; panics with the screen after 15 s.
    pub(crate) fn wait_for(&self, words: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if words.iter().all(|w| screen.contains(w)) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "never showed {words:?}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Several keys in one `send-keys`: they reach the client as one burst.
    fn burst(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys"])
            .args(keys)
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// A tmux format of the pane (`#{alternate_on}`, `#{pane_pid}`, ...).
    fn format(&self, format: &str) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "display-message", "-p", format])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    fn resize(&self, w: u16, h: u16) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "resize-window", "-x", &w.to_string()])
            .args(["-y", &h.to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// The process id of the client: the pane's process or one of its children (when a shell
    /// runs it), found in /proc; `None` where there is no /proc.
    fn client_pid(&self) -> Option<u32> {
        let mut todo = vec![self.format("#{pane_pid}")];
        while let Some(pid) = todo.pop() {
            let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
            if comm.trim() == "herakon" {
                return pid.parse().ok();
            }
            let children =
                std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
            todo.extend(children.split_whitespace().map(ToString::to_string));
        }
        None
    }

    /// Takes the keyboard at the hand-off on screen once it offers it (after its pause).
    fn take_keyboard(&self) {
        self.wait_for(&["Pass the keyboard", "press Space"]);
        self.keys("Space");
    }

    fn running(&self) -> bool {
        Command::new("tmux")
            .args(["-L", &self.socket, "has-session"])
            .output()
            .is_ok_and(|o| o.status.success())
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("herakon-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn hot_seat_game_in_a_real_terminal_hides_the_board_between_seats_saves_and_quits() {
    let dir = scratch_dir("tmux");
    let Some(t) = Tmux::start(&dir, &["play", "--seed", "1"]) else {
        return;
    };
    // Seed 1 gives the first player token to the World Eaters: the keyboard goes to them
    // first; the hand-off shows the public board but no decision.
    let screen = t.wait_for(&["Pass the keyboard", "World Eaters", "Alledrias"]);
    assert!(
        !screen.contains("Place an order token"),
        "the hand-off shows the decision:\n{screen}"
    );
    t.take_keyboard();
    t.wait_for(&[
        "Place an order token face down",
        "Alledrias",
        "Jon Haagen's Hope",
    ]);
    // Choose the first listed action by number (with 24 choices a number waits for Enter):
    // an order token placed face down.
    t.keys("1");
    t.wait_for(&["#1"]);
    t.keys("Enter");
    let screen = t.wait_for(&["Pass the keyboard", "Ultramarines"]);
    assert!(
        !screen.contains("Place an order token"),
        "the hand-off shows the decision:\n{screen}"
    );
    // Every action is autosaved beside the save file.
    let autosave = dir.join("saves").join("hotseat-1.autosave.json");
    let start = Instant::now();
    while !autosave.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let text = std::fs::read_to_string(&autosave).unwrap();
    let game = herakon::engine::format::save::load(&text, common::data()).unwrap();
    assert_eq!(
        game.history().len(),
        1,
        "the autosave holds the order placed"
    );
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    // `s` asks for the file name, offering the current one.
    t.keys("s");
    t.wait_for(&["Save as", "saves/hotseat-1.json"]);
    t.keys("Enter");
    t.wait_for(&["saved to"]);
    let saved = dir.join("saves").join("hotseat-1.json");
    let text = std::fs::read_to_string(&saved).unwrap();
    let game = herakon::engine::format::save::load(&text, common::data()).unwrap();
    assert_eq!(
        game.history().len(),
        1,
        "the save holds the one order placed"
    );
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    let start = Instant::now();
    while t.running() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(!t.running(), "q then y ends the client");
}

#[test]
fn replay_in_a_real_terminal_steps_through_a_save_and_shows_every_order() {
    let dir = scratch_dir("replay");
    let mut game = common::intro(2, 1);
    for _ in 0..2 {
        let a = game.legal_actions()[0];
        game.apply(a).unwrap();
    }
    herakon::store::saves::save_game(&game, &dir.join("two.json")).unwrap();
    let Some(t) = Tmux::start(&dir, &["replay", "two.json"]) else {
        return;
    };
    // The game is not over: the first screen says the replay shows every seat's secrets.
    t.wait_for(&[
        "UNFINISHED GAME: this replay shows every seat's secrets",
        "replay 0/2",
        "Jon Haagen's Hope",
    ]);
    t.keys("Right");
    t.keys("Right");
    // Both face-down orders, which neither player sees of the other, are named.
    let screen = t.wait_for(&["replay 2/2", "the end"]);
    let stack = &game.position().stacks.values().next().unwrap();
    let names: Vec<String> = stack
        .iter()
        .map(|o| format!("{}:{}", o.owner.letter(), o.order.key()))
        .collect();
    assert!(
        screen.contains(&names.join(" ")),
        "{names:?} not on screen:\n{screen}"
    );
    t.keys("Left");
    t.wait_for(&["replay 1/2"]);
    t.keys("q");
    let start = Instant::now();
    while t.running() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(!t.running(), "q ends the replay");
}

#[test]
fn too_small_a_real_terminal_says_so() {
    let dir = scratch_dir("small");
    let Some(t) = Tmux::start_sized(&dir, &["play", "--seed", "1"], (60, 20)) else {
        return;
    };
    t.keys("Enter");
    t.wait_for(&["terminal too small: need", "have 60x20"]);
}

#[test]
fn play_without_options_opens_the_new_game_screen() {
    let dir = scratch_dir("menu");
    let Some(t) = Tmux::start(&dir, &["play"]) else {
        return;
    };
    t.wait_for(&["New game", "Players", "introductory", "Seed"]);
    // Three players on a constructed board.
    t.keys("Right");
    t.keys("Down");
    t.keys("Right");
    t.wait_for(&["constructed", "Seat 3"]);
    t.keys("Enter");
    t.wait_for(&["Pass the keyboard"]);
}

/// The autosave a `play` started in `dir` wrote, if any.
fn autosave(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir.join("saves"))
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().ends_with(".autosave.json"))
}

/// The number of actions in the autosave of a `play` started in `dir` (0 when there is none).
fn autosaved_actions(dir: &Path) -> usize {
    autosave(dir).map_or(0, |path| {
        let text = std::fs::read_to_string(path).unwrap();
        herakon::engine::format::save::load(&text, common::data())
            .unwrap()
            .history()
            .len()
    })
}

#[test]
fn a_burst_of_enters_at_a_hand_off_never_acts_for_the_next_seat() {
    let dir = scratch_dir("burst");
    let Some(t) = Tmux::start(&dir, &["play", "--players", "2", "--seed", "5"]) else {
        return;
    };
    // Seed 5: the Ultramarines decide first.
    t.wait_for(&["Pass the keyboard", "Ultramarines (seat 1)"]);
    // Enter does not take the keyboard, however long the hand-off has been up.
    t.keys("Enter");
    std::thread::sleep(Duration::from_millis(800));
    t.keys("Enter");
    std::thread::sleep(Duration::from_millis(300));
    let screen = t.wait_for(&["Pass the keyboard", "Ultramarines (seat 1)"]);
    assert!(!screen.contains("Place an order token"), "{screen}");
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    // The order is placed, then the player's fingers go on: Enters, a number, even a Space,
    // all typed before the next seat's hand-off came up or in its first moment.
    t.burst(&[
        "1", "Enter", "Enter", "5", "Enter", "Space", "Enter", "Enter",
    ]);
    t.wait_for(&["Pass the keyboard", "World Eaters (seat 2)"]);
    t.burst(&["Enter", "Enter", "Enter"]);
    std::thread::sleep(Duration::from_secs(1));
    let screen = t.wait_for(&["Pass the keyboard", "World Eaters (seat 2)"]);
    assert!(
        !screen.contains("Place an order token"),
        "the burst took the keyboard for the next seat:\n{screen}"
    );
    assert_eq!(
        autosaved_actions(&dir),
        1,
        "only the first order was placed"
    );
    // The next player's own deliberate key takes it.
    t.wait_for(&["press Space or 2"]);
    t.keys("2");
    t.wait_for(&["Place an order token face down"]);
    assert_eq!(autosaved_actions(&dir), 1);
}

#[test]
fn keys_do_nothing_while_a_real_terminal_is_too_small() {
    let dir = scratch_dir("blind");
    let Some(t) = Tmux::start(&dir, &["play", "--players", "2", "--seed", "5"]) else {
        return;
    };
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    t.resize(60, 20);
    t.wait_for(&["terminal too small"]);
    // A number and Enter would place an order; undo, save, a hand-off key: all ignored.
    t.burst(&["1", "Enter", "Enter", "Space", "u", "s", "Enter"]);
    std::thread::sleep(Duration::from_millis(800));
    t.wait_for(&["terminal too small"]);
    t.resize(200, 60);
    let screen = t.wait_for(&["Place an order token face down"]);
    assert!(!screen.contains("Save as"), "{screen}");
    assert_eq!(autosaved_actions(&dir), 0, "an order was placed blind");
    // Large again, the same keys act.
    t.burst(&["1", "Enter"]);
    t.wait_for(&["Pass the keyboard", "World Eaters (seat 2)"]);
    assert_eq!(autosaved_actions(&dir), 1);
}

/// What the pane's shell runs after the client: its exit status, the terminal's modes (is it
/// still raw?), then a marker.
const SHOW_STATUS_AND_MODES: &str = "; echo EXIT=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e \
                                     -icanon -e icanon -e -echo -e echo; echo SHELL-DONE; sleep 30";

/// Asserts the client left the terminal as it found it: no private screen (`private`: words
/// that only a seat's own screen or the hand-off shows), the alternate screen left, mouse
/// capture and raw mode off (`screen`: the pane once the shell has shown the modes).
fn assert_left_clean(t: &Tmux, screen: &str, private: &[&str], what: &str) {
    for word in private {
        assert!(!screen.contains(word), "{what} left {word}:\n{screen}");
    }
    assert_eq!(t.format("#{alternate_on}"), "0", "{what}: alternate screen");
    assert_eq!(t.format("#{mouse_any_flag}"), "0", "{what}: mouse capture");
    let modes: Vec<&str> = screen
        .lines()
        .map(str::trim)
        .filter(|l| ["icanon", "-icanon", "echo", "-echo"].contains(l))
        .collect();
    assert_eq!(
        modes,
        ["icanon", "echo"],
        "{what}: raw mode left on:\n{screen}"
    );
}

/// The words of a seat's own screen and of the hand-off, which must not stay up.
const PRIVATE: [&str; 3] = ["Place an order token", "Alledrias", "Pass the keyboard"];

/// How long ending may take at most, as seen through tmux: it takes tens of milliseconds; the
/// bound leaves room for a loaded machine yet fails a client that waits for an answer from
/// the terminal (2 s each time it asks).
const AT_ONCE: Duration = Duration::from_secs(1);

#[test]
fn a_stop_signal_clears_the_screen_restores_the_terminal_and_autosaves_at_once() {
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1), ("QUIT", 3)] {
        let dir = scratch_dir(&format!("signal-{signal}"));
        let args = ["play", "--players", "2", "--seed", "5"];
        let Some(t) = Tmux::start_then(&dir, &args, (200, 60), SHOW_STATUS_AND_MODES) else {
            return;
        };
        t.take_keyboard();
        // A private screen is up: the decision of the seat holding the keyboard.
        t.wait_for(&["Place an order token face down"]);
        assert_eq!(t.format("#{alternate_on}"), "1");
        let Some(pid) = t.client_pid() else {
            eprintln!("skipping: no /proc to find the client");
            return;
        };
        let sent = Instant::now();
        let killed = Command::new("kill")
            .args(["-s", signal, &pid.to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let screen = t.wait_for(&[&format!("EXIT={}", 128 + number), "SHELL-DONE"]);
        let took = sent.elapsed();
        assert!(took < AT_ONCE, "{signal}: the client took {took:?} to stop");
        assert!(
            screen.contains(&format!("stopped by signal {number}; the game is saved in")),
            "{signal}:\n{screen}"
        );
        assert_left_clean(&t, &screen, &PRIVATE, signal);
        assert!(autosave(&dir).is_some(), "{signal}: not autosaved");
    }
}

#[test]
fn a_second_signal_while_stopping_still_clears_the_screen_and_restores_the_terminal() {
    let dir = scratch_dir("two-signals");
    let args = ["play", "--players", "2", "--seed", "5"];
    let Some(t) = Tmux::start_then(&dir, &args, (200, 60), SHOW_STATUS_AND_MODES) else {
        return;
    };
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    let Some(pid) = t.client_pid() else {
        eprintln!("skipping: no /proc to find the client");
        return;
    };
    // Two signals back to back, as an impatient user or a supervisor sends them: the second
    // lands while the first is handled (or after the client has ended).
    let sent = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "kill -s TERM {pid}; kill -s INT {pid} 2>/dev/null; true"
        ))
        .status()
        .unwrap();
    assert!(sent.success());
    let screen = wait_ended(&t);
    assert!(
        screen.contains("EXIT=143") || screen.contains("EXIT=130"),
        "{screen}"
    );
    assert_left_clean(&t, &screen, &PRIVATE, "two signals");
}

#[test]
fn q_then_y_ends_the_client_and_leaves_the_terminal_clean() {
    // How long it takes is measured outside the tests (timings never go into a test): under
    // tmux `q` `y` reaches the shell prompt in tens of milliseconds.
    let dir = scratch_dir("quit-at-once");
    let args = ["play", "--players", "2", "--seed", "5"];
    let Some(t) = Tmux::start_then(&dir, &args, (200, 60), SHOW_STATUS_AND_MODES) else {
        return;
    };
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    let pid = t.client_pid();
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    let screen = wait_ended(&t);
    assert!(screen.contains("EXIT=0"), "{screen}");
    assert_left_clean(&t, &screen, &PRIVATE, "q y");
    // The client is gone: the shell ran on after it, and its process exists no more.
    assert_eq!(t.client_pid(), None, "the client still runs after q y");
    if let Some(pid) = pid {
        assert!(
            !Path::new(&format!("/proc/{pid}")).exists(),
            "process {pid} still exists after q y"
        );
    }
}

/// A two-player save in which Ultramarines (seat 1) has just revealed an Advance on B1 with
/// two Strike Cruisers in the void A1.se next to it: after `resolve` the same player moves
/// ships, one decision after the other.
fn two_cruisers_save(dir: &Path) -> PathBuf {
    use herakon::engine::UnitType;
    use herakon::engine::state::ids::Order;
    let game = common::edited(2, |pos| {
        common::put(pos, "A1.se", &[UnitType::StrikeCruiser]);
        common::revealed(pos, 0, "B1", Order::Advance);
    });
    let path = dir.join("cruisers.json");
    herakon::store::saves::save_game(&game, &path).unwrap();
    path
}

#[test]
fn after_an_action_the_first_enter_on_the_selection_only_names_it() {
    let dir = scratch_dir("select-after");
    let save = two_cruisers_save(&dir);
    let save = save.to_string_lossy().into_owned();
    let Some(t) = Tmux::start_sized(&dir, &["play", &save], (120, 40)) else {
        return;
    };
    t.take_keyboard();
    // The list as the player took the keyboard: Enter does the selected action at once.
    t.wait_for(&["resolve the order"]);
    t.keys("Enter");
    let listed = t.wait_for(&["Move ships", "move 1 Strike Cruiser"]);
    // After his own action the selection is the client's suggestion: a second Enter, by
    // reflex or meant for the action just done, only names what the next one would do.
    t.keys("Enter");
    let named = t.wait_for(&["Enter again: move"]);
    assert!(
        !named.contains("moves 1 Strike Cruiser"),
        "{listed}\n{named}"
    );
    t.keys("Enter");
    let moved = t.wait_for(&["moves "]);
    assert!(moved.contains("Strike Cruiser"), "{moved}");
    // And again after that move: the next Enter names the next action first.
    t.keys("Enter");
    let again = t.wait_for(&["Enter again:"]);
    assert_eq!(
        again.matches("moves ").count(),
        moved.matches("moves ").count(),
        "a second Enter moved another ship:\n{again}"
    );
}

#[test]
fn a_hung_up_terminal_ends_the_client_with_exit_status_129_and_no_complaint() {
    // The shell ignores the hang-up, so it stays to write down how the client ended (its
    // standard error goes to a file, the terminal being gone).
    let dir = scratch_dir("hangup-status");
    let line = "trap '' HUP; {bin} play --players 2 --seed 5 2>err.txt; echo $? > status.txt";
    let Some(t) = Tmux::start_line(&dir, line, (200, 60)) else {
        return;
    };
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    let status = Command::new("tmux")
        .args(["-L", &t.socket, "kill-server"])
        .status()
        .unwrap();
    assert!(status.success());
    let file = dir.join("status.txt");
    let start = Instant::now();
    while !std::fs::read_to_string(&file).is_ok_and(|s| s.ends_with('\n')) {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the client did not end after its terminal hung up"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), "129");
    let err = std::fs::read_to_string(dir.join("err.txt")).unwrap();
    assert!(
        err.contains("stopped by signal 1; the game is saved in"),
        "{err}"
    );
    assert!(!err.contains("cursor"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn play_with_output_to_a_file_is_refused_before_the_terminal_is_touched() {
    let dir = scratch_dir("not-a-terminal");
    let line = format!("{{bin}} play --players 2 --seed 5 > out.txt{SHOW_STATUS_AND_MODES}");
    let Some(t) = Tmux::start_line(&dir, &line, (200, 60)) else {
        return;
    };
    let sent = Instant::now();
    let screen = wait_ended(&t);
    let took = sent.elapsed();
    assert!(took < AT_ONCE + AT_ONCE, "refusing took {took:?}");
    assert!(screen.contains("EXIT=2"), "{screen}");
    assert!(
        screen.contains("standard output is not a terminal"),
        "{screen}"
    );
    assert_left_clean(&t, &screen, &PRIVATE, "play > file");
    assert_eq!(std::fs::read_to_string(dir.join("out.txt")).unwrap(), "");
}

#[test]
fn a_lost_terminal_ends_the_client_with_an_autosave() {
    // The terminal goes away with the tmux server; the client runs under a shell, as from a
    // terminal window, so the hang-up signal may go to the shell and never reach it.
    let dir = scratch_dir("hangup");
    let args = ["play", "--players", "2", "--seed", "5"];
    let Some(t) = Tmux::start_then(&dir, &args, (200, 60), "; sleep 30") else {
        return;
    };
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    let Some(pid) = t.client_pid() else {
        eprintln!("skipping: no /proc to find the client");
        return;
    };
    let status = Command::new("tmux")
        .args(["-L", &t.socket, "kill-server"])
        .status()
        .unwrap();
    assert!(status.success());
    let alive = || {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|stat| !stat.contains(") Z "))
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while alive() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let still_running = alive();
    if still_running {
        // Do not leave a client spinning on a dead terminal behind the test.
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(
        !still_running,
        "the client kept running after its terminal was gone"
    );
    assert!(autosave(&dir).is_some(), "a lost terminal lost the game");
}

/// Waits until the client has ended (the pane's shell ran `then`), up to 15 s.
fn wait_ended(t: &Tmux) -> String {
    t.wait_for(&["SHELL-DONE"])
}

/// Starts `play ARGS` in `dir` with a shell that prints the exit status after it.
fn play_then_status(dir: &Path, args: &[&str]) -> Option<Tmux> {
    Tmux::start_then(
        dir,
        args,
        (200, 60),
        "; echo EXIT=$?; echo SHELL-DONE; sleep 30",
    )
}

/// Places the first listed order of the seat holding the keyboard (after the hand-off).
fn place_first_order(t: &Tmux) {
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    t.keys("1");
    t.wait_for(&["#1"]);
    t.keys("Enter");
    t.wait_for(&["Pass the keyboard"]);
}

#[test]
fn a_second_game_leaves_the_first_games_autosave_intact() {
    let dir = scratch_dir("two-games");
    let Some(t) = play_then_status(&dir, &["play", "--players", "2", "--seed", "5"]) else {
        return;
    };
    place_first_order(&t);
    t.take_keyboard();
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    let screen = wait_ended(&t);
    assert!(
        screen.contains("the game is saved in saves/hotseat-1.autosave.json")
            && screen.contains("EXIT=0"),
        "{screen}"
    );
    drop(t);
    let first = dir.join("saves").join("hotseat-1.autosave.json");
    let before = std::fs::read_to_string(&first).unwrap();
    // A second game, quit at once.
    let Some(t) = play_then_status(&dir, &["play", "--players", "2", "--seed", "6"]) else {
        return;
    };
    t.take_keyboard();
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    let screen = wait_ended(&t);
    assert!(
        screen.contains("the game is saved in saves/hotseat-2.autosave.json"),
        "{screen}"
    );
    assert_eq!(
        std::fs::read_to_string(&first).unwrap(),
        before,
        "first game intact"
    );
    let game = herakon::store::saves::load_game(&first, common::data()).unwrap();
    assert_eq!(game.history().len(), 1);
}

#[test]
fn a_failed_autosave_is_never_reported_as_saved_and_quitting_asks_what_to_do() {
    let dir = scratch_dir("failed-save");
    let args = [
        "play",
        "--players",
        "2",
        "--seed",
        "5",
        "--save-to",
        "/proc/herakon-x.json",
    ];
    let Some(t) = play_then_status(&dir, &args) else {
        return;
    };
    place_first_order(&t);
    // The failure is said at once, and stays on the status line while the game is unsaved...
    t.wait_for(&["NOT autosaved", "/proc/herakon-x.autosave.json"]);
    t.take_keyboard();
    t.wait_for(&["NOT SAVED (s: save elsewhere)"]);
    // ...and quitting says it again, then asks.
    t.keys("q");
    t.wait_for(&["The last autosave FAILED"]);
    t.keys("y");
    t.wait_for(&[
        "could NOT be saved",
        "save it under another name",
        "quit WITHOUT saving",
    ]);
    // Any other key goes back to the game.
    t.keys("x");
    t.wait_for(&["back to the game: it is not saved"]);
    t.keys("q");
    t.keys("y");
    t.wait_for(&["quit WITHOUT saving"]);
    t.keys("d");
    let screen = wait_ended(&t);
    assert!(screen.contains("the game was NOT saved"), "{screen}");
    assert!(!screen.contains("the game is saved in"), "{screen}");
    assert!(screen.contains("EXIT=1"), "{screen}");
}

#[test]
fn after_a_failed_autosave_the_game_can_be_saved_under_another_name_on_the_way_out() {
    let dir = scratch_dir("rescue");
    let args = [
        "play",
        "--players",
        "2",
        "--seed",
        "5",
        "--save-to",
        "/proc/herakon-y.json",
    ];
    let Some(t) = play_then_status(&dir, &args) else {
        return;
    };
    place_first_order(&t);
    t.take_keyboard();
    t.keys("q");
    t.wait_for(&["The last autosave FAILED"]);
    t.keys("y");
    t.wait_for(&["save it under another name"]);
    t.keys("a");
    t.wait_for(&["Save as", "saves/rescued-1.json"]);
    t.keys("Enter");
    let screen = wait_ended(&t);
    assert!(
        screen.contains("the game is saved in saves/rescued-1.json") && screen.contains("EXIT=0"),
        "{screen}"
    );
    let game = herakon::store::saves::load_game(&dir.join("saves/rescued-1.json"), common::data())
        .unwrap();
    assert_eq!(game.history().len(), 1);
}

/// Waits until the screen is no longer `before` (10 s at most) and returns it.
fn changed(t: &Tmux, before: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = t.screen();
        if screen != before || start.elapsed() > Duration::from_secs(10) {
            return screen;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_two_player_round_is_played_at_80x24() {
    let dir = scratch_dir("round80");
    let Some(t) = Tmux::start_sized(&dir, &["play", "--players", "2", "--seed", "1"], (80, 24))
    else {
        return;
    };
    // Each seat takes the keyboard at its hand-off and does its first listed action, until
    // the second round begins: a whole round at the smallest supported size.
    let start = Instant::now();
    let mut actions = 0;
    let mut screen = t.screen();
    while !screen.contains("Round 2/8") {
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the round never ended after {actions} actions:\n{screen}"
        );
        assert!(!screen.contains("too small"), "{screen}");
        if screen.contains("Are you sure") {
            // A token burying one's own, or a done that starts a combat: yes.
            t.keys("y");
        } else if screen.contains("press Space") {
            t.keys("Space");
        } else if screen.contains("to decide") {
            // Everything a decision needs is on the screen: the decision and its list.
            assert!(
                screen.contains("◎"),
                "players' objectives missing:\n{screen}"
            );
            t.keys("Home");
            t.keys("Enter");
            actions += 1;
        } else {
            std::thread::sleep(Duration::from_millis(100));
            screen = t.screen();
            continue;
        }
        screen = changed(&t, &screen);
    }
    assert!(actions >= 8, "{actions} actions for a round");
}

#[test]
fn play_without_a_save_offers_to_continue_the_last_autosave() {
    let dir = scratch_dir("resume");
    let Some(t) = play_then_status(&dir, &["play", "--players", "2", "--seed", "5"]) else {
        return;
    };
    place_first_order(&t);
    t.take_keyboard();
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    wait_ended(&t);
    drop(t);
    let Some(t) = play_then_status(&dir, &["play"]) else {
        return;
    };
    t.wait_for(&[
        "New game",
        "c continue saves/hotseat-1.autosave.json (round 1, 1 action)",
    ]);
    t.keys("c");
    // The World Eaters place the second order of the same game.
    place_first_order(&t);
    t.take_keyboard();
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    let screen = wait_ended(&t);
    assert!(
        screen.contains("the game is saved in saves/hotseat-1.autosave.json"),
        "{screen}"
    );
    let file = dir.join("saves").join("hotseat-1.autosave.json");
    let game = herakon::store::saves::load_game(&file, common::data()).unwrap();
    assert_eq!(
        game.history().len(),
        2,
        "the continued game goes on in its autosave"
    );
    assert!(!dir.join("saves").join("hotseat-2.autosave.json").exists());
}

/// `play` for a two-player introductory game (seed 5: the Ultramarines, a person, move first)
/// against the World Eaters computer player `bot` (`chaos=KIND`).
fn against_the_computer(bot: &str) -> [&str; 7] {
    ["play", "--players", "2", "--seed", "5", "--bot", bot]
}

#[test]
fn a_person_plays_a_round_against_a_computer_player() {
    let dir = scratch_dir("bot");
    let args = against_the_computer("chaos=heuristic");
    let Some(t) = Tmux::start(&dir, &args) else {
        return;
    };
    // The one person needs no hand-off: his decision is on screen at once.
    let screen = t.wait_for(&["Ultramarines to decide"]);
    assert!(!screen.contains("Pass the keyboard"), "{screen}");
    let start = Instant::now();
    let mut bot_seen = false;
    loop {
        let screen = t.screen();
        if screen.contains("Round 2/8") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "round 1 never ended:\n{screen}"
        );
        assert!(!screen.contains("Pass the keyboard"), "{screen}");
        if screen.contains("Are you sure") {
            // A token burying one's own, or a done that starts a combat: yes.
            t.keys("y");
        } else if screen.contains("is moving (heuristic computer player)") {
            bot_seen = true;
            // Any key: it moves without waiting.
            t.keys("Space");
        } else if screen.contains("Ultramarines to decide") {
            // The first listed action (a number acts at once when few are listed, else waits
            // for Enter).
            t.keys("1");
            std::thread::sleep(Duration::from_millis(150));
            if t.screen().contains("#1") {
                t.keys("Enter");
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(bot_seen, "the computer player's turn was never on screen");
    // The computer player's orders were revealed and carried out, in the shared log.
    let log = t.screen();
    assert!(log.contains("World Eaters reveals"), "{log}");
    assert!(
        autosaved_actions(&dir) > 8,
        "the round's actions are autosaved"
    );
}

#[test]
fn a_searching_computer_player_shows_its_thinking_time_and_the_screen_answers_keys() {
    // The search decides on a thread of its own: past its pause the box counts the time it
    // thinks (redrawn while it works) and keys still open and close the keys' box.
    let dir = scratch_dir("bot-thinking");
    let args = against_the_computer("chaos=search:4s");
    let Some(t) = Tmux::start(&dir, &args) else {
        return;
    };
    t.wait_for(&["Ultramarines to decide", "Place an order token face down"]);
    t.keys("1");
    t.wait_for(&["#1"]);
    t.keys("Enter");
    t.wait_for(&["is moving (search computer player)", "thinking… "]);
    t.keys("?");
    t.wait_for(&["Choosing", "do the selected action"]);
    t.keys("Escape");
    let screen = t.wait_for(&["is moving (search computer player)", "thinking… "]);
    assert!(!screen.contains("do the selected action"), "{screen}");
    // It moves once it has decided: the person's turn is back.
    t.wait_for(&["Ultramarines to decide", "Place an order token face down"]);
    assert!(t.running());
}

/// The one person of a game against the computer places the order listed as `choice`, then
/// waits until the computer player has moved and it is his turn again.
fn place_against_the_computer(t: &Tmux, choice: &str) {
    t.wait_for(&["Ultramarines to decide", "Place an order token face down"]);
    t.keys(choice);
    t.wait_for(&[&format!("#{choice}")]);
    t.keys("Enter");
    t.wait_for(&["is moving (heuristic computer player)"]);
    t.wait_for(&["Ultramarines to decide", "Place an order token face down"]);
}

#[test]
fn a_game_continued_from_its_autosave_keeps_its_computer_players() {
    let dir = scratch_dir("bot-resume");
    let args = against_the_computer("chaos=heuristic");
    let Some(t) = play_then_status(&dir, &args) else {
        return;
    };
    place_against_the_computer(&t, "1");
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    wait_ended(&t);
    drop(t);
    let Some(t) = play_then_status(&dir, &["play"]) else {
        return;
    };
    t.wait_for(&["c continue saves/"]);
    t.keys("c");
    // The one person again needs no hand-off, and the World Eaters are still the computer's.
    let screen = t.wait_for(&["Ultramarines to decide"]);
    assert!(!screen.contains("Pass the keyboard"), "{screen}");
    // Deploy on B1 (the first choice would bury the advance already on A1).
    place_against_the_computer(&t, "8");
    t.keys("q");
    t.wait_for(&["Quit the game?"]);
    t.keys("y");
    wait_ended(&t);
    let file = dir.join("saves").join("hotseat-1.autosave.json");
    let game = herakon::store::saves::load_game(&file, common::data()).unwrap();
    assert_eq!(
        game.history().len(),
        4,
        "two rounds of placing by each side"
    );
    let chaos = game.seat_of(herakon::engine::Faction::Chaos).unwrap();
    let bots = herakon::tui::seats::Bots::of_game(&game).unwrap();
    assert_eq!(bots.kinds.keys().copied().collect::<Vec<_>>(), [chaos]);
}

#[test]
fn a_placed_order_token_is_taken_back_at_the_hand_off_but_not_after_it() {
    let dir = scratch_dir("takeback");
    let Some(t) = Tmux::start(&dir, &["play", "--players", "2", "--seed", "5"]) else {
        return;
    };
    place_first_order(&t);
    // The hand-off tells the player leaving where his token went, and `u` takes it back.
    t.wait_for(&["placed an order token on", "u takes it back"]);
    t.keys("u");
    // Whoever pressed it, the placer gets the keyboard back through a hand-off of his own: his
    // screen does not come up before he takes it, and the bottom line says in public words
    // what was taken back (seed 5: the Ultramarines placed first).
    let screen = t.wait_for(&[
        "Pass the keyboard",
        "Ultramarines (seat 1)",
        "took back the order token placed on",
    ]);
    for private in ["Place an order token", "undone", "orders 8:"] {
        assert!(!screen.contains(private), "{private}:\n{screen}");
    }
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    // Placed again; once the next player has the keyboard, `u` is refused.
    t.keys("1");
    t.wait_for(&["#1"]);
    t.keys("Enter");
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    t.keys("u");
    t.wait_for(&["cannot undo: another player decided it"]);
    assert_eq!(autosaved_actions(&dir), 1, "the token stays placed");
}

/// Four players on the constructed board at 120x40: the setup is played by computer players
/// (the construction itself is played in the client by
/// `a_four_player_board_is_constructed_in_a_real_terminal_at_120x40`), then the client opens
/// the save at the first Planning decision. Every player's line and every system's tile
/// are on the screen, nothing is refused as too small, and each seat places an order after its
/// hand-off.
#[test]
fn a_four_player_game_on_the_constructed_board_is_played_at_120x40() {
    use herakon::bot::{Bot, HeuristicBot};
    use herakon::engine::state::phase::Phase;
    use herakon::engine::{Game, NewGameOptions, SetupKind};
    let dir = scratch_dir("four120");
    let options = NewGameOptions {
        players: 4,
        factions: None,
        seed: 3,
        setup: SetupKind::Build,
    };
    let mut game = Game::new(&options, common::data()).unwrap();
    let mut bot = HeuristicBot::new(3);
    while matches!(game.position().phase, Phase::Setup(_)) {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let b = game.board();
    assert_eq!(
        (b.cols().max(b.rows()), b.cols().min(b.rows())),
        (4, 3),
        "the four-player board"
    );
    std::fs::write(
        dir.join("four.json"),
        herakon::engine::format::save::to_json(&game),
    )
    .unwrap();
    let Some(t) = Tmux::start_sized(&dir, &["play", "four.json"], (120, 40)) else {
        return;
    };
    let names: Vec<&str> = game.seats().map(|s| game.faction(s).name()).collect();
    for seat in 0..4 {
        t.take_keyboard();
        // The seat's own screen, once the hand-off box is gone.
        let start = Instant::now();
        let mut screen = t.wait_for(&["to decide", "Planning"]);
        while screen.contains("Pass the keyboard") {
            assert!(start.elapsed() < Duration::from_secs(15), "{screen}");
            std::thread::sleep(Duration::from_millis(100));
            screen = t.wait_for(&["to decide", "Planning"]);
        }
        assert!(!screen.contains("too small"), "{screen}");
        for name in &names {
            assert!(screen.contains(name), "{name} missing:\n{screen}");
        }
        for s in game.board().systems() {
            assert!(
                screen.contains(&format!(" {s} ")),
                "system {s} missing:\n{screen}"
            );
        }
        if seat == 0 {
            // For the record (`--nocapture`): the screen as the first player sees it.
            eprintln!("{screen}");
        }
        t.keys("Home");
        t.keys("Enter");
        changed(&t, &screen);
    }
    t.wait_for(&["Pass the keyboard"]);
}

/// The tiles drawn on a screen: a tile's top-left corner followed by its border (or a warp
/// storm on it) and its system's name (`┌─ B2 `).
fn tiles_drawn(screen: &str) -> usize {
    screen
        .lines()
        .map(|line| {
            let c: Vec<char> = line.chars().collect();
            // A tile's title: `┌─ A1`, `┌≈ A1` (a storm), or, on the system the selected
            // choice is about, a heavy border and a mark before the code (`┌━ ●C1`).
            c.windows(6)
                .filter(|w| {
                    let code = if matches!(w[3], '●' | '○' | '!') {
                        4
                    } else {
                        3
                    };
                    w[0] == '┌'
                        && matches!(w[1], '─' | '≈' | '━')
                        && w[2] == ' '
                        && w[code].is_ascii_uppercase()
                        && w[code + 1].is_ascii_digit()
                })
                .count()
        })
        .sum()
}

/// The tile side of the first placement the list shows (`place tile 12A Lost Kocaetus on D4,
/// turned 0`, cut to the panel's width): `12A`.
fn first_tile(screen: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let at = l.find("1  place tile ")?;
        // Number 1, not 11 or 21.
        if l[..at].ends_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        let rest = &l[at + "1  place tile ".len()..];
        Some(rest.split_whitespace().next()?.to_string())
    })
}

/// `play --setup build` at 120x40, every setup decision made in the client as the table
/// would (each seat takes the keyboard, then the first action listed): no frame of the
/// construction is the "too small" screen, each tile decision draws the tile selected where it
/// would go, and once the board is built every one of its tiles is on the screen and the first
/// player places an order token.
fn construct_in_a_real_terminal_at_120x40(players: u8, seed: u64) {
    let dir = scratch_dir(&format!("build{players}"));
    let args = [
        "play",
        "--setup",
        "build",
        "--players",
        &players.to_string(),
        "--seed",
        &seed.to_string(),
    ];
    let Some(t) = Tmux::start_sized(&dir, &args, (120, 40)) else {
        return;
    };
    let start = Instant::now();
    let mut tiles = 0;
    let mut screen = t.wait_for(&["Setup"]);
    while !(screen.contains("Planning") && screen.contains("to decide")) {
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the setup never ended:\n{screen}"
        );
        assert!(!screen.contains("too small"), "{screen}");
        if screen.contains("press Space") {
            t.keys("Space");
        } else if screen.contains("to decide") {
            let tile_decision = |screen: &str| screen.contains("Place one of your system tiles");
            if tile_decision(&screen) {
                // The selected tile's outline on the board is labelled with its place, side
                // and turn (` D4 12A r0 `), in the dashed outline of a place not yet built. A
                // screen read while a frame is still being written may show the new list
                // before the board, or the last decision's prompt over the next one's board:
                // it is read again for a moment before the check fails.
                let drawn = |screen: &str| {
                    first_tile(screen).is_some_and(|tile| {
                        screen
                            .lines()
                            .any(|l| l.contains("╌ ") && l.contains(&format!(" {tile} r")))
                    })
                };
                let settle = Instant::now();
                while tile_decision(&screen)
                    && !drawn(&screen)
                    && settle.elapsed() < Duration::from_secs(3)
                {
                    std::thread::sleep(Duration::from_millis(100));
                    screen = t.screen();
                }
                if !tile_decision(&screen) {
                    // The frame was half written: the decision on screen is another one.
                    continue;
                }
                tiles += 1;
                assert!(
                    drawn(&screen),
                    "the selected tile is not drawn (or no placement listed):\n{screen}"
                );
            }
            t.keys("Home");
            t.keys("Enter");
        } else {
            std::thread::sleep(Duration::from_millis(100));
            screen = t.screen();
            continue;
        }
        screen = changed(&t, &screen);
    }
    // A decision's screen may be read twice (after `Home`, before `Enter` lands).
    assert!(
        tiles >= 3 * usize::from(players),
        "a tile decision seen for each tile: {tiles}"
    );
    // The hand-off (if any) passed, the first player's own screen.
    while screen.contains("press Space") || !screen.contains("Place an order token") {
        assert!(start.elapsed() < Duration::from_secs(240), "{screen}");
        if screen.contains("press Space") {
            t.keys("Space");
        }
        std::thread::sleep(Duration::from_millis(100));
        screen = t.screen();
    }
    assert!(!screen.contains("too small"), "{screen}");
    assert_eq!(
        tiles_drawn(&screen),
        3 * usize::from(players),
        "every tile of the built board:\n{screen}"
    );
    t.keys("Home");
    t.keys("Enter");
    t.wait_for(&["placed an order token on"]);
}

#[test]
fn a_two_player_board_is_constructed_in_a_real_terminal_at_120x40() {
    construct_in_a_real_terminal_at_120x40(2, 5);
}

#[test]
fn a_four_player_board_is_constructed_in_a_real_terminal_at_120x40() {
    construct_in_a_real_terminal_at_120x40(4, 7);
}

#[test]
fn saving_over_a_later_point_of_the_same_game_asks_first_and_keeps_it_on_no() {
    let dir = scratch_dir("save-over-later");
    let mut game = common::intro(2, 5);
    let play_on = |game: &mut herakon::engine::Game, n: usize| {
        for _ in 0..n {
            let a = game.legal_actions()[0];
            game.apply(a).unwrap();
        }
    };
    play_on(&mut game, 2);
    let older = game.clone();
    play_on(&mut game, 10);
    herakon::store::saves::save_game(&game, &dir.join("game.json")).unwrap();
    herakon::store::saves::save_game(&older, &dir.join("old.json")).unwrap();
    let actions = |name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        herakon::engine::format::save::load(&text, common::data())
            .unwrap()
            .history()
            .len()
    };
    // The older save is played again, saving to the later one's name.
    let args = ["play", "old.json", "--save-to", "game.json"];
    let Some(t) = Tmux::start(&dir, &args) else {
        return;
    };
    t.take_keyboard();
    t.wait_for(&["Place an order token face down"]);
    t.keys("s");
    t.wait_for(&["Save as", "game.json"]);
    t.keys("Enter");
    let round = game.position().round;
    t.wait_for(&[
        "Replace the save?",
        "game.json holds this game at a point not reached here",
        &format!("in the file: round {round}, 12 actions"),
        "this game now: round 1, 2 actions",
    ]);
    t.keys("n");
    t.wait_for(&["not saved: game.json kept as it was"]);
    assert_eq!(actions("game.json"), 12, "a no replaced the later point");
    // Asked again, a yes replaces it.
    t.keys("s");
    t.wait_for(&["Save as"]);
    t.keys("Enter");
    t.wait_for(&["Replace the save?"]);
    t.keys("y");
    t.wait_for(&["saved to game.json"]);
    assert_eq!(actions("game.json"), 2);
    // The file now holds this game so far: saving again asks nothing.
    t.keys("s");
    t.wait_for(&["Save as"]);
    t.keys("Enter");
    let screen = t.wait_for(&["saved to game.json"]);
    assert!(!screen.contains("Replace the save?"), "{screen}");
}

#[test]
fn herakon_learn_at_80x24_opens_the_guide_and_keeps_its_settings_in_the_config_dir() {
    let dir = scratch_dir("learn");
    let Some(t) = Tmux::start_then(&dir, &["learn"], (80, 24), "") else {
        return;
    };
    let screen = t.wait_for(&["Guide: Welcome", "n next"]);
    // A first game: the phase reminder is on.
    assert!(screen.contains("Planning: in turn"), "{screen}");
    t.keys("n");
    t.wait_for(&["Guide: Orders"]);
    // Reminders off: remembered in the settings file of HERAKON_CONFIG_DIR.
    t.keys("e");
    let file = dir.join("config").join("settings.json");
    let start = Instant::now();
    while !std::fs::read_to_string(&file).is_ok_and(|s| s.contains("\"phase_tips\": false")) {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "no settings written to {}",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    t.keys("q");
    t.keys("y");
}
