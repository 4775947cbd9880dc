//! Which rulings bear on a decision: the Rules Reference topics a player making each kind of
//! choice may want to read, so a client's help can show the rulings for the choice at hand.
//! The rulings themselves are data (`data::rulings`).

use crate::engine::data::{GameData, Ruling};
use crate::engine::rules::DecisionKind;
use crate::engine::state::rule::Rule;

/// The glossary topics that bear on a kind of decision: the rules a player making that choice
/// may want to read.
#[must_use]
pub fn topics_for(kind: DecisionKind) -> &'static [Rule] {
    use DecisionKind as K;
    match kind {
        K::PlaceOrder => &[Rule::PlanningPhase, Rule::OrderTokens, Rule::Stack],
        K::RevealOrder => &[
            Rule::OperationsPhase,
            Rule::OrderTokens,
            Rule::Stack,
            Rule::SchemeEventCards,
        ],
        K::ResolveOrEventDeck => &[Rule::OperationsPhase, Rule::OrderTokens],
        K::DeployUnits | K::DeployStructure | K::DreadRitual => &[
            Rule::DeployOrder,
            Rule::PurchasingUnitsAndStructures,
            Rule::CommandLevel,
            Rule::Cost,
            Rule::ForgeTokens,
            Rule::FreeUnits,
            Rule::Structures,
            Rule::OrderUpgradeCards,
        ],
        K::MoveShips => &[
            Rule::AdvanceOrder,
            Rule::MovingShips,
            Rule::Adjacency,
            Rule::ContestedAreas,
            Rule::WarpStorms,
            Rule::UnitCapacity,
        ],
        K::MoveGround => &[
            Rule::AdvanceOrder,
            Rule::MovingGroundUnits,
            Rule::Path,
            Rule::Adjacency,
            Rule::ContestedAreas,
            Rule::WarpStorms,
            Rule::UnitCapacity,
        ],
        K::ChooseAsset | K::FactionAbility => &[Rule::DominateOrder, Rule::Assets, Rule::FreeUnits],
        K::BuyUpgrades => &[
            Rule::StrategizeOrder,
            Rule::UpgradeCards,
            Rule::OrderUpgradeCards,
            Rule::CombatCards,
            Rule::CommandLevel,
        ],
        K::DestroyExcess => &[Rule::UnitCapacity, Rule::Destroy],
        K::ChooseEvent | K::EventAbility | K::TacticChoice => &[
            Rule::RefreshPhase,
            Rule::EventCards,
            Rule::TacticEventCards,
            Rule::SchemeEventCards,
            Rule::UpgradeCards,
            Rule::PurchasingUnitsAndStructures,
            Rule::RoutAndRally,
        ],
        K::MoveStorm | K::StormScheme => &[Rule::WarpStorms, Rule::WarpStormsMoving],
        K::Reinforce => &[Rule::Combat, Rule::ReinforcementTokens],
        K::ChooseCombatCard | K::CardAbility | K::CardChoice | K::OpponentCardChoice => &[
            Rule::Combat,
            Rule::CombatCardResolution,
            Rule::CombatCards,
            Rule::CombatIcons,
            Rule::GainingAndLosing,
            Rule::FreeUnits,
            Rule::ReinforcementTokens,
            Rule::CommandLevel,
            Rule::ContestedAreas,
            Rule::SufferingDamage,
            Rule::RoutAndRally,
        ],
        K::AmbushSave => &[Rule::CombatCardResolution, Rule::RoutAndRally],
        K::AssignDamage => &[
            Rule::Combat,
            Rule::DamageAndHealth,
            Rule::SufferingDamage,
            Rule::Bastions,
        ],
        K::Retreat => &[Rule::Combat, Rule::Retreats, Rule::RoutAndRally],
        K::CombatScheme => &[Rule::Combat, Rule::SchemeEventCards, Rule::RoutAndRally],
        K::SchemeAbility => &[Rule::SchemeEventCards, Rule::EventCards],
        K::OrbitalStrike
        | K::AssignStrikeDamage
        | K::StrikeUpgrades
        | K::StrikeDice
        | K::StrikeReroll
        | K::StrikeGainDie
        | K::StrafingRun
        | K::DestroyOwnPiece => &[Rule::OrbitalStrike, Rule::OrderUpgradeCards, Rule::Bastions],
        K::PlaceTile | K::PlaceForces | K::PlaceObjective | K::PlaceStorm => &[
            Rule::Setup,
            Rule::ObjectiveTokens,
            Rule::Systems,
            Rule::Worlds,
        ],
    }
}

impl GameData {
    /// The rulings that bear on a kind of decision, by topic ([`topics_for`]), in file order:
    /// what a client's help shows for the choice at hand.
    #[must_use]
    pub fn rulings_for(&self, kind: DecisionKind) -> Vec<&Ruling> {
        let topics = topics_for(kind);
        self.rulings
            .iter()
            .filter(|r| Rule::from_glossary(&r.topic).is_some_and(|t| topics.contains(&t)))
            .collect()
    }
}
