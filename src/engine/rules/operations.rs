//! Operations Phase: in turn, each player reveals one of his tokens on top of a stack and
//! resolves it or puts it on his event deck; a player with nothing on top skips.

use super::{Action, Event, Game, RuleError};
use crate::engine::state::ids::{Order, Seat, SystemId};
use crate::engine::state::phase::{AdvanceStep, DeployStep, OpStep, Phase, StrategizeStep};
use crate::engine::state::rule::Rule;

impl Game {
    /// Whether `seat` has a token on top of some stack (asked after every action, so it
    /// builds no list, #26).
    pub(crate) fn has_own_top_token(&self, seat: Seat) -> bool {
        let faction = self.faction(seat);
        self.pos
            .stacks
            .values()
            .any(|stack| stack.last().is_some_and(|t| t.owner == faction))
    }

    pub(super) fn reveal_actions(&self, turn: Seat, out: &mut Vec<Action>) {
        let faction = self.faction(turn);
        out.extend(
            self.pos
                .stacks
                .iter()
                .filter(|(_, stack)| stack.last().is_some_and(|t| t.owner == faction))
                .map(|(&system, _)| Action::Reveal { system }),
        );
    }

    /// Skips a seat with nothing to reveal, and ends the phase when the board is empty.
    pub(super) fn auto_reveal(&mut self, turn: Seat, log: &mut Vec<Event>) -> bool {
        if self.pos.stacks.values().all(Vec::is_empty) {
            log.push(Event::RefreshBegins {});
            self.start_refresh(log);
            return true;
        }
        if !self.has_own_top_token(turn) {
            log.push(Event::Skips {
                faction: self.faction(turn),
            });
            let next = self.next_active(turn);
            self.set_phase(Phase::Operations {
                turn: next,
                step: OpStep::Reveal,
            });
            return true;
        }
        false
    }

    pub(super) fn apply_reveal(&mut self, turn: Seat, action: Action, log: &mut Vec<Event>) {
        let Action::Reveal { system } = action else {
            return;
        };
        let Some(order) = self
            .pos
            .stacks
            .get(&system)
            .and_then(|s| s.last())
            .map(|t| t.order)
        else {
            return;
        };
        log.push(Event::OrderRevealed {
            faction: self.faction(turn),
            order,
            system,
        });
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Revealed { system, order },
        });
    }

    pub(super) fn revealed_actions(order: Order, out: &mut Vec<Action>) {
        out.push(Action::Resolve);
        if order != Order::Strategize {
            out.push(Action::ToEventDeck);
        }
    }

    pub(super) fn apply_revealed(
        &mut self,
        turn: Seat,
        system: SystemId,
        order: Order,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        // The token leaves the stack now; it goes to the play area or event deck when done.
        if let Some(stack) = self.pos.stacks.get_mut(&system) {
            stack.pop();
        }
        if action == Action::ToEventDeck {
            self.player_mut(turn).event_tokens.push(order);
            log.push(Event::OrderToEventDeck {
                faction: self.faction(turn),
                order,
            });
            self.finish_turn(turn, log);
            return;
        }
        log.push(Event::OrderResolved {
            faction: self.faction(turn),
            order,
            system,
        });
        let step = match order {
            Order::Deploy => OpStep::Deploy(DeployStep {
                system,
                units_bought: 0,
                structure_stage: false,
            }),
            Order::Advance => OpStep::Advance(AdvanceStep::new(system)),
            Order::Dominate => OpStep::Dominate(self.collect_assets(turn, system, log)),
            Order::Strategize => OpStep::Strategize(StrategizeStep {
                system,
                bought_order_upgrade: false,
                bought_combat_upgrade: false,
            }),
        };
        self.set_phase(Phase::Operations { turn, step });
    }

    /// Ends a resolved order: the token goes to the play area (Strategize: the event deck),
    /// then every player destroys units over capacity.
    pub(crate) fn finish_order(&mut self, turn: Seat, system: SystemId, order: Order) {
        // Order upgrades that act after the order (Dread Ritual, Corsair Raid).
        if self.after_order_upgrades(turn, system, order) {
            return;
        }
        // A card may have changed the token resolved (The Green Tide) or used none (Mob Up!).
        let flags = std::mem::take(&mut self.pos.cards);
        let order = flags.token.unwrap_or(order);
        let player = self.player_mut(turn);
        if flags.no_token {
        } else if order == Order::Strategize && flags.token.is_none() {
            player.event_tokens.push(order);
        } else {
            player.orders.push(order);
        }
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Capacity { system },
        });
    }

    /// Ends a seat's turn: eliminations, then the next seat reveals.
    pub(crate) fn finish_turn(&mut self, turn: Seat, log: &mut Vec<Event>) {
        if self.check_eliminations(log) {
            return;
        }
        let next = self.next_active(turn);
        self.set_phase(Phase::Operations {
            turn: next,
            step: OpStep::Reveal,
        });
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_reveal(&self, system: SystemId) -> RuleError {
        if !self.board.has_system(system) {
            return RuleError::new(Rule::Systems, format!("{system} is not on the board"));
        }
        match self.pos.stacks.get(&system).and_then(|s| s.last()) {
            None => RuleError::new(Rule::Stack, format!("there is no order token on {system}")),
            Some(t) => RuleError::new(
                Rule::OperationsPhase,
                format!(
                    "the token on top of {system} belongs to {}; a player reveals only his own token on top of a stack",
                    t.owner.name()
                ),
            ),
        }
    }
}
