//! One message through the client, with the game lent for it: the view state
//! ([`App`], which never names the game) reads it through a read-only [`Table`], and what its
//! update asks for (apply an action, take one back) is done by the [`Session`], the only
//! client code that changes the game. These are the client's entry points for the terminal
//! loop, a replay and the tests, which own the game.

use super::app::{App, Effect, Msg};
use super::layout::Regions;
use super::seats::Bots;
use super::session::{Session, Table};
use super::theme::Theme;
use crate::engine::{Action, Event, Game};

impl App {
    /// A client for `game` on a terminal of `width` x `height`: the first screen hands the
    /// keyboard to the seat that decides first.
    #[must_use]
    pub fn new(game: &Game, theme: Theme, width: u16, height: u16) -> App {
        App::with_session(Session::new(game), Table::new(game), theme, width, height)
    }

    /// Handles one message: the view state's update reads the game; an action it asks for is
    /// applied (or taken back) by the session at once. Returns what is left for the caller
    /// (save, quit).
    pub fn handle(&mut self, game: &mut Game, msg: Msg) -> Effect {
        let effect = match self.update(Table::new(game), msg) {
            Effect::Apply(action) => {
                self.apply(game, action);
                Effect::None
            }
            Effect::Undo => {
                self.undo(game);
                Effect::None
            }
            other => other,
        };
        self.settle(Table::new(game), msg);
        effect
    }

    /// Has the session apply `action` (with the forced moves after it), then moves the view on.
    fn apply(&mut self, game: &mut Game, action: Action) {
        let logged = self.session.logged();
        let faced = game.decision();
        match self.session.apply(game, action) {
            Ok(events) => self.acted(Table::new(game), logged, faced, action, &events),
            Err(e) => self.note(format!("not allowed: {e}")),
        }
    }

    /// Has the session take back the last action for the person the screen says asks.
    fn undo(&mut self, game: &mut Game) {
        let (asker, keyboard, lost) = self.undo_asker();
        match self.session.undo(game, asker, keyboard, lost) {
            Ok(undone) => self.took_back(Table::new(game), undone),
            Err(why) => self.note(why),
        }
    }

    /// Records the events of `action`, just applied to `game` elsewhere (a replay, a test), and
    /// moves on to the next decision (see [`App::applied_in`]).
    pub fn applied(&mut self, game: &Game, action: Action, events: &[Event]) {
        self.applied_in(Table::new(game), action, events);
    }

    /// Sets the computer players and moves to the screen `game` calls for (see
    /// [`App::set_bots_in`]).
    pub fn set_bots(&mut self, game: &Game, bots: Bots) {
        self.set_bots_in(Table::new(game), bots);
    }

    /// The screen's regions for `game` (see [`App::regions_in`]).
    #[must_use]
    pub fn regions(&self, game: &Game) -> Regions {
        self.regions_in(Table::new(game))
    }

    /// The first screen row of the action list and how many actions it shows (see
    /// [`App::list_rows_in`]).
    #[must_use]
    pub fn list_rows(&self, game: &Game) -> (u16, usize) {
        self.list_rows_in(Table::new(game))
    }

    /// Whether the terminal is too small for `game`'s board (see [`App::too_small_in`]).
    #[must_use]
    pub fn too_small(&self, game: &Game) -> bool {
        self.too_small_in(Table::new(game))
    }

    /// Asks the engine again why the cursor's area offers nothing (see
    /// [`App::refresh_why_in`]).
    pub fn refresh_why(&mut self, game: &Game) {
        self.refresh_why_in(Table::new(game));
    }
}
