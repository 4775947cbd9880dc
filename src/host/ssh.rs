//! The SSH server of `herakon host` (russh, on the ring crypto backend): every connection
//! logs in as its seat, asks for a terminal and a shell, and from then on sends key bytes and
//! window sizes to the room's thread and receives the frames drawn for it. The room lives on a
//! thread of its own and owns the game; the connections talk to it through a channel, so no
//! lock guards the game. A connection's frames go through a short queue: a client too slow to
//! take them loses frames, and its next frame is sent whole.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use russh::keys::ssh_key::{HashAlg, LineEnding};
use russh::keys::{Algorithm, PrivateKey};
use russh::server::{Auth, Config, Handler, Msg, Server, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, MethodKind, MethodSet};
use tokio::sync::mpsc as tokio_mpsc;

use super::access::{Access, Refusal, Who};
use super::event::{Event, QUEUE};
use super::input::Bucket;
use super::local::{LOCAL, Local};
use super::room::{ConnId, Out, Room};

/// How often the room's clock ticks (the computer players' pauses run on it).
const TICK: Duration = Duration::from_millis(100);
/// Switches the remote terminal to its alternate screen and hides the cursor.
const ENTER_SCREEN: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";
/// Gives the remote terminal its screen and cursor back.
const LEAVE_SCREEN: &[u8] = b"\x1b[0m\x1b[2J\x1b[H\x1b[?25h\x1b[?1049l";

/// Where the host listens and what it serves.
#[derive(Debug, Clone)]
pub struct Listen {
    /// The address to listen on (127.0.0.1 unless told otherwise).
    pub addr: IpAddr,
    /// The port (0: any free one, printed).
    pub port: u16,
    /// The host key's file (made on the first start, mode 0600).
    pub host_key: PathBuf,
}

/// Reads the host key from `path`, or makes one there (mode 0600) when there is none.
///
/// # Errors
/// The file cannot be read, holds no key, or cannot be written.
pub fn host_key(path: &Path) -> Result<PrivateKey, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => PrivateKey::from_openssh(&text)
            .map_err(|e| format!("{}: not a host key: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
                .map_err(|e| format!("making a host key: {e}"))?;
            let text = key
                .to_openssh(LineEnding::LF)
                .map_err(|e| format!("writing the host key: {e}"))?;
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            let mut file = new_private_file(path)?;
            file.write_all(text.as_bytes())
                .and_then(|()| file.sync_all())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(key)
        }
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Creates `path` for the owner's eyes only (never over an existing file).
fn new_private_file(path: &Path) -> Result<std::fs::File, String> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The host key's fingerprint, as `ssh` shows it (`SHA256:...`).
#[must_use]
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

/// What every connection shares: the doors, the way to the room, the clock.
#[derive(Clone)]
struct Shared {
    access: Arc<Mutex<Access>>,
    room: std_mpsc::Sender<Event>,
    start: Instant,
}

/// Makes one handler for each connection.
struct Host {
    shared: Shared,
    next: ConnId,
}

impl Server for Host {
    type Handler = Conn;

    fn new_client(&mut self, peer: Option<SocketAddr>) -> Conn {
        self.next += 1;
        Conn {
            id: self.next,
            peer: peer.map_or(IpAddr::from([0, 0, 0, 0]), |p| p.ip()),
            shared: self.shared.clone(),
            who: None,
            note: None,
            channel: None,
            size: (80, 24),
            joined: false,
            counted: false,
            bucket: Bucket::default(),
        }
    }
}

/// One connection.
struct Conn {
    id: ConnId,
    peer: IpAddr,
    shared: Shared,
    /// Whom it logged in as.
    who: Option<Who>,
    /// The secret given for an open seat, said once joined.
    note: Option<String>,
    /// Its session channel (one per connection).
    channel: Option<ChannelId>,
    /// Its terminal's size, from the pty request.
    size: (u32, u32),
    /// It joined the room.
    joined: bool,
    /// It is counted among its seat's connections.
    counted: bool,
    /// Its input allowance.
    bucket: Bucket,
}

impl Shared {
    /// Tells the host `text` (through the room, which knows whether the host's terminal is
    /// showing a seat and would be spoilt by a printed line).
    fn log(&self, text: String) {
        let _ = self.room.send(Event::Log(text));
    }
}

impl Conn {
    fn access(&self) -> std::sync::MutexGuard<'_, Access> {
        // A poisoned lock still holds valid counts: nothing in it is left half-changed.
        self.shared
            .access
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn now(&self) -> Duration {
        self.shared.start.elapsed()
    }

    fn refused(&self, user: &str, why: &Refusal) {
        self.shared.log(format!(
            "login as {user:?} from {} refused: {why}",
            self.peer
        ));
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        if self.joined {
            let _ = self.shared.room.send(Event::Leave(self.id));
        }
        if self.counted
            && let Some(who) = self.who
        {
            self.access().disconnect(who);
            self.shared
                .log(format!("{} left ({})", who.user(), self.peer));
        }
    }
}

impl Handler for Conn {
    type Error = russh::Error;

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(Some(
            "herakon: log in as your seat (seat1, seat2, ...) or as watch, with the secret the host gave you\r\n"
                .to_string(),
        ))
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        let now = self.now();
        let result = self.access().password(self.peer, user, password, now);
        match result {
            Ok((who, fresh)) => {
                self.who = Some(who);
                self.note =
                    fresh.map(|s| format!("this seat is yours: come back with the secret {s}"));
                Ok(Auth::Accept)
            }
            Err(why) => {
                self.refused(user, &why);
                Ok(Auth::reject())
            }
        }
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let text = key
            .public_key
            .to_openssh()
            .ok()
            .and_then(|t| super::ssh_key_text(&t))
            .unwrap_or_default();
        let now = self.now();
        let result = self.access().public_key(self.peer, user, &text, now);
        match result {
            Ok(who) => {
                self.who = Some(who);
                Ok(Auth::Accept)
            }
            Err(_) => Ok(Auth::reject()),
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() || self.who.is_none() {
            // One terminal per connection.
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = (col_width, row_height);
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(who) = self.who else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        if self.joined || Some(channel) != self.channel {
            session.channel_failure(channel)?;
            return Ok(());
        }
        session.channel_success(channel)?;
        let counted = self.access().connect(who);
        if let Err(why) = counted {
            // Said on the terminal, then the connection closes.
            self.refused(&who.user(), &why);
            session.data(channel, format!("herakon: {why}\r\n").into_bytes())?;
            session.exit_status_request(channel, 1)?;
            session.eof(channel)?;
            session.close(channel)?;
            return Ok(());
        }
        self.counted = true;
        self.shared
            .log(format!("{} joined ({})", who.user(), self.peer));
        let (tx, mut rx) = tokio_mpsc::channel::<Out>(QUEUE);
        let handle = session.handle();
        tokio::spawn(async move {
            if handle.data(channel, ENTER_SCREEN.to_vec()).await.is_err() {
                return;
            }
            while let Some(out) = rx.recv().await {
                match out {
                    Out::Frame(bytes) => {
                        if handle.data(channel, bytes).await.is_err() {
                            return;
                        }
                    }
                    Out::Close(text) | Out::Stop(text) => {
                        let mut bytes = LEAVE_SCREEN.to_vec();
                        bytes.extend_from_slice(format!("herakon: {text}\r\n").as_bytes());
                        let _ = handle.data(channel, bytes).await;
                        let _ = handle.exit_status_request(channel, 0).await;
                        let _ = handle.eof(channel).await;
                        let _ = handle.close(channel).await;
                        return;
                    }
                }
            }
        });
        let join = Event::Join {
            id: self.id,
            who,
            size: self.size,
            note: self.note.take(),
            out: tx,
        };
        if self.shared.room.send(join).is_ok() {
            self.joined = true;
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = (col_width, row_height);
        if self.joined {
            let _ = self
                .shared
                .room
                .send(Event::Resize(self.id, col_width, row_height));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.joined {
            return Ok(());
        }
        let now = self.now();
        let allowed = self.bucket.take(data.len(), now);
        if allowed > 0 {
            let _ = self
                .shared
                .room
                .send(Event::Input(self.id, data[..allowed].to_vec()));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.leave();
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.leave();
        Ok(())
    }
}

impl Conn {
    /// The connection's terminal went away: the room forgets it (its seat is away).
    fn leave(&mut self) {
        if self.joined {
            self.joined = false;
            let _ = self.shared.room.send(Event::Leave(self.id));
        }
    }
}

/// The room's thread: hands the room every event in turn, ticks its clock, sends the frames;
/// returns what it says when it stops (a stop signal, or the game over and every terminal
/// gone).
pub fn room_loop(mut room: Room, events: &std_mpsc::Receiver<Event>) -> String {
    let start = Instant::now();
    let mut outs: BTreeMap<ConnId, tokio_mpsc::Sender<Out>> = BTreeMap::new();
    loop {
        let mut left = false;
        match events.recv_timeout(TICK) {
            Ok(Event::Join {
                id,
                who,
                size,
                note,
                out,
            }) => {
                room.join(id, who, size, note);
                outs.insert(id, out);
            }
            Ok(Event::Input(id, bytes)) => {
                if let Some(out) = room.input(id, &bytes) {
                    close(&mut room, &mut outs, id, out);
                    left = true;
                }
            }
            Ok(Event::Key(id, msg)) => {
                if let Some(out) = room.message(id, msg) {
                    close(&mut room, &mut outs, id, out);
                    left = true;
                }
            }
            Ok(Event::Resize(id, w, h)) => room.resize(id, w, h),
            Ok(Event::Leave(id)) => {
                room.leave(id);
                outs.remove(&id);
                left = true;
            }
            Ok(Event::Log(text)) => {
                if outs.contains_key(&LOCAL) {
                    room.tell(LOCAL, &text);
                } else {
                    eprintln!("herakon host: {}", crate::store::printable(&text));
                }
            }
            Ok(Event::Stop(why)) => {
                return stop(&mut room, &outs, &format!("{why}: the host stopped"));
            }
            Err(std_mpsc::RecvTimeoutError::Timeout) => {}
            Err(std_mpsc::RecvTimeoutError::Disconnected) => {
                return "the server stopped".to_string();
            }
        }
        // After the last round nobody comes back: the last to leave ends the host.
        if left && outs.is_empty() && room.game().is_over() {
            return stop(
                &mut room,
                &outs,
                "the game is over and every seat has left: the host stopped",
            );
        }
        room.tick(start.elapsed());
        deliver(&mut room, &mut outs);
    }
}

/// Connection `id` leaves the table, told `out`.
fn close(
    room: &mut Room,
    outs: &mut BTreeMap<ConnId, tokio_mpsc::Sender<Out>>,
    id: ConnId,
    out: Out,
) {
    room.leave(id);
    if let Some(tx) = outs.remove(&id) {
        let _ = tx.try_send(out);
    }
}

/// Saves the game and tells every connection `why` the host stops (and where the game is);
/// returns what it told them.
fn stop(room: &mut Room, outs: &BTreeMap<ConnId, tokio_mpsc::Sender<Out>>, why: &str) -> String {
    let said = match room.save_for_leaving() {
        Ok(path) => format!("{why}; the game is saved in {path}"),
        Err(e) => format!("{why}; the game was NOT saved: {e}"),
    };
    for tx in outs.values() {
        let _ = tx.try_send(Out::Stop(said.clone()));
    }
    said
}

/// Sends every connection what changed on its screen: a connection whose queue is full (a
/// client too slow to take its frames) loses the frame and is sent the next one whole; one
/// whose channel closed leaves the table.
pub fn deliver(room: &mut Room, outs: &mut BTreeMap<ConnId, tokio_mpsc::Sender<Out>>) {
    for (id, bytes) in room.frames() {
        let Some(tx) = outs.get(&id) else { continue };
        match tx.try_send(Out::Frame(bytes)) {
            Ok(()) => {}
            Err(tokio_mpsc::error::TrySendError::Full(_)) => room.lost_frame(id),
            Err(tokio_mpsc::error::TrySendError::Closed(_)) => {
                room.leave(id);
                outs.remove(&id);
            }
        }
    }
}

/// Watches the stop signals (SIGTERM, SIGINT, SIGHUP): the first tells the room to stop.
fn watch_signals(room: std_mpsc::Sender<Event>) -> Result<(), String> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
            .map_err(|e| format!("signals: {e}"))?;
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let name = match sig {
                    SIGTERM => "SIGTERM",
                    SIGINT => "SIGINT",
                    _ => "SIGHUP",
                };
                let _ = room.send(Event::Stop(name.to_string()));
            }
        });
    }
    Ok(())
}

/// Serves `room` over SSH on `listen` with the doors of `access`, until a stop signal;
/// `announce` is given the address bound (to print how to join) before the first connection;
/// `local`: the seat (and its name) played at the host's own terminal, which starts after the
/// announcement. Returns what the room said when it stopped (where the game is saved).
///
/// # Errors
/// The host key, the address or the runtime fails.
pub fn serve(
    room: Room,
    access: Access,
    listen: &Listen,
    local: Option<(crate::engine::Seat, String)>,
    announce: impl FnOnce(SocketAddr, &str),
) -> Result<String, String> {
    let key = host_key(&listen.host_key)?;
    let print = fingerprint(&key);
    let config = Config {
        methods: MethodSet::from(&[MethodKind::Password, MethodKind::PublicKey][..]),
        keys: vec![key],
        auth_rejection_time: Duration::from_millis(500),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(15)),
        keepalive_max: 4,
        nodelay: true,
        ..Config::default()
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("runtime: {e}"))?;
    let (to_room, events) = std_mpsc::channel();
    watch_signals(to_room.clone())?;
    let (done_tx, mut done_rx) = tokio_mpsc::unbounded_channel::<String>();
    std::thread::spawn(move || {
        let said = room_loop(room, &events);
        let _ = done_tx.send(said);
    });
    let mut screen: Option<Local> = None;
    let result = runtime.block_on(async {
        let socket = tokio::net::TcpListener::bind((listen.addr, listen.port))
            .await
            .map_err(|e| format!("{}:{}: {e}", listen.addr, listen.port))?;
        let bound = socket.local_addr().map_err(|e| e.to_string())?;
        announce(bound, &print);
        screen = local.map(|(seat, name)| super::local::sit_down(seat, &name, to_room.clone()));
        let mut host = Host {
            shared: Shared {
                access: Arc::new(Mutex::new(access)),
                room: to_room,
                start: Instant::now(),
            },
            next: 0,
        };
        let server = host.run_on_socket(Arc::new(config), &socket);
        let handle = server.handle();
        tokio::select! {
            result = server => {
                result.map_err(|e| format!("server: {e}"))?;
                Ok("the server stopped".to_string())
            }
            said = done_rx.recv() => {
                let said = said.unwrap_or_default();
                // Let the goodbyes reach the terminals before the connections close.
                tokio::time::sleep(Duration::from_millis(300)).await;
                handle.shutdown(said.clone());
                tokio::time::sleep(Duration::from_millis(100)).await;
                Ok(said)
            }
        }
    });
    // The host's terminal is itself again before the last lines are printed on it.
    if let Some(screen) = &screen {
        screen.wait(Duration::from_secs(2));
    }
    result
}
