//! The rules a position's `phase` must obey, field by field: every seat it names exists, every
//! system, area and edge lies on the board, every card exists, belongs to the player the state
//! gives it to and is where the state says, dice and execution rounds stay within the game's
//! limits, and tokens within the box. A saved or hand-made position that passes these checks
//! cannot make the rules code index out of range or wait on a player who is not there.

use crate::engine::state::rule::Rule;
use std::collections::BTreeMap;

use crate::engine::data::GameData;
use crate::engine::rules::board::Board;
use crate::engine::state::card_name::CardName;
use crate::engine::state::card_step::CardStep;
use crate::engine::state::combat_state::{CombatSide, CombatState};
use crate::engine::state::ids::{AreaId, EdgeId, Faction, Seat, SystemId};
use crate::engine::state::phase::{OpStep, Phase, RefreshStep};
use crate::engine::state::position::Position;

/// The rule under which problems of a step in progress are reported.
const STEP: Rule = Rule::StepInProgress;
/// The rule for seats.
const SEATS: Rule = Rule::ActivePlayer;
/// The rule for cards.
const CARDS: Rule = Rule::Cards;
/// The rule for combat states.
const COMBAT: Rule = Rule::Combat;

/// What the checks need to know, and where they report.
struct Check<'a> {
    pos: &'a Position,
    data: &'a GameData,
    board: Option<&'a Board>,
    say: &'a mut dyn FnMut(Rule, String),
}

impl Check<'_> {
    fn seat(&mut self, seat: Seat, what: &str) -> Option<Faction> {
        let p = self.pos.players.get(seat.index()).map(|p| p.faction);
        if p.is_none() {
            (self.say)(
                SEATS,
                format!(
                    "{what} is {seat}, but there are {} players",
                    self.pos.players.len()
                ),
            );
        }
        p
    }

    fn system(&mut self, s: SystemId, what: &str) {
        if self.board.is_some_and(|b| !b.has_system(s)) {
            (self.say)(STEP, format!("{what} is {s}, which is not on the board"));
        }
    }

    fn area(&mut self, a: AreaId, what: &str) {
        if self.board.is_some_and(|b| !b.has_area(a)) {
            (self.say)(STEP, format!("{what} is {a}, which is not on the board"));
        }
    }

    fn area_in(&mut self, a: AreaId, system: SystemId, what: &str) {
        self.area(a, what);
        if a.system != system {
            (self.say)(
                STEP,
                format!("{what} is {a}, which is not in the active system {system}"),
            );
        }
    }

    fn edge(&mut self, e: EdgeId, what: &str) {
        if self.board.is_some_and(|b| !b.has_edge(e)) {
            (self.say)(
                STEP,
                format!("{what} is {e}, which is not a tile edge of the board"),
            );
        }
    }

    fn dice(&mut self, n: usize, what: &str) {
        let max = usize::from(self.data.die.max_per_side);
        if n > max {
            (self.say)(
                Rule::DiceLimit,
                format!("{what} has {n} dice; a side rolls at most {max}"),
            );
        }
    }

    /// An event card of `faction` by name.
    fn event_card(&mut self, faction: Faction, card: &str, what: &str) {
        if !self
            .data
            .event_cards
            .iter()
            .any(|c| c.faction == faction && c.name == card)
        {
            (self.say)(
                CARDS,
                format!(
                    "{what} is `{card}`, which is not an event card of {}",
                    faction.name()
                ),
            );
        }
    }

    /// A combat card of `faction` by name.
    fn combat_card(&mut self, faction: Faction, card: &str, what: &str) {
        if !self
            .data
            .combat_cards
            .iter()
            .any(|c| c.faction == faction && c.name == card)
        {
            (self.say)(
                CARDS,
                format!(
                    "{what} is `{card}`, which is not a combat card of {}",
                    faction.name()
                ),
            );
        }
    }

    /// Any card of the game by name (abilities being resolved may come from every kind).
    fn any_card(&mut self, card: &str, what: &str) {
        let known = self.data.event_cards.iter().any(|c| c.name == card)
            || self.data.combat_cards.iter().any(|c| c.name == card)
            || self.data.order_upgrades.iter().any(|c| c.name == card);
        if !known {
            (self.say)(
                CARDS,
                format!("{what} is `{card}`, which is no card of the game"),
            );
        }
    }
}

/// Checks every field of the position's phase; reports through `say`.
pub(super) fn validate_phase(
    pos: &Position,
    data: &GameData,
    board: Option<&Board>,
    say: &mut dyn FnMut(Rule, String),
) {
    let mut ck = Check {
        pos,
        data,
        board,
        say,
    };
    forced_dice(&mut ck);
    card_flags(&mut ck);
    match &pos.phase {
        // The setup has its own checks (`construct.rs`); its turn is checked with the others.
        Phase::Setup(_) => {}
        Phase::Planning { turn } => {
            // The next to place is a player with fewer than four tokens placed.
            if let Some(f) = ck.seat(*turn, "the player placing orders") {
                let placed = pos
                    .stacks
                    .values()
                    .flatten()
                    .filter(|t| t.owner == f)
                    .count();
                if placed >= 4 {
                    (ck.say)(
                        Rule::PlanningPhase,
                        format!(
                            "{} places an order token next, but has placed {placed}; each places four",
                            f.name()
                        ),
                    );
                }
            }
        }
        Phase::Operations { turn, step } => {
            if let Some(f) = ck.seat(*turn, "the player resolving orders") {
                op_step(&mut ck, f, step);
            }
        }
        Phase::Refresh { turn, step } => {
            if let Some(f) = ck.seat(*turn, "the player resolving events") {
                refresh_step(&mut ck, f, step);
            }
        }
        Phase::GameOver { winners, .. } => {
            if winners.is_empty() {
                (ck.say)(
                    Rule::WinningAndLosing,
                    "the game is over but has no winner".to_string(),
                );
            }
            for (i, w) in winners.iter().enumerate() {
                ck.seat(*w, "a winner");
                if winners[..i].contains(w) {
                    (ck.say)(
                        Rule::WinningAndLosing,
                        format!("{w} is listed twice among the winners"),
                    );
                }
            }
        }
    }
    event_cards_once(&mut ck);
    reinforcements_in_box(&mut ck);
}

/// The faces set by hand for the next rolls are a queue the roll draws from, not dice on the
/// table: a roll takes as many as it rolls and drops the rest, so a sketch may set more faces
/// than a side rolls (the dice-limit puzzle sets nine to show that only eight are rolled). They
/// are bounded by the box, whose 16 dice are the 8 of each side.
fn forced_dice(ck: &mut Check<'_>) {
    let f = &ck.pos.forced_dice;
    let max = 2 * usize::from(ck.data.die.max_per_side);
    for (n, what) in [
        (f.attacker.len(), "the attacker's roll set by hand"),
        (f.defender.len(), "the defender's roll set by hand"),
    ] {
        if n > max {
            (ck.say)(
                Rule::DiceLimit,
                format!("{what} has {n} faces; the box holds only {max} dice"),
            );
        }
    }
}

fn card_flags(ck: &mut Check<'_>) {
    let flags = &ck.pos.cards;
    // The flags describe the order being resolved and are cleared when it ends.
    let resolving = match &ck.pos.phase {
        Phase::Operations { step, .. } => !matches!(
            step,
            OpStep::Reveal | OpStep::Revealed { .. } | OpStep::Capacity { .. }
        ),
        _ => false,
    };
    if !resolving && !flags.is_empty() {
        (ck.say)(
            CARDS,
            format!(
                "cards changed the order being resolved ({flags:?}), but no order is being resolved"
            ),
        );
    }
    if let Some(v) = flags.roks_void {
        ck.area(v, "the void Ork Roks let units pass");
    }
    if flags.roks_units > 2 {
        (ck.say)(
            CARDS,
            format!(
                "{} units passed through the Ork Roks void; it lets 2",
                flags.roks_units
            ),
        );
    }
    if flags.discount > ck.data.components.max_materiel {
        (ck.say)(
            CARDS,
            format!(
                "a discount of {} materiel is more than the dial holds",
                flags.discount
            ),
        );
    }
}

fn op_step(ck: &mut Check<'_>, faction: Faction, step: &OpStep) {
    match step {
        OpStep::Reveal => {}
        OpStep::Revealed { system, order } => {
            ck.system(*system, "the revealed order's system");
            let top = ck.pos.stacks.get(system).and_then(|s| s.last());
            if top.is_none_or(|t| t.owner != faction) {
                (ck.say)(
                    STEP,
                    format!(
                        "the order revealed on {system} is not {}'s token on top of that stack",
                        faction.name()
                    ),
                );
            } else if let Some(t) = top
                && t.order != *order
            {
                (ck.say)(
                    Rule::OrderTokens,
                    format!(
                        "the token revealed on {system} shows {}, but the step resolves {order}",
                        t.order
                    ),
                );
            }
        }
        OpStep::Deploy(d) => ck.system(d.system, "the Deploy order's system"),
        OpStep::Advance(a) => {
            ck.system(a.system, "the Advance order's system");
            for (s, what) in [
                (a.ship_origin, "the system ships came from"),
                (a.ground_origin, "the system ground units came from"),
            ] {
                if let Some(s) = s {
                    ck.system(s, what);
                }
            }
            for m in &a.moves {
                ck.area(m.from, "a move's start");
                ck.area_in(m.to, a.system, "a move's end");
                if m.unit.faction() != faction {
                    (ck.say)(
                        STEP,
                        format!(
                            "{} moved a {}, not one of its units",
                            faction.name(),
                            m.unit
                        ),
                    );
                }
            }
            for &f in &a.friendly_at_ground_start {
                ck.area(f, "an area friendly when ground movement began");
            }
        }
        OpStep::Dominate(d) => {
            ck.system(d.system, "the Dominate order's system");
            let icons = 4 * ck.board.map_or(0, |b| b.areas_of(d.system).count());
            if usize::from(d.prosperity_left) > icons {
                (ck.say)(
                    STEP,
                    format!(
                        "{} prosperity icons are left to resolve, more than {} has",
                        d.prosperity_left, d.system
                    ),
                );
            }
        }
        OpStep::Strategize(s) => ck.system(s.system, "the Strategize order's system"),
        OpStep::Combat(c) => combat(ck, faction, c),
        OpStep::OrbitalChoice { system } | OpStep::Capacity { system } => {
            ck.system(*system, "the active system");
        }
        OpStep::Orbital(o) => {
            ck.system(o.system, "the orbital strike's system");
            ck.area_in(o.void, o.system, "the void the strike comes from");
            ck.area_in(o.world, o.system, "the struck world");
            ck.dice(o.dice.len(), "the orbital strike");
        }
        OpStep::Card(c) => card_step(ck, faction, c),
    }
}

fn card_step(ck: &mut Check<'_>, faction: Faction, step: &CardStep) {
    match step {
        CardStep::DreadRitual { system } => ck.system(*system, "the Dread Ritual's system"),
        CardStep::Strike(s) => {
            ck.system(s.system, "the orbital strike's system");
            ck.area_in(s.void, s.system, "the void the strike comes from");
            ck.area_in(s.world, s.system, "the struck world");
            ck.dice(s.dice.len(), "the orbital strike");
            if let Some(t) = s.strafe_to {
                ck.system(t, "the system of the Strafing Run");
            }
            let player = ck.pos.seat_of(faction).and_then(|s| ck.pos.player(s));
            for u in &s.upgrades {
                if !player.is_some_and(|p| p.order_upgrades.contains(u)) {
                    (ck.say)(
                        CARDS,
                        format!(
                            "the orbital strike uses `{u}`, which {} has not bought",
                            faction.name()
                        ),
                    );
                }
            }
            for u in &s.used {
                ck.any_card(u, "an ability used in the orbital strike");
            }
        }
        CardStep::Outmanoeuvre { system, token } => {
            if let Some(s) = system {
                ck.system(*s, "the stack of Outmanoeuvre");
                let len = ck.pos.stacks.get(s).map_or(0, Vec::len);
                if let Some(t) = token
                    && !(1..=len).contains(&usize::from(*t))
                {
                    (ck.say)(
                        STEP,
                        format!("Outmanoeuvre names token {t} of {s}, whose stack holds {len}"),
                    );
                }
            }
        }
        CardStep::Scheme { card, from, to } => {
            ck.event_card(faction, card, "the scheme in use");
            for a in [from, to].into_iter().flatten() {
                ck.area(*a, "an area chosen by the scheme");
            }
        }
    }
}

fn side_cards(ck: &mut Check<'_>, side: &CombatSide, who: &str) {
    // An older save's set-aside cards went into their deck on load; some are left only where
    // no player of the side's faction holds a deck to take them.
    if !side.set_aside.is_empty() {
        (ck.say)(
            Rule::DiscardingCards,
            format!(
                "the {who} has discarded cards set aside ({}) and no player's deck to shuffle them into",
                side.set_aside.len()
            ),
        );
    }
    let Some(f) = side.faction else {
        return;
    };
    let cards = side
        .hand
        .iter()
        .chain(&side.chosen)
        .chain(&side.played)
        .chain(&side.revealed);
    for card in cards {
        ck.combat_card(f, card, &format!("a card of the {who}"));
    }
    for l in &side.lasting {
        ck.any_card(&l.card, &format!("a lasting effect of the {who}"));
    }
    ck.dice(side.dice.len(), &format!("the {who}"));
}

fn combat(ck: &mut Check<'_>, faction: Faction, c: &CombatState) {
    ck.system(c.system, "the combat's system");
    // A combat a card starts after this one (Wave Serpent moving units into an enemy area) is
    // fought in an area next to the active system, under the same Advance: the contested area
    // is in the combat's system or borders one of its areas.
    ck.area(c.area, "the contested area");
    let borders = |b: &Board| b.area_neighbours(c.area).any(|n| n.system == c.system);
    if c.area.system != c.system && !ck.board.is_some_and(borders) {
        (ck.say)(
            STEP,
            format!(
                "the contested area is {}, which is neither in the active system {} nor next to it",
                c.area, c.system
            ),
        );
    }
    for &o in &c.attack_origins {
        ck.area(o, "an area the attackers came from");
    }
    let in_game = |f: Option<Faction>| f.and_then(|f| ck.pos.seat_of(f)).is_some();
    for (side, who) in [(&c.attacker, "attacker"), (&c.defender, "defender")] {
        if !in_game(side.faction) {
            (ck.say)(
                COMBAT,
                format!(
                    "the {who} of the combat in {} is not a player of the game",
                    c.area
                ),
            );
        }
    }
    if c.attacker.faction.is_some() && c.attacker.faction == c.defender.faction {
        (ck.say)(
            COMBAT,
            format!(
                "the combat in {} has the same faction on both sides",
                c.area
            ),
        );
    }
    if c.attacker.faction != Some(faction) && c.defender.faction != Some(faction) {
        (ck.say)(
            COMBAT,
            format!(
                "{} resolves the order, but fights on neither side of the combat in {}",
                faction.name(),
                c.area
            ),
        );
    }
    side_cards(ck, &c.attacker, "attacker");
    side_cards(ck, &c.defender, "defender");
    combat_step(ck, c);
    // Wave Serpent: the side that moved on attacks there next.
    if let Some(n) = c.next_combat {
        ck.area(n.area, "the area of the combat that follows");
        if c.attacker.faction != Some(n.attacker) && c.defender.faction != Some(n.attacker) {
            (ck.say)(
                COMBAT,
                format!(
                    "the combat following the one in {} is fought by {}, who fights on neither side of it",
                    c.area,
                    n.attacker.name()
                ),
            );
        }
    }
    for (side, who) in [(&c.attacker, "attacker"), (&c.defender, "defender")] {
        for u in &side.placed {
            if Some(u.faction()) != side.faction {
                (ck.say)(
                    COMBAT,
                    format!(
                        "the {who} in {} has a {u} placed, a unit of another faction",
                        c.area
                    ),
                );
            }
        }
    }
    for p in &c.pending {
        ck.any_card(&p.card, "a card ability being resolved");
    }
    // Round 0 is the preparation before the first execution round (reinforcements, and card
    // abilities that resolve then).
    if c.round > 3 {
        (ck.say)(
            COMBAT,
            format!(
                "the combat in {} is in execution round {}; a combat has rounds 1-3 (0 while preparing)",
                c.area, c.round
            ),
        );
    }
}

/// What a combat step presupposes about the rest of the combat (Combat): who has chosen a
/// card face down, which side has committed reinforcements, which execution round it is,
/// who has won, and which cards let a side look at the other's face-down card.
fn combat_step(ck: &mut Check<'_>, c: &CombatState) {
    use crate::engine::state::combat_state::CombatStep;
    use crate::engine::state::die::CombatRole::{Attacker, Defender};
    let mut say = |m: String| (ck.say)(COMBAT, format!("the combat in {}: {m}", c.area));
    let step = &c.step;
    // A card lies face down from its choice until it is revealed: the attacker's while the
    // defender chooses, the defender's while the attacker's card resolves.
    for (role, may) in [
        (Attacker, *step == CombatStep::ChooseCard { side: Defender }),
        (Defender, *step == CombatStep::Resolve { side: Attacker }),
    ] {
        if c.side(role).chosen.is_some() && !may {
            say(format!(
                "the {} has a card face down at {step:?}; it is revealed before that",
                role_name(role)
            ));
        }
    }
    if *step == (CombatStep::ChooseCard { side: Defender }) && c.attacker.chosen.is_none() {
        say("the defender chooses a card, but the attacker has none face down".to_string());
    }
    let preparing = matches!(step, CombatStep::Reinforce { .. });
    if preparing != (c.round == 0) && !matches!(step, CombatStep::Retreat { .. }) {
        say(format!(
            "execution round {} at {step:?}; reinforcements are committed before round 1, cards chosen from it on",
            c.round
        ));
    }
    let (att, def) = match step {
        CombatStep::Reinforce { side: Attacker } => (false, false),
        CombatStep::Reinforce { side: Defender } => (true, false),
        // A combat won at once, with no unrouted defender, skips the reinforcements.
        CombatStep::Retreat { .. } => (c.attacker.reinforced, c.defender.reinforced),
        _ => (true, true),
    };
    if (att, def) != (c.attacker.reinforced, c.defender.reinforced) {
        say(format!(
            "at {step:?} the attacker has {}decided reinforcements and the defender has {}",
            if c.attacker.reinforced { "" } else { "not " },
            if c.defender.reinforced { "" } else { "not" }
        ));
    }
    for role in [Attacker, Defender] {
        if !c.side(role).reinforced && !c.side(role).reinforcements.is_empty() {
            say(format!(
                "the {} has reinforcement tokens in the fight before committing any",
                role_name(role)
            ));
        }
    }
    match (step, c.winner) {
        (CombatStep::Retreat { side }, Some(w)) if *side != w.other() => say(format!(
            "the {} retreats, but the {} won",
            role_name(*side),
            role_name(w)
        )),
        (CombatStep::Retreat { .. }, _) | (_, None) => {}
        (_, Some(w)) => say(format!(
            "the {} has won, but the combat is at {step:?}; the loser retreats next",
            role_name(w)
        )),
    }
    // Reconnaissance: the attacker looks at the defender's face-down card.
    for role in [Attacker, Defender] {
        let s = c.side(role);
        let looked = s.played.iter().chain(&s.revealed).any(|n| {
            ck.data
                .combat_cards
                .iter()
                .find(|d| d.name == *n)
                .is_some_and(|d| looks_at_card(&d.general_effect))
        });
        if s.saw_card && (role == Defender || !looked) {
            say(format!(
                "the {} looked at the other side's face-down card without playing a card that lets him",
                role_name(role)
            ));
        }
    }
}

fn role_name(role: crate::engine::state::die::CombatRole) -> &'static str {
    match role {
        crate::engine::state::die::CombatRole::Attacker => "attacker",
        crate::engine::state::die::CombatRole::Defender => "defender",
    }
}

/// Whether an ability looks at the opponent's face-down card.
fn looks_at_card(effects: &[crate::engine::state::effect::Effect]) -> bool {
    use crate::engine::state::effect::Effect;
    effects.iter().any(|e| match e {
        Effect::LookAtCard => true,
        Effect::SpendEach { each, .. } => looks_at_card(each),
        Effect::Choose { options } => options.iter().any(|o| looks_at_card(&o.effects)),
        Effect::Optional { effects, .. }
        | Effect::Repeat { effects, .. }
        | Effect::Opponent { effects, .. } => looks_at_card(effects),
        Effect::If {
            then, otherwise, ..
        } => looks_at_card(then) || looks_at_card(otherwise),
        _ => false,
    })
}

fn refresh_step(ck: &mut Check<'_>, faction: Faction, step: &RefreshStep) {
    match step {
        RefreshStep::ChooseEvent { drawn } => {
            if drawn.is_empty() {
                (ck.say)(
                    Rule::RefreshPhase,
                    format!("{} chooses among no drawn event cards", faction.name()),
                );
            }
            for c in drawn {
                ck.event_card(faction, c, "a drawn event card");
            }
        }
        RefreshStep::MoveStorm { card, ability } => {
            ck.event_card(faction, card, "the event card moving a storm");
            // A card revealed only to move a storm stays in the deck.
            let in_deck = ck
                .pos
                .seat_of(faction)
                .and_then(|s| ck.pos.player(s))
                .is_some_and(|p| p.event_deck.contains(card));
            if !ability && !in_deck {
                (ck.say)(
                    CARDS,
                    format!(
                        "`{card}` is revealed from {}'s event deck, but is not in it",
                        faction.name()
                    ),
                );
            }
        }
        RefreshStep::EventAbility { card } => {
            ck.event_card(faction, card, "the chosen event card");
        }
        RefreshStep::Tactic { card, area, drawn } => {
            ck.event_card(faction, card, "the tactic");
            if let Some(a) = area {
                ck.area(*a, "the area the tactic chose");
            }
            for c in drawn {
                ck.event_card(faction, c, "a card drawn by the tactic");
            }
        }
        RefreshStep::Prayer {
            card,
            from,
            to,
            holder,
            ..
        } => {
            ck.event_card(faction, card, "the event card moving a storm");
            ck.edge(*from, "the storm's edge before Prayer to the Dark Gods");
            ck.edge(*to, "the storm's edge after the move");
            if !ck.pos.storm_at(*to) || ck.pos.storm_at(*from) {
                (ck.say)(
                    Rule::WarpStorms,
                    format!(
                        "Prayer to the Dark Gods decides on the storm moved from {from} to {to}, but no storm lies on {to} or one still lies on {from}"
                    ),
                );
            }
            if let Some(h) = ck.seat(*holder, "the holder of Prayer to the Dark Gods")
                && !ck
                    .pos
                    .player(*holder)
                    .is_some_and(|p| p.schemes.iter().any(|s| s == "Prayer to the Dark Gods"))
            {
                (ck.say)(
                    CARDS,
                    format!(
                        "{} decides on Prayer to the Dark Gods without holding it",
                        h.name()
                    ),
                );
            }
        }
        RefreshStep::Capacity => {}
    }
}

/// The event cards out of the deck that the step holds (drawn, or chosen and in play).
fn event_cards_in_step(pos: &Position) -> Vec<&CardName> {
    match &pos.phase {
        Phase::Refresh { step, .. } => match step {
            RefreshStep::ChooseEvent { drawn } | RefreshStep::Tactic { drawn, .. } => {
                drawn.iter().collect()
            }
            RefreshStep::MoveStorm {
                card,
                ability: true,
            }
            | RefreshStep::Prayer {
                card,
                ability: true,
                ..
            }
            | RefreshStep::EventAbility { card } => vec![card],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Each event card is in exactly one place: deck, schemes and the step's cards together hold
/// each card of the faction once.
fn event_cards_once(ck: &mut Check<'_>) {
    let turn = match &ck.pos.phase {
        Phase::Refresh { turn, .. } => ck.pos.player(*turn).map(|p| p.faction),
        _ => None,
    };
    for p in &ck.pos.players {
        let mut held: BTreeMap<&CardName, usize> = BTreeMap::new();
        let step_cards = if turn == Some(p.faction) {
            event_cards_in_step(ck.pos)
        } else {
            Vec::new()
        };
        for c in p.event_deck.iter().chain(&p.schemes).chain(step_cards) {
            *held.entry(c).or_default() += 1;
        }
        // Every event card of the faction is somewhere: none is lost, none doubled.
        for card in ck
            .data
            .event_cards
            .iter()
            .filter(|c| c.faction == p.faction)
        {
            let n = held.get(&card.name).copied().unwrap_or(0);
            if n != 1 {
                (ck.say)(
                    Rule::EventCards,
                    format!(
                        "{} holds `{}` {n} times (deck, schemes and cards in play); the faction has one",
                        p.faction.name(),
                        card.name
                    ),
                );
            }
        }
    }
}

/// Reinforcement tokens in the play areas and in a combat come from one supply.
fn reinforcements_in_box(ck: &mut Check<'_>) {
    let in_combat = match &ck.pos.phase {
        Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } => c.attacker.reinforcements.len() + c.defender.reinforcements.len(),
        _ => 0,
    };
    let held: usize = ck
        .pos
        .players
        .iter()
        .map(|p| usize::from(p.assets.reinforcement))
        .sum();
    let max = usize::from(ck.data.components.asset_tokens_each);
    if held + in_combat > max {
        (ck.say)(
            Rule::ComponentLimitations,
            format!(
                "{} reinforcement tokens are in play ({in_combat} in the combat); the box holds {max}",
                held + in_combat
            ),
        );
    }
}
