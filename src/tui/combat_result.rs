//! A combat's two moments for the whole table, built from the engine's typed events (never
//! from the log's words): the reveal, when both combat cards of an execution round lie face
//! up, and the result at its end (the winner and why, each side's losses, routs and retreat,
//! the structures that changed hands, the cards played). Both are public: every seat reads
//! the same events in the log. The boxes are drawn by [`super::combat_box`].

use ratatui::text::{Line, Span};

use super::text::die_sign;
use super::theme::Theme;
use crate::engine::rules::{Dice, Event, WonBy};
use crate::engine::state::action::DamageTarget;
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{AreaId, Faction, StructureKind};
use crate::engine::state::unit_type::UnitType;

/// Why a combat ended as it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The defender had no unrouted unit or bastion: the attacker won at once.
    AtOnce,
    /// The engine's reason ([`WonBy`]).
    By(WonBy),
    /// Both sides lost every unit: nobody won.
    WipedOut,
    /// The events did not say (a combat cut short).
    Unknown,
}

/// One side of a combat, as its result tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// The faction.
    pub faction: Faction,
    /// The combat cards it turned face up, in order.
    pub cards: Vec<String>,
    /// The schemes (event cards) it used in the combat.
    pub schemes: Vec<String>,
    /// Its pieces destroyed, by name (`Cultist`, `reinforcement token`, `bastion`).
    pub destroyed: Vec<String>,
    /// Its pieces routed (by damage or a card), by name.
    pub routed: Vec<String>,
    /// Its units that retreated, and where to.
    pub retreat: Option<(usize, AreaId)>,
    /// Its structures destroyed in the combat.
    pub structures_lost: Vec<StructureKind>,
    /// The damage it suffered, execution round by execution round.
    pub damage: u32,
    /// Its dice as last rolled or rerolled.
    pub dice: Option<Dice>,
}

impl Side {
    fn new(faction: Faction) -> Side {
        Side {
            faction,
            cards: Vec::new(),
            schemes: Vec::new(),
            destroyed: Vec::new(),
            routed: Vec::new(),
            retreat: None,
            structures_lost: Vec::new(),
            damage: 0,
            dice: None,
        }
    }
}

/// A combat, from its first event to its last (or to now, while it goes on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatResult {
    /// The contested area.
    pub area: AreaId,
    /// The attacker.
    pub attacker: Side,
    /// The defender.
    pub defender: Side,
    /// Who won (`None`: nobody, or not yet).
    pub winner: Option<Faction>,
    /// Why.
    pub why: Why,
    /// The structures the winning attacker took over (how many).
    pub captured: usize,
    /// Whether the combat has ended.
    pub ended: bool,
}

/// The name of a piece, as the result lists it.
fn piece(target: DamageTarget) -> String {
    match target {
        DamageTarget::Unit { unit, .. } => unit.name().to_string(),
        DamageTarget::Reinforcement { .. } => "reinforcement token".to_string(),
        DamageTarget::Bastion => "bastion".to_string(),
    }
}

impl CombatResult {
    /// The combat that `events` (the events since the game began, oldest first) tell of last:
    /// from its [`Event::CombatBegins`] on. `None` if no combat began.
    #[must_use]
    pub fn last<'e>(events: impl DoubleEndedIterator<Item = &'e Event>) -> Option<CombatResult> {
        let mut tail: Vec<&Event> = Vec::new();
        for e in events.rev() {
            tail.push(e);
            if matches!(e, Event::CombatBegins { .. }) {
                tail.reverse();
                return CombatResult::of(tail);
            }
        }
        None
    }

    /// The combat the events tell of, starting with its [`Event::CombatBegins`].
    #[must_use]
    pub fn of<'e>(events: impl IntoIterator<Item = &'e Event>) -> Option<CombatResult> {
        let mut it = events.into_iter();
        let Some(Event::CombatBegins {
            area,
            attacker,
            defender,
        }) = it.next()
        else {
            return None;
        };
        let mut r = CombatResult {
            area: *area,
            attacker: Side::new(*attacker),
            defender: Side::new(*defender),
            winner: None,
            why: Why::Unknown,
            captured: 0,
            ended: false,
        };
        for e in it {
            if r.ended {
                break;
            }
            r.note(e);
        }
        Some(r)
    }

    /// The side of `faction` (`None` if it does not fight here).
    fn side(&mut self, faction: Faction) -> Option<&mut Side> {
        if self.attacker.faction == faction {
            Some(&mut self.attacker)
        } else if self.defender.faction == faction {
            Some(&mut self.defender)
        } else {
            None
        }
    }

    fn note(&mut self, event: &Event) {
        match event {
            Event::CardPlayed { faction, card } => {
                if let Some(s) = self.side(*faction) {
                    s.cards.push(card.to_string());
                }
            }
            Event::SchemeUsed { faction, card } => {
                if let Some(s) = self.side(*faction) {
                    s.schemes.push(card.to_string());
                }
            }
            Event::DiceRolled {
                attacker,
                attacker_dice,
                defender,
                defender_dice,
            } => {
                if let Some(s) = self.side(*attacker) {
                    s.dice = Some(*attacker_dice);
                }
                if let Some(s) = self.side(*defender) {
                    s.dice = Some(*defender_dice);
                }
            }
            Event::Rerolled { faction, now, .. } => {
                if let Some(s) = self.side(*faction) {
                    s.dice = Some(*now);
                }
            }
            Event::DamageSuffered { faction, damage } => {
                if let Some(s) = self.side(*faction) {
                    s.damage += u32::from(*damage);
                }
            }
            Event::PieceDamaged {
                faction,
                target,
                destroyed: true,
                ..
            }
            | Event::Destroyed { faction, target } => {
                if let Some(s) = self.side(*faction) {
                    s.destroyed.push(piece(*target));
                }
            }
            Event::AmbushDestroyed { faction } => {
                if let Some(s) = self.side(*faction) {
                    s.destroyed.push("routed unit".to_string());
                }
            }
            Event::Routed { faction, target } => {
                if let Some(s) = self.side(*faction) {
                    s.routed.push(piece(*target));
                }
            }
            Event::CannotRetreat { faction, units, .. } => {
                if let Some(s) = self.side(*faction) {
                    s.destroyed
                        .extend(units.iter().map(|u| UnitType::name(*u).to_string()));
                }
            }
            Event::NowhereToRetreat { faction, count } => {
                if let Some(s) = self.side(*faction) {
                    s.destroyed.extend(std::iter::repeat_n(
                        "unit with nowhere to retreat".to_string(),
                        *count,
                    ));
                }
            }
            Event::Retreated { faction, count, to } => {
                if let Some(s) = self.side(*faction) {
                    s.retreat = Some((*count, *to));
                }
            }
            Event::Razed { owner, kind, .. } => {
                if let Some(s) = self.side(*owner) {
                    s.structures_lost.push(*kind);
                }
            }
            Event::StructureLost { kind, .. } => {
                // The attacker took the structure but had no control token for it.
                let defender = self.defender.faction;
                if let Some(s) = self.side(defender) {
                    s.structures_lost.push(*kind);
                }
            }
            Event::Captured { count, .. } => self.captured += count,
            Event::WonAtOnce { attacker, .. } => {
                self.winner = Some(*attacker);
                self.why = Why::AtOnce;
            }
            Event::CombatWon { faction, by } => {
                self.winner = Some(*faction);
                self.why = Why::By(*by);
            }
            Event::WipedOut {} => {
                self.winner = None;
                self.why = Why::WipedOut;
            }
            Event::CombatEnds { .. } => self.ended = true,
            _ => {}
        }
    }

    /// The winner and why, in words (`name` names a faction's player).
    #[must_use]
    pub fn verdict(&self, name: &dyn Fn(Faction) -> String) -> (String, String) {
        let loser = |w: Faction| {
            if w == self.attacker.faction {
                self.defender.faction
            } else {
                self.attacker.faction
            }
        };
        match (self.winner, self.why) {
            (Some(w), Why::AtOnce) => (
                format!("{} wins", name(w)),
                format!("{} had no unrouted unit or bastion there", name(loser(w))),
            ),
            (Some(w), Why::By(WonBy::LastStanding)) => (
                format!("{} wins", name(w)),
                format!("{} has no unit left in the fight", name(loser(w))),
            ),
            (Some(w), Why::By(WonBy::Morale { winner, loser: l })) => (
                format!("{} wins", name(w)),
                if winner == l {
                    format!("morale {winner} against {l}: a tie goes to the defender")
                } else {
                    format!("morale {winner} against {l} after three rounds")
                },
            ),
            (Some(w), _) => (format!("{} wins", name(w)), String::new()),
            (None, Why::WipedOut) => (
                "Nobody wins".to_string(),
                "both sides are wiped out; the defender keeps his structures".to_string(),
            ),
            (None, _) => ("No winner yet".to_string(), String::new()),
        }
    }
}

/// `Cultist ×2, Scout`: names counted, in the order first seen.
fn counted(names: &[String]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for n in names {
        match seen.iter_mut().find(|(x, _)| *x == n.as_str()) {
            Some((_, c)) => *c += 1,
            None => seen.push((n.as_str(), 1)),
        }
    }
    seen.iter()
        .map(|(n, c)| {
            if *c > 1 {
                format!("{n} ×{c}")
            } else {
                (*n).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Dice as their faces, `✸✸ ▣ ✪` (`–` for none).
#[must_use]
pub fn faces(d: Dice) -> String {
    let groups: Vec<String> = [
        (DieFace::Offence, d.offence),
        (DieFace::Defence, d.defence),
        (DieFace::Morale, d.morale),
    ]
    .into_iter()
    .filter(|(_, n)| *n > 0)
    .map(|(f, n)| die_sign(f).to_string().repeat(usize::from(n)))
    .collect();
    if groups.is_empty() {
        "–".to_string()
    } else {
        groups.join(" ")
    }
}

/// The moments waiting to be seen: on the screen of the person at the keyboard (or during a
/// computer player's turn), each until a key closes it; and the last one again on the next
/// hand-off, for the whole table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moments {
    /// On screen, oldest first.
    pub on_screen: std::collections::VecDeque<Moment>,
    /// For the next hand-off.
    pub handoff: Option<Moment>,
}

impl Moments {
    /// A new moment: on screen (when a person is at the table to close it) and for the next
    /// hand-off.
    pub fn push(&mut self, moment: Moment, on_screen: bool) {
        if on_screen {
            self.on_screen.push_back(moment.clone());
        }
        self.handoff = Some(moment);
    }
}

/// The faces of the dice an event rolls or rerolls, to follow its words in the log:
/// ` · ✸✸ ▣ against ▣ ✪` (attacker's, then defender's), ` · now ✸ ▣▣`.
#[must_use]
pub fn dice_faces(event: &Event) -> Option<String> {
    match event {
        Event::DiceRolled {
            attacker_dice,
            defender_dice,
            ..
        } => Some(format!(
            " · {} against {}",
            faces(*attacker_dice),
            faces(*defender_dice)
        )),
        Event::Rerolled { now, .. } => Some(format!(" · now {}", faces(*now))),
        Event::StrikeRolled { dice, .. } | Event::Strike { dice, .. } => {
            Some(format!(" · {}", faces(*dice)))
        }
        _ => None,
    }
}

/// Both combat cards of an execution round face up: the moment the table turns them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reveal {
    /// The combat so far.
    pub combat: CombatResult,
}

/// A moment shown to the whole table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Moment {
    /// Both cards face up.
    Reveal(Reveal),
    /// A combat ended.
    Result(CombatResult),
}

impl Moment {
    /// The moment the events of one action bring, if any, with `chronicle` the events since
    /// the game began (those of the action included): a combat that ended, or the second card
    /// of an execution round turned face up (the defender's: the attacker's is revealed and
    /// resolved first, Rules Reference, Combat, "Resolve Combat Cards").
    #[must_use]
    pub fn of<'e>(
        action_events: &[Event],
        chronicle: impl DoubleEndedIterator<Item = &'e Event>,
    ) -> Option<Moment> {
        if action_events
            .iter()
            .any(|e| matches!(e, Event::CombatEnds { .. }))
        {
            // The combat that ended last (another may have begun after it: Wave Serpent).
            let upto: Vec<&Event> = chronicle
                .rev()
                .skip_while(|e| !matches!(e, Event::CombatEnds { .. }))
                .collect();
            return CombatResult::last(upto.into_iter().rev()).map(Moment::Result);
        }
        if !action_events
            .iter()
            .any(|e| matches!(e, Event::CardPlayed { .. }))
        {
            return None;
        }
        let current = CombatResult::last(chronicle)?;
        let defender_revealed = action_events.iter().any(
            |e| matches!(e, Event::CardPlayed { faction, .. } if *faction == current.defender.faction),
        );
        (defender_revealed && !current.ended).then_some(Moment::Reveal(Reveal { combat: current }))
    }

    /// The box's title.
    #[must_use]
    pub fn title(&self, area_label: &str) -> String {
        match self {
            Moment::Reveal(r) => {
                format!("Cards face up · combat at {} {area_label}", r.combat.area)
            }
            Moment::Result(r) => format!("Combat at {} {area_label} · result", r.area),
        }
    }

    /// The box's lines (`name`: a faction's player).
    #[must_use]
    pub fn lines(&self, name: &dyn Fn(Faction) -> String, theme: Theme) -> Vec<Line<'static>> {
        match self {
            Moment::Reveal(r) => reveal_lines(&r.combat, name, theme),
            Moment::Result(r) => result_lines(r, name, theme),
        }
    }
}

fn who_line(
    role: &str,
    f: Faction,
    name: &dyn Fn(Faction) -> String,
    theme: Theme,
) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{role} "), theme.title()),
        Span::styled(format!("{} {}", f.letter(), name(f)), theme.faction_bold(f)),
    ])
}

fn reveal_lines(
    c: &CombatResult,
    name: &dyn Fn(Faction) -> String,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (role, side, note) in [
        ("Attacker", &c.attacker, "resolved first"),
        ("Defender", &c.defender, "resolves now"),
    ] {
        lines.push(who_line(role, side.faction, name, theme));
        let card = side
            .cards
            .last()
            .cloned()
            .unwrap_or_else(|| "no card".into());
        lines.push(Line::from(vec![
            Span::raw("  plays "),
            Span::styled(card, theme.key()),
            Span::styled(format!(" ({note})"), theme.dim()),
        ]));
        if let Some(d) = side.dice {
            lines.push(Line::from(vec![
                Span::raw("  dice "),
                Span::styled(faces(d), theme.text()),
            ]));
        }
    }
    lines
}

fn result_lines(
    r: &CombatResult,
    name: &dyn Fn(Faction) -> String,
    theme: Theme,
) -> Vec<Line<'static>> {
    let (verdict, why) = r.verdict(name);
    let style = r.winner.map_or(theme.title(), |w| theme.faction_bold(w));
    let mut lines = vec![Line::from(Span::styled(verdict, style))];
    if !why.is_empty() {
        lines.push(Line::from(Span::styled(why, theme.text())));
    }
    for (role, side) in [("Attacker", &r.attacker), ("Defender", &r.defender)] {
        lines.push(who_line(role, side.faction, name, theme));
        let mut cards = side.cards.clone();
        cards.extend(side.schemes.iter().cloned());
        let facts = [
            ("cards", cards.join(", ")),
            ("destroyed", counted(&side.destroyed)),
            ("routed", counted(&side.routed)),
            (
                "retreats",
                side.retreat
                    .map(|(n, to)| format!("{n} unit{} to {to}", if n == 1 { "" } else { "s" }))
                    .unwrap_or_default(),
            ),
            (
                "structures lost",
                counted(
                    &side
                        .structures_lost
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>(),
                ),
            ),
        ];
        let mut any = false;
        for (label, text) in facts {
            if text.is_empty() {
                continue;
            }
            any = true;
            lines.push(Line::from(vec![
                Span::styled(format!("  {label}: "), theme.dim()),
                Span::styled(text, theme.text()),
            ]));
        }
        if !any {
            lines.push(Line::from(Span::styled("  no losses", theme.dim())));
        }
    }
    if r.captured > 0 {
        lines.push(Line::from(Span::styled(
            format!(
                "{} captures {} structure{} in {}",
                name(r.attacker.faction),
                r.captured,
                if r.captured == 1 { "" } else { "s" },
                r.area
            ),
            theme.key(),
        )));
    }
    lines
}
