//! The file format as text (reading and writing files is the caller's; see `crate::store`):
//! saves with their history, hand-written position sketches, and the JSON Schema of both.

pub mod save;
pub mod schema;
pub mod sketch;
