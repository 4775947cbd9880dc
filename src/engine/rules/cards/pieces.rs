//! What effects do to the pieces and dice of a combat (Rules Reference: Gaining and Losing,
//! Rout and Rally, Free Units): gain tokens and dice, rout, destroy, remove or move a piece.

use super::{GITZ_DEM, target_piece};
use crate::engine::rules::Dice;
use crate::engine::rules::{Event, Game};
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::CombatState;
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::effect::{Effect, Modifier, Pending, Piece, Step};
use crate::engine::state::ids::AreaId;
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// Gains combat tokens, unless the opponent forbids defence tokens; an opponent with
    /// Weirdboyz gains the same, unless he is the one forbidden them ("cannot" is absolute: a
    /// mirrored gain is a gain).
    pub(super) fn gain_tokens(
        c: &mut CombatState,
        role: CombatRole,
        o: u8,
        d: u8,
        log: &mut Vec<Event>,
    ) {
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
            log.push(Event::TokensGained {
                faction: Self::side_faction(c, role),
                offence: o,
                defence: d_own,
            });
        }
        // Weirdboyz copies what the opponent gains, as far as he himself may gain it.
        if Self::card_has_lasting(c, role.other(), Modifier::MirrorTokens) {
            let d_mirror = allowed(c, role.other(), d_own);
            if o > 0 || d_mirror > 0 {
                let s = c.side_mut(role.other());
                s.offence_tokens = s.offence_tokens.saturating_add(o);
                s.defence_tokens = s.defence_tokens.saturating_add(d_mirror);
                log.push(Event::TokensMirrored {
                    faction: Self::side_faction(c, role.other()),
                    offence: o,
                    defence: d_mirror,
                    same: d_mirror == d_own,
                });
            }
        }
    }

    /// Gains dice showing a face, or rolled, up to the dice limit.
    pub(super) fn card_gain_dice(
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
        log.push(Event::DiceGained {
            faction: Self::side_faction(c, role),
            dice: Dice::of(&new),
        });
        c.side_mut(role).dice.extend(new);
    }

    pub(super) fn card_target_name(&self, t: DamageTarget) -> String {
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

    pub(super) fn card_set_routed(
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
            log.push(Event::RoutPrevented { faction: f });
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
        log.push(Event::Routed {
            faction: f,
            target: unrouted,
        });
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
                todo: vec![Step::new(role, Effect::AmbushSave { piece })],
            });
        }
        if self
            .seat_of(Self::side_faction(c, role.other()))
            .is_some_and(|s| self.has_scheme(s, &GITZ_DEM))
        {
            out.push(Pending {
                card: GITZ_DEM,
                owner: role.other(),
                unit: false,
                accepted: false,
                must: false,
                scheme: true,
                todo: vec![Step::new(role.other(), Effect::DestroyPiece { piece })],
            });
        }
        out
    }

    pub(super) fn card_remove_piece(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        t: DamageTarget,
    ) {
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

    pub(super) fn card_destroy_piece(
        &mut self,
        c: &mut CombatState,
        role: CombatRole,
        t: DamageTarget,
        log: &mut Vec<Event>,
    ) {
        self.card_remove_piece(c, role, t);
        log.push(Event::Destroyed {
            faction: Self::side_faction(c, role),
            target: t,
        });
    }

    /// Moves one unit of a side out of the combat (a retreat routs it unless it cannot be
    /// routed this round).
    pub(super) fn card_move_one(
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
        log.push(Event::CardMoved {
            faction: f,
            retreat,
            unit,
            to,
        });
    }
}
