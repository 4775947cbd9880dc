//! The game log: the engine's events with a separator where a round or a phase begins and one
//! summary line after each combat (cards, damage, losses, winner). Built the same way while
//! playing, when a saved game is loaded (from its history) and in a replay, so the words never
//! differ.

use std::fmt::Write as _;

/// One log line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// The text.
    pub text: String,
    /// Whether the log wrote it about the game (the opening line, a round or phase separator,
    /// a combat summary) rather than the engine; per-seat messages never enter the log, they
    /// go to the status line (see [`super::app::App::note`]).
    pub note: bool,
}

use crate::engine::Action;
use crate::engine::Game;
use crate::engine::rules::Event;
use crate::engine::rules::event::piece_words;
use crate::engine::state::ids::Faction;

/// What a combat in progress has produced so far, for its summary line: facts from the
/// engine's events, put into words with the players' names when the combat ends.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// The combat's opening event ([`Event::CombatBegins`]), or `None` outside a combat.
    opening: Option<Event>,
    /// Each card played, by whom.
    cards: Vec<(Faction, String)>,
    /// Each side's damage.
    damage: Vec<(Faction, u8)>,
    /// Each piece destroyed, in words (`World Eaters' Cultist`).
    destroyed: Vec<String>,
    /// Who won.
    winner: Option<Faction>,
}

/// A separator line: `── Round 2 · World Eaters first ──`.
fn separator(text: &str) -> LogLine {
    LogLine {
        text: format!("── {text} ──"),
        note: true,
    }
}

/// The log lines for the events of one action, in order; `tally` carries a combat across
/// actions. `game` names the players.
#[must_use]
pub fn lines(game: &Game, events: &[Event], tally: &mut Tally) -> Vec<LogLine> {
    let who = |f: Faction| game.with_names(f.name());
    let mut out = Vec::new();
    for event in events {
        match event {
            // The end of a constructed board's setup is the start of the first round.
            Event::SetupComplete { first } => {
                out.push(separator(&format!(
                    "Round 1 · Planning · {} first",
                    who(*first)
                )));
                continue;
            }
            Event::RoundBegins { round, first } => {
                out.push(separator(&format!(
                    "Round {round} · Planning · {} first",
                    who(*first)
                )));
                continue;
            }
            Event::OperationsBegins {} => {
                out.push(separator("Operations Phase"));
                continue;
            }
            Event::RefreshBegins {} => {
                out.push(separator("Refresh Phase"));
                continue;
            }
            _ => {}
        }
        // Dice rolled or rerolled are shown as their faces too (✸ ▣ ✪).
        let mut text = game.with_names(&event.to_string());
        if let Some(faces) = super::combat_result::dice_faces(event) {
            text.push_str(&faces);
        }
        out.push(LogLine { text, note: false });
        note_combat(game, event, tally, &mut out);
    }
    out
}

/// Follows a combat through its events; at its end, adds the summary line.
fn note_combat(game: &Game, event: &Event, tally: &mut Tally, out: &mut Vec<LogLine>) {
    if let Event::CombatBegins { .. } = event {
        *tally = Tally {
            opening: Some(event.clone()),
            ..Tally::default()
        };
        return;
    }
    if tally.opening.is_none() {
        return;
    }
    let named = |text: &str| game.with_names(text);
    match event {
        Event::CardPlayed { faction, card } => tally.cards.push((*faction, card.to_string())),
        Event::DamageSuffered { faction, damage } => tally.damage.push((*faction, *damage)),
        Event::PieceDamaged {
            faction,
            target,
            destroyed: true,
            ..
        } => tally
            .destroyed
            .push(named(&piece_words(*faction, *target, false))),
        Event::Destroyed { faction, target } => tally
            .destroyed
            .push(named(&piece_words(*faction, *target, true))),
        Event::AmbushDestroyed { faction } => {
            let words = format!("Ambush: {} routed unit", faction.possessive());
            tally
                .destroyed
                .push(named(&crate::engine::rules::wording::plain(&words)));
        }
        Event::StructureLost {
            faction,
            kind,
            area,
        } => tally.destroyed.push(named(&format!(
            "{} has no control token left: the {kind} in {area}",
            faction.name()
        ))),
        Event::CombatWon { faction, .. } => tally.winner = Some(*faction),
        // The defender had nothing to fight with: the attacker won.
        Event::WonAtOnce { attacker, .. } => tally.winner = Some(*attacker),
        Event::CombatEnds { .. } => {
            let t = std::mem::take(tally);
            let opening = t.opening.map(|e| named(&e.to_string())).unwrap_or_default();
            let mut s = capitalized(&opening);
            let list = |v: Vec<String>| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            let who = |f: Faction| named(f.name());
            let _ = write!(
                s,
                " · cards {} · damage {} · destroyed {} · {} wins",
                list(
                    t.cards
                        .iter()
                        .map(|(f, card)| format!("{}: {card}", who(*f)))
                        .collect()
                ),
                list(
                    t.damage
                        .iter()
                        .map(|(f, n)| format!("{} {n}", who(*f)))
                        .collect()
                ),
                list(t.destroyed),
                t.winner.map_or_else(|| "nobody".to_string(), who)
            );
            out.push(LogLine {
                text: s,
                note: true,
            });
        }
        _ => {}
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
        let formal = formality_line(&g, *action);
        match g.apply(*action) {
            Ok(events) => out.extend(lines(game, &events, &mut tally)),
            Err(_) => break,
        }
        out.extend(formal);
    }
    (out, tally)
}

/// The line that says `action` was the only choice of the decision in `before` and needed
/// nobody's thought ([`Game::formal_action`]), written after its events; `None` for any other
/// action. Every path that applies an action asks it, and so does [`rebuild`], so a log
/// reloaded from the history reads as it did while playing.
#[must_use]
pub fn formality_line(before: &Game, action: Action) -> Option<LogLine> {
    if before.formal_action() != Some(action) {
        return None;
    }
    let who = before.who(before.decision()?.seat);
    let public = super::scene::public_words(before, action);
    Some(LogLine {
        text: format!("{who}: {public} (the only choice)"),
        note: true,
    })
}
