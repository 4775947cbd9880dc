//! Strategize Order: with a unit or structure in the active system, buy up to one order
//! upgrade and one combat upgrade within the command level; the token goes on the event deck.

use super::{Action, Event, Game, RuleError};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Order, Seat};
use crate::engine::state::phase::{OpStep, Phase, StrategizeStep};
use crate::engine::state::rule::Rule;

/// The distinct names of a deck, in first-seen order: how actions number the cards of a deck
/// (`combat-upgrade 2 replace 1`) and the face-up cards of a combat.
#[must_use]
pub fn distinct_cards(cards: &[CardName]) -> Vec<&CardName> {
    let mut out: Vec<&CardName> = Vec::with_capacity(cards.len());
    for c in cards {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

impl Game {
    /// Level and cost of a combat card bought as an upgrade (starting cards: level 0, free).
    pub(crate) fn combat_upgrade_terms(&self, name: &str) -> Option<(u8, u8)> {
        self.data
            .combat_cards
            .iter()
            .find(|c| c.name == name)
            .map(|c| (c.level.unwrap_or(0), c.cost))
    }

    pub(super) fn strategize_actions(&self, turn: Seat, s: &StrategizeStep, out: &mut Vec<Action>) {
        let faction = self.faction(turn);
        if self.strategize_allowed(turn, s.system) {
            let level = self.command_level(faction);
            let p = self.player(turn);
            if !s.bought_order_upgrade {
                for (i, name) in p.order_upgrade_deck.iter().enumerate() {
                    let Some(card) = self.data.order_upgrades.iter().find(|c| &c.name == name)
                    else {
                        continue;
                    };
                    if card.level <= level
                        && card.cost <= p.materiel
                        && let Ok(card) = u8::try_from(i + 1)
                    {
                        out.push(Action::BuyOrderUpgrade { card });
                    }
                }
            }
            if !s.bought_combat_upgrade {
                let deck = distinct_cards(&p.combat_deck);
                for (i, name) in distinct_cards(&p.combat_upgrades).iter().enumerate() {
                    let Some((lv, cost)) = self.combat_upgrade_terms(name) else {
                        continue;
                    };
                    if lv > level || cost > p.materiel {
                        continue;
                    }
                    for j in 0..deck.len() {
                        if let (Ok(card), Ok(replace)) = (u8::try_from(i + 1), u8::try_from(j + 1))
                        {
                            out.push(Action::BuyCombatUpgrade { card, replace });
                        }
                    }
                }
            }
            self.strategize_card_actions(turn, s, out);
        }
        out.push(Action::Done);
    }

    pub(super) fn apply_strategize(
        &mut self,
        turn: Seat,
        mut s: StrategizeStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        if self.apply_strategize_card(turn, &s, action, log) {
            self.set_phase(Phase::Operations {
                turn,
                step: OpStep::Strategize(s),
            });
            return;
        }
        match action {
            Action::BuyOrderUpgrade { card } => {
                let p = self.player_mut(turn);
                let card_name = p.order_upgrade_deck.remove(usize::from(card) - 1);
                let cost = self
                    .data
                    .order_upgrades
                    .iter()
                    .find(|c| c.name == card_name)
                    .map_or(0, |c| c.cost);
                let p = self.player_mut(turn);
                p.materiel = p.materiel.saturating_sub(cost);
                p.order_upgrades.push(card_name.clone());
                s.bought_order_upgrade = true;
                log.push(Event::OrderUpgradeBought {
                    faction: self.faction(turn),
                    card: card_name.clone(),
                    cost,
                    via: None,
                });
            }
            Action::BuyCombatUpgrade { card, replace } => {
                let p = self.player(turn);
                let new = distinct_cards(&p.combat_upgrades)[usize::from(card) - 1].clone();
                let old = distinct_cards(&p.combat_deck)[usize::from(replace) - 1].clone();
                let cost = self.combat_upgrade_terms(&new).map_or(0, |t| t.1);
                let p = self.player_mut(turn);
                p.materiel = p.materiel.saturating_sub(cost);
                p.combat_upgrades.retain(|c| *c != new);
                p.combat_deck.retain(|c| *c != old);
                p.combat_deck.extend([new.clone(), new.clone()]);
                p.combat_upgrades.extend([old.clone(), old.clone()]);
                let mut deck = std::mem::take(&mut self.player_mut(turn).combat_deck);
                self.shuffle(&mut deck);
                self.player_mut(turn).combat_deck = deck;
                s.bought_combat_upgrade = true;
                log.push(Event::CombatUpgradeBought {
                    faction: self.faction(turn),
                    card: new,
                    cost,
                    returned: old,
                    via: None,
                });
            }
            Action::Done => {
                self.finish_order(turn, s.system, Order::Strategize);
                return;
            }
            _ => return,
        }
        self.set_phase(Phase::Operations {
            turn,
            step: OpStep::Strategize(s),
        });
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_order_upgrade(&self, seat: Seat, card: u8) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        if let Some(refusal) =
            self.explain_strategize_purchase(seat, |s| s.bought_order_upgrade, "order upgrade")
        {
            return refusal;
        }
        let p = self.player(seat);
        let Some(name) = usize::from(card)
            .checked_sub(1)
            .and_then(|i| p.order_upgrade_deck.get(i))
        else {
            return RuleError::new(
                Rule::OrderUpgradeCards,
                format!(
                    "{who} has {} order upgrade(s) left to buy: `order-upgrade 1` to `order-upgrade {}`",
                    p.order_upgrade_deck.len(),
                    p.order_upgrade_deck.len()
                ),
            );
        };
        let Some(data) = self.data.order_upgrades.iter().find(|c| &c.name == name) else {
            return RuleError::new(
                Rule::OrderUpgradeCards,
                format!("{name} is no order upgrade"),
            );
        };
        self.explain_level_then_cost(seat, name, data.level, data.cost)
    }

    pub(super) fn explain_combat_upgrade(&self, seat: Seat, card: u8, replace: u8) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        if let Some(refusal) =
            self.explain_strategize_purchase(seat, |s| s.bought_combat_upgrade, "combat upgrade")
        {
            return refusal;
        }
        let p = self.player(seat);
        let upgrades = distinct_cards(&p.combat_upgrades);
        let deck = distinct_cards(&p.combat_deck);
        let Some(name) = usize::from(card)
            .checked_sub(1)
            .and_then(|i| upgrades.get(i))
        else {
            return RuleError::new(
                Rule::CombatCards,
                format!(
                    "{who} has {} different combat upgrade(s): `combat-upgrade 1` to `combat-upgrade {}`",
                    upgrades.len(),
                    upgrades.len()
                ),
            );
        };
        if usize::from(replace)
            .checked_sub(1)
            .and_then(|i| deck.get(i))
            .is_none()
        {
            return RuleError::new(
                Rule::CombatCards,
                format!(
                    "{} combat deck has {} different cards: `replace 1` to `replace {}`",
                    faction.possessive(),
                    deck.len(),
                    deck.len()
                ),
            );
        }
        let Some(data) = self.data.combat_cards.iter().find(|c| c.name == **name) else {
            return RuleError::new(Rule::CombatCards, format!("{name} is no combat card"));
        };
        self.explain_level_then_cost(seat, name, data.level.unwrap_or(0), data.cost)
    }

    /// Why no upgrade of this kind can be bought now: no Strategize order, no presence in its
    /// system, or one of this kind already bought (`None`: none of these).
    pub(super) fn explain_strategize_purchase(
        &self,
        seat: Seat,
        bought: impl Fn(&StrategizeStep) -> bool,
        kind: &str,
    ) -> Option<RuleError> {
        const RULE: Rule = Rule::StrategizeOrder;
        let faction = self.faction(seat);
        let Phase::Operations {
            step: OpStep::Strategize(s),
            ..
        } = &self.pos.phase
        else {
            return Some(RuleError::new(
                RULE,
                "no Strategize order is being resolved",
            ));
        };
        if !self.strategize_allowed(seat, s.system) {
            return Some(RuleError::new(
                RULE,
                format!(
                    "{} has no unit or structure in {} (and no ready Farseers), so he purchases nothing there",
                    faction.name(),
                    s.system
                ),
            ));
        }
        bought(s).then(|| {
            RuleError::new(
                RULE,
                format!("one {kind} per Strategize order, and it is bought"),
            )
        })
    }

    /// An upgrade the player may otherwise buy: refused by its command level, else its cost.
    pub(super) fn explain_level_then_cost(
        &self,
        seat: Seat,
        name: &str,
        needed: u8,
        cost: u8,
    ) -> RuleError {
        let who = self.faction(seat).name();
        let level = self.command_level(self.faction(seat));
        if needed > level {
            return RuleError::new(
                Rule::CommandLevel,
                format!("{name} needs command level {needed}; {who} has {level}"),
            );
        }
        RuleError::new(
            Rule::Cost,
            format!(
                "{name} costs {cost} materiel; {who} has {}",
                self.player(seat).materiel
            ),
        )
    }
}
