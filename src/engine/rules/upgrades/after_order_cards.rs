//! Order upgrades used once their order has resolved: Dread Ritual (Chaos, Deploy) and Corsair
//! Raid (Eldar, Advance).

use crate::engine::data::UnitKind;
use crate::engine::rules::{Action, Game};
use crate::engine::state::card_step::CardStep;
use crate::engine::state::ids::{Order, Seat, SystemId};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// Offers the upgrades that act once the order is over; returns whether one was offered.
    pub(crate) fn after_order_upgrades(
        &mut self,
        turn: Seat,
        system: SystemId,
        order: Order,
    ) -> bool {
        if self.pos.cards.after_order_done {
            return false;
        }
        if order == Order::Deploy && self.upgrade_ready(turn, "Dread Ritual") {
            let mut out = Vec::new();
            self.dread_ritual_actions(turn, system, &mut out);
            if !out.is_empty() {
                self.pos.cards.after_order_done = true;
                self.set_card(turn, CardStep::DreadRitual { system });
                return true;
            }
        }
        let in_combat = matches!(
            self.pos.phase,
            Phase::Operations {
                step: OpStep::Combat(_),
                ..
            }
        );
        if order == Order::Advance && in_combat && self.upgrade_ready(turn, "Corsair Raid") {
            let mut out = Vec::new();
            self.strike_choices(turn, system, &mut out);
            if out.len() > 1 {
                // Offered, not used: it turns face down only if a strike is made.
                self.pos.cards.after_order_done = true;
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::OrbitalChoice { system },
                });
                return true;
            }
        }
        false
    }

    pub(super) fn dread_ritual_price(
        &self,
        seat: Seat,
        system: SystemId,
        unit: UnitType,
        forge: bool,
        cache: bool,
    ) -> Option<crate::engine::rules::deploy::Price> {
        let faction = self.faction(seat);
        let mut price = self.unit_price(faction, unit, forge, cache)?;
        let cultists = self
            .board
            .areas_of(system)
            .map(|a| {
                self.pos
                    .area(a.id)
                    .units
                    .iter()
                    .filter(|u| u.unit == UnitType::Cultist)
                    .count()
            })
            .sum::<usize>();
        price.materiel = price
            .materiel
            .saturating_sub(u8::try_from(cultists).unwrap_or(u8::MAX));
        Some(price)
    }

    pub(super) fn dread_ritual_actions(&self, seat: Seat, system: SystemId, out: &mut Vec<Action>) {
        let faction = self.faction(seat);
        let level = self.command_level(faction);
        let p = self.player(seat);
        for unit in UnitType::of(faction) {
            let data = self.data.unit(unit);
            if data.level > 2 || self.units_in_supply(unit) == 0 {
                continue;
            }
            let forge_level = match data.level.checked_sub(level) {
                None | Some(0) => false,
                Some(1) => true,
                Some(_) => continue,
            };
            for cache in [false, true] {
                if cache && (data.cost == 0 || p.assets.cache == 0) {
                    continue;
                }
                let Some(price) = self.dread_ritual_price(seat, system, unit, forge_level, cache)
                else {
                    continue;
                };
                if p.materiel < price.materiel
                    || p.assets.forge < price.forge
                    || p.assets.cache < price.cache
                {
                    continue;
                }
                for a in self.board.areas_of(system) {
                    if a.is_world() == (data.kind == UnitKind::Ground)
                        && self.is_friendly(a.id, faction)
                    {
                        out.push(Action::BuyUnit {
                            unit,
                            area: a.id,
                            forge_level,
                            cache,
                        });
                    }
                }
            }
        }
    }
}
