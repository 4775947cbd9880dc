//! Reading and writing files for the CLI and the client: whole-file reads with the path in
//! every error, and atomic writes (a temporary file renamed over the target).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Reads a whole text file.
///
/// # Errors
/// A sentence naming the file and the reason.
pub fn read_text(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// Writes `text` to `path` atomically: into a temporary file beside it, flushed to disk, then
/// renamed over the target, so a crash leaves either the old file or the new one, never half.
///
/// # Errors
/// A sentence naming the file and the reason; the target is untouched then.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("{}: cannot write: {e}", path.display())
    })
}
