//! The whole game log of a few recorded games, as a person reads it: every action of the
//! history with the events it produced, then the client's log (separators and combat
//! summaries). The games are fixed saves (2 and 4 players on the introductory board, 3 players
//! on a constructed board, between heuristic and random players, with combats, event cards
//! and combat cards), so the snapshot changes only when the words do. The client's log, phase
//! digests and combat results built from hand-made events (`tui::log`, `tui::digest`,
//! `tui::combat_result`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use herakon::bot::BotKind;
use herakon::bot::play::Matchup;
use herakon::engine::rules::{Dice, Event, WonBy};
use herakon::engine::state::action::DamageTarget;
use herakon::engine::{
    AreaId, Faction, Game, GameData, NewGameOptions, Order, SetupKind, SystemId, UnitType,
};
use herakon::tui::Theme;
use herakon::tui::combat_result::{CombatResult, Moment, Why, faces};
use herakon::tui::digest::Chronicle;
use herakon::tui::log::{Tally, lines};

/// The recorded games: file stem, seats, seed, board.
const GAMES: [(&str, &[BotKind], u64, SetupKind); 4] = [
    (
        "two_heuristic_intro",
        &[BotKind::Heuristic, BotKind::Heuristic],
        7,
        SetupKind::Intro,
    ),
    (
        "four_heuristic_intro",
        &[
            BotKind::Heuristic,
            BotKind::Heuristic,
            BotKind::Heuristic,
            BotKind::Heuristic,
        ],
        11,
        SetupKind::Intro,
    ),
    (
        "three_constructed",
        &[BotKind::Heuristic, BotKind::Heuristic, BotKind::Random],
        5,
        SetupKind::Build,
    ),
    (
        "two_random_intro",
        &[BotKind::Random, BotKind::Heuristic],
        3,
        SetupKind::Intro,
    ),
];

fn fixture(stem: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/event_log")
        .join(format!("{stem}.json"))
}

/// Writes the recorded games again (run once by hand when the fixtures must change:
/// `cargo test --test it event_log:: -- --ignored`).
#[test]
#[ignore = "rewrites the fixtures"]
fn write_the_recorded_games() {
    let data = common::data();
    for (stem, seats, seed, setup) in GAMES {
        let players = u8::try_from(seats.len()).unwrap();
        let mut m = Matchup::nth(seats, players, seed, 0);
        m.setup = setup;
        let (game, _) = m.game(&data, 20_000).unwrap();
        std::fs::write(fixture(stem), herakon::engine::format::save::to_json(&game)).unwrap();
    }
}

fn load(stem: &str, data: &Arc<GameData>) -> Game {
    let text = std::fs::read_to_string(fixture(stem)).unwrap();
    herakon::engine::format::save::load(&text, Arc::clone(data)).unwrap()
}

/// Every action of the history and the words of its events, then the client's log.
fn whole_log(game: &Game, data: &Arc<GameData>) -> String {
    let mut out = String::new();
    let mut g = Game::from_position(game.start().clone(), Arc::clone(data)).unwrap();
    for action in game.history() {
        let events = g.apply(*action).unwrap();
        let _ = writeln!(out, "> {action}");
        for e in &events {
            let _ = writeln!(out, "  {}", game.with_names(&e.to_string()));
        }
    }
    out.push_str("\n==== the client's log ====\n");
    let (lines, _) = herakon::tui::log::rebuild(game);
    for l in lines {
        let _ = writeln!(out, "{}{}", if l.note { "# " } else { "  " }, l.text);
    }
    out
}

#[test]
fn the_log_of_recorded_games_reads_as_before() {
    let data = common::data();
    for (stem, ..) in GAMES {
        let game = load(stem, &data);
        assert!(game.is_over(), "{stem} is a finished game");
        insta::assert_snapshot!(stem, whole_log(&game, &data));
    }
}

/// FNV-1a: a digest of a long text that does not depend on the standard library's hasher.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A random game whose choices do not depend on the order of the legal-action list (the
/// actions are sorted by their notation before one is drawn), with the words of all its events.
fn random_log(data: &Arc<GameData>, players: u8, seed: u64, setup: SetupKind) -> (usize, String) {
    let mut game = common::new_game(data, players, seed, setup);
    let mut text = String::new();
    let mut lines = 0;
    common::play_to_end(
        &mut game,
        &mut common::random_chooser(seed, true),
        &mut |_, _, events| {
            for e in events {
                let _ = writeln!(text, "{e}");
                lines += 1;
            }
        },
    );
    (lines, text)
}

#[test]
fn the_words_of_many_random_games_read_as_before() {
    let data = common::data();
    let mut out = String::new();
    for seed in 0..36u64 {
        let (players, setup) = common::seeded_setup(seed, 4);
        let (lines, text) = random_log(&data, players, seed, setup);
        let _ = writeln!(
            out,
            "seed {seed}, {players} players, {setup:?}: {lines} events, digest {:016x}",
            digest(&text)
        );
    }
    insta::assert_snapshot!(out);
}

fn game() -> Game {
    let data = Arc::new(GameData::embedded().unwrap_or_else(|_| unreachable!()));
    let options = NewGameOptions::intro(2, 1);
    Game::new(&options, data).unwrap_or_else(|_| unreachable!())
}

fn area(name: &str) -> AreaId {
    name.parse().unwrap_or_else(|_| unreachable!())
}

#[test]
fn rounds_and_phases_become_separators() {
    let mut t = Tally::default();
    let l = lines(
        &game(),
        &[
            Event::OperationsBegins {},
            Event::RoundBegins {
                round: 2,
                first: Faction::Chaos,
            },
        ],
        &mut t,
    );
    let words: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        words,
        [
            "── Operations Phase ──",
            "── Round 2 · Planning · World Eaters first ──"
        ]
    );
}

#[test]
fn the_end_of_a_constructed_boards_setup_opens_round_one() {
    let mut t = Tally::default();
    let l = lines(
        &game(),
        &[
            Event::SetupStorm {
                faction: Faction::Chaos,
                edge: "B1.s".parse().unwrap_or_else(|_| unreachable!()),
            },
            Event::SetupComplete {
                first: Faction::Ultramarines,
            },
        ],
        &mut t,
    );
    let words: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        words,
        [
            "World Eaters places a warp storm on B1.s",
            "── Round 1 · Planning · Ultramarines first ──"
        ]
    );
}

#[test]
fn a_combat_ends_with_one_summary_line() {
    let g = game();
    let mut t = Tally::default();
    let mut l = lines(
        &g,
        &[Event::CombatBegins {
            area: area("B1.se"),
            attacker: Faction::Ultramarines,
            defender: Faction::Chaos,
        }],
        &mut t,
    );
    l.extend(lines(
        &g,
        &[
            Event::CardPlayed {
                faction: Faction::Ultramarines,
                card: "Ambush".into(),
            },
            Event::CardPlayed {
                faction: Faction::Chaos,
                card: "Lure of Chaos".into(),
            },
            Event::DamageSuffered {
                faction: Faction::Chaos,
                damage: 3,
            },
            Event::PieceDamaged {
                faction: Faction::Chaos,
                target: DamageTarget::Unit {
                    unit: UnitType::Cultist,
                    routed: false,
                },
                damage: 1,
                destroyed: true,
            },
            Event::CombatWon {
                faction: Faction::Ultramarines,
                by: WonBy::LastStanding,
            },
            Event::CombatEnds {
                area: area("B1.se"),
            },
        ],
        &mut t,
    ));
    let last = l.last().map(|l| l.text.clone()).unwrap_or_default();
    assert_eq!(
        last,
        "Combat in B1.se: Ultramarines attacks World Eaters · cards Ultramarines: Ambush, \
         World Eaters: Lure of Chaos · damage World Eaters 3 · destroyed World Eaters' \
         Cultist · Ultramarines wins"
    );
    assert_eq!(t, Tally::default());
}

#[test]
fn a_combat_won_at_once_names_its_winner() {
    let g = game();
    let mut t = Tally::default();
    let l = lines(
        &g,
        &[
            Event::CombatBegins {
                area: area("B1.se"),
                attacker: Faction::Ultramarines,
                defender: Faction::Chaos,
            },
            Event::WonAtOnce {
                attacker: Faction::Ultramarines,
                defender: Faction::Chaos,
            },
            Event::CombatEnds {
                area: area("B1.se"),
            },
        ],
        &mut t,
    );
    let last = l.last().map(|l| l.text.clone()).unwrap_or_default();
    assert!(last.ends_with("· Ultramarines wins"), "{last}");
}

#[test]
fn a_phase_digest_sums_what_each_player_gained_and_names_the_combats_winner() {
    let (u, c) = (Faction::Ultramarines, Faction::Chaos);
    let area: AreaId = "B1.se".parse().unwrap_or_else(|_| unreachable!());
    let system: SystemId = "B1".parse().unwrap_or_else(|_| unreachable!());
    let mut chronicle = Chronicle::default();
    chronicle.record(1, &[Event::OperationsBegins {}]);
    chronicle.record(
        2,
        &[
            Event::OrderResolved {
                faction: u,
                order: Order::Advance,
                system,
            },
            Event::CombatBegins {
                area,
                attacker: u,
                defender: c,
            },
            Event::WonAtOnce {
                attacker: u,
                defender: c,
            },
            Event::CombatEnds { area },
        ],
    );
    chronicle.record(
        3,
        &[
            Event::RefreshBegins {},
            Event::MaterielCollected {
                faction: u,
                kept: 3,
                income: 3,
                max: 20,
            },
            Event::ObjectivesCollected {
                faction: u,
                count: 1,
            },
        ],
    );
    // Seen by a seat before the Refresh Phase began: the Operations Phase's digest.
    let (ended, now) = chronicle.digests(Some(2));
    let ended = ended.unwrap_or_else(|| unreachable!());
    assert_eq!(ended.phase.as_deref(), Some("round 1 · Operations Phase"));
    assert_eq!(ended.orders, [(u, Order::Advance, system)]);
    assert_eq!(ended.combats.len(), 1);
    assert_eq!(ended.combats[0].winner, Some(u));
    assert_eq!(now.materiel.get(&u), Some(&3));
    assert_eq!(now.objectives.get(&u), Some(&1));
    // Seen after it began: nothing new to show on the hand-off.
    assert_eq!(chronicle.digests(Some(3)).0, None);
    // Taken back: the Refresh Phase's events are gone.
    chronicle.truncate(2);
    assert!(chronicle.digests(None).1.materiel.is_empty());
}

fn cultist() -> DamageTarget {
    DamageTarget::Unit {
        unit: UnitType::Cultist,
        routed: false,
    }
}

/// A combat of three rounds decided on morale, the defender's two Cultists destroyed, a
/// Scout of the attacker routed, the attacker retreating.
fn morale_combat() -> Vec<Event> {
    let (u, c) = (Faction::Ultramarines, Faction::Chaos);
    vec![
        Event::CombatBegins {
            area: area("B1.se"),
            attacker: u,
            defender: c,
        },
        Event::CardPlayed {
            faction: u,
            card: "Ambush".into(),
        },
        Event::CardPlayed {
            faction: c,
            card: "Dark Faith".into(),
        },
        Event::PieceDamaged {
            faction: c,
            target: cultist(),
            damage: 1,
            destroyed: true,
        },
        Event::PieceDamaged {
            faction: c,
            target: cultist(),
            damage: 1,
            destroyed: true,
        },
        Event::Routed {
            faction: u,
            target: DamageTarget::Unit {
                unit: UnitType::Scout,
                routed: false,
            },
        },
        Event::MoraleCompared {
            attacker: 1,
            defender: 2,
        },
        Event::CombatWon {
            faction: c,
            by: WonBy::Morale {
                winner: 2,
                loser: 1,
            },
        },
        Event::Retreated {
            faction: u,
            count: 2,
            to: area("B2.se"),
        },
        Event::CombatEnds {
            area: area("B1.se"),
        },
    ]
}

#[test]
fn the_result_names_the_morale_winner_why_each_sides_losses_and_the_retreat() {
    let events = morale_combat();
    let r = CombatResult::last(events.iter()).unwrap_or_else(|| unreachable!());
    assert!(r.ended);
    let (verdict, why) = r.verdict(&|f: Faction| f.name().to_string());
    assert_eq!(verdict, "World Eaters wins");
    assert_eq!(why, "morale 2 against 1 after three rounds");
    let drawn: Vec<String> = Moment::Result(r.clone())
        .lines(&|f: Faction| f.name().to_string(), Theme::default())
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    assert!(
        drawn.iter().any(|l| l == "  destroyed: Cultist ×2"),
        "{drawn:#?}"
    );
    assert_eq!(r.attacker.routed, ["Scout"]);
    assert_eq!(r.attacker.retreat, Some((2, area("B2.se"))));
    assert_eq!(r.attacker.cards, ["Ambush"]);
    assert_eq!(r.defender.cards, ["Dark Faith"]);
}

#[test]
fn a_tie_on_morale_goes_to_the_defender_and_the_result_says_so() {
    let r = CombatResult {
        winner: Some(Faction::Chaos),
        why: Why::By(WonBy::Morale {
            winner: 2,
            loser: 2,
        }),
        ..CombatResult::last(morale_combat().iter()).unwrap_or_else(|| unreachable!())
    };
    let (_, why) = r.verdict(&|f: Faction| f.name().to_string());
    assert_eq!(why, "morale 2 against 2: a tie goes to the defender");
}

#[test]
fn the_cards_moment_comes_when_the_defenders_card_turns_face_up_and_the_result_at_the_end() {
    let events = morale_combat();
    // The attacker's card alone: no moment (the defender's still lies face down).
    assert_eq!(Moment::of(&events[1..2], events[..2].iter()), None);
    let both = Moment::of(&events[2..3], events[..3].iter());
    assert!(
        matches!(&both, Some(Moment::Reveal(r)) if r.combat.defender.cards == ["Dark Faith"]),
        "{both:?}"
    );
    let end = Moment::of(&events[8..], events.iter());
    assert!(matches!(end, Some(Moment::Result(r)) if r.ended && r.winner == Some(Faction::Chaos)));
}

#[test]
fn dice_read_as_their_faces_grouped_by_face() {
    let d = Dice {
        offence: 2,
        defence: 1,
        morale: 0,
    };
    assert_eq!(faces(d), "✸✸ ▣");
    assert_eq!(faces(Dice::default()), "–");
}
