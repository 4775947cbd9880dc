//! The client's view state and its update function. `App` holds what the screen needs beyond
//! the session (which seat is on screen, cursor, selection, focus, scroll, the box open); a
//! message either changes that state or becomes a request to the [`Session`] (apply an
//! action, take one back), which alone changes the game's state. The view state holds neither
//! the session nor the game: the [`Client`](super::client::Client) lends it both for each
//! message, the game as the read-only [`Table`], and what it draws comes from one seat's
//! [`Scene`].

use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::{Position, Rect};

pub use super::keys::seat_key;
use super::keys::{self, Command, Step, When};
use super::layout::{Regions, header_rows, list_geometry, needed, popup_rows};
use super::scene::{Choice, Scene, concerns};
use super::session::{Deciding, Request, Session, Table, Undone};
use super::theme::Theme;
use crate::engine::{Action, AreaId, Decision, Event, Faction, Keyboard, Quadrant, Seat, SystemId};

/// How long the hand-off screen ignores every key after it appears: keys typed by the previous
/// player in a burst (a reflexive Enter or two) land in this pause and are dropped.
pub const HANDOFF_PAUSE: Duration = Duration::from_millis(400);

/// How long a computer player's turn stays on screen before it moves (any key: at once), so
/// the table can follow what it does.
pub const BOT_PAUSE: Duration = Duration::from_millis(700);

/// What fills the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// Everything hidden until the named seat takes the keyboard.
    Handoff(Seat),
    /// The board and panels of the seat on screen.
    Play,
    /// A computer player's turn: the public board (or the one person's own view, when only one
    /// person plays) until it moves, after [`BOT_PAUSE`] or at any key.
    Bot(Seat),
    /// The final board and the winners.
    GameOver,
    /// Another person, at a terminal of his own, decides (`herakon host`): this screen, of
    /// one seat or a spectator ([`Seating`]), shows its own view and what he is doing.
    Watch(Seat),
}

/// Whom a view is for: the whole table at one keyboard, or one seat at a terminal of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seating {
    /// Hot seat: one screen for the whole table; the keyboard passes with hand-offs.
    #[default]
    HotSeat,
    /// One seat's own terminal (`herakon host`): its view only, never a hand-off; the others'
    /// turns show its own board and what they are doing.
    Own(Seat),
    /// A spectator's terminal: the view of no seat (what every seat sees), never a hand.
    Spectator,
}

/// A box drawn over the screen, with what it shows and edits (so no box reads a field of
/// [`App`] that outlives it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing.
    None,
    /// The keys (scrolls).
    Help,
    /// The cards that matter to the decision, in full (scrolls).
    Cards,
    /// A faction's sheet (scrolls; left and right show the other factions).
    Sheet(Faction),
    /// The whole log (scrolls; opens at its end).
    Log,
    /// How to play: the goal, a round, the orders, combat, the end (scrolls).
    HowTo,
    /// The rule behind the decision at hand (scrolls).
    Rule,
    /// The round digest and the last combat's result (scrolls; see [`super::digest`]).
    Digest,
    /// A hint (#31): what the `normal` player would do in the person's place and why, in short
    /// lines (see [`crate::bot::hint::Hint::lines`]); closed on a hand-off.
    Hint(Vec<String>),
    /// "Really quit?"
    ConfirmQuit,
    /// "Really do this?" before an action whose slip is costly and final (see
    /// [`super::confirm`]).
    Confirm(Confirm),
    /// The file name to save to, being typed.
    SaveAs(SaveBox),
    /// "Replace the save?": the file chosen holds this game at a point not reached here.
    ReplaceSave(super::save::Replacing),
    /// Leaving was asked but the game could not be saved: save under another name, quit
    /// without saving, or go on playing.
    NotSaved(NotSaved),
}

/// The question of an [`Overlay::Confirm`] box and the action a yes applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirm {
    /// The action waiting for a yes.
    pub action: Action,
    /// The question, in the engine's terms.
    pub question: String,
}

/// The save box ([`Overlay::SaveAs`]): the name typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveBox {
    /// The file name being typed (prefilled with the current save's path).
    pub input: String,
    /// The box was opened from the not-saved box: the client leaves once the save succeeds.
    pub then_quit: bool,
}

/// The not-saved box ([`Overlay::NotSaved`]): why leaving could not save, and the other name
/// the save box would offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotSaved {
    /// Why the game could not be saved.
    pub why: String,
    /// The free file name offered for saving instead.
    pub offer: String,
}

/// Who put the action list's selection where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectedBy {
    /// The player (arrows, a number, a click) or the start of his turn: `Enter` acts.
    Player,
    /// The client, after the player's own action or take-back: the first `Enter` names it.
    Client,
}

/// Which panel the arrow keys move in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    /// The area cursor on the board.
    Board,
    /// The list of actions.
    Actions,
}

/// An input, already taken out of the terminal's event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Msg {
    /// A key press.
    Key(KeyCode, KeyModifiers),
    /// A left click at a screen cell.
    Click(u16, u16),
    /// The mouse wheel turned up (negative) or down (positive) over a screen cell.
    Wheel(u16, u16, i8),
    /// The terminal's new size.
    Resize(u16, u16),
    /// The terminal loop's clock: the time since the client started. The client reads no clock
    /// itself, so it stays testable; the hand-off pause runs on these ticks.
    Tick(Duration),
    /// The move of the computer player deciding now, worked out on a thread of its own for the
    /// game as it is (see [`super::thinker`]; the terminal loop sends it only while the game
    /// is unchanged since the work began).
    Thought(Action),
}

impl Msg {
    /// A key press without modifiers.
    #[must_use]
    pub fn key(code: KeyCode) -> Msg {
        Msg::Key(code, KeyModifiers::NONE)
    }

    /// The press of a character key.
    #[must_use]
    pub fn char(c: char) -> Msg {
        Msg::key(KeyCode::Char(c))
    }
}

/// What an update asks the outside world to do: the client carries out what concerns the game
/// and the session, and hands the rest (save, quit) to its caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Nothing.
    None,
    /// Apply this action (the session does, see [`Session::apply`]).
    Apply(Action),
    /// The computer player on screen moves now: its move worked out aside, or (deciding on the
    /// spot) one chosen now (see [`Session::bot_move`]).
    BotMove,
    /// A change of the session (see [`Request`]).
    Session(Request),
    /// Save the game to [`Session::save_path`](super::session::Session::save_path) (asking first if the file holds a point of this
    /// game not reached here).
    Save,
    /// Save the game to [`Session::save_path`](super::session::Session::save_path), also over a later point of this game: the players
    /// said yes.
    SaveOver,
    /// Take back the last action (see [`super::undo`]).
    Undo,
    /// Leave the client (once the game is saved).
    Quit,
    /// Leave the client without saving: the players chose it after a failed save.
    QuitUnsaved,
    /// Work out a hint for this seat, the person on screen deciding (see
    /// [`Client::hint`](super::client::Client::hint); the
    /// status already says it is being worked out).
    Hint(Seat),
}

pub use super::session::done_words;

/// The client's view of the session: what is on screen and where the cursor, selection,
/// focus, scroll and boxes are. Changes of the game go through [`Session`].
#[derive(Debug, Clone)]
pub struct App {
    /// Colours.
    pub theme: Theme,
    /// What fills the screen.
    pub screen: Screen,
    /// The seat whose view is on screen (`None` until the first hand-off).
    pub shown: Option<Seat>,
    /// A box over the screen.
    pub overlay: Overlay,
    /// Where the arrow keys act.
    pub focus: Focus,
    /// The area under the cursor.
    pub cursor: AreaId,
    /// Whether the action list shows only the actions concerning the cursor's area.
    pub filter: bool,
    /// The selected line of the (filtered) action list.
    pub selected: usize,
    /// The first choice of the action list on screen. Keys never set it: drawing moves it just
    /// enough to show the selection (see [`super::selection::first_shown`]) and keeps the value
    /// drawn, as ratatui's `ListState` keeps its offset, so the update never lays the list out.
    pub scroll: Cell<usize>,
    /// Who put the selection where it is: after an action of the player on screen it is the
    /// client's suggestion, and the first `Enter` on it only names it (see
    /// [`super::selection`]).
    pub selected_by: SelectedBy,
    /// The first line on screen of a scrolling overlay (help, cards, faction sheet, log). Keys
    /// move it freely (`End` to `usize::MAX`); drawing clamps it to the text's length and keeps
    /// the clamped value, as ratatui's `ListState` does, so the update never measures the text.
    pub overlay_scroll: Cell<usize>,
    /// Why the cursor's area offers the deciding seat nothing, in the engine's words.
    pub why: Vec<String>,
    /// The cursor, history length and seat `why` was asked for.
    pub why_key: Option<(AreaId, usize, Option<Seat>)>,
    /// Digits typed to choose an action by number.
    pub typed: String,
    /// How many lines the log is scrolled back from its end.
    pub log_back: usize,
    /// The terminal's size.
    pub size: Rect,
    /// The action a click just selected: a second click on it, right after, does it.
    pub armed: Option<Action>,
    /// A message for the seat on screen only (saved, typing errors, refusals), on the status
    /// line until the next key; cleared at every hand-off and never written into the log.
    pub flash: Option<String>,
    /// Where each seat left its cursor (the next player does not see where the last one looked).
    pub cursors: BTreeMap<Seat, AreaId>,
    /// In a replay: the status line's text (position in the history, the next action); the
    /// keys step through the history instead of playing.
    pub replay: Option<String>,
    /// Whether the end screen covers the board (`false`: the players inspect the board).
    pub summary_open: bool,
    /// The last [`Msg::Tick`]: the terminal loop's clock.
    pub clock: Duration,
    /// When the hand-off on screen was first drawn (the first tick after it appeared); `None`
    /// until then. Keys take the keyboard only [`HANDOFF_PAUSE`] after it.
    pub handoff_since: Option<Duration>,
    /// How many hand-offs this client has shown (the terminal loop drains the input typed
    /// before each new one).
    pub handoffs: usize,
    /// The learning aids: the guided game, the phase reminders and their settings (see
    /// [`super::learn`]).
    pub teach: super::learn::Teach,
    /// Whom this view is for (the hot seat's table, or one seat's own terminal).
    pub seating: Seating,
}

impl App {
    /// The view of `session` for the game `table` shows, on a terminal of `width` x
    /// `height`: the first screen hands the keyboard to the seat that decides first. Returns
    /// it with what the session is asked to change for that screen.
    #[must_use]
    pub fn new(
        session: &Session,
        table: Table<'_>,
        theme: Theme,
        width: u16,
        height: u16,
    ) -> (App, Vec<Request>) {
        App::seated(session, table, theme, (width, height), Seating::HotSeat)
    }

    /// [`App::new`] for the view `seating` says: a seat's own terminal or a spectator's shows
    /// that seat's view (or no seat's) and never hands the keyboard over.
    #[must_use]
    pub fn seated(
        session: &Session,
        table: Table<'_>,
        theme: Theme,
        (width, height): (u16, u16),
        seating: Seating,
    ) -> (App, Vec<Request>) {
        let mut app = App {
            theme,
            screen: Screen::Play,
            shown: None,
            overlay: Overlay::None,
            focus: Focus::Actions,
            cursor: AreaId::new(SystemId::new(0, 0), Quadrant::Nw),
            filter: false,
            selected: 0,
            scroll: Cell::new(0),
            selected_by: SelectedBy::Player,
            overlay_scroll: Cell::new(0),
            why: Vec::new(),
            why_key: None,
            typed: String::new(),
            log_back: 0,
            size: Rect::new(0, 0, width, height),
            armed: None,
            flash: None,
            cursors: BTreeMap::new(),
            replay: None,
            summary_open: false,
            clock: Duration::ZERO,
            handoff_since: None,
            handoffs: 0,
            teach: super::learn::Teach::default(),
            seating,
        };
        let asked = app.follow(session, table);
        app.keep_cursor_on_screen(table);
        (app, asked)
    }

    /// A message for the seat on screen (saved, a typing error, a refusal): shown on its status
    /// line only. It never goes into the log, which every seat reads.
    pub fn note(&mut self, text: impl Into<String>) {
        self.flash = Some(text.into());
    }

    /// Whether the hand-off on screen has been up for [`HANDOFF_PAUSE`], so a key may take the
    /// keyboard.
    #[must_use]
    pub fn handoff_ready(&self) -> bool {
        matches!(self.screen, Screen::Handoff(_))
            && self
                .handoff_since
                .is_some_and(|since| self.clock >= since + HANDOFF_PAUSE)
    }

    /// Whether a hand-off has just come up and not been drawn yet (its pause has not begun):
    /// the terminal loop then throws away the input typed before it.
    #[must_use]
    pub fn handoff_fresh(&self) -> bool {
        matches!(self.screen, Screen::Handoff(_)) && self.handoff_since.is_none()
    }

    /// Whether the terminal is too small for the board: nothing is drawn but a message, so no
    /// key may act (but the quit keys).
    #[must_use]
    pub fn too_small_in(&self, table: Table<'_>) -> bool {
        let (w, h) = needed(table.window(), table.player_count());
        self.size.width < w || self.size.height < h
    }

    /// The screen's regions for the game `table` shows.
    #[must_use]
    pub fn regions_in(&self, table: Table<'_>) -> Regions {
        table.scene(self.shown).regions(self.size)
    }

    /// The first screen row of the action list and how many actions it shows, counting the
    /// decision panel's header as it is drawn.
    #[must_use]
    pub fn list_rows_in(&self, table: Table<'_>) -> (u16, usize) {
        self.list_rows_of(&table.scene(self.shown))
    }

    /// [`App::list_rows_in`] for the scene on screen: under the decision panel's header as it
    /// is drawn (decision, odds line, count: [`header_rows`]).
    fn list_rows_of(&self, scene: &Scene<'_>) -> (u16, usize) {
        let prompt = scene.regions(self.size).prompt;
        let width = usize::from(prompt.width.saturating_sub(2));
        let kind = scene.decision_words().unwrap_or_default();
        list_geometry(
            prompt,
            header_rows(&kind, width, scene.prompt_odds().is_some()),
        )
    }

    /// The lines each choice the list shows now takes, as drawn: its words fitted to the
    /// list's width by [`super::fit::choice_lines`] (one line, or two for a choice no rule
    /// shortens enough), with `! ` before a choice the engine warns of. The drawing, the keys
    /// and the clicks all count rows from it, so they agree on what is on screen.
    #[must_use]
    pub fn list_lines(&self, scene: &Scene<'_>) -> Vec<Vec<String>> {
        let prompt = scene.regions(self.size).prompt;
        let inner_w = usize::from(prompt.width.saturating_sub(2));
        let num_w = scene.choices.len().to_string().len();
        let words: Vec<String> = self
            .visible(&scene.choices)
            .iter()
            .map(|c| {
                if c.warnings.is_empty() {
                    c.words.clone()
                } else {
                    format!("! {}", c.words)
                }
            })
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        super::fit::choice_lines(&words, inner_w.saturating_sub(num_w + 2), scene.board)
    }

    /// The choices the list shows now (all, or those concerning the cursor's area).
    #[must_use]
    pub fn visible<'c>(&self, choices: &'c [Choice]) -> Vec<&'c Choice> {
        choices
            .iter()
            .filter(|c| !self.filter || concerns(&c.action, self.cursor))
            .collect()
    }

    /// Where the board's cursor stands: while the list has the focus (unfiltered), on the
    /// selected choice's place ([`super::follow::Marks::cursor`]), else where it was moved.
    #[must_use]
    pub fn shown_cursor(&self, scene: &Scene<'_>) -> AreaId {
        if self.focus == Focus::Actions && !self.filter {
            let visible = self.visible(&scene.choices);
            super::follow::Marks::of(visible.get(self.selected).copied())
                .cursor(self.cursor)
                .unwrap_or(self.cursor)
        } else {
            self.cursor
        }
    }

    /// Leaves the cursor where the selected choice put it, before the board takes the focus.
    fn cursor_to_choice(&mut self, table: Table<'_>) {
        let scene = table.scene(self.shown);
        self.cursor = self.shown_cursor(&scene);
    }

    /// Moves to the screen the game's state calls for: the hand-off when another seat must
    /// decide, the final screen when the game is over. Returns what the session is asked to
    /// change (who holds the keyboard, the computer player's turn, the combat boxes).
    #[must_use]
    pub fn follow(&mut self, session: &Session, table: Table<'_>) -> Vec<Request> {
        if table.is_over() {
            if self.screen != Screen::GameOver {
                self.screen = Screen::GameOver;
                self.shown = None;
                self.focus = Focus::Board;
                self.filter = false;
                // The session sums a game up as soon as it is over.
                self.summary_open = session.summary.is_some();
            }
            return Vec::new();
        }
        let Some(d) = table.decision() else {
            return Vec::new();
        };
        if self.seating != Seating::HotSeat {
            return self.follow_seated(session, table, d.seat);
        }
        if session.is_bot(d.seat) {
            // A computer player needs no hand-off. The screen shows what every seat sees, or
            // the one person's own view when nobody else is at the table.
            if self.screen != Screen::Bot(d.seat) {
                self.leave_keyboard();
                self.screen = Screen::Bot(d.seat);
                self.shown = session.lone_human(table);
                self.reset_choice();
                return vec![Request::LeaveKeyboard, Request::BotTurn];
            }
            return Vec::new();
        }
        if self.shown == Some(d.seat) && self.screen == Screen::Play {
            // The same seat decides again.
            return Vec::new();
        }
        if !session.needs_handoff(table, d.seat) {
            // The keyboard is already with this person: no hand-off protects anything.
            self.take_keyboard(table, d.seat);
            return vec![Request::TakeKeyboard(d.seat)];
        }
        self.leave_keyboard();
        self.screen = Screen::Handoff(d.seat);
        self.shown = None;
        self.handoff_since = None;
        self.handoffs += 1;
        self.reset_choice();
        self.filter = false;
        self.focus = Focus::Actions;
        // The hand-off shows the last moment to the whole table instead.
        vec![Request::LeaveKeyboard, Request::HideMoments]
    }

    /// [`App::follow`] on a seat's own terminal or a spectator's (`decider` decides): the
    /// seat's own decision on its playing screen, every other turn on its own view (the
    /// public one for a spectator) with who is deciding; never a hand-off. Only the deciding
    /// seat's view asks for the keyboard: each person holds his own.
    fn follow_seated(
        &mut self,
        session: &Session,
        table: Table<'_>,
        decider: Seat,
    ) -> Vec<Request> {
        let own = match self.seating {
            Seating::Own(seat) => Some(seat),
            Seating::HotSeat | Seating::Spectator => None,
        };
        if session.is_bot(decider) {
            if self.screen != Screen::Bot(decider) {
                self.leave_keyboard();
                self.screen = Screen::Bot(decider);
                self.shown = own;
                self.reset_choice();
                return vec![Request::BotTurn];
            }
            return Vec::new();
        }
        if own == Some(decider) {
            if self.shown == own && self.screen == Screen::Play {
                return Vec::new();
            }
            self.take_keyboard(table, decider);
            return vec![Request::TakeKeyboard(decider)];
        }
        if self.screen != Screen::Watch(decider) {
            self.leave_keyboard();
            self.screen = Screen::Watch(decider);
            self.shown = own;
            self.reset_choice();
            self.filter = false;
            self.focus = Focus::Board;
        }
        Vec::new()
    }

    /// Another view took back an action (`public`: what was taken back, in words every seat
    /// may read): this one follows the game as it is now and says so, never in the actor's
    /// own words.
    #[must_use]
    pub fn taken_back_elsewhere(
        &mut self,
        session: &Session,
        table: Table<'_>,
        public: Option<String>,
    ) -> Vec<Request> {
        self.log_back = self.log_back.min(session.log.len());
        self.reset_choice();
        self.filter = false;
        let asked = self.follow(session, table);
        if let Some(words) = public {
            self.note(words);
        }
        asked
    }

    /// The person on screen leaves the keyboard: his cursor is kept for his next turn and his
    /// messages are his own (the session is asked to remember the log he has read).
    fn leave_keyboard(&mut self) {
        if let Some(before) = self.shown {
            self.cursors.insert(before, self.cursor);
        }
        self.flash = None;
        // A hint was worked out from this person's view: the next person never sees it.
        if matches!(self.overlay, Overlay::Hint(_)) {
            self.overlay = Overlay::None;
        }
    }

    /// `seat`'s person takes the keyboard: his view, his cursor (the session is asked to give
    /// it to him).
    fn take_keyboard(&mut self, table: Table<'_>, seat: Seat) {
        self.shown = Some(seat);
        self.screen = Screen::Play;
        self.reset_choice();
        self.focus = Focus::Actions;
        self.cursor = self
            .cursors
            .get(&seat)
            .copied()
            .unwrap_or_else(|| home_area(table, seat));
    }

    /// The computer players were set anew and nobody holds the keyboard (the session says
    /// who plays): moves to the screen the game calls for (the first hand-off goes only to a
    /// person, and not at all when only one person plays).
    #[must_use]
    pub fn reseated(&mut self, session: &Session, table: Table<'_>) -> Vec<Request> {
        self.shown = None;
        self.screen = Screen::Play;
        self.handoffs = 0;
        self.follow(session, table)
    }

    fn reset_choice(&mut self) {
        self.selected = 0;
        self.scroll.set(0);
        self.selected_by = SelectedBy::Player;
        self.typed.clear();
    }

    /// After a message was handled (and the session applied or took back what it asked):
    /// the guided game's suggestion selected, the cursor and the selection kept on screen, and
    /// the engine asked again why the cursor's area offers nothing.
    pub fn settle(&mut self, table: Table<'_>, msg: Msg) {
        self.preselect(table);
        self.keep_cursor_on_screen(table);
        if self.screen == Screen::Play && !matches!(msg, Msg::Tick(_) | Msg::Thought(_)) {
            self.keep_selection_on_the_list(table);
        }
        self.refresh_why_in(table);
    }

    /// Brings the cursor back inside the systems on screen when the board's window moved (a
    /// tile placed during construction, the finished board cut to its rectangle) or a seat's
    /// remembered cursor lies off it.
    pub fn keep_cursor_on_screen(&mut self, table: Table<'_>) {
        let at = table.window().clamp(self.cursor);
        let drawn = table.drawn_systems();
        // A blank corner of the window is no place for it: the nearest system drawn is.
        let system = drawn
            .iter()
            .copied()
            .min_by_key(|s| {
                (
                    s.col.abs_diff(at.system.col) + s.row.abs_diff(at.system.row),
                    s.row,
                    s.col,
                )
            })
            .filter(|_| !drawn.contains(&at.system))
            .unwrap_or(at.system);
        self.cursor = AreaId::new(system, at.quadrant);
    }

    /// Asks the engine again why the cursor's area offers nothing, when the cursor, the game
    /// or the seat on screen changed since the last answer.
    pub fn refresh_why_in(&mut self, table: Table<'_>) {
        let key = (self.cursor, table.history_len(), self.shown);
        if self.why_key == Some(key) {
            return;
        }
        self.why_key = Some(key);
        self.why = if self.screen == Screen::Play {
            table.why_not(self.shown, self.cursor)
        } else {
            Vec::new()
        };
    }

    /// The session applied `action` (`faced`: the decision it answered; `events`: its own
    /// and the forced moves' after it; `logged`: the log's length before): the log shows its
    /// end, the learning aids follow, the selection and the screen move on, and a question
    /// with one answer taken for the person is said on his status line.
    #[must_use]
    pub fn acted(
        &mut self,
        session: &Session,
        table: Table<'_>,
        logged: usize,
        faced: Option<Decision>,
        action: Action,
        events: &[Event],
    ) -> Vec<Request> {
        self.follow_log(session, logged);
        self.taught(session, faced, table, action, events);
        let asked = self.moved_on(session, table, action);
        if let Some(note) = &session.note {
            self.note(note.clone());
        }
        asked
    }

    /// Who asks for a take-back ([`Effect::Undo`]) and where the keyboard is: on a person's
    /// own screen it is with the seat deciding; on a hand-off or during a computer player's
    /// pause it is still with the person who held it last, and only he may take his action
    /// back. The last value says whether the keyboard is lost by it: after a take-back from a
    /// hand-off or a computer player's pause nobody knows where it is, and the actor must take
    /// it again.
    #[must_use]
    pub fn undo_asker(&self, session: &Session) -> (Option<Seat>, Keyboard, bool) {
        match (self.seating, self.screen) {
            // A seat's own terminal: the seat itself asks, its keyboard never passes.
            (Seating::Own(seat), Screen::Play) => {
                return (Some(seat), Keyboard::WithDecider, false);
            }
            (Seating::Own(seat), _) => return (Some(seat), Keyboard::WithActor, false),
            (Seating::Spectator, _) => return (None, Keyboard::WithActor, false),
            (Seating::HotSeat, _) => {}
        }
        match self.screen {
            Screen::Play => (self.shown, Keyboard::WithDecider, false),
            _ => (session.holder, Keyboard::WithActor, true),
        }
    }

    /// An action was taken back (the game is already without it). From a hand-off or a
    /// computer player's pause the keyboard may already be in the next player's hands, so with
    /// two people or more at the table the actor gets it back through a hand-off of his own
    /// (nobody sees his screen before he takes the keyboard), and what was taken back is said in
    /// words every seat may read.
    #[must_use]
    pub fn took_back(
        &mut self,
        session: &Session,
        table: Table<'_>,
        undone: Undone,
    ) -> Vec<Request> {
        if matches!(self.screen, Screen::Handoff(_)) {
            // The hand-off taken back never happened.
            self.handoffs = self.handoffs.saturating_sub(1);
        }
        self.log_back = self.log_back.min(session.log.len());
        self.reset_choice();
        self.filter = false;
        let asked = self.follow(session, table);
        if matches!(self.screen, Screen::Handoff(_)) {
            self.note(undone.public.unwrap_or_default());
            return asked;
        }
        // On the actor's own screen: his own words, and the action undone selected again.
        self.note(format!("undone: {}", table.action_words(undone.last)));
        let scene = table.scene(self.shown);
        self.selected = self
            .visible(&scene.choices)
            .iter()
            .position(|c| c.action == undone.last)
            .unwrap_or(0);
        // The client's suggestion, as after an action: a reflexive Enter does not redo it.
        self.selected_by = SelectedBy::Client;
        self.keep_selection_on_the_list(table);
        asked
    }

    /// The take-back on offer now, in words fit for the screen showing it (the seat's own
    /// words on its own view, the public ones elsewhere), while the keyboard has not passed to
    /// another person. (The offer is withdrawn whenever another action is applied.)
    #[must_use]
    pub fn takeback_text<'s>(&self, session: &'s Session) -> Option<&'s str> {
        let t = session.takeback.as_ref()?;
        match self.seating {
            Seating::Own(seat) => return (t.seat == seat).then_some(t.own.as_str()),
            Seating::Spectator => return None,
            Seating::HotSeat => {}
        }
        let holder = session.holder;
        match self.screen {
            Screen::Play if self.shown == Some(t.seat) => Some(&t.own),
            Screen::Bot(_) if holder == Some(t.seat) && self.shown == Some(t.seat) => Some(&t.own),
            Screen::Handoff(_) | Screen::Bot(_) if holder == Some(t.seat) => Some(&t.public),
            _ => None,
        }
    }

    /// Asks first when `effect` applies an action whose slip would be costly and final.
    fn ask_first(&mut self, table: Table<'_>, effect: Effect) -> Effect {
        let Effect::Apply(action) = effect else {
            return effect;
        };
        if self.replay.is_some() {
            return effect;
        }
        match table.question(action) {
            Some(q) => {
                self.overlay = Overlay::Confirm(Confirm {
                    action,
                    question: q,
                });
                Effect::None
            }
            None => effect,
        }
    }

    /// `action` was just applied elsewhere (a replay, a test) and its events recorded by the
    /// session (`logged`: the log's length before): moves on to the next decision. The same
    /// action stays selected if it is still legal (to buy another of the same unit).
    #[must_use]
    pub fn applied_in(
        &mut self,
        session: &Session,
        table: Table<'_>,
        logged: usize,
        action: Action,
    ) -> Vec<Request> {
        self.follow_log(session, logged);
        self.moved_on(session, table, action)
    }

    /// Tells the learning aids what an action did (`faced`: the decision it answered; `events`:
    /// its own and the forced moves' after it).
    fn taught(
        &mut self,
        session: &Session,
        faced: Option<Decision>,
        table: Table<'_>,
        action: Action,
        events: &[Event],
    ) {
        let by_person = faced.is_some_and(|d| !session.is_bot(d.seat));
        let over = table.is_over();
        if let Some(note) = self.teach.applied(faced, by_person, over, action, events) {
            self.note(note);
        }
    }

    /// Selects the guided game's suggested action in the list, once per step, so `Enter` does
    /// it (any other choice stays the person's to make).
    fn preselect(&mut self, table: Table<'_>) {
        if self.screen != Screen::Play || self.teach.guide.is_none() {
            return;
        }
        // On the playing screen the seat shown is the one deciding.
        let legal = table.actions_of(self.shown);
        if let Some(number) = self.teach.to_select(table.decision(), &legal) {
            self.filter = false;
            self.selected = number - 1;
            // The guide's step says to press Enter: it acts at once.
            self.selected_by = SelectedBy::Player;
            self.keep_selection_on_the_list(table);
        }
    }

    /// The log shows its end again once lines were written after `logged` of them.
    fn follow_log(&mut self, session: &Session, logged: usize) {
        if session.logged() != logged {
            self.log_back = 0;
        }
    }

    /// After `action`: the selection goes to the default of [`super::selection::after_action`]
    /// as the client's suggestion (the first Enter on it only names it), and the screen
    /// follows the next decision.
    fn moved_on(&mut self, session: &Session, table: Table<'_>, action: Action) -> Vec<Request> {
        self.typed.clear();
        let scene = table.scene(self.shown);
        let visible = self.visible(&scene.choices);
        if visible.is_empty() && self.filter {
            // Nothing left at this area: show every choice again.
            self.filter = false;
        }
        let visible: Vec<Action> = self
            .visible(&scene.choices)
            .iter()
            .map(|c| c.action)
            .collect();
        self.selected = super::selection::after_action(action, &visible);
        self.selected_by = if visible.is_empty() {
            SelectedBy::Player
        } else {
            SelectedBy::Client
        };
        self.keep_selection_on_the_list(table);
        self.follow(session, table)
    }

    /// Whether the computer player on screen may move now: its pause is over (or a key cut it
    /// short) and no box is open over the board.
    fn bot_due(&self, session: &Session) -> bool {
        self.bot_due_since(session, session.bot.since)
    }

    /// [`App::bot_due`] with the computer player's turn first drawn at `since`.
    fn bot_due_since(&self, session: &Session, since: Option<Duration>) -> bool {
        let paused = since.is_some_and(|since| self.clock >= since + BOT_PAUSE);
        matches!(self.screen, Screen::Bot(_))
            && self.overlay == Overlay::None
            && (paused || session.bot.hurried)
    }

    /// Whether the screen waits for the move of a computer player that thinks aside: the
    /// terminal loop then starts (or keeps) its work on the game as it is.
    #[must_use]
    pub fn awaits_thought(&self, session: &Session) -> bool {
        session.deciding == Deciding::Aside
            && matches!(self.screen, Screen::Bot(_))
            && session.bot.thought.is_none()
    }

    /// How long the computer player on screen has been thinking past its pause, while its
    /// move is due and not yet decided (shown on its box, so a long search is seen to be
    /// alive); `None` otherwise.
    #[must_use]
    pub fn overthinking(&self, session: &Session) -> Option<Duration> {
        if !self.awaits_thought(session) || !self.bot_due(session) {
            return None;
        }
        let since = session.bot.since?;
        Some(self.clock.saturating_sub(since + BOT_PAUSE))
    }

    /// The update function: changes the view state and returns, in order, what the client is
    /// to do: the changes of the session it asks for, the action to apply, what is left for the
    /// terminal loop (save, quit). It only reads the session, which other views may share.
    #[must_use]
    pub fn update(&mut self, session: &Session, table: Table<'_>, msg: Msg) -> Vec<Effect> {
        if let Msg::Tick(now) = msg {
            self.clock = now;
            if self.handoff_fresh() {
                self.handoff_since = Some(now);
            }
            let mut out = Vec::new();
            if let Screen::Bot(_) = self.screen {
                if session.bot.since.is_none() {
                    out.push(Effect::Session(Request::BotSeen(now)));
                }
                let since = session.bot.since.or(Some(now));
                if self.bot_due_since(session, since)
                    && (session.bot.thought.is_some() || session.deciding == Deciding::OnTheSpot)
                {
                    out.push(Effect::BotMove);
                }
            }
            return out;
        }
        if let Msg::Thought(action) = msg {
            let mut out = Vec::new();
            if matches!(self.screen, Screen::Bot(_)) {
                out.push(Effect::Session(Request::BotThought(action)));
                if self.bot_due(session) {
                    out.push(Effect::BotMove);
                }
            }
            return out;
        }
        let armed = self.armed.take();
        if matches!(msg, Msg::Key(..) | Msg::Click(..)) {
            self.flash = None;
        }
        let effect = match msg {
            Msg::Resize(w, h) => {
                self.size = Rect::new(0, 0, w, h);
                self.keep_selection_on_the_list(table);
                Effect::None
            }
            Msg::Tick(_) | Msg::Thought(_) => Effect::None,
            Msg::Key(code, mods) if self.too_small_in(table) => self.key_blind(code, mods),
            Msg::Key(code, mods) => return self.key(session, table, code, mods),
            Msg::Click(..) | Msg::Wheel(..) if self.too_small_in(table) => Effect::None,
            Msg::Click(x, y) => self.click(session, table, x, y, armed),
            Msg::Wheel(x, y, dir) => {
                if self.overlay != Overlay::None || !matches!(self.screen, Screen::Play) {
                    return Vec::new();
                }
                let r = self.regions_in(table);
                let p = Position::new(x, y);
                if r.log.contains(p) {
                    if dir < 0 {
                        self.log_back = (self.log_back + 3).min(session.log.len());
                    } else {
                        self.log_back = self.log_back.saturating_sub(3);
                    }
                } else if r.prompt.contains(p) {
                    self.move_selection(table, if dir < 0 { -1 } else { 1 });
                }
                Effect::None
            }
        };
        vec![effect]
    }

    /// A key while the terminal is too small to show the game: only quitting works (its
    /// question is drawn over the message), so nothing is done blind.
    fn key_blind(&mut self, code: KeyCode, mods: KeyModifiers) -> Effect {
        let ctrl_c = code == KeyCode::Char('c') && mods.contains(KeyModifiers::CONTROL);
        match &self.overlay {
            Overlay::ConfirmQuit => {
                self.overlay = Overlay::None;
                if ctrl_c || says_quit(code) {
                    return Effect::Quit;
                }
            }
            Overlay::NotSaved(_) => return self.not_saved_key(code),
            _ if ctrl_c || keys::command(code, &[When::Always]) == Some(Command::Quit) => {
                if self.screen == Screen::GameOver && !ctrl_c {
                    return Effect::Quit;
                }
                self.overlay = Overlay::ConfirmQuit;
            }
            _ => {}
        }
        Effect::None
    }

    fn key(
        &mut self,
        session: &Session,
        table: Table<'_>,
        code: KeyCode,
        mods: KeyModifiers,
    ) -> Vec<Effect> {
        let ctrl_c = code == KeyCode::Char('c') && mods.contains(KeyModifiers::CONTROL);
        if matches!(self.screen, Screen::Handoff(_))
            && self.overlay == Overlay::None
            && !self.handoff_ready()
            && !ctrl_c
            && code != KeyCode::Char('u')
        {
            // The hand-off has just come up: this key was typed for the last seat.
            return Vec::new();
        }
        if self.close_moment_by_key(session, ctrl_c) {
            return vec![Effect::Session(Request::CloseMoment)];
        }
        match &self.overlay {
            Overlay::ConfirmQuit => {
                self.overlay = Overlay::None;
                return if ctrl_c || says_quit(code) {
                    vec![Effect::Quit]
                } else {
                    Vec::new()
                };
            }
            Overlay::Confirm(_) => {
                let Overlay::Confirm(asked) = std::mem::replace(&mut self.overlay, Overlay::None)
                else {
                    return Vec::new();
                };
                return match keys::command(code, &[When::Asking]) {
                    Some(Command::Yes) if !ctrl_c => vec![Effect::Apply(asked.action)],
                    _ => {
                        self.note("not done");
                        if ctrl_c {
                            self.overlay = Overlay::ConfirmQuit;
                        }
                        Vec::new()
                    }
                };
            }
            Overlay::Help
            | Overlay::Cards
            | Overlay::Sheet(_)
            | Overlay::Log
            | Overlay::HowTo
            | Overlay::Rule
            | Overlay::Digest
            | Overlay::Hint(_)
                if !ctrl_c =>
            {
                self.overlay_key(table, code);
                return Vec::new();
            }
            Overlay::Help
            | Overlay::Cards
            | Overlay::Sheet(_)
            | Overlay::Log
            | Overlay::HowTo
            | Overlay::Rule
            | Overlay::Digest
            | Overlay::Hint(_) => {
                self.overlay = Overlay::None;
            }
            Overlay::SaveAs(_) => return self.save_key(session, code, ctrl_c),
            Overlay::ReplaceSave(_) => return vec![self.replace_key(code, ctrl_c)],
            Overlay::NotSaved(_) => return vec![self.not_saved_key(code)],
            Overlay::None => {}
        }
        if ctrl_c {
            self.overlay = Overlay::ConfirmQuit;
            return Vec::new();
        }
        let board_shown = matches!(
            self.screen,
            Screen::Play | Screen::GameOver | Screen::Watch(_)
        );
        match keys::command(code, &[When::Always, When::Play]) {
            Some(Command::Help) => {
                self.open(Overlay::Help);
                return Vec::new();
            }
            Some(Command::Log) if board_shown => {
                self.open(Overlay::Log);
                self.overlay_scroll.set(usize::MAX);
                return Vec::new();
            }
            Some(Command::Cards) if board_shown => {
                self.open(Overlay::Cards);
                return Vec::new();
            }
            Some(Command::Digest) => {
                // The round digest is public: on every screen, the hand-off too.
                self.open(Overlay::Digest);
                return Vec::new();
            }
            Some(Command::Sheet) if board_shown => {
                let faction = self
                    .shown
                    .or_else(|| table.decision().map(|d| d.seat))
                    .map_or(Faction::Ultramarines, |s| table.faction(s));
                self.open(Overlay::Sheet(faction));
                return Vec::new();
            }
            Some(Command::Save) if self.seating != Seating::HotSeat => {
                // The file is the host's: he keeps it, saved after every action.
                self.note("the host saves the game after every action");
                return Vec::new();
            }
            Some(Command::Save) => {
                self.overlay = Overlay::SaveAs(SaveBox {
                    input: session.save_path.display().to_string(),
                    then_quit: false,
                });
                return Vec::new();
            }
            Some(Command::Undo) if self.screen != Screen::GameOver => return vec![Effect::Undo],
            Some(Command::HowTo) => {
                self.open(Overlay::HowTo);
                return Vec::new();
            }
            Some(Command::Rule) if board_shown && table.decision().is_some() => {
                self.open(Overlay::Rule);
                return Vec::new();
            }
            Some(Command::Hint) if self.screen == Screen::Play => {
                // Only for the person on screen, at his own decision: never on another seat's
                // turn (a hint is worked out from the deciding seat's view).
                let deciding = table.decision().map(|d| d.seat);
                return match deciding {
                    Some(seat)
                        if Some(seat) == self.shown
                            && session.holder == Some(seat)
                            && session.bots.kind(seat).is_none() =>
                    {
                        self.note("hint: the normal computer player is thinking for you…");
                        vec![Effect::Hint(seat)]
                    }
                    _ => {
                        self.note("no hint: it is not your decision");
                        Vec::new()
                    }
                };
            }
            Some(Command::Reminders) => {
                let note = self.teach.toggle_tips(table.phase_tip());
                self.note(note);
                return Vec::new();
            }
            Some(Command::GuideNext) if self.teach.guide.is_some() => {
                if let Some(note) = self.teach.skip_step() {
                    self.note(note);
                }
                return Vec::new();
            }
            Some(Command::GuideLeave) if self.teach.guide.is_some() => {
                let note = self.teach.leave();
                self.note(note);
                return Vec::new();
            }
            Some(Command::Quit) => {
                if self.screen == Screen::GameOver {
                    return vec![Effect::Quit];
                }
                self.overlay = Overlay::ConfirmQuit;
                return Vec::new();
            }
            _ => {}
        }
        match self.screen {
            Screen::Handoff(seat) => {
                // A key nobody types by reflex (not Enter): Space or the seat's number.
                if code == KeyCode::Char(' ') || code == KeyCode::Char(seat_key(seat)) {
                    self.take_keyboard(table, seat);
                    // The table saw the combat's box on the hand-off.
                    return vec![
                        Effect::Session(Request::TakeKeyboard(seat)),
                        Effect::Session(Request::ForgetMoments),
                    ];
                }
                Vec::new()
            }
            // Any other key: the computer player moves now.
            Screen::Bot(_) => vec![Effect::BotMove],
            // Another person decides: the board may be looked over meanwhile.
            Screen::Watch(_) => {
                if let Some(Command::Cursor(step)) = keys::command(code, &[When::Play]) {
                    self.board_key(table, step);
                }
                Vec::new()
            }
            Screen::GameOver => {
                // The end screen: Esc shows the board, Enter brings the summary back.
                match code {
                    KeyCode::Esc | KeyCode::Enter | KeyCode::Char(' ' | 'b')
                        if self.summary_open =>
                    {
                        self.summary_open = false;
                    }
                    KeyCode::Enter | KeyCode::Char('g') if !self.summary_open => {
                        self.summary_open = session.summary.is_some();
                    }
                    _ if self.summary_open => {}
                    _ => {
                        if let Some(Command::Cursor(step)) = keys::command(code, &[When::Play]) {
                            self.board_key(table, step);
                        }
                    }
                }
                Vec::new()
            }
            Screen::Play => {
                let effect = self.play_key(session, table, code);
                vec![self.ask_first(table, effect)]
            }
        }
    }

    /// A key (or click) while a combat's box is on screen closes it and does nothing else,
    /// and the status line says so (never a silent loss of a key meant for a decision).
    /// Ctrl-C still asks to quit. Returns whether the key was used.
    fn close_moment_by_key(&mut self, session: &Session, ctrl_c: bool) -> bool {
        if ctrl_c
            || self.overlay != Overlay::None
            || !matches!(
                self.screen,
                Screen::Play | Screen::Bot(_) | Screen::Watch(_)
            )
            || session.moments.on_screen.is_empty()
        {
            return false;
        }
        // The session is asked to close it ([`Request::CloseMoment`]): was it the last?
        self.note(if session.moments.on_screen.len() == 1 {
            "combat box closed (that key did nothing else; d shows it again)"
        } else {
            "combat box closed; the next one follows (that key did nothing else)"
        });
        true
    }

    fn open(&mut self, overlay: Overlay) {
        self.overlay = overlay;
        self.overlay_scroll.set(0);
    }

    /// How many log entries one press of `[` or `]` scrolls: a panel's worth.
    fn log_page(&self, table: Table<'_>) -> usize {
        usize::from(self.regions_in(table).log.height.saturating_sub(3)).max(1)
    }

    /// A key in a scrolling overlay: arrows and pages scroll, left and right turn the faction
    /// sheet to another faction, any other key closes it.
    fn overlay_key(&mut self, table: Table<'_>, code: KeyCode) {
        let page = popup_rows(self.size).saturating_sub(1).max(1);
        let now = self.overlay_scroll.get();
        let next = match code {
            KeyCode::Up | KeyCode::Char('k') => now.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => now.saturating_add(1),
            KeyCode::PageUp => now.saturating_sub(page),
            KeyCode::PageDown | KeyCode::Char(' ') => now.saturating_add(page),
            KeyCode::Home => 0,
            KeyCode::End => usize::MAX,
            KeyCode::Left | KeyCode::Right | KeyCode::Char('h' | 'l')
                if matches!(self.overlay, Overlay::Sheet(_)) =>
            {
                if let Overlay::Sheet(f) = &self.overlay {
                    let f = *f;
                    let all: Vec<Faction> = table.factions();
                    let i = all.iter().position(|x| *x == f).unwrap_or(0);
                    let n = all.len().max(1);
                    let next = if matches!(code, KeyCode::Left | KeyCode::Char('h')) {
                        (i + n - 1) % n
                    } else {
                        (i + 1) % n
                    };
                    self.overlay = Overlay::Sheet(all.get(next).copied().unwrap_or(f));
                }
                0
            }
            _ => {
                self.overlay = Overlay::None;
                0
            }
        };
        self.overlay_scroll.set(next);
    }

    /// Asks what to do when leaving failed to save the game (the client has told the session
    /// why): the box offers `offer` as the other name (the caller knows which names are free).
    pub fn ask_not_saved(&mut self, why: &str, offer: &std::path::Path) {
        self.overlay = Overlay::NotSaved(NotSaved {
            why: why.to_string(),
            offer: offer.display().to_string(),
        });
    }

    /// A key in the not-saved box: `a` opens the save box (and leaves once saved), `d` leaves
    /// without saving, any other key goes back to playing.
    fn not_saved_key(&mut self, code: KeyCode) -> Effect {
        let Overlay::NotSaved(box_) = std::mem::replace(&mut self.overlay, Overlay::None) else {
            return Effect::None;
        };
        match code {
            KeyCode::Char('a' | 'A') => {
                self.overlay = Overlay::SaveAs(SaveBox {
                    input: box_.offer,
                    then_quit: true,
                });
                Effect::None
            }
            KeyCode::Char('d' | 'D') => Effect::QuitUnsaved,
            _ => {
                self.note("back to the game: it is not saved");
                Effect::None
            }
        }
    }

    /// Asks whether to save over a file holding this game at a point not reached here.
    pub fn ask_replace(&mut self, replacing: super::save::Replacing) {
        self.overlay = Overlay::ReplaceSave(replacing);
    }

    /// A key in the replace box: `y` saves over the file, any other key keeps it (Ctrl-C then
    /// asks to quit).
    fn replace_key(&mut self, code: KeyCode, ctrl_c: bool) -> Effect {
        let asked = match std::mem::replace(&mut self.overlay, Overlay::None) {
            Overlay::ReplaceSave(r) => Some(r),
            _ => None,
        };
        if !ctrl_c && keys::command(code, &[When::Asking]) == Some(Command::Yes) && asked.is_some()
        {
            return Effect::SaveOver;
        }
        self.note(match asked {
            Some(r) => format!("not saved: {} kept as it was", r.path.display()),
            None => "not saved".into(),
        });
        if ctrl_c {
            self.overlay = Overlay::ConfirmQuit;
        }
        Effect::None
    }

    /// A key in the save box: typing edits the name, Enter saves, Esc cancels. Saving asks the session to save to the file named, and whether to leave once
    /// saved, each time: nothing a box called off earlier is left to undo.
    fn save_key(&mut self, session: &Session, code: KeyCode, ctrl_c: bool) -> Vec<Effect> {
        let Overlay::SaveAs(box_) = &mut self.overlay else {
            return Vec::new();
        };
        match code {
            KeyCode::Enter => {
                let (input, then_quit) = (std::mem::take(&mut box_.input), box_.then_quit);
                self.overlay = Overlay::None;
                // The name offered unchanged is the current file, wherever it is.
                let target = if input == session.save_path.display().to_string() {
                    Some(session.save_path.clone())
                } else {
                    save_target(&input)
                };
                if let Some(path) = target {
                    return vec![
                        Effect::Session(Request::SaveTo { path, then_quit }),
                        Effect::Save,
                    ];
                }
                self.note("not saved: no file name");
            }
            KeyCode::Esc => {
                self.overlay = Overlay::None;
                self.note("not saved");
            }
            _ if ctrl_c => {
                self.overlay = Overlay::None;
            }
            KeyCode::Backspace => {
                box_.input.pop();
            }
            KeyCode::Char(c) if !c.is_control() && box_.input.chars().count() < 200 => {
                box_.input.push(c);
            }
            _ => {}
        }
        Vec::new()
    }

    fn play_key(&mut self, session: &Session, table: Table<'_>, code: KeyCode) -> Effect {
        let when: &[When] = match self.focus {
            Focus::Actions => &[When::Play, When::List],
            Focus::Board => &[When::Play],
        };
        let Some(command) = keys::command(code, when) else {
            return Effect::None;
        };
        match command {
            Command::Focus => {
                self.cursor_to_choice(table);
                self.focus = match self.focus {
                    Focus::Board => Focus::Actions,
                    Focus::Actions => Focus::Board,
                };
            }
            Command::Filter => {
                self.filter = !self.filter;
                self.reset_choice();
            }
            Command::LogBack => {
                let page = self.log_page(table);
                self.log_back = (self.log_back + page).min(session.log.len().saturating_sub(1));
            }
            Command::LogForward => {
                self.log_back = self.log_back.saturating_sub(self.log_page(table));
            }
            Command::Digit => {
                if let KeyCode::Char(c) = code
                    && self.typed.len() < 3
                {
                    self.typed.push(c);
                }
                self.select_typed(table);
            }
            Command::Untype => {
                self.typed.pop();
                self.select_typed(table);
            }
            Command::Clear => {
                if !self.typed.is_empty() {
                    self.typed.clear();
                } else if self.filter {
                    self.filter = false;
                    self.reset_choice();
                } else {
                    self.focus = Focus::Actions;
                }
            }
            Command::Do => return self.enter(table),
            Command::PageUp => self.move_selection(table, -page(self, table)),
            Command::PageDown => self.move_selection(table, page(self, table)),
            Command::First => self.move_selection(table, isize::MIN / 2),
            Command::Last => self.move_selection(table, isize::MAX / 2),
            Command::SelectUp => self.move_selection(table, -1),
            Command::SelectDown => self.move_selection(table, 1),
            Command::Cursor(step) => {
                self.cursor_to_choice(table);
                self.focus = Focus::Board;
                if self.board_key(table, step) {
                    self.filter = true;
                    self.reset_choice();
                }
            }
            Command::Log
            | Command::Save
            | Command::Undo
            | Command::Yes
            | Command::Cards
            | Command::Sheet
            | Command::HowTo
            | Command::Rule
            | Command::Hint
            | Command::Reminders
            | Command::GuideNext
            | Command::GuideLeave
            | Command::Digest
            | Command::Quit
            | Command::Help => {}
        }
        Effect::None
    }

    /// Moves the area cursor; returns whether it moved.
    fn board_key(&mut self, table: Table<'_>, step: Step) -> bool {
        let (dx, dy) = step.delta();
        // Only over the systems drawn (during construction: the placed tiles and the places
        // still open), jumping the blank corners of the window between them; they are joined
        // edge to edge, so the keys reach every one of them.
        let win = table.window();
        let drawn = table.drawn_systems();
        let (mut x, mut y) = win.clamp(self.cursor).grid();
        loop {
            let (Ok(nx), Ok(ny)) = (
                u8::try_from(i16::from(x) + dx),
                u8::try_from(i16::from(y) + dy),
            ) else {
                return false;
            };
            let next = AreaId::from_grid(nx, ny);
            if !win.contains(next.system) {
                return false;
            }
            if drawn.is_empty() || drawn.contains(&next.system) {
                let moved = next != self.cursor;
                self.cursor = next;
                return moved;
            }
            (x, y) = (nx, ny);
        }
    }

    fn enter(&mut self, table: Table<'_>) -> Effect {
        let scene = table.scene(self.shown);
        if !self.typed.is_empty() {
            let wanted: usize = self.typed.parse().unwrap_or(0);
            self.typed.clear();
            if let Some(c) = scene.choices.iter().find(|c| c.number == wanted) {
                return Effect::Apply(c.action);
            }
            self.note(format!("there is no action number {wanted}"));
            return Effect::None;
        }
        if self.focus == Focus::Board {
            self.focus = Focus::Actions;
            return Effect::None;
        }
        if let Some(c) = self.visible(&scene.choices).get(self.selected) {
            if self.selected_by == SelectedBy::Client {
                // The client put the selection here after the last action: this Enter may
                // have been meant for that one (see `selection`). It shows what the next does.
                self.selected_by = SelectedBy::Player;
                self.note(format!("Enter again: {}", c.words));
                return Effect::None;
            }
            return Effect::Apply(c.action);
        }
        self.refresh_why_in(table);
        if let Some(first) = self.why.first() {
            self.flash = Some(first.clone());
        }
        Effect::None
    }

    /// Selects the action whose number was typed (showing all actions if the filter hides it).
    fn select_typed(&mut self, table: Table<'_>) {
        let Ok(wanted) = self.typed.parse::<usize>() else {
            return;
        };
        let scene = table.scene(self.shown);
        if !self
            .visible(&scene.choices)
            .iter()
            .any(|c| c.number == wanted)
        {
            self.filter = false;
        }
        if let Some(i) = self
            .visible(&scene.choices)
            .iter()
            .position(|c| c.number == wanted)
        {
            self.selected = i;
            self.selected_by = SelectedBy::Player;
            self.keep_selection_on_the_list(table);
        }
    }

    fn move_selection(&mut self, table: Table<'_>, by: isize) {
        let scene = table.scene(self.shown);
        let n = self.visible(&scene.choices).len();
        if n == 0 {
            self.selected = 0;
            return;
        }
        let max = isize::try_from(n - 1).unwrap_or(0);
        let now = isize::try_from(self.selected).unwrap_or(0);
        self.selected = usize::try_from(now.saturating_add(by).clamp(0, max)).unwrap_or(0);
        self.selected_by = SelectedBy::Player;
        self.focus = Focus::Actions;
        self.keep_selection_on_the_list(table);
    }

    /// Keeps the selection on a choice of the list (drawing keeps that choice on screen).
    fn keep_selection_on_the_list(&mut self, table: Table<'_>) {
        let scene = table.scene(self.shown);
        let n = self.visible(&scene.choices).len();
        self.selected = self.selected.min(n.saturating_sub(1));
    }

    fn click(
        &mut self,
        session: &Session,
        table: Table<'_>,
        x: u16,
        y: u16,
        armed: Option<Action>,
    ) -> Effect {
        if self.close_moment_by_key(session, false) {
            return Effect::Session(Request::CloseMoment);
        }
        match &self.overlay {
            Overlay::Help
            | Overlay::Cards
            | Overlay::Sheet(_)
            | Overlay::Log
            | Overlay::HowTo
            | Overlay::Rule
            | Overlay::Digest
            | Overlay::Hint(_) => {
                self.overlay = Overlay::None;
                return Effect::None;
            }
            Overlay::ConfirmQuit
            | Overlay::Confirm(_)
            | Overlay::SaveAs(_)
            | Overlay::ReplaceSave(_)
            | Overlay::NotSaved(_) => {
                return Effect::None;
            }
            Overlay::None => {}
        }
        if !matches!(self.screen, Screen::Play | Screen::GameOver) {
            return Effect::None;
        }
        let r = self.regions_in(table);
        // A blank corner of the construction window is nowhere.
        if let Some(area) = r
            .area_at(x, y)
            .filter(|a| table.drawn_systems().contains(&a.system))
        {
            self.cursor = area;
            if self.screen == Screen::Play {
                self.filter = true;
                self.focus = Focus::Actions;
                self.reset_choice();
            }
            return Effect::None;
        }
        if self.screen == Screen::Play && r.prompt.contains(Position::new(x, y)) {
            let (first, rows) = self.list_rows_in(table);
            if y < first || usize::from(y - first) >= rows {
                return Effect::None;
            }
            let scene = table.scene(self.shown);
            let heights: Vec<usize> = self.list_lines(&scene).iter().map(Vec::len).collect();
            let line = usize::from(y - first);
            let visible = self.visible(&scene.choices);
            // The first choice as the list is drawn now.
            let scroll =
                super::selection::first_shown(self.scroll.get(), self.selected, &heights, rows);
            if let Some(i) = super::selection::at_line(scroll, &heights, line)
                && let Some(c) = visible.get(i)
            {
                self.focus = Focus::Actions;
                self.selected = i;
                self.selected_by = SelectedBy::Player;
                if armed == Some(c.action) {
                    let action = c.action;
                    return self.ask_first(table, Effect::Apply(action));
                }
                self.armed = Some(c.action);
            }
        }
        Effect::None
    }
}

/// The file a typed save name stands for: a bare name goes under `saves/` and gets `.json`.
#[must_use]
pub fn save_target(typed: &str) -> Option<PathBuf> {
    let typed = typed.trim();
    if typed.is_empty() || typed.ends_with('/') {
        return None;
    }
    let mut path = PathBuf::from(typed);
    if path.parent().is_none_or(|p| p.as_os_str().is_empty()) {
        path = Path::new("saves").join(path);
    }
    if path.extension().is_none() {
        path.set_extension("json");
    }
    Some(path)
}

/// Whether `code` answers yes in the quit box (`y`, or `q` pressed again).
fn says_quit(code: KeyCode) -> bool {
    matches!(
        keys::command(code, &[When::Asking, When::Always]),
        Some(Command::Yes | Command::Quit)
    )
}

/// The first area holding a piece of the seat's faction (public information), or `A1.nw`.
fn home_area(table: Table<'_>, seat: Seat) -> AreaId {
    let faction = table.faction(seat);
    table
        .public_view()
        .areas
        .iter()
        .find(|(_, a)| a.factions().contains(faction))
        .map_or(AreaId::new(SystemId::new(0, 0), Quadrant::Nw), |(id, _)| {
            *id
        })
}

fn page(app: &App, table: Table<'_>) -> isize {
    isize::try_from(app.list_rows_in(table).1.max(1)).unwrap_or(1)
}
