//! `herakon rulings`: the readings the engine chose where the rules are unclear or a source is
//! unsure, printed from `assets/rulings.json` with what names each one (cards, abilities,
//! tiles, the introductory setup).

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use crate::engine::GameData;
use crate::engine::data::Ruling;

/// The options of `herakon rulings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Show only the rulings whose id, topic, subject, text or cards contain this word (any
    /// letter case), e.g. `storm`, `farsight`, `Dominate Order`.
    #[arg(value_name = "WORD")]
    pub word: Option<String>,
    /// Print JSON for tools instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print the rules coverage table instead: every topic of the Rules Reference glossary
    /// with the tests that check it (the table the README keeps).
    #[arg(long, conflicts_with = "word")]
    pub topics: bool,
}

/// The rules coverage table as the tests keep it (`tests/it/rule_coverage.rs` checks it against
/// the test sources): each glossary topic with the tests that check it.
const COVERAGE: &str = include_str!("rule_coverage.json");

/// One row of the kept coverage table.
#[derive(Debug, serde::Deserialize, Serialize)]
struct Covered {
    /// The glossary topic.
    topic: String,
    /// The tests that check it (`file::function`).
    tests: Vec<String>,
}

/// The coverage table: every glossary topic, in the glossary's order, with its tests (the
/// kept file lists every topic; one it lacks shows no test).
fn coverage() -> Vec<Covered> {
    let kept: Vec<Covered> = serde_json::from_str(COVERAGE).unwrap_or_default();
    crate::engine::Rule::ALL
        .iter()
        .filter(|r| r.in_glossary())
        .map(|r| Covered {
            topic: r.topic().to_string(),
            tests: kept
                .iter()
                .find(|c| c.topic == r.topic())
                .map(|c| c.tests.clone())
                .unwrap_or_default(),
        })
        .collect()
}

/// The coverage table as Markdown: topic, how many tests, the first few by name; then the
/// topics with no test.
#[must_use]
pub fn topics_text() -> String {
    const SHOWN: usize = 3;
    let rows = coverage();
    let mut out =
        String::from("| Rules Reference topic | tests | for example |\n| --- | ---: | --- |\n");
    for c in &rows {
        let mut names: Vec<String> = c
            .tests
            .iter()
            .take(SHOWN)
            .map(|t| format!("`{t}`"))
            .collect();
        if c.tests.len() > SHOWN {
            names.push("...".into());
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            c.topic,
            c.tests.len(),
            names.join(", ")
        );
    }
    let none: Vec<&str> = rows
        .iter()
        .filter(|c| c.tests.is_empty())
        .map(|c| c.topic.as_str())
        .collect();
    let _ = writeln!(
        out,
        "\nTopics with no test: {}.",
        if none.is_empty() {
            "none".to_string()
        } else {
            none.join(", ")
        }
    );
    out
}

/// One ruling as `--json` prints it: the asset entry and what names it.
#[derive(Debug, Serialize)]
struct RulingJson<'a> {
    /// The entry of `rulings.json`.
    #[serde(flatten)]
    ruling: &'a Ruling,
    /// The cards, abilities, tiles and setup that name it (empty: the engine's code follows it).
    used_by: Vec<String>,
}

/// The rulings matching `word` (all of them without one), as text: id, subject, topic,
/// reading, reason and what names each.
#[must_use]
pub fn rulings_text(data: &GameData, word: Option<&str>) -> String {
    let found = data.rulings_matching(word.unwrap_or(""));
    let mut out = String::new();
    for r in &found {
        let _ = writeln!(out, "{} ({})", r.about, r.id);
        let _ = writeln!(out, "  rule:    {}", r.topic);
        let _ = writeln!(out, "  reading: {}", r.reading);
        let _ = writeln!(out, "  why:     {}", r.reason);
        let users = data.ruling_users(&r.id);
        if !users.is_empty() {
            let _ = writeln!(out, "  for:     {}", users.join(", "));
        }
        out.push('\n');
    }
    let _ = match word {
        Some(w) => writeln!(
            out,
            "{} of {} rulings match `{w}`.",
            found.len(),
            data.rulings.len()
        ),
        None => writeln!(out, "{} rulings.", found.len()),
    };
    out
}

/// Runs `herakon rulings`: exit 1 when a word matches nothing.
///
/// # Errors
/// Only if the JSON cannot be written (never for these plain types).
pub fn run(args: &Args, data: &Arc<GameData>) -> Result<ExitCode, String> {
    if args.topics {
        if args.json {
            let text = serde_json::to_string_pretty(&coverage()).map_err(|e| e.to_string())?;
            super::print(&format!("{text}\n"))?;
        } else {
            super::print(&topics_text())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let word = args.word.as_deref();
    let found = data.rulings_matching(word.unwrap_or(""));
    if args.json {
        let list: Vec<RulingJson<'_>> = found
            .iter()
            .map(|r| RulingJson {
                ruling: r,
                used_by: data.ruling_users(&r.id),
            })
            .collect();
        let text = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?;
        super::print(&format!("{text}\n"))?;
    } else {
        super::print(&rulings_text(data, word))?;
    }
    Ok(if found.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
