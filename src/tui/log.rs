//! The game log: the engine's events with a separator where a round or a phase begins and one
//! summary line after each combat (cards, damage, losses, winner). Built the same way while
//! playing, when a saved game is loaded (from its history) and in a replay, so the words never
//! differ.

use std::fmt::Write as _;

use super::app::LogLine;
use crate::engine::Game;

/// What a combat in progress has produced so far, for its summary line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// `combat in B1.se: Ultramarines attacks World Eaters`, or empty outside a combat.
    opening: String,
    /// `who: card` for each card played.
    cards: Vec<String>,
    /// `who N` for each side's damage.
    damage: Vec<String>,
    /// Each unit destroyed, as the event names it.
    destroyed: Vec<String>,
    /// Who won.
    winner: Option<String>,
}

/// A separator line: `── Round 2 · World Eaters first ──`.
fn separator(text: &str) -> LogLine {
    LogLine {
        text: format!("── {text} ──"),
        note: true,
    }
}

/// The log lines for the events of one action, in order; `tally` carries a combat across
/// actions.
#[must_use]
pub fn lines(events: &[String], tally: &mut Tally) -> Vec<LogLine> {
    let mut out = Vec::new();
    for text in events {
        if let Some(first) = text.strip_prefix("Setup is complete; round 1 begins with ") {
            // The end of a constructed board's setup is the start of the first round.
            out.push(separator(&format!("Round 1 · Planning · {first} first")));
            continue;
        }
        if let Some(rest) = text.strip_prefix("round ") {
            // "round 2 begins; World Eaters is first player"
            let (n, first) = rest.split_once(" begins; ").unwrap_or((rest, ""));
            let first = first.strip_suffix(" is first player").unwrap_or(first);
            if first.is_empty() {
                out.push(separator(&format!("Round {n} · Planning")));
            } else {
                out.push(separator(&format!("Round {n} · Planning · {first} first")));
            }
            continue;
        }
        if let Some(phase) = text
            .strip_prefix("the ")
            .and_then(|t| t.strip_suffix(" Phase begins"))
        {
            out.push(separator(&format!("{phase} Phase")));
            continue;
        }
        if text.is_empty() {
            continue;
        }
        out.push(LogLine {
            text: text.clone(),
            note: false,
        });
        note_combat(text, tally, &mut out);
    }
    out
}

/// Follows a combat through its events; at its end, adds the summary line.
fn note_combat(text: &str, tally: &mut Tally, out: &mut Vec<LogLine>) {
    if text.starts_with("combat in ") {
        *tally = Tally {
            opening: text.to_string(),
            ..Tally::default()
        };
        return;
    }
    if tally.opening.is_empty() {
        return;
    }
    if let Some((who, card)) = text.split_once(" plays ") {
        tally.cards.push(format!("{who}: {card}"));
    } else if let Some((who, rest)) = text.split_once(" suffers ")
        && let Some(n) = rest.strip_suffix(" damage")
        && !who.contains('\'')
    {
        tally.damage.push(format!("{who} {n}"));
    } else if let Some(unit) = text.strip_suffix(" and is destroyed") {
        let unit = unit.split(" suffers ").next().unwrap_or(unit);
        tally.destroyed.push(unit.to_string());
    } else if let Some(unit) = text.strip_suffix(" is destroyed") {
        tally.destroyed.push(unit.to_string());
    } else if let Some(who) = text.strip_suffix(" wins the combat") {
        tally.winner = Some(who.to_string());
    } else if text.starts_with("the combat in ") && text.ends_with(" ends") {
        let t = std::mem::take(tally);
        let mut s = capitalized(&t.opening);
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        let _ = write!(
            s,
            " · cards {} · damage {} · destroyed {} · {} wins",
            list(&t.cards),
            list(&t.damage),
            list(&t.destroyed),
            t.winner.as_deref().unwrap_or("nobody")
        );
        out.push(LogLine {
            text: s,
            note: true,
        });
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The opening lines of every log: who plays, then the first round.
#[must_use]
pub fn opening(game: &Game) -> Vec<LogLine> {
    vec![
        LogLine {
            text: format!(
                "A game for {} players: {}.",
                game.player_count(),
                game.seats()
                    .map(|s| game.who(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            note: true,
        },
        // A constructed board's game opens with its setup; round 1 begins when it ends.
        if matches!(
            game.start().phase,
            crate::engine::state::phase::Phase::Setup(_)
        ) {
            separator("Setup · constructing the board")
        } else {
            separator("Round 1 · Planning")
        },
    ]
}

/// The whole log of `game`, rebuilt from its history (as it read while it was played), and
/// the combat in progress it follows; only the opening lines if the history does not replay.
#[must_use]
pub fn rebuild(game: &Game) -> (Vec<LogLine>, Tally) {
    let mut out = opening(game);
    let Ok(mut g) = super::undo::rewind(game, 0) else {
        return (out, Tally::default());
    };
    let mut tally = Tally::default();
    for action in game.history() {
        match g.apply(*action) {
            Ok(events) => {
                let texts: Vec<String> = events
                    .iter()
                    .map(|e| game.with_names(&e.to_string()))
                    .collect();
                out.extend(lines(&texts, &mut tally));
            }
            Err(_) => break,
        }
    }
    (out, tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(v: &[&str]) -> Vec<String> {
        v.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn rounds_and_phases_become_separators() {
        let mut t = Tally::default();
        let l = lines(
            &texts(&[
                "the Operations Phase begins",
                "round 2 begins; World Eaters is first player",
            ]),
            &mut t,
        );
        let words: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            words,
            [
                "── Operations Phase ──",
                "── Round 2 · Planning · World Eaters first ──"
            ]
        );
    }

    #[test]
    fn the_end_of_a_constructed_boards_setup_opens_round_one() {
        let mut t = Tally::default();
        let l = lines(
            &texts(&[
                "World Eaters places a warp storm on B1.s",
                "Setup is complete; round 1 begins with Ultramarines",
            ]),
            &mut t,
        );
        let words: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            words,
            [
                "World Eaters places a warp storm on B1.s",
                "── Round 1 · Planning · Ultramarines first ──"
            ]
        );
    }

    #[test]
    fn a_combat_ends_with_one_summary_line() {
        let mut t = Tally::default();
        let mut l = lines(
            &texts(&["combat in B1.se: Ultramarines attacks World Eaters"]),
            &mut t,
        );
        l.extend(lines(
            &texts(&[
                "Ultramarines plays Ambush",
                "World Eaters plays Lure of Chaos",
                "World Eaters suffers 3 damage",
                "World Eaters' Cultist suffers 1 damage and is destroyed",
                "Ultramarines wins the combat",
                "the combat in B1.se ends",
            ]),
            &mut t,
        ));
        let last = l.last().map(|l| l.text.clone()).unwrap_or_default();
        assert_eq!(
            last,
            "Combat in B1.se: Ultramarines attacks World Eaters · cards Ultramarines: Ambush, \
             World Eaters: Lure of Chaos · damage World Eaters 3 · destroyed World Eaters' \
             Cultist · Ultramarines wins"
        );
        assert_eq!(t, Tally::default());
    }
}
