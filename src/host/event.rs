//! What the terminals tell the room's thread (an SSH connection, or the host's own terminal),
//! and how many frames wait for one terminal. Apart from both, so neither imports the other.

use tokio::sync::mpsc as tokio_mpsc;

use super::access::Who;
use super::room::{ConnId, Out};

/// Frames waiting for one connection; past them frames are dropped (a slow client).
pub const QUEUE: usize = 16;

/// What a connection tells the room's thread.
#[derive(Debug)]
pub enum Event {
    /// A connection joins the table: whom for, its terminal's size, a note for its status line,
    /// and where its frames go.
    Join {
        /// The connection.
        id: ConnId,
        /// Whom it is for.
        who: Who,
        /// Its terminal's width and height.
        size: (u32, u32),
        /// A note for its status line.
        note: Option<String>,
        /// Where its frames go.
        out: tokio_mpsc::Sender<Out>,
    },
    /// Bytes typed.
    Input(ConnId, Vec<u8>),
    /// A message from the host's own terminal (keys, clicks and the wheel, read by crossterm).
    Key(ConnId, crate::tui::Msg),
    /// The terminal's new size.
    Resize(ConnId, u32, u32),
    /// The connection is gone.
    Leave(ConnId),
    /// The host stops (a signal): save, tell everybody, close.
    Stop(String),
    /// News for the host (a seat joined, a login refused): printed, or said on the local
    /// screen's status line while the host's terminal shows a seat.
    Log(String),
}
