//! The rules engine: pure, deterministic game state and the legal actions of the player who
//! must decide. No terminal, no files, no clock, no global random generator.

pub mod data;
mod data_load;
pub mod ids;
mod json_error;
mod json_keys;
pub mod unit_type;

pub use data::GameData;
pub use ids::{
    AreaId, Asset, EdgeId, Faction, Order, Quadrant, Seat, Side, StructureKind, SystemId,
};
pub use unit_type::UnitType;
pub mod action;
pub mod board;
pub mod card_step;
pub mod game;
pub mod names;
pub mod phase;
pub mod position;
pub mod rulings;
pub mod setup_phase;
pub mod storms;

pub use action::Action;
pub use game::{Decision, DecisionKind, Event, Game, NewGameOptions, RuleError, Violation};
pub use position::Position;
pub use setup_phase::{SetupKind, SetupState, SetupStep};
pub mod view;
pub mod wording;
pub use view::PlayerView;
pub mod order_preview;
pub mod privacy;
pub use privacy::{HiddenFact, HiddenFacts, Keyboard, Preview, UndoRefusal};
pub mod combat;
pub mod effect;
pub mod save;
pub mod schema;
pub mod sketch;
pub mod summary;
