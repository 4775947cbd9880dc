//! Warnings told before a legal action is applied (`Game::warnings`,
//! `src/engine/rules/warnings.rs`), each under the rule it reflects: a ship moved away that a
//! ground path needs (Path), a ship that shuts out another system's ground units
//! (Advance Order), a unit moved onto a full world (Unit Capacity).
#![allow(clippy::panic, reason = "tests fail loudly")]

use std::sync::Arc;

use herakon::engine::data::GameData;
use herakon::engine::rules::{Game, NewGameOptions, Warning};
use herakon::engine::state::action::Action;
use herakon::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{AdvanceStep, OpStep, Phase};
use herakon::engine::state::position::{Position, Structure, Unit};
use herakon::engine::state::rule::Rule;
use herakon::engine::state::unit_type::UnitType;

fn area(s: &str) -> AreaId {
    s.parse().unwrap_or_else(|_| unreachable!())
}

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().unwrap_or_else(|_| unreachable!()))
}

fn intro(data: &Arc<GameData>) -> Game {
    Game::new(&NewGameOptions::intro(2, 1), Arc::clone(data)).unwrap_or_else(|_| unreachable!())
}

/// The Ultramarines' Advance on B1 revealed, the board cleared but for both factories.
fn advance_on_b1(data: &Arc<GameData>, edit: impl FnOnce(&mut Position)) -> Game {
    let mut pos = intro(data).position().clone();
    pos.areas.clear();
    pos.area_mut(area("A1.nw")).structures.push(Structure {
        kind: StructureKind::Factory,
        owner: Faction::Ultramarines,
    });
    pos.area_mut(area("B3.sw")).structures.push(Structure {
        kind: StructureKind::Factory,
        owner: Faction::Chaos,
    });
    let b1 = "B1".parse().unwrap_or_else(|_| unreachable!());
    // The token being resolved has left the play area and is off its stack: the rules
    // count it as the order in progress (validate.rs, resolving_order).
    let p = &mut pos.players[0];
    if let Some(i) = p.orders.iter().position(|o| *o == Order::Advance) {
        p.orders.remove(i);
    }
    pos.phase = Phase::Operations {
        turn: Seat(0),
        step: OpStep::Advance(AdvanceStep::new(b1)),
    };
    edit(&mut pos);
    match Game::from_position(pos, Arc::clone(data)) {
        Ok(g) => g,
        Err(v) => panic!("{v:#?}"),
    }
}

/// A Space Marine on Argovia (A1.sw) reaches Nicea (B1.se) only through the voids A1.se
/// and B1.sw, friendly while the Strike Cruisers lie there; moving the cruiser of A1.se
/// into B1 first leaves the marine without a path.
#[test]
fn moving_away_the_ship_a_ground_path_needs_is_told_under_the_path_rule() {
    let data = data();
    let g = advance_on_b1(&data, |pos| {
        pos.area_mut(area("A1.sw"))
            .units
            .push(Unit::new(UnitType::SpaceMarine));
        for void in ["A1.se", "B1.sw"] {
            pos.area_mut(area(void))
                .units
                .push(Unit::new(UnitType::StrikeCruiser));
        }
    });
    let legal = g.legal_actions();
    let away = legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::MoveUnits { from, .. } if *from == area("A1.se")));
    let Some(away) = away else {
        panic!("the cruiser may move: {legal:?}");
    };
    let w = g.warnings(away);
    assert!(
        w.iter().any(|w| matches!(w, Warning::BreaksGroundPath { stranded } if stranded.contains(&area("A1.sw")))),
        "{w:?}"
    );
    assert!(w.iter().all(|w| w.rule() == Rule::Path));
    // Ending ship movement at once strands nobody.
    assert!(g.warnings(Action::Done).is_empty());
}

/// A Space Marine on Phlegra (B2.nw) may reach B1 through the void B1.sw, friendly while a
/// Strike Cruiser lies there. A cruiser moved in from A1.se makes A1 the Advance's one
/// adjacent system: the marine of B2 is shut out by the Advance Order's one-system rule,
/// not for want of a path, and the warning says so.
#[test]
fn a_ship_from_one_adjacent_system_shuts_out_the_ground_units_of_another_under_advance_order() {
    let data = data();
    let g = advance_on_b1(&data, |pos| {
        pos.area_mut(area("B2.nw"))
            .units
            .push(Unit::new(UnitType::SpaceMarine));
        for void in ["A1.se", "B1.sw"] {
            pos.area_mut(area(void))
                .units
                .push(Unit::new(UnitType::StrikeCruiser));
        }
    });
    let legal = g.legal_actions();
    let Some(in_from_a1) = legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::MoveUnits { from, .. } if *from == area("A1.se")))
    else {
        panic!("the cruiser of A1.se may move in: {legal:?}");
    };
    let w = g.warnings(in_from_a1);
    assert_eq!(
        w,
        vec![Warning::ClosesOtherSystems {
            from: "A1".parse().unwrap_or_else(|_| unreachable!()),
            stranded: vec![area("B2.nw")],
        }],
    );
    assert_eq!(w[0].rule(), Rule::AdvanceOrder);
    assert!(
        g.warnings(Action::Done).is_empty(),
        "ending ship movement strands nobody"
    );
}

/// Three Space Marines already on Smyrna (capacity 3): a fourth moved in is over capacity.
#[test]
fn a_unit_moved_onto_a_full_world_is_told_under_unit_capacity() {
    let data = data();
    let mut g = advance_on_b1(&data, |pos| {
        for _ in 0..3 {
            pos.area_mut(area("B1.nw"))
                .units
                .push(Unit::new(UnitType::SpaceMarine));
        }
        pos.area_mut(area("A1.ne"))
            .units
            .push(Unit::new(UnitType::SpaceMarine));
    });
    assert_eq!(g.capacity(area("B1.nw")), 3, "Smyrna's capacity");
    g.apply(Action::Done).unwrap_or_else(|e| panic!("{e}"));
    let legal = g.legal_actions();
    let Some(into) = legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::MoveUnits { to, .. } if *to == area("B1.nw")))
    else {
        panic!("a unit may move onto Smyrna: {legal:?}");
    };
    let w = g.warnings(into);
    assert_eq!(
        w,
        vec![Warning::OverCapacity {
            area: area("B1.nw"),
            units: 4,
            capacity: 3
        }]
    );
    assert_eq!(w[0].rule(), Rule::UnitCapacity);
}
