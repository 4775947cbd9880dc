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

/// Every module of `src/` (a file; `mod.rs`, `lib.rs` and `main.rs` stand for their folder) by
/// its path (`tui::app`), with the modules its code names by a `crate::`, `super::` or
/// `self::` path (a path through a parent's re-exports counts as the parent). No test code is
/// among them: the tests live in `tests/it` (see [`no_test_lives_in_src_where_it_would_never_run`]).
fn module_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let module = |file: &Path| -> Vec<String> {
        let rel = file.strip_prefix(&root).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        parts
    };
    let modules: std::collections::BTreeSet<Vec<String>> =
        files.iter().map(|f| module(f)).collect();
    let mut out = std::collections::BTreeMap::new();
    for file in &files {
        let me = module(file);
        let text = std::fs::read_to_string(file).unwrap();
        let mut to = std::collections::BTreeSet::new();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for path in paths_in(line) {
                let mut segs = path.iter().map(String::as_str);
                let mut base: Vec<String> = match segs.next() {
                    Some("crate") => Vec::new(),
                    Some("self") => me.clone(),
                    Some("super") => me[..me.len().saturating_sub(1)].to_vec(),
                    _ => continue,
                };
                let rest: Vec<&str> = segs.collect();
                let mut rest = rest.as_slice();
                while let Some((&"super", tail)) = rest.split_first() {
                    base.pop();
                    rest = tail;
                }
                // The longest module the path names.
                let mut target = None;
                for n in 0..=rest.len() {
                    let mut m = base.clone();
                    m.extend(rest[..n].iter().map(|s| (*s).to_string()));
                    if modules.contains(&m) {
                        target = Some(m);
                    }
                }
                if let Some(t) = target
                    && t != me
                    && !me.starts_with(&t)
                {
                    to.insert(t.join("::"));
                }
            }
        }
        out.insert(me.join("::"), to);
    }
    out
}

/// The module paths a line names: `crate::a::b`, `super::x`, and each item of a braced list
/// (`super::{a, b::c}` gives `super::a` and `super::b::c`).
fn paths_in(line: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (i, _) in line.match_indices(start) {
            let before = line[..i].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &line[i..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let head: Vec<String> = rest[..end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            if rest[end..].starts_with('{') && rest[..end].ends_with("::") {
                let inner = &rest[end + 1..rest[end..].find('}').map_or(rest.len(), |j| end + j)];
                for item in inner.split(',') {
                    let item = item.trim().split(" as ").next().unwrap_or("").trim();
                    if item.is_empty() {
                        continue;
                    }
                    let mut p = head.clone();
                    p.extend(item.split("::").map(String::from));
                    out.push(p);
                }
            } else {
                out.push(head);
            }
        }
    }
    out
}

/// The import circles of a graph: each strongly connected set of two or more modules, sorted
/// (Tarjan's algorithm).
fn circles(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        index: std::collections::BTreeMap<&'g str, usize>,
        low: std::collections::BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let lw = self.low[w.as_str()];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.stack.contains(&w.as_str()) {
                    let iw = self.index[w.as_str()];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    set.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: std::collections::BTreeMap::new(),
        low: std::collections::BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn the_circle_check_finds_a_circle() {
    // a -> b -> c -> a is one circle; d -> a hangs off it and is no part of it.
    let graph = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
        .iter()
        .fold(std::collections::BTreeMap::new(), |mut g, (x, y)| {
            g.entry((*x).to_string())
                .or_insert_with(std::collections::BTreeSet::new)
                .insert((*y).to_string());
            g
        });
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c"]]);
    // The import scan reads braced lists and `super::` paths.
    assert_eq!(
        paths_in("use super::{app::App, layout};"),
        vec![vec!["super", "app", "App"], vec!["super", "layout"]]
    );
}

#[test]
fn no_module_of_src_imports_itself_through_a_circle() {
    let graph = module_imports();
    assert!(graph.len() > 100, "the modules of src/ were found");
    assert!(
        graph["tui::app"].contains("tui::session"),
        "the scan sees the client's imports"
    );
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles in src/ (each set of modules imports itself through the others):\n{}",
        found
            .iter()
            .map(|c| format!("  {}", c.join(", ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The client's modules (`src/tui/`) in layers, lowest first: a module imports only modules of
/// its own layer or below. The update (the view state and its update, the session) comes
/// before every module that draws, so no update code imports drawing code; the terminal loop
/// and the new-game screen, which run and draw everything, come last.
const CLIENT_LAYERS: [(&str, &[&str]); 6] = [
    (
        "words, keys and sizes",
        &[
            "theme",
            "keys",
            "layout",
            "text",
            "undo",
            "confirm",
            "seats",
            "thinker",
            "save",
            "selection",
            "fit",
            "settings",
            "learn",
        ],
    ),
    (
        "what a seat sees",
        &[
            "scene",
            "follow",
            "log",
            "whynot",
            "combat_result",
            "digest",
        ],
    ),
    ("session", &["session", "session::table"]),
    ("view state and update", &["app", "replay", "client"]),
    (
        "drawing",
        &[
            "board",
            "preview",
            "sheet",
            "endgame",
            "panels",
            "detail",
            "screens",
            "ui",
            "howto",
            "guide",
            "combat_box",
        ],
    ),
    ("running", &["newgame", "terminal"]),
];

#[test]
fn client_modules_import_only_their_layer_and_below() {
    let graph = module_imports();
    let layer_of = |m: &str| {
        CLIENT_LAYERS
            .iter()
            .position(|(_, mods)| mods.iter().any(|x| format!("tui::{x}") == m))
    };
    let mut hits = Vec::new();
    for (m, to) in graph.iter().filter(|(m, _)| m.starts_with("tui::")) {
        let Some(mine) = layer_of(m) else {
            hits.push(format!("{m} is in no layer of CLIENT_LAYERS"));
            continue;
        };
        for t in to.iter().filter(|t| t.starts_with("tui::")) {
            match layer_of(t) {
                Some(theirs) if theirs > mine => hits.push(format!(
                    "{m} ({}) imports {t} ({})",
                    CLIENT_LAYERS[mine].0, CLIENT_LAYERS[theirs].0
                )),
                Some(_) => {}
                None => hits.push(format!("{t} is in no layer of CLIENT_LAYERS")),
            }
        }
    }
    assert!(
        hits.is_empty(),
        "a client module imports a layer above its own:\n{}",
        hits.join("\n")
    );
}

/// The client's modules that never name the engine's `Game`: the view state and its update
/// read the game through the session's read-only `Table`, and the drawing code through one
/// seat's `Scene` (DESIGN: the session is the only part that touches `Game`).
const FREE_OF_GAME: [&str; 19] = [
    "app",
    "follow",
    "selection",
    "keys",
    "ui",
    "board",
    "panels",
    "detail",
    "sheet",
    "screens",
    "endgame",
    "combat_box",
    "combat_result",
    "guide",
    "howto",
    "preview",
    "text",
    "theme",
    "settings",
];

/// The code of a Rust source without its comments and the contents of its string and
/// character literals, so a word in either is not taken for code.
fn code_only(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push('"');
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        '\n' => out.push('\n'),
                        _ => {}
                    }
                }
                out.push('"');
            }
            // A character literal ('"', '\'', 'x'); a lifetime ('a) is code.
            '\'' => {
                let mut ahead = chars.clone();
                match (ahead.next(), ahead.next()) {
                    (Some('\\'), _) => {
                        chars.next();
                        chars.next();
                        for c in chars.by_ref() {
                            if c == '\'' {
                                break;
                            }
                        }
                    }
                    (Some(_), Some('\'')) => {
                        chars.next();
                        chars.next();
                    }
                    _ => out.push(c),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether `code` names the type `Game` (as a whole word, not `GameData` or `GameOver`).
fn names_game(code: &str) -> bool {
    code.match_indices("Game").any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + 4..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn the_check_for_game_sees_the_type_and_not_its_words() {
    assert!(names_game(&code_only("use crate::engine::{Action, Game};")));
    assert!(names_game(&code_only(
        "fn f(game: &crate::engine::Game) {}"
    )));
    assert!(!names_game(&code_only(
        "let t = \"Game over\"; // the Game\nScreen::GameOver; GameData"
    )));
    // A quote in a character literal opens no string; a lifetime is no character.
    assert!(names_game(&code_only(
        "let q = '\"'; let e = '\\''; fn f<'a>(t: &'a Game) {}"
    )));
}

/// What in the view state's code (`app.rs`, as [`code_only`] leaves it) would let it change
/// the session: a `Session` held in `App`, a `&mut Session` taken anywhere, or an update that
/// is not lent the session read-only. Empty when none.
fn view_changes_session(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let held = code
        .split("pub struct App {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .unwrap_or("");
    if held.contains("Session") {
        found.push("App holds a Session".to_string());
    }
    if code.contains("&mut Session") {
        found.push("a function of app.rs takes &mut Session".to_string());
    }
    let update = code
        .split("pub fn update(")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or("");
    if !update.contains("session: &Session") {
        found.push(format!(
            "App::update is not lent the session read-only: ({update})"
        ));
    }
    found
}

#[test]
fn the_view_checks_find_a_view_that_changes_the_session() {
    let bad = "pub struct App {\n    pub session: Session,\n}\n\
               impl App { pub fn update(&mut self, session: &mut Session, msg: Msg) {} }";
    assert_eq!(
        view_changes_session(bad).len(),
        3,
        "{:?}",
        view_changes_session(bad)
    );
    let good = "pub struct App {\n    pub cursor: AreaId,\n}\n\
                impl App { pub fn update(&mut self, session: &Session, msg: Msg) {} }";
    assert!(view_changes_session(good).is_empty());
}

/// The view state holds no session and only reads it (issue #32: several views share one
/// session); what it wants changed it asks for as an `Effect`, and the client (the one holder
/// of the session and the view) carries that out and never lends the view the session to
/// change.
#[test]
fn the_view_state_holds_no_session_and_changes_it_only_by_asking() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui");
    let app = code_only(&std::fs::read_to_string(root.join("app.rs")).unwrap());
    let found = view_changes_session(&app);
    assert!(found.is_empty(), "{}", found.join("\n"));
    let client = code_only(&std::fs::read_to_string(root.join("client.rs")).unwrap());
    assert!(
        client.contains("pub struct Client") && client.contains("self.view.update(&self.session"),
        "the client lends its view the session read-only"
    );
    assert!(
        !client.contains("&mut self.session"),
        "the client lends its view the session to change"
    );
}

#[test]
fn the_view_state_and_the_drawing_never_name_the_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui");
    let mut hits = Vec::new();
    for module in FREE_OF_GAME {
        let file = root.join(format!("{module}.rs"));
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in code_only(&text).lines().enumerate() {
            if names_game(line) {
                hits.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "the view state or the drawing names Game (read it through session::Table or a Scene):\n{}",
        hits.join("\n")
    );
}

/// The code behaves the same in every build profile (`cargo test`, `cargo test --release`, the
/// game built for debugging or for play): nothing reads whether debug assertions are on, and
/// there are no debug-only assertions, which the test profile leaves out (Cargo.toml) but a
/// debug build of the game would run. Checks always apply, or they are not checks.
#[test]
fn no_code_behaves_by_the_build_profile() {
    // `debug_assert!`, `debug_assert_eq!` and `cfg(debug_assertions)` all start so; written
    // in two halves so this file does not find itself.
    let word = concat!("debug", "_assert");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches", "examples"] {
        if root.join(dir).is_dir() {
            rust_files(&root.join(dir), &mut files);
        }
    }
    assert!(files.len() > 50, "the code's files were found");
    let mut hits = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains(word) {
                hits.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "behaviour keyed on the build profile:\n{}",
        hits.join("\n")
    );
}

/// The lines (1-based) of `code` (as [`code_only`] leaves it) that make a test or code built
/// only for tests: `#[test]`, and a `cfg` or `cfg_attr` that names `test` (`#[cfg(test)]`,
/// `#[cfg(all(test, unix))]`).
fn test_lines(code: &str) -> Vec<usize> {
    let names_test = |line: &str| {
        line.match_indices("cfg").any(|(i, _)| {
            line[i..]
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .skip(1)
                .any(|word| word == "test")
        })
    };
    code.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line: String = line.split_whitespace().collect();
            line.contains("#[test]") || (line.contains("#[cfg") && names_test(&line))
        })
        .map(|(n, _)| n + 1)
        .collect()
}

#[test]
fn the_test_check_finds_tests_and_test_only_code_but_not_words() {
    let code = code_only(
        "fn a() {}\n#[cfg(test)]\nmod tests {\n    #[ test ]\n    fn b() {}\n}\n\
         #[cfg(all(unix, test))]\nfn c() {}\n#[cfg_attr(test, derive(Debug))]\nstruct D;\n\
         // #[test] in a comment\nconst E: &str = \"#[cfg(test)]\";\n#[cfg(target_os = \"linux\")]\nfn f() {}\n",
    );
    assert_eq!(test_lines(&code), [2, 4, 7, 9]);
}

/// Every test lives in `tests/it`: `cargo test` builds no unit tests of the library or the
/// program (Cargo.toml: `test = false`, which saves compiling the library a second time), so a
/// `#[test]` or `#[cfg(test)]` under `src/` would never be compiled or run, and its test would
/// pass unseen.
#[test]
fn no_test_lives_in_src_where_it_would_never_run() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 100, "the files of src/ were found");
    let mut hits = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for n in test_lines(&code_only(&text)) {
            let line = text.lines().nth(n - 1).unwrap_or_default();
            hits.push(format!("{}:{n}: {}", file.display(), line.trim()));
        }
    }
    assert!(
        hits.is_empty(),
        "tests under src/ never run (`test = false`); move them into tests/it:\n{}",
        hits.join("\n")
    );
}
