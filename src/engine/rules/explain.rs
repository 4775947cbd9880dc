//! Why an action is not legal: the rule and the fact in the position that triggers it. Each
//! explainer runs only for an action the generator did not list, and names the first fact that
//! rules it out, in the order the Rules Reference checks them. The explainers live beside the
//! rule they explain (`explain_move` in `advance.rs`, `explain_buy` in `deploy.rs` ...); this
//! file holds what they share: the choice of explainer for the decision at hand, the answer
//! when none applies, and a few phrases.

use super::{Action, DecisionKind, Game, RuleError};
use crate::engine::rules::board::AreaInfo;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Faction, Seat};
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

/// The areas an action names, in its order (where from, then where to).
fn action_areas(action: Action) -> Vec<AreaId> {
    let p = action.places();
    p.from.into_iter().chain(p.to).collect()
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
            (DecisionKind::EventAbility, Action::BuildStructure { kind, area, cache }) => self
                .resolving_card()
                .and_then(|c| self.explain_event_build(seat, &c, kind, area, cache)),
            (DecisionKind::EventAbility, Action::PlaceFree { unit, area }) => self
                .resolving_card()
                .and_then(|c| self.explain_event_place(seat, &c, unit, area)),
            _ => None,
        };
        specific.unwrap_or_else(|| self.explain_off_choice(seat, decision.kind, action))
    }

    /// The rule of the step at hand, for an action no explainer of its own covers: the card
    /// being resolved (its kind of card), else the first topic of the decision.
    fn moment_rule(&self, kind: DecisionKind) -> Rule {
        use DecisionKind as K;
        match kind {
            K::EventAbility | K::TacticChoice | K::MoveStorm => match self.resolving_card() {
                Some(card) if self.is_scheme(&card) => Rule::SchemeEventCards,
                Some(_) => Rule::EventCards,
                None => Rule::RefreshPhase,
            },
            K::SchemeAbility | K::CombatScheme | K::StormScheme => Rule::SchemeEventCards,
            K::CardAbility | K::CardChoice | K::OpponentCardChoice | K::AmbushSave => {
                Rule::CombatCardResolution
            }
            K::StrikeUpgrades
            | K::StrikeDice
            | K::StrikeReroll
            | K::StrikeGainDie
            | K::StrafingRun
            | K::DestroyOwnPiece
            | K::DreadRitual => Rule::OrderUpgradeCards,
            other => super::rulings::topics_for(other)
                .first()
                .copied()
                .unwrap_or(Rule::OperationsPhase),
        }
    }

    /// The card whose ability or choice is being resolved, if any.
    pub(super) fn resolving_card(&self) -> Option<CardName> {
        use crate::engine::state::card_step::CardStep;
        use crate::engine::state::combat_state::CombatStep;
        use crate::engine::state::phase::OpStep;
        match &self.pos.phase {
            Phase::Refresh { step, .. } => match step {
                RefreshStep::MoveStorm { card, .. }
                | RefreshStep::EventAbility { card }
                | RefreshStep::Tactic { card, .. }
                | RefreshStep::Prayer { card, .. } => Some(card.clone()),
                RefreshStep::ChooseEvent { .. } | RefreshStep::Capacity => None,
            },
            Phase::Operations { step, .. } => match step {
                OpStep::Card(c) => match c.as_ref() {
                    CardStep::Scheme { card, .. } => Some(card.clone()),
                    CardStep::DreadRitual { .. } => Some(CardName::fixed("Dread Ritual")),
                    CardStep::Outmanoeuvre { .. } => Some(CardName::fixed("Outmanoeuvre")),
                    CardStep::Strike(_) => None,
                },
                OpStep::Combat(c) => match c.step {
                    CombatStep::Resolve { side } => c.side(side).played.last().cloned(),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }

    /// The refusal of an action no explainer of its own covers. An action of another kind than
    /// the step takes names the step's rule and what the step is; one of the right kind but not
    /// offered names the card or step that limits the choice, with what the position holds in
    /// each area the action names.
    fn explain_off_choice(&self, seat: Seat, kind: DecisionKind, action: Action) -> RuleError {
        let rule = self.moment_rule(kind);
        let legal = self.list_legal_actions();
        let who = format!("{} ({seat})", self.faction(seat).name());
        let card = self
            .resolving_card()
            .map(|c| format!(" for {c}"))
            .unwrap_or_default();
        let same_kind: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| std::mem::discriminant(a) == std::mem::discriminant(&action))
            .collect();
        if same_kind.is_empty() {
            return RuleError::new(
                rule,
                format!(
                    "{who} must {kind}{card} now, and `{action}` is no such choice; the choices are {}",
                    choices(&legal)
                ),
            );
        }
        let areas = action_areas(action);
        if let Some(x) = areas.iter().find(|&&x| !self.board.has_area(x)) {
            return RuleError::new(Rule::Areas, format!("{x} is not on the board"));
        }
        let mut facts: Vec<String> = areas
            .iter()
            .map(|&x| format!("{x} is {}", self.area_holding(x, self.faction(seat))))
            .collect();
        facts.dedup();
        let facts = if facts.is_empty() {
            String::new()
        } else {
            format!("{}; ", facts.join("; "))
        };
        RuleError::new(
            rule,
            format!(
                "{facts}{who} must {kind}{card}, and this step offers only {}",
                choices(&same_kind)
            ),
        )
    }

    /// What an area is and holds, for a player: its [`Game::area_fact`] and its structures.
    pub(super) fn area_holding(&self, area: AreaId, mover: Faction) -> String {
        let fact = self.area_fact(area, mover);
        let s: Vec<String> = self
            .pos
            .area(area)
            .structures
            .iter()
            .map(|s| format!("a {} of {}", s.kind, s.owner.name()))
            .collect();
        if s.is_empty() {
            fact
        } else {
            format!("{fact} holding {}", and_list(&s))
        }
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
