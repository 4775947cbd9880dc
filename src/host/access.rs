//! Who may join a hosted game, and how many at once: the user name says the seat (`seat1` to
//! `seat4`) or a spectator (`watch`); a seat's person proves it with the one-time secret the
//! host printed, or with a public key the host was given; an open seat goes to the first to
//! join, who is then given a secret of his own for coming back. Failed logins are counted per
//! address and refused for a while past a limit; connections are limited per seat and in all.
//! No clock and no network here: the caller passes the time and the address, so every rule is
//! tested as it is.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::time::Duration;

use crate::engine::Seat;

/// Failed logins allowed from one address within [`FAILURE_WINDOW`]; past them every login
/// from it is refused until the window has passed.
pub const FAILURES_ALLOWED: usize = 5;
/// How long a failed login counts against its address.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(60);
/// Connections at once for one seat (a second terminal, or a reconnection before the dropped
/// one is noticed).
pub const PER_SEAT: usize = 2;
/// Spectators at once.
pub const SPECTATORS: usize = 8;
/// The user name of spectators.
pub const WATCH: &str = "watch";

/// Whom a connection is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Who {
    /// A seat's person.
    Seat(Seat),
    /// A spectator: the public view only.
    Spectator,
}

impl Who {
    /// The user name that joins as this (`seat1`, `watch`).
    #[must_use]
    pub fn user(self) -> String {
        match self {
            Who::Seat(seat) => format!("seat{}", seat.index() + 1),
            Who::Spectator => WATCH.to_string(),
        }
    }

    /// The seat, for a seat's person.
    #[must_use]
    pub fn seat(self) -> Option<Seat> {
        match self {
            Who::Seat(seat) => Some(seat),
            Who::Spectator => None,
        }
    }
}

/// How a seat is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Door {
    /// With this secret (printed by the host, or given to the first to join an open seat).
    Secret(String),
    /// With one of these public keys (`algorithm base64`, no comment), or this secret.
    Keys(Vec<String>, String),
    /// By the first to join, whatever he types; he is then given a secret.
    Open,
    /// A computer player's seat: nobody joins it.
    Computer,
}

/// Why a login or a connection is refused, in words for the person refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// No seat or role has this user name.
    #[error("no seat is called {0:?}: join as seat1 to seat{1}, or as watch")]
    UnknownUser(String, usize),
    /// A computer player holds the seat.
    #[error("seat {} is a computer player's", .0.index() + 1)]
    Computer(Seat),
    /// The secret or the key does not open this seat.
    #[error("wrong secret")]
    WrongSecret,
    /// Too many failed logins from this address lately.
    #[error("too many failed logins from this address: wait a minute")]
    TooManyFailures,
    /// The seat has its connections already.
    #[error("{0} already has {1} connections: close one first")]
    SeatFull(String, usize),
    /// No spectators may join (no secret was made for them), or there are enough.
    #[error("no more spectators may join")]
    NoSpectators,
}

/// The doors of every seat, the spectators' secret, the failures counted per address and
/// the connections open.
#[derive(Debug, Clone)]
pub struct Access {
    /// Each seat's door, by seat.
    doors: Vec<Door>,
    /// The spectators' secret (`None`: no spectators).
    watch: Option<String>,
    /// For each address: when its recent failed logins happened.
    failures: BTreeMap<IpAddr, Vec<Duration>>,
    /// Connections open, for each seat or the spectators.
    open: BTreeMap<Who, usize>,
}

/// Whether two secrets are equal, in a time that depends on their lengths only.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A fresh secret: 15 characters from 32 easily told apart (75 bits), in three groups, from
/// the thread's generator (a CSPRNG seeded by the operating system).
#[must_use]
pub fn new_secret() -> String {
    use rand::RngExt as _;
    const ALPHABET: &[u8; 32] = b"abcdefghjkmnpqrstuvwxyz123456789";
    let mut rng = rand::rng();
    let mut out = String::new();
    for group in 0..3 {
        if group > 0 {
            out.push('-');
        }
        for _ in 0..5 {
            let i = rng.random_range(0..ALPHABET.len());
            out.push(char::from(ALPHABET[i]));
        }
    }
    out
}

impl Access {
    /// The doors of the seats (by seat) and the spectators' secret.
    #[must_use]
    pub fn new(doors: Vec<Door>, watch: Option<String>) -> Access {
        Access {
            doors,
            watch,
            failures: BTreeMap::new(),
            open: BTreeMap::new(),
        }
    }

    /// Each seat's door.
    #[must_use]
    pub fn doors(&self) -> &[Door] {
        &self.doors
    }

    /// The spectators' secret.
    #[must_use]
    pub fn watch_secret(&self) -> Option<&str> {
        self.watch.as_deref()
    }

    /// Whom `user` names.
    ///
    /// # Errors
    /// No seat has that name.
    pub fn who(&self, user: &str) -> Result<Who, Refusal> {
        if user == WATCH {
            return Ok(Who::Spectator);
        }
        let unknown = || Refusal::UnknownUser(user.chars().take(32).collect(), self.doors.len());
        let n: usize = user
            .strip_prefix("seat")
            .and_then(|n| n.parse().ok())
            .ok_or_else(unknown)?;
        if n == 0 || n > self.doors.len() {
            return Err(unknown());
        }
        Ok(Who::Seat(Seat(u8::try_from(n - 1).map_err(|_| unknown())?)))
    }

    /// Whether `addr` has used up its failed logins at `now`.
    fn barred(&mut self, addr: IpAddr, now: Duration) -> bool {
        let list = self.failures.entry(addr).or_default();
        list.retain(|t| now.saturating_sub(*t) < FAILURE_WINDOW);
        list.len() >= FAILURES_ALLOWED
    }

    /// Counts a failed login from `addr` at `now`.
    fn failed(&mut self, addr: IpAddr, now: Duration, why: Refusal) -> Refusal {
        self.failures.entry(addr).or_default().push(now);
        // Addresses with nothing recent are forgotten, so the table stays small.
        self.failures
            .retain(|_, list| list.iter().any(|t| now.saturating_sub(*t) < FAILURE_WINDOW));
        why
    }

    /// A login as `user` with `secret` from `addr` at `now`: whom it is for, and for the first
    /// to take an open seat, the secret he comes back with.
    ///
    /// # Errors
    /// The user is unknown, the seat a computer player's, the secret wrong, or the address has
    /// failed too often.
    pub fn password(
        &mut self,
        addr: IpAddr,
        user: &str,
        secret: &str,
        now: Duration,
    ) -> Result<(Who, Option<String>), Refusal> {
        if self.barred(addr, now) {
            return Err(Refusal::TooManyFailures);
        }
        let who = match self.who(user) {
            Ok(who) => who,
            Err(why) => return Err(self.failed(addr, now, why)),
        };
        let door = match who {
            Who::Spectator => match &self.watch {
                Some(w) => Door::Secret(w.clone()),
                None => return Err(self.failed(addr, now, Refusal::NoSpectators)),
            },
            Who::Seat(seat) => self.doors[seat.index()].clone(),
        };
        match door {
            Door::Secret(s) | Door::Keys(_, s) if same(&s, secret) => Ok((who, None)),
            Door::Open => {
                let fresh = new_secret();
                if let Who::Seat(seat) = who {
                    self.doors[seat.index()] = Door::Secret(fresh.clone());
                }
                Ok((who, Some(fresh)))
            }
            Door::Computer => {
                Err(self.failed(addr, now, Refusal::Computer(who.seat().unwrap_or(Seat(0)))))
            }
            Door::Secret(_) | Door::Keys(..) => Err(self.failed(addr, now, Refusal::WrongSecret)),
        }
    }

    /// A login as `user` with the public key `key` (`algorithm base64`), its signature already
    /// checked, from `addr` at `now`.
    ///
    /// # Errors
    /// The key does not open the seat (a key offered and refused is not counted as a failure:
    /// a client offers every key it has).
    pub fn public_key(
        &mut self,
        addr: IpAddr,
        user: &str,
        key: &str,
        now: Duration,
    ) -> Result<Who, Refusal> {
        if self.barred(addr, now) {
            return Err(Refusal::TooManyFailures);
        }
        let who = self.who(user)?;
        match who {
            Who::Seat(seat) => match &self.doors[seat.index()] {
                Door::Keys(keys, _) if keys.iter().any(|k| k == key) => Ok(who),
                _ => Err(Refusal::WrongSecret),
            },
            Who::Spectator => Err(Refusal::WrongSecret),
        }
    }

    /// A connection for `who` opens.
    ///
    /// # Errors
    /// The seat has [`PER_SEAT`] connections already, or there are [`SPECTATORS`].
    pub fn connect(&mut self, who: Who) -> Result<(), Refusal> {
        let count = self.open.entry(who).or_default();
        let limit = match who {
            Who::Seat(_) => PER_SEAT,
            Who::Spectator => SPECTATORS,
        };
        if *count >= limit {
            return Err(match who {
                Who::Seat(_) => Refusal::SeatFull(who.user(), limit),
                Who::Spectator => Refusal::NoSpectators,
            });
        }
        *count += 1;
        Ok(())
    }

    /// A connection for `who` closed.
    pub fn disconnect(&mut self, who: Who) {
        if let Some(count) = self.open.get_mut(&who) {
            *count = count.saturating_sub(1);
        }
    }

    /// How many connections `who` has open.
    #[must_use]
    pub fn connections(&self, who: Who) -> usize {
        self.open.get(&who).copied().unwrap_or(0)
    }
}
