//! Playing whole games between computer players without a screen: one seat per bot, every
//! decision asked of the bot in the deciding seat, and a record of how the game ended.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Bot, BotKind};
use crate::engine::report::summary::{Standing, standings};
use crate::engine::state::ids::Seat;
use crate::engine::state::phase::{EndReason, Phase};
use crate::engine::{Game, GameData, NewGameOptions};

/// How one finished game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The winning seats (several only when every tie-break is tied).
    pub winners: Vec<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The round the game ended in (1-8).
    pub rounds: u8,
    /// The decisions taken (actions applied).
    pub decisions: usize,
    /// Every seat's standing at the end (objective tokens, friendly worlds, units: what the
    /// tie-breaks compare), for a series' balance figures.
    pub standings: Vec<Standing>,
}

/// Why a game between bots could not be finished.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A seat had a decision but its bot chose nothing.
    #[error("seat {seat}: the bot chose no action (decision {decision})")]
    NoChoice {
        /// The deciding seat.
        seat: Seat,
        /// How many actions had been applied.
        decision: usize,
    },
    /// A bot chose an action the engine refused.
    #[error("seat {seat}: the bot chose `{action}`, which the engine refused: {reason}")]
    Refused {
        /// The deciding seat.
        seat: Seat,
        /// The action in notation.
        action: String,
        /// The rule.
        reason: String,
    },
    /// The game ran past the decision limit.
    #[error("the game did not end within {0} decisions")]
    TooLong(usize),
    /// Fewer bots than seats.
    #[error("{bots} bot(s) for {seats} seats")]
    Seats {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
}

/// How long one seat's bot thought, measured around each of its decisions (wall-clock time on
/// the thread that played the game). Kept apart from [`GameRecord`], which depends only on
/// the seeds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Decisions asked of the bot.
    pub decisions: u64,
    /// Time spent choosing them.
    pub time: Duration,
    /// Decisions on which the bot searched (made at least one iteration).
    pub searched: u64,
    /// Time spent on those.
    pub searched_time: Duration,
    /// Search iterations made.
    pub iterations: u64,
    /// Search work done ([`Bot::work`]).
    pub work: u64,
    /// The most work one decision took.
    pub most_work: u64,
    /// The longest single decision.
    pub longest: Duration,
    /// The highest mean time per decision of one game (a game's own mean, for a series the
    /// slowest game's).
    pub slowest_game: Duration,
}

impl Thinking {
    /// Both counts together.
    #[must_use]
    pub fn plus(self, o: Thinking) -> Thinking {
        Thinking {
            decisions: self.decisions + o.decisions,
            time: self.time + o.time,
            searched: self.searched + o.searched,
            searched_time: self.searched_time + o.searched_time,
            iterations: self.iterations + o.iterations,
            work: self.work + o.work,
            most_work: self.most_work.max(o.most_work),
            longest: self.longest.max(o.longest),
            slowest_game: self.slowest_game.max(o.slowest_game),
        }
    }
}

/// Plays `game` to its end, asking `bots[seat]` for every decision of that seat.
///
/// # Errors
/// A bot that chooses nothing or an illegal action, too few bots, or a game longer than
/// `max_decisions` actions.
pub fn play_out(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    max_decisions: usize,
) -> Result<GameRecord, PlayError> {
    play_out_timed(game, bots, max_decisions).map(|(record, _)| record)
}

/// [`play_out`], also measuring how long each seat's bot thought (by seat).
///
/// # Errors
/// As [`play_out`].
pub fn play_out_timed(
    game: &mut Game,
    bots: &mut [Box<dyn Bot + Send>],
    max_decisions: usize,
) -> Result<(GameRecord, Vec<Thinking>), PlayError> {
    let mut thinking = vec![Thinking::default(); bots.len()];
    if bots.len() < game.player_count() {
        return Err(PlayError::Seats {
            bots: bots.len(),
            seats: game.player_count(),
        });
    }
    let mut decisions = 0;
    while let Some(d) = game.decision() {
        if decisions >= max_decisions {
            return Err(PlayError::TooLong(max_decisions));
        }
        let seat = d.seat;
        let bot = &mut bots[seat.index()];
        let before = bot.iterations();
        let work_before = bot.work();
        let start = Instant::now();
        let chosen = bot.choose(game);
        let time = start.elapsed();
        let made = bot.iterations().saturating_sub(before);
        let work = bot.work().saturating_sub(work_before);
        if let Some(t) = thinking.get_mut(seat.index()) {
            t.decisions += 1;
            t.time += time;
            t.longest = t.longest.max(time);
            t.work += work;
            t.most_work = t.most_work.max(work);
            if made > 0 {
                t.searched += 1;
                t.searched_time += time;
                t.iterations += made;
            }
        }
        let action = chosen.ok_or(PlayError::NoChoice {
            seat,
            decision: decisions,
        })?;
        game.apply(action).map_err(|e| PlayError::Refused {
            seat,
            action: action.to_string(),
            reason: e.to_string(),
        })?;
        decisions += 1;
    }
    for t in &mut thinking {
        if let Ok(n) = u32::try_from(t.decisions)
            && n > 0
        {
            t.slowest_game = t.time / n;
        }
    }
    match &game.position().phase {
        Phase::GameOver { winners, reason } => Ok((
            GameRecord {
                winners: winners.clone(),
                reason: *reason,
                rounds: game.position().round,
                decisions,
                standings: standings(game),
            },
            thinking,
        )),
        // `decision()` is `None` only once the game is over.
        _ => Err(PlayError::TooLong(decisions)),
    }
}

/// A well-mixed 64-bit value from a seed and a stream number (`SplitMix64`), so game `i` of a
/// run gets a seed unrelated to game `i + 1`'s.
#[must_use]
pub fn mix_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One game of a series: who sits where and the seeds it is played with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matchup {
    /// The bot kind in each seat.
    pub seats: Vec<BotKind>,
    /// The game's seed.
    pub game_seed: u64,
    /// The seed of the first seat's bot (each further seat adds one).
    pub bot_seed: u64,
    /// The board: the introductory setup, or one the bots construct.
    pub setup: crate::engine::SetupKind,
}

impl Matchup {
    /// Game `index` of a series of `players`-seat games seeded with `seed`, on the
    /// introductory setup: the bot kinds are dealt to the seats in the order given (repeated to
    /// fill every seat) and rotated by one seat each game, so every kind plays every seat and
    /// faction equally often.
    #[must_use]
    pub fn nth(kinds: &[BotKind], players: u8, seed: u64, index: u64) -> Matchup {
        let n = usize::from(players);
        let shift = usize::try_from(index % u64::from(players.max(1))).unwrap_or(0);
        let seats = (0..n)
            .map(|s| {
                let k = (s + n - shift) % n;
                kinds
                    .get(k % kinds.len().max(1))
                    .copied()
                    .unwrap_or(BotKind::Random)
            })
            .collect();
        Matchup {
            seats,
            game_seed: mix_seed(seed, index.wrapping_mul(2)),
            bot_seed: mix_seed(seed, index.wrapping_mul(2) + 1),
            setup: crate::engine::SetupKind::Intro,
        }
    }

    /// Plays this game on its setup.
    ///
    /// # Errors
    /// A game that cannot be set up or finished, in words.
    pub fn play(&self, data: &Arc<GameData>, max_decisions: usize) -> Result<GameRecord, String> {
        self.game(data, max_decisions).map(|(_, record)| record)
    }

    /// [`Matchup::play`], also measuring how long each seat's bot thought (by seat).
    ///
    /// # Errors
    /// A game that cannot be set up or finished, in words.
    pub fn play_timed(
        &self,
        data: &Arc<GameData>,
        max_decisions: usize,
    ) -> Result<(GameRecord, Vec<Thinking>), String> {
        self.game_timed(data, max_decisions)
            .map(|(_, record, thinking)| (record, thinking))
    }

    /// Plays this game on its setup and returns it finished, its whole history
    /// kept (to be saved), each seat named after its bot (`heuristic 1`, `random 2`).
    ///
    /// # Errors
    /// A game that cannot be set up or finished, in words.
    pub fn game(
        &self,
        data: &Arc<GameData>,
        max_decisions: usize,
    ) -> Result<(Game, GameRecord), String> {
        self.game_timed(data, max_decisions)
            .map(|(game, record, _)| (game, record))
    }

    /// [`Matchup::game`], also measuring how long each seat's bot thought (by seat).
    fn game_timed(
        &self,
        data: &Arc<GameData>,
        max_decisions: usize,
    ) -> Result<(Game, GameRecord, Vec<Thinking>), String> {
        let players = u8::try_from(self.seats.len()).map_err(|e| e.to_string())?;
        let mut game = Game::new(
            &NewGameOptions {
                players,
                factions: None,
                seed: self.game_seed,
                setup: self.setup,
            },
            Arc::clone(data),
        )
        .map_err(|e| e.to_string())?;
        let mut bots: Vec<Box<dyn Bot + Send>> = self
            .seats
            .iter()
            .zip(0u64..)
            .map(|(k, i)| k.build(self.bot_seed.wrapping_add(i)))
            .collect();
        let names: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, k)| format!("{} {}", k.name(), i + 1))
            .collect();
        game.set_names(&names).map_err(|e| e.to_string())?;
        // A written game opened with `play` goes on between the same computer players.
        let computer = crate::engine::state::computer::ComputerPlayers {
            players: game
                .seats()
                .zip(&self.seats)
                .map(|(seat, kind)| (game.faction(seat), kind.to_string()))
                .collect(),
            seed: self.bot_seed,
        };
        game.set_computer(computer).map_err(|e| e.to_string())?;
        let (record, thinking) = play_out_timed(&mut game, &mut bots, max_decisions)
            .map_err(|e| format!("game seed {}: {e}", self.game_seed))?;
        Ok((game, record, thinking))
    }
}
