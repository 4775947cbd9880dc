//! The rules a position's cards and remembered facts must obey beyond naming things that
//! exist: every card of a faction lies in exactly one place as often as the faction has it,
//! cards bought in pairs stay in pairs, what the position remembers (the last combat, a storm
//! that moved, an upgrade used) names what the game holds, and storms lie only where play can
//! have put them. A position breaking one of these loads, but legal play from it then loses or
//! doubles a card or builds a position that is refused (issue 25).

use std::collections::BTreeMap;

use crate::engine::data::{EventKind, GameData};
use crate::engine::rules::board::Board;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::Faction;
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::{PlayerState, Position};
use crate::engine::state::rule::Rule;
use crate::engine::state::setup_phase::SetupStep;

/// Rules Reference topics.
const COMBAT_CARDS: Rule = Rule::CombatCards;
const ORDER_UPGRADES: Rule = Rule::OrderUpgradeCards;
const SCHEMES: Rule = Rule::SchemeEventCards;
const STORMS: Rule = Rule::WarpStorms;

/// How often each name occurs.
fn counts<'a>(names: impl Iterator<Item = &'a CardName>) -> BTreeMap<&'a str, usize> {
    let mut out: BTreeMap<&str, usize> = BTreeMap::new();
    for n in names {
        *out.entry(n.as_str()).or_default() += 1;
    }
    out
}

/// Checks the cards, the remembered facts and the storms; reports through `say`.
pub(super) fn validate_cards(
    pos: &Position,
    data: &GameData,
    board: Option<&Board>,
    say: &mut dyn FnMut(Rule, String),
) {
    for p in &pos.players {
        combat_cards(pos, data, p, say);
        order_upgrades(pos, data, p, say);
        schemes(data, p, say);
    }
    last_combat(pos, board, say);
    storms(pos, say);
    eliminated(pos, say);
}

/// An eliminated player's pieces and order tokens left the board with him (Player
/// Elimination).
fn eliminated(pos: &Position, say: &mut dyn FnMut(Rule, String)) {
    for p in pos.players.iter().filter(|p| p.eliminated) {
        let f = p.faction;
        let pieces = pos
            .areas
            .values()
            .filter(|a| {
                a.units.iter().any(|u| u.owner() == f) || a.structures.iter().any(|s| s.owner == f)
            })
            .count();
        let tokens = pos
            .stacks
            .values()
            .flatten()
            .filter(|t| t.owner == f)
            .count();
        if pieces + tokens > 0 {
            say(
                Rule::PlayerElimination,
                format!(
                    "{} is eliminated but still has pieces in {pieces} area(s) and {tokens} order token(s) on the board",
                    f.name()
                ),
            );
        }
    }
}

/// The combat cards of a side in the combat being fought, if the faction fights in it.
fn in_combat(pos: &Position, faction: Faction) -> Vec<&CardName> {
    let Phase::Operations {
        step: OpStep::Combat(c),
        ..
    } = &pos.phase
    else {
        return Vec::new();
    };
    [&c.attacker, &c.defender]
        .into_iter()
        .filter(|s| s.faction == Some(faction))
        .flat_map(|s| s.hand.iter().chain(&s.chosen).chain(&s.played))
        .collect()
}

/// Each combat card of the faction exists twice (Combat Cards and Combat Upgrade Cards): the
/// two copies lie in the combat deck (or the combat being fought) or in the upgrade deck, and
/// together, since an upgrade is bought and a card returned as a pair.
fn combat_cards(
    pos: &Position,
    data: &GameData,
    p: &PlayerState,
    say: &mut dyn FnMut(Rule, String),
) {
    let who = p.faction.name();
    let fighting = in_combat(pos, p.faction);
    let deck = counts(p.combat_deck.iter().chain(fighting.iter().copied()));
    let upgrades = counts(p.combat_upgrades.iter());
    for card in data.combat_cards.iter().filter(|c| c.faction == p.faction) {
        let name = card.name.as_str();
        let (d, u) = (
            deck.get(name).copied().unwrap_or(0),
            upgrades.get(name).copied().unwrap_or(0),
        );
        if d + u != 2 {
            say(
                COMBAT_CARDS,
                format!(
                    "{who} has `{name}` {} times (combat deck and combat {d}, upgrade deck {u}); each combat card exists twice",
                    d + u
                ),
            );
        } else if d == 1 {
            say(
                COMBAT_CARDS,
                format!(
                    "{who} has one `{name}` in the combat deck and the other in the upgrade deck; cards are bought and returned in pairs"
                ),
            );
        }
    }
}

/// Each order upgrade of the faction exists once, in the upgrade deck or bought; an upgrade
/// used this round is one bought, used once, and none is used before the Operations Phase.
fn order_upgrades(
    pos: &Position,
    data: &GameData,
    p: &PlayerState,
    say: &mut dyn FnMut(Rule, String),
) {
    let who = p.faction.name();
    let deck = counts(p.order_upgrade_deck.iter());
    let bought = counts(p.order_upgrades.iter());
    for card in data
        .order_upgrades
        .iter()
        .filter(|c| c.faction == p.faction)
    {
        let name = card.name.as_str();
        let (d, b) = (
            deck.get(name).copied().unwrap_or(0),
            bought.get(name).copied().unwrap_or(0),
        );
        if d + b != 1 {
            say(
                ORDER_UPGRADES,
                format!(
                    "{who} has `{name}` {} times (upgrade deck {d}, bought {b}); each order upgrade exists once",
                    d + b
                ),
            );
        }
    }
    for (name, n) in counts(p.used_upgrades.iter()) {
        if !bought.contains_key(name) {
            say(
                ORDER_UPGRADES,
                format!("{who} used `{name}` this round, but has not bought it"),
            );
        }
        if n > 1 {
            say(
                ORDER_UPGRADES,
                format!(
                    "{who} used `{name}` {n} times this round; a used upgrade is turned face down"
                ),
            );
        }
    }
    let before_operations = matches!(pos.phase, Phase::Setup(_) | Phase::Planning { .. });
    if before_operations && !p.used_upgrades.is_empty() {
        say(
            ORDER_UPGRADES,
            format!(
                "{who} has {} order upgrade(s) turned face down before the Operations Phase; they turn face up at the end of each round",
                p.used_upgrades.len()
            ),
        );
    }
}

/// The play area holds schemes only, one at a time (a new scheme sends the old one back).
fn schemes(data: &GameData, p: &PlayerState, say: &mut dyn FnMut(Rule, String)) {
    let who = p.faction.name();
    for s in &p.schemes {
        let kind = data
            .event_cards
            .iter()
            .find(|c| c.faction == p.faction && c.name == *s)
            .map(|c| c.kind);
        if kind == Some(EventKind::Tactic) {
            say(
                SCHEMES,
                format!(
                    "{who} has the tactic `{s}` in play; a tactic resolves at once and goes back to the deck"
                ),
            );
        }
    }
    if p.schemes.len() > 1 {
        say(
            SCHEMES,
            format!(
                "{who} has {} schemes in play; a new scheme sends the one in play back to the deck",
                p.schemes.len()
            ),
        );
    }
}

/// The last combat fought was between two different factions of the game, on the board.
fn last_combat(pos: &Position, board: Option<&Board>, say: &mut dyn FnMut(Rule, String)) {
    let Some(last) = &pos.last_combat else {
        return;
    };
    for (f, who) in [(last.attacker, "attacker"), (last.defender, "defender")] {
        if pos.seat_of(f).is_none() {
            say(
                Rule::Combat,
                format!(
                    "the last combat's {who} is {}, a faction not in the game",
                    f.name()
                ),
            );
        }
    }
    if last.attacker == last.defender {
        say(
            Rule::Combat,
            format!("the last combat has {} on both sides", last.attacker.name()),
        );
    }
    if board.is_some_and(|b| !b.has_area(last.area)) {
        say(
            Rule::Combat,
            format!(
                "the last combat was fought in {}, which is not on the board",
                last.area
            ),
        );
    }
}

/// Storms are placed once the board is complete (Setup: the board is renamed then, and a
/// storm placed before would lie off it), and only a storm moved this Refresh Phase shows
/// its moved side.
fn storms(pos: &Position, say: &mut dyn FnMut(Rule, String)) {
    if let Phase::Setup(s) = &pos.phase
        && s.step != SetupStep::Storm
        && !pos.storms.is_empty()
    {
        say(
            STORMS,
            format!(
                "{} storm(s) lie on the board while its tiles are still placed; storms are placed once it is complete",
                pos.storms.len()
            ),
        );
    }
    // The game may end during the Refresh Phase, before the storms flip back.
    if !matches!(pos.phase, Phase::Refresh { .. } | Phase::GameOver { .. }) {
        for s in pos.storms.iter().filter(|s| s.moved) {
            say(
                STORMS,
                format!(
                    "the storm on {} shows that it moved, outside the Refresh Phase; storms flip back at the end of each round",
                    s.edge
                ),
            );
        }
    }
}
