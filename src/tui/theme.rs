//! Colours and text styles. Every faction has a colour and a letter, so the screen stays
//! readable without colour; `NO_COLOR` (any non-empty value) turns colour off.

use ratatui::style::{Color, Modifier, Style};

use crate::engine::Faction;

/// The styles the client draws with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are used (off under `NO_COLOR`).
    pub color: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Theme { color: true }
    }
}

impl Theme {
    /// The theme the environment asks for: no colour when `NO_COLOR` is set and not empty.
    #[must_use]
    pub fn from_env() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    /// A theme without colour.
    #[must_use]
    pub fn monochrome() -> Self {
        Theme { color: false }
    }

    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// A faction's colour.
    #[must_use]
    pub fn faction_color(self, f: Faction) -> Color {
        match f {
            Faction::Ultramarines => Color::LightBlue,
            Faction::Chaos => Color::LightRed,
            Faction::Orks => Color::LightGreen,
            Faction::Eldar => Color::Yellow,
        }
    }

    /// Text in a faction's colour.
    #[must_use]
    pub fn faction(self, f: Faction) -> Style {
        self.fg(self.faction_color(f))
    }

    /// A faction's colour, bold.
    #[must_use]
    pub fn faction_bold(self, f: Faction) -> Style {
        self.faction(f).add_modifier(Modifier::BOLD)
    }

    /// Plain text.
    #[must_use]
    pub fn text(self) -> Style {
        Style::new()
    }

    /// Less important text.
    #[must_use]
    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Headings and titles.
    #[must_use]
    pub fn title(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A world's name.
    #[must_use]
    pub fn world(self) -> Style {
        self.fg(Color::White).add_modifier(Modifier::BOLD)
    }

    /// Numbers on a world's banner.
    #[must_use]
    pub fn banner(self) -> Style {
        self.fg(Color::Gray)
    }

    /// A tile's border.
    #[must_use]
    pub fn border(self) -> Style {
        self.fg(Color::Gray)
    }

    /// The divider between a tile's areas.
    #[must_use]
    pub fn divider(self) -> Style {
        self.dim()
    }

    /// A warp storm lying on a tile edge.
    #[must_use]
    pub fn storm(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightMagenta)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// The area under the cursor.
    #[must_use]
    pub fn cursor(self) -> Style {
        if self.color {
            Style::new().bg(Color::Rgb(40, 40, 70))
        } else {
            Style::new().add_modifier(Modifier::UNDERLINED)
        }
    }

    /// The border of the area under the cursor.
    #[must_use]
    pub fn cursor_mark(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        }
    }

    /// The selected line of a list.
    #[must_use]
    pub fn selected(self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::Blue)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// The border of the panel that has the keyboard focus.
    #[must_use]
    pub fn focused(self) -> Style {
        if self.color {
            Style::new().fg(Color::LightCyan)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// A warning or error line.
    #[must_use]
    pub fn warn(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// A key name in help text.
    #[must_use]
    pub fn key(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }
}
