//! `herakon host`: one game, several terminals. The host runs the game and an SSH server;
//! each seat's person connects with the `ssh` client every machine has, and each connection
//! is drawn only its own seat's view, by the same client code as `play` (a spectator's, the
//! public view), so there are no hand-offs and nothing hidden crosses the wire to another
//! seat. The host itself sees everything: the host is the table.
//!
//! - [`access`]: who may join which seat (secrets, keys, open seats), failed logins and
//!   connection limits;
//! - [`input`]: the bytes a remote terminal sends, read as key presses;
//! - [`room`]: the game, its session and one view per connection, and the frames drawn for
//!   each;
//! - `ssh` (the cargo feature `host`, on by default): the SSH server around the room;
//! - `local` (the same feature): the host's own terminal as one seat's screen;
//! - `event` (the same feature): what the terminals tell the room's thread.

pub mod access;
#[cfg(feature = "host")]
pub mod event;
pub mod input;
#[cfg(feature = "host")]
pub mod local;
pub mod room;
#[cfg(feature = "host")]
pub mod ssh;

use std::path::PathBuf;

use crate::engine::{Game, Seat};
use crate::tui::seats::Bots;
use access::{Access, Door, Who};

/// How a hosted game is served.
#[derive(Debug, Clone)]
pub struct HostOptions {
    /// Where the game is saved (its autosave goes beside it).
    pub save_path: PathBuf,
    /// The file the game was loaded from (it holds the game until the first change).
    pub loaded_from: Option<PathBuf>,
    /// The computer players.
    pub bots: Bots,
    /// Seats that open with a public key (any of the keys in the file, `authorized_keys`
    /// lines), besides their secret.
    pub keys: Vec<(Seat, PathBuf)>,
    /// Seats for the first to join.
    pub open: Vec<Seat>,
    /// The seat played at the host's own terminal (it keeps its secret, to come back over
    /// `ssh` after leaving the terminal).
    pub local: Option<Seat>,
}

/// The doors of `game`'s seats: a computer player's seat opens to nobody, an open seat to the
/// first to join, every other with a fresh secret (and the keys given for it).
///
/// # Errors
/// A key file cannot be read or holds no key.
pub fn doors(game: &Game, options: &HostOptions) -> Result<Vec<Door>, String> {
    let mut doors = Vec::new();
    for seat in game.seats() {
        let keys: Vec<&PathBuf> = options
            .keys
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, p)| p)
            .collect();
        let door = if options.bots.kind(seat).is_some() {
            Door::Computer
        } else if !keys.is_empty() {
            let mut texts = Vec::new();
            for path in keys {
                let text = crate::store::read_text(path)?;
                let found: Vec<String> = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#'))
                    .filter_map(ssh_key_text)
                    .collect();
                if found.is_empty() {
                    return Err(format!("{}: no public key in it", path.display()));
                }
                texts.extend(found);
            }
            Door::Keys(texts, access::new_secret())
        } else if options.open.contains(&seat) {
            Door::Open
        } else {
            Door::Secret(access::new_secret())
        };
        doors.push(door);
    }
    Ok(doors)
}

/// A public key line as [`Access`] compares it (`algorithm base64`).
pub(crate) fn ssh_key_text(line: &str) -> Option<String> {
    let mut fields = line.split_whitespace();
    let (alg, data) = (fields.next()?, fields.next()?);
    (alg.starts_with("ssh-") || alg.starts_with("ecdsa-") || alg.starts_with("sk-"))
        .then(|| format!("{alg} {data}"))
}

/// How each seat joins, for the host to print and hand out: one line a seat, then the
/// spectators'. `host` and `port`: where `ssh` connects; `local`: the seat played at the
/// host's own terminal.
#[must_use]
pub fn how_to_join(
    game: &Game,
    access: &Access,
    bots: &Bots,
    (host, port): (&str, u16),
    local: Option<Seat>,
) -> Vec<String> {
    let ssh = |who: Who| format!("ssh -p {port} {}@{host}", who.user());
    let mut lines = Vec::new();
    for (seat, door) in game.seats().zip(access.doors()) {
        let who = Who::Seat(seat);
        let name = game.who(seat);
        // How the seat joins over ssh; a seat played at the host's own terminal may still be
        // taken over ssh later, the same way.
        let remote = match door {
            Door::Secret(s) => format!("{}   secret: {s}", ssh(who)),
            Door::Keys(_, s) => format!("{}   (its key, or secret: {s})", ssh(who)),
            Door::Open => format!(
                "{}   open: the first to join takes it (type anything as the secret)",
                ssh(who)
            ),
            Door::Computer => {
                lines.push(format!(
                    "{} {name}: computer player ({})",
                    who.user(),
                    bots.kind(seat)
                        .map_or("computer", crate::bot::BotKind::name)
                ));
                continue;
            }
        };
        lines.push(if local == Some(seat) {
            format!(
                "{} {name}: at this terminal (or later {remote})",
                who.user()
            )
        } else {
            format!("{} {name}: {remote}", who.user())
        });
    }
    if let Some(s) = access.watch_secret() {
        lines.push(format!(
            "spectators: {}   secret: {s}   (the public view only)",
            ssh(Who::Spectator)
        ));
    }
    lines
}

/// Serves `game` over SSH until a stop signal: prints where it listens and how each seat
/// joins, then runs. Returns where the game was saved.
///
/// # Errors
/// A key file, the host key, the address or the save's recording of the computer players
/// fails.
#[cfg(feature = "host")]
pub fn run(mut game: Game, options: &HostOptions, listen: &ssh::Listen) -> Result<String, String> {
    game.set_computer(options.bots.record(&game))
        .map_err(|why| format!("the computer players cannot be recorded: {why}"))?;
    let access = Access::new(doors(&game, options)?, Some(access::new_secret()));
    let mut room = room::Room::new(
        game.clone(),
        options.bots.clone(),
        crate::tui::Theme::from_env(),
    );
    room.autosave(&options.save_path, options.loaded_from.as_deref());
    let bots = options.bots.clone();
    let shown = game.clone();
    let printed = access.clone();
    let local = options.local.map(|seat| (seat, game.who(seat)));
    let at = options.local;
    ssh::serve(room, access, listen, local, move |bound, fingerprint| {
        let host = if bound.ip().is_unspecified() {
            "HOST".to_string()
        } else {
            bound.ip().to_string()
        };
        println!(
            "herakon host: listening on {bound} (host key {fingerprint}); the host sees everything"
        );
        for line in how_to_join(&shown, &printed, &bots, (&host, bound.port()), at) {
            println!("  {line}");
        }
        println!("Ctrl-C or SIGTERM saves the game and tells every connection before closing.");
    })
}
