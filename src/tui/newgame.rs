//! The new-game screen: players, each seat's faction and name, who plays each seat (a person or
//! a computer player), the board and the seed; Enter starts.

use std::sync::Arc;

use crossterm::event::KeyCode;
use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph};

use super::app::Msg;
use super::screens::centered;
use super::seats::Bots;
use super::theme::Theme;
use crate::bot::BotKind;
use crate::bot::search::DEFAULT_ITERATIONS;
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
    /// The last autosave, offered to continue (`c`): its path and a few words about it.
    pub resume: Option<(std::path::PathBuf, String)>,
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
    Continue(std::path::PathBuf),
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
        let Msg::Key(code, _) = msg else {
            return Outcome::Stay;
        };
        let seed_row = self.rows() - 1;
        // A name field takes every printable key as text.
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
            KeyCode::Char('c') => {
                if let Some((path, _)) = &self.resume {
                    return Outcome::Continue(path.clone());
                }
            }
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
                let order = [
                    None,
                    Some(BotKind::Heuristic),
                    Some(BotKind::Random),
                    Some(BotKind::Search(DEFAULT_ITERATIONS)),
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
                Ok(()) => Outcome::Start(Box::new(game)),
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

    /// Draws the screen.
    pub fn draw(&self, frame: &mut Frame<'_>, theme: Theme) {
        let area = frame.area();
        frame.render_widget(Clear, area);
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
            Line::from(""),
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
        lines.push(row(
            seed_row,
            "Seed".into(),
            vec![Span::styled(format!("{}▏", self.seed), theme.text())],
        ));
        lines.push(Line::from(""));
        if let Some((_, about)) = &self.resume {
            lines.push(Line::from(vec![
                Span::styled("c", theme.key()),
                Span::raw(" continue the last game:"),
            ]));
            lines.push(Line::from(format!("  {about}")));
        }
        if let Some(e) = &self.error {
            lines.push(Line::from(Span::styled(e.clone(), theme.warn())));
        }
        lines.push(Line::from(vec![
            Span::styled("↑↓", theme.key()),
            Span::raw(" row  "),
            Span::styled("←→", theme.key()),
            Span::raw(" change  "),
            Span::styled("type", theme.key()),
            Span::raw(" name, seed  "),
            Span::styled("Enter", theme.key()),
            Span::raw(" start  "),
            Span::styled("Esc", theme.key()),
            Span::raw(" quit"),
        ]));
        let h = u16::try_from(lines.len()).unwrap_or(14) + 2;
        let r = centered(area, 64, h);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .border_style(theme.focused())
            .title(Line::from(Span::styled(" New game ", theme.title())).centered());
        frame.render_widget(Paragraph::new(lines).block(block), r);
    }
}
