//! Where everything goes on the screen: computed from the terminal size and the board's size
//! alone, so drawing and mouse hit-testing agree.

use ratatui::layout::{Position, Rect};

use crate::engine::rules::board::Board;
use crate::engine::{AreaId, Game, Quadrant, SystemId};

/// Narrowest and widest system tile, in cells.
const TILE_W: (u16, u16) = (15, 48);
/// A tile this wide has areas of 8 and 9 columns, enough for most world names and pieces.
const TILE_READABLE: u16 = 20;
/// Tallest system tile, in cells.
const TILE_H_MAX: u16 = 22;
/// Shortest system tile: a border, one line per area and the divider.
const TILE_H_MIN: u16 = 5;
/// Narrowest side column.
const SIDE_MIN: u16 = 38;
/// A side column at least this wide is split in two.
const SIDE_SPLIT: u16 = 84;
/// Below this width or height the compact layout is used: one line per player, the log's
/// last lines under the board, the combat over the board, the rest on keys.
const COMPACT_BELOW: (u16, u16) = (100, 30);

/// The part of the board's system grid on screen: the whole board once it is built; while it
/// is constructed, only the bounding box of the placed tiles and the places still open for a
/// tile, so the empty construction grid around them (7x7 systems with four players) takes no
/// room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The grid column of the leftmost system shown.
    pub col: u8,
    /// The grid row of the topmost system shown.
    pub row: u8,
    /// Systems shown across.
    pub cols: u8,
    /// Systems shown down.
    pub rows: u8,
}

impl Window {
    /// The whole grid of a board of `cols` x `rows` systems.
    #[must_use]
    pub fn whole(cols: u8, rows: u8) -> Window {
        Window {
            col: 0,
            row: 0,
            cols: cols.max(1),
            rows: rows.max(1),
        }
    }

    /// The systems of `board` holding a tile and the places in `open`, in their bounding box
    /// (the whole board when there is neither).
    #[must_use]
    pub fn around(board: &Board, open: &[SystemId]) -> Window {
        let mut it = board.systems().chain(open.iter().copied());
        let Some(first) = it.next() else {
            return Window::whole(board.cols(), board.rows());
        };
        let (c0, r0, c1, r1) = it.fold(
            (first.col, first.row, first.col, first.row),
            |(a, b, c, d), s| (a.min(s.col), b.min(s.row), c.max(s.col), d.max(s.row)),
        );
        Window {
            col: c0,
            row: r0,
            cols: c1 - c0 + 1,
            rows: r1 - r0 + 1,
        }
    }

    /// The window of a game's board: its placed tiles and the places still open for one
    /// ([`Game::open_tile_places`]).
    #[must_use]
    pub fn of_game(game: &Game) -> Window {
        Window::around(game.board(), &game.open_tile_places())
    }

    /// Whether the system is shown.
    #[must_use]
    pub fn contains(&self, s: SystemId) -> bool {
        s.col >= self.col
            && s.row >= self.row
            && s.col - self.col < self.cols
            && s.row - self.row < self.rows
    }

    /// The nearest area to `a` inside the window (the cursor never leaves it).
    #[must_use]
    pub fn clamp(&self, a: AreaId) -> AreaId {
        let (x, y) = a.grid();
        let (x0, y0) = (self.col.saturating_mul(2), self.row.saturating_mul(2));
        let x1 = x0
            .saturating_add(self.cols.saturating_mul(2))
            .saturating_sub(1);
        let y1 = y0
            .saturating_add(self.rows.saturating_mul(2))
            .saturating_sub(1);
        AreaId::from_grid(x.clamp(x0, x1.max(x0)), y.clamp(y0, y1.max(y0)))
    }
}

/// The screen's regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Regions {
    /// The whole screen.
    pub screen: Rect,
    /// The board (every tile of the window).
    pub board: Rect,
    /// The systems on screen.
    pub window: Window,
    /// Tiles across the board's rectangle (the window's width).
    pub cols: u8,
    /// Tiles down the board's rectangle (the window's height).
    pub rows: u8,
    /// One tile's size.
    pub tile_w: u16,
    /// One tile's size.
    pub tile_h: u16,
    /// The players panel.
    pub players: Rect,
    /// The selected area's contents, or the selected choice's card.
    pub detail: Rect,
    /// The decision and its actions.
    pub prompt: Rect,
    /// The game log (in the compact layout: its last lines, without a border, under the board).
    pub log: Rect,
    /// Where a combat in progress is drawn (over the board in the compact layout).
    pub combat: Rect,
    /// The one-line key hints at the bottom.
    pub status: Rect,
    /// Lines per player in the players panel (1 to 3).
    pub player_lines: u16,
    /// Whether this is the compact layout of small terminals.
    pub compact: bool,
}

impl Regions {
    /// Lays out a screen of `screen` for the systems of `window` and `players` seats, with
    /// room for `choices` lines of actions if there is space.
    #[must_use]
    pub fn compute(screen: Rect, window: Window, players: usize, choices: usize) -> Regions {
        let wanted = u16::try_from(choices).unwrap_or(u16::MAX).saturating_add(5);
        let cols = window.cols.max(1);
        let rows = window.rows.max(1);
        let status = Rect::new(
            screen.x,
            screen.bottom().saturating_sub(1),
            screen.width,
            screen.height.min(1),
        );
        let main = Rect::new(
            screen.x,
            screen.y,
            screen.width,
            screen.height.saturating_sub(1),
        );
        let compact = screen.width < COMPACT_BELOW.0 || screen.height < COMPACT_BELOW.1;

        // The side column gets two fifths of a wide screen; the tiles share the rest.
        // Tiles narrower than TILE_READABLE cut world names and pieces: they take from the
        // side column first, down to SIDE_MIN + 2.
        let side_wanted = if compact {
            SIDE_MIN
        } else {
            let room = main
                .width
                .saturating_sub(TILE_READABLE * u16::from(window.cols.max(1)));
            (main.width * 2 / 5)
                .max(SIDE_MIN)
                .min(room.max(SIDE_MIN + 2))
        };
        let tile_w =
            (main.width.saturating_sub(side_wanted) / u16::from(cols)).clamp(TILE_W.0, TILE_W.1);
        let board_w = (tile_w * u16::from(cols)).min(main.width);
        let tile_h = (main.height / u16::from(rows)).clamp(TILE_H_MIN, TILE_H_MAX);
        let board_h = (tile_h * u16::from(rows)).min(main.height);
        let board = Rect::new(main.x, main.y, board_w, board_h);

        let side = Rect::new(main.x + board_w, main.y, main.width - board_w, main.height);
        let n = u16::try_from(players).unwrap_or(4);
        let (players_r, detail, prompt, log, combat, player_lines);
        if compact {
            // Players one line each; the decision as tall as it needs, the detail below it;
            // the log's last lines under the board; a combat covers the board.
            player_lines = 1;
            let ph = (2 + n).min(side.height);
            let rest = side.height - ph;
            let detail_min = rest.min(6);
            let most = rest - detail_min;
            let prompt_h = wanted.clamp(rest.min(8).min(most), most);
            players_r = Rect::new(side.x, side.y, side.width, ph);
            prompt = Rect::new(side.x, side.y + ph, side.width, prompt_h);
            detail = Rect::new(side.x, prompt.bottom(), side.width, rest - prompt_h);
            log = Rect::new(
                main.x,
                board.bottom(),
                board_w,
                main.bottom() - board.bottom(),
            );
            combat = Rect::new(main.x, main.y, board_w, main.height);
        } else if side.width >= SIDE_SPLIT {
            // Two columns: players and area detail | decision and log.
            let left_w = side.width * 9 / 20;
            let left = Rect::new(side.x, side.y, left_w, side.height);
            let right = Rect::new(side.x + left_w, side.y, side.width - left_w, side.height);
            player_lines = 3;
            let ph = (2 + 3 * n).min(left.height);
            players_r = Rect::new(left.x, left.y, left.width, ph);
            detail = Rect::new(left.x, left.y + ph, left.width, left.height - ph);
            let prompt_h = wanted.clamp(
                right.height.min(10),
                right.height.saturating_sub(6).max(right.height.min(10)),
            );
            prompt = Rect::new(right.x, right.y, right.width, prompt_h);
            log = Rect::new(
                right.x,
                right.y + prompt_h,
                right.width,
                right.height - prompt_h,
            );
            combat = detail;
        } else {
            player_lines = if side.height >= 2 + 3 * n + 30 { 3 } else { 2 };
            let ph = (2 + player_lines * n).min(side.height);
            let rest = side.height - ph;
            let prompt_max = rest.saturating_sub(9 + 5);
            let prompt_h = wanted.clamp(prompt_max.min(8), prompt_max);
            let detail_h = (rest - prompt_h) * 3 / 5;
            let log_h = rest - prompt_h - detail_h;
            players_r = Rect::new(side.x, side.y, side.width, ph);
            prompt = Rect::new(side.x, side.y + ph, side.width, prompt_h);
            detail = Rect::new(side.x, prompt.bottom(), side.width, detail_h);
            log = Rect::new(side.x, detail.bottom(), side.width, log_h);
            // The combat takes the area panel and most of the log.
            let both = detail.union(log);
            let log_keep = (both.height / 4).clamp(4.min(both.height), both.height);
            combat = Rect::new(both.x, both.y, both.width, both.height - log_keep);
        }
        Regions {
            screen,
            board,
            window,
            cols,
            rows,
            tile_w,
            tile_h,
            players: players_r,
            detail,
            prompt,
            log,
            combat,
            status,
            player_lines,
            compact,
        }
    }

    /// The log's place while a combat is drawn at [`Regions::combat`].
    #[must_use]
    pub fn log_beside_combat(&self) -> Rect {
        if self.compact || self.combat == self.detail {
            self.log
        } else {
            let both = self.detail.union(self.log);
            Rect::new(
                both.x,
                self.combat.bottom(),
                both.width,
                both.bottom() - self.combat.bottom(),
            )
        }
    }

    /// The smallest screen (width, height) on which the layout of a board of `cols` x `rows`
    /// tiles and `players` seats is whole: the narrowest tiles beside the narrowest side
    /// column, and a side column tall enough for one line per player, a few actions and the
    /// detail.
    #[must_use]
    pub fn minimum(cols: u8, rows: u8, players: usize) -> (u16, u16) {
        let n = u16::try_from(players).unwrap_or(4);
        let width = TILE_W.0 * u16::from(cols.max(1)) + SIDE_MIN;
        let side = 2 + n + 8 + 6;
        let height = (TILE_H_MIN * u16::from(rows.max(1))).max(side) + 1;
        (width, height)
    }

    /// A system tile's rectangle, border included (empty for a system off the window).
    #[must_use]
    pub fn tile(&self, s: SystemId) -> Rect {
        if !self.window.contains(s) {
            return Rect::default();
        }
        let x = self.board.x + u16::from(s.col - self.window.col) * self.tile_w;
        let y = self.board.y + u16::from(s.row - self.window.row) * self.tile_h;
        Rect::new(x, y, self.tile_w, self.tile_h).intersection(self.screen)
    }

    /// The width of a tile's left areas and the height of its top areas.
    fn splits(tile: Rect) -> (u16, u16) {
        (
            tile.width.saturating_sub(3) / 2,
            tile.height.saturating_sub(3) / 2,
        )
    }

    /// The column of a tile's vertical divider and the row of its horizontal divider.
    #[must_use]
    pub fn dividers(tile: Rect) -> (u16, u16) {
        let (aw, ah) = Self::splits(tile);
        (tile.x + 1 + aw, tile.y + 1 + ah)
    }

    /// The inside of one area (borders and dividers excluded).
    #[must_use]
    pub fn area(&self, a: AreaId) -> Rect {
        let t = self.tile(a.system);
        if t.is_empty() {
            return Rect::default();
        }
        let (aw, ah) = Self::splits(t);
        let (mx, my) = Self::dividers(t);
        let right_w = t.width.saturating_sub(3 + aw);
        let bottom_h = t.height.saturating_sub(3 + ah);
        match a.quadrant {
            Quadrant::Nw => Rect::new(t.x + 1, t.y + 1, aw, ah),
            Quadrant::Ne => Rect::new(mx + 1, t.y + 1, right_w, ah),
            Quadrant::Sw => Rect::new(t.x + 1, my + 1, aw, bottom_h),
            Quadrant::Se => Rect::new(mx + 1, my + 1, right_w, bottom_h),
        }
    }

    /// The area at a screen cell (borders count for the nearest area), if the cell is on the board.
    #[must_use]
    pub fn area_at(&self, x: u16, y: u16) -> Option<AreaId> {
        if !self.board.contains(Position::new(x, y)) || self.tile_w == 0 || self.tile_h == 0 {
            return None;
        }
        let col = u8::try_from((x - self.board.x) / self.tile_w).ok()?;
        let row = u8::try_from((y - self.board.y) / self.tile_h).ok()?;
        if col >= self.cols || row >= self.rows {
            return None;
        }
        let system = SystemId::new(
            self.window.col.checked_add(col)?,
            self.window.row.checked_add(row)?,
        );
        let (mx, my) = Self::dividers(self.tile(system));
        let dx = u8::from(x > mx);
        let dy = u8::from(y > my);
        Some(AreaId::new(system, Quadrant::from_offset(dx, dy)))
    }
}

/// The terminal size (columns, rows) a game needs: the board's window and the panels of
/// `players` players ([`Regions::minimum`]). The client refuses to draw the game on less, and
/// the new-game screen refuses to start one there.
#[must_use]
pub fn needed(window: Window, players: usize) -> (u16, u16) {
    Regions::minimum(window.cols, window.rows, players)
}

/// A rectangle of at most `w` x `h` in the middle of `area`.
#[must_use]
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The box a scrolling overlay fills on a screen of `screen`: nearly all of a small screen,
/// at most 100 x 40 on a large one.
#[must_use]
pub fn popup_rect(screen: Rect) -> Rect {
    let w = screen.width.saturating_sub(2).clamp(1, 100);
    let h = screen.height.saturating_sub(2).clamp(1, 40);
    centered(screen, w, h)
}

/// How many text lines the overlay box on `screen` shows (inside the border).
#[must_use]
pub fn popup_rows(screen: Rect) -> usize {
    usize::from(popup_rect(screen).height.saturating_sub(2))
}

/// The width of text inside the overlay box on `screen`.
#[must_use]
pub fn popup_width(screen: Rect) -> usize {
    usize::from(popup_rect(screen).width.saturating_sub(2))
}

/// Splits text into lines of at most `width` characters, at spaces where possible.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let wl = word.chars().count();
        let ll = line.chars().count();
        if ll > 0 && ll + 1 + wl > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let head: String = line.chars().take(width).collect();
            let tail: String = line.chars().skip(width).collect();
            out.push(head);
            line = tail;
        }
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// The text cut to `width` characters, ending in `…` when cut.
#[must_use]
pub fn clip(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else if width == 0 {
        String::new()
    } else {
        let mut t: String = s.chars().take(width - 1).collect();
        t.push('…');
        t
    }
}

/// The decision in at most two lines of `width`, capitalised.
#[must_use]
pub fn decision_lines(kind: &str, width: usize) -> Vec<String> {
    let mut text = kind.to_string();
    if let Some(c) = text.get_mut(0..1) {
        c.make_ascii_uppercase();
    }
    let mut lines = wrap(&text, width);
    if lines.len() > 2 {
        let rest = lines[1..].join(" ");
        lines.truncate(1);
        lines.push(clip(&rest, width));
    }
    lines
}

/// The lines of the decision panel above its action list at `width` characters: the decision
/// (at most two lines), the odds line when there is one (one line, fitted), the count of
/// choices. Drawing counts the lines it draws; the keys and clicks count them here, the same.
#[must_use]
pub fn header_rows(kind: &str, width: usize, odds: bool) -> usize {
    decision_lines(kind, width).len() + usize::from(odds) + 1
}

/// The first screen row of the prompt's action list and how many actions fit, below the
/// border and `header` lines ([`header_rows`]).
#[must_use]
pub fn list_geometry(prompt: Rect, header: usize) -> (u16, usize) {
    let header = u16::try_from(header).unwrap_or(u16::MAX);
    let first = prompt.y.saturating_add(1).saturating_add(header);
    (
        first,
        usize::from(prompt.height.saturating_sub(2).saturating_sub(header)),
    )
}
