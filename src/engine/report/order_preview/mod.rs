//! Order preview: what an order would do if it were resolved in a system now, told to the seat
//! deciding where to place it, which of its tokens to reveal, or whether to resolve the one it
//! revealed.
//!
//! The preview runs the engine's own rules ([`Game::legal_actions`], the asset collection) on a
//! copy of the game put in the order's first step, so it never disagrees with what resolving
//! the order then offers. That copy is the game as the deciding seat may know it
//! ([`Game::redeal_hidden`] with a fixed seed): whatever that seat cannot see (face-down tokens,
//! other hands, deck orders) is dealt anew, so the preview cannot tell a hidden fact, and two
//! games that differ only in such facts give the same preview (`tests/it/privacy.rs` checks it).
//!
//! `compute` works the previews out; `words` puts them in lines for the client.

mod compute;
mod words;

use std::collections::BTreeSet;

use crate::engine::rules::Game;
use crate::engine::state::action::Action;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Asset, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::AssetTokens;
use crate::engine::state::unit_type::UnitType;

/// The seed of the re-deal the previews are computed on: any fixed number will do, it only
/// has to be the same for every game (see the module comment).
const PREVIEW_SEED: u64 = 0;

/// Units of one type in one area that could move into the active system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitGroup {
    /// Where they stand.
    pub from: AreaId,
    /// Their type.
    pub unit: UnitType,
    /// How many of them at most.
    pub count: u8,
}

/// A unit type the seat could buy now, at its lowest price without a cache token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitOffer {
    /// The type.
    pub unit: UnitType,
    /// Materiel.
    pub materiel: u8,
    /// Forge tokens (the unit's own forge cost, plus one to reach a level above the command
    /// level).
    pub forge: u8,
}

/// An Advance: what could move in, and where a combat could start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdvancePreview {
    /// Ships that may move into the system's voids.
    pub ships: Vec<UnitGroup>,
    /// Ground units that may move into its worlds, with the ships where they stand now (ships
    /// moved first may open more paths).
    pub ground: Vec<UnitGroup>,
    /// Areas of the system holding another faction's pieces that units may move into: a
    /// combat follows (one contested area per Advance).
    pub enemy_areas: Vec<(AreaId, Vec<Faction>)>,
}

/// A Deploy: the deploy limit and what the seat can afford.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeployPreview {
    /// Friendly worlds of the system with the seat's factory, with their capacity: the deploy
    /// limit is their sum.
    pub factory_worlds: Vec<(AreaId, u8)>,
    /// The deploy limit (Deploy Order), cards included.
    pub limit: u8,
    /// What cards add to the limit (Recruitment Worlds).
    pub card_extra: u8,
    /// The seat's materiel.
    pub materiel: u8,
    /// The seat's asset tokens.
    pub assets: AssetTokens,
    /// Unit types it could buy now (level, supply, price).
    pub units: Vec<UnitOffer>,
    /// Structures it could buy now, with their cost.
    pub structures: Vec<(StructureKind, u8)>,
    /// The worlds where one of them may be built.
    pub structure_worlds: Vec<AreaId>,
}

/// A Dominate: the assets the friendly worlds give, then the faction ability.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DominatePreview {
    /// Friendly worlds of the system: their assets are collected.
    pub worlds: Vec<AreaId>,
    /// Asset tokens gained, by kind.
    pub gained: Vec<(Asset, u8)>,
    /// Asset icons that give nothing: the seat holds the limit of that kind, or the supply is
    /// out of it.
    pub refused: Vec<(Asset, u8)>,
    /// Prosperity icons: one token of the seat's choice each.
    pub prosperity: u8,
    /// The faction ability's name.
    pub ability: String,
    /// How many ways the ability could be used once the assets are collected (0: none).
    pub ability_uses: usize,
}

/// A Strategize: the upgrades within reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategizePreview {
    /// Whether the seat has a unit or structure in the system (or a card lifts the need):
    /// without one it buys nothing.
    pub allowed: bool,
    /// The seat's materiel.
    pub materiel: u8,
    /// The seat's command level.
    pub command_level: u8,
    /// Order upgrades it could buy now, with their cost.
    pub order_upgrades: Vec<(CardName, u8)>,
    /// Order upgrades left in its deck that need more materiel or a higher command level.
    pub order_out_of_reach: usize,
    /// Combat upgrades it could buy now, with their cost.
    pub combat_upgrades: Vec<(CardName, u8)>,
    /// Combat upgrades left that need more materiel or a higher command level.
    pub combat_out_of_reach: usize,
}

/// What one order would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreviewDetail {
    /// An Advance.
    Advance(AdvancePreview),
    /// A Deploy.
    Deploy(DeployPreview),
    /// A Dominate.
    Dominate(DominatePreview),
    /// A Strategize.
    Strategize(StrategizePreview),
}

/// What an order of `seat` would do if resolved in `system` now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPreview {
    /// The seat resolving it.
    pub seat: Seat,
    /// The system.
    pub system: SystemId,
    /// The order.
    pub order: Order,
    /// What it would do.
    pub detail: PreviewDetail,
}

impl Game {
    /// What `order`, resolved by `seat` in `system` now, would do, as far as `seat` may know
    /// (see the module comment).
    #[must_use]
    pub fn order_preview(&self, seat: Seat, system: SystemId, order: Order) -> OrderPreview {
        self.redeal_hidden(Some(seat), PREVIEW_SEED)
            .preview_as_is(seat, system, order)
    }

    /// The previews of every order the decision of `seat` concerns (the tokens it may place,
    /// reveal or resolve), once each, by system then order; none if another seat decides.
    #[must_use]
    pub fn order_previews(&self, seat: Seat) -> Vec<OrderPreview> {
        if self.decision().map(|d| d.seat) != Some(seat) {
            return Vec::new();
        }
        let wanted: BTreeSet<(SystemId, Order)> = self
            .list_legal_actions()
            .iter()
            .filter_map(|a| self.order_of_action(a))
            .collect();
        if wanted.is_empty() {
            return Vec::new();
        }
        let seen = self.redeal_hidden(Some(seat), PREVIEW_SEED);
        wanted
            .into_iter()
            .map(|(system, order)| seen.preview_as_is(seat, system, order))
            .collect()
    }

    /// The order and system an action of the deciding seat concerns, if it places, reveals or
    /// resolves an order token: the order placed, the seat's own token on top of the stack it
    /// reveals (its owner knows its face), the token it revealed (face up to all).
    #[must_use]
    pub fn order_of_action(&self, action: &Action) -> Option<(SystemId, Order)> {
        let pos = self.position();
        match (*action, &pos.phase) {
            (Action::Place { system, order }, Phase::Planning { .. }) => Some((system, order)),
            (Action::Reveal { system }, Phase::Operations { turn, .. }) => {
                let top = pos.stacks.get(&system)?.last()?;
                (top.owner == self.faction(*turn)).then_some((system, top.order))
            }
            (
                Action::Resolve,
                Phase::Operations {
                    step: OpStep::Revealed { system, order },
                    ..
                },
            ) => Some((*system, *order)),
            _ => None,
        }
    }

    /// The preview worked out on this very game: callers pass a re-deal.
    fn preview_as_is(&self, seat: Seat, system: SystemId, order: Order) -> OrderPreview {
        let detail = match order {
            Order::Advance => PreviewDetail::Advance(self.preview_advance(seat, system)),
            Order::Deploy => PreviewDetail::Deploy(self.preview_deploy(seat, system)),
            Order::Dominate => PreviewDetail::Dominate(self.preview_dominate(seat, system)),
            Order::Strategize => PreviewDetail::Strategize(self.preview_strategize(seat, system)),
        };
        OrderPreview {
            seat,
            system,
            order,
            detail,
        }
    }
}
