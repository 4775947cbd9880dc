//! Learning the game at the table: the data of the guided first game (`herakon learn`), of the
//! rule behind the decision at hand (`r`), of the phase reminders (`e` turns them off) and of
//! the How to play screen (`H`), and where the guided game stands ([`Teach`]).
//!
//! Every text comes from one data file, `assets/learn.json`, in our own short words. Its steps
//! are keyed to decision kinds ([`DecisionKind`], by name) and typed event kinds
//! ([`Event::kind`]), never to screen text, so they survive engine changes; a step suggests an
//! action in the engine's notation, and a wrong but legal choice is allowed and explained.
//! The view state keeps a [`Teach`] and tells it what happened; `super::guide` draws it.

use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use super::seats::Bots;
use super::settings::Settings;
use crate::bot::BotKind;
use crate::engine::{Action, Decision, DecisionKind, Event, Game, GameData, NewGameOptions, Seat};

/// The data file of the guided game, the rules of each decision and the How to play screen.
pub const LEARN_JSON: &str = include_str!("../../assets/learn.json");

/// The whole of `assets/learn.json`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The seed of the guided game, so every walk-through plays the same.
    pub seed: u64,
    /// The person's seat, 1 or 2.
    pub person: u8,
    /// The computer player of the other seat (`heuristic`).
    pub computer: String,
    /// The walk-through, in order.
    pub steps: Vec<Step>,
    /// One line for the start of each phase.
    pub phases: Vec<PhaseTip>,
    /// The How to play screen: five sections.
    pub howto: Vec<Section>,
    /// The rule behind each kind of decision.
    pub rules: Vec<RuleEntry>,
}

/// One step of the guided game.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A short name (for tests and messages).
    pub id: String,
    /// The kind of the person's decision this step explains (a [`DecisionKind`] name); the
    /// step waits for it and ends when the person acts.
    #[serde(default)]
    pub decision: Option<String>,
    /// The kind of event that brings this step up (an [`Event::kind`] name); it ends with `n`.
    #[serde(default)]
    pub event: Option<String>,
    /// The box's title.
    pub title: String,
    /// What is happening.
    pub now: String,
    /// What the choice means.
    #[serde(default)]
    pub means: String,
    /// What a good choice might be.
    #[serde(default)]
    pub tip: String,
    /// The suggested action, in the engine's notation.
    #[serde(default)]
    pub action: Option<String>,
    /// Said when the person chose another legal action.
    #[serde(default)]
    pub other: Option<String>,
    /// The keys the person is told to type: `#` stands for the suggested action's number.
    pub keys: Vec<String>,
    /// The Rules Reference topic to read more.
    pub topic: String,
}

/// The reminder at the start of a phase.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseTip {
    /// The event kind that starts the phase (`RoundBegins`, `OperationsBegins`,
    /// `RefreshBegins`).
    pub event: String,
    /// The line.
    pub line: String,
}

/// A section of the How to play screen.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Its heading.
    pub title: String,
    /// Five short lines.
    pub lines: Vec<String>,
    /// The Rules Reference topic to read more.
    pub topic: String,
}

/// The rule behind one kind of decision.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleEntry {
    /// The [`DecisionKind`] name.
    pub kind: String,
    /// What this kind of decision is.
    pub what: String,
    /// The rule, in a few sentences.
    pub rule: String,
    /// Its Rules Reference topic.
    pub topic: String,
}

/// The course, read once from the embedded file.
///
/// # Errors
/// The embedded file does not parse (a test keeps it parsing).
pub fn course() -> Result<&'static Course, String> {
    static COURSE: OnceLock<Result<Course, String>> = OnceLock::new();
    COURSE
        .get_or_init(|| {
            let mut de = serde_json::Deserializer::from_str(LEARN_JSON);
            serde_path_to_error::deserialize(&mut de)
                .map_err(|e| format!("assets/learn.json: {} at {}", e.inner(), e.path()))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The name a data file uses for a kind of decision (the enum variant's name).
#[must_use]
pub fn kind_name(kind: DecisionKind) -> String {
    format!("{kind:?}")
}

/// The rule entry of a kind of decision.
#[must_use]
pub fn rule_of(course: &Course, kind: DecisionKind) -> Option<&RuleEntry> {
    let name = kind_name(kind);
    course.rules.iter().find(|r| r.kind == name)
}

/// The guided game: where the walk-through stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Guide {
    /// The current step's index (past the end: finished).
    pub at: usize,
    /// The event kinds seen since the current step became current.
    pub seen: Vec<&'static str>,
    /// What the box says first about the person's last choice, when it was not the one
    /// suggested.
    pub said: Option<String>,
    /// The steps whose suggestion the person did not follow, by id.
    pub strayed: Vec<String>,
    /// The step whose suggested action was last selected in the list.
    pub selected_for: Option<usize>,
}

/// The client's learning aids: the guide, the phase reminder on screen and the settings.
#[derive(Debug, Clone, Default)]
pub struct Teach {
    /// The guided game, while it runs.
    pub guide: Option<Guide>,
    /// The seat the person plays in the guided game.
    pub person: Option<Seat>,
    /// The phase reminder on screen (until the person's next action).
    pub tip: Option<String>,
    /// The settings (phase reminders on or off, first game played).
    pub settings: Settings,
    /// The settings changed and must be written (the terminal loop does it).
    pub dirty: bool,
}

/// Said on the status line when the guide's last step is done.
pub const GUIDE_OVER: &str =
    "Guided game over: play on against the computer (H how to play, r the rule)";

/// Said on the status line when the person leaves the guide.
pub const GUIDE_LEFT: &str = "guide closed: the game goes on as a normal game against the computer";

impl Teach {
    /// Whether the phase reminders are on.
    #[must_use]
    pub fn tips_on(&self) -> bool {
        self.settings.phase_tips_on()
    }

    /// Starts the guided game (the person plays `person`).
    pub fn start_guide(&mut self, person: Seat) {
        self.guide = Some(Guide::default());
        self.person = Some(person);
    }

    /// Starts the learning aids for `game` with `settings` (read by the caller): the phase
    /// reminder of the phase the game is in.
    pub fn begin(&mut self, game: &Game, settings: Settings) {
        self.settings = settings;
        self.tip = if self.tips_on() {
            phase_now(game).map(String::from)
        } else {
            None
        };
    }

    /// After an action was applied: `faced` is the decision it answered, `by_person` whether a
    /// person (not a computer player) made it, `over` whether the game is over now, `events`
    /// what it and the forced moves after it did. The guide moves on and the phase reminder follows the phase. Returns a note for
    /// the status line, if any.
    pub fn applied(
        &mut self,
        faced: Option<Decision>,
        by_person: bool,
        over: bool,
        action: Action,
        events: &[Event],
    ) -> Option<&'static str> {
        if by_person {
            self.tip = None;
        }
        if self.tips_on()
            && let Some(line) = events.iter().rev().find_map(|e| phase_line(e.kind()))
        {
            self.tip = Some(line.to_string());
        }
        if over && !self.settings.played {
            self.settings.played = true;
            self.dirty = true;
        }
        let person = self.person?;
        let guide = self.guide.as_mut()?;
        if faced.map(|d| d.seat) == Some(person) {
            guide.said = None;
            // Notes the person read past by acting are done.
            while let Some(s) = step(guide) {
                if s.decision.is_some() {
                    break;
                }
                next_step(guide);
            }
            if let Some(s) = step(guide)
                && is_open(s, guide, faced, person)
            {
                let wanted: Option<Action> = s.action.as_deref().and_then(|a| a.parse().ok());
                if wanted.is_some_and(|w| w != action) {
                    guide.strayed.push(s.id.clone());
                    guide.said = Some(said_text(s));
                }
                next_step(guide);
            }
        }
        guide.seen.extend(events.iter().map(Event::kind));
        self.finish_if_done()
    }

    /// `n`: the guide's next step (the current one is skipped). Returns a note when that
    /// ended the guide.
    pub fn skip_step(&mut self) -> Option<&'static str> {
        let g = self.guide.as_mut()?;
        g.said = None;
        next_step(g);
        self.finish_if_done()
    }

    /// `x`: leaves the guide; the game goes on.
    pub fn leave(&mut self) -> &'static str {
        self.guide = None;
        GUIDE_LEFT
    }

    /// `e`: the phase reminders on or off (remembered); returns the note that says which.
    /// `now` is the reminder of the phase the game is in ([`phase_now`]).
    pub fn toggle_tips(&mut self, now: Option<&'static str>) -> &'static str {
        let on = !self.tips_on();
        self.settings.phase_tips = Some(on);
        self.dirty = true;
        self.tip = if on { now.map(String::from) } else { None };
        if on {
            "phase reminders on (e: off)"
        } else {
            "phase reminders off (e: on)"
        }
    }

    /// Ends the guide once its last step is done.
    fn finish_if_done(&mut self) -> Option<&'static str> {
        let done = self.guide.as_ref().is_some_and(|g| step(g).is_none());
        if !done {
            return None;
        }
        self.guide = None;
        if !self.settings.played {
            self.settings.played = true;
            self.dirty = true;
        }
        Some(GUIDE_OVER)
    }

    /// The step on screen now, its suggested action's number (among `legal`, the actions of
    /// `decision`), and whether it is still to come.
    #[must_use]
    pub fn current(
        &self,
        decision: Option<Decision>,
        legal: &[Action],
    ) -> Option<(&'static Step, Option<usize>, bool)> {
        let guide = self.guide.as_ref()?;
        let person = self.person?;
        let s = step(guide)?;
        let open = is_open(s, guide, decision, person);
        let number = if open && s.decision.is_some() {
            suggested(s, legal)
        } else {
            None
        };
        Some((s, number, !open))
    }

    /// The number of the current step's suggested action, once per step (the list selects it
    /// so `Enter` does it); `None` when it was already offered or there is none.
    pub fn to_select(&mut self, decision: Option<Decision>, legal: &[Action]) -> Option<usize> {
        let Some((_, Some(number), false)) = self.current(decision, legal) else {
            return None;
        };
        let guide = self.guide.as_mut()?;
        if guide.selected_for == Some(guide.at) {
            return None;
        }
        guide.selected_for = Some(guide.at);
        Some(number)
    }
}

/// The guided game: the introductory setup for two, the person in the course's seat and the
/// computer player in the other, from the course's seed.
///
/// # Errors
/// The course does not load, or the game cannot be made from the data.
pub fn new_game(data: Arc<GameData>) -> Result<(Game, Bots, Seat), String> {
    let course = course()?;
    let options = NewGameOptions::intro(2, course.seed);
    let game = Game::new(&options, data).map_err(|e| e.to_string())?;
    let person = Seat(course.person.saturating_sub(1).min(1));
    let other = Seat(1 - person.0);
    let kind = course.computer.parse::<BotKind>()?;
    let mut bots = Bots {
        seed: course.seed,
        ..Bots::default()
    };
    bots.kinds.insert(other, kind);
    Ok((game, bots, person))
}

/// The reminder of the phase `game` is in.
#[must_use]
pub fn phase_now(game: &Game) -> Option<&'static str> {
    use crate::engine::state::phase::Phase;
    let event = match game.position().phase {
        Phase::Planning { .. } => "RoundBegins",
        Phase::Operations { .. } => "OperationsBegins",
        Phase::Refresh { .. } => "RefreshBegins",
        Phase::Setup(_) | Phase::GameOver { .. } => return None,
    };
    phase_line(event)
}

/// The reminder for the phase that an event of kind `event` starts.
fn phase_line(event: &str) -> Option<&'static str> {
    let course = course().ok()?;
    course
        .phases
        .iter()
        .find(|p| p.event == event)
        .map(|p| p.line.as_str())
}

/// The step a guide is at, if it is not finished.
fn step(guide: &Guide) -> Option<&'static Step> {
    course().ok()?.steps.get(guide.at)
}

/// Whether `step` is up now in `game` for the person in `seat`: a decision step when the
/// person faces that kind of decision, an event step once its event was seen, others at once.
fn is_open(step: &Step, guide: &Guide, decision: Option<Decision>, seat: Seat) -> bool {
    match (&step.decision, &step.event) {
        (Some(kind), _) => decision.is_some_and(|d| d.seat == seat && kind_name(d.kind) == *kind),
        (None, Some(event)) => guide.seen.iter().any(|e| e == event),
        (None, None) => true,
    }
}

/// The number in the list of legal actions `legal` of the suggested action of `step`, if it
/// is one of them.
#[must_use]
pub fn suggested(step: &Step, legal: &[Action]) -> Option<usize> {
    let wanted: Action = step.action.as_deref()?.parse().ok()?;
    legal.iter().position(|a| *a == wanted).map(|i| i + 1)
}

/// What the box says after the person chose another legal action than `step` suggested.
#[must_use]
pub fn said_text(step: &Step) -> String {
    format!(
        "Legal, not the tip: {}",
        step.other
            .as_deref()
            .unwrap_or("the game goes on from your choice.")
    )
}

/// Moves the guide to its next step.
fn next_step(guide: &mut Guide) {
    guide.at += 1;
    guide.seen.clear();
    guide.selected_for = None;
}
