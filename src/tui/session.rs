//! The game as the table plays it, apart from what is on screen: who holds the keyboard, the
//! computer players and the move one of them has worked out, the forced moves played for an
//! absent person, the take-back on offer, the log of what happened, the end-game summary and
//! where the game is saved. Every change of the `Game` in the client goes through here; the
//! view ([`super::app::App`]) reads the game through the read-only [`Table`] it is lent and the
//! session through a shared reference, and asks for a change of either by an effect (a
//! [`Request`] for the session) that the client carries out.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::log::{LogLine, Tally};
use super::seats::Bots;
use crate::engine::report::summary::{GameSummary, summarize};
use crate::engine::{Action, Event, Game, Keyboard, Seat};

mod table;
pub use table::Table;

/// How many log lines are kept.
const LOG_KEEP: usize = 500;

/// At most this many forced actions are applied in a row without a person (a guard: a game
/// always reaches a real choice long before).
const FORCED_RUN: usize = 64;

/// Where a computer player's move is worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Deciding {
    /// On the spot, when the move is due (tests; the screen waits meanwhile).
    #[default]
    OnTheSpot,
    /// On a thread of its own, started by the terminal loop as the turn comes up; the move
    /// arrives as [`super::app::Msg::Thought`], so a long search never freezes the screen.
    Aside,
}

/// The state of the computer player's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BotTurn {
    /// When the turn was first drawn (its pause runs from there).
    pub since: Option<Duration>,
    /// Its move, worked out aside and not made yet.
    pub thought: Option<Action>,
    /// A key asked it to move as soon as it has decided.
    pub hurried: bool,
}

/// A person's last action that he may still take back ([`Game::can_undo_at`] with the
/// keyboard still his): offered on his screen, on the hand-off and during a computer player's
/// pause, until the next player takes the keyboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeBack {
    /// The seat that acted.
    pub seat: Seat,
    /// What it did, in the seat's own words (the face of a placed order token).
    pub own: String,
    /// What it did, as every seat may read it (no hidden face).
    pub public: String,
}

/// What `seat` just did with `action` (`before`: the game before it, `game` after it, `events`
/// what it produced), for the status line: in the seat's own words (the choice as its list
/// showed it) and in words every seat may read (the first log line it wrote, or the choice
/// with its hidden part left out). Never the action's notation (`use`, `option 2`, `done`).
#[must_use]
pub fn done_words(
    before: &Game,
    game: &Game,
    seat: Seat,
    action: Action,
    events: &[Event],
) -> (String, String) {
    if let Action::Place { order, system } = action {
        return (
            format!("{order} order placed on {system}"),
            format!("{} placed an order token on {system}", before.who(seat)),
        );
    }
    let words = super::scene::action_words(before, action);
    // A choice that quotes a card's text (`resolve Lure of Chaos: ...`) is named, not quoted.
    let own = match words.split_once(": ") {
        Some((head, _)) if head.starts_with("resolve ") || head.starts_with("discard ") => {
            head.to_string()
        }
        _ => words,
    };
    let public = match (events.first(), own.as_str()) {
        (Some(e), _) => game.with_names(&e.to_string()),
        (None, "done") => format!("{} is done with this step", before.who(seat)),
        (None, _) => format!(
            "{} chose: {}",
            before.who(seat),
            public_choice(before, seat, action)
        ),
    };
    let own = if own == "done" {
        "you are done with this step".to_string()
    } else {
        format!("you chose: {own}")
    };
    (own, public)
}

/// `seat`'s choice of `action` (in `game`, before it) in words every seat may read: what
/// another seat may be told of it ([`Game::action_as_seen`]) where that hides something, else
/// the choice's words told of the player (`their`, not `your`).
pub(crate) fn public_choice(game: &Game, seat: Seat, action: Action) -> String {
    let seen = game.action_as_seen(&action, seat, None);
    if seen == action.to_string() {
        crate::engine::rules::wording::third_person(
            &super::scene::action_words(game, action),
            "the opponent",
        )
    } else {
        seen
    }
}

/// An action taken back ([`Session::undo`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undone {
    /// The action taken back.
    pub last: Action,
    /// What was taken back, in words every seat may read.
    pub public: Option<String>,
}

/// A change of the session a view asks for ([`super::app::Effect::Session`]): the view only
/// reads the session (several views may share one), and the client carries these out with
/// [`Session::grant`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `seat`'s person takes the keyboard (see [`Session::take_keyboard`]).
    TakeKeyboard(Seat),
    /// The person at the keyboard gives it up (see [`Session::leave_keyboard`]).
    LeaveKeyboard,
    /// A computer player's turn comes on screen: its pause has not begun.
    BotTurn,
    /// The computer player's turn was first drawn at this time of the view's clock (its pause
    /// runs from there; a later time changes nothing).
    BotSeen(Duration),
    /// The move of the computer player deciding now, worked out aside, to be made when due.
    BotThought(Action),
    /// The combat boxes waiting are not shown on the screen (the hand-off shows the last one
    /// to the whole table instead).
    HideMoments,
    /// The combat box on screen (the oldest, when several wait) was closed.
    CloseMoment,
    /// Every combat box was seen (the table saw it on the hand-off).
    ForgetMoments,
    /// Save to `path` from now on; `then_quit`: leave once saved (asked from the not-saved
    /// box).
    SaveTo {
        /// The file to save to.
        path: PathBuf,
        /// Leave the client once the save succeeds.
        then_quit: bool,
    },
}

/// The session: the game's runtime at the table.
#[derive(Debug, Clone)]
pub struct Session {
    /// The computer players (every other seat is a person's).
    pub bots: Bots,
    /// The person holding the keyboard: the last one who took it at a hand-off (or the only
    /// person at the table). A decision of his never needs a hand-off.
    pub holder: Option<Seat>,
    /// Where computer players work out their moves (the terminal loop sets
    /// [`Deciding::Aside`]).
    pub deciding: Deciding,
    /// The computer player's turn.
    pub bot: BotTurn,
    /// How many forced actions (a single legal action that shows its seat nothing new) the
    /// client applied itself instead of handing the keyboard over.
    pub forced: usize,
    /// What the last [`Session::apply`] took for the person at the keyboard without asking,
    /// in his own words, for his status line (the view takes it).
    pub note: Option<String>,
    /// The last action of a person, while he may still take it back.
    pub takeback: Option<TakeBack>,
    /// Game events and client notes, oldest first.
    pub log: Vec<LogLine>,
    /// The combat the log is following, for its summary line.
    pub tally: Tally,
    /// How many log lines were ever written (the log keeps only the last [`LOG_KEEP`]).
    logged: usize,
    /// For the last actions applied: the history's length after each and [`Self::logged`]
    /// before its events, so an undo takes its lines out of the log again.
    log_marks: Vec<(usize, usize)>,
    /// For each seat: how many log lines had been written when it last gave up the keyboard,
    /// so its hand-off shows what happened since.
    seen: BTreeMap<Seat, usize>,
    /// The game's public events, typed, for the combat boxes and the round digest.
    pub chronicle: super::digest::Chronicle,
    /// A combat's reveal and result, waiting to be seen (see [`super::combat_result`]).
    pub moments: super::combat_result::Moments,
    /// For each seat: the history's length when it last gave up the keyboard, so its
    /// hand-off shows the digest of a phase that began since.
    digest_seen: BTreeMap<Seat, usize>,
    /// Once the game is over: its summary (winner, why, standings by round), computed once
    /// from the history.
    pub summary: Option<Arc<GameSummary>>,
    /// Where `s` saves (the file name it offers); the autosave goes beside it.
    pub save_path: PathBuf,
    /// Why no file holds the game as it is now (the last autosave failed), set by the caller.
    pub unsaved: Option<String>,
    /// A save with the save box was asked to leave afterwards (from the not-saved box).
    pub quit_after_save: bool,
    /// The seats whose person has no terminal connected to the host (`herakon host`): their
    /// turns say they are away.
    pub away: std::collections::BTreeSet<Seat>,
}

impl Session {
    /// The session of `game`, its log written from its history.
    #[must_use]
    pub fn new(game: &Game) -> Session {
        let (log, tally) = super::log::rebuild(game);
        let mut session = Session {
            bots: Bots::default(),
            holder: None,
            deciding: Deciding::OnTheSpot,
            bot: BotTurn::default(),
            forced: 0,
            note: None,
            takeback: None,
            logged: log.len(),
            log,
            tally,
            log_marks: Vec::new(),
            seen: BTreeMap::new(),
            chronicle: super::digest::rebuild(game),
            moments: super::combat_result::Moments::default(),
            digest_seen: BTreeMap::new(),
            summary: None,
            save_path: super::save::default_path(),
            unsaved: None,
            quit_after_save: false,
            away: std::collections::BTreeSet::new(),
        };
        session.sum_up(game);
        session
    }

    /// Carries out a change a view asked for.
    pub fn grant(&mut self, request: Request) {
        match request {
            Request::TakeKeyboard(seat) => self.take_keyboard(seat),
            Request::LeaveKeyboard => self.leave_keyboard(),
            Request::BotTurn => self.bot.since = None,
            Request::BotSeen(now) => {
                self.bot.since.get_or_insert(now);
            }
            Request::BotThought(action) => self.bot.thought = Some(action),
            Request::HideMoments => self.moments.on_screen.clear(),
            Request::CloseMoment => {
                self.moments.on_screen.pop_front();
            }
            Request::ForgetMoments => self.moments = super::combat_result::Moments::default(),
            Request::SaveTo { path, then_quit } => {
                self.save_path = path;
                self.quit_after_save = then_quit;
            }
        }
    }

    /// Whether a computer player holds `seat`.
    #[must_use]
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.bots.kind(seat).is_some()
    }

    /// The seats of people (not computer players).
    #[must_use]
    pub fn humans(&self, table: Table<'_>) -> Vec<Seat> {
        self.bots.humans(table.game)
    }

    /// The only person at the table, when exactly one seat is not a computer's.
    #[must_use]
    pub fn lone_human(&self, table: Table<'_>) -> Option<Seat> {
        match self.humans(table)[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// Whether a person deciding needs the keyboard handed over (it is not his, and at least
    /// two people play).
    #[must_use]
    pub fn needs_handoff(&self, table: Table<'_>, seat: Seat) -> bool {
        self.holder != Some(seat) && self.humans(table).len() >= 2
    }

    /// The person at the keyboard gives it up: the log he has read is remembered.
    pub fn leave_keyboard(&mut self) {
        if let Some(holder) = self.holder {
            self.seen.insert(holder, self.logged);
            self.digest_seen.insert(holder, self.chronicle.at());
        }
    }

    /// `seat`'s person takes the keyboard.
    pub fn take_keyboard(&mut self, seat: Seat) {
        if self.holder != Some(seat)
            && let Some(holder) = self.holder
        {
            self.seen.insert(holder, self.logged);
            self.digest_seen.insert(holder, self.chronicle.at());
        }
        self.holder = Some(seat);
    }

    /// The public log lines written since `seat` last gave up the keyboard (none when it never
    /// held it), oldest first.
    #[must_use]
    pub fn since_turn(&self, seat: Seat) -> &[LogLine] {
        let Some(&seen) = self.seen.get(&seat) else {
            return &[];
        };
        let first_kept = self.logged.saturating_sub(self.log.len());
        let from = seen.saturating_sub(first_kept).min(self.log.len());
        &self.log[from..]
    }

    /// The digest of the phase that ended since `seat` last gave up the keyboard, for its
    /// hand-off (`None` when no phase began since, or nothing happened in it).
    #[must_use]
    pub fn digest_for(&self, seat: Seat) -> Option<super::digest::Digest> {
        let since = self.digest_seen.get(&seat).copied().unwrap_or(0);
        self.chronicle.digests(Some(since)).0
    }

    /// Sums `game` up once it is over (winner, why, standings by round): after every change
    /// of the game, so the summary is there when the view shows the end.
    fn sum_up(&mut self, game: &Game) {
        if !game.is_over() {
            self.summary = None;
        } else if self.summary.is_none() {
            self.summary = summarize(game).map(Arc::new);
        }
    }

    /// How many log lines were ever written (the log keeps only the last ones).
    #[must_use]
    pub fn logged(&self) -> usize {
        self.logged
    }

    fn push_log(&mut self, line: LogLine) {
        self.logged += 1;
        self.log.push(line);
        if self.log.len() > LOG_KEEP {
            self.log.drain(..self.log.len() - LOG_KEEP);
        }
    }

    /// Takes out of the log the lines of the actions undone, so the history is `len` long
    /// again: the log tells what stands, with no trace of a take-back (a seat's slips are his).
    fn unlog(&mut self, len: usize) {
        while let Some(&(after, before)) = self.log_marks.last() {
            if after <= len {
                break;
            }
            self.log_marks.pop();
            let extra = self.logged.saturating_sub(before).min(self.log.len());
            self.log.truncate(self.log.len() - extra);
            self.logged = before;
        }
    }

    /// Writes the events of the action just applied into the log, marked so an undo can take
    /// them out again.
    fn record(&mut self, game: &Game, events: &[Event]) {
        self.log_marks.push((game.history().len(), self.logged));
        if self.log_marks.len() > LOG_KEEP {
            self.log_marks.remove(0);
        }
        for line in super::log::lines(game, events, &mut self.tally) {
            self.push_log(line);
        }
        self.chronicle.record(game.history().len(), events);
        if let Some(m) = super::combat_result::Moment::of(events, self.chronicle.events()) {
            // On screen only when a person is at the table to close it.
            let person = !self.bots.humans(game).is_empty();
            self.moments.push(m, person);
        }
    }

    /// Records the events of an action applied to the game elsewhere (a replay, a test), the
    /// game now as `table` shows it.
    pub fn applied(&mut self, table: Table<'_>, events: &[Event]) {
        self.takeback = None;
        self.forget_thought();
        self.record(table.game, events);
        self.sum_up(table.game);
    }

    /// Applies `action`, logs it, offers to take it back and plays the forced moves after it.
    /// Returns the events of the action and of the forced moves, in order (the guided game
    /// follows them).
    ///
    /// # Errors
    /// The engine refuses the action (its words); the game is unchanged.
    pub fn apply(&mut self, game: &mut Game, action: Action) -> Result<Vec<Event>, String> {
        self.forget_thought();
        self.note = None;
        let before = game.clone();
        let formal = super::log::formality_line(&before, action);
        let mut events = game.apply(action).map_err(|e| e.to_string())?;
        self.record(game, &events);
        if let Some(line) = formal {
            self.push_log(line);
        }
        self.offer_takeback(&before, game, action, &events);
        self.apply_forced(game, &mut events);
        self.sum_up(game);
        Ok(events)
    }

    /// Applies, one after the other, the decisions that need nobody:
    /// - a decision of the person at the keyboard that is a formality
    ///   ([`Game::formal_action`]: one answer that shows nobody anything and commits to
    ///   nothing, such as `done` with nothing left to do): applied, named on his status line
    ///   and in the log; `u` takes it back together with his own action before it;
    /// - a decision of a person away from the keyboard with a single legal action that shows
    ///   his seat nothing it did not see before (it would cost a hand-off).
    ///
    /// Each is logged as any action is, and its events are added to `all`.
    fn apply_forced(&mut self, game: &mut Game, all: &mut Vec<Event>) {
        for _ in 0..FORCED_RUN {
            let Some(d) = game.decision() else {
                return;
            };
            if self.is_bot(d.seat) {
                return;
            }
            if !self.needs_handoff(Table::new(game), d.seat) {
                if !self.apply_formality(game, all) {
                    return;
                }
                continue;
            }
            let legal = game.legal_actions();
            let [only] = legal[..] else {
                return;
            };
            let mut after = game.clone();
            let Ok(events) = after.apply(only) else {
                return;
            };
            if !game.shown_only_to(&after, d.seat).is_empty() {
                return;
            }
            let formal = super::log::formality_line(game, only);
            *game = after;
            self.forced += 1;
            // The last action is no longer the person's own.
            self.takeback = None;
            self.record(game, &events);
            if let Some(line) = formal {
                self.push_log(line);
            }
            all.extend(events);
        }
    }

    /// Applies the decision now if it is a formality ([`Game::formal_action`]) of the person at
    /// the keyboard; returns whether it did. The log says so in words every seat may read; the
    /// status line ([`Session::note`]) in the player's own.
    fn apply_formality(&mut self, game: &mut Game, all: &mut Vec<Event>) -> bool {
        let (Some(d), Some(only)) = (game.decision(), game.formal_action()) else {
            return false;
        };
        let own = super::scene::action_words(game, only);
        let formal = super::log::formality_line(game, only);
        let Ok(events) = game.apply(only) else {
            return false;
        };
        self.record(game, &events);
        self.push_log(formal.unwrap_or_else(|| LogLine {
            text: format!("{}: {own}", game.who(d.seat)),
            note: true,
        }));
        // The action's words first and whole; the short take-back hint last, so an 80-column
        // status line keeps what was done.
        let back = if self.takeback.is_some() {
            " · u undoes"
        } else {
            ""
        };
        self.note = Some(format!("only choice, done for you: {own}{back}"));
        all.extend(events);
        true
    }

    /// After a person's `action` (`before`: the game before it): offers to take it back while
    /// the engine allows it with the keyboard still his.
    fn offer_takeback(&mut self, before: &Game, game: &Game, action: Action, events: &[Event]) {
        self.takeback = None;
        let Some(seat) = before.decision().map(|d| d.seat) else {
            return;
        };
        if self.is_bot(seat)
            || game
                .can_undo_from_at(before, seat, Keyboard::WithActor)
                .is_err()
        {
            return;
        }
        let (own, public) = done_words(before, game, seat, action, events);
        self.takeback = Some(TakeBack { seat, own, public });
    }

    /// Takes back the last action for `asker`, whose keyboard is as `keyboard` says (see
    /// [`super::undo`]). With `keyboard_lost` (asked from a hand-off or a computer player's
    /// pause while two people or more play) nobody holds the keyboard afterwards: the actor
    /// must take it again.
    ///
    /// # Errors
    /// Why the engine does not allow it, in words for the asker.
    pub fn undo(
        &mut self,
        game: &mut Game,
        asker: Option<Seat>,
        keyboard: Keyboard,
        keyboard_lost: bool,
    ) -> Result<Undone, String> {
        // Formalities taken after the action go back with it (see `undo::undo_with`).
        let (before, last) = super::undo::undo_with(game, asker, keyboard)?;
        let actor = before.decision().map(|d| d.seat);
        let public = actor.map(|seat| match last {
            Action::Place { system, .. } => format!(
                "{} took back the order token placed on {system}",
                before.who(seat)
            ),
            other => format!(
                "{} took back: {}",
                before.who(seat),
                public_choice(&before, seat, other)
            ),
        });
        self.forget_thought();
        if keyboard_lost && self.humans(Table::new(&before)).len() > 1 {
            self.holder = None;
        }
        self.takeback = None;
        *game = before;
        self.unlog(game.history().len());
        self.chronicle.truncate(game.history().len());
        self.moments = super::combat_result::Moments::default();
        // The combat the log follows may have lost lines: follow it again.
        self.tally = super::log::rebuild(game).1;
        self.sum_up(game);
        Ok(Undone { last, public })
    }

    /// The computer player's move for the game `table` shows: the one worked out aside, or
    /// (deciding on the spot) one chosen now; `None` while it is still being worked out aside.
    pub fn bot_move(&mut self, table: Table<'_>) -> Option<Option<Action>> {
        let action = match self.bot.thought.take() {
            Some(action) => Some(action),
            None if self.deciding == Deciding::Aside => {
                self.bot.hurried = true;
                return None;
            }
            None => self.bots.choose(table.game),
        };
        self.bot.since = None;
        self.bot.hurried = false;
        Some(action)
    }

    /// Forgets a move worked out for the game as it was (the game has just changed).
    pub fn forget_thought(&mut self) {
        self.bot.thought = None;
        self.bot.hurried = false;
    }
}
