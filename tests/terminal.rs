//! The real client in a real terminal: `herakon play` under tmux, driven by keystrokes and read
//! back with capture-pane. Hot-seat privacy (the hand-off screen between seats), choosing an
//! action, saving and quitting, as a player does them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

/// One tmux server of our own, killed when the test ends.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &Path, args: &[&str]) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipping: tmux is not installed (.ci/run installs it)");
            return None;
        }
        let socket = format!("herakon-test-{}", std::process::id());
        let mut cmd = vec![env!("CARGO_BIN_EXE_herakon").to_string()];
        cmd.extend(args.iter().map(ToString::to_string));
        let status = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-x",
                "200",
                "-y",
                "60",
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
    t.keys("Enter");
    t.wait_for(&["Place an order token face down"]);
    t.keys("s");
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
