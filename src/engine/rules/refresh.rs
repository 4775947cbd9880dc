//! Refresh Phase: collect objectives, materiel, rally, then each player's events and warp
//! storm move, capacity, and the end of the round.

use super::{Action, Event, Game, RuleError};
use crate::engine::data::EventKind;
use crate::engine::rules::AssetSource;
use crate::engine::rules::storms::storm_destinations;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Asset, EdgeId, Seat};
use crate::engine::state::phase::{EndReason, Phase, RefreshStep};
use crate::engine::state::rule::Rule;

impl Game {
    /// Steps 1-3 (all players at once), then the first player's events.
    pub(super) fn start_refresh(&mut self, log: &mut Vec<Event>) {
        // 1. Objectives on friendly worlds go to their owners.
        for seat in self.seats().collect::<Vec<_>>() {
            if !self.is_active(seat) {
                continue;
            }
            let faction = self.faction(seat);
            let worlds: Vec<_> = self.friendly_worlds(faction).collect();
            let mut gained = 0u8;
            for w in worlds {
                let objectives = &mut self.pos.area_mut(w).objectives;
                let before = objectives.len();
                objectives.retain(|f| *f != faction);
                gained += u8::try_from(before - objectives.len()).unwrap_or(0);
            }
            if gained > 0 {
                self.player_mut(seat).objectives += gained;
                log.push(Event::ObjectivesCollected {
                    faction,
                    count: gained,
                });
            }
        }
        let needed = usize::from(u8::try_from(self.player_count()).unwrap_or(u8::MAX));
        let reached: Vec<Seat> = self
            .seats()
            .filter(|&s| self.is_active(s) && usize::from(self.player(s).objectives) >= needed)
            .collect();
        if !reached.is_empty() {
            let winners = self.break_ties(reached);
            self.end_game(winners, EndReason::Objectives, log);
            return;
        }
        // 2. Materiel from friendly worlds, up to the dial's limit.
        let max = self.data.components.max_materiel;
        for seat in self.seats().collect::<Vec<_>>() {
            if !self.is_active(seat) {
                continue;
            }
            let faction = self.faction(seat);
            let income: u32 = self
                .friendly_worlds(faction)
                .filter_map(|a| {
                    self.board
                        .area(a)
                        .and_then(|x| x.world())
                        .map(|w| u32::from(w.materiel))
                })
                .sum();
            let p = self.player_mut(seat);
            let before = u32::from(p.materiel);
            let total = (before + income).min(u32::from(max));
            p.materiel = u8::try_from(total).unwrap_or(max);
            // The log says what was kept: the dial stops at its maximum (Materiel).
            let kept = total - before;
            log.push(Event::MaterielCollected {
                faction,
                kept,
                income,
                max,
            });
        }
        // 3. Every routed unit rallies.
        for area in self.pos.areas.values_mut() {
            for u in &mut area.units {
                u.routed = false;
            }
        }
        // 4. Events and warp storms, from the first player.
        for s in &mut self.pos.storms {
            s.moved = false;
        }
        let first = self.first_active();
        self.begin_events(first, log);
    }

    /// A seat's event step: draw one card per token on the event deck, or reveal the top card
    /// only to move a storm.
    fn begin_events(&mut self, seat: Seat, log: &mut Vec<Event>) {
        let tokens = std::mem::take(&mut self.player_mut(seat).event_tokens);
        let p = self.player_mut(seat);
        p.orders.extend(tokens.iter().copied());
        if tokens.is_empty() {
            if let Some(card) = p.event_deck.last().cloned() {
                log.push(Event::StormCardRevealed {
                    faction: self.faction(seat),
                    card: card.clone(),
                });
                self.set_phase(Phase::Refresh {
                    turn: seat,
                    step: RefreshStep::MoveStorm {
                        card,
                        ability: false,
                    },
                });
            } else {
                self.next_events(seat, log);
            }
            return;
        }
        let n = tokens.len().min(p.event_deck.len());
        let at = p.event_deck.len() - n;
        let drawn: Vec<CardName> = p.event_deck.split_off(at);
        log.push(Event::EventCardsDrawn {
            faction: self.faction(seat),
            count: drawn.len(),
            via: None,
        });
        if drawn.is_empty() {
            self.next_events(seat, log);
        } else {
            self.set_phase(Phase::Refresh {
                turn: seat,
                step: RefreshStep::ChooseEvent { drawn },
            });
        }
    }

    /// The next seat's events, or the capacity check once every seat has had its turn.
    fn next_events(&mut self, seat: Seat, log: &mut Vec<Event>) {
        let next = self.next_active(seat);
        if next == self.first_active() {
            self.set_phase(Phase::Refresh {
                turn: seat,
                step: RefreshStep::Capacity,
            });
        } else {
            self.begin_events(next, log);
        }
    }

    pub(super) fn storm_actions(&self, card: &str, out: &mut Vec<Action>) {
        let Some(icon) = self
            .data
            .event_cards
            .iter()
            .find(|c| c.name == card)
            .map(|c| c.storm)
        else {
            return;
        };
        for storm in self.pos.storms.iter().filter(|s| !s.moved) {
            for to in storm_destinations(storm.edge, icon).into_iter().flatten() {
                if self.board.has_edge(to) && !self.pos.storm_at(to) {
                    out.push(Action::MoveStorm {
                        from: storm.edge,
                        to,
                    });
                }
            }
        }
    }

    /// Finishes a seat's event: its card and the drawn ones go back and the deck is shuffled
    /// (a scheme put into play stays out).
    pub(super) fn end_event(&mut self, seat: Seat, log: &mut Vec<Event>) {
        let mut deck = std::mem::take(&mut self.player_mut(seat).event_deck);
        self.shuffle(&mut deck);
        self.player_mut(seat).event_deck = deck;
        self.next_events(seat, log);
    }

    pub(super) fn apply_refresh(
        &mut self,
        turn: Seat,
        step: RefreshStep,
        action: Action,
        log: &mut Vec<Event>,
    ) {
        match (step, action) {
            (RefreshStep::ChooseEvent { drawn }, Action::ChooseEvent { card }) => {
                let chosen = drawn[usize::from(card) - 1].clone();
                // Unchosen cards go back now; the chosen one after its ability.
                let p = self.player_mut(turn);
                p.event_deck
                    .extend(drawn.iter().filter(|c| **c != chosen).cloned());
                if drawn.iter().filter(|c| **c == chosen).count() > 1 {
                    p.event_deck.push(chosen.clone());
                }
                log.push(Event::EventCardChosen {
                    faction: self.faction(turn),
                    card: chosen.clone(),
                });
                self.set_phase(Phase::Refresh {
                    turn,
                    step: RefreshStep::MoveStorm {
                        card: chosen,
                        ability: true,
                    },
                });
            }
            (RefreshStep::MoveStorm { card, ability }, Action::MoveStorm { from, to }) => {
                if let Some(s) = self.pos.storms.iter_mut().find(|s| s.edge == from) {
                    s.edge = to;
                    s.moved = true;
                }
                log.push(Event::StormMoved {
                    faction: self.faction(turn),
                    from,
                    to,
                });
                if let Some(holder) = self.prayer_holder(from, to) {
                    self.set_phase(Phase::Refresh {
                        turn,
                        step: RefreshStep::Prayer {
                            card,
                            ability,
                            from,
                            to,
                            holder,
                        },
                    });
                    return;
                }
                self.after_storm(turn, card, ability, log);
            }
            (RefreshStep::EventAbility { card }, action) if action != Action::Done => {
                let scheme = self
                    .data
                    .event_cards
                    .iter()
                    .find(|c| c.name == card)
                    .map(|c| c.kind);
                if scheme == Some(EventKind::Scheme) {
                    // One scheme at a time: an earlier one goes back to the deck.
                    let p = self.player_mut(turn);
                    let old = std::mem::replace(&mut p.schemes, vec![card.clone()]);
                    p.event_deck.extend(old.iter().cloned());
                    let faction = self.faction(turn);
                    log.push(Event::SchemeIntoPlay {
                        faction,
                        card: card.clone(),
                    });
                    // The scheme it replaces is discarded: the log says so.
                    log.extend(
                        old.into_iter()
                            .map(|card| Event::SchemeDiscarded { faction, card }),
                    );
                } else {
                    self.player_mut(turn).event_deck.push(card.clone());
                    // Tactics with choices live in events.rs; a further choice keeps the turn.
                    if !self.resolve_tactic(turn, &card, log)
                        && self.apply_tactic(turn, &card, action, log)
                    {
                        return;
                    }
                }
                self.end_event(turn, log);
            }
            (RefreshStep::EventAbility { card }, Action::Done) => {
                self.player_mut(turn).event_deck.push(card);
                self.end_event(turn, log);
            }
            (RefreshStep::Tactic { card, area, drawn }, action) => {
                if self.apply_tactic_step(turn, &card, area, &drawn, action, log) {
                    return;
                }
                self.end_event(turn, log);
            }
            (
                RefreshStep::Prayer {
                    card,
                    ability,
                    to,
                    holder,
                    ..
                },
                action,
            ) => {
                self.apply_prayer(holder, to, action, log);
                self.after_storm(turn, card, ability, log);
            }
            (RefreshStep::Capacity, Action::Destroy { .. }) => self.apply_destroy(action, log),
            _ => {}
        }
    }

    /// The tactics that only give asset tokens (Event Cards: a tactic is resolved at once).
    /// Returns whether the card is one of them.
    fn resolve_tactic(&mut self, seat: Seat, card: &CardName, log: &mut Vec<Event>) -> bool {
        let gains: &[Asset] = match card.as_str() {
            "Spoils of War" => &[Asset::Forge, Asset::Reinforcement],
            "Legacy of Vaul" => &[Asset::Forge, Asset::Forge],
            "Moar Boyz!" => &[Asset::Reinforcement, Asset::Reinforcement],
            _ => return false,
        };
        for &asset in gains {
            // Assets: at most three of each held, and only what the supply still has.
            self.gain_asset(seat, asset, Some(AssetSource::Card(card.clone())), log);
        }
        true
    }

    pub(crate) fn after_storm(
        &mut self,
        turn: Seat,
        card: CardName,
        ability: bool,
        log: &mut Vec<Event>,
    ) {
        if ability {
            self.set_phase(Phase::Refresh {
                turn,
                step: RefreshStep::EventAbility { card },
            });
        } else {
            // A revealed card goes straight back and the deck is shuffled.
            self.end_event(turn, log);
        }
    }

    /// Skips a storm move nobody can make, and ends the round after the capacity check.
    pub(super) fn auto_refresh(
        &mut self,
        turn: Seat,
        step: &RefreshStep,
        log: &mut Vec<Event>,
    ) -> bool {
        match step {
            RefreshStep::MoveStorm { card, ability } => {
                let mut moves = Vec::new();
                self.storm_actions(card, &mut moves);
                if !moves.is_empty() {
                    return false;
                }
                log.push(Event::NoStormMove { card: card.clone() });
                self.after_storm(turn, card.clone(), *ability, log);
                true
            }
            RefreshStep::Capacity => {
                if self.over_capacity_seat().is_some() {
                    return false;
                }
                self.end_round(log);
                true
            }
            _ => false,
        }
    }

    /// End of round: order upgrades and warp storms turn face up, the first player token
    /// passes left, the round marker advances; after round 8 the game ends.
    fn end_round(&mut self, log: &mut Vec<Event>) {
        if self.check_eliminations(log) {
            return;
        }
        for p in &mut self.pos.players {
            p.used_upgrades.clear();
        }
        // Warp Storms, Moving: at the end of the round every storm flips back to its pink side.
        for s in &mut self.pos.storms {
            s.moved = false;
        }
        if self.pos.round >= self.data.components.rounds {
            let candidates: Vec<Seat> = self.seats().filter(|&s| self.is_active(s)).collect();
            let winners = self.break_ties(candidates);
            self.end_game(winners, EndReason::RoundLimit, log);
            return;
        }
        let next_first = self.next_active(self.pos.first_player);
        self.pos.first_player = next_first;
        self.pos.round += 1;
        log.push(Event::RoundBegins {
            round: self.pos.round,
            first: self.faction(next_first),
        });
        self.set_phase(Phase::Planning { turn: next_first });
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_storm(&self, from: EdgeId, to: EdgeId) -> RuleError {
        const RULE: Rule = Rule::WarpStorms;
        let Some(storm) = self.pos.storms.iter().find(|s| s.edge == from) else {
            return RuleError::new(RULE, format!("no warp storm lies on {from}"));
        };
        if storm.moved {
            return RuleError::new(
                RULE,
                format!("the storm on {from} has already moved this Refresh Phase"),
            );
        }
        let card = match &self.pos.phase {
            Phase::Refresh {
                step: RefreshStep::MoveStorm { card, .. },
                ..
            } => card.clone(),
            _ => CardName::fixed(""),
        };
        let icon = self
            .data
            .event_cards
            .iter()
            .find(|c| c.name == card)
            .map(|c| c.storm);
        let dests: Vec<EdgeId> = icon
            .map(|i| {
                crate::engine::rules::storms::storm_destinations(from, i)
                    .into_iter()
                    .flatten()
                    .collect()
            })
            .unwrap_or_default();
        if !dests.contains(&to) {
            let names: Vec<String> = dests.iter().map(ToString::to_string).collect();
            return RuleError::new(
                RULE,
                format!(
                    "the icon of {card} moves the storm on {from} only to {}",
                    if names.is_empty() {
                        "nowhere".to_string()
                    } else {
                        names.join(" or ")
                    }
                ),
            );
        }
        if !self.board.has_edge(to) {
            return RuleError::new(RULE, format!("{to} is not an edge of the board"));
        }
        RuleError::new(RULE, format!("a warp storm already lies on {to}"))
    }
}
