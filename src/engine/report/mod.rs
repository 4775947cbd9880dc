//! What the engine tells a person about a game beyond the rules' answers: what an order would
//! do if resolved now, and the story of a game for its end screen.

pub mod order_preview;
pub mod summary;
