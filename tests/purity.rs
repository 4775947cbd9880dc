//! The engine stays pure (DESIGN: the engine never imports the client, `ratatui`, `crossterm`,
//! `clap` or `std::fs`): no terminal, command line, files, clock or global random generator under
//! `src/engine/`; and its parts are layered (state, then data, then rules, then report and
//! format), each importing only the parts below it, so no import circle joins them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn engine_imports_no_terminal_cli_files_clock_or_global_rng() {
    const FORBIDDEN: [&str; 12] = [
        "ratatui",
        "crossterm",
        "clap",
        "crate::tui",
        "crate::cli",
        "crate::bot",
        "std::fs",
        "std::io",
        "std::time",
        "thread_rng",
        "rand::rng()",
        "std::env",
    ];
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine"),
        &mut files,
    );
    assert!(files.len() > 10, "the engine's files were found");
    let mut hits = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for word in FORBIDDEN {
                if line.contains(word) && !line.trim_start().starts_with("//") {
                    hits.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        hits.is_empty(),
        "the engine must stay pure:\n{}",
        hits.join("\n")
    );
}

/// The parts of `src/engine/` in layer order, each with the parts it may import besides itself.
const PARTS: [(&str, &[&str]); 5] = [
    ("state", &[]),
    ("data", &["state"]),
    ("rules", &["state", "data"]),
    ("report", &["state", "data", "rules"]),
    ("format", &["state", "data", "rules"]),
];

#[test]
fn engine_parts_import_only_the_parts_below_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut hits = Vec::new();
    let mut seen = 0;
    for (part, below) in PARTS {
        let mut files = Vec::new();
        rust_files(&root.join(part), &mut files);
        seen += files.len();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            for (n, line) in text.lines().enumerate() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for (other, _) in PARTS {
                    let path = format!("engine::{other}");
                    if other != part && !below.contains(&other) && line.contains(&path) {
                        hits.push(format!(
                            "{}:{}: {part} imports {other}",
                            file.display(),
                            n + 1
                        ));
                    }
                }
                // The engine's top-level re-exports would hide which part a name comes from.
                if ["state", "data", "rules"].contains(&part)
                    && (line.contains("crate::engine::{")
                        || line
                            .split("crate::engine::")
                            .skip(1)
                            .any(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase())))
                {
                    hits.push(format!(
                        "{}:{}: {part} imports through engine's re-exports",
                        file.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(seen > 40, "the parts' files were found");
    assert!(
        hits.is_empty(),
        "an engine part imports a part above it:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_client_reaches_files_through_the_store_not_the_command_line() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui"),
        &mut files,
    );
    assert!(files.len() > 10, "the client's files were found");
    let mut hits = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if !line.trim_start().starts_with("//") && line.contains("crate::cli") {
                hits.push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "the client imports the command line:\n{}",
        hits.join("\n")
    );
}
