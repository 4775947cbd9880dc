//! Tactics (Rules Reference, "Event Cards"): the card a player chose in the Refresh Phase
//! resolves at once; its choices (and those of a tactic that asks more than one) are offered
//! here and carried out.

use super::PLAIN;
use crate::engine::rules::AssetSource;
use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Asset, EdgeId, Seat, Side, StructureKind, SystemId};
use crate::engine::state::phase::{Phase, RefreshStep};
use crate::engine::state::position::{Structure, Unit};
use crate::engine::state::unit_type::UnitType;

impl Game {
    #[allow(clippy::collapsible_match)]
    pub(crate) fn event_ability_actions(&self, seat: Seat, card: &str, out: &mut Vec<Action>) {
        if self.is_scheme(card) || PLAIN.contains(&card) {
            out.extend([Action::UseEvent, Action::Done]);
            return;
        }
        let f = self.faction(seat);
        let worlds = self.own_worlds(seat);
        let p = self.player(seat);
        let free =
            |unit: UnitType, areas: &mut dyn Iterator<Item = AreaId>, out: &mut Vec<Action>| {
                if self.units_in_supply(unit) > 0 {
                    out.extend(areas.map(|area| Action::PlaceFree { unit, area }));
                }
            };
        match card {
            "Heroic Intervention" => {
                free(
                    UnitType::SpaceMarine,
                    &mut worlds
                        .iter()
                        .copied()
                        .filter(|&w| !self.pos.area(w).structures.is_empty()),
                    out,
                );
                free(UnitType::Scout, &mut worlds.iter().copied(), out);
            }
            "Prophets and Signs" => free(UnitType::Cultist, &mut worlds.iter().copied(), out),
            "Letz Get Fightin'" => {
                let nob_worlds = self
                    .board
                    .areas()
                    .filter(|a| a.is_world())
                    .map(|a| a.id)
                    .filter(|&w| {
                        self.pos
                            .area(w)
                            .units
                            .iter()
                            .any(|u| u.unit == UnitType::Nob)
                    });
                let mut areas: Vec<AreaId> = worlds.iter().copied().chain(nob_worlds).collect();
                areas.sort();
                areas.dedup();
                free(UnitType::OrkBoyz, &mut areas.into_iter(), out);
            }
            "Work of the Righteous" => out.extend(worlds.iter().map(|&area| Action::Area { area })),
            "The Emperor Protects" => {
                if self.structures_in_supply(StructureKind::Bastion) > 0
                    && self.control_tokens_left(f) > 0
                {
                    for &w in &worlds {
                        let s = &self.pos.area(w).structures;
                        let paid =
                            !s.iter().any(|x| x.kind == StructureKind::Bastion) && p.materiel >= 2;
                        if s.is_empty() || (paid && s.len() == 1) {
                            out.push(Action::BuildStructure {
                                kind: StructureKind::Bastion,
                                area: w,
                                cache: false,
                            });
                        }
                    }
                }
            }
            "Exodite Colony" => {
                if self.structures_in_supply(StructureKind::City) > 0
                    && self.control_tokens_left(f) > 0
                    && p.materiel >= 1
                {
                    for a in self.board.areas().filter(|a| a.is_world()) {
                        let st = self.pos.area(a.id);
                        let ok = (self.is_friendly(a.id, f) || self.uncontrolled(a.id))
                            && st.structures.is_empty()
                            && !st.objectives.contains(&f);
                        if ok {
                            out.push(Action::BuildStructure {
                                kind: StructureKind::City,
                                area: a.id,
                                cache: false,
                            });
                        }
                    }
                }
            }
            "Outcasts Returned" => {
                let voids: Vec<AreaId> = self
                    .board
                    .areas()
                    .filter(|a| !a.is_world())
                    .map(|a| a.id)
                    .filter(|&v| self.uncontrolled(v))
                    .collect();
                free(UnitType::HelleboreFrigate, &mut voids.iter().copied(), out);
                for a in self.board.areas().filter(|a| !a.is_world()) {
                    let has = self
                        .pos
                        .area(a.id)
                        .units
                        .iter()
                        .any(|u| u.unit == UnitType::HelleboreFrigate && !u.routed);
                    if has {
                        out.extend(voids.iter().map(|&to| Action::MoveUnits {
                            from: a.id,
                            to,
                            unit: UnitType::HelleboreFrigate,
                            count: 1,
                        }));
                    }
                }
            }
            "How We Getz Here?" => {
                let targets: Vec<AreaId> = self
                    .board
                    .areas()
                    .filter(|a| a.is_world())
                    .map(|a| a.id)
                    .filter(|&w| self.uncontrolled(w))
                    .collect();
                for a in self.board.areas().filter(|a| a.is_world()) {
                    let types = self
                        .pos
                        .area(a.id)
                        .unit_types(|u| u.owner() == f && !u.routed);
                    for unit in types {
                        out.extend(targets.iter().map(|&to| Action::MoveUnits {
                            from: a.id,
                            to,
                            unit,
                            count: 1,
                        }));
                    }
                }
            }
            "Lootin' 'n Stealin'" => {
                for other in self.seats().filter(|&s| s != seat && self.is_active(s)) {
                    for asset in Asset::TOKENS {
                        if self.player(other).assets.get(asset) > 0 {
                            out.push(Action::Steal {
                                faction: self.faction(other),
                                asset,
                            });
                        }
                    }
                }
                if out.is_empty() {
                    out.push(Action::UseEvent);
                }
            }
            "Rites of Battle" => {
                self.upgrade_purchase_actions(seat, Some(self.rites_discount(seat)), None, out);
            }
            "Path of the Warrior" => {
                self.upgrade_purchase_actions(seat, None, Some(self.warrior_discount(seat)), out);
            }
            "Touched by the Warp" => {
                for a in self.board.areas().filter(|a| a.is_world()) {
                    if self
                        .pos
                        .area(a.id)
                        .units
                        .iter()
                        .any(|u| u.unit == UnitType::Cultist)
                    {
                        out.push(Action::Destroy {
                            area: a.id,
                            unit: UnitType::Cultist,
                        });
                    }
                }
            }
            "Incantation of Tzeentch" => {
                if !p.event_deck.is_empty() {
                    out.push(Action::UseEvent);
                }
            }
            _ => {}
        }
        out.push(Action::Done);
    }

    pub(super) fn place_free(
        &mut self,
        seat: Seat,
        unit: UnitType,
        area: AreaId,
        n: usize,
        card: &CardName,
        log: &mut Vec<Event>,
    ) {
        let n = n.min(self.units_in_supply(unit));
        for _ in 0..n {
            self.pos.area_mut(area).units.push(Unit::new(unit));
        }
        log.push(Event::FreeUnitsPlaced {
            faction: self.faction(seat),
            count: n,
            unit,
            area,
            card: card.into(),
        });
    }

    pub(super) fn move_one(&mut self, from: AreaId, to: AreaId, unit: UnitType, count: u8) {
        for _ in 0..count {
            let units = &mut self.pos.area_mut(from).units;
            if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                let u = units.remove(i);
                self.pos.area_mut(to).units.push(u);
            }
        }
    }

    /// Resolves the chosen tactic's action (the card is already back in the deck). Returns
    /// whether a further choice follows (the phase is set then).
    #[allow(clippy::too_many_lines)]
    pub(crate) fn apply_tactic(
        &mut self,
        seat: Seat,
        card: &CardName,
        action: Action,
        log: &mut Vec<Event>,
    ) -> bool {
        let f = self.faction(seat);
        match (card.as_str(), action) {
            ("Heroic Intervention" | "Outcasts Returned", Action::PlaceFree { unit, area }) => {
                self.place_free(seat, unit, area, 1, card, log);
            }
            ("Prophets and Signs", Action::PlaceFree { unit, area }) => {
                let none = !self
                    .pos
                    .area(area)
                    .units
                    .iter()
                    .any(|u| u.unit == UnitType::Cultist);
                self.place_free(seat, unit, area, if none { 2 } else { 1 }, card, log);
            }
            ("Letz Get Fightin'", Action::PlaceFree { unit, area }) => {
                let nob = self
                    .pos
                    .area(area)
                    .units
                    .iter()
                    .any(|u| u.unit == UnitType::Nob);
                self.place_free(seat, unit, area, if nob { 2 } else { 1 }, card, log);
            }
            (
                "Outcasts Returned" | "How We Getz Here?",
                Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                },
            ) => {
                self.move_one(from, to, unit, count);
                log.push(Event::TacticMoved {
                    faction: f,
                    unit,
                    from,
                    to,
                    card: card.into(),
                });
            }
            ("Work of the Righteous", Action::Area { area }) => {
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::Tactic {
                        card: card.into(),
                        area: Some(area),
                        drawn: Vec::new(),
                    },
                });
                return true;
            }
            (
                "The Emperor Protects" | "Exodite Colony",
                Action::BuildStructure { kind, area, .. },
            ) => {
                let cost = if card == "Exodite Colony" {
                    1
                } else if self.pos.area(area).structures.is_empty() {
                    0
                } else {
                    2
                };
                let p = self.player_mut(seat);
                p.materiel = p.materiel.saturating_sub(cost);
                self.pos
                    .area_mut(area)
                    .structures
                    .push(Structure { kind, owner: f });
                log.push(Event::TacticStructure {
                    faction: f,
                    kind,
                    area,
                    cost,
                    card: card.into(),
                });
            }
            ("Lootin' 'n Stealin'", _) => {
                let max = self.data.components.max_materiel;
                let p = self.player_mut(seat);
                let before = p.materiel;
                p.materiel = (p.materiel + 2).min(max);
                let kept = p.materiel.saturating_sub(before);
                log.push(Event::MaterielGained {
                    faction: f,
                    amount: 2,
                    kept,
                    max,
                    card: card.into(),
                });
                if let Action::Steal { faction, asset } = action
                    && let Some(other) = self.seat_of(faction)
                    && let Some(n) = self.player_mut(other).assets.get_mut(asset)
                {
                    *n = n.saturating_sub(1);
                    log.push(Event::AssetLost {
                        faction,
                        asset,
                        card: card.into(),
                    });
                }
            }
            ("Rites of Battle", _) => {
                let off = self.rites_discount(seat);
                self.buy_upgrade_discounted(seat, action, off, card, log);
            }
            ("Path of the Warrior", _) => {
                let off = self.warrior_discount(seat);
                self.buy_upgrade_discounted(seat, action, off, card, log);
            }
            ("Touched by the Warp", Action::Destroy { area, unit }) => {
                let units = &mut self.pos.area_mut(area).units;
                if let Some(i) = units.iter().position(|u| u.unit == unit) {
                    units.remove(i);
                }
                log.push(Event::CultistDestroyed {
                    faction: f,
                    area,
                    card: card.into(),
                });
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::Tactic {
                        card: card.into(),
                        area: Some(area),
                        drawn: Vec::new(),
                    },
                });
                return true;
            }
            ("Incantation of Tzeentch", _) => {
                // The card itself went back on top: keep it out of the draw.
                let p = self.player_mut(seat);
                let me = p.event_deck.pop();
                let n = p.event_deck.len().min(3);
                let at = p.event_deck.len() - n;
                let drawn = p.event_deck.split_off(at);
                p.event_deck.extend(me);
                log.push(Event::EventCardsDrawn {
                    faction: f,
                    count: drawn.len(),
                    via: Some(card.into()),
                });
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::Tactic {
                        card: card.into(),
                        area: None,
                        drawn,
                    },
                });
                return true;
            }
            _ => {}
        }
        false
    }

    /// How many warp storms lie on the edges of a system.
    pub(super) fn storms_around(&self, system: SystemId) -> u8 {
        let n = [Side::N, Side::E, Side::S, Side::W]
            .into_iter()
            .filter(|&side| self.pos.storm_at(EdgeId::of(system, side)))
            .count();
        u8::try_from(n).unwrap_or(0)
    }

    pub(crate) fn tactic_actions(
        &self,
        seat: Seat,
        card: &str,
        area: Option<AreaId>,
        drawn: &[CardName],
        out: &mut Vec<Action>,
    ) {
        match (card, area) {
            ("Work of the Righteous", Some(w)) => {
                let prosperity = self
                    .board
                    .area(w)
                    .and_then(|a| a.world())
                    .is_some_and(|x| x.assets.contains(&Asset::Prosperity));
                if prosperity {
                    out.extend(Asset::TOKENS.map(|asset| Action::TakeAsset { asset }));
                } else {
                    out.push(Action::Choose { option: 1 });
                }
                out.push(Action::Choose { option: 2 });
            }
            ("Touched by the Warp", Some(w)) => {
                let level = self.storms_around(w.system);
                self.upgrade_actions_at(seat, level, Some(u8::MAX), Some(u8::MAX), out);
                out.push(Action::Done);
            }
            _ => out.extend(
                (1..=drawn.len())
                    .filter_map(|i| u8::try_from(i).ok())
                    .map(|card| Action::ChooseEvent { card }),
            ),
        }
    }

    /// Resolves a tactic's further choice. Returns whether the event turn goes on (the
    /// phase is set then).
    pub(crate) fn apply_tactic_step(
        &mut self,
        seat: Seat,
        card: &CardName,
        area: Option<AreaId>,
        drawn: &[CardName],
        action: Action,
        log: &mut Vec<Event>,
    ) -> bool {
        let f = self.faction(seat);
        match (card.as_str(), area, action) {
            ("Work of the Righteous", Some(w), Action::Choose { option: 2 }) => {
                let m = self
                    .board
                    .area(w)
                    .and_then(|a| a.world())
                    .map_or(0, |x| x.materiel);
                let max = self.data.components.max_materiel;
                let p = self.player_mut(seat);
                let before = p.materiel;
                p.materiel = p.materiel.saturating_add(m).min(max);
                let kept = p.materiel - before;
                log.push(Event::WorldMaterielCollected {
                    faction: f,
                    kept,
                    income: m,
                    max,
                    world: w,
                    card: card.into(),
                });
            }
            ("Work of the Righteous", Some(w), _) => {
                let icons: Vec<Asset> = self
                    .board
                    .area(w)
                    .and_then(|a| a.world())
                    .map(|x| x.assets.clone())
                    .unwrap_or_default();
                for icon in icons {
                    let icon = match (icon, action) {
                        (Asset::Prosperity, Action::TakeAsset { asset }) => asset,
                        (Asset::Prosperity, _) => continue,
                        (other, _) => other,
                    };
                    self.gain_asset(seat, icon, Some(AssetSource::Card(card.clone())), log);
                }
            }
            ("Touched by the Warp", _, Action::Done) => {}
            ("Touched by the Warp", _, _) => {
                self.buy_upgrade_discounted(seat, action, u8::MAX, card, log);
            }
            (_, _, Action::ChooseEvent { card: i }) => {
                let chosen = drawn[usize::from(i) - 1].clone();
                let p = self.player_mut(seat);
                let mut rest = drawn.to_vec();
                rest.remove(usize::from(i) - 1);
                p.event_deck.extend(rest);
                log.push(Event::ResolvedIgnoringStorm {
                    faction: f,
                    chosen: chosen.clone(),
                    card: card.into(),
                });
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::EventAbility { card: chosen },
                });
                return true;
            }
            _ => {}
        }
        false
    }
}
