//! Perft in the spirit of chess move-generator tests: fixed positions, one for each kind of
//! decision, written as position sketches (`tests/perft/NAME.json`, loadable by `herakon check`),
//! and how many action sequences of length 1, 2 and 3 the engine allows from each
//! (`tests/data/perft.json`). The table also holds, for every action legal in the position, the
//! number of sequences of length 2 and 3 that start with it ("divide"), so a failure names the
//! actions that appeared or vanished and the first actions whose continuations changed.
//!
//! A deliberate rules change rewrites the table; its diff shows what changed where:
//!
//! ```text
//! PERFT_REGENERATE=1 cargo test --test it perft::
//! ```
//!
//! The positions are fixed: a rule change in an early step of a game moves none of them. They
//! were taken once from seeded random games (the ignored test below writes a sketch for each
//! kind of decision that has none, and never touches existing ones).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use herakon::engine::format::sketch::{
    self, AssetSketch, PhaseSketch, Pieces, PlayerSketch, Sketch,
};
use herakon::engine::{DecisionKind, Game, GameData, NewGameOptions, Position, SetupKind};
use serde::{Deserialize, Serialize};

/// Every kind of decision, each with its fixed position's file name (`None`: no seeded game
/// reaches it, so it has no position yet). A `match` without a catch-all: a new kind of
/// decision does not compile until it is placed here.
fn file_of(kind: DecisionKind) -> Option<&'static str> {
    use DecisionKind as K;
    Some(match kind {
        K::PlaceOrder => "place-order",
        K::RevealOrder => "reveal-order",
        K::ResolveOrEventDeck => "resolve-or-event-deck",
        K::DeployUnits => "deploy-units",
        K::DeployStructure => "deploy-structure",
        K::MoveShips => "move-ships",
        K::MoveGround => "move-ground",
        K::ChooseAsset => "choose-asset",
        K::FactionAbility => "faction-ability",
        K::BuyUpgrades => "buy-upgrades",
        K::DestroyExcess => "destroy-excess",
        K::ChooseEvent => "choose-event",
        K::MoveStorm => "move-storm",
        K::EventAbility => "event-ability",
        K::Reinforce => "reinforce",
        K::ChooseCombatCard => "choose-combat-card",
        K::AssignDamage => "assign-damage",
        K::Retreat => "retreat",
        K::OrbitalStrike => "orbital-strike",
        K::AssignStrikeDamage => "assign-strike-damage",
        K::CardAbility => "card-ability",
        K::CardChoice => "card-choice",
        K::OpponentCardChoice => "opponent-card-choice",
        K::AmbushSave => "ambush-save",
        K::PlaceTile => "place-tile",
        K::PlaceForces => "place-forces",
        K::PlaceObjective => "place-objective",
        K::PlaceStorm => "place-storm",
        K::StrikeUpgrades => "strike-upgrades",
        K::StrikeDice => "strike-dice",
        K::StrikeReroll => "strike-reroll",
        K::StrikeGainDie => "strike-gain-die",
        K::SchemeAbility => "scheme-ability",
        K::TacticChoice => "tactic-choice",
        K::CombatScheme => "combat-scheme",
        K::StormScheme => "storm-scheme",
        // No seeded random game reached these yet (Strafing Run, Complete Destruction and
        // Dread Ritual are order upgrades a random player rarely buys and uses).
        K::StrafingRun | K::DestroyOwnPiece | K::DreadRitual => return None,
    })
}

/// What the engine allows from one fixed position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Entry {
    /// The kind of decision (`MoveShips`).
    decision: String,
    /// The deciding seat, from 1.
    seat: u8,
    /// The number of action sequences of length 1, 2 and 3.
    perft: [u64; 3],
    /// For each legal action, in notation: the sequences of length 2 and 3 starting with it.
    divide: BTreeMap<String, [u64; 2]>,
}

/// The table file.
#[derive(Debug, Serialize, Deserialize)]
struct Table {
    /// What the file is.
    about: String,
    /// By sketch file name (without `.json`).
    positions: BTreeMap<String, Entry>,
}

fn table_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.json")
}

fn sketch_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

/// The sketches, by file name without `.json`, sorted.
fn sketches() -> Vec<(String, PathBuf)> {
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(sketch_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    files.sort();
    files
}

fn load(path: &Path, data: &Arc<GameData>) -> Game {
    let text = std::fs::read_to_string(path).unwrap();
    sketch::parse(&text)
        .and_then(|s| s.into_game(Arc::clone(data)))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The game after `action`, which `game` lists.
fn after(game: &Game, action: herakon::engine::Action) -> Game {
    let mut next = game.clone();
    next.apply(action)
        .unwrap_or_else(|e| panic!("listed `{action}` refused: {e}"));
    next
}

/// The perft counts and divide of `game`'s decision.
fn measure(game: &Game) -> Entry {
    let d = game.decision().expect("a fixed position has a decision");
    let mut divide = BTreeMap::new();
    let mut perft = [0u64; 3];
    for action in game.legal_actions() {
        let child = after(game, action);
        let second = child.legal_actions();
        let third: u64 = second
            .iter()
            .map(|&b| after(&child, b).legal_actions().len() as u64)
            .sum();
        let counts = [second.len() as u64, third];
        perft[0] += 1;
        perft[1] += counts[0];
        perft[2] += counts[1];
        let clash = divide.insert(action.to_string(), counts);
        assert!(clash.is_none(), "two legal actions read `{action}`");
    }
    Entry {
        decision: format!("{:?}", d.kind),
        seat: d.seat.0 + 1,
        perft,
        divide,
    }
}

/// What differs between the recorded entry and the engine's, in words: the actions that
/// appeared or vanished, then those whose continuations changed.
fn differences(name: &str, want: &Entry, got: &Entry) -> Vec<String> {
    let mut out = Vec::new();
    if want.decision != got.decision || want.seat != got.seat {
        out.push(format!(
            "{name}: the decision was {} of seat {}, is {} of seat {}",
            want.decision, want.seat, got.decision, got.seat
        ));
    }
    for action in got.divide.keys().filter(|a| !want.divide.contains_key(*a)) {
        out.push(format!("{name}: `{action}` is legal now (it was not)"));
    }
    for action in want.divide.keys().filter(|a| !got.divide.contains_key(*a)) {
        out.push(format!("{name}: `{action}` is no longer legal"));
    }
    for (action, w) in &want.divide {
        if let Some(g) = got.divide.get(action)
            && g != w
        {
            out.push(format!(
                "{name}: after `{action}`: {} then {} sequences (were {} then {})",
                g[0], g[1], w[0], w[1]
            ));
        }
    }
    if out.is_empty() && want.perft != got.perft {
        out.push(format!(
            "{name}: perft {:?}, was {:?}",
            got.perft, want.perft
        ));
    }
    out
}

#[test]
fn every_fixed_position_allows_the_recorded_actions_to_depth_three() {
    let data = common::data();
    let mut got = BTreeMap::new();
    for (name, path) in sketches() {
        got.insert(name, measure(&load(&path, &data)));
    }
    if std::env::var_os("PERFT_REGENERATE").is_some() {
        let table = Table {
            about: "Perft of the fixed positions in tests/perft/: action sequences of length 1, \
                    2 and 3, and for each legal action those of length 2 and 3 starting with it. \
                    Regenerate: PERFT_REGENERATE=1 cargo test --test it perft::"
                .into(),
            positions: got,
        };
        let text = serde_json::to_string_pretty(&table).unwrap() + "\n";
        std::fs::write(table_path(), text).unwrap();
        return;
    }
    let table: Table =
        serde_json::from_str(&std::fs::read_to_string(table_path()).unwrap()).unwrap();
    let mut report = Vec::new();
    for (name, entry) in &got {
        match table.positions.get(name) {
            Some(want) => report.extend(differences(name, want, entry)),
            None => report.push(format!("{name}: a sketch the table does not list")),
        }
    }
    for name in table.positions.keys().filter(|n| !got.contains_key(*n)) {
        report.push(format!(
            "{name}: listed in the table, but tests/perft/{name}.json is gone"
        ));
    }
    assert!(
        report.is_empty(),
        "{} differences from tests/data/perft.json (if the change is meant: \
         PERFT_REGENERATE=1 cargo test --test it perft::, then review the diff):\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn there_is_one_distinct_fixed_position_for_every_kind_of_decision() {
    let data = common::data();
    let files = sketches();
    let mut positions: Vec<(String, Position)> = Vec::new();
    for kind in DecisionKind::ALL {
        let Some(name) = file_of(kind) else {
            continue;
        };
        let path = sketch_dir().join(format!("{name}.json"));
        assert!(path.exists(), "no fixed position for {kind:?}: {name}.json");
        let game = load(&path, &data);
        let d = game.decision().unwrap();
        assert_eq!(d.kind, kind, "{name}.json holds another kind of decision");
        assert!(
            !game.legal_actions().is_empty(),
            "{name}.json: nothing is legal"
        );
        positions.push((name.to_string(), game.position().clone()));
    }
    assert_eq!(positions.len(), files.len(), "a sketch that names no kind");
    for (i, (a, p)) in positions.iter().enumerate() {
        for (b, q) in &positions[i + 1..] {
            assert_ne!(p, q, "{a} and {b} are the same position");
        }
    }
}

// ----- writing the fixed positions (once per new kind of decision) -----

/// The seeded games the positions are taken from: (players, board, seeds).
const GAMES: &[(u8, SetupKind, &[u64])] = &[
    (
        2,
        SetupKind::Intro,
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    ),
    (3, SetupKind::Intro, &[1, 2, 3, 4, 5, 6, 7, 8]),
    (4, SetupKind::Intro, &[1, 2, 3, 4, 5, 6, 7, 8]),
    (2, SetupKind::Build, &[1, 2, 3, 4]),
    (3, SetupKind::Build, &[1, 2]),
    (4, SetupKind::Build, &[1, 2]),
];

/// The most positions of one kind weighed before choosing.
const CANDIDATES: usize = 40;

/// The most action sequences of length 2 a chosen position may allow (its depth 3 costs one
/// step each).
const MOST_SECOND: u64 = 1000;

/// A sketch that expands to `pos` (save what sketches cannot say: storms already moved this
/// round, the flags of a card step, the last combat's outcome, the generator's state, which is
/// seeded afresh with `seed`).
fn sketch_of(pos: &Position, intro: bool, seed: u64, note: String) -> Sketch {
    let players = pos
        .players
        .iter()
        .map(|p| {
            let mut s = PlayerSketch::new(p.faction);
            s.materiel = Some(p.materiel);
            s.assets = Some(AssetSketch {
                forge: Some(p.assets.forge),
                cache: Some(p.assets.cache),
                reinforcement: Some(p.assets.reinforcement),
            });
            s.orders = Some(p.orders.clone());
            s.event_tokens = Some(p.event_tokens.clone());
            s.event_deck = Some(p.event_deck.clone());
            s.schemes = Some(p.schemes.clone());
            s.combat_deck = Some(p.combat_deck.clone());
            s.combat_upgrades = Some(p.combat_upgrades.clone());
            s.order_upgrade_deck = Some(p.order_upgrade_deck.clone());
            s.order_upgrades = Some(p.order_upgrades.clone());
            s.used_upgrades = Some(p.used_upgrades.clone());
            s.objectives = Some(p.objectives);
            s.eliminated = Some(p.eliminated);
            s
        })
        .collect();
    let areas = pos
        .areas
        .iter()
        .filter(|(_, a)| !a.is_empty())
        .map(|(&id, a)| {
            let mut pieces: BTreeMap<(String, bool), u8> = BTreeMap::new();
            for u in &a.units {
                *pieces.entry((u.unit.to_string(), u.routed)).or_default() += 1;
            }
            let mut words: Vec<String> = pieces
                .into_iter()
                .map(|((unit, routed), n)| {
                    format!("{n} {}{unit}", if routed { "routed " } else { "" })
                })
                .collect();
            words.extend(
                a.structures
                    .iter()
                    .map(|s| format!("{} {}", s.owner.key(), s.kind)),
            );
            words.extend(
                a.objectives
                    .iter()
                    .map(|f| format!("objective {}", f.key())),
            );
            (id, Pieces(words))
        })
        .collect();
    let stacks = pos
        .stacks
        .iter()
        .filter(|(_, s)| !s.is_empty())
        .map(|(&id, s)| {
            let tokens = s
                .iter()
                .map(|t| format!("{} {}", t.owner.key(), t.order))
                .collect();
            (id, Pieces(tokens))
        })
        .collect();
    Sketch {
        schema: None,
        note: Some(note),
        players,
        board: (!intro).then(|| pos.board.clone()),
        areas,
        stacks,
        storms: pos.storms.iter().map(|s| s.edge).collect(),
        round: Some(pos.round),
        first_player: Some(sketch::SeatRef::Number(pos.first_player.0 + 1)),
        turn: None,
        phase: Some(PhaseSketch::Full(Box::new(pos.phase.clone()))),
        seed: Some(seed),
        dice: None,
        question: None,
    }
}

/// The sequences of length 1 and 2 from `game`: what choosing a position costs.
fn first_two(game: &Game) -> [u64; 2] {
    let legal = game.legal_actions();
    let second = legal
        .iter()
        .map(|&a| after(game, a).legal_actions().len() as u64)
        .sum();
    [legal.len() as u64, second]
}

#[test]
#[ignore = "writes tests/perft/NAME.json for each kind of decision without one: run with --ignored"]
fn write_fixed_positions_for_kinds_without_one() {
    let data = common::data();
    let mut candidates: BTreeMap<&str, Vec<(Game, String, bool)>> = BTreeMap::new();
    let missing: Vec<&str> = DecisionKind::ALL
        .into_iter()
        .filter_map(file_of)
        .filter(|name| !sketch_dir().join(format!("{name}.json")).exists())
        .collect();
    for &(players, setup, seeds) in GAMES {
        for &seed in seeds {
            let options = NewGameOptions {
                players,
                factions: None,
                seed,
                setup,
            };
            let mut game = Game::new(&options, Arc::clone(&data)).unwrap();
            // xorshift64* over the sorted legal actions, as the old random-walk table did.
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            while let Some(d) = game.decision() {
                if let Some(name) = file_of(d.kind).filter(|n| missing.contains(n)) {
                    let list = candidates.entry(name).or_default();
                    if list.len() < CANDIDATES {
                        let board = if setup == SetupKind::Build {
                            "constructed"
                        } else {
                            "introductory"
                        };
                        let note = format!(
                            "{:?}: taken from a {players}-player game on the {board} board \
                             (seed {seed}) at its decision {}",
                            d.kind,
                            game.history().len() + 1
                        );
                        list.push((game.clone(), note, setup == SetupKind::Intro));
                    }
                }
                let mut legal = game.legal_actions();
                legal.sort_by_cached_key(ToString::to_string);
                state ^= state >> 12;
                state ^= state << 25;
                state ^= state >> 27;
                let pick = usize::try_from(state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32)
                    .unwrap()
                    % legal.len();
                game.apply(legal[pick]).unwrap();
            }
        }
    }
    for (name, list) in candidates {
        // Each candidate as its sketch gives it back; the one with the most legal actions
        // whose depth 3 stays cheap, else the cheapest.
        let mut best: Option<(Sketch, [u64; 2])> = None;
        for (game, note, intro) in list {
            let sketch = sketch_of(game.position(), intro, 1, note);
            let Ok(again) = sketch.into_game(Arc::clone(&data)) else {
                continue;
            };
            if again.decision().and_then(|d| file_of(d.kind)) != Some(name) {
                continue;
            }
            let entry = first_two(&again);
            let better = match &best {
                None => true,
                Some((_, b)) => {
                    let fits = entry[1] <= MOST_SECOND;
                    let b_fits = b[1] <= MOST_SECOND;
                    match (fits, b_fits) {
                        (true, false) => true,
                        (true, true) => entry[0] > b[0],
                        (false, false) => entry[1] < b[1],
                        (false, true) => false,
                    }
                }
            };
            if better {
                best = Some((sketch, entry));
            }
        }
        let Some((sketch, _)) = best else {
            eprintln!("{name}: no candidate survives its sketch");
            continue;
        };
        let text = serde_json::to_string_pretty(&sketch).unwrap() + "\n";
        std::fs::write(sketch_dir().join(format!("{name}.json")), text).unwrap();
        eprintln!("{name}: written");
    }
}
