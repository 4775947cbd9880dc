//! The integration tests, as one crate: each module was a test binary of its own under
//! `tests/`. One crate compiles the code the tests share (the helpers, and the generic code of
//! herakon and its dependencies they instantiate) once and links once, where ~45 binaries each
//! did both; run one former file's tests with `cargo test --test it NAME::`.
//!
//! The library's own tests are here too, by subject (`state`, `validate`, `fit`, ...): the
//! library and the program are built without a test harness (Cargo.toml, `test = false`), so
//! `cargo test` compiles the library once instead of twice, and a test under `src/` would never
//! run (`purity::no_test_lives_in_src_where_it_would_never_run`).
//!
//! The modules share one process and run in parallel: a test that changes process-wide state
//! (the panic hook, the working directory, environment variables) must keep it to its own
//! threads or files.

mod common;

mod autosave;
mod board;
mod bots;
mod cards_combat;
mod cards_events;
mod check;
mod cli;
mod cli_privacy;
mod combat;
mod construction_screen;
mod data;
mod endgame;
mod event_kinds;
mod event_log;
mod faction_abilities;
mod files;
mod fit;
mod formality;
mod fuzz_saves;
mod hint;
mod host;
mod keys;
mod layout;
mod learn;
mod legal;
mod names;
mod newgame;
mod nothing_cut;
mod odds;
mod order_preview;
mod perft;
mod playouts;
mod privacy;
mod purity;
mod replay;
mod round;
mod rule_coverage;
mod rulings;
mod saves;
mod saves_strict;
mod screens;
mod search;
mod seats;
mod setup;
mod simulate;
mod situations;
mod state;
mod terminal;
mod thinking;
mod tui;
mod validate;
mod warnings;
mod why;
mod words;
