//! A search player: determinized Monte Carlo over the legal actions of its decision.
//!
//! Each iteration picks one candidate action (UCB1 over the candidates, so the promising ones
//! are tried more often), re-deals everything the deciding seat cannot see
//! ([`Game::redeal_hidden`] from its own view, as the combat odds do), applies the candidate
//! and lets the heuristic player play every seat to the end of the round or a depth limit. The
//! position reached is scored for the deciding seat: 1 for a win, 0 for a loss, otherwise the
//! heuristic's judgement squashed into 0-1. The candidate with the best mean score is chosen.
//! Because every iteration starts from a re-deal of the seat's own view under a seed derived
//! from the bot's seed and the game's length, the choice never depends on hidden facts and is
//! the same for the same game and seed.
//!
//! The budget per decision is a number of iterations ([`SearchBot::new`], deterministic) or a
//! time ([`SearchBot::timed`]): iterations run until the time is spent, at least one. The clock
//! is read here, never in the engine; with a time budget the number of iterations, and so the
//! choice, depends on the machine's speed and load.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::heuristic::evaluate;
use super::play::mix_seed;
use super::{Bot, HeuristicBot};
use crate::engine::state::ids::Seat;
use crate::engine::state::phase::Phase;
use crate::engine::{Action, Game};

/// Iterations per decision when none is given (`--bot SEAT=search`).
pub const DEFAULT_ITERATIONS: u32 = 64;

/// Decisions a rollout plays at most after the candidate before the position is judged (a
/// round of a 2-player game has about 60).
pub const DEFAULT_DEPTH: usize = 40;

/// Candidates searched at most: the heuristic player's own choice, then others in a seeded
/// order. A decision with dozens of legal actions would otherwise get one rollout each.
const MAX_CANDIDATES: usize = 10;

/// How much UCB1 explores; rewards lie in 0-1.
const EXPLORATION: f64 = 0.5;

/// Holdings points (the heuristic's unit) that move the reward from 0.5 to about 0.73.
const REWARD_SCALE: f64 = 40.0;

/// How much searching one decision gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations (at least one).
    Iterations(u32),
    /// Iterations until this much time has passed since the decision began (at least one).
    Time(Duration),
}

/// The search player.
#[derive(Debug, Clone)]
pub struct SearchBot {
    seed: u64,
    budget: Budget,
    depth: usize,
    /// Iterations made over all decisions so far.
    done: u64,
}

impl SearchBot {
    /// A search player making `iterations` rollouts per decision (at least one), each at most
    /// [`DEFAULT_DEPTH`] decisions long; `seed` drives the re-deals and the rollouts.
    #[must_use]
    pub fn new(seed: u64, iterations: u32) -> Self {
        SearchBot {
            seed,
            budget: Budget::Iterations(iterations.max(1)),
            depth: DEFAULT_DEPTH,
            done: 0,
        }
    }

    /// A search player making rollouts until `time` has passed at each decision (at least one
    /// rollout, however short the time). Its choices depend on how fast the machine is.
    #[must_use]
    pub fn timed(seed: u64, time: Duration) -> Self {
        SearchBot {
            seed,
            budget: Budget::Time(time),
            depth: DEFAULT_DEPTH,
            done: 0,
        }
    }

    /// Its budget per decision.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same player with rollouts at most `depth` decisions long (cheaper, shorter-sighted).
    #[must_use]
    pub fn with_depth(mut self, depth: usize) -> Self {
        self.depth = depth;
        self
    }

    /// The actions worth searching: the heuristic player's choice first, then the other legal
    /// actions in an order drawn from `seed`, at most [`MAX_CANDIDATES`] in all.
    fn candidates(game: &Game, seat: Seat, legal: &[Action], seed: u64) -> Vec<Action> {
        // The heuristic looks at a re-deal of the seat's view, so it cannot read hidden facts.
        let as_seen = game.redeal_hidden(Some(seat), seed);
        let mut order = heuristic_first(&as_seen, legal, seed, HeuristicBot::new);
        order.truncate(MAX_CANDIDATES);
        order
    }

    /// One iteration: `action` in a re-deal of `seat`'s view, then heuristic play to the end of
    /// the round or the depth limit; the score for `seat`, or `None` if the re-dealt game
    /// refused the action (it should not: a seat's choices depend only on what it knows).
    fn rollout(&self, game: &Game, seat: Seat, action: Action, seed: u64) -> Option<f64> {
        let mut g = game.redeal_hidden(Some(seat), seed);
        g.apply(action).ok()?;
        let round = g.position().round;
        let _work = play_round_out(&mut g, round, self.depth, seed, HeuristicBot::new);
        Some(reward(&g, seat))
    }
}

/// `legal` in the order a search tries them: the choice in `game` of the heuristic player
/// that `player` makes from a seed first, then the rest in an order drawn from `seed`.
pub(super) fn heuristic_first(
    game: &Game,
    legal: &[Action],
    seed: u64,
    player: fn(u64) -> HeuristicBot,
) -> Vec<Action> {
    let first = player(seed).choose(game);
    let mut rest: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| Some(*a) != first)
        .collect();
    rest.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    first
        .filter(|a| legal.contains(a))
        .into_iter()
        .chain(rest)
        .collect()
}

/// The heuristic player that `player` makes from a seed plays every seat of `game` until round
/// `round` ends or `depth` decisions are made (a rollout); returns its work
/// ([`HeuristicBot::weighed`]).
pub(super) fn play_round_out(
    game: &mut Game,
    round: u8,
    depth: usize,
    seed: u64,
    player: fn(u64) -> HeuristicBot,
) -> u64 {
    let mut bot = player(seed ^ 0x5eed);
    for _ in 0..depth {
        if game.position().round != round {
            break;
        }
        let Some(next) = bot.choose(game) else { break };
        if game.apply(next).is_err() {
            break;
        }
    }
    bot.weighed()
}

/// The score of a position for `seat`, in 0-1: the share of the win when the game is over,
/// otherwise the heuristic's judgement through a logistic curve.
pub(super) fn reward(game: &Game, seat: Seat) -> f64 {
    reward_by(game, seat, evaluate)
}

/// [`reward`] with another judgement of unfinished positions: `judge`, in the heuristic's
/// points, through the same logistic curve.
pub(super) fn reward_by(game: &Game, seat: Seat, judge: fn(&Game, Seat) -> f64) -> f64 {
    if let Phase::GameOver { winners, .. } = &game.position().phase {
        return if winners.contains(&seat) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
    }
    1.0 / (1.0 + (-judge(game, seat) / REWARD_SCALE).exp())
}

impl Budget {
    /// Whether a decision that began at `start` has spent its budget after `done` iterations.
    pub(super) fn spent(self, done: u32, start: Instant) -> bool {
        match self {
            Budget::Iterations(n) => done >= n,
            Budget::Time(t) => done > 0 && start.elapsed() >= t,
        }
    }
}

/// Visits and summed score of one candidate.
#[derive(Debug, Clone, Copy, Default)]
struct Arm {
    visits: u32,
    total: f64,
}

impl Arm {
    fn mean(self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / f64::from(self.visits)
        }
    }
}

impl Bot for SearchBot {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        // The clock starts before anything is computed: the candidates count in a time budget.
        let start = Instant::now();
        let legal = game.legal_actions();
        let seat = game.decision()?.seat;
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        // Derived from the game's length, not from earlier calls: the same game and seed give
        // the same choice whatever this bot was asked before.
        let base = mix_seed(
            self.seed,
            u64::try_from(game.history().len()).unwrap_or(u64::MAX),
        );
        let candidates = Self::candidates(game, seat, &legal, base);
        let mut arms = vec![Arm::default(); candidates.len()];
        for i in 0..u32::MAX {
            if self.budget.spent(i, start) {
                break;
            }
            // Every candidate once, then by UCB1.
            let pick = arms.iter().position(|a| a.visits == 0).unwrap_or_else(|| {
                let ln = f64::from(i).ln();
                let ucb = |a: &Arm| a.mean() + EXPLORATION * (ln / f64::from(a.visits)).sqrt();
                (0..arms.len())
                    .max_by(|&x, &y| ucb(&arms[x]).total_cmp(&ucb(&arms[y])))
                    .unwrap_or(0)
            });
            let Some(&action) = candidates.get(pick) else {
                break;
            };
            let seed = mix_seed(base, u64::from(i) + 1);
            // A refused action scores as a loss, so it is not chosen.
            let score = self.rollout(game, seat, action, seed).unwrap_or(0.0);
            arms[pick].visits += 1;
            arms[pick].total += score;
            self.done += 1;
        }
        // The best mean among the tried; on a tie the earlier (the heuristic's choice first).
        let mut best: Option<(f64, Action)> = None;
        for (arm, &action) in arms.iter().zip(&candidates) {
            if arm.visits > 0 && best.is_none_or(|(b, _)| arm.mean() > b) {
                best = Some((arm.mean(), action));
            }
        }
        best.map(|(_, a)| a).or(candidates.first().copied())
    }

    fn iterations(&self) -> u64 {
        self.done
    }
}
