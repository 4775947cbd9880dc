//! What a combat card needs and whether its effects can do anything now: the unit requisite,
//! conditions and counts its effects name, and the test that skips an effect with nothing to
//! act on.

use super::{faces_present, steps, unrouted};
use crate::engine::rules::Game;
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::CombatState;
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::effect::{
    Cond, Effect, Filter, Handler, Modifier, Per, PlaceAt, Step, Whose,
};
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// Whether a side meets a card's unit requisite: an unrouted listed unit (a reinforcement
    /// token counts as the area's command level 0 unit) or, where named, a bastion.
    pub(super) fn card_requisite(&self, c: &CombatState, role: CombatRole, card: &str) -> bool {
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

    pub(super) fn card_has_lasting(c: &CombatState, role: CombatRole, m: Modifier) -> bool {
        c.side(role).lasting.iter().any(|l| l.modifier == m)
    }

    pub(super) fn card_face_count(c: &CombatState, role: CombatRole, face: DieFace) -> usize {
        c.side(role).dice.iter().filter(|d| **d == face).count()
    }

    /// The pieces of a side in the combat that match a filter (distinct choices).
    pub(super) fn card_pieces(
        &self,
        c: &CombatState,
        role: CombatRole,
        filter: &Filter,
    ) -> Vec<DamageTarget> {
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

    pub(super) fn card_unrouted_units(&self, c: &CombatState, role: CombatRole) -> usize {
        let f = Self::side_faction(c, role);
        self.pos
            .area(c.area)
            .units
            .iter()
            .filter(|u| u.owner() == f && !u.routed)
            .count()
            + c.side(role).reinforcements.iter().filter(|r| !**r).count()
    }

    pub(super) fn card_count_per(&self, c: &CombatState, role: CombatRole, per: &Per) -> u8 {
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

    pub(super) fn card_holds(&self, c: &CombatState, role: CombatRole, cond: Cond) -> bool {
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
    pub(super) fn card_feasible(&self, c: &CombatState, list: &[Step]) -> bool {
        let mut any = false;
        let mut only_costs = !list.is_empty();
        for s in list {
            match s.effect.as_ref() {
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

    pub(super) fn card_useful(&self, c: &CombatState, role: CombatRole, e: &Effect) -> bool {
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
                .card_step_options(c, role, e)
                .is_none_or(|o| !o.is_empty()),
        }
    }
}
