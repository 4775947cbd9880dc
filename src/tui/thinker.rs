//! A computer player's decision worked out on a thread of its own, so the screen stays alive
//! while a search spends its second: the terminal loop keeps drawing and reading keys, and
//! feeds the move to the client as [`super::Msg::Thought`] once it is ready.
//!
//! The work is done on a copy of the game, and its answer is handed over only while the game
//! is still the one it was worked out for (same history): a person who takes his action back
//! during the computer player's pause never sees a move meant for the game before the undo.
//! The decision is the one [`Bots::choose`] gives on the spot: it depends only on the game and
//! the bots' seed (and, for a search with a time budget, on how many iterations fit in it, as
//! on the spot), so a game against computer players with fixed budgets replays identically.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use super::seats::Bots;
use crate::engine::{Action, Game};

/// The work under way, if any.
#[derive(Debug, Default)]
pub struct Thinker {
    job: Option<Job>,
}

/// One decision being worked out: the history of the game it is for, and where its answer
/// arrives (`None` once it said there was nothing to do: the work is not started again for
/// the same game).
#[derive(Debug)]
struct Job {
    history: Vec<Action>,
    answer: Option<Receiver<Option<Action>>>,
}

impl Thinker {
    /// Starts working out the move of the computer player deciding in `game`, unless that
    /// work is already under way. Work for an earlier state of the game is dropped (its thread
    /// finishes within the bot's budget and its answer is thrown away).
    pub fn start(&mut self, game: &Game, bots: &Bots) {
        if self
            .job
            .as_ref()
            .is_some_and(|j| j.history == game.history())
        {
            return;
        }
        let (tell, answer) = mpsc::channel();
        let copy = game.clone();
        let players = bots.clone();
        let spawned = thread::Builder::new()
            .name("computer player".into())
            .spawn(move || {
                // The receiver may be gone (the game moved on): the answer is not needed.
                let _ = tell.send(players.choose(&copy));
            });
        let answer = if spawned.is_ok() {
            answer
        } else {
            // No thread to be had: decide here, the screen waits as it did before.
            let (tell, answer) = mpsc::channel();
            let _ = tell.send(bots.choose(game));
            answer
        };
        self.job = Some(Job {
            history: game.history().to_vec(),
            answer: Some(answer),
        });
    }

    /// The move worked out for `game` as it is now, once ready (`None` while the work goes on,
    /// when there is none, or when it was for another state of the game, which is dropped).
    pub fn ready(&mut self, game: &Game, bots: &Bots) -> Option<Action> {
        let job = self.job.as_mut()?;
        if job.history != game.history() {
            self.job = None;
            return None;
        }
        let answer = match job.answer.as_ref()?.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            // The thread died without answering: decide here rather than wait for ever.
            Err(TryRecvError::Disconnected) => bots.choose(game),
        };
        if answer.is_some() {
            self.job = None;
        } else {
            // No computer player decides in this game: nothing to hand over, and nothing to
            // start again until the game changes.
            job.answer = None;
        }
        answer
    }
}
