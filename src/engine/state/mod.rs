//! The state of a game at one moment, as a save holds it: plain serde data that may break
//! rules. Nothing here knows the rules; `rules::Game::from_position` is the one gate from a
//! `Position` to a playable game. Nothing here imports the data, the rules or the file format.

// Names for game concepts.
pub mod die;
pub mod ids;
pub mod unit_type;

// The position and where the round stands.
pub mod area_map;
pub mod board_layout;
pub mod card_name;
pub mod phase;
pub mod position;
pub mod setup_phase;

// Steps in progress: combats and card abilities, and the effect language card abilities are
// written in (the cards in `data` hold effects; a combat in progress holds those waiting).
pub mod card_step;
pub mod combat_state;
pub mod effect;

// What players do, who they are, and which seats a computer plays.
pub mod action;
pub mod computer;
pub mod names;

// The rules by name, as refusals and violations cite them.
pub mod rule;
