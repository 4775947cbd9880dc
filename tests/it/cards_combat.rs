//! Combat card abilities (Rules Reference: Combat Card Resolution, Gaining and Losing, Rout and
//! Rally, Retreats, Free Units, Reinforcement Tokens, Card Clarifications). Each test sets up a
//! four-player board mid-combat with the card under test first in a hand and plays it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{build, clear_board, edited, legal, play};
use herakon::engine::state::combat_state::{CombatSide, CombatState, CombatStep};
use herakon::engine::state::die::CombatRole;
use herakon::engine::state::die::DieFace::{self, Defence as D, Morale as M, Offence as O};
use herakon::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::state::position::{PlayerState, Unit};
use herakon::engine::{CardName, DecisionKind, Game, Position, UnitType, UnitType::*};

const UM: Faction = Faction::Ultramarines;
const CH: Faction = Faction::Chaos;
const ORK: Faction = Faction::Orks;
const EL: Faction = Faction::Eldar;
const ATT: CombatRole = CombatRole::Attacker;
const DEF: CombatRole = CombatRole::Defender;

/// A world of the four-player board, a world next to it in another system (where the attack
/// came from), and a third world of the first one's system.
fn places() -> (AreaId, AreaId, AreaId) {
    let g = common::intro(4, 1);
    let b = g.board();
    for w in b.areas().filter(|x| x.is_world()) {
        let origin = b.area_neighbours(w.id).find(|n| {
            n.system != w.id.system
                && b.area(*n)
                    .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
        });
        let other = b
            .areas_of(w.id.system)
            .find(|x| x.is_world() && x.id != w.id)
            .map(|x| x.id);
        if let (Some(o), Some(t)) = (origin, other) {
            return (w.id, o, t);
        }
    }
    panic!("no fitting worlds");
}

fn here() -> AreaId {
    places().0
}

/// One side of the fight: faction, units, dice and the card it will play first.
#[derive(Clone, Copy)]
struct S<'a> {
    f: Faction,
    units: &'a [UnitType],
    dice: &'a [DieFace],
    card: &'a str,
}

fn s<'a>(f: Faction, units: &'a [UnitType], dice: &'a [DieFace], card: &'a str) -> S<'a> {
    S {
        f,
        units,
        dice,
        card,
    }
}

/// A combat at "choose cards" in round 1 between two sides on `here()`, with `edit` applied.
fn fight(att: S<'_>, def: S<'_>, edit: impl FnOnce(&mut Position)) -> Game {
    let (area, origin, _) = places();
    edited(4, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, UM);
        build(p, "B3.sw", StructureKind::Factory, CH);
        build(p, "C1.nw", StructureKind::Factory, ORK);
        build(p, "D3.ne", StructureKind::Factory, EL);
        for x in [&def, &att] {
            p.area_mut(area)
                .units
                .extend(x.units.iter().map(|&u| Unit::new(u)));
        }
        let seat = |p: &Position, f| usize::from(p.seat_of(f).unwrap().0);
        let a = seat(p, att.f);
        let i = p.players[a]
            .orders
            .iter()
            .position(|o| *o == Order::Advance)
            .unwrap();
        p.players[a].orders.remove(i);
        let mut side = |x: &S<'_>| {
            let k = seat(p, x.f);
            // The card under test first, then four more from the deck.
            let mut hand: Vec<CardName> = vec![x.card.into()];
            take_card(&mut p.players[k], x.card, &mut Vec::new());
            let deck = &mut p.players[k].combat_deck;
            let rest = deck.len() - 4;
            hand.extend(deck.split_off(rest));
            CombatSide {
                faction: Some(x.f),
                dice: x.dice.to_vec(),
                hand,
                reinforced: true,
                ..CombatSide::default()
            }
        };
        let attacker = side(&att);
        let defender = side(&def);
        p.phase = Phase::Operations {
            turn: Seat(u8::try_from(a).unwrap()),
            step: OpStep::Combat(Box::new(CombatState {
                area,
                system: area.system,
                attacker,
                defender,
                attack_origins: vec![origin],
                round: 1,
                step: CombatStep::ChooseCard { side: ATT },
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

fn combat(g: &Game) -> &CombatState {
    g.combat().expect("a combat")
}

fn side(g: &Game, r: CombatRole) -> &CombatSide {
    combat(g).side(r)
}

fn kind(g: &Game) -> DecisionKind {
    g.decision().unwrap().kind
}

fn faces(g: &Game, r: CombatRole, f: DieFace) -> usize {
    side(g, r).dice.iter().filter(|d| **d == f).count()
}

fn units(g: &Game, area: AreaId, f: Faction) -> Vec<(UnitType, bool)> {
    let mut v: Vec<_> = g
        .position()
        .area(area)
        .units
        .iter()
        .filter(|u| u.owner() == f)
        .map(|u| (u.unit, u.routed))
        .collect();
    v.sort();
    v
}

/// Routs the first unit of a type in the contested area.
fn routed(p: &mut Position, unit: UnitType) {
    let u = p
        .area_mut(here())
        .units
        .iter_mut()
        .find(|u| u.unit == unit && !u.routed)
        .unwrap();
    u.routed = true;
}

fn set_played(p: &mut Position, r: CombatRole, card: &str) {
    if let Phase::Operations {
        step: OpStep::Combat(c),
        ..
    } = &mut p.phase
    {
        let s = c.side_mut(r);
        let f = s.faction.unwrap();
        let seat = p.players.iter().position(|x| x.faction == f).unwrap();
        take_card(&mut p.players[seat], card, &mut c.side_mut(r).hand);
        c.side_mut(r).played.push(card.into());
    }
}

/// Takes one copy of a combat card out of the player's deck (or out of `hand` when the deck
/// has none); an upgrade is bought first, in
/// place of a pair (each card exists twice, and pairs stay together). The pair returned is
/// one still whole in the deck, or else one split between the deck and `hand`, whose copy
/// in the hand the upgrade's second copy replaces.
fn take_card(player: &mut PlayerState, card: &str, hand: &mut Vec<CardName>) {
    let in_deck = player.combat_deck.iter().any(|c| c == card);
    if !in_deck && let Some(i) = hand.iter().position(|c| c == card) {
        hand.remove(i);
        return;
    }
    if !in_deck {
        let deck = &player.combat_deck;
        let whole = deck
            .iter()
            .find(|c| deck.iter().filter(|d| d == c).count() == 2)
            .cloned();
        let old = if let Some(old) = whole {
            player.combat_deck.push(card.into());
            old
        } else {
            let old = deck.iter().find(|c| hand.contains(c)).unwrap().clone();
            let i = hand.iter().position(|c| *c == old).unwrap();
            hand[i] = card.into();
            old
        };
        player.combat_deck.retain(|c| *c != old);
        player.combat_upgrades.retain(|c| c != card);
        player.combat_upgrades.extend([old.clone(), old]);
        player.combat_deck.push(card.into());
    }
    let i = player.combat_deck.iter().position(|c| c == card).unwrap();
    player.combat_deck.remove(i);
}

/// Declines a faction's card abilities until another decision comes.
fn decline(g: &mut Game, f: Faction) {
    while kind(g) == DecisionKind::CardAbility && g.faction(g.decision().unwrap().seat) == f {
        play(g, &["done"]);
    }
}

// ----- Rules of resolution -----

#[test]
fn combat_card_resolution_the_attacker_resolves_first_and_every_ability_is_optional() {
    // covers: Simultaneous Effects
    // covers: Combat Card Resolution
    // covers: Attacker
    let mut g = fight(
        s(UM, &[SpaceMarine], &[O], "Blessed Power Armour"),
        s(CH, &[Cultist], &[O], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    let d = g.decision().unwrap();
    assert_eq!(d.kind, DecisionKind::CardAbility);
    assert_eq!(g.faction(d.seat), UM, "the attacker's card resolves first");
    assert_eq!(legal(&g), ["use", "done"]);
    assert!(
        side(&g, DEF).played.is_empty(),
        "the defender's card stays face down meanwhile"
    );
    play(&mut g, &["done"]);
    // Unit ability (Space Marine present): declined too.
    play(&mut g, &["done"]);
    assert_eq!(g.faction(g.decision().unwrap().seat), CH);
    assert_eq!(side(&g, DEF).played, ["Dark Faith"]);
    assert_eq!(side(&g, ATT).defence_tokens, 0);
}

#[test]
fn combat_card_resolution_a_unit_ability_needs_an_unrouted_listed_unit() {
    let mut g = fight(
        s(UM, &[SpaceMarine, Scout], &[O], "Blessed Power Armour"),
        s(CH, &[Cultist], &[O], "Dark Faith"),
        |p| routed(p, SpaceMarine),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
    // The only Space Marine is routed and there is no bastion: no unit ability; Dark Faith next.
    assert_eq!(g.faction(g.decision().unwrap().seat), CH);
}

/// The Ultramarines defend `here()` with a routed Space Marine and a Scout (whom none of the
/// cards tried here names), and a bastion of theirs there if `bastion`, playing `card` against
/// Dark Faith. Returns the game once the Chaos card's abilities and the Ultramarines' general
/// ability are declined: what comes next tells whether their unit ability is offered.
fn defended_by_a_routed_marine(card: &str, bastion: bool) -> Game {
    let mut g = fight(
        s(CH, &[Cultist], &[O, D, M], "Dark Faith"),
        s(UM, &[SpaceMarine, Scout], &[O, M], card),
        |p| {
            routed(p, SpaceMarine);
            if bastion {
                build(p, &here().to_string(), StructureKind::Bastion, UM);
            }
        },
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, CH);
    let general = combat(&g).pending.first().map(|p| (p.card.clone(), p.unit));
    assert_eq!(general, Some((card.into(), false)), "{card}: general first");
    // Declined, so Hold the Line does not rally the Space Marine.
    play(&mut g, &["done"]);
    g
}

/// Whether the Ultramarines are now asked about their card's unit ability.
fn unit_ability_offered(g: &Game, card: &str) -> bool {
    g.decision()
        .is_some_and(|d| d.kind == DecisionKind::CardAbility && g.faction(d.seat) == UM)
        && combat(g)
            .pending
            .first()
            .is_some_and(|p| p.card == card && p.unit)
}

/// Ruling `bastion-in-unit-requisite` (Combat Card Resolution): a bastion meets a unit
/// requisite that names one, alone, with every listed unit routed; without it the routed
/// Space Marine and the unlisted Scout meet nothing.
#[test]
fn combat_card_resolution_a_bastion_meets_a_unit_requisite_that_names_one() {
    // covers: Combat Card Resolution
    for card in ["Blessed Power Armour", "Hold the Line", "Show No Fear"] {
        let g = defended_by_a_routed_marine(card, true);
        assert!(unit_ability_offered(&g, card), "{card} with a bastion");
        assert_eq!(legal(&g), ["use", "done"], "{card}");
        let g = defended_by_a_routed_marine(card, false);
        assert!(!unit_ability_offered(&g, card), "{card} without a bastion");
    }
}

/// Ruling `bastion-in-unit-requisite` (Combat Card Resolution): a bastion is no unit, so it
/// meets no requisite that does not name one (Glory and Death: Space Marine or Strike
/// Cruiser). The Chaos side holds a defence and a morale die, so its unit ability (your
/// opponent loses one) has something to act on.
#[test]
fn combat_card_resolution_a_bastion_meets_no_requisite_that_does_not_name_one() {
    // covers: Combat Card Resolution
    let g = defended_by_a_routed_marine("Glory and Death", true);
    assert!(!unit_ability_offered(&g, "Glory and Death"));
    // Not a card that does nothing now: with the marine unrouted it is offered.
    let mut g = fight(
        s(CH, &[Cultist], &[O, D, M], "Dark Faith"),
        s(UM, &[SpaceMarine], &[O, M], "Glory and Death"),
        |p| build(p, &here().to_string(), StructureKind::Bastion, UM),
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, CH);
    play(&mut g, &["done"]);
    assert!(unit_ability_offered(&g, "Glory and Death"));
}

/// Resolves every ability of `f`'s cards offered now, taking the first choice each time,
/// until the decision passes on.
fn accept_all(g: &mut Game, f: Faction) {
    for _ in 0..20 {
        let Some(d) = g.decision() else { return };
        if g.faction(d.seat) != f
            || !matches!(d.kind, DecisionKind::CardAbility | DecisionKind::CardChoice)
        {
            return;
        }
        let l = legal(g);
        let pick = if l.iter().any(|x| x == "use") {
            "use".to_string()
        } else {
            l.iter().find(|x| *x != "done").unwrap_or(&l[0]).clone()
        };
        play(g, &[pick.as_str()]);
    }
}

/// Gaining and Losing: a player who has eight dice gains no more (Hold the Line's unit
/// ability offers a defence or a morale die), and a player who must lose more tokens than he
/// has loses the ones he has (Fury of the Ultramar: two defence tokens, one held).
#[test]
fn gaining_and_losing_no_die_past_eight_and_a_loss_takes_only_what_there_is() {
    // covers: Gaining and Losing
    let mut g = fight(
        s(
            UM,
            &[SpaceMarine],
            &[O, O, O, D, D, D, M, M],
            "Hold the Line",
        ),
        s(CH, &[Cultist], &[M], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    accept_all(&mut g, UM);
    assert_eq!(
        side(&g, ATT).defence_tokens,
        2,
        "the general ability resolved"
    );
    assert_eq!(side(&g, ATT).dice.len(), 8, "no ninth die");
    assert_eq!(g.faction(g.decision().unwrap().seat), CH);

    let mut g = fight(
        s(UM, &[SpaceMarine], &[O], "Fury of the Ultramar"),
        s(CH, &[Cultist], &[O], "Dark Faith"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.defender.defence_tokens = 1;
        },
    );
    play(&mut g, &["card 1", "card 1"]);
    accept_all(&mut g, UM);
    assert_eq!(side(&g, DEF).defence_tokens, 0, "the one token he had");
    assert_eq!(side(&g, DEF).dice, [O], "and no die instead");
}

/// Discarding Cards: a discarded card is revealed to every player. Psychic Lance makes the
/// Ultramarines discard a card at random from their hand: every seat's view of the combat,
/// the public view and the log name it.
#[test]
fn discarding_cards_a_card_discarded_from_the_hand_is_revealed_to_every_player() {
    // covers: Discarding Cards
    let mut g = fight(
        s(EL, &[WarlockBattleTitan], &[], "Psychic Lance"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    let log = g.apply("use".parse().unwrap()).unwrap();
    let gone = side(&g, DEF).revealed.clone();
    assert_eq!(gone.len(), 1);
    // Each seat's view, and the public one.
    for seat in g.seats().map(Some).chain([None]) {
        let seen = g.view(seat).combat.unwrap();
        assert_eq!(seen.defender.discarded, gone, "seat {seat:?}");
    }
    assert!(
        log.iter().any(|e| matches!(
            e,
            herakon::engine::rules::Event::HandDiscarded { faction: UM, card } if *card == gone[0]
        )),
        "{log:?}"
    );
}

// ----- Ultramarines -----

#[test]
fn hold_the_line_rallies_a_unit_only_when_defending() {
    // covers: Defender
    // Defending: two defence tokens and a rally.
    let mut g = fight(
        s(CH, &[Cultist], &[M], "Dark Faith"),
        s(UM, &[SpaceMarine, Scout], &[M], "Hold the Line"),
        |p| routed(p, Scout),
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, CH);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, DEF).defence_tokens, 2);
    assert!(
        units(&g, here(), UM).iter().all(|(_, r)| !r),
        "the scout is rallied"
    );
    // Unit ability: a defence or a morale die.
    play(&mut g, &["use"]);
    assert_eq!(legal(&g), ["option 1", "option 2"]);
    play(&mut g, &["option 2"]);
    assert_eq!(faces(&g, DEF, M), 2);

    // Attacking: the tokens only.
    let mut g = fight(
        s(UM, &[SpaceMarine, Scout], &[M], "Hold the Line"),
        s(CH, &[Cultist], &[M], "Dark Faith"),
        |p| routed(p, Scout),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
    assert!(units(&g, here(), UM).contains(&(Scout, true)));
}

#[test]
fn ambush_destroys_an_enemy_unit_routed_this_round_unless_he_spends_a_morale_die() {
    // Three offence against two Chaos Space Marines (health 3): two damage would rout one.
    let mut g = fight(
        s(UM, &[Scout], &[D], "Ambush"),
        s(CH, &[ChaosSpaceMarine], &[M, D], "Foul Worship"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 2);
    decline(&mut g, CH);
    // One offence icon + two tokens = 3 offence against one defence die: 2 damage.
    assert_eq!(kind(&g), DecisionKind::AssignDamage);
    play(&mut g, &["damage chaos-space-marine"]);
    assert_eq!(kind(&g), DecisionKind::AmbushSave);
    assert_eq!(legal(&g), ["die morale", "done"]);
    play(&mut g, &["done"]);
    assert!(
        units(&g, here(), CH).is_empty(),
        "the routed unit is destroyed"
    );
}

#[test]
fn ambush_a_morale_die_saves_the_routed_unit() {
    let mut g = fight(
        s(UM, &[Scout], &[D], "Ambush"),
        s(CH, &[ChaosSpaceMarine], &[M, D], "Foul Worship"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    decline(&mut g, CH);
    play(&mut g, &["damage chaos-space-marine", "die morale"]);
    assert_eq!(units(&g, here(), CH), [(ChaosSpaceMarine, true)]);
    assert_eq!(faces(&g, DEF, M), 0);
    common::assert_produced(&g, "AmbushSaved");
}

#[test]
fn blessed_power_armour_turns_up_to_two_dice_to_defence() {
    // covers: Convert
    let mut g = fight(
        s(UM, &[SpaceMarine], &[O, O, M], "Blessed Power Armour"),
        s(CH, &[Cultist], &[M], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(
        legal(&g),
        [
            "convert offence -> defence",
            "convert morale -> defence",
            "done"
        ]
    );
    play(
        &mut g,
        &["convert offence -> defence", "convert morale -> defence"],
    );
    assert_eq!(faces(&g, ATT, D), 2);
    assert_eq!(faces(&g, ATT, O), 1, "no more than two");
    assert_eq!(g.faction(g.decision().unwrap().seat), CH);
}

#[test]
fn faith_in_the_emperor_rolls_a_die_then_rallies_or_gains_a_morale_die() {
    let mut g = fight(
        s(UM, &[SpaceMarine, Scout], &[O], "Faith in the Emperor"),
        s(CH, &[Cultist], &[M], "Dark Faith"),
        |p| routed(p, Scout),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).dice.len(), 2, "one die rolled");
    play(&mut g, &["use", "option 1"]);
    assert!(units(&g, here(), UM).contains(&(Scout, false)));
}

#[test]
fn fury_of_the_ultramar_the_opponent_loses_a_defence_die_or_two_tokens() {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[O], "Fury of the Ultramar"),
        s(CH, &[Cultist], &[D, D], "Dark Faith"),
        |_| {},
    );
    // The opponent has no tokens: only the die option, taken at once.
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(side(&g, DEF).dice.len(), 1);
}

#[test]
fn reconnaissance_shows_the_attacker_the_face_down_card_and_retreats_a_unit() {
    let mut g = fight(
        s(UM, &[Scout, Scout], &[M], "Reconnaissance"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    let seat = g.seat_of(UM);
    let seen = g.view(seat).combat.unwrap();
    assert_eq!(seen.defender.chosen.as_deref(), Some("Dark Faith"));
    play(&mut g, &["option 2"]);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
    // One area to retreat to: the scout goes at once.
    play(&mut g, &["use"]);
    let (_, origin, _) = places();
    assert_eq!(faces(&g, ATT, M), 0, "the morale die is spent");
    assert_eq!(
        units(&g, origin, UM),
        [(Scout, true)],
        "retreated and routed"
    );
}

#[test]
fn drop_pod_assault_brings_a_space_marine_from_another_world() {
    let (_, _, third) = places();
    let mut g = fight(
        s(UM, &[SpaceMarine], &[M], "Drop Pod Assault"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |p| p.area_mut(third).units.push(Unit::new(SpaceMarine)),
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(
        units(&g, here(), UM),
        [(SpaceMarine, false), (SpaceMarine, false)]
    );
    assert!(units(&g, third, UM).is_empty());
}

#[test]
fn glory_and_death_the_opponent_loses_the_die_you_pick() {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[O], "Glory and Death"),
        s(CH, &[Cultist], &[D, M], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    assert_eq!(legal(&g), ["die defence", "die morale"]);
    play(&mut g, &["die morale"]);
    assert_eq!(side(&g, DEF).dice, [D]);
}

#[test]
fn show_no_fear_damage_does_not_rout_this_round() {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[], "Show No Fear"),
        s(CH, &[Cultist], &[O, O, O, O], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    decline(&mut g, CH);
    play(&mut g, &["damage space-marine"]);
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
    common::assert_produced(&g, "RoutPrevented");
}

#[test]
fn emperors_might_spends_offence_dice_for_two_tokens_each() {
    // covers: Spend
    let mut g = fight(
        s(UM, &[WarlordTitan], &[O, O], "Emperor's Might"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |_| {},
    );
    play(
        &mut g,
        &[
            "card 1",
            "card 1",
            "done",
            "use",
            "die offence",
            "die offence",
        ],
    );
    assert_eq!(side(&g, ATT).offence_tokens, 4);
    assert_eq!(faces(&g, ATT, O), 0);
}

#[test]
fn armoured_advance_adds_a_second_assess_damage_step_keeping_the_tokens() {
    let mut g = fight(
        s(UM, &[LandRaider], &[], "Armoured Advance"),
        s(CH, &[Cultist, Cultist, Cultist], &[], "Dark Faith"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.attacker.offence_tokens = 0;
        },
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    decline(&mut g, CH);
    // Two offence icons: two damage, twice.
    play(&mut g, &["damage cultist"]);
    assert_eq!(kind(&g), DecisionKind::AssignDamage, "a second step");
    play(&mut g, &["damage cultist"]);
    assert_eq!(units(&g, here(), CH), [(Cultist, false)]);
    common::assert_produced(&g, "ExtraAssess");
}

/// The cards a faction holds in its combat deck, as its seat's view counts them.
fn deck_left(g: &Game, r: CombatRole) -> usize {
    let seen = g.view(None).combat.unwrap();
    match r {
        CombatRole::Attacker => seen.attacker.deck_left,
        CombatRole::Defender => seen.defender.deck_left,
    }
}

/// The combat deck of a faction.
fn deck_of(g: &Game, f: Faction) -> &[CardName] {
    &g.player(g.seat_of(f).unwrap()).combat_deck
}

/// Discarding Cards: a discarded card is shuffled back into its owner's deck at once, not at
/// the end of the combat. The Eldar hold every card but one face up (their deck is empty);
/// Snapper Gargant discards that face-up card, so their deck holds it and the count every
/// seat sees grows at once; their Holofield Emitter, resolved next in the same round, draws
/// it back into their hand.
#[test]
fn discarding_cards_a_card_discarded_mid_combat_is_back_in_the_deck_at_once() {
    // covers: Discarding Cards
    let mut g = fight(
        s(ORK, &[Gargant], &[], "Snapper Gargant"),
        s(EL, &[WarlockBattleTitan], &[], "Holofield Emitter"),
        |p| {
            let el = p.players.iter().position(|x| x.faction == EL).unwrap();
            let mut rest = std::mem::take(&mut p.players[el].combat_deck);
            let c = common::combat_mut(&mut p.phase);
            c.defender.played.push(rest.pop().unwrap());
            c.defender.hand.extend(rest);
        },
    );
    let face_up = side(&g, DEF).played.clone();
    assert_eq!(face_up.len(), 1);
    assert_eq!(deck_left(&g, DEF), 0, "every Eldar card is in the combat");
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, DEF).revealed, face_up, "revealed to all");
    assert_eq!(deck_of(&g, EL), face_up, "back in the deck at once");
    assert_eq!(deck_left(&g, DEF), 1, "the deck count shown grows at once");
    let hand = side(&g, DEF).hand.len();
    let copies = |g: &Game| {
        side(g, DEF)
            .hand
            .iter()
            .filter(|c| **c == face_up[0])
            .count()
    };
    let held = copies(&g);
    assert_eq!(g.faction(g.decision().unwrap().seat), EL);
    play(&mut g, &["use"]);
    assert_eq!(
        side(&g, DEF).hand.len(),
        hand + 1,
        "Holofield Emitter draws"
    );
    assert_eq!(copies(&g), held + 1, "the discarded card, drawn back");
    assert_eq!(deck_left(&g, DEF), 0);
    common::assert_produced(&g, "CombatCardDrawn");
}

/// Discarding Cards: Psychic Lance's random discard from the hand goes into the deck at once.
#[test]
fn discarding_cards_a_card_discarded_from_the_hand_is_shuffled_into_the_deck_at_once() {
    // covers: Discarding Cards
    let mut g = fight(
        s(EL, &[WarlockBattleTitan], &[], "Psychic Lance"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    let deck = deck_of(&g, UM).len();
    play(&mut g, &["use"]);
    let gone = side(&g, DEF).revealed.clone();
    assert_eq!(gone.len(), 1);
    assert_eq!(deck_of(&g, UM).len(), deck + 1);
    assert_eq!(deck_left(&g, DEF), deck + 1);
    let in_deck = |c: &CardName| deck_of(&g, UM).iter().filter(|d| *d == c).count();
    assert!(in_deck(&gone[0]) >= 1, "{gone:?} is in the deck");
}

/// Discarding Cards: the top card Mek Boyz makes the opponent discard is revealed and
/// shuffled back into his deck: the deck keeps its ten minus the cards in the combat.
#[test]
fn discarding_cards_the_top_card_mek_boyz_discards_goes_back_into_the_deck() {
    // covers: Discarding Cards
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[], "Mek Boyz"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |p| forced(p, ATT, &[D]),
    );
    let mut before = deck_of(&g, UM).to_vec();
    let top = before.last().unwrap().clone();
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    assert_eq!(side(&g, DEF).revealed, [top]);
    let mut after = deck_of(&g, UM).to_vec();
    before.sort();
    after.sort();
    assert_eq!(after, before, "the same cards, shuffled");
}

#[test]
fn break_the_line_the_opponent_discards_a_face_up_card() {
    let mut g = fight(
        s(UM, &[LandRaider], &[M], "Break the Line"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |p| {
            set_played(p, DEF, "Impure Zeal");
            set_played(p, DEF, "Khorne's Rage");
        },
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    assert_eq!(g.faction(g.decision().unwrap().seat), CH, "he picks");
    play(&mut g, &["discard 1"]);
    assert!(!side(&g, DEF).played.contains(&"Impure Zeal".into()));
    assert_eq!(side(&g, DEF).revealed, ["Impure Zeal"]);
    common::assert_produced(&g, "FaceUpDiscarded");
}

// ----- Chaos -----

#[test]
fn dark_faith_places_a_free_cultist_on_another_world_with_more_morale_dice() {
    let (_, _, third) = places();
    let mut g = fight(
        s(CH, &[Cultist], &[], "Dark Faith"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(faces(&g, ATT, M), 1);
    // One world of the system is friendly or uncontrolled: the Cultist goes there at once.
    play(&mut g, &["use"]);
    let placed: usize = g
        .board()
        .areas_of(here().system)
        .filter(|x| x.id != here() && x.id != third)
        .map(|x| units(&g, x.id, CH).len())
        .sum();
    assert_eq!(placed, 1);
    assert!(units(&g, here(), CH).len() == 1, "not in the fight");
}

#[test]
fn impure_zeal_the_opponent_routs_a_unit_or_you_gain_tokens() {
    let mut g = fight(
        s(CH, &[Cultist, Cultist], &[], "Impure Zeal"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM, "his choice");
    play(&mut g, &["option 2"]);
    assert_eq!(side(&g, ATT).offence_tokens, 2, "one per unrouted Cultist");
}

#[test]
fn khornes_rage_spends_an_offence_die_for_three_tokens() {
    // covers: Spend
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[O], "Khorne's Rage"),
        s(UM, &[Scout], &[D], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 3);
    assert!(side(&g, ATT).dice.is_empty());
    // His choice; his only unit is routed at once.
    play(&mut g, &["use", "option 2"]);
    assert_eq!(units(&g, here(), UM), [(Scout, true)]);
}

#[test]
fn lure_of_chaos_a_free_cultist_joins_when_the_opponent_routs_nothing() {
    let mut g = fight(
        s(CH, &[Cultist], &[], "Lure of Chaos"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "option 2"]);
    assert_eq!(units(&g, here(), CH), [(Cultist, false), (Cultist, false)]);
}

#[test]
fn mark_of_nurgle_gains_two_defence_tokens_at_once_when_the_opponent_has_no_routed_unit() {
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[], "Mark of Nurgle"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    let events = g.apply("use".parse().unwrap()).unwrap();
    assert_eq!(side(&g, ATT).defence_tokens, 2);
    // Nobody was asked: the log shows the gain, not a choice of the Ultramarines.
    let words: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert!(
        words.contains(&"World Eaters gains 2 defence tokens".into()),
        "{words:?}"
    );
    assert!(
        !events.iter().any(|e| e.kind() == "OptionChosen"),
        "{words:?}"
    );
}

#[test]
fn mark_of_tzeentch_can_replace_a_reinforcement_token_with_a_chaos_space_marine() {
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[], "Mark of Tzeentch"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.attacker.reinforcements = vec![true];
        },
    );
    // The routed token is the only thing to replace: replaced at once.
    play(&mut g, &["card 1", "card 1", "use"]);
    assert!(side(&g, ATT).reinforcements.is_empty());
    assert_eq!(
        units(&g, here(), CH),
        [(ChaosSpaceMarine, false), (ChaosSpaceMarine, false)]
    );
    common::assert_produced(&g, "Replaced");
}

#[test]
fn chaos_united_the_opponent_decides_before_the_face_is_picked() {
    let mut g = fight(
        s(CH, &[Cultist], &[], "Chaos United"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    play(&mut g, &["option 2"]);
    assert_eq!(g.faction(g.decision().unwrap().seat), CH);
    play(&mut g, &["option 1"]);
    assert_eq!(side(&g, ATT).dice, [O]);
}

#[test]
fn chaos_victorious_routs_every_level_zero_unit_with_more_morale_dice() {
    let mut g = fight(
        s(
            CH,
            &[ChaosReaverTitan],
            &[M, M, M, M, M, M],
            "Chaos Victorious",
        ),
        s(
            UM,
            &[Scout, Scout, SpaceMarine],
            &[],
            "Faith in the Emperor",
        ),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(
        units(&g, here(), UM),
        [(Scout, true), (Scout, true), (SpaceMarine, false)]
    );
}

#[test]
fn death_and_despair_spends_morale_dice_to_destroy_level_zero_units() {
    // covers: Destroy
    let mut g = fight(
        s(CH, &[ChaosReaverTitan], &[M], "Death and Despair"),
        s(UM, &[Scout, SpaceMarine], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "option 2"]);
    assert_eq!(faces(&g, ATT, M), 3);
    play(&mut g, &["die morale"]);
    // The only level-0 unit is picked at once.
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
    play(&mut g, &["done"]);
    assert_eq!(faces(&g, ATT, M), 2);
}

#[test]
fn inhuman_strength_destroys_your_own_unit_for_four_offence_tokens() {
    // covers: Destroy
    let mut g = fight(
        s(CH, &[Helbrute, Cultist], &[], "Inhuman Strength"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "done", "use", "pick cultist"]);
    assert_eq!(side(&g, ATT).offence_tokens, 4);
    assert_eq!(units(&g, here(), CH), [(Helbrute, false)]);
}

// ----- Eldar -----

#[test]
fn howling_banshees_learn_to_play_the_opponent_routs_a_unit_of_his_choice() {
    let mut g = fight(
        s(UM, &[Scout, SpaceMarine], &[O], "Ambush"),
        s(EL, &[AspectWarrior], &[M], "Howling Banshees"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, UM);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, DEF).dice.len(), 2);
    play(&mut g, &["use"]);
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    assert_eq!(legal(&g), ["pick scout", "pick space-marine"]);
    play(&mut g, &["pick scout"]);
    assert!(units(&g, here(), UM).contains(&(Scout, true)));
    assert_eq!(faces(&g, DEF, M), 0, "the morale die was spent");
}

#[test]
fn command_of_the_autarch_adds_a_second_card_for_its_icons_only() {
    let mut g = fight(
        s(EL, &[AspectWarrior], &[], "Command of the Autarch"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    // Nothing to rally: the morale die is taken at once; then the optional extra card.
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    assert_eq!(faces(&g, ATT, M), 1);
    assert_eq!(kind(&g), DecisionKind::CardChoice);
    let extra = side(&g, ATT).hand[0].clone();
    play(&mut g, &["card 1"]);
    assert_eq!(
        side(&g, ATT).played,
        ["Command of the Autarch", extra.as_str()]
    );
    // Its abilities do not resolve: the defender's card is next.
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    common::assert_produced(&g, "OptionalTaken");
    common::assert_produced(&g, "IconsAdded");
}

#[test]
fn ranger_support_lets_a_defender_retreat_a_unit() {
    let mut g = fight(
        s(UM, &[Scout], &[], "Ambush"),
        s(EL, &[AspectWarrior, AspectWarrior], &[], "Ranger Support"),
        |p| {
            // A friendly world next door to retreat to.
            let third = places().2;
            p.area_mut(third).structures.clear();
            p.area_mut(third).units.push(Unit::new(Wraithguard));
        },
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, UM);
    // One area to retreat to: the Aspect Warrior goes there at once, routed.
    play(&mut g, &["use"]);
    assert_eq!(units(&g, here(), EL), [(AspectWarrior, false)]);
    assert_eq!(
        units(&g, places().2, EL),
        [(AspectWarrior, true), (Wraithguard, false)]
    );
}

#[test]
fn fire_dragons_vengeance_the_defender_cannot_gain_defence_tokens_this_round() {
    let mut g = fight(
        s(EL, &[AspectWarrior], &[], "Fire Dragon's Vengeance"),
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    assert_eq!(side(&g, ATT).defence_tokens, 2, "his own tokens come");
    play(&mut g, &["use"]);
    assert_eq!(side(&g, DEF).defence_tokens, 0);
}

#[test]
fn swooping_hawks_a_defender_strips_up_to_three_offence_tokens() {
    let mut g = fight(
        s(UM, &[Scout], &[], "Ambush"),
        s(EL, &[AspectWarrior], &[], "Swooping Hawks"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    decline(&mut g, UM);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 0);
}

#[test]
fn spiritseers_guidance_routing_your_own_unit_stops_all_damage_this_round() {
    let mut g = fight(
        s(CH, &[Cultist], &[O, O, O], "Dark Faith"),
        s(
            EL,
            &[AspectWarrior, AspectWarrior],
            &[],
            "Spiritseer's Guidance",
        ),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, CH);
    play(&mut g, &["use", "use"]);
    // Both aspect warriors are alike: the one routed is picked at once.
    assert_eq!(
        units(&g, here(), EL),
        [(AspectWarrior, false), (AspectWarrior, true)]
    );
    // The attacker suffers the Eldar's one offence; the Eldar suffer nothing.
    play(&mut g, &["damage cultist"]);
    assert_eq!(kind(&g), DecisionKind::ChooseCombatCard);
    assert_eq!(
        units(&g, here(), EL),
        [(AspectWarrior, false), (AspectWarrior, true)]
    );
    assert_eq!(combat(&g).round, 2);
}

#[test]
fn striking_scorpions_the_opponent_loses_a_die_of_his_choice() {
    let mut g = fight(
        s(EL, &[AspectWarrior], &[], "Striking Scorpions"),
        s(UM, &[Scout], &[O, M], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    play(&mut g, &["die morale"]);
    assert_eq!(side(&g, DEF).dice, [O]);
}

// ----- Orks -----

#[test]
fn ard_boyz_must_reroll_all_offence_dice_without_asking() {
    let mut g = fight(
        s(ORK, &[Nob], &[O, O, O, O, O, O, O, O], "'Ard Boyz"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    // No `use` asked for the general ability; no Ork Boyz for the unit ability.
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    assert_eq!(side(&g, ATT).dice.len(), 8);
    assert!(
        faces(&g, ATT, O) < 8,
        "eight offence dice rerolled (odds of all offence again: tiny)"
    );
}

#[test]
fn slugga_boyz_both_players_reroll_their_morale_dice_and_rally() {
    let mut g = fight(
        s(ORK, &[OrkBoyz, OrkBoyz], &[M], "Slugga Boyz"),
        s(UM, &[Scout], &[M], "Faith in the Emperor"),
        |p| routed(p, OrkBoyz),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(units(&g, here(), ORK), [(OrkBoyz, false), (OrkBoyz, false)]);
}

#[test]
fn sea_of_green_adds_a_free_reinforcement_token_beyond_the_limit() {
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[], "Sea of Green"),
        s(UM, &[Scout], &[M], "Faith in the Emperor"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.attacker.reinforcements = vec![false];
        },
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).reinforcements, [false, false]);
    // Three unrouted units against one: the Ultramarines spend a morale die or rout.
    assert_eq!(legal(&g), ["option 1", "option 2"]);
    play(&mut g, &["option 1"]);
    assert_eq!(faces(&g, DEF, M), 0);
}

#[test]
fn waaagh_gains_an_offence_token_per_unrouted_boy() {
    let mut g = fight(
        s(ORK, &[OrkBoyz, OrkBoyz, OrkBoyz], &[], "Waaagh!!!!"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |p| routed(p, OrkBoyz),
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 2);
}

#[test]
fn weirdboyz_mirrors_the_opponents_tokens_for_the_rest_of_the_combat() {
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[], "Weirdboyz"),
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).lasting.len(), 1);
    // The round may end at once (no dice to convert): the log shows the tokens gained.
    let log = g.apply("use".parse().unwrap()).unwrap();
    let words: Vec<String> = log.iter().map(ToString::to_string).collect();
    assert!(words.contains(&"Ultramarines gains 2 defence tokens".into()));
    assert!(words.contains(&"Evil Sunz Orks gains the same tokens".into()));
    // It lasts the whole combat.
    assert_eq!(side(&g, ATT).lasting.len(), 1);
    common::assert_produced(&g, "TokensMirrored");
}

#[test]
fn smasher_gargant_a_level_zero_unit_is_saved_without_dice_a_higher_one_costs_dice() {
    let mut g = fight(
        s(ORK, &[Gargant], &[], "Smasher Gargant"),
        s(UM, &[Scout, SpaceMarine], &[D], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "pick space-marine"]);
    // Level 1: one die to spend.
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    assert_eq!(legal(&g), ["die defence", "done"]);
    play(&mut g, &["done"]);
    assert_eq!(units(&g, here(), UM), [(Scout, false)]);
    common::assert_produced(&g, "SaveOrDestroyPicked");
}

#[test]
fn smasher_gargant_the_opponent_spends_dice_as_many_as_the_level_and_saves_the_unit() {
    let mut g = fight(
        s(ORK, &[Gargant], &[], "Smasher Gargant"),
        s(UM, &[Scout, SpaceMarine], &[D], "Faith in the Emperor"),
        |_| {},
    );
    play(
        &mut g,
        &[
            "card 1",
            "card 1",
            "use",
            "pick space-marine",
            "die defence",
        ],
    );
    assert_eq!(
        units(&g, here(), UM),
        [(Scout, false), (SpaceMarine, false)]
    );
    assert_eq!(faces(&g, DEF, D), 0, "the defence die was spent");
    common::assert_produced(&g, "SavedBySpending");
}

#[test]
fn smasher_gargant_a_level_zero_unit_is_saved_without_spending_a_die() {
    let mut g = fight(
        s(ORK, &[Gargant], &[], "Smasher Gargant"),
        s(UM, &[Scout, SpaceMarine], &[D], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "pick scout"]);
    assert_eq!(
        units(&g, here(), UM),
        [(Scout, false), (SpaceMarine, false)]
    );
    assert_eq!(faces(&g, DEF, D), 1, "no die spent");
    common::assert_produced(&g, "SavedFree");
}

#[test]
fn snapper_gargant_discards_the_opponents_face_up_card_you_pick() {
    let mut g = fight(
        s(ORK, &[Gargant], &[], "Snapper Gargant"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |p| set_played(p, DEF, "Ambush"),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, DEF).revealed, ["Ambush"]);
    let c = combat(&g);
    assert_eq!(
        g.combat_totals(c, DEF).offence,
        0,
        "its icon no longer counts"
    );
}

#[test]
fn a_game_saved_mid_card_resumes_at_the_same_choice() {
    let mut g = fight(
        s(CH, &[Cultist, Cultist], &[], "Impure Zeal"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    let json = serde_json::to_string(g.position()).unwrap();
    let pos: Position = serde_json::from_str(&json).unwrap();
    let mut back = Game::from_position(pos, common::data()).unwrap();
    assert_eq!(back.decision(), g.decision());
    assert_eq!(legal(&back), legal(&g));
    play(&mut back, &["option 1"]);
    assert_eq!(units(&back, here(), UM), [(Scout, true)]);
}

// ----- Schemes used in a combat (event cards) -----

/// Puts a scheme face up for a faction (taken from its event deck).
fn scheme(p: &mut Position, f: Faction, card: &str) {
    let k = p.players.iter().position(|x| x.faction == f).unwrap();
    let deck = &mut p.players[k].event_deck;
    let i = deck.iter().position(|c| c == card).unwrap();
    deck.remove(i);
    p.players[k].schemes = vec![card.into()];
}

fn schemes(g: &Game, f: Faction) -> Vec<CardName> {
    g.player(g.seat_of(f).unwrap()).schemes.clone()
}

/// Plays both cards and declines every card ability.
fn cards_declined(g: &mut Game) {
    play(g, &["card 1", "card 1"]);
    while kind(g) == DecisionKind::CardAbility {
        play(g, &["done"]);
    }
}

#[test]
fn adeptus_mechanicus_when_an_assess_damage_step_begins_gains_two_defence_tokens_plus_one_per_forge()
 {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        s(CH, &[Cultist], &[O, O, O, O], "Dark Faith"),
        |p| {
            scheme(p, UM, "Adeptus Mechanicus");
            let k = usize::from(p.seat_of(UM).unwrap().0);
            p.players[k].assets.forge = 1;
        },
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::CombatScheme);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    assert_eq!(legal(&g), ["use-event", "done"]);
    play(&mut g, &["use-event"]);
    // Three defence tokens and the card's defence icon against four offence dice: no damage.
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
    assert!(schemes(&g, UM).is_empty(), "the scheme is discarded");
    assert!(
        g.player(g.seat_of(UM).unwrap())
            .event_deck
            .contains(&"Adeptus Mechanicus".into())
    );
    assert_eq!(kind(&g), DecisionKind::ChooseCombatCard, "round 2");
}

#[test]
fn adeptus_mechanicus_is_optional_and_kept_when_declined() {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        s(CH, &[Cultist], &[O, O], "Dark Faith"),
        |p| scheme(p, UM, "Adeptus Mechanicus"),
    );
    cards_declined(&mut g);
    play(&mut g, &["done"]);
    assert_eq!(kind(&g), DecisionKind::AssignDamage);
    play(&mut g, &["damage space-marine"]);
    assert_eq!(schemes(&g, UM), ["Adeptus Mechanicus"]);
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, true)]);
}

#[test]
fn emperors_champion_when_an_assess_damage_step_begins_rallies_one_of_your_units() {
    let mut g = fight(
        s(UM, &[SpaceMarine, Scout], &[], "Blessed Power Armour"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |p| {
            scheme(p, UM, "Emperor's Champion");
            routed(p, Scout);
        },
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::CombatScheme);
    play(&mut g, &["use-event"]);
    assert_eq!(
        units(&g, here(), UM),
        [(Scout, false), (SpaceMarine, false)]
    );
    assert!(schemes(&g, UM).is_empty());
}

#[test]
fn emperors_champion_is_not_offered_without_a_routed_unit() {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |p| scheme(p, UM, "Emperor's Champion"),
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::ChooseCombatCard);
    assert_eq!(schemes(&g, UM), ["Emperor's Champion"]);
}

#[test]
fn farsight_when_an_assess_damage_step_begins_takes_all_units_to_one_friendly_area() {
    let third = common::a("D3.ne");
    let mut g = fight(
        s(UM, &[SpaceMarine], &[O, O, O], "Blessed Power Armour"),
        s(EL, &[AspectWarrior, Wraithguard], &[], "Ranger Support"),
        |p| scheme(p, EL, "Farsight"),
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::CombatScheme);
    assert_eq!(g.faction(g.decision().unwrap().seat), EL);
    // One friendly world of the Eldar: no choice left.
    play(&mut g, &["use-event"]);
    assert_eq!(
        units(&g, third, EL),
        [(AspectWarrior, false), (Wraithguard, false)],
        "untouched by the three offence dice"
    );
    assert!(g.combat().is_none(), "the Eldar left: the attacker wins");
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
}

#[test]
fn seduced_by_chaos_when_an_assess_damage_step_ends_routs_an_enemy_unit() {
    let mut g = fight(
        s(CH, &[Cultist], &[], "Dark Faith"),
        s(UM, &[SpaceMarine, Scout], &[], "Blessed Power Armour"),
        |p| scheme(p, CH, "Seduced by Chaos"),
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::CombatScheme);
    assert_eq!(g.faction(g.decision().unwrap().seat), CH);
    play(&mut g, &["use-event"]);
    let l = legal(&g);
    assert!(l.iter().any(|x| x.contains("scout")), "{l:?}");
    let pick = l.iter().find(|x| x.contains("scout")).unwrap().clone();
    play(&mut g, &[pick.as_str()]);
    assert_eq!(units(&g, here(), UM), [(Scout, true), (SpaceMarine, false)]);
    assert!(schemes(&g, CH).is_empty());
}

#[test]
fn teer_it_down_when_an_assess_damage_step_ends_on_a_world_destroys_a_structure() {
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[], "Mek Boyz"),
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        |p| {
            scheme(p, ORK, "Teer It Down!");
            p.area_mut(here())
                .structures
                .push(herakon::engine::state::position::Structure {
                    kind: StructureKind::City,
                    owner: UM,
                });
        },
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::CombatScheme);
    play(&mut g, &["use-event"]);
    assert!(g.position().area(here()).structures.is_empty());
    assert!(schemes(&g, ORK).is_empty());
}

#[test]
fn gitz_dem_when_an_enemy_unit_is_routed_destroys_it() {
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[O, O], "Mek Boyz"),
        s(UM, &[Scout, SpaceMarine], &[], "Blessed Power Armour"),
        |p| scheme(p, ORK, "Gitz Dem!"),
    );
    cards_declined(&mut g);
    assert_eq!(kind(&g), DecisionKind::AssignDamage);
    play(&mut g, &["damage scout"]);
    assert_eq!(kind(&g), DecisionKind::CombatScheme);
    assert_eq!(g.faction(g.decision().unwrap().seat), ORK);
    play(&mut g, &["use-event"]);
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
    assert!(schemes(&g, ORK).is_empty());
}

#[test]
fn schemes_in_a_combat_save_and_resume_at_the_offer() {
    let mut g = fight(
        s(UM, &[SpaceMarine], &[], "Blessed Power Armour"),
        s(CH, &[Cultist], &[O], "Dark Faith"),
        |p| scheme(p, UM, "Adeptus Mechanicus"),
    );
    cards_declined(&mut g);
    let json = serde_json::to_string(g.position()).unwrap();
    let pos: Position = serde_json::from_str(&json).unwrap();
    let g2 = Game::from_position(pos, g.data_arc()).unwrap();
    assert_eq!(kind(&g2), DecisionKind::CombatScheme);
    assert_eq!(legal(&g2), ["use-event", "done"]);
}

// ----- Cards tested with issue 5 -----

fn forced(p: &mut Position, r: CombatRole, dice: &[DieFace]) {
    match r {
        CombatRole::Attacker => p.forced_dice.attacker = dice.to_vec(),
        CombatRole::Defender => p.forced_dice.defender = dice.to_vec(),
    }
}

#[test]
fn foul_worship_rolls_a_die_and_gains_defence_per_cultist_when_the_opponent_has_a_routed_unit() {
    let mut g = fight(
        s(CH, &[Cultist, Cultist], &[], "Foul Worship"),
        s(UM, &[Scout, SpaceMarine], &[], "Blessed Power Armour"),
        |p| {
            routed(p, Scout);
            forced(p, ATT, &[M]);
        },
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).dice, [M]);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
}

#[test]
fn mark_of_khorne_spends_a_die_for_three_offence_then_the_opponent_spends_defence_or_destroys() {
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[O], "Mark of Khorne"),
        s(UM, &[Scout, SpaceMarine], &[D], "Blessed Power Armour"),
        |p| routed(p, Scout),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 3);
    assert!(side(&g, ATT).dice.is_empty());
    play(&mut g, &["use"]);
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    assert_eq!(legal(&g), ["option 1", "option 2"]);
    // Option 2, destroying the routed Scout (the only one), keeps the defence die.
    play(&mut g, &["option 2"]);
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
    assert_eq!(side(&g, DEF).dice, [D]);
}

#[test]
fn mark_of_slaanesh_with_more_morale_dice_the_opponent_routs_then_a_free_cultist() {
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[M], "Mark of Slaanesh"),
        s(UM, &[Scout, SpaceMarine], &[M], "Blessed Power Armour"),
        |p| forced(p, ATT, &[M]),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(faces(&g, ATT, M), 2);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM, "his choice");
    play(&mut g, &["pick scout"]);
    assert!(units(&g, here(), UM).contains(&(Scout, true)));
    play(&mut g, &["use"]);
    assert_eq!(
        units(&g, here(), CH),
        [(Cultist, false), (ChaosSpaceMarine, false)]
    );
}

#[test]
fn daemonic_resilience_gains_a_die_then_four_defence_unless_the_opponent_destroys_a_unit() {
    let mut g = fight(
        s(CH, &[Helbrute], &[], "Daemonic Resilience"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    let l = legal(&g);
    assert!(l.contains(&"option 1".into()), "{l:?}");
    play(&mut g, &["option 2"]);
    assert_eq!(side(&g, ATT).dice, [M]);
    play(&mut g, &["use"]);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    // The Ultramarines keep the Scout: the Helbrute gains 4 defence tokens.
    assert_eq!(legal(&g), ["option 1", "option 2"]);
    play(&mut g, &["option 2"]);
    assert_eq!(side(&g, ATT).defence_tokens, 4);
    assert_eq!(units(&g, here(), UM), [(Scout, false)]);
}

#[test]
fn emperors_glory_rolls_two_dice_then_rallies_all_and_turns_dice_to_morale() {
    let mut g = fight(
        s(UM, &[WarlordTitan, Scout], &[], "Emperor's Glory"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |p| {
            routed(p, Scout);
            forced(p, ATT, &[O, D]);
        },
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).dice, [O, D]);
    play(&mut g, &["use"]);
    assert!(units(&g, here(), UM).iter().all(|(_, r)| !r), "all rallied");
    play(
        &mut g,
        &["convert offence -> morale", "convert defence -> morale"],
    );
    assert_eq!(faces(&g, ATT, M), 2);
    common::assert_produced(&g, "RalliedAll");
}

#[test]
fn veteran_scouts_gains_a_token_per_morale_die_then_spends_morale_dice_to_retreat_units() {
    let mut g = fight(
        s(UM, &[Scout, Scout], &[M, M], "Veteran Scouts"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    // One choice per morale die: an offence or a defence token.
    play(&mut g, &["option 1", "option 2"]);
    assert_eq!(side(&g, ATT).offence_tokens, 1);
    assert_eq!(side(&g, ATT).defence_tokens, 1);
    play(&mut g, &["use"]);
    let l = legal(&g);
    assert!(l.contains(&"die morale".into()), "{l:?}");
    // Spend dice one at a time (done to stop), a retreat for each.
    // One area to retreat to: no further choice.
    play(&mut g, &["die morale", "done"]);
    assert_eq!(units(&g, here(), UM).len(), 1);
    assert_eq!(faces(&g, ATT, M), 1);
}

#[test]
fn hit_and_run_gains_two_offence_then_a_morale_die_moves_a_unit_out() {
    let mut g = fight(
        s(EL, &[AspectWarrior, AspectWarrior], &[M], "Hit and Run"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 2);
    // The morale die is the only one, and one area is open: both go without asking.
    play(&mut g, &["use"]);
    assert_eq!(units(&g, here(), EL), [(AspectWarrior, false)]);
    assert!(side(&g, ATT).dice.is_empty(), "the morale die is spent");
}

#[test]
fn wraithguard_advance_gains_a_die_turns_defence_to_offence_and_the_opponent_pays() {
    let mut g = fight(
        s(EL, &[Wraithguard], &[D, D], "Wraithguard Advance"),
        s(UM, &[Scout, SpaceMarine], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "option 2"]);
    assert_eq!(faces(&g, ATT, M), 1);
    play(
        &mut g,
        &["convert defence -> offence", "convert defence -> offence"],
    );
    assert_eq!(faces(&g, ATT, O), 2);
    play(&mut g, &["use"]);
    // No morale die: the Ultramarines rout a unit of their choice.
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    play(&mut g, &["pick scout"]);
    assert!(units(&g, here(), UM).contains(&(Scout, true)));
}

#[test]
fn wraithguard_support_turns_offence_to_defence_and_a_morale_die_rallies() {
    let mut g = fight(
        s(
            EL,
            &[Wraithguard, AspectWarrior],
            &[O],
            "Wraithguard Support",
        ),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |p| routed(p, AspectWarrior),
    );
    play(&mut g, &["card 1", "card 1", "use", "option 2"]);
    play(&mut g, &["convert offence -> defence"]);
    assert_eq!(faces(&g, ATT, D), 1);
    play(&mut g, &["use"]);
    assert!(units(&g, here(), EL).iter().all(|(_, r)| !r), "rallied");
    assert_eq!(faces(&g, ATT, M), 0, "the morale die is spent");
}

#[test]
fn fire_prism_turns_morale_to_offence_and_the_attacker_gains_two_offence() {
    // covers: Convert
    let mut g = fight(
        s(EL, &[Falcon], &[M, M], "Fire Prism"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    play(
        &mut g,
        &["convert morale -> offence", "convert morale -> offence"],
    );
    assert_eq!(faces(&g, ATT, O), 2);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 2);
}

#[test]
fn fire_prism_a_defender_strips_up_to_five_defence_tokens() {
    let mut g = fight(
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        s(EL, &[Falcon], &[], "Fire Prism"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    while g.faction(g.decision().unwrap().seat) == UM && kind(&g) != DecisionKind::CardAbility {
        play(&mut g, &["done"]);
    }
    decline(&mut g, UM);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
    // Fire Prism: no morale die to turn; the unit ability strips the tokens.
    while kind(&g) == DecisionKind::CardAbility && side(&g, ATT).defence_tokens > 0 {
        play(&mut g, &["use"]);
    }
    assert_eq!(side(&g, ATT).defence_tokens, 0);
}

#[test]
fn wave_serpent_rolls_a_die_and_gains_three_defence_unless_the_opponent_spends_morale() {
    let mut g = fight(
        s(EL, &[Falcon], &[], "Wave Serpent"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |p| forced(p, ATT, &[O]),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    // The Ultramarines have no morale die: three defence tokens.
    assert_eq!(side(&g, ATT).dice, [O]);
    assert_eq!(side(&g, ATT).defence_tokens, 3);
}

#[test]
fn holofield_emitter_draws_a_card_and_plays_one_more_for_its_icons() {
    let mut g = fight(
        s(EL, &[WarlockBattleTitan], &[], "Holofield Emitter"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    let hand = side(&g, ATT).hand.len();
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).hand.len(), hand + 1, "a card drawn");
    assert_eq!(side(&g, ATT).dice.len(), 1);
    play(&mut g, &["use", "card 1"]);
    assert_eq!(side(&g, ATT).hand.len(), hand);
    common::assert_produced(&g, "CombatCardDrawn");
}

#[test]
fn psychic_lance_the_opponent_discards_at_random_then_four_offence_unless_he_discards_face_up() {
    let mut g = fight(
        s(EL, &[WarlockBattleTitan], &[], "Psychic Lance"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1"]);
    let hand = side(&g, DEF).hand.len();
    play(&mut g, &["use"]);
    assert_eq!(side(&g, DEF).hand.len(), hand - 1);
    assert_eq!(side(&g, DEF).revealed.len(), 1);
    play(&mut g, &["use"]);
    // No face-up Ultramarines card yet: four offence tokens.
    assert_eq!(side(&g, ATT).offence_tokens, 4);
    common::assert_produced(&g, "HandDiscarded");
}

#[test]
fn gretchin_gains_an_offence_and_a_defence_token_and_the_opponent_rerolls_a_picked_die() {
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[], "Gretchin"),
        s(UM, &[Scout], &[D], "Blessed Power Armour"),
        |p| forced(p, DEF, &[O]),
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 1);
    assert_eq!(side(&g, ATT).defence_tokens, 1);
    assert_eq!(side(&g, DEF).dice, [O], "the defence die rerolled");
}

#[test]
fn mek_boyz_rolls_a_die_and_gains_the_icons_of_the_opponents_top_deck_card() {
    let mut g = fight(
        s(ORK, &[OrkBoyz], &[], "Mek Boyz"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |p| forced(p, ATT, &[D]),
    );
    let um = g.seat_of(UM).unwrap();
    let top = g.player(um).combat_deck.last().unwrap().clone();
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).dice, [D]);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, DEF).revealed, [top]);
    assert_eq!(side(&g, ATT).lasting.len(), 1);
}

#[test]
fn shoota_boyz_must_reroll_defence_dice_and_the_opponent_rerolls_defence_per_boy() {
    let mut g = fight(
        s(ORK, &[OrkBoyz, OrkBoyz], &[D], "Shoota Boyz"),
        s(UM, &[Scout], &[D, D, D], "Blessed Power Armour"),
        |p| {
            forced(p, ATT, &[O]);
        },
    );
    play(&mut g, &["card 1", "card 1"]);
    assert_eq!(side(&g, ATT).dice, [O], "rerolled without asking");
    play(&mut g, &["use"]);
    // Two Ork Boyz: the Ultramarines reroll two defence dice.
    assert_eq!(side(&g, DEF).dice.len(), 3);
}

#[test]
fn biker_nobz_the_opponent_must_reroll_offence_dice_and_a_nob_gains_an_offence_token() {
    let mut g = fight(
        s(ORK, &[Nob], &[], "Biker Nobz"),
        s(UM, &[Scout], &[O, O], "Blessed Power Armour"),
        |p| forced(p, DEF, &[M, M]),
    );
    play(&mut g, &["card 1", "card 1"]);
    assert_eq!(side(&g, DEF).dice, [M, M]);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 1);
}

#[test]
fn mega_nobz_the_opponent_must_reroll_defence_dice_and_a_nob_gains_a_defence_token() {
    let mut g = fight(
        s(ORK, &[Nob], &[], "Mega Nobz"),
        s(UM, &[Scout], &[D, D], "Blessed Power Armour"),
        |p| forced(p, DEF, &[O, O]),
    );
    play(&mut g, &["card 1", "card 1"]);
    assert_eq!(side(&g, DEF).dice, [O, O]);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).defence_tokens, 1);
}

#[test]
fn party_wagon_a_free_reinforcement_token_then_tokens_with_more_unrouted_units() {
    let mut g = fight(
        s(ORK, &[Battlewagon], &[], "Party Wagon"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).reinforcements, [false]);
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 2);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
}

#[test]
fn rokkit_wagon_gains_three_offence_then_the_opponent_may_retreat_a_unit() {
    let mut g = fight(
        s(ORK, &[Battlewagon], &[], "Rokkit Wagon"),
        s(UM, &[Scout, Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 3);
    assert_eq!(g.faction(g.decision().unwrap().seat), UM);
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    // One area to retreat to: no further choice.
    play(&mut g, &["use"]);
    assert_eq!(units(&g, here(), UM), [(Scout, false)]);
}

// ----- Retreats: how a unit entered the combat -----

/// The same game with the combat decided against `loser`, who must now retreat (the pending
/// card abilities dropped).
fn lost(g: &Game, loser: CombatRole) -> Game {
    let mut p = g.position().clone();
    let c = common::combat_mut(&mut p.phase);
    c.pending.clear();
    // Every card chosen face down is revealed before a combat is decided.
    for side in [&mut c.attacker, &mut c.defender] {
        side.played.extend(side.chosen.take());
    }
    c.winner = Some(loser.other());
    c.step = CombatStep::Retreat { side: loser };
    Game::from_position(p, common::data()).unwrap()
}

/// The unit types of a faction in an area (the Refresh Phase that may follow a combat rallies
/// the routed ones).
fn types(g: &Game, area: AreaId, f: Faction) -> Vec<UnitType> {
    units(g, area, f).into_iter().map(|(u, _)| u).collect()
}

/// `lost`, then the retreat to the area the attack came from.
fn retreated(g: &Game, loser: CombatRole) -> Game {
    let mut g = lost(g, loser);
    let (_, origin, _) = places();
    play(&mut g, &[&format!("retreat {origin}")]);
    g
}

#[test]
fn retreats_a_unit_drop_pod_assault_brought_in_cannot_retreat_and_is_destroyed() {
    let (_, origin, third) = places();
    let mut g = fight(
        s(UM, &[SpaceMarine], &[M], "Drop Pod Assault"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |p| p.area_mut(third).units.push(Unit::new(SpaceMarine)),
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(side(&g, ATT).placed, [SpaceMarine]);
    let g = retreated(&g, ATT);
    // The Space Marine that advanced retreats to where it came from; the one the card put
    // there is destroyed.
    assert_eq!(types(&g, origin, UM), [SpaceMarine]);
    assert!(units(&g, here(), UM).is_empty());
    assert!(units(&g, third, UM).is_empty());
}

#[test]
fn retreats_a_unit_a_card_placed_is_destroyed_when_the_last_damage_decides_the_combat() {
    // The same rule reached through play rather than a position loaded at the retreat: the
    // defender takes the last damage of the third round, the combat is decided on morale (seven
    // morale dice and his unrouted Cultist against two Space Marines), and the Space Marine that
    // Drop Pod Assault put in the area is destroyed before the attacker retreats.
    let mut g = fight(
        s(UM, &[SpaceMarine, SpaceMarine], &[], "Drop Pod Assault"),
        s(CH, &[Cultist, Cultist], &[M; 7], "Dark Faith"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.round = 3;
            c.step = CombatStep::AssignDamage {
                side: DEF,
                remaining: 1,
            };
            c.attacker.placed = vec![SpaceMarine];
        },
    );
    assert_eq!(kind(&g), DecisionKind::AssignDamage);
    let last = g.legal_actions()[0];
    let events = g.apply(last).unwrap();
    assert!(
        events.iter().any(|e| matches!(
            e,
            herakon::engine::Event::CannotRetreat { faction: UM, units, .. } if units == &[SpaceMarine]
        )),
        "{events:?}"
    );
    assert_eq!(combat(&g).winner, Some(DEF));
    assert_eq!(types(&g, here(), UM), [SpaceMarine]);
    common::assert_produced(&g, "CannotRetreat");
}

#[test]
fn retreats_a_free_cultist_of_mark_of_slaanesh_placed_for_the_attacker_is_destroyed() {
    let (_, origin, _) = places();
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[M], "Mark of Slaanesh"),
        s(UM, &[Scout, SpaceMarine], &[M], "Blessed Power Armour"),
        |p| forced(p, ATT, &[M]),
    );
    play(&mut g, &["card 1", "card 1", "use", "pick scout", "use"]);
    assert_eq!(side(&g, ATT).placed, [Cultist]);
    let g = retreated(&g, ATT);
    assert_eq!(types(&g, origin, CH), [ChaosSpaceMarine]);
    assert!(units(&g, here(), CH).is_empty());
}

#[test]
fn retreats_a_free_cultist_of_lure_of_chaos_placed_for_the_attacker_is_destroyed() {
    let (_, origin, _) = places();
    let mut g = fight(
        s(CH, &[Cultist], &[], "Lure of Chaos"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use", "option 2"]);
    assert_eq!(side(&g, ATT).placed, [Cultist]);
    let g = retreated(&g, ATT);
    assert_eq!(types(&g, origin, CH), [Cultist]);
}

#[test]
fn retreats_the_chaos_space_marine_mark_of_tzeentch_swaps_in_is_destroyed() {
    let (_, origin, _) = places();
    let mut g = fight(
        s(CH, &[ChaosSpaceMarine], &[], "Mark of Tzeentch"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.attacker.reinforcements = vec![true];
        },
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).placed, [ChaosSpaceMarine]);
    let g = retreated(&g, ATT);
    assert_eq!(types(&g, origin, CH), [ChaosSpaceMarine]);
}

#[test]
fn retreats_a_unit_chaos_united_moved_in_cannot_retreat_and_is_destroyed() {
    let (_, origin, _) = places();
    let mut g = fight(
        s(CH, &[Cultist], &[], "Chaos United"),
        s(UM, &[Scout], &[], "Faith in the Emperor"),
        |p| {
            p.area_mut(common::a("B3.sw"))
                .units
                .push(Unit::new(Cultist));
        },
    );
    play(&mut g, &["card 1", "card 1", "done"]);
    // Unit ability: one Cultist in the system, so a level 0-1 unit may come.
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).placed, [Cultist]);
    let g = retreated(&g, ATT);
    assert_eq!(types(&g, origin, CH), [Cultist]);
    assert!(units(&g, common::a("B3.sw"), CH).is_empty());
}

#[test]
fn retreats_a_defenders_placed_unit_retreats_with_the_others() {
    // Only the attacker's placed units are held back: the defender's free Cultist retreats.
    let mut g = fight(
        s(UM, &[Scout, SpaceMarine], &[M], "Blessed Power Armour"),
        s(CH, &[ChaosSpaceMarine], &[M], "Mark of Slaanesh"),
        |p| forced(p, DEF, &[M]),
    );
    play(&mut g, &["card 1", "card 1"]);
    decline(&mut g, UM);
    play(&mut g, &["use", "pick scout", "use"]);
    assert_eq!(side(&g, DEF).placed, [Cultist]);
    let g = lost(&g, DEF);
    let l = legal(&g);
    assert!(!l.is_empty(), "the defender chooses where to retreat");
}

#[test]
fn retreats_a_card_retreat_during_the_round_never_takes_a_placed_unit() {
    // Reconnaissance retreats one unit: the Space Marine an effect placed cannot go, so the
    // Scout is the only choice and goes at once.
    let (_, origin, _) = places();
    let mut g = fight(
        s(UM, &[Scout, SpaceMarine], &[M], "Reconnaissance"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.attacker.placed = vec![SpaceMarine];
        },
    );
    play(&mut g, &["card 1", "card 1", "use", "option 2", "use"]);
    assert_eq!(types(&g, origin, UM), [Scout]);
    assert_eq!(units(&g, here(), UM), [(SpaceMarine, false)]);
}

#[test]
fn retreats_the_entry_record_survives_a_save() {
    let (_, _, third) = places();
    let mut g = fight(
        s(UM, &[SpaceMarine], &[M], "Drop Pod Assault"),
        s(CH, &[Cultist], &[D], "Dark Faith"),
        |p| p.area_mut(third).units.push(Unit::new(SpaceMarine)),
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    let json = serde_json::to_string(g.position()).unwrap();
    assert!(json.contains("\"placed\""), "{json}");
    let back: Position = serde_json::from_str(&json).unwrap();
    let g2 = Game::from_position(back, common::data()).unwrap();
    assert_eq!(side(&g2, ATT).placed, [SpaceMarine]);
    // A save written before the field existed loads with nothing placed.
    let old = json.replace(",\"placed\":[\"space-marine\"]", "");
    assert!(!old.contains("\"placed\""));
    let back: Position = serde_json::from_str(&old).unwrap();
    let g3 = Game::from_position(back, common::data()).unwrap();
    assert!(side(&g3, ATT).placed.is_empty());
}

// ----- Order upgrades: once per round, spent only when used -----

/// An Eldar attack won on `here()`, with Corsair Raid owned and a Hellebore Frigate in a void
/// of the system next to another world of the system, where a Chaos Cultist stands: the combat is decided and the
/// defender gone, so the order ends and Corsair Raid is offered. Returns the game and the
/// void and that world.
fn corsair_raid_offered() -> (Game, AreaId, AreaId) {
    let (area, _, _) = places();
    let g0 = common::intro(4, 1);
    let b = g0.board();
    let is_world = |x: AreaId| {
        b.area(x)
            .is_some_and(herakon::engine::rules::board::AreaInfo::is_world)
    };
    let (third, void) = b
        .areas_of(area.system)
        .filter(|w| w.is_world() && w.id != area)
        .find_map(|w| {
            b.area_neighbours(w.id)
                .find(|v| v.system == area.system && !is_world(*v))
                .map(|v| (w.id, v))
        })
        .expect("a world of the system next to a void of the system");
    let g = fight(
        s(EL, &[AspectWarrior], &[], "Hit and Run"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |p| {
            let k = usize::from(p.seat_of(EL).unwrap().0);
            p.players[k]
                .order_upgrade_deck
                .retain(|c| c != "Corsair Raid");
            p.players[k].order_upgrades.push("Corsair Raid".into());
            p.area_mut(void).units.push(Unit::new(HelleboreFrigate));
            p.forced_dice.attacker = vec![O, O, O];
            p.area_mut(third).units.push(Unit::new(Cultist));
            p.area_mut(area).units.retain(|u| u.owner() != CH);
            let c = common::combat_mut(&mut p.phase);
            c.winner = Some(ATT);
            c.step = CombatStep::Retreat { side: DEF };
        },
    );
    (g, void, third)
}

#[test]
fn corsair_raid_after_the_combat_offers_a_strike_and_declining_keeps_it_ready() {
    let (mut g, void, third) = corsair_raid_offered();
    assert_eq!(kind(&g), DecisionKind::OrbitalStrike);
    let l = legal(&g);
    assert!(l.contains(&format!("strike {void} -> {third}")), "{l:?}");
    let el = g.seat_of(EL).unwrap();
    assert!(g.player(el).used_upgrades.is_empty(), "offered is not used");
    play(&mut g, &["done"]);
    assert!(
        g.player(el).used_upgrades.is_empty(),
        "declined stays ready"
    );
}

#[test]
fn corsair_raid_is_spent_when_the_strike_is_made() {
    let (mut g, void, third) = corsair_raid_offered();
    play(&mut g, &[&format!("strike {void} -> {third}")]);
    // The strike is made: the Cultist there is destroyed.
    if legal(&g).contains(&"damage cultist".into()) {
        play(&mut g, &["damage cultist"]);
    }
    assert!(units(&g, third, CH).is_empty(), "{:?}", legal(&g));
    let el = g.seat_of(EL).unwrap();
    assert!(g.player(el).used_upgrades.contains(&"Corsair Raid".into()));
}

// ----- "Cannot" is absolute -----

#[test]
fn cannot_is_absolute_fire_dragons_vengeance_blocks_defence_tokens_mirrored_by_weirdboyz() {
    let mut g = fight(
        s(EL, &[AspectWarrior], &[], "Fire Dragon's Vengeance"),
        s(ORK, &[OrkBoyz], &[], "Weirdboyz"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.defender.lasting = vec![herakon::engine::state::effect::Lasting {
                card: "Weirdboyz".into(),
                modifier: herakon::engine::state::effect::Modifier::MirrorTokens,
            }];
        },
    );
    // Fire Dragon's Vengeance: the Orks cannot gain defence tokens; then the Eldar gain two.
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    assert_eq!(
        side(&g, ATT).defence_tokens,
        2,
        "the Eldar's own tokens come"
    );
    assert_eq!(
        side(&g, DEF).defence_tokens,
        0,
        "Weirdboyz would copy them, but the Orks cannot gain defence tokens"
    );
}

#[test]
fn cannot_is_absolute_weirdboyz_still_copies_what_is_allowed() {
    // Without the ban, the same gain is copied in full.
    let mut g = fight(
        s(EL, &[AspectWarrior], &[], "Fire Dragon's Vengeance"),
        s(ORK, &[OrkBoyz], &[], "Weirdboyz"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.defender.lasting = vec![herakon::engine::state::effect::Lasting {
                card: "Weirdboyz".into(),
                modifier: herakon::engine::state::effect::Modifier::MirrorTokens,
            }];
        },
    );
    play(&mut g, &["card 1", "card 1", "done", "use"]);
    assert_eq!(side(&g, ATT).defence_tokens, 2);
    assert_eq!(side(&g, DEF).defence_tokens, 2);
}

// ----- Wave Serpent: into an enemy area, one new contested area -----

/// Sets the combat's winner and makes the loser retreat (or lose his units) next.
fn decide(p: &mut Position, winner: CombatRole) {
    let c = common::combat_mut(&mut p.phase);
    c.pending.clear();
    c.winner = Some(winner);
    c.step = CombatStep::Retreat {
        side: winner.other(),
    };
}

#[test]
fn wave_serpent_moves_units_into_an_adjacent_enemy_area_and_a_combat_follows_there() {
    let (area, origin, _) = places();
    let mut g = fight(
        s(EL, &[Falcon, AspectWarrior], &[M], "Wave Serpent"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |p| p.area_mut(origin).units.push(Unit::new(OrkBoyz)),
    );
    play(&mut g, &["card 1", "card 1", "use", "use"]);
    let mv = format!("move {area} -> {origin} aspect-warrior x1");
    assert!(legal(&g).contains(&mv), "{:?}", legal(&g));
    play(&mut g, &[&mv, "done"]);
    assert_eq!(types(&g, origin, EL), [AspectWarrior]);
    let next = combat(&g).next_combat.expect("a combat to follow");
    assert_eq!((next.area, next.attacker), (origin, EL));
    common::assert_produced(&g, "MovedIntoEnemy");
    // This combat ends (the Eldar win, the Ultramarines have nowhere to go but retreat); the
    // next one starts in the area the Aspect Warrior moved into.
    let mut p = g.position().clone();
    decide(&mut p, ATT);
    p.area_mut(area).units.retain(|u| u.owner() != UM);
    let g = Game::from_position(p, common::data()).unwrap();
    let c = combat(&g);
    assert_eq!(c.area, origin);
    assert_eq!(c.attacker.faction, Some(EL));
    assert_eq!(c.defender.faction, Some(ORK));
    assert_eq!(c.attacker.placed, [AspectWarrior], "no Advance moved it");
    assert_eq!(c.attack_origins, [area]);
}

#[test]
fn wave_serpent_only_one_new_contested_area_however_many_copies_are_played() {
    let (area, origin, third) = places();
    let mut g = fight(
        s(EL, &[Falcon, AspectWarrior], &[M], "Wave Serpent"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |p| {
            p.area_mut(origin).units.push(Unit::new(OrkBoyz));
            let c = common::combat_mut(&mut p.phase);
            // An earlier Wave Serpent already made `third` the new contested area.
            c.next_combat = Some(herakon::engine::state::combat_state::NextCombat {
                area: third,
                attacker: EL,
            });
        },
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    let l = legal(&g);
    assert!(
        !l.iter().any(|x| x.contains(&format!("-> {origin}"))),
        "the enemy-held {origin} would be a second new contested area: {l:?}"
    );
    let _ = area;
}

#[test]
fn wave_serpent_is_not_offered_without_a_unit_it_can_move() {
    // Only the level 2 Falcon: nothing of level 0-1 to move, so the morale die is not spent.
    let mut g = fight(
        s(EL, &[Falcon], &[M], "Wave Serpent"),
        s(UM, &[Scout], &[], "Blessed Power Armour"),
        |_| {},
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(faces(&g, ATT, M), 1, "the morale die is kept");
    assert!(
        !(kind(&g) == DecisionKind::CardAbility && g.faction(g.decision().unwrap().seat) == EL),
        "{:?}",
        legal(&g)
    );
}

// ----- Spend-to-do abilities only when they can do something -----

#[test]
fn spend_to_do_veteran_scouts_spends_no_die_without_a_unit_able_to_retreat() {
    // Both Scouts were placed by effects: none may retreat, so no morale die is offered.
    let mut g = fight(
        s(UM, &[Scout, Scout], &[M, M], "Veteran Scouts"),
        s(CH, &[Cultist], &[], "Dark Faith"),
        |p| {
            let c = common::combat_mut(&mut p.phase);
            c.attacker.placed = vec![Scout, Scout];
        },
    );
    play(&mut g, &["card 1", "card 1", "use", "option 1", "option 2"]);
    // The unit ability (spend morale dice to retreat) is not even offered.
    let d = g.decision().unwrap();
    assert!(
        !(d.kind == DecisionKind::CardAbility && g.faction(d.seat) == UM),
        "{:?}",
        legal(&g)
    );
    assert_eq!(faces(&g, ATT, M), 2);
}

// ----- Component limits: twelve asset tokens of each kind -----

#[test]
fn component_limits_a_free_reinforcement_token_comes_from_the_supply_of_twelve() {
    // Ten held by the players and two in this combat: the supply is empty, so Sea of Green
    // adds no token.
    let mut g = fight(
        s(ORK, &[OrkBoyz, OrkBoyz], &[], "Sea of Green"),
        s(UM, &[Scout], &[M], "Faith in the Emperor"),
        |p| {
            for pl in &mut p.players {
                pl.assets.reinforcement = if pl.faction == ORK { 1 } else { 3 };
            }
            let c = common::combat_mut(&mut p.phase);
            c.attacker.reinforcements = vec![false, false];
        },
    );
    assert_eq!(
        g.assets_in_supply(herakon::engine::state::ids::Asset::Reinforcement),
        0
    );
    play(&mut g, &["card 1", "card 1", "use"]);
    assert_eq!(side(&g, ATT).reinforcements, [false, false]);
    common::assert_produced(&g, "NoReinforcementLeft");
}

/// Moves the prepared fight from `here()` to a void of its system (a fight in a void), the
/// attack coming from a void next to it.
fn into_a_void(p: &mut Position) {
    let g = common::intro(4, 1);
    let b = g.board();
    let void = b
        .areas_of(here().system)
        .find(|x| !x.is_world())
        .unwrap()
        .id;
    let origin = b
        .area_neighbours(void)
        .find(|&n| b.area(n).is_some_and(|x| !x.is_world()))
        .unwrap();
    let units = std::mem::take(&mut p.area_mut(here()).units);
    p.area_mut(void).units = units;
    let c = common::combat_mut(&mut p.phase);
    c.area = void;
    c.attack_origins = vec![origin];
}

#[test]
fn gretchin_in_a_void_destroys_an_onslaught_attack_ship_and_the_opponent_destroys_a_unit_of_his_choice()
 {
    let mut g = fight(
        s(
            ORK,
            &[OnslaughtAttackShip, OnslaughtAttackShip],
            &[O],
            "Gretchin",
        ),
        s(
            UM,
            &[StrikeCruiser, BattleBarge],
            &[D],
            "Blessed Power Armour",
        ),
        |p| {
            into_a_void(p);
            forced(p, DEF, &[M]);
        },
    );
    let void = combat(&g).area;
    assert!(g.board().area(void).is_some_and(|x| !x.is_world()));
    play(&mut g, &["card 1", "card 1"]);
    // The general ability: a token of each kind, and the opponent's die (the one there is)
    // rerolled.
    play(&mut g, &["use"]);
    assert_eq!(side(&g, ATT).offence_tokens, 1);
    assert_eq!(side(&g, ATT).defence_tokens, 1);
    assert_eq!(side(&g, DEF).dice, [M], "the defence die rerolled");
    // The unit ability: one Onslaught Attack Ship of the Orks is destroyed, then the
    // Ultramarines choose which of their units to destroy.
    assert_eq!(kind(&g), DecisionKind::CardAbility);
    play(&mut g, &["use"]);
    assert_eq!(units(&g, void, ORK), [(OnslaughtAttackShip, false)]);
    assert_eq!(kind(&g), DecisionKind::OpponentCardChoice);
    assert_eq!(g.decision().unwrap().seat, g.seat_of(UM).unwrap());
    assert_eq!(legal(&g), ["pick strike-cruiser", "pick battle-barge"]);
    play(&mut g, &["pick battle-barge"]);
    assert_eq!(units(&g, void, UM), [(StrikeCruiser, false)]);
    assert_eq!(units(&g, void, ORK), [(OnslaughtAttackShip, false)]);
}
