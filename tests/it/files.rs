//! Files as the program writes and reads them, run as a user would: `new --out` never
//! replaces what it should not (an existing game, a device, a read-only file, a directory), a
//! symbolic link is written through to its target, no temporary file is left behind, fifos and
//! devices are refused without being opened, `simulate --out` replaces nothing, text quoted
//! from a file cannot drive the terminal, and a closed output pipe ends a command quietly. The
//! careful write itself (`store::write`): a failure at the last moment leaves the old file (or
//! nothing) and no temporary file, stale temporary files of killed writers are removed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use herakon::store::{Mode, printable, remove_stale_temps, write, write_new, write_text};

fn herakon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("herakon-files-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn new_game(out: &Path, seed: &str, force: bool) -> Output {
    let mut args = vec!["new", "--seed", seed, "--out", out.to_str().unwrap()];
    if force {
        args.push("--force");
    }
    herakon(&args)
}

#[test]
fn new_refuses_to_replace_an_existing_game_unless_forced() {
    let dir = scratch("exists");
    let file = dir.join("g.json");
    assert!(new_game(&file, "1", false).status.success());
    let first = fs::read_to_string(&file).unwrap();
    let o = new_game(&file, "2", false);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("g.json") && text(&o).contains("--force"),
        "{}",
        text(&o)
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        first,
        "the first game is intact"
    );
    let o = new_game(&file, "2", true);
    assert!(o.status.success(), "{}", text(&o));
    assert_ne!(fs::read_to_string(&file).unwrap(), first);
    assert_eq!(names(&dir), ["g.json"], "no temporary file is left");
}

#[test]
fn a_device_is_never_replaced_by_a_file() {
    let o = new_game(Path::new("/dev/null"), "1", true);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("/dev/null: is a device"), "{}", text(&o));
    let meta = fs::metadata("/dev/null").unwrap();
    assert!(!meta.is_file(), "/dev/null is still a device");
}

#[test]
fn a_directory_is_refused_and_left_as_it_is() {
    let dir = scratch("dir");
    let sub = dir.join("sub.json");
    fs::create_dir(&sub).unwrap();
    let o = new_game(&sub, "1", true);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("is a directory"), "{}", text(&o));
    assert!(sub.is_dir());
    assert_eq!(names(&dir), ["sub.json"]);
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_written_through_to_its_target_and_stays_a_link() {
    let dir = scratch("link");
    let target = dir.join("real.json");
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    // A link to nothing yet: the target is created.
    let o = new_game(&link, "1", false);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let first = fs::read_to_string(&target).unwrap();
    // A link to an existing game: refused without --force, replaced through the link with it.
    let o = new_game(&link, "2", false);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(fs::read_to_string(&target).unwrap(), first);
    let o = new_game(&link, "2", true);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_ne!(fs::read_to_string(&target).unwrap(), first);
    assert_eq!(names(&dir), ["link.json", "real.json"]);
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_overwritten_even_with_force() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("readonly");
    let file = dir.join("g.json");
    assert!(new_game(&file, "1", false).status.success());
    let first = fs::read_to_string(&file).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    let o = new_game(&file, "2", true);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("read-only"), "{}", text(&o));
    assert_eq!(fs::read_to_string(&file).unwrap(), first);
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o444
    );
    assert_eq!(names(&dir), ["g.json"]);
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_owner_bits() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("perms");
    let file = dir.join("g.json");
    assert!(new_game(&file, "1", false).status.success());
    fs::set_permissions(&file, fs::Permissions::from_mode(0o700)).unwrap();
    assert!(new_game(&file, "2", true).status.success());
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o700
    );
}

#[cfg(unix)]
#[test]
fn a_0644_save_rewritten_becomes_0600() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("shared");
    let file = dir.join("g.json");
    assert!(new_game(&file, "1", false).status.success());
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    assert!(new_game(&file, "2", true).status.success());
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn a_file_in_a_place_that_cannot_be_written_is_an_error_and_nothing_is_claimed() {
    let o = new_game(Path::new("/proc/herakon-test.json"), "1", false);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("/proc/herakon-test.json"), "{}", text(&o));
    assert!(!text(&o).contains("wrote"), "{}", text(&o));
}

/// Runs `herakon ARGS` in `dir` with no input, killed after `secs` seconds: a command that
/// blocks (on a fifo, say) fails the test instead of hanging it.
fn herakon_within(dir: &Path, args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > end {
            child.kill().unwrap();
            let o = child.wait_with_output().unwrap();
            panic!(
                "herakon {args:?} still running after {secs} s: {}",
                text(&o)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Makes a fifo (named pipe) at `path`.
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(ok.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_at_once_by_every_command_that_reads_or_writes() {
    let dir = scratch("fifo");
    let save = dir.join("g.json");
    assert!(new_game(&save, "1", false).status.success());
    let fifo = dir.join("pipe.json");
    mkfifo(&fifo);
    // An --assets folder whose first file is a fifo.
    let assets = dir.join("assets");
    fs::create_dir(&assets).unwrap();
    mkfifo(&assets.join("components.json"));
    let save = save.to_str().unwrap();
    for (input, what) in [("pipe.json", "is a fifo"), ("/dev/zero", "is a device")] {
        for args in [
            vec!["validate", input],
            vec!["show", input],
            vec!["check", input],
            vec!["replay", input],
            vec!["play", input],
            vec!["check", save, "--script", input],
            vec!["new", "--seed", "1", "--out", input, "--force"],
        ] {
            let o = herakon_within(&dir, &args, 20);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
            assert!(
                text(&o).contains(&format!("{input}: {what}")),
                "{args:?}: {}",
                text(&o)
            );
        }
    }
    let o = herakon_within(&dir, &["--assets", "assets", "validate", save], 20);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("components.json: is a fifo"),
        "{}",
        text(&o)
    );
    let o = herakon_within(&dir, &["--assets", "pipe.json", "validate", save], 20);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("pipe.json: not a folder"), "{}", text(&o));
    let o = herakon_within(
        &dir,
        &["simulate", "--games", "1", "--out", "pipe.json"],
        20,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("pipe.json: is not a folder"),
        "{}",
        text(&o)
    );
}

#[cfg(unix)]
#[test]
fn a_new_save_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("private");
    let file = dir.join("g.json");
    assert!(new_game(&file, "1", false).status.success());
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn simulate_out_never_replaces_a_file_and_says_so_before_playing() {
    let dir = scratch("simulate-out");
    let first = dir.join("game-1.json");
    fs::write(&first, "another game").unwrap();
    let o = herakon_within(
        &dir,
        &["simulate", "--games", "3", "--jobs", "1", "--out", "."],
        60,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("game-1.json: a file is already there"),
        "{}",
        text(&o)
    );
    assert!(
        !text(&o).contains("games/s"),
        "no game was played: {}",
        text(&o)
    );
    assert_eq!(fs::read_to_string(&first).unwrap(), "another game");
    assert_eq!(names(&dir), ["game-1.json"]);
    // A folder that cannot be made is found before playing too.
    let o = herakon_within(
        &dir,
        &[
            "simulate",
            "--games",
            "3",
            "--jobs",
            "1",
            "--out",
            "/proc/herakon-out",
        ],
        60,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("/proc/herakon-out"), "{}", text(&o));
    assert!(
        !text(&o).contains("games/s"),
        "no game was played: {}",
        text(&o)
    );
    // A new folder is made and filled.
    let o = herakon_within(
        &dir,
        &["simulate", "--games", "2", "--jobs", "1", "--out", "new"],
        60,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(names(&dir.join("new")), ["game-1.json", "game-2.json"]);
}

/// A save whose seat-1 faction is an unknown name holding terminal escapes (window title,
/// screen clear, clipboard write).
const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}]52;c;ZWNobyBoaQ==\u{7}";

#[test]
fn text_from_a_file_reaches_the_terminal_without_control_characters() {
    let dir = scratch("escapes");
    let save = dir.join("g.json");
    assert!(new_game(&save, "1", false).status.success());
    let good = fs::read_to_string(&save).unwrap();
    let faction = good.find("\"ultramarines\"").unwrap();
    let escaped = HOSTILE
        .replace('\u{1b}', "\\u001b")
        .replace('\u{7}', "\\u0007");
    let bad = format!(
        "{}\"{}\"{}",
        &good[..faction],
        escaped,
        &good[faction + "\"ultramarines\"".len()..]
    );
    // The same text in a file whose name holds escapes too.
    let named = format!("bad{HOSTILE}.json");
    fs::write(dir.join("bad.json"), &bad).unwrap();
    fs::write(dir.join(&named), &bad).unwrap();
    // A sketch with the escapes in a field name, an --assets folder with them in a file's
    // key, and a script with them raw in an action.
    fs::write(
        dir.join("sketch.json"),
        format!("{{\"players\": [\"ultramarines\", \"chaos\"], \"{escaped}\": 1}}"),
    )
    .unwrap();
    let assets = dir.join("assets");
    fs::create_dir(&assets).unwrap();
    fs::write(assets.join("die.json"), format!("{{\"{escaped}\": 1}}")).unwrap();
    fs::write(dir.join("script.txt"), format!("pass {HOSTILE}\n")).unwrap();
    for args in [
        vec!["validate", "bad.json"],
        vec!["validate", named.as_str()],
        vec!["show", "bad.json"],
        vec!["check", "bad.json"],
        vec!["check", "sketch.json"],
        vec!["check", "g.json", "--script", "script.txt"],
        vec!["--assets", "assets", "validate", "g.json"],
    ] {
        let o = herakon_within(&dir, &args, 20);
        assert!(!o.status.success(), "{args:?}: {}", text(&o));
        let all = text(&o);
        assert!(
            !all.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: {all:?}"
        );
        assert!(all.contains("\\u{1b}]0;owned"), "{args:?}: {all}");
    }
}

#[test]
fn a_file_over_the_limit_is_refused_before_it_is_read() {
    let dir = scratch("big");
    let big = dir.join("big.json");
    let f = fs::File::create(&big).unwrap();
    // A sparse file: large on paper, no disk used.
    f.set_len(17 * 1024 * 1024).unwrap();
    let o = herakon(&["validate", big.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("big.json: more than 16 MB"),
        "{}",
        text(&o)
    );
}

/// Runs `herakon ARGS` with its standard output a pipe whose reading end is already closed,
/// so the very first write fails (as `herakon schema | head -1` once `head` is done).
fn closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_closed_output_pipe_ends_each_command_quietly() {
    let dir = scratch("pipe");
    let save = dir.join("g.json");
    assert!(new_game(&save, "1", false).status.success());
    let save = save.to_str().unwrap();
    for args in [
        vec!["schema"],
        vec!["rulings"],
        vec!["show", save],
        vec!["check", save],
        vec!["check", save, "--json"],
        vec!["simulate", "--games", "2", "--jobs", "1"],
    ] {
        let o = closed_pipe(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{args:?}: {}", text(&o));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn play_removes_temporary_files_under_saves_whose_writer_is_gone() {
    let dir = scratch("play-tidy");
    let saves = dir.join("saves");
    fs::create_dir(&saves).unwrap();
    // A process that has ended (waited for, so reaped): its temporary file is stale.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = saves.join(format!(".hotseat-1.json.{dead}-0.tmp"));
    fs::write(&stale, "the whole game, hidden facts included").unwrap();
    let live = saves.join(format!(".hotseat-2.json.{}-0.tmp", std::process::id()));
    fs::write(&live, "a write in flight").unwrap();
    // Standard output is not a terminal here, so the client stops before its screen; the
    // folder is tidied first.
    let o = herakon_within(&dir, &["play", "--players", "2", "--seed", "1"], 20);
    assert!(!stale.exists(), "{}", text(&o));
    assert!(live.exists(), "{}", text(&o));
}

#[test]
fn a_write_failing_at_the_last_moment_leaves_the_old_file_and_no_temporary_file() {
    let dir = scratch("late-fail");
    let file = dir.join("g.json");
    fs::write(&file, "old").unwrap();
    let r = write(&file, b"new", Mode::Replace, |tmp| {
        assert!(
            tmp.exists(),
            "the temporary file is there before the rename"
        );
        Err(io::Error::other("disk unplugged"))
    });
    let e = r.unwrap_err().to_string();
    assert!(e.contains("g.json") && e.contains("disk unplugged"), "{e}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "old");
    assert_eq!(names(&dir), ["g.json"]);
}

/// The id of a process that has ended (spawned, waited for and so reaped).
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[cfg(target_os = "linux")]
#[test]
fn temporary_files_of_a_killed_writer_are_removed_and_those_of_live_ones_stay() {
    let dir = scratch("stale");
    let dead = dead_pid();
    let me = std::process::id();
    let stale = format!(".g.json.{dead}-0.tmp");
    let keep = [
        format!(".g.json.{me}-3.tmp"),  // this process: a write in flight
        ".g.json.1-0.tmp".to_string(),  // init runs
        format!("g.json.{dead}-0.tmp"), // not a name the writer makes
        format!(".g.json.{dead}-x.tmp"),
        "g.json".to_string(),
    ];
    for n in keep.iter().chain([&stale]) {
        fs::write(dir.join(n), "{}").unwrap();
    }
    assert_eq!(remove_stale_temps(&dir), [dir.join(&stale)]);
    let mut left = keep.to_vec();
    left.sort();
    assert_eq!(names(&dir), left);
}

#[test]
fn a_stale_temporary_file_goes_with_the_first_write_into_its_folder() {
    let dir = scratch("stale-write");
    let stale = dir.join(format!(".a.json.{}-7.tmp", dead_pid()));
    fs::write(&stale, "the whole game").unwrap();
    write_text(&dir.join("b.json"), "{}").unwrap();
    if Path::new("/proc/self").exists() {
        assert_eq!(names(&dir), ["b.json"]);
    }
}

#[cfg(unix)]
#[test]
fn a_new_file_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let file = dir.join("g.json");
    write_new(&file, "{}").unwrap();
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o600
    );
    write_text(&dir.join("h.json"), "{}").unwrap();
    let h = fs::metadata(dir.join("h.json")).unwrap();
    assert_eq!(h.permissions().mode() & 0o777, 0o600);
}

#[test]
fn printable_text_shows_control_characters_as_escapes_and_keeps_lines() {
    let hostile = "bad \u{1b}]0;owned\u{7}\u{1b}[2J\r\u{9b}31m \u{202e}txt.json\nnext\tline";
    assert_eq!(
        printable(hostile),
        "bad \\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{d}\\u{9b}31m \\u{202e}txt.json\nnext\tline"
    );
    assert!(matches!(
        printable("plain: line 1"),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn a_new_file_failing_at_the_last_moment_leaves_nothing() {
    let dir = scratch("late-fail-new");
    let file = dir.join("g.json");
    let r = write(&file, b"new", Mode::CreateOnly, |_| {
        Err(io::Error::other("no space left"))
    });
    assert!(r.is_err());
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}
