//! The faction abilities resolved by Dominate orders (faction sheets; Dominate Order step 2).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{a, build, clear_board, edited, legal, play, put, revealed};
use herakon::engine::state::ids::{Faction, Order, StructureKind};
use herakon::engine::state::position::PlacedOrder;
use herakon::engine::{DecisionKind, Game, Position, UnitType::*};

const UM: Faction = Faction::Ultramarines;
const CH: Faction = Faction::Chaos;
const ORK: Faction = Faction::Orks;
const EL: Faction = Faction::Eldar;

/// A four-player introductory game with the board cleared but for one factory each.
fn four(edit: impl FnOnce(&mut Position)) -> Game {
    edited(4, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        build(p, "C1.nw", StructureKind::Factory, ORK);
        build(p, "D3.ne", StructureKind::Factory, EL);
        edit(p);
    })
}

fn seat(p: &Position, f: Faction) -> u8 {
    p.seat_of(f).unwrap().0
}

/// Ruling `replace-routed-unit` (Free Units: a free unit that replaces another is placed
/// unrouted even if the replaced one was routed; Rout and Rally forbids only moving a routed
/// unit or placing it in another area): For the Emperor turns a routed Space Marine into an
/// unrouted Land Raider in the same area, and the routed unit leaves the board.
#[test]
fn for_the_emperor_replaces_a_routed_space_marine_with_an_unrouted_land_raider_in_its_area() {
    // covers: Free Units
    let mut g = four(|p| {
        put(p, "A1.ne", &[SpaceMarine]);
        p.area_mut(a("A1.ne")).units[0].routed = true;
        // A Chaos order still on the board keeps the Operations Phase going, so the Refresh
        // Phase does not rally the units before we look at them.
        let c = usize::from(seat(p, CH));
        let i = p.players[c]
            .orders
            .iter()
            .position(|o| *o == Order::Dominate)
            .unwrap();
        p.players[c].orders.remove(i);
        p.stacks
            .entry("B3".parse().unwrap())
            .or_default()
            .push(PlacedOrder {
                owner: CH,
                order: Order::Dominate,
            });
        let s = seat(p, UM);
        revealed(p, s, "A1", Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    assert!(
        legal(&g).contains(&"replace A1.ne space-marine -> land-raider".to_string()),
        "{:?}",
        legal(&g)
    );
    play(&mut g, &["replace A1.ne space-marine -> land-raider"]);
    let units = &g.position().area(a("A1.ne")).units;
    assert_eq!(units.len(), 1, "{units:?}");
    assert_eq!((units[0].unit, units[0].routed), (LandRaider, false));
    let r = g.data().ruling("replace-routed-unit").unwrap();
    assert_eq!(r.topic, "Free Units");
    assert!(
        g.data()
            .ruling_users("replace-routed-unit")
            .contains(&"faction ability For the Emperor".to_string())
    );
}

#[test]
fn for_the_emperor_spends_one_materiel_to_replace_a_scout_with_a_space_marine() {
    let mut g = four(|p| {
        put(p, "A1.ne", &[Scout]);
        // A Chaos order still on the board keeps the Operations Phase going after the
        // Dominate, so the Refresh Phase does not collect materiel before we look at it.
        let c = usize::from(seat(p, CH));
        let i = p.players[c]
            .orders
            .iter()
            .position(|o| *o == Order::Dominate)
            .unwrap();
        p.players[c].orders.remove(i);
        p.stacks
            .entry("B3".parse().unwrap())
            .or_default()
            .push(PlacedOrder {
                owner: CH,
                order: Order::Dominate,
            });
        let s = seat(p, UM);
        revealed(p, s, "A1", Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::FactionAbility);
    assert_eq!(legal(&g), ["replace A1.ne scout -> space-marine", "done"]);
    let before = g.player(g.seat_of(UM).unwrap()).materiel;
    play(&mut g, &["replace A1.ne scout -> space-marine"]);
    assert_eq!(g.position().area(a("A1.ne")).units[0].unit, SpaceMarine);
    assert_eq!(g.player(g.seat_of(UM).unwrap()).materiel, before - 1);
}

#[test]
fn webway_portal_moves_one_unit_to_a_friendly_world_in_any_system() {
    let mut g = four(|p| {
        put(p, "D3.se", &[AspectWarrior]);
        put(p, "A3.nw", &[Wraithguard]);
        let s = seat(p, EL);
        revealed(p, s, "D3", Order::Dominate);
    });
    // The factory world Aelthis (D3.ne) has a prosperity icon: its asset is chosen first
    // (Dominate Order: collect assets, then the faction ability).
    play(&mut g, &["resolve", "take forge"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::FactionAbility);
    let l = legal(&g);
    assert!(
        l.contains(&"move D3.se -> A3.nw aspect-warrior x1".to_string()),
        "a friendly world far away"
    );
    assert!(
        l.contains(&"move D3.se -> D3.ne aspect-warrior x1".to_string()),
        "the factory world"
    );
    assert!(
        !l.iter().any(|x| x.contains("-> A1.")),
        "never onto an enemy world"
    );
}

#[test]
fn the_chaos_ability_moves_a_cultist_to_an_adjacent_system_across_storms() {
    // B2's south edge holds a storm in the introductory setup; the cultist still crosses it.
    let mut g = four(|p| {
        put(p, "B3.ne", &[Cultist]);
        assert!(p.storm_at("B2.s".parse().unwrap()));
        let s = seat(p, CH);
        revealed(p, s, "B3", Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(
        l.contains(&"move B3.ne -> B2.nw cultist x1".to_string()),
        "{l:?}"
    );
    assert!(
        !l.iter().any(|x| x.contains("-> B3.")),
        "only to an adjacent system"
    );
}

#[test]
fn the_ork_ability_buys_a_unit_in_the_active_system_without_a_factory() {
    // covers: Active System
    let mut g = four(|p| {
        put(p, "C2.nw", &[OrkBoyz]);
        let s = seat(p, ORK);
        p.players[usize::from(s)].materiel = 5;
        revealed(p, s, "C2", Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(l.iter().any(|x| x.starts_with("buy ork-boyz C2.")), "{l:?}");
    let buy = l
        .iter()
        .find(|x| x.starts_with("buy ork-boyz"))
        .unwrap()
        .clone();
    play(&mut g, &[&buy]);
    let ork_seat = g.seat_of(ORK).unwrap();
    assert_eq!(g.player(ork_seat).materiel, 3);
    assert_ne!(
        g.decision().map(|d| (d.seat, d.kind)),
        Some((ork_seat, DecisionKind::FactionAbility)),
        "one use per order"
    );
}
