//! Order upgrades of the Deploy order: Recruitment Worlds (Ultramarines), Wraithbone Singers
//! (Eldar) and Werk Fasta! (Orks).

use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Seat, StructureKind};
use crate::engine::state::phase::DeployStep;

impl Game {
    /// The deploy limit with Recruitment Worlds: own bastion worlds count as factory worlds,
    /// each adding one less than its capacity.
    pub(crate) fn deploy_limit_with_cards(&self, seat: Seat, d: &DeployStep) -> u8 {
        let faction = self.faction(seat);
        let plain = self.deploy_limit(faction, d.system);
        let owned = self
            .player(seat)
            .order_upgrades
            .iter()
            .any(|u| u == "Recruitment Worlds");
        if !owned || !(self.upgrade_ready(seat, "Recruitment Worlds") || d.units_bought > plain) {
            return plain;
        }
        let extra: u8 = self
            .board
            .areas_of(d.system)
            .filter(|a| self.is_friendly(a.id, faction))
            .filter(|a| {
                let s = &self.pos.area(a.id).structures;
                s.iter()
                    .any(|s| s.kind == StructureKind::Bastion && s.owner == faction)
                    && !s
                        .iter()
                        .any(|s| s.kind == StructureKind::Factory && s.owner == faction)
            })
            .map(|a| {
                a.capacity(self.data.components.void_capacity)
                    .saturating_sub(1)
            })
            .sum();
        plain + extra
    }

    /// After a unit purchase: Recruitment Worlds is used once the plain limit is passed.
    pub(crate) fn note_deploy_purchase(
        &mut self,
        seat: Seat,
        d: &DeployStep,
        log: &mut Vec<Event>,
    ) {
        let faction = self.faction(seat);
        if d.units_bought > self.deploy_limit(faction, d.system)
            && self.upgrade_ready(seat, "Recruitment Worlds")
        {
            self.use_upgrade(seat, &CardName::fixed("Recruitment Worlds"), log);
        }
    }

    /// The structure purchases cards add: Werk Fasta! before the units, Wraithbone Singers on
    /// a world with one structure of another kind.
    pub(crate) fn deploy_card_actions(&self, seat: Seat, d: &DeployStep, out: &mut Vec<Action>) {
        let faction = self.faction(seat);
        let werk = !d.structure_stage
            && !self.pos.cards.structure_first
            && self.upgrade_ready(seat, "Werk Fasta!");
        let wraith = d.structure_stage && self.upgrade_ready(seat, "Wraithbone Singers");
        if !werk && !wraith {
            return;
        }
        if self.control_tokens_left(faction) == 0 {
            return;
        }
        for kind in StructureKind::ALL {
            if self.structures_in_supply(kind) == 0 {
                continue;
            }
            let cost = self.data.structure(kind).cost;
            for area in self
                .board
                .areas_of(d.system)
                .filter(|a| a.is_world())
                .map(|a| a.id)
            {
                if !self.is_friendly(area, faction) {
                    continue;
                }
                let s = &self.pos.area(area).structures;
                let ok = if werk {
                    s.is_empty()
                } else {
                    s.len() == 1 && s[0].kind != kind
                };
                if !ok {
                    continue;
                }
                for cache in [false, true] {
                    if cache && (cost == 0 || self.player(seat).assets.cache == 0) {
                        continue;
                    }
                    let materiel = if cache { cost.saturating_sub(2) } else { cost };
                    if self.player(seat).materiel
                        >= materiel.saturating_sub(self.pos.cards.discount)
                    {
                        out.push(Action::BuildStructure { kind, area, cache });
                    }
                }
            }
        }
    }

    /// After a structure purchase: marks the upgrade that allowed it. Returns whether the
    /// units are still to come (Werk Fasta!).
    pub(crate) fn note_structure_purchase(
        &mut self,
        seat: Seat,
        d: &DeployStep,
        area: AreaId,
        log: &mut Vec<Event>,
    ) -> bool {
        if !d.structure_stage {
            self.use_upgrade(seat, &CardName::fixed("Werk Fasta!"), log);
            self.pos.cards.structure_first = true;
            return true;
        }
        if self.pos.area(area).structures.len() > 1 {
            self.use_upgrade(seat, &CardName::fixed("Wraithbone Singers"), log);
        }
        false
    }
}
