//! herakon: an unofficial terminal client and rules engine for the board game
//! *Warhammer 40,000: Forbidden Stars*.

pub mod bot;
pub mod cli;
pub mod engine;
pub mod host;
pub mod store;
pub mod tui;

/// The allocator of every program built on this library (the game, its tests and benchmarks).
///
/// The computer players copy a position for every line they try and drop it after: with the
/// system's allocator a fifth of the tree player's time went to `malloc` and `free` (#31).
/// mimalloc changes no result, only how fast memory is handed out and taken back.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
