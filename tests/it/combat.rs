//! Combat and orbital strikes (Rules Reference: Combat, Damage and Health, Reinforcement
//! Tokens, Retreats, Rout and Rally, Bastions, Orbital Strike). Combats are set up by hand,
//! mid-fight, with the dice the test needs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{a, build, clear_board, edited, legal, put};
use herakon::engine::state::combat_state::{CombatSide, CombatState, CombatStep};
use herakon::engine::state::die::CombatRole;
use herakon::engine::state::die::DieFace::{self, Defence as D, Morale as M, Offence as O};
use herakon::engine::state::ids::{Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::{CardName, DecisionKind, Game, Position, UnitType, UnitType::*};

const UM: Faction = Faction::Ultramarines;
const CH: Faction = Faction::Chaos;

/// Ultramarines (seat 0) attack Smyrna (B1.nw), held by Chaos, from Alledrias (A1.ne); the
/// combat is at `step` with the given dice and hands drawn from the decks.
fn fight(
    attackers: &[UnitType],
    defenders: &[UnitType],
    dice: (&[DieFace], &[DieFace]),
    step: CombatStep,
    edit: impl FnOnce(&mut Position),
) -> Game {
    edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        put(p, "B1.nw", defenders);
        put(p, "B1.nw", attackers);
        let i = p.players[0]
            .orders
            .iter()
            .position(|o| *o == Order::Advance)
            .unwrap();
        p.players[0].orders.remove(i);
        // Each hand starts with the two copies of the card whose only icon is one morale
        // (Faith in the Emperor, Dark Faith), so `card 1` adds no offence or defence and damage
        // equals the dice, and `card 1` in the second round does the same; the third card's
        // only icon is one defence (Blessed Power Armour, Foul Worship), so three rounds of
        // `card 1` never add offence. Two cards from the deck fill the hand to five.
        let mut side = |seat: usize, faction, faces: &[DieFace], first: [&str; 3]| {
            let deck = &mut p.players[seat].combat_deck;
            let mut hand: Vec<CardName> = first
                .iter()
                .map(|name| {
                    let i = deck
                        .iter()
                        .position(|c| c == name)
                        .unwrap_or_else(|| panic!("{name} in the starting deck"));
                    deck.remove(i)
                })
                .collect();
            let rest = deck.len() - 2;
            hand.extend(deck.split_off(rest));
            CombatSide {
                faction: Some(faction),
                dice: faces.to_vec(),
                hand,
                reinforced: true,
                ..CombatSide::default()
            }
        };
        let attacker = side(
            0,
            UM,
            dice.0,
            [
                "Faith in the Emperor",
                "Faith in the Emperor",
                "Blessed Power Armour",
            ],
        );
        let defender = side(1, CH, dice.1, ["Dark Faith", "Dark Faith", "Foul Worship"]);
        p.phase = Phase::Operations {
            turn: Seat(0),
            step: OpStep::Combat(Box::new(CombatState {
                area: a("B1.nw"),
                system: "B1".parse().unwrap(),
                attacker,
                defender,
                attack_origins: vec![a("A1.ne")],
                round: 1,
                step,
                winner: None,
                pending: Vec::new(),
                second_assess: false,
                assess_begun: false,
                assess_ended: false,
                next_combat: None,
            })),
        };
        edit(p);
    })
}

/// Applies actions by their notation, declining every optional combat card ability on the way:
/// these tests count the cards' icons only (`tests/it/cards_combat.rs` plays the abilities).
fn play(g: &mut Game, actions: &[&str]) {
    for text in actions {
        common::play(g, &[text]);
        while g
            .decision()
            .is_some_and(|d| d.kind == DecisionKind::CardAbility)
        {
            common::play(g, &["done"]);
        }
    }
}

fn choose_cards() -> CombatStep {
    CombatStep::ChooseCard {
        side: CombatRole::Attacker,
    }
}

/// Plays the first card of each hand; returns the game.
fn both_play(g: &mut Game) {
    play(g, &["card 1", "card 1"]);
}

fn units(g: &Game, area: &str, faction: Faction) -> Vec<(UnitType, bool)> {
    let mut v: Vec<_> = g
        .position()
        .area(a(area))
        .units
        .iter()
        .filter(|u| u.owner() == faction)
        .map(|u| (u.unit, u.routed))
        .collect();
    v.sort();
    v
}

#[test]
fn combat_the_attacker_chooses_first_then_the_defender_without_seeing_it() {
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[M], &[M]),
        choose_cards(),
        |_| {},
    );
    assert_eq!(g.decision().unwrap().seat, Seat(0));
    assert_eq!(g.decision().unwrap().kind, DecisionKind::ChooseCombatCard);
    play(&mut g, &["card 1"]);
    assert_eq!(g.decision().unwrap().seat, Seat(1));
    let seen = g.view(Some(Seat(1))).combat.unwrap();
    assert!(seen.attacker.has_chosen);
    assert_eq!(
        seen.attacker.chosen, None,
        "the defender cannot see the attacker's card"
    );
    assert!(seen.attacker.hand.is_empty(), "nor his hand");
    assert_eq!(
        seen.defender.hand.len(),
        5,
        "the defender sees his own hand"
    );
}

#[test]
fn combat_icons_on_face_up_cards_count_until_the_combat_ends() {
    // covers: Combat Icons
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[M], &[M]),
        choose_cards(),
        |_| {},
    );
    both_play(&mut g);
    let c = g.combat().unwrap();
    // One morale die, one morale icon, and the unit's morale (space marine 3, cultist 2).
    assert_eq!(g.combat_totals(c, CombatRole::Attacker).morale, 1 + 1 + 3);
    assert_eq!(g.combat_totals(c, CombatRole::Defender).morale, 1 + 1 + 2);
    assert_eq!(
        c.round, 2,
        "no damage on either side: the next execution round"
    );
    both_play(&mut g);
    let c = g.combat().unwrap();
    assert_eq!(c.attacker.played.len(), 2, "cards stay face up");
}

#[test]
fn damage_and_health_damage_is_offence_minus_defence_destroying_at_health_with_the_excess_carried()
{
    // covers: Health
    // Six offence dice against none: two health-2 cultists are destroyed, the rest is lost.
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist, Cultist],
        (&[O, O, O, O, O, O], &[M]),
        choose_cards(),
        |_| {},
    );
    both_play(&mut g);
    let d = g.decision().unwrap();
    assert_eq!(
        (d.seat, d.kind),
        (Seat(1), DecisionKind::AssignDamage),
        "the attacker suffers nothing"
    );
    assert_eq!(legal(&g), ["damage cultist"]);
    play(&mut g, &["damage cultist"]);
    assert_eq!(units(&g, "B1.nw", CH).len(), 1);
    play(&mut g, &["damage cultist"]);
    assert!(units(&g, "B1.nw", CH).is_empty());
    // The defender is wiped out: the attacker wins and the combat is over.
    assert!(g.combat().is_none());
    assert_eq!(units(&g, "B1.nw", UM), vec![(SpaceMarine, false)]);
}

#[test]
fn damage_and_health_defence_cancels_offence() {
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[O, O], &[D, D]),
        choose_cards(),
        |_| {},
    );
    both_play(&mut g);
    assert_eq!(
        g.combat().unwrap().round,
        2,
        "two offence against two defence: no damage"
    );
}

#[test]
fn damage_and_health_a_survivor_is_routed_and_routed_units_are_hit_only_when_all_are_routed() {
    // covers: Suffering Damage
    // Three damage: the Helbrute (health 4) survives and is routed; the cultist is untouched.
    let mut g = fight(
        &[SpaceMarine],
        &[Helbrute, Cultist],
        (&[O, O, O], &[M]),
        choose_cards(),
        |_| {},
    );
    both_play(&mut g);
    assert_eq!(legal(&g), ["damage cultist", "damage helbrute"]);
    play(&mut g, &["damage helbrute"]);
    assert_eq!(
        units(&g, "B1.nw", CH),
        vec![(Cultist, false), (Helbrute, true)]
    );
    // Next round: routed units may take damage only once every unit is routed.
    play(&mut g, &["card 1", "card 1"]);
    assert_eq!(
        legal(&g),
        ["damage cultist"],
        "the routed Helbrute is not a choice while the cultist stands"
    );
}

#[test]
fn combat_a_routed_unit_rolls_no_dice_and_adds_no_morale() {
    let g = fight(
        &[SpaceMarine],
        &[Cultist, Cultist],
        (&[M], &[]),
        choose_cards(),
        |p| {
            p.area_mut(a("B1.nw")).units[0].routed = true;
        },
    );
    let c = g.combat().unwrap();
    assert_eq!(
        g.combat_totals(c, CombatRole::Defender).morale,
        2,
        "one unrouted cultist"
    );
}

#[test]
fn combat_a_defender_with_no_unrouted_unit_and_no_bastion_loses_at_once_and_retreats() {
    let mut g = edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        put(p, "A1.ne", &[SpaceMarine]);
        put(p, "B1.nw", &[Cultist]);
        p.area_mut(a("B1.nw")).units[0].routed = true;
        put(p, "B1.ne", &[IconoclastDestroyer]);
        common::revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "move A1.ne -> B1.nw space-marine x1",
            "done",
        ],
    );
    assert_eq!(g.decision().unwrap().kind, DecisionKind::Retreat);
    assert_eq!(g.decision().unwrap().seat, Seat(1));
    // The cultist may go only to a friendly world it can reach: none is friendly; an
    // uncontrolled one then, not A1.ne (where the attacker came from).
    let l = legal(&g);
    assert!(!l.contains(&"retreat A1.ne".to_string()));
    assert!(l.iter().all(|x| x.starts_with("retreat ")));
}

#[test]
fn combat_a_bastion_fights_alone_is_never_routed_and_shrugs_off_lesser_damage() {
    let mut g = fight(&[SpaceMarine], &[], (&[O, O], &[M]), choose_cards(), |p| {
        build(p, "B1.nw", StructureKind::Bastion, CH);
    });
    both_play(&mut g);
    assert_eq!(legal(&g), ["damage bastion"]);
    play(&mut g, &["damage bastion"]);
    assert!(
        g.position()
            .area(a("B1.nw"))
            .structures
            .iter()
            .any(|s| s.kind == StructureKind::Bastion),
        "two damage against health three"
    );
    assert_eq!(g.combat().unwrap().round, 2);
    let c = g.combat().unwrap();
    assert_eq!(
        g.combat_totals(c, CombatRole::Defender).morale,
        1 + 1 + 2,
        "die, card icon and the bastion's morale"
    );
}

#[test]
fn combat_morale_decides_after_three_rounds_and_a_tie_goes_to_the_defender() {
    // Scout (morale 2) against cultist (morale 2), one morale die each and the same cards
    // (two morale, one defence): a tie after three rounds, so the defender wins and the scout
    // retreats.
    let mut g = fight(&[Scout], &[Cultist], (&[M], &[M]), choose_cards(), |p| {
        // A Chaos order still on the board keeps the Operations Phase going after the combat,
        // so the Refresh Phase does not rally the retreated scout before we look at it.
        common::waiting_token(p, 1, "B3", Order::Dominate);
    });
    play(
        &mut g,
        &["card 1", "card 1", "card 1", "card 1", "card 1", "card 1"],
    );
    let c = g.combat().expect("the loser must still retreat");
    assert_eq!(c.winner, Some(CombatRole::Defender));
    assert_eq!(g.decision().unwrap().kind, DecisionKind::Retreat);
    assert_eq!(
        legal(&g),
        ["retreat A1.ne"],
        "the attacker retreats where his units came from"
    );
    play(&mut g, &["retreat A1.ne"]);
    assert_eq!(
        units(&g, "A1.ne", UM),
        vec![(Scout, true)],
        "retreated units are routed"
    );
    assert!(g.combat().is_none());
    assert_eq!(
        g.player(Seat(0)).combat_deck.len(),
        10,
        "cards go back into the deck"
    );
}

#[test]
fn combat_the_attacker_wins_on_higher_morale_and_captures_the_structures() {
    // covers: Morale
    // covers: Attacker
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[M, M], &[M]),
        choose_cards(),
        |p| {
            build(p, "B1.nw", StructureKind::City, CH);
            // The Iconoclast in the void B1.sw gives the cultist a path out of Smyrna, so it
            // has somewhere to retreat (else it is destroyed and the combat ends at once).
            put(p, "B1.sw", &[IconoclastDestroyer]);
        },
    );
    play(
        &mut g,
        &["card 1", "card 1", "card 1", "card 1", "card 1", "card 1"],
    );
    assert_eq!(g.combat().unwrap().winner, Some(CombatRole::Attacker));
    assert_eq!(
        g.position().area(a("B1.nw")).structures[0].owner,
        UM,
        "the city changes hands"
    );
    let retreats = legal(&g);
    assert!(!retreats.is_empty() && retreats.iter().all(|x| x.starts_with("retreat ")));
    assert!(
        !retreats.contains(&"retreat A1.ne".to_string()),
        "never where the attackers came from"
    );
}

#[test]
fn combat_both_sides_wiped_out_nobody_wins_and_the_defender_keeps_his_structures() {
    // covers: Defender
    let mut g = fight(
        &[Scout],
        &[Cultist],
        (&[O, O], &[O, O]),
        choose_cards(),
        |p| {
            build(p, "B1.nw", StructureKind::Factory, CH);
        },
    );
    play(
        &mut g,
        &["card 1", "card 1", "damage scout", "damage cultist"],
    );
    assert!(g.combat().is_none());
    assert!(g.position().area(a("B1.nw")).units.is_empty());
    assert_eq!(g.position().area(a("B1.nw")).structures[0].owner, CH);
}

#[test]
fn reinforcement_tokens_at_most_the_plastic_units_attacker_first() {
    let g = fight(
        &[Scout, Scout],
        &[Cultist],
        (&[M], &[M]),
        CombatStep::Reinforce {
            side: CombatRole::Attacker,
        },
        |p| {
            p.players[0].assets.reinforcement = 3;
            p.players[1].assets.reinforcement = 3;
            let c = common::combat_mut(&mut p.phase);
            // Reinforcements are decided before the first execution round.
            c.round = 0;
            c.attacker.reinforced = false;
            c.defender.reinforced = false;
        },
    );
    assert_eq!(g.decision().unwrap().seat, Seat(0));
    assert_eq!(
        legal(&g),
        ["reinforce 0", "reinforce 1", "reinforce 2"],
        "two plastic units"
    );
    let mut g = g;
    play(&mut g, &["reinforce 2"]);
    assert_eq!(g.decision().unwrap().seat, Seat(1));
    assert_eq!(
        legal(&g),
        ["reinforce 0", "reinforce 1"],
        "one plastic unit"
    );
    assert_eq!(g.player(Seat(0)).assets.reinforcement, 1);
}

#[test]
fn orbital_strike_is_offered_after_an_advance_without_combat_but_never_on_a_bastion_world() {
    let setup = |bastion: bool| {
        edited(2, move |p| {
            clear_board(p);
            build(p, "A1.nw", StructureKind::Factory, UM);
            build(p, "B3.sw", StructureKind::Factory, CH);
            put(p, "A1.se", &[StrikeCruiser]);
            put(p, "B1.se", &[Cultist]);
            if bastion {
                build(p, "B1.se", StructureKind::Bastion, CH);
            }
            common::revealed(p, 0, "B1", Order::Advance);
        })
    };
    let mut g = setup(false);
    play(
        &mut g,
        &[
            "resolve",
            "move A1.se -> B1.ne strike-cruiser x1",
            "done",
            "done",
        ],
    );
    assert_eq!(g.decision().unwrap().kind, DecisionKind::OrbitalStrike);
    assert_eq!(legal(&g), ["strike B1.ne -> B1.se", "done"]);
    let mut g = setup(true);
    play(
        &mut g,
        &[
            "resolve",
            "move A1.se -> B1.ne strike-cruiser x1",
            "done",
            "done",
        ],
    );
    assert_ne!(
        g.decision().map(|d| d.kind),
        Some(DecisionKind::OrbitalStrike),
        "the bastion blocks it"
    );
}

#[test]
fn learn_to_play_combat_example_four_damage_destroys_the_scout_and_routs_the_space_marine() {
    // Part II of the booklet's example, with the abilities' results set by hand: Ultramarines
    // (Scout, Space Marine) attack two Eldar Aspect Warriors; in round two the Eldar have six
    // offence (two dice, Howling Banshees and Hit and Run face up, two offence tokens from Hit
    // and Run) against two defence (a die and Blessed Power Armour).
    let mut g = edited(4, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        build(p, "C1.nw", StructureKind::Factory, Faction::Orks);
        build(p, "D3.ne", StructureKind::Factory, Faction::Eldar);
        put(
            p,
            "D3.se",
            &[AspectWarrior, AspectWarrior, Scout, SpaceMarine],
        );
        let um = usize::from(p.seat_of(UM).unwrap().0);
        let el = usize::from(p.seat_of(Faction::Eldar).unwrap().0);
        let i = p.players[um]
            .orders
            .iter()
            .position(|o| *o == Order::Advance)
            .unwrap();
        p.players[um].orders.remove(i);
        let mut take = |seat: usize, names: &[&str]| -> Vec<CardName> {
            names
                .iter()
                .map(|n| {
                    let deck = &mut p.players[seat].combat_deck;
                    let i = deck
                        .iter()
                        .position(|c| c == n)
                        .unwrap_or_else(|| panic!("{n} in the deck"));
                    deck.remove(i)
                })
                .collect()
        };
        let um_played = take(um, &["Blessed Power Armour"]);
        let um_hand = take(
            um,
            &["Faith in the Emperor", "Ambush", "Ambush", "Reconnaissance"],
        );
        let el_played = take(el, &["Howling Banshees"]);
        let el_hand = take(
            el,
            &[
                "Hit and Run",
                "Striking Scorpions",
                "Striking Scorpions",
                "Ranger Support",
            ],
        );
        p.phase = Phase::Operations {
            turn: Seat(u8::try_from(um).unwrap()),
            step: OpStep::Combat(Box::new(CombatState {
                area: a("D3.se"),
                system: "D3".parse().unwrap(),
                attacker: CombatSide {
                    faction: Some(UM),
                    dice: vec![D, M, M],
                    hand: um_hand,
                    played: um_played,
                    reinforced: true,
                    ..CombatSide::default()
                },
                defender: CombatSide {
                    faction: Some(Faction::Eldar),
                    dice: vec![O, O, M],
                    hand: el_hand,
                    played: el_played,
                    offence_tokens: 2,
                    reinforced: true,
                    ..CombatSide::default()
                },
                attack_origins: vec![a("D2.se")],
                round: 2,
                step: CombatStep::ChooseCard {
                    side: CombatRole::Attacker,
                },
                winner: None,
                pending: Vec::new(),
                second_assess: false,
                assess_begun: false,
                assess_ended: false,
                next_combat: None,
            })),
        };
    });
    play(&mut g, &["card 1", "card 1"]);
    let c = g.combat().unwrap();
    assert_eq!(g.combat_totals(c, CombatRole::Defender).offence, 6);
    assert_eq!(g.combat_totals(c, CombatRole::Attacker).defence, 2);
    assert_eq!(g.decision().unwrap().kind, DecisionKind::AssignDamage);
    play(&mut g, &["damage scout"]);
    assert_eq!(
        legal(&g),
        ["damage space-marine"],
        "two damage carries over"
    );
    play(&mut g, &["damage space-marine"]);
    assert_eq!(
        units(&g, "D3.se", UM),
        vec![(SpaceMarine, true)],
        "the Scout is destroyed, the Space Marine routed"
    );
}

#[test]
fn dice_limit_no_side_rolls_more_than_eight_dice() {
    // covers: Dice Limit
    // Four Land Raiders (3 dice each) attack: twelve dice are capped at eight. Alledrias
    // (A1.ne) holds only two units, so two come from Turaci (A1.nw, capacity four) through it.
    let mut g = edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        put(p, "A1.ne", &[LandRaider, LandRaider]);
        put(p, "A1.nw", &[LandRaider, LandRaider]);
        put(p, "B1.nw", &[Cultist]);
        common::revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &[
            "resolve",
            "done",
            "move A1.ne -> B1.nw land-raider x2",
            "move A1.nw -> B1.nw land-raider x2",
            "done",
        ],
    );
    assert_eq!(
        g.position()
            .area(a("B1.nw"))
            .units
            .iter()
            .filter(|u| u.unit == LandRaider)
            .count(),
        4,
        "all four attack"
    );
    assert_eq!(g.combat().unwrap().attacker.dice.len(), 8);
    assert_eq!(g.combat().unwrap().defender.dice.len(), 1);
}

/// A combat the defender (Chaos, on Smyrna B1.nw) has lost, waiting for his retreat.
fn defender_lost(edit: impl FnOnce(&mut Position)) -> Game {
    fight(
        &[SpaceMarine],
        &[Cultist],
        (&[M, M], &[M]),
        choose_cards(),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.round = 3;
            edit(p);
        },
    )
}

#[test]
fn retreats_the_defender_prefers_a_friendly_area_in_the_active_or_an_adjacent_system() {
    // The Iconoclast in B1.sw makes a path from Smyrna to Phlegra (B2.nw) and to Nicea.
    let mut g = defender_lost(|p| {
        put(p, "B1.sw", &[IconoclastDestroyer]);
        put(p, "B2.nw", &[Cultist]);
    });
    play(&mut g, &["card 1", "card 1"]);
    assert_eq!(g.combat().unwrap().winner, Some(CombatRole::Attacker));
    assert_eq!(
        legal(&g),
        ["retreat B2.nw"],
        "the friendly world wins over every uncontrolled one"
    );
}

#[test]
fn retreats_the_defender_never_goes_where_the_attackers_came_from_nor_to_their_system() {
    // The attackers came from A1.ne: nothing in A1 is offered even when friendly to Chaos.
    let mut g = defender_lost(|p| {
        put(p, "B1.sw", &[IconoclastDestroyer]);
        put(p, "A1.sw", &[Cultist]);
    });
    play(&mut g, &["card 1", "card 1"]);
    let l = legal(&g);
    assert!(!l.iter().any(|x| x.contains("A1.")), "{l:?}");
    assert!(
        l.contains(&"retreat B1.se".to_string()),
        "an uncontrolled world of the active system"
    );
}

#[test]
fn retreats_with_nowhere_to_go_the_units_are_destroyed() {
    // Smyrna's neighbours are the attackers' Alledrias and two voids: no world to reach.
    let mut g = defender_lost(|p| {
        put(p, "B1.se", &[Scout]);
        put(p, "B2.nw", &[Scout]);
        put(p, "B1.ne", &[StrikeCruiser]);
        put(p, "B1.sw", &[StrikeCruiser]);
    });
    play(&mut g, &["card 1", "card 1"]);
    assert!(
        g.combat().is_none(),
        "no retreat decision: the combat ended"
    );
    assert!(
        units(&g, "B1.nw", CH).is_empty(),
        "the cultist was destroyed"
    );
}

#[test]
fn orbital_strike_damage_destroys_but_never_routs() {
    let mut g = edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        put(p, "B1.ne", &[StrikeCruiser, StrikeCruiser, StrikeCruiser]);
        put(p, "B1.se", &[Helbrute]);
        common::revealed(p, 0, "B1", Order::Advance);
    });
    play(
        &mut g,
        &["resolve", "done", "done", "strike B1.ne -> B1.se"],
    );
    let helbrute = units(&g, "B1.se", CH);
    assert!(
        helbrute.is_empty() || helbrute == vec![(Helbrute, false)],
        "destroyed or untouched: {helbrute:?}"
    );
}

#[test]
fn retreats_the_losing_attacker_goes_back_only_to_an_area_his_units_came_from() {
    // Chaos holds Smyrna with more morale; the Ultramarines came from Alledrias (A1.ne). A
    // friendly Ultramarines world next door (Nicea, B1.se, reached through the friendly void
    // B1.sw) is no retreat for an attacker (FAQ errata to Retreats: an area one came from).
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[], &[M, M, M, M]),
        choose_cards(),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.round = 3;
            // A Chaos order left on the board keeps the Refresh Phase (and its rally) away.
            common::waiting_token(p, 1, "B3", Order::Dominate);
            put(p, "B1.sw", &[StrikeCruiser]);
            put(p, "B1.se", &[Scout]);
        },
    );
    play(&mut g, &["card 1", "card 1"]);
    assert_eq!(g.combat().unwrap().winner, Some(CombatRole::Defender));
    assert_eq!(legal(&g), ["retreat A1.ne"]);
    play(&mut g, &["retreat A1.ne"]);
    assert_eq!(
        units(&g, "A1.ne", UM),
        [(SpaceMarine, true)],
        "retreated units are routed"
    );
}

#[test]
fn hidden_information_the_opponents_hand_cannot_be_read_off_his_deck_list() {
    let g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[O], &[D]),
        choose_cards(),
        |_| {},
    );
    let view = g.view(Some(Seat(0)));
    let chaos = &view.players[1];
    assert_eq!(chaos.combat_deck.len(), 10, "the whole deck, hand included");
    let mut owned = g.player(Seat(1)).combat_deck.clone();
    owned.extend(g.combat().unwrap().defender.hand.iter().cloned());
    owned.sort();
    assert_eq!(chaos.combat_deck, owned);
}

#[test]
fn combat_won_on_morale_says_why_in_its_event_with_both_totals_and_a_tie_to_the_defender() {
    // As above: scout against cultist with the same dice and cards, a tie after three rounds.
    let mut g = fight(&[Scout], &[Cultist], (&[M], &[M]), choose_cards(), |p| {
        common::waiting_token(p, 1, "B3", Order::Dominate);
    });
    let mut events = Vec::new();
    for _ in 0..6 {
        events.extend(g.apply("card 1".parse().unwrap()).unwrap());
        // Each card's ability declined, as `play` does.
        while g
            .decision()
            .is_some_and(|d| d.kind == DecisionKind::CardAbility)
        {
            events.extend(g.apply("done".parse().unwrap()).unwrap());
        }
    }
    let compared = events.iter().find_map(|e| match e {
        herakon::engine::Event::MoraleCompared { attacker, defender } => {
            Some((*attacker, *defender))
        }
        _ => None,
    });
    let (att, def) = compared.expect("three rounds end on morale");
    assert_eq!(att, def, "the same units, dice and cards");
    let won = events.iter().find_map(|e| match e {
        herakon::engine::Event::CombatWon { faction, by } => Some((*faction, *by)),
        _ => None,
    });
    assert_eq!(
        won,
        Some((
            CH,
            herakon::engine::rules::WonBy::Morale {
                winner: def,
                loser: att
            }
        )),
        "a tie goes to the defender, and the event says it was morale"
    );
}

#[test]
fn combat_won_by_wiping_out_the_other_side_says_so_in_its_event() {
    // Three offence dice against a lone cultist: it is destroyed in the first round.
    let mut g = fight(
        &[SpaceMarine],
        &[Cultist],
        (&[O, O, O], &[D]),
        choose_cards(),
        |_| {},
    );
    let mut events = Vec::new();
    for _ in 0..20 {
        if g.combat().is_none_or(|c| c.winner.is_some()) {
            break;
        }
        let first = g.legal_actions()[0];
        events.extend(g.apply(first).unwrap());
    }
    let won = events.iter().find_map(|e| match e {
        herakon::engine::Event::CombatWon { faction, by } => Some((*faction, *by)),
        _ => None,
    });
    assert_eq!(
        won,
        Some((UM, herakon::engine::rules::WonBy::LastStanding)),
        "{events:?}"
    );
}
