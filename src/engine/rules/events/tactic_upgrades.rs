//! Tactics that buy upgrades at a discount: Rites of Battle (Ultramarines) and Path of the
//! Warrior (Eldar).

use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Seat, StructureKind};

impl Game {
    pub(super) fn rites_discount(&self, seat: Seat) -> u8 {
        let f = self.faction(seat);
        let n = self
            .pos
            .areas
            .values()
            .flat_map(|a| a.structures.iter())
            .filter(|s| s.owner == f && s.kind == StructureKind::Bastion)
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    pub(super) fn warrior_discount(&self, seat: Seat) -> u8 {
        let f = self.faction(seat);
        let n = self
            .friendly_worlds(f)
            .filter(|&w| {
                self.pos
                    .area(w)
                    .structures
                    .iter()
                    .any(|s| s.kind == StructureKind::City)
            })
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Order upgrade purchases (discount `order`) and combat upgrade purchases (discount
    /// `combat`) within the command level; `None` leaves that kind out.
    pub(super) fn upgrade_purchase_actions(
        &self,
        seat: Seat,
        order: Option<u8>,
        combat: Option<u8>,
        out: &mut Vec<Action>,
    ) {
        let level = self.command_level(self.faction(seat));
        self.upgrade_actions_at(seat, level, order, combat, out);
    }

    pub(super) fn upgrade_actions_at(
        &self,
        seat: Seat,
        level: u8,
        order: Option<u8>,
        combat: Option<u8>,
        out: &mut Vec<Action>,
    ) {
        let p = self.player(seat);
        if let Some(off) = order {
            for (i, name) in p.order_upgrade_deck.iter().enumerate() {
                if let Some(c) = self.data.order_upgrades.iter().find(|c| &c.name == name)
                    && c.level <= level
                    && c.cost.saturating_sub(off) <= p.materiel
                    && let Ok(card) = u8::try_from(i + 1)
                {
                    out.push(Action::BuyOrderUpgrade { card });
                }
            }
        }
        if let Some(off) = combat {
            let deck = crate::engine::rules::distinct_cards(&p.combat_deck);
            for (i, name) in crate::engine::rules::distinct_cards(&p.combat_upgrades)
                .iter()
                .enumerate()
            {
                let Some(c) = self.data.combat_cards.iter().find(|c| c.name == **name) else {
                    continue;
                };
                if c.level.unwrap_or(0) > level || c.cost.saturating_sub(off) > p.materiel {
                    continue;
                }
                for j in 0..deck.len() {
                    if let (Ok(card), Ok(replace)) = (u8::try_from(i + 1), u8::try_from(j + 1)) {
                        out.push(Action::BuyCombatUpgrade { card, replace });
                    }
                }
            }
        }
    }

    pub(super) fn buy_upgrade_discounted(
        &mut self,
        seat: Seat,
        action: Action,
        off: u8,
        card_name: &CardName,
        log: &mut Vec<Event>,
    ) {
        match action {
            Action::BuyOrderUpgrade { card } => {
                let p = self.player_mut(seat);
                let up = p.order_upgrade_deck.remove(usize::from(card) - 1);
                let cost = self
                    .data
                    .order_upgrades
                    .iter()
                    .find(|c| c.name == up)
                    .map_or(0, |c| c.cost)
                    .saturating_sub(off);
                let p = self.player_mut(seat);
                p.materiel = p.materiel.saturating_sub(cost);
                p.order_upgrades.push(up.clone());
                log.push(Event::OrderUpgradeBought {
                    faction: self.faction(seat),
                    card: up.clone(),
                    cost,
                    via: Some(card_name.into()),
                });
            }
            Action::BuyCombatUpgrade { card, replace } => {
                let p = self.player(seat);
                let new = crate::engine::rules::distinct_cards(&p.combat_upgrades)
                    [usize::from(card) - 1]
                    .clone();
                let old = crate::engine::rules::distinct_cards(&p.combat_deck)
                    [usize::from(replace) - 1]
                    .clone();
                let cost = self
                    .data
                    .combat_cards
                    .iter()
                    .find(|c| c.name == new)
                    .map_or(0, |c| c.cost)
                    .saturating_sub(off);
                let p = self.player_mut(seat);
                p.materiel = p.materiel.saturating_sub(cost);
                p.combat_upgrades.retain(|c| *c != new);
                p.combat_deck.retain(|c| *c != old);
                p.combat_deck.extend([new.clone(), new.clone()]);
                p.combat_upgrades.extend([old.clone(), old.clone()]);
                let mut deck = std::mem::take(&mut self.player_mut(seat).combat_deck);
                self.shuffle(&mut deck);
                self.player_mut(seat).combat_deck = deck;
                log.push(Event::CombatUpgradeBought {
                    faction: self.faction(seat),
                    card: new,
                    cost,
                    returned: old,
                    via: Some(card_name.into()),
                });
            }
            _ => {}
        }
    }
}
