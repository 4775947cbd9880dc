//! Order preview: what an order would do if it were resolved in a system now, told to the seat
//! deciding where to place it, which token to reveal, or whether to resolve the revealed one.
//!
//! The preview runs the engine's own rules on a copy of the game put in the order's first
//! step (the same legal actions the seat would be offered), so it never disagrees with what
//! resolving the order then allows. It reads only public facts: the board, every player's
//! materiel, asset tokens, upgrades and cards bought face up, the supply. Nothing hidden
//! (face-down tokens, hands, deck orders, drawn cards) changes it; `tests/order_preview.rs`
//! checks that against re-deals of everything hidden.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::action::Action;
use super::board::Board;
use super::data::GameData;
use super::game::Game;
use super::ids::{AreaId, Asset, Faction, Order, Seat, StructureKind, SystemId};
use super::phase::{AdvanceStep, DeployStep, DominateStep, OpStep, Phase, StrategizeStep};
use super::position::AssetTokens;
use super::unit_type::UnitType;
use super::wording::tidy;

/// Units of one type in one area that could move into the active system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitGroup {
    /// Where they stand.
    pub from: AreaId,
    /// Their type.
    pub unit: UnitType,
    /// How many of them at most.
    pub count: u8,
}

/// A unit type the seat could buy now, at its lowest price without a cache token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitOffer {
    /// The type.
    pub unit: UnitType,
    /// Materiel.
    pub materiel: u8,
    /// Forge tokens (the unit's own forge cost, plus one to reach a level above the command
    /// level).
    pub forge: u8,
}

/// An Advance: what could move in, and where a combat could start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdvancePreview {
    /// Ships that may move into the system's voids.
    pub ships: Vec<UnitGroup>,
    /// Ground units that may move into its worlds, with the ships where they stand now (ships
    /// moved first may open more paths).
    pub ground: Vec<UnitGroup>,
    /// Areas of the system holding another faction's pieces that units may move into: a
    /// combat follows (one contested area per Advance).
    pub enemy_areas: Vec<(AreaId, Vec<Faction>)>,
}

/// A Deploy: the deploy limit and what the seat can afford.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeployPreview {
    /// Friendly worlds of the system with the seat's factory, with their capacity: the deploy
    /// limit is their sum.
    pub factory_worlds: Vec<(AreaId, u8)>,
    /// The deploy limit (Deploy Order), cards included.
    pub limit: u8,
    /// What cards add to the limit (Recruitment Worlds).
    pub card_extra: u8,
    /// The seat's materiel.
    pub materiel: u8,
    /// The seat's asset tokens.
    pub assets: AssetTokens,
    /// Unit types it could buy now (level, supply, price).
    pub units: Vec<UnitOffer>,
    /// Structures it could buy now, with their cost and the worlds that may take one.
    pub structures: Vec<(StructureKind, u8)>,
    /// Friendly worlds without a structure, where a structure may go.
    pub structure_worlds: Vec<AreaId>,
}

/// A Dominate: the assets the friendly worlds give, then the faction ability.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DominatePreview {
    /// Friendly worlds of the system: their assets are collected.
    pub worlds: Vec<AreaId>,
    /// Asset tokens gained, by kind.
    pub gained: Vec<(Asset, u8)>,
    /// Asset icons that give nothing: the seat holds the limit of that kind, or the supply is
    /// out of it.
    pub refused: Vec<(Asset, u8)>,
    /// Prosperity icons: one token of the seat's choice each.
    pub prosperity: u8,
    /// The faction ability's name.
    pub ability: String,
    /// How many ways the ability could be used once the assets are collected (0: none).
    pub ability_uses: usize,
}

/// A Strategize: the upgrades within reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategizePreview {
    /// Whether the seat has a unit or structure in the system (or a card lifts the need):
    /// without one it buys nothing.
    pub allowed: bool,
    /// The seat's materiel.
    pub materiel: u8,
    /// The seat's command level.
    pub command_level: u8,
    /// Order upgrades it could buy now, with their cost.
    pub order_upgrades: Vec<(String, u8)>,
    /// Order upgrades left in its deck that need more materiel or a higher command level.
    pub order_out_of_reach: usize,
    /// Combat upgrades it could buy now, with their cost.
    pub combat_upgrades: Vec<(String, u8)>,
    /// Combat upgrades left that need more materiel or a higher command level.
    pub combat_out_of_reach: usize,
}

/// What one order would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreviewDetail {
    /// An Advance.
    Advance(AdvancePreview),
    /// A Deploy.
    Deploy(DeployPreview),
    /// A Dominate.
    Dominate(DominatePreview),
    /// A Strategize.
    Strategize(StrategizePreview),
}

/// What an order of `seat` would do if resolved in `system` now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPreview {
    /// The seat resolving it.
    pub seat: Seat,
    /// The system.
    pub system: SystemId,
    /// The order.
    pub order: Order,
    /// What it would do.
    pub detail: PreviewDetail,
}

impl Game {
    /// What `order`, resolved by `seat` in `system` now, would do (see the module comment).
    #[must_use]
    pub fn order_preview(&self, seat: Seat, system: SystemId, order: Order) -> OrderPreview {
        let detail = match order {
            Order::Advance => PreviewDetail::Advance(self.preview_advance(seat, system)),
            Order::Deploy => PreviewDetail::Deploy(self.preview_deploy(seat, system)),
            Order::Dominate => PreviewDetail::Dominate(self.preview_dominate(seat, system)),
            Order::Strategize => PreviewDetail::Strategize(self.preview_strategize(seat, system)),
        };
        OrderPreview {
            seat,
            system,
            order,
            detail,
        }
    }

    /// The order and system an action of the deciding seat concerns, if it places, reveals or
    /// resolves an order token: a placed token's order, the seat's own token on top of the
    /// stack (its face is known to its owner), the token just revealed (face up).
    #[must_use]
    pub fn order_of_action(&self, action: &Action) -> Option<(SystemId, Order)> {
        let pos = self.position();
        match (*action, &pos.phase) {
            (Action::Place { system, order }, Phase::Planning { .. }) => Some((system, order)),
            (Action::Reveal { system }, Phase::Operations { turn, .. }) => {
                let top = pos.stacks.get(&system)?.last()?;
                (top.owner == self.faction(*turn)).then_some((system, top.order))
            }
            (
                Action::Resolve,
                Phase::Operations {
                    step: OpStep::Revealed { system, order },
                    ..
                },
            ) => Some((*system, *order)),
            _ => None,
        }
    }

    /// This game with `seat` resolving an order whose step is `step`.
    fn resolving(&self, seat: Seat, step: OpStep) -> Game {
        let mut g = self.clone();
        g.set_phase(Phase::Operations { turn: seat, step });
        g
    }

    fn preview_advance(&self, seat: Seat, system: SystemId) -> AdvancePreview {
        let faction = self.faction(seat);
        let mut step = AdvanceStep {
            system,
            ground_stage: false,
            ship_origin: None,
            ground_origin: None,
            moves: Vec::new(),
            friendly_at_ground_start: Vec::new(),
        };
        let mut enemy: BTreeMap<AreaId, Vec<Faction>> = BTreeMap::new();
        let mut groups = |g: &Game, enemy: &mut BTreeMap<AreaId, Vec<Faction>>| {
            let mut out: Vec<UnitGroup> = Vec::new();
            for a in g.legal_actions() {
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

    fn preview_deploy(&self, seat: Seat, system: SystemId) -> DeployPreview {
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
            .legal_actions()
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
        for a in build.legal_actions() {
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

    fn preview_dominate(&self, seat: Seat, system: SystemId) -> DominatePreview {
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
            .legal_actions()
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

    fn preview_strategize(&self, seat: Seat, system: SystemId) -> StrategizePreview {
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
        let mut combat_names: Vec<&String> = Vec::new();
        for c in &p.combat_upgrades {
            if !combat_names.contains(&c) {
                combat_names.push(c);
            }
        }
        let data = self.data();
        let mut order_upgrades: Vec<(String, u8)> = Vec::new();
        let mut combat_upgrades: Vec<(String, u8)> = Vec::new();
        for a in g.legal_actions() {
            match a {
                Action::BuyOrderUpgrade { card } => {
                    if let Some(name) = p.order_upgrade_deck.get(usize::from(card) - 1) {
                        let cost = data
                            .order_upgrades
                            .iter()
                            .find(|c| &c.name == name)
                            .map_or(0, |c| c.cost);
                        order_upgrades.push((name.clone(), cost));
                    }
                }
                Action::BuyCombatUpgrade { card, .. } => {
                    if let Some(name) = combat_names.get(usize::from(card) - 1)
                        && !combat_upgrades.iter().any(|(n, _)| n == *name)
                    {
                        let cost = data
                            .combat_cards
                            .iter()
                            .find(|c| &c.name == *name)
                            .map_or(0, |c| c.cost);
                        combat_upgrades.push(((*name).clone(), cost));
                    }
                }
                _ => {}
            }
        }
        StrategizePreview {
            allowed,
            materiel: p.materiel,
            command_level: self.command_level(faction),
            order_out_of_reach: p.order_upgrade_deck.len().saturating_sub(order_upgrades.len()),
            combat_out_of_reach: combat_names.len().saturating_sub(combat_upgrades.len()),
            order_upgrades,
            combat_upgrades,
        }
    }
}

/// `n unit` in words (`2 Scouts`).
fn units_words(groups: &[UnitGroup], data: &GameData, with_from: bool) -> String {
    let parts: Vec<String> = groups
        .iter()
        .map(|g| {
            if with_from {
                format!("{} {} ({})", g.count, g.unit, g.from)
            } else {
                format!("{} {}", g.count, g.unit)
            }
        })
        .collect();
    tidy(&parts.join(", "), data)
}

/// Asset counts in words: `1 forge, 2 cache`.
fn assets_words(assets: &[(Asset, u8)]) -> String {
    assets
        .iter()
        .map(|(a, n)| format!("{n} {a}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A price in words: `3`, `5+1 forge`.
fn price_words(materiel: u8, forge: u8) -> String {
    if forge > 0 {
        format!("{materiel}+{forge} forge")
    } else {
        materiel.to_string()
    }
}

/// Upgrades with their cost: `Blessed Armour 1, Drop Pods 2`.
fn offers_words(offers: &[(String, u8)]) -> String {
    offers
        .iter()
        .map(|(n, c)| format!("{n} {c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl OrderPreview {
    /// The heading: `Dominate on B2 Gareen Nebula, now:`.
    #[must_use]
    pub fn heading(&self, board: &Board) -> String {
        let name = board.system_name(self.system);
        if name.is_empty() {
            format!("{} on {}, now:", self.order, self.system)
        } else {
            format!("{} on {} {name}, now:", self.order, self.system)
        }
    }

    /// The preview in a few short lines (the heading apart).
    #[must_use]
    pub fn lines(&self, data: &GameData, board: &Board) -> Vec<String> {
        let world = |id: &AreaId| {
            board
                .area(*id)
                .map_or_else(|| id.to_string(), |a| a.label().to_string())
        };
        let mut out = Vec::new();
        match &self.detail {
            PreviewDetail::Advance(a) => {
                if a.ships.is_empty() && a.ground.is_empty() {
                    out.push("no unit can move in".to_string());
                }
                if !a.ships.is_empty() {
                    out.push(format!("ships in: {}", units_words(&a.ships, data, true)));
                }
                if !a.ground.is_empty() {
                    out.push(format!(
                        "ground units in (ships as they stand): {}",
                        units_words(&a.ground, data, true)
                    ));
                }
                for (area, factions) in &a.enemy_areas {
                    let who: Vec<&str> = factions.iter().map(|f| f.name()).collect();
                    out.push(format!(
                        "combat if you enter {area} {} ({})",
                        world(area),
                        who.join(", ")
                    ));
                }
            }
            PreviewDetail::Deploy(d) => {
                if d.factory_worlds.is_empty() && d.limit == 0 {
                    out.push("no factory on a friendly world here: no units".to_string());
                } else {
                    let from: Vec<String> = d
                        .factory_worlds
                        .iter()
                        .map(|(id, cap)| format!("{} {cap}", world(id)))
                        .collect();
                    let mut s = format!(
                        "up to {} units (capacity of factory worlds: {})",
                        d.limit,
                        from.join(", ")
                    );
                    if d.card_extra > 0 {
                        let _ = write!(s, " +{} Recruitment Worlds", d.card_extra);
                    }
                    out.push(tidy(&s, data));
                }
                out.push(format!(
                    "materiel {} · forge {} · cache {}",
                    d.materiel, d.assets.forge, d.assets.cache
                ));
                if d.limit > 0 {
                    if d.units.is_empty() {
                        out.push("no unit within reach (price, level or supply)".to_string());
                    } else {
                        let offers: Vec<String> = d
                            .units
                            .iter()
                            .map(|u| {
                                format!(
                                    "{} {}",
                                    data.unit(u.unit).name,
                                    price_words(u.materiel, u.forge)
                                )
                            })
                            .collect();
                        out.push(format!("units: {}", offers.join(", ")));
                    }
                }
                if d.structures.is_empty() {
                    out.push("no structure within reach".to_string());
                } else {
                    let kinds: Vec<String> = d
                        .structures
                        .iter()
                        .map(|(k, c)| format!("{k} {c}"))
                        .collect();
                    let on: Vec<String> = d.structure_worlds.iter().map(world).collect();
                    out.push(format!(
                        "structure: {} (on {})",
                        kinds.join(", "),
                        on.join(", ")
                    ));
                }
            }
            PreviewDetail::Dominate(d) => {
                if d.worlds.is_empty() {
                    out.push("no friendly world here: no assets".to_string());
                } else {
                    let names: Vec<String> = d.worlds.iter().map(world).collect();
                    let mut s = if d.gained.is_empty() {
                        "no asset token".to_string()
                    } else {
                        format!("gain {}", assets_words(&d.gained))
                    };
                    if d.prosperity > 0 {
                        let _ = write!(s, " + {} of your choice (prosperity)", d.prosperity);
                    }
                    out.push(format!("{s} from {}", names.join(", ")));
                    if !d.refused.is_empty() {
                        out.push(format!(
                            "{} gives nothing (limit held or supply empty)",
                            assets_words(&d.refused)
                        ));
                    }
                }
                out.push(if d.ability_uses == 0 {
                    format!("{}: no use here now", d.ability)
                } else {
                    tidy(
                        &format!("then {}: {} choice(s)", d.ability, d.ability_uses),
                        data,
                    )
                });
            }
            PreviewDetail::Strategize(s) => {
                if !s.allowed {
                    out.push("no unit or structure of yours here: no upgrade".to_string());
                } else {
                    out.push(format!(
                        "materiel {} · command level {}",
                        s.materiel, s.command_level
                    ));
                    for (what, offers, left) in [
                        ("order upgrade", &s.order_upgrades, s.order_out_of_reach),
                        ("combat upgrade", &s.combat_upgrades, s.combat_out_of_reach),
                    ] {
                        let mut line = if offers.is_empty() {
                            format!("{what}: none within reach")
                        } else {
                            format!("{what}: {}", offers_words(offers))
                        };
                        if left > 0 {
                            let _ = write!(line, " ({left} more need materiel or level)");
                        }
                        out.push(line);
                    }
                }
                out.push("the token goes to your event deck: +1 event card".to_string());
            }
        }
        out
    }

    /// The preview in one line (the order's code first), for a list of several orders.
    #[must_use]
    pub fn summary(&self, data: &GameData) -> String {
        let code = match self.order {
            Order::Advance => "Adv",
            Order::Deploy => "Dep",
            Order::Dominate => "Dom",
            Order::Strategize => "Str",
        };
        let what = match &self.detail {
            PreviewDetail::Advance(a) => {
                let n = |g: &[UnitGroup]| g.iter().map(|x| usize::from(x.count)).sum::<usize>();
                if a.ships.is_empty() && a.ground.is_empty() {
                    "nothing can move in".to_string()
                } else {
                    let mut s = format!("{} ships, {} ground in", n(&a.ships), n(&a.ground));
                    if !a.enemy_areas.is_empty() {
                        s.push_str(" · combat");
                    }
                    s
                }
            }
            PreviewDetail::Deploy(d) if d.limit == 0 => "no factory: no units".to_string(),
            PreviewDetail::Deploy(d) => tidy(
                &format!("up to {} unit(s), {} type(s)", d.limit, d.units.len()),
                data,
            ),
            PreviewDetail::Dominate(d) if d.worlds.is_empty() => "no friendly world".to_string(),
            PreviewDetail::Dominate(d) => {
                let mut s = if d.gained.is_empty() {
                    "no token".to_string()
                } else {
                    format!("+{}", assets_words(&d.gained))
                };
                if d.prosperity > 0 {
                    let _ = write!(s, " +{} any", d.prosperity);
                }
                s
            }
            PreviewDetail::Strategize(s) if !s.allowed => "nothing here to buy with".to_string(),
            PreviewDetail::Strategize(s) => tidy(
                &format!(
                    "{} order, {} combat upgrade(s) in reach",
                    s.order_upgrades.len(),
                    s.combat_upgrades.len()
                ),
                data,
            ),
        };
        format!("{code}: {what}")
    }
}
