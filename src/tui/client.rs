//! The client: one [`Session`] (the game's runtime at the table) and one view of it ([`App`],
//! what is on screen), with the game lent for each message. The view's update reads the game
//! through a read-only [`Table`] and the session through a shared reference; what it asks for
//! (a [`Request`] to change the session, an action to apply or take back) is carried out here,
//! by the session, the only client code that changes the game. These are the client's entry
//! points for the terminal loop, a replay and the tests, which own the game.

use super::app::{App, Effect, Msg};
use super::layout::Regions;
use super::seats::Bots;
use super::session::{Request, Session, Table};
use super::theme::Theme;
use crate::engine::{Action, Event, Game, Seat};

/// The session and its view.
#[derive(Debug, Clone)]
pub struct Client {
    /// The game's runtime at the table: seats, keyboard, computer players, take-back, log,
    /// saves.
    pub session: Session,
    /// What is on screen: cursor, selection, focus, scroll, boxes.
    pub view: App,
}

impl Client {
    /// A client for `game` on a terminal of `width` x `height`: the first screen hands the
    /// keyboard to the seat that decides first.
    #[must_use]
    pub fn new(game: &Game, theme: Theme, width: u16, height: u16) -> Client {
        let mut session = Session::new(game);
        let (view, asked) = App::new(&session, Table::new(game), theme, width, height);
        for request in asked {
            session.grant(request);
        }
        Client { session, view }
    }

    /// Handles one message: the view's update reads the game and the session; what it asks for
    /// (a change of the session, an action to apply or take back, the computer player's move)
    /// is carried out at once, in order. Returns what is left for the caller (save, quit).
    pub fn handle(&mut self, game: &mut Game, msg: Msg) -> Effect {
        let effects = self.view.update(&self.session, Table::new(game), msg);
        let mut left = Effect::None;
        for effect in effects {
            match effect {
                Effect::None => {}
                Effect::Session(request) => self.session.grant(request),
                Effect::Apply(action) => self.apply(game, action),
                Effect::Undo => self.undo(game),
                Effect::BotMove => {
                    if let Some(Some(action)) = self.session.bot_move(Table::new(game)) {
                        self.apply(game, action);
                    }
                }
                other @ (Effect::Save
                | Effect::SaveOver
                | Effect::Quit
                | Effect::QuitUnsaved
                | Effect::Hint(_)) => {
                    left = other;
                }
            }
        }
        self.view.settle(Table::new(game), msg);
        left
    }

    /// Carries out the changes of the session the view asked for.
    fn grant(&mut self, asked: Vec<Request>) {
        for request in asked {
            self.session.grant(request);
        }
    }

    /// Has the session apply `action` (with the forced moves after it), then moves the view on.
    fn apply(&mut self, game: &mut Game, action: Action) {
        let logged = self.session.logged();
        let faced = game.decision();
        match self.session.apply(game, action) {
            Ok(events) => {
                let table = Table::new(game);
                let asked = self
                    .view
                    .acted(&self.session, table, logged, faced, action, &events);
                self.grant(asked);
            }
            Err(e) => self.view.note(format!("not allowed: {e}")),
        }
    }

    /// Has the session take back the last action for the person the screen says asks.
    fn undo(&mut self, game: &mut Game) {
        let (asker, keyboard, lost) = self.view.undo_asker(&self.session);
        match self.session.undo(game, asker, keyboard, lost) {
            Ok(undone) => {
                let requests = self.view.took_back(&self.session, Table::new(game), undone);
                self.grant(requests);
            }
            Err(why) => self.view.note(why),
        }
    }

    /// Records the events of `action`, just applied to `game` elsewhere (a replay, a test), and
    /// moves on to the next decision (see [`App::applied_in`]).
    pub fn applied(&mut self, game: &Game, action: Action, events: &[Event]) {
        let logged = self.session.logged();
        self.session.applied(Table::new(game), events);
        let asked = self
            .view
            .applied_in(&self.session, Table::new(game), logged, action);
        self.grant(asked);
    }

    /// Sets the computer players (nobody holds the keyboard then) and moves to the screen
    /// `game` calls for (see [`App::reseated`]).
    pub fn set_bots(&mut self, game: &Game, bots: Bots) {
        self.session.bots = bots;
        self.session.holder = None;
        let asked = self.view.reseated(&self.session, Table::new(game));
        self.grant(asked);
    }

    /// The screen's regions for `game` (see [`App::regions_in`]).
    #[must_use]
    pub fn regions(&self, game: &Game) -> Regions {
        self.view.regions_in(Table::new(game))
    }

    /// The first screen row of the action list and how many actions it shows (see
    /// [`App::list_rows_in`]).
    #[must_use]
    pub fn list_rows(&self, game: &Game) -> (u16, usize) {
        self.view.list_rows_in(Table::new(game))
    }

    /// Whether the terminal is too small for `game`'s board (see [`App::too_small_in`]).
    #[must_use]
    pub fn too_small(&self, game: &Game) -> bool {
        self.view.too_small_in(Table::new(game))
    }

    /// Asks the engine again why the cursor's area offers nothing (see
    /// [`App::refresh_why_in`]).
    pub fn refresh_why(&mut self, game: &Game) {
        self.view.refresh_why_in(Table::new(game));
    }

    /// The take-back on offer now, in words fit for the screen showing it (see
    /// [`App::takeback_text`]).
    #[must_use]
    pub fn takeback_text(&self) -> Option<&str> {
        self.view.takeback_text(&self.session)
    }

    /// Whether the screen waits for the move of a computer player that thinks aside (see
    /// [`App::awaits_thought`]).
    #[must_use]
    pub fn awaits_thought(&self) -> bool {
        self.view.awaits_thought(&self.session)
    }

    /// How long the computer player on screen has been thinking past its pause (see
    /// [`App::overthinking`]).
    #[must_use]
    pub fn overthinking(&self) -> Option<std::time::Duration> {
        self.view.overthinking(&self.session)
    }

    /// Works out the hint [`Effect::Hint`] asked for and shows it in a box titled as a hint
    /// (whole at 80 columns, where a status line would cut it): what the `normal` player would
    /// do for `seat` ([`crate::bot::hint`], from that seat's view only). Nothing when `seat` no
    /// longer decides (the game moved on).
    pub fn hint(&mut self, game: &Game, seat: Seat) {
        if game.decision().map(|d| d.seat) != Some(seat) {
            self.view.flash = None;
            return;
        }
        match crate::bot::hint::hint(game) {
            Some(h) => {
                self.view.flash = None;
                self.view.overlay = super::app::Overlay::Hint(h.lines());
                self.view.overlay_scroll.set(0);
            }
            None => self.view.flash = None,
        }
    }

    /// Closes the combat box on screen (the oldest, when several wait).
    pub fn close_moment(&mut self) {
        self.session.grant(Request::CloseMoment);
    }

    /// Leaving failed to save the game: the session remembers why (the status line says the
    /// game is not saved), and the view asks what to do (see [`App::ask_not_saved`]).
    pub fn ask_not_saved(&mut self, why: &str, offer: &std::path::Path) {
        self.session.unsaved = Some(why.to_string());
        self.session.quit_after_save = false;
        self.view.ask_not_saved(why, offer);
    }
}
