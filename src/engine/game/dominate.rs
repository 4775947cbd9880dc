//! Dominate Order: collect the assets of each friendly world in the active system (at most
//! three of each token; a prosperity icon gives one token of the player's choice), then the
//! faction ability.

use super::{Action, Event, Game};
use crate::engine::ids::{Asset, Order, Seat, SystemId};
use crate::engine::phase::{DominateStep, OpStep, Phase};

impl Game {
    /// Gains the fixed asset tokens of the friendly worlds and counts the prosperity icons.
    pub(super) fn collect_assets(&mut self, seat: Seat, system: SystemId, log: &mut Vec<Event>) -> DominateStep {
        let faction = self.faction(seat);
        let max = self.data.components.max_assets_each;
        let icons: Vec<Asset> = self
            .board
            .areas_of(system)
            .filter(|a| self.is_friendly(a.id, faction))
            .filter_map(|a| a.world())
            .flat_map(|w| w.assets.iter().copied())
            .collect();
        let mut prosperity_left = 0;
        for icon in icons {
            if icon == Asset::Prosperity {
                prosperity_left += 1;
                continue;
            }
            if let Some(n) = self.player_mut(seat).assets.get_mut(icon) {
                if *n < max {
                    *n += 1;
                    log.push(Event(format!("{} gains a {icon} token", faction.name())));
                } else {
                    log.push(Event(format!("{} already holds {max} {icon} tokens and gains none", faction.name())));
                }
            }
        }
        DominateStep { system, prosperity_left }
    }

    pub(super) fn dominate_actions(&self, d: &DominateStep, out: &mut Vec<Action>) {
        let Some(seat) = self.decision().map(|x| x.seat) else { return };
        if d.prosperity_left > 0 {
            let max = self.data.components.max_assets_each;
            out.extend(
                Asset::TOKENS
                    .into_iter()
                    .filter(|&a| self.player(seat).assets.get(a) < max)
                    .map(|asset| Action::TakeAsset { asset }),
            );
            if out.is_empty() {
                // Every token is at the limit: the icon gives nothing, but the step is still taken.
                out.push(Action::Done);
            }
        } else {
            // The faction abilities' effects come with the card issue; declining is always legal.
            out.push(Action::Done);
        }
    }

    pub(super) fn apply_dominate(&mut self, turn: Seat, mut d: DominateStep, action: Action, log: &mut Vec<Event>) {
        match action {
            Action::TakeAsset { asset } => {
                if let Some(n) = self.player_mut(turn).assets.get_mut(asset) {
                    *n += 1;
                }
                d.prosperity_left -= 1;
                log.push(Event(format!("{} takes a {asset} token (prosperity)", self.faction(turn).name())));
                self.set_phase(Phase::Operations { turn, step: OpStep::Dominate(d) });
            }
            Action::Done if d.prosperity_left > 0 => {
                d.prosperity_left -= 1;
                self.set_phase(Phase::Operations { turn, step: OpStep::Dominate(d) });
            }
            Action::Done => self.finish_order(turn, d.system, Order::Dominate),
            _ => {}
        }
    }
}
