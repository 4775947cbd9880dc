//! The rules engine: pure, deterministic game state and the legal actions of the player who
//! must decide. No terminal, no files, no clock, no global random generator.

pub mod data;
mod data_load;
pub mod ids;
pub mod unit_type;

pub use data::GameData;
pub use ids::{Asset, AreaId, EdgeId, Faction, Order, Quadrant, Seat, Side, StructureKind, SystemId};
pub use unit_type::UnitType;
