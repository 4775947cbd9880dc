//! Who plays each seat in the client: a person at the keyboard or a computer player. A computer
//! player decides from what its own seat may know: every hidden fact of the others is dealt
//! anew ([`Game::redeal_hidden`], as the combat odds do) before the bot looks, so its choice
//! cannot depend on a card or order it was not shown.

use std::collections::BTreeMap;

use crate::bot::BotKind;
use crate::bot::play::mix_seed;
use crate::engine::state::computer::ComputerPlayers;
use crate::engine::{Action, Faction, Game, Seat};

/// The computer players of a game, by seat (a seat not listed is a person's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bots {
    /// The bot kind of each computer seat.
    pub kinds: BTreeMap<Seat, BotKind>,
    /// The seed every bot decision is derived from (with the history's length), so a game
    /// against bots plays the same way from the same save.
    pub seed: u64,
}

impl Bots {
    /// The computer players a game records (a loaded save's), checked: each kind must be one
    /// this build has.
    ///
    /// # Errors
    /// The first kind that is not a bot, named with its faction.
    pub fn of_game(game: &Game) -> Result<Bots, String> {
        let recorded = game.computer();
        let mut kinds = BTreeMap::new();
        for (faction, kind) in &recorded.players {
            let kind: BotKind = kind
                .parse()
                .map_err(|e| format!("the computer player of {}: {e}", faction.name()))?;
            // `set_computer` accepts only factions with a seat.
            if let Some(seat) = game.seat_of(*faction) {
                kinds.insert(seat, kind);
            }
        }
        Ok(Bots {
            kinds,
            seed: recorded.seed,
        })
    }

    /// What a save records of these computer players.
    #[must_use]
    pub fn record(&self, game: &Game) -> ComputerPlayers {
        ComputerPlayers {
            players: self
                .kinds
                .iter()
                .map(|(seat, kind)| (game.faction(*seat), kind.to_string()))
                .collect(),
            seed: self.seed,
        }
    }

    /// The bot playing `seat`, if a computer plays it.
    #[must_use]
    pub fn kind(&self, seat: Seat) -> Option<BotKind> {
        self.kinds.get(&seat).copied()
    }

    /// The seats played by people.
    #[must_use]
    pub fn humans(&self, game: &Game) -> Vec<Seat> {
        game.seats()
            .filter(|s| !self.kinds.contains_key(s))
            .collect()
    }

    /// The action the bot of the deciding seat takes; `None` when a person decides or there is
    /// no decision. The bot sees the game as its seat does: the others' hidden facts are dealt
    /// again first. Its choice is checked against the real game's legal actions (it always is
    /// one, since a seat's choices depend only on what it knows); if it were not, the first
    /// legal action is taken rather than stopping the game.
    #[must_use]
    pub fn choose(&self, game: &Game) -> Option<Action> {
        let seat = game.decision()?.seat;
        let kind = self.kind(seat)?;
        let stream = u64::try_from(game.history().len()).unwrap_or(u64::MAX);
        let seed = mix_seed(self.seed ^ u64::from(seat.0), stream);
        let as_seen = game.redeal_hidden(Some(seat), seed);
        let legal = game.legal_actions();
        let choice = kind.build(seed).choose(&as_seen);
        choice
            .filter(|a| legal.contains(a))
            .or_else(|| legal.first().copied())
    }
}

/// Reads one `--bot SEAT=KIND`: the seat by number (1-4) or by faction, the kind `heuristic`,
/// `random`, `search`, `search:N` (N iterations per decision) or `search:1s` / `search:500ms`
/// (a time per decision), or `human` to give a seat a saved game had given a computer back to
/// a person (`None`).
///
/// # Errors
/// A sentence naming what is wrong.
pub fn parse_bot(text: &str, game: &Game) -> Result<(Seat, Option<BotKind>), String> {
    let (who, kind) = text.split_once('=').ok_or_else(|| {
        format!(
            "--bot {text}: write SEAT=heuristic, SEAT=random, SEAT=search[:N|:1s] or SEAT=human"
        )
    })?;
    let kind: Option<BotKind> = if kind.trim().eq_ignore_ascii_case("human") {
        None
    } else {
        Some(kind.parse().map_err(|e| format!("--bot {text}: {e}"))?)
    };
    let who = who.trim();
    let seat = if let Ok(n) = who.parse::<u8>() {
        game.seats()
            .find(|s| u16::from(s.0) + 1 == u16::from(n))
            .ok_or_else(|| {
                format!(
                    "--bot {text}: there is no seat {n} in a {}-player game",
                    game.player_count()
                )
            })?
    } else {
        let faction: Faction = who.parse().map_err(|e| format!("--bot {text}: {e}"))?;
        game.seat_of(faction)
            .ok_or_else(|| format!("--bot {text}: nobody plays {} here", faction.name()))?
    };
    Ok((seat, kind))
}
