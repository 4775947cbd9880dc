//! Combat card choices in words, for the player choosing them.

use super::distinct;
use crate::engine::rules::{Action, Game};
use crate::engine::state::action::{a_face, face_key};
use crate::engine::state::die::CombatRole;
use crate::engine::state::effect::Effect;

impl Game {
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
        Some(match (step.effect.as_ref(), action) {
            (Effect::Choose { options }, Action::Choose { option }) => options
                .get(usize::from(option).wrapping_sub(1))
                .map_or_else(|| action.to_string(), |o| o.label.to_string()),
            (Effect::Optional { label, .. }, Action::UseAbility) => label.to_string(),
            (Effect::Rout { whose, .. }, Action::Pick { target }) => format!(
                "rout {} {}",
                other(whose.roles(step.role)[0]),
                self.card_target_name(target)
            ),
            (Effect::Destroy { .. } | Effect::Handler { .. }, Action::Pick { target }) => {
                let r = match step.effect.as_ref() {
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
                    .map_or_else(String::new, |s| (*s).to_string());
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
