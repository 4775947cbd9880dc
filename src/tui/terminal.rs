//! The terminal: raw mode, the alternate screen and mouse capture on the way in, all undone on
//! the way out and by a panic hook; the event loop that turns terminal events into messages.

use std::io::{self, Stdout, stdout};

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
use super::scene::Scene;
use super::theme::Theme;
use super::{PlayOptions, save, ui};
use crate::engine::Game;

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
    result.and(restored)
}

fn event_loop(terminal: &mut Term, game: &mut Game, options: &PlayOptions) -> io::Result<()> {
    let size = terminal.size()?;
    let mut app = App::new(game, Theme::from_env(), size.width, size.height);
    let path = options.save_path.clone().unwrap_or_else(save::default_path);
    loop {
        terminal.draw(|frame| {
            let scene = Scene::new(game, app.shown);
            ui::draw(frame, &app, &scene);
        })?;
        let Some(msg) = message(&event::read()?) else {
            continue;
        };
        match app.handle(game, msg) {
            Effect::Save => match save::save(game, &path) {
                Ok(done) => app.note(done),
                Err(why) => app.note(format!("not saved: {why}")),
            },
            Effect::Quit => return Ok(()),
            Effect::None | Effect::Apply(_) => {}
        }
    }
}
