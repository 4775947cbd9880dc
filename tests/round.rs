//! The game round as legal actions: Planning, Operations, the four orders, capacity, Refresh,
//! warp storms and winning. Each test names the Rules Reference rule it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{a, build, clear_board, edited, intro, legal, play, put, revealed};
use herakon::engine::ids::{Faction, Order, Seat, StructureKind};
use herakon::engine::phase::{EndReason, OpStep, Phase, RefreshStep};
use herakon::engine::position::{PlacedOrder, Storm, Unit};
use herakon::engine::{Action, DecisionKind, UnitType::*};

const UM: Faction = Faction::Ultramarines;
const CH: Faction = Faction::Chaos;

/// A small 2-player position: one Ultramarines scout on Alledrias (A1.ne) with a factory on
/// Turaci (A1.nw), one Chaos cultist on Purge (B3.ne) with a factory on Veneficous (B3.sw).
fn small(edit: impl FnOnce(&mut herakon::engine::Position)) -> herakon::engine::Game {
    edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        put(p, "A1.ne", &[Scout]);
        build(p, "B3.sw", StructureKind::Factory, CH);
        put(p, "B3.ne", &[Cultist]);
        p.first_player = Seat(0);
        p.phase = Phase::Planning { turn: Seat(0) };
        edit(p);
    })
}

fn systems_offered(game: &herakon::engine::Game) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_actions()
        .iter()
        .filter_map(|x| match x {
            Action::Place { system, .. } => Some(system.to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Puts one of `seat`'s order tokens from his play area face down on `system`, so the
/// Operations Phase does not end as soon as the token under test is resolved.
fn waiting_token(p: &mut herakon::engine::Position, seat: usize, system: &str, order: Order) {
    let i = p.players[seat]
        .orders
        .iter()
        .position(|o| *o == order)
        .unwrap();
    p.players[seat].orders.remove(i);
    let owner = p.players[seat].faction;
    p.stacks
        .entry(system.parse().unwrap())
        .or_default()
        .push(PlacedOrder { owner, order });
}

// ----- Planning Phase -----

#[test]
fn planning_tokens_go_only_in_or_next_to_a_system_with_own_pieces() {
    let g = small(|_| {});
    assert_eq!(systems_offered(&g), ["A1", "A2", "B1"]);
    let err = g.check(&"place advance B3".parse().unwrap()).unwrap_err();
    assert_eq!(err.rule, "Planning Phase");
}

#[test]
fn planning_adjacency_ignores_warp_storms() {
    // A storm lies on A1.s in the introductory setup; A2 is still offered.
    let g = small(|p| assert!(p.storm_at("A1.s".parse().unwrap())));
    assert!(systems_offered(&g).contains(&"A2".to_string()));
}

#[test]
fn planning_alternates_clockwise_from_the_first_player_until_each_placed_four() {
    let mut g = intro(2, 3);
    let first = g.position().first_player;
    let mut seats = Vec::new();
    for _ in 0..8 {
        let d = g.decision().unwrap();
        assert_eq!(d.kind, DecisionKind::PlaceOrder);
        seats.push(d.seat.0);
        // Each player stacks on a system whose top token is his own (or an empty one), so every
        // player has a token on top of a stack when the Operations Phase begins: a player with
        // none would be skipped ("Operations Phase": he cannot resolve an order).
        let act = g
            .legal_actions()
            .into_iter()
            .find(|x| match x {
                Action::Place { system, .. } => g
                    .position()
                    .stacks
                    .get(system)
                    .and_then(|s| s.last())
                    .is_none_or(|t| t.owner == g.faction(d.seat)),
                _ => false,
            })
            .unwrap();
        g.apply(act).unwrap();
    }
    let expected: Vec<u8> = (0..8).map(|i| (first.0 + i) % 2).collect();
    assert_eq!(seats, expected);
    assert!(matches!(g.position().phase, Phase::Operations { turn, .. } if turn == first));
    for seat in g.seats() {
        assert_eq!(
            g.player(seat).orders.len(),
            4,
            "four tokens left in the play area"
        );
    }
}

#[test]
fn a_placed_token_goes_on_top_of_the_stack() {
    let mut g = small(|_| {});
    play(&mut g, &["place deploy A1"]);
    play(&mut g, &["place advance B2"]);
    play(&mut g, &["place advance A1"]);
    let stack = &g.position().stacks[&"A1".parse().unwrap()];
    assert_eq!(stack.last().unwrap().order, Order::Advance);
    assert_eq!(stack.len(), 2);
}

// ----- Operations Phase -----

#[test]
fn operations_a_player_reveals_only_his_own_token_on_top_of_a_stack() {
    let g = small(|p| {
        p.players[0].orders.retain(|o| *o != Order::Advance);
        let i = p.players[1]
            .orders
            .iter()
            .position(|o| *o == Order::Deploy)
            .unwrap();
        p.players[1].orders.remove(i);
        p.stacks.insert(
            "A1".parse().unwrap(),
            vec![
                PlacedOrder {
                    owner: UM,
                    order: Order::Advance,
                },
                PlacedOrder {
                    owner: CH,
                    order: Order::Deploy,
                },
            ],
        );
        p.stacks.insert(
            "A2".parse().unwrap(),
            vec![PlacedOrder {
                owner: UM,
                order: Order::Advance,
            }],
        );
        p.phase = Phase::Operations {
            turn: Seat(0),
            step: OpStep::Reveal,
        };
    });
    assert_eq!(legal(&g), ["reveal A2"]);
    let err = g.check(&"reveal A1".parse().unwrap()).unwrap_err();
    assert_eq!(err.rule, "Operations Phase");
}

#[test]
fn operations_a_player_with_no_token_on_top_skips_his_turn() {
    let g = small(|p| {
        let i = p.players[0]
            .orders
            .iter()
            .position(|o| *o == Order::Advance)
            .unwrap();
        p.players[0].orders.remove(i);
        let i = p.players[1]
            .orders
            .iter()
            .position(|o| *o == Order::Deploy)
            .unwrap();
        p.players[1].orders.remove(i);
        p.stacks.insert(
            "A1".parse().unwrap(),
            vec![
                PlacedOrder {
                    owner: UM,
                    order: Order::Advance,
                },
                PlacedOrder {
                    owner: CH,
                    order: Order::Deploy,
                },
            ],
        );
        p.phase = Phase::Operations {
            turn: Seat(0),
            step: OpStep::Reveal,
        };
    });
    let d = g.decision().unwrap();
    assert_eq!(
        (g.faction(d.seat), d.kind),
        (CH, DecisionKind::RevealOrder),
        "Ultramarines are skipped"
    );
    assert_eq!(legal(&g), ["reveal A1"]);
}

#[test]
fn strategize_cannot_be_put_on_the_event_deck_instead_of_resolving() {
    let g = small(|p| revealed(p, 0, "A1", Order::Strategize));
    assert_eq!(legal(&g), ["resolve"]);
    assert_eq!(
        g.check(&Action::ToEventDeck).unwrap_err().rule,
        "Strategize Order"
    );
    let g = small(|p| revealed(p, 0, "A1", Order::Advance));
    assert_eq!(legal(&g), ["resolve", "to-events"]);
}

#[test]
fn a_token_put_on_the_event_deck_draws_an_event_card_at_refresh() {
    let mut g = small(|p| {
        waiting_token(p, 1, "B3", Order::Advance);
        revealed(p, 0, "A1", Order::Dominate);
    });
    play(&mut g, &["to-events"]);
    assert_eq!(g.player(Seat(0)).event_tokens, vec![Order::Dominate]);
    // The last token resolved ends the Operations Phase; at Refresh the token buys one card
    // and goes back to the supply.
    play(&mut g, &["reveal B3", "to-events"]);
    let Phase::Refresh {
        turn: Seat(0),
        step: RefreshStep::ChooseEvent { drawn },
    } = &g.position().phase
    else {
        panic!("{:?}", g.position().phase)
    };
    assert_eq!(drawn.len(), 1, "one token on the event deck: one card");
    assert!(g.player(Seat(0)).event_tokens.is_empty());
    assert_eq!(g.player(Seat(0)).orders.len(), 8);
}

// ----- Deploy Order -----

#[test]
fn deploy_needs_a_factory_in_the_active_system() {
    let g = small(|p| {
        put(p, "A2.sw", &[Scout]);
        revealed(p, 0, "A2", Order::Deploy);
    });
    let mut g = g;
    play(&mut g, &["resolve"]);
    assert_eq!(
        legal(&g),
        ["done"],
        "no factory in A2: no unit can be bought"
    );
    assert_eq!(
        g.check(&"buy scout A2.sw".parse().unwrap())
            .unwrap_err()
            .rule,
        "Factories"
    );
}

#[test]
fn deploy_limit_is_the_capacity_of_friendly_factory_worlds() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(
        &mut g,
        &[
            "resolve",
            "buy scout A1.nw",
            "buy scout A1.nw",
            "buy scout A1.ne",
            "buy strike-cruiser A1.se",
        ],
    );
    // Turaci has four skulls: four units bought, no more.
    assert!(!legal(&g).iter().any(|x| x.starts_with("buy ")));
    assert_eq!(
        g.check(&"buy scout A1.sw".parse().unwrap())
            .unwrap_err()
            .rule,
        "Deploy Order"
    );
    assert_eq!(g.player(Seat(0)).materiel, 14 - 8);
}

#[test]
fn command_level_limits_purchases_and_a_forge_token_lowers_it_by_one() {
    let g = small(|p| {
        p.players[0].materiel = 14;
        p.players[0].assets.forge = 1;
        revealed(p, 0, "A1", Order::Deploy);
    });
    let mut g = g;
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(
        l.contains(&"buy space-marine A1.nw +forge".to_string()),
        "level 1 with a forge token at level 0"
    );
    assert!(
        !l.contains(&"buy space-marine A1.nw".to_string()),
        "level 1 needs the forge token at level 0"
    );
    assert!(
        !l.iter().any(|x| x.contains("land-raider")),
        "level 2 is two levels away"
    );
    assert_eq!(
        g.check(&"buy land-raider A1.nw".parse().unwrap())
            .unwrap_err()
            .rule,
        "Command Level"
    );
    // A city raises the command level: the space marine needs no forge token then.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        build(p, "A1.sw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    assert!(legal(&g).contains(&"buy space-marine A1.nw".to_string()));
}

#[test]
fn forge_cost_units_need_a_forge_token() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        build(p, "A1.sw", StructureKind::City, UM);
        build(p, "B1.nw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    assert!(
        !legal(&g).iter().any(|x| x.contains("battle-barge")),
        "no forge token: no battle barge"
    );
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        p.players[0].assets.forge = 1;
        build(p, "A1.sw", StructureKind::City, UM);
        build(p, "B1.nw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "buy battle-barge A1.se"]);
    assert_eq!(g.player(Seat(0)).assets.forge, 0);
    assert_eq!(g.player(Seat(0)).materiel, 14 - 5);
}

#[test]
fn a_cache_token_takes_two_materiel_off_one_purchase() {
    let mut g = small(|p| {
        p.players[0].materiel = 3;
        p.players[0].assets.cache = 1;
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "buy scout A1.nw +cache"]);
    assert_eq!(g.player(Seat(0)).materiel, 3);
    assert_eq!(g.player(Seat(0)).assets.cache, 0);
}

#[test]
fn units_are_limited_to_the_box() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        put(p, "A1.sw", &[Scout, Scout]);
        put(p, "A2.se", &[Scout, Scout, Scout]);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("buy scout")),
        "all six scouts are on the board"
    );
    assert_eq!(
        g.check(&"buy scout A1.nw".parse().unwrap())
            .unwrap_err()
            .rule,
        "Component Limitations"
    );
}

#[test]
fn deploy_places_units_only_on_friendly_or_uncontrolled_areas_of_the_right_kind() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        put(p, "A1.sw", &[Cultist]);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(l.contains(&"buy scout A1.ne".to_string()), "friendly world");
    assert!(!l.iter().any(|x| x.contains("A1.sw")), "enemy world");
    assert!(
        !l.contains(&"buy scout A1.se".to_string()),
        "ground units do not go on voids"
    );
    assert!(
        l.contains(&"buy strike-cruiser A1.se".to_string()),
        "ships go on voids"
    );
}

#[test]
fn deploy_then_one_structure_on_a_friendly_world_without_one() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "buy scout A1.sw", "done"]);
    let l = legal(&g);
    assert!(
        l.contains(&"build city A1.sw".to_string()),
        "the world just made friendly"
    );
    assert!(l.contains(&"build bastion A1.ne".to_string()));
    assert!(
        !l.iter().any(|x| x.contains("A1.nw")),
        "Turaci already holds a factory"
    );
    play(&mut g, &["build city A1.sw"]);
    assert_eq!(g.command_level(UM), 1);
    assert!(matches!(
        g.position().phase,
        Phase::Operations {
            turn: Seat(1),
            step: OpStep::Reveal
        } | Phase::Refresh { .. }
    ));
}

// ----- Advance Order -----

#[test]
fn advance_ships_come_from_the_active_system_and_at_most_one_adjacent_system() {
    let mut g = small(|p| {
        put(p, "A1.se", &[StrikeCruiser]);
        put(p, "B2.ne", &[StrikeCruiser]);
        put(p, "B2.nw", &[Scout]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(l.contains(&"move A1.se -> B1.ne strike-cruiser x1".to_string()));
    assert!(l.contains(&"move B2.ne -> B1.ne strike-cruiser x1".to_string()));
    play(&mut g, &["move A1.se -> B1.ne strike-cruiser x1"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("move B2")),
        "ships already came from A1"
    );
    assert_eq!(
        g.check(&"move B2.ne -> B1.sw strike-cruiser x1".parse().unwrap())
            .unwrap_err()
            .rule,
        "Moving Ships"
    );
}

#[test]
fn advance_ships_cannot_cross_a_warp_storm() {
    let mut g = small(|p| {
        put(p, "A1.se", &[StrikeCruiser]);
        put(p, "A2.nw", &[Cultist; 0]);
        revealed(p, 0, "A2", Order::Advance);
    });
    play(&mut g, &["resolve"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("move A1.se")),
        "the storm on A1.s lies between A1 and A2"
    );
    assert_eq!(
        g.check(&"move A1.se -> A2.nw strike-cruiser x1".parse().unwrap())
            .unwrap_err()
            .rule,
        "Warp Storms"
    );
}

#[test]
fn advance_ground_units_path_through_a_friendly_void_but_not_an_enemy_void() {
    // Alledrias (A1.ne) to Nicea (B1.se): the only way runs through A1.se and B1.sw (B1.nw,
    // Smyrna, holds a Chaos cultist).
    let setup = |ship_in_b1sw| {
        small(move |p| {
            put(p, "A1.se", &[StrikeCruiser]);
            put(p, "B1.nw", &[Cultist]);
            put(
                p,
                "B1.sw",
                &[if ship_in_b1sw {
                    StrikeCruiser
                } else {
                    IconoclastDestroyer
                }],
            );
            revealed(p, 0, "B1", Order::Advance);
        })
    };
    let mut friendly = setup(true);
    play(&mut friendly, &["resolve", "done"]);
    assert!(legal(&friendly).contains(&"move A1.ne -> B1.se scout x1".to_string()));
    let mut enemy = setup(false);
    play(&mut enemy, &["resolve", "done"]);
    assert!(!legal(&enemy).contains(&"move A1.ne -> B1.se scout x1".to_string()));
    let err = enemy
        .check(&"move A1.ne -> B1.se scout x1".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.rule, "Moving Ground Units");
    assert!(
        err.reason.contains("B1.sw is enemy (World Eaters)"),
        "{}",
        err.reason
    );
}

#[test]
fn advance_ground_paths_are_fixed_before_any_ground_unit_moves() {
    // A ship moved first makes B1.sw friendly, so it is part of a path; a world taken by a
    // ground unit in this order is not.
    let mut g = small(|p| {
        put(p, "A1.se", &[StrikeCruiser, StrikeCruiser]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "move A1.se -> B1.sw strike-cruiser x1", "done"],
    );
    assert!(legal(&g).contains(&"move A1.ne -> B1.se scout x1".to_string()));
}

#[test]
fn advance_ground_units_cannot_walk_across_a_warp_storm() {
    let mut g = small(|p| {
        put(p, "A1.sw", &[Scout]);
        revealed(p, 0, "A2", Order::Advance);
    });
    play(&mut g, &["resolve", "done"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("move A1.sw")),
        "A1.s lies under a storm"
    );
    assert_eq!(
        g.check(&"move A1.sw -> A2.sw scout x1".parse().unwrap())
            .unwrap_err()
            .rule,
        "Moving Ground Units"
    );
}

#[test]
fn advance_at_most_one_area_becomes_contested() {
    // Chaos holds both worlds of B1. A ship makes B1.sw friendly, opening a path to Nicea.
    let mut g = small(|p| {
        put(p, "A1.ne", &[Scout]);
        put(p, "A1.se", &[StrikeCruiser, StrikeCruiser]);
        put(p, "B1.nw", &[Cultist]);
        put(p, "B1.se", &[Cultist]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "move A1.se -> B1.sw strike-cruiser x1", "done"],
    );
    let l = legal(&g);
    assert!(l.contains(&"move A1.ne -> B1.nw scout x1".to_string()));
    assert!(l.contains(&"move A1.ne -> B1.se scout x1".to_string()));
    play(&mut g, &["move A1.ne -> B1.nw scout x1"]);
    assert!(
        !legal(&g).iter().any(|x| x.contains("-> B1.se")),
        "Smyrna is already contested"
    );
    assert!(
        legal(&g).contains(&"move A1.ne -> B1.nw scout x1".to_string()),
        "more units may join the contested area"
    );
}

#[test]
fn advance_never_more_than_five_units_end_in_one_area() {
    // Four scouts on Turaci (A1.nw, four skulls) reach Smyrna through Alledrias, which holds
    // a fifth.
    let mut g = small(|p| {
        put(p, "A1.nw", &[Scout, Scout, Scout, Scout]);
        put(p, "B1.nw", &[SpaceMarine]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(&mut g, &["resolve", "done"]);
    assert!(
        legal(&g).contains(&"move A1.nw -> B1.nw scout x4".to_string()),
        "1 + 4 = 5"
    );
    play(&mut g, &["move A1.ne -> B1.nw scout x1"]);
    let l = legal(&g);
    assert!(
        l.contains(&"move A1.nw -> B1.nw scout x3".to_string()),
        "2 + 3 = 5"
    );
    assert!(
        !l.contains(&"move A1.nw -> B1.nw scout x4".to_string()),
        "2 + 4 = 6"
    );
}

#[test]
fn advance_routed_units_do_not_move() {
    let mut g = small(|p| {
        p.area_mut(a("A1.ne")).units[0].routed = true;
        revealed(p, 0, "B1", Order::Advance);
    });
    play(&mut g, &["resolve", "done"]);
    assert_eq!(legal(&g), ["done"]);
    assert_eq!(
        g.check(&"move A1.ne -> B1.nw scout x1".parse().unwrap())
            .unwrap_err()
            .rule,
        "Rout and Rally"
    );
}

#[test]
fn unit_capacity_after_an_order_the_owner_destroys_units_of_his_choice() {
    // Smyrna (B1.nw) has three skulls: moving four scouts there leaves one too many.
    // Three scouts on Turaci (A1.nw) and the one on Alledrias (A1.ne).
    let mut g = small(|p| {
        put(p, "A1.nw", &[Scout, Scout, Scout]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "move A1.nw -> B1.nw scout x3",
            "move A1.ne -> B1.nw scout x1",
            "done",
        ],
    );
    let d = g.decision().unwrap();
    assert_eq!((d.seat, d.kind), (Seat(0), DecisionKind::DestroyExcess));
    assert_eq!(legal(&g), ["destroy B1.nw scout"]);
    play(&mut g, &["destroy B1.nw scout"]);
    assert_eq!(g.position().area(a("B1.nw")).units.len(), 3);
    assert_ne!(g.decision().unwrap().kind, DecisionKind::DestroyExcess);
}

// ----- Dominate Order -----

#[test]
fn dominate_collects_assets_of_friendly_worlds_up_to_three_of_each() {
    // Turaci (A1.nw) carries two reinforcement icons.
    let mut g = small(|p| {
        p.players[0].assets.reinforcement = 2;
        revealed(p, 0, "A1", Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    assert_eq!(
        g.player(Seat(0)).assets.reinforcement,
        3,
        "the second token is not gained"
    );
    assert_eq!(g.decision().unwrap().kind, DecisionKind::FactionAbility);
}

#[test]
fn dominate_a_prosperity_icon_gives_a_token_of_the_players_choice() {
    // Onodin on tile 4A has a prosperity icon; use the 3-player board's C1 (11B) instead:
    // find any world with prosperity on the 4-player board and stand on it.
    let g4 = intro(4, 1);
    let world = g4
        .board()
        .areas()
        .find(|x| {
            x.world()
                .is_some_and(|w| w.assets.contains(&herakon::engine::ids::Asset::Prosperity))
        })
        .map(|x| x.id)
        .expect("a prosperity world");
    let mut g = edited(4, |p| {
        p.areas.retain(|id, _| id.system != world.system);
        p.area_mut(world).units.push(Unit::new(Scout));
        p.players[0].assets.forge = 3;
        let seat = p.seat_of(UM).unwrap().0;
        revealed(p, seat, &world.system.to_string(), Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::ChooseAsset);
    let l = legal(&g);
    assert!(l.contains(&"take cache".to_string()) && l.contains(&"take reinforcement".to_string()));
    assert!(
        !l.contains(&"take forge".to_string()),
        "already three forge tokens"
    );
}

// ----- Strategize Order -----

#[test]
fn strategize_buys_within_command_level_and_needs_presence() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        waiting_token(p, 1, "B3", Order::Advance);
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(
        l.iter().any(|x| x.starts_with("order-upgrade")),
        "a level-0 order upgrade"
    );
    assert!(
        l.iter().any(|x| x.starts_with("combat-upgrade")),
        "a level-0 combat upgrade"
    );
    let before = g.player(Seat(0)).combat_deck.len();
    let buy = l
        .iter()
        .find(|x| x.starts_with("combat-upgrade"))
        .unwrap()
        .clone();
    play(&mut g, &[&buy]);
    assert_eq!(
        g.player(Seat(0)).combat_deck.len(),
        before,
        "a pair replaces a pair"
    );
    play(&mut g, &["done"]);
    assert_eq!(g.player(Seat(0)).event_tokens, vec![Order::Strategize]);
    // Without a unit or structure in the active system nothing can be bought.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        revealed(p, 0, "B1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    assert_eq!(legal(&g), ["done"]);
}

// ----- Refresh Phase and winning -----

/// A position at the start of the Operations Phase with an empty board of tokens, so the next
/// action-free step is the Refresh Phase.
fn at_refresh(edit: impl FnOnce(&mut herakon::engine::Position)) -> herakon::engine::Game {
    let mut g = small(|p| {
        revealed(p, 0, "A1", Order::Dominate);
        edit(p);
    });
    play(&mut g, &["to-events"]);
    g
}

#[test]
fn refresh_collects_own_objectives_on_friendly_worlds_materiel_and_rallies() {
    let g = at_refresh(|p| {
        p.players[0].materiel = 13;
        p.area_mut(a("A1.ne")).objectives = vec![UM, CH];
        p.area_mut(a("A1.ne")).units[0].routed = true;
    });
    assert_eq!(
        g.player(Seat(0)).objectives,
        1,
        "the own token on Alledrias"
    );
    assert_eq!(
        g.position().area(a("A1.ne")).objectives,
        vec![CH],
        "another faction's token stays"
    );
    assert_eq!(g.player(Seat(0)).materiel, 14, "materiel stops at 14");
    assert!(
        !g.position().area(a("A1.ne")).units[0].routed,
        "routed units rally"
    );
    assert!(matches!(g.position().phase, Phase::Refresh { .. }));
}

#[test]
fn refresh_a_player_draws_one_event_per_token_and_must_move_a_storm() {
    let g = at_refresh(|_| {});
    match &g.position().phase {
        Phase::Refresh {
            turn,
            step: RefreshStep::ChooseEvent { drawn },
        } => {
            assert_eq!(*turn, Seat(0));
            assert_eq!(drawn.len(), 1, "one token on the event deck draws one card");
        }
        other => panic!("expected an event choice, got {other:?}"),
    }
    let mut g = g;
    play(&mut g, &["event 1"]);
    let d = g.decision().unwrap();
    assert_eq!(d.kind, DecisionKind::MoveStorm);
    assert!(
        !legal(&g).contains(&"done".to_string()),
        "moving a storm is not optional"
    );
}

#[test]
fn warp_storms_never_move_off_the_board_or_onto_another_storm() {
    let g = at_refresh(|p| {
        p.storms = vec![
            Storm {
                edge: "A1.n".parse().unwrap(),
                moved: false,
            },
            Storm {
                edge: "A1.s".parse().unwrap(),
                moved: false,
            },
        ];
    });
    let mut g = g;
    play(&mut g, &["event 1"]);
    for act in g.legal_actions() {
        let Action::MoveStorm { to, .. } = act else {
            panic!("{act}")
        };
        assert!(g.board().has_edge(to), "{to} is off the board");
        assert!(!g.position().storm_at(to), "{to} already holds a storm");
    }
}

#[test]
fn objectives_a_player_with_as_many_tokens_as_players_wins_at_once() {
    let g = at_refresh(|p| {
        p.players[0].objectives = 1;
        p.area_mut(a("A1.ne")).objectives = vec![UM];
    });
    assert!(
        matches!(&g.position().phase, Phase::GameOver { winners, reason: EndReason::Objectives } if winners == &vec![Seat(0)])
    );
    assert!(g.legal_actions().is_empty());
}

#[test]
fn objectives_simultaneous_winners_are_split_by_tokens_then_worlds() {
    let g = at_refresh(|p| {
        p.players[0].objectives = 1;
        p.players[1].objectives = 1;
        p.area_mut(a("A1.ne")).objectives = vec![UM];
        p.area_mut(a("B3.ne")).objectives = vec![CH];
        put(p, "B3.se", &[Cultist]);
    });
    // Both reach two tokens; Chaos holds three friendly worlds to the Ultramarines' two.
    assert!(
        matches!(&g.position().phase, Phase::GameOver { winners, .. } if winners == &vec![Seat(1)])
    );
}

#[test]
fn player_elimination_a_player_without_friendly_worlds_is_out_and_the_last_one_wins() {
    // Chaos holds only a factory on Thylin (A2.se); a space marine walks in from Remscheid
    // (A3.ne). With no unrouted unit or bastion defending, the attacker wins at once and takes
    // the factory, leaving Chaos no friendly world.
    let mut g = small(|p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "A2.se", StructureKind::Factory, CH);
        put(p, "A3.ne", &[SpaceMarine]);
        revealed(p, 0, "A2", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "move A3.ne -> A2.se space-marine x1",
            "done",
        ],
    );
    assert_eq!(
        g.position().area(a("A2.se")).structures[0].owner,
        UM,
        "the factory is captured"
    );
    assert!(g.player(Seat(1)).eliminated);
    assert!(
        matches!(&g.position().phase, Phase::GameOver { winners, reason: EndReason::Elimination } if winners == &vec![Seat(0)])
    );
}

#[test]
fn the_game_ends_after_the_eighth_round() {
    let g = at_refresh(|p| {
        p.round = 8;
    });
    let mut g = g;
    let mut guard = 0;
    while !g.is_over() && guard < 100 {
        let act = g.legal_actions()[0];
        g.apply(act).unwrap();
        guard += 1;
    }
    assert!(matches!(
        &g.position().phase,
        Phase::GameOver {
            reason: EndReason::RoundLimit,
            ..
        }
    ));
}

#[test]
fn end_of_round_passes_the_first_player_token_left_and_advances_the_round() {
    let mut g = at_refresh(|_| {});
    let mut guard = 0;
    while !matches!(g.position().phase, Phase::Planning { .. }) && guard < 100 {
        let act = g.legal_actions()[0];
        g.apply(act).unwrap();
        guard += 1;
    }
    assert_eq!(g.position().round, 2);
    assert_eq!(g.position().first_player, Seat(1));
    assert!(matches!(
        g.position().phase,
        Phase::Planning { turn: Seat(1) }
    ));
}
