//! The new-game screen: players, each seat's faction and name, who plays each seat (a person or
//! a computer player), the board and the seed; Enter starts, once the terminal is large enough
//! for the game chosen. `c` continues the last autosave (or replays it, once that game is
//! finished); `?` explains the keys and the computer players.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crossterm::event::KeyCode;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::app::Msg;
use super::layout::{Window, centered, needed};
use super::seats::Bots;
use super::theme::Theme;
use crate::bot::{BotKind, Level};
use crate::engine::{Faction, Game, GameData, NewGameOptions, Seat, SetupKind};

/// The choices on the new-game screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// 2 to 4.
    pub players: u8,
    /// The faction of every seat (the first `players` are used).
    pub factions: [Faction; 4],
    /// The introductory board (fixed factions) or a constructed one (any factions).
    pub kind: SetupKind,
    /// Every seat's name as typed (the first `players` are used; empty: no name).
    pub names: [String; 4],
    /// Who plays every seat: a person (`None`) or a computer player.
    pub bots: [Option<BotKind>; 4],
    /// The seed, as typed.
    pub seed: String,
    /// The selected row: players, board, seats 1-4, names 1-4, who plays 1-4, seed.
    pub row: usize,
    /// Why the last Enter did not start a game.
    pub error: Option<String>,
    /// The last autosave, offered to continue (`c`), or to replay once its game is finished.
    pub resume: Option<Resume>,
    /// The terminal's size (width, height), to refuse a game it cannot show before it starts;
    /// `None` until the terminal says (then no game is refused for size).
    pub size: Option<(u16, u16)>,
    /// Whether the help box (`?`) is open.
    pub help: bool,
}

/// A saved game offered on the new-game screen: where it is, who plays it, how far it got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    /// The file.
    pub path: PathBuf,
    /// Each seat's player: name (if any), faction, and the computer player if one plays it.
    pub players: Vec<String>,
    /// The round the game is in (or ended in).
    pub round: u8,
    /// How many actions its history holds.
    pub actions: usize,
    /// Whether the game is over: it is offered for replay, not to continue.
    pub finished: bool,
}

impl Resume {
    /// What the new-game screen says about `game`, loaded from `path`.
    #[must_use]
    pub fn of_game(path: &Path, game: &Game) -> Resume {
        let computer = &game.computer().players;
        let players = game
            .seats()
            .map(|seat| {
                let faction = game.faction(seat).name();
                let bot = computer
                    .get(&game.faction(seat))
                    .map(|kind| format!("computer {kind}"));
                let inside = match bot {
                    Some(bot) if game.name(seat).is_some() => format!("{faction}, {bot}"),
                    Some(bot) => bot,
                    None => faction.to_string(),
                };
                match game.name(seat) {
                    Some(name) => format!("{name} ({inside})"),
                    None if inside == faction => inside,
                    None => format!("{faction} ({inside})"),
                }
            })
            .collect();
        Resume {
            path: path.to_path_buf(),
            players,
            round: game.position().round,
            actions: game.history().len(),
            finished: game.is_over(),
        }
    }

    /// The first line: the key, what it does, the file and how far the game got.
    fn headline(&self) -> String {
        let file = self.path.display();
        let actions = crate::engine::rules::wording::counted(self.actions, "action");
        let line = if self.finished {
            format!(
                " replay {file} (finished in round {}, {actions})",
                self.round
            )
        } else {
            format!(" continue {file} (round {}, {actions})", self.round)
        };
        crate::store::printable(&line).into_owned()
    }

    /// The players, as many to a line of `width` characters as fit.
    fn player_lines(&self, width: usize) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for p in &self.players {
            let p = crate::store::printable(p);
            match lines.last_mut() {
                Some(l) if l.chars().count() + 2 + p.chars().count() <= width => {
                    l.push_str(", ");
                    l.push_str(&p);
                }
                _ => lines.push(format!("  {p}")),
            }
        }
        lines
    }
}

/// What a key on the new-game screen leads to.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Stay on the screen.
    Stay,
    /// Leave without a game.
    Quit,
    /// Play this game.
    Start(Box<Game>),
    /// Continue the game of this autosave.
    Continue(PathBuf),
    /// Replay the finished game of this autosave.
    Replay(PathBuf),
    /// Start the guided first game (`herakon learn`, see [`super::learn`]).
    Learn,
}

impl NewGame {
    /// The screen with 2 players on the introductory board and `seed`.
    #[must_use]
    pub fn new(seed: u64) -> NewGame {
        NewGame {
            players: 2,
            factions: Faction::ALL,
            kind: SetupKind::Intro,
            names: Default::default(),
            bots: [None; 4],
            seed: seed.to_string(),
            row: 0,
            error: None,
            resume: None,
            size: None,
            help: false,
        }
    }

    /// Fills the name fields, seat by seat (from `--names`).
    pub fn set_names(&mut self, names: &[String]) {
        for (field, name) in self.names.iter_mut().zip(names) {
            field.clone_from(name);
        }
    }

    /// How many rows there are: players, board, one per seat, one name per seat, who plays
    /// each seat, seed.
    fn rows(&self) -> usize {
        3 + 3 * usize::from(self.players)
    }

    /// The seat whose name the selected row holds.
    fn name_row(&self) -> Option<usize> {
        let first = 2 + usize::from(self.players);
        (first..first + usize::from(self.players))
            .contains(&self.row)
            .then(|| self.row - first)
    }

    /// The seat whose player (person or computer) the selected row chooses.
    fn plays_row(&self) -> Option<usize> {
        let first = 2 + 2 * usize::from(self.players);
        (first..first + usize::from(self.players))
            .contains(&self.row)
            .then(|| self.row - first)
    }

    /// The computer players chosen, for `game` (made from this screen), seeded with its seed.
    #[must_use]
    pub fn chosen_bots(&self, game: &Game) -> Bots {
        Bots {
            kinds: game
                .seats()
                .filter_map(|s| Some((s, self.bots.get(s.index()).copied().flatten()?)))
                .collect::<std::collections::BTreeMap<Seat, BotKind>>(),
            seed: self.seed.parse().unwrap_or(0),
        }
    }

    /// Handles one message.
    pub fn handle(&mut self, msg: Msg, data: &Arc<GameData>) -> Outcome {
        let code = match msg {
            Msg::Key(code, _) => code,
            Msg::Resize(w, h) => {
                self.size = Some((w, h));
                return Outcome::Stay;
            }
            _ => return Outcome::Stay,
        };
        // Any key closes the help, and does nothing else.
        if self.help {
            self.help = false;
            return Outcome::Stay;
        }
        let seed_row = self.rows() - 1;
        // A name field takes every printable key as text: `c`, `q`, `?` and digits too.
        if let Some(seat) = self.name_row() {
            let name = &mut self.names[seat];
            match code {
                KeyCode::Char(c)
                    if !c.is_control()
                        && name.chars().count() < crate::engine::state::names::NAME_MAX =>
                {
                    name.push(c);
                    self.error = None;
                    return Outcome::Stay;
                }
                KeyCode::Char(_) => return Outcome::Stay,
                KeyCode::Backspace => {
                    name.pop();
                    self.error = None;
                    return Outcome::Stay;
                }
                _ => {}
            }
        }
        match code {
            KeyCode::Esc | KeyCode::Char('q') => return Outcome::Quit,
            KeyCode::Up | KeyCode::Char('k') => self.row = self.row.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                self.row = (self.row + 1).min(seed_row);
            }
            KeyCode::Left | KeyCode::Char('h') => self.change(-1),
            KeyCode::Right | KeyCode::Char('l' | ' ') => self.change(1),
            KeyCode::Char(c)
                if c.is_ascii_digit() && self.row == seed_row && self.seed.len() < 19 =>
            {
                self.seed.push(c);
            }
            KeyCode::Backspace if self.row == seed_row => {
                self.seed.pop();
            }
            KeyCode::Enter => return self.start(data),
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char('L') => return Outcome::Learn,
            KeyCode::Char('c') => match &self.resume {
                Some(r) if r.finished => return Outcome::Replay(r.path.clone()),
                Some(r) => return Outcome::Continue(r.path.clone()),
                None => {}
            },
            _ => {}
        }
        self.error = None;
        Outcome::Stay
    }

    fn change(&mut self, by: i8) {
        match self.row {
            0 => {
                let n = i16::from(self.players) + i16::from(by);
                self.players = u8::try_from(n.clamp(2, 4)).unwrap_or(2);
                self.row = self.row.min(self.rows() - 1);
            }
            1 => {
                self.kind = match self.kind {
                    SetupKind::Intro => SetupKind::Build,
                    SetupKind::Build => SetupKind::Intro,
                };
            }
            _ if self.plays_row().is_some() => {
                let seat = self.plays_row().unwrap_or(0);
                // A person, then the levels, easiest first (`--bot` offers the rest).
                let order = [
                    None,
                    Some(BotKind::Level(Level::Easy)),
                    Some(BotKind::Level(Level::Normal)),
                    Some(BotKind::Level(Level::Hard)),
                ];
                let now = order
                    .iter()
                    .position(|k| *k == self.bots[seat])
                    .unwrap_or(0);
                let next = (now + if by < 0 { order.len() - 1 } else { 1 }) % order.len();
                self.bots[seat] = order[next];
            }
            r if r < 2 + usize::from(self.players) && self.kind == SetupKind::Build => {
                let seat = r - 2;
                let now = Faction::ALL
                    .iter()
                    .position(|f| *f == self.factions[seat])
                    .unwrap_or(0);
                let next = (now + if by < 0 { 3 } else { 1 }) % 4;
                // Another seat with that faction takes this seat's old one.
                let old = self.factions[seat];
                let new = Faction::ALL[next];
                if let Some(other) = self.factions.iter().position(|f| *f == new) {
                    self.factions[other] = old;
                }
                self.factions[seat] = new;
            }
            _ => {}
        }
    }

    /// The factions the game gets (`None`: the introductory setup's own).
    fn chosen_factions(&self) -> Option<Vec<Faction>> {
        match self.kind {
            SetupKind::Intro => None,
            SetupKind::Build => Some(self.factions[..usize::from(self.players)].to_vec()),
        }
    }

    fn start(&mut self, data: &Arc<GameData>) -> Outcome {
        let Ok(seed) = self.seed.parse::<u64>() else {
            self.error = Some("the seed must be a number".into());
            return Outcome::Stay;
        };
        let options = NewGameOptions {
            players: self.players,
            factions: self.chosen_factions(),
            seed,
            setup: self.kind,
        };
        match Game::new(&options, Arc::clone(data)).map_err(|e| e.to_string()) {
            Ok(mut game) => match game.set_names(&self.names[..usize::from(self.players)]) {
                Ok(()) => {
                    if let Some(why) = self.too_small_for(&game) {
                        self.error = Some(why);
                        return Outcome::Stay;
                    }
                    Outcome::Start(Box::new(game))
                }
                Err(e) => {
                    self.error = Some(format!("names: {e}"));
                    Outcome::Stay
                }
            },
            Err(e) => {
                self.error = Some(e);
                Outcome::Stay
            }
        }
    }

    /// Why the terminal cannot show `game`, if it cannot: the needed size is the one the
    /// game's screen asks for ([`Regions::minimum`] of its board window, as the client's
    /// "terminal too small" does), so a game is refused here rather than after it starts.
    fn too_small_for(&self, game: &Game) -> Option<String> {
        let (have_w, have_h) = self.size?;
        let win = Window::of_game(game);
        let (w, h) = needed(win, game.player_count());
        (have_w < w || have_h < h).then(|| {
            format!(
                "{} players need a terminal of {w}x{h}, this one is {have_w}x{have_h}: enlarge it or choose fewer",
                game.player_count()
            )
        })
    }

    /// Draws the screen over the whole frame ([`NewGameView`]).
    pub fn draw(&self, frame: &mut Frame<'_>, theme: Theme) {
        let view = NewGameView { menu: self, theme };
        frame.render_widget(view, frame.area());
    }

    /// Draws the choices over `area`.
    fn draw_choices(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        Clear.render(area, buf);
        let seed_row = self.rows() - 1;
        let row = |i: usize, label: String, value: Vec<Span<'static>>| {
            let mark = if i == self.row { "▶ " } else { "  " };
            let mut spans = vec![Span::styled(
                format!("{mark}{label:<12}"),
                if i == self.row {
                    theme.selected()
                } else {
                    theme.text()
                },
            )];
            spans.extend(value);
            Line::from(spans)
        };
        let arrows = |s: String| Span::styled(format!("◀ {s} ▶"), theme.key());
        let mut lines = vec![
            row(0, "Players".into(), vec![arrows(self.players.to_string())]),
            row(
                1,
                "Board".into(),
                vec![arrows(
                    match self.kind {
                        SetupKind::Intro => "introductory",
                        SetupKind::Build => "constructed (any factions)",
                    }
                    .into(),
                )],
            ),
        ];
        for seat in 0..usize::from(self.players) {
            let value = match self.kind {
                SetupKind::Intro => {
                    let f = Faction::ALL[seat];
                    Span::styled(f.name().to_string(), theme.faction(f))
                }
                SetupKind::Build => {
                    let f = self.factions[seat];
                    Span::styled(format!("◀ {} ▶", f.name()), theme.faction_bold(f))
                }
            };
            lines.push(row(seat + 2, format!("Seat {}", seat + 1), vec![value]));
        }
        let first_name = 2 + usize::from(self.players);
        for seat in 0..usize::from(self.players) {
            let i = first_name + seat;
            let name = &self.names[seat];
            let value = if i == self.row {
                Span::styled(format!("{name}▏"), theme.text())
            } else if name.is_empty() {
                Span::styled("(no name)", theme.dim())
            } else {
                Span::styled(name.clone(), theme.text())
            };
            lines.push(row(i, format!("Name {}", seat + 1), vec![value]));
        }
        let first_plays = first_name + usize::from(self.players);
        for seat in 0..usize::from(self.players) {
            let who = match self.bots[seat] {
                None => "a person".to_string(),
                Some(kind) => format!("computer ({kind})"),
            };
            lines.push(row(
                first_plays + seat,
                format!("Plays {}", seat + 1),
                vec![arrows(who)],
            ));
        }
        // The text cursor is drawn only in the field being typed in.
        let cursor = if self.row == seed_row { "▏" } else { "" };
        lines.push(row(
            seed_row,
            "Seed".into(),
            vec![Span::styled(format!("{}{cursor}", self.seed), theme.text())],
        ));
        let spacer = lines.len();
        lines.push(Line::from(""));
        let width = area.width.min(76);
        let inner = usize::from(width.saturating_sub(2));
        if let Some(resume) = &self.resume {
            lines.push(Line::from(vec![
                Span::styled("c", theme.key()),
                Span::raw(resume.headline()),
            ]));
            lines.extend(resume.player_lines(inner).into_iter().map(Line::from));
        }
        if let Some(e) = &self.error {
            lines.push(Line::from(Span::styled(e.clone(), theme.warn())));
        }
        lines.push(Line::from(vec![
            Span::styled("L", theme.key()),
            Span::raw(" learn: a guided first game against the computer"),
        ]));
        lines.push(Line::from(vec![
            Span::styled("↑↓", theme.key()),
            Span::raw(" row  "),
            Span::styled("←→", theme.key()),
            Span::raw(" change  "),
            Span::styled("type", theme.key()),
            Span::raw(" name, seed  "),
            Span::styled("Enter", theme.key()),
            Span::raw(" start  "),
            Span::styled("?", theme.key()),
            Span::raw(" help  "),
            Span::styled("Esc", theme.key()),
            Span::raw(" quit"),
        ]));
        // Short of rows (four players, a saved game and a refusal at 80x24), the blank line
        // under the seed goes first, so the keys stay on screen.
        if wrapped_height(&lines, inner) + 2 > usize::from(area.height) {
            lines.remove(spacer);
        }
        let h = u16::try_from(wrapped_height(&lines, inner)).unwrap_or(u16::MAX) + 2;
        let r = centered(area, width, h);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .border_style(theme.focused())
            .title(Line::from(Span::styled(" New game ", theme.title())).centered());
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(r, buf);
    }
}

/// The new-game screen (and the help box over it when it is open), over the area it is
/// rendered in, drawn from the screen's own state.
#[derive(Debug, Clone, Copy)]
pub struct NewGameView<'a> {
    /// The screen's state.
    pub menu: &'a NewGame,
    /// Colours.
    pub theme: Theme,
}

impl Widget for NewGameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.menu.draw_choices(area, buf, self.theme);
        if self.menu.help {
            draw_help(area, buf, self.theme);
        }
    }
}

/// The rows `lines` take wrapped at `width` characters (a word carried over may add a little;
/// the box is then cut at its bottom, never drawn past it).
fn wrapped_height(lines: &[Line<'_>], width: usize) -> usize {
    lines
        .iter()
        .map(|l| l.width().div_ceil(width.max(1)).max(1))
        .sum()
}

/// `text` cut between words into lines of at most `width` characters (a longer word alone).
fn words_within(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Columns of the key, indent included, in the help.
const HELP_KEY: usize = 14;

/// One entry of the help: the key, then what it does, cut to `width` with the following
/// lines under the first (not under the key).
fn help_entry(theme: Theme, width: usize, key: &str, what: &str) -> Vec<Line<'static>> {
    words_within(what, width.saturating_sub(HELP_KEY).max(8))
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            let key = if i == 0 { key } else { "" };
            Line::from(vec![
                Span::styled(format!("  {key:<w$}", w = HELP_KEY - 2), theme.key()),
                Span::raw(part),
            ])
        })
        .collect()
}

/// The lines of the new-game help for a box `width` characters wide inside: its keys, then
/// what each kind of computer player does.
fn help_lines(theme: Theme, width: usize) -> Vec<Line<'static>> {
    let keys = [
        ("↑ ↓  Tab", "choose a row"),
        (
            "← →  space",
            "change the row: players, board, a faction, who plays",
        ),
        (
            "letters",
            "type a player's name on a Name row: every key is text there",
        ),
        ("digits", "type the seed on the Seed row (Backspace erases)"),
        (
            "Enter",
            "start, if the terminal is large enough for that game",
        ),
        (
            "c",
            "continue the last game, or replay it if it is finished",
        ),
        ("L", "learn: a guided first game against the computer"),
        ("?", "this help"),
        ("Esc  q", "quit"),
    ];
    let players = [
        (
            "easy",
            "takes the action that leaves it best off by what each side holds, but now and then any legal one: a first opponent",
        ),
        (
            "normal",
            "plans its turn ahead in many short played-out games and mixes its combat cards; under a third of a second a move",
        ),
        (
            "hard",
            "plans as normal does with several times the tries; up to a second a move",
        ),
    ];
    let mut lines = vec![Line::from(Span::styled("Keys", theme.title()))];
    for (key, what) in keys {
        lines.extend(help_entry(theme, width, key, what));
    }
    lines.push(Line::from(Span::styled("Computer players", theme.title())));
    for (key, what) in players {
        lines.extend(help_entry(theme, width, key, what));
    }
    lines.extend(help_entry(
        theme,
        width,
        "",
        "None of them sees what its seat may not: others' orders, hands or decks.",
    ));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Any key closes this help.",
        theme.dim(),
    )));
    lines
}

/// The help box, over the middle of the screen.
fn draw_help(area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = area.width.min(84);
    let lines = help_lines(theme, usize::from(width.saturating_sub(2)));
    let h = u16::try_from(lines.len()).unwrap_or(u16::MAX) + 2;
    let r = centered(area, width, h);
    Clear.render(r, buf);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .border_style(theme.focused())
        .title(Line::from(Span::styled(" New game: help ", theme.title())).centered());
    Paragraph::new(lines).block(block).render(r, buf);
}
