//! What the view state may read of the game: [`Table`], a read-only handle the session lends
//! the client for one message. The view state ([`crate::tui::app::App`]) never holds the game:
//! it asks the table for a seat's [`Scene`] (that seat's `PlayerView`, and its legal actions
//! only when it decides), for the public facts (who decides, whether the game is over, the
//! factions, the systems on screen) and for the engine's answers about the deciding seat's
//! choices (why an area offers nothing, which action asks first, an action in words). Only
//! the session's own code reads the game inside it.

use crate::engine::{Action, AreaId, Decision, Faction, Game, PlayerView, Seat, SystemId};
use crate::tui::layout::Window;
use crate::tui::scene::Scene;

/// The game as the view state may read it: a copyable, read-only handle. It offers no way to
/// the game itself, so the view state cannot change it nor read a hidden fact past the seat's
/// view.
#[derive(Debug, Clone, Copy)]
pub struct Table<'g> {
    /// The game: read by the session's code only (private to [`super`]).
    pub(super) game: &'g Game,
}

impl<'g> Table<'g> {
    /// The table of `game`, lent for one message (by the [`Client`](crate::tui::client::Client), or a replay).
    #[must_use]
    pub fn new(game: &'g Game) -> Table<'g> {
        Table { game }
    }

    /// What `shown` may see of the game, for a frame or for counting the rows a frame shows
    /// (`None`: public information only).
    #[must_use]
    pub fn scene(self, shown: Option<Seat>) -> Scene<'g> {
        Scene::new(self.game, shown)
    }

    /// Who decides now and what kind of choice it is (public).
    #[must_use]
    pub fn decision(self) -> Option<Decision> {
        self.game.decision()
    }

    /// Whether the game is over (public).
    #[must_use]
    pub fn is_over(self) -> bool {
        self.game.is_over()
    }

    /// How many actions the game's history holds: it changes with every action applied or
    /// taken back, so the view state keys what it asked the engine by it.
    #[must_use]
    pub fn history_len(self) -> usize {
        self.game.history().len()
    }

    /// How many players play.
    #[must_use]
    pub fn player_count(self) -> usize {
        self.game.player_count()
    }

    /// The systems on screen: the board, or during construction the placed tiles and the
    /// places still open.
    #[must_use]
    pub fn window(self) -> Window {
        Window::of_game(self.game)
    }

    /// The systems drawn on the board: every placed tile and, while the board is constructed,
    /// the places still open for one.
    #[must_use]
    pub fn drawn_systems(self) -> Vec<SystemId> {
        let mut out: Vec<SystemId> = self.game.board().systems().collect();
        out.extend(self.game.open_tile_places());
        out
    }

    /// The faction `seat` plays.
    #[must_use]
    pub fn faction(self, seat: Seat) -> Faction {
        self.game.faction(seat)
    }

    /// The factions at the table, in seat order.
    #[must_use]
    pub fn factions(self) -> Vec<Faction> {
        self.game.seats().map(|s| self.game.faction(s)).collect()
    }

    /// What every seat may see.
    #[must_use]
    pub fn public_view(self) -> PlayerView {
        self.game.view(None)
    }

    /// The deciding seat's legal actions, when `shown` is that seat (empty otherwise): the
    /// list its screen offers, in the engine's order.
    #[must_use]
    pub fn actions_of(self, shown: Option<Seat>) -> Vec<Action> {
        match self.game.decision() {
            Some(d) if Some(d.seat) == shown => self.game.legal_actions(),
            _ => Vec::new(),
        }
    }

    /// The engine's explanations of why `area` offers `shown` nothing (see
    /// [`crate::tui::whynot::why_not`]); empty when `shown` does not decide.
    #[must_use]
    pub fn why_not(self, shown: Option<Seat>, area: AreaId) -> Vec<String> {
        crate::tui::whynot::why_not(self.game, shown, area)
    }

    /// The question to ask the deciding seat before `action` (see
    /// [`crate::tui::confirm::question`]), or `None` when it is done at once.
    #[must_use]
    pub fn question(self, action: Action) -> Option<String> {
        crate::tui::confirm::question(self.game, action)
    }

    /// An action of the deciding seat in plain words, as that seat's list shows it.
    #[must_use]
    pub fn action_words(self, action: Action) -> String {
        crate::tui::scene::action_words(self.game, action)
    }

    /// The phase reminder of the phase the game is in (see [`crate::tui::learn`]).
    #[must_use]
    pub fn phase_tip(self) -> Option<&'static str> {
        crate::tui::learn::phase_now(self.game)
    }
}
