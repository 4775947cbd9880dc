//! Every kind of event with the rule that produces it, reached by play; and the typed events
//! of `--json` round-trip (serialized, read back: equal, and the same words); no event holds
//! text the engine writes while playing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeSet;

use herakon::engine::rules::{AssetSource, Event};
use herakon::engine::{Asset, CardName, Faction, Rule};

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
    ("MaterielLost", Rule::OrderUpgradeCards, "Lootin'!"),
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

/// Random games on both boards with 2 to 4 players.
fn play_games(games: u64, on_event: &mut impl FnMut(&Event)) {
    let data = common::data();
    for seed in 0..games {
        let (players, setup) = common::seeded_setup(seed, 2);
        let mut game = common::new_game(&data, players, seed, setup);
        common::play_to_end(
            &mut game,
            &mut common::random_chooser(seed, false),
            &mut |_, _, events| events.iter().for_each(&mut *on_event),
        );
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
/// upgrades, full supplies), each with the test that reaches it from a hand-made position and
/// fails unless its history produced the kind (`common::assert_produced`): file under
/// `tests/`, test name. A kind that random play comes to reach must leave this list (the test
/// below fails until it does).
const REACHED_BY_TESTS: &[(&str, &str, &str)] = &[
    (
        "CannotRetreat",
        "cards_combat.rs",
        "retreats_a_unit_a_card_placed_is_destroyed_when_the_last_damage_decides_the_combat",
    ),
    (
        "DropPods",
        "cards_events.rs",
        "drop_pods_two_defence_dice_place_a_free_space_marine_on_the_struck_world_and_start_a_combat",
    ),
    (
        "Eliminated",
        "round.rs",
        "player_elimination_a_player_without_friendly_worlds_is_out_and_the_last_one_wins",
    ),
    (
        "ExtraAssess",
        "cards_combat.rs",
        "armoured_advance_adds_a_second_assess_damage_step_keeping_the_tokens",
    ),
    (
        "StructureLost",
        "event_kinds.rs",
        "component_limitations_a_captured_structure_without_a_control_token_is_destroyed",
    ),
    (
        "FaceUpDiscarded",
        "cards_combat.rs",
        "break_the_line_the_opponent_discards_a_face_up_card",
    ),
    (
        "TokensMirrored",
        "cards_combat.rs",
        "weirdboyz_mirrors_the_opponents_tokens_for_the_rest_of_the_combat",
    ),
    (
        "OptionalTaken",
        "cards_combat.rs",
        "command_of_the_autarch_adds_a_second_card_for_its_icons_only",
    ),
    (
        "RalliedAll",
        "cards_combat.rs",
        "emperors_glory_rolls_two_dice_then_rallies_all_and_turns_dice_to_morale",
    ),
    (
        "NoReinforcementLeft",
        "cards_combat.rs",
        "component_limits_a_free_reinforcement_token_comes_from_the_supply_of_twelve",
    ),
    (
        "Replaced",
        "cards_combat.rs",
        "mark_of_tzeentch_can_replace_a_reinforcement_token_with_a_chaos_space_marine",
    ),
    (
        "MovedIntoEnemy",
        "cards_combat.rs",
        "wave_serpent_moves_units_into_an_adjacent_enemy_area_and_a_combat_follows_there",
    ),
    (
        "HandDiscarded",
        "cards_combat.rs",
        "psychic_lance_the_opponent_discards_at_random_then_four_offence_unless_he_discards_face_up",
    ),
    (
        "CombatCardDrawn",
        "cards_combat.rs",
        "holofield_emitter_draws_a_card_and_plays_one_more_for_its_icons",
    ),
    (
        "IconsAdded",
        "cards_combat.rs",
        "command_of_the_autarch_adds_a_second_card_for_its_icons_only",
    ),
    (
        "AmbushSaved",
        "cards_combat.rs",
        "ambush_a_morale_die_saves_the_routed_unit",
    ),
    (
        "SavedFree",
        "cards_combat.rs",
        "smasher_gargant_a_level_zero_unit_is_saved_without_spending_a_die",
    ),
    (
        "SavedBySpending",
        "cards_combat.rs",
        "smasher_gargant_the_opponent_spends_dice_as_many_as_the_level_and_saves_the_unit",
    ),
    (
        "SaveOrDestroyPicked",
        "cards_combat.rs",
        "smasher_gargant_a_level_zero_unit_is_saved_without_dice_a_higher_one_costs_dice",
    ),
    (
        "RoutPrevented",
        "cards_combat.rs",
        "show_no_fear_damage_does_not_rout_this_round",
    ),
    (
        "FearFromAbove",
        "cards_events.rs",
        "fear_from_above_rolls_an_extra_die_and_a_morale_die_routs_the_survivors",
    ),
    (
        "BastionStruck",
        "cards_events.rs",
        "drop_pods_strikes_a_bastion_world_and_the_bastion_suffers_damage",
    ),
    (
        "DiceSpentFor",
        "cards_events.rs",
        "lootin_rolls_an_extra_die_and_spends_a_die_for_a_materiel_from_the_world_owner",
    ),
    (
        "MaterielLost",
        "cards_events.rs",
        "lootin_rolls_an_extra_die_and_spends_a_die_for_a_materiel_from_the_world_owner",
    ),
    (
        "Stealin",
        "cards_events.rs",
        "stealin_spends_a_morale_die_to_take_an_asset_token_from_the_world_owner",
    ),
    (
        "Exterminatus",
        "cards_events.rs",
        "exterminatus_turns_every_strike_die_to_offence",
    ),
    (
        "StrikeReroll",
        "cards_events.rs",
        "vicious_raids_rerolls_dice_then_gains_a_die_of_your_choice",
    ),
    (
        "ViciousRaids",
        "cards_events.rs",
        "vicious_raids_rerolls_dice_then_gains_a_die_of_your_choice",
    ),
    (
        "Strafed",
        "cards_events.rs",
        "strafing_run_spends_a_defence_die_to_move_ships_to_an_adjacent_system",
    ),
    (
        "CompleteDestructionUnit",
        "cards_events.rs",
        "complete_destruction_the_struck_player_may_destroy_a_unit_instead_of_the_bastion",
    ),
    (
        "CompleteDestructionStructure",
        "cards_events.rs",
        "complete_destruction_strikes_a_bastion_world_and_two_defence_dice_destroy_a_piece",
    ),
];

/// Kinds without a test that reaches them, with the reason.
const UNREACHABLE: &[(&str, &str)] = &[(
    "AssetSupplyEmpty",
    "each kind of asset token has 12 in all and a player holds at most 3, so the supply is \
     empty only when 4 players hold 3 each, and then the gainer is full (AssetsFull) first; \
     reinforcement tokens in a combat leave the supply too, but no asset token is gained \
     during a combat",
)];

/// The body of test `name` in `tests/it/file`, from its `fn` line to the next test.
fn test_body(file: &str, name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let start = text
        .find(&format!("fn {name}()"))
        .unwrap_or_else(|| panic!("no test {name} in tests/it/{file}"));
    let rest = &text[start..];
    let end = rest.find("\n#[test]").unwrap_or(rest.len());
    rest[..end].to_string()
}

#[test]
fn every_kind_random_play_misses_has_a_test_that_fails_without_it() {
    for (kind, file, name) in REACHED_BY_TESTS {
        let body = test_body(file, name);
        assert!(
            body.contains(&format!("common::assert_produced(&g, \"{kind}\")")),
            "tests/it/{file} {name} does not check that it produces {kind}"
        );
        let (_, rule, _) = PRODUCED_BY.iter().find(|(k, ..)| k == kind).unwrap();
        assert!(!rule.topic().is_empty(), "{kind}");
    }
}

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
    let mut by_tests: Vec<&str> = REACHED_BY_TESTS
        .iter()
        .map(|(k, ..)| *k)
        .chain(UNREACHABLE.iter().map(|(k, _)| *k))
        .collect();
    by_tests.sort_by_key(|k| Event::KINDS.iter().position(|x| x == k));
    assert_eq!(missing, by_tests);
}

/// Structures: a winning attacker captures the structures there with his own control tokens;
/// with none left (nine structures already carry his tokens) the structure is destroyed.
#[test]
fn component_limitations_a_captured_structure_without_a_control_token_is_destroyed() {
    use common::{a, build, clear_board, edited, put};
    use herakon::engine::UnitType::{Cultist, IconoclastDestroyer, SpaceMarine};
    use herakon::engine::state::ids::{Faction, Order, StructureKind};
    let (um, ch) = (Faction::Ultramarines, Faction::Chaos);
    let mut g = edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, um);
        for w in [
            "A1.ne", "A2.sw", "A2.se", "B2.nw", "B2.se", "A3.nw", "A3.ne", "B1.se",
        ] {
            build(p, w, StructureKind::Bastion, um);
        }
        build(p, "B3.sw", StructureKind::Factory, ch);
        build(p, "B1.nw", StructureKind::Factory, ch);
        put(p, "A1.ne", &[SpaceMarine]);
        put(p, "B1.nw", &[Cultist]);
        p.area_mut(a("B1.nw")).units[0].routed = true;
        put(p, "B1.ne", &[IconoclastDestroyer]);
        common::revealed(p, 0, "B1", Order::Advance);
    });
    common::play(
        &mut g,
        &[
            "resolve",
            "done",
            "move A1.ne -> B1.nw space-marine x1",
            "done",
        ],
    );
    while !common::produced(&g).contains(&"StructureLost") && g.decision().is_some() {
        let first = g.legal_actions()[0];
        g.apply(first).unwrap();
        assert!(g.history().len() < 20, "the combat ends");
    }
    assert!(g.position().area(a("B1.nw")).structures.is_empty());
    common::assert_produced(&g, "StructureLost");
}

/// The kind declarations of the `events!` table in `src/engine/rules/event.rs`: `Name { fields } =>`.
fn declarations() -> Vec<(&'static str, &'static str)> {
    let source = include_str!("../../src/engine/rules/event.rs");
    let table = &source[source.find("events! {\n").unwrap()..];
    table
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let (name, rest) = line.split_once(" {")?;
            let fields = match rest.split_once("} =>")? {
                ("", _) => "",
                (fields, _) => fields.trim(),
            };
            name.chars()
                .all(char::is_alphanumeric)
                .then_some((name, fields))
        })
        .collect()
}

#[test]
fn no_event_holds_text_the_engine_writes_while_playing() {
    // Facts first, words last (#26): an event holds typed facts and names shared with the
    // data (`CardName`, `CardText`), never a `String` the engine builds while it plays.
    let found = declarations();
    let names: Vec<&str> = found.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, Event::KINDS, "every kind is read from the table");
    for (name, fields) in found {
        assert!(!fields.contains("String"), "{name} holds text: {fields}");
    }
}

#[test]
fn an_asset_source_reads_as_the_card_or_the_icon() {
    let card = AssetSource::Card(CardName::fixed("Crusade"));
    assert_eq!(card.to_string(), "Crusade");
    assert_eq!(AssetSource::Prosperity.to_string(), "prosperity");
    let event = Event::AssetGained {
        faction: Faction::Chaos,
        asset: Asset::Forge,
        why: Some(AssetSource::Prosperity),
    };
    let json = serde_json::to_string(&event).unwrap();
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
}
