//! Player names: free text typed by the players, one per seat, kept beside the game (never part
//! of the rules' position) and written into the save. Names are public information.

use crate::engine::state::ids::Faction;

/// The longest name kept, in characters.
pub const NAME_MAX: usize = 24;

/// Why a list of names is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// More names than seats.
    #[error("{given} names for {players} players")]
    TooMany {
        /// Names given.
        given: usize,
        /// Seats in the game.
        players: usize,
    },
    /// Two seats with the same name could not be told apart on the hand-off screen.
    #[error("two players are both named {0:?}")]
    Duplicate(String),
    /// A name longer than [`NAME_MAX`].
    #[error("the name {0:?} is longer than {NAME_MAX} characters")]
    TooLong(String),
}

/// The names as kept: control characters dropped (they would break the terminal), spaces
/// trimmed, one entry per given seat (empty: no name). Refuses more names than seats, a name
/// over [`NAME_MAX`] characters, or the same name twice.
///
/// # Errors
/// The first [`NameError`].
pub fn clean(names: &[String], players: usize) -> Result<Vec<String>, NameError> {
    if names.len() > players {
        return Err(NameError::TooMany {
            given: names.len(),
            players,
        });
    }
    let mut kept: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let name: String = name.chars().filter(|c| !c.is_control()).collect();
        let name = name.trim().to_string();
        if name.chars().count() > NAME_MAX {
            return Err(NameError::TooLong(name));
        }
        if !name.is_empty() && kept.iter().any(|k| k.eq_ignore_ascii_case(&name)) {
            return Err(NameError::Duplicate(name));
        }
        kept.push(name);
    }
    // Trailing empty names say nothing: drop them so a nameless game saves as before.
    while kept.last().is_some_and(String::is_empty) {
        kept.pop();
    }
    Ok(kept)
}

/// How a player is called on every screen: `Anna (World Eaters)`, or the faction alone when
/// the seat has no name.
#[must_use]
pub fn label(name: Option<&str>, faction: Faction) -> String {
    match name.filter(|n| !n.is_empty()) {
        Some(n) => format!("{n} ({})", faction.name()),
        None => faction.name().to_string(),
    }
}

/// `text` (a log line naming factions) with each faction name, for a named player, replaced
/// by `Anna (World Eaters)`; one pass, so a name that contains a faction's name is not
/// replaced again.
#[must_use]
pub fn name_players(text: &str, players: &[(Faction, Option<&str>)]) -> String {
    let named: Vec<(&str, String)> = players
        .iter()
        .filter(|(_, n)| n.is_some_and(|n| !n.is_empty()))
        .map(|(f, n)| (f.name(), label(*n, *f)))
        .collect();
    if named.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some((faction, who)) = named.iter().find(|(f, _)| rest.starts_with(f)) {
            rest = &rest[faction.len()..];
            // A possessive (`Ultramarines'`, `Iyanden Eldar's`) is the player's: `Anna's`,
            // never `Anna (Ultramarines)'`.
            let ending = ["'s", "'"].into_iter().find(|e| {
                rest.starts_with(e) && !rest[e.len()..].starts_with(char::is_alphanumeric)
            });
            match ending {
                Some(e) => {
                    let name = players
                        .iter()
                        .find(|(f, _)| f.name() == *faction)
                        .and_then(|(_, n)| *n)
                        .unwrap_or(*faction);
                    out.push_str(name);
                    out.push_str("'s");
                    rest = &rest[e.len()..];
                }
                None => out.push_str(who),
            }
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}
