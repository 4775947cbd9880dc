//! Schemes (Rules Reference, "Event Cards"): those used instead of revealing an order in the
//! Operations Phase (unofficial FAQ), Through the Warp, Prayer to the Dark Gods when a warp
//! storm moves, and Outmanoeuvre when the Planning Phase ends. Schemes used in a combat are the
//! combat card interpreter's (`cards/`), in an orbital strike `upgrades/strike_cards.rs`'s.

use super::{INSTEAD, OUTMANOEUVRE, PRAYER};
use crate::engine::data::StormIcon;
use crate::engine::rules::{Action, Event, Game};
use crate::engine::state::card_name::CardName;
use crate::engine::state::card_step::CardStep;
use crate::engine::state::ids::{AreaId, EdgeId, Seat, SystemId};
use crate::engine::state::phase::{AdvanceStep, OpStep, Phase};

impl Game {
    /// The scheme the seat could use instead of revealing, if any has something to act on.
    pub(super) fn instead_scheme(&self, seat: Seat) -> Option<CardName> {
        if !self.has_own_top_token(seat) {
            return None;
        }
        let card = self
            .player(seat)
            .schemes
            .iter()
            .find(|s| INSTEAD.contains(&s.as_str()))?
            .clone();
        let mut out = Vec::new();
        self.scheme_actions(seat, &card, None, None, &mut out);
        (!out.is_empty()).then_some(card)
    }

    pub(crate) fn scheme_reveal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.instead_scheme(seat).is_some() {
            out.push(Action::UseEvent);
        }
    }

    pub(crate) fn apply_scheme_instead(&mut self, seat: Seat, log: &mut Vec<Event>) {
        let Some(card) = self.instead_scheme(seat) else {
            return;
        };
        self.discard_scheme(seat, &card, log);
        log.push(Event::SchemeInstead {
            faction: self.faction(seat),
            card: card.clone(),
        });
        self.set_phase(Phase::Operations {
            turn: seat,
            step: OpStep::Card(Box::new(CardStep::Scheme {
                card,
                from: None,
                to: None,
            })),
        });
    }

    pub(crate) fn scheme_actions(
        &self,
        seat: Seat,
        card: &str,
        from: Option<AreaId>,
        to: Option<AreaId>,
        out: &mut Vec<Action>,
    ) {
        let f = self.faction(seat);
        match card {
            "Unwavering Resolve" => {
                let mut systems: Vec<SystemId> = self
                    .pos
                    .areas
                    .iter()
                    .filter(|(_, a)| a.units.iter().any(|u| u.owner() == f && u.routed))
                    .map(|(id, _)| id.system)
                    .collect();
                systems.dedup();
                out.extend(systems.into_iter().map(|system| Action::System { system }));
            }
            "Mob Up!" => {
                for system in self.board.systems() {
                    let n: usize = self
                        .board
                        .areas_of(system)
                        .map(|a| self.pos.area(a.id).count_units(f))
                        .sum();
                    if n >= 2 {
                        out.push(Action::System { system });
                    }
                }
            }
            "Blight of Nurgle" => {
                for system in self.board.systems() {
                    if !self
                        .board
                        .areas_of(system)
                        .any(|a| self.pos.area(a.id).count_units(f) > 0)
                    {
                        continue;
                    }
                    for a in self.board.areas_of(system) {
                        let types = self
                            .pos
                            .area(a.id)
                            .unit_types(|u| u.owner() != f && !u.routed);
                        out.extend(
                            types
                                .into_iter()
                                .map(|unit| Action::Rout { area: a.id, unit }),
                        );
                    }
                }
            }
            "Warp Gate" => {
                for a in self.board.areas() {
                    if from.is_some_and(|x| x != a.id) {
                        continue;
                    }
                    let types = self
                        .pos
                        .area(a.id)
                        .unit_types(|u| u.owner() == f && !u.routed);
                    for unit in types {
                        let n = self
                            .pos
                            .area(a.id)
                            .units
                            .iter()
                            .filter(|u| u.unit == unit && !u.routed)
                            .count();
                        let ship = self.is_ship(unit);
                        for b in self.board.areas() {
                            let ok = b.id != a.id
                                && b.is_world() != ship
                                && to.is_none_or(|t| t == b.id)
                                && self.pos.area(b.id).factions().only(f);
                            if ok {
                                for count in 1..=u8::try_from(n).unwrap_or(0) {
                                    out.push(Action::MoveUnits {
                                        from: a.id,
                                        to: b.id,
                                        unit,
                                        count,
                                    });
                                }
                            }
                        }
                    }
                }
                if from.is_some() {
                    out.push(Action::Done);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn apply_scheme(
        &mut self,
        seat: Seat,
        card: &CardName,
        _from: Option<AreaId>,
        to: Option<AreaId>,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let f = self.faction(seat);
        match action {
            Action::System { system } if card == "Unwavering Resolve" => {
                let areas: Vec<AreaId> = self.board.areas_of(system).map(|a| a.id).collect();
                for a in areas {
                    for u in self
                        .pos
                        .area_mut(a)
                        .units
                        .iter_mut()
                        .filter(|u| u.owner() == f)
                    {
                        u.routed = false;
                    }
                }
                log.push(Event::RalliedSystem {
                    faction: f,
                    system,
                    card: card.into(),
                });
            }
            Action::System { system } => {
                // Mob Up!: an Advance order with no token.
                self.pos.cards.no_token = true;
                log.push(Event::AdvanceNoToken {
                    faction: f,
                    system,
                    card: card.into(),
                });
                self.set_phase(Phase::Operations {
                    turn: seat,
                    step: OpStep::Advance(AdvanceStep::new(system)),
                });
                return;
            }
            Action::Rout { area, unit } => {
                if let Some(u) = self
                    .pos
                    .area_mut(area)
                    .units
                    .iter_mut()
                    .find(|u| u.unit == unit && !u.routed)
                {
                    u.routed = true;
                }
                log.push(Event::SchemeRouted {
                    faction: f,
                    unit,
                    area,
                    card: card.into(),
                });
            }
            Action::MoveUnits {
                from,
                to,
                unit,
                count,
            } => {
                self.move_one(from, to, unit, count);
                log.push(Event::SchemeMoved {
                    faction: f,
                    count,
                    unit,
                    from,
                    to,
                    card: card.into(),
                });
                self.set_phase(Phase::Operations {
                    turn: seat,
                    step: OpStep::Card(Box::new(CardStep::Scheme {
                        card: card.into(),
                        from: Some(from),
                        to: Some(to),
                    })),
                });
                return;
            }
            _ => {}
        }
        if let Some(to) = to {
            // Warp Gate may crowd an area: capacity is checked as after an order.
            self.set_phase(Phase::Operations {
                turn: seat,
                step: OpStep::Capacity { system: to.system },
            });
        } else {
            self.finish_turn(seat, log);
        }
    }

    /// Through the Warp: offered while the ships of an Advance move.
    pub(crate) fn through_the_warp_ready(&self, seat: Seat) -> bool {
        self.has_scheme(seat, "Through the Warp") && !self.pos.cards.ground_cross_storms
    }

    pub(crate) fn use_through_the_warp(&mut self, seat: Seat, log: &mut Vec<Event>) {
        self.discard_scheme(seat, &CardName::fixed("Through the Warp"), log);
        self.pos.cards.ships_cross_storms = true;
        self.pos.cards.ground_cross_storms = true;
    }

    /// The seat that may cancel the storm move `from` -> `to` with Prayer to the Dark Gods.
    pub(crate) fn prayer_holder(&self, from: EdgeId, to: EdgeId) -> Option<Seat> {
        let mut moves = Vec::new();
        self.prayer_actions(from, to, &mut moves);
        if moves.len() <= 1 {
            return None;
        }
        self.seats()
            .find(|&s| self.is_active(s) && self.has_scheme(s, PRAYER))
    }

    /// The storm, back on `from`, moves one step in any direction (any storm icon) to a free
    /// edge other than `to`; `done` keeps the scheme.
    pub(crate) fn prayer_actions(&self, from: EdgeId, to: EdgeId, out: &mut Vec<Action>) {
        for icon in [
            StormIcon::Across,
            StormIcon::Sideways,
            StormIcon::DiagonalTlBr,
            StormIcon::DiagonalTrBl,
        ] {
            for dest in crate::engine::rules::storms::storm_destinations(from, icon)
                .into_iter()
                .flatten()
            {
                let action = Action::MoveStorm { from, to: dest };
                if dest != to
                    && self.board.has_edge(dest)
                    && !self.pos.storm_at(dest)
                    && !out.contains(&action)
                {
                    out.push(action);
                }
            }
        }
        out.push(Action::Done);
    }

    pub(crate) fn apply_prayer(
        &mut self,
        holder: Seat,
        to: EdgeId,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let Action::MoveStorm { from, to: dest } = action else {
            return;
        };
        self.discard_scheme(holder, &CardName::fixed(PRAYER), log);
        if let Some(s) = self.pos.storms.iter_mut().find(|s| s.edge == to) {
            s.edge = dest;
        }
        log.push(Event::PrayerMoved {
            faction: self.faction(holder),
            to,
            from,
            dest,
        });
    }

    /// The seat holding Outmanoeuvre with an order token in a stack of two or more.
    pub(crate) fn outmanoeuvre_seat(&self) -> Option<Seat> {
        self.seats().find(|&s| {
            let f = self.faction(s);
            self.is_active(s)
                && self.has_scheme(s, OUTMANOEUVRE)
                && self
                    .pos
                    .stacks
                    .values()
                    .any(|st| st.len() > 1 && st.iter().any(|t| t.owner == f))
        })
    }

    pub(crate) fn outmanoeuvre_actions(
        &self,
        seat: Seat,
        system: Option<SystemId>,
        token: Option<u8>,
        out: &mut Vec<Action>,
    ) {
        let f = self.faction(seat);
        match (system, token) {
            (None, _) => {
                for (&system, st) in &self.pos.stacks {
                    if st.len() > 1 && st.iter().any(|t| t.owner == f) {
                        out.push(Action::System { system });
                    }
                }
                out.push(Action::Done);
            }
            (Some(system), None) => {
                let st = self.pos.stacks.get(&system).map_or(&[][..], Vec::as_slice);
                out.extend(
                    st.iter()
                        .enumerate()
                        .filter(|(_, t)| t.owner == f)
                        .filter_map(|(i, _)| u8::try_from(i + 1).ok())
                        .map(|option| Action::Choose { option }),
                );
            }
            // 1: to the top; 2: to the bottom.
            (Some(_), Some(_)) => {
                out.extend([Action::Choose { option: 1 }, Action::Choose { option: 2 }]);
            }
        }
    }

    pub(crate) fn apply_outmanoeuvre(
        &mut self,
        seat: Seat,
        system: Option<SystemId>,
        token: Option<u8>,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        let step = match (system, token, action) {
            (None, _, Action::System { system }) => {
                self.discard_scheme(seat, &CardName::fixed(OUTMANOEUVRE), log);
                CardStep::Outmanoeuvre {
                    system: Some(system),
                    token: None,
                }
            }
            (Some(system), None, Action::Choose { option }) => CardStep::Outmanoeuvre {
                system: Some(system),
                token: Some(option),
            },
            (Some(system), Some(i), Action::Choose { option }) => {
                if let Some(st) = self.pos.stacks.get_mut(&system)
                    && let Some(t) = usize::from(i).checked_sub(1).filter(|&i| i < st.len())
                {
                    let placed = st.remove(t);
                    if option == 1 {
                        st.push(placed);
                    } else {
                        st.insert(0, placed);
                    }
                    log.push(Event::Outmanoeuvred {
                        faction: self.faction(seat),
                        top: option == 1,
                        system,
                    });
                }
                self.begin_operations(log);
                return;
            }
            _ => {
                self.begin_operations(log);
                return;
            }
        };
        self.set_phase(Phase::Operations {
            turn: seat,
            step: OpStep::Card(Box::new(step)),
        });
    }
}
