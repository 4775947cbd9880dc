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

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests fail loudly")]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn names_are_trimmed_and_stripped_of_control_characters() {
        let kept = clean(&strings(&["  Anna ", "B\u{1b}[2Jen"]), 2).unwrap();
        assert_eq!(kept, strings(&["Anna", "B[2Jen"]));
    }

    #[test]
    fn more_names_than_seats_or_a_repeated_name_is_refused() {
        assert!(matches!(
            clean(&strings(&["A", "B", "C"]), 2),
            Err(NameError::TooMany {
                given: 3,
                players: 2
            })
        ));
        assert_eq!(
            clean(&strings(&["Anna", "anna"]), 2),
            Err(NameError::Duplicate("anna".into()))
        );
        let long = "x".repeat(NAME_MAX + 1);
        assert!(matches!(clean(&[long], 2), Err(NameError::TooLong(_))));
    }

    #[test]
    fn empty_names_mean_no_name_and_trailing_ones_are_dropped() {
        assert_eq!(
            clean(&strings(&["", "Ben", ""]), 3).unwrap(),
            strings(&["", "Ben"])
        );
        assert_eq!(
            clean(&strings(&["", " "]), 2).unwrap(),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_named_players_possessive_is_the_name_with_apostrophe_s() {
        let players = [
            (Faction::Ultramarines, Some("Anna")),
            (Faction::Eldar, Some("Ben")),
            (Faction::Chaos, None),
        ];
        assert_eq!(
            name_players("Ultramarines' Scout suffers 1 damage", &players),
            "Anna's Scout suffers 1 damage"
        );
        assert_eq!(
            name_players("Ultramarines destroys Iyanden Eldar's bastion", &players),
            "Anna (Ultramarines) destroys Ben's bastion"
        );
        assert_eq!(
            name_players("World Eaters' Cultist", &players),
            "World Eaters' Cultist"
        );
    }

    #[test]
    fn log_lines_call_named_players_by_name_once() {
        let players = [
            (Faction::Ultramarines, Some("Ultramarines fan")),
            (Faction::Chaos, None),
        ];
        assert_eq!(
            name_players("Ultramarines attack World Eaters in A1", &players),
            "Ultramarines fan (Ultramarines) attack World Eaters in A1"
        );
        assert_eq!(name_players("nothing here", &players), "nothing here");
    }

    #[test]
    fn a_player_is_called_by_name_and_faction() {
        assert_eq!(label(Some("Anna"), Faction::Chaos), "Anna (World Eaters)");
        assert_eq!(label(None, Faction::Chaos), "World Eaters");
        assert_eq!(label(Some(""), Faction::Orks), "Evil Sunz Orks");
    }
}
