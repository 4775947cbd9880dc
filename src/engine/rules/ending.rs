//! Winning and losing: objectives, elimination, the round limit, and the tie-breaks.

use super::board::AreaInfo;
use super::{Event, Game};
use crate::engine::state::ids::{FactionSet, Seat};
use crate::engine::state::phase::{EndReason, OpStep, Phase};

impl Game {
    /// Of the candidates, those with the most objective tokens, then the most friendly worlds,
    /// then the most units on the board (Rules Reference, "Winning and Losing the Game").
    pub(crate) fn break_ties(&self, candidates: Vec<Seat>) -> Vec<Seat> {
        let keys = |s: Seat| {
            let f = self.faction(s);
            let worlds = self.friendly_worlds(f).count();
            (self.player(s).objectives, worlds, self.units_of(f))
        };
        let best = candidates.iter().map(|&s| keys(s)).max();
        candidates
            .into_iter()
            .filter(|&s| Some(keys(s)) == best)
            .collect()
    }

    pub(crate) fn end_game(&mut self, winners: Vec<Seat>, reason: EndReason, log: &mut Vec<Event>) {
        log.push(Event::GameEnds {
            reason,
            winners: winners.iter().map(|&s| self.faction(s)).collect(),
        });
        self.set_phase(Phase::GameOver { winners, reason });
    }

    /// Eliminates every player with no friendly world (his pieces leave the board); ends the
    /// game when one player is left. Returns whether the game ended.
    pub(crate) fn check_eliminations(&mut self, log: &mut Vec<Event>) -> bool {
        // The factions holding a friendly world, from one pass over the occupied areas: this
        // runs at the end of every turn, and asking each seat's worlds one by one searched the
        // areas for every world of the board (#26). An elimination takes pieces off the board,
        // which can leave another faction alone in an area, so the set is worked out again then.
        let mut holding = self.factions_with_friendly_world();
        let mut left = 0;
        let mut last = None;
        for seat in self.seats() {
            if !self.is_active(seat) {
                continue;
            }
            let faction = self.faction(seat);
            if holding.contains(faction) {
                left += 1;
                last = Some(seat);
                continue;
            }
            for area in self.pos.areas.values_mut() {
                area.units.retain(|u| u.owner() != faction);
                area.structures.retain(|s| s.owner != faction);
            }
            let mut returned = Vec::new();
            for stack in self.pos.stacks.values_mut() {
                stack.retain(|t| {
                    let mine = t.owner == faction;
                    if mine {
                        returned.push(t.order);
                    }
                    !mine
                });
            }
            let p = self.player_mut(seat);
            p.orders.extend(returned);
            p.eliminated = true;
            log.push(Event::Eliminated { faction });
            holding = self.factions_with_friendly_world();
        }
        if left <= 1 {
            // The seats checked before an elimination kept their worlds through it: a
            // player's pieces leaving makes no area unfriendly to another.
            self.end_game(last.into_iter().collect(), EndReason::Elimination, log);
            return true;
        }
        false
    }

    /// The factions for which at least one world is friendly (they alone have pieces there).
    fn factions_with_friendly_world(&self) -> FactionSet {
        let mut holding = FactionSet::EMPTY;
        for (id, a) in &self.pos.areas {
            if let Some(f) = a.controller()
                && !holding.contains(f)
                && self.board.area(*id).is_some_and(AreaInfo::is_world)
            {
                holding.insert(f);
            }
        }
        holding
    }

    /// Player Elimination in a hand-made position: where play would already have checked it
    /// (the Planning Phase, or a turn about to begin with a reveal), a player with no friendly
    /// world is eliminated now, and the seat to act passes on if it was his. Mid-turn, the
    /// check comes at the end of the turn, as in play: a player fighting for his last world
    /// is not out before the combat ends.
    pub(crate) fn eliminate_at_checkpoint(&mut self, log: &mut Vec<Event>) {
        let (Phase::Planning { turn }
        | Phase::Operations {
            turn,
            step: OpStep::Reveal,
        }) = self.pos.phase
        else {
            return;
        };
        if self.check_eliminations(log) || self.is_active(turn) {
            return;
        }
        if matches!(self.pos.phase, Phase::Planning { .. }) {
            self.pass_planning(turn, log);
        } else {
            let next = self.next_active(turn);
            self.set_phase(Phase::Operations {
                turn: next,
                step: OpStep::Reveal,
            });
        }
    }
}
