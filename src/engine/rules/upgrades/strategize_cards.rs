//! Order upgrades of the Strategize order: Farseers (Eldar), Direct the Faithful
//! (Ultramarines), Favour of the Dark Gods (Chaos), and The Green Tide (Orks), which resolves
//! a Strategize token as another order.

use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::StrategizeStep;

impl Game {
    /// Whether the seat may buy upgrades with this Strategize (Farseers: even without presence).
    pub(crate) fn strategize_allowed(&self, seat: Seat, system: SystemId) -> bool {
        self.has_presence(self.faction(seat), system) || self.upgrade_ready(seat, "Farseers")
    }

    pub(crate) fn strategize_card_actions(
        &self,
        seat: Seat,
        s: &StrategizeStep,
        out: &mut Vec<Action>,
    ) {
        let faction = self.faction(seat);
        if self.upgrade_ready(seat, "Direct the Faithful") {
            for a in self.board.areas_of(s.system).filter(|a| a.is_world()) {
                for st in self
                    .pos
                    .area(a.id)
                    .structures
                    .iter()
                    .filter(|st| st.owner == faction)
                {
                    for kind in StructureKind::ALL {
                        if kind != st.kind
                            && self.structures_in_supply(kind) > 0
                            && !self
                                .pos
                                .area(a.id)
                                .structures
                                .iter()
                                .any(|x| x.kind == kind)
                        {
                            out.push(Action::BuildStructure {
                                kind,
                                area: a.id,
                                cache: false,
                            });
                        }
                    }
                }
            }
        }
        if self.upgrade_ready(seat, "Favour of the Dark Gods")
            && !self.player(seat).orders.is_empty()
        {
            out.push(Action::UseAbility);
        }
    }

    /// Applies a Strategize action of an upgrade; returns whether it was one.
    pub(crate) fn apply_strategize_card(
        &mut self,
        seat: Seat,
        s: &StrategizeStep,
        action: Action,
        log: &mut Vec<Event>,
    ) -> bool {
        let faction = self.faction(seat);
        match action {
            Action::BuildStructure { kind, area, .. } => {
                self.use_upgrade(seat, &CardName::fixed("Direct the Faithful"), log);
                let structures = &mut self.pos.area_mut(area).structures;
                if let Some(st) = structures.iter_mut().find(|st| st.owner == faction) {
                    let old = st.kind;
                    st.kind = kind;
                    log.push(Event::StructureSwapped {
                        faction,
                        old,
                        area,
                        kind,
                    });
                }
                true
            }
            Action::UseAbility => {
                self.use_upgrade(seat, &CardName::fixed("Favour of the Dark Gods"), log);
                let p = self.player_mut(seat);
                let n = p.orders.len().min(2);
                let moved: Vec<Order> = p.orders.drain(..n).collect();
                p.event_tokens.extend(moved.iter().copied());
                log.push(Event::OrdersToEventDeck { faction, count: n });
                let _ = s;
                true
            }
            Action::BuyOrderUpgrade { .. } | Action::BuyCombatUpgrade { .. } => {
                if !self.has_presence(faction, s.system) && self.upgrade_ready(seat, "Farseers") {
                    self.use_upgrade(seat, &CardName::fixed("Farseers"), log);
                }
                false
            }
            _ => false,
        }
    }

    pub(crate) fn green_tide_actions(&self, seat: Seat, order: Order, out: &mut Vec<Action>) {
        if order == Order::Strategize && self.upgrade_ready(seat, "The Green Tide") {
            out.extend(
                [Order::Advance, Order::Deploy, Order::Dominate]
                    .into_iter()
                    .map(|order| Action::ResolveAs { order }),
            );
        }
    }

    pub(crate) fn apply_green_tide(
        &mut self,
        seat: Seat,
        system: SystemId,
        order: Order,
        log: &mut Vec<Event>,
    ) {
        self.use_upgrade(seat, &CardName::fixed("The Green Tide"), log);
        self.pos.cards.token = Some(Order::Strategize);
        self.apply_revealed(seat, system, order, Action::Resolve, log);
    }
}
