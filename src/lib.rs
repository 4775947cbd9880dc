//! herakon: an unofficial terminal client and rules engine for the board game
//! *Warhammer 40,000: Forbidden Stars*.

pub mod bot;
pub mod cli;
pub mod engine;
pub mod host;
pub mod store;
pub mod tui;
