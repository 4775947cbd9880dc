//! The terminal: raw mode, the alternate screen and mouse capture on the way in, all undone on
//! the way out, by a panic hook and on a stop signal; the event loop that turns terminal events
//! into messages and keeps the clock of the hand-off pause.
//!
//! Signals go through the signal-hook crate (doing it by hand would need `unsafe`, forbidden
//! here): a thread of its own receives them, notes the first in an atomic and wakes the loops
//! at once through their input channel; the loops then clear the screen, restore the terminal
//! and save. A second signal while the first is being handled does not wait for them: that
//! thread clears the screen, restores the terminal and ends the process itself (a third one, if
//! even that hangs on a stuck terminal, ends it from the handler).
//!
//! Nothing here asks the terminal a question (such as where the cursor is, which ratatui's
//! `Terminal::clear` does): its answer would arrive on the input the reader thread holds, and
//! the question would wait for it in vain.

use std::io::{self, IsTerminal, Stdout, Write, stdout};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::{Effect, Msg};
use super::client::Client;
use super::newgame::{NewGame, Outcome, Resume};
use super::replay::Replay;
use super::save::{Keeper, Saved};
use super::scene::Scene;
use super::seats::Bots;
use super::session::Deciding;
use super::theme::Theme;
use super::thinker::Thinker;
use super::{PlayOptions, save, ui};
use crate::engine::{Game, GameData};

/// Standard output, as the client draws on it. Once the terminal is given back, whatever is
/// still written through it is thrown away: ratatui shows the cursor again as it is dropped,
/// which fails on a hung-up terminal and says so on standard error, and a frame drawn by the
/// loop after a second signal restored the terminal must not reach it.
struct Screen(Stdout);

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if STAGE.load(Ordering::SeqCst) != ON {
            return Ok(buf.len());
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        if STAGE.load(Ordering::SeqCst) != ON {
            return Ok(());
        }
        self.0.flush()
    }
}

type Term = Terminal<CrosstermBackend<Screen>>;

/// Where the terminal stands, for the signal thread: whether it must clear and restore it.
static STAGE: AtomicU8 = AtomicU8::new(OFF);
/// The client has not taken the terminal (or has given it back).
const OFF: u8 = 0;
/// The client draws on the terminal (raw mode, the alternate screen).
const ON: u8 = 1;

/// Clears the screen (a player's private view must not stay up, not even in the terminal's
/// scrollback of the alternate screen) with a plain command that asks the terminal nothing.
fn clear_screen() -> io::Result<()> {
    execute!(
        stdout(),
        Clear(ClearType::All),
        crossterm::cursor::MoveTo(0, 0)
    )
}

/// Puts the terminal back as it was (safe to call twice).
///
/// # Errors
/// The terminal refused a command.
pub fn restore() -> io::Result<()> {
    STAGE.store(OFF, Ordering::SeqCst);
    let raw = disable_raw_mode();
    execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    )?;
    raw
}

/// Restores the terminal before a panic message is printed.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = restore();
        previous(info);
    }));
}

/// The signals that stop the client: `kill` (SIGTERM), SIGINT (in raw mode Ctrl-C is a key, but
/// `kill -INT` still sends the signal), the terminal hanging up (SIGHUP) and SIGQUIT.
#[cfg(unix)]
const STOP_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGQUIT,
];
/// The signals that stop the client.
#[cfg(not(unix))]
const STOP_SIGNALS: [i32; 2] = [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

/// The signal number a lost terminal is treated as (SIGHUP): save, and exit with 128 + it.
#[cfg(unix)]
const HANGUP: i32 = signal_hook::consts::SIGHUP;
/// The signal number a lost terminal is treated as (SIGHUP's number on unix).
#[cfg(not(unix))]
const HANGUP: i32 = 1;

/// How long the loops wait for input before they look at the clock again (a signal wakes
/// them at once).
const TICK: Duration = Duration::from_millis(50);

/// The number of the first stop signal received (0: none), set by the signal thread.
static CAUGHT: AtomicUsize = AtomicUsize::new(0);

/// Installs the stop-signal handling once per process.
fn watch_signals() -> io::Result<()> {
    static WATCHING: OnceLock<()> = OnceLock::new();
    if WATCHING.get().is_some() {
        return Ok(());
    }
    // Armed by the signal thread as it handles a second signal itself: one more signal then
    // ends the process from the handler (the terminal may hang while being restored). The
    // shutdown handler must be registered first, to run before the others.
    let armed = Arc::new(AtomicBool::new(false));
    for signal in STOP_SIGNALS {
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&armed))?;
    }
    let mut signals = signal_hook::iterator::Signals::new(STOP_SIGNALS)?;
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let number = usize::try_from(signal).unwrap_or(0);
            if CAUGHT
                .compare_exchange(0, number, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                // The first: the loop clears, restores and saves; wake it now.
                if let Some(wake) = WAKE.get()
                    && let Ok(wake) = wake.lock()
                {
                    let _ = wake.send(Incoming::Signal);
                }
                continue;
            }
            armed.store(true, Ordering::SeqCst);
            stop_now(signal);
        }
    });
    let _ = WATCHING.set(());
    Ok(())
}

/// A second stop signal: clears the screen and restores the terminal if the client still has
/// it, then ends the process with 128 + `signal`, without waiting for the loop (which may be
/// saving). Standard output stays locked, so the loop draws nothing more.
fn stop_now(signal: i32) -> ! {
    let _held = stdout().lock();
    if STAGE.load(Ordering::SeqCst) == ON {
        let _ = clear_screen();
        let _ = restore();
        let _ = writeln!(
            io::stderr(),
            "herakon: stopped at once by a second signal ({signal}), without saving on the way out"
        );
    }
    std::process::exit(128 + signal)
}

/// The stop signal received, if any.
fn stop_signal() -> Option<i32> {
    let n = CAUGHT.load(Ordering::SeqCst);
    (n != 0).then(|| i32::try_from(n).unwrap_or(0))
}

/// How a loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The players quit.
    Quit,
    /// The players quit without saving, after the game could not be saved (exit status 1).
    QuitUnsaved,
    /// A stop signal (its number) ended it; the process should exit with 128 + that number.
    Signal(i32),
}

/// What waiting for input brought.
enum Input {
    /// A message for the client.
    Msg(Msg),
    /// A stop signal arrived.
    Stop(i32),
    /// Nothing before the timeout (or an event the client ignores).
    Idle,
}

/// What the loops receive: a terminal event from the reader thread, or a wake-up from the
/// signal thread.
enum Incoming {
    /// A terminal event (or the error that ended reading).
    Event(io::Result<Event>),
    /// A stop signal arrived ([`CAUGHT`] says which).
    Signal,
}

/// Terminal events, read on a thread of their own and handed over through a channel, which
/// the signal thread also uses to wake the loops.
///
/// crossterm's reader never returns once the terminal has hung up: it reads end of file (or an
/// I/O error) in a loop inside `poll`. A loop that called it directly would spin there forever,
/// never looking at the clock, the signals or the autosave. Behind a channel, the loops wait
/// with a timeout they always get back from, and can see that the terminal is gone.
static EVENTS: OnceLock<Mutex<Receiver<Incoming>>> = OnceLock::new();

/// The signal thread's end of the loops' channel.
static WAKE: OnceLock<Mutex<Sender<Incoming>>> = OnceLock::new();

/// Starts the reader thread once per process.
fn start_reader() {
    EVENTS.get_or_init(|| {
        let (tx, rx) = mpsc::channel();
        let _ = WAKE.set(Mutex::new(tx.clone()));
        std::thread::spawn(move || {
            loop {
                let event = event::read();
                let failed = event.is_err();
                // The receiver is gone when the client ends; so is the reason to read.
                if tx.send(Incoming::Event(event)).is_err() || failed {
                    break;
                }
            }
        });
        Mutex::new(rx)
    });
}

/// Whether the terminal the client started on is gone: standard output was a terminal at the
/// first call (made when the screen is set up) and is not one now. A hung-up terminal refuses
/// every terminal request, so it stops counting as one; its size is no test, as crossterm
/// falls back to `tput`, which answers from the terminfo entry.
fn terminal_lost() -> bool {
    static STARTED_ON_TERMINAL: OnceLock<bool> = OnceLock::new();
    *STARTED_ON_TERMINAL.get_or_init(|| stdout().is_terminal()) && !stdout().is_terminal()
}

/// The next event the reader thread passed on within `timeout` (`Ok(None)`: none came).
fn received(timeout: Duration) -> io::Result<Option<Event>> {
    let Some(events) = EVENTS.get() else {
        return Err(io::Error::other("terminal input was never started"));
    };
    let events = events
        .lock()
        .map_err(|_| io::Error::other("terminal input lock poisoned"))?;
    match events.recv_timeout(timeout) {
        Ok(Incoming::Event(event)) => event.map(Some),
        Ok(Incoming::Signal) | Err(RecvTimeoutError::Timeout) => Ok(None),
        Err(RecvTimeoutError::Disconnected) => Err(io::Error::other("terminal input ended")),
    }
}

/// Waits up to `timeout` for a terminal event, looking at the stop signals before and after,
/// and at whether the terminal is still there when nothing came (a lost terminal ends the
/// client as a hang-up does, with an autosave: its SIGHUP may have gone to a shell that ran it).
fn next_input(timeout: Duration) -> io::Result<Input> {
    if let Some(sig) = stop_signal() {
        return Ok(Input::Stop(sig));
    }
    let event = received(timeout)?;
    if let Some(sig) = stop_signal() {
        return Ok(Input::Stop(sig));
    }
    match event {
        Some(event) => Ok(message(&event).map_or(Input::Idle, Input::Msg)),
        None if terminal_lost() => Ok(Input::Stop(HANGUP)),
        None => Ok(Input::Idle),
    }
}

/// Throws away the input typed before a hand-off appeared (keys meant for the last seat), but
/// keeps the last size the terminal reported.
fn drain_input() -> io::Result<Option<Msg>> {
    let mut resize = None;
    while let Some(event) = received(Duration::ZERO)? {
        if let Event::Resize(w, h) = event {
            resize = Some(Msg::Resize(w, h));
        }
    }
    Ok(resize)
}

/// Clears the screen (the last seat's private view must not stay up), then restores the
/// terminal. Errors are ignored: the terminal may be gone (SIGHUP).
fn clear_and_restore() {
    let _ = clear_screen();
    let _ = restore();
}

/// Why the client does not start when standard output is not a terminal (`play > file`): it
/// draws screens for people, and would otherwise leave the terminal it reads keys from raw.
pub const NOT_A_TERMINAL: &str = "standard output is not a terminal: the client draws on a \
     terminal (to read a game as text, use `herakon show FILE` or `herakon check FILE --as N`)";

fn setup() -> io::Result<Term> {
    // Refused before anything changes the terminal.
    if !stdout().is_terminal() {
        return Err(io::Error::other(NOT_A_TERMINAL));
    }
    watch_signals()?;
    // Note whether the client starts on a terminal, to notice later that it is gone.
    terminal_lost();
    enable_raw_mode()?;
    STAGE.store(ON, Ordering::SeqCst);
    let mut out = stdout();
    if let Err(e) = execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        Clear(ClearType::All)
    ) {
        let _ = restore();
        return Err(e);
    }
    let terminal = match Terminal::new(CrosstermBackend::new(Screen(out))) {
        Ok(terminal) => terminal,
        Err(e) => {
            let _ = restore();
            return Err(e);
        }
    };
    // Read only once the terminal is raw (no key waits for a line end): the reader holds
    // crossterm's input until the client ends.
    start_reader();
    Ok(terminal)
}

/// The host's own terminal lent to one seat of a hosted game (`herakon host --local SEAT`):
/// the host's room draws that seat's frames as it draws every connection's, and these write
/// them; the keys, clicks and sizes come back as messages. The host watches the stop signals
/// itself (they reach its room, which gives every terminal back), so no signal handling is
/// installed here; a panic still restores the terminal.
pub mod lent {
    use super::{
        Clear, ClearType, EnableMouseCapture, EnterAlternateScreen, IsTerminal, Msg,
        NOT_A_TERMINAL, ON, Ordering, STAGE, Write, clear_and_restore, enable_raw_mode, execute,
        install_panic_hook, io, message, received, restore, start_reader, stdout, terminal_lost,
    };
    use std::time::Duration;

    /// Takes the terminal (raw mode, the alternate screen, the mouse) and returns its size.
    ///
    /// # Errors
    /// Standard output is not a terminal, or the terminal refused a command.
    pub fn take() -> io::Result<(u16, u16)> {
        if !stdout().is_terminal() {
            return Err(io::Error::other(NOT_A_TERMINAL));
        }
        install_panic_hook();
        terminal_lost();
        enable_raw_mode()?;
        STAGE.store(ON, Ordering::SeqCst);
        if let Err(e) = execute!(
            stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            Clear(ClearType::All)
        ) {
            let _ = restore();
            return Err(e);
        }
        start_reader();
        crossterm::terminal::size()
    }

    /// The next message from the terminal within `timeout` (`Ok(None)`: nothing came, or an
    /// event the client ignores).
    ///
    /// # Errors
    /// The terminal is gone (hung up, or its input ended).
    pub fn next(timeout: Duration) -> io::Result<Option<Msg>> {
        match received(timeout)? {
            Some(event) => Ok(message(&event)),
            None if terminal_lost() => Err(io::Error::other("the terminal is gone")),
            None => Ok(None),
        }
    }

    /// Writes `bytes` (a frame) to the terminal while it is taken; nothing once given back.
    ///
    /// # Errors
    /// The terminal refused the write.
    pub fn write(bytes: &[u8]) -> io::Result<()> {
        if STAGE.load(Ordering::SeqCst) != ON {
            return Ok(());
        }
        let mut out = stdout().lock();
        out.write_all(bytes)?;
        out.flush()
    }

    /// Clears the screen (the seat's view must not stay up) and gives the terminal back.
    pub fn give_back() {
        clear_and_restore();
    }
}

/// Turns a terminal event into a message (`None`: nothing the client reacts to).
#[must_use]
pub fn message(event: &Event) -> Option<Msg> {
    match event {
        Event::Key(k) if k.kind != KeyEventKind::Release => Some(Msg::Key(k.code, k.modifiers)),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Msg::Click(m.column, m.row)),
            MouseEventKind::ScrollUp => Some(Msg::Wheel(m.column, m.row, -1)),
            MouseEventKind::ScrollDown => Some(Msg::Wheel(m.column, m.row, 1)),
            _ => None,
        },
        Event::Resize(w, h) => Some(Msg::Resize(*w, *h)),
        _ => None,
    }
}

/// Runs the client on the real terminal until the players quit or a stop signal arrives.
///
/// # Errors
/// Terminal input/output failures.
pub fn run(game: &mut Game, options: &PlayOptions) -> io::Result<Ended> {
    install_panic_hook();
    let mut terminal = setup()?;
    let result = event_loop(&mut terminal, game, options);
    finish(result)
}

/// The new-game screen, then the game it makes.
///
/// # Errors
/// Terminal input/output failures.
pub fn run_new(
    data: &Arc<GameData>,
    seed: u64,
    names: &[String],
    options: &PlayOptions,
) -> io::Result<Ended> {
    install_panic_hook();
    let mut terminal = setup()?;
    let result = match menu_loop(&mut terminal, data, seed, names, options.resume.as_deref()) {
        Ok(Ok(Picked::Replay(mut replay))) => {
            replay_loop(&mut terminal, &mut replay).map(|ended| (ended, Saved::Nothing))
        }
        Ok(Ok(Picked::Play(chosen))) => {
            let (mut game, continued, bots, learn) = *chosen;
            let options = match continued {
                None => PlayOptions {
                    bots,
                    learn,
                    ..options.clone()
                },
                // The autosave goes on in its own file; `s` offers the save it belongs to. The
                // computer players are the ones the save recorded.
                Some(path) => PlayOptions {
                    save_path: Some(crate::store::saves::save_path_of_autosave(&path)),
                    loaded_from: Some(path),
                    resume: None,
                    bots,
                    learn: None,
                },
            };
            event_loop(&mut terminal, &mut game, &options)
        }
        Ok(Err(ended)) => Ok((ended, Saved::Nothing)),
        Err(e) => Err(e),
    };
    finish(result)
}

/// Leaves the terminal as it was and says where the game is saved, or that it is not. After a
/// stop signal the terminal may be gone (a hang-up): failing to restore it is no error then.
fn finish(result: io::Result<(Ended, Saved)>) -> io::Result<Ended> {
    let _ = clear_screen();
    let restored = restore();
    if let Ok((ended, saved)) = &result {
        let by = match ended {
            Ended::Signal(sig) => format!("stopped by signal {sig}; "),
            Ended::Quit | Ended::QuitUnsaved => String::new(),
        };
        // Written with `writeln!`, not `eprintln!`, which panics when standard error is a
        // terminal that hung up. The path and the reason may quote a file name: cleaned like
        // every message.
        let said = match saved {
            Saved::In(path) => format!("{by}the game is saved in {}", path.display()),
            Saved::Not(why) => format!("{by}the game was NOT saved: {why}"),
            Saved::Nothing if !by.is_empty() => format!("{by}nothing to save"),
            Saved::Nothing => String::new(),
        };
        if !said.is_empty() {
            let _ = writeln!(io::stderr(), "herakon: {}", crate::store::printable(&said));
        }
    }
    match result? {
        (ended @ Ended::Signal(_), _) => Ok(ended),
        (ended, _) => restored.map(|()| ended),
    }
}

/// What the new-game screen starts: the game, the autosave it continues (if any), its computer
/// players, and the person's seat when it is the guided game.
type Chosen = (
    Game,
    Option<std::path::PathBuf>,
    Bots,
    Option<crate::engine::Seat>,
);

/// What the new-game screen leads to: a game to play, or the replay of a finished one.
enum Picked {
    Play(Box<Chosen>),
    Replay(Box<Replay>),
}

/// The new-game screen, offering to continue the autosave `resume`: the game, the file it came
/// from (if continued) and its computer players; `Err` when the players leave or a signal stops
/// the client.
fn menu_loop(
    terminal: &mut Term,
    data: &Arc<GameData>,
    seed: u64,
    names: &[String],
    resume: Option<&std::path::Path>,
) -> io::Result<Result<Picked, Ended>> {
    let mut menu = NewGame::new(seed);
    menu.set_names(names);
    let size = terminal.size()?;
    menu.size = Some((size.width, size.height));
    // Offered only if it loads: a broken file is not worth a line on this screen.
    menu.resume = resume.and_then(|path| {
        let game = crate::store::saves::load_game(path, Arc::clone(data)).ok()?;
        Some(Resume::of_game(path, &game))
    });
    let theme = Theme::from_env();
    let mut dirty = true;
    loop {
        if dirty {
            terminal.draw(|frame| menu.draw(frame, theme))?;
        }
        let msg = match next_input(TICK)? {
            Input::Idle => {
                dirty = false;
                continue;
            }
            Input::Stop(sig) => return Ok(Err(Ended::Signal(sig))),
            Input::Msg(msg) => msg,
        };
        dirty = true;
        match menu.handle(msg, data) {
            Outcome::Stay => {}
            Outcome::Quit => return Ok(Err(Ended::Quit)),
            Outcome::Start(game) => {
                let bots = menu.chosen_bots(&game);
                return Ok(Ok(Picked::Play(Box::new((*game, None, bots, None)))));
            }
            Outcome::Learn => match super::learn::new_game(Arc::clone(data)) {
                Ok((game, bots, person)) => {
                    return Ok(Ok(Picked::Play(Box::new((game, None, bots, Some(person))))));
                }
                Err(why) => menu.error = Some(why),
            },
            Outcome::Replay(path) => {
                let replay = crate::store::saves::load_game(&path, Arc::clone(data))
                    .and_then(|game| Replay::new(&game));
                match replay {
                    Ok(replay) => return Ok(Ok(Picked::Replay(Box::new(replay)))),
                    Err(why) => menu.error = Some(format!("{}: {why}", path.display())),
                }
            }
            Outcome::Continue(path) => {
                match crate::store::saves::load_game(&path, Arc::clone(data)) {
                    Ok(game) => match Bots::of_game(&game) {
                        Ok(bots) => {
                            return Ok(Ok(Picked::Play(Box::new((game, Some(path), bots, None)))));
                        }
                        Err(why) => menu.error = Some(format!("{}: {why}", path.display())),
                    },
                    Err(why) => menu.error = Some(why),
                }
            }
        }
    }
}

/// Runs a replay on the real terminal until the player quits or a stop signal arrives.
///
/// # Errors
/// Terminal input/output failures.
pub fn run_replay(mut replay: Replay) -> io::Result<Ended> {
    install_panic_hook();
    let mut terminal = setup()?;
    let result = replay_loop(&mut terminal, &mut replay).map(|ended| (ended, Saved::Nothing));
    finish(result)
}

fn replay_loop(terminal: &mut Term, replay: &mut Replay) -> io::Result<Ended> {
    let size = terminal.size()?;
    let mut client = Client::new(replay.game(), Theme::from_env(), size.width, size.height);
    replay.sync(&mut client);
    let mut dirty = true;
    loop {
        if dirty {
            terminal.draw(|frame| ui::draw(frame, &client, &replay.scene()))?;
        }
        let msg = match next_input(TICK)? {
            Input::Idle => {
                dirty = false;
                continue;
            }
            Input::Stop(sig) => return Ok(Ended::Signal(sig)),
            Input::Msg(msg) => msg,
        };
        dirty = true;
        if replay.handle(&mut client, msg) {
            return Ok(Ended::Quit);
        }
    }
}

fn draw(terminal: &mut Term, client: &Client, game: &Game) -> io::Result<()> {
    terminal.draw(|frame| {
        let scene = Scene::new(game, client.view.shown);
        ui::draw(frame, client, &scene);
    })?;
    Ok(())
}

/// Autosaves when the history changed since the last autosave (an action applied or undone, a
/// computer player's move), and keeps the status line's unsaved warning up to date.
fn keep(client: &mut Client, keeper: &mut Keeper, game: &Game, saved_len: &mut usize) {
    if game.history().len() != *saved_len {
        *saved_len = game.history().len();
        for line in keeper.changed(game) {
            client.view.note(line);
        }
        client.session.unsaved = keeper.unsaved().map(String::from);
    }
}

/// Writes the settings when the learning aids changed them; a failure is said on the status
/// line and the game goes on.
fn keep_settings(client: &mut Client) {
    if client.view.teach.dirty {
        client.view.teach.dirty = false;
        if let Err(why) = super::settings::save(&client.view.teach.settings) {
            client.view.note(why);
        }
    }
}

/// A thinking time in tenths of a second, as its box shows it (a redraw when it changes).
fn tenths(time: Option<Duration>) -> Option<u128> {
    time.map(|t| t.as_millis() / 100)
}

/// The loop; returns how it ended and where the game is saved.
fn event_loop(
    terminal: &mut Term,
    game: &mut Game,
    options: &PlayOptions,
) -> io::Result<(Ended, Saved)> {
    let start = Instant::now();
    let size = terminal.size()?;
    let mut client = Client::new(game, Theme::from_env(), size.width, size.height);
    client.session.save_path = options.save_path.clone().unwrap_or_else(save::default_path);
    // The autosave follows every change of the history (an action applied or undone).
    let mut keeper = Keeper::new(&client.session.save_path, options.loaded_from.as_deref());
    // The save records who plays by computer, so a continued game goes on against them.
    if let Err(why) = game.set_computer(options.bots.record(game)) {
        client.view.note(format!(
            "the computer players are not recorded in the save: {why}"
        ));
    }
    client.set_bots(game, options.bots.clone());
    // Computer players decide on a thread of their own, so the screen never freezes.
    client.session.deciding = Deciding::Aside;
    if let Some(person) = options.learn {
        client.view.teach.start_guide(person);
    }
    // A broken settings file costs only the defaults, said on the status line.
    let (settings, why) = super::settings::load();
    client.view.teach.begin(game, settings);
    if let Some(why) = why {
        client.view.note(why);
    }
    let mut thinker = Thinker::default();
    let mut saved_len = game.history().len();
    let mut dirty = true;
    loop {
        keep_settings(&mut client);
        if client.view.handoff_fresh() {
            // The hand-off goes up first, then what was typed before it (meant for the last
            // seat) is thrown away; its pause starts with the next tick.
            draw(terminal, &client, game)?;
            if let Some(resize) = drain_input()? {
                client.handle(game, resize);
            }
            dirty = true;
        }
        if client.awaits_thought() {
            // Started as the computer player's turn comes up, so it thinks during its pause.
            thinker.start(game, &client.session.bots);
        }
        if let Some(action) = thinker.ready(game, &client.session.bots) {
            client.handle(game, Msg::Thought(action));
            dirty = true;
        }
        let was_ready = client.view.handoff_ready();
        let was_thinking = tenths(client.overthinking());
        client.handle(game, Msg::Tick(start.elapsed()));
        dirty |= client.view.handoff_ready() != was_ready
            || tenths(client.overthinking()) != was_thinking
            || game.history().len() != saved_len;
        keep(&mut client, &mut keeper, game, &mut saved_len);
        if dirty {
            draw(terminal, &client, game)?;
            dirty = false;
        }
        let msg = match next_input(TICK)? {
            Input::Idle => continue,
            Input::Stop(sig) => {
                // Hide the screen at once, then save.
                clear_and_restore();
                let saved = match keeper.leave(game) {
                    Ok(path) => Saved::In(path),
                    Err(why) => Saved::Not(why),
                };
                return Ok((Ended::Signal(sig), saved));
            }
            Input::Msg(msg) => msg,
        };
        dirty = true;
        let effect = client.handle(game, msg);
        keep(&mut client, &mut keeper, game, &mut saved_len);
        match effect {
            Effect::Save | Effect::SaveOver => {
                let asks = match effect {
                    Effect::Save => save::replacing(game, &client.session.save_path),
                    _ => None,
                };
                if let Some(replacing) = asks {
                    // The file holds this game further on: the players say first.
                    client.view.ask_replace(replacing);
                } else {
                    match keeper.save_to(game, &client.session.save_path) {
                        Ok(done) => {
                            client.view.note(done);
                            client.session.unsaved = None;
                            if client.session.quit_after_save {
                                return Ok((
                                    Ended::Quit,
                                    Saved::In(client.session.save_path.clone()),
                                ));
                            }
                        }
                        Err(why) => {
                            client.view.note(format!("not saved: {why}"));
                            if client.session.quit_after_save {
                                client.ask_not_saved(&why, &keeper.other_name());
                            }
                        }
                    }
                }
            }
            Effect::Quit => match keeper.leave(game) {
                Ok(path) => return Ok((Ended::Quit, Saved::In(path))),
                Err(why) => client.ask_not_saved(&why, &keeper.other_name()),
            },
            Effect::QuitUnsaved => {
                let why = client
                    .session
                    .unsaved
                    .clone()
                    .unwrap_or_else(|| "the players chose".into());
                return Ok((Ended::QuitUnsaved, Saved::Not(why)));
            }
            Effect::Hint(seat) => {
                // The status says the hint is being worked out while the screen waits for it.
                draw(terminal, &client, game)?;
                client.hint(game, seat);
            }
            Effect::None
            | Effect::Apply(_)
            | Effect::Undo
            | Effect::BotMove
            | Effect::Session(_) => {}
        }
    }
}
