//! The host's own terminal as one seat's screen (`herakon host --local SEAT`): a person at
//! the host plays as every other seat does, from the same room, drawn from the same seat's view;
//! only the wire differs (the terminal's own keys and frames, not an SSH channel). The host
//! prints how the others join first, and the local screen starts when Enter is pressed, so the
//! lines can be handed out before the seat's view covers them.
//!
//! Ctrl-C on the local screen stops the host (it saves and tells every connection), as Ctrl-C
//! does before the screen is up; `q` leaves the seat and gives the terminal back while the host
//! goes on serving the others (the seat comes back over `ssh` with its secret).

use std::io::BufRead as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyModifiers};
use tokio::sync::mpsc as tokio_mpsc;

use super::access::Who;
use super::event::{Event, QUEUE};
use super::room::{ConnId, Out};
use crate::engine::Seat;
use crate::tui::Msg;
use crate::tui::terminal::lent;

/// The local screen's connection number (the SSH connections count from 1).
pub const LOCAL: ConnId = 0;

/// How long the input loop waits for a key before it looks whether the screen was closed.
const POLL: Duration = Duration::from_millis(100);

/// The local screen, once started: its threads end when the room closes it or the host stops.
pub struct Local {
    /// The screen took the terminal (Enter was pressed).
    taken: Arc<AtomicBool>,
    /// Ends when the terminal is given back (after the room's last word is printed).
    done: std_mpsc::Receiver<()>,
}

impl Local {
    /// Waits (at most `limit`) until a taken terminal is given back, so the host's last lines
    /// are printed on a terminal that is itself again.
    pub fn wait(&self, limit: Duration) {
        if self.taken.load(Ordering::SeqCst) {
            let _ = self.done.recv_timeout(limit);
        }
    }
}

/// Starts the local screen for `seat` (called `name`): asks for Enter on the host's terminal,
/// then takes it and joins the room through `room`.
#[must_use]
pub fn sit_down(seat: Seat, name: &str, room: std_mpsc::Sender<Event>) -> Local {
    let (done_tx, done) = std_mpsc::channel();
    let taken = Arc::new(AtomicBool::new(false));
    let name = name.to_string();
    let took = Arc::clone(&taken);
    std::thread::spawn(move || {
        println!(
            "Press Enter to sit down at seat{} ({name}) at this terminal.",
            seat.index() + 1
        );
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line).unwrap_or(0) == 0 {
            println!(
                "herakon host: no input at this terminal: seat{} joins over ssh with its secret",
                seat.index() + 1
            );
            let _ = done_tx.send(());
            return;
        }
        let size = match lent::take() {
            Ok(size) => {
                took.store(true, Ordering::SeqCst);
                size
            }
            Err(e) => {
                println!("herakon host: the local screen cannot start: {e}");
                let _ = done_tx.send(());
                return;
            }
        };
        let closed = Arc::new(AtomicBool::new(false));
        let (out, frames) = tokio_mpsc::channel::<Out>(QUEUE);
        let writer = std::thread::spawn({
            let closed = Arc::clone(&closed);
            move || write_frames(frames, &closed, &done_tx)
        });
        let join = Event::Join {
            id: LOCAL,
            who: Who::Seat(seat),
            size: (u32::from(size.0), u32::from(size.1)),
            note: Some(
                "you play at the host's terminal; Ctrl-C saves the game and stops the host".into(),
            ),
            out,
        };
        if room.send(join).is_err() {
            lent::give_back();
            return;
        }
        read_keys(&room, &closed);
        let _ = writer.join();
    });
    Local { taken, done }
}

/// Writes the room's frames to the terminal until the room closes the screen (or goes); then
/// gives the terminal back and prints the room's last word.
fn write_frames(
    mut frames: tokio_mpsc::Receiver<Out>,
    closed: &AtomicBool,
    done: &std_mpsc::Sender<()>,
) {
    let mut last = None;
    while let Some(out) = frames.blocking_recv() {
        match out {
            Out::Frame(bytes) => {
                // A terminal that refuses a write is gone; the input loop notices it.
                let _ = lent::write(&bytes);
            }
            Out::Close(text) => {
                last = Some((text, true));
                break;
            }
            Out::Stop(text) => {
                last = Some((text, false));
                break;
            }
        }
    }
    closed.store(true, Ordering::SeqCst);
    lent::give_back();
    if let Some((text, serving)) = last {
        println!("herakon: {}", crate::store::printable(&text));
        if serving {
            println!(
                "herakon host: still serving the other seats; Ctrl-C saves the game and stops it"
            );
        }
    }
    let _ = done.send(());
}

/// Passes the terminal's keys, clicks and sizes to the room until the screen is closed; Ctrl-C
/// stops the host, a lost terminal leaves the table.
fn read_keys(room: &std_mpsc::Sender<Event>, closed: &AtomicBool) {
    while !closed.load(Ordering::SeqCst) {
        let event = match lent::next(POLL) {
            Ok(Some(Msg::Key(KeyCode::Char('c'), KeyModifiers::CONTROL))) => {
                Event::Stop("Ctrl-C at the host's terminal".into())
            }
            Ok(Some(Msg::Resize(w, h))) => Event::Resize(LOCAL, u32::from(w), u32::from(h)),
            Ok(Some(msg)) => Event::Key(LOCAL, msg),
            Ok(None) => continue,
            Err(_) => Event::Leave(LOCAL),
        };
        let stop = matches!(event, Event::Stop(_) | Event::Leave(_));
        if room.send(event).is_err() || stop {
            return;
        }
    }
}
