//! Every rule invariant a position must obey, checked in one place. All violations are
//! reported, never only the first.

use crate::engine::state::rule::Rule;
use std::collections::BTreeMap;
use std::fmt;

use crate::engine::data::{GameData, UnitKind};
use crate::engine::rules::board::Board;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{Faction, Order, StructureKind};
use crate::engine::state::phase::{OpStep, Phase};
use crate::engine::state::position::Position;
use crate::engine::state::unit_type::UnitType;

/// One broken rule in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule, by its Rules Reference topic.
    pub rule: Rule,
    /// What breaks it, naming the place.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

/// Checks a position against every invariant and builds its board.
pub(super) fn validate(pos: &Position, data: &GameData) -> Result<Board, Vec<Violation>> {
    let mut v: Vec<Violation> = Vec::new();
    let mut say = |rule: Rule, message: String| v.push(Violation { rule, message });
    // A board under construction may have systems without a tile.
    let build = if matches!(pos.phase, Phase::Setup(_)) {
        Board::new_partial
    } else {
        Board::new
    };
    let board = match build(&pos.board, data) {
        Ok(b) => Some(b),
        Err(errors) => {
            for e in errors {
                say(Rule::Systems, e.to_string());
            }
            None
        }
    };
    let n = pos.players.len();
    if !(2..=4).contains(&n) {
        say(
            Rule::Setup,
            format!("a game has 2 to 4 players, this position has {n}"),
        );
    }
    let factions: Vec<Faction> = pos.players.iter().map(|p| p.faction).collect();
    for (i, f) in factions.iter().enumerate() {
        if factions[..i].contains(f) {
            say(Rule::Setup, format!("{} plays in two seats", f.name()));
        }
    }
    let c = &data.components;
    let in_game = |f: Faction| factions.contains(&f);

    // Asset tokens: the box holds `asset_tokens_each` of each kind (Component Limitations);
    // those held and those committed to the combat in progress (ruling
    // `committed-reinforcements-out-of-supply`) are all out of the supply.
    let committed = match &pos.phase {
        Phase::Operations {
            step: OpStep::Combat(cs),
            ..
        } => cs.attacker.reinforcements.len() + cs.defender.reinforcements.len(),
        _ => 0,
    };
    for asset in crate::engine::state::ids::Asset::TOKENS {
        let held: usize = pos
            .players
            .iter()
            .map(|p| usize::from(p.assets.get(asset)))
            .sum();
        let fighting = if asset == crate::engine::state::ids::Asset::Reinforcement {
            committed
        } else {
            0
        };
        if held + fighting > usize::from(c.asset_tokens_each) {
            say(
                Rule::ComponentLimitations,
                format!(
                    "{} {asset} tokens are out of the supply ({held} held by the players{}); the box holds {}",
                    held + fighting,
                    if fighting > 0 {
                        format!(", {fighting} committed to the combat")
                    } else {
                        String::new()
                    },
                    c.asset_tokens_each
                ),
            );
        }
    }

    // Players.
    for p in &pos.players {
        let who = p.faction.name();
        if p.materiel > c.max_materiel {
            say(
                Rule::Materiel,
                format!(
                    "{who} has {} materiel; the dial stops at {}",
                    p.materiel, c.max_materiel
                ),
            );
        }
        for (name, count) in [
            ("forge", p.assets.forge),
            ("cache", p.assets.cache),
            ("reinforcement", p.assets.reinforcement),
        ] {
            if count > c.max_assets_each {
                say(
                    Rule::Assets,
                    format!(
                        "{who} has {count} {name} tokens; at most {} of each",
                        c.max_assets_each
                    ),
                );
            }
        }
        for order in Order::ALL {
            let supply = p.orders.iter().filter(|o| **o == order).count();
            let events = p.event_tokens.iter().filter(|o| **o == order).count();
            let board = pos
                .stacks
                .values()
                .flatten()
                .filter(|t| t.owner == p.faction && t.order == order)
                .count();
            let resolving = usize::from(resolving_order(pos, p.faction) == Some(order));
            let total = supply + events + board + resolving;
            if total != usize::from(c.order_tokens_each) {
                say(
                    Rule::OrderTokens,
                    format!(
                        "{who} has {total} {order} tokens (play area {supply}, event deck {events}, board {board}); the faction has {}",
                        c.order_tokens_each
                    ),
                );
            }
        }
        let known = |name: &CardName, list: &mut dyn Iterator<Item = (&CardName, Faction)>| {
            let faction = p.faction;
            let mut found = false;
            for (n, f) in list {
                found |= n == name && f == faction;
            }
            found
        };
        for card in p.event_deck.iter().chain(&p.schemes) {
            if !known(
                card,
                &mut data.event_cards.iter().map(|c| (&c.name, c.faction)),
            ) {
                say(
                    Rule::EventCards,
                    format!("{who} holds `{card}`, which is not one of his event cards"),
                );
            }
        }
        for card in p.combat_deck.iter().chain(&p.combat_upgrades) {
            if !known(
                card,
                &mut data.combat_cards.iter().map(|c| (&c.name, c.faction)),
            ) {
                say(
                    Rule::CombatCards,
                    format!("{who} holds `{card}`, which is not one of his combat cards"),
                );
            }
        }
        let in_combat = match &pos.phase {
            Phase::Operations {
                step: OpStep::Combat(c),
                ..
            } => [&c.attacker, &c.defender]
                .into_iter()
                .filter(|s| s.faction == Some(p.faction))
                .map(|s| s.hand.len() + s.played.len() + usize::from(s.chosen.is_some()))
                .sum(),
            _ => 0,
        };
        if p.combat_deck.len() + in_combat != 10 {
            say(
                Rule::CombatCards,
                format!(
                    "{who} has {} combat cards (deck and combat); a combat deck always has ten",
                    p.combat_deck.len() + in_combat
                ),
            );
        }
        for card in p.order_upgrade_deck.iter().chain(&p.order_upgrades) {
            if !known(
                card,
                &mut data.order_upgrades.iter().map(|c| (&c.name, c.faction)),
            ) {
                say(
                    Rule::OrderUpgradeCards,
                    format!("{who} holds `{card}`, which is not one of his order upgrades"),
                );
            }
        }
        if usize::from(p.objectives) > usize::from(c.objective_tokens) {
            say(
                Rule::ObjectiveTokens,
                format!(
                    "{who} collected {} objective tokens; the faction has {}",
                    p.objectives, c.objective_tokens
                ),
            );
        }
    }

    // The board's contents.
    let mut units: BTreeMap<UnitType, usize> = BTreeMap::new();
    let mut structures: BTreeMap<StructureKind, usize> = BTreeMap::new();
    let mut control: BTreeMap<Faction, usize> = BTreeMap::new();
    let mut objectives: BTreeMap<Faction, usize> = BTreeMap::new();
    let between_orders = is_between_orders(&pos.phase);
    for (&id, area) in &pos.areas {
        let info = board.as_ref().and_then(|b| b.area(id));
        if board.is_some() && info.is_none() {
            say(Rule::Areas, format!("{id} is not on the board"));
        }
        for u in &area.units {
            *units.entry(u.unit).or_default() += 1;
            if !in_game(u.owner()) {
                say(
                    Rule::Units,
                    format!(
                        "{id} holds a {} of {}, a faction not in the game",
                        u.unit,
                        u.owner().name()
                    ),
                );
            }
            if let Some(info) = info {
                let ship = data.unit(u.unit).kind == UnitKind::Ship;
                if ship && info.is_world() {
                    say(
                        Rule::MovingShips,
                        format!("{id} is a world, but holds the ship {}", u.unit),
                    );
                }
                if !ship && !info.is_world() {
                    say(
                        Rule::Voids,
                        format!("{id} is a void, but holds the ground unit {}", u.unit),
                    );
                }
            }
        }
        for s in &area.structures {
            *structures.entry(s.kind).or_default() += 1;
            *control.entry(s.owner).or_default() += 1;
            if !in_game(s.owner) {
                say(
                    Rule::Structures,
                    format!(
                        "{id} holds a {} of {}, a faction not in the game",
                        s.kind,
                        s.owner.name()
                    ),
                );
            }
            if info.is_some_and(|i| !i.is_world()) {
                say(
                    Rule::Structures,
                    format!("{id} is a void; a structure can only be placed on a world"),
                );
            }
        }
        // Cards let a second structure of another kind join the first: Wraithbone Singers,
        // and The Emperor Protects (a bastion on a world with no bastion).
        let wraithbone = area.structures.len() == 2
            && area.structures[0].kind != area.structures[1].kind
            && (pos
                .players
                .iter()
                .any(|p| p.order_upgrades.iter().any(|u| u == "Wraithbone Singers"))
                || area
                    .structures
                    .iter()
                    .any(|s| s.kind == StructureKind::Bastion));
        if area.structures.len() > 1 && !wraithbone {
            say(
                Rule::Structures,
                format!(
                    "{id} holds {} structures; a world holds one",
                    area.structures.len()
                ),
            );
        }
        for &f in &area.objectives {
            *objectives.entry(f).or_default() += 1;
            if !in_game(f) {
                say(
                    Rule::ObjectiveTokens,
                    format!(
                        "{id} holds an objective token of {}, a faction not in the game",
                        f.name()
                    ),
                );
            }
            if info.is_some_and(|i| !i.is_world()) {
                say(
                    Rule::ObjectiveTokens,
                    format!("{id} is a void; objective tokens lie on worlds"),
                );
            }
        }
        let fighting = match &pos.phase {
            // An Advance contests one area, the first its moves made contested: the combat
            // that follows is fought there and nowhere else.
            Phase::Operations {
                step: OpStep::Advance(a),
                ..
            } => a
                .moves
                .iter()
                .map(|m| m.to)
                .find(|&to| pos.area(to).is_contested())
                .is_some_and(|to| to == id),
            Phase::Operations {
                step: OpStep::Combat(c),
                ..
            } => c.area == id || c.next_combat.is_some_and(|n| n.area == id),
            _ => false,
        };
        // A combat has two sides: a third faction there would be left in the area after it.
        if area.factions().len() > 2 {
            let names: Vec<&str> = area.factions().iter().map(Faction::name).collect();
            say(
                Rule::ContestedAreas,
                format!(
                    "{id} holds pieces of {}; an area is contested by two factions at most",
                    names.join(", ")
                ),
            );
        }
        if area.is_contested() && !fighting {
            let names: Vec<&str> = area.factions().iter().map(Faction::name).collect();
            say(
                Rule::ContestedAreas,
                format!(
                    "{id} holds pieces of {} outside a combat",
                    names.join(" and ")
                ),
            );
        }
        if between_orders && let Some(info) = info {
            let cap = usize::from(info.capacity(c.void_capacity));
            for f in area.factions() {
                let count = area.count_units(f);
                if count > cap {
                    say(
                        Rule::UnitCapacity,
                        format!(
                            "{id} holds {count} units of {} but its capacity is {cap} (checked after every order)",
                            f.name()
                        ),
                    );
                }
            }
        }
    }
    for (unit, count) in units {
        let max = usize::from(data.unit(unit).in_box);
        if count > max {
            say(
                Rule::ComponentLimitations,
                format!("{count} {unit} on the board; the box holds {max}"),
            );
        }
    }
    for (kind, count) in structures {
        let max = usize::from(data.structure(kind).in_box);
        if count > max {
            say(
                Rule::ComponentLimitations,
                format!("{count} {kind}s on the board; the box holds {max}"),
            );
        }
    }
    for (f, count) in control {
        if count > usize::from(c.structure_control_tokens) {
            say(
                Rule::ComponentLimitations,
                format!(
                    "{} controls {count} structures but has {} control tokens",
                    f.name(),
                    c.structure_control_tokens
                ),
            );
        }
    }
    for p in &pos.players {
        let on_board = objectives.get(&p.faction).copied().unwrap_or(0);
        if on_board + usize::from(p.objectives) > usize::from(c.objective_tokens) {
            say(
                Rule::ObjectiveTokens,
                format!(
                    "{} has {on_board} objective tokens on the board and {} collected; the faction has {}",
                    p.faction.name(),
                    p.objectives,
                    c.objective_tokens
                ),
            );
        }
    }

    // Stacks, storms, round.
    for (s, stack) in &pos.stacks {
        if board.as_ref().is_some_and(|b| !b.has_system(*s)) {
            say(
                Rule::Stack,
                format!("a stack lies on {s}, which is not on the board"),
            );
        }
        for t in stack {
            if !in_game(t.owner) {
                say(
                    Rule::OrderTokens,
                    format!(
                        "the stack on {s} holds a token of {}, not in the game",
                        t.owner.name()
                    ),
                );
            }
        }
    }
    if pos.storms.len() > usize::from(c.warp_storms) {
        say(
            Rule::WarpStorms,
            format!(
                "{} warp storms; the game has {}",
                pos.storms.len(),
                c.warp_storms
            ),
        );
    }
    for (i, s) in pos.storms.iter().enumerate() {
        if board.as_ref().is_some_and(|b| !b.has_edge(s.edge)) {
            say(
                Rule::WarpStorms,
                format!(
                    "a storm lies on {}, which is not an edge of the board",
                    s.edge
                ),
            );
        }
        if pos.storms[..i].iter().any(|o| o.edge == s.edge) {
            say(Rule::WarpStorms, format!("two storms lie on {}", s.edge));
        }
    }
    if !(1..=c.rounds).contains(&pos.round) {
        say(
            Rule::WinningAndLosing,
            format!("round {} is not 1-{}", pos.round, c.rounds),
        );
    }
    if pos.first_player.index() >= n {
        say(
            Rule::FirstPlayer,
            format!(
                "the first player is {}, but there are {n} players",
                pos.first_player
            ),
        );
    }
    if let Phase::Setup(s) = &pos.phase {
        super::construct::validate_setup(pos, s, data, &mut say);
    }
    let turn = match &pos.phase {
        Phase::Setup(s) => Some(s.turn),
        Phase::Planning { turn } | Phase::Operations { turn, .. } | Phase::Refresh { turn, .. } => {
            Some(*turn)
        }
        Phase::GameOver { .. } => None,
    };
    if let Some(t) = turn {
        if t.index() >= n {
            say(
                Rule::ActivePlayer,
                format!("it is {t}'s turn, but there are {n} players"),
            );
        } else if pos.players[t.index()].eliminated {
            say(
                Rule::PlayerElimination,
                format!("it is {t}'s turn, but that player is eliminated"),
            );
        }
    }
    super::validate_phase::validate_phase(pos, data, board.as_ref(), &mut say);
    super::validate_cards::validate_cards(pos, data, board.as_ref(), &mut say);
    let playing = !matches!(pos.phase, Phase::Setup(_) | Phase::GameOver { .. });
    if playing
        && pos
            .areas
            .values()
            .all(|a| a.units.is_empty() && a.structures.is_empty())
    {
        say(
            Rule::PlayerElimination,
            "no player has a unit or structure on the board: every player would be eliminated and the game could not go on"
                .to_string(),
        );
    }
    if let Phase::Planning { .. } = pos.phase {
        for p in &pos.players {
            let placed = pos
                .stacks
                .values()
                .flatten()
                .filter(|t| t.owner == p.faction)
                .count();
            if placed > 4 {
                say(
                    Rule::PlanningPhase,
                    format!(
                        "{} has {placed} order tokens on the board; each places four",
                        p.faction.name()
                    ),
                );
            }
        }
    }
    if !v.is_empty() {
        return Err(v);
    }
    board.ok_or_else(Vec::new)
}

/// The order a faction is resolving right now (its token is off the board but not yet back).
pub(crate) fn resolving_order(pos: &Position, faction: Faction) -> Option<Order> {
    let Phase::Operations { turn, step } = &pos.phase else {
        return None;
    };
    if pos.players.get(turn.index()).map(|p| p.faction) != Some(faction) {
        return None;
    }
    // Cards may resolve an order from another token (The Green Tide) or from none (Mob Up!).
    if pos.cards.no_token {
        return None;
    }
    let token = pos.cards.token;
    let order = match step {
        OpStep::Card(c) => match **c {
            crate::engine::state::card_step::CardStep::DreadRitual { .. } => Some(Order::Deploy),
            crate::engine::state::card_step::CardStep::Strike(_) => Some(Order::Advance),
            crate::engine::state::card_step::CardStep::Scheme { .. }
            | crate::engine::state::card_step::CardStep::Outmanoeuvre { .. } => None,
        },
        OpStep::Deploy(_) => Some(Order::Deploy),
        OpStep::Advance(_)
        | OpStep::Combat(_)
        | OpStep::OrbitalChoice { .. }
        | OpStep::Orbital(_) => Some(Order::Advance),
        OpStep::Dominate(_) => Some(Order::Dominate),
        OpStep::Strategize(_) => Some(Order::Strategize),
        OpStep::Reveal | OpStep::Revealed { .. } | OpStep::Capacity { .. } => None,
    };
    order.map(|o| token.unwrap_or(o))
}

/// Whether no order or event is being resolved, so capacities must hold.
fn is_between_orders(phase: &Phase) -> bool {
    match phase {
        Phase::Setup(_) | Phase::Planning { .. } | Phase::GameOver { .. } => true,
        Phase::Operations { step, .. } => matches!(step, OpStep::Reveal | OpStep::Revealed { .. }),
        // Event cards may crowd an area; the Refresh Phase checks capacity after every event.
        Phase::Refresh { .. } => false,
    }
}
