//! Every kind of event with the rule that produces it, reached by play; and the typed events
//! of `--json` round-trip (serialized, read back: equal, and the same words).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use herakon::engine::rules::Event;
use herakon::engine::{Game, GameData, NewGameOptions, Rule, SetupKind};
use rand::{RngExt, SeedableRng};

/// Each kind of event and the rule that produces it (Rules Reference topic; a card's name
/// where a card's text is the rule).
const PRODUCED_BY: &[(&str, Rule, &str)] = &[
    (
        "TilePlaced",
        Rule::Setup,
        "constructing the board: a system tile",
    ),
    (
        "BoardComplete",
        Rule::Setup,
        "constructing the board: the last tile",
    ),
    ("SetupUnit", Rule::Setup, "starting forces"),
    ("SetupStructure", Rule::Setup, "starting structures"),
    ("SetupObjective", Rule::Setup, "objective tokens"),
    ("SetupStorm", Rule::Setup, "warp storms"),
    ("SetupComplete", Rule::Setup, "the last storm placed"),
    (
        "RoundBegins",
        Rule::RefreshPhase,
        "pass the first player token",
    ),
    (
        "OperationsBegins",
        Rule::PlanningPhase,
        "every order token placed",
    ),
    (
        "RefreshBegins",
        Rule::OperationsPhase,
        "no order token left to reveal",
    ),
    ("GameEnds", Rule::WinningAndLosing, ""),
    ("Eliminated", Rule::PlayerElimination, ""),
    ("OrderPlaced", Rule::PlanningPhase, ""),
    ("Skips", Rule::OperationsPhase, "nothing to reveal"),
    ("OrderRevealed", Rule::OperationsPhase, ""),
    (
        "OrderToEventDeck",
        Rule::OrderTokens,
        "an order put on the event deck",
    ),
    ("OrderResolved", Rule::OperationsPhase, ""),
    ("Moved", Rule::AdvanceOrder, ""),
    ("RoksPassage", Rule::AdvanceOrder, "Ork Roks"),
    ("UnitBought", Rule::DeployOrder, ""),
    ("StructureBuilt", Rule::DeployOrder, ""),
    ("Warboss", Rule::DeployOrder, "Warboss"),
    ("DreadRitual", Rule::OrderUpgradeCards, "Dread Ritual"),
    ("ForTheEmperor", Rule::DominateOrder, "For the Emperor"),
    ("AbilityMoved", Rule::DominateOrder, "a faction ability"),
    ("AbilityBought", Rule::DominateOrder, "a faction ability"),
    (
        "StructureSwapped",
        Rule::OrderUpgradeCards,
        "a Strategize upgrade",
    ),
    (
        "OrdersToEventDeck",
        Rule::OrderUpgradeCards,
        "a Strategize upgrade",
    ),
    ("OrderUpgradeBought", Rule::StrategizeOrder, ""),
    ("CombatUpgradeBought", Rule::StrategizeOrder, ""),
    ("OrderUpgradeUsed", Rule::OrderUpgradeCards, ""),
    ("OverCapacity", Rule::UnitCapacity, ""),
    ("AssetGained", Rule::Assets, ""),
    ("AssetsFull", Rule::ComponentLimitations, ""),
    ("AssetSupplyEmpty", Rule::ComponentLimitations, ""),
    ("CombatBegins", Rule::Combat, ""),
    ("WonAtOnce", Rule::Combat, "no unrouted unit or bastion"),
    (
        "ThroughTheWarp",
        Rule::CombatCardResolution,
        "Through the Warp",
    ),
    ("DiceRolled", Rule::Combat, "roll dice"),
    ("Reinforced", Rule::ReinforcementTokens, ""),
    (
        "ExtraAssess",
        Rule::CombatCardResolution,
        "an extra assess damage step",
    ),
    ("DamageSuffered", Rule::SufferingDamage, ""),
    ("PieceDamaged", Rule::SufferingDamage, ""),
    ("WipedOut", Rule::Combat, "resolution"),
    ("MoraleCompared", Rule::Morale, ""),
    ("CombatWon", Rule::Combat, "resolution"),
    ("Captured", Rule::Structures, ""),
    (
        "StructureLost",
        Rule::ComponentLimitations,
        "control tokens",
    ),
    ("CannotRetreat", Rule::Retreats, ""),
    ("Retreated", Rule::Retreats, ""),
    ("NowhereToRetreat", Rule::Retreats, ""),
    ("CombatEnds", Rule::Combat, ""),
    ("CardPlayed", Rule::CombatCards, ""),
    ("SchemeUsed", Rule::SchemeEventCards, ""),
    ("SchemeDeclined", Rule::SchemeEventCards, ""),
    ("AbilityResolved", Rule::CombatCardResolution, ""),
    ("AbilityDeclined", Rule::CombatCardResolution, ""),
    ("FaceUpDiscarded", Rule::DiscardingCards, ""),
    ("TokensGained", Rule::CombatIcons, ""),
    ("TokensMirrored", Rule::CombatCardResolution, "Weirdboyz"),
    ("TokensLost", Rule::CombatCardResolution, ""),
    ("DiceGained", Rule::CombatCardResolution, ""),
    ("DieLost", Rule::CombatCardResolution, ""),
    ("DieSpent", Rule::Spend, ""),
    ("DieTurned", Rule::CombatCardResolution, ""),
    ("Rerolled", Rule::CombatCardResolution, ""),
    ("OptionChosen", Rule::CombatCardResolution, ""),
    ("OptionalTaken", Rule::CombatCardResolution, ""),
    ("Rallied", Rule::RoutAndRally, ""),
    ("RalliedAll", Rule::RoutAndRally, ""),
    ("FreeUnitPlaced", Rule::FreeUnits, ""),
    ("FreeReinforcement", Rule::ReinforcementTokens, ""),
    ("NoReinforcementLeft", Rule::ComponentLimitations, ""),
    ("Replaced", Rule::FreeUnits, ""),
    ("BroughtIn", Rule::CombatCardResolution, ""),
    ("MovedIntoEnemy", Rule::CombatCardResolution, "Wave Serpent"),
    ("PeekedCard", Rule::CombatCardResolution, "Reconnaissance"),
    ("HandDiscarded", Rule::DiscardingCards, ""),
    ("CombatCardDrawn", Rule::CombatCards, ""),
    ("IconsAdded", Rule::CombatIcons, ""),
    ("DeckDiscarded", Rule::DiscardingCards, ""),
    ("TakenOut", Rule::CombatCardResolution, ""),
    ("Razed", Rule::Destroy, ""),
    ("AmbushSaved", Rule::CombatCardResolution, "Ambush"),
    ("AmbushDestroyed", Rule::CombatCardResolution, "Ambush"),
    ("SavedFree", Rule::CombatCardResolution, ""),
    ("SavedBySpending", Rule::Spend, ""),
    ("SaveOrDestroyPicked", Rule::CombatCardResolution, ""),
    ("RoutPrevented", Rule::RoutAndRally, ""),
    ("Routed", Rule::RoutAndRally, ""),
    ("Destroyed", Rule::Destroy, ""),
    ("CardMoved", Rule::CombatCardResolution, ""),
    ("Strike", Rule::OrbitalStrike, "a faction ability"),
    ("StrikeMade", Rule::OrbitalStrike, "an order upgrade"),
    ("StrikeRolled", Rule::OrbitalStrike, ""),
    ("StrikeDamage", Rule::OrbitalStrike, ""),
    ("StrikeDestroyed", Rule::OrbitalStrike, ""),
    ("StrikeSurvived", Rule::OrbitalStrike, ""),
    ("FearFromAbove", Rule::OrderUpgradeCards, "Fear from Above"),
    ("BastionStruck", Rule::OrbitalStrike, ""),
    ("RainOfFire", Rule::OrderUpgradeCards, "Rain of Fire"),
    (
        "DiceSpentFor",
        Rule::OrderUpgradeCards,
        "Lootin'! / Stealin'!",
    ),
    ("Stealin", Rule::OrderUpgradeCards, "Stealin'!"),
    ("Exterminatus", Rule::SchemeEventCards, "Exterminatus"),
    ("StrikeReroll", Rule::SchemeEventCards, "Vicious Raids"),
    ("ViciousRaids", Rule::SchemeEventCards, "Vicious Raids"),
    ("Strafed", Rule::OrderUpgradeCards, "Strafing Run"),
    (
        "CompleteDestructionUnit",
        Rule::OrderUpgradeCards,
        "Complete Destruction",
    ),
    (
        "CompleteDestructionStructure",
        Rule::OrderUpgradeCards,
        "Complete Destruction",
    ),
    ("DropPods", Rule::OrderUpgradeCards, "Drop Pods"),
    ("ObjectivesCollected", Rule::ObjectiveTokens, ""),
    ("MaterielCollected", Rule::Materiel, ""),
    (
        "WorldMaterielCollected",
        Rule::TacticEventCards,
        "Work of the Righteous",
    ),
    (
        "MaterielGained",
        Rule::TacticEventCards,
        "Lootin' 'n Stealin'",
    ),
    ("AssetLost", Rule::TacticEventCards, "Lootin' 'n Stealin'"),
    ("StormCardRevealed", Rule::WarpStormsMoving, ""),
    ("EventCardsDrawn", Rule::EventCards, ""),
    ("EventCardChosen", Rule::EventCards, ""),
    ("StormMoved", Rule::WarpStormsMoving, ""),
    ("NoStormMove", Rule::WarpStormsMoving, ""),
    ("SchemeIntoPlay", Rule::SchemeEventCards, ""),
    ("SchemeDiscarded", Rule::SchemeEventCards, ""),
    ("SchemeInstead", Rule::SchemeEventCards, ""),
    ("RalliedSystem", Rule::SchemeEventCards, ""),
    ("AdvanceNoToken", Rule::SchemeEventCards, "Mob Up!"),
    ("SchemeRouted", Rule::SchemeEventCards, ""),
    ("SchemeMoved", Rule::SchemeEventCards, ""),
    (
        "PrayerMoved",
        Rule::SchemeEventCards,
        "Prayer to the Dark Gods",
    ),
    ("Outmanoeuvred", Rule::SchemeEventCards, "Outmanoeuvre"),
    ("FreeUnitsPlaced", Rule::TacticEventCards, ""),
    ("TacticMoved", Rule::TacticEventCards, ""),
    ("TacticStructure", Rule::TacticEventCards, ""),
    ("CultistDestroyed", Rule::TacticEventCards, ""),
    ("ResolvedIgnoringStorm", Rule::TacticEventCards, ""),
];

/// Plays a random game, handing every event to `on_event`.
fn random_game(
    data: &Arc<GameData>,
    players: u8,
    seed: u64,
    setup: SetupKind,
    on_event: &mut impl FnMut(&Event),
) {
    let mut game = Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
            setup,
        },
        Arc::clone(data),
    )
    .unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() && game.history().len() < 5_000 {
        let legal = game.legal_actions();
        let act = legal[rng.random_range(0..legal.len())];
        for e in game.apply(act).unwrap() {
            on_event(&e);
        }
    }
}

/// Random games on both boards with 2 to 4 players.
fn play_games(games: u64, on_event: &mut impl FnMut(&Event)) {
    let data = common::data();
    for seed in 0..games {
        let players = 2 + u8::try_from(seed % 3).unwrap();
        let setup = if seed % 2 == 1 {
            SetupKind::Build
        } else {
            SetupKind::Intro
        };
        random_game(&data, players, seed, setup, on_event);
    }
}

#[test]
fn every_kind_of_event_names_the_rule_that_produces_it() {
    let named: Vec<&str> = PRODUCED_BY.iter().map(|(k, ..)| *k).collect();
    assert_eq!(named, Event::KINDS, "one row a kind, in declaration order");
    for (kind, rule, _) in PRODUCED_BY {
        assert!(!rule.topic().is_empty(), "{kind}");
    }
}

/// The kinds random play does not reach in the games of the test below (rare cards and
/// upgrades); each still has its rule in [`PRODUCED_BY`] and a Display template. A kind that
/// play comes to reach must leave this list (the test fails until it does).
const NOT_REACHED_BY_RANDOM_PLAY: &[&str] = &[
    "Eliminated",
    "AssetSupplyEmpty",
    "ExtraAssess",
    "StructureLost",
    "CannotRetreat",
    "FaceUpDiscarded",
    "TokensMirrored",
    "OptionalTaken",
    "RalliedAll",
    "NoReinforcementLeft",
    "Replaced",
    "MovedIntoEnemy",
    "HandDiscarded",
    "CombatCardDrawn",
    "IconsAdded",
    "AmbushSaved",
    "SavedFree",
    "SavedBySpending",
    "SaveOrDestroyPicked",
    "RoutPrevented",
    "FearFromAbove",
    "BastionStruck",
    "DiceSpentFor",
    "Stealin",
    "Exterminatus",
    "StrikeReroll",
    "ViciousRaids",
    "Strafed",
    "CompleteDestructionUnit",
    "CompleteDestructionStructure",
    "DropPods",
];

#[test]
fn random_play_reaches_every_kind_of_event_and_each_round_trips_as_json() {
    let mut kinds = BTreeSet::new();
    let mut checked = 0;
    play_games(60, &mut |e| {
        kinds.insert(e.kind());
        let json = serde_json::to_string(e).unwrap();
        let back: Event = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, e, "{json}");
        assert_eq!(back.to_string(), e.to_string(), "{json}");
        checked += 1;
    });
    assert!(checked > 10_000, "{checked} events");
    let missing: Vec<&str> = Event::KINDS
        .iter()
        .copied()
        .filter(|k| !kinds.contains(k))
        .collect();
    assert_eq!(missing, NOT_REACHED_BY_RANDOM_PLAY);
}
