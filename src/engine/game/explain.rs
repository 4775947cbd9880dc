//! Why an action is not legal: the rule and the fact in the position that triggers it.

use super::{Action, DecisionKind, Game, RuleError};
use crate::engine::board::Board;
use crate::engine::phase::{OpStep, Phase};

impl Game {
    /// The rule that forbids an action that is not among the legal ones.
    pub(super) fn explain(&self, action: Action) -> RuleError {
        let Some(decision) = self.decision() else {
            return RuleError::new("Winning and Losing the Game", "the game is over");
        };
        let who = self.faction(decision.seat).name();
        let wrong_time = || {
            RuleError::new(
                "Round Overview",
                format!(
                    "`{action}` is not a choice now: {who} must {}",
                    decision.kind
                ),
            )
        };
        match (decision.kind, action) {
            (DecisionKind::PlaceOrder, Action::Place { order, system }) => {
                if !self.board.has_system(system) {
                    return RuleError::new("Systems", format!("{system} is not on the board"));
                }
                if !self.player(decision.seat).orders.contains(&order) {
                    return RuleError::new(
                        "Order Tokens",
                        format!("{who} has no {order} token left to place"),
                    );
                }
                RuleError::new(
                    "Planning Phase",
                    format!(
                        "{who} has no unit or structure in {system} or in a system adjacent to it"
                    ),
                )
            }
            (DecisionKind::RevealOrder, Action::Reveal { system }) => {
                match self.pos.stacks.get(&system).and_then(|s| s.last()) {
                    None => RuleError::new("Stack", format!("there is no order token on {system}")),
                    Some(t) => RuleError::new(
                        "Operations Phase",
                        format!(
                            "the token on top of {system} belongs to {}; a player reveals only his own token on top of a stack",
                            t.owner.name()
                        ),
                    ),
                }
            }
            (DecisionKind::ResolveOrEventDeck, Action::ToEventDeck) => RuleError::new(
                "Strategize Order",
                "a Strategize order always goes on the event deck after it is resolved; only Advance, Deploy and Dominate may be put there instead",
            ),
            (DecisionKind::DeployUnits, Action::BuyUnit { unit, area, .. }) => {
                self.explain_buy(decision.seat, unit, area)
            }
            (
                DecisionKind::MoveShips | DecisionKind::MoveGround,
                Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                },
            ) => self.explain_move(decision.seat, from, to, unit, count),
            _ => wrong_time(),
        }
    }

    fn explain_buy(
        &self,
        seat: crate::engine::ids::Seat,
        unit: crate::engine::unit_type::UnitType,
        area: crate::engine::ids::AreaId,
    ) -> RuleError {
        let faction = self.faction(seat);
        let Phase::Operations {
            step: OpStep::Deploy(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new("Deploy Order", "no Deploy order is being resolved");
        };
        if unit.faction() != faction {
            return RuleError::new(
                "Units",
                format!("{unit} is not a unit of {}", faction.name()),
            );
        }
        let limit = self.deploy_limit(faction, d.system);
        if limit == 0 {
            return RuleError::new(
                "Factories",
                format!(
                    "{} has no factory on a friendly world in {}",
                    faction.name(),
                    d.system
                ),
            );
        }
        if d.units_bought >= limit {
            return RuleError::new(
                "Deploy Order",
                format!(
                    "the deploy limit in {} is {limit}, and {limit} units are bought",
                    d.system
                ),
            );
        }
        if area.system != d.system {
            return RuleError::new(
                "Deploy Order",
                format!("{area} is not in the active system {}", d.system),
            );
        }
        let data = self.data.unit(unit);
        if data.level > self.command_level(faction) + 1 {
            return RuleError::new(
                "Command Level",
                format!(
                    "{} needs command level {}; {} has {}",
                    data.name,
                    data.level,
                    faction.name(),
                    self.command_level(faction)
                ),
            );
        }
        if self.units_in_supply(unit) == 0 {
            return RuleError::new(
                "Component Limitations",
                format!("every {} is already on the board", data.name),
            );
        }
        if let Some(info) = self.board.area(area)
            && info.is_world() == self.is_ship(unit)
        {
            return RuleError::new(
                "Deploy Order",
                format!(
                    "{area} is a {}; ships go on voids and ground units on worlds",
                    if info.is_world() { "world" } else { "void" }
                ),
            );
        }
        if self.pos.area(area).factions().iter().any(|f| *f != faction) {
            return RuleError::new(
                "Deploy Order",
                format!(
                    "{area} is held by another faction; units are placed on friendly or uncontrolled areas"
                ),
            );
        }
        RuleError::new(
            "Cost",
            format!(
                "{} cannot pay for a {} with these tokens",
                faction.name(),
                data.name
            ),
        )
    }

    fn explain_move(
        &self,
        seat: crate::engine::ids::Seat,
        from: crate::engine::ids::AreaId,
        to: crate::engine::ids::AreaId,
        unit: crate::engine::unit_type::UnitType,
        count: u8,
    ) -> RuleError {
        let faction = self.faction(seat);
        let Phase::Operations {
            step: OpStep::Advance(a),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new("Advance Order", "no Advance order is being resolved");
        };
        let rule = if a.ground_stage {
            "Moving Ground Units"
        } else {
            "Moving Ships"
        };
        if self.is_ship(unit) == a.ground_stage {
            return RuleError::new(
                "Advance Order",
                if a.ground_stage {
                    "ships move first; ship movement is over"
                } else {
                    "ships move first: say `done` before moving ground units"
                },
            );
        }
        if to.system != a.system {
            return RuleError::new(
                rule,
                format!(
                    "the destination {to} is not in the active system {}",
                    a.system
                ),
            );
        }
        if from.system != a.system && !self.board.systems_adjacent(from.system, a.system) {
            return RuleError::new(
                rule,
                format!(
                    "{} is neither the active system nor adjacent to it",
                    from.system
                ),
            );
        }
        if self.movable(a, from, unit) < count {
            return RuleError::new(
                "Rout and Rally",
                format!(
                    "{from} has fewer than {count} unrouted {unit} of {} that have not moved this order",
                    faction.name()
                ),
            );
        }
        if let Some(origin) = if a.ground_stage {
            a.ground_origin.or(a.ship_origin)
        } else {
            a.ship_origin
        } && from.system != a.system
            && from.system != origin
        {
            return RuleError::new(
                rule,
                format!(
                    "units already came from {origin}; they cannot come from a second adjacent system"
                ),
            );
        }
        if !a.ground_stage && self.storm_between_systems(from.system, to.system) {
            return RuleError::new(
                "Warp Storms",
                format!(
                    "a warp storm lies between {} and {}",
                    from.system, to.system
                ),
            );
        }
        if a.ground_stage && self.ground_path(faction, a, from, to).is_none() {
            // Find the first blocking fact to name.
            if self.board.areas_adjacent(from, to)
                && !Board::step_open(from, to, |e| self.pos.storm_at(e))
            {
                return RuleError::new(
                    "Warp Storms",
                    format!("a warp storm lies between {from} and {to}"),
                );
            }
            let blocking: Vec<String> = self
                .board
                .areas_of(from.system)
                .chain(self.board.areas_of(to.system))
                .filter(|x| {
                    x.id != from && x.id != to && !a.friendly_at_ground_start.contains(&x.id)
                })
                .map(|x| {
                    let state = self.pos.area(x.id);
                    let what = if state.is_contested() {
                        "contested".to_string()
                    } else if let Some(owner) = state.controller() {
                        format!("enemy ({})", owner.name())
                    } else {
                        "uncontrolled".to_string()
                    };
                    format!("{} is {what}", x.id)
                })
                .collect();
            return RuleError::new(
                "Moving Ground Units",
                format!(
                    "no legal path from {from} to {to}: a path runs only through friendly areas of the two systems, across no warp storm ({})",
                    blocking.join(", ")
                ),
            );
        }
        RuleError::new(
            "Advance Order",
            format!(
                "at most five units may end in {to}, and at most one area may become contested"
            ),
        )
    }
}
