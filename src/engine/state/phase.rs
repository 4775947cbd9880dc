//! Where the game is within a round, and the state of an order or step in progress. This is
//! part of the saved position, so a game saved in the middle of an order resumes there.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Order, Seat, SystemId};
use crate::engine::state::unit_type::UnitType;

/// The phase of the round and the step within it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "phase", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Phase {
    /// Before round 1: the players construct the board (Rules Reference, "Setup").
    Setup(crate::engine::state::setup_phase::SetupState),
    /// Players place order tokens face down, one at a time, until each has placed four.
    Planning {
        /// The seat placing next.
        turn: Seat,
    },
    /// Players reveal and resolve the order tokens on top of the stacks.
    Operations {
        /// The seat whose turn it is.
        turn: Seat,
        /// What that seat is doing.
        step: OpStep,
    },
    /// Objectives, materiel, rally, then events and warp storms seat by seat.
    Refresh {
        /// The seat resolving its events.
        turn: Seat,
        /// What that seat is doing.
        step: RefreshStep,
    },
    /// The game has ended.
    GameOver {
        /// The winning seats (several share a victory only after every tie-break).
        winners: Vec<Seat>,
        /// Why it ended.
        reason: EndReason,
    },
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// A player collected as many of his objective tokens as there are players.
    Objectives,
    /// Only one player was left.
    Elimination,
    /// The eighth round ended.
    RoundLimit,
}

impl std::fmt::Display for EndReason {
    /// Why the game ended, in words (the log's `the game ends (...)`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EndReason::Objectives => "a player collected all the objective tokens needed",
            EndReason::Elimination => "only one player is left",
            EndReason::RoundLimit => "the last round is over",
        })
    }
}

/// A step of the Operations Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case", deny_unknown_fields)]
pub enum OpStep {
    /// The seat chooses one of its tokens on top of a stack to reveal.
    Reveal,
    /// The revealed token: resolve it, or put it on the event deck.
    Revealed {
        /// The active system.
        system: SystemId,
        /// The order shown.
        order: Order,
    },
    /// A Deploy order in progress.
    Deploy(DeployStep),
    /// An Advance order in progress.
    Advance(AdvanceStep),
    /// A Dominate order in progress.
    Dominate(DominateStep),
    /// A Strategize order in progress.
    Strategize(StrategizeStep),
    /// A combat started by an Advance order.
    Combat(Box<crate::engine::state::combat_state::CombatState>),
    /// After an Advance with no combat: choose an orbital strike, or not.
    OrbitalChoice {
        /// The active system.
        system: SystemId,
    },
    /// An orbital strike whose damage the world's owner assigns.
    Orbital(crate::engine::state::combat_state::OrbitalStrikeState),
    /// An event card or order upgrade ability in progress (`rules/events.rs`, `rules/upgrades.rs`).
    Card(Box<crate::engine::state::card_step::CardStep>),
    /// After an order: players destroy units over an area's capacity.
    Capacity {
        /// The active system of the order just resolved.
        system: SystemId,
    },
}

/// A Deploy order in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployStep {
    /// The active system.
    pub system: SystemId,
    /// Units bought so far (the deploy limit caps it).
    pub units_bought: u8,
    /// Whether the player moved on to the structure purchase.
    pub structure_stage: bool,
}

/// An Advance order in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdvanceStep {
    /// The active system.
    pub system: SystemId,
    /// Whether ship movement is over and ground units move now.
    pub ground_stage: bool,
    /// The adjacent system ships came from, if any.
    pub ship_origin: Option<SystemId>,
    /// The adjacent system ground units came from, if any.
    pub ground_origin: Option<SystemId>,
    /// Each group moved: from, to, unit type, count. Moved units cannot move again.
    pub moves: Vec<Move>,
    /// Areas friendly to the mover when ground movement began: paths are fixed before moving.
    pub friendly_at_ground_start: Vec<AreaId>,
}

impl AdvanceStep {
    /// An Advance in `system` before anything has moved: ships first, from no origin yet.
    #[must_use]
    pub fn new(system: SystemId) -> AdvanceStep {
        AdvanceStep {
            system,
            ground_stage: false,
            ship_origin: None,
            ground_origin: None,
            moves: Vec::new(),
            friendly_at_ground_start: Vec::new(),
        }
    }
}

/// One group of units moved by an Advance order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// Where they came from.
    pub from: AreaId,
    /// Where they went.
    pub to: AreaId,
    /// Which units.
    pub unit: UnitType,
    /// How many.
    pub count: u8,
}

/// A Dominate order in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DominateStep {
    /// The active system.
    pub system: SystemId,
    /// Prosperity icons still to turn into an asset token of the player's choice.
    pub prosperity_left: u8,
}

/// A Strategize order in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StrategizeStep {
    /// The active system.
    pub system: SystemId,
    /// Whether an order upgrade was bought.
    pub bought_order_upgrade: bool,
    /// Whether a combat upgrade was bought.
    pub bought_combat_upgrade: bool,
}

/// A step of one seat's events in the Refresh Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RefreshStep {
    /// Choose one of the drawn event cards (the others go back to the deck).
    ChooseEvent {
        /// The cards drawn, by name.
        drawn: Vec<CardName>,
    },
    /// Move a warp storm by the card's icon.
    MoveStorm {
        /// The card whose icon moves the storm.
        card: CardName,
        /// Whether the card's ability may be resolved afterwards (false for a revealed card).
        ability: bool,
    },
    /// Resolve the chosen card's ability, or not.
    EventAbility {
        /// The chosen card.
        card: CardName,
    },
    /// A tactic's choice after its first one (`rules/events.rs`).
    Tactic {
        /// The card.
        card: CardName,
        /// The area chosen first (Touched by the Warp: the destroyed Cultist's world).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area: Option<AreaId>,
        /// Incantation of Tzeentch: the cards drawn, one of which resolves without its icon.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<CardName>,
    },
    /// Prayer to the Dark Gods: its holder may cancel the storm move just made and move that
    /// storm in any direction.
    Prayer {
        /// The card whose icon moved the storm.
        card: CardName,
        /// Whether the card's ability may be resolved afterwards.
        ability: bool,
        /// The storm's edge before the move.
        from: crate::engine::state::ids::EdgeId,
        /// The storm's edge after the move.
        to: crate::engine::state::ids::EdgeId,
        /// The scheme's holder, who decides.
        holder: Seat,
    },
    /// After the Event Phase: players destroy units over an area's capacity.
    Capacity,
}
