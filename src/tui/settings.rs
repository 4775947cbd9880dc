//! The client's small settings file, `settings.json` under the user's config directory
//! (`$HERAKON_CONFIG_DIR`, else `$XDG_CONFIG_HOME/herakon`, else `~/.config/herakon`): whether
//! the phase reminders are on, and whether a first game was played. Only the front end reads
//! and writes it; a missing file is the defaults, and a broken or unwritable one never stops
//! the game (the caller shows why on the status line).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The environment variable that moves the settings directory (tests point it at a temporary
/// directory).
pub const CONFIG_DIR_VAR: &str = "HERAKON_CONFIG_DIR";

/// The settings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The phase reminders, as the player last set them (`None`: on until a first game was
    /// played, off after).
    pub phase_tips: Option<bool>,
    /// Whether a first game was played to its end (or the guided game finished).
    pub played: bool,
}

impl Settings {
    /// Whether the phase reminders are on.
    #[must_use]
    pub fn phase_tips_on(&self) -> bool {
        self.phase_tips.unwrap_or(!self.played)
    }
}

/// The settings directory, if one can be named.
#[must_use]
pub fn dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(d) = var(CONFIG_DIR_VAR) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = var("XDG_CONFIG_HOME") {
        return Some(PathBuf::from(d).join("herakon"));
    }
    var("HOME").map(|h| PathBuf::from(h).join(".config").join("herakon"))
}

/// The settings file's name in its directory.
pub const FILE: &str = "settings.json";

/// Reads the settings: the defaults when there is no file; the defaults and why when it cannot
/// be read or parsed.
#[must_use]
pub fn load() -> (Settings, Option<String>) {
    match dir() {
        Some(dir) => load_from(&dir),
        None => (Settings::default(), None),
    }
}

/// Reads the settings of the directory `dir` (see [`load`]).
#[must_use]
pub fn load_from(dir: &std::path::Path) -> (Settings, Option<String>) {
    let path = dir.join(FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => match serde_json::from_str(&text) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "settings {} ignored: {e}",
                    crate::store::printable(&path.display().to_string())
                )),
            ),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
        Err(e) => (
            Settings::default(),
            Some(format!(
                "settings {} not read: {e}",
                crate::store::printable(&path.display().to_string())
            )),
        ),
    }
}

/// Writes the settings (to a temporary file, then renamed over the old one).
///
/// # Errors
/// Why the file could not be written, in words for the status line.
pub fn save(settings: &Settings) -> Result<(), String> {
    let dir = dir().ok_or("settings not saved: no config directory (HOME unset)")?;
    save_to(&dir, settings)
}

/// Writes the settings into the directory `dir` (see [`save`]).
///
/// # Errors
/// Why the file could not be written, in words for the status line.
pub fn save_to(dir: &std::path::Path, settings: &Settings) -> Result<(), String> {
    let path = dir.join(FILE);
    let shown = crate::store::printable(&path.display().to_string()).into_owned();
    let text = serde_json::to_string_pretty(settings).map_err(|e| e.to_string())?;
    let write = || -> std::io::Result<()> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text.as_bytes())?;
        std::fs::rename(&tmp, &path)
    };
    write().map_err(|e| format!("settings not saved to {shown}: {e}"))
}
