//! The file format as text (reading and writing files is the caller's; see `crate::store`):
//! saves with their history, hand-written position sketches, and the JSON Schema of both.

pub mod error;
pub mod save;
pub mod schema;
pub mod sketch;

/// The version written into every save; older or newer versions are refused with a clear error.
pub const SAVE_FORMAT: u32 = 1;
