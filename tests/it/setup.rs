//! Constructing the game board (Rules Reference, "Setup"; Learn to Play, "Constructing the
//! Game Board"): each restriction as a named test, and thousands of random constructed setups
//! that must all end in a full, legal board with every piece placed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;

use herakon::engine::Rule;
use herakon::engine::state::phase::Phase;
use herakon::engine::{
    Action, DecisionKind, EdgeId, Faction, Game, GameData, NewGameOptions, Seat, SetupKind,
    SetupStep, SystemId,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn build(players: u8, seed: u64, data: &Arc<GameData>) -> Game {
    Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
            setup: SetupKind::Build,
        },
        Arc::clone(data),
    )
    .expect("constructed setup")
}

fn sys(s: &str) -> SystemId {
    s.parse().unwrap()
}

fn kind(g: &Game) -> DecisionKind {
    g.decision().expect("a decision").kind
}

/// Ends the current seat's tile turn: no extra forces while allowed (`done`), otherwise the
/// first legal placement; the first legal objective token each time.
fn finish_turn(g: &mut Game) {
    while matches!(
        kind(g),
        DecisionKind::PlaceForces | DecisionKind::PlaceObjective
    ) {
        let legal = g.legal_actions();
        let act = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        g.apply(act).unwrap();
    }
}

/// Places some tile of the deciding seat's hand on `system` and ends the turn.
fn place_at(g: &mut Game, system: &str) {
    assert_eq!(kind(g), DecisionKind::PlaceTile);
    let act = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::PlaceTile { system: s, .. } if *s == sys(system)))
        .unwrap_or_else(|| panic!("no legal tile on {system}"));
    g.apply(act).unwrap();
    finish_turn(g);
}

/// A tile of the deciding seat's hand on `system`, which must be refused; returns the reason.
fn refused_at(g: &Game, system: &str) -> String {
    let number = g.setup_state().unwrap().hands[g.decision().unwrap().seat.index()][0];
    let act = Action::PlaceTile {
        number,
        side_b: false,
        rotation: 0,
        system: sys(system),
    };
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::PlaceTile { system: s, .. } if *s == sys(system))),
        "{system} should not be offered"
    );
    let err = g.check(&act).unwrap_err();
    assert_eq!(err.rule, Rule::Setup);
    err.reason
}

#[test]
fn factions_other_than_the_introductory_ones_may_construct_a_board() {
    let data = common::data();
    let g = Game::new(
        &NewGameOptions {
            players: 2,
            factions: Some(vec![Faction::Orks, Faction::Eldar]),
            seed: 3,
            setup: SetupKind::Build,
        },
        Arc::clone(&data),
    )
    .unwrap();
    assert_eq!(g.faction(Seat(0)), Faction::Orks);
    assert!(matches!(g.position().phase, Phase::Setup(_)));
    let intro = Game::new(
        &NewGameOptions {
            players: 2,
            factions: Some(vec![Faction::Orks, Faction::Eldar]),
            seed: 3,
            setup: SetupKind::Intro,
        },
        data,
    );
    assert!(intro.is_err());
}

#[test]
fn tiles_and_objective_tokens_are_dealt_and_the_first_player_drawn() {
    let data = common::data();
    let mut firsts = [0; 4];
    for seed in 0..40 {
        let g = build(4, seed, &data);
        let s = g.setup_state().unwrap();
        firsts[g.position().first_player.index()] += 1;
        assert_eq!(g.decision().unwrap().seat, g.position().first_player);
        let mut all: Vec<u8> = s.hands.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (1..=12).collect::<Vec<_>>(), "every tile dealt once");
        for (i, hand) in s.hands.iter().enumerate() {
            let f = g.faction(Seat(u8::try_from(i).unwrap()));
            assert_eq!(hand.len(), 3);
            assert!(
                hand.contains(&data.faction(f).home_tile),
                "own faction tile"
            );
            assert_eq!(
                hand.iter().filter(|&&t| t <= 8).count(),
                2,
                "two neutral tiles"
            );
            // Two objective tokens from every other player, none of his own.
            assert_eq!(s.objectives[i].len(), 6);
            assert!(!s.objectives[i].contains(&f));
        }
        // The same seed deals the same.
        assert_eq!(build(4, seed, &data).position(), g.position());
    }
    assert!(
        firsts.iter().all(|&c| c > 0),
        "every seat is drawn first sometimes: {firsts:?}"
    );
}

#[test]
fn the_first_tile_goes_in_the_middle_of_the_grid_in_any_side_and_rotation() {
    let data = common::data();
    let g = build(4, 1, &data);
    let legal = g.legal_actions();
    // Three tiles, two sides, four rotations, one place.
    assert_eq!(legal.len(), 24);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::PlaceTile { system, .. } if *system == sys("D4")))
    );
    let g2 = build(2, 1, &data);
    assert!(
        g2.legal_actions()
            .iter()
            .all(|a| matches!(a, Action::PlaceTile { system, .. } if *system == sys("C3")))
    );
}

#[test]
fn tiles_are_placed_clockwise_from_the_first_player_three_rounds() {
    let data = common::data();
    let mut g = build(3, 5, &data);
    let first = g.position().first_player;
    let mut order = Vec::new();
    let spots = ["C3", "D3", "B3", "C2", "C4", "D2", "B2", "D4", "B4"];
    for spot in spots {
        order.push(g.decision().unwrap().seat);
        place_at(&mut g, spot);
    }
    let expected: Vec<Seat> = (0..9u8).map(|i| Seat((first.0 + i) % 3)).collect();
    assert_eq!(order, expected);
    assert!(g.setup_state().unwrap().hands.iter().all(Vec::is_empty));
    // The finished board is renamed from A1.
    assert_eq!((g.position().board.cols, g.position().board.rows), (3, 3));
    assert!(g.board().has_system(sys("A1")) && g.board().has_system(sys("C3")));
}

#[test]
fn a_tile_must_be_adjacent_to_a_placed_tile() {
    let data = common::data();
    let mut g = build(2, 2, &data);
    place_at(&mut g, "C3");
    let offered: std::collections::BTreeSet<SystemId> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceTile { system, .. } => Some(system),
            _ => None,
        })
        .collect();
    let expected = ["C2", "B3", "D3", "C4"].map(sys).into_iter().collect();
    assert_eq!(offered, expected);
    assert!(refused_at(&g, "E3").contains("adjacent"));
    assert!(
        refused_at(&g, "D4").contains("adjacent"),
        "diagonal is not adjacent"
    );
    assert!(refused_at(&g, "C3").contains("already holds"));
}

#[test]
fn the_board_may_not_exceed_three_by_two_lying_down() {
    let data = common::data();
    let mut g = build(2, 3, &data);
    place_at(&mut g, "C3");
    place_at(&mut g, "D3");
    place_at(&mut g, "E3");
    // A row of three fixes the orientation: 3 wide, 2 high.
    assert!(refused_at(&g, "B3").contains("at most 3x2"));
    assert!(refused_at(&g, "F3").contains("off the") || refused_at(&g, "F3").contains("at most"));
    place_at(&mut g, "D4");
    assert!(
        refused_at(&g, "D2").contains("3x3"),
        "a third row is too many"
    );
    place_at(&mut g, "C4");
    place_at(&mut g, "E4");
    assert_eq!((g.position().board.cols, g.position().board.rows), (3, 2));
}

#[test]
fn the_board_may_not_exceed_three_by_two_standing_up() {
    let data = common::data();
    let mut g = build(2, 4, &data);
    place_at(&mut g, "C3");
    place_at(&mut g, "C2");
    // Two high, one wide: either orientation is still open.
    place_at(&mut g, "D2");
    place_at(&mut g, "C4");
    // Three high now: only two wide is allowed.
    assert!(refused_at(&g, "E2").contains("3x3"));
    assert!(refused_at(&g, "C1").contains("1x4") || refused_at(&g, "C1").contains("2x4"));
    place_at(&mut g, "D3");
    place_at(&mut g, "D4");
    assert_eq!((g.position().board.cols, g.position().board.rows), (2, 3));
}

#[test]
fn four_players_build_four_wide_or_four_high_but_not_both() {
    let data = common::data();
    let mut g = build(4, 6, &data);
    for s in ["D4", "E4", "F4", "G4"] {
        place_at(&mut g, s);
    }
    // Four in a row: the board is 4 wide and at most 3 high.
    assert!(refused_at(&g, "C4").contains("5x1"));
    place_at(&mut g, "D5");
    place_at(&mut g, "D3");
    assert!(refused_at(&g, "D2").contains("4x4"));
    assert!(refused_at(&g, "D6").contains("4x4"));

    let mut g = build(4, 7, &data);
    for s in ["D4", "D5", "D6", "D3"] {
        place_at(&mut g, s);
    }
    assert!(refused_at(&g, "D2").contains("1x5"));
    place_at(&mut g, "E4");
    place_at(&mut g, "C4");
    assert!(refused_at(&g, "B4").contains("4x4"));
}

#[test]
fn objective_tokens_of_one_faction_never_share_a_tile() {
    let data = common::data();
    let mut g = build(3, 8, &data);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    while kind(&g) == DecisionKind::PlaceForces {
        g.apply(Action::Done).unwrap();
    }
    assert_eq!(kind(&g), DecisionKind::PlaceObjective);
    let first = g.legal_actions()[0];
    let Action::PlaceObjective { area, faction } = first else {
        panic!("{first}")
    };
    g.apply(first).unwrap();
    // The other space: only the other faction.
    let legal = g.legal_actions();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(
        |a| matches!(a, Action::PlaceObjective { faction: f, area: x } if *f != faction && *x != area)
    ));
    let Action::PlaceObjective { area: other, .. } = legal[0] else {
        panic!()
    };
    let err = g
        .check(&Action::PlaceObjective {
            area: other,
            faction,
        })
        .unwrap_err();
    assert_eq!(err.rule, Rule::ObjectiveTokens);
    assert!(err.reason.contains("same faction"), "{}", err.reason);
}

#[test]
fn a_player_places_first_the_faction_he_holds_most_of() {
    let data = common::data();
    let mut g = build(4, 9, &data);
    let seat = g.decision().unwrap().seat;
    place_at(&mut g, "D4"); // two tokens placed: he now holds one, one and two
    for spot in ["E4", "F4", "G4"] {
        place_at(&mut g, spot);
    }
    assert_eq!(g.decision().unwrap().seat, seat);
    let held = g.setup_state().unwrap().objectives[seat.index()].clone();
    let count = |f: Faction| held.iter().filter(|h| **h == f).count();
    let most = held.iter().copied().max_by_key(|f| count(*f)).unwrap();
    let fewer = held
        .iter()
        .copied()
        .find(|f| count(*f) < count(most))
        .unwrap();
    let act = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::PlaceTile { system, .. } if *system == sys("D3")))
        .unwrap();
    g.apply(act).unwrap();
    while kind(&g) == DecisionKind::PlaceForces {
        g.apply(Action::Done).unwrap();
    }
    let legal = g.legal_actions();
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::PlaceObjective { faction, .. } if *faction == most))
    );
    let Action::PlaceObjective { area, .. } = legal[0] else {
        panic!()
    };
    let err = g
        .check(&Action::PlaceObjective {
            area,
            faction: fewer,
        })
        .unwrap_err();
    assert!(err.reason.contains("holds more tokens"), "{}", err.reason);
}

#[test]
fn every_initial_force_is_placed_by_the_third_tile_and_assets_stay_in_the_play_area() {
    let data = common::data();
    let mut g = build(2, 10, &data);
    for s in ["C3", "D3", "E3", "C4", "D4"] {
        place_at(&mut g, s); // `done` at once on the first two tiles
    }
    // The last tile: no `done` while forces remain.
    let act = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::PlaceTile { system, .. } if *system == sys("E4")))
        .unwrap();
    g.apply(act).unwrap();
    assert_eq!(kind(&g), DecisionKind::PlaceForces);
    assert!(!g.legal_actions().contains(&Action::Done));
    let err = g.check(&Action::Done).unwrap_err();
    assert!(err.reason.contains("third system tile"), "{}", err.reason);
    finish_turn(&mut g);
    assert_eq!(kind(&g), DecisionKind::PlaceStorm);
    let pos = g.position();
    for p in &pos.players {
        let sheet = &data.faction(p.faction).initial_forces;
        for (unit, &count) in &sheet.units {
            let on = pos
                .areas
                .values()
                .flat_map(|a| a.units.iter())
                .filter(|u| u.unit == *unit)
                .count();
            assert_eq!(on, usize::from(count), "{unit}");
        }
        let kept = sheet
            .assets
            .get(&herakon::engine::Asset::Reinforcement)
            .copied()
            .unwrap_or(0);
        assert_eq!(
            p.assets.reinforcement, kept,
            "assets stay by the faction sheet"
        );
    }
}

#[test]
fn initial_forces_respect_unit_capacity_and_unit_kind() {
    let data = common::data();
    let mut g = build(3, 11, &data);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    assert_eq!(kind(&g), DecisionKind::PlaceForces);
    for a in g.legal_actions() {
        match a {
            Action::SetupUnit { unit, area } => {
                let info = g.board().area(area).unwrap();
                assert_eq!(g.is_ship(unit), !info.is_world(), "{a}");
            }
            Action::SetupStructure { area, .. } => {
                assert!(g.board().area(area).unwrap().is_world());
            }
            Action::Done => {}
            other => panic!("{other}"),
        }
    }
    // Fill one world to capacity, then it is no longer offered.
    let world = g
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::SetupUnit { unit, area } if !g.is_ship(unit) => Some((unit, area)),
            _ => None,
        })
        .unwrap();
    let cap = usize::from(g.capacity(world.1));
    let mut placed = 0;
    while let Some(act) = g.legal_actions().into_iter().find(
        |a| matches!(a, Action::SetupUnit { unit, area } if *area == world.1 && !g.is_ship(*unit)),
    ) {
        g.apply(act).unwrap();
        placed += 1;
    }
    assert!(placed <= cap);
    // With a ground unit still in hand, the full world refuses it by unit capacity.
    let spare = g.legal_actions().into_iter().find_map(|a| match a {
        Action::SetupUnit { unit, .. } if !g.is_ship(unit) => Some(unit),
        _ => None,
    });
    // Seed 11 leaves one in hand, so the capacity refusal is always checked.
    let unit = spare.expect("a ground unit still to place once the world is full");
    assert_eq!(placed, cap);
    let err = g
        .check(&Action::SetupUnit {
            unit,
            area: world.1,
        })
        .unwrap_err();
    assert_eq!(err.rule, Rule::UnitCapacity, "{}", err.reason);
}

#[test]
fn warp_storms_go_anticlockwise_from_the_last_tile_and_never_overlap() {
    let data = common::data();
    let mut g = build(3, 12, &data);
    let mut chooser = ChaCha8Rng::seed_from_u64(1);
    while kind(&g) != DecisionKind::PlaceStorm {
        let legal = g.legal_actions();
        g.apply(legal[chooser.random_range(0..legal.len())])
            .unwrap();
    }
    let first = g.position().first_player;
    let last_tile = Seat((first.0 + 2) % 3);
    assert_eq!(g.decision().unwrap().seat, last_tile);
    let edges = g.board().edges();
    assert_eq!(
        g.legal_actions().len(),
        edges.len(),
        "every edge, outer ones included"
    );
    assert!(g.legal_actions().contains(&Action::PlaceStorm {
        edge: EdgeId::of(sys("A1"), herakon::engine::Side::N)
    }));
    let e = "B2.n".parse().unwrap();
    g.apply(Action::PlaceStorm { edge: e }).unwrap();
    assert_eq!(
        g.decision().unwrap().seat,
        Seat((last_tile.0 + 2) % 3),
        "anticlockwise"
    );
    assert!(!g.legal_actions().contains(&Action::PlaceStorm { edge: e }));
    let same: EdgeId = "B1.s".parse().unwrap();
    let err = g.check(&Action::PlaceStorm { edge: same }).unwrap_err();
    assert!(err.reason.contains("already lies"), "{}", err.reason);
    let off = g
        .check(&Action::PlaceStorm {
            edge: "E1.n".parse().unwrap(),
        })
        .unwrap_err();
    assert!(off.reason.contains("not an edge"), "{}", off.reason);
    let legal = g.legal_actions();
    g.apply(legal[0]).unwrap();
    let legal = g.legal_actions();
    g.apply(legal[0]).unwrap();
    assert_eq!(
        g.decision().unwrap(),
        herakon::engine::Decision {
            seat: first,
            kind: DecisionKind::PlaceOrder
        }
    );
    assert_eq!(g.position().storms.len(), 3);
}

#[test]
fn setup_actions_print_and_parse_in_the_notation() {
    for text in [
        "tile 10A C3 r1",
        "tile 3B D4 r0",
        "setup scout C3.nw",
        "setup factory C3.sw",
        "objective C3.ne orks",
        "warp-storm B1.s",
    ] {
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
    assert_eq!(
        "tile 10a c3".parse::<Action>().unwrap().to_string(),
        "tile 10A C3 r0"
    );
    assert!("tile 10C C3".parse::<Action>().is_err());
    assert!("tile 10A C3 r4".parse::<Action>().is_err());
}

#[test]
fn a_setup_saved_midway_loads_and_replays() {
    let data = common::data();
    let mut g = build(4, 13, &data);
    let mut chooser = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..25 {
        let legal = g.legal_actions();
        g.apply(legal[chooser.random_range(0..legal.len())])
            .unwrap();
    }
    assert!(matches!(g.position().phase, Phase::Setup(_)));
    let text = herakon::engine::format::save::to_json(&g);
    let loaded = herakon::engine::format::save::load(&text, Arc::clone(&data)).unwrap();
    assert_eq!(loaded.position(), g.position());
    assert_eq!(loaded.legal_actions(), g.legal_actions());
    // A hand-made position in the middle of the setup is validated like any other.
    let again = Game::from_position(g.position().clone(), data).unwrap();
    assert_eq!(again.legal_actions(), g.legal_actions());
}

#[test]
fn a_broken_setup_position_is_refused_with_every_violation() {
    let data = common::data();
    let g = build(2, 14, &data);
    let mut pos = g.position().clone();
    if let Phase::Setup(s) = &mut pos.phase {
        let stolen = s.hands[1][0];
        s.hands[0].push(stolen);
        s.objectives[0].push(g.faction(Seat(0)));
        s.step = SetupStep::Forces { system: sys("A1") };
    }
    let v = Game::from_position(pos, data).unwrap_err();
    let text: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert!(
        text.iter().any(|t| t.contains("both in a hand")),
        "{text:#?}"
    );
    assert!(
        text.iter().any(|t| t.contains("own objective")),
        "{text:#?}"
    );
    assert!(
        text.iter().any(|t| t.contains("holds no tile")),
        "{text:#?}"
    );
}

/// Plays a whole constructed setup by seeded random choice and checks the outcome.
fn random_setup(players: u8, seed: u64, data: &Arc<GameData>) {
    let mut g = build(players, seed, data);
    let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut steps = 0;
    while matches!(g.position().phase, Phase::Setup(_)) {
        let legal = g.legal_actions();
        assert!(
            !legal.is_empty(),
            "seed {seed}: stuck at {:?}",
            g.decision()
        );
        let act = legal[chooser.random_range(0..legal.len())];
        g.apply(act)
            .unwrap_or_else(|e| panic!("seed {seed}: {act}: {e}"));
        steps += 1;
        assert!(steps < 500, "seed {seed}: setup does not end");
    }
    let pos = g.position();
    let n = usize::from(players);
    let (w, h) = (pos.board.cols, pos.board.rows);
    assert!(
        (w, h) == (3, players) || (w, h) == (players, 3),
        "seed {seed}: board {w}x{h}"
    );
    assert_eq!(pos.board.tiles.len(), 3 * n, "seed {seed}: full rectangle");
    assert_eq!(pos.storms.len(), n);
    let mut objectives: BTreeMap<Faction, usize> = BTreeMap::new();
    for f in pos.areas.values().flat_map(|a| a.objectives.iter()) {
        *objectives.entry(*f).or_default() += 1;
    }
    for p in &pos.players {
        assert_eq!(
            objectives.get(&p.faction).copied().unwrap_or(0),
            2 * (n - 1),
            "seed {seed}: every objective token of {} placed",
            p.faction
        );
        let sheet = &data.faction(p.faction).initial_forces;
        let units: usize = sheet.units.values().map(|&c| usize::from(c)).sum();
        let on_board = pos
            .areas
            .values()
            .flat_map(|a| a.units.iter())
            .filter(|u| u.owner() == p.faction)
            .count();
        assert_eq!(on_board, units, "seed {seed}: every initial unit placed");
        let structures: usize = sheet.structures.values().map(|&c| usize::from(c)).sum();
        let built = pos
            .areas
            .values()
            .flat_map(|a| a.structures.iter())
            .filter(|s| s.owner == p.faction)
            .count();
        assert_eq!(
            built, structures,
            "seed {seed}: every initial structure placed"
        );
    }
    assert!(matches!(pos.phase, Phase::Planning { turn } if turn == pos.first_player));
    Game::from_position(pos.clone(), Arc::clone(data))
        .unwrap_or_else(|v| panic!("seed {seed}: {v:#?}"));
}

#[test]
fn a_thousand_random_setups_for_two_players_end_in_a_full_legal_board() {
    let data = common::data();
    for seed in 0..1000 {
        random_setup(2, seed, &data);
    }
}

#[test]
fn a_thousand_random_setups_for_three_players_end_in_a_full_legal_board() {
    let data = common::data();
    for seed in 0..1000 {
        random_setup(3, seed, &data);
    }
}

#[test]
fn a_thousand_random_setups_for_four_players_end_in_a_full_legal_board() {
    let data = common::data();
    for seed in 0..1000 {
        random_setup(4, seed, &data);
    }
}

#[test]
fn games_on_constructed_boards_play_to_the_end() {
    let data = common::data();
    for players in 2..=4u8 {
        for seed in 0..2 {
            let mut g = build(players, seed, &data);
            g.play_setup_randomly(seed);
            assert!(matches!(g.position().phase, Phase::Planning { .. }));
            let mut chooser = ChaCha8Rng::seed_from_u64(seed);
            let mut steps = 0;
            while !g.is_over() && steps < 20_000 {
                let legal = g.legal_actions();
                assert!(!legal.is_empty(), "{players}p seed {seed}: no legal action");
                g.apply(legal[chooser.random_range(0..legal.len())])
                    .unwrap();
                steps += 1;
            }
            assert!(g.is_over(), "{players}p seed {seed}: the game does not end");
            Game::from_position(g.position().clone(), Arc::clone(&data)).unwrap();
        }
    }
}
