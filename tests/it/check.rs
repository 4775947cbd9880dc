//! The rules checker as a player uses it (`herakon check`, `validate`, `schema`) on
//! hand-written positions under `saves/positions/`: defaults fill a dozen-line sketch, legal
//! actions are numbered, refused actions name their rule and exit 1, `--why` names the fact
//! that triggers the rule, `--dice` replays the table's roll, `--json` is for tools and `--as`
//! hides what a seat may not see. Each test is named after the rule it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use herakon::bot::{Bot, RandomBot};
use herakon::engine::Action;
use herakon::engine::format::save;
use serde_json::Value;

const GROUND: &str = "saves/positions/ground-path-through-enemy-void.json";
const DEPLOY: &str = "saves/positions/deploy-needs-a-forge-token.json";
const PLANNING: &str = "saves/positions/planning-face-down-orders.json";

fn position(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn herakon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herakon"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn text(o: &Output) -> String {
    format!("{}{}", stdout(o), String::from_utf8_lossy(&o.stderr))
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", text(o)))
}

fn scratch(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("herakon-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, body).unwrap();
    file
}

#[test]
fn position_sketch_a_dozen_lines_loads_with_every_default() {
    let file = position(GROUND);
    let lines = std::fs::read_to_string(&file).unwrap().lines().count();
    assert!(lines <= 14, "the example sketch is short: {lines} lines");
    let o = herakon(&["validate", &file]);
    assert!(o.status.success(), "{}", text(&o));
    let o = herakon(&["check", &file, "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let state = &json(&o)["state"];
    assert_eq!(state["round"], 1);
    assert_eq!(state["first_player"], 0);
    assert_eq!(
        state["board"]["cols"], 2,
        "the introductory board for two players"
    );
    let ultramarines = &state["players"][0];
    assert_eq!(ultramarines["materiel"], 6, "starting materiel");
    assert_eq!(ultramarines["combat_deck"].as_array().unwrap().len(), 10);
    assert_eq!(ultramarines["event_deck"].as_array().unwrap().len(), 8);
    // Eight order tokens, the Advance being resolved off the board.
    assert_eq!(ultramarines["orders"].as_array().unwrap().len(), 7);
    let orks = &state["players"][1];
    assert_eq!(
        orks["assets"]["reinforcement"], 1,
        "the Orks start with one"
    );
    assert_eq!(state["phase"]["step"]["ground_stage"], true);
}

#[test]
fn planning_phase_check_lists_the_legal_actions_numbered() {
    let o = herakon(&["check", &position(GROUND)]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", text(&o));
    assert!(out.contains("Decision: seat 1 (Ultramarines) must move ground units"));
    assert!(
        out.contains("Legal actions of seat 1 (Ultramarines), 3:"),
        "{out}"
    );
    assert!(
        out.contains("  1. move B1.se -> B2.nw space-marine x1"),
        "{out}"
    );
    assert!(
        out.contains("  2. move B1.se -> B2.nw space-marine x2"),
        "{out}"
    );
    assert!(out.contains("  3. done"), "{out}");
    assert!(out.contains("B2.ne   void (capacity 3): orks: 1 onslaught-attack-ship"));
}

#[test]
fn moving_ground_units_an_illegal_apply_exits_1_naming_the_rule() {
    let o = herakon(&[
        "check",
        &position(GROUND),
        "--apply",
        "move B1.se -> B2.se space-marine x1",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = stdout(&o);
    assert!(
        out.contains("REFUSED by the rule Moving Ground Units"),
        "{out}"
    );
    assert!(out.contains("3. done"), "the legal actions follow:\n{out}");
    // A legal action before it is applied, then the refusal stops the list.
    let o = herakon(&[
        "check",
        &position(GROUND),
        "--apply",
        "1",
        "--apply",
        "move B1.se -> B2.se space-marine x1",
        "--apply",
        "done",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let report = json(&o);
    assert_eq!(report["applied"].as_array().unwrap().len(), 1);
    assert_eq!(
        report["applied"][0]["action"],
        "move B1.se -> B2.nw space-marine x1"
    );
    assert_eq!(report["refused"]["number"], 2);
    assert_eq!(report["refused"]["rule"], "Moving Ground Units");
}

#[test]
fn moving_ground_units_why_names_the_enemy_void_on_the_only_path() {
    let o = herakon(&[
        "check",
        &position(GROUND),
        "--why",
        "move B1.se -> B2.se space-marine x1",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = stdout(&o);
    assert!(out.contains("is not legal"), "{out}");
    assert!(out.contains("rule: Moving Ground Units"), "{out}");
    assert!(
        out.contains(
            "B2.ne was not friendly to Ultramarines when ground movement began (it is now an enemy void (Evil Sunz Orks)), so it cannot be part of a ground unit's path"
        ),
        "{out}"
    );
    // A legal one says what it would do.
    let o = herakon(&[
        "check",
        &position(GROUND),
        "--why",
        "move B1.se -> B2.nw space-marine x2",
        "--json",
    ]);
    let why = &json(&o)["why"][0];
    assert_eq!(why["legal"], true);
    assert_eq!(why["number"], 2);
    assert_eq!(
        why["events"][0],
        "Ultramarines moves 2 Space Marines from B1.se to B2.nw"
    );
}

#[test]
fn command_level_why_says_a_forge_token_lowers_the_requirement() {
    let o = herakon(&[
        "check",
        &position(DEPLOY),
        "--why",
        "buy land-raider A1.nw",
        "--why",
        "buy battle-barge A1.se +forge",
        "--json",
    ]);
    let why = json(&o)["why"].clone();
    assert_eq!(why[0]["rule"], "Command Level");
    let reason = why[0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("needs command level 2; Ultramarines has 1: add `+forge`"),
        "{reason}"
    );
    assert_eq!(why[1]["rule"], "Cost");
    assert!(
        why[1]["reason"]
            .as_str()
            .unwrap()
            .contains("2 forge token(s)")
    );
}

#[test]
fn deploy_order_an_action_of_another_step_names_the_decision_and_its_rule() {
    let o = herakon(&["check", &position(DEPLOY), "--why", "retreat A1.nw"]);
    let out = stdout(&o);
    assert!(out.contains("rule: Deploy Order"), "{out}");
    assert!(out.contains("must purchase units"), "{out}");
}

#[test]
fn combat_dice_set_by_hand_fix_the_roll() {
    let args = [
        "check",
        &position(GROUND),
        "--apply",
        "move B1.se -> B2.nw space-marine x2",
        "--apply",
        "done",
        "--dice",
        "attacker=OODM,defender=DM",
        "--json",
    ];
    let o = herakon(&args);
    assert!(o.status.success(), "{}", text(&o));
    let report = json(&o);
    let dice = &report["applied"][1]["dice"];
    assert_eq!(dice["kind"], "combat");
    assert_eq!(dice["attacker"], "OODM");
    assert_eq!(dice["defender"], "DM");
    assert_eq!(
        dice["set_by_hand"],
        serde_json::json!(["attacker", "defender"])
    );
    assert_eq!(
        report["state"]["phase"]["step"]["attacker"]["dice"][3],
        "morale"
    );
    assert!(
        report["state"].get("forced_dice").is_none(),
        "the faces are used up"
    );
    // Text says where the faces came from.
    let o = herakon(&args[..args.len() - 1]);
    assert!(
        stdout(&o).contains("dice: attacker OODM (set by hand), defender DM (set by hand)"),
        "{}",
        text(&o)
    );
}

#[test]
fn combat_dice_the_same_seed_rolls_the_same_dice() {
    let roll = |seed: &str| {
        let o = herakon(&[
            "check",
            &position(GROUND),
            "--apply",
            "2",
            "--apply",
            "done",
            "--seed",
            seed,
            "--json",
        ]);
        assert!(o.status.success(), "{}", text(&o));
        json(&o)["applied"][1]["dice"].clone()
    };
    let a = roll("11");
    assert_eq!(a, roll("11"));
    assert_eq!(a["set_by_hand"], serde_json::json!([]));
    assert_eq!(
        a["attacker"].as_str().unwrap().len(),
        4,
        "two space marines, 2 dice each"
    );
}

#[test]
fn action_notation_a_script_applies_one_action_a_line() {
    let script = scratch(
        "script.txt",
        "# the marines go in\nmove B1.se -> B2.nw space-marine x2\n\ndone   # combat\n",
    );
    let o = herakon(&[
        "check",
        &position(GROUND),
        "--script",
        script.to_str().unwrap(),
        "--dice",
        "a=OOOO,d=DD",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = stdout(&o);
    assert!(
        out.contains("1. move B1.se -> B2.nw space-marine x2"),
        "{out}"
    );
    assert!(out.contains("2. done"), "{out}");
    assert!(out.contains("combat in B2.nw: Ultramarines attacks Evil Sunz Orks"));
    assert!(out.contains("After 2 action(s):"));
    // Text that is no action is refused under the notation, with exit status 1.
    let o = herakon(&["check", &position(GROUND), "--apply", "fly B1.se"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Action notation"), "{}", text(&o));
}

#[test]
fn hidden_information_as_a_player_hides_other_seats_orders() {
    let file = position(PLANNING);
    let referee = stdout(&herakon(&["check", &file]));
    assert!(
        referee.contains("order tokens on B1, bottom to top: chaos deploy, ultramarines advance")
    );
    let o = herakon(&["check", &file, "--as", "2"]);
    let chaos = stdout(&o);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!chaos.contains("Hidden information"), "{chaos}");
    assert!(!chaos.contains("ultramarines advance"), "{chaos}");
    assert!(chaos.contains("[stack, bottom to top: ultramarines:? chaos:strategize]"));
    let o = herakon(&["check", &file, "--as", "chaos", "--json"]);
    let report = json(&o);
    assert_eq!(report["viewer"]["seat"], 2);
    assert_eq!(report["state"]["stacks"]["B1"][1]["order"], Value::Null);
    assert_eq!(report["state"]["stacks"]["A2"][1]["order"], "strategize");
    // Seat 1 does not decide: its view lists no legal action.
    let o = herakon(&["check", &file, "--as", "1", "--json"]);
    assert_eq!(json(&o)["legal_actions"], Value::Null);
}

/// The ground-move position after the Space Marines land on Phlegra and start the combat
/// (the referee's moves), saved to a scratch file.
fn combat_started() -> String {
    let text = std::fs::read_to_string(position(GROUND)).unwrap();
    let mut game = save::load(&text, common::data()).unwrap();
    common::play(&mut game, &["move B1.se -> B2.nw space-marine x2", "done"]);
    let file = scratch("combat-started.json", &save::to_json(&game));
    file.to_string_lossy().into_owned()
}

#[test]
fn hidden_information_as_a_player_hides_the_other_combat_hand() {
    let file = combat_started();
    let referee = json(&herakon(&["check", &file, "--json"]));
    let hand = referee["state"]["phase"]["step"]["attacker"]["hand"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(hand.len(), 5);
    let orks = json(&herakon(&["check", &file, "--as", "orks", "--json"]));
    let combat = &orks["state"]["combat"];
    assert_eq!(combat["attacker"]["hand"], serde_json::json!([]));
    assert_eq!(combat["attacker"]["hand_size"], 5);
    assert_eq!(combat["defender"]["hand"].as_array().unwrap().len(), 5);
    // The text view of the Ultramarines shows their hand and not the Orks'.
    let out = stdout(&herakon(&["check", &file, "--as", "1"]));
    let first = hand[0].as_str().unwrap();
    assert!(out.contains(&format!("hand: {first}")), "{out}");
    assert!(out.contains("hand: 5 card(s)"), "{out}");
}

#[test]
fn hidden_information_as_a_player_another_seats_action_is_refused_as_hidden() {
    // Seat 1 moves: seat 2 may not make its choices for it, by notation or by number, even
    // one out of range (the list's length would tell what seat 1 holds).
    let file = position(GROUND);
    for action in ["2", "999", "move B1.se -> B2.nw space-marine x2", "card 1"] {
        let o = herakon(&["check", &file, "--as", "2", "--apply", action]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let out = stdout(&o);
        assert!(
            out.contains(
                "REFUSED by the rule Hidden information: seat 1 decides this; its choice is hidden"
            ),
            "{out}"
        );
        assert!(!out.contains("the list has"), "{out}");
        let report = json(&herakon(&[
            "check", &file, "--as", "2", "--apply", action, "--json",
        ]));
        assert_eq!(report["refused"]["rule"], "Hidden information", "{report}");
        assert_eq!(report["applied"], serde_json::json!([]), "{report}");
    }
    // The seat's own actions are applied; then the Orks decide, and seat 1 stops there.
    let o = herakon(&[
        "check", &file, "--as", "1", "--apply", "2", "--apply", "done", "--apply", "1",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = stdout(&o);
    assert!(out.contains("2. done"), "{out}");
    assert!(
        out.contains("3. 1\n   REFUSED by the rule Hidden information: seat 2 decides"),
        "{out}"
    );
}

#[test]
fn hidden_information_as_a_player_own_dice_are_rolled_on_a_game_dealt_again() {
    // The Ultramarines' `done` starts a combat. Under --as its dice come from a generator
    // dealt again from their view, not the position's own, which the referee rolls with: the
    // same position with another generator (and decks shuffled by it) rolls other dice for
    // the referee and the same for the Ultramarines.
    let file = position(GROUND);
    let mut other: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    other["seed"] = serde_json::json!(99);
    let other = scratch("ground-seed-99.json", &other.to_string());
    let other = other.to_str().unwrap();
    let dice = |file: &str, extra: &[&str]| {
        let mut args = vec!["check", file, "--apply", "2", "--apply", "done", "--json"];
        args.extend(extra);
        let o = herakon(&args);
        assert!(o.status.success(), "{}", text(&o));
        let report = json(&o);
        (
            report["applied"][1]["dice"].clone(),
            report["dealt_again"].clone(),
        )
    };
    let (referee, flag) = dice(&file, &[]);
    assert_eq!(flag, Value::Null);
    assert_ne!(referee, dice(other, &[]).0, "the generators differ");
    let (seen, flag) = dice(&file, &["--as", "1"]);
    assert_eq!(flag, Value::Bool(true));
    assert_eq!(
        seen,
        dice(other, &["--as", "1"]).0,
        "the seat is shown dice of the real generator"
    );
    // With --seed the asker chose the generator: the same dice as the referee's with that seed.
    assert_eq!(
        dice(&file, &["--seed", "11"]).0,
        dice(&file, &["--seed", "11", "--as", "1"]).0
    );
    // The text says the actions ran on a game dealt again.
    let out = stdout(&herakon(&["check", &file, "--as", "1", "--apply", "2"]));
    assert!(out.contains("was dealt again at random"), "{out}");
}

#[test]
fn hidden_information_the_referees_report_says_it_shows_every_secret() {
    let file = position(PLANNING);
    let out = stdout(&herakon(&["check", &file]));
    assert_eq!(
        out.lines().next(),
        Some(herakon::cli::check::REFEREE_LINE),
        "{out}"
    );
    let report = json(&herakon(&["check", &file, "--json"]));
    assert_eq!(report["warning"], herakon::cli::check::REFEREE_LINE);
    // One player's view says nothing of the kind.
    let out = stdout(&herakon(&["check", &file, "--as", "1"]));
    assert!(!out.contains("Referee's view"), "{out}");
    let report = json(&herakon(&["check", &file, "--as", "1", "--json"]));
    assert_eq!(report.get("warning"), None);
}

#[test]
fn position_sketch_validate_lists_every_broken_rule() {
    let file = scratch(
        "broken.json",
        r#"{
  "players": ["ultramarines", "orks"],
  "areas": {
    "A1.nw": ["2 scoutt", "factory"],
    "B2.ne": "space-marine",
    "B1.se": "9 nob"
  },
  "turn": 3
}"#,
    );
    let o = herakon(&["validate", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = stdout(&o);
    for expected in [
        "Position sketch: A1.nw: `2 scoutt` is not a piece",
        "Position sketch: A1.nw: say whose factory it is",
        "Position sketch: turn: there is no seat 3 with 2 players",
        "Voids: B2.ne is a void, but holds the ground unit space-marine",
        "Unit Capacity: B1.se holds 9 units of Evil Sunz Orks",
    ] {
        assert!(out.contains(expected), "missing `{expected}` in:\n{out}");
    }
}

#[test]
fn component_limitations_validate_counts_asset_tokens_held_and_committed_against_the_box() {
    // Four players hold 3 reinforcement tokens each (12, the whole box) while one more is
    // committed to the combat in progress: 13 tokens out of a supply of 12. The attacker holds
    // a card so that somebody can act (a position where nobody can is refused on its own).
    let body = |committed: &str| {
        format!(
            r#"{{
  "players": [
    {{"faction": "ultramarines", "assets": {{"reinforcement": 3}}}},
    {{"faction": "chaos", "assets": {{"reinforcement": 3}}}},
    {{"faction": "orks", "assets": {{"reinforcement": 3}}}},
    {{"faction": "eldar", "assets": {{"reinforcement": 3}}}}
  ],
  "areas": {{"A1.nw": "ultramarines factory, scout", "A1.ne": "cultist"}},
  "phase": {{"phase": "operations", "turn": 0, "step": {{
    "step": "combat", "system": "A1", "area": "A1.ne", "attack_origins": ["A1.nw"],
    "round": 1, "winner": null, "combat_step": {{"step": "choose-card", "side": "attacker"}},
    "attacker": {{"faction": "ultramarines", "reinforced": true, "reinforcements": [{committed}],
      "hand": ["Blessed Power Armour"]}},
    "defender": {{"faction": "chaos", "reinforced": true, "reinforcements": []}}
  }}}}
}}"#
        )
    };
    let over = scratch("assets-over.json", &body("false"));
    let o = herakon(&["validate", over.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        stdout(&o).contains(
            "Component Limitations: 13 reinforcement tokens are out of the supply (12 held by the players, 1 committed to the combat); the box holds 12"
        ),
        "{}",
        text(&o)
    );
    let full = scratch("assets-full.json", &body(""));
    let o = herakon(&["validate", full.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "12 is the whole box: {}",
        text(&o)
    );
}

#[test]
fn position_sketch_a_misspelt_faction_names_its_json_path() {
    let file = scratch(
        "typo.json",
        "{\n  \"players\": [\"ultramarines\", \"orkz\"]\n}\n",
    );
    let o = herakon(&["validate", file.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("line 2"), "{out}");
    assert!(out.contains("$.players[1]"), "{out}");
    assert!(out.contains("`orkz` is not a faction"), "{out}");
}

#[test]
fn save_format_schema_is_valid_json_describing_saves_and_sketches() {
    let o = herakon(&["schema"]);
    assert!(o.status.success(), "{}", text(&o));
    let schema = json(&o);
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(schema["if"]["required"], serde_json::json!(["format"]));
    assert_eq!(schema["then"]["$ref"], "#/$defs/SaveFile");
    assert_eq!(schema["else"]["$ref"], "#/$defs/Sketch");
    let defs = schema["$defs"].as_object().unwrap();
    for name in [
        "SaveFile",
        "Position",
        "Sketch",
        "PlayerSketch",
        "Phase",
        "AreaId",
    ] {
        assert!(defs.contains_key(name), "{name} missing");
    }
    let sketch = &defs["Sketch"];
    assert_eq!(sketch["required"], serde_json::json!(["players"]));
    assert!(sketch["properties"]["areas"].is_object());
}

#[test]
fn rule_errors_every_refusal_names_a_rule_and_never_panics() {
    // Probes of every kind, checked against the generator in thousands of positions: listed
    // actions pass `check`, the others fail it with a rule and a reason.
    let probes: Vec<Action> = [
        "place advance A1",
        "place dominate C3",
        "reveal B2",
        "resolve",
        "to-events",
        "buy space-marine A1.nw",
        "buy land-raider B1.se +forge +cache",
        "build city A1.sw +cache",
        "build bastion B3.ne",
        "move A1.se -> B1.ne strike-cruiser x1",
        "move B1.se -> B2.nw space-marine x0",
        "move A1.sw -> A2.se scout x3",
        "take forge",
        "take prosperity",
        "order-upgrade 0",
        "order-upgrade 9",
        "combat-upgrade 1 replace 0",
        "combat-upgrade 40 replace 1",
        "destroy A1.nw scout",
        "event 0",
        "event 5",
        "storm A1.s -> A2.s",
        "storm B2.s -> B3.s",
        "use-event",
        "reinforce 9",
        "card 0",
        "card 2",
        "card 12",
        "damage bastion",
        "damage routed scout",
        "damage reinforcement",
        "retreat A1.nw",
        "retreat B2.ne",
        "strike B1.ne -> B1.nw",
        "replace A1.nw scout -> land-raider",
        "done",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    .collect();
    for seed in 0..12 {
        let mut game = common::intro(2, seed);
        let mut bot = RandomBot::new(seed);
        for _ in 0..400 {
            let legal = game.legal_actions();
            for probe in &probes {
                match game.check(probe) {
                    Ok(()) => assert!(legal.contains(probe), "{probe} passed but is not listed"),
                    Err(e) => {
                        assert!(!legal.contains(probe), "{probe} listed but refused: {e}");
                        assert!(!e.reason.is_empty());
                    }
                }
            }
            let Some(action) = bot.choose(&game) else {
                break;
            };
            game.apply(action).unwrap();
        }
        // The position the bots reached still loads as a save.
        save::load(&save::to_json(&game), common::data()).unwrap();
    }
}

#[test]
fn combat_odds_estimate_the_combat_an_advance_starts_and_add_up_to_one() {
    let p = position(GROUND);
    let o = herakon(&[
        "check", &p, "--apply", "2", "--apply", "done", "--odds", "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let report = json(&o);
    let odds = &report["odds"];
    let chance = |k: &str| odds[k].as_f64().unwrap_or_else(|| panic!("{k} in {odds}"));
    let total = chance("attacker_wins") + chance("defender_wins") + chance("nobody_wins");
    assert!((total - 1.0).abs() < 1e-9, "{odds}");
    assert!(chance("attacker_losses") >= 0.0 && chance("defender_losses") >= 0.0);
    // Without a combat at hand there is nothing to estimate.
    let o = herakon(&["check", &position(PLANNING), "--odds"]);
    assert!(stdout(&o).contains("Odds: no combat"), "{}", text(&o));
}

#[test]
fn combat_odds_can_be_played_out_by_search_players_with_fewer_samples() {
    let p = position(GROUND);
    let o = herakon(&[
        "check",
        &p,
        "--apply",
        "2",
        "--apply",
        "done",
        "--odds",
        "--odds-bot",
        "search:2",
        "--odds-samples",
        "3",
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let odds = &json(&o)["odds"];
    assert_eq!(odds["samples"].as_u64(), Some(3), "{odds}");
    let chance = |k: &str| odds[k].as_f64().unwrap_or_else(|| panic!("{k} in {odds}"));
    let total = chance("attacker_wins") + chance("defender_wins") + chance("nobody_wins");
    assert!((total - 1.0).abs() < 1e-9, "{odds}");
    // A bot that does not exist, or the option without --odds, is refused.
    let o = herakon(&["check", &p, "--odds", "--odds-bot", "clever"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("`clever` is not a bot"), "{}", text(&o));
    let o = herakon(&["check", &p, "--odds-bot", "search"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn check_json_gives_each_event_as_a_typed_fact_beside_its_words() {
    let o = herakon(&["check", &position(GROUND), "--apply", "1", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let report = json(&o);
    let step = &report["applied"][0];
    let words = step["events"].as_array().unwrap();
    let facts = step["facts"].as_array().unwrap();
    assert_eq!(words.len(), facts.len(), "{step}");
    assert!(!facts.is_empty(), "{step}");
    for (w, f) in words.iter().zip(facts) {
        // The fact reads back as an event with the same words.
        let event: herakon::engine::rules::Event = serde_json::from_value(f.clone()).unwrap();
        assert_eq!(event.to_string(), w.as_str().unwrap(), "{f}");
    }
    assert_eq!(facts[0]["event"], "moved", "{step}");
    assert_eq!(facts[0]["unit"], "space-marine", "{step}");
}
