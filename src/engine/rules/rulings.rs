//! Which rulings bear on a decision: the Rules Reference topics a player making each kind of
//! choice may want to read, so a client's help can show the rulings for the choice at hand.
//! The rulings themselves are data (`data::rulings`).

use crate::engine::data::{GameData, Ruling};
use crate::engine::rules::DecisionKind;

/// The glossary topics that bear on a kind of decision: the rules a player making that choice
/// may want to read.
#[must_use]
pub fn topics_for(kind: DecisionKind) -> &'static [&'static str] {
    use DecisionKind as K;
    match kind {
        K::PlaceOrder => &["Planning Phase", "Order Tokens", "Stack"],
        K::RevealOrder => &[
            "Operations Phase",
            "Order Tokens",
            "Stack",
            "Scheme Event Cards",
        ],
        K::ResolveOrEventDeck => &["Operations Phase", "Order Tokens"],
        K::DeployUnits | K::DeployStructure | K::DreadRitual => &[
            "Deploy Order",
            "Purchasing Units and Structures",
            "Command Level",
            "Cost",
            "Forge Tokens",
            "Free Units",
            "Structures",
            "Order Upgrade Cards",
        ],
        K::MoveShips => &[
            "Advance Order",
            "Moving Ships",
            "Adjacency",
            "Contested Areas",
            "Warp Storms",
            "Unit Capacity",
        ],
        K::MoveGround => &[
            "Advance Order",
            "Moving Ground Units",
            "Path",
            "Adjacency",
            "Contested Areas",
            "Warp Storms",
            "Unit Capacity",
        ],
        K::ChooseAsset | K::FactionAbility => &["Dominate Order", "Assets", "Free Units"],
        K::BuyUpgrades => &[
            "Strategize Order",
            "Upgrade Cards",
            "Order Upgrade Cards",
            "Combat Cards and Combat Upgrade Cards",
            "Command Level",
        ],
        K::DestroyExcess => &["Unit Capacity", "Destroy"],
        K::ChooseEvent | K::EventAbility | K::TacticChoice => &[
            "Refresh Phase",
            "Event Cards",
            "Tactic Event Cards",
            "Scheme Event Cards",
            "Upgrade Cards",
            "Purchasing Units and Structures",
            "Rout and Rally",
        ],
        K::MoveStorm | K::StormScheme => &["Warp Storms", "Warp Storms, Moving"],
        K::Reinforce => &["Combat", "Reinforcement Tokens"],
        K::ChooseCombatCard | K::CardAbility | K::CardChoice | K::OpponentCardChoice => &[
            "Combat",
            "Combat Card Resolution",
            "Combat Cards and Combat Upgrade Cards",
            "Combat Icons",
            "Gaining and Losing",
            "Free Units",
            "Reinforcement Tokens",
            "Command Level",
            "Contested Areas",
            "Suffering Damage",
            "Rout and Rally",
        ],
        K::AmbushSave => &["Combat Card Resolution", "Rout and Rally"],
        K::AssignDamage => &[
            "Combat",
            "Damage and Health",
            "Suffering Damage",
            "Bastions",
        ],
        K::Retreat => &["Combat", "Retreats", "Rout and Rally"],
        K::CombatScheme => &["Combat", "Scheme Event Cards", "Rout and Rally"],
        K::SchemeAbility => &["Scheme Event Cards", "Event Cards"],
        K::OrbitalStrike
        | K::AssignStrikeDamage
        | K::StrikeUpgrades
        | K::StrikeDice
        | K::StrikeReroll
        | K::StrikeGainDie
        | K::StrafingRun
        | K::DestroyOwnPiece => &["Orbital Strike", "Order Upgrade Cards", "Bastions"],
        K::PlaceTile | K::PlaceForces | K::PlaceObjective | K::PlaceStorm => {
            &["Setup", "Objective Tokens", "Systems", "Worlds"]
        }
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
            .filter(|r| topics.contains(&r.topic.as_str()))
            .collect()
    }
}
