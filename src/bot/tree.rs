//! A tree search player: information-set Monte Carlo tree search over the seat's own
//! decisions, across the steps of its turn (#31).
//!
//! The flat search player ([`super::search`]) judges one atomic step at a time, so a plan that
//! spans several steps of a turn (an Advance's ship moves then its ground moves, a Deploy's
//! purchases) is judged only through rollouts of a player that does not plan. Here each
//! iteration:
//!
//! 1. re-deals everything the seat cannot see, from its own view ([`Game::redeal_hidden`]), so
//!    the tree's statistics mix every world the seat thinks possible and never read a hidden
//!    fact (information-set search: a node is the sequence of the seat's own actions);
//! 2. walks down the tree while the seat keeps deciding in this round: at each node only the
//!    actions legal in this re-deal are eligible, chosen by UCB1 counted over the iterations in
//!    which each was available (so an action legal in few re-deals is not favoured); a node
//!    opens its actions gradually (progressive widening), the heuristic player's choice first,
//!    so a decision with dozens of choices still gets deep lines for its best ones;
//! 3. adds one node, lets the heuristic player that also buys structures
//!    ([`HeuristicBot::builder`]) play every seat to the end of the round or a depth limit (in
//!    the last round to its end, where the game's result needs no judging), and scores the
//!    position for the seat (the share of a win, or the judgement of
//!    [`super::standing::judge`], which weighs the tie-breaks more as the end nears, squashed
//!    into 0-1), which every edge on the path records.
//!
//! A decision's search may stop before its iterations are spent once they have done a fixed
//! amount of work counted in engine steps ([`TreeBot::with_work_cap`]), never in time.
//!
//! The action chosen is the root's most visited. Seeds derive from the bot's seed and the
//! game's length, so the same game and seed give the same choice. Combat cards, a secret choice
//! made at the same time as the opponent's, are drawn from a mixed strategy instead
//! (the private `cards` module: regret matching over card-against-card playouts).

use std::time::{Duration, Instant};

use super::play::mix_seed;
use super::search::{Budget, heuristic_first, play_round_out, reward_by};
use super::standing::judge;
use super::{Bot, HeuristicBot};
use crate::engine::state::ids::Seat;
use crate::engine::{Action, DecisionKind, Game};

/// Iterations per decision when none is given (`--bot SEAT=tree`).
pub const DEFAULT_ITERATIONS: u32 = 96;

/// Decisions a rollout plays at most after the tree's last node before the position is judged:
/// enough for nearly every round to end (a 2-player round takes about 60), so the orders the
/// tree weighed are resolved before the judgement. At 30, a rollout from the planning phase
/// stopped halfway through the operations, often before the order just placed was resolved;
/// with rollouts to the round's end `tree:96` won 163 of 200 games as the Ultramarines against
/// `heuristic` instead of 126 (README, "Computer players").
pub const DEFAULT_DEPTH: usize = 200;

/// How much UCB1 explores; rewards lie in 0-1.
const EXPLORATION: f64 = 0.5;

/// Progressive widening: a node visited `n` times may try its first `1 + WIDEN * sqrt(n)`
/// actions, in the heuristic-first order.
const WIDEN: f64 = 1.5;

/// Decisions a rollout plays at most in the last round: enough for any round to end, so the
/// game's result is known; a bound all the same, so no rollout can run on.
const LAST_ROUND_DEPTH: usize = 1_000;

/// The fewest iterations a search with a work cap makes, however costly they are.
pub const MIN_CAPPED_ITERATIONS: u32 = 32;

/// Statistics of one action from a node.
#[derive(Debug, Clone)]
struct Edge {
    action: Action,
    /// The node this action leads to.
    child: usize,
    visits: u32,
    total: f64,
    /// Iterations in which this action was eligible when its node was passed.
    available: u32,
}

impl Edge {
    /// UCB1 with the availability count in place of the parent's visits.
    fn ucb(&self) -> f64 {
        let visits = f64::from(self.visits.max(1));
        self.total / visits + EXPLORATION * (f64::from(self.available.max(1)).ln() / visits).sqrt()
    }
}

/// One information set of the seat: the actions it has taken from the root.
#[derive(Debug, Clone, Default)]
struct Node {
    visits: u32,
    /// The node's actions in the order they open: the heuristic's choice first (in the
    /// re-deal that created the node), then the others in a seeded order; actions first seen
    /// legal in a later re-deal are appended.
    order: Vec<Action>,
    edges: Vec<Edge>,
}

/// The tree search player.
#[derive(Debug, Clone)]
pub struct TreeBot {
    seed: u64,
    budget: Budget,
    depth: usize,
    /// The work after which a decision's search stops early ([`TreeBot::with_work_cap`]).
    work_cap: Option<u64>,
    /// Iterations made over all decisions so far.
    done: u64,
    /// Work done over all decisions so far.
    worked: u64,
}

impl TreeBot {
    /// A tree search player making `iterations` iterations per decision (at least one).
    #[must_use]
    pub fn new(seed: u64, iterations: u32) -> Self {
        TreeBot {
            seed,
            budget: Budget::Iterations(iterations.max(1)),
            depth: DEFAULT_DEPTH,
            work_cap: None,
            done: 0,
            worked: 0,
        }
    }

    /// A tree search player searching until `time` has passed at each decision (at least one
    /// iteration). Its choices depend on how fast the machine is.
    #[must_use]
    pub fn timed(seed: u64, time: Duration) -> Self {
        TreeBot {
            seed,
            budget: Budget::Time(time),
            depth: DEFAULT_DEPTH,
            work_cap: None,
            done: 0,
            worked: 0,
        }
    }

    /// The same player with rollouts at most `depth` decisions long (cheaper, shorter-sighted).
    #[must_use]
    pub fn with_depth(mut self, depth: usize) -> Self {
        self.depth = depth;
        self
    }

    /// The same player stopping a decision's search early once its iterations have done
    /// `cap` work (after at least a few iterations), counted in engine steps, not time: the
    /// choices the players of its lines weighed (each legal action of each decision with a
    /// choice, in the tree and in the rollouts). Iterations cost little in most positions but
    /// many times more where every decision offers dozens of moves; the cap bounds the
    /// longest decisions and keeps every choice the same on any machine.
    #[must_use]
    pub fn with_work_cap(mut self, cap: u64) -> Self {
        self.work_cap = Some(cap);
        self
    }

    /// One iteration in a re-deal drawn from `seed`: down the tree, one node added, the
    /// rollout, and the score for `seat` recorded along the path. Returns its work (see
    /// [`TreeBot::with_work_cap`]).
    fn iterate(&self, tree: &mut Vec<Node>, game: &Game, seat: Seat, seed: u64) -> u64 {
        let mut work = 0;
        let mut g = game.redeal_hidden(Some(seat), seed);
        let round = g.position().round;
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut node = 0;
        while let Some(d) = g.decision() {
            if d.seat != seat || g.position().round != round {
                break;
            }
            let legal = g.legal_actions();
            work += legal.len() as u64;
            if legal.len() == 1 {
                // A forced step opens no choice: the node stays the same.
                if g.apply(legal[0]).is_err() {
                    break;
                }
                continue;
            }
            let Some((edge, added)) = descend(&mut tree[..], node, &g, &legal, seed) else {
                break;
            };
            let edge = if let Some(e) = edge {
                e
            } else {
                tree.push(Node::default());
                let child = tree.len() - 1;
                let n = &mut tree[node];
                n.edges.push(Edge {
                    action: added,
                    child,
                    visits: 0,
                    total: 0.0,
                    available: 1,
                });
                n.edges.len() - 1
            };
            let Edge { action, child, .. } = tree[node].edges[edge];
            path.push((node, edge));
            if g.apply(action).is_err() {
                break;
            }
            if tree[child].visits == 0 {
                // The node just added: its line is played out from here.
                break;
            }
            node = child;
        }
        // The rest of the round by the heuristic player, every seat alike; in the last round
        // to its end, where the game's result is known and needs no judging.
        let depth = if round >= g.data().components.rounds {
            self.depth.max(LAST_ROUND_DEPTH)
        } else {
            self.depth
        };
        work += play_round_out(&mut g, round, depth, seed, HeuristicBot::builder);
        let score = reward_by(&g, seat, judge);
        tree[0].visits += 1;
        for (n, e) in path {
            let edge = &mut tree[n].edges[e];
            edge.visits += 1;
            edge.total += score;
            let child = edge.child;
            tree[child].visits += 1;
        }
        work
    }
}

/// At `node`, with `legal` the seat's actions in this re-deal: the edge to follow (`Some`), or
/// `None` with the action to add as a new edge. Marks every eligible edge available. `None`
/// overall when nothing is eligible.
fn descend(
    tree: &mut [Node],
    node: usize,
    game: &Game,
    legal: &[Action],
    seed: u64,
) -> Option<(Option<usize>, Action)> {
    let n = &mut tree[node];
    if n.order.is_empty() {
        n.order = heuristic_first(game, legal, seed, HeuristicBot::builder);
    }
    for a in legal {
        if !n.order.contains(a) {
            n.order.push(*a);
        }
    }
    // Progressive widening: the number of actions open grows with the node's visits.
    // `as` saturates: the square root of a visit count is small and never negative.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let open = 1 + (WIDEN * f64::from(n.visits).sqrt()) as usize;
    let eligible: Vec<Action> = n
        .order
        .iter()
        .filter(|a| legal.contains(a))
        .take(open)
        .copied()
        .collect();
    for e in &mut n.edges {
        if eligible.contains(&e.action) {
            e.available += 1;
        }
    }
    if let Some(&new) = eligible
        .iter()
        .find(|a| !n.edges.iter().any(|e| e.action == **a))
    {
        return Some((None, new));
    }
    let best = (0..n.edges.len())
        .filter(|&i| eligible.contains(&n.edges[i].action))
        .max_by(|&x, &y| n.edges[x].ucb().total_cmp(&n.edges[y].ucb()))?;
    Some((Some(best), n.edges[best].action))
}

/// Why the tree player chose what it chose: the facts a hint (#31) words.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// The only legal action.
    Only,
    /// A combat card drawn from a mixed strategy: each card's share of the mix.
    CardMix(Vec<(Action, f64)>),
    /// The root's most visited action after `iterations` iterations: how many of them tried
    /// it and its mean score (0-1), and the runner-up's action, tries and mean, if any.
    Searched {
        /// Iterations made.
        iterations: u32,
        /// Iterations that began with the chosen action.
        tries: u32,
        /// Their mean score for the seat, 0-1.
        mean: f64,
        /// The next most tried action, its tries and mean score.
        runner_up: Option<(Action, u32, f64)>,
    },
}

/// A choice and why it was made ([`TreeBot::think`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The action chosen, legal for the deciding seat.
    pub action: Action,
    /// Why.
    pub why: Why,
}

impl TreeBot {
    /// The action this player chooses for the deciding seat of `game`, and why; `None` when
    /// there is no decision. Reads only the deciding seat's view, as [`Bot::choose`] does
    /// (which is this without the why).
    pub fn think(&mut self, game: &Game) -> Option<Thought> {
        // Derived from the game's length, not from earlier calls: the same game and seed give
        // the same choice whatever this bot was asked before.
        let base = mix_seed(
            self.seed,
            u64::try_from(game.history().len()).unwrap_or(u64::MAX),
        );
        self.think_seeded(game, base)
    }

    /// [`TreeBot::think`] with every seed of the search drawn from `base` alone, not from the
    /// bot's seed and the game's length: the choice then depends on the position as the
    /// deciding seat sees it and nothing else (a hint: the same position reached by another
    /// history gets the same hint).
    pub fn think_seeded(&mut self, game: &Game, base: u64) -> Option<Thought> {
        // The clock starts before anything is computed: all of it counts in a time budget.
        let start = Instant::now();
        let legal = game.legal_actions();
        let seat = game.decision()?.seat;
        if legal.len() <= 1 {
            return legal.first().map(|&action| Thought {
                action,
                why: Why::Only,
            });
        }
        // A combat card is a secret choice made at the same time as the opponent's: a mixed
        // strategy, not the tree's single best line.
        if game
            .decision()
            .is_some_and(|d| d.kind == DecisionKind::ChooseCombatCard)
            && let Some((action, mix)) = super::cards::choose_card(game, seat, base)
        {
            return Some(Thought {
                action,
                why: Why::CardMix(mix),
            });
        }
        let mut tree = vec![Node::default()];
        let mut made = 0;
        let mut work = 0;
        for i in 0..u32::MAX {
            if self.budget.spent(i, start) {
                break;
            }
            if self
                .work_cap
                .is_some_and(|cap| i >= MIN_CAPPED_ITERATIONS && work >= cap)
            {
                break;
            }
            work += self.iterate(&mut tree, game, seat, mix_seed(base, u64::from(i) + 1));
            self.done += 1;
            made = i + 1;
        }
        self.worked += work;
        // The root's most visited action that is legal here; on a tie the earlier opened (the
        // heuristic's choice first).
        let mut ranked: Vec<&Edge> = tree[0]
            .edges
            .iter()
            .filter(|e| legal.contains(&e.action))
            .collect();
        // A stable sort keeps the earlier opened first among equals.
        ranked.sort_by_key(|e| std::cmp::Reverse(e.visits));
        let mean = |e: &Edge| e.total / f64::from(e.visits.max(1));
        let Some(best) = ranked.first() else {
            return legal.first().map(|&action| Thought {
                action,
                why: Why::Searched {
                    iterations: made,
                    tries: 0,
                    mean: 0.0,
                    runner_up: None,
                },
            });
        };
        Some(Thought {
            action: best.action,
            why: Why::Searched {
                iterations: made,
                tries: best.visits,
                mean: mean(best),
                runner_up: ranked.get(1).map(|e| (e.action, e.visits, mean(e))),
            },
        })
    }
}

impl Bot for TreeBot {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        self.think(game).map(|t| t.action)
    }

    fn iterations(&self) -> u64 {
        self.done
    }

    fn work(&self) -> u64 {
        self.worked
    }
}
