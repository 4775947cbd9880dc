//! Dominate Order: collect the assets of each friendly world in the active system (at most
//! three of each token; a prosperity icon gives one token of the player's choice), then the
//! faction ability.

use super::explain::choices;
use super::{Action, Event, Game, RuleError};
use crate::engine::rules::AssetSource;
use crate::engine::rules::board::AreaInfo;
use crate::engine::state::ids::{AreaId, Asset, Faction, Order, Seat, SystemId};
use crate::engine::state::phase::{DominateStep, OpStep, Phase};
use crate::engine::state::position::Unit;
use crate::engine::state::rule::Rule;
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// Gains the fixed asset tokens of the friendly worlds and counts the prosperity icons.
    pub(crate) fn collect_assets(
        &mut self,
        seat: Seat,
        system: SystemId,
        log: &mut Vec<Event>,
    ) -> DominateStep {
        let faction = self.faction(seat);
        let icons: Vec<Asset> = self
            .board
            .areas_of(system)
            .filter(|a| self.is_friendly(a.id, faction))
            .filter_map(|a| a.world())
            .flat_map(|w| w.assets.iter().copied())
            .collect();
        let mut prosperity_left = 0;
        for icon in icons {
            if icon == Asset::Prosperity {
                prosperity_left += 1;
                continue;
            }
            self.gain_asset(seat, icon, None, log);
        }
        DominateStep {
            system,
            prosperity_left,
        }
    }

    pub(super) fn dominate_actions(&self, d: &DominateStep, out: &mut Vec<Action>) {
        let Some(seat) = self.decision().map(|x| x.seat) else {
            return;
        };
        if d.prosperity_left > 0 {
            out.extend(
                Asset::TOKENS
                    .into_iter()
                    .filter(|&a| self.can_gain_asset(seat, a))
                    .map(|asset| Action::TakeAsset { asset }),
            );
            if out.is_empty() {
                // Every token is at the limit: the icon gives nothing, but the step is still taken.
                out.push(Action::Done);
            }
        } else {
            self.faction_ability_actions(seat, d.system, out);
            out.push(Action::Done);
        }
    }

    /// The uses of the faction sheet's Dominate ability (declining is always legal).
    fn faction_ability_actions(&self, seat: Seat, system: SystemId, out: &mut Vec<Action>) {
        let faction = self.faction(seat);
        let worlds: Vec<AreaId> = self
            .board
            .areas_of(system)
            .filter(|a| a.is_world())
            .map(|a| a.id)
            .collect();
        let unrouted = |area: AreaId, unit: UnitType| {
            self.pos
                .area(area)
                .units
                .iter()
                .any(|u| u.unit == unit && !u.routed)
        };
        match faction {
            // For the Emperor: 1 materiel turns a Scout into a Space Marine, or a Space Marine into
            // a Land Raider, in the active system. Replacing is not moving, so routed units may be
            // replaced (Free Units: the new unit stands unrouted).
            Faction::Ultramarines => {
                if self.player(seat).materiel == 0 {
                    return;
                }
                for (from, to) in [
                    (UnitType::Scout, UnitType::SpaceMarine),
                    (UnitType::SpaceMarine, UnitType::LandRaider),
                ] {
                    if self.units_in_supply(to) == 0 {
                        continue;
                    }
                    for &area in &worlds {
                        if self.pos.area(area).units.iter().any(|u| u.unit == from) {
                            out.push(Action::Replace { area, from, to });
                        }
                    }
                }
            }
            // Webway Portal: one unit from a world of the active system to a friendly world in any
            // system (a routed unit cannot be moved by an effect: Rout and Rally).
            Faction::Eldar => {
                let targets: Vec<AreaId> = self.friendly_worlds(faction).collect();
                for &from in &worlds {
                    let types = self
                        .pos
                        .area(from)
                        .unit_types(|u| u.owner() == faction && !u.routed);
                    for unit in types {
                        out.extend(targets.iter().filter(|&&t| t != from).map(|&to| {
                            Action::MoveUnits {
                                from,
                                to,
                                unit,
                                count: 1,
                            }
                        }));
                    }
                }
            }
            // One Cultist from the active system to a friendly or uncontrolled world of an adjacent
            // system, storms ignored (ruling `chaos-dominate-ability` in assets/rulings.json).
            Faction::Chaos => {
                let targets: Vec<AreaId> = self
                    .board
                    .system_neighbours(system)
                    .flat_map(|s| self.board.areas_of(s))
                    .filter(|a| a.is_world())
                    .map(|a| a.id)
                    .filter(|&a| self.pos.area(a).factions().only(faction))
                    .collect();
                for &from in worlds.iter().filter(|&&w| unrouted(w, UnitType::Cultist)) {
                    out.extend(targets.iter().map(|&to| Action::MoveUnits {
                        from,
                        to,
                        unit: UnitType::Cultist,
                        count: 1,
                    }));
                }
            }
            // Purchase one unit onto a friendly or uncontrolled world of the active system with no
            // factory needed (Deploy Order errata: abilities need none); ground units only (ruling
            // `ork-dominate-ability`).
            Faction::Orks => {
                let level = self.command_level(faction);
                for unit in UnitType::of(faction).filter(|u| !self.is_ship(*u)) {
                    if self.units_in_supply(unit) == 0 {
                        continue;
                    }
                    let forge_level = match self.data.unit(unit).level.checked_sub(level) {
                        None | Some(0) => false,
                        Some(1) => true,
                        Some(_) => continue,
                    };
                    for cache in [false, true] {
                        if cache
                            && (self.data.unit(unit).cost == 0
                                || self.player(seat).assets.cache == 0)
                        {
                            continue;
                        }
                        let Some(price) = self.unit_price(faction, unit, forge_level, cache) else {
                            continue;
                        };
                        let p = self.player(seat);
                        if p.materiel < price.materiel
                            || p.assets.forge < price.forge
                            || p.assets.cache < price.cache
                        {
                            continue;
                        }
                        for &area in &worlds {
                            if self.pos.area(area).factions().only(faction) {
                                out.push(Action::BuyUnit {
                                    unit,
                                    area,
                                    forge_level,
                                    cache,
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    pub(super) fn apply_dominate(
        &mut self,
        turn: Seat,
        mut d: DominateStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        match action {
            Action::TakeAsset { asset } => {
                self.gain_asset(turn, asset, Some(AssetSource::Prosperity), log);
                d.prosperity_left -= 1;
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Dominate(d),
                });
            }
            Action::Done if d.prosperity_left > 0 => {
                d.prosperity_left -= 1;
                self.set_phase(Phase::Operations {
                    turn,
                    step: OpStep::Dominate(d),
                });
            }
            Action::Done => self.finish_order(turn, d.system, Order::Dominate),
            Action::Replace { area, from, to } => {
                let p = self.player_mut(turn);
                p.materiel = p.materiel.saturating_sub(1);
                let units = &mut self.pos.area_mut(area).units;
                if let Some(i) = units.iter().position(|u| u.unit == from) {
                    units[i] = Unit::new(to);
                }
                log.push(Event::ForTheEmperor {
                    faction: self.faction(turn),
                    from,
                    to,
                    area,
                });
                self.finish_order(turn, d.system, Order::Dominate);
            }
            Action::MoveUnits { from, to, unit, .. } => {
                let units = &mut self.pos.area_mut(from).units;
                if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                    let moved = units.remove(i);
                    self.pos.area_mut(to).units.push(moved);
                }
                log.push(Event::AbilityMoved {
                    faction: self.faction(turn),
                    unit,
                    from,
                    to,
                });
                self.finish_order(turn, d.system, Order::Dominate);
            }
            Action::BuyUnit {
                unit,
                area,
                forge_level,
                cache,
            } => {
                let faction = self.faction(turn);
                if let Some(price) = self.unit_price(faction, unit, forge_level, cache) {
                    self.pay(turn, price);
                    self.pos.area_mut(area).units.push(Unit::new(unit));
                    log.push(Event::AbilityBought {
                        faction,
                        unit,
                        area,
                    });
                }
                self.finish_order(turn, d.system, Order::Dominate);
            }
            _ => {}
        }
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_take(&self, seat: Seat, asset: Asset) -> RuleError {
        let who = self.faction(seat).name();
        if asset == Asset::Prosperity {
            return RuleError::new(
                Rule::Assets,
                "prosperity is an icon, not a token: take forge, cache or reinforcement",
            );
        }
        let held = self.player(seat).assets.get(asset);
        let max = self.data.components.max_assets_each;
        if held >= max {
            return RuleError::new(
                Rule::Assets,
                format!("{who} already holds {held} {asset} tokens, the most a player may hold"),
            );
        }
        if self.assets_in_supply(asset) == 0 {
            return RuleError::new(
                Rule::ComponentLimitations,
                format!(
                    "the supply has no {asset} token left (the box holds {} of each kind)",
                    self.data.components.asset_tokens_each
                ),
            );
        }
        RuleError::new(
            Rule::Assets,
            format!(
                "{who} holds {held} {asset} token(s) and the supply has more, but this step offers only {}",
                choices(&self.list_legal_actions())
            ),
        )
    }

    pub(super) fn explain_ability(&self, seat: Seat, action: Action) -> RuleError {
        const RULE: Rule = Rule::DominateOrder;
        let faction = self.faction(seat);
        let who = faction.name();
        let Phase::Operations {
            step: OpStep::Dominate(d),
            ..
        } = &self.pos.phase
        else {
            return RuleError::new(RULE, "no Dominate order is being resolved");
        };
        let system = d.system;
        let world_of_system = |area: AreaId| {
            area.system == system && self.board.area(area).is_some_and(AreaInfo::is_world)
        };
        // The fact that keeps `area` out of the active system's worlds: another system, or a
        // void of this one.
        let not_world_of_system = |area: AreaId| {
            if area.system == system {
                format!(
                    "{area} is a void; the ability takes units from the worlds of the active system {system}"
                )
            } else {
                format!(
                    "{area} lies in system {}, not in the active system {system}",
                    area.system
                )
            }
        };
        let owner = match action {
            Action::Replace { .. } => Faction::Ultramarines,
            Action::BuyUnit { .. } => Faction::Orks,
            Action::MoveUnits { .. } if faction == Faction::Eldar => Faction::Eldar,
            _ => Faction::Chaos,
        };
        if let Action::MoveUnits { unit, from, to, .. } = action {
            if faction == Faction::Chaos && unit != UnitType::Cultist {
                return RuleError::new(RULE, "the World Eaters' ability moves a Cultist only");
            }
            if faction == Faction::Eldar && unit.faction() != faction {
                return RuleError::new(Rule::Units, format!("{unit} is not a unit of {who}"));
            }
            if let Some(x) = [from, to].into_iter().find(|&x| !self.board.has_area(x)) {
                return RuleError::new(Rule::Areas, format!("{x} is not on the board"));
            }
        }
        if owner != faction {
            let ability = match owner {
                Faction::Ultramarines => "`replace` is the Ultramarines' ability (For the Emperor)",
                Faction::Orks => "purchasing a unit is the Orks' ability",
                Faction::Chaos => {
                    "moving a unit is the World Eaters' (a Cultist) or the Eldar's ability (Webway Portal)"
                }
                Faction::Eldar => {
                    "moving a unit to any friendly world is the Eldar's ability (Webway Portal)"
                }
            };
            return RuleError::new(
                RULE,
                format!(
                    "{ability}; {} faction sheet has another",
                    faction.possessive()
                ),
            );
        }
        match action {
            Action::Replace { area, from, to } => {
                let pair_ok = matches!(
                    (from, to),
                    (UnitType::Scout, UnitType::SpaceMarine)
                        | (UnitType::SpaceMarine, UnitType::LandRaider)
                );
                if !pair_ok {
                    return RuleError::new(
                        RULE,
                        "For the Emperor replaces a scout with a space-marine, or a space-marine with a land-raider",
                    );
                }
                if self.player(seat).materiel == 0 {
                    return RuleError::new(
                        RULE,
                        format!("For the Emperor costs 1 materiel; {who} has none"),
                    );
                }
                if !world_of_system(area) {
                    return RuleError::new(RULE, not_world_of_system(area));
                }
                if !self.pos.area(area).units.iter().any(|u| u.unit == from) {
                    return RuleError::new(RULE, format!("{area} holds no {from}"));
                }
                RuleError::new(
                    Rule::ComponentLimitations,
                    format!("every {to} is already on the board"),
                )
            }
            Action::MoveUnits {
                from,
                to,
                unit,
                count,
            } => {
                if count != 1 {
                    return RuleError::new(RULE, "the faction ability moves one unit (`x1`)");
                }
                if !world_of_system(from) {
                    return RuleError::new(RULE, not_world_of_system(from));
                }
                let unrouted = self
                    .pos
                    .area(from)
                    .units
                    .iter()
                    .any(|u| u.unit == unit && !u.routed);
                if !unrouted {
                    return RuleError::new(
                        Rule::RoutAndRally,
                        format!(
                            "{from} holds no unrouted {unit} of {who}; a routed unit cannot be moved by an effect"
                        ),
                    );
                }
                let to_world = self.board.area(to).is_some_and(AreaInfo::is_world);
                if faction == Faction::Chaos {
                    if !to_world || !self.board.systems_adjacent(to.system, system) {
                        return RuleError::new(
                            RULE,
                            format!("{to} is not a world of a system adjacent to {system}"),
                        );
                    }
                    return RuleError::new(
                        RULE,
                        format!(
                            "{to} is {}; the Cultist goes to a friendly or uncontrolled world",
                            self.area_fact(to, faction)
                        ),
                    );
                }
                RuleError::new(
                    RULE,
                    format!(
                        "{to} is {}; Webway Portal moves a unit to another friendly world",
                        if to_world {
                            self.area_fact(to, faction)
                        } else {
                            "a void".into()
                        }
                    ),
                )
            }
            Action::BuyUnit {
                unit,
                area,
                forge_level,
                cache,
            } => {
                if unit.faction() != faction {
                    return RuleError::new(Rule::Units, format!("{unit} is not a unit of {who}"));
                }
                if self.is_ship(unit) {
                    return RuleError::new(RULE, "the Orks' ability purchases ground units only");
                }
                self.explain_unit_area(faction, unit, area, system, RULE)
                    .or_else(|| self.explain_price(seat, unit, forge_level, cache, 0))
                    .unwrap_or_else(|| {
                        RuleError::new(RULE, format!("{who} cannot purchase a {unit} this way"))
                    })
            }
            _ => RuleError::new(RULE, "not a use of the faction ability"),
        }
    }
}
