//! Order previews (`src/engine/report/order_preview/`): each preview line checked against the
//! rule it reflects, on the two-player introductory board (seat 1 Ultramarines hold A1 with a
//! factory on Turaci, reinforcement icons on it).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use std::sync::Arc;

use herakon::engine::data::GameData;
use herakon::engine::report::order_preview::{OrderPreview, PreviewDetail};
use herakon::engine::rules::{Game, NewGameOptions};
use herakon::engine::state::action::Action;
use herakon::engine::state::ids::{AreaId, Asset, Faction, Order, Seat, StructureKind, SystemId};
use herakon::engine::state::phase::Phase;
use herakon::engine::state::position::{Position, Structure, Unit};
use herakon::engine::state::unit_type::UnitType;

const ULTRAMARINES: Seat = Seat(0);

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().expect("embedded assets"))
}

fn intro() -> Game {
    Game::new(&NewGameOptions::intro(2, 1), data()).unwrap()
}

/// The introductory game with `edit` applied to its position.
fn edited(edit: impl FnOnce(&mut Position)) -> Game {
    let mut pos = intro().position().clone();
    edit(&mut pos);
    Game::from_position(pos, data()).unwrap()
}

fn a(s: &str) -> AreaId {
    s.parse().unwrap()
}

fn sys(s: &str) -> SystemId {
    s.parse().unwrap()
}

fn put(pos: &mut Position, area: &str, units: &[UnitType]) {
    pos.area_mut(a(area))
        .units
        .extend(units.iter().map(|&u| Unit::new(u)));
}

fn preview(game: &Game, system: &str, order: Order) -> OrderPreview {
    game.order_preview(ULTRAMARINES, sys(system), order)
}

fn text(game: &Game, p: &OrderPreview) -> String {
    p.lines(game.data(), game.board()).join("\n")
}

#[test]
fn dominate_preview_counts_the_assets_of_friendly_worlds_in_the_system() {
    let game = intro();
    let p = preview(&game, "A1", Order::Dominate);
    let PreviewDetail::Dominate(d) = &p.detail else {
        panic!("{p:?}")
    };
    // Turaci (two reinforcement icons), Alledrias and Argovia are friendly; only Turaci has
    // icons.
    assert_eq!(d.worlds, vec![a("A1.nw"), a("A1.ne"), a("A1.sw")]);
    assert_eq!(d.gained, vec![(Asset::Reinforcement, 2)]);
    assert!(d.refused.is_empty());
    assert!(
        text(&game, &p).contains("gain 2 reinforcement tokens from Turaci"),
        "{}",
        text(&game, &p)
    );
}

#[test]
fn dominate_preview_gains_no_asset_of_a_world_the_seat_does_not_control() {
    // Nicea's forge icon lies on a world the World Eaters hold.
    let game = intro();
    let p = preview(&game, "B1", Order::Dominate);
    let PreviewDetail::Dominate(d) = &p.detail else {
        panic!("{p:?}")
    };
    assert!(d.worlds.is_empty() && d.gained.is_empty(), "{d:?}");
    assert!(text(&game, &p).contains("no friendly world here"));
}

#[test]
fn dominate_preview_gains_nothing_beyond_the_holding_limit() {
    let limit = data().components.max_assets_each;
    let game = edited(|p| p.players[0].assets.reinforcement = limit - 1);
    let p = preview(&game, "A1", Order::Dominate);
    let PreviewDetail::Dominate(d) = &p.detail else {
        panic!("{p:?}")
    };
    assert_eq!(d.gained, vec![(Asset::Reinforcement, 1)]);
    assert_eq!(d.refused, vec![(Asset::Reinforcement, 1)]);
    assert!(text(&game, &p).contains("1 reinforcement token not gained"));
}

#[test]
fn dominate_preview_counts_the_faction_abilitys_uses_in_the_system() {
    // For the Emperor: 1 materiel turns a Scout of the active system into a Space Marine;
    // A1 holds two Scouts, on two worlds.
    let game = intro();
    let PreviewDetail::Dominate(d) = preview(&game, "A1", Order::Dominate).detail else {
        panic!()
    };
    assert_eq!(d.ability, "For the Emperor");
    assert_eq!(d.ability_uses, 2);
    // Without materiel the ability cannot be paid for.
    let poor = edited(|p| p.players[0].materiel = 0);
    let p = preview(&poor, "A1", Order::Dominate);
    let PreviewDetail::Dominate(d) = &p.detail else {
        panic!()
    };
    assert_eq!(d.ability_uses, 0);
    assert!(text(&poor, &p).contains("For the Emperor: no use here now"));
}

#[test]
fn deploy_preview_limit_is_the_capacity_of_friendly_worlds_with_a_factory() {
    let game = intro();
    let p = preview(&game, "A1", Order::Deploy);
    let PreviewDetail::Deploy(d) = &p.detail else {
        panic!("{p:?}")
    };
    assert_eq!(d.factory_worlds, vec![(a("A1.nw"), 4)]);
    assert_eq!(d.limit, 4);
    assert_eq!(d.materiel, 6);
    assert!(text(&game, &p).contains("up to 4 units (capacity of factory worlds: Turaci 4)"));
}

#[test]
fn deploy_preview_without_a_factory_deploys_no_unit() {
    let game = intro();
    let p = preview(&game, "B2", Order::Deploy);
    let PreviewDetail::Deploy(d) = &p.detail else {
        panic!("{p:?}")
    };
    assert_eq!(d.limit, 0);
    assert!(d.units.is_empty());
    assert!(text(&game, &p).contains("no factory on a friendly world here"));
}

#[test]
fn deploy_preview_offers_only_units_within_the_command_level_and_materiel() {
    let game = intro();
    let PreviewDetail::Deploy(d) = preview(&game, "A1", Order::Deploy).detail else {
        panic!()
    };
    let data = game.data();
    assert!(!d.units.is_empty());
    for u in &d.units {
        // Command level 0 and no forge token: level-0 units only, each affordable.
        assert_eq!(data.unit(u.unit).level, 0, "{u:?}");
        assert!(u.materiel <= 6, "{u:?}");
    }
    assert!(d.units.iter().any(|u| u.unit == UnitType::Scout));
    assert!(!d.units.iter().any(|u| u.unit == UnitType::WarlordTitan));
    // Structures go on friendly worlds without one of the seat's structures.
    assert!(d.structure_worlds.contains(&a("A1.ne")));
    assert!(!d.structure_worlds.contains(&a("A1.nw")));
    // With no materiel nothing costly is within reach.
    let poor = edited(|p| p.players[0].materiel = 0);
    let PreviewDetail::Deploy(d) = preview(&poor, "A1", Order::Deploy).detail else {
        panic!()
    };
    assert!(d.units.iter().all(|u| u.materiel == 0), "{d:?}");
    assert!(d.structures.is_empty(), "{d:?}");
}

#[test]
fn strategize_preview_needs_a_unit_or_structure_of_the_seat_in_the_system() {
    let game = intro();
    let p = preview(&game, "B3", Order::Strategize);
    let PreviewDetail::Strategize(s) = &p.detail else {
        panic!("{p:?}")
    };
    assert!(!s.allowed);
    assert!(s.order_upgrades.is_empty() && s.combat_upgrades.is_empty());
    let t = text(&game, &p);
    assert!(t.contains("no unit or structure of yours here"), "{t}");
    assert!(t.contains("one more event card"), "{t}");
}

#[test]
fn strategize_preview_offers_upgrades_within_materiel_and_command_level() {
    let game = intro();
    let PreviewDetail::Strategize(s) = preview(&game, "A1", Order::Strategize).detail else {
        panic!()
    };
    assert!(s.allowed);
    let data = game.data();
    for (name, cost) in &s.order_upgrades {
        let card = data
            .order_upgrades
            .iter()
            .find(|c| &c.name == name)
            .unwrap();
        assert_eq!(card.level, 0, "{name}");
        assert!(*cost <= 6 && card.cost == *cost, "{name}");
    }
    for (name, cost) in &s.combat_upgrades {
        let card = data.combat_cards.iter().find(|c| &c.name == name).unwrap();
        assert_eq!(card.level.unwrap_or(0), 0, "{name}");
        assert!(*cost <= 6, "{name}");
    }
    assert!(!s.order_upgrades.is_empty() || !s.combat_upgrades.is_empty());
    // Every upgrade left in the decks is either offered or counted out of reach.
    let p = game.player(ULTRAMARINES);
    assert_eq!(
        s.order_upgrades.len() + s.order_out_of_reach,
        p.order_upgrade_deck.len()
    );
    let poor = edited(|p| p.players[0].materiel = 0);
    let PreviewDetail::Strategize(s) = preview(&poor, "A1", Order::Strategize).detail else {
        panic!()
    };
    assert!(s.order_upgrades.iter().all(|(_, c)| *c == 0));
    assert!(s.combat_upgrades.iter().all(|(_, c)| *c == 0));
}

#[test]
fn advance_preview_lists_ships_of_the_system_and_its_neighbours_and_the_contested_areas() {
    use UnitType::{Cultist, Scout, SpaceMarine, StrikeCruiser};
    let game = edited(|p| {
        p.areas.clear();
        p.area_mut(a("A1.nw")).structures.push(Structure {
            kind: StructureKind::Factory,
            owner: Faction::Ultramarines,
        });
        put(p, "A1.se", &[StrikeCruiser]);
        // Alledrias borders Smyrna.
        put(p, "A1.ne", &[SpaceMarine, Scout]);
        // Not next to B1: cannot come.
        put(p, "A3.sw", &[StrikeCruiser]);
        put(p, "B1.nw", &[Cultist]);
        p.area_mut(a("B3.sw")).structures.push(Structure {
            kind: StructureKind::Factory,
            owner: Faction::Chaos,
        });
    });
    let p = preview(&game, "B1", Order::Advance);
    let PreviewDetail::Advance(adv) = &p.detail else {
        panic!("{p:?}")
    };
    assert!(adv.ships.iter().all(|g| g.from == a("A1.se")), "{adv:?}");
    assert_eq!(adv.ships.len(), 1);
    assert_eq!(adv.ships[0].unit, StrikeCruiser);
    assert_eq!(adv.ground.len(), 2, "{adv:?}");
    assert!(adv.ground.iter().all(|g| g.from == a("A1.ne")), "{adv:?}");
    // The Cultist on Smyrna makes a combat if ground units land there.
    assert_eq!(adv.enemy_areas, vec![(a("B1.nw"), vec![Faction::Chaos])]);
    let t = text(&game, &p);
    assert!(t.contains("ships in: 1 Strike Cruiser (A1.se)"), "{t}");
    assert!(t.contains("1 Scout (A1.ne), 1 Space Marine (A1.ne)"), "{t}");
    assert!(
        t.contains("combat if you enter B1.nw Smyrna (World Eaters)"),
        "{t}"
    );
}

#[test]
fn advance_preview_with_no_unit_in_reach_says_none_can_move_in() {
    let game = edited(|p| {
        p.areas.clear();
        p.area_mut(a("A1.nw")).structures.push(Structure {
            kind: StructureKind::Factory,
            owner: Faction::Ultramarines,
        });
        p.area_mut(a("B3.sw")).structures.push(Structure {
            kind: StructureKind::Factory,
            owner: Faction::Chaos,
        });
    });
    let p = preview(&game, "B2", Order::Advance);
    assert!(text(&game, &p).contains("no unit can move in"));
}

#[test]
fn order_previews_cover_the_orders_the_deciding_seat_may_place_and_no_other_seat() {
    let game = intro();
    let seat = game.decision().unwrap().seat;
    let previews = game.order_previews(seat);
    let placeable: std::collections::BTreeSet<(SystemId, Order)> = game
        .legal_actions()
        .iter()
        .filter_map(|x| match x {
            Action::Place { system, order } => Some((*system, *order)),
            _ => None,
        })
        .collect();
    let got: std::collections::BTreeSet<(SystemId, Order)> =
        previews.iter().map(|p| (p.system, p.order)).collect();
    assert_eq!(got, placeable);
    let other = game.seats().find(|s| *s != seat).unwrap();
    assert!(game.order_previews(other).is_empty());
}

#[test]
fn order_previews_are_the_same_however_the_hidden_facts_lie() {
    let game = intro();
    let seat = game.decision().unwrap().seat;
    let real = game.order_previews(seat);
    for k in 1..4 {
        assert_eq!(real, game.redeal_hidden(Some(seat), k).order_previews(seat));
    }
}

#[test]
fn a_revealed_order_is_previewed_for_its_resolution() {
    let game = edited(|p| {
        let i = p.players[0]
            .orders
            .iter()
            .position(|o| *o == Order::Dominate)
            .unwrap();
        p.players[0].orders.remove(i);
        p.stacks.entry(sys("A1")).or_default().push(
            herakon::engine::state::position::PlacedOrder {
                owner: Faction::Ultramarines,
                order: Order::Dominate,
            },
        );
        p.phase = Phase::Operations {
            turn: ULTRAMARINES,
            step: herakon::engine::state::phase::OpStep::Reveal,
        };
    });
    let reveal = Action::Reveal { system: sys("A1") };
    assert_eq!(
        game.order_of_action(&reveal),
        Some((sys("A1"), Order::Dominate))
    );
    let previews = game.order_previews(ULTRAMARINES);
    assert_eq!(previews.len(), 1);
    assert_eq!(previews[0].order, Order::Dominate);
    let mut revealed = game.clone();
    revealed.apply(reveal).unwrap();
    assert_eq!(
        revealed.order_of_action(&Action::Resolve),
        Some((sys("A1"), Order::Dominate))
    );
    assert_eq!(revealed.order_of_action(&Action::ToEventDeck), None);
    assert_eq!(revealed.order_previews(ULTRAMARINES), previews);
}
