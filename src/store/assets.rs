//! The game data a run plays with: the copy compiled into the binary, or the asset files of a
//! directory given with `--assets` (read with [`super::read_text`]).

use std::path::Path;
use std::sync::Arc;

use crate::engine::GameData;

/// Loads the game data: the embedded copy, or the files of `dir`.
///
/// # Errors
/// Every problem in the data, each with its file and JSON path.
/// A file of the folder that is absent is reported by the data's own check ("the file is
/// missing"); one that is there but cannot be read (a fifo, a device, too large, not text) is
/// reported with the reader's reason, and the folder must be a folder.
pub fn load_data(dir: Option<&Path>) -> Result<Arc<GameData>, String> {
    let data = match dir {
        None => GameData::embedded(),
        Some(dir) => {
            if !std::fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
                return Err(format!("--assets {}: not a folder", dir.display()));
            }
            let unreadable = std::cell::RefCell::new(Vec::new());
            let data = GameData::from_texts(|name| match super::read_text(&dir.join(name)) {
                Ok(text) => Some(text),
                Err(super::StoreError::Io { source, .. })
                    if source.kind() == std::io::ErrorKind::NotFound =>
                {
                    None
                }
                Err(e) => {
                    unreadable.borrow_mut().push(e.to_string());
                    None
                }
            });
            let unreadable = unreadable.into_inner();
            if !unreadable.is_empty() {
                return Err(unreadable.join("\n"));
            }
            data
        }
    };
    data.map(Arc::new).map_err(|e| match dir {
        Some(d) => format!("in {}: {e}", d.display()),
        None => e.to_string(),
    })
}
