//! The combat card interpreter (Rules Reference: Combat Card Resolution, Gaining and Losing,
//! Rout and Rally, Retreats, Free Units, Reinforcement Tokens). A revealed card queues its
//! general ability, then its unit ability, as `Pending` effects in the combat state; effects
//! that need nobody's choice resolve at once, the others pause the engine as a decision for the
//! side that chooses. Every ability is optional (`use` / `done`) unless it says "must".
//!
//! Cards are data: most have no code of their own, only effects (`state::effect`) this
//! interpreter runs. Its parts: `conditions.rs` (requisites, whether an effect can act),
//! `options.rs` (the choices an effect offers), `effects.rs` (carrying one out), `pieces.rs`
//! (gaining, routing, destroying, moving), `words.rs` (choices in words) and `handlers.rs`
//! (the cards no primitive expresses, by name).

mod conditions;
mod effects;
mod handlers;
mod options;
mod pieces;
mod words;

use super::{Action, DecisionKind, Event, Game};
use crate::engine::data::CombatCardData;
use crate::engine::state::action::DamageTarget;
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::{CombatState, CombatStep};
use crate::engine::state::die::{CombatRole, DieFace};
use crate::engine::state::effect::{Effect, Filter, Pending, Piece, Step, Whose};

const FACES: [DieFace; 3] = [DieFace::Offence, DieFace::Defence, DieFace::Morale];

const GITZ_DEM: CardName = CardName::fixed("Gitz Dem!");

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
    effects.iter().map(|e| Step::new(role, e.clone())).collect()
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

use super::distinct_cards as distinct;

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
                Some(s) if matches!(s.effect.as_ref(), Effect::AmbushSave { .. }) => {
                    DecisionKind::AmbushSave
                }
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
        log.push(Event::CardPlayed {
            faction: Self::side_faction(c, role),
            card: name.clone(),
        });
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
        if let Some(o) = self.card_step_options(c, step.role, &step.effect) {
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
            match self.card_step_options(c, step.role, &step.effect) {
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
                log.push(Event::SchemeUsed {
                    faction: f,
                    card: card.clone(),
                });
            } else {
                c.pending.remove(0);
                log.push(Event::SchemeDeclined {
                    faction: f,
                    card: card.clone(),
                });
            }
            return;
        }
        if !p.accepted {
            let who = Self::side_faction(c, p.owner);
            let unit = p.unit;
            let card = p.card.clone();
            if action == Action::UseAbility {
                c.pending[0].accepted = true;
                log.push(Event::AbilityResolved {
                    faction: who,
                    unit,
                    card: card.clone(),
                });
            } else {
                c.pending.remove(0);
                log.push(Event::AbilityDeclined {
                    faction: who,
                    unit,
                    card: card.clone(),
                });
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
                        card: CardName::fixed(name),
                        owner: role,
                        unit: false,
                        accepted: false,
                        must: false,
                        scheme: true,
                        todo: vec![Step::new(role, effect)],
                    });
                }
            }
        }
    }

    /// Takes the face-up card `name` of `role` out of play with its effects; returns it, for
    /// the caller to shuffle into its deck (Discarding Cards).
    fn discard_face_up(
        c: &mut CombatState,
        role: CombatRole,
        name: &CardName,
        log: &mut Vec<Event>,
    ) -> Option<CardName> {
        let s = c.side_mut(role);
        let card = s
            .played
            .iter()
            .rposition(|n| n == name.as_str())
            .map(|i| s.played.remove(i));
        if let Some(i) = s.lasting.iter().position(|l| l.card == *name) {
            s.lasting.remove(i);
        }
        c.pending.retain(|p| !(p.owner == role && p.card == *name));
        log.push(Event::FaceUpDiscarded {
            faction: Self::side_faction(c, role),
            card: name.clone(),
        });
        card
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
