//! The rules engine: pure, deterministic game state and the legal actions of the player who
//! must decide. No terminal, no files, no clock, no global random generator.
//!
//! Five parts, each depending only on those listed before it:
//!
//! - [`state`]: what a game is at one moment, as a save holds it: plain serde data that may
//!   break rules (the position, the phase and the step in progress, combats, card abilities in
//!   progress, the actions, the identifiers).
//! - [`data`]: the printed components: factions, units, cards, tiles and setups from `assets/`,
//!   loaded and checked; the rulings chosen where the rules are unclear.
//! - [`rules`]: [`Game`], a validated position with the rules: one file per Rules Reference
//!   topic or order, each with its legal actions, its effect and its "why not"; what each seat
//!   may see and when undo is fair.
//! - [`report`]: what the engine tells a person about a game beyond the rules' answers: order
//!   previews and the story of a game.
//! - [`format`](mod@format): the file format as text: saves, hand-written sketches and their
//!   JSON Schema.

// The state: plain data.
pub mod state;

// The printed components and the rulings.
pub mod data;

// The rules and `Game`.
pub mod rules;

// What the engine tells a person beyond the rules' answers.
pub mod report;

// Saves, sketches and the schema.
pub mod format;

// The names most users need, at the top.
pub use data::GameData;
pub use rules::privacy::{HiddenFact, HiddenFacts, Keyboard, Preview, UndoRefusal};
pub use rules::view::PlayerView;
pub use rules::{Decision, DecisionKind, Event, Game, NewGameOptions, RuleError, Violation};
pub use state::action::Action;
pub use state::card_name::CardName;
pub use state::ids::{
    AreaId, Asset, EdgeId, Faction, Order, Quadrant, Seat, Side, StructureKind, SystemId,
};
pub use state::position::Position;
pub use state::rule::Rule;
pub use state::setup_phase::{SetupKind, SetupState, SetupStep};
pub use state::unit_type::UnitType;
