//! Replaying a save: the same screens, read-only, showing everything (see
//! [`Scene::everything`]), stepping through the history one action, one order or one round at
//! a time. The game at any step is rebuilt from the nearest checkpoint kept every
//! [`CHECKPOINT_EVERY`] actions.

use crossterm::event::KeyCode;

use super::app::{Focus, Msg, Overlay, Screen};
use super::client::Client;
use super::log::LogLine;
use super::scene::{Scene, action_words};
use crate::engine::rules::Event;
use crate::engine::{Action, Game};

/// Actions between two kept games.
pub const CHECKPOINT_EVERY: usize = 32;

/// A save being replayed.
#[derive(Debug, Clone)]
pub struct Replay {
    /// Every action of the history.
    actions: Vec<Action>,
    /// The game after `k * CHECKPOINT_EVERY` actions.
    checkpoints: Vec<Game>,
    /// The log lines of each action.
    events: Vec<Vec<Event>>,
    /// The round after each number of actions (index 0: the start).
    rounds: Vec<u8>,
    /// How many actions are applied.
    index: usize,
    /// The game after `index` actions.
    game: Game,
    /// Whether the game is not over at the end of the history: the replay then shows secrets
    /// still in play, and its first screen says so.
    unfinished: bool,
}

impl Replay {
    /// A replay of `game`'s history, shown from its start.
    ///
    /// # Errors
    /// The history does not replay (not for a game that loaded).
    pub fn new(game: &Game) -> Result<Replay, String> {
        let mut now = super::undo::rewind(game, 0)?;
        let start = now.clone();
        let actions = game.history().to_vec();
        let mut checkpoints = vec![now.clone()];
        let mut events = Vec::with_capacity(actions.len());
        let mut rounds = vec![now.position().round];
        for (i, action) in actions.iter().enumerate() {
            let happened = now
                .apply(*action)
                .map_err(|e| format!("action {} of the history fails: {e}", i + 1))?;
            events.push(happened);
            rounds.push(now.position().round);
            if (i + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push(now.clone());
            }
        }
        Ok(Replay {
            actions,
            checkpoints,
            events,
            rounds,
            index: 0,
            game: start,
            unfinished: !game.is_over(),
        })
    }

    /// The game at the step on screen.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many actions are applied.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many actions the history holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the history is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// Shows the game after `to` actions (clamped to the history).
    pub fn go(&mut self, to: usize) {
        let to = to.min(self.actions.len());
        if to < self.index || to - self.index > CHECKPOINT_EVERY {
            let k = to / CHECKPOINT_EVERY;
            self.game = self.checkpoints[k].clone();
            self.index = k * CHECKPOINT_EVERY;
        }
        while self.index < to {
            if self.game.apply(self.actions[self.index]).is_err() {
                break;
            }
            self.index += 1;
        }
    }

    /// Whether step `i` starts an order (the next action reveals one) or a round.
    fn stop(&self, i: usize) -> bool {
        i == 0
            || i == self.actions.len()
            || matches!(self.actions.get(i), Some(Action::Reveal { .. }))
            || self.rounds[i] != self.rounds[i - 1]
    }

    /// The next (or previous) step before an order is revealed or a round begins.
    pub fn order(&mut self, forward: bool) {
        let to = if forward {
            (self.index + 1..=self.len()).find(|&i| self.stop(i))
        } else {
            (0..self.index).rev().find(|&i| self.stop(i))
        };
        self.go(to.unwrap_or(self.index));
    }

    /// The first step of the next (or this, or the previous) round.
    pub fn round(&mut self, forward: bool) {
        let starts = |i: usize| i == 0 || self.rounds[i] != self.rounds[i - 1];
        let to = if forward {
            (self.index + 1..=self.len())
                .find(|&i| starts(i))
                .unwrap_or(self.len())
        } else {
            (0..self.index).rev().find(|&i| starts(i)).unwrap_or(0)
        };
        self.go(to);
    }

    /// A key or click; returns whether the replay ends.
    pub fn handle(&mut self, client: &mut Client, msg: Msg) -> bool {
        let app = &mut client.view;
        if app.overlay != Overlay::None {
            if matches!(msg, Msg::Key(..)) {
                app.overlay = Overlay::None;
            }
            return false;
        }
        match msg {
            Msg::Key(code, _) => match code {
                KeyCode::Char('q') | KeyCode::Esc => return true,
                KeyCode::Char('?') | KeyCode::F(1) => app.overlay = Overlay::Help,
                KeyCode::Right | KeyCode::Char('l' | ' ') => self.go(self.index + 1),
                KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => {
                    self.go(self.index.saturating_sub(1));
                }
                KeyCode::Down | KeyCode::Char('j') => self.order(true),
                KeyCode::Up | KeyCode::Char('k') => self.order(false),
                KeyCode::PageDown => self.round(true),
                KeyCode::PageUp => self.round(false),
                KeyCode::Home => self.go(0),
                KeyCode::End => self.go(self.len()),
                KeyCode::Char('[') => {
                    app.log_back = (app.log_back + 1).min(client.session.log.len());
                }
                KeyCode::Char(']') => app.log_back = app.log_back.saturating_sub(1),
                _ => {}
            },
            // Clicks move the area cursor; the wheel scrolls the log. Nothing is applied in a
            // replay: only what the view asks of the session is carried out.
            other => {
                let table = super::session::Table::new(&self.game);
                for effect in app.update(&client.session, table, other) {
                    if let super::app::Effect::Session(request) = effect {
                        client.session.grant(request);
                    }
                }
            }
        }
        self.sync(client);
        false
    }

    /// Puts the step on screen: the log up to it and the status line.
    pub fn sync(&self, client: &mut Client) {
        let Client { session, view: app } = client;
        app.screen = Screen::Play;
        app.shown = None;
        app.focus = Focus::Board;
        // The same lines as while playing: separators and combat summaries included.
        let mut tally = super::log::Tally::default();
        let mut lines: Vec<LogLine> = super::log::opening(&self.game);
        for events in &self.events[..self.index] {
            lines.extend(super::log::lines(&self.game, events, &mut tally));
        }
        let keep = lines.len().saturating_sub(500);
        if session.log.len() != lines.len() - keep {
            app.log_back = 0;
        }
        session.log = lines[keep..].to_vec();
        let next = match self.actions.get(self.index) {
            Some(a) => format!("next: {}", action_words(&self.game, *a)),
            None => "the end".to_string(),
        };
        let warning = if self.unfinished && self.index == 0 {
            "UNFINISHED GAME: this replay shows every seat's secrets · "
        } else {
            ""
        };
        app.replay = Some(format!(
            "{warning}replay {}/{} · {next}",
            self.index,
            self.len()
        ));
        app.flash = None;
    }

    /// The scene to draw.
    #[must_use]
    pub fn scene(&self) -> Scene<'_> {
        Scene::everything(&self.game)
    }
}
