//! Computer players: a random player (uniform over the legal actions), a heuristic player
//! that plays sensibly, a search player that tries the candidate actions in heuristic
//! playouts ([`search`]) and a tree search player that plans over its own steps ([`tree`]); whole games between them ([`play`]) and combat odds from playouts
//! ([`odds`]). Bots choose only among `legal_actions()` and look only at what their
//! seat may know: the heuristic scores an action by the position it leads to, and never
//! applies an action whose result depends on a roll or a draw before it is taken.

pub mod cards;
mod estimate;
mod heuristic;
pub mod hint;
pub mod levels;
pub mod odds;
pub mod play;
pub mod search;
pub mod standing;
pub mod tree;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Action, Game};

pub use heuristic::HeuristicBot;
pub use levels::Level;
pub use search::SearchBot;
pub use tree::TreeBot;

/// A computer player.
pub trait Bot {
    /// Chooses one of the legal actions of the deciding seat; `None` when there is none.
    fn choose(&mut self, game: &Game) -> Option<Action>;

    /// Search iterations (rollouts) made so far over all its decisions: 0 for a player that
    /// does not search. `simulate` reads it to report a search player's speed.
    fn iterations(&self) -> u64 {
        0
    }

    /// The search work done so far over all its decisions, counted in the choices the players
    /// of its lines weighed (see [`tree::TreeBot::with_work_cap`]): 0 for a player that does
    /// not count it. `simulate` reads it to report where a decision's time went.
    fn work(&self) -> u64 {
        0
    }
}

/// Chooses uniformly among the legal actions.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random player with its own seeded generator.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        let legal = game.legal_actions();
        if legal.is_empty() {
            return None;
        }
        Some(legal[self.rng.random_range(0..legal.len())])
    }
}

/// The most iterations per decision `search:N` accepts.
pub const MAX_SEARCH_ITERATIONS: u32 = 100_000;

/// The longest time budget per decision `search:TIME` accepts, in milliseconds (10 minutes).
pub const MAX_SEARCH_MILLIS: u32 = 600_000;

/// The kinds of bot a seat can be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    /// A level (`easy`, `normal`, `hard`): the players offered to people, with fixed budgets
    /// in iterations ([`levels`]).
    Level(Level),
    /// [`RandomBot`].
    Random,
    /// [`HeuristicBot`].
    Heuristic,
    /// [`SearchBot`] with this many iterations per decision (`search` or `search:N`).
    Search(u32),
    /// [`SearchBot`] searching this many milliseconds per decision, at least one iteration
    /// (`search:1s`, `search:500ms`, `search:1.5s`). Its choices depend on the machine's speed.
    SearchMillis(u32),
    /// [`TreeBot`] with this many iterations per decision (`tree` or `tree:N`).
    Tree(u32),
    /// [`TreeBot`] searching this many milliseconds per decision, at least one iteration
    /// (`tree:1s`, `tree:500ms`).
    TreeMillis(u32),
}

/// A search budget as `search:...` and `tree:...` write it: iterations or milliseconds.
enum Written {
    Iterations(u32),
    Millis(u32),
}

/// The budget after `kind:` (`32`, `1s`, `500ms`), within the limits, or what is wrong.
fn parse_budget(kind: &str, other: &str, budget: &str) -> Result<Written, String> {
    if budget.ends_with('s') {
        return match parse_millis(budget) {
            Some(ms) if (1..=u64::from(MAX_SEARCH_MILLIS)).contains(&ms) => Ok(Written::Millis(
                u32::try_from(ms).unwrap_or(MAX_SEARCH_MILLIS),
            )),
            _ => Err(format!(
                "`{other}`: {kind}:TIME takes a time per decision from 1ms to {}s \
                 (500ms, 1s, 1.5s)",
                MAX_SEARCH_MILLIS / 1000
            )),
        };
    }
    match budget.parse::<u32>() {
        Ok(n) if (1..=MAX_SEARCH_ITERATIONS).contains(&n) => Ok(Written::Iterations(n)),
        _ => Err(format!(
            "`{other}`: {kind}:N takes N iterations per decision, 1 to \
             {MAX_SEARCH_ITERATIONS}, or a time ({kind}:1s, {kind}:500ms)"
        )),
    }
}

/// Milliseconds in a time budget written `500ms`, `1s` or `1.5s` (whole milliseconds); `None`
/// when the text is no time or does not end in a unit.
fn parse_millis(text: &str) -> Option<u64> {
    if let Some(ms) = text.strip_suffix("ms") {
        return ms.trim().parse::<u64>().ok();
    }
    let secs = text.strip_suffix('s')?.trim();
    // Only digits and one decimal point: `f64` would also take `inf`, `nan` and `1e3`.
    let (whole, frac) = secs.split_once('.').unwrap_or((secs, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole
            .chars()
            .chain(frac.chars())
            .all(|c| c.is_ascii_digit())
        || frac.len() > 3
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let frac_ms: u64 = format!("{frac:0<3}").parse().ok()?;
    whole.checked_mul(1000)?.checked_add(frac_ms)
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(BotKind::Level(Level::Easy)),
            "normal" => Ok(BotKind::Level(Level::Normal)),
            "hard" => Ok(BotKind::Level(Level::Hard)),
            "random" => Ok(BotKind::Random),
            "heuristic" => Ok(BotKind::Heuristic),
            "search" => Ok(BotKind::Search(search::DEFAULT_ITERATIONS)),
            "tree" => Ok(BotKind::Tree(tree::DEFAULT_ITERATIONS)),
            other => {
                if let Some(budget) = other.strip_prefix("search:") {
                    return Ok(match parse_budget("search", other, budget.trim())? {
                        Written::Iterations(n) => BotKind::Search(n),
                        Written::Millis(ms) => BotKind::SearchMillis(ms),
                    });
                }
                if let Some(budget) = other.strip_prefix("tree:") {
                    return Ok(match parse_budget("tree", other, budget.trim())? {
                        Written::Iterations(n) => BotKind::Tree(n),
                        Written::Millis(ms) => BotKind::TreeMillis(ms),
                    });
                }
                Err(format!(
                    "`{other}` is not a bot (easy, normal, hard; for experiments random, \
                     heuristic, search, search:N, search:1s, tree, tree:N, tree:1s)"
                ))
            }
        }
    }
}

/// The kind as `--bot` and `--bots` take it back (`search:32`, `search:1s`, `search:500ms`),
/// and as a save records it: it parses back to the same kind.
impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotKind::Search(n) => write!(f, "search:{n}"),
            BotKind::SearchMillis(ms) if ms % 1000 == 0 => write!(f, "search:{}s", ms / 1000),
            BotKind::SearchMillis(ms) => write!(f, "search:{ms}ms"),
            BotKind::Tree(n) => write!(f, "tree:{n}"),
            BotKind::TreeMillis(ms) if ms % 1000 == 0 => write!(f, "tree:{}s", ms / 1000),
            BotKind::TreeMillis(ms) => write!(f, "tree:{ms}ms"),
            other => f.write_str(other.name()),
        }
    }
}

impl BotKind {
    /// Whether this kind searches (reports iterations): `normal`, `hard`, `search`, `tree`.
    #[must_use]
    pub fn searches(self) -> bool {
        matches!(
            self,
            BotKind::Level(Level::Normal | Level::Hard)
                | BotKind::Search(_)
                | BotKind::SearchMillis(_)
                | BotKind::Tree(_)
                | BotKind::TreeMillis(_)
        )
    }

    /// Its name, as `--bots` takes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Level(level) => level.name(),
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Search(_) | BotKind::SearchMillis(_) => "search",
            BotKind::Tree(_) | BotKind::TreeMillis(_) => "tree",
        }
    }

    /// A new bot of this kind.
    #[must_use]
    pub fn build(self, seed: u64) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Level(level) => level.build(seed),
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(HeuristicBot::new(seed)),
            BotKind::Search(n) => Box::new(SearchBot::new(seed, n)),
            BotKind::SearchMillis(ms) => Box::new(SearchBot::timed(
                seed,
                std::time::Duration::from_millis(u64::from(ms)),
            )),
            BotKind::Tree(n) => Box::new(TreeBot::new(seed, n)),
            BotKind::TreeMillis(ms) => Box::new(TreeBot::timed(
                seed,
                std::time::Duration::from_millis(u64::from(ms)),
            )),
        }
    }
}
