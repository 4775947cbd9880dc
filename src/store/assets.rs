//! The game data a run plays with: the copy compiled into the binary, or the asset files of a
//! directory given with `--assets` (read with [`super::read_text`]).

use std::path::Path;
use std::sync::Arc;

use crate::engine::GameData;

/// Loads the game data: the embedded copy, or the files of `dir`.
///
/// # Errors
/// Every problem in the data, each with its file and JSON path.
pub fn load_data(dir: Option<&Path>) -> Result<Arc<GameData>, String> {
    let data = match dir {
        None => GameData::embedded(),
        Some(dir) => GameData::from_texts(|name| super::read_text(&dir.join(name)).ok()),
    };
    data.map(Arc::new).map_err(|e| match dir {
        Some(d) => format!("in {}: {e}", d.display()),
        None => e.to_string(),
    })
}
