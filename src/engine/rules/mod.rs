//! `Game`: a validated position with the rules. At every moment it says whose decision it is,
//! lists exactly the legal actions, and applies one (or says which rule forbids it).
//!
//! Each rule lives in one file named for its Rules Reference topic or order, holding its legal
//! actions (the generator), what applying one does, and why an action it does not list is
//! refused (its `explain_*`). This file holds `Game` itself and dispatches to them.

// The geometry of the board and the warp storms' moves.
pub mod board;
pub mod storms;

// Hidden information: what each seat may see and when undo is fair; which decisions are a
// formality a front end may take without asking.
pub mod formality;
pub mod privacy;
pub mod view;

// Which rulings bear on a decision; the grammar of the log.
/// What happened: typed facts, put into words only when read.
pub mod event;
pub mod rulings;
pub mod wording;

// A new game: the introductory setup, or the board the players construct.
mod construct;
mod hand;
mod setup;

// The round, in the Rules Reference's order: planning, operations (revealing a token), the
// four orders, then the refresh phase and the end of the game.
mod advance;
mod deploy;
mod dominate;
mod ending;
mod operations;
mod planning;
mod purchase;
mod refresh;
mod strategize;

// Combat and what follows it.
mod combat;
mod discard;
mod orbital_strike;
mod retreat;

// Cards: combat cards (an interpreter of their effects), event cards, order upgrades.
mod ability;
mod cards;
mod events;
mod upgrades;

// Limits that hold throughout: unit capacity, the asset tokens in supply.
mod assets;
mod capacity;
pub mod warnings;

// Why an action is not legal: the part the rule files' explainers share.
mod explain;

// Re-dealing what a seat cannot see (for search and odds).
mod hidden;

// Every invariant a position must obey, checked in one place.
mod validate;
mod validate_cards;
mod validate_phase;

use std::fmt;
use std::sync::Arc;

use crate::engine::data::{GameData, UnitKind};
use crate::engine::rules::board::Board;
use crate::engine::state::action::Action;
use crate::engine::state::ids::{AreaId, Faction, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{OpStep, Phase, RefreshStep};
use crate::engine::state::position::{PlayerState, Position};
pub use crate::engine::state::rule::Rule;
use crate::engine::state::unit_type::UnitType;

pub use ability::{AbilityPart, PendingAbility};
pub use combat::{CombatTotals, dice_text};
pub use construct::{first_tile_system, fits_board_size, grid_side};
pub use deploy::Price;
pub use event::{AssetSource, Dice, Event, WonBy};
pub(crate) use hand::starting_player;
pub use purchase::UpgradeCards;
pub use setup::{NewGameError, NewGameOptions};
pub use strategize::distinct_cards;
pub use validate::Violation;
pub(crate) use validate::resolving_order;
pub use warnings::Warning;

/// A rule that forbids an action, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {reason}")]
pub struct RuleError {
    /// The rule, by its Rules Reference topic (`Rule::MovingGroundUnits`).
    pub rule: Rule,
    /// Why, naming the fact in the position that triggers the rule.
    pub reason: String,
}

impl RuleError {
    /// An error under `rule` saying `reason`.
    #[must_use]
    pub fn new(rule: Rule, reason: impl Into<String>) -> Self {
        Self {
            rule,
            reason: reason.into(),
        }
    }
}

/// What kind of choice the deciding player faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionKind {
    /// Place an order token face down.
    PlaceOrder,
    /// Reveal one of his order tokens on top of a stack.
    RevealOrder,
    /// Resolve the revealed order or put it on the event deck.
    ResolveOrEventDeck,
    /// Buy units with a Deploy order.
    DeployUnits,
    /// Buy a structure with a Deploy order.
    DeployStructure,
    /// Move ships with an Advance order.
    MoveShips,
    /// Move ground units with an Advance order.
    MoveGround,
    /// Choose an asset token for a prosperity icon.
    ChooseAsset,
    /// Use the faction ability of a Dominate order, or not.
    FactionAbility,
    /// Buy upgrades with a Strategize order.
    BuyUpgrades,
    /// Destroy units over an area's capacity.
    DestroyExcess,
    /// Choose one drawn event card.
    ChooseEvent,
    /// Move a warp storm.
    MoveStorm,
    /// Resolve the chosen event card's ability, or not.
    EventAbility,
    /// Commit reinforcement tokens to a combat.
    Reinforce,
    /// Choose a combat card face down.
    ChooseCombatCard,
    /// Assign combat damage to a unit or bastion.
    AssignDamage,
    /// Choose where the losing units retreat.
    Retreat,
    /// Make an orbital strike, or not.
    OrbitalStrike,
    /// Assign orbital strike damage.
    AssignStrikeDamage,
    /// Resolve an optional ability of your face-up combat card, or not.
    CardAbility,
    /// Make a choice your combat card's ability asks for.
    CardChoice,
    /// Make a choice your opponent's combat card leaves to you.
    OpponentCardChoice,
    /// Ambush: spend a morale die to save a routed unit, or lose it.
    AmbushSave,
    /// Setup: place one of your system tiles.
    PlaceTile,
    /// Setup: place initial forces on the tile just placed.
    PlaceForces,
    /// Setup: place an opponent's objective token on the tile just placed.
    PlaceObjective,
    /// Setup: place a warp storm.
    PlaceStorm,
    /// Choose the order upgrades an orbital strike uses, before rolling.
    StrikeUpgrades,
    /// Spend or change orbital strike dice with upgrades and schemes.
    StrikeDice,
    /// Vicious Raids: reroll dice one at a time.
    StrikeReroll,
    /// Vicious Raids: gain a die of your choice.
    StrikeGainDie,
    /// Strafing Run: move ships out of the active system.
    StrafingRun,
    /// Complete Destruction: destroy one of your pieces on the struck world.
    DestroyOwnPiece,
    /// Dread Ritual: buy one unit after the Deploy order.
    DreadRitual,
    /// Resolve a scheme used instead of revealing an order.
    SchemeAbility,
    /// Make the further choice an event card asks for.
    TacticChoice,
    /// Discard a scheme to use it in the combat (`use-event`), or not (`done`).
    CombatScheme,
    /// Prayer to the Dark Gods: cancel a storm move and move the storm yourself, or not.
    StormScheme,
}

impl DecisionKind {
    /// Every kind of decision, in the order the enum declares them (for tests and tables that
    /// must cover each kind once).
    pub const ALL: [DecisionKind; 39] = {
        use DecisionKind as K;
        [
            K::PlaceOrder,
            K::RevealOrder,
            K::ResolveOrEventDeck,
            K::DeployUnits,
            K::DeployStructure,
            K::MoveShips,
            K::MoveGround,
            K::ChooseAsset,
            K::FactionAbility,
            K::BuyUpgrades,
            K::DestroyExcess,
            K::ChooseEvent,
            K::MoveStorm,
            K::EventAbility,
            K::Reinforce,
            K::ChooseCombatCard,
            K::AssignDamage,
            K::Retreat,
            K::OrbitalStrike,
            K::AssignStrikeDamage,
            K::CardAbility,
            K::CardChoice,
            K::OpponentCardChoice,
            K::AmbushSave,
            K::PlaceTile,
            K::PlaceForces,
            K::PlaceObjective,
            K::PlaceStorm,
            K::StrikeUpgrades,
            K::StrikeDice,
            K::StrikeReroll,
            K::StrikeGainDie,
            K::StrafingRun,
            K::DestroyOwnPiece,
            K::DreadRitual,
            K::SchemeAbility,
            K::TacticChoice,
            K::CombatScheme,
            K::StormScheme,
        ]
    };
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DecisionKind::PlaceOrder => "place an order token face down",
            DecisionKind::RevealOrder => "reveal one of your order tokens on top of a stack",
            DecisionKind::ResolveOrEventDeck => {
                "resolve the revealed order, or put it on your event deck"
            }
            DecisionKind::DeployUnits => "purchase units (done when finished)",
            DecisionKind::DeployStructure => "purchase a structure (done to skip)",
            DecisionKind::MoveShips => "move ships into the active system (done when finished)",
            DecisionKind::MoveGround => {
                "move ground units into the active system (done when finished)"
            }
            DecisionKind::ChooseAsset => "choose the asset token a prosperity icon gives",
            DecisionKind::FactionAbility => "use your faction ability (done to skip)",
            DecisionKind::BuyUpgrades => {
                "purchase an order upgrade and/or a combat upgrade (done when finished)"
            }
            DecisionKind::DestroyExcess => "destroy units over an area's capacity",
            DecisionKind::ChooseEvent => "choose one of the event cards you drew",
            DecisionKind::MoveStorm => "move a warp storm as the card's icon shows",
            DecisionKind::EventAbility => "resolve the event card's ability (done to skip)",
            DecisionKind::Reinforce => "commit reinforcement tokens to the combat",
            DecisionKind::ChooseCombatCard => "choose a combat card face down",
            DecisionKind::AssignDamage => "choose the unit or bastion that suffers the damage",
            DecisionKind::Retreat => "choose where your units retreat",
            DecisionKind::OrbitalStrike => "make an orbital strike (done to skip)",
            DecisionKind::AssignStrikeDamage => {
                "choose the unit that suffers the orbital strike's damage"
            }
            DecisionKind::CardAbility => "resolve your combat card's ability (done to skip it)",
            DecisionKind::CardChoice => "make the choice your combat card's ability asks for",
            DecisionKind::OpponentCardChoice => {
                "your opponent's combat card leaves this choice to you"
            }
            DecisionKind::AmbushSave => {
                "Ambush: spend a morale die to save your routed unit (done: it is destroyed)"
            }
            DecisionKind::PlaceTile => "place one of your system tiles next to a placed one",
            DecisionKind::PlaceForces => {
                "place initial forces on the tile you placed (done when finished)"
            }
            DecisionKind::PlaceObjective => {
                "place an opponent's objective token on each objective space of your tile"
            }
            DecisionKind::PlaceStorm => "place a warp storm on a free tile edge",
            DecisionKind::StrikeUpgrades => {
                "choose the order upgrades this orbital strike uses (option N; done to roll)"
            }
            DecisionKind::StrikeDice => {
                "use your upgrades and schemes on the strike's dice (done to deal the damage)"
            }
            DecisionKind::StrikeReroll => {
                "Vicious Raids: reroll a die (done to gain a die of your choice)"
            }
            DecisionKind::StrikeGainDie => "Vicious Raids: gain a die showing the face you choose",
            DecisionKind::StrafingRun => {
                "Strafing Run: move ships to voids of one adjacent system (done when finished)"
            }
            DecisionKind::DestroyOwnPiece => {
                "Complete Destruction: destroy one of your units or structures on the struck world"
            }
            DecisionKind::DreadRitual => "Dread Ritual: buy one unit (done to skip)",
            DecisionKind::SchemeAbility => "resolve your scheme's ability",
            DecisionKind::TacticChoice => "make the choice your event card asks for",
            DecisionKind::CombatScheme => "use your scheme in this combat (done to keep it)",
            DecisionKind::StormScheme => {
                "Prayer to the Dark Gods: cancel that storm move and move the storm in any \
                 direction (done to keep the scheme)"
            }
        })
    }
}

/// Who must act now and what kind of choice it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The deciding seat.
    pub seat: Seat,
    /// The choice.
    pub kind: DecisionKind,
}

/// A game in progress: a position that obeys every rule, the board built from it, and the
/// actions applied since the game (or the loaded position) began.
#[derive(Debug)]
pub struct Game {
    data: Arc<GameData>,
    board: Arc<Board>,
    pos: Position,
    /// The position the history starts from, kept so a save can be replayed and checked.
    start: Arc<Position>,
    history: Vec<Action>,
    /// The players' names by seat (see [`crate::engine::state::names`]); not part of the position, as no
    /// rule reads them.
    names: Vec<String>,
    /// The seats a computer plays (see [`crate::engine::state::computer`]); not part of the position either.
    computer: crate::engine::state::computer::ComputerPlayers,
    /// The legal actions, as [`Game::legal_actions`] last gave them to a caller: `apply`
    /// checks an action against that list instead of working it out again. `apply` empties
    /// it before changing the position; a clone starts without it.
    legal: std::sync::OnceLock<Vec<Action>>,
}

/// How many legal actions a list has room for before it grows (most decisions have fewer).
const LEGAL_ROOM: usize = 48;

/// How many actions a copy of a game can take before its history must grow.
const HISTORY_HEADROOM: usize = 64;

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            data: Arc::clone(&self.data),
            board: Arc::clone(&self.board),
            pos: self.pos.clone(),
            start: Arc::clone(&self.start),
            history: {
                // Room for the actions a copy is usually made to try: `Vec::clone` gives no spare
                // capacity, so the first `apply` on a copy moved the whole history to a new,
                // larger block, and that copy was most of `apply`'s time after a clone (#26).
                let mut history = Vec::with_capacity(self.history.len() + HISTORY_HEADROOM);
                history.extend_from_slice(&self.history);
                history
            },
            names: self.names.clone(),
            computer: self.computer.clone(),
            legal: std::sync::OnceLock::new(),
        }
    }
}

impl Game {
    /// Builds a game from a position, checking every rule invariant.
    ///
    /// # Errors
    /// Every violated rule, not only the first.
    pub fn from_position(mut pos: Position, data: Arc<GameData>) -> Result<Game, Vec<Violation>> {
        // Combat cards an older version set aside when discarded go into their decks now.
        discard::settle_set_aside(&mut pos);
        let board = validate::validate(&pos, &data)?;
        let mut game = Game {
            data,
            board: Arc::new(board),
            start: Arc::new(pos.clone()),
            pos,
            history: Vec::new(),
            names: Vec::new(),
            computer: crate::engine::state::computer::ComputerPlayers::default(),
            legal: std::sync::OnceLock::new(),
        };
        // A hand-made position may hold a player with no friendly world where play would
        // have eliminated him, or stop where nobody decides (a seat with nothing to reveal):
        // apply the elimination, then play on to the first real decision.
        game.eliminate_at_checkpoint(&mut Vec::new());
        if game.run_automatic(&mut Vec::new()) {
            // The automatic steps start from a position nobody played to; what they lead to
            // must obey the rules as well (a capacity or combat check they skipped).
            let pos = game.pos.clone();
            validate::validate(&pos, &game.data).map_err(|v| {
                v.into_iter()
                    .map(|v| Violation {
                        rule: v.rule,
                        message: format!("after the automatic steps on load: {}", v.message),
                    })
                    .collect::<Vec<_>>()
            })?;
        }
        game.pos.tidy();
        if !game.is_over() && game.list_legal_actions().is_empty() {
            return Err(vec![game.stuck_violation()]);
        }
        game.start = Arc::new(game.pos.clone());
        Ok(game)
    }

    /// Why a position that is not over has no legal action: the game could never go on.
    fn stuck_violation(&self) -> Violation {
        let whose = self.decision().map_or_else(
            || "no seat can decide".to_string(),
            |d| {
                let name = self
                    .pos
                    .players
                    .get(d.seat.index())
                    .map_or("nobody", |p| p.faction.name());
                format!("{} ({name}) must decide {:?}", d.seat, d.kind)
            },
        );
        let pieces = self
            .pos
            .areas
            .values()
            .any(|a| !a.units.is_empty() || !a.structures.is_empty());
        let hint = if pieces {
            ""
        } else {
            "; the board holds no unit or structure"
        };
        Violation {
            rule: Rule::ActivePlayer,
            message: format!("the game is not over, but nobody has a legal action: {whose}{hint}"),
        }
    }

    /// The game data in use.
    #[must_use]
    pub fn data(&self) -> &GameData {
        &self.data
    }

    /// The shared game data handle.
    #[must_use]
    pub fn data_arc(&self) -> Arc<GameData> {
        Arc::clone(&self.data)
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The full state (hidden information included: front ends render a `PlayerView`).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game (or the loaded position) began at, after its automatic steps.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The actions applied since [`Game::start`].
    #[must_use]
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The players' names by seat, as kept by [`Game::set_names`] (may be shorter than the
    /// seats; an empty entry is a seat without a name).
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// A seat's name, if it has one.
    #[must_use]
    pub fn name(&self, seat: Seat) -> Option<&str> {
        self.names
            .get(seat.index())
            .map(String::as_str)
            .filter(|n| !n.is_empty())
    }

    /// How a seat's player is called on screen: `Anna (World Eaters)`, or the faction alone.
    #[must_use]
    pub fn who(&self, seat: Seat) -> String {
        crate::engine::state::names::label(self.name(seat), self.faction(seat))
    }

    /// A log line with each named player's faction replaced by `Anna (World Eaters)`.
    #[must_use]
    pub fn with_names(&self, text: &str) -> String {
        let players: Vec<(Faction, Option<&str>)> = self
            .seats()
            .map(|s| (self.faction(s), self.name(s)))
            .collect();
        crate::engine::state::names::name_players(text, &players)
    }

    /// Names the players, seat by seat (see [`crate::engine::state::names::clean`]).
    ///
    /// # Errors
    /// More names than seats, a name too long, or one name twice; the names are unchanged.
    pub fn set_names(
        &mut self,
        names: &[String],
    ) -> Result<(), crate::engine::state::names::NameError> {
        self.names = crate::engine::state::names::clean(names, self.player_count())?;
        Ok(())
    }

    /// The seats a computer plays, as kept by [`Game::set_computer`].
    #[must_use]
    pub fn computer(&self) -> &crate::engine::state::computer::ComputerPlayers {
        &self.computer
    }

    /// Records which seats a computer plays, so the save keeps them.
    ///
    /// # Errors
    /// A faction without a seat in this game; nothing is changed.
    pub fn set_computer(
        &mut self,
        computer: crate::engine::state::computer::ComputerPlayers,
    ) -> Result<(), crate::engine::state::computer::ComputerError> {
        if let Some(f) = computer
            .players
            .keys()
            .find(|f| self.seat_of(**f).is_none())
        {
            return Err(crate::engine::state::computer::ComputerError::NoSeat(*f));
        }
        self.computer = computer;
        Ok(())
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.pos.phase, Phase::GameOver { .. })
    }

    /// The number of seats.
    #[must_use]
    pub fn player_count(&self) -> usize {
        self.pos.players.len()
    }

    /// Every seat in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..u8::try_from(self.pos.players.len()).unwrap_or(0)).map(Seat)
    }

    /// A seat's player state.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.pos.players[seat.index()]
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.pos.players[seat.index()]
    }

    /// The faction in a seat.
    #[must_use]
    pub fn faction(&self, seat: Seat) -> Faction {
        self.player(seat).faction
    }

    /// The seat of a faction in the game.
    #[must_use]
    pub fn seat_of(&self, faction: Faction) -> Option<Seat> {
        self.pos.seat_of(faction)
    }

    /// Who must decide now, or `None` once the game is over.
    #[must_use]
    pub fn decision(&self) -> Option<Decision> {
        let (seat, kind) = match &self.pos.phase {
            Phase::GameOver { .. } => return None,
            Phase::Setup(s) => Self::setup_decision(s),
            Phase::Planning { turn } => (*turn, DecisionKind::PlaceOrder),
            Phase::Operations { turn, step } => match step {
                OpStep::Reveal => (*turn, DecisionKind::RevealOrder),
                OpStep::Revealed { .. } => (*turn, DecisionKind::ResolveOrEventDeck),
                OpStep::Deploy(d) if d.structure_stage => (*turn, DecisionKind::DeployStructure),
                OpStep::Deploy(_) => (*turn, DecisionKind::DeployUnits),
                OpStep::Advance(a) if a.ground_stage => (*turn, DecisionKind::MoveGround),
                OpStep::Advance(_) => (*turn, DecisionKind::MoveShips),
                OpStep::Dominate(d) if d.prosperity_left > 0 => (*turn, DecisionKind::ChooseAsset),
                OpStep::Dominate(_) => (*turn, DecisionKind::FactionAbility),
                OpStep::Strategize(_) => (*turn, DecisionKind::BuyUpgrades),
                OpStep::Capacity { .. } => {
                    (self.over_capacity_seat()?, DecisionKind::DestroyExcess)
                }
                OpStep::Combat(c) => (self.combat_seat(c)?, Self::combat_decision_kind(c)),
                OpStep::OrbitalChoice { .. } => (*turn, DecisionKind::OrbitalStrike),
                OpStep::Orbital(s) => (self.orbital_seat(s)?, DecisionKind::AssignStrikeDamage),
                OpStep::Card(c) => self.card_decision(*turn, c)?,
            },
            Phase::Refresh { turn, step } => match step {
                RefreshStep::ChooseEvent { .. } => (*turn, DecisionKind::ChooseEvent),
                RefreshStep::MoveStorm { .. } => (*turn, DecisionKind::MoveStorm),
                RefreshStep::EventAbility { .. } => (*turn, DecisionKind::EventAbility),
                RefreshStep::Tactic { .. } => (*turn, DecisionKind::TacticChoice),
                RefreshStep::Prayer { holder, .. } => (*holder, DecisionKind::StormScheme),
                RefreshStep::Capacity => (self.over_capacity_seat()?, DecisionKind::DestroyExcess),
            },
        };
        Some(Decision { seat, kind })
    }

    /// Every legal action of the deciding player, nothing else.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let out = self.list_legal_actions();
        if self.legal.get().is_none() {
            let _ = self.legal.set(out.clone());
        }
        out
    }

    /// The legal actions, worked out from the position. The engine's own code asks this, never
    /// [`Game::legal_actions`]: it changes positions in place while looking ahead, so only a
    /// caller outside the engine (who can change a game only by `apply`) fills the list
    /// `apply` checks against.
    pub(crate) fn list_legal_actions(&self) -> Vec<Action> {
        // Room for a usual list from the start: growing it step by step moved it up to five
        // times (#26).
        let mut out = Vec::with_capacity(LEGAL_ROOM);
        match &self.pos.phase {
            Phase::GameOver { .. } => {}
            Phase::Setup(s) => self.setup_actions(s, &mut out),
            Phase::Planning { turn } => self.planning_actions(*turn, &mut out),
            Phase::Operations { turn, step } => match step {
                OpStep::Reveal => {
                    self.reveal_actions(*turn, &mut out);
                    self.scheme_reveal_actions(*turn, &mut out);
                }
                OpStep::Revealed { order, .. } => {
                    Self::revealed_actions(*order, &mut out);
                    self.green_tide_actions(*turn, *order, &mut out);
                }
                OpStep::Deploy(d) => self.deploy_actions(*turn, d, &mut out),
                OpStep::Advance(a) => self.advance_actions(*turn, a, &mut out),
                OpStep::Dominate(d) => self.dominate_actions(d, &mut out),
                OpStep::Strategize(s) => self.strategize_actions(*turn, s, &mut out),
                OpStep::Capacity { .. } => self.capacity_actions(&mut out),
                OpStep::Combat(c) => self.combat_actions(c, &mut out),
                OpStep::OrbitalChoice { system } => self.strike_choices(*turn, *system, &mut out),
                OpStep::Orbital(s) => self.orbital_targets(s, &mut out),
                OpStep::Card(c) => self.card_actions(*turn, c, &mut out),
            },
            Phase::Refresh { turn, step } => match step {
                RefreshStep::ChooseEvent { drawn } => {
                    out.extend(
                        (1..=drawn.len())
                            .filter_map(|i| u8::try_from(i).ok())
                            .map(|card| Action::ChooseEvent { card }),
                    );
                }
                RefreshStep::MoveStorm { card, .. } => self.storm_actions(card, &mut out),
                RefreshStep::EventAbility { card } => {
                    self.event_ability_actions(*turn, card, &mut out);
                }
                RefreshStep::Tactic { card, area, drawn } => {
                    self.tactic_actions(*turn, card, *area, drawn, &mut out);
                }
                RefreshStep::Prayer { from, to, .. } => self.prayer_actions(*from, *to, &mut out),
                RefreshStep::Capacity => self.capacity_actions(&mut out),
            },
        }
        out
    }

    /// Whether `action` is legal now.
    ///
    /// # Errors
    /// The rule that forbids it, with the fact that triggers the rule.
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        let listed = match self.legal.get() {
            Some(legal) => legal.contains(action),
            None => self.list_legal_actions().contains(action),
        };
        if listed {
            Ok(())
        } else {
            Err(self.explain(*action))
        }
    }

    /// Checks and applies an action, then plays every step that needs no decision.
    ///
    /// # Errors
    /// The rule that forbids the action; the game is unchanged then.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(&action)?;
        Ok(self.apply_legal(action))
    }

    /// The game after `action`: a copy with the action applied, as `clone` then `apply` would
    /// give. The action is checked against this game's legal actions, so a player trying every
    /// action from one position has them listed once, not once for each copy (#26).
    ///
    /// # Errors
    /// The rule that forbids the action.
    pub fn after(&self, action: Action) -> Result<Game, RuleError> {
        self.check(&action)?;
        let mut next = self.clone();
        next.apply_legal(action);
        Ok(next)
    }

    /// Applies an action already checked, then plays every step that needs no decision.
    fn apply_legal(&mut self, action: Action) -> Vec<Event> {
        self.legal = std::sync::OnceLock::new();
        let mut log = Vec::new();
        self.apply_unchecked(action, &mut log);
        self.history.push(action);
        let _ = self.run_automatic(&mut log);
        self.pos.tidy();
        log
    }

    /// Applies an action known to be legal.
    fn apply_unchecked(&mut self, action: Action, log: &mut Vec<Event>) {
        // The combat is taken out of the position rather than copied: copying its cards, dice
        // and effects was a tenth of a combat's playout time (#26). `apply_combat` stores it
        // back on every path; see `CombatState::stand_in` for what the position holds meanwhile.
        let phase = match &mut self.pos.phase {
            Phase::Operations {
                turn,
                step: OpStep::Combat(c),
            } => {
                let stand_in = c.stand_in();
                Phase::Operations {
                    turn: *turn,
                    step: OpStep::Combat(Box::new(std::mem::replace(c, stand_in))),
                }
            }
            other => other.clone(),
        };
        match phase {
            Phase::GameOver { .. } => {}
            Phase::Setup(s) => self.apply_setup(s, action, log),
            Phase::Planning { turn } => self.apply_planning(turn, action, log),
            Phase::Operations { turn, step } => match step {
                OpStep::Reveal if action == Action::UseEvent => {
                    self.apply_scheme_instead(turn, log);
                }
                OpStep::Reveal => self.apply_reveal(turn, action, log),
                OpStep::Revealed { system, order } => {
                    if let Action::ResolveAs { order: new } = action {
                        self.apply_green_tide(turn, system, new, log);
                    } else {
                        self.apply_revealed(turn, system, order, action, log);
                    }
                }
                OpStep::Deploy(d) => self.apply_deploy(turn, d, action, log),
                OpStep::Advance(a) => self.apply_advance(turn, a, action, log),
                OpStep::Dominate(d) => self.apply_dominate(turn, d, action, log),
                OpStep::Strategize(s) => self.apply_strategize(turn, s, action, log),
                OpStep::Capacity { .. } => self.apply_destroy(action, log),
                OpStep::Combat(c) => self.apply_combat(turn, *c, action, log),
                OpStep::OrbitalChoice { system } => {
                    self.apply_strike_choice(turn, system, action, log);
                }
                OpStep::Orbital(s) => self.apply_orbital(turn, s, action, log),
                OpStep::Card(c) => self.apply_card(turn, *c, action, log),
            },
            Phase::Refresh { turn, step } => self.apply_refresh(turn, step, action, log),
        }
    }

    /// Plays the steps that need nobody's decision: skipping seats with nothing to reveal,
    /// ending phases, the automatic parts of the Refresh Phase, capacity checks with nothing
    /// over capacity, storms that cannot move.
    /// Returns whether any step was played.
    fn run_automatic(&mut self, log: &mut Vec<Event>) -> bool {
        // Each pass either makes progress or stops; the bound guards against a rules bug
        // turning into an endless loop.
        for pass in 0..10_000 {
            // Only the steps that need their state get a copy of it: a combat's or a card's
            // state holds vectors, and cloning them on every pass was a hot spot (#26).
            let progressed = match &self.pos.phase {
                Phase::GameOver { .. } | Phase::Planning { .. } => false,
                Phase::Setup(s) => {
                    let s = s.clone();
                    self.auto_setup(s, log)
                }
                Phase::Operations { turn, step } => {
                    let turn = *turn;
                    match step {
                        OpStep::Reveal => self.auto_reveal(turn, log),
                        OpStep::Capacity { .. } => self.auto_capacity(log),
                        OpStep::Combat(_) => self.auto_combat(turn, log),
                        OpStep::OrbitalChoice { .. } => self.auto_orbital_choice(turn, log),
                        OpStep::Orbital(_) => self.auto_orbital(turn, log),
                        OpStep::Card(c) => {
                            let c = c.clone();
                            self.auto_card(turn, &c, log)
                        }
                        _ => false,
                    }
                }
                Phase::Refresh { turn, step } => {
                    let (turn, step) = (*turn, step.clone());
                    self.auto_refresh(turn, &step, log)
                }
            };
            if !progressed {
                return pass > 0;
            }
        }
        true
    }

    // ----- shared queries -----

    /// The faction in control of an area (friendly to it), if exactly one has pieces there.
    #[must_use]
    pub fn controller(&self, area: AreaId) -> Option<Faction> {
        self.pos.area(area).controller()
    }

    /// Whether the area is friendly to `faction`.
    #[must_use]
    pub fn is_friendly(&self, area: AreaId, faction: Faction) -> bool {
        self.controller(area) == Some(faction)
    }

    /// A faction's command level: the cities it controls on the board.
    #[must_use]
    pub fn command_level(&self, faction: Faction) -> u8 {
        let n = self
            .pos
            .areas
            .values()
            .flat_map(|a| a.structures.iter())
            .filter(|s| s.owner == faction && s.kind == StructureKind::City)
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// How many units of a faction are on the board (the last tie-break at the game's end).
    #[must_use]
    pub fn units_of(&self, faction: Faction) -> usize {
        self.pos
            .areas
            .values()
            .map(|a| a.count_units(faction))
            .sum()
    }

    /// How many units of a type are on the board.
    #[must_use]
    pub fn units_on_board(&self, unit: UnitType) -> usize {
        self.pos
            .areas
            .values()
            .flat_map(|a| a.units.iter())
            .filter(|u| u.unit == unit)
            .count()
    }

    /// How many units of a type are in their owner's supply (the box minus the board).
    #[must_use]
    pub fn units_in_supply(&self, unit: UnitType) -> usize {
        usize::from(self.data.unit(unit).in_box).saturating_sub(self.units_on_board(unit))
    }

    /// How many structures of a kind are left in the shared supply.
    #[must_use]
    pub fn structures_in_supply(&self, kind: StructureKind) -> usize {
        let used = self
            .pos
            .areas
            .values()
            .flat_map(|a| a.structures.iter())
            .filter(|s| s.kind == kind)
            .count();
        usize::from(self.data.structure(kind).in_box).saturating_sub(used)
    }

    /// How many structure control tokens a faction has not yet placed.
    #[must_use]
    pub fn control_tokens_left(&self, faction: Faction) -> usize {
        let used = self
            .pos
            .areas
            .values()
            .flat_map(|a| a.structures.iter())
            .filter(|s| s.owner == faction)
            .count();
        usize::from(self.data.components.structure_control_tokens).saturating_sub(used)
    }

    /// Whether a unit type is a ship.
    #[must_use]
    pub fn is_ship(&self, unit: UnitType) -> bool {
        self.data.unit(unit).kind == UnitKind::Ship
    }

    /// An area's unit capacity.
    #[must_use]
    pub fn capacity(&self, area: AreaId) -> u8 {
        self.board
            .area(area)
            .map_or(0, |a| a.capacity(self.data.components.void_capacity))
    }

    /// Whether a faction has a unit or structure in the system.
    #[must_use]
    pub fn has_presence(&self, faction: Faction, system: SystemId) -> bool {
        // The areas of one system are neighbours in the position's map: one search finds them.
        self.pos
            .areas
            .of_system(system)
            .any(|(id, a)| a.factions().contains(faction) && self.board.has_area(*id))
    }

    /// Whether the seat is still in the game.
    #[must_use]
    pub fn is_active(&self, seat: Seat) -> bool {
        !self.player(seat).eliminated
    }

    /// The next seat clockwise that is still in the game.
    #[must_use]
    pub fn next_active(&self, seat: Seat) -> Seat {
        let n = self.player_count();
        let mut s = seat.next(n);
        for _ in 0..n {
            if self.is_active(s) {
                return s;
            }
            s = s.next(n);
        }
        seat
    }

    /// The friendly worlds of a faction.
    pub fn friendly_worlds(&self, faction: Faction) -> impl Iterator<Item = AreaId> + '_ {
        self.board
            .areas()
            .filter(|a| a.is_world())
            .map(|a| a.id)
            .filter(move |&id| self.is_friendly(id, faction))
    }

    /// Shuffles with the game's own generator.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        use rand::seq::SliceRandom;
        items.shuffle(&mut self.pos.rng);
    }

    pub(crate) fn set_phase(&mut self, phase: Phase) {
        self.pos.phase = phase;
    }
}
