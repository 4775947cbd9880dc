//! The three levels a player chooses from (#31): `easy`, `normal` and `hard`.
//!
//! Each level is one of the players of this module's siblings with a fixed budget counted in
//! iterations and engine steps, never in time, so a game against a level replays the same on
//! any machine. The budgets were chosen by measurement (README, "Computer players", and `cargo
//! bench --bench level_times`): `normal` thinks at most about 0.3 s a decision on one core of the
//! development machine, `hard` at most about 1 s. The iterations set the usual depth of
//! thought; the work cap bounds the rare decision whose lines are long (a turn with many moves
//! late in the game), which without it took up to twice the level's time (README, "Work caps"). `easy` is the
//! heuristic player made careless, so a beginner who plays with care beats it.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::play::mix_seed;
use super::{Bot, HeuristicBot, TreeBot};
use crate::engine::{Action, Game};

/// The share of `easy`'s decisions (with more than one legal action) made by a random legal
/// action instead of the heuristic's choice.
pub const EASY_CARELESS_SHARE: f64 = 0.3;

/// Tree iterations per decision of `normal`.
pub const NORMAL_ITERATIONS: u32 = 96;

/// Tree iterations per decision of `hard`.
pub const HARD_ITERATIONS: u32 = 384;

/// The work (engine steps, [`TreeBot::with_work_cap`]) after which a decision of `normal` stops
/// searching. On a core of its own the tree did at least 68 steps a millisecond in the
/// benchmark (170 on average; a step's cost varies with what the rollouts play), so this keeps
/// a decision under 0.3 s; without it the longest of 706 took 0.33 s (37,052 steps). Since the
/// same player was made faster (bfecd77) the slowest rate seen is 80 a millisecond and the
/// longest decision of `normal` 0.14 s.
pub const NORMAL_WORK_CAP: u64 = 20_000;

/// The work after which a decision of `hard` stops searching: under 1 s on a core of its own
/// (see [`NORMAL_WORK_CAP`]). Without a cap 68 of 737 decisions did more than 100,000 steps
/// (up to 194,518; the longest took 1.9 s); those and others now make fewer than their 384
/// iterations.
pub const HARD_WORK_CAP: u64 = 65_000;

/// A level of computer player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// The heuristic player, careless at a share of its decisions ([`Careless`]).
    Easy,
    /// The tree search player with [`NORMAL_ITERATIONS`] and [`NORMAL_WORK_CAP`].
    Normal,
    /// The tree search player with [`HARD_ITERATIONS`] and [`HARD_WORK_CAP`].
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Its name, as `--bot` takes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// A new player of this level, seeded with `seed`.
    #[must_use]
    pub fn build(self, seed: u64) -> Box<dyn Bot + Send> {
        match self.tree_budget() {
            Some((iterations, cap)) => Box::new(TreeBot::new(seed, iterations).with_work_cap(cap)),
            None => Box::new(Careless::new(seed, EASY_CARELESS_SHARE)),
        }
    }

    /// The budget of a level played by the tree player: its iterations a decision and its work
    /// cap (`None` for `easy`, the heuristic player): what the level's player and the
    /// `level_times` benchmark build it with.
    #[must_use]
    pub fn tree_budget(self) -> Option<(u32, u64)> {
        match self {
            Level::Easy => None,
            Level::Normal => Some((NORMAL_ITERATIONS, NORMAL_WORK_CAP)),
            Level::Hard => Some((HARD_ITERATIONS, HARD_WORK_CAP)),
        }
    }
}

/// The tree player of the `normal` level, seeded with `seed`: the level's player and the hint's
/// (`super::hint`).
#[must_use]
pub fn normal_tree(seed: u64) -> TreeBot {
    TreeBot::new(seed, NORMAL_ITERATIONS).with_work_cap(NORMAL_WORK_CAP)
}

/// The heuristic player that, at a seeded share of its decisions, plays a random legal action
/// instead: it blunders as a beginner does, now and then, not always.
#[derive(Debug, Clone)]
pub struct Careless {
    heuristic: HeuristicBot,
    seed: u64,
    share: f64,
}

impl Careless {
    /// A careless heuristic player that plays a random action at `share` (0-1) of its
    /// decisions.
    #[must_use]
    pub fn new(seed: u64, share: f64) -> Self {
        Careless {
            heuristic: HeuristicBot::new(seed),
            seed,
            share: share.clamp(0.0, 1.0),
        }
    }
}

impl Bot for Careless {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        let legal = game.legal_actions();
        // Drawn from the seed and the game's length, as the search players' seeds are: the same
        // game and seed give the same choice, whatever this player was asked before.
        let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(
            self.seed ^ 0xca7e_1e55,
            u64::try_from(game.history().len()).unwrap_or(u64::MAX),
        ));
        if legal.len() > 1 && rng.random_range(0.0..1.0) < self.share {
            return Some(legal[rng.random_range(0..legal.len())]);
        }
        self.heuristic.choose(game)
    }
}
