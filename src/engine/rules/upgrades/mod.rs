//! Order upgrade cards (Rules Reference, "Order Upgrade Cards", "Orbital Strike"): each applies
//! while its order resolves, once per round (the card turns face down), never when the token
//! went to the event deck. The orbital strike upgrades (and the schemes used in a strike) run
//! their own strike (`strike_cards.rs`); a strike using none is left to `orbital_strike.rs`.
//! One file per order the upgrades belong to; the Operations Phase steps they share are here.

mod advance_cards;
mod after_order_cards;
mod deploy_cards;
mod strategize_cards;
mod strike_cards;

use super::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::card_step::{CardStep, StrikeStage};
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{Order, Seat};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::Unit;

const FACES: [DieFace; 3] = [DieFace::Offence, DieFace::Defence, DieFace::Morale];

impl Game {
    // ----- shared -----

    /// Whether the seat owns the order upgrade and has not used it this round.
    pub(crate) fn upgrade_ready(&self, seat: Seat, name: &str) -> bool {
        let p = self.player(seat);
        p.order_upgrades.iter().any(|u| u == name) && !p.used_upgrades.iter().any(|u| u == name)
    }

    /// Turns an order upgrade face down for the rest of the round.
    pub(crate) fn use_upgrade(&mut self, seat: Seat, name: &CardName, log: &mut Vec<Event>) {
        let p = self.player_mut(seat);
        if !p.used_upgrades.contains(name) {
            p.used_upgrades.push(name.clone());
        }
        log.push(Event::OrderUpgradeUsed {
            faction: self.faction(seat),
            card: name.clone(),
        });
    }

    /// Whether the seat has this scheme face up.
    pub(crate) fn has_scheme(&self, seat: Seat, name: &str) -> bool {
        self.player(seat).schemes.iter().any(|s| s == name)
    }

    /// Discards a face-up scheme back into the event deck (shuffled).
    pub(crate) fn discard_scheme(&mut self, seat: Seat, name: &CardName, log: &mut Vec<Event>) {
        let p = self.player_mut(seat);
        p.schemes.retain(|s| s != name);
        p.event_deck.push(name.clone());
        let mut deck = std::mem::take(&mut self.player_mut(seat).event_deck);
        self.shuffle(&mut deck);
        self.player_mut(seat).event_deck = deck;
        log.push(Event::SchemeDiscarded {
            faction: self.faction(seat),
            card: name.clone(),
        });
    }

    fn set_card(&mut self, turn: Seat, step: CardStep) {
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Card(Box::new(step)),
        });
    }

    // ----- card steps in the Operations Phase -----

    pub(crate) fn card_decision(
        &self,
        turn: Seat,
        c: &CardStep,
    ) -> Option<(Seat, super::DecisionKind)> {
        match c {
            CardStep::DreadRitual { .. } => Some((turn, super::DecisionKind::DreadRitual)),
            CardStep::Strike(s) => self.strike_decision(turn, s),
            CardStep::Scheme { .. } | CardStep::Outmanoeuvre { .. } => {
                Some((turn, super::DecisionKind::SchemeAbility))
            }
        }
    }

    pub(crate) fn card_actions(&self, turn: Seat, c: &CardStep, out: &mut Vec<Action>) {
        match c {
            CardStep::DreadRitual { system } => {
                self.dread_ritual_actions(turn, *system, out);
                out.push(Action::Done);
            }
            CardStep::Strike(s) => self.strike_actions(turn, s, out),
            CardStep::Scheme { card, from, to } => self.scheme_actions(turn, card, *from, *to, out),
            CardStep::Outmanoeuvre { system, token } => {
                self.outmanoeuvre_actions(turn, *system, *token, out);
            }
        }
    }

    pub(crate) fn apply_card(
        &mut self,
        turn: Seat,
        c: CardStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        match c {
            CardStep::DreadRitual { system } => {
                if let Action::BuyUnit {
                    unit,
                    area,
                    forge_level,
                    cache,
                } = action
                    && let Some(price) =
                        self.dread_ritual_price(turn, system, unit, forge_level, cache)
                {
                    self.use_upgrade(turn, &CardName::fixed("Dread Ritual"), log);
                    self.pay(turn, price);
                    self.pos.area_mut(area).units.push(Unit::new(unit));
                    log.push(Event::DreadRitual {
                        faction: self.faction(turn),
                        unit,
                        area,
                        materiel: price.materiel,
                    });
                }
                self.finish_order(turn, system, Order::Deploy);
            }
            CardStep::Strike(s) => self.apply_strike(turn, s, action, log),
            CardStep::Scheme { card, from, to } => {
                self.apply_scheme(turn, &card, from, to, action, log);
            }
            CardStep::Outmanoeuvre { system, token } => {
                self.apply_outmanoeuvre(turn, system, token, action, log);
            }
        }
    }

    /// Steps of a card strike that need no decision.
    pub(crate) fn auto_card(&mut self, turn: Seat, c: &CardStep, log: &mut Vec<Event>) -> bool {
        let CardStep::Strike(s) = c else {
            return false;
        };
        let mut s = s.clone();
        match s.stage {
            StrikeStage::Upgrades if self.upgrade_options(turn, &s).is_empty() => {
                self.roll_strike(turn, &mut s, log);
            }
            StrikeStage::Dice => {
                let mut out = Vec::new();
                self.strike_actions(turn, &s, &mut out);
                if out.len() > 1 {
                    return false;
                }
                self.apply_strike(turn, s, Action::Done, log);
                return true;
            }
            StrikeStage::Damage if s.remaining == 0 || self.strike_targets(turn, &s).is_empty() => {
                let destroy = s.used.iter().any(|u| u == "Complete Destruction")
                    && self.strike_owner(turn, s.world).is_some();
                if destroy {
                    s.stage = StrikeStage::Destroy;
                } else {
                    self.finish_strike(turn, &s, log);
                    return true;
                }
            }
            StrikeStage::Destroy if self.strike_owner(turn, s.world).is_none() => {
                self.finish_strike(turn, &s, log);
                return true;
            }
            _ => return false,
        }
        self.set_card(turn, CardStep::Strike(s));
        true
    }
}
