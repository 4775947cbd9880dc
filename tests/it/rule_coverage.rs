//! The rules coverage table (#30): every topic of the Rules Reference glossary with the tests
//! that check it. A test covers a topic when its body names the topic's `Rule` (the rule it
//! expects a refusal or a check to cite) or carries the mark `// covers: <topic>` (a test of a
//! rule no refusal names, such as a rule of scoring). The table is kept in
//! `src/cli/rule_coverage.json`, printed by `herakon rulings --topics` and copied into the
//! README; these tests keep the three equal to what the test sources say.
//!
//! After adding or renaming tests, write the table anew with
//!
//! ```text
//! HERAKON_WRITE_COVERAGE=1 cargo test --test it rule_coverage::
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use herakon::engine::Rule;

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The tests of one source file: the name (`file::function`) and body of every function
/// marked `#[test]`, the body running to the closing brace at the function's indentation.
fn tests_of(name: &str, text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "#[test]" {
            i += 1;
            continue;
        }
        // Attributes may follow; the function line comes next.
        let mut j = i + 1;
        while j < lines.len() && !lines[j].trim_start().starts_with("fn ") {
            j += 1;
        }
        let Some(line) = lines.get(j) else { break };
        let indent = &line[..line.len() - line.trim_start().len()];
        let fn_name = line
            .trim_start()
            .trim_start_matches("fn ")
            .split(['(', '<'])
            .next()
            .unwrap_or_default()
            .to_string();
        let close = format!("{indent}}}");
        let mut k = j + 1;
        while k < lines.len() && lines[k] != close {
            k += 1;
        }
        let body = lines[j..k.min(lines.len())].join("\n");
        out.push((format!("{name}::{fn_name}"), body));
        i = k;
    }
    out
}

/// The glossary topic of each `Rule::Variant` named in `body`, and of each `// covers:` mark.
fn topics_in(body: &str) -> Vec<Rule> {
    let mut found = Vec::new();
    for rule in Rule::ALL.iter().filter(|r| r.in_glossary()) {
        let variant = format!("Rule::{rule:?}");
        let named = body.match_indices(&variant).any(|(at, _)| {
            // `Rule::Combat` must not count inside `Rule::CombatCards`.
            !body[at + variant.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        let marked = body
            .lines()
            .any(|l| l.trim() == format!("// covers: {}", rule.topic()));
        if named || marked {
            found.push(*rule);
        }
    }
    found
}

/// The table as the test sources give it: for each glossary topic, in the glossary's order,
/// the tests that cover it.
fn scanned() -> BTreeMap<String, Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    // Every test is under tests/ (tests/it/purity.rs keeps src/ free of them).
    sources(&root.join("tests"), &mut files);
    let mut table: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().with_extension("");
        let rel = rel.to_string_lossy().replace('\\', "/");
        // A test module's name is its path in the test crate: `tests/it/round.rs` is `round`.
        let name = rel
            .strip_prefix("tests/it/")
            .or_else(|| rel.strip_prefix("tests/"))
            .unwrap_or(&rel)
            .replace('/', "::");
        // This file's own examples name rules without checking them.
        if name == "rule_coverage" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (test, body) in tests_of(&name, &text) {
            for rule in topics_in(&body) {
                table
                    .entry(rule.topic().to_string())
                    .or_default()
                    .push(test.clone());
            }
        }
    }
    for tests in table.values_mut() {
        tests.sort();
        tests.dedup();
    }
    table
}

/// The kept table, as JSON text: every glossary topic in order, with its tests.
fn as_json(table: &BTreeMap<String, Vec<String>>) -> String {
    let list: Vec<serde_json::Value> = Rule::ALL
        .iter()
        .filter(|r| r.in_glossary())
        .map(|r| {
            serde_json::json!({
                "topic": r.topic(),
                "tests": table.get(r.topic()).cloned().unwrap_or_default(),
            })
        })
        .collect();
    serde_json::to_string_pretty(&list).unwrap() + "\n"
}

#[test]
fn the_kept_coverage_table_is_what_the_test_sources_say() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli/rule_coverage.json");
    let fresh = as_json(&scanned());
    if std::env::var_os("HERAKON_WRITE_COVERAGE").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(
        kept == fresh,
        "src/cli/rule_coverage.json is stale: HERAKON_WRITE_COVERAGE=1 cargo test --test it rule_coverage::"
    );
}

#[test]
fn every_glossary_topic_has_a_test() {
    let table = scanned();
    let missing: Vec<&str> = Rule::ALL
        .iter()
        .filter(|r| r.in_glossary() && !table.contains_key(r.topic()))
        .map(|r| r.topic())
        .collect();
    assert!(missing.is_empty(), "topics with no test: {missing:?}");
}

#[test]
fn a_test_covers_the_rule_it_names_and_the_topic_it_marks_and_no_longer_name() {
    let body =
        "fn t() {\n    // covers: Free Units\n    refused(&g, \"x\", Rule::CombatCards, \"y\");\n}";
    assert_eq!(topics_in(body), vec![Rule::CombatCards, Rule::FreeUnits]);
    let tests = tests_of(
        "f",
        "#[test]\nfn a() {\n    Rule::Combat;\n}\n\n#[test]\n#[ignore]\nfn b() {\n}\n",
    );
    let names: Vec<&str> = tests.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["f::a", "f::b"]);
    assert_eq!(topics_in(&tests[0].1), vec![Rule::Combat]);
}

#[test]
fn the_readme_holds_the_table_herakon_rulings_topics_prints() {
    let out = Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(["rulings", "--topics"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("| Active Player |"), "{printed}");
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = "<!-- rules coverage: herakon rulings --topics -->\n";
    let end = "<!-- end of rules coverage -->";
    let from = readme.find(start).expect("README marks the table") + start.len();
    let to = from + readme[from..].find(end).expect("README ends the table");
    assert_eq!(
        &readme[from..to],
        printed,
        "README's coverage table differs from `herakon rulings --topics`"
    );
}
