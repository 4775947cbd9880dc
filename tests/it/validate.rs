//! One test per check of `src/engine/rules/validate_cards.rs` and of the step checks of
//! `validate_phase.rs` (issue 25): a legal position taken from play, one fact broken by hand,
//! and the violation that must name the rule and the fact. Without the check each of these
//! positions loads, and legal play from it then loses or doubles a card or reaches a refused
//! position.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use std::sync::Arc;

use crate::common;

use herakon::engine::data::GameData;
use herakon::engine::rules::{Game, NewGameOptions};
use herakon::engine::state::card_name::CardName;
use herakon::engine::state::combat_state::{CombatOutcome, CombatState, CombatStep};
use herakon::engine::state::die::CombatRole;
use herakon::engine::state::ids::{Faction, Order};
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::state::position::{Position, Storm};
use herakon::engine::state::rule::Rule;
use herakon::engine::state::setup_phase::SetupKind;

fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().expect("embedded data"))
}

fn new_game(players: u8, seed: u64, setup: SetupKind) -> Game {
    Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
            setup,
        },
        data(),
    )
    .expect("new game")
}

/// The introductory two-player position at the start of the Planning Phase.
fn intro() -> Position {
    new_game(2, 1, SetupKind::Intro).position().clone()
}

/// The first position of a seeded game of arbitrary legal actions for which `want` holds.
fn reached(want: impl Fn(&Position) -> bool) -> Position {
    for seed in 1..40u64 {
        let mut game = new_game(2, seed, SetupKind::Intro);
        let mut r = seed;
        for _ in 0..3000 {
            if want(game.position()) {
                return game.position().clone();
            }
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            r = r
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let i = usize::try_from(r >> 33).unwrap_or(0) % legal.len();
            game.apply(legal[i]).expect("listed action");
        }
    }
    panic!("no game reached the position wanted");
}

fn combat(pos: &Position) -> Option<&CombatState> {
    match &pos.phase {
        Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } => Some(c),
        _ => None,
    }
}

/// A combat where the attacker chooses a card face down (execution round 1 or later).
fn attacker_choosing() -> Position {
    reached(|p| {
        combat(p).is_some_and(|c| {
            c.step
                == CombatStep::ChooseCard {
                    side: CombatRole::Attacker,
                }
        })
    })
}

/// Asserts that the position loads.
fn loads(pos: &Position) {
    if let Err(v) = Game::from_position(pos.clone(), data()) {
        panic!("a legal position is refused: {v:#?}");
    }
}

/// Asserts that the position is refused under `rule` with a message holding every word.
fn refused(pos: Position, rule: Rule, words: &[&str]) {
    let v = Game::from_position(pos, data())
        .map(|_| ())
        .expect_err("refused");
    assert!(
        v.iter()
            .any(|v| v.rule == rule && words.iter().all(|w| v.message.contains(w))),
        "no `{rule}` violation with {words:?}: {v:#?}"
    );
}

#[test]
fn combat_a_card_chosen_face_down_is_not_chosen_again() {
    let pos = attacker_choosing();
    loads(&pos);
    let mut broken = pos.clone();
    let c = common::combat_mut(&mut broken.phase);
    let card = c.attacker.hand.pop().expect("a hand");
    c.attacker.chosen = Some(card);
    refused(broken, Rule::Combat, &["attacker has a card face down"]);
}

#[test]
fn combat_the_defender_chooses_after_the_attacker_chose() {
    let mut pos = attacker_choosing();
    common::combat_mut(&mut pos.phase).step = CombatStep::ChooseCard {
        side: CombatRole::Defender,
    };
    refused(pos, Rule::Combat, &["attacker has none face down"]);
}

#[test]
fn combat_reinforcements_are_decided_before_the_first_execution_round() {
    let mut pos = attacker_choosing();
    common::combat_mut(&mut pos.phase).step = CombatStep::Reinforce {
        side: CombatRole::Defender,
    };
    refused(pos, Rule::Combat, &["execution round"]);
    let mut pos = attacker_choosing();
    common::combat_mut(&mut pos.phase).defender.reinforced = false;
    refused(pos, Rule::Combat, &["defender has not"]);
}

#[test]
fn combat_only_the_loser_retreats_once_a_winner_is_decided() {
    let mut pos = attacker_choosing();
    common::combat_mut(&mut pos.phase).winner = Some(CombatRole::Attacker);
    refused(pos, Rule::Combat, &["attacker has won"]);
}

#[test]
fn combat_reconnaissance_lets_only_its_player_look_at_the_face_down_card() {
    let mut pos = attacker_choosing();
    // Nothing is played yet in the first execution round.
    let c = common::combat_mut(&mut pos.phase);
    assert!(c.attacker.played.is_empty());
    c.attacker.saw_card = true;
    refused(
        pos,
        Rule::Combat,
        &["looked at the other side's face-down card"],
    );
}

#[test]
fn combat_cards_each_exist_twice() {
    let mut pos = intro();
    let p = &mut pos.players[0];
    let copy = p.combat_deck[0].clone();
    let other = p
        .combat_deck
        .iter()
        .position(|c| *c != copy)
        .expect("two names");
    let lost = std::mem::replace(&mut p.combat_deck[other], copy.clone());
    refused(pos, Rule::CombatCards, &[&copy, "3 times"]);
    let mut pos = intro();
    pos.players[0].combat_deck.retain(|c| *c != lost);
    pos.players[0].combat_deck.extend([copy.clone(), copy]);
    refused(pos, Rule::CombatCards, &[&lost, "0 times"]);
}

#[test]
fn combat_cards_are_bought_and_returned_in_pairs() {
    let mut pos = intro();
    let p = &mut pos.players[0];
    let old = p.combat_deck.pop().expect("a deck");
    let new = p.combat_upgrades.pop().expect("upgrades");
    p.combat_deck.push(new.clone());
    p.combat_upgrades.push(old.clone());
    refused(pos, Rule::CombatCards, &[&old, "in pairs"]);
}

#[test]
fn order_upgrade_cards_each_exist_once_bought_or_not() {
    let mut pos = intro();
    let p = &mut pos.players[1];
    let card = p.order_upgrade_deck[0].clone();
    p.order_upgrades.push(card.clone());
    refused(pos, Rule::OrderUpgradeCards, &[&card, "2 times"]);
}

#[test]
fn order_upgrade_cards_used_only_once_bought_and_in_the_operations() {
    let mut pos = intro();
    let card = pos.players[0].order_upgrade_deck[0].clone();
    pos.players[0].used_upgrades.push(card.clone());
    refused(pos, Rule::OrderUpgradeCards, &[&card, "has not bought it"]);
    let mut pos = intro();
    let p = &mut pos.players[0];
    let card = p.order_upgrade_deck.remove(0);
    p.order_upgrades.push(card.clone());
    loads(&pos);
    pos.players[0].used_upgrades.push(card);
    refused(
        pos,
        Rule::OrderUpgradeCards,
        &["before the Operations Phase"],
    );
}

#[test]
fn event_cards_each_exist_once() {
    let mut pos = intro();
    let lost = pos.players[0].event_deck.pop().expect("a deck");
    refused(pos, Rule::EventCards, &[&lost, "0 times"]);
}

#[test]
fn scheme_event_cards_one_in_play_and_never_a_tactic() {
    let d = data();
    let mut pos = intro();
    let f = pos.players[0].faction;
    let kind_of = |name: &CardName| {
        d.event_cards
            .iter()
            .find(|c| c.faction == f && c.name == *name)
            .map(|c| c.kind)
    };
    let p = &mut pos.players[0];
    let tactic = p
        .event_deck
        .iter()
        .position(|c| kind_of(c) == Some(herakon::engine::data::EventKind::Tactic))
        .expect("a tactic");
    let tactic = p.event_deck.remove(tactic);
    p.schemes.push(tactic.clone());
    refused(pos, Rule::SchemeEventCards, &[&tactic, "tactic"]);
    let mut pos = intro();
    let p = &mut pos.players[0];
    let schemes: Vec<CardName> = p
        .event_deck
        .iter()
        .filter(|c| kind_of(c) == Some(herakon::engine::data::EventKind::Scheme))
        .take(2)
        .cloned()
        .collect();
    p.event_deck.retain(|c| !schemes.contains(c));
    p.schemes.clone_from(&schemes);
    refused(pos, Rule::SchemeEventCards, &["2 schemes in play"]);
}

#[test]
fn combat_the_last_combat_was_fought_by_factions_of_the_game() {
    let mut pos = intro();
    let area = *pos.areas.keys().next().expect("an area");
    pos.last_combat = Some(CombatOutcome {
        area,
        attacker: Faction::Orks,
        defender: pos.players[0].faction,
        winner: None,
    });
    refused(pos, Rule::Combat, &["Orks", "not in the game"]);
}

#[test]
fn warp_storms_are_placed_once_the_board_is_complete() {
    let mut pos = new_game(2, 3, SetupKind::Build).position().clone();
    loads(&pos);
    assert!(matches!(pos.phase, Phase::Setup(_)));
    pos.storms.push(Storm {
        edge: "A1.n".parse().expect("edge"),
        moved: false,
    });
    refused(pos, Rule::WarpStorms, &["still placed"]);
}

#[test]
fn warp_storms_show_their_moved_side_only_in_the_refresh_phase() {
    let mut pos = intro();
    pos.storms[0].moved = true;
    refused(pos, Rule::WarpStorms, &["outside the Refresh Phase"]);
}

#[test]
fn player_elimination_takes_the_players_pieces_off_the_board() {
    let mut pos = new_game(3, 1, SetupKind::Intro).position().clone();
    pos.players[2].eliminated = true;
    refused(pos, Rule::PlayerElimination, &["still has pieces"]);
}

#[test]
fn contested_areas_an_advance_moves_only_into_the_active_system() {
    let pos = reached(
        |p| matches!(&p.phase, Phase::Operations { step: OpStep::Advance(a), .. } if a.ground_stage),
    );
    let Phase::Operations {
        step: OpStep::Advance(a),
        ..
    } = &pos.phase
    else {
        unreachable!()
    };
    let system = a.system;
    // A unit of the enemy joins a unit of the same kind (ship or ground unit) outside the
    // active system.
    let d = data();
    let kind = |u: herakon::engine::state::unit_type::UnitType| d.unit(u).kind;
    let (area, unit) = pos
        .areas
        .iter()
        .filter(|(id, s)| id.system != system && s.units.len() == 1)
        .find_map(|(&id, s)| {
            let mine = s.units[0];
            pos.areas
                .values()
                .flat_map(|o| &o.units)
                .find(|u| u.owner() != mine.owner() && kind(u.unit) == kind(mine.unit))
                .map(|u| (id, *u))
        })
        .expect("an area with one unit elsewhere, and an enemy unit of that kind");
    let mut broken = pos.clone();
    broken.area_mut(area).units.push(unit);
    refused(broken, Rule::ContestedAreas, &[&area.to_string()]);
}

#[test]
fn order_tokens_the_revealed_step_resolves_the_order_on_the_token() {
    let mut pos = reached(|p| {
        matches!(
            &p.phase,
            Phase::Operations {
                step: OpStep::Revealed { .. },
                ..
            }
        )
    });
    loads(&pos);
    if let Phase::Operations {
        step: OpStep::Revealed { order, .. },
        ..
    } = &mut pos.phase
    {
        *order = if *order == Order::Advance {
            Order::Dominate
        } else {
            Order::Advance
        };
    }
    refused(pos, Rule::OrderTokens, &["the step resolves"]);
}

#[test]
fn cards_flags_of_an_order_are_cleared_when_it_ends() {
    let mut pos = intro();
    pos.cards.no_token = true;
    refused(pos, Rule::Cards, &["no order is being resolved"]);
}

#[test]
fn combat_units_placed_in_a_combat_and_the_next_combat_belong_to_its_sides() {
    let mut pos = attacker_choosing();
    let c = common::combat_mut(&mut pos.phase);
    // The introductory two-player game has no Orks.
    let other = Faction::Orks;
    c.next_combat = Some(herakon::engine::state::combat_state::NextCombat {
        area: c.area,
        attacker: other,
    });
    let stranger = herakon::engine::state::unit_type::UnitType::of(other)
        .next()
        .expect("a unit");
    c.attacker.placed.push(stranger);
    let refused_for = |words: &[&str]| refused(pos.clone(), Rule::Combat, words);
    refused_for(&["fights on neither side"]);
    refused_for(&["a unit of another faction"]);
}

#[test]
fn warp_storms_prayer_to_the_dark_gods_decides_on_a_storm_just_moved() {
    let mut pos = intro();
    let chaos = pos.seat_of(Faction::Chaos).expect("Chaos plays");
    let p = &mut pos.players[chaos.index()];
    let i = p
        .event_deck
        .iter()
        .position(|c| c == "Prayer to the Dark Gods")
        .expect("the scheme");
    let prayer = p.event_deck.remove(i);
    p.schemes.push(prayer);
    let card = pos.players[0].event_deck[0].clone();
    let storm = pos.storms[0].edge;
    let free: herakon::engine::state::ids::EdgeId = "A1.n".parse().expect("edge");
    assert!(!pos.storm_at(free));
    pos.phase = Phase::Refresh {
        turn: herakon::engine::state::ids::Seat(0),
        step: herakon::engine::state::phase::RefreshStep::Prayer {
            card,
            ability: false,
            from: storm,
            to: free,
            holder: chaos,
        },
    };
    refused(pos, Rule::WarpStorms, &["no storm lies on A1.n"]);
}

#[test]
fn planning_phase_the_next_to_place_has_placed_fewer_than_four() {
    let mut pos = reached(|p| {
        matches!(p.phase, Phase::Planning { .. }) && p.stacks.values().flatten().count() == 4
    });
    // The player to place has two tokens on the board; two more make four, and he would
    // place a fifth.
    let Phase::Planning { turn } = pos.phase else {
        unreachable!()
    };
    let f = pos.players[turn.index()].faction;
    let system = *pos.stacks.keys().next().expect("a stack");
    for _ in 0..2 {
        let i = pos.players[turn.index()].orders.len() - 1;
        let order = pos.players[turn.index()].orders.remove(i);
        pos.stacks
            .get_mut(&system)
            .expect("the stack")
            .push(herakon::engine::state::position::PlacedOrder { owner: f, order });
    }
    refused(pos, Rule::PlanningPhase, &["places an order token next"]);
}

#[test]
fn contested_areas_hold_two_factions_at_most() {
    let mut pos = new_game(3, 1, SetupKind::Intro).position().clone();
    let (&area, _) = pos
        .areas
        .iter()
        .find(|(_, s)| !s.units.is_empty())
        .expect("an area with units");
    let kind = |u: herakon::engine::state::unit_type::UnitType| data().unit(u).kind;
    let mine = pos.area(area).units[0];
    let others: Vec<_> = pos
        .areas
        .values()
        .flat_map(|s| &s.units)
        .filter(|u| u.owner() != mine.owner() && kind(u.unit) == kind(mine.unit))
        .copied()
        .collect();
    let second = others[0];
    let third = *others
        .iter()
        .find(|u| u.owner() != second.owner())
        .expect("a third faction's unit of that kind");
    pos.area_mut(area).units.extend([second, third]);
    refused(pos, Rule::ContestedAreas, &["two factions at most"]);
}
