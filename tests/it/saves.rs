//! Saves: a game saved at any moment loads back identical, random generator included; broken
//! files name the line, column and JSON path; hand-made positions that break rules list every
//! violation (DESIGN: save files; Rules Reference: Component Limitations, Unit Capacity,
//! Materiel, Assets, Structures, Objective Tokens).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{a, data, intro};
use herakon::bot::{Bot, RandomBot};
use herakon::engine::format::save::{self, LoadError};
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::state::position::{Structure, Unit};
use herakon::engine::{Faction, Game, StructureKind, UnitType};

/// A 2-player game played by random bots for `steps` decisions.
fn played(seed: u64, steps: usize) -> Game {
    let mut game = intro(2, seed);
    let mut bot = RandomBot::new(seed);
    for _ in 0..steps {
        let Some(action) = bot.choose(&game) else {
            break;
        };
        game.apply(action).unwrap();
    }
    game
}

#[test]
fn a_save_round_trip_gives_an_equal_game_that_rolls_the_same_dice_next() {
    for (seed, steps) in [(1, 40), (2, 150), (3, 400), (4, 900)] {
        let game = played(seed, steps);
        let text = save::to_json(&game);
        let loaded = save::load(&text, data()).unwrap();
        assert_eq!(
            loaded.position(),
            game.position(),
            "seed {seed}: same position"
        );
        assert_eq!(
            loaded.history(),
            game.history(),
            "seed {seed}: same history"
        );
        assert_eq!(loaded.legal_actions(), game.legal_actions(), "seed {seed}");
        // The generator is saved mid-stream: both copies go on identically.
        let (mut x, mut y) = (game, loaded);
        let mut bot = RandomBot::new(99);
        for _ in 0..200 {
            let Some(action) = bot.choose(&x) else { break };
            x.apply(action).unwrap();
            y.apply(action).unwrap();
        }
        assert_eq!(x.position(), y.position(), "seed {seed}: same future");
    }
}

#[test]
fn a_round_trip_keeps_units_stacks_storms_and_decks() {
    let game = played(5, 300);
    let pos = game.position();
    assert!(!pos.areas.is_empty() && !pos.storms.is_empty());
    let loaded = save::load(&save::to_json(&game), data()).unwrap();
    assert_eq!(loaded.position().areas, pos.areas);
    assert_eq!(loaded.position().stacks, pos.stacks);
    assert_eq!(loaded.position().storms, pos.storms);
    assert_eq!(loaded.position().players, pos.players);
}

/// Saves keep card names as plain strings: the recorded games of `tests/data/event_log`
/// (written while the engine held card names as `String`s) load and save again byte for byte,
/// and a game saved in a combat writes each card of a hand as a JSON string.
#[test]
fn saves_keep_card_names_as_plain_strings() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/event_log");
    let mut fixtures = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let game = save::load(&text, data()).unwrap();
        assert_eq!(save::to_json(&game), text, "{}", path.display());
        fixtures += 1;
    }
    assert!(fixtures >= 4, "the recorded games are there");

    // A game stopped while a combat's cards are in hand.
    let in_hand = |game: &Game| match &game.position().phase {
        Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } if !c.attacker.hand.is_empty() => Some(c.attacker.hand.clone()),
        _ => None,
    };
    let (game, hand) = (1..40)
        .find_map(|seed| {
            let mut game = intro(2, seed);
            let mut bot = RandomBot::new(seed);
            loop {
                if let Some(hand) = in_hand(&game) {
                    return Some((game, hand));
                }
                game.apply(bot.choose(&game)?).unwrap();
            }
        })
        .expect("a random game with a combat");
    let text = save::to_json(&game);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let names: Vec<serde_json::Value> = hand.iter().map(|c| c.as_str().into()).collect();
    assert!(
        find_key(&json, "hand").contains(&&serde_json::Value::Array(names)),
        "the attacker's hand is a list of plain strings"
    );
    let loaded = save::load(&text, data()).unwrap();
    assert_eq!(save::to_json(&loaded), text, "saved again byte for byte");
}

/// Every value under `key` anywhere in `v`.
fn find_key<'a>(v: &'a serde_json::Value, key: &str) -> Vec<&'a serde_json::Value> {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .flat_map(|(k, x)| {
                let mut out = if k == key { vec![x] } else { Vec::new() };
                out.extend(find_key(x, key));
                out
            })
            .collect(),
        serde_json::Value::Array(a) => a.iter().flat_map(|x| find_key(x, key)).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn broken_json_names_the_line_and_column() {
    let game = intro(2, 1);
    let text = save::to_json(&game);
    // Cut the file in the middle of its third line.
    let broken: String = text.lines().take(3).collect::<Vec<_>>().join("\n") + "\n  \"round\" 1";
    match save::load(&broken, data()) {
        Err(LoadError::Syntax { line, column, .. }) => {
            assert_eq!(line, 4);
            assert!(column > 1);
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

#[test]
fn a_wrong_value_names_its_json_path_and_what_was_expected() {
    let game = intro(2, 1);
    let mut v: serde_json::Value = serde_json::from_str(&save::to_json(&game)).unwrap();
    v["position"]["players"][0]["materiel"] = serde_json::json!("six");
    let text = serde_json::to_string_pretty(&v).unwrap();
    match save::load(&text, data()) {
        Err(LoadError::Syntax {
            path,
            message,
            line,
            ..
        }) => {
            assert_eq!(path, "$.position.players[0].materiel");
            assert!(message.contains("u8"), "{message}");
            assert!(line > 1);
        }
        other => panic!("expected a typed error, got {other:?}"),
    }
}

#[test]
fn an_unknown_format_version_is_refused() {
    let game = intro(2, 1);
    let text = save::to_json(&game).replacen("\"format\": 1", "\"format\": 99", 1);
    assert_eq!(
        save::load(&text, data()).err(),
        Some(LoadError::Format { found: 99 })
    );
}

#[test]
fn an_edited_position_that_its_history_does_not_reach_is_refused() {
    let game = played(6, 60);
    let mut file = save::save(&game);
    file.position.players[0].materiel = file.position.players[0].materiel.saturating_sub(1);
    let text = file.to_string();
    match save::load(&text, data()) {
        Err(LoadError::Mismatch { entries, first }) => {
            assert_eq!(entries, 60);
            assert!(
                first.contains("players") && first.contains("materiel"),
                "{first}"
            );
            assert!(
                first.contains("entry "),
                "the first bad entry is named: {first}"
            );
        }
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn an_illegal_history_entry_names_its_index_and_the_rule() {
    let game = played(7, 10);
    let mut file = save::save(&game);
    file.history[3] = "reveal A1".into();
    match save::load(&file.to_string(), data()) {
        Err(LoadError::History { index, text, .. }) => {
            assert_eq!((index, text.as_str()), (4, "reveal A1"));
        }
        other => panic!("expected a history error, got {other:?}"),
    }
}

/// A hand-made position (no history) built from the introductory one with `edit` applied.
fn position_text(edit: impl FnOnce(&mut herakon::engine::Position)) -> String {
    let game = intro(2, 1);
    let mut pos = game.position().clone();
    edit(&mut pos);
    let file = save::SaveFile::of_position(pos);
    file.to_string()
}

fn violations(text: &str) -> Vec<String> {
    match save::load(text, data()) {
        Err(LoadError::Invalid { violations, .. }) => {
            violations.iter().map(ToString::to_string).collect()
        }
        other => panic!("expected rule violations, got {other:?}"),
    }
}

#[test]
fn a_hand_made_position_lists_every_broken_rule_at_once() {
    let text = position_text(|pos| {
        // Seven units in a void of capacity three.
        pos.area_mut(a("A1.se")).units = vec![Unit::new(UnitType::StrikeCruiser); 3];
        pos.area_mut(a("A1.sw")).units = vec![Unit::new(UnitType::Scout); 6];
        pos.area_mut(a("A2.nw")).units = vec![Unit::new(UnitType::IconoclastDestroyer); 3];
        pos.area_mut(a("A2.ne")).units = vec![Unit::new(UnitType::IconoclastDestroyer); 1];
        // Materiel beyond the dial, four forge tokens.
        pos.players[0].materiel = 15;
        pos.players[1].assets.forge = 4;
        // Two structures on one world.
        pos.area_mut(a("B1.nw")).structures = vec![
            Structure {
                kind: StructureKind::City,
                owner: Faction::Chaos,
            },
            Structure {
                kind: StructureKind::Factory,
                owner: Faction::Chaos,
            },
        ];
        // An objective token of a faction not in the game.
        pos.area_mut(a("A2.sw")).objectives.push(Faction::Orks);
    });
    let v = violations(&text);
    let has = |words: &[&str]| v.iter().any(|m| words.iter().all(|w| m.contains(w)));
    assert!(has(&["A1.sw", "capacity is 4"]), "{v:#?}");
    assert!(has(&["15 materiel"]), "{v:#?}");
    assert!(has(&["4 forge"]), "{v:#?}");
    assert!(has(&["B1.nw", "2 structures"]), "{v:#?}");
    assert!(has(&["iconoclast-destroyer", "box holds 3"]), "{v:#?}");
    assert!(has(&["A2.sw", "Orks", "not in the game"]), "{v:#?}");
    assert!(
        v.len() >= 6,
        "every violation is listed, not only the first: {v:#?}"
    );
}

#[test]
fn a_ship_on_a_world_and_a_ground_unit_in_a_void_are_both_reported() {
    let text = position_text(|pos| {
        pos.area_mut(a("B1.nw"))
            .units
            .push(Unit::new(UnitType::IconoclastDestroyer));
        pos.area_mut(a("B1.ne"))
            .units
            .push(Unit::new(UnitType::Cultist));
    });
    let v = violations(&text);
    assert!(
        v.iter().any(|m| m.contains("B1.nw") && m.contains("ship")),
        "{v:#?}"
    );
    assert!(
        v.iter()
            .any(|m| m.contains("B1.ne") && m.contains("ground unit")),
        "{v:#?}"
    );
}

#[test]
fn a_legal_hand_made_position_loads() {
    let text = position_text(|pos| {
        pos.area_mut(a("B1.nw"))
            .units
            .push(Unit::new(UnitType::Cultist));
    });
    let game = save::load(&text, data()).unwrap();
    assert_eq!(game.position().area(a("B1.nw")).units.len(), 1);
}

/// Discarding Cards: older versions kept a card discarded mid-combat aside (`discarded` in
/// a combat side) until the combat ended. Such a saved position still loads: the card is
/// shuffled into its owner's deck, where this version puts it at once, and stays on record as
/// revealed; the position written again no longer holds the field.
#[test]
fn discarding_cards_an_old_position_with_a_card_set_aside_in_combat_loads_with_it_in_the_deck() {
    let game = (0..40)
        .find_map(|seed| {
            let mut game = intro(2, seed);
            let mut bot = RandomBot::new(seed);
            for _ in 0..3000 {
                if game.combat().is_some_and(|c| c.defender.hand.len() > 1) {
                    return Some(game);
                }
                let action = bot.choose(&game)?;
                game.apply(action).unwrap();
            }
            None
        })
        .expect("a combat with cards in the defender's hand");
    let mut pos = game.position().clone();
    let Phase::Operations {
        step: OpStep::Combat(c),
        ..
    } = &mut pos.phase
    else {
        unreachable!()
    };
    let card = c.defender.hand.remove(0);
    c.defender.set_aside.push(card.clone());
    let f = c.defender.faction.unwrap();
    let deck = |g: &Game| g.player(g.seat_of(f).unwrap()).combat_deck.clone();
    let copies = |cards: &[herakon::engine::CardName]| cards.iter().filter(|x| **x == card).count();
    let before = deck(&game);
    let text = save::SaveFile::of_position(pos).to_string();
    assert!(
        text.contains("\"discarded\""),
        "written as an older version did"
    );
    let loaded = save::load(&text, data()).unwrap();
    let after = deck(&loaded);
    assert_eq!(
        after.len(),
        before.len() + 1,
        "the set-aside card is in the deck"
    );
    assert_eq!(copies(&after), copies(&before) + 1);
    let side = &loaded.combat().unwrap().defender;
    assert!(side.set_aside.is_empty());
    assert_eq!(
        side.revealed.last(),
        Some(&card),
        "still shown as discarded"
    );
    assert!(!save::to_json(&loaded).contains("\"discarded\""));
}

#[test]
fn a_save_keeps_which_seats_a_computer_plays_and_undo_keeps_them_too() {
    use herakon::engine::state::computer::ComputerPlayers;
    let mut game = intro(2, 3);
    let mut bot = RandomBot::new(3);
    for _ in 0..4 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let computer = ComputerPlayers {
        players: [(Faction::Chaos, "search:32".to_string())].into(),
        seed: 77,
    };
    game.set_computer(computer.clone()).unwrap();
    let text = save::to_json(&game);
    let loaded = save::load(&text, data()).unwrap();
    assert_eq!(loaded.computer(), &computer);
    // Taking an action back replays the game from its start: the computer seats stay.
    let rewound = loaded.rewind(loaded.history().len() - 1).unwrap();
    assert_eq!(rewound.computer(), &computer);
    // A game where people play every seat writes no `computer` field at all.
    assert!(!save::to_json(&intro(2, 3)).contains("\"computer\""));
}

#[test]
fn a_computer_player_for_a_faction_without_a_seat_is_refused_by_name() {
    let game = intro(2, 3);
    assert!(game.seat_of(Faction::Orks).is_none());
    let mut v: serde_json::Value = serde_json::from_str(&save::to_json(&game)).unwrap();
    v["computer"] = serde_json::json!({"players": {"orks": "heuristic"}, "seed": 1});
    let err = save::load(&v.to_string(), data()).unwrap_err();
    assert!(matches!(err, LoadError::Computer(_)), "{err}");
    assert!(
        err.to_string().contains("Evil Sunz Orks has no seat"),
        "{err}"
    );
}
