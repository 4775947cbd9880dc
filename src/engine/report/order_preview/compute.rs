//! The previews worked out: each puts a copy of the game in the order's first step for the
//! deciding seat and reads the legal actions the engine would offer there.

use std::collections::BTreeMap;

use super::{
    AdvancePreview, DeployPreview, DominatePreview, StrategizePreview, UnitGroup, UnitOffer,
};
use crate::engine::rules::Game;
use crate::engine::rules::distinct_cards as distinct;
use crate::engine::state::action::Action;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Asset, Faction, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{
    AdvanceStep, DeployStep, DominateStep, OpStep, Phase, StrategizeStep,
};

impl Game {
    /// This game with `seat` resolving an order whose step is `step`.
    fn resolving(&self, seat: Seat, step: OpStep) -> Game {
        let mut g = self.clone();
        g.set_phase(Phase::Operations { turn: seat, step });
        g
    }

    /// The unit groups the Advance could bring in (ships first, then ground units with the
    /// ships where they stand) and the areas where entering starts a combat.
    pub(super) fn preview_advance(&self, seat: Seat, system: SystemId) -> AdvancePreview {
        let faction = self.faction(seat);
        let mut step = AdvanceStep::new(system);
        let mut enemy: BTreeMap<AreaId, Vec<Faction>> = BTreeMap::new();
        let groups = |g: &Game, enemy: &mut BTreeMap<AreaId, Vec<Faction>>| {
            let mut out: Vec<UnitGroup> = Vec::new();
            for a in g.list_legal_actions() {
                let Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                } = a
                else {
                    continue;
                };
                let others: Vec<Faction> = g
                    .position()
                    .area(to)
                    .factions()
                    .into_iter()
                    .filter(|f| *f != faction)
                    .collect();
                if !others.is_empty() {
                    enemy.insert(to, others);
                }
                match out.iter_mut().find(|x| x.from == from && x.unit == unit) {
                    Some(x) => x.count = x.count.max(count),
                    None => out.push(UnitGroup { from, unit, count }),
                }
            }
            out
        };
        let ships = groups(
            &self.resolving(seat, OpStep::Advance(step.clone())),
            &mut enemy,
        );
        // Ground movement uses the areas friendly when it begins (Moving Ground Units).
        step.ground_stage = true;
        step.friendly_at_ground_start = self
            .board()
            .areas()
            .map(|x| x.id)
            .filter(|&id| self.is_friendly(id, faction))
            .collect();
        let ground = groups(&self.resolving(seat, OpStep::Advance(step)), &mut enemy);
        AdvancePreview {
            ships,
            ground,
            enemy_areas: enemy.into_iter().collect(),
        }
    }

    /// The deploy limit, what the seat holds, and the units and structures it could buy.
    pub(super) fn preview_deploy(&self, seat: Seat, system: SystemId) -> DeployPreview {
        let faction = self.faction(seat);
        let step = DeployStep {
            system,
            units_bought: 0,
            structure_stage: false,
        };
        let limit = self.deploy_limit_with_cards(seat, &step);
        let plain = self.deploy_limit(faction, system);
        let factory_worlds = self
            .board()
            .areas_of(system)
            .filter(|a| self.is_friendly(a.id, faction))
            .filter(|a| {
                self.position()
                    .area(a.id)
                    .structures
                    .iter()
                    .any(|s| s.kind == StructureKind::Factory && s.owner == faction)
            })
            .map(|a| (a.id, self.capacity(a.id)))
            .collect();
        let mut units: Vec<UnitOffer> = Vec::new();
        for a in self
            .resolving(seat, OpStep::Deploy(step.clone()))
            .list_legal_actions()
        {
            let Action::BuyUnit {
                unit, forge_level, ..
            } = a
            else {
                continue;
            };
            let Some(price) = self.unit_price(faction, unit, forge_level, false) else {
                continue;
            };
            let offer = UnitOffer {
                unit,
                materiel: price.materiel,
                forge: price.forge,
            };
            // The price without a cache token, even when only the cache makes it affordable:
            // the list says which types are within reach, the choices give the exact terms.
            if !units.iter().any(|u| u.unit == unit) {
                units.push(offer);
            }
        }
        let mut structures: Vec<(StructureKind, u8)> = Vec::new();
        let mut structure_worlds: Vec<AreaId> = Vec::new();
        let build = self.resolving(
            seat,
            OpStep::Deploy(DeployStep {
                structure_stage: true,
                ..step
            }),
        );
        for a in build.list_legal_actions() {
            if let Action::BuildStructure { kind, area, .. } = a {
                if !structures.iter().any(|(k, _)| *k == kind) {
                    structures.push((kind, self.data().structure(kind).cost));
                }
                if !structure_worlds.contains(&area) {
                    structure_worlds.push(area);
                }
            }
        }
        let p = self.player(seat);
        DeployPreview {
            factory_worlds,
            limit,
            card_extra: limit.saturating_sub(plain),
            materiel: p.materiel,
            assets: p.assets,
            units,
            structures,
            structure_worlds,
        }
    }

    /// The asset tokens collected (on a copy: the holding limit and the supply decide), the
    /// prosperity choices, and the faction ability's uses once they are taken.
    pub(super) fn preview_dominate(&self, seat: Seat, system: SystemId) -> DominatePreview {
        let faction = self.faction(seat);
        let worlds: Vec<AreaId> = self
            .board()
            .areas_of(system)
            .filter(|a| a.is_world() && self.is_friendly(a.id, faction))
            .map(|a| a.id)
            .collect();
        let mut icons: BTreeMap<Asset, u8> = BTreeMap::new();
        for w in worlds
            .iter()
            .filter_map(|id| self.board().area(*id))
            .filter_map(|a| a.world())
        {
            for icon in &w.assets {
                *icons.entry(*icon).or_insert(0) += 1;
            }
        }
        // Collect on a copy: the holding limit and the supply decide what is gained.
        let mut after = self.clone();
        let mut log = Vec::new();
        let step = after.collect_assets(seat, system, &mut log);
        let before = self.player(seat).assets;
        let now = after.player(seat).assets;
        let mut gained = Vec::new();
        let mut refused = Vec::new();
        for asset in Asset::TOKENS {
            let got = now.get(asset).saturating_sub(before.get(asset));
            if got > 0 {
                gained.push((asset, got));
            }
            let lost = icons.get(&asset).copied().unwrap_or(0).saturating_sub(got);
            if lost > 0 {
                refused.push((asset, lost));
            }
        }
        // The ability, once every prosperity icon is taken (which token does not change
        // where the ability may be used).
        let ability_uses = after
            .resolving(
                seat,
                OpStep::Dominate(DominateStep {
                    system,
                    prosperity_left: 0,
                }),
            )
            .list_legal_actions()
            .iter()
            .filter(|a| **a != Action::Done)
            .count();
        DominatePreview {
            worlds,
            gained,
            refused,
            prosperity: step.prosperity_left,
            ability: self.data().faction(faction).ability.name.clone(),
            ability_uses,
        }
    }

    /// Whether the seat may buy here, and the upgrades within its materiel and command level.
    pub(super) fn preview_strategize(&self, seat: Seat, system: SystemId) -> StrategizePreview {
        let faction = self.faction(seat);
        let p = self.player(seat);
        let allowed = self.strategize_allowed(seat, system);
        let g = self.resolving(
            seat,
            OpStep::Strategize(StrategizeStep {
                system,
                bought_order_upgrade: false,
                bought_combat_upgrade: false,
            }),
        );
        // The engine names cards by their place in the deck and among the distinct upgrades.
        let combat_names: Vec<CardName> =
            distinct(&p.combat_upgrades).into_iter().cloned().collect();
        let nth = |names: &[CardName], card: u8| {
            usize::from(card)
                .checked_sub(1)
                .and_then(|i| names.get(i))
                .cloned()
        };
        let data = self.data();
        let mut order_upgrades: Vec<(CardName, u8)> = Vec::new();
        let mut combat_upgrades: Vec<(CardName, u8)> = Vec::new();
        for a in g.list_legal_actions() {
            match a {
                Action::BuyOrderUpgrade { card } => {
                    if let Some(name) = nth(&p.order_upgrade_deck, card) {
                        let cost = data
                            .order_upgrades
                            .iter()
                            .find(|c| c.name == name)
                            .map_or(0, |c| c.cost);
                        order_upgrades.push((name, cost));
                    }
                }
                Action::BuyCombatUpgrade { card, .. } => {
                    if let Some(name) = nth(&combat_names, card)
                        && !combat_upgrades.iter().any(|(n, _)| *n == name)
                    {
                        let cost = self.combat_upgrade_terms(&name).map_or(0, |t| t.1);
                        combat_upgrades.push((name, cost));
                    }
                }
                _ => {}
            }
        }
        StrategizePreview {
            allowed,
            materiel: p.materiel,
            command_level: self.command_level(faction),
            order_out_of_reach: p
                .order_upgrade_deck
                .len()
                .saturating_sub(order_upgrades.len()),
            combat_out_of_reach: combat_names.len().saturating_sub(combat_upgrades.len()),
            order_upgrades,
            combat_upgrades,
        }
    }
}
