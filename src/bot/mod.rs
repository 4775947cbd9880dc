//! Computer players: a random player (uniform over the legal actions), a heuristic player
//! that plays sensibly and a search player that tries the candidate actions in heuristic
//! playouts ([`search`]); whole games between them ([`play`]) and combat odds from playouts
//! ([`odds`]). Bots choose only among `legal_actions()` and look only at what their
//! seat may know: the heuristic scores an action by the position it leads to, and never
//! applies an action whose result depends on a roll or a draw before it is taken.

mod estimate;
mod heuristic;
pub mod odds;
pub mod play;
pub mod search;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Action, Game};

pub use heuristic::HeuristicBot;
pub use search::SearchBot;

/// A computer player.
pub trait Bot {
    /// Chooses one of the legal actions of the deciding seat; `None` when there is none.
    fn choose(&mut self, game: &Game) -> Option<Action>;
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

/// The kinds of bot a seat can be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`HeuristicBot`].
    Heuristic,
    /// [`SearchBot`] with this many iterations per decision (`search` or `search:N`).
    Search(u32),
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "heuristic" => Ok(BotKind::Heuristic),
            "search" => Ok(BotKind::Search(search::DEFAULT_ITERATIONS)),
            other => match other.strip_prefix("search:") {
                Some(n) => match n.trim().parse::<u32>() {
                    Ok(n) if (1..=MAX_SEARCH_ITERATIONS).contains(&n) => Ok(BotKind::Search(n)),
                    _ => Err(format!(
                        "`{other}`: search:N takes N iterations per decision, 1 to {MAX_SEARCH_ITERATIONS}"
                    )),
                },
                None => Err(format!(
                    "`{other}` is not a bot (random, heuristic, search, search:N)"
                )),
            },
        }
    }
}

/// The kind as `--bot` and `--bots` take it back (`search:32`), and as a save records it.
impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotKind::Search(n) => write!(f, "search:{n}"),
            other => f.write_str(other.name()),
        }
    }
}

impl BotKind {
    /// Its name, as `--bots` takes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Search(_) => "search",
        }
    }

    /// A new bot of this kind.
    #[must_use]
    pub fn build(self, seed: u64) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(HeuristicBot::new(seed)),
            BotKind::Search(n) => Box::new(SearchBot::new(seed, n)),
        }
    }
}
