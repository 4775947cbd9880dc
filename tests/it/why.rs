//! `--why` names the rule that really forbids an action: for each explainer, one position per
//! rule it can name, in which exactly that rule forbids the action, and the named rule (topic
//! and the clause in the reason) is asserted. Each test is named after the rule.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::needless_pass_by_value
)]

use crate::common;

use herakon::engine::format::sketch;
use herakon::engine::{Action, Game, Rule, RuleError};
use serde_json::{Value, json};

/// A game from a sketch given as JSON.
fn game(sketch: &Value) -> Game {
    let s = sketch::parse(&sketch.to_string()).unwrap_or_else(|e| panic!("sketch: {e}"));
    s.into_game(common::data())
        .unwrap_or_else(|e| panic!("sketch does not load: {e}"))
}

/// The refusal of `action`, which must not be legal.
fn why(game: &Game, action: &str) -> RuleError {
    let a: Action = action.parse().unwrap_or_else(|e| panic!("{action}: {e}"));
    match game.check(&a) {
        Ok(()) => panic!("`{action}` is legal; legal: {:?}", common::legal(game)),
        Err(e) => e,
    }
}

/// Asserts that `action` is refused under `rule` with a reason containing `clause`.
fn refused(game: &Game, action: &str, rule: Rule, clause: &str) {
    let e = why(game, action);
    assert_eq!(e.rule, rule, "`{action}`: {e}");
    assert!(
        e.reason.contains(clause),
        "`{action}`: {e}\nexpected: {clause}"
    );
}

/// Asserts that `action` is legal.
fn allowed(game: &Game, action: &str) {
    let a: Action = action.parse().unwrap();
    assert!(
        game.check(&a).is_ok(),
        "`{action}` refused: {:?}; legal: {:?}",
        game.check(&a),
        common::legal(game)
    );
}

// ----- Retreats (explain_retreat) -----

fn side(faction: &str) -> Value {
    json!({
        "faction": faction, "hand": [], "played": [], "chosen": null, "dice": [],
        "offence_tokens": 0, "defence_tokens": 0, "reinforced": true, "reinforcements": []
    })
}

/// A combat in `area` of B2 (Ultramarines attack World Eaters), won by the other side of
/// `loser`, who must retreat; the attack came from `origins`.
fn retreat(loser: &str, area: &str, origins: &[&str], areas: Value, storms: &[&str]) -> Game {
    let winner = if loser == "defender" {
        "attacker"
    } else {
        "defender"
    };
    let mut all = json!({"A1.nw": "ultramarines factory", "B3.sw": "chaos factory"});
    for (k, v) in areas.as_object().unwrap() {
        all[k] = v.clone();
    }
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": all,
        "storms": storms,
        "phase": {
            "phase": "operations", "turn": 0,
            "step": {
                "step": "combat", "system": "B2", "area": area,
                "attack_origins": origins, "round": 3, "winner": winner,
                "combat_step": {"step": "retreat", "side": loser},
                "attacker": side("ultramarines"), "defender": side("chaos")
            }
        }
    }))
}

/// A fight in the void B2.ne; the attacker came from `origins`.
fn void_fight(loser: &str, origins: &[&str], more: Value) -> Game {
    let mut areas = json!({"B2.ne": "strike-cruiser, iconoclast-destroyer"});
    for (k, v) in more.as_object().unwrap() {
        areas[k] = v.clone();
    }
    retreat(loser, "B2.ne", origins, areas, &[])
}

#[test]
fn retreat_not_into_the_contested_area_itself() {
    let g = void_fight("defender", &["B2.sw"], json!({}));
    refused(
        &g,
        "retreat B2.ne",
        Rule::Retreats,
        "the contested area itself",
    );
}

#[test]
fn retreat_ships_to_voids_only() {
    let g = void_fight("defender", &["B2.sw"], json!({}));
    refused(
        &g,
        "retreat B2.nw",
        Rule::Retreats,
        "units retreat from a void to a void",
    );
}

#[test]
fn retreat_only_to_an_area_on_the_board() {
    let g = void_fight("defender", &["B2.sw"], json!({}));
    refused(&g, "retreat C9.ne", Rule::Areas, "not on the board");
}

#[test]
fn retreat_attacker_only_to_an_area_it_came_from() {
    let g = void_fight("attacker", &["B2.sw"], json!({}));
    allowed(&g, "retreat B2.sw");
    refused(
        &g,
        "retreat B1.ne",
        Rule::Retreats,
        "only to an area his units came from",
    );
}

#[test]
fn retreat_defender_not_into_the_area_the_attackers_came_from() {
    // The puzzle's case: B2.sw is empty, in the active system; no friendly void is open, so
    // the "friendly first" clause is not what forbids it.
    let g = void_fight("defender", &["B2.sw"], json!({}));
    allowed(&g, "retreat B1.ne");
    let e = why(&g, "retreat B2.sw");
    assert_eq!(e.rule, Rule::Retreats);
    assert!(e.reason.contains("attacking units moved from B2.sw"), "{e}");
    assert!(!e.reason.contains("friendly"), "{e}");
}

#[test]
fn retreat_defender_not_into_the_adjacent_system_the_attack_came_from() {
    let g = void_fight("defender", &["B1.sw"], json!({}));
    allowed(&g, "retreat B2.sw");
    refused(
        &g,
        "retreat B1.ne",
        Rule::Retreats,
        "attacking units moved from the adjacent system B1",
    );
}

#[test]
fn retreat_defender_within_the_active_or_an_adjacent_system() {
    let g = void_fight(
        "defender",
        &["B2.sw"],
        json!({"A1.se": "iconoclast-destroyer"}),
    );
    refused(
        &g,
        "retreat A1.se",
        Rule::Retreats,
        "neither in the active system B2 nor adjacent",
    );
}

#[test]
fn retreat_never_into_an_enemy_area() {
    let g = void_fight("defender", &["B2.sw"], json!({"B3.nw": "strike-cruiser"}));
    refused(
        &g,
        "retreat B3.nw",
        Rule::Retreats,
        "never retreat into an enemy or contested area",
    );
}

#[test]
fn retreat_defender_to_a_friendly_area_while_one_is_open() {
    let g = void_fight(
        "defender",
        &["B2.sw"],
        json!({"B3.nw": "iconoclast-destroyer"}),
    );
    allowed(&g, "retreat B3.nw");
    refused(
        &g,
        "retreat B1.ne",
        Rule::Retreats,
        "uncontrolled area only when no friendly one is open, and B3.nw is",
    );
}

#[test]
fn retreat_ships_not_across_a_warp_storm() {
    let mut g = void_fight("defender", &["B2.sw"], json!({}));
    allowed(&g, "retreat B3.nw");
    g = retreat(
        "defender",
        "B2.ne",
        &["B2.sw"],
        json!({"B2.ne": "strike-cruiser, iconoclast-destroyer"}),
        &["B2.s"],
    );
    refused(
        &g,
        "retreat B3.nw",
        Rule::WarpStorms,
        "ships cannot retreat across it",
    );
}

/// A fight on the world B2.nw: the Cultist retreats; `more` adds pieces. A2.se stays open
/// through the friendly void A2.ne, so the retreat is a decision.
fn world_fight(more: Value, storms: &[&str]) -> Game {
    let mut areas = json!({
        "B2.nw": "space-marine, cultist", "B1.se": "cultist",
        "A2.ne": "iconoclast-destroyer", "A2.se": "cultist"
    });
    for (k, v) in more.as_object().unwrap() {
        areas[k] = v.clone();
    }
    retreat("defender", "B2.nw", &["B2.se"], areas, storms)
}

#[test]
fn retreat_ground_units_along_a_path_of_friendly_areas() {
    let g = world_fight(json!({"B1.sw": "iconoclast-destroyer"}), &[]);
    allowed(&g, "retreat B1.se");
    let g = world_fight(json!({}), &[]);
    refused(
        &g,
        "retreat B1.se",
        Rule::Retreats,
        "runs through friendly areas only",
    );
}

#[test]
fn retreat_ground_path_not_across_a_warp_storm() {
    let g = world_fight(json!({"B1.sw": "iconoclast-destroyer"}), &["B2.n"]);
    refused(
        &g,
        "retreat B1.se",
        Rule::WarpStorms,
        "crosses a warp storm",
    );
}

// ----- Moves of an Advance (explain_move) -----

/// A puzzle of `saves/situations/` with the actions its question applies.
fn situation(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves/situations")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(path).unwrap();
    let s = sketch::parse(&text).unwrap();
    let apply = s
        .question
        .as_ref()
        .map(|q| q.apply.clone())
        .unwrap_or_default();
    let mut g = s.into_game(common::data()).unwrap();
    let apply: Vec<&str> = apply.iter().map(String::as_str).collect();
    common::play(&mut g, &apply);
    g
}

/// Ultramarines advance into B2 (ships first); World Eaters hold B2.ne and B2.sw; a storm lies
/// between A2 and B2.
fn ship_advance() -> Game {
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B1.sw": "strike-cruiser", "B1.ne": "routed strike-cruiser",
            "A2.ne": "battle-barge", "A1.se": "battle-barge",
            "B2.ne": "iconoclast-destroyer", "B2.sw": "iconoclast-destroyer"
        },
        "storms": ["B2.w"],
        "phase": "advance B2"
    }))
}

#[test]
fn move_only_own_units() {
    refused(
        &ship_advance(),
        "move B1.sw -> B2.sw iconoclast-destroyer x1",
        Rule::Units,
        "not a unit of Ultramarines",
    );
}

#[test]
fn move_at_least_one_unit() {
    refused(
        &ship_advance(),
        "move B1.sw -> B2.sw strike-cruiser x0",
        Rule::AdvanceOrder,
        "at least one unit",
    );
}

#[test]
fn move_ships_before_ground_units() {
    refused(
        &ship_advance(),
        "move B1.se -> B2.nw space-marine x1",
        Rule::AdvanceOrder,
        "ships move first",
    );
}

#[test]
fn move_to_another_area() {
    refused(
        &ship_advance(),
        "move B1.sw -> B1.sw strike-cruiser x1",
        Rule::MovingShips,
        "already in B1.sw",
    );
}

#[test]
fn move_into_the_active_system_only() {
    refused(
        &ship_advance(),
        "move B1.sw -> B1.ne strike-cruiser x1",
        Rule::MovingShips,
        "not in the active system B2",
    );
}

#[test]
fn move_ships_to_voids_only() {
    refused(
        &ship_advance(),
        "move B1.sw -> B2.nw strike-cruiser x1",
        Rule::MovingShips,
        "ships move to voids and ground units to worlds",
    );
}

#[test]
fn move_from_the_active_or_an_adjacent_system() {
    refused(
        &ship_advance(),
        "move A1.se -> B2.ne battle-barge x1",
        Rule::MovingShips,
        "neither the active system B2 nor adjacent",
    );
}

#[test]
fn move_no_routed_unit() {
    refused(
        &ship_advance(),
        "move B1.ne -> B2.ne strike-cruiser x1",
        Rule::RoutAndRally,
        "1 routed",
    );
}

#[test]
fn move_a_unit_once_per_advance() {
    let mut g = ship_advance();
    common::play(&mut g, &["move B1.sw -> B2.sw strike-cruiser x1"]);
    refused(
        &g,
        "move B2.sw -> B2.ne strike-cruiser x1",
        Rule::AdvanceOrder,
        "already moved in this order",
    );
}

#[test]
fn move_ships_not_across_a_warp_storm() {
    refused(
        &ship_advance(),
        "move A2.ne -> B2.ne battle-barge x1",
        Rule::WarpStorms,
        "ships cannot move across it",
    );
    refused(
        &situation("storms-block-movement"),
        "move B1.ne -> B2.ne strike-cruiser x1",
        Rule::WarpStorms,
        "ships cannot move across it",
    );
}

#[test]
fn move_from_one_adjacent_system_only() {
    refused(
        &situation("one-adjacent-system-ships"),
        "move A2.ne -> B2.ne strike-cruiser x1",
        Rule::MovingShips,
        "units already came from B1; an Advance brings units from one adjacent system only",
    );
    refused(
        &situation("one-adjacent-system-ground"),
        "move A2.se -> B2.se space-marine x1",
        Rule::MovingGroundUnits,
        "units already came from B1; an Advance brings units from one adjacent system only",
    );
}

#[test]
fn move_ground_units_through_friendly_areas_only() {
    refused(
        &situation("ground-through-friendly-void"),
        "move A2.se -> B2.se space-marine x1",
        Rule::MovingGroundUnits,
        "B2.sw was not friendly to Ultramarines when ground movement began (it is now an uncontrolled void",
    );
}

#[test]
fn move_at_most_five_units_into_one_area() {
    refused(
        &situation("five-unit-limit"),
        "move B1.se -> B2.nw space-marine x2",
        Rule::AdvanceOrder,
        "at most 5 may end an Advance in one area",
    );
}

#[test]
fn move_into_one_contested_area_per_advance() {
    refused(
        &situation("single-contested-area"),
        "move B1.se -> B2.nw space-marine x1",
        Rule::AdvanceOrder,
        "would be a second contested area",
    );
}

#[test]
fn move_ground_path_not_across_a_warp_storm() {
    let g = game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B1.se": "space-marine", "B2.ne": "strike-cruiser"
        },
        "storms": ["B2.n"],
        "phase": "advance B2 ground"
    }));
    refused(
        &g,
        "move B1.se -> B2.se space-marine x1",
        Rule::WarpStorms,
        "crosses a warp storm (B1.s)",
    );
}

#[test]
fn move_ork_roks_lets_two_units_through_an_uncontrolled_void() {
    let g = game(&json!({
        "players": [{"faction": "orks", "order_upgrades": ["Ork Roks"]}, "chaos"],
        "areas": {"A1.nw": "orks factory", "B3.sw": "chaos factory", "B1.se": "3 ork-boyz"},
        "phase": "advance B2 ground"
    }));
    allowed(&g, "move B1.se -> B2.se ork-boyz x2");
    refused(
        &g,
        "move B1.se -> B2.se ork-boyz x3",
        Rule::OrderUpgradeCards,
        "by Ork Roks, and 2 more unit(s) may pass there in this Advance, not 3",
    );
}

#[test]
fn move_from_the_warp_lets_ships_cross_a_storm_so_the_storm_is_not_the_reason() {
    let g = game(&json!({
        "players": [{"faction": "chaos", "order_upgrades": ["From the Warp"]}, "ultramarines"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B1.ne": "3 iconoclast-destroyer", "B2.ne": "3 repulsive-grand-cruiser"
        },
        "storms": ["B2.n"],
        "phase": "advance B2"
    }));
    allowed(&g, "move B1.ne -> B2.ne iconoclast-destroyer x2");
    refused(
        &g,
        "move B1.ne -> B2.ne iconoclast-destroyer x3",
        Rule::AdvanceOrder,
        "B2.ne would hold 6 of World Eaters' units; at most 5",
    );
}

// ----- Asset tokens (explain_take) -----

fn prosperity(assets: Value) -> Game {
    game(&json!({
        "players": [{"faction": "ultramarines", "assets": assets}, "chaos"],
        "areas": {"A1.nw": "ultramarines factory", "B3.sw": "chaos factory", "A2.sw": "scout"},
        "phase": {"phase": "operations", "turn": 0,
                  "step": {"step": "dominate", "system": "A2", "prosperity_left": 1}}
    }))
}

#[test]
fn take_no_more_than_three_tokens_of_a_kind() {
    let g = prosperity(json!({"forge": 3}));
    allowed(&g, "take cache");
    refused(
        &g,
        "take forge",
        Rule::Assets,
        "already holds 3 forge tokens, the most",
    );
}

#[test]
fn take_a_token_not_the_prosperity_icon() {
    let g = prosperity(json!({}));
    refused(
        &g,
        "take prosperity",
        Rule::Assets,
        "prosperity is an icon, not a token",
    );
}

// ----- Strategize purchases (explain_strategize_purchase) -----

/// The Eldar resolve a Strategize order in A2, where they have nothing.
fn strategize(order_upgrades: Value, materiel: u8) -> Game {
    game(&json!({
        "players": ["ultramarines", {"faction": "eldar", "order_upgrades": order_upgrades,
                    "materiel": materiel}],
        "areas": {"A1.nw": "ultramarines factory", "B3.sw": "eldar factory"},
        "turn": 2,
        "phase": "strategize A2"
    }))
}

#[test]
fn strategize_purchases_only_where_the_player_is_present() {
    let g = strategize(json!([]), 10);
    refused(
        &g,
        "order-upgrade 1",
        Rule::StrategizeOrder,
        "has no unit or structure in A2",
    );
}

#[test]
fn strategize_farseers_waive_presence_so_cost_is_the_reason() {
    let g = strategize(json!(["Farseers"]), 0);
    refused(
        &g,
        "order-upgrade 1",
        Rule::Cost,
        "costs 1 materiel; Iyanden Eldar has 0",
    );
}

#[test]
fn strategize_upgrade_needs_its_command_level() {
    let g = strategize(json!(["Farseers"]), 10);
    refused(
        &g,
        "order-upgrade 4",
        Rule::CommandLevel,
        "needs command level 2",
    );
}

#[test]
fn strategize_upgrade_number_within_the_deck() {
    let g = strategize(json!(["Farseers"]), 10);
    refused(
        &g,
        "order-upgrade 9",
        Rule::OrderUpgradeCards,
        "4 order upgrade(s) left to buy",
    );
}

// ----- Puzzles whose refusals other explainers give -----

#[test]
fn reinforce_no_more_tokens_than_units_in_the_combat() {
    refused(
        &situation("reinforcement-limit"),
        "reinforce 2",
        Rule::ReinforcementTokens,
        "commits no more than his 1 unit(s) in the combat",
    );
}

#[test]
fn damage_unrouted_units_before_routed_ones() {
    refused(
        &situation("routed-defenders"),
        "damage routed cultist",
        Rule::DamageAndHealth,
        "they suffer damage before routed ones",
    );
}

#[test]
fn strike_not_on_a_world_with_a_bastion() {
    refused(
        &situation("orbital-strike-vs-bastion"),
        "strike B2.ne -> B2.se",
        Rule::Bastions,
        "a bastion on B2.se protects it",
    );
}

#[test]
fn chaos_ability_moves_a_cultist_to_an_adjacent_system_only() {
    refused(
        &situation("storms-keep-systems-adjacent"),
        "move B2.se -> A3.ne cultist x1",
        Rule::DominateOrder,
        "A3.ne is not a world of a system adjacent to B2",
    );
}

#[test]
fn eldar_ability_moves_eldar_units_only() {
    let g = game(&json!({
        "players": ["eldar", "orks"],
        "areas": {
            "A1.nw": "eldar factory", "B3.sw": "orks factory",
            "A2.sw": "aspect-warrior", "A2.se": "ork-boyz"
        },
        "phase": "dominate A2"
    }));
    refused(
        &g,
        "move A2.se -> A1.nw ork-boyz x1",
        Rule::Units,
        "not a unit of Iyanden Eldar",
    );
}

// ----- Planning and reveals (explain_place, explain_reveal) -----

fn planning() -> Game {
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {"A1.nw": "ultramarines factory", "B3.sw": "chaos factory"},
        "stacks": {"A1": "ultramarines strategize, chaos deploy, ultramarines strategize"}
    }))
}

#[test]
fn place_only_a_token_left_in_the_play_area() {
    refused(
        &planning(),
        "place strategize A1",
        Rule::OrderTokens,
        "no strategize token left in his play area",
    );
}

#[test]
fn place_only_on_a_system_with_or_next_to_own_pieces() {
    refused(
        &planning(),
        "place advance B3",
        Rule::PlanningPhase,
        "no unit or structure in B3 or in a system adjacent to it",
    );
}

#[test]
fn place_only_on_a_system_of_the_board() {
    refused(
        &planning(),
        "place advance C7",
        Rule::Systems,
        "C7 is not on the board",
    );
}

fn reveals() -> Game {
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {"A1.nw": "ultramarines factory", "B3.sw": "chaos factory"},
        "stacks": {"A1": "ultramarines advance", "B2": "ultramarines deploy, chaos advance"},
        "phase": "reveal"
    }))
}

#[test]
fn reveal_only_an_own_token_on_top_of_a_stack() {
    refused(
        &reveals(),
        "reveal B2",
        Rule::OperationsPhase,
        "the token on top of B2 belongs to World Eaters",
    );
}

#[test]
fn reveal_only_where_a_token_lies() {
    refused(
        &reveals(),
        "reveal B3",
        Rule::Stack,
        "there is no order token on B3",
    );
}

// ----- Deploy (explain_buy, explain_price, explain_unit_area, explain_build) -----

fn deploy(materiel: u8, structure: bool) -> Game {
    game(&json!({
        "players": [{"faction": "ultramarines", "materiel": materiel}, "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "A1.sw": "scout", "A1.se": "strike-cruiser",
            "A1.ne": "cultist", "B3.sw": "chaos factory"
        },
        "phase": if structure { "deploy A1 structure" } else { "deploy A1" }
    }))
}

#[test]
fn buy_only_own_units() {
    refused(
        &deploy(3, false),
        "buy iconoclast-destroyer A1.se",
        Rule::Units,
        "not a unit of Ultramarines",
    );
}

#[test]
fn buy_needs_the_command_level_or_a_forge_token_for_one_missing_level() {
    let g = deploy(3, false);
    refused(
        &g,
        "buy space-marine A1.sw",
        Rule::CommandLevel,
        "add `+forge`",
    );
    refused(
        &g,
        "buy land-raider A1.sw",
        Rule::CommandLevel,
        "a forge token lowers the requirement by one only",
    );
}

#[test]
fn buy_into_the_active_system_only() {
    refused(
        &deploy(3, false),
        "buy scout B1.se",
        Rule::DeployOrder,
        "not in the active system A1",
    );
}

#[test]
fn buy_ground_units_onto_worlds_only() {
    refused(
        &deploy(3, false),
        "buy scout A1.se",
        Rule::DeployOrder,
        "ships go to voids and ground units to worlds",
    );
}

#[test]
fn buy_onto_a_friendly_or_uncontrolled_area_only() {
    refused(
        &deploy(3, false),
        "buy scout A1.ne",
        Rule::DeployOrder,
        "a purchased unit goes to a friendly or uncontrolled area",
    );
}

#[test]
fn buy_with_a_cache_token_only_when_holding_one() {
    refused(
        &deploy(3, false),
        "buy strike-cruiser A1.se +cache",
        Rule::Assets,
        "has no cache token",
    );
}

#[test]
fn buy_only_what_the_materiel_pays_for() {
    refused(
        &deploy(0, false),
        "buy strike-cruiser A1.se",
        Rule::Cost,
        "Ultramarines has 0 materiel",
    );
}

#[test]
fn build_structures_on_worlds_only() {
    refused(
        &deploy(3, true),
        "build city A1.se",
        Rule::Structures,
        "structures are built on worlds",
    );
}

#[test]
fn build_in_the_active_system_only() {
    refused(
        &deploy(3, true),
        "build city B1.se",
        Rule::DeployOrder,
        "not in the active system A1",
    );
}

#[test]
fn build_on_a_friendly_world_only() {
    refused(
        &deploy(3, true),
        "build city A1.ne",
        Rule::DeployOrder,
        "a structure is built on a friendly world",
    );
}

#[test]
fn build_one_structure_per_world() {
    refused(
        &deploy(3, true),
        "build city A1.nw",
        Rule::Structures,
        "a world holds one structure",
    );
}

#[test]
fn build_only_what_the_materiel_pays_for() {
    refused(
        &deploy(1, true),
        "build city A1.sw",
        Rule::Cost,
        "costs 3 materiel; Ultramarines has 1",
    );
}

// ----- Capacity, damage, orbital strikes (explain_destroy, explain_damage, explain_strike) -----

#[test]
fn destroy_excess_only_where_over_capacity() {
    let g = situation("capacity-excess-after-combat");
    refused(
        &g,
        "destroy A1.nw scout",
        Rule::UnitCapacity,
        "he destroys units only where he is over capacity (B2.nw)",
    );
    refused(
        &g,
        "destroy B2.nw land-raider",
        Rule::UnitCapacity,
        "holds no land-raider",
    );
}

#[test]
fn damage_only_a_unit_in_the_combat() {
    refused(
        &situation("routed-defenders"),
        "damage land-raider",
        Rule::DamageAndHealth,
        "has no land-raider in the combat",
    );
}

#[test]
fn strike_from_a_void_of_the_active_system_with_an_unrouted_ship() {
    let g = situation("orbital-strike-vs-bastion");
    refused(
        &g,
        "strike A1.se -> B2.nw",
        Rule::OrbitalStrike,
        "not a void of the active system B2",
    );
    refused(
        &g,
        "strike B2.sw -> B2.nw",
        Rule::OrbitalStrike,
        "no unrouted ship in B2.sw",
    );
}

#[test]
fn strike_a_world_of_the_active_system() {
    let g = situation("orbital-strike-vs-bastion");
    refused(
        &g,
        "strike B2.ne -> A1.nw",
        Rule::OrbitalStrike,
        "A1.nw lies in system A1, not in the active system B2",
    );
}

// ----- Faction abilities of a Dominate order (explain_ability) -----

fn for_the_emperor(materiel: u8, more: Value) -> Game {
    let mut areas = json!({
        "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
        "A2.sw": "scout", "A2.se": "space-marine", "B2.nw": "scout"
    });
    for (k, v) in more.as_object().unwrap() {
        areas[k] = v.clone();
    }
    game(&json!({
        "players": [{"faction": "ultramarines", "materiel": materiel}, "chaos"],
        "areas": areas,
        "phase": "dominate A2"
    }))
}

#[test]
fn for_the_emperor_replaces_a_scout_or_a_space_marine_one_step_up() {
    refused(
        &for_the_emperor(2, json!({})),
        "replace A2.sw scout -> land-raider",
        Rule::DominateOrder,
        "replaces a scout with a space-marine, or a space-marine with a land-raider",
    );
}

#[test]
fn for_the_emperor_costs_one_materiel() {
    refused(
        &for_the_emperor(0, json!({})),
        "replace A2.sw scout -> space-marine",
        Rule::DominateOrder,
        "costs 1 materiel; Ultramarines has none",
    );
}

#[test]
fn for_the_emperor_on_a_world_of_the_active_system() {
    let g = for_the_emperor(2, json!({}));
    refused(
        &g,
        "replace B2.nw scout -> space-marine",
        Rule::DominateOrder,
        "B2.nw lies in system B2, not in the active system A2",
    );
    refused(
        &g,
        "replace A2.se scout -> space-marine",
        Rule::DominateOrder,
        "A2.se holds no scout",
    );
}

#[test]
fn for_the_emperor_needs_the_new_unit_in_the_supply() {
    let g = for_the_emperor(
        2,
        json!({"A1.sw": "4 land-raider", "A1.ne": "2 land-raider"}),
    );
    refused(
        &g,
        "replace A2.se space-marine -> land-raider",
        Rule::ComponentLimitations,
        "every land-raider is already on the board",
    );
}

#[test]
fn faction_ability_only_the_one_on_the_own_faction_sheet() {
    let g = for_the_emperor(2, json!({}));
    refused(
        &g,
        "move A2.sw -> A1.nw scout x1",
        Rule::DominateOrder,
        "faction sheet has another",
    );
    refused(
        &g,
        "buy scout A2.sw",
        Rule::DominateOrder,
        "purchasing a unit is the Orks' ability",
    );
}

fn ork_dominate() -> Game {
    game(&json!({
        "players": [{"faction": "orks", "materiel": 5}, "chaos"],
        "areas": {
            "A1.nw": "orks factory", "B3.sw": "chaos factory",
            "A2.sw": "ork-boyz", "A2.se": "cultist"
        },
        "phase": "dominate A2"
    }))
}

#[test]
fn ork_ability_buys_ground_units_only() {
    refused(
        &ork_dominate(),
        "buy onslaught-attack-ship A2.ne",
        Rule::DominateOrder,
        "purchases ground units only",
    );
}

#[test]
fn ork_ability_buys_onto_a_friendly_or_uncontrolled_world_of_the_active_system() {
    let g = ork_dominate();
    refused(
        &g,
        "buy ork-boyz A2.se",
        Rule::DominateOrder,
        "a purchased unit goes to a friendly or uncontrolled area",
    );
    refused(
        &g,
        "buy ork-boyz B2.nw",
        Rule::DominateOrder,
        "not in the active system A2",
    );
}

// ----- Combat cards (explain_card) -----

fn choosing_a_card() -> Game {
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B2.ne": "strike-cruiser, iconoclast-destroyer"
        },
        "phase": {"phase": "operations", "turn": 0, "step": {
            "step": "combat", "system": "B2", "area": "B2.ne", "attack_origins": ["B2.sw"],
            "round": 1, "winner": null,
            "combat_step": {"step": "choose-card", "side": "attacker"},
            "attacker": {"faction": "ultramarines", "reinforced": true,
                         "hand": ["Faith in the Emperor", "Faith in the Emperor", "Ambush"]},
            "defender": {"faction": "chaos", "reinforced": true, "hand": []}
        }}
    }))
}

#[test]
fn card_only_from_the_hand() {
    refused(
        &choosing_a_card(),
        "card 7",
        Rule::CombatCards,
        "the hand holds 3 card(s)",
    );
}

#[test]
fn card_two_copies_are_one_choice() {
    refused(
        &choosing_a_card(),
        "card 2",
        Rule::CombatCards,
        "the same card as card 1",
    );
}

// ----- Warp storms in the Refresh Phase (explain_storm) -----

fn storm_move(storms: &[&str]) -> Game {
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {"A1.nw": "ultramarines factory", "B3.sw": "chaos factory"},
        "storms": storms,
        "phase": {"phase": "refresh", "turn": 0, "step": {
            "step": "move-storm", "card": "Adeptus Mechanicus", "ability": true
        }}
    }))
}

#[test]
fn storm_move_only_a_storm_that_is_there() {
    refused(
        &storm_move(&["B2.n"]),
        "storm A2.e -> A2.w",
        Rule::WarpStorms,
        "no warp storm lies on A2.e",
    );
}

#[test]
fn storm_moves_as_the_card_icon_shows() {
    refused(
        &storm_move(&["B2.n"]),
        "storm B1.s -> A2.e",
        Rule::WarpStorms,
        "moves the storm on B1.s only to B1.n or B2.s",
    );
}

#[test]
fn storm_not_onto_another_storm() {
    let g = storm_move(&["B2.n", "B2.s"]);
    allowed(&g, "storm B1.s -> B1.n");
    refused(
        &g,
        "storm B1.s -> B2.s",
        Rule::WarpStorms,
        "a warp storm already lies on B2.s",
    );
}

// ----- Any other action (explain's own fallback) -----

#[test]
fn planning_phase_an_action_of_another_kind_of_decision_names_the_step_and_its_rule() {
    // Not the generic "not a choice now" of the round's order (#30): the rule of the step.
    refused(
        &planning(),
        "reveal A1",
        Rule::PlanningPhase,
        "Ultramarines (seat 1) must place an order token face down now, and `reveal A1` is no such choice; the choices are",
    );
}

// ----- Combat upgrades (explain_combat_upgrade) -----

#[test]
fn combat_upgrade_costs_its_materiel() {
    refused(
        &strategize(json!(["Farseers"]), 0),
        "combat-upgrade 1 replace 1",
        Rule::Cost,
        "Fire Dragon's Vengeance costs 2 materiel; Iyanden Eldar has 0",
    );
}

#[test]
fn combat_upgrade_needs_its_command_level() {
    refused(
        &strategize(json!(["Farseers"]), 10),
        "combat-upgrade 9 replace 1",
        Rule::CommandLevel,
        "Psychic Lance needs command level 3",
    );
}

#[test]
fn combat_upgrade_replaces_a_card_of_the_combat_deck() {
    refused(
        &strategize(json!(["Farseers"]), 10),
        "combat-upgrade 1 replace 30",
        Rule::CombatCards,
        "combat deck has 5 different cards",
    );
}

#[test]
fn storm_moves_once_per_refresh_phase() {
    // The storm on B2.n (= B1.s) has moved already this Refresh Phase (in an earlier seat's
    // event); its icon would take it to B1.n, a free edge, so only "once" forbids it.
    let mut pos = storm_move(&["B2.n", "B2.s"]).position().clone();
    let moved: herakon::engine::EdgeId = "B1.s".parse().unwrap();
    for s in &mut pos.storms {
        if s.edge == moved {
            s.moved = true;
        }
    }
    assert!(pos.storms.iter().any(|s| s.moved), "a storm marked moved");
    let g = Game::from_position(pos, common::data()).unwrap();
    refused(
        &g,
        "storm B1.s -> B1.n",
        Rule::WarpStorms,
        "the storm on B1.s has already moved this Refresh Phase",
    );
}

// ----- Orbital strike damage (explain_strike_damage) -----

/// An orbital strike by the Ultramarines from B2.ne on B2.se, held by World Eaters with
/// `units` (and `structure`), with `remaining` damage for the World Eaters to assign.
fn strike_damage(units: &str, remaining: u8) -> Game {
    game(&json!({
        "players": ["ultramarines", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B2.ne": "strike-cruiser", "B2.se": units
        },
        "phase": {"phase": "operations", "turn": 0, "step": {
            "step": "orbital", "system": "B2", "void": "B2.ne", "world": "B2.se",
            "dice": [], "remaining": remaining
        }}
    }))
}

#[test]
fn strike_damage_to_units_only_not_a_bastion() {
    let g = strike_damage("chaos-space-marine, chaos bastion", 1);
    allowed(&g, "damage chaos-space-marine");
    refused(
        &g,
        "damage bastion",
        Rule::OrbitalStrike,
        "an orbital strike damages units only",
    );
}

#[test]
fn strike_damage_to_units_only_not_a_reinforcement_token() {
    let g = strike_damage("chaos-space-marine", 1);
    refused(
        &g,
        "damage reinforcement",
        Rule::OrbitalStrike,
        "an orbital strike damages units only",
    );
}

#[test]
fn strike_damage_unrouted_units_before_routed_ones() {
    let g = strike_damage("routed cultist, chaos-space-marine", 1);
    allowed(&g, "damage chaos-space-marine");
    refused(
        &g,
        "damage routed cultist",
        Rule::OrbitalStrike,
        "unrouted units on B2.se; they suffer the damage before routed ones",
    );
}

#[test]
fn strike_damage_only_to_a_unit_on_the_struck_world() {
    let g = strike_damage("routed cultist, chaos-space-marine", 1);
    refused(
        &g,
        "damage cultist",
        Rule::OrbitalStrike,
        "there is no unrouted cultist of World Eaters on B2.se",
    );
    refused(
        &g,
        "damage routed helbrute",
        Rule::OrbitalStrike,
        "there is no routed helbrute of World Eaters on B2.se",
    );
}

/// An Ultramarines orbital strike on Phlegra (B2.nw: two Cultists, no bastion) after an
/// Advance, with `upgrades` bought and the first of them chosen at the upgrade step, rolled
/// as four offence dice; the World Eaters then assign the damage.
fn upgraded_strike(upgrades: &[&str]) -> Game {
    let mut g = game(&json!({
        "players": [{"faction": "ultramarines", "order_upgrades": upgrades}, "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B2.ne": "strike-cruiser", "B2.nw": "cultist, cultist"
        },
        "phase": "advance B2 ground",
        "dice": {"attacker": "OOOO"}
    }));
    common::play(&mut g, &["done", "strike B2.ne -> B2.nw", "option 1"]);
    // The dice are rolled with `done`, and any die ability passed over the same way.
    for _ in 0..4 {
        if common::legal(&g).iter().any(|a| a.starts_with("damage")) {
            break;
        }
        common::play(&mut g, &["done"]);
    }
    g
}

#[test]
fn strike_damage_to_a_bastion_through_an_upgrade_only_where_there_is_one() {
    // Drop Pods lets a strike through a bastion, so "units only" is not the reason: the
    // World Eaters have no bastion on the struck world.
    let g = upgraded_strike(&["Drop Pods"]);
    allowed(&g, "damage cultist");
    refused(
        &g,
        "damage bastion",
        Rule::OrbitalStrike,
        "World Eaters has no bastion on B2.nw",
    );
    // Rain of Fire does not: the strike damages units only.
    let g = upgraded_strike(&["Rain of Fire"]);
    allowed(&g, "damage cultist");
    refused(
        &g,
        "damage bastion",
        Rule::OrbitalStrike,
        "an orbital strike damages units only",
    );
}

// ----- Constructing the board in Setup (explain_setup, construct.rs) -----
// Already in tests/it/setup.rs: a tile next to a placed one and within the board's size
// (a_tile_must_be_adjacent_to_a_placed_tile, the_board_may_not_exceed_*), every initial force
// by the third tile (every_initial_force_is_placed_by_the_third_tile_...), unit capacity
// (initial_forces_respect_unit_capacity_and_unit_kind), objective tokens of one faction never
// on one tile and the most-held faction first, storms never on a storm or off the board.

use herakon::engine::{AreaId, Faction, NewGameOptions, SetupKind, SetupStep, StructureKind};
use herakon::engine::{SystemId, UnitType};

/// A constructed setup for two players (seed 11): the first seat to place its first tile.
fn constructed() -> Game {
    constructed_for(2)
}

/// A constructed setup for `players` (seed 11): the first seat to place its first tile.
fn constructed_for(players: u8) -> Game {
    Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed: 11,
            setup: SetupKind::Build,
        },
        common::data(),
    )
    .unwrap()
}

/// Asserts that the setup `action` is refused under `rule` with a reason containing `clause`.
fn setup_refused(g: &Game, action: Action, rule: Rule, clause: &str) {
    assert!(!g.legal_actions().contains(&action), "`{action}` is legal");
    let e = g.check(&action).unwrap_err();
    assert_eq!(e.rule, rule, "`{action}`: {e}");
    assert!(
        e.reason.contains(clause),
        "`{action}`: {e}\nexpected: {clause}"
    );
}

/// The constructed setup after the first seat placed its first tile (the first legal one):
/// its initial forces are to be placed on that tile, returned with the game.
fn forces_step() -> (Game, SystemId) {
    let mut g = constructed();
    let first = g.legal_actions()[0];
    g.apply(first).unwrap();
    let Some(SetupStep::Forces { system }) = g.setup_state().map(|s| s.step) else {
        panic!("not placing forces: {:?}", g.decision())
    };
    (g, system)
}

/// An area of `system`: a world if `world`, else a void.
fn area_of(g: &Game, system: SystemId, world: bool) -> AreaId {
    g.board()
        .areas_of(system)
        .find(|a| a.is_world() == world)
        .map(|a| a.id)
        .unwrap()
}

/// The faction deciding now.
fn deciding(g: &Game) -> Faction {
    let seat = g.decision().unwrap().seat;
    g.position().players[seat.index()].faction
}

#[test]
fn setup_tile_only_one_of_the_own_tiles() {
    let g = constructed();
    let s = g.setup_state().unwrap();
    let seat = g.decision().unwrap().seat;
    let other = s.hands[1 - seat.index()][0];
    let legal = g.legal_actions();
    let Action::PlaceTile { system, .. } = legal[0] else {
        panic!("{}", legal[0])
    };
    setup_refused(
        &g,
        Action::PlaceTile {
            number: other,
            side_b: false,
            rotation: 0,
            system,
        },
        Rule::Setup,
        &format!("holds no system tile {other}"),
    );
}

#[test]
fn setup_tile_turns_zero_to_three_quarter_turns() {
    let g = constructed();
    let Action::PlaceTile {
        number,
        side_b,
        system,
        ..
    } = g.legal_actions()[0]
    else {
        panic!()
    };
    setup_refused(
        &g,
        Action::PlaceTile {
            number,
            side_b,
            rotation: 4,
            system,
        },
        Rule::Setup,
        "0-3 quarter turns",
    );
}

#[test]
fn setup_forces_on_the_tile_just_placed() {
    let (g, system) = forces_step();
    let elsewhere: AreaId = "A1.nw".parse().unwrap();
    assert_ne!(elsewhere.system, system);
    let unit = own_unit(&g, false);
    setup_refused(
        &g,
        Action::SetupUnit {
            unit,
            area: elsewhere,
        },
        Rule::Setup,
        &format!("initial forces go on the tile just placed, {system}"),
    );
    setup_refused(
        &g,
        Action::SetupStructure {
            kind: StructureKind::Factory,
            area: elsewhere,
        },
        Rule::Setup,
        "tile just placed",
    );
}

/// A unit type of the deciding faction's initial forces: a ship if `ship`, else a ground unit.
fn own_unit(g: &Game, ship: bool) -> UnitType {
    let f = deciding(g);
    common::data()
        .faction(f)
        .initial_forces
        .units
        .keys()
        .copied()
        .find(|&u| g.is_ship(u) == ship)
        .unwrap()
}

#[test]
fn setup_forces_only_own_units() {
    let (g, system) = forces_step();
    let f = deciding(&g);
    let foreign = UnitType::ALL
        .into_iter()
        .find(|u| u.faction() != f && !g.is_ship(*u))
        .unwrap();
    setup_refused(
        &g,
        Action::SetupUnit {
            unit: foreign,
            area: area_of(&g, system, true),
        },
        Rule::Setup,
        &format!("a {foreign} is not one of"),
    );
}

#[test]
fn setup_forces_only_units_left_among_the_initial_forces() {
    let (g, system) = forces_step();
    let f = deciding(&g);
    let sheet = common::data().faction(f).initial_forces.clone();
    let missing = UnitType::ALL
        .into_iter()
        .find(|u| u.faction() == f && !g.is_ship(*u) && !sheet.units.contains_key(u))
        .unwrap();
    setup_refused(
        &g,
        Action::SetupUnit {
            unit: missing,
            area: area_of(&g, system, true),
        },
        Rule::Setup,
        &format!("has no {missing} left among his initial forces"),
    );
}

#[test]
fn setup_ships_in_voids_only() {
    let (g, system) = forces_step();
    let world = area_of(&g, system, true);
    setup_refused(
        &g,
        Action::SetupUnit {
            unit: own_unit(&g, true),
            area: world,
        },
        Rule::MovingShips,
        "ships are placed in voids",
    );
}

#[test]
fn setup_ground_units_on_worlds_only() {
    let (g, system) = forces_step();
    let void = area_of(&g, system, false);
    setup_refused(
        &g,
        Action::SetupUnit {
            unit: own_unit(&g, false),
            area: void,
        },
        Rule::Voids,
        "ground units are placed on worlds",
    );
}

/// A structure kind of the deciding faction's initial forces.
fn own_structure(g: &Game) -> StructureKind {
    let f = deciding(g);
    *common::data()
        .faction(f)
        .initial_forces
        .structures
        .keys()
        .next()
        .unwrap()
}

#[test]
fn setup_structures_on_worlds_only() {
    let (g, system) = forces_step();
    setup_refused(
        &g,
        Action::SetupStructure {
            kind: own_structure(&g),
            area: area_of(&g, system, false),
        },
        Rule::Structures,
        "a structure can only be placed on a world",
    );
}

#[test]
fn setup_structures_only_those_left_among_the_initial_forces() {
    let (g, system) = forces_step();
    let f = deciding(&g);
    let sheet = common::data().faction(f).initial_forces.clone();
    let missing = StructureKind::ALL
        .into_iter()
        .find(|k| !sheet.structures.contains_key(k))
        .unwrap();
    setup_refused(
        &g,
        Action::SetupStructure {
            kind: missing,
            area: area_of(&g, system, true),
        },
        Rule::Setup,
        &format!("has no {missing} left among his initial forces"),
    );
}

#[test]
fn setup_a_decision_of_another_step_is_no_choice_now() {
    let g = constructed();
    let edge: herakon::engine::EdgeId = "C3.n".parse().unwrap();
    setup_refused(
        &g,
        Action::PlaceStorm { edge },
        Rule::Setup,
        "while the board is built; `warp-storm",
    );
}

/// The constructed setup played on (first legal tile, `done` while allowed, the first legal
/// objective token) until objective tokens are to be placed on a tile with two free objective
/// spaces; returns the game and that tile. Three players: each holds tokens of two factions,
/// so a second token may follow the first on a tile.
fn objectives_step() -> (Game, SystemId) {
    let mut g = constructed_for(3);
    for _ in 0..200 {
        if let Some(SetupStep::Objectives { system }) = g.setup_state().map(|s| s.step) {
            let areas: std::collections::BTreeSet<AreaId> = g
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::PlaceObjective { area, .. } => Some(area),
                    _ => None,
                })
                .collect();
            if areas.len() >= 2 {
                return (g, system);
            }
        }
        let legal = g.legal_actions();
        let act = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        g.apply(act).unwrap();
    }
    panic!("no tile with two objective spaces in this setup")
}

/// The first legal objective token placement.
fn first_objective(g: &Game) -> (AreaId, Faction) {
    g.legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::PlaceObjective { area, faction } => Some((area, faction)),
            _ => None,
        })
        .unwrap()
}

#[test]
fn objective_tokens_on_the_tile_just_placed() {
    let (g, system) = objectives_step();
    let (_, faction) = first_objective(&g);
    let elsewhere: AreaId = ["A1.nw", "B1.nw"]
        .into_iter()
        .map(|a| a.parse::<AreaId>().unwrap())
        .find(|a| a.system != system)
        .unwrap();
    setup_refused(
        &g,
        Action::PlaceObjective {
            area: elsewhere,
            faction,
        },
        Rule::ObjectiveTokens,
        &format!("objective tokens go on the tile just placed, {system}"),
    );
}

#[test]
fn objective_tokens_only_on_an_objective_space() {
    let (g, system) = objectives_step();
    let (_, faction) = first_objective(&g);
    let plain = g
        .board()
        .areas_of(system)
        .find(|a| !a.world().is_some_and(|w| w.objective_space))
        .map(|a| a.id)
        .unwrap();
    setup_refused(
        &g,
        Action::PlaceObjective {
            area: plain,
            faction,
        },
        Rule::ObjectiveTokens,
        &format!("{plain} has no objective token space"),
    );
}

#[test]
fn objective_tokens_one_per_objective_space() {
    let (mut g, _) = objectives_step();
    let (area, faction) = first_objective(&g);
    g.apply(Action::PlaceObjective { area, faction }).unwrap();
    // The next token, of a faction he may still place here, on the space just filled.
    let (_, next) = first_objective(&g);
    setup_refused(
        &g,
        Action::PlaceObjective {
            area,
            faction: next,
        },
        Rule::ObjectiveTokens,
        &format!("the objective space of {area} is taken"),
    );
}

#[test]
fn objective_tokens_only_those_the_player_holds() {
    let (g, _) = objectives_step();
    let (area, _) = first_objective(&g);
    // His own faction's tokens are never dealt to him.
    let own = deciding(&g);
    setup_refused(
        &g,
        Action::PlaceObjective { area, faction: own },
        Rule::ObjectiveTokens,
        &format!("holds no objective token of {}", own.name()),
    );
}

/// Constructed setups for 2-4 players (seeds 1-40) played on by the first legal action (or
/// `done`), until `found` returns something for a position; what it returned.
fn setup_search<T>(mut found: impl FnMut(&Game) -> Option<T>) -> Option<T> {
    for players in 2..=4 {
        for seed in 1u8..=40 {
            let mut g = Game::new(
                &NewGameOptions {
                    players,
                    factions: None,
                    seed: u64::from(seed),
                    setup: SetupKind::Build,
                },
                common::data(),
            )
            .unwrap();
            while g.setup_state().is_some() {
                if let Some(t) = found(&g) {
                    return Some(t);
                }
                let legal = g.legal_actions();
                let act = if legal.contains(&Action::Done) {
                    Action::Done
                } else {
                    legal[usize::from(seed) % legal.len()]
                };
                g.apply(act).unwrap();
            }
        }
    }
    None
}

#[test]
fn setup_tile_side_must_leave_room_for_the_remaining_initial_forces() {
    // A tile and side of the hand on a free place where others may go, refused: only the
    // room left for the initial forces can forbid it.
    let hit = setup_search(|g| {
        let s = g.setup_state()?;
        if s.step != SetupStep::Tile {
            return None;
        }
        let legal = g.legal_actions();
        let Action::PlaceTile { system, .. } = *legal.first()? else {
            return None;
        };
        let hand = &s.hands[g.decision()?.seat.index()];
        hand.iter()
            .flat_map(|&number| {
                [false, true].map(|side_b| Action::PlaceTile {
                    number,
                    side_b,
                    rotation: 0,
                    system,
                })
            })
            .find(|a| !legal.contains(a))
            .map(|a| (g.clone(), a))
    });
    let (g, act) = hit.expect("some setup where a side leaves too little room");
    setup_refused(
        &g,
        act,
        Rule::Setup,
        "remaining initial forces would not fit on his remaining tiles",
    );
}

#[test]
fn setup_forces_placed_now_when_the_remaining_tiles_cannot_hold_them() {
    // Not his third tile (tiles remain in his hand), yet `done` is refused: the forces left
    // would not fit on the tiles left.
    let hit = setup_search(|g| {
        let s = g.setup_state()?;
        let seat = g.decision()?.seat;
        let early = !s.hands[seat.index()].is_empty();
        (matches!(s.step, SetupStep::Forces { .. })
            && early
            && !g.legal_actions().contains(&Action::Done))
        .then(|| g.clone())
    });
    let g = hit.expect("some setup where forces must be placed before the third tile");
    setup_refused(
        &g,
        Action::Done,
        Rule::Setup,
        "remaining initial forces would not fit on his remaining tiles; place more of them here",
    );
}
