//! Reading and writing files, for the CLI and the client: the one place the program touches
//! the file system for its data.
//!
//! Reading is bounded: only a regular file is read, judged by its type before it is opened
//! (a fifo would block the opening itself, a device such as `/dev/zero` never ends), and a
//! file larger than [`MAX_FILE_BYTES`] is refused before it is read whole, so no input can fill
//! memory or hang a command.
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
//! - the replaced file's owner bits (and, where allowed, its owner) carry over, but never its
//!   group or other bits: a save holds every hidden fact, so it is readable by its owner only.
//!
//! On every error the temporary file is removed and the target is untouched. A temporary file
//! is created readable by its owner only (it holds the whole game), so a new file is too, and a
//! replaced file loses any group or other bits it had. Temporary files left by a writer that was killed (`kill -9`
//! between creating and renaming) are removed by [`remove_stale_temps`] once their process is
//! gone: at start-up for `saves/`, and before the first write into any other folder.
//!
//! [`printable`] is the one cleaning of text for the terminal: every message that may quote a
//! file (its content, its name) passes through it on its way out.
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
    /// Something other than a folder is where a folder is needed.
    NotFolder {
        /// The path as given.
        path: PathBuf,
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
            | StoreError::NotFolder { path }
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
            StoreError::NotFolder { .. } => write!(f, "{p}: is not a folder"),
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

/// Refuses what is not a regular file, judged by `meta` (of the path, links followed).
fn regular(path: &Path, meta: &Metadata) -> Result<(), StoreError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(StoreError::NotRegular {
            path: path.to_path_buf(),
            what: kind_name(meta),
        })
    }
}

/// Reads a whole regular text file of at most [`MAX_FILE_BYTES`].
///
/// The path's type is looked at before the file is opened: a fifo, a device, a socket or a
/// directory is refused at once (opening a fifo waits for a writer; a device may never end).
///
/// # Errors
/// Not a regular file, a file over the limit, text that is not UTF-8, or what the system says;
/// each names the file.
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    let meta = fs::metadata(path).map_err(|e| StoreError::io(path, "read", e))?;
    regular(path, &meta)?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(StoreError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    let file = File::open(path).map_err(|e| StoreError::io(path, "read", e))?;
    // The path may have been swapped since it was looked at: look at what was opened.
    let meta = file
        .metadata()
        .map_err(|e| StoreError::io(path, "read", e))?;
    regular(path, &meta)?;
    let mut bytes = Vec::new();
    // A file growing while it is read: one byte over the limit tells it is too much.
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

/// Makes sure files can be made in `dir` before any work that would fill it: the folder is
/// created if missing, must be a folder (links followed), and a scratch file is created in it
/// and removed again (the only sure test of being allowed to write there).
///
/// # Errors
/// Something other than a folder at the path, or why the folder cannot be made or written.
pub fn writable_folder(dir: &Path) -> Result<(), StoreError> {
    match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(StoreError::NotFolder {
                path: dir.to_path_buf(),
            });
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|e| StoreError::io(dir, "create the folder", e))?;
        }
        Err(e) => return Err(StoreError::io(dir, "use the folder", e)),
    }
    let probe = dir.join("folder");
    let (_file, temp) = create_temp(dir, &probe, dir)?;
    drop(temp);
    Ok(())
}

/// Whether a write may replace an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A regular file at the path is replaced ([`write_text`]).
    Replace,
    /// Anything at the path is refused ([`write_new`]).
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
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        // Readable by the owner only from the first byte: it holds every hidden fact.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&tmp) {
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

/// The careful write under the module's rules, of which [`write_text`] and [`write_new`] are
/// the two modes; `before_rename` runs on the synced temporary file just before it takes the
/// target's place (tests use it to fail at the last moment).
///
/// # Errors
/// As [`write_text`] or [`write_new`] by `mode`, and whatever `before_rename` returns; on every
/// error the target is untouched and no temporary file is left.
pub fn write(
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
    tidy_once(&dir);
    let (mut file, mut temp) = create_temp(&dir, &target, path)?;
    let written = (|| -> io::Result<()> {
        file.write_all(bytes)?;
        if let Some(meta) = &existing {
            keep_owner(&file, meta);
            file.set_permissions(owner_only(meta))?;
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

/// The process id in a temporary file's name (`.NAME.PID-N.tmp`, as [`create_temp`] makes
/// it), if the name is one.
fn temp_writer(file_name: &str) -> Option<u32> {
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, tail) = inner.rsplit_once('.')?;
    let (pid, n) = tail.split_once('-')?;
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if name.is_empty() || !digits(pid) || !digits(n) {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` is running; `None` where the system does not tell (no `/proc`).
fn process_alive(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return None;
    }
    Some(proc.join(pid.to_string()).exists())
}

/// Removes the temporary files in `dir` whose writer is gone (a write killed before its rename
/// leaves the whole game there, hidden facts included); returns the paths removed. A file of a
/// running process, of this one, or anything that is not a regular file is left alone, and so
/// is everything where the system cannot say which processes run.
pub fn remove_stale_temps(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let Some(pid) = temp_writer(&entry.file_name().to_string_lossy()) else {
            continue;
        };
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if !is_file || pid == std::process::id() || process_alive(pid) != Some(false) {
            continue;
        }
        if fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}

/// [`remove_stale_temps`] for a folder about to be written to, once per folder and run.
fn tidy_once(dir: &Path) {
    static TIDIED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let Ok(mut tidied) = TIDIED.lock() else {
        return;
    };
    if !tidied.iter().any(|d| d == dir) {
        tidied.push(dir.to_path_buf());
        remove_stale_temps(dir);
    }
}

/// Text made safe to show on a terminal: every control character but the line feed and the tab
/// (escape sequences, carriage returns, the bell, C1 codes) and every bidirectional override
/// is written as a visible `\u{..}` escape instead, so a hostile file or file name quoted in a
/// message cannot clear the screen, set the window title or write to the clipboard.
#[must_use]
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Gives the new file the old one's owner and group (only root may; otherwise the new file is
/// ours, as any file we create).
#[cfg(unix)]
fn keep_owner(file: &File, meta: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
}

/// The replaced file's permission bits for the owner alone: a save once shared by
/// `chmod 644` becomes private again when it is rewritten (#25).
#[cfg(unix)]
fn owner_only(meta: &Metadata) -> fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    fs::Permissions::from_mode(meta.permissions().mode() & 0o700)
}

/// Elsewhere only the read-only flag exists, and a read-only file was refused before.
#[cfg(not(unix))]
fn owner_only(meta: &Metadata) -> fs::Permissions {
    meta.permissions()
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
