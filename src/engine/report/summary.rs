//! The story of a game for its end screen and `herakon show`: who won and why, and each
//! player's standing (objective tokens, materiel, friendly worlds, units) after every round,
//! sampled by replaying the history from its start. Pure: the game in, numbers and sentences
//! out.

use crate::engine::rules::Game;
use crate::engine::state::ids::{Faction, Seat};
use crate::engine::state::phase::{EndReason, Phase};

/// One player's standing at a moment of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// Objective tokens collected.
    pub objectives: u8,
    /// Materiel in his supply.
    pub materiel: u8,
    /// Friendly worlds (worlds he controls or holds units on alone).
    pub worlds: usize,
    /// His units on the board.
    pub units: usize,
}

/// What a chart of the summary plots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    /// [`Standing::objectives`].
    Objectives,
    /// [`Standing::materiel`].
    Materiel,
    /// [`Standing::worlds`].
    Worlds,
    /// [`Standing::units`].
    Units,
}

impl Stat {
    /// Every statistic, in the order the end screen shows them.
    pub const ALL: [Stat; 4] = [Stat::Objectives, Stat::Materiel, Stat::Worlds, Stat::Units];

    /// Its name for a chart title or a table row.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Stat::Objectives => "objective tokens",
            Stat::Materiel => "materiel",
            Stat::Worlds => "friendly worlds",
            Stat::Units => "units on the board",
        }
    }

    /// Its value in a standing.
    #[must_use]
    pub fn of(self, s: &Standing) -> usize {
        match self {
            Stat::Objectives => usize::from(s.objectives),
            Stat::Materiel => usize::from(s.materiel),
            Stat::Worlds => s.worlds,
            Stat::Units => s.units,
        }
    }
}

/// Every player's standing after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// The round just played (0: the start of the history; the last sample is the end of the
    /// game, which may fall inside its round).
    pub after_round: u8,
    /// By seat.
    pub players: Vec<Standing>,
}

/// A finished game, told for its end screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The winning seats (several only when every tie-break is tied).
    pub winners: Vec<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Why the winners won, in a sentence.
    pub why: String,
    /// How each seat is called (`Anna (World Eaters)`).
    pub who: Vec<String>,
    /// Each seat's faction.
    pub factions: Vec<Faction>,
    /// The standings after every round, then at the end.
    pub samples: Vec<Sample>,
}

impl GameSummary {
    /// The final standings, by seat.
    #[must_use]
    pub fn last(&self) -> &[Standing] {
        self.samples.last().map_or(&[], |s| &s.players)
    }

    /// One player's values of `stat`, one per sample, as (round, value).
    #[must_use]
    pub fn series(&self, seat: Seat, what: Stat) -> Vec<(u8, usize)> {
        self.samples
            .iter()
            .filter_map(|s| {
                s.players
                    .get(seat.index())
                    .map(|p| (s.after_round, what.of(p)))
            })
            .collect()
    }
}

/// Every seat's standing in `game` now.
#[must_use]
pub fn standings(game: &Game) -> Vec<Standing> {
    game.seats()
        .map(|seat| {
            let f = game.faction(seat);
            let p = game.player(seat);
            Standing {
                objectives: p.objectives,
                materiel: p.materiel,
                worlds: game.friendly_worlds(f).count(),
                units: game.units_of(f),
            }
        })
        .collect()
}

/// The standings at the start of the history, after each round, and at the end, by replaying
/// the history. A history that stops replaying (never for a loaded game) ends the samples there.
#[must_use]
pub fn by_round(game: &Game) -> Vec<Sample> {
    let Ok(mut now) = Game::from_position(game.start().clone(), game.data_arc()) else {
        return vec![Sample {
            after_round: game.position().round,
            players: standings(game),
        }];
    };
    let mut round = now.position().round;
    let mut samples = vec![Sample {
        after_round: round.saturating_sub(1),
        players: standings(&now),
    }];
    for action in game.history() {
        if now.apply(*action).is_err() {
            break;
        }
        let r = now.position().round;
        if r != round {
            // The first moment of a new round is the end of the one before.
            samples.push(Sample {
                after_round: round,
                players: standings(&now),
            });
            round = r;
        }
    }
    let end = standings(&now);
    if samples.last().map(|s| &s.players) != Some(&end) || now.is_over() {
        samples.push(Sample {
            after_round: round,
            players: end,
        });
    }
    samples
}

/// The summary of a finished game (`None` while it goes on).
#[must_use]
pub fn summarize(game: &Game) -> Option<GameSummary> {
    let Phase::GameOver { winners, reason } = &game.position().phase else {
        return None;
    };
    let who: Vec<String> = game.seats().map(|s| game.who(s)).collect();
    Some(GameSummary {
        winners: winners.clone(),
        reason: *reason,
        why: why(game, winners, *reason),
        who,
        factions: game.seats().map(|s| game.faction(s)).collect(),
        samples: by_round(game),
    })
}

/// The tie-break keys of the Rules Reference ("Winning and Losing the Game"), in order.
fn keys(s: &Standing) -> [(usize, &'static str); 3] {
    [
        (usize::from(s.objectives), "objective tokens"),
        (s.worlds, "friendly worlds"),
        (s.units, "units on the board"),
    ]
}

/// Why the winners won, as a sentence.
fn why(game: &Game, winners: &[Seat], reason: EndReason) -> String {
    let names: Vec<String> = winners.iter().map(|s| game.who(*s)).collect();
    let names = if names.is_empty() {
        "nobody".to_string()
    } else {
        names.join(" and ")
    };
    let now = standings(game);
    let needed = game.player_count();
    match reason {
        EndReason::Elimination => match winners {
            [] => "every player lost his last friendly world".to_string(),
            _ => format!("{names} is the last player with a friendly world"),
        },
        EndReason::Objectives => {
            let s = format!("{names} collected {needed} objective tokens, the number needed");
            let reached: Vec<Seat> = game
                .seats()
                .filter(|x| usize::from(now[x.index()].objectives) >= needed)
                .collect();
            if reached.len() > 1 {
                format!(
                    "{s}; of those who did, {}",
                    tie_break(&now, winners, &reached)
                )
            } else {
                s
            }
        }
        EndReason::RoundLimit => {
            let active: Vec<Seat> = game.seats().filter(|&x| game.is_active(x)).collect();
            format!(
                "round {} ended; {names}: {}",
                game.position().round,
                tie_break(&now, winners, &active)
            )
        }
    }
}

/// How the winners beat the best of the other `candidates`: the first tie-break key that tells
/// them apart, after those tied, in words (`tied on objective tokens (2 each), then most
/// friendly worlds (4 to 3)`): the end screen's and `show`'s reason for a win on the
/// tie-breaks (Rules Reference, "Winning and Losing the Game").
#[must_use]
pub fn tie_break(now: &[Standing], winners: &[Seat], candidates: &[Seat]) -> String {
    let Some(w) = winners.first().and_then(|s| now.get(s.index())) else {
        return "no winner".to_string();
    };
    if winners.len() > 1 {
        return format!(
            "a shared victory, tied on every tie-break ({} objective tokens, {} friendly worlds, {} units each)",
            w.objectives, w.worlds, w.units
        );
    }
    let best_other = candidates
        .iter()
        .filter(|s| !winners.contains(s))
        .filter_map(|s| now.get(s.index()))
        .max_by_key(|s| keys(s).map(|k| k.0));
    let Some(o) = best_other else {
        return "nobody else was left in the running".to_string();
    };
    let mut tied = Vec::new();
    for ((wv, what), (ov, _)) in keys(w).into_iter().zip(keys(o)) {
        if wv != ov {
            let most = format!("most {what} ({wv} to {ov})");
            return if tied.is_empty() {
                most
            } else {
                format!("tied on {}, then {most}", tied.join(" and "))
            };
        }
        tied.push(format!("{what} ({wv} each)"));
    }
    format!("tied on {}: a shared victory", tied.join(", "))
}
