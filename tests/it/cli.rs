//! The command line as a user runs it: `new`, `validate`, `show`, `--assets`, and the clear
//! errors for bad input (never a panic).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Output};

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
    let dir = std::env::temp_dir().join(format!("herakon-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn new_writes_a_save_that_validates_and_shows_every_system() {
    let dir = scratch("new");
    let file = dir.join("saves").join("g.json");
    let f = file.to_str().unwrap();
    let o = herakon(&["new", "--players", "3", "--seed", "7", "--out", f]);
    assert!(o.status.success(), "{}", text(&o));
    let o = herakon(&["validate", f]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("valid"));
    let o = herakon(&["show", f]);
    let shown = text(&o);
    assert!(o.status.success(), "{shown}");
    for system in ["A1", "B1", "C1", "A3", "B3", "C3"] {
        assert!(
            shown.contains(&format!("{system} ")),
            "{system} missing:\n{shown}"
        );
    }
    assert!(!shown.contains("D1 "), "three players use columns A-C only");
    assert!(shown.contains("Evil Sunz Orks"));
    assert!(shown.contains("Warp storms: "));
}

#[test]
fn the_same_seed_makes_the_same_game() {
    let dir = scratch("seed");
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    for f in [&a, &b] {
        let o = herakon(&["new", "--seed", "42", "--out", f.to_str().unwrap()]);
        assert!(o.status.success(), "{}", text(&o));
    }
    assert_eq!(
        std::fs::read_to_string(a).unwrap(),
        std::fs::read_to_string(b).unwrap()
    );
}

#[test]
fn introductory_setup_with_other_factions_is_a_clear_error() {
    let dir = scratch("factions");
    let f = dir.join("x.json");
    let o = herakon(&[
        "new",
        "--factions",
        "orks,eldar",
        "--out",
        f.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let t = text(&o);
    assert!(
        t.contains("introductory setup") && t.contains("ultramarines, chaos"),
        "{t}"
    );
    assert!(!f.exists(), "nothing is written on error");
}

#[test]
fn validate_reports_file_line_and_column_of_broken_json() {
    let dir = scratch("broken");
    let f = dir.join("broken.json");
    std::fs::write(&f, "{\n  \"format\": 1,\n  \"position\": [\n").unwrap();
    let o = herakon(&["validate", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let t = text(&o);
    assert!(t.contains("broken.json") && t.contains("line 4"), "{t}");
    assert!(!t.contains("panicked"), "{t}");
}

#[test]
fn validate_lists_every_broken_rule_of_a_hand_made_position() {
    let dir = scratch("rules");
    let f = dir.join("g.json");
    let o = herakon(&["new", "--seed", "3", "--out", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    // A position alone, with two rules broken.
    let mut pos = v["position"].take();
    pos["players"][0]["materiel"] = 15.into();
    pos["players"][1]["assets"]["cache"] = 4.into();
    let hand = serde_json::json!({ "format": 1, "position": pos });
    std::fs::write(&f, serde_json::to_string_pretty(&hand).unwrap()).unwrap();
    let o = herakon(&["validate", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let t = text(&o);
    assert!(t.contains("15 materiel") && t.contains("4 cache"), "{t}");
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let o = herakon(&["show", "/nonexistent/herakon.json"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("/nonexistent/herakon.json"));
}

#[test]
fn assets_from_a_directory_report_each_problem_with_file_and_path() {
    let dir = scratch("assets");
    for (name, body) in herakon::engine::data::ASSET_FILES {
        std::fs::write(dir.join(name), body).unwrap();
    }
    // Break one number and delete one file.
    let factions = std::fs::read_to_string(dir.join("factions.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&factions).unwrap();
    v[0]["units"][2]["cost"] = serde_json::json!("three");
    std::fs::write(dir.join("factions.json"), v.to_string()).unwrap();
    std::fs::remove_file(dir.join("tiles.json")).unwrap();
    let out = dir.join("g.json");
    let o = herakon(&[
        "--assets",
        dir.to_str().unwrap(),
        "new",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let t = text(&o);
    assert!(
        t.contains("factions.json") && t.contains("$[0].units[2].cost"),
        "{t}"
    );
    assert!(t.contains("tiles.json") && t.contains("missing"), "{t}");
}

#[test]
fn assets_from_an_unchanged_copy_play_the_same_game() {
    let dir = scratch("assets-ok");
    for (name, body) in herakon::engine::data::ASSET_FILES {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    let o = herakon(&[
        "--assets",
        dir.to_str().unwrap(),
        "new",
        "--seed",
        "5",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = herakon(&["new", "--seed", "5", "--out", b.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(a).unwrap(),
        std::fs::read_to_string(b).unwrap()
    );
}
