//! Deploy Order: purchase units (factory needed, up to the deploy limit), then at most one
//! structure on a friendly world without one.

use super::explain::kind_word;
use super::{Action, Event, Game, RuleError};
use crate::engine::data::UnitKind;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind, SystemId};
use crate::engine::state::phase::{DeployStep, OpStep, Phase};
use crate::engine::state::position::{Structure, Unit};
use crate::engine::state::rule::Rule;
use crate::engine::state::unit_type::UnitType;

/// What a purchase costs: materiel and the asset tokens spent on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Price {
    /// Materiel paid.
    pub materiel: u8,
    /// Forge tokens spent (a unit that needs one, or one to lower a level requirement).
    pub forge: u8,
    /// Cache tokens spent (each lowers the cost by 2).
    pub cache: u8,
}

impl Game {
    /// The deploy limit: the summed capacity of friendly worlds with his factory in the system.
    #[must_use]
    pub fn deploy_limit(&self, faction: Faction, system: SystemId) -> u8 {
        self.board
            .areas_of(system)
            .filter(|a| self.is_friendly(a.id, faction))
            .map(|a| {
                let factories = self
                    .pos
                    .area(a.id)
                    .structures
                    .iter()
                    .filter(|s| s.kind == StructureKind::Factory && s.owner == faction)
                    .count();
                a.capacity(self.data.components.void_capacity)
                    .saturating_mul(u8::try_from(factories).unwrap_or(0))
            })
            .sum()
    }

    /// What buying `unit` costs with the chosen discounts, or `None` if the level is too high.
    pub(crate) fn unit_price(
        &self,
        faction: Faction,
        unit: UnitType,
        forge_level: bool,
        cache: bool,
    ) -> Option<Price> {
        let data = self.data.unit(unit);
        let level = self.command_level(faction) + u8::from(forge_level);
        if data.level > level {
            return None;
        }
        Some(Price {
            materiel: if cache {
                data.cost.saturating_sub(2)
            } else {
                data.cost
            },
            forge: u8::from(data.forge) + u8::from(forge_level),
            cache: u8::from(cache),
        })
    }

    fn affordable(&self, seat: Seat, price: Price) -> bool {
        let p = self.player(seat);
        p.materiel >= price.materiel.saturating_sub(self.pos.cards.discount)
            && p.assets.forge >= price.forge
            && p.assets.cache >= price.cache
    }

    /// Areas of the system where `faction` may place a purchased unit of this kind.
    fn deploy_areas(&self, faction: Faction, system: SystemId, kind: UnitKind) -> Vec<AreaId> {
        self.board
            .areas_of(system)
            .filter(|a| a.is_world() == (kind == UnitKind::Ground))
            .filter(|a| self.pos.area(a.id).factions().only(faction))
            .map(|a| a.id)
            .collect()
    }

    pub(super) fn deploy_actions(&self, turn: Seat, d: &DeployStep, out: &mut Vec<Action>) {
        let faction = self.faction(turn);
        let level = self.command_level(faction);
        if d.structure_stage {
            for kind in StructureKind::ALL {
                if self.structures_in_supply(kind) == 0 || self.control_tokens_left(faction) == 0 {
                    continue;
                }
                for area in self
                    .board
                    .areas_of(d.system)
                    .filter(|a| a.is_world())
                    .map(|a| a.id)
                {
                    if !self.is_friendly(area, faction)
                        || !self.pos.area(area).structures.is_empty()
                    {
                        continue;
                    }
                    let cost = self.data.structure(kind).cost;
                    for cache in [false, true] {
                        if cache && (cost == 0 || self.player(turn).assets.cache == 0) {
                            continue;
                        }
                        let price = Price {
                            materiel: if cache { cost.saturating_sub(2) } else { cost },
                            forge: 0,
                            cache: u8::from(cache),
                        };
                        if self.affordable(turn, price) {
                            out.push(Action::BuildStructure { kind, area, cache });
                        }
                    }
                }
            }
        } else if d.units_bought < self.deploy_limit_with_cards(turn, d) {
            for unit in UnitType::of(faction) {
                if self.units_in_supply(unit) == 0 {
                    continue;
                }
                let data = self.data.unit(unit);
                // A forge token lowers the requirement only when it is needed, and by one.
                let forge_level = match data.level.checked_sub(level) {
                    None | Some(0) => false,
                    Some(1) => true,
                    Some(_) => continue,
                };
                let areas = self.deploy_areas(faction, d.system, data.kind);
                for cache in [false, true] {
                    if cache && (data.cost == 0 || self.player(turn).assets.cache == 0) {
                        continue;
                    }
                    let Some(price) = self.unit_price(faction, unit, forge_level, cache) else {
                        continue;
                    };
                    if !self.affordable(turn, price) {
                        continue;
                    }
                    out.extend(areas.iter().map(|&area| Action::BuyUnit {
                        unit,
                        area,
                        forge_level,
                        cache,
                    }));
                }
            }
        }
        self.deploy_card_actions(turn, d, out);
        if self.warboss_ready(turn) {
            out.push(Action::UseEvent);
        }
        out.push(Action::Done);
    }

    pub(super) fn apply_deploy(
        &mut self,
        turn: Seat,
        mut d: DeployStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let faction = self.faction(turn);
        match action {
            Action::BuyUnit {
                unit,
                area,
                forge_level,
                cache,
            } => {
                let Some(price) = self.unit_price(faction, unit, forge_level, cache) else {
                    return;
                };
                let paid = self.pay(turn, price);
                self.pos.area_mut(area).units.push(Unit::new(unit));
                d.units_bought += 1;
                self.note_deploy_purchase(turn, &d, log);
                log.push(Event::UnitBought {
                    faction,
                    unit,
                    area,
                    materiel: paid,
                    forge: price.forge,
                    cache: price.cache,
                });
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Deploy(d),
                });
            }
            Action::BuildStructure { kind, area, cache } => {
                let cost = self.data.structure(kind).cost;
                let price = Price {
                    materiel: if cache { cost.saturating_sub(2) } else { cost },
                    forge: 0,
                    cache: u8::from(cache),
                };
                let paid = self.pay(turn, price);
                self.pos.area_mut(area).structures.push(Structure {
                    kind,
                    owner: faction,
                });
                log.push(Event::StructureBuilt {
                    faction,
                    kind,
                    area,
                    materiel: paid,
                    cache: price.cache,
                });
                if self.note_structure_purchase(turn, &d, area, log) {
                    // Werk Fasta!: the units are still to come.
                    self.set_phase(Phase::Operations {
                        turn,
                        step: OpStep::Deploy(d),
                    });
                    return;
                }
                self.finish_order(turn, d.system, Order::Deploy);
            }
            Action::Done if !d.structure_stage && self.pos.cards.structure_first => {
                self.finish_order(turn, d.system, Order::Deploy);
            }
            Action::Done if !d.structure_stage => {
                d.structure_stage = true;
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Deploy(d),
                });
            }
            Action::Done => self.finish_order(turn, d.system, Order::Deploy),
            Action::UseEvent => {
                self.use_warboss(turn, log);
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Deploy(d),
                });
            }
            _ => {}
        }
    }

    /// Pays a price, less what is left of a Warboss discount. Returns the materiel paid.
    pub(crate) fn pay(&mut self, seat: Seat, price: Price) -> u8 {
        let off = self.pos.cards.discount.min(price.materiel);
        self.pos.cards.discount -= off;
        let paid = price.materiel - off;
        let p = self.player_mut(seat);
        p.materiel = p.materiel.saturating_sub(paid);
        p.assets.forge = p.assets.forge.saturating_sub(price.forge);
        p.assets.cache = p.assets.cache.saturating_sub(price.cache);
        paid
    }

    /// Warboss: offered in a Deploy order to a holder of reinforcement tokens.
    fn warboss_ready(&self, seat: Seat) -> bool {
        self.has_scheme(seat, "Warboss") && self.player(seat).assets.reinforcement > 0
    }

    /// Warboss: the order's purchases cost 1 materiel less for every reinforcement token held
    /// (the tokens are kept).
    fn use_warboss(&mut self, seat: Seat, log: &mut Vec<Event>) {
        self.discard_scheme(seat, &CardName::fixed("Warboss"), log);
        let off = self.player(seat).assets.reinforcement;
        self.pos.cards.discount = self.pos.cards.discount.saturating_add(off);
        log.push(Event::Warboss {
            faction: self.faction(seat),
            off,
        });
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    /// Why a unit of this type cannot be paid for with these tokens, if it cannot.
    pub(super) fn explain_price(
        &self,
        seat: Seat,
        unit: UnitType,
        forge_level: bool,
        cache: bool,
        discount: u8,
    ) -> Option<RuleError> {
        let faction = self.faction(seat);
        let who = faction.name();
        let data = self.data.unit(unit);
        let level = self.command_level(faction);
        match data.level.checked_sub(level) {
            None | Some(0) if forge_level => {
                return Some(RuleError::new(
                    Rule::Assets,
                    format!(
                        "a {} needs command level {}, which {who} has (level {level}): `+forge` spends a forge token only to lower a requirement he does not meet",
                        data.name, data.level
                    ),
                ));
            }
            Some(1) if !forge_level => {
                return Some(RuleError::new(
                    Rule::CommandLevel,
                    format!(
                        "a {} needs command level {}; {who} has {level}: add `+forge` to spend a forge token for the missing level",
                        data.name, data.level
                    ),
                ));
            }
            Some(n) if n > 1 => {
                return Some(RuleError::new(
                    Rule::CommandLevel,
                    format!(
                        "a {} needs command level {}; {who} has {level}, and a forge token lowers the requirement by one only",
                        data.name, data.level
                    ),
                ));
            }
            _ => {}
        }
        if self.units_in_supply(unit) == 0 {
            return Some(RuleError::new(
                Rule::ComponentLimitations,
                format!(
                    "every {} ({} in the box) is already on the board",
                    data.name, data.in_box
                ),
            ));
        }
        let p = self.player(seat);
        if cache && data.cost == 0 {
            return Some(RuleError::new(
                Rule::Assets,
                format!(
                    "a {} costs no materiel, so a cache token cannot lower its cost",
                    data.name
                ),
            ));
        }
        if cache && p.assets.cache == 0 {
            return Some(RuleError::new(
                Rule::Assets,
                format!("{who} has no cache token"),
            ));
        }
        let price = self.unit_price(faction, unit, forge_level, cache)?;
        let materiel = price.materiel.saturating_sub(discount);
        if p.materiel < materiel || p.assets.forge < price.forge {
            return Some(RuleError::new(
                Rule::Cost,
                format!(
                    "a {} costs {} materiel{}; {who} has {} materiel and {} forge token(s)",
                    data.name,
                    materiel,
                    if price.forge > 0 {
                        format!(" and {} forge token(s)", price.forge)
                    } else {
                        String::new()
                    },
                    p.materiel,
                    p.assets.forge
                ),
            ));
        }
        None
    }

    /// Why a purchased unit cannot go to `area` of the active system, if it cannot.
    pub(super) fn explain_unit_area(
        &self,
        faction: Faction,
        unit: UnitType,
        area: AreaId,
        system: SystemId,
        rule: Rule,
    ) -> Option<RuleError> {
        let Some(info) = self.board.area(area) else {
            return Some(RuleError::new(
                Rule::Areas,
                format!("{area} is not on the board"),
            ));
        };
        if area.system != system {
            return Some(RuleError::new(
                rule,
                format!("{area} is not in the active system {system}"),
            ));
        }
        if info.is_world() == self.is_ship(unit) {
            return Some(RuleError::new(
                rule,
                format!(
                    "{area} is a {}; ships go to voids and ground units to worlds",
                    kind_word(info.is_world())
                ),
            ));
        }
        if self.pos.area(area).factions().has_other_than(faction) {
            return Some(RuleError::new(
                rule,
                format!(
                    "{area} is {}; a purchased unit goes to a friendly or uncontrolled area",
                    self.area_fact(area, faction)
                ),
            ));
        }
        None
    }

    pub(super) fn explain_buy(
        &self,
        seat: Seat,
        unit: UnitType,
        area: AreaId,
        forge_level: bool,
        cache: bool,
    ) -> RuleError {
        let faction = self.faction(seat);
        let Phase::Operations {
            step: OpStep::Deploy(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new(Rule::DeployOrder, "no Deploy order is being resolved");
        };
        if unit.faction() != faction {
            return RuleError::new(
                Rule::Units,
                format!("{unit} is not a unit of {}", faction.name()),
            );
        }
        let limit = self.deploy_limit_with_cards(seat, d);
        if limit == 0 {
            return RuleError::new(
                Rule::Factories,
                format!(
                    "{} has no factory on a friendly world in {}, so he can purchase no unit there",
                    faction.name(),
                    d.system
                ),
            );
        }
        if d.units_bought >= limit {
            return RuleError::new(
                Rule::DeployOrder,
                format!(
                    "the deploy limit in {} is {limit} (the capacity of the friendly worlds with a factory), and {limit} units are purchased",
                    d.system
                ),
            );
        }
        if let Some(e) = self.explain_unit_area(faction, unit, area, d.system, Rule::DeployOrder) {
            return e;
        }
        self.explain_price(seat, unit, forge_level, cache, self.pos.cards.discount)
            .unwrap_or_else(|| {
                RuleError::new(
                    Rule::Cost,
                    format!("{} cannot pay for a {unit} this way", faction.name()),
                )
            })
    }

    pub(super) fn explain_build(
        &self,
        seat: Seat,
        kind: StructureKind,
        area: AreaId,
        cache: bool,
    ) -> RuleError {
        let faction = self.faction(seat);
        let who = faction.name();
        let Phase::Operations {
            step: OpStep::Deploy(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new(Rule::DeployOrder, "no Deploy order is being resolved");
        };
        if self.structures_in_supply(kind) == 0 {
            return RuleError::new(
                Rule::ComponentLimitations,
                format!("every {kind} is already on the board"),
            );
        }
        if self.control_tokens_left(faction) == 0 {
            return RuleError::new(
                Rule::ComponentLimitations,
                format!("{who} has no structure control token left"),
            );
        }
        let Some(info) = self.board.area(area) else {
            return RuleError::new(Rule::Areas, format!("{area} is not on the board"));
        };
        if area.system != d.system {
            return RuleError::new(
                Rule::DeployOrder,
                format!("{area} is not in the active system {}", d.system),
            );
        }
        if !info.is_world() {
            return RuleError::new(
                Rule::Structures,
                format!("{area} is a void; structures are built on worlds"),
            );
        }
        if !self.is_friendly(area, faction) {
            return RuleError::new(
                Rule::DeployOrder,
                format!(
                    "{area} is {}; a structure is built on a friendly world",
                    self.area_fact(area, faction)
                ),
            );
        }
        if let Some(s) = self.pos.area(area).structures.first() {
            return RuleError::new(
                Rule::Structures,
                format!(
                    "{area} already has a {}; a world holds one structure",
                    s.kind
                ),
            );
        }
        let cost = self.data.structure(kind).cost;
        let p = self.player(seat);
        if cache && cost == 0 {
            return RuleError::new(
                Rule::Assets,
                format!("a {kind} costs no materiel, so a cache token cannot lower its cost"),
            );
        }
        if cache && p.assets.cache == 0 {
            return RuleError::new(Rule::Assets, format!("{who} has no cache token"));
        }
        let price = if cache { cost.saturating_sub(2) } else { cost }
            .saturating_sub(self.pos.cards.discount);
        RuleError::new(
            Rule::Cost,
            format!("a {kind} costs {price} materiel; {who} has {}", p.materiel),
        )
    }
}
