//! The strict loader (issue 14): a key written twice is an error naming both lines; names are
//! read only in the README's notation; every field of the step in progress is checked against
//! the rules and the box (seats, cards, dice, rounds, tokens, systems, winners); a position
//! with no legal action that is not over is refused with the reason; a save without history
//! whose position is not its start is refused, not silently loaded at its start. The reader
//! under every save and sketch: nothing but white space after the document, and its scan for
//! keys written twice (`engine::data::json_keys`), in linear time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{data, intro};
use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::data::json_keys::{Columns, find_duplicate_key, scan};
use herakon::engine::format::save::{self, LoadError, SaveFile};
use herakon::engine::format::sketch;
use herakon::engine::{Faction, Game, Position, Rule};
use serde_json::{Value, json};

/// Plays a 2-player game with heuristic players until `stop` holds for the phase (as JSON).
fn reach(seed: u64, stop: impl Fn(&Value) -> bool) -> Game {
    let mut game = intro(2, seed);
    let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
    for _ in 0..20_000 {
        if stop(&serde_json::to_value(&game.position().phase).unwrap()) {
            return game;
        }
        let seat = game
            .decision()
            .expect("the game ends before the step is reached")
            .seat;
        let act = bots[seat.index()].choose(&game).unwrap();
        game.apply(act).unwrap();
    }
    panic!("step not reached");
}

/// The position of `game` as a hand-made position file, its phase edited by `edit`.
fn with_phase(game: &Game, edit: impl FnOnce(&mut Value)) -> String {
    let mut v = serde_json::to_value(game.position()).unwrap();
    edit(&mut v["phase"]);
    let pos: Position = serde_json::from_value(v).unwrap();
    SaveFile::of_position(pos).to_string()
}

/// Every broken rule of a refused file, as text.
fn refused(text: &str) -> Vec<String> {
    match save::load(text, data()) {
        Err(LoadError::Invalid { violations, .. }) => {
            violations.iter().map(ToString::to_string).collect()
        }
        Err(e) => vec![e.to_string()],
        Ok(_) => panic!("the file was accepted"),
    }
}

fn says(v: &[String], words: &[&str]) -> bool {
    v.iter().any(|m| words.iter().all(|w| m.contains(w)))
}

fn in_combat(p: &Value) -> bool {
    p["step"]["step"] == "combat" && p["step"]["combat_step"]["step"] == "choose-card"
}

#[test]
fn a_key_written_twice_is_an_error_naming_both_lines() {
    let text = save::to_json(&intro(2, 1));
    let lines: Vec<&str> = text.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.trim_start().starts_with("\"materiel\""))
        .unwrap();
    let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
    edited.insert(i + 1, lines[i].to_string());
    match save::load(&edited.join("\n"), data()) {
        Err(LoadError::Syntax { line, message, .. }) => {
            assert_eq!(line, i + 2);
            assert!(message.contains("materiel"), "{message}");
            assert!(
                message.contains(&format!("line {}", i + 1))
                    && message.contains(&format!("line {}", i + 2)),
                "{message}"
            );
        }
        other => panic!("expected a duplicate key error, got {other:?}"),
    }
}

#[test]
fn two_entries_for_one_area_in_a_sketch_are_refused() {
    let text = r#"{
  "players": ["ultramarines", "chaos"],
  "areas": {
    "A1.nw": "ultramarines factory",
    "A1.nw": "2 scout"
  }
}"#;
    let e = save::load(text, data()).err().unwrap().to_string();
    assert!(
        e.contains("A1.nw") && e.contains("line 4") && e.contains("line 5"),
        "{e}"
    );
}

#[test]
fn area_names_outside_the_notation_are_refused() {
    for bad in [
        "A+1.sw", "A01.nw", "A1 .nw", "a1.nw", "A1.NW", " A1.nw", "A0.nw",
    ] {
        let text =
            format!(r#"{{"players": ["ultramarines", "chaos"], "areas": {{"{bad}": "2 scout"}}}}"#);
        match save::load(&text, data()) {
            Err(LoadError::Syntax { message, .. }) => {
                assert!(message.contains(bad), "{bad}: {message}");
            }
            other => panic!("{bad}: expected a syntax error, got {other:?}"),
        }
        assert!(
            bad.parse::<herakon::engine::state::ids::AreaId>().is_err(),
            "{bad}"
        );
    }
    // The notation itself still reads.
    let text = r#"{"players": ["ultramarines", "chaos"], "areas": {"A1.sw": "2 scout"}}"#;
    assert!(save::load(text, data()).is_ok());
}

#[test]
fn a_seat_that_does_not_exist_inside_the_phase_is_refused() {
    let game = reach(1, |p| p["phase"] == "operations");
    let v = refused(&with_phase(&game, |p| p["turn"] = json!(7)));
    assert!(says(&v, &["seat 8", "2 players"]), "{v:#?}");
    let over = reach(2, |p| p["phase"] == "game-over");
    for winners in [json!([9]), json!([]), json!([0, 0])] {
        let v = refused(&with_phase(&over, |p| p["winners"] = winners.clone()));
        assert!(says(&v, &["winner"]), "{winners}: {v:#?}");
    }
}

#[test]
fn unknown_or_misplaced_cards_in_the_phase_are_refused() {
    let game = reach(3, |p| p["step"]["step"] == "choose-event");
    let v = refused(&with_phase(&game, |p| {
        p["step"]["drawn"] = json!(["No Such Card"]);
    }));
    assert!(says(&v, &["No Such Card", "not an event card"]), "{v:#?}");
    // A drawn card that is also still in the deck is in two places.
    let in_deck = game.player(game.decision().unwrap().seat).event_deck[0].clone();
    let v = refused(&with_phase(&game, |p| {
        p["step"]["drawn"] = json!([in_deck]);
    }));
    assert!(says(&v, &[&in_deck, "times"]), "{v:#?}");
    // Nothing drawn: no legal action, refused with the reason instead of a game that hangs.
    let v = refused(&with_phase(&game, |p| p["step"]["drawn"] = json!([])));
    assert!(says(&v, &["no drawn event cards"]), "{v:#?}");
}

#[test]
fn combat_dice_rounds_and_reinforcements_beyond_the_box_are_refused() {
    let game = reach(4, in_combat);
    let v = refused(&with_phase(&game, |p| {
        p["step"]["attacker"]["dice"] = json!(vec!["offence"; 100]);
    }));
    assert!(says(&v, &["100 dice", "at most 8"]), "{v:#?}");
    let v = refused(&with_phase(&game, |p| p["step"]["round"] = json!(200)));
    assert!(says(&v, &["execution round 200", "1-3"]), "{v:#?}");
    let v = refused(&with_phase(&game, |p| {
        p["step"]["defender"]["reinforcements"] = json!(vec![false; 300]);
    }));
    assert!(says(&v, &["reinforcement tokens", "box holds"]), "{v:#?}");
    let v = refused(&with_phase(&game, |p| {
        p["step"]["attacker"]["hand"] = json!(["No Such Card"]);
    }));
    assert!(says(&v, &["No Such Card", "not a combat card"]), "{v:#?}");
}

/// The rules a refused file breaks, each with its text.
fn broken_rules(text: &str) -> Vec<(Rule, String)> {
    match save::load(text, data()) {
        Err(LoadError::Invalid { violations, .. }) => {
            violations.iter().map(|v| (v.rule, v.to_string())).collect()
        }
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("the file was accepted"),
    }
}

/// Dice Limit (Component Limitations): a side never holds more than eight dice, so a
/// hand-made combat with nine on one side is refused under that rule; eight load.
#[test]
fn dice_limit_a_hand_made_side_with_nine_dice_is_refused() {
    let game = reach(4, in_combat);
    let v = broken_rules(&with_phase(&game, |p| {
        p["step"]["attacker"]["dice"] = json!(vec!["offence"; 9]);
    }));
    assert!(
        v.iter()
            .any(|(r, m)| *r == Rule::DiceLimit && m.contains("9 dice")),
        "{v:#?}"
    );
    let eight = with_phase(&game, |p| {
        p["step"]["attacker"]["dice"] = json!(vec!["offence"; 8]);
    });
    assert!(save::load(&eight, data()).is_ok());
}

/// Discarding Cards: an older version kept a card discarded mid-combat aside (`discarded`
/// in a combat side). Such a file loads, the card shuffled into its owner's deck so the ten
/// cards of deck and combat still count ten; a set-aside card of a side whose faction has no
/// player has no deck to go to and is refused under that rule.
#[test]
fn discarding_cards_a_card_set_aside_by_an_older_version_goes_into_the_deck_or_is_refused() {
    let game = reach(4, in_combat);
    let old = with_phase(&game, |p| {
        let hand = p["step"]["attacker"]["hand"].as_array_mut().unwrap();
        let card = hand.remove(0);
        p["step"]["attacker"]["discarded"] = json!([card]);
    });
    let loaded = save::load(&old, data()).unwrap();
    let c = loaded.combat().unwrap();
    let f = c.attacker.faction.unwrap();
    let deck = |g: &Game| g.player(g.seat_of(f).unwrap()).combat_deck.len();
    assert_eq!(deck(&loaded), deck(&game) + 1);
    assert_eq!(c.attacker.revealed.len(), 1);
    let absent = Faction::ALL
        .into_iter()
        .find(|x| loaded.seat_of(*x).is_none())
        .unwrap();
    let v = broken_rules(&with_phase(&game, |p| {
        p["step"]["attacker"]["discarded"] = p["step"]["attacker"]["hand"].clone();
        p["step"]["attacker"]["hand"] = json!([]);
        p["step"]["attacker"]["faction"] = serde_json::to_value(absent).unwrap();
    }));
    assert!(
        v.iter()
            .any(|(r, m)| *r == Rule::DiscardingCards && m.contains("set aside")),
        "{v:#?}"
    );
}

/// Winning and Losing the Game: the game ends after the eighth round, so a hand-made
/// position in round 9 is refused under that rule; round 8 loads.
#[test]
fn winning_and_losing_a_hand_made_position_after_the_eighth_round_is_refused() {
    let game = reach(6, |p| p["phase"] == "operations");
    let in_round = |n: u64| {
        let mut v = serde_json::to_value(game.position()).unwrap();
        v["round"] = json!(n);
        let pos: Position = serde_json::from_value(v).unwrap();
        SaveFile::of_position(pos).to_string()
    };
    let v = broken_rules(&in_round(9));
    assert!(
        v.iter()
            .any(|(r, m)| *r == Rule::WinningAndLosing && m.contains("round 9")),
        "{v:#?}"
    );
    assert!(save::load(&in_round(8), data()).is_ok());
}

#[test]
fn a_system_off_the_board_inside_the_phase_is_refused() {
    let game = reach(5, in_combat);
    let v = refused(&with_phase(&game, |p| p["step"]["system"] = json!("Z9")));
    assert!(says(&v, &["Z9", "not on the board"]), "{v:#?}");
}

#[test]
fn a_position_where_nobody_can_act_is_refused_with_the_reason() {
    // No pieces at all.
    let text = r#"{"players": ["ultramarines", "chaos"], "phase": "reveal"}"#;
    let Err(e) = save::load(text, data()) else {
        panic!("a position where nobody can act was accepted");
    };
    let e = e.to_string();
    assert!(e.contains("no player has a unit or structure"), "{e}");
}

#[test]
fn a_save_without_history_whose_position_is_not_its_start_is_refused() {
    let game = intro(2, 1);
    let mut file = save::save(&game);
    file.position.players[0].materiel -= 1;
    match save::load(&file.to_string(), data()) {
        Err(e @ LoadError::EditedWithoutHistory { .. }) => {
            let text = e.to_string();
            assert!(text.contains("$.players[0].materiel"), "{text}");
            assert!(text.contains("remove `start`"), "{text}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Without `start` the same position loads as a hand-made one, its edit kept.
    file.start = None;
    let loaded = save::load(&file.to_string(), data()).unwrap();
    assert_eq!(
        loaded.position().players[0].materiel,
        file.position.players[0].materiel
    );
}

#[test]
fn a_history_that_stops_short_of_its_position_names_the_entry_after_it() {
    let mut game = intro(2, 1);
    let mut bots = [HeuristicBot::new(1), HeuristicBot::new(2)];
    for _ in 0..12 {
        let seat = game.decision().unwrap().seat;
        let act = bots[seat.index()].choose(&game).unwrap();
        game.apply(act).unwrap();
    }
    let mut file = save::save(&game);
    let extra = file.history.pop().unwrap();
    file.history.push(extra.clone());
    let earlier = file.history.len() - 1;
    // The stored position is the one before the last entry.
    let mut replay = intro(2, 1);
    for h in &file.history[..earlier] {
        replay.apply(h.parse().unwrap()).unwrap();
    }
    file.position = replay.position().clone();
    match save::load(&file.to_string(), data()) {
        Err(LoadError::Mismatch { first, .. }) => {
            assert!(
                first.contains(&format!("entry {} (`{extra}`)", earlier + 1)),
                "{first}"
            );
        }
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn faces_set_by_hand_beyond_the_sixteen_dice_of_the_box_are_refused() {
    // The dice-limit puzzle queues nine faces, more than a side rolls: allowed, as a roll
    // draws only what it rolls. Seventeen are more than the box holds.
    let puzzle = std::fs::read_to_string("saves/situations/dice-limit.json").unwrap();
    assert!(save::load(&puzzle, data()).is_ok());
    let text = puzzle.replace("\"OOOOOOOOO\"", &format!("\"{}\"", "O".repeat(17)));
    let v = refused(&text);
    assert!(says(&v, &["17 faces", "16 dice"]), "{v:#?}");
}

#[test]
fn a_contested_area_neither_in_the_active_system_nor_next_to_it_is_refused() {
    // A follow-up combat (Wave Serpent) may be fought next to the active system; farther
    // away, no rule puts a combat.
    let game = reach(5, in_combat);
    let phase = serde_json::to_value(&game.position().phase).unwrap();
    let system = phase["step"]["system"].as_str().unwrap().to_string();
    let b = game.board();
    let far = b
        .areas()
        .map(|a| a.id)
        .find(|&a| {
            a.system.to_string() != system
                && !b.area_neighbours(a).any(|n| n.system.to_string() == system)
        })
        .expect("an area away from the active system");
    let v = refused(&with_phase(&game, |p| {
        p["step"]["area"] = json!(far.to_string());
    }));
    assert!(says(&v, &[&far.to_string(), "nor next to it"]), "{v:#?}");
}

#[test]
fn text_after_the_document_is_refused_with_its_line_and_column() {
    let text = save::to_json(&intro(2, 1));
    let after = text.lines().count() + 1;
    let sketch = "{\"players\": [\"ultramarines\", \"chaos\"]}\n";
    for (file, tail, line, column) in [
        (&text, text.clone(), after, 1), // a second save appended
        (&text, "garbage".to_string(), after, 1),
        (&text, "\0\0\0".to_string(), after, 1),
        (&sketch.to_string(), "]".to_string(), 2, 1),
    ] {
        match save::load(&format!("{file}{tail}"), data()) {
            Err(LoadError::Syntax {
                line: l,
                column: c,
                message,
                ..
            }) => {
                assert_eq!((l, c), (line, column), "{tail:?}");
                assert!(
                    message.contains("after the end of the JSON document"),
                    "{message}"
                );
            }
            other => panic!("{tail:?}: expected a syntax error, got {other:?}"),
        }
    }
    // White space after the document is fine.
    assert!(save::load(&format!("{text}\n\n  \t\n"), data()).is_ok());
}

/// A file of `n` bytes on one line: an object holding a list of short strings.
fn one_line(n: usize) -> String {
    let item = "\"pass\",";
    format!("{{\"history\":[{}\"pass\"]}}", item.repeat(n / item.len()))
}

#[test]
fn a_long_one_line_file_is_answered_in_linear_time() {
    // 8 MB: when the key scan counted each string's column from the line's start, this took
    // minutes (24 s for 1.6 MB in a release build); now it is a fraction of a second. Run on
    // a thread with a generous bound, so a return to quadratic time fails instead of hanging.
    let text = one_line(8_000_000);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let e = save::load(&text, data()).err().map(|e| e.to_string());
        let _ = tx.send(e);
    });
    let e = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("an 8 MB line took more than a minute: the loader is not linear");
    assert!(
        e.is_some_and(|e| e.contains("history")),
        "refused for its content"
    );
}

/// The reader every save and sketch goes through refuses anything but white space after the
/// document, at the line and column where it starts, under the whole document's path.
#[test]
fn text_after_a_sketch_is_refused_at_its_line_and_column() {
    let doc = "{\"players\": [\"ultramarines\", \"chaos\"]}";
    for (tail, line, column) in [
        ("\ngarbage".to_string(), 2, 1),
        ("\u{0}".to_string(), 1, doc.len() + 1),
        (format!("\n{doc}\n"), 2, 1),
    ] {
        let text = format!("{doc}{tail}");
        match sketch::parse(&text) {
            Err(LoadError::Syntax {
                line: l,
                column: c,
                path,
                message,
            }) => {
                assert_eq!((l, c, path.as_str()), (line, column, "$"), "{text:?}");
                assert!(
                    message.contains("after the end of the JSON document"),
                    "{message}"
                );
            }
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
    assert!(sketch::parse(&format!("{doc}\n \t\r\n")).is_ok());
}

#[test]
fn a_key_written_twice_in_one_object_is_found_with_both_lines() {
    let text = "{\n \"areas\": {\n  \"A1.nw\": 1,\n  \"B1.se\": 2,\n  \"A1.nw\": 3\n }\n}";
    let d = find_duplicate_key(text).unwrap();
    assert_eq!(d.key, "A1.nw");
    assert_eq!(d.path, "$.areas");
    assert_eq!((d.first_line, d.line, d.column), (3, 5, 3));
}

#[test]
fn equal_keys_in_different_objects_or_inside_strings_are_not_duplicates() {
    let text = r#"{"a": {"k": 1}, "b": {"k": "{\"k\": 2, \"k\": 3}"}, "c": [{"k": 1}, {"k": 2}]}"#;
    assert_eq!(find_duplicate_key(text), None);
}

#[test]
fn an_escaped_key_equal_to_a_plain_one_is_a_duplicate() {
    let text = r#"{"list": [1, {"x": 1, "\u0078": 2}]}"#;
    let d = find_duplicate_key(text).unwrap();
    assert_eq!((d.key.as_str(), d.path.as_str()), ("x", "$.list[1]"));
}

#[test]
fn the_scan_looks_at_each_byte_of_a_long_line_once_however_many_strings_it_holds() {
    // One line of 200,000 strings: counting each string's column from the line's start
    // would look at about 20 billion bytes (the loader took 40 minutes on 16 MB).
    let text = format!(
        "{{\"history\": [{}\"pass\"]}}",
        "\"pass\", ".repeat(200_000)
    );
    let mut columns = Columns::new();
    assert_eq!(scan(&text, &mut columns), None);
    assert!(
        columns.stepped() <= text.len(),
        "{} bytes looked at for a text of {}",
        columns.stepped(),
        text.len()
    );
    // The column is still right at the end of that line, and on the next.
    let text = format!(
        "{{\"a\": [{}1], \"k\": 1, \"k\": 2}}",
        "\"\u{e9}\", ".repeat(1000)
    );
    let d = find_duplicate_key(&text).unwrap();
    assert_eq!((d.line, d.column), (1, text.chars().count() - 6));
    let d = find_duplicate_key("{\"x\": \"\u{e9}\",\n  \"y\": 1, \"y\": 2}").unwrap();
    assert_eq!((d.line, d.column), (2, 11));
}

#[test]
fn deep_nesting_and_broken_text_end_the_scan_without_a_finding() {
    let deep = "[".repeat(200_000);
    assert_eq!(find_duplicate_key(&deep), None);
    assert_eq!(find_duplicate_key("{\"a\": 1}}}]"), None);
    assert_eq!(find_duplicate_key("{\"a"), None);
}
