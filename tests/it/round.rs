//! The game round as legal actions: Planning, Operations, the four orders, capacity, Refresh,
//! warp storms and winning. Each test names the Rules Reference rule it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{a, build, clear_board, edited, intro, legal, play, put, revealed};
use herakon::engine::Rule;
use herakon::engine::state::ids::{Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{EndReason, OpStep, Phase, RefreshStep};
use herakon::engine::state::position::{PlacedOrder, Storm, Unit};
use herakon::engine::{Action, CardName, DecisionKind, UnitType::*};

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

// ----- Planning Phase -----

#[test]
fn planning_tokens_go_only_in_or_next_to_a_system_with_own_pieces() {
    let g = small(|_| {});
    assert_eq!(systems_offered(&g), ["A1", "A2", "B1"]);
    let err = g.check(&"place advance B3".parse().unwrap()).unwrap_err();
    assert_eq!(err.rule, Rule::PlanningPhase);
}

#[test]
fn planning_adjacency_ignores_warp_storms() {
    // A storm lies on A1.s in the introductory setup; A2 is still offered.
    let g = small(|p| assert!(p.storm_at("A1.s".parse().unwrap())));
    assert!(systems_offered(&g).contains(&"A2".into()));
}

#[test]
fn planning_alternates_clockwise_from_the_first_player_until_each_placed_four() {
    // covers: First Player
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
    // covers: Active Player
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
    assert_eq!(err.rule, Rule::OperationsPhase);
}

#[test]
fn operations_a_player_with_no_token_on_top_skips_his_turn() {
    // covers: Active Player
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
        Rule::StrategizeOrder
    );
    let g = small(|p| revealed(p, 0, "A1", Order::Advance));
    assert_eq!(legal(&g), ["resolve", "to-events"]);
}

#[test]
fn a_token_put_on_the_event_deck_draws_an_event_card_at_refresh() {
    let mut g = small(|p| {
        common::waiting_token(p, 1, "B3", Order::Advance);
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
    // covers: Active System
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
        Rule::Factories
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
        Rule::DeployOrder
    );
    assert_eq!(g.player(Seat(0)).materiel, 14 - 8);
}

#[test]
fn command_level_limits_purchases_and_a_forge_token_lowers_it_by_one() {
    // covers: Purchasing Units and Structures
    // covers: Forge Tokens
    // covers: Cities
    let g = small(|p| {
        p.players[0].materiel = 14;
        p.players[0].assets.forge = 1;
        revealed(p, 0, "A1", Order::Deploy);
    });
    let mut g = g;
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(
        l.contains(&"buy space-marine A1.nw +forge".into()),
        "level 1 with a forge token at level 0"
    );
    assert!(
        !l.contains(&"buy space-marine A1.nw".into()),
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
        Rule::CommandLevel
    );
    // A city raises the command level: the space marine needs no forge token then.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        build(p, "A1.sw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    assert!(legal(&g).contains(&"buy space-marine A1.nw".into()));
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
    // covers: Purchasing Units and Structures
    // covers: Cache Tokens
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
        Rule::ComponentLimitations
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
    assert!(l.contains(&"buy scout A1.ne".into()), "friendly world");
    assert!(!l.iter().any(|x| x.contains("A1.sw")), "enemy world");
    assert!(
        !l.contains(&"buy scout A1.se".into()),
        "ground units do not go on voids"
    );
    assert!(
        l.contains(&"buy strike-cruiser A1.se".into()),
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
        l.contains(&"build city A1.sw".into()),
        "the world just made friendly"
    );
    assert!(l.contains(&"build bastion A1.ne".into()));
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
    assert!(l.contains(&"move A1.se -> B1.ne strike-cruiser x1".into()));
    assert!(l.contains(&"move B2.ne -> B1.ne strike-cruiser x1".into()));
    play(&mut g, &["move A1.se -> B1.ne strike-cruiser x1"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("move B2")),
        "ships already came from A1"
    );
    assert_eq!(
        g.check(&"move B2.ne -> B1.sw strike-cruiser x1".parse().unwrap())
            .unwrap_err()
            .rule,
        Rule::MovingShips
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
        Rule::WarpStorms
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
    assert!(legal(&friendly).contains(&"move A1.ne -> B1.se scout x1".into()));
    let mut enemy = setup(false);
    play(&mut enemy, &["resolve", "done"]);
    assert!(!legal(&enemy).contains(&"move A1.ne -> B1.se scout x1".into()));
    let err = enemy
        .check(&"move A1.ne -> B1.se scout x1".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.rule, Rule::MovingGroundUnits);
    assert!(
        err.reason
            .contains("B1.sw was not friendly to Ultramarines when ground movement began")
            && err.reason.contains("enemy void (World Eaters)"),
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
    assert!(legal(&g).contains(&"move A1.ne -> B1.se scout x1".into()));
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
        Rule::WarpStorms,
        "Warp Storms: units cannot move through a storm"
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
    assert!(l.contains(&"move A1.ne -> B1.nw scout x1".into()));
    assert!(l.contains(&"move A1.ne -> B1.se scout x1".into()));
    play(&mut g, &["move A1.ne -> B1.nw scout x1"]);
    assert!(
        !legal(&g).iter().any(|x| x.contains("-> B1.se")),
        "Smyrna is already contested"
    );
    assert!(
        legal(&g).contains(&"move A1.ne -> B1.nw scout x1".into()),
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
        legal(&g).contains(&"move A1.nw -> B1.nw scout x4".into()),
        "1 + 4 = 5"
    );
    play(&mut g, &["move A1.ne -> B1.nw scout x1"]);
    let l = legal(&g);
    assert!(
        l.contains(&"move A1.nw -> B1.nw scout x3".into()),
        "2 + 3 = 5"
    );
    assert!(
        !l.contains(&"move A1.nw -> B1.nw scout x4".into()),
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
        Rule::RoutAndRally
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
            x.world().is_some_and(|w| {
                w.assets
                    .contains(&herakon::engine::state::ids::Asset::Prosperity)
            })
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
    assert!(l.contains(&"take cache".into()) && l.contains(&"take reinforcement".into()));
    assert!(
        !l.contains(&"take forge".into()),
        "already three forge tokens"
    );
}

// ----- Strategize Order -----

#[test]
fn strategize_buys_within_command_level_and_needs_presence() {
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        common::waiting_token(p, 1, "B3", Order::Advance);
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
    // covers: Refresh Phase
    // covers: Materiel and Materiel Dials
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
        !legal(&g).contains(&"done".into()),
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
    // covers: Winning and Losing the Game
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
    // covers: Eliminated
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
    common::assert_produced(&g, "Eliminated");
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
    // covers: First Player
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

// ----- Audit of the game round (issue 3): rules not covered above -----

#[test]
fn operations_a_resolved_advance_deploy_or_dominate_token_returns_to_the_play_area() {
    let mut g = small(|p| {
        common::waiting_token(p, 1, "B3", Order::Advance);
        revealed(p, 0, "A1", Order::Deploy);
    });
    let before = g.player(Seat(0)).orders.len();
    play(&mut g, &["resolve", "done", "done"]);
    assert_eq!(g.player(Seat(0)).orders.len(), before + 1);
    assert!(g.player(Seat(0)).event_tokens.is_empty());
}

#[test]
fn operations_a_skipped_player_resolves_his_token_once_it_is_on_top() {
    // Chaos's Deploy lies on the Ultramarines' Advance in A1 and the Ultramarines hold nothing
    // else on top: they skip, Chaos reveals, and then the Ultramarines' token is on top.
    let mut g = small(|p| {
        for (seat, order) in [(0, Order::Advance), (1, Order::Deploy)] {
            let i = p.players[seat]
                .orders
                .iter()
                .position(|o| *o == order)
                .unwrap();
            p.players[seat].orders.remove(i);
        }
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
    play(&mut g, &["reveal A1", "to-events"]);
    let d = g.decision().unwrap();
    assert_eq!((d.seat, d.kind), (Seat(0), DecisionKind::RevealOrder));
    assert_eq!(legal(&g), ["reveal A1"]);
    // The last token resolved empties the board: the Operations Phase ends.
    play(&mut g, &["reveal A1", "to-events"]);
    assert!(matches!(g.position().phase, Phase::Refresh { .. }));
}

#[test]
fn deploy_limit_sums_every_friendly_world_with_a_factory_in_the_system() {
    let g = small(|p| build(p, "A1.sw", StructureKind::Factory, UM));
    // Turaci (4 skulls) and Argovia (4 skulls).
    assert_eq!(g.deploy_limit(UM, "A1".parse().unwrap()), 8);
    assert_eq!(g.deploy_limit(UM, "A2".parse().unwrap()), 0);
}

#[test]
fn deploy_a_forge_token_may_lower_the_level_and_a_second_pay_the_forge_cost() {
    // Command level 1 (one city); a battle barge needs level 2 and a forge token.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        p.players[0].assets.forge = 2;
        build(p, "A1.sw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "buy battle-barge A1.se +forge"]);
    assert_eq!(
        g.player(Seat(0)).assets.forge,
        0,
        "one for the level, one for the cost"
    );
    assert_eq!(g.player(Seat(0)).materiel, 14 - 5);
    // With one forge token the barge cannot be bought at level 1.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        p.players[0].assets.forge = 1;
        build(p, "A1.sw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    assert!(!legal(&g).iter().any(|x| x.contains("battle-barge")));
}

#[test]
fn deploy_units_may_exceed_capacity_and_the_excess_is_destroyed_after_the_order() {
    // Alledrias (A1.ne) has two skulls and holds a scout; two more are bought there.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        common::waiting_token(p, 1, "B3", Order::Advance);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(
        &mut g,
        &[
            "resolve",
            "buy scout A1.ne",
            "buy scout A1.ne",
            "done",
            "done",
        ],
    );
    let d = g.decision().unwrap();
    assert_eq!((d.seat, d.kind), (Seat(0), DecisionKind::DestroyExcess));
    play(&mut g, &["destroy A1.ne scout"]);
    assert_eq!(g.position().area(a("A1.ne")).units.len(), 2);
    assert_eq!(g.decision().unwrap().seat, Seat(1));
}

#[test]
fn deploy_a_cache_token_takes_two_materiel_off_a_structure() {
    let mut g = small(|p| {
        p.players[0].materiel = 1;
        p.players[0].assets.cache = 1;
        common::waiting_token(p, 1, "B3", Order::Advance);
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "done"]);
    let l = legal(&g);
    assert!(l.contains(&"build city A1.ne +cache".into()), "{l:?}");
    assert!(!l.contains(&"build city A1.ne".into()));
    play(&mut g, &["build city A1.ne +cache"]);
    assert_eq!(g.player(Seat(0)).materiel, 0);
    assert_eq!(g.player(Seat(0)).assets.cache, 0);
}

#[test]
fn deploy_no_structure_without_a_structure_control_token_or_one_in_the_supply() {
    // Nine structures already carry Ultramarines control tokens (Turaci's factory and eight
    // bastions): none is left for a new structure.
    let worlds = [
        "A2.sw", "A2.se", "B2.nw", "B2.se", "A3.nw", "A3.ne", "B1.nw", "B1.se",
    ];
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        for w in worlds {
            build(p, w, StructureKind::Bastion, UM);
        }
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "done"]);
    assert_eq!(legal(&g), ["done"], "no structure control token left");
    // All ten bastions on the board: cities and factories may still be built.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        for w in ["A2.sw", "A2.se", "B2.nw", "B2.se", "A3.nw"] {
            build(p, w, StructureKind::Bastion, UM);
        }
        for w in ["A3.ne", "B1.nw", "B1.se", "B3.ne", "B3.se"] {
            build(p, w, StructureKind::Bastion, CH);
        }
        revealed(p, 0, "A1", Order::Deploy);
    });
    play(&mut g, &["resolve", "done"]);
    let l = legal(&g);
    assert!(!l.iter().any(|x| x.starts_with("build bastion")), "{l:?}");
    assert!(l.contains(&"build city A1.ne".into()));
}

#[test]
fn dominate_then_the_faction_ability_may_be_declined() {
    let mut g = small(|p| {
        common::waiting_token(p, 1, "B3", Order::Advance);
        revealed(p, 0, "A1", Order::Dominate);
    });
    play(&mut g, &["resolve"]);
    assert_eq!(g.player(Seat(0)).assets.reinforcement, 2);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::FactionAbility);
    assert!(legal(&g).contains(&"done".into()));
    play(&mut g, &["done"]);
    assert_eq!(g.decision().unwrap().seat, Seat(1));
}

#[test]
fn strategize_order_upgrades_above_the_command_level_are_not_offered() {
    // covers: Upgrade Cards
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    let p = g.player(Seat(0)).clone();
    let offered: Vec<CardName> = g
        .legal_actions()
        .iter()
        .filter_map(|x| match x {
            Action::BuyOrderUpgrade { card } => {
                Some(p.order_upgrade_deck[usize::from(*card) - 1].clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(offered, ["Rain of Fire"], "the only level-0 order upgrade");
}

/// The `combat-upgrade` action that buys `card` in place of the first pair of the deck: the
/// upgrade deck is numbered by card, each pair once.
fn buy_combat_upgrade(g: &herakon::engine::Game, card: &str) -> Action {
    let mut names: Vec<&CardName> = Vec::new();
    for c in &g.player(Seat(0)).combat_upgrades {
        if !names.contains(&c) {
            names.push(c);
        }
    }
    let n = names.iter().position(|c| **c == card).unwrap() + 1;
    format!("combat-upgrade {n} replace 1").parse().unwrap()
}

/// Ruling `bastion-in-unit-requisite`: the Bastion that Hold the Line and Show No Fear name in
/// their unit requisite is no condition for buying them (Combat Cards and Combat Upgrade
/// Cards: only the command level, then the cost); a player with no bastion buys them.
#[test]
fn combat_upgrade_cards_a_bastion_in_the_unit_requisite_is_no_purchase_requirement() {
    // covers: Combat Cards and Combat Upgrade Cards
    let no_bastion = |g: &herakon::engine::Game| {
        assert!(
            g.position()
                .areas
                .values()
                .flat_map(|a| &a.structures)
                .all(|s| s.kind != StructureKind::Bastion),
            "nobody has a bastion"
        );
    };
    // Command level 0: Hold the Line (level 0) is bought; Show No Fear (level 2) is refused
    // for its level, not for a bastion.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    no_bastion(&g);
    let e = g
        .check(&buy_combat_upgrade(&g, "Show No Fear"))
        .unwrap_err();
    assert_eq!(e.rule, Rule::CommandLevel, "{e}");
    assert!(e.reason.contains("command level 2"), "{e}");
    let hold = buy_combat_upgrade(&g, "Hold the Line");
    assert_eq!(g.check(&hold), Ok(()));
    g.apply(hold).unwrap();
    let p = g.player(Seat(0));
    assert_eq!(
        p.combat_deck
            .iter()
            .filter(|c| **c == "Hold the Line")
            .count(),
        2
    );
    assert_eq!(p.materiel, 14 - 2);
    // Two cities make command level 2: Show No Fear is bought, still with no bastion.
    let mut g = small(|p| {
        p.players[0].materiel = 14;
        build(p, "A1.sw", StructureKind::City, UM);
        build(p, "B1.nw", StructureKind::City, UM);
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    no_bastion(&g);
    let fear = buy_combat_upgrade(&g, "Show No Fear");
    assert_eq!(g.check(&fear), Ok(()));
    g.apply(fear).unwrap();
    assert_eq!(g.player(Seat(0)).materiel, 14 - 4);
}

#[test]
fn strategize_a_replaced_pair_returns_to_the_upgrade_deck_and_can_be_bought_back_free() {
    // covers: Upgrade Cards
    let mut g = small(|p| {
        p.players[0].materiel = 2;
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    let p = g.player(Seat(0)).clone();
    let mut upgrades: Vec<CardName> = Vec::new();
    for c in &p.combat_upgrades {
        if !upgrades.contains(c) {
            upgrades.push(c.clone());
        }
    }
    let mut deck: Vec<CardName> = Vec::new();
    for c in &p.combat_deck {
        if !deck.contains(c) {
            deck.push(c.clone());
        }
    }
    let new = upgrades.iter().position(|c| c == "Hold the Line").unwrap() + 1;
    let old = deck[0].clone();
    play(&mut g, &[&format!("combat-upgrade {new} replace 1")]);
    let p = g.player(Seat(0));
    assert_eq!(p.materiel, 0);
    assert_eq!(
        p.combat_deck
            .iter()
            .filter(|c| **c == "Hold the Line")
            .count(),
        2
    );
    assert_eq!(p.combat_deck.iter().filter(|c| **c == old).count(), 0);
    assert_eq!(
        p.combat_upgrades.iter().filter(|c| **c == old).count(),
        2,
        "the replaced pair is back in the upgrade deck"
    );
    // A basic card costs nothing to buy back (one combat upgrade per Strategize order).
    let mut g2 = small(|p| {
        p.players[0].materiel = 0;
        let basic = p.players[0].combat_deck[0].clone();
        p.players[0].combat_deck.retain(|c| *c != basic);
        let up = p.players[0].combat_upgrades[0].clone();
        p.players[0].combat_upgrades.retain(|c| *c != up);
        p.players[0].combat_deck.extend([up.clone(), up]);
        p.players[0].combat_upgrades.extend([basic.clone(), basic]);
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g2, &["resolve"]);
    assert!(
        legal(&g2).iter().any(|x| x.starts_with("combat-upgrade")),
        "a basic card is free"
    );
}

#[test]
fn refresh_a_player_with_no_token_on_his_event_deck_reveals_the_top_card_for_a_storm_only() {
    // The Ultramarines' token went on the event deck; Chaos has none.
    let mut g = at_refresh(|_| {});
    play(&mut g, &["event 1"]);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    play(&mut g, &["done"]);
    let d = g.decision().unwrap();
    assert_eq!(
        (d.seat, d.kind),
        (Seat(1), DecisionKind::MoveStorm),
        "Chaos reveals a card only to move a storm"
    );
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    assert_ne!(
        g.decision().map(|d| d.kind),
        Some(DecisionKind::EventAbility),
        "a revealed card's ability is not resolved"
    );
    assert_eq!(g.player(Seat(1)).event_deck.len(), 8, "the card goes back");
}

#[test]
fn refresh_each_warp_storm_moves_once_and_flips_back_at_the_end_of_the_round() {
    let mut g = at_refresh(|p| {
        p.storms = vec![Storm {
            edge: "A1.s".parse().unwrap(),
            moved: false,
        }];
    });
    play(&mut g, &["event 1"]);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    play(&mut g, &["done"]);
    // Chaos's revealed card cannot move the one storm again: the round ends.
    assert!(
        matches!(g.position().phase, Phase::Planning { .. }),
        "{:?}",
        g.position().phase
    );
    assert!(
        g.position().storms.iter().all(|s| !s.moved),
        "storms flip back to their unmoved side"
    );
}

#[test]
fn refresh_a_chosen_scheme_stays_in_play_and_the_other_cards_return() {
    let mut g = at_refresh(|p| {
        let seat = &mut p.players[0];
        seat.event_tokens = vec![Order::Advance, Order::Strategize];
        for order in [Order::Advance, Order::Strategize] {
            let i = seat.orders.iter().position(|o| *o == order).unwrap();
            seat.orders.remove(i);
        }
        // Adeptus Mechanicus (a scheme) on top, then a tactic.
        seat.event_deck
            .retain(|c| c != "Adeptus Mechanicus" && c != "Heroic Intervention");
        seat.event_deck.push("Heroic Intervention".into());
        seat.event_deck.push("Adeptus Mechanicus".into());
    });
    let Phase::Refresh {
        step: RefreshStep::ChooseEvent { drawn },
        ..
    } = &g.position().phase
    else {
        panic!("{:?}", g.position().phase)
    };
    assert_eq!(drawn.len(), 3, "three tokens on the event deck");
    let i = drawn
        .iter()
        .position(|c| c == "Adeptus Mechanicus")
        .unwrap()
        + 1;
    play(&mut g, &[&format!("event {i}")]);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    play(&mut g, &["use-event"]);
    let p = g.player(Seat(0));
    assert_eq!(p.schemes, vec!["Adeptus Mechanicus".to_string()]);
    assert_eq!(
        p.event_deck.len(),
        7,
        "every other card is back in the deck"
    );
    assert!(!p.event_deck.contains(&"Adeptus Mechanicus".into()));
    assert_eq!(p.orders.len(), 8, "the tokens return to the play area");
}

#[test]
fn scheme_event_cards_a_new_scheme_discards_the_one_in_play_and_the_log_says_so() {
    let mut g = at_refresh(|p| {
        let seat = &mut p.players[0];
        seat.event_tokens = vec![Order::Advance, Order::Strategize];
        for order in [Order::Advance, Order::Strategize] {
            let i = seat.orders.iter().position(|o| *o == order).unwrap();
            seat.orders.remove(i);
        }
        // Adeptus Mechanicus (a scheme) on top, then a tactic.
        seat.event_deck
            .retain(|c| c != "Adeptus Mechanicus" && c != "Heroic Intervention");
        seat.event_deck.push("Heroic Intervention".into());
        seat.event_deck.push("Adeptus Mechanicus".into());
        // Exterminatus already in play.
        seat.event_deck.retain(|c| c != "Exterminatus");
        seat.schemes = vec!["Exterminatus".into()];
    });
    let Phase::Refresh {
        step: RefreshStep::ChooseEvent { drawn },
        ..
    } = &g.position().phase
    else {
        panic!("{:?}", g.position().phase)
    };
    assert_eq!(drawn.len(), 3, "three tokens on the event deck");
    let i = drawn
        .iter()
        .position(|c| c == "Adeptus Mechanicus")
        .unwrap()
        + 1;
    play(&mut g, &[&format!("event {i}")]);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    let events = g.apply(Action::UseEvent).unwrap();
    let words: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert!(
        words.contains(&"Ultramarines discards the scheme Exterminatus".into()),
        "{words:?}"
    );
    let p = g.player(Seat(0));
    assert_eq!(p.schemes, vec!["Adeptus Mechanicus".to_string()]);
    assert!(p.event_deck.contains(&"Exterminatus".into()));
}

#[test]
fn refresh_order_upgrades_turn_face_up_at_the_end_of_the_round() {
    // covers: Refresh Phase
    let mut g = at_refresh(|p| {
        p.players[0]
            .order_upgrade_deck
            .retain(|c| c != "Rain of Fire");
        p.players[0].order_upgrades = vec!["Rain of Fire".into()];
        p.players[0].used_upgrades = vec!["Rain of Fire".into()];
    });
    let mut guard = 0;
    while !matches!(g.position().phase, Phase::Planning { .. }) && guard < 100 {
        let act = g.legal_actions()[0];
        g.apply(act).unwrap();
        guard += 1;
    }
    assert!(g.player(Seat(0)).used_upgrades.is_empty());
}

#[test]
fn planning_an_eliminated_player_places_no_tokens() {
    // covers: Eliminated
    let mut g = edited(3, |p| {
        let seat = p.seat_of(Faction::Orks).unwrap();
        p.areas.values_mut().for_each(|x| {
            x.units.retain(|u| u.owner() != Faction::Orks);
            x.structures.retain(|s| s.owner != Faction::Orks);
        });
        p.players[seat.index()].eliminated = true;
        p.first_player = Seat(0);
        p.phase = Phase::Planning { turn: Seat(0) };
    });
    let orks = g.seat_of(Faction::Orks).unwrap();
    for _ in 0..8 {
        let d = g.decision().unwrap();
        assert_ne!(d.seat, orks);
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
    assert!(matches!(g.position().phase, Phase::Operations { .. }));
    assert_eq!(g.player(orks).orders.len(), 8);
}

#[test]
fn player_elimination_does_not_lower_the_objectives_needed_to_win() {
    // Three seats, one eliminated: two objective tokens are not enough.
    let mut g = edited(3, |p| {
        let orks = p.seat_of(Faction::Orks).unwrap();
        p.areas.values_mut().for_each(|x| {
            x.units.retain(|u| u.owner() != Faction::Orks);
            x.structures.retain(|s| s.owner != Faction::Orks);
        });
        p.players[orks.index()].eliminated = true;
        let um = p.seat_of(UM).unwrap();
        p.players[um.index()].objectives = 1;
        p.area_mut(a("A1.ne")).objectives = vec![UM];
        revealed(p, um.0, "A1", Order::Dominate);
    });
    play(&mut g, &["to-events"]);
    let um = g.seat_of(UM).unwrap();
    assert_eq!(g.player(um).objectives, 2);
    assert!(!g.is_over(), "three players: three tokens are needed");
}

#[test]
fn winning_ties_are_broken_by_units_on_the_board_and_else_shared() {
    // covers: Winning and Losing the Game
    // Both reach two tokens with two friendly worlds each; Chaos has one unit more.
    let setup = |extra_cultist: bool| {
        at_refresh(move |p| {
            clear_board(p);
            put(p, "A1.ne", &[Scout]);
            put(p, "A1.sw", &[Scout]);
            put(p, "B3.ne", &[Cultist]);
            put(p, "B3.se", &[Cultist]);
            if extra_cultist {
                put(p, "B3.nw", &[IconoclastDestroyer]);
            }
            p.players[0].objectives = 1;
            p.players[1].objectives = 1;
            p.area_mut(a("A1.ne")).objectives = vec![UM];
            p.area_mut(a("B3.ne")).objectives = vec![CH];
        })
    };
    let g = setup(true);
    assert!(
        matches!(&g.position().phase, Phase::GameOver { winners, .. } if winners == &vec![Seat(1)])
    );
    let g = setup(false);
    assert!(
        matches!(&g.position().phase, Phase::GameOver { winners, .. } if winners == &vec![Seat(0), Seat(1)]),
        "still tied: a shared victory"
    );
}

#[test]
fn player_elimination_removes_his_tokens_from_the_stacks() {
    let mut g = small(|p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "A2.se", StructureKind::Factory, CH);
        put(p, "A3.ne", &[SpaceMarine]);
        put(p, "B3.nw", &[IconoclastDestroyer]);
        common::waiting_token(p, 1, "B3", Order::Advance);
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
    assert!(g.player(Seat(1)).eliminated);
    assert!(g.position().stacks.is_empty(), "his token left the board");
    assert!(
        g.position().areas.values().all(|x| x.count_units(CH) == 0),
        "his ships are destroyed"
    );
}

#[test]
fn advance_ground_units_come_from_at_most_one_adjacent_system() {
    // Active system B1: a strike cruiser makes its void B1.sw friendly. Scouts stand on
    // Alledrias (A1, next to Smyrna) and on Phlegra (B2, next to B1.sw).
    let setup = || {
        small(|p| {
            put(p, "B1.sw", &[StrikeCruiser]);
            put(p, "A1.se", &[StrikeCruiser]);
            put(p, "B2.nw", &[Scout]);
            revealed(p, 0, "B1", Order::Advance);
        })
    };
    let mut g = setup();
    play(&mut g, &["resolve", "done"]);
    assert!(legal(&g).contains(&"move B2.nw -> B1.se scout x1".into()));
    play(&mut g, &["move A1.ne -> B1.nw scout x1"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("move B2.nw")),
        "ground units already came from A1"
    );
    assert_eq!(
        g.check(&"move B2.nw -> B1.se scout x1".parse().unwrap())
            .unwrap_err()
            .rule,
        Rule::MovingGroundUnits
    );
}

#[test]
fn advance_after_ships_from_one_adjacent_system_ground_units_come_only_from_it() {
    let mut g = small(|p| {
        put(p, "B1.sw", &[StrikeCruiser]);
        put(p, "A1.se", &[StrikeCruiser]);
        put(p, "B2.nw", &[Scout]);
        put(p, "B1.nw", &[Scout]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "move A1.se -> B1.ne strike-cruiser x1", "done"],
    );
    let l = legal(&g);
    assert!(
        !l.iter().any(|x| x.starts_with("move B2.nw")),
        "ships came from A1, so ground units cannot come from B2"
    );
    assert!(l.contains(&"move A1.ne -> B1.nw scout x1".into()));
    assert!(
        l.contains(&"move B1.nw -> B1.se scout x1".into()),
        "ground units already in the active system are not restricted"
    );
}

#[test]
fn advance_ships_need_no_path_and_a_moved_unit_does_not_move_again() {
    // B1's voids (ne and sw) are diagonal: a ship still moves between them.
    let mut g = small(|p| {
        put(p, "B1.ne", &[StrikeCruiser]);
        put(p, "A1.se", &[StrikeCruiser]);
        revealed(p, 0, "B1", Order::Advance);
    });
    play(&mut g, &["resolve"]);
    assert!(legal(&g).contains(&"move B1.ne -> B1.sw strike-cruiser x1".into()));
    play(&mut g, &["move A1.se -> B1.sw strike-cruiser x1"]);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("move B1.sw")),
        "the ship that moved to B1.sw stays there"
    );
    assert!(legal(&g).contains(&"move B1.ne -> B1.sw strike-cruiser x1".into()));
}

#[test]
fn unit_capacity_players_destroy_their_excess_from_the_first_player_clockwise() {
    // covers: Simultaneous Effects
    // Both are over capacity after the Chaos player's order: the first player chooses first.
    let g = small(|p| {
        put(p, "A1.ne", &[Scout, Scout]);
        put(p, "B3.ne", &[Cultist, Cultist, Cultist, Cultist]);
        p.phase = Phase::Operations {
            turn: Seat(1),
            step: OpStep::Capacity {
                system: "B3".parse().unwrap(),
            },
        };
    });
    let d = g.decision().unwrap();
    assert_eq!((d.seat, d.kind), (Seat(0), DecisionKind::DestroyExcess));
    let g = small(|p| {
        put(p, "A1.ne", &[Scout, Scout]);
        put(p, "B3.ne", &[Cultist, Cultist, Cultist, Cultist]);
        p.phase = Phase::Refresh {
            turn: Seat(1),
            step: RefreshStep::Capacity,
        };
    });
    assert_eq!(g.decision().unwrap().seat, Seat(0));
}

#[test]
fn refresh_a_tactic_that_gives_asset_tokens_respects_the_limit_of_three() {
    // covers: Tactic Event Cards
    // Chaos's Spoils of War: one forge and one reinforcement token.
    let mut g = small(|p| {
        p.players[1].assets.reinforcement = 3;
        let seat = &mut p.players[1];
        seat.event_deck.retain(|c| c != "Spoils of War");
        seat.event_deck.push("Spoils of War".into());
        common::waiting_token(p, 0, "A1", Order::Advance);
        revealed(p, 1, "B3", Order::Dominate);
    });
    play(&mut g, &["to-events", "reveal A1", "to-events"]);
    // Ultramarines first, then Chaos.
    play(&mut g, &["event 1"]);
    let act = g.legal_actions()[0];
    g.apply(act).unwrap();
    play(&mut g, &["done"]);
    play(&mut g, &["event 1"]);
    if g.decision().unwrap().kind == DecisionKind::MoveStorm {
        let act = g.legal_actions()[0];
        g.apply(act).unwrap();
    }
    play(&mut g, &["use-event"]);
    let p = g.player(Seat(1));
    assert_eq!(p.assets.forge, 1);
    assert_eq!(p.assets.reinforcement, 3, "already three: none gained");
    assert!(
        p.event_deck.contains(&"Spoils of War".into()),
        "a tactic goes back"
    );
}

/// Loads a sketch given as JSON.
fn sketched(sketch: &serde_json::Value) -> herakon::engine::Game {
    herakon::engine::format::sketch::parse(&sketch.to_string())
        .unwrap()
        .into_game(common::data())
        .unwrap()
}

#[test]
fn player_elimination_in_a_hand_made_planning_position() {
    // The Orks hold only a ship: no friendly world. Loading the position eliminates them
    // (their pieces leave the board) and the Planning Phase passes to the next seat.
    let g = sketched(&serde_json::json!({
        "players": ["ultramarines", "orks", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B2.ne": "onslaught-attack-ship"
        },
        "turn": 2
    }));
    let orks = g.seat_of(Faction::Orks).unwrap();
    assert!(g.player(orks).eliminated);
    assert!(g.position().area(a("B2.ne")).units.is_empty());
    let d = g.decision().unwrap();
    assert_eq!((d.seat, d.kind), (Seat(2), DecisionKind::PlaceOrder));
}

#[test]
fn player_elimination_in_a_hand_made_position_at_a_turn_start() {
    // The Operations Phase, the Orks to reveal, with no friendly world: out, and the next seat
    // reveals.
    let g = sketched(&serde_json::json!({
        "players": ["ultramarines", "orks", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B2.ne": "onslaught-attack-ship"
        },
        "stacks": {"A1": "ultramarines advance", "B2": "orks deploy", "B3": "chaos deploy"},
        "turn": 2,
        "phase": "reveal"
    }));
    assert!(g.player(Seat(1)).eliminated);
    assert!(
        g.position()
            .stacks
            .values()
            .flatten()
            .all(|t| t.owner != Faction::Orks)
    );
    assert_eq!(g.decision().unwrap().seat, Seat(2));
}

#[test]
fn player_elimination_in_a_hand_made_position_leaves_the_last_player_the_winner() {
    let g = sketched(&serde_json::json!({
        "players": ["ultramarines", "orks"],
        "areas": {"A1.nw": "ultramarines factory", "B2.ne": "onslaught-attack-ship"}
    }));
    assert!(g.is_over());
    assert_eq!(
        g.position().phase,
        Phase::GameOver {
            winners: vec![Seat(0)],
            reason: EndReason::Elimination
        }
    );
}

#[test]
fn player_elimination_waits_for_the_end_of_the_turn_in_a_hand_made_position() {
    // Mid-turn (the Ultramarines took Fornax, the World Eaters' last world, and must destroy
    // a unit over its capacity) nobody is out yet; the check comes at the end of the turn, as
    // in play.
    let mut g = sketched(&serde_json::json!({
        "players": ["ultramarines", "chaos", "orks"],
        "areas": {
            "A1.nw": "ultramarines factory", "A3.ne": "orks factory",
            "B2.se": "5 space-marine, ultramarines factory", "B2.sw": "iconoclast-destroyer"
        },
        "stacks": {"A3": "orks deploy"},
        "phase": {"phase": "operations", "turn": 0, "step": {"step": "capacity", "system": "B2"}}
    }));
    assert!(!g.player(Seat(1)).eliminated);
    assert_eq!(legal(&g), vec!["destroy B2.se space-marine"]);
    play(&mut g, &["destroy B2.se space-marine"]);
    assert!(g.player(Seat(1)).eliminated, "out at the end of the turn");
    assert!(g.position().area(a("B2.sw")).units.is_empty());
}

/// `apply` checks an action against the list `legal_actions` gave for the same position; once
/// a step is applied, an action listed before is judged on the new position.
#[test]
fn an_action_listed_before_a_step_is_judged_on_the_position_after_it() {
    let mut g = intro(2, 3);
    let mut n = 0_usize;
    while !g.is_over() && n < 400 {
        let before = g.legal_actions();
        n += 1;
        let pick = before[n * 7 % before.len()];
        g.apply(pick).unwrap();
        // Listed on a clone, so that `g` itself has not been asked since the step.
        let now = g.clone().legal_actions();
        for a in &before {
            assert_eq!(g.check(a).is_ok(), now.contains(a), "{a} after {pick}");
        }
    }
}
