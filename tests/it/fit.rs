//! Fitting what a player decides on into the room the screen has (`src/tui/fit.rs`), by rule
//! and never by a blind cut: the facts that tell choices apart (places, prices, a spent cache
//! token) survive every shortening, a step that would make two choices alike is skipped, a
//! choice that no step shortens enough wraps whole, and the odds keep every number.

use std::sync::Arc;

use herakon::bot::odds::CombatOdds;
use herakon::engine::{Faction, Game, GameData, NewGameOptions};
use herakon::tui::fit::{choice_lines, choices, odds};

fn game() -> Game {
    let data = Arc::new(GameData::embedded().unwrap_or_else(|_| unreachable!()));
    Game::new(&NewGameOptions::intro(2, 1), data).unwrap_or_else(|_| unreachable!())
}

/// The playtest's two Scout purchases at 80x24 (36 columns for the words): the second
/// spends a cache token, and the row says so.
#[test]
fn a_spent_cache_token_survives_every_shortening() {
    let g = game();
    let words = [
        "buy Scout at A1.nw Turaci — 2 materiel (level 0, 1 dice, health 2, morale 2)",
        "buy Scout at A1.nw Turaci — 0 materiel (level 0, 1 dice, health 2, morale 2), cache token −2",
        "buy Strike Cruiser at A1.se (void) — 3 materiel (level 0, 1 dice, health 2, morale 2)",
    ];
    let rows = choices(&words, 33, g.board());
    assert_eq!(rows[0], "buy Scout at A1.nw — 2m");
    assert_eq!(rows[1], "buy Scout at A1.nw — 0m ◆−2");
    assert_eq!(rows[2], "buy Strike Cruiser at A1.se — 3m");
    // Room enough: nothing changes.
    assert_eq!(choices(&words, 200, g.board())[1], words[1]);
}

/// A move of a long-named unit at 80x24: the names give way to the board's codes, and
/// both places stay.
#[test]
fn unit_names_give_way_to_the_board_codes_and_the_places_stay() {
    let g = game();
    let words = [
        "move 2 Chaos Space Marines A1.sw Argovia → B1.se Nicea",
        "move 1 Chaos Space Marine A1.sw Argovia → B1.nw Smyrna",
    ];
    let rows = choices(&words, 28, g.board());
    assert_eq!(rows[0], "move 2 CM A1.sw → B1.se");
    assert_eq!(rows[1], "move 1 CM A1.sw → B1.nw");
}

/// The rows too wide lose the words they all start with, never their ends; a row that
/// fits (`done`) neither stops that nor changes.
#[test]
fn only_the_rows_too_wide_lose_their_shared_start() {
    let g = game();
    let words = [
        "buy Fire Dragon's Vengeance in place of Ranger Support — 2 materiel",
        "buy Fire Dragon's Vengeance in place of Hit and Run — 2 materiel",
        "done buying upgrades",
    ];
    let rows = choices(&words, 32, g.board());
    assert_eq!(rows[0], "…Ranger Support — 2m");
    assert_eq!(rows[1], "…Hit and Run — 2m");
    assert_eq!(rows[2], "done buying upgrades");
}

/// Rows that still do not fit lose the words they all start with, never their ends.
#[test]
fn the_words_every_row_starts_with_go_before_the_ends() {
    let g = game();
    let words = [
        "let your opponent reroll every one of the dice he rolled",
        "let your opponent reroll one of the dice",
    ];
    let rows = choices(&words, 34, g.board());
    assert!(rows[0].ends_with("dice he rolled"), "{rows:?}");
    assert!(rows[1].ends_with("one of the dice"), "{rows:?}");
    assert!(rows[0].starts_with('…'), "{rows:?}");
}

#[test]
fn a_step_that_would_make_two_choices_alike_is_skipped() {
    let g = game();
    let words = [
        "play Bolter (1 off, 0 def, 1 mor)",
        "play Bolter (2 off, 0 def, 1 mor)",
    ];
    let rows = choices(&words, 20, g.board());
    assert_ne!(rows[0], rows[1], "{rows:?}");
    // Too long still: the words both rows start with give way, the numbers stay.
    assert!(rows[0].starts_with("…(1 off"), "{rows:?}");
}

/// A choice that no rule shortens enough goes on a second line, whole; the rows that fit
/// keep one line.
#[test]
fn a_choice_too_wide_after_every_step_wraps_onto_a_second_line_whole() {
    let g = game();
    let words = [
        "use Rain of Fire: the attacker rolls one more die for each ship in the fight",
        "done",
    ];
    let lines = choice_lines(&words, 40, g.board());
    assert_eq!(lines[1], vec!["done".to_string()]);
    assert_eq!(lines[0].len(), 2, "{lines:?}");
    assert!(
        lines[0].iter().all(|l| l.chars().count() <= 40),
        "{lines:?}"
    );
    assert_eq!(lines[0].join(" "), words[0]);
}

#[test]
fn the_odds_keep_the_chance_whole_at_any_width() {
    let o = CombatOdds {
        area: "B1.nw".parse().unwrap_or_else(|_| unreachable!()),
        attacker: Faction::Ultramarines,
        defender: Faction::Chaos,
        samples: 500,
        attacker_wins: 1.0,
        defender_wins: 0.0,
        nobody_wins: 0.0,
        attacker_losses: 1.5,
        defender_losses: 2.0,
    };
    for width in [20, 30, 36, 46, 60, 100] {
        let line = odds(&o, width);
        assert!(line.contains("ttacker wins 100%"), "{width}: {line}");
        assert!(line.chars().count() <= width.max(18), "{width}: {line}");
    }
    assert!(odds(&o, 36).contains("1.5") && odds(&o, 36).contains("2.0"));
}
