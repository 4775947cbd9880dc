//! Carrying out one effect of a combat card with the choice made for it (Rules Reference:
//! Combat Card Resolution): one arm per `Effect` primitive.

use super::{Out, distinct, piece_target, remove_die, steps, unrouted};
use crate::engine::rules::Dice;
use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::combat_state::CombatState;
use crate::engine::state::effect::{Effect, Lasting, Modifier, Per, PlaceAt, RerollCount, Step};
use crate::engine::state::position::Unit;

impl Game {
    #[allow(clippy::too_many_lines)]
    pub(super) fn card_effect(
        &mut self,
        c: &mut CombatState,
        card: &CardName,
        step: Step,
        action: Option<Action>,
        out: &mut Out,
        log: &mut Vec<Event>,
    ) {
        let role = step.role;
        let done = matches!(action, Some(Action::Done));
        match std::sync::Arc::unwrap_or_clone(step.effect) {
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
                log.push(Event::TokensLost {
                    faction: Self::side_faction(c, role.other()),
                    offence,
                    defence,
                });
            }
            Effect::Die { face, count } => self.card_gain_dice(c, role, face, count, log),
            Effect::LoseDie { whose, .. } => {
                if let Some(Action::Die { face }) = action {
                    let r = whose.roles(role)[0];
                    remove_die(c, r, face);
                    log.push(Event::DieLost {
                        faction: Self::side_faction(c, r),
                        face,
                    });
                }
            }
            Effect::Spend { .. } => {
                if let Some(Action::Die { face }) = action {
                    remove_die(c, role, face);
                    log.push(Event::DieSpent {
                        faction: Self::side_faction(c, role),
                        face,
                    });
                }
            }
            Effect::SpendEach { face, each } => {
                if let Some(Action::Die { face: f }) = action {
                    remove_die(c, role, f);
                    log.push(Event::DieSpent {
                        faction: Self::side_faction(c, role),
                        face: f,
                    });
                    out.next = steps(role, &each);
                    out.next
                        .push(Step::new(role, Effect::SpendEach { face, each }));
                }
            }
            Effect::Convert { from, to, up_to } => {
                if let Some(Action::Convert { from: a, to: b }) = action {
                    if let Some(d) = c.side_mut(role).dice.iter_mut().find(|d| **d == a) {
                        *d = b;
                    }
                    log.push(Event::DieTurned {
                        faction: Self::side_faction(c, role),
                        from: a,
                        to: b,
                    });
                    out.next.push(Step::new(
                        role,
                        Effect::Convert {
                            from,
                            to,
                            up_to: up_to.saturating_sub(1),
                        },
                    ));
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
                        log.push(Event::Rerolled {
                            faction: Self::side_faction(c, r),
                            count: idx.len(),
                            face: picked,
                            now: Dice::of(&c.side(r).dice),
                        });
                    }
                }
            }
            Effect::Choose { options } => {
                // With one feasible option nobody was asked (`card_advance` applies it at
                // once): its effects log what happened, and no choice is written.
                let feasible = options
                    .iter()
                    .filter(|o| self.card_feasible(c, &steps(role, &o.effects)))
                    .count();
                if let Some(Action::Choose { option }) = action
                    && let Some(o) = options.get(usize::from(option).wrapping_sub(1))
                {
                    if feasible > 1 {
                        log.push(Event::OptionChosen {
                            faction: Self::side_faction(c, role),
                            opponent: Self::side_faction(c, role.other()),
                            label: o.label.clone(),
                        });
                    }
                    out.next = steps(role, &o.effects);
                }
            }
            Effect::Optional { label, effects } => {
                if action == Some(Action::UseAbility) {
                    log.push(Event::OptionalTaken {
                        faction: Self::side_faction(c, role),
                        opponent: Self::side_faction(c, role.other()),
                        label: label.clone(),
                    });
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
                    log.push(Event::Rallied {
                        faction: Self::side_faction(c, role),
                        target,
                    });
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
                log.push(Event::RalliedAll {
                    faction: Self::side_faction(c, role),
                });
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
                    log.push(Event::FreeUnitPlaced {
                        faction: Self::side_faction(c, role),
                        unit: t,
                        area,
                    });
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
                    log.push(Event::FreeReinforcement {
                        faction: Self::side_faction(c, role),
                    });
                } else {
                    log.push(Event::NoReinforcementLeft {
                        faction: Self::side_faction(c, role),
                    });
                }
            }
            Effect::Replace { to, .. } => {
                if let Some(Action::Pick { target }) = action {
                    self.card_remove_piece(c, role, target);
                    self.pos.area_mut(c.area).units.push(Unit::new(to));
                    c.note_placed(role, to);
                    log.push(Event::Replaced {
                        faction: Self::side_faction(c, role),
                        target,
                        to,
                    });
                }
            }
            Effect::MoveIn { .. } => {
                if let Some(Action::MoveUnits { from, to, unit, .. }) = action {
                    let units = &mut self.pos.area_mut(from).units;
                    if let Some(i) = units.iter().position(|u| u.unit == unit && !u.routed) {
                        let u = units.remove(i);
                        self.pos.area_mut(to).units.push(u);
                        c.note_placed(role, unit);
                        log.push(Event::BroughtIn {
                            faction: Self::side_faction(c, role),
                            unit,
                            from,
                        });
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
                    if c.next_combat.is_none() && self.pos.area(to).factions().has_other_than(f) {
                        c.next_combat = Some(crate::engine::state::combat_state::NextCombat {
                            area: to,
                            attacker: f,
                        });
                        log.push(Event::MovedIntoEnemy {
                            faction: Self::side_faction(c, role),
                            to,
                        });
                    }
                    out.next
                        .push(Step::new(role, Effect::WaveSerpentMoving { to: Some(to) }));
                }
            }
            Effect::LookAtCard => {
                c.side_mut(role).saw_card = true;
                log.push(Event::PeekedCard {
                    faction: Self::side_faction(c, role),
                    opponent: Self::side_faction(c, role.other()),
                });
            }
            Effect::Lasting { modifier } => {
                c.side_mut(role).lasting.push(Lasting {
                    card: card.clone(),
                    modifier,
                });
            }
            Effect::DiscardFaceUp { whose } => {
                if let Some(Action::Discard { card: i }) = action {
                    let r = whose.roles(role)[0];
                    let name = distinct(&c.side(r).played)
                        .get(usize::from(i).wrapping_sub(1))
                        .map(|&s| s.clone());
                    if let Some(name) = name
                        && let Some(card) = Self::discard_face_up(c, r, &name, log)
                    {
                        self.discard_into_deck(c, r, card);
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
                        log.push(Event::HandDiscarded {
                            faction: Self::side_faction(c, r),
                            card: name.clone(),
                        });
                        self.discard_into_deck(c, r, name);
                    }
                }
            }
            Effect::DrawCard => {
                if let Some(seat) = self.seat_of(Self::side_faction(c, role))
                    && let Some(name) = self.player_mut(seat).combat_deck.pop()
                {
                    c.side_mut(role).hand.push(name);
                    log.push(Event::CombatCardDrawn {
                        faction: Self::side_faction(c, role),
                    });
                }
            }
            Effect::ExtraCard => {
                if let Some(Action::PlayCard { card: i }) = action {
                    let s = c.side_mut(role);
                    if usize::from(i) >= 1 && usize::from(i) <= s.hand.len() {
                        let name = s.hand.remove(usize::from(i) - 1);
                        log.push(Event::IconsAdded {
                            faction: Self::side_faction(c, role),
                            card: name.clone(),
                        });
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
                    log.push(Event::DeckDiscarded {
                        faction: Self::side_faction(c, other),
                        card: name.clone(),
                        gainer: Self::side_faction(c, role),
                    });
                    self.discard_into_deck(c, other, name);
                    c.side_mut(role).lasting.push(Lasting {
                        card: card.clone(),
                        modifier: Modifier::Icons {
                            offence: icons.offence,
                            defence: icons.defence,
                            morale: icons.morale,
                        },
                    });
                }
            }
            Effect::Handler { name } => self.card_handler(c, role, name, action, out, log),
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
                    log.push(Event::TakenOut {
                        faction: Self::side_faction(c, role),
                        count: n,
                        area,
                        tokens,
                    });
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
                        log.push(Event::Razed {
                            faction: f,
                            owner: s.owner,
                            kind,
                            area,
                        });
                    }
                }
            }
            Effect::AmbushSave { piece } => {
                if let Some(Action::Die { face }) = action {
                    remove_die(c, role, face);
                    log.push(Event::AmbushSaved {
                        faction: Self::side_faction(c, role),
                    });
                } else {
                    log.push(Event::AmbushDestroyed {
                        faction: Self::side_faction(c, role),
                    });
                    self.card_remove_piece(c, role, piece_target(piece));
                }
            }
            Effect::SaveOrDestroy { piece, dice } => {
                if dice == 0 {
                    log.push(Event::SavedFree {
                        faction: Self::side_faction(c, role),
                    });
                } else if let Some(Action::Die { face }) = action {
                    remove_die(c, role, face);
                    if dice > 1 {
                        out.next.push(Step::new(
                            role,
                            Effect::SaveOrDestroy {
                                piece,
                                dice: dice - 1,
                            },
                        ));
                    } else {
                        log.push(Event::SavedBySpending {
                            faction: Self::side_faction(c, role),
                        });
                    }
                } else if done || action.is_none() {
                    self.card_destroy_piece(c, role, piece_target(piece), log);
                }
            }
        }
    }
}
