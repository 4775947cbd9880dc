//! A seeded mutation fuzzer over saves and sketches (issue 14): the real files in `saves/`, plus
//! saves and hand-made positions taken from heuristic-bot games at every kind of step (combat,
//! orbital strikes, cards, events, setup), each mutated by truncation, byte flips, deleted and
//! duplicated keys, type swaps, out-of-range numbers, swapped names, huge strings and deep
//! nesting. For every case:
//! - loading never panics and ends within a bounded time (each case runs in its own thread with
//!   a timeout);
//! - a refusal names the file and a line (syntax) or a rule;
//! - an accepted file is a game whose invariants hold, which has a legal action or is over, and
//!   which can be shown, viewed from every seat, saved and played on for a few actions with the
//!   same guarantees.
//!
//! The normal run tries a few hundred cases; `cargo test --test it fuzz_saves:: -- --ignored`
//! tries 12,000 and prints the counts.
//!
//! A second loop (issue 25) mutates single fields of mid-game positions instead, so most
//! cases still parse, and plays 40 random legal actions from each one `Game::from_position`
//! accepts: 300 cases in the normal run, 5,000 with
//! `cargo test --test it fuzz_saves::five_thousand -- --ignored --nocapture`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Once, mpsc};
use std::time::Duration;

use herakon::bot::{Bot, HeuristicBot, RandomBot};
use herakon::engine::format::save::{self, LoadError, SaveFile};
use herakon::engine::{Game, GameData, NewGameOptions, SetupKind};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Longest a single case may take (a debug build on a loaded machine): far above the few
/// milliseconds a case needs, far below anything a hang would look like.
const CASE_LIMIT: Duration = Duration::from_secs(30);

/// One file to mutate: a name for reports and its text.
#[derive(Clone)]
struct Seed {
    name: String,
    text: String,
}

/// How one case ended.
#[derive(Debug)]
enum Outcome {
    /// Refused with a message naming the file and a line or rule.
    Refused,
    /// Refused, but the message does not say where or which rule.
    VagueRefusal(String),
    /// Accepted, and the game keeps every guarantee.
    Accepted,
    /// Accepted, but the game breaks a guarantee.
    WrongAcceptance(String),
    /// A panic somewhere in loading, showing or playing.
    Panic(String),
}

/// What a case's thread sends back.
enum Msg {
    /// The mutated file, sent before it is loaded.
    Bytes(Vec<u8>),
    /// How loading it ended.
    Outcome(Outcome),
}

/// The totals of a run.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    refused: usize,
    accepted: usize,
    panics: usize,
    hangs: usize,
    wrong_acceptances: usize,
    vague_refusals: usize,
    failures: Vec<String>,
}

thread_local! {
    /// Whether this thread runs fuzz cases, whose panics are expected and kept quiet.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// The message and place of the last panic on a quiet thread.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs, once, a panic hook that keeps the panics of fuzz-case threads (see `quiet_thread`)
/// for their tally instead of printing them. The hook is the whole process's and the other
/// tests' modules share the process, so every other thread's panic still goes to the hook
/// before it, and a failing test elsewhere keeps its message.
fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                before(info);
            }
        }));
    });
}

/// Marks the current thread as a fuzz case's: its panics are kept, not printed.
fn quiet_thread() {
    QUIET.with(|q| q.set(true));
}

// ----- the seed files -----

fn new_game(players: u8, seed: u64, setup: SetupKind) -> Game {
    Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
            setup,
        },
        common::data(),
    )
    .unwrap()
}

/// The kind of step a position is at (`operations/combat/reinforce`), to keep one snapshot of each.
fn step_kind(game: &Game) -> String {
    let v = serde_json::to_value(&game.position().phase).unwrap();
    let mut kind = String::new();
    for key in ["phase", "step", "ability", "combat_step", "stage"] {
        if let Some(s) = v.get(key).and_then(Value::as_str) {
            kind.push_str(s);
            kind.push('/');
        }
    }
    kind
}

/// A hand-made position file: the position alone.
fn position_only(game: &Game) -> String {
    let file = SaveFile::of_position(game.position().clone());
    file.to_string()
}

/// The real files in `saves/`, and snapshots of bot games at one state of each kind of step:
/// most as hand-made positions (validated field by field), some as full saves with history.
fn seeds() -> Vec<Seed> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut out = Vec::new();
    for dir in [root.clone(), root.join("positions")] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for f in files {
            out.push(Seed {
                name: f.strip_prefix(&root).unwrap().display().to_string(),
                text: std::fs::read_to_string(&f).unwrap(),
            });
        }
    }
    assert!(out.len() >= 5, "the saves and sketches in saves/");
    let mut kinds = std::collections::BTreeSet::new();
    for (players, seed, setup, heuristic) in [
        (2, 1, SetupKind::Intro, true),
        (3, 2, SetupKind::Intro, true),
        (4, 3, SetupKind::Intro, true),
        (2, 4, SetupKind::Build, false),
        (4, 5, SetupKind::Intro, false),
        (3, 6, SetupKind::Build, true),
    ] {
        let mut game = new_game(players, seed, setup);
        let mut bots: Vec<Box<dyn Bot>> = (0..u64::from(players))
            .map(|s| -> Box<dyn Bot> {
                if heuristic {
                    Box::new(HeuristicBot::new(seed * 10 + s))
                } else {
                    Box::new(RandomBot::new(seed * 10 + s))
                }
            })
            .collect();
        let mut steps = 0;
        while let Some(d) = game.decision() {
            let kind = step_kind(&game);
            if kinds.insert(kind.clone()) {
                out.push(Seed {
                    name: format!("{players}p seed {seed} step {steps} at {kind} (position)"),
                    text: position_only(&game),
                });
                if kinds.len() % 4 == 0 && game.history().len() < 400 {
                    out.push(Seed {
                        name: format!("{players}p seed {seed} step {steps} at {kind} (save)"),
                        text: save::to_json(&game),
                    });
                }
            }
            let act = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(act).unwrap();
            steps += 1;
            assert!(steps < 20_000);
        }
        if kinds.insert(step_kind(&game)) {
            out.push(Seed {
                name: format!("{players}p seed {seed} game over (position)"),
                text: position_only(&game),
            });
        }
    }
    out
}

// ----- mutations -----

/// A JSON pointer segment, escaped.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Every value's JSON pointer, the root excluded.
fn pointers(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![(String::new(), v)];
    while let Some((at, v)) = todo.pop() {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    let p = format!("{at}/{}", escape(k));
                    out.push(p.clone());
                    todo.push((p, x));
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    let p = format!("{at}/{i}");
                    out.push(p.clone());
                    todo.push((p, x));
                }
            }
            _ => {}
        }
    }
    out.sort();
    out
}

/// Every string value and key in the file: names to swap in elsewhere.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(m) => {
            for (k, x) in m {
                out.push(k.clone());
                strings(x, out);
            }
        }
        _ => {}
    }
}

fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[rng.random_range(0..items.len())])
    }
}

/// Numbers that lie just inside, on and beyond the limits a save's fields have.
const ODD_NUMBERS: [&str; 18] = [
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "8",
    "9",
    "15",
    "26",
    "100",
    "200",
    "255",
    "256",
    "65536",
    "-1",
    "18446744073709551616",
];

/// Text forms of names that the notation does not allow, or that name nothing.
const ODD_NAMES: [&str; 16] = [
    "A+1.sw",
    "A01.nw",
    "A1 .nw",
    "a1.nw",
    "Z9.nw",
    "A1.xx",
    "B2",
    "Chaos",
    "sm",
    "Space Marine",
    "No Such Card",
    "",
    " ",
    "advance ",
    "OODDMMOODM",
    "9",
];

/// Changes one value of the document in place.
#[allow(clippy::too_many_lines)]
fn mutate_value(doc: &mut Value, rng: &mut ChaCha8Rng, names: &[String]) {
    let ptrs = pointers(doc);
    let Some(at) = pick(rng, &ptrs).cloned() else {
        return;
    };
    let (parent_ptr, last) = at.rsplit_once('/').unwrap();
    let replacement: Option<Value> = match rng.random_range(0..11u32) {
        // Delete the key or element.
        0 => {
            match doc.pointer_mut(parent_ptr) {
                Some(Value::Object(m)) => {
                    m.remove(&last.replace("~1", "/").replace("~0", "~"));
                }
                Some(Value::Array(a)) => {
                    if let Ok(i) = last.parse::<usize>()
                        && i < a.len()
                    {
                        a.remove(i);
                    }
                }
                _ => {}
            }
            None
        }
        // Duplicate an array element (one token, card or unit too many).
        1 => {
            if let Some(Value::Array(a)) = doc.pointer_mut(parent_ptr)
                && let Ok(i) = last.parse::<usize>()
                && let Some(x) = a.get(i).cloned()
            {
                a.insert(i, x);
            }
            None
        }
        // Swap the type.
        2 => Some(match rng.random_range(0..6u32) {
            0 => Value::Null,
            1 => Value::Bool(true),
            2 => serde_json::json!(0),
            3 => serde_json::json!("x"),
            4 => serde_json::json!([]),
            _ => serde_json::json!({}),
        }),
        // A number beyond or on a limit.
        3 | 4 => {
            let n = pick(rng, &ODD_NUMBERS).unwrap();
            let v: Value = serde_json::from_str(n).unwrap_or(Value::Null);
            match doc.pointer(&at) {
                Some(Value::String(_)) if rng.random_bool(0.5) => {
                    Some(Value::String((*n).to_string()))
                }
                _ => Some(v),
            }
        }
        // A number one away from what it was.
        5 => match doc.pointer(&at).and_then(Value::as_i64) {
            Some(n) => Some(serde_json::json!(
                n + if rng.random_bool(0.5) { 1 } else { -1 }
            )),
            None => Some(serde_json::json!(rng.random_range(0..10u32))),
        },
        // A name from elsewhere in the file (a card in the wrong place, a seat's faction...).
        6 | 7 => pick(rng, names).map(|s| Value::String(s.clone())),
        // A name the notation does not allow.
        8 => Some(Value::String((*pick(rng, &ODD_NAMES).unwrap()).to_string())),
        // A huge string.
        9 => Some(Value::String("Ω".repeat(rng.random_range(1000..200_000)))),
        // Deep nesting.
        _ => {
            let mut v = doc.pointer(&at).cloned().unwrap_or(Value::Null);
            for _ in 0..rng.random_range(100..1000) {
                v = Value::Array(vec![v]);
            }
            Some(v)
        }
    };
    if let Some(r) = replacement
        && let Some(slot) = doc.pointer_mut(&at)
    {
        *slot = r;
    }
}

/// A key renamed to the name of a sibling key of the same object (text level, so the file then
/// holds the key twice), or a whole line written twice.
fn duplicate_key(text: &str, rng: &mut ChaCha8Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let keyed: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim_start().starts_with('"') && lines[i].contains("\": "))
        .collect();
    let Some(&i) = pick(rng, &keyed) else {
        return text.to_string();
    };
    let mut out: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
    let line = lines[i];
    if line.trim_end().ends_with(',') {
        out.insert(i, line.to_string());
    } else {
        out.insert(i, format!("{line},"));
    }
    out.join("\n")
}

/// One mutated file from a seed: one to three changes of the document, then perhaps a change
/// of the text.
fn mutate(seed: &Seed, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut text = seed.text.clone();
    if let Ok(mut doc) = serde_json::from_str::<Value>(&text) {
        let mut names = Vec::new();
        strings(&doc, &mut names);
        names.sort();
        names.dedup();
        names.retain(|s| s.len() < 60);
        // A hand-made position or history edit: drop history or start sometimes.
        if rng.random_bool(0.05)
            && let Some(m) = doc.as_object_mut()
        {
            m.remove(if rng.random_bool(0.5) {
                "history"
            } else {
                "start"
            });
        }
        let changes = if rng.random_bool(0.6) {
            1
        } else {
            rng.random_range(2..=3)
        };
        for _ in 0..changes {
            mutate_value(&mut doc, rng, &names);
        }
        text = serde_json::to_string_pretty(&doc).unwrap();
    }
    let mut bytes = match rng.random_range(0..16u32) {
        // Truncated.
        0 => {
            let cut = rng.random_range(0..=text.len());
            text.as_bytes()[..cut].to_vec()
        }
        // A few bytes flipped.
        1 => {
            let mut b = text.into_bytes();
            for _ in 0..rng.random_range(1..4) {
                if b.is_empty() {
                    break;
                }
                let i = rng.random_range(0..b.len());
                b[i] ^= 1 << rng.random_range(0..8);
            }
            b
        }
        // A key written twice.
        2 => duplicate_key(&text, rng).into_bytes(),
        // Nesting deeper than any parser should follow.
        3 if rng.random_bool(0.2) => {
            let mut b = "[".repeat(100_000).into_bytes();
            b.extend_from_slice(text.as_bytes());
            b
        }
        _ => text.into_bytes(),
    };
    bytes.shrink_to_fit();
    bytes
}

// ----- one case -----

/// Whether a load error says where (a line) or which rule.
fn names_line_or_rule(e: &LoadError) -> bool {
    match e {
        LoadError::Syntax { line, .. } => *line >= 1,
        LoadError::Invalid { violations, .. } => {
            !violations.is_empty() && violations.iter().all(|v| !v.message.is_empty())
        }
        LoadError::History { index, .. } => *index >= 1,
        // Rules of the save format itself, each with its own message.
        _ => !e.to_string().is_empty(),
    }
}

/// Checks the guarantees of an accepted game, and of every state a few actions on.
fn check_game(game: &Game, data: &Arc<GameData>, rng: &mut ChaCha8Rng) -> Result<(), String> {
    let mut game = game.clone();
    for step in 0..12 {
        if let Err(v) = Game::from_position(game.position().clone(), Arc::clone(data)) {
            return Err(format!(
                "after {step} actions the position breaks rules: {v:?}"
            ));
        }
        let legal = game.legal_actions();
        if legal.is_empty() && !game.is_over() {
            return Err(format!(
                "after {step} actions: no legal action and the game is not over ({:?})",
                game.position().phase
            ));
        }
        if game.decision().is_none() != game.is_over() {
            return Err(format!(
                "after {step} actions: a decision only while not over"
            ));
        }
        let _ = herakon::cli::show::position_text(&game, None);
        for seat in game.seats() {
            let _ = game.view(Some(seat));
            let _ = herakon::cli::show::position_text(&game, Some(seat));
        }
        let text = save::to_json(&game);
        match save::load(&text, Arc::clone(data)) {
            Ok(again) if again.position() == game.position() => {}
            Ok(_) => return Err(format!("after {step} actions: the save loads differently")),
            Err(e) => {
                return Err(format!(
                    "after {step} actions: its own save is refused: {e}"
                ));
            }
        }
        let Some(&act) = pick(rng, &legal) else {
            return Ok(());
        };
        if let Err(e) = game.apply(act) {
            return Err(format!(
                "after {step} actions: listed action {act} refused: {e}"
            ));
        }
    }
    Ok(())
}

/// Loads one mutated file the way the command line does, and judges the result.
fn run_case(bytes: &[u8], path: &Path, data: &Arc<GameData>, rng: &mut ChaCha8Rng) -> Outcome {
    std::fs::write(path, bytes).unwrap();
    let via_cli = herakon::store::saves::load_game(path, Arc::clone(data));
    let _ = std::fs::remove_file(path);
    let shown = path.display().to_string();
    let game = match via_cli {
        Err(msg) => {
            if !msg.contains(&shown) {
                return Outcome::VagueRefusal(format!("does not name the file: {msg}"));
            }
            // The same text through the engine, to see what kind of refusal it is.
            if let Ok(text) = std::str::from_utf8(bytes)
                && let Err(e) = save::load(text, Arc::clone(data))
                && !names_line_or_rule(&e)
            {
                return Outcome::VagueRefusal(msg);
            }
            return Outcome::Refused;
        }
        Ok(game) => game,
    };
    match check_game(&game, data, rng) {
        Ok(()) => Outcome::Accepted,
        Err(e) => Outcome::WrongAcceptance(e),
    }
}

/// Runs `cases` mutated files, each in its own thread with a time limit.
fn fuzz(cases: usize, base_seed: u64) -> Tally {
    quiet_panics();
    let data = common::data();
    let seeds = seeds();
    let dir = std::env::temp_dir().join(format!("herakon-fuzz-{}-{base_seed}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut tally = Tally::default();
    for case in 0..cases {
        let case_seed = base_seed.wrapping_mul(1_000_003).wrapping_add(case as u64);
        let seed = &seeds[case % seeds.len()];
        let path = dir.join(format!("case-{case}.json"));
        let (tx, rx) = mpsc::channel();
        let (case_data, case_file, case_path) = (Arc::clone(&data), seed.clone(), path.clone());
        // The case runs on a thread with the stack of a program's main thread (8 MiB), so a
        // hang is noticed and a panic is caught; the mutated bytes come back first, so a case
        // that hangs can still be kept.
        std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(move || {
                quiet_thread();
                let mut rng = ChaCha8Rng::seed_from_u64(case_seed);
                let bytes = mutate(&case_file, &mut rng);
                let _ = tx.send(Msg::Bytes(bytes.clone()));
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_case(&bytes, &case_path, &case_data, &mut rng)
                }))
                .unwrap_or_else(|_| {
                    Outcome::Panic(
                        LAST_PANIC
                            .with(|p| p.borrow_mut().take())
                            .unwrap_or_default(),
                    )
                });
                let _ = tx.send(Msg::Outcome(outcome));
            })
            .unwrap();
        let Ok(Msg::Bytes(bytes)) = rx.recv_timeout(CASE_LIMIT) else {
            panic!("case {case}: the mutation itself failed");
        };
        tally.cases += 1;
        let failed = match rx.recv_timeout(CASE_LIMIT).map(|m| match m {
            Msg::Outcome(o) => o,
            Msg::Bytes(_) => Outcome::Panic("two mutations".to_string()),
        }) {
            Ok(Outcome::Refused) => {
                tally.refused += 1;
                None
            }
            Ok(Outcome::Accepted) => {
                tally.accepted += 1;
                None
            }
            Ok(Outcome::VagueRefusal(m)) => {
                tally.vague_refusals += 1;
                Some(("vague refusal", m))
            }
            Ok(Outcome::WrongAcceptance(m)) => {
                tally.wrong_acceptances += 1;
                Some(("wrong acceptance", m))
            }
            Ok(Outcome::Panic(m)) => {
                tally.panics += 1;
                Some(("panic", m))
            }
            Err(_) => {
                tally.hangs += 1;
                Some(("hang", "no result within the time limit".to_string()))
            }
        };
        if let Some((what, detail)) = failed {
            let file = dir.join(format!("failed-{case}.json"));
            std::fs::write(&file, &bytes).unwrap();
            let detail: String = detail.chars().take(600).collect();
            tally.failures.push(format!(
                "{what}: case {case} (seed {case_seed}, from {}), kept in {}: {detail}",
                seed.name,
                file.display()
            ));
        }
    }
    if tally.failures.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    tally
}

fn report(t: &Tally) -> String {
    let mut s = format!(
        "cases {}: refused {}, accepted {}; panics {}, hangs {}, wrong acceptances {}, refusals naming no line or rule {}",
        t.cases, t.refused, t.accepted, t.panics, t.hangs, t.wrong_acceptances, t.vague_refusals
    );
    for f in t.failures.iter().take(40) {
        s.push_str("\n  ");
        s.push_str(f);
    }
    s
}

fn assert_clean(t: &Tally) {
    let r = report(t);
    println!("{r}");
    assert_eq!(
        t.panics + t.hangs + t.wrong_acceptances + t.vague_refusals,
        0,
        "{r}"
    );
    assert!(
        t.refused > 0 && t.accepted > 0,
        "the mutations reach both outcomes: {r}"
    );
}

#[test]
fn mutated_saves_and_sketches_never_panic_hang_or_load_a_broken_game() {
    assert_clean(&fuzz(300, 14));
}

#[test]
#[ignore = "12,000 cases: run with --ignored"]
fn twelve_thousand_mutated_saves_and_sketches_never_panic_hang_or_load_a_broken_game() {
    assert_clean(&fuzz(12_000, 1414));
}

// ----- field-level mutations of positions (issue 25) -----
//
// The cases above mostly break the file's syntax or types. These change one to three fields
// of a real mid-game position in ways a hand-edited save could (a number, a card or faction
// name, an element of a list duplicated, removed or moved to another list, a flag turned on
// or off, a step or a whole phase taken from another game, a storm added or moved) and keep
// only what still parses. Whatever `Game::from_position` accepts must stay a game: 40 random
// legal actions, each position on the way loaded again through `Game::from_position`, with
// no panic, no refused listed action and no position without a legal action.

/// The mid-game positions mutated, from seeded games of random and heuristic bots: one at
/// each kind of step a game reaches and one every 9 decisions.
fn field_seeds() -> Vec<Value> {
    let mut out = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    for (players, seed, setup, heuristic) in [
        (2, 21, SetupKind::Intro, false),
        (3, 22, SetupKind::Intro, true),
        (4, 23, SetupKind::Intro, false),
        (2, 24, SetupKind::Build, true),
        (4, 25, SetupKind::Intro, true),
        (3, 26, SetupKind::Build, false),
    ] {
        let mut game = new_game(players, seed, setup);
        let mut bots: Vec<Box<dyn Bot>> = (0..u64::from(players))
            .map(|s| -> Box<dyn Bot> {
                if heuristic {
                    Box::new(HeuristicBot::new(seed * 10 + s))
                } else {
                    Box::new(RandomBot::new(seed * 10 + s))
                }
            })
            .collect();
        let mut steps = 0;
        while let Some(d) = game.decision() {
            if kinds.insert(step_kind(&game)) || steps % 9 == 0 {
                out.push(serde_json::to_value(game.position()).unwrap());
            }
            let act = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(act).unwrap();
            steps += 1;
            assert!(steps < 20_000);
        }
        out.push(serde_json::to_value(game.position()).unwrap());
    }
    out
}

/// A JSON pointer with array indices and map keys naming places (areas, systems) replaced by
/// `*`: the kind of field, the same in every position.
fn field_kind(ptr: &str) -> String {
    ptr.split('/')
        .map(|s| {
            let place = s.len() <= 6
                && s.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && s.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
            if place || s.parse::<usize>().is_ok() {
                "*"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// What the field mutations draw from: every value each kind of field holds in some seed,
/// the names of every card, and the keys of the flags each kind of object may hold.
struct Vocab {
    /// Values by field kind.
    values: std::collections::BTreeMap<String, Vec<Value>>,
    /// Every card name of the game.
    cards: Vec<String>,
    /// Keys holding `true` somewhere, by the kind of the object holding them.
    flags: std::collections::BTreeMap<String, Vec<String>>,
}

fn vocab(seeds: &[Value], data: &GameData) -> Vocab {
    let mut values = std::collections::BTreeMap::<String, Vec<Value>>::new();
    let mut flags = std::collections::BTreeMap::<String, Vec<String>>::new();
    for doc in seeds {
        for p in pointers(doc) {
            let v = doc.pointer(&p).unwrap();
            let kind = field_kind(&p);
            let list = values.entry(kind.clone()).or_default();
            if list.len() < 64 && !list.contains(v) {
                list.push(v.clone());
            }
            if v == &Value::Bool(true) {
                let (parent, key) = kind.rsplit_once('/').unwrap();
                let keys = flags.entry(parent.to_string()).or_default();
                if !keys.iter().any(|k| k == key) {
                    keys.push(key.to_string());
                }
            }
        }
    }
    let mut cards: Vec<String> = data
        .combat_cards
        .iter()
        .map(|c| c.name.to_string())
        .chain(data.event_cards.iter().map(|c| c.name.to_string()))
        .chain(data.order_upgrades.iter().map(|c| c.name.to_string()))
        .collect();
    cards.sort();
    cards.dedup();
    Vocab {
        values,
        cards,
        flags,
    }
}

/// A tile edge anywhere on or off a board of up to 6 x 5 tiles.
fn any_edge(rng: &mut ChaCha8Rng) -> String {
    let col = char::from(b'A' + rng.random_range(0..6u8));
    let row = rng.random_range(1..=5u8);
    let side = ["n", "e", "s", "w"][rng.random_range(0..4)];
    format!("{col}{row}.{side}")
}

/// Changes one field of a position; says what it did.
#[allow(clippy::too_many_lines)]
fn mutate_field(doc: &mut Value, donors: &[Value], vocab: &Vocab, rng: &mut ChaCha8Rng) -> String {
    let of_type = |doc: &Value, f: fn(&Value) -> bool| -> Vec<String> {
        pointers(doc)
            .into_iter()
            .filter(|p| doc.pointer(p).is_some_and(f))
            .collect()
    };
    match rng.random_range(0..10u32) {
        // A number: one more or less, zero, or small.
        0 => {
            let Some(at) = pick(rng, &of_type(doc, Value::is_u64)).cloned() else {
                return "no number".into();
            };
            let n = doc.pointer(&at).and_then(Value::as_u64).unwrap_or(0);
            let new = match rng.random_range(0..4u32) {
                0 => n + 1,
                1 => n.saturating_sub(1),
                2 => 0,
                _ => rng.random_range(0..12),
            };
            *doc.pointer_mut(&at).unwrap() = serde_json::json!(new);
            format!("{at}: {n} -> {new}")
        }
        // A name: another value that kind of field holds somewhere (a card, a faction, a step,
        // an area...), or any card of the game.
        1 | 2 => {
            let Some(at) = pick(rng, &of_type(doc, Value::is_string)).cloned() else {
                return "no string".into();
            };
            let same = vocab
                .values
                .get(&field_kind(&at))
                .cloned()
                .unwrap_or_default();
            let new = if rng.random_bool(0.3) || same.is_empty() {
                Value::String(pick(rng, &vocab.cards).unwrap().clone())
            } else {
                pick(rng, &same).unwrap().clone()
            };
            let old = std::mem::replace(doc.pointer_mut(&at).unwrap(), new.clone());
            format!("{at}: {old} -> {new}")
        }
        // A list: an element duplicated, removed, or moved to another list.
        3 | 4 => {
            let lists = of_type(doc, |v| v.as_array().is_some_and(|a| !a.is_empty()));
            let Some(at) = pick(rng, &lists).cloned() else {
                return "no list".into();
            };
            let list = doc.pointer_mut(&at).unwrap().as_array_mut().unwrap();
            let i = rng.random_range(0..list.len());
            match rng.random_range(0..3u32) {
                0 => {
                    let x = list[i].clone();
                    list.push(x.clone());
                    format!("{at}: {x} duplicated")
                }
                1 => {
                    let x = list.remove(i);
                    format!("{at}: {x} removed")
                }
                _ => {
                    let x = list.remove(i);
                    let others = of_type(doc, Value::is_array);
                    let to = pick(rng, &others).unwrap().clone();
                    if let Some(Value::Array(a)) = doc.pointer_mut(&to) {
                        a.push(x.clone());
                    }
                    format!("{x} moved from {at} to {to}")
                }
            }
        }
        // A flag: one flipped, or one that kind of object holds elsewhere set here.
        5 => {
            let objects = of_type(doc, Value::is_object);
            let Some(at) = pick(rng, &objects).cloned() else {
                return "no object".into();
            };
            let keys = vocab
                .flags
                .get(&field_kind(&at))
                .cloned()
                .unwrap_or_default();
            let Some(key) = pick(rng, &keys).cloned() else {
                if let Some(b) = pick(rng, &of_type(doc, Value::is_boolean)).cloned() {
                    let v = doc.pointer_mut(&b).unwrap();
                    *v = Value::Bool(!v.as_bool().unwrap());
                    return format!("{b} flipped");
                }
                return "no flag".into();
            };
            let obj = doc.pointer_mut(&at).unwrap().as_object_mut().unwrap();
            let now = obj.get(&key).and_then(Value::as_bool).unwrap_or(false);
            obj.insert(key.clone(), Value::Bool(!now));
            format!("{at}/{key}: {now} -> {}", !now)
        }
        // A field taken from another game's position: the whole phase or step, a combat side,
        // the last combat, the card flags, the storms...
        6 | 7 => {
            let donor = pick(rng, donors).unwrap();
            let dptrs = pointers(donor);
            let Some(from) = pick(rng, &dptrs).cloned() else {
                return "empty donor".into();
            };
            let (parent, key) = from.rsplit_once('/').unwrap();
            let value = donor.pointer(&from).unwrap().clone();
            match doc.pointer_mut(if parent.is_empty() { "" } else { parent }) {
                Some(Value::Object(m)) => {
                    m.insert(key.replace("~1", "/").replace("~0", "~"), value);
                    format!("{from} taken from another game")
                }
                Some(Value::Array(a)) if !a.is_empty() => {
                    let i = key.parse::<usize>().unwrap_or(0).min(a.len() - 1);
                    a[i] = value;
                    format!("{from} taken from another game")
                }
                _ => "no place for the donor's field".into(),
            }
        }
        // A storm added, or one moved, anywhere on or off the board.
        8 => {
            let edge = any_edge(rng);
            let storms = doc
                .as_object_mut()
                .unwrap()
                .entry("storms")
                .or_insert_with(|| Value::Array(Vec::new()))
                .as_array_mut()
                .unwrap();
            if storms.is_empty() || rng.random_bool(0.5) {
                storms.push(serde_json::json!({ "edge": edge }));
                format!("a storm added on {edge}")
            } else {
                let i = rng.random_range(0..storms.len());
                storms[i]["edge"] = Value::String(edge.clone());
                format!("storm {i} moved to {edge}")
            }
        }
        // An owner or faction changed to another faction.
        _ => {
            const FACTIONS: [&str; 4] = ["ultramarines", "chaos", "eldar", "orks"];
            let owners: Vec<String> =
                of_type(doc, |v| v.as_str().is_some_and(|s| FACTIONS.contains(&s)));
            let Some(at) = pick(rng, &owners).cloned() else {
                return "no faction".into();
            };
            let new = FACTIONS[rng.random_range(0..4)];
            let old = std::mem::replace(doc.pointer_mut(&at).unwrap(), Value::String(new.into()));
            format!("{at}: {old} -> {new}")
        }
    }
}

/// The totals of a field-level run.
#[derive(Debug, Default)]
struct FieldTally {
    mutations: usize,
    unparsed: usize,
    refused: usize,
    accepted: usize,
    actions: usize,
    failures: Vec<String>,
}

/// Plays 40 random legal actions from an accepted game, loading every position on the way
/// again; returns the actions played, or what broke.
fn play_on(game: &Game, data: &Arc<GameData>, rng: &mut ChaCha8Rng) -> Result<usize, String> {
    let mut game = game.clone();
    for step in 0..40 {
        if game.is_over() {
            return Ok(step);
        }
        let legal = game.legal_actions();
        let Some(&act) = pick(rng, &legal) else {
            return Err(format!("after {step} actions: no legal action, not over"));
        };
        game.apply(act)
            .map_err(|e| format!("after {step} actions: listed {act} refused: {e}"))?;
        if let Err(v) = Game::from_position(game.position().clone(), Arc::clone(data)) {
            let v: Vec<String> = v.iter().map(ToString::to_string).collect();
            return Err(format!("after {} actions ({act}): {v:?}", step + 1));
        }
    }
    Ok(40)
}

/// Runs `cases` field-level mutations; each case on its own thread, so a panic is caught and
/// counted with the mutations that led to it.
fn field_fuzz(cases: usize, base_seed: u64) -> FieldTally {
    quiet_panics();
    let data = common::data();
    let seeds = Arc::new(field_seeds());
    let vocab = Arc::new(vocab(&seeds, &data));
    let mut tally = FieldTally::default();
    for case in 0..cases {
        let case_seed = base_seed.wrapping_mul(1_000_003).wrapping_add(case as u64);
        let (data, seeds, vocab) = (Arc::clone(&data), Arc::clone(&seeds), Arc::clone(&vocab));
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(move || {
                quiet_thread();
                let mut rng = ChaCha8Rng::seed_from_u64(case_seed);
                let which = rng.random_range(0..seeds.len());
                let mut doc = seeds[which].clone();
                let n = if rng.random_bool(0.6) {
                    1
                } else {
                    rng.random_range(2..=3)
                };
                let what: Vec<String> = (0..n)
                    .map(|_| mutate_field(&mut doc, &seeds, &vocab, &mut rng))
                    .collect();
                let _ = tx.send(Err(format!("seed position {which}: {}", what.join("; "))));
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let Ok(pos) = serde_json::from_value::<herakon::engine::Position>(doc) else {
                        return Ok(None);
                    };
                    match Game::from_position(pos, Arc::clone(&data)) {
                        Err(_) => Ok(Some(None)),
                        Ok(game) => play_on(&game, &data, &mut rng).map(|n| Some(Some(n))),
                    }
                }))
                .unwrap_or_else(|_| {
                    Err(format!(
                        "panic: {}",
                        LAST_PANIC
                            .with(|p| p.borrow_mut().take())
                            .unwrap_or_default()
                    ))
                });
                let _ = tx.send(Ok(outcome));
            })
            .unwrap();
        let Ok(Err(what)) = rx.recv_timeout(CASE_LIMIT) else {
            panic!("case {case}: the mutation itself failed");
        };
        tally.mutations += 1;
        match rx.recv_timeout(CASE_LIMIT) {
            Ok(Ok(Ok(None))) => tally.unparsed += 1,
            Ok(Ok(Ok(Some(None)))) => tally.refused += 1,
            Ok(Ok(Ok(Some(Some(n))))) => {
                tally.accepted += 1;
                tally.actions += n;
            }
            Ok(Ok(Err(e))) => {
                tally.accepted += 1;
                let e: String = e.chars().take(700).collect();
                tally
                    .failures
                    .push(format!("case {case} (seed {case_seed}), {what}: {e}"));
            }
            _ => tally.failures.push(format!(
                "case {case} (seed {case_seed}), {what}: no result in time"
            )),
        }
    }
    tally
}

fn assert_fields_clean(t: &FieldTally) {
    let mut r = format!(
        "mutations {}: unparsed {}, refused {}, accepted {} ({} actions played after acceptance); failures {}",
        t.mutations,
        t.unparsed,
        t.refused,
        t.accepted,
        t.actions,
        t.failures.len()
    );
    for f in t.failures.iter().take(60) {
        r.push_str("\n  ");
        r.push_str(f);
    }
    println!("{r}");
    assert!(t.failures.is_empty(), "{r}");
    assert!(
        t.refused > 0 && t.accepted > 0,
        "both outcomes reached: {r}"
    );
}

#[test]
fn mutated_fields_that_validate_accepts_stay_valid_through_forty_legal_actions() {
    assert_fields_clean(&field_fuzz(300, 25));
}

#[test]
#[ignore = "5,000 field mutations: run with --ignored"]
fn five_thousand_mutated_fields_accepted_by_validate_stay_valid_through_play() {
    assert_fields_clean(&field_fuzz(5_000, 2525));
}
