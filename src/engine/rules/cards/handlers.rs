//! Combat cards whose ability no effect primitive expresses, each by its own code (see
//! `Handler`): Smasher Gargant (Orks) and Wave Serpent (Eldar). Wave Serpent's moves, once
//! started, are the `WaveSerpentMoving` effect (`effects.rs`, `options.rs`).

use super::{Out, target_piece};
use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::action::DamageTarget;
use crate::engine::state::combat_state::CombatState;
use crate::engine::state::die::CombatRole;
use crate::engine::state::effect::{Effect, Handler, Step};
use crate::engine::state::ids::AreaId;

impl Game {
    /// Carries out a named handler with the choice made for it.
    pub(super) fn card_handler(
        &self,
        c: &CombatState,
        role: CombatRole,
        name: Handler,
        action: Option<Action>,
        out: &mut Out,
        log: &mut Vec<Event>,
    ) {
        match name {
            Handler::SmasherGargant => {
                if let Some(Action::Pick { target }) = action {
                    let level = match target {
                        DamageTarget::Unit { unit, .. } => self.data.unit(unit).level,
                        _ => 0,
                    };
                    log.push(Event::SaveOrDestroyPicked {
                        faction: Self::side_faction(c, role),
                        target,
                        dice: level,
                    });
                    out.next.push(Step::new(
                        role.other(),
                        Effect::SaveOrDestroy {
                            piece: target_piece(target),
                            dice: level,
                        },
                    ));
                }
            }
            Handler::WaveSerpent => out
                .next
                .push(Step::new(role, Effect::WaveSerpentMoving { to: None })),
        }
    }

    /// Areas Wave Serpent may move units to: adjacent ones of the contested area's kind, not
    /// across a warp storm, friendly, uncontrolled or enemy (a new combat follows there); only
    /// one new contested area per combat however many copies are played (Card
    /// Clarifications).
    pub(super) fn card_serpent_areas(&self, c: &CombatState, role: CombatRole) -> Vec<AreaId> {
        let f = Self::side_faction(c, role);
        self.card_neighbours(c.area)
            .filter(|&a| {
                let s = self.pos.area(a);
                let enemy = s.factions().has_other_than(f);
                !enemy || c.next_combat.is_none_or(|n| n.area == a)
            })
            .collect()
    }
}
