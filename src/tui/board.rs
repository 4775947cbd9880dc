//! The board: one box per system tile, its four areas in a 2x2, the order-token stack on the
//! tile's middle line and warp storms (`≈`) on the tile edges they lie on.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::follow::Marks;
use super::layout::{Regions, clip};
use super::scene::{Choice, Scene};
use super::theme::Theme;
use crate::engine::rules::board::{AreaInfo, Board};
use crate::engine::rules::view::SeenToken;
use crate::engine::state::board_layout::{BoardLayout, PlacedTile};
use crate::engine::state::position::AreaState;
use crate::engine::{
    Action, AreaId, Asset, EdgeId, Faction, GameData, Order, Quadrant, StructureKind, SystemId,
    UnitType,
};

pub use super::text::unit_code;

/// A short name for an order.
#[must_use]
pub fn order_code(o: Order) -> &'static str {
    match o {
        Order::Advance => "Adv",
        Order::Deploy => "Dep",
        Order::Strategize => "Str",
        Order::Dominate => "Dom",
    }
}

/// The sign of an asset icon: not a letter, so that it never reads as a faction's letter
/// (`C` was both Chaos and cache).
#[must_use]
pub fn asset_sign(a: Asset) -> char {
    match a {
        Asset::Forge => '▲',
        Asset::Cache => '◆',
        Asset::Reinforcement => '✚',
        Asset::Prosperity => '$',
    }
}

/// Units of one faction in an area, grouped by type, routed ones apart: (type, routed, count).
#[must_use]
pub fn unit_groups(state: &AreaState, faction: Faction) -> Vec<(UnitType, bool, usize)> {
    let mut groups: Vec<(UnitType, bool, usize)> = Vec::new();
    for u in state.units.iter().filter(|u| u.owner() == faction) {
        match groups.iter_mut().find(|g| g.0 == u.unit && g.1 == u.routed) {
            Some(g) => g.2 += 1,
            None => groups.push((u.unit, u.routed, 1)),
        }
    }
    groups.sort_by_key(|g| (UnitType::ALL.iter().position(|t| *t == g.0), g.1));
    groups
}

/// The stack's tokens as spans, bottom first; the top token's order when the viewer may see it.
#[must_use]
pub fn stack_spans(stack: &[SeenToken], theme: Theme, long: bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, t) in stack.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        let style = theme.faction_bold(t.owner);
        match t.order {
            Some(o) if long => spans.push(Span::styled(
                format!("{}:{}", t.owner.letter(), o.key()),
                style,
            )),
            Some(o) => spans.push(Span::styled(
                format!("{}:{}", t.owner.letter(), order_code(o)),
                style,
            )),
            None => spans.push(Span::styled(t.owner.letter().to_string(), style)),
        }
    }
    spans
}

fn width_of(spans: &[Span<'_>]) -> usize {
    spans.iter().map(Span::width).sum()
}

/// The board: the system tiles with their areas and order stacks, the warp storms, the
/// places still open during construction, the cursor and what the selected choice concerns.
/// Each system is drawn where the screen's regions put it (in the board region, the area it
/// is rendered in).
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The screen's regions (where each area is).
    pub regions: &'a Regions,
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
    /// Colours.
    pub theme: Theme,
    /// The area cursor, if one is drawn.
    pub cursor: Option<AreaId>,
    /// The choice selected in the list, whose places are marked.
    pub chosen: Option<&'a Choice>,
}

impl Widget for BoardView<'_> {
    fn render(self, _area: Rect, buf: &mut Buffer) {
        let BoardView {
            regions,
            scene,
            theme,
            cursor,
            chosen,
        } = self;
        draw(buf, regions, scene, theme, cursor, chosen);
    }
}

/// Draws the board ([`BoardView`]).
fn draw(
    buf: &mut Buffer,
    r: &Regions,
    scene: &Scene<'_>,
    theme: Theme,
    cursor: Option<AreaId>,
    chosen: Option<&Choice>,
) {
    let selected = chosen.map(|c| c.action);
    let marks = Marks::of(chosen);
    for system in scene.board.systems() {
        draw_tile(buf, r, scene, theme, system, cursor, &marks);
    }
    // Construction: the places still open for a tile, faint, each named; the cursor shows on
    // them as on a tile, so they can be pointed at with the keys as with the mouse.
    for &system in &scene.open {
        if scene.board.has_system(system) {
            continue;
        }
        draw_open_place(buf, r, theme, system, cursor);
    }
    for storm in &scene.view.storms {
        draw_storm(buf, r, storm.edge, theme);
    }
    // Setup: show where the selected tile or storm would go.
    match selected {
        Some(Action::PlaceTile {
            system,
            number,
            side_b,
            rotation,
        }) if !scene.board.has_system(system) => {
            draw_tile_preview(
                buf,
                r,
                scene,
                theme,
                system,
                placed_tile(number, side_b, rotation),
            );
        }
        Some(Action::PlaceStorm { edge }) => draw_storm(buf, r, edge, theme),
        _ => {}
    }
}

/// A board holding only `placed` on `system`: the tile's areas as they would lie there.
#[must_use]
pub fn tile_preview(data: &GameData, system: SystemId, placed: PlacedTile) -> Option<Board> {
    let layout = BoardLayout {
        cols: system.col.saturating_add(1),
        rows: system.row.saturating_add(1),
        tiles: std::iter::once((system, placed)).collect(),
    };
    Board::new_partial(&layout, data).ok()
}

/// The tile side and turn a tile placement lays (`12B`, 1).
#[must_use]
pub fn placed_tile(number: u8, side_b: bool, rotation: u8) -> PlacedTile {
    PlacedTile {
        tile: format!("{number}{}", if side_b { 'B' } else { 'A' }).into(),
        rotation,
    }
}

/// The selected tile as it would lie on `system`: its four areas (worlds with their numbers and
/// assets, voids) turned as placed, inside a dashed outline and dividers, so the player sees
/// what each side and turn makes of the board before choosing. The outline's label names the
/// place first (the narrowest tile, 15 cells, still shows `D3 12A r0`), then the system.
fn draw_tile_preview(
    buf: &mut Buffer,
    r: &Regions,
    scene: &Scene<'_>,
    theme: Theme,
    system: SystemId,
    placed: PlacedTile,
) {
    let t = r.tile(system);
    if t.width < 5 || t.height < 5 {
        return;
    }
    let label = format!(" {system} {} r{} ", placed.tile, placed.rotation);
    let Some(preview) = tile_preview(scene.data, system, placed) else {
        draw_outline(buf, t, theme, &label);
        return;
    };
    let (mx, my) = Regions::dividers(t);
    let style = theme.cursor_mark();
    for x in t.x + 1..t.right().saturating_sub(1) {
        buf.set_string(x, my, "┄", style);
    }
    for y in t.y + 1..t.bottom().saturating_sub(1) {
        buf.set_string(mx, y, "┆", style);
    }
    for q in Quadrant::ALL {
        let id = AreaId::new(system, q);
        if let Some(info) = preview.area(id) {
            draw_area(buf, r.area(id), info, None, theme);
        }
    }
    let name = preview.system_name(system);
    let label = if name.is_empty() {
        label
    } else {
        format!("{label}{name} ")
    };
    draw_outline(buf, t, theme, &label);
}

/// A place open for a system tile during construction: a faint dashed outline named by its
/// system, with the cursor's area marked when it is there.
fn draw_open_place(
    buf: &mut Buffer,
    r: &Regions,
    theme: Theme,
    system: SystemId,
    cursor: Option<AreaId>,
) {
    let t = r.tile(system);
    outline(buf, t, theme.dim(), &format!(" {system} open "));
    if let Some(at) = cursor.filter(|a| a.system == system) {
        let rect = r.area(at);
        buf.set_style(rect, theme.cursor());
        if rect.width > 0 && rect.height > 0 {
            buf.set_string(rect.x, rect.y, "+", theme.cursor_mark());
        }
    }
}

/// A dashed outline where a tile would go during setup, with a label on its top border.
fn draw_outline(buf: &mut Buffer, t: Rect, theme: Theme, label: &str) {
    outline(buf, t, theme.cursor_mark(), label);
}

/// A dashed outline of `t` in `style`, with a label on its top border.
fn outline(buf: &mut Buffer, t: Rect, style: Style, label: &str) {
    if t.width < 5 || t.height < 3 {
        return;
    }
    let (right, bottom) = (t.right() - 1, t.bottom() - 1);
    for x in t.x..=right {
        buf.set_string(x, t.y, "╌", style);
        buf.set_string(x, bottom, "╌", style);
    }
    for y in t.y..=bottom {
        buf.set_string(t.x, y, "╎", style);
        buf.set_string(right, y, "╎", style);
    }
    buf.set_stringn(
        t.x + 2,
        t.y,
        label,
        usize::from(t.width.saturating_sub(4)),
        style,
    );
}

fn draw_tile(
    buf: &mut Buffer,
    r: &Regions,
    scene: &Scene<'_>,
    theme: Theme,
    system: SystemId,
    cursor: Option<AreaId>,
    marks: &Marks,
) {
    let t = r.tile(system);
    if t.width < 5 || t.height < 5 {
        return;
    }
    let (mx, my) = Regions::dividers(t);
    let (right, bottom) = (t.right() - 1, t.bottom() - 1);
    let border = theme.border();
    let divider = theme.divider();
    for x in t.x..=right {
        buf.set_string(x, t.y, "─", border);
        buf.set_string(x, bottom, "─", border);
        if x > t.x && x < right {
            buf.set_string(x, my, "─", divider);
        }
    }
    for y in t.y..=bottom {
        buf.set_string(t.x, y, "│", border);
        buf.set_string(right, y, "│", border);
        if y > t.y && y < bottom {
            buf.set_string(mx, y, "│", divider);
        }
    }
    buf.set_string(t.x, t.y, "┌", border);
    buf.set_string(right, t.y, "┐", border);
    buf.set_string(t.x, bottom, "└", border);
    buf.set_string(right, bottom, "┘", border);
    buf.set_string(mx, t.y, "┬", border);
    buf.set_string(mx, bottom, "┴", border);
    buf.set_string(t.x, my, "├", border);
    buf.set_string(right, my, "┤", border);
    buf.set_string(mx, my, "┼", divider);

    // Title on the top border: system id and name; `●` first on the system of the selected
    // choice's order token or tile.
    let concerned = marks.systems.contains(&system);
    let mut title_style = theme.title();
    if concerned {
        title_style = title_style.add_modifier(Modifier::REVERSED);
    }
    let name = scene.board.system_name(system);
    let sign = if concerned { "●" } else { "" };
    let title = if name.is_empty() {
        format!(" {sign}{system} ")
    } else {
        format!(" {sign}{system} {name} ")
    };
    let max = t.width.saturating_sub(4);
    let title = if title.chars().count() > usize::from(max) {
        format!(
            "{} ",
            clip(title.trim_end(), usize::from(max).saturating_sub(1))
        )
    } else {
        title
    };
    buf.set_line(
        t.x + 2,
        t.y,
        &Line::from(Span::styled(title, title_style)),
        max,
    );

    for q in Quadrant::ALL {
        let id = AreaId::new(system, q);
        let rect = r.area(id);
        let here = cursor == Some(id);
        let target = marks.to.contains(&id) || marks.from.contains(&id);
        if here {
            buf.set_style(rect, theme.cursor());
        } else if target && theme.color {
            buf.set_style(rect, Style::new().bg(Color::Rgb(70, 55, 15)));
        }
        if let Some(info) = scene.board.area(id) {
            draw_area(buf, rect, info, scene.view.areas.get(&id), theme);
        }
        if here {
            mark_around(buf, rect, theme.cursor_mark());
        }
        // The choice's signs on the border left of the area's first line, where no text is.
        let sign = if marks.warned.contains(&id) {
            Some(("!", theme.warn()))
        } else if marks.to.contains(&id) {
            Some(("●", theme.cursor_mark()))
        } else if marks.from.contains(&id) {
            Some(("○", theme.cursor_mark()))
        } else {
            None
        };
        if let Some((sign, style)) = sign
            && rect.width > 0
            && rect.height > 0
        {
            buf.set_string(rect.x.saturating_sub(1), rect.y, sign, style);
        }
    }

    // The order-token stack, centred on the middle line.
    if let Some(stack) = scene.view.stacks.get(&system).filter(|s| !s.is_empty()) {
        let room = usize::from(t.width.saturating_sub(4));
        let mut spans = stack_spans(stack, theme, true);
        if width_of(&spans) + 2 > room {
            spans = stack_spans(stack, theme, false);
        }
        let mut shown = stack.len();
        while width_of(&spans) + 2 > room && shown > 1 {
            shown -= 1;
            let mut s = vec![Span::styled(
                format!("{}…", stack.len() - shown),
                theme.dim(),
            )];
            s.extend(stack_spans(&stack[stack.len() - shown..], theme, false));
            spans = s;
        }
        let mut line = vec![Span::styled("[", border)];
        line.extend(spans);
        line.push(Span::styled("]", border));
        let w = u16::try_from(width_of(&line))
            .unwrap_or(u16::MAX)
            .min(t.width.saturating_sub(2));
        let x = (mx + 1).saturating_sub(w.div_ceil(2)).max(t.x + 1);
        buf.set_line(x, my, &Line::from(line), w);
    }
}

/// Marks the cursor's area on the dividers and borders around it.
fn mark_around(buf: &mut Buffer, rect: Rect, style: Style) {
    let left = rect.x.saturating_sub(1);
    let top = rect.y.saturating_sub(1);
    let right = rect.right();
    let bottom = rect.bottom();
    for x in rect.x..rect.right() {
        restyle(buf, x, top, style);
        restyle(buf, x, bottom, style);
    }
    for y in rect.y..rect.bottom() {
        restyle(buf, left, y, style);
        restyle(buf, right, y, style);
    }
}

fn restyle(buf: &mut Buffer, x: u16, y: u16, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        // Keep storm marks and stack tokens as they are: only plain lines take the mark.
        if matches!(cell.symbol(), "─" | "│") {
            cell.set_style(style);
            let s = if cell.symbol() == "─" { "━" } else { "┃" };
            cell.set_symbol(s);
        }
    }
}

fn structure_name(k: StructureKind) -> &'static str {
    match k {
        StructureKind::Factory => "factory",
        StructureKind::City => "city",
        StructureKind::Bastion => "bastion",
    }
}

/// The lines drawn inside one area at the fullest detail, most important first, for `width`
/// columns: the name, a world's numbers, then the pieces ([`area_pieces`] at level 0). The
/// board draws them through [`fit_area`], which shortens by rule where they do not fit.
#[must_use]
pub fn area_lines(
    info: &AreaInfo,
    state: Option<&AreaState>,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let mut lines = name_lines(info, theme, width, 1);
    lines.extend(banner(info, theme, width));
    if let Some(state) = state {
        lines.extend(area_pieces(state, theme, width, 0));
    }
    lines
}

/// The area's name in at most `rows` lines: a world's name wrapped at spaces (a word longer
/// than the line broken with `-`) when more than one line is allowed, else cut with `…`.
fn name_lines(info: &AreaInfo, theme: Theme, width: usize, rows: usize) -> Vec<Line<'static>> {
    let Some(w) = info.world() else {
        return vec![Line::from(Span::styled("void", theme.dim()))];
    };
    let mut parts: Vec<String> = Vec::new();
    if rows > 1 && w.name.chars().count() > width && width > 2 {
        for word in w.name.split(' ') {
            let mut word: String = word.to_string();
            if let Some(last) = parts.last_mut()
                && last.chars().count() + 1 + word.chars().count() <= width
            {
                last.push(' ');
                last.push_str(&word);
                continue;
            }
            while word.chars().count() > width {
                let head: String = word.chars().take(width - 1).collect();
                parts.push(format!("{head}-"));
                word = word.chars().skip(width - 1).collect();
            }
            parts.push(word);
        }
    }
    if parts.is_empty() || parts.len() > rows {
        parts = vec![clip(&w.name, width)];
    }
    parts
        .into_iter()
        .map(|p| Line::from(Span::styled(p, theme.world())))
        .collect()
}

/// A world's printed numbers: capacity, materiel, asset signs (none for a void).
fn banner(info: &AreaInfo, theme: Theme, width: usize) -> Option<Line<'static>> {
    let w = info.world()?;
    let icons: String = w.assets.iter().map(|a| asset_sign(*a)).collect();
    let text = if width >= 15 {
        format!("cap {} mat {} {icons}", w.capacity, w.materiel)
    } else {
        format!("c{} m{} {icons}", w.capacity, w.materiel)
    };
    Some(Line::from(Span::styled(
        text.trim_end().to_string(),
        theme.banner(),
    )))
}

/// The pieces in an area as lines of `width`, each piece whole (a line break comes between
/// pieces, never inside one), at one of five levels of detail:
/// 0. structures (`U fac`) and objective tokens (`◎C`), then one line per faction with its
///    unit groups (`U 1Sc 2SM`, routed ones `1SM↓`);
/// 1. the same pieces on shared lines (`◎C U 1SM`), a faction's groups kept together on one
///    line where they fit, so a short cell keeps the unit types;
/// 2. structures and objective tokens, each faction's units as a count (`U3`), all on the
///    same lines;
/// 3. each faction present once, with its unit count (`U3`, a faction with only a structure
///    `C`), then the objective tokens;
/// 4. the letters of the factions present and the objective tokens only.
///
/// Every level names every faction with a piece in the area and every objective token.
#[must_use]
pub fn area_pieces(state: &AreaState, theme: Theme, width: usize, level: u8) -> Vec<Line<'static>> {
    let structure = |s: &crate::engine::state::position::Structure| {
        let name = structure_name(s.kind);
        let text = if width >= 12 {
            format!("{} {name}", s.owner.letter())
        } else {
            format!("{} {}", s.owner.letter(), &name[..3])
        };
        Span::styled(text, theme.faction_bold(s.owner))
    };
    let objectives = state
        .objectives
        .iter()
        .map(|f| Span::styled(format!("◎{}", f.letter()), theme.faction_bold(*f)));
    let units = |f: Faction| state.count_units(f);
    let mut lines = Vec::new();
    if level <= 2 {
        let mut atoms: Vec<Span<'static>> = state.structures.iter().map(structure).collect();
        atoms.extend(objectives);
        if level == 2 {
            atoms.extend(
                state
                    .factions()
                    .into_iter()
                    .filter(|f| units(*f) > 0)
                    .map(|f| {
                        Span::styled(format!("{}{}", f.letter(), units(f)), theme.faction_bold(f))
                    }),
            );
            return flow(atoms, width);
        }
        // Each piece as its spans; a faction's unit groups form one piece.
        let mut pieces: Vec<Vec<Span<'static>>> = atoms.into_iter().map(|a| vec![a]).collect();
        let tokens = pieces.len();
        for faction in state.factions() {
            let groups = unit_groups(state, faction);
            if groups.is_empty() {
                continue;
            }
            let style = theme.faction(faction);
            let mut atoms = vec![Span::styled(
                faction.letter().to_string(),
                theme.faction_bold(faction),
            )];
            for (unit, routed, n) in groups {
                let mark = if routed { "↓" } else { "" };
                let st = if routed {
                    style.add_modifier(Modifier::DIM)
                } else {
                    style
                };
                atoms.push(Span::styled(format!("{n}{}{mark}", unit_code(unit)), st));
            }
            pieces.push(atoms);
        }
        if level == 0 {
            // Structures and objective tokens on their lines, then a line per faction.
            let rest = pieces.split_off(tokens);
            lines.extend(flow(pieces.into_iter().flatten().collect(), width));
            for atoms in rest {
                lines.extend(flow(atoms, width));
            }
        } else {
            lines.extend(flow_pieces(pieces, width));
        }
    } else {
        let mut atoms: Vec<Span<'static>> = state
            .factions()
            .into_iter()
            .map(|f| {
                let n = units(f);
                let text = if n == 0 || level > 3 {
                    f.letter().to_string()
                } else {
                    format!("{}{n}", f.letter())
                };
                Span::styled(text, theme.faction_bold(f))
            })
            .collect();
        atoms.extend(objectives);
        lines.extend(flow(atoms, width));
    }
    lines
}

/// Whole pieces on lines of `width`, a space between two; a piece wider than the line gets a
/// line of its own, cut with `…` (no piece is that wide at the sizes the client supports).
fn flow(atoms: Vec<Span<'static>>, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for atom in atoms {
        let w = atom.width();
        if !line.is_empty() && used + 1 + w > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            used = 0;
        }
        if !line.is_empty() {
            line.push(Span::raw(" "));
            used += 1;
        }
        if w > width {
            line.push(Span::styled(clip(&atom.content, width), atom.style));
            used = width;
        } else {
            used += w;
            line.push(atom);
        }
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

/// Pieces of several spans on lines of `width`: a piece goes whole onto the current line or
/// starts the next one; a piece wider than a line flows span by span ([`flow`]).
fn flow_pieces(pieces: Vec<Vec<Span<'static>>>, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    for piece in pieces {
        let w = width_of(&piece) + piece.len().saturating_sub(1);
        if w > width {
            lines.extend(flow(piece, width));
            continue;
        }
        match lines.last_mut() {
            Some(last) if last.width() + 1 + w <= width => {
                last.spans.push(Span::raw(" "));
                for (i, span) in piece.into_iter().enumerate() {
                    if i > 0 {
                        last.spans.push(Span::raw(" "));
                    }
                    last.spans.push(span);
                }
            }
            _ => lines.extend(flow(piece, width)),
        }
    }
    lines
}

/// A player's asset tokens with their signs: `▲0 ◆1 ✚2`.
#[must_use]
pub fn asset_counts(a: crate::engine::state::position::AssetTokens) -> String {
    use crate::engine::Asset;
    format!(
        "{}{} {}{} {}{}",
        asset_sign(Asset::Forge),
        a.forge,
        asset_sign(Asset::Cache),
        a.cache,
        asset_sign(Asset::Reinforcement),
        a.reinforcement
    )
}

/// The lines of an area in `width` x `height`, shortened by rule until they fit: the fullest
/// pieces with the world's numbers, then without the numbers, then the pieces at each
/// shorter level ([`area_pieces`]); a long world name takes a second line when there is room
/// for it besides the pieces. In a single line the name gives way to the pieces.
#[must_use]
pub fn fit_area(
    info: &AreaInfo,
    state: Option<&AreaState>,
    theme: Theme,
    width: usize,
    height: usize,
) -> Vec<Line<'static>> {
    if height == 0 || width == 0 {
        return Vec::new();
    }
    let pieces = |level: u8| {
        state
            .map(|s| area_pieces(s, theme, width, level))
            .unwrap_or_default()
    };
    let empty = pieces(0).is_empty();
    if height == 1 {
        // One line: the pieces if any, else the name.
        if empty {
            return name_lines(info, theme, width, 1);
        }
        return (1..=4)
            .map(|l| flow_line(pieces(l)))
            .find(|l| l.width() <= width)
            .map_or_else(|| pieces(4).into_iter().take(1).collect(), |l| vec![l]);
    }
    for level in 0..=4 {
        let body = pieces(level);
        for with_banner in [true, false] {
            if !with_banner && (empty || info.world().is_none()) {
                continue;
            }
            let numbers: Vec<Line<'static>> = if with_banner {
                banner(info, theme, width).into_iter().collect()
            } else {
                Vec::new()
            };
            for name_rows in [2, 1] {
                let name = name_lines(info, theme, width, name_rows);
                if name.len() + numbers.len() + body.len() <= height {
                    let mut lines = name;
                    lines.extend(numbers);
                    lines.extend(body);
                    return lines;
                }
            }
        }
    }
    // Nothing fits whole: the name's first line and as many pieces as there is room for.
    let mut lines = name_lines(info, theme, width, 1);
    lines.extend(pieces(4));
    lines.truncate(height);
    lines
}

/// Lines joined into one, a space between them.
fn flow_line(lines: Vec<Line<'static>>) -> Line<'static> {
    let mut spans = Vec::new();
    for l in lines {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.extend(l.spans);
    }
    Line::from(spans)
}

fn draw_area(
    buf: &mut Buffer,
    rect: Rect,
    info: &AreaInfo,
    state: Option<&AreaState>,
    theme: Theme,
) {
    if rect.width == 0 || rect.height == 0 {
        return;
    }
    let lines = fit_area(
        info,
        state,
        theme,
        usize::from(rect.width),
        usize::from(rect.height),
    );
    for (i, line) in lines.iter().enumerate() {
        let y = rect.y + u16::try_from(i).unwrap_or(0);
        buf.set_line(rect.x, y, line, rect.width);
    }
}

/// Draws `≈` over the tile sides an edge lies on.
fn draw_storm(buf: &mut Buffer, r: &Regions, edge: EdgeId, theme: Theme) {
    let mut segments: Vec<(u16, u16, u16, bool)> = Vec::new(); // x, y, length, horizontal
    match edge {
        // Only the tiles on screen carry a storm mark (`Regions::tile` is empty off it).
        EdgeId::Horizontal { x, y } => {
            if let Some(above) = y.checked_sub(1).map(|row| r.tile(SystemId::new(x, row)))
                && !above.is_empty()
            {
                segments.push((
                    above.x + 1,
                    above.bottom().saturating_sub(1),
                    above.width.saturating_sub(2),
                    true,
                ));
            }
            let t = r.tile(SystemId::new(x, y));
            if !t.is_empty() {
                segments.push((t.x + 1, t.y, t.width.saturating_sub(2), true));
            }
        }
        EdgeId::Vertical { x, y } => {
            if let Some(left) = x.checked_sub(1).map(|col| r.tile(SystemId::new(col, y)))
                && !left.is_empty()
            {
                segments.push((
                    left.right().saturating_sub(1),
                    left.y + 1,
                    left.height.saturating_sub(2),
                    false,
                ));
            }
            let t = r.tile(SystemId::new(x, y));
            if !t.is_empty() {
                segments.push((t.x, t.y + 1, t.height.saturating_sub(2), false));
            }
        }
    }
    let style = theme.storm();
    for (x0, y0, len, horizontal) in segments {
        for i in 0..len {
            let (x, y) = if horizontal {
                (x0 + i, y0)
            } else {
                (x0, y0 + i)
            };
            if let Some(cell) = buf.cell_mut((x, y)) {
                // Titles and stacks on the border stay readable.
                if matches!(cell.symbol(), "─" | "│" | "━" | "┃" | "├" | "┤" | "┬" | "┴")
                {
                    cell.set_symbol("≈");
                    cell.set_style(style);
                }
            }
        }
    }
}
