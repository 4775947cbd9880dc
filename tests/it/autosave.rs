//! Autosaves that never destroy another game: each game gets a name no other save or
//! autosave uses, an autosave holding another game or a later point of the same game is
//! never overwritten (the game moves to a fresh name instead), and the file checks compare
//! histories, not file names.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};

use herakon::engine::Game;
use herakon::store::saves::{self, Autosave, Contents};

use crate::common;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("herakon-autosave-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays the first legal action `n` times.
fn play_on(game: &mut Game, n: usize) {
    for _ in 0..n {
        let a = game.legal_actions()[0];
        game.apply(a).unwrap();
    }
}

fn actions_in(path: &Path) -> usize {
    saves::load_game(path, common::data())
        .unwrap()
        .history()
        .len()
}

#[test]
fn a_fresh_name_skips_a_name_whose_autosave_alone_exists() {
    let dir = scratch("fresh");
    fs::write(dir.join("hotseat-1.autosave.json"), "{}").unwrap();
    fs::write(dir.join("hotseat-2.json"), "{}").unwrap();
    assert_eq!(
        saves::fresh_save_path(&dir, "hotseat"),
        dir.join("hotseat-3.json")
    );
}

#[test]
fn a_second_game_never_overwrites_the_first_games_autosave() {
    let dir = scratch("two-games");
    let mut first = common::intro(2, 1);
    play_on(&mut first, 3);
    let first_path = saves::fresh_save_path(&dir, "hotseat");
    let mut a = Autosave::new(&first_path);
    assert_eq!(a.save(&first).unwrap(), None);
    let first_file = a.path().to_path_buf();
    // The second game gets its own name...
    let second_path = saves::fresh_save_path(&dir, "hotseat");
    assert_ne!(saves::autosave_path(&second_path), first_file);
    // ...and even told to autosave over the first game's file, it moves away.
    let second = common::intro(2, 2);
    let mut b = Autosave::new(&first_path);
    let moved = b
        .save(&second)
        .unwrap()
        .expect("the second game moves to another name");
    assert!(moved.contains("another game"), "{moved}");
    assert_ne!(b.path(), first_file);
    assert_eq!(actions_in(&first_file), 3, "the first game is intact");
    assert_eq!(actions_in(b.path()), 0);
}

#[test]
fn reloading_an_older_save_and_playing_on_never_overwrites_the_later_autosave() {
    let dir = scratch("midcombat");
    let save = dir.join("midcombat.json");
    let mut game = common::intro(2, 3);
    play_on(&mut game, 4);
    saves::save_game(&game, &save).unwrap();
    // Played on to a later point, autosaved beside the save.
    let mut later = game.clone();
    play_on(&mut later, 6);
    let mut session = Autosave::new(&save);
    session.save(&later).unwrap();
    let autosave = dir.join("midcombat.autosave.json");
    assert_eq!(session.path(), autosave);
    assert_eq!(actions_in(&autosave), 10);
    // The older save is loaded again and one action played.
    let mut again = saves::load_game(&save, common::data()).unwrap();
    play_on(&mut again, 1);
    assert!(matches!(
        saves::contents(&autosave, &again),
        Contents::ThisGameLater { actions: 10, .. }
    ));
    let mut session = Autosave::new(&save);
    let moved = session.save(&again).unwrap().expect("moves to a new name");
    assert!(moved.contains("later point of this game"), "{moved}");
    assert_eq!(actions_in(&autosave), 10, "the later autosave is intact");
    assert_eq!(session.path(), dir.join("midcombat-1.autosave.json"));
    assert_eq!(actions_in(session.path()), 5);
    // The session goes on writing to its own file, also when the game goes back (undo).
    let before = again.clone();
    play_on(&mut again, 1);
    assert_eq!(session.save(&again).unwrap(), None);
    assert_eq!(actions_in(session.path()), 6);
    assert_eq!(session.save(&before).unwrap(), None);
    assert_eq!(actions_in(session.path()), 5);
}

#[test]
fn an_autosave_holding_this_game_so_far_is_continued_in_place() {
    let dir = scratch("continue");
    let save = dir.join("g.json");
    let mut game = common::intro(2, 4);
    play_on(&mut game, 2);
    let mut s = Autosave::new(&save);
    s.save(&game).unwrap();
    // A new session (the game loaded from its autosave) plays on: same file.
    let mut loaded = saves::load_game(s.path(), common::data()).unwrap();
    play_on(&mut loaded, 2);
    let mut s2 = Autosave::new(&saves::save_path_of_autosave(s.path()));
    assert_eq!(s2.save(&loaded).unwrap(), None);
    assert_eq!(s2.path(), s.path());
    assert_eq!(actions_in(s2.path()), 4);
}

#[cfg(unix)]
#[test]
fn a_0644_autosave_rewritten_becomes_0600() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let mut game = common::intro(2, 1);
    let mut a = Autosave::new(&dir.join("g.json"));
    a.save(&game).unwrap();
    fs::set_permissions(a.path(), fs::Permissions::from_mode(0o644)).unwrap();
    play_on(&mut game, 1);
    assert_eq!(a.save(&game).unwrap(), None);
    assert_eq!(actions_in(a.path()), 1);
    assert_eq!(
        fs::metadata(a.path()).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn a_file_that_is_not_a_save_is_never_used_as_an_autosave() {
    let dir = scratch("not-a-save");
    let save = dir.join("notes.json");
    fs::write(dir.join("notes.autosave.json"), "my notes").unwrap();
    let mut s = Autosave::new(&save);
    let moved = s.save(&common::intro(2, 1)).unwrap().expect("moves");
    assert!(moved.contains("not a herakon save"), "{moved}");
    assert_eq!(
        fs::read_to_string(dir.join("notes.autosave.json")).unwrap(),
        "my notes"
    );
}

#[test]
fn save_game_refuses_to_replace_another_games_file() {
    let dir = scratch("other");
    let path = dir.join("g.json");
    saves::save_game(&common::intro(2, 1), &path).unwrap();
    let e = saves::save_game(&common::intro(2, 2), &path).unwrap_err();
    assert!(e.contains("another game") && e.contains("g.json"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_autosave_path_is_left_alone_without_blocking_the_save() {
    let dir = scratch("fifo");
    let save = dir.join("g.json");
    let fifo = dir.join("g.autosave.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // On a thread: a save that opens the fifo would wait for a writer forever.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let game = common::intro(2, 1);
        let mut s = Autosave::new(&save);
        let moved = s.save(&game);
        // Saving with `s` to the fifo itself is refused too.
        let direct = saves::save_game(&game, &save.with_file_name("g.autosave.json"));
        tx.send((moved, s.path().to_path_buf(), direct)).unwrap();
    });
    let (moved, path, direct) = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the autosave blocked on the fifo");
    let moved = moved.unwrap().expect("moves to a fresh name");
    assert!(moved.contains("g.autosave.json"), "{moved}");
    assert_ne!(path, fifo);
    let direct = direct.unwrap_err();
    assert!(direct.contains("not replaced"), "{direct}");
    assert_eq!(actions_in(&path), 0);
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(
        &fs::symlink_metadata(&fifo).unwrap().file_type()
    ));
}
