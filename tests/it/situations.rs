//! The puzzles of `saves/situations/`: hand-made positions, each with a rules question and the
//! answer in the file. Each is run through `herakon check` (the applied actions, `--why` for
//! every action the answer calls legal or refused), and the answer is asserted: the legal
//! actions are listed, each refused one names the rule the file says, the applied actions log
//! what the file says. The README lists the puzzles; a test checks the list is complete.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

use herakon::engine::format::sketch::{self, Question};
use serde_json::Value;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/situations")
}

fn puzzles() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn question(file: &Path) -> Question {
    let text = std::fs::read_to_string(file).unwrap();
    let s = sketch::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    s.question
        .unwrap_or_else(|| panic!("{}: no question", file.display()))
}

/// Runs the checker on one puzzle and returns every way its answer is wrong.
fn wrong_answers(file: &Path) -> Vec<String> {
    let q = question(file);
    let mut args: Vec<String> = vec!["check".into(), file.display().to_string(), "--json".into()];
    for a in &q.apply {
        args.extend(["--apply".into(), a.clone()]);
    }
    for a in q.legal.iter().chain(q.illegal.keys()) {
        args.extend(["--why".into(), a.clone()]);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(&args)
        .output()
        .unwrap();
    let report: Value = match serde_json::from_slice(&o.stdout) {
        Ok(v) => v,
        Err(e) => {
            let err = String::from_utf8_lossy(&o.stderr);
            return vec![format!("no report ({e}): {err}")];
        }
    };
    let mut wrong = Vec::new();
    if let Some(r) = report.get("refused") {
        wrong.push(format!("an applied action was refused: {r}"));
    }
    let whys = report["why"].as_array().cloned().unwrap_or_default();
    let why = |action: &str| whys.iter().find(|w| w["action"] == action).cloned();
    for a in &q.legal {
        match why(a) {
            Some(w) if w["legal"] == true => {}
            w => wrong.push(format!("`{a}` should be legal: {w:?}")),
        }
    }
    for (a, rule) in &q.illegal {
        match why(a) {
            Some(w) if w["legal"] == false && w["rule"] == rule.as_str() => {}
            w => wrong.push(format!("`{a}` should be refused by {rule}: {w:?}")),
        }
    }
    let events: Vec<String> = report["applied"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|s| s["events"].as_array().cloned().unwrap_or_default())
        .filter_map(|e| e.as_str().map(str::to_string))
        .collect();
    for want in &q.events {
        if !events.iter().any(|e| e.contains(want.as_str())) {
            wrong.push(format!("no event says `{want}`: {events:?}"));
        }
    }
    if let Some(n) = q.legal_count {
        let legal = report["legal_actions"].as_array().map_or(0, Vec::len);
        if legal != n {
            wrong.push(format!(
                "{legal} legal actions, not {n}: {}",
                report["legal_actions"]
            ));
        }
    }
    wrong
}

#[test]
fn every_puzzle_gets_the_answer_written_in_its_file() {
    let files = puzzles();
    assert!(files.len() >= 12, "{} puzzles", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let q = question(file);
        assert!(
            !q.ask.trim().is_empty() && !q.answer.trim().is_empty(),
            "{}: a question and its answer in words",
            file.display()
        );
        assert!(
            !q.legal.is_empty() || !q.illegal.is_empty() || !q.events.is_empty(),
            "{}: the answer is checked by something",
            file.display()
        );
        for w in wrong_answers(file) {
            failures.push(format!("{}: {w}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_puzzle_is_listed_in_the_readme() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for file in puzzles() {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        assert!(readme.contains(&name), "README does not list {name}");
    }
}
