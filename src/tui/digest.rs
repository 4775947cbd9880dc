//! The round digest: what happened in a phase (orders resolved, combats and their winners,
//! materiel and objectives gained), summed up from the engine's typed events when the next
//! phase or round begins. Shown on the hand-off after a phase began and on the `d` key. Public:
//! every seat reads the same events in the log.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use ratatui::text::{Line, Span};

use super::combat_result::{CombatResult, Why};
use super::theme::Theme;
use crate::engine::rules::Event;
use crate::engine::state::ids::{Faction, Order, SystemId};

/// How many events the chronicle keeps (a whole game holds a few thousand).
const KEEP: usize = 6000;

/// The public events of the game so far, each with the history length after the action that
/// produced it, so a take-back removes them again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chronicle {
    /// The events, oldest first.
    events: Vec<(usize, Event)>,
    /// The history length after the last action recorded.
    at: usize,
}

impl Chronicle {
    /// Records the events of the action that brought the history to `len` actions.
    pub fn record(&mut self, len: usize, events: &[Event]) {
        self.at = len;
        self.events.extend(events.iter().map(|e| (len, e.clone())));
        if self.events.len() > KEEP {
            self.events.drain(..self.events.len() - KEEP);
        }
    }

    /// Forgets the events of the actions after the first `len` (taken back).
    pub fn truncate(&mut self, len: usize) {
        self.events.retain(|(at, _)| *at <= len);
        self.at = len;
    }

    /// The history length after the last action recorded.
    #[must_use]
    pub fn at(&self) -> usize {
        self.at
    }

    /// The events, oldest first.
    #[must_use]
    pub fn events(&self) -> impl DoubleEndedIterator<Item = &Event> + Clone {
        self.events.iter().map(|(_, e)| e)
    }

    /// The round under way at the chronicle's `i`th event.
    fn round_at(&self, i: usize) -> u8 {
        self.events[..=i.min(self.events.len().saturating_sub(1))]
            .iter()
            .rev()
            .find_map(|(_, e)| match e {
                Event::RoundBegins { round, .. } => Some(*round),
                _ => None,
            })
            .unwrap_or(1)
    }

    /// Where the last phase or round began: the history length of its event and the index of
    /// the event in the chronicle. `None` if none began in the events kept.
    fn boundaries(&self) -> Vec<(usize, usize)> {
        self.events
            .iter()
            .enumerate()
            .filter(|(_, (_, e))| is_boundary(e))
            .map(|(i, (at, _))| (*at, i))
            .collect()
    }

    /// The digest of the phase that ended last (when a phase or round began after history
    /// length `since`, or at any time with `since` `None`), and that of the phase under way.
    #[must_use]
    pub fn digests(&self, since: Option<usize>) -> (Option<Digest>, Digest) {
        let b = self.boundaries();
        let (ended, current_from) = match b.as_slice() {
            [] => (None, 0),
            [(at, i)] => {
                let d = Digest::of(1, None, self.events[..*i].iter().map(|(_, e)| e));
                (since.is_none_or(|s| *at > s).then_some(d), *i)
            }
            [.., (_, j), (at, i)] => {
                let d = Digest::of(
                    self.round_at(*j),
                    Some(&self.events[*j].1),
                    self.events[j + 1..*i].iter().map(|(_, e)| e),
                );
                (since.is_none_or(|s| *at > s).then_some(d), *i)
            }
        };
        let start = b.last().map(|(_, i)| &self.events[*i].1);
        let now = Digest::of(
            b.last().map_or(1, |(_, i)| self.round_at(*i)),
            start,
            self.events[current_from..]
                .iter()
                .skip(usize::from(start.is_some()))
                .map(|(_, e)| e),
        );
        (ended.filter(|d| !d.is_empty()), now)
    }
}

/// Whether `e` begins a phase or a round.
fn is_boundary(e: &Event) -> bool {
    matches!(
        e,
        Event::RoundBegins { .. }
            | Event::OperationsBegins {}
            | Event::RefreshBegins {}
            | Event::SetupComplete { .. }
    )
}

/// What happened in one phase.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Digest {
    /// The phase, in words (`Operations Phase`), when its beginning is among the events kept.
    pub phase: Option<String>,
    /// Order tokens placed, by faction.
    pub placed: BTreeMap<Faction, usize>,
    /// Orders resolved, in order.
    pub orders: Vec<(Faction, Order, SystemId)>,
    /// Combats, in order.
    pub combats: Vec<CombatResult>,
    /// Materiel gained, by faction.
    pub materiel: BTreeMap<Faction, u32>,
    /// Objective tokens collected, by faction.
    pub objectives: BTreeMap<Faction, u32>,
    /// Units bought, by faction.
    pub bought: BTreeMap<Faction, usize>,
    /// Structures built, by faction.
    pub built: BTreeMap<Faction, usize>,
}

impl Digest {
    /// The digest of the events of one phase of `round`; `start` is the event that began it.
    #[must_use]
    pub fn of<'e>(
        round: u8,
        start: Option<&Event>,
        events: impl Iterator<Item = &'e Event>,
    ) -> Digest {
        // The game's first phase has no event of its own: round 1's Planning Phase.
        let phase = match start {
            None | Some(Event::SetupComplete { .. } | Event::RoundBegins { .. }) => {
                "Planning Phase".to_string()
            }
            Some(Event::OperationsBegins {}) => "Operations Phase".to_string(),
            Some(_) => "Refresh Phase".to_string(),
        };
        let mut d = Digest {
            phase: Some(format!("round {round} · {phase}")),
            ..Digest::default()
        };
        let all: Vec<&Event> = events.collect();
        for (i, e) in all.iter().enumerate() {
            match e {
                Event::OrderPlaced { faction, .. } => *d.placed.entry(*faction).or_default() += 1,
                Event::OrderResolved {
                    faction,
                    order,
                    system,
                } => d.orders.push((*faction, *order, *system)),
                Event::CombatBegins { .. } => {
                    if let Some(c) = CombatResult::of(all[i..].iter().copied()) {
                        d.combats.push(c);
                    }
                }
                Event::MaterielCollected { faction, kept, .. } => {
                    *d.materiel.entry(*faction).or_default() += kept;
                }
                Event::WorldMaterielCollected { faction, kept, .. } => {
                    *d.materiel.entry(*faction).or_default() += u32::from(*kept);
                }
                Event::MaterielGained {
                    faction, amount, ..
                } => *d.materiel.entry(*faction).or_default() += u32::from(*amount),
                Event::ObjectivesCollected { faction, count } => {
                    *d.objectives.entry(*faction).or_default() += u32::from(*count);
                }
                Event::UnitBought { faction, .. }
                | Event::DreadRitual { faction, .. }
                | Event::AbilityBought { faction, .. } => {
                    *d.bought.entry(*faction).or_default() += 1;
                }
                Event::StructureBuilt { faction, .. } => *d.built.entry(*faction).or_default() += 1,
                _ => {}
            }
        }
        d
    }

    /// Whether nothing worth a line happened.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
            && self.orders.is_empty()
            && self.combats.is_empty()
            && self.materiel.is_empty()
            && self.objectives.is_empty()
            && self.bought.is_empty()
            && self.built.is_empty()
    }

    /// The digest in lines (`name`: a faction's player), under `heading`.
    #[must_use]
    pub fn lines(
        &self,
        heading: &str,
        name: &dyn Fn(Faction) -> String,
        theme: Theme,
    ) -> Vec<Line<'static>> {
        let title = match &self.phase {
            Some(p) => format!("{heading} ({p})"),
            None => heading.to_string(),
        };
        let mut out = vec![Line::from(Span::styled(title, theme.title()))];
        if self.is_empty() {
            out.push(Line::from(Span::styled("  nothing yet", theme.dim())));
            return out;
        }
        let who =
            |f: Faction| Span::styled(format!("{} {}", f.letter(), name(f)), theme.faction_bold(f));
        let counts = |label: &str, m: &BTreeMap<Faction, usize>, out: &mut Vec<Line<'static>>| {
            for (f, n) in m {
                out.push(Line::from(vec![
                    Span::raw("  "),
                    who(*f),
                    Span::raw(format!(" {label} {n}")),
                ]));
            }
        };
        counts("placed order tokens:", &self.placed, &mut out);
        // Orders resolved, by player, in the order they were resolved.
        let mut by: Vec<(Faction, Vec<String>)> = Vec::new();
        for (f, order, system) in &self.orders {
            let text = format!("{} {system}", order.name());
            match by.iter_mut().find(|(x, _)| x == f) {
                Some((_, v)) => v.push(text),
                None => by.push((*f, vec![text])),
            }
        }
        for (f, orders) in by {
            out.push(Line::from(vec![
                Span::raw("  "),
                who(f),
                Span::raw(format!(" resolved {}", orders.join(", "))),
            ]));
        }
        for c in &self.combats {
            let (verdict, why) = c.verdict(name);
            let mut text = format!(
                "  combat at {}: {} attacked {}; {verdict}",
                c.area,
                name(c.attacker.faction),
                name(c.defender.faction)
            );
            if !why.is_empty() && !matches!(c.why, Why::Unknown) {
                let _ = write!(text, " ({why})");
            }
            if c.captured > 0 {
                let _ = write!(
                    text,
                    "; {} structure{} captured",
                    c.captured,
                    if c.captured == 1 { "" } else { "s" }
                );
            }
            out.push(Line::from(Span::styled(text, theme.text())));
        }
        counts("bought units:", &self.bought, &mut out);
        counts("built structures:", &self.built, &mut out);
        for (f, n) in &self.materiel {
            out.push(Line::from(vec![
                Span::raw("  "),
                who(*f),
                Span::raw(format!(" gained {n} materiel")),
            ]));
        }
        for (f, n) in &self.objectives {
            out.push(Line::from(vec![
                Span::raw("  "),
                who(*f),
                Span::raw(format!(
                    " collected {n} objective token{}",
                    if *n == 1 { "" } else { "s" }
                )),
            ]));
        }
        out
    }
}

/// The digest overlay's lines: the last combat's result, the phase that ended last and the
/// one under way.
#[must_use]
pub fn overlay_lines(
    chronicle: &Chronicle,
    name: &dyn Fn(Faction) -> String,
    theme: Theme,
) -> Vec<Line<'static>> {
    let (ended, now) = chronicle.digests(None);
    let mut out = Vec::new();
    if let Some(d) = ended {
        out.extend(d.lines("Last phase", name, theme));
        out.push(Line::from(""));
    }
    out.extend(now.lines("This phase so far", name, theme));
    if let Some(c) = CombatResult::last(chronicle.events()) {
        out.push(Line::from(""));
        out.push(Line::from(Span::styled(
            format!("The last combat, at {}", c.area),
            theme.title(),
        )));
        out.extend(
            super::combat_result::Moment::Result(c)
                .lines(name, theme)
                .into_iter()
                .map(|l| {
                    let mut spans = vec![Span::raw("  ")];
                    spans.extend(l.spans);
                    Line::from(spans)
                }),
        );
    }
    out
}

/// The chronicle of `game`, rebuilt from its history (the events as they were while it was
/// played); empty if the history does not replay.
#[must_use]
pub fn rebuild(game: &crate::engine::Game) -> Chronicle {
    let mut out = Chronicle::default();
    let Ok(mut g) = super::undo::rewind(game, 0) else {
        return out;
    };
    for action in game.history() {
        match g.apply(*action) {
            Ok(events) => out.record(g.history().len(), &events),
            Err(_) => break,
        }
    }
    out
}
