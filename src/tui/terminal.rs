//! The terminal: raw mode, the alternate screen and mouse capture on the way in, all undone on
//! the way out and by a panic hook; the event loop that turns terminal events into messages.

use std::io::{self, Stdout, stdout};
use std::sync::Arc;

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::{App, Effect, Msg};
use super::newgame::{NewGame, Outcome};
use super::replay::Replay;
use super::scene::Scene;
use super::theme::Theme;
use super::{PlayOptions, save, ui};
use crate::engine::{Game, GameData};

type Term = Terminal<CrosstermBackend<Stdout>>;

/// Puts the terminal back as it was (safe to call twice).
///
/// # Errors
/// The terminal refused a command.
pub fn restore() -> io::Result<()> {
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

fn setup() -> io::Result<Term> {
    enable_raw_mode()?;
    let mut out = stdout();
    if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture) {
        let _ = restore();
        return Err(e);
    }
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    terminal.hide_cursor()?;
    terminal.clear()?;
    Ok(terminal)
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

/// Runs the client on the real terminal until the players quit.
///
/// # Errors
/// Terminal input/output failures.
pub fn run(game: &mut Game, options: &PlayOptions) -> io::Result<()> {
    install_panic_hook();
    let mut terminal = setup()?;
    let result = event_loop(&mut terminal, game, options);
    let restored = restore();
    if let Ok(Some(path)) = &result {
        eprintln!("herakon: the game is saved in {}", path.display());
    }
    result.and(restored).map(|_path| ())
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
) -> io::Result<()> {
    install_panic_hook();
    let mut terminal = setup()?;
    let result = match menu_loop(&mut terminal, data, seed, names) {
        Ok(Some(mut game)) => event_loop(&mut terminal, &mut game, options),
        Ok(None) => Ok(None),
        Err(e) => Err(e),
    };
    let restored = restore();
    if let Ok(Some(path)) = &result {
        eprintln!("herakon: the game is saved in {}", path.display());
    }
    result.and(restored).map(|_path| ())
}

fn menu_loop(
    terminal: &mut Term,
    data: &Arc<GameData>,
    seed: u64,
    names: &[String],
) -> io::Result<Option<Game>> {
    let mut menu = NewGame::new(seed);
    menu.set_names(names);
    let theme = Theme::from_env();
    loop {
        terminal.draw(|frame| menu.draw(frame, theme))?;
        let Some(msg) = message(&event::read()?) else {
            continue;
        };
        match menu.handle(msg, data) {
            Outcome::Stay => {}
            Outcome::Quit => return Ok(None),
            Outcome::Start(game) => return Ok(Some(*game)),
        }
    }
}

/// Runs a replay on the real terminal until the player quits.
///
/// # Errors
/// Terminal input/output failures.
pub fn run_replay(mut replay: Replay) -> io::Result<()> {
    install_panic_hook();
    let mut terminal = setup()?;
    let result = replay_loop(&mut terminal, &mut replay);
    let restored = restore();
    result.and(restored)
}

fn replay_loop(terminal: &mut Term, replay: &mut Replay) -> io::Result<()> {
    let size = terminal.size()?;
    let mut app = App::new(replay.game(), Theme::from_env(), size.width, size.height);
    replay.sync(&mut app);
    loop {
        terminal.draw(|frame| ui::draw(frame, &app, &replay.scene()))?;
        let Some(msg) = message(&event::read()?) else {
            continue;
        };
        if replay.handle(&mut app, msg) {
            return Ok(());
        }
    }
}

/// The loop; returns where the game was autosaved last.
fn event_loop(
    terminal: &mut Term,
    game: &mut Game,
    options: &PlayOptions,
) -> io::Result<Option<std::path::PathBuf>> {
    let size = terminal.size()?;
    let mut app = App::new(game, Theme::from_env(), size.width, size.height);
    app.save_path = options.save_path.clone().unwrap_or_else(save::default_path);
    // The autosave follows every change of the history (an action applied or undone).
    let mut saved_len = game.history().len();
    loop {
        terminal.draw(|frame| {
            let scene = Scene::new(game, app.shown);
            ui::draw(frame, &app, &scene);
        })?;
        let Some(msg) = message(&event::read()?) else {
            continue;
        };
        let effect = app.handle(game, msg);
        if game.history().len() != saved_len || matches!(effect, Effect::Quit) {
            saved_len = game.history().len();
            if let Err(why) = save::autosave(game, &app.save_path) {
                app.note(format!("not autosaved: {why}"));
            }
        }
        match effect {
            Effect::Save => match save::save(game, &app.save_path) {
                Ok(done) => app.note(done),
                Err(why) => app.note(format!("not saved: {why}")),
            },
            Effect::Quit => {
                let path = save::autosave_path(&app.save_path);
                return Ok(path.exists().then_some(path));
            }
            Effect::None | Effect::Apply(_) | Effect::Undo => {}
        }
    }
}
