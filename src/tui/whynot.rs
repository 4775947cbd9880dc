//! "Why can't I …?" in the client: when the area under the cursor offers the deciding seat
//! nothing, the actions one would expect there are asked of the engine, and its explanations
//! (the same `RuleError` text `check --why` prints) are shown.

use crate::engine::data::UnitKind;
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::{Action, AreaId, DecisionKind, Game, Order, Quadrant, Seat, StructureKind};

use super::scene::{action_words, concerns, names_a_place};

/// At most this many explanations are kept for one area.
const KEEP: usize = 6;

/// The engine's explanations of why the actions one would expect at `area` are refused, as
/// `words: reason (rule)` lines; empty when `shown` does not decide, when some legal action
/// concerns the area, or when no action of the decision names an area.
#[must_use]
pub fn why_not(game: &Game, shown: Option<Seat>, area: AreaId) -> Vec<String> {
    let Some(d) = game.decision() else {
        return Vec::new();
    };
    if Some(d.seat) != shown {
        return Vec::new();
    }
    let legal = game.legal_actions();
    if legal.iter().any(|a| names_a_place(a) && concerns(a, area)) {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    let mut reasons: Vec<String> = Vec::new();
    for action in candidates(game, d.seat, d.kind, area, &legal) {
        if let Err(e) = game.check(&action)
            && !reasons.contains(&e.reason)
        {
            out.push(format!(
                "{}: {} ({})",
                action_words(game, action),
                e.reason,
                e.rule
            ));
            reasons.push(e.reason);
        }
        if out.len() >= KEEP {
            break;
        }
    }
    out
}

/// The actions of this decision one would expect to be offered at `area`.
fn candidates(
    game: &Game,
    seat: Seat,
    kind: DecisionKind,
    area: AreaId,
    legal: &[Action],
) -> Vec<Action> {
    let faction = game.faction(seat);
    let data = game.data();
    let mut out = Vec::new();
    match kind {
        DecisionKind::PlaceOrder => {
            let mut orders: Vec<Order> = game.player(seat).orders.clone();
            orders.sort_by_key(|o| Order::ALL.iter().position(|x| x == o));
            orders.dedup();
            for order in orders {
                out.push(Action::Place {
                    order,
                    system: area.system,
                });
            }
        }
        DecisionKind::RevealOrder => out.push(Action::Reveal {
            system: area.system,
        }),
        DecisionKind::DeployUnits => {
            for u in &data.faction(faction).units {
                out.push(Action::BuyUnit {
                    unit: u.unit,
                    area,
                    forge_level: false,
                    cache: false,
                });
            }
        }
        DecisionKind::DeployStructure => {
            for kind in [
                StructureKind::Factory,
                StructureKind::City,
                StructureKind::Bastion,
            ] {
                out.push(Action::BuildStructure {
                    kind,
                    area,
                    cache: false,
                });
            }
        }
        DecisionKind::MoveShips | DecisionKind::MoveGround => {
            // Each of the seat's unit groups here, moved one at a time to where the others
            // may go (or, with no move left at all, to any area of the systems named).
            let wanted = if kind == DecisionKind::MoveShips {
                UnitKind::Ship
            } else {
                UnitKind::Ground
            };
            let mut targets: Vec<AreaId> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::MoveUnits { to, .. } => Some(*to),
                    _ => None,
                })
                .collect();
            if targets.is_empty()
                && let Phase::Operations {
                    step: OpStep::Advance(step),
                    ..
                } = &game.position().phase
            {
                targets = Quadrant::ALL
                    .iter()
                    .map(|q| AreaId::new(step.system, *q))
                    .collect();
            }
            // Ships go to voids and ground units to worlds: other targets explain nothing.
            let board = game.board();
            targets.retain(|to| {
                board
                    .area(*to)
                    .is_some_and(|i| i.world().is_some() == (wanted == UnitKind::Ground))
            });
            targets.sort();
            targets.dedup();
            let view = game.view(Some(seat));
            let Some(state) = view.areas.get(&area) else {
                return out;
            };
            for unit in state.unit_types(|u| u.owner() == faction) {
                if data.unit(unit).kind != wanted {
                    continue;
                }
                for to in &targets {
                    out.push(Action::MoveUnits {
                        from: area,
                        to: *to,
                        unit,
                        count: 1,
                    });
                }
            }
        }
        // Setup: each tile in hand on the cursor's system, each unit and structure of the
        // faction on the cursor's area, each objective token held on it.
        DecisionKind::PlaceTile => {
            let hand = game
                .setup_state()
                .and_then(|s| s.hands.get(seat.index()))
                .cloned()
                .unwrap_or_default();
            for number in hand {
                out.push(Action::PlaceTile {
                    number,
                    side_b: false,
                    rotation: 0,
                    system: area.system,
                });
            }
        }
        DecisionKind::PlaceForces => {
            for u in &data.faction(faction).units {
                out.push(Action::SetupUnit { unit: u.unit, area });
            }
            for kind in [
                StructureKind::Factory,
                StructureKind::City,
                StructureKind::Bastion,
            ] {
                out.push(Action::SetupStructure { kind, area });
            }
        }
        DecisionKind::PlaceObjective => {
            let held = game
                .setup_state()
                .and_then(|s| s.objectives.get(seat.index()))
                .cloned()
                .unwrap_or_default();
            for f in held {
                out.push(Action::PlaceObjective { area, faction: f });
            }
        }
        _ => {}
    }
    out
}
