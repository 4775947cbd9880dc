//! Planning Phase: players place order tokens face down, one at a time, clockwise from the
//! first player, until each has placed four.

use super::{Action, Event, Game, RuleError};
use crate::engine::state::ids::{Order, Seat, SystemId};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::PlacedOrder;
use crate::engine::state::rule::Rule;

/// Order tokens each player places per Planning Phase.
pub(crate) const TOKENS_PER_PLANNING: usize = 4;

impl Game {
    /// Systems where `seat` may place an order token: ones holding, or adjacent to one holding,
    /// his unit or structure (warp storms do not break adjacency).
    pub(crate) fn placeable_systems(&self, seat: Seat) -> Vec<SystemId> {
        let faction = self.faction(seat);
        // The systems holding his pieces, as one bit each, from one pass over the areas:
        // asking `has_presence` for every system and each of its neighbours searched the
        // areas about 30 times, and a list of them was searched for every neighbour (#26).
        let bit = |s: SystemId| {
            if s.col < 8 && s.row < 8 {
                1u64 << (s.row * 8 + s.col)
            } else {
                0
            }
        };
        let mut present = 0u64;
        for (id, area) in &self.pos.areas {
            if present & bit(id.system) == 0
                && area.factions().contains(faction)
                && self.board.has_area(*id)
            {
                present |= bit(id.system);
            }
        }
        self.board
            .systems()
            .filter(|&s| {
                present & bit(s) != 0
                    || self
                        .board
                        .system_neighbours(s)
                        .any(|n| present & bit(n) != 0)
            })
            .collect()
    }

    /// How many order tokens `seat` has on the board.
    pub(crate) fn tokens_on_board(&self, seat: Seat) -> usize {
        let faction = self.faction(seat);
        self.pos
            .stacks
            .values()
            .flatten()
            .filter(|t| t.owner == faction)
            .count()
    }

    pub(super) fn planning_actions(&self, turn: Seat, out: &mut Vec<Action>) {
        let held = &self.player(turn).orders;
        let systems = self.placeable_systems(turn);
        // Each order he holds once, in order (`Order::ALL` is sorted), without a sorted copy.
        for order in Order::ALL.into_iter().filter(|o| held.contains(o)) {
            out.extend(
                systems
                    .iter()
                    .map(|&system| Action::Place { order, system }),
            );
        }
    }

    pub(super) fn apply_planning(&mut self, turn: Seat, action: Action, log: &mut Vec<Event>) {
        let Action::Place { order, system } = action else {
            return;
        };
        let faction = self.faction(turn);
        let orders = &mut self.player_mut(turn).orders;
        if let Some(i) = orders.iter().position(|o| *o == order) {
            orders.remove(i);
        }
        self.pos
            .stacks
            .entry(system)
            .or_default()
            .push(PlacedOrder {
                owner: faction,
                order,
            });
        log.push(Event::OrderPlaced { faction, system });
        self.pass_planning(turn, log);
    }

    /// The Planning Phase passes on from `turn`: to the next seat clockwise that still has
    /// tokens to place, else the phase ends.
    pub(crate) fn pass_planning(&mut self, turn: Seat, log: &mut Vec<Event>) {
        let mut next = turn;
        for _ in 0..self.player_count() {
            next = self.next_active(next);
            if self.tokens_on_board(next) < TOKENS_PER_PLANNING
                && !self.player(next).orders.is_empty()
            {
                self.set_phase(Phase::Planning { turn: next });
                return;
            }
        }
        if let Some(seat) = self.outmanoeuvre_seat() {
            // Outmanoeuvre: when the Planning Phase ends.
            self.set_phase(Phase::Operations {
                turn: seat,
                step: OpStep::Card(Box::new(
                    crate::engine::state::card_step::CardStep::Outmanoeuvre {
                        system: None,
                        token: None,
                    },
                )),
            });
            return;
        }
        self.begin_operations(log);
    }

    /// The Operations Phase begins with the first player's reveal.
    pub(crate) fn begin_operations(&mut self, log: &mut Vec<Event>) {
        let first = self.first_active();
        log.push(Event::OperationsBegins {});
        self.set_phase(Phase::Operations {
            turn: first,
            step: OpStep::Reveal,
        });
    }

    /// The first player, or the next seat still in the game after him.
    pub(crate) fn first_active(&self) -> Seat {
        let first = self.pos.first_player;
        if self.is_active(first) {
            first
        } else {
            self.next_active(first)
        }
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_place(
        &self,
        seat: Seat,
        order: crate::engine::state::ids::Order,
        system: SystemId,
    ) -> RuleError {
        let who = self.faction(seat).name();
        if !self.board.has_system(system) {
            return RuleError::new(Rule::Systems, format!("{system} is not on the board"));
        }
        if !self.player(seat).orders.contains(&order) {
            let mut left: Vec<String> = self
                .player(seat)
                .orders
                .iter()
                .map(ToString::to_string)
                .collect();
            left.dedup();
            return RuleError::new(
                Rule::OrderTokens,
                format!(
                    "{who} has no {order} token left in his play area (left: {})",
                    if left.is_empty() {
                        "none".to_string()
                    } else {
                        left.join(", ")
                    }
                ),
            );
        }
        if !self.placeable_systems(seat).contains(&system) {
            return RuleError::new(
                Rule::PlanningPhase,
                format!(
                    "{who} has no unit or structure in {system} or in a system adjacent to it; an order token goes only on such a system"
                ),
            );
        }
        RuleError::new(
            Rule::PlanningPhase,
            format!("{who} has placed his four order tokens"),
        )
    }
}
