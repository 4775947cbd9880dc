//! Reading and writing files, for the CLI and the client: the one place the program touches
//! the file system for its data.
//!
//! Reading is bounded: a file larger than [`MAX_FILE_BYTES`] is refused before it is read
//! whole, and a device or pipe that never ends (`/dev/zero`) is refused once that much has
//! come in, so no input can fill memory or hang a command.
//!
//! Writing is careful: the text goes to a temporary file in the target's directory, which is
//! synced, renamed over the target, and then the directory is synced too, so a crash leaves
//! the old file or the new one, never half of either. Before anything is written:
//! - a path that is a symbolic link is **followed**: the file the link points to is replaced
//!   (or created) and the link itself stays as it was;
//! - what is at the (followed) path must be absent or a regular file: a directory, a device, a
//!   fifo or a socket is refused;
//! - a read-only file (no write permission bit set) is refused, checked on the bits themselves
//!   so that it holds even for root, who may write anywhere;
//! - the replaced file's permission bits (and, where allowed, its owner) carry over.
//!
//! On every error the temporary file is removed and the target is untouched.
//!
//! [`assets`] reads a copy of the game data from a directory (`--assets`); [`saves`] builds on
//! this for game saves: loading, saving, fresh names and autosaves that
//! never overwrite another game.

pub mod assets;
pub mod saves;

use std::fmt;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest file read: far above any save (a long game is well under 1 MB), far below what
/// would hurt memory.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// How many symbolic links in a row are followed before giving up (a loop of links).
const MAX_LINKS: usize = 40;

/// Why a file was not read or not written. Every message names the file.
#[derive(Debug)]
pub enum StoreError {
    /// Something other than a regular file is at the path.
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What is there: "a directory", "a device", "a fifo", ...
        what: &'static str,
    },
    /// The file is read-only; it is not replaced.
    ReadOnly {
        /// The path as given.
        path: PathBuf,
    },
    /// A file already exists where a new one was to be created.
    Exists {
        /// The path as given.
        path: PathBuf,
    },
    /// The input is larger than [`MAX_FILE_BYTES`].
    TooLarge {
        /// The path as given.
        path: PathBuf,
    },
    /// The input is not UTF-8 text.
    NotText {
        /// The path as given.
        path: PathBuf,
    },
    /// Symbolic links that point at each other (or a chain too long to follow).
    LinkLoop {
        /// The path as given.
        path: PathBuf,
    },
    /// The operating system refused.
    Io {
        /// The path as given.
        path: PathBuf,
        /// What was being done: "read", "write", ...
        doing: &'static str,
        /// The system's reason.
        source: io::Error,
    },
}

impl StoreError {
    /// The path the error is about.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            StoreError::NotRegular { path, .. }
            | StoreError::ReadOnly { path }
            | StoreError::Exists { path }
            | StoreError::TooLarge { path }
            | StoreError::NotText { path }
            | StoreError::LinkLoop { path }
            | StoreError::Io { path, .. } => path,
        }
    }

    fn io(path: &Path, doing: &'static str, source: io::Error) -> StoreError {
        StoreError::Io {
            path: path.to_path_buf(),
            doing,
            source,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.path().display();
        match self {
            StoreError::NotRegular { what, .. } => {
                write!(f, "{p}: is {what}, not a regular file; left as it is")
            }
            StoreError::ReadOnly { .. } => {
                write!(f, "{p}: the file is read-only; it was not replaced")
            }
            StoreError::Exists { .. } => write!(
                f,
                "{p}: a file is already there; it was not replaced (use --force to replace it)"
            ),
            StoreError::TooLarge { .. } => write!(
                f,
                "{p}: more than {} MB; not read (no save or position is that large)",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
            StoreError::NotText { .. } => write!(f, "{p}: is not UTF-8 text"),
            StoreError::LinkLoop { .. } => {
                write!(f, "{p}: symbolic links that never reach a file")
            }
            StoreError::Io { doing, source, .. } => write!(f, "{p}: cannot {doing}: {source}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<StoreError> for String {
    fn from(e: StoreError) -> String {
        e.to_string()
    }
}

/// What kind of thing other than a regular file the metadata describes.
fn kind_name(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
        if t.is_fifo() {
            return "a fifo (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Reads a whole text file of at most [`MAX_FILE_BYTES`].
///
/// A regular file is measured before it is read; anything else that can be read (a pipe,
/// `/dev/stdin`) is read up to the limit and refused if more comes.
///
/// # Errors
/// A directory, a file or stream over the limit, text that is not UTF-8, or what the system
/// says; each names the file.
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    let meta = fs::metadata(path).map_err(|e| StoreError::io(path, "read", e))?;
    if meta.is_dir() {
        return Err(StoreError::NotRegular {
            path: path.to_path_buf(),
            what: "a directory",
        });
    }
    if meta.is_file() && meta.len() > MAX_FILE_BYTES {
        return Err(StoreError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    let file = File::open(path).map_err(|e| StoreError::io(path, "read", e))?;
    let mut bytes = Vec::new();
    // A device reports size 0 whatever it holds: one byte over the limit tells it is too much.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::io(path, "read", e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(StoreError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    String::from_utf8(bytes).map_err(|_| StoreError::NotText {
        path: path.to_path_buf(),
    })
}

/// Writes `text` to `path`, replacing the regular file there (see the module's rules).
///
/// # Errors
/// Something other than a regular file at the path, a read-only file, or what the system
/// says; the target is untouched and no temporary file is left.
pub fn write_text(path: &Path, text: &str) -> Result<(), StoreError> {
    write(path, text.as_bytes(), Mode::Replace, |_| Ok(()))
}

/// Writes `text` to `path`, which must not exist yet (see the module's rules).
///
/// # Errors
/// [`StoreError::Exists`] if anything is at the path; otherwise as [`write_text`].
pub fn write_new(path: &Path, text: &str) -> Result<(), StoreError> {
    write(path, text.as_bytes(), Mode::CreateOnly, |_| Ok(()))
}

/// Whether a write may replace an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Replace,
    CreateOnly,
}

/// Follows symbolic links from `path` to the path of what they finally point at (which may
/// not exist).
fn follow_links(path: &Path) -> Result<PathBuf, StoreError> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p).map_err(|e| StoreError::io(path, "follow", e))?;
                p = if link.is_absolute() {
                    link
                } else {
                    p.parent().unwrap_or_else(|| Path::new("")).join(link)
                };
            }
            _ => return Ok(p),
        }
    }
    Err(StoreError::LinkLoop {
        path: path.to_path_buf(),
    })
}

/// Whether the permission bits say nobody may write the file (checked on the bits so that the
/// answer is the same for root).
fn read_only(meta: &Metadata) -> bool {
    meta.permissions().readonly()
}

/// Numbers the temporary files of one process.
static TEMP_COUNT: AtomicU64 = AtomicU64::new(0);

/// Removes the temporary file when dropped, unless it was renamed into place.
struct TempFile {
    path: PathBuf,
    armed: bool,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if self.armed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Creates a fresh temporary file beside `target` (never an existing one: `create_new`).
fn create_temp(dir: &Path, target: &Path, shown: &Path) -> Result<(File, TempFile), StoreError> {
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let mut last = None;
    for _ in 0..16 {
        let n = TEMP_COUNT.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => {
                return Ok((
                    f,
                    TempFile {
                        path: tmp,
                        armed: true,
                    },
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(StoreError::io(shown, "write", e)),
        }
    }
    Err(StoreError::io(
        shown,
        "write",
        last.unwrap_or_else(|| io::Error::other("no free temporary name")),
    ))
}

/// The careful write; `before_rename` runs on the synced temporary file just before it takes
/// the target's place (tests use it to fail at the last moment).
fn write(
    path: &Path,
    bytes: &[u8],
    mode: Mode,
    before_rename: impl FnOnce(&Path) -> io::Result<()>,
) -> Result<(), StoreError> {
    let target = follow_links(path)?;
    let existing = match fs::symlink_metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(StoreError::io(path, "write", e)),
    };
    if let Some(meta) = &existing {
        if !meta.is_file() {
            return Err(StoreError::NotRegular {
                path: path.to_path_buf(),
                what: kind_name(meta),
            });
        }
        if mode == Mode::CreateOnly {
            return Err(StoreError::Exists {
                path: path.to_path_buf(),
            });
        }
        if read_only(meta) {
            return Err(StoreError::ReadOnly {
                path: path.to_path_buf(),
            });
        }
        // A file of another user that we may not write: the rename would still replace it
        // (it needs only the directory), so ask the system first. Opening without truncating
        // changes nothing.
        if let Err(e) = OpenOptions::new().write(true).open(&target) {
            return Err(if e.kind() == io::ErrorKind::PermissionDenied {
                StoreError::ReadOnly {
                    path: path.to_path_buf(),
                }
            } else {
                StoreError::io(path, "write", e)
            });
        }
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, "create the folder", e))?;
    let (mut file, mut temp) = create_temp(&dir, &target, path)?;
    let written = (|| -> io::Result<()> {
        file.write_all(bytes)?;
        if let Some(meta) = &existing {
            file.set_permissions(meta.permissions())?;
            keep_owner(&file, meta);
        }
        file.sync_all()?;
        drop(file);
        before_rename(&temp.path)
    })();
    written.map_err(|e| StoreError::io(path, "write", e))?;
    match mode {
        Mode::Replace => {
            fs::rename(&temp.path, &target).map_err(|e| StoreError::io(path, "write", e))?;
            temp.armed = false;
        }
        Mode::CreateOnly => {
            // A hard link fails if the name was taken meanwhile, where a rename would replace.
            match fs::hard_link(&temp.path, &target) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    return Err(StoreError::Exists {
                        path: path.to_path_buf(),
                    });
                }
                // A file system without hard links: the check above has to do.
                Err(_) => {
                    fs::rename(&temp.path, &target)
                        .map_err(|e| StoreError::io(path, "write", e))?;
                    temp.armed = false;
                }
            }
        }
    }
    drop(temp);
    sync_dir(&dir).map_err(|e| StoreError::io(path, "sync the folder of", e))
}

/// Gives the new file the old one's owner and group (only root may; otherwise the new file is
/// ours, as any file we create).
#[cfg(unix)]
fn keep_owner(file: &File, meta: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _meta: &Metadata) {}

/// Makes the rename durable: syncs the directory entry (a no-op where the system cannot).
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir).and_then(|d| d.sync_all()) {
            // Some file systems do not sync directories; the rename is done all the same.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("herakon-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_write_failing_at_the_last_moment_leaves_the_old_file_and_no_temporary_file() {
        let dir = scratch("late-fail");
        let file = dir.join("g.json");
        fs::write(&file, "old").unwrap();
        let r = write(&file, b"new", Mode::Replace, |tmp| {
            assert!(
                tmp.exists(),
                "the temporary file is there before the rename"
            );
            Err(io::Error::other("disk unplugged"))
        });
        let e = r.unwrap_err().to_string();
        assert!(e.contains("g.json") && e.contains("disk unplugged"), "{e}");
        assert_eq!(fs::read_to_string(&file).unwrap(), "old");
        assert_eq!(names(&dir), ["g.json"]);
    }

    #[test]
    fn a_new_file_failing_at_the_last_moment_leaves_nothing() {
        let dir = scratch("late-fail-new");
        let file = dir.join("g.json");
        let r = write(&file, b"new", Mode::CreateOnly, |_| {
            Err(io::Error::other("no space left"))
        });
        assert!(r.is_err());
        assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    }
}
