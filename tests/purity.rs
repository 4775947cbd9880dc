//! The engine stays pure (DESIGN: the engine never imports the client, `ratatui`, `crossterm`,
//! `clap` or `std::fs`): no terminal, command line, files, clock or global random generator under
//! `src/engine/`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

fn engine_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            engine_files(&path, out);
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
    engine_files(
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
