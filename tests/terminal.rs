//! The real client in a real terminal: `herakon play` under tmux, driven by keystrokes and read
//! back with capture-pane. Hot-seat privacy (the hand-off screen between seats), choosing an
//! action, saving and quitting, as a player does them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

/// Numbers the tmux servers of the tests running in parallel.
static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One tmux server of our own, killed when the test ends.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &Path, args: &[&str]) -> Option<Tmux> {
        Tmux::start_sized(dir, args, (200, 60))
    }

    fn start_sized(dir: &Path, args: &[&str], (w, h): (u16, u16)) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipping: tmux is not installed (.ci/run installs it)");
            return None;
        }
        // One server per test: tests run in parallel.
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("herakon-test-{}-{n}", std::process::id());
        let mut cmd = vec![env!("CARGO_BIN_EXE_herakon").to_string()];
        cmd.extend(args.iter().map(ToString::to_string));
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
            .arg(cmd.join(" "))
            .env_remove("NO_COLOR")
            .status()
            .unwrap();
        assert!(status.success(), "tmux could not start the client");
        Some(Tmux { socket })
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &str) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", keys])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits until the screen shows every one of `words`; panics with the screen after 15 s.
    fn wait_for(&self, words: &[&str]) -> String {
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

fn scratch_dir(name: &str) -> PathBuf {
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
    // first, and the hand-off screen shows no board.
    let screen = t.wait_for(&["Pass the keyboard", "World Eaters"]);
    assert!(
        !screen.contains("Alledrias"),
        "the board must stay hidden:\n{screen}"
    );
    t.keys("Enter");
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
        !screen.contains("Alledrias"),
        "the board must stay hidden:\n{screen}"
    );
    // Every action is autosaved beside the save file.
    let autosave = dir.join("saves").join("hotseat-1.autosave.json");
    let start = Instant::now();
    while !autosave.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let text = std::fs::read_to_string(&autosave).unwrap();
    let game = herakon::engine::save::load(&text, common::data()).unwrap();
    assert_eq!(
        game.history().len(),
        1,
        "the autosave holds the order placed"
    );
    t.keys("Enter");
    t.wait_for(&["Place an order token face down"]);
    // `s` asks for the file name, offering the current one.
    t.keys("s");
    t.wait_for(&["Save as", "saves/hotseat-1.json"]);
    t.keys("Enter");
    t.wait_for(&["saved to"]);
    let saved = dir.join("saves").join("hotseat-1.json");
    let text = std::fs::read_to_string(&saved).unwrap();
    let game = herakon::engine::save::load(&text, common::data()).unwrap();
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
    t.wait_for(&["replay 0/2", "Jon Haagen's Hope"]);
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
