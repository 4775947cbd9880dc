//! New games: the introductory setup (the fixed 4x3 layout of which two players use columns
//! A-B, three A-C and four all of it), or a board the players construct (see `construct`).

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hand::starting_player;
use super::{Game, Violation};
use crate::engine::data::GameData;
use crate::engine::state::board_layout::BoardLayout;
use crate::engine::state::board_layout::PlacedTile;
use crate::engine::state::ids::{Faction, Seat};
use crate::engine::state::phase::Phase;
use crate::engine::state::position::{AreaState, Position, Storm, Structure, Unit};
use crate::engine::state::setup_phase::SetupKind;

/// What a new game is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameOptions {
    /// 2, 3 or 4.
    pub players: u8,
    /// The factions in seat order; `None` takes the introductory ones.
    pub factions: Option<Vec<Faction>>,
    /// Seed of the game's random generator.
    pub seed: u64,
    /// The introductory board, or a board the players construct.
    pub setup: SetupKind,
}

impl NewGameOptions {
    /// `players` (2, 3 or 4) on the introductory board in their introductory factions, with the
    /// generator seeded from `seed`: the game the README's play command starts, and the one
    /// most tests, benchmarks and series play.
    #[must_use]
    pub fn intro(players: u8, seed: u64) -> Self {
        NewGameOptions {
            players,
            factions: None,
            seed,
            setup: SetupKind::Intro,
        }
    }
}

/// Why a new game could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// Not 2-4 players.
    #[error("a game has 2 to 4 players, not {0}")]
    PlayerCount(u8),
    /// The factions given do not match the introductory setup.
    #[error(
        "the introductory setup for {players} players belongs to {expected}; other factions need a constructed board (`--setup build`)"
    )]
    IntroFactions {
        /// Player count.
        players: u8,
        /// The factions the introductory setup uses.
        expected: String,
    },
    /// The factions given do not fit the player count, or repeat.
    #[error("{0}")]
    Factions(String),
    /// The data made an illegal position (only with a broken `--assets` copy).
    #[error("the introductory setup breaks rules: {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<Violation>),
}

impl Game {
    /// A new game, the first player drawn with the seeded generator: on the introductory
    /// setup, ready for round 1, or at the first decision of constructing the board.
    ///
    /// # Errors
    /// A wrong player count, factions other than the introductory ones (on the introductory
    /// setup) or repeated ones, or broken data.
    pub fn new(options: &NewGameOptions, data: Arc<GameData>) -> Result<Game, NewGameError> {
        let n = options.players;
        // Checked before the player count and the setup's own checks, so that a wrong list
        // is named as such whatever else is wrong.
        if let Some(f) = &options.factions
            && f.len() != usize::from(n)
        {
            return Err(NewGameError::Factions(format!(
                "{n} players need {n} factions, not {}",
                f.len()
            )));
        }
        let pos = match options.setup {
            SetupKind::Intro => intro_position(options, &data)?,
            SetupKind::Build => super::construct::build_position(options, &data)?,
        };
        Game::from_position(pos, data).map_err(NewGameError::Invalid)
    }
}

/// Builds the introductory position.
fn intro_position(options: &NewGameOptions, data: &GameData) -> Result<Position, NewGameError> {
    let n = options.players;
    if !(2..=4).contains(&n) {
        return Err(NewGameError::PlayerCount(n));
    }
    let intro = &data.intro;
    let expected: Vec<Faction> = intro
        .factions
        .iter()
        .copied()
        .take(usize::from(n))
        .collect();
    let factions = options.factions.clone().unwrap_or_else(|| expected.clone());
    let mut a = factions.clone();
    let mut b = expected.clone();
    a.sort();
    b.sort();
    if a != b {
        return Err(NewGameError::IntroFactions {
            players: n,
            expected: expected
                .iter()
                .map(|f| f.key())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let cols = n; // 2 players: A-B, 3: A-C, 4: A-D.
    let key = n.to_string();
    let mut tiles = BTreeMap::new();
    let mut areas: crate::engine::state::area_map::AreaMap<AreaState> =
        crate::engine::state::area_map::AreaMap::new();
    for sys in intro.systems.iter().filter(|s| s.system.col < cols) {
        tiles.insert(
            sys.system,
            PlacedTile {
                tile: sys.tile.as_str().into(),
                rotation: sys.rotation,
            },
        );
        for (&q, content) in &sys.areas {
            let id = crate::engine::state::ids::AreaId::new(sys.system, q);
            let area = areas.entry(id).or_default();
            for group in &content.units {
                area.units.extend(std::iter::repeat_n(
                    Unit::new(group.unit),
                    usize::from(group.count),
                ));
            }
            if let Some(s) = &content.structure {
                area.structures.push(Structure {
                    kind: s.kind,
                    owner: s.owner,
                });
            }
            if let Some(f) = content.objective.get(&key) {
                area.objectives.push(*f);
            }
        }
    }
    let storms = intro
        .storms
        .iter()
        .filter(|s| s.min_players <= n)
        .map(|s| Storm {
            edge: s.edge,
            moved: false,
        })
        .collect();
    let players = factions
        .iter()
        .map(|&f| starting_player(f, data, &mut rng))
        .collect();
    let first = Seat(rng.random_range(0..n));
    Ok(Position {
        board: BoardLayout {
            cols,
            rows: 3,
            tiles,
        },
        players,
        areas,
        stacks: BTreeMap::new(),
        storms,
        round: 1,
        first_player: first,
        phase: Phase::Planning { turn: first },
        rng,
        forced_dice: crate::engine::state::combat_state::ForcedDice::default(),
        last_combat: None,
        cards: crate::engine::state::card_step::CardFlags::default(),
    })
}
