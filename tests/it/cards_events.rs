//! Event cards and order upgrade cards played by the engine (Rules Reference: Event Cards,
//! Order Upgrade Cards, Orbital Strike, Card Clarifications).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{a, build, clear_board, edited, legal, play, put, revealed};
use herakon::engine::rules::Event;
use herakon::engine::state::die::DieFace::{Defence as D, Morale as M, Offence as O};
use herakon::engine::state::ids::{Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{OpStep, Phase, RefreshStep};
use herakon::engine::state::position::Position;
use herakon::engine::{DecisionKind, Game, Rule, UnitType::*};
use herakon::tui::Scene;
use herakon::tui::scene::action_words;

const UM: Faction = Faction::Ultramarines;
const CH: Faction = Faction::Chaos;

/// Two players (seat 0 Ultramarines, seat 1 Chaos), the board cleared but for a factory each.
fn two(edit: impl FnOnce(&mut Position)) -> Game {
    edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        edit(p);
    })
}

/// Makes it `seat`'s event ability step for `card` in the Refresh Phase.
fn event(p: &mut Position, seat: u8, card: &str) {
    let deck = &mut p.players[usize::from(seat)].event_deck;
    let i = deck.iter().position(|c| c == card).unwrap();
    deck.remove(i);
    p.phase = Phase::Refresh {
        turn: Seat(seat),
        step: RefreshStep::EventAbility { card: card.into() },
    };
}

/// Gives `seat` an order upgrade.
fn upgrade(p: &mut Position, seat: u8, card: &str) {
    let pl = &mut p.players[usize::from(seat)];
    pl.order_upgrade_deck.retain(|c| c != card);
    pl.order_upgrades.push(card.into());
}

fn units(g: &Game, area: &str) -> Vec<(herakon::engine::UnitType, bool)> {
    let mut v: Vec<_> = g
        .position()
        .area(a(area))
        .units
        .iter()
        .map(|u| (u.unit, u.routed))
        .collect();
    v.sort();
    v
}

// ----- tactics -----

#[test]
fn heroic_intervention_places_a_space_marine_only_on_a_world_with_a_structure() {
    let mut g = two(|p| {
        put(p, "A1.ne", &[Scout]);
        event(p, 0, "Heroic Intervention");
    });
    let l = legal(&g);
    assert!(l.contains(&"free space-marine A1.nw".into()), "{l:?}");
    assert!(!l.contains(&"free space-marine A1.ne".into()), "{l:?}");
    assert!(l.contains(&"free scout A1.ne".into()), "{l:?}");
    play(&mut g, &["free space-marine A1.nw"]);
    assert_eq!(units(&g, "A1.nw"), [(SpaceMarine, false)]);
}

#[test]
fn prophets_and_signs_places_two_cultists_on_a_world_without_one() {
    let mut g = two(|p| event(p, 1, "Prophets and Signs"));
    play(&mut g, &["free cultist B3.sw"]);
    assert_eq!(units(&g, "B3.sw"), [(Cultist, false), (Cultist, false)]);
}

#[test]
fn the_emperor_protects_puts_a_free_bastion_on_a_world_with_no_structure() {
    let mut g = two(|p| {
        put(p, "A1.ne", &[Scout]);
        p.players[0].materiel = 0;
        event(p, 0, "The Emperor Protects");
    });
    play(&mut g, &["build bastion A1.ne"]);
    assert_eq!(
        g.position().area(a("A1.ne")).structures[0].kind,
        StructureKind::Bastion
    );
    assert_eq!(g.player(Seat(0)).materiel, 0);
}

/// The refusal of `action` (in notation), which must not be legal.
fn refusal(g: &Game, action: &str) -> herakon::engine::RuleError {
    let a: herakon::engine::Action = action.parse().unwrap();
    g.check(&a).expect_err(action)
}

#[test]
fn the_emperor_protects_refusals_name_bastions_friendly_and_materiel_with_the_world() {
    // covers: Enemy
    // A1.nw: a friendly world with a factory; A1.ne: a bastion already; B3.sw: enemy.
    let g = two(|p| {
        put(p, "A1.ne", &[Scout]);
        build(p, "A1.ne", StructureKind::Bastion, UM);
        p.players[0].materiel = 1;
        event(p, 0, "The Emperor Protects");
    });
    let e = refusal(&g, "build bastion A1.ne");
    assert_eq!(e.rule, Rule::Bastions, "{e}");
    assert!(
        e.reason
            .contains("A1.ne is a friendly world holding a bastion of Ultramarines"),
        "{e}"
    );
    let e = refusal(&g, "build bastion B3.sw");
    assert_eq!(e.rule, Rule::Friendly, "{e}");
    assert!(
        e.reason
            .contains("B3.sw is an enemy world (World Eaters) holding a factory of World Eaters"),
        "{e}"
    );
    // Beside the factory a bastion costs 2 materiel, and Ultramarines has 1.
    let e = refusal(&g, "build bastion A1.nw");
    assert_eq!(e.rule, Rule::Materiel, "{e}");
    assert!(
        e.reason.contains("costs 2 materiel and Ultramarines has 1"),
        "{e}"
    );
    let e = refusal(&g, "build city A1.nw");
    assert_eq!(e.rule, Rule::EventCards, "{e}");
}

#[test]
fn heroic_intervention_refuses_a_space_marine_on_a_world_without_a_structure_under_free_units() {
    let g = two(|p| {
        put(p, "A1.ne", &[Scout]);
        event(p, 0, "Heroic Intervention");
    });
    let e = refusal(&g, "free space-marine A1.ne");
    assert_eq!(e.rule, Rule::FreeUnits, "{e}");
    assert!(
        e.reason
            .contains("A1.ne is a friendly world with no structure"),
        "{e}"
    );
    let e = refusal(&g, "free scout B3.sw");
    assert_eq!(e.rule, Rule::Friendly, "{e}");
}

#[test]
fn an_event_step_names_its_card_rule_for_an_action_of_another_kind() {
    // covers: Event Cards
    let g = two(|p| {
        put(p, "A1.ne", &[Scout]);
        event(p, 0, "The Emperor Protects");
    });
    let e = refusal(&g, "retreat A1.ne");
    assert_eq!(e.rule, Rule::EventCards, "{e}");
    assert!(e.reason.contains("for The Emperor Protects"), "{e}");
    assert!(!e.reason.contains("not a choice now"), "{e}");
}

#[test]
fn lootin_n_stealin_gains_two_materiel_and_a_player_loses_a_token() {
    let mut g = edited(4, |p| {
        let orks = usize::from(p.seat_of(Faction::Orks).unwrap().0);
        let um = usize::from(p.seat_of(UM).unwrap().0);
        p.players[orks].materiel = 3;
        p.players[um].assets.forge = 1;
        event(p, u8::try_from(orks).unwrap(), "Lootin' 'n Stealin'");
    });
    let orks = g.seat_of(Faction::Orks).unwrap();
    let um = g.seat_of(UM).unwrap();
    play(&mut g, &["steal ultramarines forge"]);
    assert_eq!(g.player(orks).materiel, 5);
    assert_eq!(g.player(um).assets.forge, 0);
}

#[test]
fn lootin_n_stealin_at_the_materiel_limit_the_log_says_what_was_kept() {
    let mut g = edited(4, |p| {
        let orks = usize::from(p.seat_of(Faction::Orks).unwrap().0);
        let um = usize::from(p.seat_of(UM).unwrap().0);
        p.players[orks].materiel = 13;
        p.players[um].assets.forge = 1;
        event(p, u8::try_from(orks).unwrap(), "Lootin' 'n Stealin'");
    });
    let orks = g.seat_of(Faction::Orks).unwrap();
    let events = g
        .apply("steal ultramarines forge".parse().unwrap())
        .unwrap();
    assert_eq!(g.player(orks).materiel, 14, "the dial stops at 14");
    let words: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert!(
        words.contains(
            &"Evil Sunz Orks gains 1 of 2 materiel (the dial stops at 14; Lootin' 'n Stealin')"
                .to_string()
        ),
        "{words:?}"
    );
}

#[test]
fn rites_of_battle_buys_an_order_upgrade_one_materiel_cheaper_per_bastion() {
    let mut g = two(|p| {
        put(p, "A1.ne", &[Scout]);
        build(p, "A1.ne", StructureKind::Bastion, UM);
        p.players[0].materiel = 0;
        // Rain of Fire first in the upgrade deck (every upgrade stays somewhere).
        p.players[0]
            .order_upgrade_deck
            .sort_by_key(|c| c != "Rain of Fire");
        event(p, 0, "Rites of Battle");
    });
    play(&mut g, &["order-upgrade 1"]);
    assert_eq!(g.player(Seat(0)).order_upgrades, ["Rain of Fire"]);
}

#[test]
fn incantation_of_tzeentch_resolves_one_of_three_drawn_cards_without_its_storm() {
    let mut g = two(|p| event(p, 1, "Incantation of Tzeentch"));
    play(&mut g, &["use-event"]);
    let Phase::Refresh {
        step: RefreshStep::Tactic { drawn, .. },
        ..
    } = &g.position().phase
    else {
        panic!("{:?}", g.position().phase)
    };
    assert_eq!(drawn.len(), 3);
    assert!(!drawn.iter().any(|c| c == "Incantation of Tzeentch"));
    play(&mut g, &["event 1"]);
    // Straight to the ability: no storm move.
    assert_eq!(g.decision().unwrap().kind, DecisionKind::EventAbility);
}

// ----- schemes -----

#[test]
fn unwavering_resolve_rallies_a_system_instead_of_revealing_an_order() {
    let mut g = two(|p| {
        let pl = &mut p.players[0];
        pl.event_deck.retain(|c| c != "Unwavering Resolve");
        pl.schemes = vec!["Unwavering Resolve".into()];
        put(p, "A1.ne", &[Scout]);
        p.area_mut(a("A1.ne")).units[0].routed = true;
        revealed(p, 0, "A1", Order::Deploy);
        p.phase = Phase::Operations {
            turn: Seat(0),
            step: herakon::engine::state::phase::OpStep::Reveal,
        };
    });
    assert!(legal(&g).contains(&"use-event".into()));
    play(&mut g, &["use-event", "system A1"]);
    assert_eq!(units(&g, "A1.ne"), [(Scout, false)]);
    assert!(g.player(Seat(0)).schemes.is_empty());
    // The order token stays on its stack.
    assert!(
        !g.position()
            .stacks
            .get(&"A1".parse().unwrap())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn blight_of_nurgle_routs_an_enemy_unit_instead_of_revealing_an_order() {
    let mut g = two(|p| {
        let pl = &mut p.players[1];
        pl.event_deck.retain(|c| c != "Blight of Nurgle");
        pl.schemes = vec!["Blight of Nurgle".into()];
        put(p, "A1.ne", &[Scout]);
        put(p, "A1.se", &[IconoclastDestroyer]);
        revealed(p, 1, "B3", Order::Deploy);
        p.phase = Phase::Operations {
            turn: Seat(1),
            step: herakon::engine::state::phase::OpStep::Reveal,
        };
    });
    play(&mut g, &["use-event", "rout A1.ne scout"]);
    assert_eq!(units(&g, "A1.ne"), [(Scout, true)]);
}

// ----- order upgrades -----

#[test]
fn farseers_lets_a_strategize_buy_upgrades_without_presence() {
    let mut g = edited(4, |p| {
        let el = p.seat_of(Faction::Eldar).unwrap().0;
        upgrade(p, el, "Farseers");
        p.players[usize::from(el)].materiel = 5;
        let empty = p
            .stacks
            .keys()
            .copied()
            .next()
            .unwrap_or("A1".parse().unwrap());
        let _ = empty;
        revealed(p, el, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    assert!(legal(&g).iter().any(|x| x.starts_with("order-upgrade")));
}

#[test]
fn favour_of_the_dark_gods_puts_two_play_area_tokens_on_the_event_deck() {
    let mut g = two(|p| {
        upgrade(p, 1, "Favour of the Dark Gods");
        put(p, "B3.sw", &[Cultist]);
        revealed(p, 1, "B3", Order::Strategize);
    });
    play(&mut g, &["resolve", "use"]);
    assert_eq!(g.player(Seat(1)).event_tokens.len(), 2);
    assert!(
        g.player(Seat(1))
            .used_upgrades
            .contains(&"Favour of the Dark Gods".into())
    );
}

#[test]
fn the_green_tide_resolves_a_strategize_token_as_a_dominate_order() {
    let mut g = edited(4, |p| {
        clear_board(p);
        let orks = p.seat_of(Faction::Orks).unwrap().0;
        build(p, "C1.nw", StructureKind::Factory, Faction::Orks);
        upgrade(p, orks, "The Green Tide");
        revealed(p, orks, "C1", Order::Strategize);
    });
    let orks = g.seat_of(Faction::Orks).unwrap();
    assert!(legal(&g).contains(&"resolve-as dominate".into()));
    play(&mut g, &["resolve-as dominate"]);
    assert!(
        g.player(orks)
            .used_upgrades
            .contains(&"The Green Tide".into())
    );
}

#[test]
fn crusade_gains_a_reinforcement_token_for_a_combat_without_a_friendly_world() {
    let mut g = two(|p| {
        upgrade(p, 0, "Crusade");
        put(p, "A1.se", &[StrikeCruiser]);
        put(p, "B1.ne", &[IconoclastDestroyer]);
        revealed(p, 0, "B1", Order::Advance);
    });
    let before = g.player(Seat(0)).assets.reinforcement;
    play(
        &mut g,
        &[
            "resolve",
            "move A1.se -> B1.ne strike-cruiser x1",
            "done",
            "done",
        ],
    );
    assert_eq!(g.player(Seat(0)).assets.reinforcement, before + 1);
}

#[test]
fn rain_of_fire_rolls_an_extra_die_and_turns_a_morale_die_to_offence() {
    let mut g = two(|p| {
        upgrade(p, 0, "Rain of Fire");
        put(p, "B1.ne", &[StrikeCruiser]);
        put(p, "B1.se", &[Cultist, Cultist, Cultist]);
        p.forced_dice.attacker = vec![O, M, D, M, D, D];
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "done", "done", "strike B1.ne -> B1.se"],
    );
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StrikeUpgrades);
    // Every upgrade chosen: the dice are rolled at once (one ship die plus one).
    play(&mut g, &["option 1"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StrikeDice);
    play(&mut g, &["convert morale -> offence"]);
    // Two dice offence (two health): one Cultist destroyed, by the Chaos player's choice.
    assert_eq!(g.decision().unwrap().seat, Seat(1));
    play(&mut g, &["damage cultist"]);
    assert_eq!(units(&g, "B1.se"), [(Cultist, false), (Cultist, false)]);
    assert!(
        g.player(Seat(0))
            .used_upgrades
            .contains(&"Rain of Fire".into())
    );
}

#[test]
fn drop_pods_strikes_a_bastion_world_and_the_bastion_suffers_damage() {
    let mut g = two(|p| {
        upgrade(p, 0, "Drop Pods");
        put(p, "B1.ne", &[StrikeCruiser]);
        build(p, "B1.se", StructureKind::Bastion, CH);
        put(p, "B1.se", &[Cultist]);
        p.forced_dice.attacker = vec![O, O, O, O];
        revealed(p, 0, "B1", Order::Advance);
    });
    play(&mut g, &["resolve", "done", "done"]);
    assert!(legal(&g).contains(&"strike B1.ne -> B1.se".into()));
    play(&mut g, &["strike B1.ne -> B1.se"]);
    // Drop Pods is used at once: the bastion would block the strike otherwise.
    assert!(
        g.player(Seat(0))
            .used_upgrades
            .contains(&"Drop Pods".into())
    );
    assert!(
        legal(&g).contains(&"damage bastion".into()),
        "{:?}",
        legal(&g)
    );
    play(&mut g, &["damage bastion"]);
    common::assert_produced(&g, "BastionStruck");
}

#[test]
fn drop_pods_two_defence_dice_place_a_free_space_marine_on_the_struck_world_and_start_a_combat() {
    let mut g = two(|p| {
        upgrade(p, 0, "Drop Pods");
        put(p, "B1.ne", &[StrikeCruiser]);
        put(p, "B1.se", &[Cultist]);
        p.forced_dice.attacker = vec![D, D];
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "done", "done", "strike B1.ne -> B1.se"],
    );
    // The strike's upgrades are chosen before its dice: Drop Pods is the only one, and once
    // it is chosen the dice are rolled.
    assert_eq!(legal(&g), ["option 1", "done"]);
    play(&mut g, &["option 1"]);
    assert!(
        legal(&g).contains(&"die defence".into()),
        "two defence dice pay for Drop Pods: {:?}",
        legal(&g)
    );
    play(&mut g, &["die defence"]);
    // End the strike where it still asks (nothing else to spend, no damage to assign).
    for _ in 0..3 {
        if matches!(
            g.position().phase,
            Phase::Operations {
                step: OpStep::Combat(_),
                ..
            }
        ) || !legal(&g).contains(&"done".into())
        {
            break;
        }
        play(&mut g, &["done"]);
    }
    common::assert_produced(&g, "DropPods");
    // The free Space Marine stands beside the Cultist, so a combat starts on that world.
    assert!(units(&g, "B1.se").contains(&(SpaceMarine, false)));
    assert!(
        matches!(
            g.position().phase,
            Phase::Operations {
                step: OpStep::Combat(_),
                ..
            }
        ),
        "a contested world after Drop Pods starts a combat: {:?}",
        g.decision()
    );
}

#[test]
fn corsair_raid_and_events_save_and_resume_mid_decision() {
    let g = two(|p| {
        upgrade(p, 0, "Rain of Fire");
        put(p, "B1.ne", &[StrikeCruiser]);
        put(p, "B1.se", &[Cultist]);
        revealed(p, 0, "B1", Order::Advance);
    });
    let mut g = g;
    play(
        &mut g,
        &["resolve", "done", "done", "strike B1.ne -> B1.se"],
    );
    let json = serde_json::to_string(g.position()).unwrap();
    let pos: Position = serde_json::from_str(&json).unwrap();
    let back = Game::from_position(pos, common::data()).unwrap();
    assert_eq!(back.decision().unwrap().kind, DecisionKind::StrikeUpgrades);
}

// ----- schemes and upgrades finished with issue 5 -----

/// Puts a scheme face up for `seat` (taken from its event deck).
fn scheme(p: &mut Position, seat: usize, card: &str) {
    let deck = &mut p.players[seat].event_deck;
    let i = deck.iter().position(|c| c == card).unwrap();
    deck.remove(i);
    p.players[seat].schemes = vec![card.into()];
}

fn seat(p: &Position, f: Faction) -> usize {
    usize::from(p.seat_of(f).unwrap().0)
}

/// An Ork Advance on the four-player board where Ork Boyz on `w1` reach `w2` (another system)
/// only through `v2`, an uncontrolled void: an Ork ship holds `v1`, Chaos Cultists every other
/// area of both systems.
fn roks_board(roks: bool) -> Option<(Game, String, String)> {
    let g0 = common::intro(4, 1);
    let b = g0.board();
    let orks = Faction::Orks;
    for w1 in b.areas().filter(|x| x.is_world()) {
        for v1 in b
            .area_neighbours(w1.id)
            .filter(|v| v.system == w1.id.system)
        {
            if b.area(v1)
                .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
            {
                continue;
            }
            for v2 in b.area_neighbours(v1).filter(|v| v.system != v1.system) {
                if b.area(v2)
                    .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
                {
                    continue;
                }
                for w2 in b.area_neighbours(v2).filter(|w| w.system == v2.system) {
                    if !b
                        .area(w2)
                        .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
                    {
                        continue;
                    }
                    let keep = [w1.id, v1, v2, w2];
                    let others: Vec<_> = b
                        .areas()
                        .filter(|x| {
                            (x.id.system == w1.id.system || x.id.system == w2.system)
                                && !keep.contains(&x.id)
                        })
                        .map(|x| x.id)
                        .collect();
                    let (w1s, w2s) = (w1.id.to_string(), w2.to_string());
                    let Ok(mut g) = std::panic::catch_unwind(|| {
                        edited(4, |p| {
                            clear_board(p);
                            let k = usize::from(p.seat_of(orks).unwrap().0);
                            if roks {
                                upgrade(p, u8::try_from(k).unwrap(), "Ork Roks");
                            }
                            put(p, &w1s, &[OrkBoyz, OrkBoyz]);
                            put(p, &v1.to_string(), &[OnslaughtAttackShip]);
                            for o in &others {
                                let unit = if b
                                    .area(*o)
                                    .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
                                {
                                    Cultist
                                } else {
                                    IconoclastDestroyer
                                };
                                put(p, &o.to_string(), &[unit]);
                            }
                            revealed(
                                p,
                                u8::try_from(k).unwrap(),
                                &w2.system.to_string(),
                                Order::Advance,
                            );
                        })
                    }) else {
                        continue;
                    };
                    play(&mut g, &["resolve", "done"]);
                    return Some((g, w1s, w2s));
                }
            }
        }
    }
    None
}

#[test]
fn ork_roks_up_to_two_units_pass_through_one_uncontrolled_void_as_if_friendly() {
    let (plain, w1, w2) = roks_board(false).expect("a fitting place");
    let mv = |n: u8| format!("move {w1} -> {w2} ork-boyz x{n}");
    assert!(!legal(&plain).contains(&mv(1)), "{:?}", legal(&plain));
    let (mut g, _, _) = roks_board(true).unwrap();
    let l = legal(&g);
    assert!(l.contains(&mv(2)), "{l:?}");
    play(&mut g, &[mv(1).as_str(), mv(1).as_str()]);
    assert_eq!(units(&g, &w2), [(OrkBoyz, false), (OrkBoyz, false)]);
    assert!(
        !legal(&g).iter().any(|x| x.contains(&format!("-> {w2}"))),
        "at most two units: {:?}",
        legal(&g)
    );
}

#[test]
fn through_the_warp_gains_a_morale_die_when_the_combat_starts() {
    let mut g = two(|p| {
        scheme(p, 1, "Through the Warp");
        put(p, "B1.sw", &[IconoclastDestroyer]);
        put(p, "B1.ne", &[StrikeCruiser]);
        p.players[0].assets.reinforcement = 0;
        p.players[1].assets.reinforcement = 0;
        p.forced_dice.attacker = vec![O, O];
        revealed(p, 1, "B1", Order::Advance);
    });
    play(&mut g, &["resolve", "use-event"]);
    assert!(g.player(Seat(1)).schemes.is_empty());
    play(
        &mut g,
        &[
            "move B1.sw -> B1.ne iconoclast-destroyer x1",
            "done",
            "done",
        ],
    );
    let c = g.combat().expect("a combat");
    assert_eq!(c.attacker.dice, [O, O, M]);
}

#[test]
fn warboss_lowers_the_deploy_purchases_by_one_materiel_per_reinforcement_token() {
    let mut g = edited(4, |p| {
        let orks = seat(p, Faction::Orks);
        let factory = p
            .areas
            .iter()
            .find(|(_, a)| {
                a.structures
                    .iter()
                    .any(|s| s.owner == Faction::Orks && s.kind == StructureKind::Factory)
            })
            .map(|(id, _)| *id)
            .unwrap();
        scheme(p, orks, "Warboss");
        p.players[orks].materiel = 0;
        p.players[orks].assets.reinforcement = 2;
        revealed(
            p,
            u8::try_from(orks).unwrap(),
            &factory.system.to_string(),
            Order::Deploy,
        );
    });
    let orks = g.seat_of(Faction::Orks).unwrap();
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(l.contains(&"use-event".into()), "{l:?}");
    let plain = |g: &Game| {
        legal(g)
            .into_iter()
            .find(|x| x.starts_with("buy ork-boyz") && !x.contains('+'))
    };
    assert!(plain(&g).is_none(), "2 materiel: not yet");
    play(&mut g, &["use-event"]);
    assert!(g.player(orks).schemes.is_empty());
    let buy = plain(&g).expect("Ork Boyz for 2 materiel less");
    play(&mut g, &[buy.as_str()]);
    assert_eq!(g.player(orks).materiel, 0);
    assert!(plain(&g).is_none(), "the discount is spent");
    assert_eq!(
        g.player(orks).assets.reinforcement,
        2,
        "the tokens are kept"
    );
}

/// The purchase list shows what the engine will take: with a Warboss discount of 2, Ork Boyz
/// (2 materiel) are listed at 0 materiel, as `Game::price` answers and `apply` pays.
#[test]
fn warboss_discount_shows_in_the_purchase_list_price() {
    let mut g = edited(4, |p| {
        let orks = seat(p, Faction::Orks);
        let factory = p
            .areas
            .iter()
            .find(|(_, a)| {
                a.structures
                    .iter()
                    .any(|s| s.owner == Faction::Orks && s.kind == StructureKind::Factory)
            })
            .map(|(id, _)| *id)
            .unwrap();
        scheme(p, orks, "Warboss");
        p.players[orks].materiel = 5;
        p.players[orks].assets.reinforcement = 2;
        revealed(
            p,
            u8::try_from(orks).unwrap(),
            &factory.system.to_string(),
            Order::Deploy,
        );
    });
    let orks = g.seat_of(Faction::Orks).unwrap();
    play(&mut g, &["resolve"]);
    let boyz = |g: &Game| {
        g.legal_actions()
            .into_iter()
            .find(|a| a.to_string().starts_with("buy ork-boyz") && !a.to_string().contains('+'))
            .unwrap()
    };
    let full = boyz(&g);
    assert_eq!(g.price(full).map(|p| p.materiel), Some(2));
    assert!(
        action_words(&g, full).contains("— 2 materiel"),
        "{}",
        action_words(&g, full)
    );
    play(&mut g, &["use-event"]);
    let cut = boyz(&g);
    assert_eq!(g.price(cut).map(|p| p.materiel), Some(0));
    let shown = Scene::new(&g, Some(orks))
        .choices
        .into_iter()
        .find(|c| c.action == cut)
        .unwrap()
        .words;
    assert!(shown.contains("— 0 materiel"), "{shown}");
    g.apply(cut).unwrap();
    assert_eq!(
        g.player(orks).materiel,
        5,
        "the list's price is what was paid"
    );
}

#[test]
fn outmanoeuvre_when_planning_ends_moves_an_own_token_to_the_top_of_its_stack() {
    let el = Faction::Eldar;
    let mut g = edited(4, |p| {
        let e = seat(p, el);
        let u = seat(p, UM);
        for pl in &mut p.players {
            let o = std::mem::take(&mut pl.orders);
            pl.event_tokens.extend(o);
        }
        let take = |p: &mut Position, k: usize, o: Order| {
            let t = &mut p.players[k].event_tokens;
            let i = t.iter().position(|x| *x == o).unwrap();
            t.remove(i);
        };
        take(p, e, Order::Advance);
        take(p, e, Order::Deploy);
        take(p, u, Order::Dominate);
        p.players[e].orders.push(Order::Deploy);
        let system = "A1".parse().unwrap();
        p.stacks.clear();
        p.stacks.insert(
            system,
            vec![
                herakon::engine::state::position::PlacedOrder {
                    owner: el,
                    order: Order::Advance,
                },
                herakon::engine::state::position::PlacedOrder {
                    owner: UM,
                    order: Order::Dominate,
                },
            ],
        );
        scheme(p, e, "Outmanoeuvre");
        p.phase = Phase::Planning {
            turn: Seat(u8::try_from(e).unwrap()),
        };
    });
    let place = legal(&g).into_iter().find(|x| !x.ends_with(" A1")).unwrap();
    play(&mut g, &[place.as_str()]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::SchemeAbility);
    assert_eq!(g.faction(g.decision().unwrap().seat), el);
    let l = legal(&g);
    assert_eq!(l, ["system A1", "done"], "only a stack of two or more");
    play(&mut g, &["system A1"]);
    assert_eq!(legal(&g), ["option 1"], "the Eldar token is at the bottom");
    play(&mut g, &["option 1", "option 1"]);
    let stack = &g.position().stacks[&"A1".parse().unwrap()];
    assert_eq!(stack.last().unwrap().owner, el, "now on top");
    assert_eq!(stack[0].owner, UM);
    assert!(g.player(g.seat_of(el).unwrap()).schemes.is_empty());
    assert!(
        matches!(
            g.position().phase,
            Phase::Operations {
                step: herakon::engine::state::phase::OpStep::Reveal,
                ..
            }
        ) || g.decision().unwrap().kind == DecisionKind::RevealOrder
    );
}

#[test]
fn prayer_to_the_dark_gods_cancels_a_storm_move_and_moves_that_storm_any_way() {
    let mut g = two(|p| {
        scheme(p, 1, "Prayer to the Dark Gods");
        p.phase = Phase::Refresh {
            turn: Seat(0),
            step: RefreshStep::MoveStorm {
                card: "Heroic Intervention".into(),
                ability: false,
            },
        };
    });
    let first = legal(&g)[0].clone();
    play(&mut g, &[first.as_str()]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StormScheme);
    assert_eq!(g.decision().unwrap().seat, Seat(1));
    let l = legal(&g);
    assert_eq!(l.last().unwrap(), "done");
    let moved_to = first.split(" -> ").nth(1).unwrap().to_string();
    let other = l
        .iter()
        .find(|x| *x != "done")
        .expect("another direction")
        .clone();
    play(&mut g, &[other.as_str()]);
    let dest = other.split(" -> ").nth(1).unwrap();
    let edges: Vec<String> = g
        .position()
        .storms
        .iter()
        .map(|s| s.edge.to_string())
        .collect();
    assert!(edges.contains(&dest.to_string()), "{edges:?}");
    assert!(!edges.contains(&moved_to), "the first move is cancelled");
    assert!(g.player(Seat(1)).schemes.is_empty());
}

#[test]
fn prayer_to_the_dark_gods_is_optional() {
    let mut g = two(|p| {
        scheme(p, 1, "Prayer to the Dark Gods");
        p.phase = Phase::Refresh {
            turn: Seat(0),
            step: RefreshStep::MoveStorm {
                card: "Heroic Intervention".into(),
                ability: false,
            },
        };
    });
    let first = legal(&g)[0].clone();
    play(&mut g, &[first.as_str(), "done"]);
    let to = first.split(" -> ").nth(1).unwrap().to_string();
    assert!(g.position().storms.iter().any(|s| s.edge.to_string() == to));
    assert_eq!(g.player(Seat(1)).schemes, ["Prayer to the Dark Gods"]);
}

// ----- events and upgrades tested with issue 5 -----

/// Four players, the board cleared but for a factory each.
fn four(edit: impl FnOnce(&mut Position)) -> Game {
    edited(4, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        build(p, "C1.nw", StructureKind::Factory, Faction::Orks);
        build(p, "D3.ne", StructureKind::Factory, Faction::Eldar);
        edit(p);
    })
}

fn seat8(p: &Position, f: Faction) -> u8 {
    p.seat_of(f).unwrap().0
}

/// An uncontrolled world of the board (none of the factory worlds).
fn empty_world(g: &Game) -> String {
    g.board()
        .areas()
        .filter(|x| x.is_world())
        .map(|x| x.id)
        .find(|&w| g.position().area(w).factions().is_empty())
        .unwrap()
        .to_string()
}

#[test]
fn work_of_the_righteous_collects_the_materiel_of_a_friendly_world() {
    let mut g = two(|p| {
        p.players[0].materiel = 0;
        event(p, 0, "Work of the Righteous");
    });
    let m = g
        .board()
        .area(a("A1.nw"))
        .and_then(|x| x.world())
        .unwrap()
        .materiel;
    play(&mut g, &["area A1.nw"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::TacticChoice);
    assert!(legal(&g).contains(&"option 2".into()));
    play(&mut g, &["option 2"]);
    assert_eq!(g.player(Seat(0)).materiel, m);
}

#[test]
fn touched_by_the_warp_destroys_a_cultist_then_buys_upgrades_up_to_the_storm_level() {
    let mut g = two(|p| {
        put(p, "B3.sw", &[Cultist]);
        event(p, 1, "Touched by the Warp");
    });
    play(&mut g, &["destroy B3.sw cultist"]);
    assert!(units(&g, "B3.sw").is_empty());
    assert_eq!(g.decision().unwrap().kind, DecisionKind::TacticChoice);
    assert!(legal(&g).contains(&"done".into()));
}

#[test]
fn exterminatus_turns_every_strike_die_to_offence() {
    let mut g = two(|p| {
        scheme(p, 0, "Exterminatus");
        put(p, "B1.ne", &[StrikeCruiser]);
        put(p, "B1.se", &[Cultist, Cultist]);
        p.forced_dice.attacker = vec![M, D];
        revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "done", "done", "strike B1.ne -> B1.se"],
    );
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StrikeDice);
    play(&mut g, &["use-event"]);
    assert!(g.player(Seat(0)).schemes.is_empty());
    // Two offence (Cultists have two health): one destroyed.
    assert_eq!(g.decision().unwrap().seat, Seat(1));
    play(&mut g, &["damage cultist"]);
    assert_eq!(units(&g, "B1.se"), [(Cultist, false)]);
    common::assert_produced(&g, "Exterminatus");
}

#[test]
fn direct_the_faithful_swaps_a_structure_for_another_kind() {
    let mut g = two(|p| {
        upgrade(p, 0, "Direct the Faithful");
        revealed(p, 0, "A1", Order::Strategize);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    assert!(l.contains(&"build city A1.nw".into()), "{l:?}");
    play(&mut g, &["build city A1.nw"]);
    let s = &g.position().area(a("A1.nw")).structures;
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].kind, StructureKind::City);
}

#[test]
fn dread_ritual_buys_one_unit_after_deploy_a_materiel_less_per_cultist() {
    let mut g = two(|p| {
        upgrade(p, 1, "Dread Ritual");
        put(p, "B3.sw", &[Cultist]);
        p.players[1].materiel = 10;
        p.players[1].assets.forge = 1;
        revealed(p, 1, "B3", Order::Deploy);
    });
    play(&mut g, &["resolve", "done", "done"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::DreadRitual);
    let cost = g.data().unit(ChaosSpaceMarine).cost;
    let log = g
        .apply("buy chaos-space-marine B3.sw +forge".parse().unwrap())
        .unwrap();
    // One Cultist in the system: a materiel less (the Refresh Phase follows at once).
    let bought = Event::DreadRitual {
        faction: Faction::Chaos,
        unit: ChaosSpaceMarine,
        area: a("B3.sw"),
        materiel: cost - 1,
    };
    assert!(log.contains(&bought), "{log:?}");
    assert_eq!(
        units(&g, "B3.sw"),
        [(Cultist, false), (ChaosSpaceMarine, false)]
    );
}

#[test]
fn letz_get_fightin_places_two_ork_boyz_on_a_world_with_a_nob() {
    let mut g = four(|p| {
        let o = seat8(p, Faction::Orks);
        put(p, "C1.nw", &[Nob]);
        event(p, o, "Letz Get Fightin'");
    });
    play(&mut g, &["free ork-boyz C1.nw"]);
    let boyz = units(&g, "C1.nw")
        .iter()
        .filter(|(u, _)| *u == OrkBoyz)
        .count();
    assert_eq!(boyz, 2);
}

#[test]
fn exodite_colony_builds_a_city_on_an_uncontrolled_world_for_one_materiel() {
    let mut g = four(|p| {
        let e = seat8(p, Faction::Eldar);
        p.players[usize::from(e)].materiel = 1;
        event(p, e, "Exodite Colony");
    });
    let w = empty_world(&g);
    play(&mut g, &[format!("build city {w}").as_str()]);
    let e = g.seat_of(Faction::Eldar).unwrap();
    assert_eq!(g.player(e).materiel, 0);
    let s = &g.position().area(a(&w)).structures;
    assert_eq!(
        (s[0].kind, s[0].owner),
        (StructureKind::City, Faction::Eldar)
    );
}

#[test]
fn outcasts_returned_places_a_free_hellebore_frigate_in_an_uncontrolled_void() {
    let mut g = four(|p| {
        let e = seat8(p, Faction::Eldar);
        event(p, e, "Outcasts Returned");
    });
    let free = legal(&g)
        .into_iter()
        .find(|x| x.starts_with("free hellebore-frigate"))
        .unwrap();
    play(&mut g, &[free.as_str()]);
    let void = free.rsplit(' ').next().unwrap();
    assert_eq!(units(&g, void), [(HelleboreFrigate, false)]);
}

#[test]
fn how_we_getz_here_moves_a_unit_to_an_uncontrolled_world() {
    let mut g = four(|p| {
        let o = seat8(p, Faction::Orks);
        put(p, "C1.nw", &[OrkBoyz]);
        event(p, o, "How We Getz Here?");
    });
    let w = empty_world(&g);
    play(&mut g, &[format!("move C1.nw -> {w} ork-boyz x1").as_str()]);
    assert_eq!(units(&g, &w), [(OrkBoyz, false)]);
}

#[test]
fn werk_fasta_buys_the_structure_before_the_units() {
    let other = common::intro(4, 1)
        .board()
        .areas_of("C1".parse().unwrap())
        .find(|x| x.is_world() && x.id != a("C1.nw"))
        .unwrap()
        .id
        .to_string();
    let mut g = four(|p| {
        let o = seat8(p, Faction::Orks);
        upgrade(p, o, "Werk Fasta!");
        put(p, &other, &[OrkBoyz]);
        p.players[usize::from(o)].materiel = 10;
        revealed(p, o, "C1", Order::Deploy);
    });
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    let build = l
        .iter()
        .find(|x| x.starts_with("build ") && !x.contains('+'))
        .expect("a structure first")
        .clone();
    play(&mut g, &[build.as_str()]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::DeployUnits);
    assert!(legal(&g).iter().any(|x| x.starts_with("buy ")));
}

#[test]
fn mob_up_resolves_an_advance_with_no_token_where_two_units_stand() {
    let mut g = four(|p| {
        let o = usize::from(seat8(p, Faction::Orks));
        scheme(p, o, "Mob Up!");
        put(p, "C1.nw", &[OrkBoyz, OrkBoyz]);
        // An Ork token on top of a stack, so the Orks have a turn.
        let i = p.players[o]
            .orders
            .iter()
            .position(|x| *x == Order::Dominate)
            .unwrap();
        p.players[o].orders.remove(i);
        p.stacks.insert(
            "C1".parse().unwrap(),
            vec![herakon::engine::state::position::PlacedOrder {
                owner: Faction::Orks,
                order: Order::Dominate,
            }],
        );
        p.phase = Phase::Operations {
            turn: Seat(u8::try_from(o).unwrap()),
            step: herakon::engine::state::phase::OpStep::Reveal,
        };
    });
    assert!(legal(&g).contains(&"use-event".into()));
    play(&mut g, &["use-event", "system C1"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::MoveShips);
    assert!(g.position().cards.no_token);
}

#[test]
fn warp_gate_moves_units_to_any_friendly_or_uncontrolled_area_instead_of_revealing() {
    let mut g = four(|p| {
        let e = usize::from(seat8(p, Faction::Eldar));
        scheme(p, e, "Warp Gate");
        put(p, "D3.ne", &[AspectWarrior]);
        let i = p.players[e]
            .orders
            .iter()
            .position(|x| *x == Order::Dominate)
            .unwrap();
        p.players[e].orders.remove(i);
        p.stacks.insert(
            "D3".parse().unwrap(),
            vec![herakon::engine::state::position::PlacedOrder {
                owner: Faction::Eldar,
                order: Order::Dominate,
            }],
        );
        p.phase = Phase::Operations {
            turn: Seat(u8::try_from(e).unwrap()),
            step: herakon::engine::state::phase::OpStep::Reveal,
        };
    });
    let w = empty_world(&g);
    play(
        &mut g,
        &[
            "use-event",
            format!("move D3.ne -> {w} aspect-warrior x1").as_str(),
        ],
    );
    assert_eq!(units(&g, &w), [(AspectWarrior, false)]);
}

#[test]
fn fear_from_above_rolls_an_extra_die_and_a_morale_die_routs_the_survivors() {
    let mut g = two(|p| {
        upgrade(p, 1, "Fear from Above");
        put(p, "B1.ne", &[IconoclastDestroyer]);
        put(p, "B1.se", &[SpaceMarine]);
        p.forced_dice.attacker = vec![O, M, D];
        revealed(p, 1, "B1", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "done",
            "strike B1.ne -> B1.se",
            "option 1",
        ],
    );
    assert_eq!(legal(&g), ["die morale", "done"]);
    play(&mut g, &["die morale"]);
    // One offence against a Space Marine (three health): it survives, routed.
    assert_eq!(g.decision().unwrap().seat, Seat(0));
    // (The Refresh Phase follows at once and rallies every unit: read the log.)
    let log = g.apply("damage space-marine".parse().unwrap()).unwrap();
    assert!(
        log.iter().any(|e| matches!(
            e,
            Event::FearFromAbove {
                unit: SpaceMarine,
                ..
            }
        )),
        "{log:?}"
    );
    assert_eq!(units(&g, "B1.se"), [(SpaceMarine, false)]);
    common::assert_produced(&g, "FearFromAbove");
}

#[test]
fn complete_destruction_strikes_a_bastion_world_and_two_defence_dice_destroy_a_piece() {
    let mut g = two(|p| {
        upgrade(p, 1, "Complete Destruction");
        put(p, "B1.ne", &[IconoclastDestroyer]);
        put(p, "B1.se", &[Scout]);
        build(p, "B1.se", StructureKind::Bastion, UM);
        p.forced_dice.attacker = vec![D, D];
        revealed(p, 1, "B1", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "done",
            "strike B1.ne -> B1.se",
            "die defence",
        ],
    );
    // No offence rolled; the Ultramarines destroy a piece of their choice there.
    assert_eq!(g.decision().unwrap().kind, DecisionKind::DestroyOwnPiece);
    assert_eq!(g.decision().unwrap().seat, Seat(0));
    assert_eq!(legal(&g), ["destroy B1.se scout", "raze B1.se bastion"]);
    play(&mut g, &["raze B1.se bastion"]);
    assert!(g.position().area(a("B1.se")).structures.is_empty());
    common::assert_produced(&g, "CompleteDestructionStructure");
}

#[test]
fn complete_destruction_the_struck_player_may_destroy_a_unit_instead_of_the_bastion() {
    let mut g = two(|p| {
        upgrade(p, 1, "Complete Destruction");
        put(p, "B1.ne", &[IconoclastDestroyer]);
        put(p, "B1.se", &[Scout]);
        build(p, "B1.se", StructureKind::Bastion, UM);
        p.forced_dice.attacker = vec![D, D];
        revealed(p, 1, "B1", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "done",
            "strike B1.ne -> B1.se",
            "die defence",
            "destroy B1.se scout",
        ],
    );
    assert!(units(&g, "B1.se").is_empty());
    assert_eq!(g.position().area(a("B1.se")).structures.len(), 1);
    common::assert_produced(&g, "CompleteDestructionUnit");
}

/// A void and a world next to it in the same system of the four-player board.
fn strike_spot() -> (String, String) {
    let g = common::intro(4, 1);
    let b = g.board();
    for v in b.areas().filter(|x| !x.is_world()) {
        if let Some(w) = b.area_neighbours(v.id).find(|w| {
            w.system == v.id.system
                && b.area(*w)
                    .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
                && !["A1.nw", "B3.sw", "C1.nw", "D3.ne"].contains(&w.to_string().as_str())
        }) {
            return (v.id.to_string(), w.to_string());
        }
    }
    panic!("no strike spot");
}

/// `f`'s ship in the void, two Ultramarines Scouts on the world, `f`'s Advance revealed there,
/// the strike chosen.
fn strike4(
    f: Faction,
    ship: herakon::engine::UnitType,
    card: &str,
    dice: &[herakon::engine::state::die::DieFace],
    scheme_card: bool,
) -> Game {
    let (v, w) = strike_spot();
    let mut g = four(|p| {
        let k = seat8(p, f);
        if scheme_card {
            scheme(p, usize::from(k), card);
        } else {
            upgrade(p, k, card);
        }
        put(p, &v, &[ship]);
        put(p, &w, &[Scout, Scout]);
        p.forced_dice.attacker = dice.to_vec();
        let um = usize::from(seat8(p, UM));
        p.players[um].materiel = 3;
        p.players[um].assets.forge = 1;
        // An Ultramarines token still waits, so the Operations Phase goes on after the strike.
        let i = p.players[um]
            .orders
            .iter()
            .position(|o| *o == Order::Dominate)
            .unwrap();
        p.players[um].orders.remove(i);
        p.stacks.insert(
            "A1".parse().unwrap(),
            vec![herakon::engine::state::position::PlacedOrder {
                owner: UM,
                order: Order::Dominate,
            }],
        );
        revealed(p, k, &v[..2], Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "done",
            format!("strike {v} -> {w}").as_str(),
        ],
    );
    g
}

#[test]
fn lootin_rolls_an_extra_die_and_spends_a_die_for_a_materiel_from_the_world_owner() {
    let mut g = strike4(
        Faction::Orks,
        OnslaughtAttackShip,
        "Lootin'!",
        &[D, D, D, D],
        false,
    );
    play(&mut g, &["option 1"]);
    let orks = g.seat_of(Faction::Orks).unwrap();
    let um = g.seat_of(UM).unwrap();
    let before = g.player(orks).materiel;
    assert_eq!(legal(&g), ["die defence", "done"]);
    play(&mut g, &["die defence"]);
    assert_eq!(g.player(orks).materiel, before + 1);
    assert_eq!(g.player(um).materiel, 2);
    common::assert_produced(&g, "DiceSpentFor");
    // The owner's loss is in the log too.
    common::assert_produced(&g, "MaterielLost");
}

#[test]
fn stealin_spends_a_morale_die_to_take_an_asset_token_from_the_world_owner() {
    let mut g = strike4(
        Faction::Orks,
        OnslaughtAttackShip,
        "Stealin'!",
        &[M, D, D],
        false,
    );
    play(&mut g, &["option 1"]);
    let orks = g.seat_of(Faction::Orks).unwrap();
    let um = g.seat_of(UM).unwrap();
    let before = g.player(orks).assets.forge;
    play(&mut g, &["steal ultramarines forge"]);
    assert_eq!(g.player(um).assets.forge, 0);
    assert_eq!(g.player(orks).assets.forge, before + 1);
    common::assert_produced(&g, "Stealin");
}

#[test]
fn tactical_strikes_a_morale_die_lets_the_striker_pick_the_unit_hit_first() {
    let mut g = strike4(
        Faction::Eldar,
        HelleboreFrigate,
        "Tactical Strikes",
        &[M, O, O, D],
        false,
    );
    play(&mut g, &["option 1"]);
    play(&mut g, &["die morale"]);
    // Two offence: the Eldar pick the Scout that suffers the damage first.
    let d = g.decision().unwrap();
    assert_eq!(g.faction(d.seat), Faction::Eldar);
    assert_eq!(legal(&g), ["damage scout"]);
}

#[test]
fn strafing_run_spends_a_defence_die_to_move_ships_to_an_adjacent_system() {
    let mut g = strike4(
        Faction::Eldar,
        HelleboreFrigate,
        "Strafing Run",
        &[D, O],
        false,
    );
    play(&mut g, &["option 1"]);
    play(&mut g, &["die defence"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StrafingRun);
    let mv = *g
        .legal_actions()
        .iter()
        .find(|a| a.to_string().starts_with("move "))
        .unwrap();
    g.apply(mv).unwrap();
    common::assert_produced(&g, "Strafed");
}

#[test]
fn vicious_raids_rerolls_dice_then_gains_a_die_of_your_choice() {
    let mut g = strike4(
        Faction::Eldar,
        HelleboreFrigate,
        "Vicious Raids",
        &[D, D],
        true,
    );
    play(&mut g, &["use-event"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StrikeReroll);
    play(&mut g, &["die defence", "done"]);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::StrikeGainDie);
    let n = match &g.position().phase {
        Phase::Operations {
            step: herakon::engine::state::phase::OpStep::Card(c),
            ..
        } => match &**c {
            herakon::engine::state::card_step::CardStep::Strike(s) => s.dice.len(),
            _ => 0,
        },
        _ => 0,
    };
    assert_eq!(n, 3);
    assert!(
        g.player(g.seat_of(Faction::Eldar).unwrap())
            .schemes
            .is_empty()
    );
    common::assert_produced(&g, "StrikeReroll");
    let gain = g.legal_actions()[0];
    g.apply(gain).unwrap();
    common::assert_produced(&g, "ViciousRaids");
}

#[test]
fn from_the_warp_lets_ships_move_across_a_warp_storm() {
    // A1.s lies under a storm between A1 and A2.
    let setup = |card: bool| {
        two(move |p| {
            if card {
                upgrade(p, 1, "From the Warp");
            }
            put(p, "A1.se", &[IconoclastDestroyer]);
            revealed(p, 1, "A2", Order::Advance);
        })
    };
    let mut plain = setup(false);
    play(&mut plain, &["resolve"]);
    assert!(!legal(&plain).iter().any(|x| x.starts_with("move A1.se")));
    let mut g = setup(true);
    play(&mut g, &["resolve"]);
    let l = legal(&g);
    let mv = l
        .iter()
        .find(|x| x.starts_with("move A1.se"))
        .expect("across the storm")
        .clone();
    play(&mut g, &[mv.as_str()]);
    assert!(units(&g, "A1.se").is_empty());
}

#[test]
fn wraithbone_singers_a_second_structure_of_another_kind_on_a_world() {
    let mut g = four(|p| {
        let e = seat8(p, Faction::Eldar);
        upgrade(p, e, "Wraithbone Singers");
        put(p, "D3.ne", &[AspectWarrior]);
        p.players[usize::from(e)].materiel = 10;
        revealed(p, e, "D3", Order::Deploy);
    });
    play(&mut g, &["resolve", "done"]);
    let l = legal(&g);
    assert!(l.contains(&"build city D3.ne".into()), "{l:?}");
    play(&mut g, &["build city D3.ne"]);
    assert_eq!(g.position().area(a("D3.ne")).structures.len(), 2);
}

#[test]
fn recruitment_worlds_a_bastion_world_adds_one_less_than_its_capacity_to_the_deploy_limit() {
    let bought = |card: bool| {
        let mut g = two(move |p| {
            if card {
                upgrade(p, 0, "Recruitment Worlds");
            }
            put(p, "A1.ne", &[Scout]);
            build(p, "A1.ne", StructureKind::Bastion, UM);
            p.players[0].materiel = 14;
            revealed(p, 0, "A1", Order::Deploy);
        });
        play(&mut g, &["resolve"]);
        let mut n = 0;
        while let Some(buy) = legal(&g)
            .into_iter()
            .find(|x| x.starts_with("buy ") && !x.contains('+'))
        {
            play(&mut g, &[buy.as_str()]);
            n += 1;
        }
        (n, g)
    };
    let (plain, _) = bought(false);
    let (with, g) = bought(true);
    let extra = g.capacity(a("A1.ne")) - 1;
    assert!(extra > 0);
    assert_eq!(with, plain + usize::from(extra));
    assert!(
        g.player(Seat(0))
            .used_upgrades
            .contains(&"Recruitment Worlds".into())
    );
}

#[test]
fn ork_roks_is_once_per_round_marked_when_a_unit_passes_and_not_offered_again() {
    let (mut g, w1, w2) = roks_board(true).expect("a fitting place");
    let mv = |n: u8| format!("move {w1} -> {w2} ork-boyz x{n}");
    let orks = g.seat_of(Faction::Orks).unwrap();
    assert!(g.player(orks).used_upgrades.is_empty());
    play(&mut g, &[mv(1).as_str()]);
    assert!(g.player(orks).used_upgrades.contains(&"Ork Roks".into()));
    // The same Advance may still finish using it (a second unit).
    assert!(legal(&g).contains(&mv(1)), "{:?}", legal(&g));
    // A later Advance of the round: the card is face down.
    let (g, _, _) = roks_board(true).unwrap();
    let mut p = g.position().clone();
    p.players[usize::from(orks.0)]
        .used_upgrades
        .push("Ork Roks".into());
    let g = Game::from_position(p, common::data()).unwrap();
    assert!(!legal(&g).contains(&mv(1)), "{:?}", legal(&g));
}

// ----- tactics that give asset tokens; the supply of twelve -----

#[test]
fn spoils_of_war_gains_one_forge_and_one_reinforcement_token() {
    let mut g = two(|p| {
        p.players[1].assets.forge = 0;
        p.players[1].assets.reinforcement = 1;
        event(p, 1, "Spoils of War");
    });
    play(&mut g, &["use-event"]);
    let p = g.player(Seat(1));
    assert_eq!((p.assets.forge, p.assets.reinforcement), (1, 2));
}

/// Enemy (Areas): a world holding another player's structure is an enemy world, not an
/// uncontrolled one, so Exodite Colony (a city on a friendly or uncontrolled world) refuses it
/// and names the rule; an uncontrolled world is accepted.
#[test]
fn enemy_a_world_with_another_players_structure_is_not_uncontrolled_for_exodite_colony() {
    let g = four(|p| {
        let e = seat8(p, Faction::Eldar);
        p.players[usize::from(e)].materiel = 1;
        event(p, e, "Exodite Colony");
    });
    let e = refusal(&g, "build city B3.sw");
    assert_eq!(e.rule, Rule::Enemy, "{e}");
    assert!(
        e.reason.contains("B3.sw is an enemy world (World Eaters)"),
        "{e}"
    );
    let w = empty_world(&g);
    assert_eq!(g.check(&format!("build city {w}").parse().unwrap()), Ok(()));
}

#[test]
fn legacy_of_vaul_gains_two_forge_tokens_but_never_more_than_three_held() {
    let mut g = four(|p| {
        let k = seat8(p, Faction::Eldar);
        p.players[usize::from(k)].assets.forge = 2;
        event(p, k, "Legacy of Vaul");
    });
    let k = g.seat_of(Faction::Eldar).unwrap();
    let log = g.apply("use-event".parse().unwrap()).unwrap();
    assert_eq!(
        g.player(k).assets.forge,
        3,
        "the second token is over the limit"
    );
    let words: Vec<String> = log.iter().map(ToString::to_string).collect();
    assert!(
        words
            .iter()
            .any(|w| w.contains("already holds 3 forge tokens")),
        "{words:?}"
    );
}

#[test]
fn moar_boyz_gains_two_reinforcement_tokens() {
    let mut g = four(|p| {
        let k = seat8(p, Faction::Orks);
        p.players[usize::from(k)].assets.reinforcement = 0;
        event(p, k, "Moar Boyz!");
    });
    let k = g.seat_of(Faction::Orks).unwrap();
    play(&mut g, &["use-event"]);
    assert_eq!(g.player(k).assets.reinforcement, 2);
}

#[test]
fn assets_the_supply_holds_twelve_of_each_kind_less_those_held() {
    let g = four(|p| {
        for pl in &mut p.players {
            pl.assets.forge = 3;
            pl.assets.cache = 1;
        }
    });
    assert_eq!(
        g.assets_in_supply(herakon::engine::state::ids::Asset::Forge),
        0
    );
    assert_eq!(
        g.assets_in_supply(herakon::engine::state::ids::Asset::Cache),
        8
    );
}

#[test]
fn path_of_the_warrior_buys_a_combat_upgrade_one_materiel_cheaper_per_friendly_city_world() {
    let el = Faction::Eldar;
    let setup = |city: bool| {
        four(move |p| {
            let k = seat8(p, el);
            if city {
                // A second Eldar world, with a city.
                let d3: herakon::engine::state::ids::SystemId = "D3".parse().unwrap();
                let g0 = common::intro(4, 1);
                let w = g0
                    .board()
                    .areas_of(d3)
                    .find(|x| x.is_world() && x.id != a("D3.ne"))
                    .unwrap()
                    .id;
                build(p, &w.to_string(), StructureKind::City, el);
            }
            let pl = &mut p.players[usize::from(k)];
            pl.materiel = 1;
            event(p, k, "Path of the Warrior");
        })
    };
    let g = setup(false);
    assert!(
        !legal(&g).iter().any(|x| x.starts_with("combat-upgrade")),
        "1 materiel buys nothing without a city: {:?}",
        legal(&g)
    );
    let mut g = setup(true);
    let buy = legal(&g)
        .into_iter()
        .find(|x| x.starts_with("combat-upgrade"))
        .expect("a level 0-1 upgrade costing 2 is affordable with one city world");
    let k = g.seat_of(el).unwrap();
    let deck_before = g.player(k).combat_deck.clone();
    play(&mut g, &[buy.as_str()]);
    assert_eq!(
        g.player(k).materiel,
        0,
        "2 materiel less 1 for the city world"
    );
    assert_ne!(
        g.player(k).combat_deck,
        deck_before,
        "the upgrade joined the deck"
    );
}

#[test]
fn log_a_materiel_gain_says_what_was_kept_under_the_dial_maximum() {
    // A world yielding 2 or more, made friendly to the Ultramarines with a city.
    let g0 = common::intro(2, 1);
    let (world, m) = g0
        .board()
        .areas()
        .filter(|x| x.id != a("B3.sw"))
        .find_map(|x| {
            x.world()
                .filter(|w| w.materiel >= 2)
                .map(|w| (x.id, w.materiel))
        })
        .expect("a world yielding 2 materiel");
    let mut g = two(|p| {
        build(p, &world.to_string(), StructureKind::City, UM);
        p.players[0].materiel = 13;
        event(p, 0, "Work of the Righteous");
    });
    play(&mut g, &[&format!("area {world}")]);
    let log = g.apply("option 2".parse().unwrap()).unwrap();
    let words: Vec<String> = log.iter().map(ToString::to_string).collect();
    assert_eq!(g.player(Seat(0)).materiel, 14);
    assert!(
        words
            .iter()
            .any(|w| w.contains(&format!("collects 1 of {m} materiel"))),
        "{words:?}"
    );
}
