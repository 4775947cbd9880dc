//! The board: adjacency of areas and systems on the introductory boards, warp storms and
//! ground paths (Rules Reference: Adjacency, Warp Storms, Moving Ground Units, Unit Capacity).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{a, intro};
use herakon::engine::rules::board::Board;
use herakon::engine::state::ids::{EdgeId, SystemId};

fn s(name: &str) -> SystemId {
    name.parse().unwrap()
}

fn e(name: &str) -> EdgeId {
    name.parse().unwrap()
}

#[test]
fn introductory_boards_have_the_size_of_their_player_count() {
    for (players, cols) in [(2, 2), (3, 3), (4, 4)] {
        let g = intro(players, 1);
        assert_eq!(
            (g.board().cols(), g.board().rows()),
            (cols, 3),
            "{players} players"
        );
        assert_eq!(g.board().areas().count(), usize::from(cols) * 3 * 4);
    }
}

#[test]
fn areas_sharing_an_edge_are_adjacent_within_and_across_tile_borders() {
    // covers: Borders
    // covers: Adjacency
    let g = intro(2, 1);
    let b = g.board();
    assert!(
        b.areas_adjacent(a("A1.nw"), a("A1.ne")),
        "same tile, side by side"
    );
    assert!(
        b.areas_adjacent(a("A1.ne"), a("B1.nw")),
        "across the A1/B1 border"
    );
    assert!(
        b.areas_adjacent(a("A1.se"), a("B1.sw")),
        "across the A1/B1 border, lower row"
    );
    assert!(
        b.areas_adjacent(a("A1.sw"), a("A2.nw")),
        "across the A1/A2 border"
    );
    assert!(
        b.areas_adjacent(a("B2.se"), a("B3.ne")),
        "across the B2/B3 border"
    );
}

#[test]
fn diagonal_areas_are_not_adjacent() {
    // covers: Adjacency
    let g = intro(2, 1);
    let b = g.board();
    assert!(
        !b.areas_adjacent(a("A1.nw"), a("A1.se")),
        "diagonal quadrants of one tile"
    );
    assert!(
        !b.areas_adjacent(a("A1.ne"), a("A1.sw")),
        "the other diagonal"
    );
    assert!(
        !b.areas_adjacent(a("A1.se"), a("B2.nw")),
        "diagonal across a tile corner"
    );
    assert_eq!(
        b.area_neighbours(a("A1.nw")).count(),
        2,
        "a board corner has two neighbours"
    );
    assert_eq!(b.area_neighbours(a("A2.ne")).count(), 4);
}

#[test]
fn three_and_four_player_boards_join_the_new_columns() {
    let g3 = intro(3, 1);
    assert!(g3.board().areas_adjacent(a("B1.ne"), a("C1.nw")));
    assert!(
        !g3.board().has_area(a("D1.nw")),
        "three players use columns A-C only"
    );
    let g4 = intro(4, 1);
    assert!(g4.board().areas_adjacent(a("C3.se"), a("D3.sw")));
    assert!(g4.board().systems_adjacent(s("D1"), s("D2")));
}

#[test]
fn systems_are_adjacent_only_across_a_shared_edge() {
    // covers: Adjacency
    let g = intro(2, 1);
    let b = g.board();
    assert!(b.systems_adjacent(s("A1"), s("B1")));
    assert!(b.systems_adjacent(s("A1"), s("A2")));
    assert!(
        !b.systems_adjacent(s("A1"), s("B2")),
        "systems meeting at a corner are not adjacent"
    );
    let mut n: Vec<String> = b
        .system_neighbours(s("A2"))
        .map(|x| x.to_string())
        .collect();
    n.sort();
    assert_eq!(n, ["A1", "A3", "B2"]);
}

#[test]
fn warp_storms_do_not_break_system_adjacency() {
    let g = intro(2, 1);
    assert!(
        g.position().storm_at(e("A1.s")),
        "the introductory storm between A1 and A2"
    );
    assert!(g.board().systems_adjacent(s("A1"), s("A2")));
}

#[test]
fn an_edge_has_one_identity_under_both_names() {
    assert_eq!(e("A1.s"), e("A2.n"));
    assert_eq!(e("A1.e"), e("B1.w"));
    assert_eq!(e("A2.n").to_string(), "A1.s");
}

#[test]
fn a_warp_storm_blocks_a_ground_path_across_its_edge() {
    // covers: Path
    let g = intro(2, 1);
    let b = g.board();
    let systems = [s("A1"), s("A2")];
    let everywhere = |_| true;
    // Argovia (A1.sw) to Xinghua (A2.sw) via the void A2.nw crosses the A1/A2 edge.
    let open = b.ground_path(a("A1.sw"), a("A2.sw"), &systems, |_| false, everywhere);
    assert_eq!(open.unwrap(), vec![a("A1.sw"), a("A2.nw"), a("A2.sw")]);
    let stormy = b.ground_path(
        a("A1.sw"),
        a("A2.sw"),
        &systems,
        |edge| edge == e("A1.s"),
        everywhere,
    );
    assert_eq!(stormy, None);
}

#[test]
fn a_ground_path_passes_only_through_areas_allowed_and_stays_in_two_systems() {
    // covers: Path
    let g = intro(2, 1);
    let b = g.board();
    let no_storm = |_| false;
    // Alledrias (A1.ne) to Nicea (B1.se): through A1.se and B1.sw, or B1.nw and B1.ne.
    let via_voids = |x| x == a("A1.se") || x == a("B1.sw");
    let path = b
        .ground_path(
            a("A1.ne"),
            a("B1.se"),
            &[s("A1"), s("B1")],
            no_storm,
            via_voids,
        )
        .unwrap();
    assert_eq!(path, vec![a("A1.ne"), a("A1.se"), a("B1.sw"), a("B1.se")]);
    let blocked = |x| x == a("A1.se");
    assert_eq!(
        b.ground_path(
            a("A1.ne"),
            a("B1.se"),
            &[s("A1"), s("B1")],
            no_storm,
            blocked
        ),
        None
    );
    // Adjacent areas always have a path, whatever lies around them.
    assert!(
        b.ground_path(
            a("A1.ne"),
            a("B1.nw"),
            &[s("A1"), s("B1")],
            no_storm,
            |_| false
        )
        .is_some()
    );
    // A detour through a third system is never a path.
    assert_eq!(
        b.ground_path(
            a("A1.sw"),
            a("B2.nw"),
            &[s("A1"), s("B2")],
            no_storm,
            |_| true
        ),
        None
    );
}

#[test]
fn voids_hold_three_units_and_worlds_their_skulls() {
    // covers: Worlds
    let g = intro(2, 1);
    assert_eq!(g.capacity(a("A1.se")), 3, "a void");
    let turaci = g.board().area(a("A1.nw")).unwrap();
    assert_eq!(turaci.world().unwrap().name, "Turaci");
    assert_eq!(g.capacity(a("A1.nw")), 4, "Turaci has four skulls");
    let _ = Board::edge_between(a("A1.se"), a("B1.sw"));
}
