//! The combat card interpreter (Rules Reference: Combat Card Resolution, Gaining and Losing,
//! Rout and Rally, Retreats, Free Units, Reinforcement Tokens). A revealed card queues its
//! general ability, then its unit ability, as `Pending` effects in the combat state; effects
//! that need nobody's choice resolve at once, the others pause the engine as a decision for the
//! side that chooses. Every ability is optional (`use` / `done`) unless it says "must".

use super::{Action, DecisionKind, Event, Game};
use crate::engine::data::{CombatCardData, UnitKind};
use crate::engine::state::action::{DamageTarget, a_face, face_key};
use crate::engine::state::combat_state::{CombatState, CombatStep};
use crate::engine::state::die::CombatRole;
use crate::engine::state::die::DieFace;
use crate::engine::state::effect::{
    Cond, Effect, Filter, Handler, Lasting, Modifier, Pending, Per, Piece, PlaceAt, RerollCount,
    Step, Whose,
};
use crate::engine::state::ids::AreaId;
use crate::engine::state::position::Unit;
use crate::engine::state::unit_type::UnitType;

const FACES: [DieFace; 3] = [DieFace::Offence, DieFace::Defence, DieFace::Morale];

const GITZ_DEM: &str = "Gitz Dem!";

/// The moments of an assess damage step when schemes may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SchemeTiming {
    /// The step begins.
    AssessBegins,
    /// The step ends.
    AssessEnds,
}

/// What executing one effect leaves behind: effects to resolve next (before the rest of the
/// ability) and interruptions (Ambush saves) to resolve before anything else.
#[derive(Default)]
struct Out {
    next: Vec<Step>,
    interrupts: Vec<Pending>,
}

fn steps(role: CombatRole, effects: &[Effect]) -> Vec<Step> {
    effects
        .iter()
        .map(|e| Step {
            role,
            effect: e.clone(),
        })
        .collect()
}

/// Effects whose choice may be ended or declined with `done`.
fn declinable(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Optional { .. }
            | Effect::SpendEach { .. }
            | Effect::Convert { .. }
            | Effect::AmbushSave { .. }
            | Effect::SaveOrDestroy { .. }
            | Effect::WaveSerpentMoving { .. }
    )
}

fn piece_target(p: Piece) -> DamageTarget {
    match p.unit {
        Some(unit) => DamageTarget::Unit {
            unit,
            routed: p.routed,
        },
        None => DamageTarget::Reinforcement { routed: p.routed },
    }
}

fn target_piece(t: DamageTarget) -> Piece {
    match t {
        DamageTarget::Unit { unit, routed } => Piece {
            unit: Some(unit),
            routed,
        },
        DamageTarget::Reinforcement { routed } => Piece { unit: None, routed },
        DamageTarget::Bastion => Piece {
            unit: None,
            routed: false,
        },
    }
}

fn faces_present(dice: &[DieFace], allowed: &[DieFace]) -> Vec<DieFace> {
    FACES
        .into_iter()
        .filter(|f| (allowed.is_empty() || allowed.contains(f)) && dice.contains(f))
        .collect()
}

fn distinct(names: &[String]) -> Vec<&String> {
    let mut out: Vec<&String> = Vec::new();
    for n in names {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

impl Game {
    /// A combat card's data by name.
    pub(crate) fn combat_card(&self, name: &str) -> Option<&CombatCardData> {
        self.data.combat_cards.iter().find(|x| x.name == name)
    }

    /// The decision a combat asks for now.
    pub(crate) fn combat_decision_kind(c: &CombatState) -> DecisionKind {
        if let Some(p) = c.pending.first() {
            if !p.accepted {
                if p.scheme {
                    return DecisionKind::CombatScheme;
                }
                return DecisionKind::CardAbility;
            }
            return match p.todo.first() {
                Some(Step {
                    effect: Effect::AmbushSave { .. },
                    ..
                }) => DecisionKind::AmbushSave,
                Some(s) if s.role != p.owner => DecisionKind::OpponentCardChoice,
                _ => DecisionKind::CardChoice,
            };
        }
        match c.step {
            CombatStep::Reinforce { .. } => DecisionKind::Reinforce,
            CombatStep::ChooseCard { .. } => DecisionKind::ChooseCombatCard,
            CombatStep::AssignDamage { .. } => DecisionKind::AssignDamage,
            CombatStep::Retreat { .. } => DecisionKind::Retreat,
            CombatStep::Resolve { .. } => DecisionKind::CardAbility,
        }
    }

    /// The side deciding the current card effect, if one is pending.
    pub(crate) fn pending_role(c: &CombatState) -> Option<CombatRole> {
        let p = c.pending.first()?;
        if !p.accepted {
            return Some(p.owner);
        }
        Some(p.todo.first().map_or(p.owner, |s| s.role))
    }

    /// Turns a side's face-down card face up and queues its abilities.
    pub(crate) fn reveal_card(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        log: &mut Vec<Event>,
    ) {
        let Some(name) = c.side_mut(role).chosen.take() else {
            return;
        };
        log.push(Event(format!(
            "{} plays {name}",
            Self::side_faction(c, role).name()
        )));
        c.side_mut(role).played.push(name.clone());
        let Some(card) = self.combat_card(&name) else {
            return;
        };
        if !card.general_effect.is_empty() {
            c.pending.push(Pending {
                card: name.clone(),
                owner: role,
                unit: false,
                accepted: false,
                must: card.general_must,
                scheme: false,
                todo: steps(role, &card.general_effect),
            });
        }
        if let Some(u) = &card.unit
            && !u.effect.is_empty()
        {
            c.pending.push(Pending {
                card: name,
                owner: role,
                unit: true,
                accepted: false,
                must: u.must,
                scheme: false,
                todo: steps(role, &u.effect),
            });
        }
    }

    /// Whether a side meets a card's unit requisite: an unrouted listed unit (a reinforcement
    /// token counts as the area's command level 0 unit) or, where named, a bastion.
    fn card_requisite(&self, c: &CombatState, role: CombatRole, card: &str) -> bool {
        let Some(u) = self.combat_card(card).and_then(|x| x.unit.as_ref()) else {
            return false;
        };
        let f = Self::side_faction(c, role);
        let units = self
            .pos
            .area(c.area)
            .units
            .iter()
            .any(|x| x.owner() == f && !x.routed && u.requires.contains(&x.unit));
        let tokens = c.side(role).reinforcements.contains(&false)
            && self
                .reinforcement_type(f, c.area)
                .is_some_and(|t| u.requires.contains(&t));
        units || tokens || (u.bastion && self.bastions(c.area, f) > 0)
    }

    fn card_has_lasting(c: &CombatState, role: CombatRole, m: Modifier) -> bool {
        c.side(role).lasting.iter().any(|l| l.modifier == m)
    }

    fn card_face_count(c: &CombatState, role: CombatRole, face: DieFace) -> usize {
        c.side(role).dice.iter().filter(|d| **d == face).count()
    }

    /// The pieces of a side in the combat that match a filter (distinct choices).
    fn card_pieces(&self, c: &CombatState, role: CombatRole, filter: &Filter) -> Vec<DamageTarget> {
        let f = Self::side_faction(c, role);
        let ok = |unit: UnitType, routed: bool| {
            (filter.units.is_empty() || filter.units.contains(&unit))
                && filter.routed.is_none_or(|r| r == routed)
                && filter
                    .max_level
                    .is_none_or(|m| self.data.unit(unit).level <= m)
        };
        let mut out = Vec::new();
        for u in &self.pos.area(c.area).units {
            let t = DamageTarget::Unit {
                unit: u.unit,
                routed: u.routed,
            };
            if u.owner() == f && ok(u.unit, u.routed) && !out.contains(&t) {
                out.push(t);
            }
        }
        if let Some(r) = self.reinforcement_type(f, c.area) {
            for routed in [false, true] {
                if c.side(role).reinforcements.contains(&routed) && ok(r, routed) {
                    out.push(DamageTarget::Reinforcement { routed });
                }
            }
        }
        out
    }

    fn card_unrouted_units(&self, c: &CombatState, role: CombatRole) -> usize {
        let f = Self::side_faction(c, role);
        self.pos
            .area(c.area)
            .units
            .iter()
            .filter(|u| u.owner() == f && !u.routed)
            .count()
            + c.side(role).reinforcements.iter().filter(|r| !**r).count()
    }

    fn card_count_per(&self, c: &CombatState, role: CombatRole, per: &Per) -> u8 {
        let n = match per {
            Per::MoraleDice => Self::card_face_count(c, role, DieFace::Morale),
            Per::Units(types) => {
                let f = Self::side_faction(c, role);
                let plastic = self
                    .pos
                    .area(c.area)
                    .units
                    .iter()
                    .filter(|u| u.owner() == f && !u.routed && types.contains(&u.unit))
                    .count();
                let tokens = if self
                    .reinforcement_type(f, c.area)
                    .is_some_and(|t| types.contains(&t))
                {
                    c.side(role).reinforcements.iter().filter(|r| !**r).count()
                } else {
                    0
                };
                plastic + tokens
            }
        };
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    fn card_holds(&self, c: &CombatState, role: CombatRole, cond: Cond) -> bool {
        match cond {
            Cond::Attacking => role == CombatRole::Attacker,
            Cond::Defending => role == CombatRole::Defender,
            Cond::MoreMoraleDice => {
                Self::card_face_count(c, role, DieFace::Morale)
                    > Self::card_face_count(c, role.other(), DieFace::Morale)
            }
            Cond::OpponentHasRouted => !self
                .card_pieces(
                    c,
                    role.other(),
                    &Filter {
                        routed: Some(true),
                        ..Filter::default()
                    },
                )
                .is_empty(),
            Cond::MoreUnroutedUnits => {
                self.card_unrouted_units(c, role) > self.card_unrouted_units(c, role.other())
            }
        }
    }

    /// Whether a list of effects can be resolved and would do something: every cost can be
    /// paid and at least one effect has an effect.
    fn card_feasible(&self, c: &CombatState, list: &[Step]) -> bool {
        let mut any = false;
        let mut only_costs = !list.is_empty();
        for s in list {
            match &s.effect {
                Effect::Spend { faces } => {
                    if faces_present(&c.side(s.role).dice, faces).is_empty() {
                        return false;
                    }
                    continue;
                }
                Effect::Destroy {
                    whose: Whose::Own,
                    filter,
                } => {
                    if self.card_pieces(c, s.role, filter).is_empty() {
                        return false;
                    }
                    any = true;
                }
                e => any |= self.card_useful(c, s.role, e),
            }
            only_costs = false;
        }
        // A choice to pay a cost (an opponent's "spend a die or ...") does something.
        any || only_costs
    }

    fn card_useful(&self, c: &CombatState, role: CombatRole, e: &Effect) -> bool {
        match e {
            Effect::If {
                cond,
                then,
                otherwise,
            } => {
                let branch = if self.card_holds(c, role, *cond) {
                    then
                } else {
                    otherwise
                };
                self.card_feasible(c, &steps(role, branch))
            }
            Effect::Opponent { effects } => self.card_feasible(c, &steps(role.other(), effects)),
            Effect::Repeat { per, effects } => {
                self.card_count_per(c, role, per) > 0
                    && self.card_feasible(c, &steps(role, effects))
            }
            Effect::Tokens {
                per: Some(per),
                offence,
                defence,
            } => self.card_count_per(c, role, per) > 0 && offence + defence > 0,
            Effect::Die { .. } => c.side(role).dice.len() < usize::from(self.data.die.max_per_side),
            Effect::RallyAll => !self
                .card_pieces(
                    c,
                    role,
                    &Filter {
                        routed: Some(true),
                        ..Filter::default()
                    },
                )
                .is_empty(),
            Effect::RoutAll { whose, filter } => whose.roles(role).into_iter().any(|r| {
                !Self::card_has_lasting(c, r, Modifier::NoRout)
                    && !self.card_pieces(c, r, &unrouted(filter)).is_empty()
            }),
            Effect::Reroll { whose, face, .. } => whose
                .roles(role)
                .into_iter()
                .any(|r| face.map_or(!c.side(r).dice.is_empty(), |f| c.side(r).dice.contains(&f))),
            Effect::OpponentLosesTokens { offence, defence } => {
                let s = c.side(role.other());
                (*offence > 0 && s.offence_tokens > 0) || (*defence > 0 && s.defence_tokens > 0)
            }
            Effect::PlaceUnit {
                at: PlaceAt::Here,
                units,
            } => self.card_free_unit_type(c, role, units).is_some(),
            Effect::TopDeckIcons => self
                .seat_of(Self::side_faction(c, role.other()))
                .is_some_and(|s| !self.player(s).combat_deck.is_empty()),
            Effect::Reinforcement => {
                self.assets_in_supply_during(
                    crate::engine::state::ids::Asset::Reinforcement,
                    Some(c),
                ) > 0
            }
            Effect::DrawCard => self
                .seat_of(Self::side_faction(c, role))
                .is_some_and(|s| !self.player(s).combat_deck.is_empty()),
            Effect::DiscardFromHand { whose } => whose
                .roles(role)
                .into_iter()
                .any(|r| !c.side(r).hand.is_empty()),
            // Wave Serpent: worth its morale die only with a unit to move and an area to move
            // it to.
            Effect::Handler {
                name: Handler::WaveSerpent,
            } => !self
                .card_move_out_options(c, role, None, Some(1))
                .is_empty(),
            Effect::DestroyPiece { piece } => {
                let other = role.other();
                let f = Self::side_faction(c, other);
                match piece.unit {
                    Some(unit) => self
                        .pos
                        .area(c.area)
                        .units
                        .iter()
                        .any(|u| u.owner() == f && u.unit == unit && u.routed == piece.routed),
                    None => c.side(other).reinforcements.contains(&piece.routed),
                }
            }
            _ => self
                .card_step_options(
                    c,
                    &Step {
                        role,
                        effect: e.clone(),
                    },
                )
                .is_none_or(|o| !o.is_empty()),
        }
    }

    /// The type of free unit a `PlaceUnit` effect places in the contested area: the first
    /// listed that fits the area and is in the supply.
    fn card_free_unit_type(
        &self,
        c: &CombatState,
        role: CombatRole,
        units: &[UnitType],
    ) -> Option<UnitType> {
        self.card_free_unit_for(c.area, Self::side_faction(c, role), units)
    }

    fn card_free_unit_for(
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

    /// Areas adjacent to the contested one, of the same kind, friendly to `role` or
    /// uncontrolled, not across a warp storm.
    fn card_adjacent_refuges(&self, c: &CombatState, role: CombatRole) -> Vec<AreaId> {
        let f = Self::side_faction(c, role);
        let world = |a: AreaId| {
            self.board
                .area(a)
                .is_some_and(crate::engine::rules::board::AreaInfo::is_world)
        };
        self.board
            .area_neighbours(c.area)
            .filter(|&a| world(a) == world(c.area))
            .filter(|&a| {
                crate::engine::rules::board::Board::edge_between(c.area, a)
                    .is_none_or(|e| !self.pos.storm_at(e))
            })
            .filter(|&a| {
                let s = self.pos.area(a);
                s.factions().is_empty() || s.controller() == Some(f)
            })
            .collect()
    }

    /// The actions a choice effect offers (without `done`), or `None` for an effect that
    /// resolves by itself.
    #[allow(clippy::too_many_lines)]
    fn card_step_options(&self, c: &CombatState, step: &Step) -> Option<Vec<Action>> {
        let role = step.role;
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
        let out = match &step.effect {
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

    /// Areas Wave Serpent may move units to: adjacent ones of the contested area's kind, not
    /// across a warp storm, friendly, uncontrolled or enemy (a new combat follows there); only
    /// one new contested area per combat however many copies are played (Card
    /// Clarifications).
    fn card_serpent_areas(&self, c: &CombatState, role: CombatRole) -> Vec<AreaId> {
        let f = Self::side_faction(c, role);
        let world = |a: AreaId| {
            self.board
                .area(a)
                .is_some_and(crate::engine::rules::board::AreaInfo::is_world)
        };
        self.board
            .area_neighbours(c.area)
            .filter(|&a| world(a) == world(c.area))
            .filter(|&a| {
                crate::engine::rules::board::Board::edge_between(c.area, a)
                    .is_none_or(|e| !self.pos.storm_at(e))
            })
            .filter(|&a| {
                let s = self.pos.area(a);
                let enemy = s.factions().iter().any(|g| *g != f);
                !enemy || c.next_combat.is_none_or(|n| n.area == a)
            })
            .collect()
    }

    /// Moves one unit at a time out of the combat: to `fixed` once chosen, else to an
    /// adjacent friendly or uncontrolled area (or, with `max_level`, where Wave Serpent may go).
    fn card_move_out_options(
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

    /// The legal actions while a card effect waits for a decision.
    pub(crate) fn pending_actions(&self, c: &CombatState, out: &mut Vec<Action>) {
        let Some(p) = c.pending.first() else {
            return;
        };
        if !p.accepted {
            let using = if p.scheme {
                Action::UseEvent
            } else {
                Action::UseAbility
            };
            out.extend([using, Action::Done]);
            return;
        }
        let Some(step) = p.todo.first() else {
            return;
        };
        if let Some(o) = self.card_step_options(c, step) {
            out.extend(o);
            if declinable(&step.effect) {
                out.push(Action::Done);
            }
        }
    }

    /// Resolves every pending effect that needs no decision. Returns whether a decision is
    /// awaited.
    pub(crate) fn run_pending(&mut self, c: &mut CombatState, log: &mut Vec<Event>) -> bool {
        for _ in 0..10_000 {
            let Some(p) = c.pending.first() else {
                return false;
            };
            if !p.accepted {
                let (owner, card, unit) = (p.owner, p.card.clone(), p.unit);
                if unit && !self.card_requisite(c, owner, &card) {
                    c.pending.remove(0);
                    continue;
                }
                if p.must {
                    c.pending[0].accepted = true;
                    continue;
                }
                if !self.card_feasible(c, &p.todo) {
                    c.pending.remove(0);
                    continue;
                }
                return true;
            }
            let Some(step) = p.todo.first().cloned() else {
                c.pending.remove(0);
                continue;
            };
            match self.card_step_options(c, &step) {
                None => self.card_execute(c, None, log),
                Some(o) if o.is_empty() => self.card_execute(c, Some(Action::Done), log),
                Some(o) if o.len() == 1 && !declinable(&step.effect) => {
                    self.card_execute(c, Some(o[0]), log);
                }
                Some(_) => return true,
            }
        }
        false
    }

    /// Applies a decision about the pending effect.
    pub(crate) fn apply_pending(
        &mut self,
        c: &mut CombatState,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let Some(p) = c.pending.first() else {
            return;
        };
        if !p.accepted && p.scheme {
            let f = Self::side_faction(c, p.owner);
            let card = p.card.clone();
            if action == Action::UseEvent {
                c.pending[0].accepted = true;
                if let Some(seat) = self.seat_of(f) {
                    self.discard_scheme(seat, &card, log);
                }
                log.push(Event(format!("{} uses {card}", f.name())));
            } else {
                c.pending.remove(0);
                log.push(Event(format!("{} does not use {card}", f.name())));
            }
            return;
        }
        if !p.accepted {
            let who = Self::side_faction(c, p.owner).name();
            let what = if p.unit { "unit" } else { "general" };
            let card = p.card.clone();
            if action == Action::UseAbility {
                c.pending[0].accepted = true;
                log.push(Event(format!(
                    "{who} resolves the {what} ability of {card}"
                )));
            } else {
                c.pending.remove(0);
                log.push(Event(format!(
                    "{who} does not use the {what} ability of {card}"
                )));
            }
            return;
        }
        self.card_execute(c, Some(action), log);
    }

    /// Executes the first effect of the current ability, with the decision taken (`None` for
    /// an automatic effect; `Done` for a declined or impossible one).
    fn card_execute(&mut self, c: &mut CombatState, action: Option<Action>, log: &mut Vec<Event>) {
        if c.pending.is_empty() {
            return;
        }
        let mut p = c.pending.remove(0);
        if p.todo.is_empty() {
            return;
        }
        let step = p.todo.remove(0);
        let mut out = Out::default();
        self.card_effect(c, &p.card, step, action, &mut out, log);
        for (i, s) in out.next.into_iter().enumerate() {
            p.todo.insert(i, s);
        }
        if !p.todo.is_empty() {
            c.pending.insert(0, p);
        }
        for (i, x) in out.interrupts.into_iter().enumerate() {
            c.pending.insert(i, x);
        }
    }

    #[allow(clippy::too_many_lines)]
    fn card_effect(
        &mut self,
        c: &mut CombatState,
        card: &str,
        step: Step,
        action: Option<Action>,
        out: &mut Out,
        log: &mut Vec<Event>,
    ) {
        let role = step.role;
        let who = Self::side_faction(c, role).name();
        let done = matches!(action, Some(Action::Done));
        match step.effect {
            Effect::Tokens {
                offence,
                defence,
                per,
            } => {
                let n = per.map_or(1, |p| self.card_count_per(c, role, &p));
                Self::gain_tokens(
                    c,
                    role,
                    offence.saturating_mul(n),
                    defence.saturating_mul(n),
                    log,
                );
            }
            Effect::OpponentLosesTokens { offence, defence } => {
                let s = c.side_mut(role.other());
                s.offence_tokens = s.offence_tokens.saturating_sub(offence);
                s.defence_tokens = s.defence_tokens.saturating_sub(defence);
                log.push(Event(format!(
                    "{} loses up to {offence} offence and {defence} defence token(s)",
                    Self::side_faction(c, role.other()).name()
                )));
            }
            Effect::Die { face, count } => self.card_gain_dice(c, role, face, count, log),
            Effect::LoseDie { whose, .. } => {
                if let Some(Action::Die { face }) = action {
                    let r = whose.roles(role)[0];
                    remove_die(c, r, face);
                    log.push(Event(format!(
                        "{} loses {} die",
                        Self::side_faction(c, r).name(),
                        a_face(face)
                    )));
                }
            }
            Effect::Spend { .. } => {
                if let Some(Action::Die { face }) = action {
                    remove_die(c, role, face);
                    log.push(Event(format!("{who} spends {} die", a_face(face))));
                }
            }
            Effect::SpendEach { face, each } => {
                if let Some(Action::Die { face: f }) = action {
                    remove_die(c, role, f);
                    log.push(Event(format!("{who} spends {} die", a_face(f))));
                    out.next = steps(role, &each);
                    out.next.push(Step {
                        role,
                        effect: Effect::SpendEach { face, each },
                    });
                }
            }
            Effect::Convert { from, to, up_to } => {
                if let Some(Action::Convert { from: a, to: b }) = action {
                    if let Some(d) = c.side_mut(role).dice.iter_mut().find(|d| **d == a) {
                        *d = b;
                    }
                    log.push(Event(format!(
                        "{who} turns {} die to {}",
                        a_face(a),
                        face_key(b)
                    )));
                    out.next.push(Step {
                        role,
                        effect: Effect::Convert {
                            from,
                            to,
                            up_to: up_to.saturating_sub(1),
                        },
                    });
                }
            }
            Effect::Reroll { whose, face, count } => {
                let picked = match action {
                    Some(Action::Die { face }) => Some(face),
                    Some(Action::Done) => return,
                    _ => face,
                };
                for r in whose.roles(role) {
                    let n = match &count {
                        RerollCount::All => usize::MAX,
                        RerollCount::One => 1,
                        RerollCount::PerUnits(types) => {
                            usize::from(self.card_count_per(c, role, &Per::Units(types.clone())))
                        }
                    };
                    let idx: Vec<usize> = c
                        .side(r)
                        .dice
                        .iter()
                        .enumerate()
                        .filter(|(_, d)| picked.is_none_or(|f| **d == f))
                        .map(|(i, _)| i)
                        .take(n)
                        .collect();
                    let fresh = self.roll(idx.len(), r);
                    for (i, d) in idx.iter().zip(fresh) {
                        c.side_mut(r).dice[*i] = d;
                    }
                    if !idx.is_empty() {
                        log.push(Event(format!(
                            "{} rerolls {} {}: now {}",
                            Self::side_faction(c, r).name(),
                            idx.len(),
                            picked.map_or("dice".to_string(), |f| format!("{} dice", face_key(f))),
                            super::dice_text(&c.side(r).dice)
                        )));
                    }
                }
            }
            Effect::Choose { options } => {
                if let Some(Action::Choose { option }) = action
                    && let Some(o) = options.get(usize::from(option).wrapping_sub(1))
                {
                    log.push(Event(format!("{who} chooses: {}", o.label)));
                    out.next = steps(role, &o.effects);
                }
            }
            Effect::Optional { label, effects } => {
                if action == Some(Action::UseAbility) {
                    log.push(Event(format!("{who} chooses to {label}")));
                    out.next = steps(role, &effects);
                }
            }
            Effect::If {
                cond,
                then,
                otherwise,
            } => {
                let branch = if self.card_holds(c, role, cond) {
                    then
                } else {
                    otherwise
                };
                out.next = steps(role, &branch);
            }
            Effect::Repeat { per, effects } => {
                let n = self.card_count_per(c, role, &per);
                for _ in 0..n {
                    out.next.extend(steps(role, &effects));
                }
            }
            Effect::Opponent { effects } => out.next = steps(role.other(), &effects),
            Effect::Rout { whose, .. } => {
                if let Some(Action::Pick { target }) = action {
                    let r = whose.roles(role)[0];
                    out.interrupts.extend(self.rout_piece(c, r, target, log));
                }
            }
            Effect::RoutAll { whose, filter } => {
                for r in whose.roles(role) {
                    loop {
                        if Self::card_has_lasting(c, r, Modifier::NoRout) {
                            break;
                        }
                        let Some(t) = self.card_pieces(c, r, &unrouted(&filter)).first().copied()
                        else {
                            break;
                        };
                        out.interrupts.extend(self.rout_piece(c, r, t, log));
                    }
                }
            }
            Effect::Rally => {
                if let Some(Action::Pick { target }) = action {
                    self.card_set_routed(c, role, target, false);
                    log.push(Event(format!(
                        "{who} rallies a {}",
                        self.card_target_name(target)
                    )));
                }
            }
            Effect::RallyAll => {
                let f = Self::side_faction(c, role);
                for u in &mut self.pos.area_mut(c.area).units {
                    if u.owner() == f {
                        u.routed = false;
                    }
                }
                for r in &mut c.side_mut(role).reinforcements {
                    *r = false;
                }
                log.push(Event(format!("{who} rallies all units")));
            }
            Effect::Destroy { whose, .. } => {
                if let Some(Action::Pick { target }) = action {
                    let r = whose.roles(role)[0];
                    self.card_destroy_piece(c, r, target, log);
                }
            }
            Effect::Retreat => {
                if let Some(Action::MoveUnits { to, unit, .. }) = action {
                    self.card_move_one(c, role, unit, to, true, log);
                }
            }
            Effect::PlaceUnit { units, at } => {
                let f = Self::side_faction(c, role);
                let area = match (at, action) {
                    (PlaceAt::Here, _) => Some(c.area),
                    (PlaceAt::OtherWorldInSystem, Some(Action::Area { area })) => Some(area),
                    _ => None,
                };
                if let Some(area) = area
                    && let Some(t) = self.card_free_unit_for(area, f, &units)
                {
                    self.pos.area_mut(area).units.push(Unit::new(t));
                    if area == c.area {
                        c.note_placed(role, t);
                    }
                    log.push(Event(format!("{who} places a free {t} in {area}")));
                }
            }
            // A free token comes from the supply (Reinforcement Tokens), which may be empty.
            Effect::Reinforcement => {
                let supply = self.assets_in_supply_during(
                    crate::engine::state::ids::Asset::Reinforcement,
                    Some(c),
                );
                if supply > 0 {
                    c.side_mut(role).reinforcements.push(false);
                    log.push(Event(format!(
                        "{who} puts a free reinforcement token into the combat"
                    )));
                } else {
                    log.push(Event(format!(
                        "the supply has no reinforcement token left: {who} gains none"
                    )));
                }
            }
            Effect::Replace { to, .. } => {
                if let Some(Action::Pick { target }) = action {
                    self.card_remove_piece(c, role, target);
                    self.pos.area_mut(c.area).units.push(Unit::new(to));
                    c.note_placed(role, to);
                    log.push(Event(format!(
                        "{who} replaces a {} with a free {to}",
                        self.card_target_name(target)
                    )));
                }
            }
            Effect::MoveIn { .. } => {
                if let Some(Action::MoveUnits { from, to, unit, .. }) = action {
                    let units = &mut self.pos.area_mut(from).units;
                    if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                        let u = units.remove(i);
                        self.pos.area_mut(to).units.push(u);
                        c.note_placed(role, unit);
                        log.push(Event(format!(
                            "{who} brings a {unit} from {from} into the fight"
                        )));
                    }
                }
            }
            Effect::MoveOut => {
                if let Some(Action::MoveUnits { to, unit, .. }) = action {
                    self.card_move_one(c, role, unit, to, false, log);
                }
            }
            Effect::WaveSerpentMoving { .. } => {
                if let Some(Action::MoveUnits { to, unit, .. }) = action {
                    self.card_move_one(c, role, unit, to, false, log);
                    let f = Self::side_faction(c, role);
                    if c.next_combat.is_none()
                        && self.pos.area(to).factions().iter().any(|g| *g != f)
                    {
                        c.next_combat = Some(crate::engine::state::combat_state::NextCombat {
                            area: to,
                            attacker: f,
                        });
                        log.push(Event(format!(
                            "{who} moves into {to}, held by an enemy: a combat follows there \
                             when this one ends"
                        )));
                    }
                    out.next.push(Step {
                        role,
                        effect: Effect::WaveSerpentMoving { to: Some(to) },
                    });
                }
            }
            Effect::LookAtCard => {
                c.side_mut(role).saw_card = true;
                log.push(Event(format!(
                    "{who} looks at the combat card his opponent placed face down"
                )));
            }
            Effect::Lasting { modifier } => {
                c.side_mut(role).lasting.push(Lasting {
                    card: card.to_string(),
                    modifier,
                });
            }
            Effect::DiscardFaceUp { whose } => {
                if let Some(Action::Discard { card: i }) = action {
                    let r = whose.roles(role)[0];
                    let name = distinct(&c.side(r).played)
                        .get(usize::from(i).wrapping_sub(1))
                        .map(|s| (*s).clone());
                    if let Some(name) = name {
                        Self::discard_face_up(c, r, &name, log);
                    }
                }
            }
            Effect::DiscardFromHand { whose } => {
                for r in whose.roles(role) {
                    let n = c.side(r).hand.len();
                    if n > 0 {
                        use rand::RngExt;
                        let i = self.pos.rng.random_range(0..n);
                        let name = c.side_mut(r).hand.remove(i);
                        log.push(Event(format!(
                            "{} discards {name} from his hand",
                            Self::side_faction(c, r).name()
                        )));
                        c.side_mut(r).discarded.push(name);
                    }
                }
            }
            Effect::DrawCard => {
                if let Some(seat) = self.seat_of(Self::side_faction(c, role))
                    && let Some(name) = self.player_mut(seat).combat_deck.pop()
                {
                    c.side_mut(role).hand.push(name);
                    log.push(Event(format!("{who} draws a combat card")));
                }
            }
            Effect::ExtraCard => {
                if let Some(Action::PlayCard { card: i }) = action {
                    let s = c.side_mut(role);
                    if usize::from(i) >= 1 && usize::from(i) <= s.hand.len() {
                        let name = s.hand.remove(usize::from(i) - 1);
                        log.push(Event(format!("{who} adds the icons of {name}")));
                        c.side_mut(role).played.push(name);
                    }
                }
            }
            Effect::TopDeckIcons => {
                let other = role.other();
                if let Some(seat) = self.seat_of(Self::side_faction(c, other))
                    && let Some(name) = self.player_mut(seat).combat_deck.pop()
                {
                    let icons = self.combat_card(&name).map(|x| x.icons).unwrap_or_default();
                    log.push(Event(format!(
                        "{} discards {name} from his combat deck; {who} gains its icons",
                        Self::side_faction(c, other).name()
                    )));
                    c.side_mut(other).discarded.push(name);
                    c.side_mut(role).lasting.push(Lasting {
                        card: card.to_string(),
                        modifier: Modifier::Icons {
                            offence: icons.offence,
                            defence: icons.defence,
                            morale: icons.morale,
                        },
                    });
                }
            }
            Effect::Handler { name } => match name {
                Handler::SmasherGargant => {
                    if let Some(Action::Pick { target }) = action {
                        let level = match target {
                            DamageTarget::Unit { unit, .. } => self.data.unit(unit).level,
                            _ => 0,
                        };
                        log.push(Event(format!(
                            "{who} picks an enemy {}: it is destroyed unless {} dice are spent",
                            self.card_target_name(target),
                            level
                        )));
                        out.next.push(Step {
                            role: role.other(),
                            effect: Effect::SaveOrDestroy {
                                piece: target_piece(target),
                                dice: level,
                            },
                        });
                    }
                }
                Handler::WaveSerpent => out.next.push(Step {
                    role,
                    effect: Effect::WaveSerpentMoving { to: None },
                }),
            },
            Effect::DestroyPiece { piece } => {
                self.card_destroy_piece(c, role.other(), piece_target(piece), log);
            }
            Effect::Farsight => {
                if let Some(Action::Area { area }) = action {
                    let f = Self::side_faction(c, role);
                    let units = &mut self.pos.area_mut(c.area).units;
                    let mut leaving = Vec::new();
                    units.retain(|u| {
                        if u.owner() == f {
                            leaving.push(*u);
                            false
                        } else {
                            true
                        }
                    });
                    let n = leaving.len();
                    self.pos.area_mut(area).units.extend(leaving);
                    c.side_mut(role).placed.clear();
                    let tokens = std::mem::take(&mut c.side_mut(role).reinforcements).len();
                    log.push(Event(format!(
                        "{who} takes {n} unit(s) out of the combat to {area}{}",
                        if tokens > 0 {
                            format!("; {tokens} reinforcement token(s) go back to the supply")
                        } else {
                            String::new()
                        }
                    )));
                }
            }
            Effect::RazeHere => {
                if let Some(Action::Raze { area, kind }) = action {
                    let f = Self::side_faction(c, role);
                    let structures = &mut self.pos.area_mut(area).structures;
                    if let Some(i) = structures
                        .iter()
                        .position(|s| s.kind == kind && s.owner != f)
                    {
                        let s = structures.remove(i);
                        log.push(Event(format!(
                            "{who} destroys {} {kind} on {area}",
                            s.owner.possessive()
                        )));
                    }
                }
            }
            Effect::AmbushSave { piece } => {
                if let Some(Action::Die { face }) = action {
                    remove_die(c, role, face);
                    log.push(Event(format!(
                        "{who} spends a morale die to save his routed unit"
                    )));
                } else {
                    log.push(Event(format!(
                        "Ambush: {} routed unit is destroyed",
                        Self::side_faction(c, role).possessive()
                    )));
                    self.card_remove_piece(c, role, piece_target(piece));
                }
            }
            Effect::SaveOrDestroy { piece, dice } => {
                if dice == 0 {
                    log.push(Event(format!(
                        "{} unit is saved without spending a die",
                        Self::side_faction(c, role).possessive()
                    )));
                } else if let Some(Action::Die { face }) = action {
                    remove_die(c, role, face);
                    if dice > 1 {
                        out.next.push(Step {
                            role,
                            effect: Effect::SaveOrDestroy {
                                piece,
                                dice: dice - 1,
                            },
                        });
                    } else {
                        log.push(Event(format!("{who} spends the dice and saves his unit")));
                    }
                } else if done || action.is_none() {
                    self.card_destroy_piece(c, role, piece_target(piece), log);
                }
            }
        }
    }

    /// Gains combat tokens, unless the opponent forbids defence tokens; an opponent with
    /// Weirdboyz gains the same, unless he is the one forbidden them ("cannot" is absolute: a
    /// mirrored gain is a gain).
    fn gain_tokens(c: &mut CombatState, role: CombatRole, o: u8, d: u8, log: &mut Vec<Event>) {
        let allowed = |c: &CombatState, r: CombatRole, d: u8| {
            if Self::card_has_lasting(c, r.other(), Modifier::OpponentGainsNoDefenceTokens) {
                0
            } else {
                d
            }
        };
        let d_own = allowed(c, role, d);
        if o > 0 || d_own > 0 {
            let s = c.side_mut(role);
            s.offence_tokens = s.offence_tokens.saturating_add(o);
            s.defence_tokens = s.defence_tokens.saturating_add(d_own);
            log.push(Event(format!(
                "{} gains {o} offence and {d_own} defence token(s)",
                Self::side_faction(c, role).name()
            )));
        }
        // Weirdboyz copies what the opponent gains, as far as he himself may gain it.
        if Self::card_has_lasting(c, role.other(), Modifier::MirrorTokens) {
            let d_mirror = allowed(c, role.other(), d_own);
            if o > 0 || d_mirror > 0 {
                let s = c.side_mut(role.other());
                s.offence_tokens = s.offence_tokens.saturating_add(o);
                s.defence_tokens = s.defence_tokens.saturating_add(d_mirror);
                let what = if d_mirror == d_own {
                    "the same tokens".to_string()
                } else {
                    format!("{o} offence and {d_mirror} defence token(s) the same way")
                };
                log.push(Event(format!(
                    "{} gains {what}",
                    Self::side_faction(c, role.other()).name()
                )));
            }
        }
    }

    /// Gains dice showing a face, or rolled, up to the dice limit.
    fn card_gain_dice(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        face: Option<DieFace>,
        count: u8,
        log: &mut Vec<Event>,
    ) {
        let room = usize::from(self.data.die.max_per_side).saturating_sub(c.side(role).dice.len());
        let n = usize::from(count).min(room);
        if n == 0 {
            return;
        }
        let new = match face {
            Some(f) => vec![f; n],
            None => self.roll(n, role),
        };
        log.push(Event(format!(
            "{} gains {}",
            Self::side_faction(c, role).name(),
            super::dice_text(&new)
        )));
        c.side_mut(role).dice.extend(new);
    }

    fn card_target_name(&self, t: DamageTarget) -> String {
        match t {
            DamageTarget::Unit { unit, routed } => format!(
                "{}{}",
                if routed { "routed " } else { "" },
                self.data.unit(unit).name
            ),
            DamageTarget::Reinforcement { routed } => {
                format!("{}reinforcement token", if routed { "routed " } else { "" })
            }
            DamageTarget::Bastion => "bastion".into(),
        }
    }

    fn card_set_routed(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        t: DamageTarget,
        routed: bool,
    ) {
        let f = Self::side_faction(c, role);
        match t {
            DamageTarget::Unit { unit, routed: was } => {
                if let Some(u) = self
                    .pos
                    .area_mut(c.area)
                    .units
                    .iter_mut()
                    .find(|u| u.owner() == f && u.unit == unit && u.routed == was)
                {
                    u.routed = routed;
                }
            }
            DamageTarget::Reinforcement { routed: was } => {
                if let Some(r) = c
                    .side_mut(role)
                    .reinforcements
                    .iter_mut()
                    .find(|r| **r == was)
                {
                    *r = routed;
                }
            }
            DamageTarget::Bastion => {}
        }
    }

    /// Routs one unrouted piece (Rout and Rally): nothing when its side cannot be routed this
    /// round; what follows, in order: under an enemy Ambush, the save decision; with the
    /// enemy holding Gitz Dem!, the offer to destroy the routed unit.
    pub(crate) fn rout_piece(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        t: DamageTarget,
        log: &mut Vec<Event>,
    ) -> Vec<Pending> {
        let f = Self::side_faction(c, role);
        if Self::card_has_lasting(c, role, Modifier::NoRout) {
            log.push(Event(format!(
                "{} units cannot be routed this round",
                f.possessive()
            )));
            return Vec::new();
        }
        let unrouted = match t {
            DamageTarget::Unit { unit, .. } => DamageTarget::Unit {
                unit,
                routed: false,
            },
            DamageTarget::Reinforcement { .. } => DamageTarget::Reinforcement { routed: false },
            DamageTarget::Bastion => return Vec::new(),
        };
        self.card_set_routed(c, role, unrouted, true);
        log.push(Event(format!(
            "{} {} is routed",
            f.possessive(),
            self.card_target_name(unrouted)
        )));
        let piece = Piece {
            routed: true,
            ..target_piece(unrouted)
        };
        let mut out = Vec::new();
        if let Some(l) = c
            .side(role.other())
            .lasting
            .iter()
            .find(|l| l.modifier == Modifier::Ambush)
        {
            out.push(Pending {
                card: l.card.clone(),
                owner: role.other(),
                unit: true,
                accepted: true,
                must: true,
                scheme: false,
                todo: vec![Step {
                    role,
                    effect: Effect::AmbushSave { piece },
                }],
            });
        }
        if self
            .seat_of(Self::side_faction(c, role.other()))
            .is_some_and(|s| self.has_scheme(s, GITZ_DEM))
        {
            out.push(Pending {
                card: GITZ_DEM.into(),
                owner: role.other(),
                unit: false,
                accepted: false,
                must: false,
                scheme: true,
                todo: vec![Step {
                    role: role.other(),
                    effect: Effect::DestroyPiece { piece },
                }],
            });
        }
        out
    }

    /// Offers the schemes used at this moment of an assess damage step, attacker's first
    /// (Adeptus Mechanicus, Emperor's Champion, Farsight when it begins; Seduced by Chaos,
    /// Teer It Down! when it ends).
    pub(crate) fn queue_combat_schemes(&self, c: &mut CombatState, timing: SchemeTiming) {
        let world = self
            .board
            .area(c.area)
            .is_some_and(crate::engine::rules::board::AreaInfo::is_world);
        for role in [CombatRole::Attacker, CombatRole::Defender] {
            let Some(seat) = self.seat_of(Self::side_faction(c, role)) else {
                continue;
            };
            let forge = self.player(seat).assets.forge;
            let list: Vec<(&str, Effect)> = match timing {
                SchemeTiming::AssessBegins => vec![
                    (
                        "Adeptus Mechanicus",
                        Effect::Tokens {
                            offence: 0,
                            defence: 2 + forge,
                            per: None,
                        },
                    ),
                    ("Emperor's Champion", Effect::Rally),
                    ("Farsight", Effect::Farsight),
                ],
                SchemeTiming::AssessEnds => {
                    let mut v = vec![(
                        "Seduced by Chaos",
                        Effect::Rout {
                            whose: Whose::Opponent,
                            filter: Filter::default(),
                        },
                    )];
                    if world {
                        v.push(("Teer It Down!", Effect::RazeHere));
                    }
                    v
                }
            };
            for (name, effect) in list {
                if self.has_scheme(seat, name) {
                    c.pending.push(Pending {
                        card: name.into(),
                        owner: role,
                        unit: false,
                        accepted: false,
                        must: false,
                        scheme: true,
                        todo: vec![Step { role, effect }],
                    });
                }
            }
        }
    }

    fn card_remove_piece(&mut self, c: &mut CombatState, role: CombatRole, t: DamageTarget) {
        let f = Self::side_faction(c, role);
        match t {
            DamageTarget::Unit { unit, routed } => {
                let units = &mut self.pos.area_mut(c.area).units;
                if let Some(i) = units
                    .iter()
                    .position(|u| u.owner() == f && u.unit == unit && u.routed == routed)
                {
                    units.remove(i);
                    c.note_left(role, unit);
                }
            }
            DamageTarget::Reinforcement { routed } => {
                let tokens = &mut c.side_mut(role).reinforcements;
                if let Some(i) = tokens.iter().position(|r| *r == routed) {
                    tokens.remove(i);
                }
            }
            DamageTarget::Bastion => {}
        }
    }

    fn card_destroy_piece(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        t: DamageTarget,
        log: &mut Vec<Event>,
    ) {
        self.card_remove_piece(c, role, t);
        log.push(Event(format!(
            "{} {} is destroyed",
            Self::side_faction(c, role).possessive(),
            self.card_target_name(t)
        )));
    }

    /// Moves one unit of a side out of the combat (a retreat routs it unless it cannot be
    /// routed this round).
    fn card_move_one(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        unit: UnitType,
        to: AreaId,
        retreat: bool,
        log: &mut Vec<Event>,
    ) {
        let f = Self::side_faction(c, role);
        let units = &mut self.pos.area_mut(c.area).units;
        // A retreat takes a routed one first (it will be routed anyway); a move only an
        // unrouted one.
        let i = if retreat {
            units
                .iter()
                .position(|u| u.owner() == f && u.unit == unit && u.routed)
                .or_else(|| units.iter().position(|u| u.owner() == f && u.unit == unit))
        } else {
            units
                .iter()
                .position(|u| u.owner() == f && u.unit == unit && !u.routed)
        };
        let Some(i) = i else {
            return;
        };
        let mut u = units.remove(i);
        if retreat && !Self::card_has_lasting(c, role, Modifier::NoRout) {
            u.routed = true;
        }
        // A unit that retreats is never one an effect placed (those cannot retreat); one
        // that moves out may be, and a placed one of its type is the one that leaves.
        if !retreat {
            c.note_left(role, unit);
        }
        self.pos.area_mut(to).units.push(u);
        log.push(Event(format!(
            "{} {} a {unit} to {to}",
            f.name(),
            if retreat { "retreats" } else { "moves" }
        )));
    }

    fn discard_face_up(c: &mut CombatState, role: CombatRole, name: &str, log: &mut Vec<Event>) {
        let s = c.side_mut(role);
        if let Some(i) = s.played.iter().rposition(|n| n == name) {
            let card = s.played.remove(i);
            s.discarded.push(card);
        }
        if let Some(i) = s.lasting.iter().position(|l| l.card == name) {
            s.lasting.remove(i);
        }
        c.pending.retain(|p| !(p.owner == role && p.card == name));
        log.push(Event(format!(
            "{} discards the face-up {name}",
            Self::side_faction(c, role).name()
        )));
    }

    /// The current card effect's action in words for a player, when a card effect is pending.
    #[must_use]
    pub fn card_action_words(&self, action: Action) -> Option<String> {
        let c = self.combat()?;
        let p = c.pending.first()?;
        if !p.accepted && p.scheme {
            let text = self
                .data
                .event_cards
                .iter()
                .find(|e| e.name == p.card)
                .map(|e| e.text.clone())
                .unwrap_or_default();
            return Some(match action {
                Action::UseEvent => format!("discard {}: {text}", p.card),
                _ => format!("keep {}", p.card),
            });
        }
        if !p.accepted {
            let card = self.combat_card(&p.card)?;
            let text = if p.unit {
                card.unit.as_ref().map(|u| u.text.clone())
            } else {
                card.general.clone()
            }
            .unwrap_or_default();
            return Some(match action {
                Action::UseAbility => format!("resolve {}: {text}", p.card),
                _ => format!("do not resolve {}'s ability", p.card),
            });
        }
        let step = p.todo.first()?;
        let other = |r: CombatRole| Self::side_faction(c, r).possessive();
        let name_of = |r: CombatRole| Self::side_faction(c, r).name();
        Some(match (&step.effect, action) {
            (Effect::Choose { options }, Action::Choose { option }) => options
                .get(usize::from(option).wrapping_sub(1))
                .map_or_else(|| action.to_string(), |o| o.label.clone()),
            (Effect::Optional { label, .. }, Action::UseAbility) => label.clone(),
            (Effect::Rout { whose, .. }, Action::Pick { target }) => format!(
                "rout {} {}",
                other(whose.roles(step.role)[0]),
                self.card_target_name(target)
            ),
            (Effect::Destroy { .. } | Effect::Handler { .. }, Action::Pick { target }) => {
                let r = match &step.effect {
                    Effect::Destroy { whose, .. } => whose.roles(step.role)[0],
                    _ => step.role.other(),
                };
                format!("destroy {} {}", other(r), self.card_target_name(target))
            }
            (Effect::Rally, Action::Pick { target }) => {
                format!("rally a {}", self.card_target_name(target))
            }
            (Effect::Replace { to, .. }, Action::Pick { target }) => {
                format!(
                    "replace a {} with a free {to}",
                    self.card_target_name(target)
                )
            }
            (Effect::LoseDie { whose, .. }, Action::Die { face }) => format!(
                "{} loses {} die",
                name_of(whose.roles(step.role)[0]),
                a_face(face)
            ),
            (Effect::Reroll { whose, .. }, Action::Die { face }) => format!(
                "{} rerolls {} die",
                name_of(whose.roles(step.role)[0]),
                a_face(face)
            ),
            (Effect::AmbushSave { .. }, Action::Die { .. }) => {
                "spend a morale die to save the routed unit".into()
            }
            (Effect::AmbushSave { .. }, Action::Done) => "let the routed unit be destroyed".into(),
            (Effect::SaveOrDestroy { .. }, Action::Done) => "let the unit be destroyed".into(),
            (Effect::SpendEach { .. } | Effect::Convert { .. }, Action::Done) => "stop here".into(),
            (Effect::Optional { .. }, Action::Done) => "decline".into(),
            (_, Action::Die { face }) => format!("spend {} die", a_face(face)),
            (_, Action::Convert { from, to }) => {
                format!("turn {} die to {}", a_face(from), face_key(to))
            }
            (Effect::DiscardFaceUp { whose }, Action::Discard { card }) => {
                let r = whose.roles(step.role)[0];
                let name = distinct(&c.side(r).played)
                    .get(usize::from(card).wrapping_sub(1))
                    .map_or_else(String::new, |s| (*s).clone());
                format!("discard {} face-up {name}", other(r))
            }
            (Effect::Farsight, Action::Area { area }) => {
                format!("take your units out of the combat to {area}")
            }
            (_, Action::Area { area }) => format!("place the free unit at {area}"),
            (Effect::RazeHere, Action::Raze { area, kind }) => {
                format!("destroy the {kind} on {area}")
            }
            (Effect::Retreat, Action::MoveUnits { to, unit, .. }) => {
                format!("retreat a {} to {to}", self.data.unit(unit).name)
            }
            (_, Action::MoveUnits { from, to, unit, .. }) => {
                format!("move a {} from {from} to {to}", self.data.unit(unit).name)
            }
            (Effect::ExtraCard, Action::PlayCard { card }) => {
                let name = c
                    .side(step.role)
                    .hand
                    .get(usize::from(card).wrapping_sub(1))?;
                format!("add the icons of {name}")
            }
            _ => return None,
        })
    }
}

fn unrouted(filter: &Filter) -> Filter {
    Filter {
        routed: Some(false),
        ..filter.clone()
    }
}

fn remove_die(c: &mut CombatState, role: CombatRole, face: DieFace) {
    let dice = &mut c.side_mut(role).dice;
    if let Some(i) = dice.iter().position(|d| *d == face) {
        dice.remove(i);
    }
}
