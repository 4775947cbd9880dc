//! The choices a combat card's effect offers the side resolving it: targets, dice, areas, free
//! units and cards.

use super::{distinct, faces_present, steps, unrouted};
use crate::engine::data::UnitKind;
use crate::engine::rules::{Action, Game};
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::CombatState;
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::effect::{Effect, Filter, Handler, Modifier, PlaceAt, RerollCount};
use crate::engine::state::ids::AreaId;
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// The type of free unit a `PlaceUnit` effect places in the contested area: the first
    /// listed that fits the area and is in the supply.
    pub(super) fn card_free_unit_type(
        &self,
        c: &CombatState,
        role: CombatRole,
        units: &[UnitType],
    ) -> Option<UnitType> {
        self.card_free_unit_for(c.area, Self::side_faction(c, role), units)
    }

    pub(super) fn card_free_unit_for(
        &self,
        area: AreaId,
        f: crate::engine::state::ids::Faction,
        units: &[UnitType],
    ) -> Option<UnitType> {
        let world = self
            .board
            .area(area)
            .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
        units.iter().copied().find(|&u| {
            u.faction() == f
                && (self.data.unit(u).kind == UnitKind::Ground) == world
                && self.units_in_supply(u) > 0
        })
    }

    /// Areas adjacent to `area` and of its kind (world or void), not across a warp storm:
    /// where the cards that move units out of a combat may send them.
    pub(super) fn card_neighbours(&self, area: AreaId) -> impl Iterator<Item = AreaId> + '_ {
        let world = |a: AreaId| {
            self.board
                .area(a)
                .is_some_and(crate::engine::rules::board::AreaInfo::is_world)
        };
        self.board
            .area_neighbours(area)
            .filter(move |&a| world(a) == world(area))
            .filter(move |&a| {
                crate::engine::rules::board::Board::edge_between(area, a)
                    .is_none_or(|e| !self.pos.storm_at(e))
            })
    }

    /// Areas adjacent to the contested one, of the same kind, friendly to `role` or
    /// uncontrolled, not across a warp storm.
    pub(super) fn card_adjacent_refuges(&self, c: &CombatState, role: CombatRole) -> Vec<AreaId> {
        let f = Self::side_faction(c, role);
        self.card_neighbours(c.area)
            .filter(|&a| {
                let s = self.pos.area(a);
                s.factions().is_empty() || s.controller() == Some(f)
            })
            .collect()
    }

    /// The actions a choice effect offers (without `done`), or `None` for an effect that
    /// resolves by itself.
    #[allow(clippy::too_many_lines)]
    pub(super) fn card_step_options(
        &self,
        c: &CombatState,
        role: CombatRole,
        effect: &Effect,
    ) -> Option<Vec<Action>> {
        let f = Self::side_faction(c, role);
        let die_actions = |faces: Vec<DieFace>| {
            faces
                .into_iter()
                .map(|face| Action::Die { face })
                .collect::<Vec<_>>()
        };
        let picks = |v: Vec<DamageTarget>| {
            v.into_iter()
                .map(|target| Action::Pick { target })
                .collect::<Vec<_>>()
        };
        let out = match effect {
            Effect::LoseDie { whose, faces } => {
                let r = whose.roles(role)[0];
                die_actions(faces_present(&c.side(r).dice, faces))
            }
            Effect::Spend { faces } => die_actions(faces_present(&c.side(role).dice, faces)),
            // A die is spent only for something the ability can still do (a unit to retreat
            // or destroy, a token to gain).
            Effect::SpendEach { face, each } => {
                if self.card_feasible(c, &steps(role, each)) {
                    die_actions(faces_present(&c.side(role).dice, &[*face]))
                } else {
                    Vec::new()
                }
            }
            Effect::Convert { from, to, up_to } => {
                if *up_to == 0 {
                    return Some(Vec::new());
                }
                let mut v = Vec::new();
                for a in faces_present(&c.side(role).dice, from) {
                    for &b in to {
                        if a != b {
                            v.push(Action::Convert { from: a, to: b });
                        }
                    }
                }
                v
            }
            Effect::Reroll {
                whose,
                face: None,
                count: RerollCount::One,
            } => {
                let r = whose.roles(role)[0];
                die_actions(faces_present(&c.side(r).dice, &[]))
            }
            Effect::Choose { options } => options
                .iter()
                .enumerate()
                .filter(|(_, o)| self.card_feasible(c, &steps(role, &o.effects)))
                .filter_map(|(i, _)| u8::try_from(i + 1).ok())
                .map(|option| Action::Choose { option })
                .collect(),
            Effect::Optional { effects, .. } => {
                if self.card_feasible(c, &steps(role, effects)) {
                    vec![Action::UseAbility]
                } else {
                    Vec::new()
                }
            }
            Effect::Rout { whose, filter } => {
                let r = whose.roles(role)[0];
                if Self::card_has_lasting(c, r, Modifier::NoRout) {
                    Vec::new()
                } else {
                    picks(self.card_pieces(c, r, &unrouted(filter)))
                }
            }
            Effect::Rally => picks(self.card_pieces(
                c,
                role,
                &Filter {
                    routed: Some(true),
                    ..Filter::default()
                },
            )),
            Effect::Destroy { whose, filter } => {
                picks(self.card_pieces(c, whose.roles(role)[0], filter))
            }
            Effect::Replace { from, tokens, to } => {
                if self.card_free_unit_for(c.area, f, &[*to]).is_none() {
                    Vec::new()
                } else {
                    let mut v: Vec<DamageTarget> = self
                        .card_pieces(
                            c,
                            role,
                            &Filter {
                                units: from.clone(),
                                ..Filter::default()
                            },
                        )
                        .into_iter()
                        .filter(|t| *tokens || !matches!(t, DamageTarget::Reinforcement { .. }))
                        .collect();
                    if *tokens {
                        for routed in [false, true] {
                            let t = DamageTarget::Reinforcement { routed };
                            if c.side(role).reinforcements.contains(&routed) && !v.contains(&t) {
                                v.push(t);
                            }
                        }
                    }
                    picks(v)
                }
            }
            Effect::Retreat => {
                // An attacker's units an effect placed here cannot retreat (Retreats).
                let types: Vec<UnitType> = self
                    .pos
                    .area(c.area)
                    .unit_types(|u| u.owner() == f)
                    .into_iter()
                    .filter(|&u| self.retreatable_count(c, role, u) > 0)
                    .collect();
                let areas = self.retreat_areas(c, role);
                types
                    .into_iter()
                    .flat_map(|unit| {
                        areas.iter().map(move |&to| Action::MoveUnits {
                            from: c.area,
                            to,
                            unit,
                            count: 1,
                        })
                    })
                    .collect()
            }
            Effect::PlaceUnit {
                units,
                at: PlaceAt::OtherWorldInSystem,
            } => {
                let mut v = Vec::new();
                for a in self.board.areas_of(c.system) {
                    if !a.is_world() || a.id == c.area {
                        continue;
                    }
                    let s = self.pos.area(a.id);
                    if (s.factions().is_empty() || s.controller() == Some(f))
                        && self.card_free_unit_for(a.id, f, units).is_some()
                    {
                        v.push(Action::Area { area: a.id });
                    }
                }
                v
            }
            Effect::MoveIn {
                filter,
                level_up_to_cultists,
            } => {
                let world = self
                    .board
                    .area(c.area)
                    .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
                if !world {
                    return Some(Vec::new());
                }
                let cap = if *level_up_to_cultists {
                    let plastic = self
                        .board
                        .areas_of(c.system)
                        .flat_map(|a| self.pos.area(a.id).units.iter())
                        .filter(|u| u.owner() == f && u.unit == UnitType::Cultist)
                        .count();
                    let tokens = if self.reinforcement_type(f, c.area) == Some(UnitType::Cultist) {
                        c.side(role).reinforcements.len()
                    } else {
                        0
                    };
                    Some(u8::try_from(plastic + tokens).unwrap_or(u8::MAX))
                } else {
                    None
                };
                let mut v = Vec::new();
                for a in self
                    .board
                    .areas()
                    .filter(|a| a.is_world() && a.id != c.area)
                {
                    for u in &self.pos.area(a.id).units {
                        let level = self.data.unit(u.unit).level;
                        let action = Action::MoveUnits {
                            from: a.id,
                            to: c.area,
                            unit: u.unit,
                            count: 1,
                        };
                        if u.owner() == f
                            && !u.routed
                            && (filter.units.is_empty() || filter.units.contains(&u.unit))
                            && filter.max_level.is_none_or(|m| level <= m)
                            && cap.is_none_or(|m| level <= m)
                            && !v.contains(&action)
                        {
                            v.push(action);
                        }
                    }
                }
                v
            }
            Effect::MoveOut => self.card_move_out_options(c, role, None, None),
            Effect::Farsight => {
                let world = self
                    .board
                    .area(c.area)
                    .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
                if self.pos.area(c.area).count_units(f) == 0 {
                    Vec::new()
                } else {
                    self.board
                        .areas()
                        .filter(|a| {
                            a.is_world() == world && a.id != c.area && self.is_friendly(a.id, f)
                        })
                        .map(|a| Action::Area { area: a.id })
                        .collect()
                }
            }
            Effect::RazeHere => {
                let mut kinds: Vec<_> = self
                    .pos
                    .area(c.area)
                    .structures
                    .iter()
                    .filter(|s| s.owner != f)
                    .map(|s| s.kind)
                    .collect();
                kinds.sort();
                kinds.dedup();
                kinds
                    .into_iter()
                    .map(|kind| Action::Raze { area: c.area, kind })
                    .collect()
            }
            Effect::WaveSerpentMoving { to } => self.card_move_out_options(c, role, *to, Some(1)),
            Effect::DiscardFaceUp { whose } => {
                let r = whose.roles(role)[0];
                (1..=distinct(&c.side(r).played).len())
                    .filter_map(|i| u8::try_from(i).ok())
                    .map(|card| Action::Discard { card })
                    .collect()
            }
            Effect::ExtraCard => (1..=c.side(role).hand.len())
                .filter(|&i| !c.side(role).hand[..i - 1].contains(&c.side(role).hand[i - 1]))
                .filter_map(|i| u8::try_from(i).ok())
                .map(|card| Action::PlayCard { card })
                .collect(),
            Effect::Handler {
                name: Handler::SmasherGargant,
            } => picks(self.card_pieces(c, role.other(), &Filter::default())),

            Effect::AmbushSave { .. } => {
                die_actions(faces_present(&c.side(role).dice, &[DieFace::Morale]))
            }
            Effect::SaveOrDestroy { dice, .. } => {
                if *dice == 0 {
                    return None;
                }
                if c.side(role).dice.len() < usize::from(*dice) {
                    Vec::new()
                } else {
                    die_actions(faces_present(&c.side(role).dice, &[]))
                }
            }
            _ => return None,
        };
        Some(out)
    }

    /// Moves one unit at a time out of the combat: to `fixed` once chosen, else to an
    /// adjacent friendly or uncontrolled area (or, with `max_level`, where Wave Serpent may go).
    pub(super) fn card_move_out_options(
        &self,
        c: &CombatState,
        role: CombatRole,
        fixed: Option<AreaId>,
        max_level: Option<u8>,
    ) -> Vec<Action> {
        let f = Self::side_faction(c, role);
        let types = self.pos.area(c.area).unit_types(|u| {
            u.owner() == f
                && !u.routed
                && max_level.is_none_or(|m| self.data.unit(u.unit).level <= m)
        });
        let areas: Vec<AreaId> = match (fixed, max_level) {
            (Some(a), _) => vec![a],
            (None, Some(_)) => self.card_serpent_areas(c, role),
            (None, None) => self.card_adjacent_refuges(c, role),
        };
        types
            .into_iter()
            .flat_map(|unit| {
                areas.iter().map(move |&to| Action::MoveUnits {
                    from: c.area,
                    to,
                    unit,
                    count: 1,
                })
            })
            .collect()
    }
}
