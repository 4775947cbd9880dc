//! Why an action is not legal: the rule and the fact in the position that triggers it. Each
//! explainer runs only for an action the generator did not list, and names the first fact that
//! rules it out, in the order the Rules Reference checks them. The explainers live beside the
//! rule they explain (`explain_move` in `advance.rs`, `explain_buy` in `deploy.rs` ...); this
//! file holds what they share: the choice of explainer for the decision at hand, the answer
//! when none applies, and a few phrases.

use super::{Action, DecisionKind, Game, RuleError};
use crate::engine::rules::board::AreaInfo;
use crate::engine::state::ids::{AreaId, Faction};
use crate::engine::state::phase::{Phase, RefreshStep};
use crate::engine::state::rule::Rule;

/// "world" or "void".
pub(super) fn kind_word(world: bool) -> &'static str {
    if world { "world" } else { "void" }
}

/// Joins items as `a, b and c`.
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Joins actions as a short list of choices.
pub(super) fn choices(actions: &[Action]) -> String {
    const SHOWN: usize = 8;
    let mut words: Vec<String> = actions
        .iter()
        .take(SHOWN)
        .map(|a| format!("`{a}`"))
        .collect();
    if actions.len() > SHOWN {
        words.push(format!("{} more", actions.len() - SHOWN));
    }
    words.join(", ")
}

impl Game {
    /// The rule that forbids an action that is not among the legal ones.
    pub(super) fn explain(&self, action: Action) -> RuleError {
        let Some(decision) = self.decision() else {
            return RuleError::new(
                Rule::WinningAndLosing,
                "the game is over: no action is legal",
            );
        };
        // Constructing the board: its own explainer (construct.rs).
        if let Phase::Setup(s) = &self.pos.phase {
            return self.explain_setup(s, action);
        }
        let seat = decision.seat;
        let specific = match (decision.kind, action) {
            (DecisionKind::PlaceOrder, Action::Place { order, system }) => {
                Some(self.explain_place(seat, order, system))
            }
            (DecisionKind::RevealOrder, Action::Reveal { system }) => {
                Some(self.explain_reveal(system))
            }
            (DecisionKind::ResolveOrEventDeck, Action::ToEventDeck) => Some(RuleError::new(
                Rule::StrategizeOrder,
                "a Strategize order always goes on the event deck after it is resolved; only Advance, Deploy and Dominate may be put there instead",
            )),
            (
                DecisionKind::DeployUnits,
                Action::BuyUnit {
                    unit,
                    area,
                    forge_level,
                    cache,
                },
            ) => Some(self.explain_buy(seat, unit, area, forge_level, cache)),
            (DecisionKind::DeployUnits, Action::BuildStructure { .. }) => Some(RuleError::new(
                Rule::DeployOrder,
                "units are purchased first: say `done` to move on to the structure",
            )),
            (DecisionKind::DeployStructure, Action::BuyUnit { .. }) => Some(RuleError::new(
                Rule::DeployOrder,
                "the unit purchases are over: only a structure may be purchased now",
            )),
            (DecisionKind::DeployStructure, Action::BuildStructure { kind, area, cache }) => {
                Some(self.explain_build(seat, kind, area, cache))
            }
            (
                DecisionKind::MoveShips | DecisionKind::MoveGround,
                Action::MoveUnits {
                    from,
                    to,
                    unit,
                    count,
                },
            ) => Some(self.explain_move(seat, from, to, unit, count)),
            (DecisionKind::ChooseAsset, Action::TakeAsset { asset }) => {
                Some(self.explain_take(seat, asset))
            }
            (
                DecisionKind::FactionAbility,
                Action::Replace { .. } | Action::MoveUnits { .. } | Action::BuyUnit { .. },
            ) => Some(self.explain_ability(seat, action)),
            (DecisionKind::BuyUpgrades, Action::BuyOrderUpgrade { card }) => {
                Some(self.explain_order_upgrade(seat, card))
            }
            (DecisionKind::BuyUpgrades, Action::BuyCombatUpgrade { card, replace }) => {
                Some(self.explain_combat_upgrade(seat, card, replace))
            }
            (DecisionKind::DestroyExcess, Action::Destroy { area, unit }) => {
                Some(self.explain_destroy(seat, area, unit))
            }
            (DecisionKind::ChooseEvent, Action::ChooseEvent { card }) => {
                let drawn = match &self.pos.phase {
                    Phase::Refresh {
                        step: RefreshStep::ChooseEvent { drawn },
                        ..
                    } => drawn.len(),
                    _ => 0,
                };
                Some(RuleError::new(
                    Rule::EventCards,
                    format!(
                        "there is no drawn card {card}: {} drew {drawn} card(s), `event 1` to `event {drawn}`",
                        self.faction(seat).name()
                    ),
                ))
            }
            (DecisionKind::MoveStorm, Action::MoveStorm { from, to }) => {
                Some(self.explain_storm(from, to))
            }
            (DecisionKind::Reinforce, Action::Reinforce { count }) => {
                Some(self.explain_reinforce(seat, count))
            }
            (DecisionKind::ChooseCombatCard, Action::PlayCard { card }) => {
                Some(self.explain_card(card))
            }
            (DecisionKind::AssignDamage, Action::Damage { target }) => {
                Some(self.explain_damage(seat, target))
            }
            (DecisionKind::Retreat, Action::Retreat { area }) => {
                Some(self.explain_retreat(seat, area))
            }
            (DecisionKind::OrbitalStrike, Action::Strike { void, world }) => {
                Some(self.explain_strike(seat, void, world))
            }
            (DecisionKind::AssignStrikeDamage, Action::Damage { target }) => {
                Some(self.explain_strike_damage(target))
            }
            _ => None,
        };
        specific.unwrap_or_else(|| {
            RuleError::new(
                Rule::RoundOverview,
                format!(
                    "`{action}` is not a choice now: {} ({seat}) must {}; the choices are {}",
                    self.faction(seat).name(),
                    decision.kind,
                    choices(&self.list_legal_actions())
                ),
            )
        })
    }

    /// What an area is, for a player: `an enemy void (Orks)`, `an uncontrolled world` ...
    pub(super) fn area_fact(&self, area: AreaId, mover: Faction) -> String {
        let world = self.board.area(area).is_some_and(AreaInfo::is_world);
        let kind = kind_word(world);
        let state = self.pos.area(area);
        if state.is_contested() {
            let names: Vec<String> = state.factions().iter().map(|f| f.name().into()).collect();
            return format!("a contested {kind} ({})", and_list(&names));
        }
        match state.controller() {
            Some(f) if f == mover => format!("a friendly {kind}"),
            Some(f) => format!("an enemy {kind} ({})", f.name()),
            None => format!("an uncontrolled {kind} (no unit or structure there)"),
        }
    }
}
