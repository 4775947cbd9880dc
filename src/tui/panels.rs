//! The side panels: players, the decision with its actions, the selected area, the log, and
//! the key hints on the bottom line.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget, Wrap};

use super::app::{App, Focus, Screen};
use super::board::{asset_counts, asset_sign, order_code, stack_spans, unit_groups};
use super::layout::{clip, decision_lines, list_geometry, wrap};
use super::log::LogLine;
use super::scene::{Choice, Scene, card_text};
use super::session::Session;
use super::text::{die_sign, wrap_all};
use super::theme::Theme;
use crate::bot::odds::CombatOdds;
use crate::engine::rules::board::AreaInfo;
use crate::engine::rules::view::{SeenCombatSide, SeenPlayer};
use crate::engine::state::die::DieFace;
use crate::engine::state::position::AreaState;
use crate::engine::{Action, AreaId, Faction};

fn block(title: Line<'static>, focused: bool, theme: Theme) -> Block<'static> {
    let b = Block::bordered()
        .title(title)
        .border_type(BorderType::Rounded);
    if focused {
        b.border_style(theme.focused())
            .border_type(BorderType::Thick)
    } else {
        b.border_style(theme.border())
    }
}

/// The players panel: materiel, tokens, command level, objectives, orders, upgrades, in
/// `per` lines per player (1 to 3); the faction sheet (`i`) has the rest.
#[derive(Debug, Clone, Copy)]
pub struct Players<'a> {
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
    /// Colours.
    pub theme: Theme,
    /// Lines per player (1 to 3).
    pub per: u16,
}

impl Widget for Players<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Players { scene, theme, per } = self;
        let v = &scene.view;
        let title = Line::from(vec![
            Span::styled(
                format!(" Round {}/{} ", v.round, scene.rounds),
                theme.title(),
            ),
            Span::styled(format!("· {} ", scene.phase), theme.text()),
        ]);
        let inner_w = usize::from(area.width.saturating_sub(2));
        let mut lines: Vec<Line<'static>> = Vec::new();
        for p in &v.players {
            lines.extend(player_lines(p, scene, theme, per, inner_w));
        }
        Widget::render(
            Paragraph::new(lines).block(block(title, false, theme)),
            area,
            buf,
        );
    }
}

fn player_lines(
    p: &SeenPlayer,
    scene: &Scene<'_>,
    theme: Theme,
    per: u16,
    width: usize,
) -> Vec<Line<'static>> {
    let v = &scene.view;
    let deciding = scene.decision.is_some_and(|d| d.seat == p.seat);
    let a = p.assets;
    let obj = format!("◎{}/{}", p.objectives, v.objectives_needed);
    let mut marks = String::new();
    if v.first_player == p.seat {
        marks.push('★');
    }
    if v.viewer == Some(p.seat) && per > 1 {
        marks.push_str(" (you)");
    }
    if p.eliminated {
        marks.push_str(" out");
    }
    if per <= 1 {
        // One line: the name gives way to the numbers.
        let stats = format!(
            " m{} {} L{} {obj}",
            p.materiel,
            asset_counts(a),
            p.command_level
        );
        let room = width.saturating_sub(3 + stats.chars().count() + marks.chars().count());
        let name = clip(&scene.who(p.seat), room);
        let used = 3 + name.chars().count() + marks.chars().count() + stats.chars().count();
        return vec![Line::from(vec![
            Span::styled(if deciding { "▶" } else { " " }, theme.key()),
            Span::styled(
                format!("{} {name}", p.faction.letter()),
                theme.faction_bold(p.faction),
            ),
            Span::styled(marks, theme.text()),
            Span::raw(" ".repeat(width.saturating_sub(used))),
            Span::styled(stats, theme.text()),
        ])];
    }
    let mut head = vec![
        Span::styled(if deciding { "▶" } else { " " }, theme.key()),
        Span::styled(
            format!("{} {}", p.faction.letter(), scene.who(p.seat)),
            theme.faction_bold(p.faction),
        ),
        Span::styled(marks, theme.text()),
    ];
    let used: usize = head.iter().map(Span::width).sum();
    let pad = width.saturating_sub(used + obj.chars().count()).max(1);
    head.push(Span::raw(" ".repeat(pad)));
    head.push(Span::styled(obj, theme.title()));

    let long = format!(
        "  materiel {}  {}  command {}",
        p.materiel,
        asset_counts(a),
        p.command_level
    );
    let short = format!(
        "  mat {} {} cmd {}",
        p.materiel,
        asset_counts(a),
        p.command_level
    );
    // Two lines a player: the orders left go on the numbers' line, so the longer form is
    // taken only when it fits with them (never a word cut at the end, `ord…`).
    let ord = format!(" ord {}", p.orders_left);
    let room = if per >= 3 { 0 } else { ord.chars().count() };
    let stats = if long.chars().count() + room <= width {
        long
    } else {
        short
    };

    // The view names the orders of the viewer's own tokens only; others show a count.
    let orders = match p.orders.as_deref() {
        Some(mine) if !mine.is_empty() => {
            let kinds = crate::engine::Order::ALL.iter().filter_map(|o| {
                let n = mine.iter().filter(|x| *x == o).count();
                (n > 0).then(|| format!("{n} {}", order_code(*o)))
            });
            format!("{}: {}", mine.len(), kinds.collect::<Vec<_>>().join(" "))
        }
        _ => p.orders_left.to_string(),
    };
    let mut out = vec![Line::from(head)];
    if per >= 3 {
        out.push(Line::from(Span::styled(stats, theme.text())));
        let names: Vec<&str> = p.order_upgrades.iter().map(|(n, _)| n.as_str()).collect();
        let mut more = format!("  orders {orders} · events {}", p.event_tokens);
        let full = format!(" · upgrades {}", names.join(", "));
        if names.is_empty() {
        } else if more.chars().count() + full.chars().count() <= width {
            more.push_str(&full);
        } else {
            let _ = write!(
                more,
                " · {} (i)",
                crate::engine::rules::wording::counted(names.len(), "upgrade")
            );
        }
        out.push(Line::from(Span::styled(clip(&more, width), theme.dim())));
    } else {
        let mut text = format!("{stats}{ord}");
        for extra in [
            format!(" ev {}", p.event_tokens),
            format!(" upg {}", p.order_upgrades.len()),
        ] {
            if !extra.ends_with(" 0") && text.chars().count() + extra.chars().count() <= width {
                text.push_str(&extra);
            }
        }
        out.push(Line::from(Span::styled(clip(&text, width), theme.text())));
    }
    out
}

/// The decision panel: what the engine asks and the legal actions, numbered, from the
/// seat's scene and the view state (filter, selection, scroll, typed number).
#[derive(Debug, Clone, Copy)]
pub struct Prompt<'a> {
    /// The view state.
    pub app: &'a App,
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
}

impl Widget for Prompt<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Prompt { app, scene } = self;
        let theme = app.theme;
        let focused = app.focus == Focus::Actions && app.screen == Screen::Play;
        let inner_w = usize::from(area.width.saturating_sub(2));
        let mut lines: Vec<Line<'static>> = Vec::new();
        let title;
        if let Some((winners, _)) = &scene.over {
            title = Line::from(Span::styled(" Game over ", theme.title()));
            let names: Vec<String> = winners.iter().map(|s| scene.who(*s)).collect();
            lines.push(Line::from(Span::styled(
                format!("Winner: {}", names.join(" and ")),
                theme.title(),
            )));
            lines.push(Line::from(Span::styled(
                "Enter: summary · arrows: inspect · q quits",
                theme.dim(),
            )));
            Widget::render(
                Paragraph::new(lines).block(block(title, false, theme)),
                area,
                buf,
            );
            return;
        }
        let Some(d) = scene.decision else {
            Widget::render(
                Paragraph::new("").block(block(Line::from(" Decision "), false, theme)),
                area,
                buf,
            );
            return;
        };
        let faction = scene.faction(d.seat);
        let who = scene.who(d.seat);
        title = Line::from(vec![
            Span::raw(" "),
            Span::styled(
                who,
                faction.map_or(theme.title(), |f| theme.faction_bold(f)),
            ),
            Span::styled(" to decide ", theme.title()),
        ]);
        for l in decision_lines(&scene.decision_words().unwrap_or_default(), inner_w) {
            lines.push(Line::from(Span::styled(l, theme.title())));
        }
        // Before a combat: what ending the Advance now would lead to.
        if let Some(o) = scene.prompt_odds() {
            lines.push(odds_line(o, inner_w, theme));
        }

        // A replay lists no choices: it names the step and the action that comes next.
        if let Some(replay) = &app.replay {
            for l in wrap(replay, inner_w) {
                lines.push(Line::from(Span::styled(l, theme.text())));
            }
            Widget::render(
                Paragraph::new(lines).block(block(title, false, theme)),
                area,
                buf,
            );
            return;
        }
        let visible = app.visible(&scene.choices);
        let total = scene.choices.len();
        let mut info: Vec<Span<'static>> = Vec::new();
        if app.filter {
            info.push(Span::styled(
                format!("At {}: {} of {total}", app.cursor, visible.len()),
                theme.key(),
            ));
            info.push(Span::styled(" · Esc/f: all", theme.dim()));
        } else {
            let noun = if total == 1 { "choice" } else { "choices" };
            info.push(Span::styled(format!("{total} {noun}"), theme.text()));
            info.push(Span::styled(" · click/f: filter by area", theme.dim()));
        }
        if !app.typed.is_empty() {
            info.push(Span::styled(format!("  #{}_", app.typed), theme.warn()));
        }
        lines.push(Line::from(info));
        // The rows left under the header as drawn (decision, odds, count): the same count the
        // keys and clicks use ([`list_geometry`]), so the list never loses a row to the odds.
        let rows = list_geometry(area, lines.len()).1;
        let num_w = total.to_string().len();
        // Every choice fitted by the same rule (`fit::choice_lines`), never cut where choices
        // differ: shortened, or carried onto a second line. A choice the engine warns of starts
        // with `!` (the warning is in the panel below).
        let fitted = app.list_lines(scene);
        let heights: Vec<usize> = fitted.iter().map(Vec::len).collect();
        // The choices drawn are worked out here from the selection, so the selected one is on
        // screen whole and no room is left below the last while a choice above is hidden.
        let scroll = super::selection::first_shown(app.scroll.get(), app.selected, &heights, rows);
        // Kept as drawn, so the list scrolls on from here (as ratatui's `ListState` does).
        app.scroll.set(scroll);
        let shown = super::selection::shown_from(scroll, &heights, rows);
        if visible.is_empty() {
            let text = if app.why.is_empty() {
                "Nothing to choose here: Esc or f lists every action."
            } else {
                "Nothing to choose here (why: below). Esc or f lists every action."
            };
            lines.push(Line::from(Span::styled(text, theme.dim())));
        }
        for (i, c) in visible.iter().enumerate().skip(scroll).take(shown) {
            let style = if i == app.selected {
                theme.selected()
            } else {
                theme.text()
            };
            for (k, part) in fitted[i].iter().enumerate() {
                // The second line of a choice starts under its words, not under its number.
                let text = if k == 0 {
                    format!("{:>num_w$}  {part}", c.number)
                } else {
                    format!("{:>num_w$}  {part}", "")
                };
                let padded = format!("{text:<inner_w$}");
                lines.push(Line::from(Span::styled(padded, style)));
            }
        }
        let mut b = block(title, focused, theme);
        if shown < visible.len() {
            let first = scroll + 1;
            let last = scroll + shown;
            let up = if scroll > 0 { "↑" } else { " " };
            let down = if last < visible.len() { "↓" } else { " " };
            b = b.title_bottom(
                Line::from(format!(" {up}{first}-{last} of {}{down} ", visible.len()))
                    .right_aligned(),
            );
        }
        Widget::render(Paragraph::new(lines).block(b), area, buf);
    }
}

/// The detail panel: the selected choice in full when the list had to cut its words, the
/// text of the card it buys, chooses or plays, the preview of the order it places, reveals or
/// resolves, then the area under the cursor in full (`at`, where the board's cursor is
/// drawn), with the engine's reasons when it offers nothing.
#[derive(Debug, Clone, Copy)]
pub struct Detail<'a> {
    /// The view state.
    pub app: &'a App,
    /// The area shown.
    pub at: AreaId,
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
    /// The choice selected in the list, if any.
    pub chosen: Option<&'a Choice>,
}

impl Widget for Detail<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Detail {
            app,
            at,
            scene,
            chosen,
        } = self;
        let theme = app.theme;
        let id: AreaId = at;
        let focused = app.focus == Focus::Board && app.screen == Screen::Play;
        let mut lines: Vec<Line<'static>> = Vec::new();
        // The list shows the number, two spaces and the words inside the border.
        let room = usize::from(app_prompt_width(area));
        let num_w = scene.choices.len().to_string().len();
        let mut title = None;
        if let Some(c) = chosen {
            // What the engine warns of comes first: it is what the player would regret.
            for w in &c.warnings {
                lines.push(Line::from(Span::styled(format!("! {w}"), theme.warn())));
            }
            if num_w + 2 + c.words.chars().count() > room
                || c.card.is_some()
                || !c.warnings.is_empty()
            {
                lines.push(Line::from(Span::styled(
                    format!("{}  {}", c.number, c.words),
                    theme.key(),
                )));
            }
            if let Some(name) = &c.card {
                title = Some(Line::from(Span::styled(format!(" {name} "), theme.title())));
                for text in card_text(scene.data, name) {
                    lines.push(Line::from(Span::styled(text, theme.text())));
                }
            }
        }
        if let Some(Choice {
            action:
                Action::PlaceTile {
                    system,
                    number,
                    side_b,
                    rotation,
                },
            ..
        }) = chosen
        {
            // The tile about to be placed, area by area as it would lie: what the player weighs.
            let placed = super::board::placed_tile(*number, *side_b, *rotation);
            if let Some(preview) = super::board::tile_preview(scene.data, *system, placed.clone()) {
                title = Some(Line::from(Span::styled(
                    format!(
                        " Tile {} on {system}: {} ",
                        placed.tile,
                        preview.system_name(*system)
                    ),
                    theme.title(),
                )));
                for info in preview.areas_of(*system) {
                    let banner = area_banner(info, scene);
                    // "World · capacity 3 ..." after the world's name: its numbers are enough.
                    let numbers = banner.split_once(" · ").map_or(banner.as_str(), |(_, n)| n);
                    lines.push(Line::from(vec![
                        Span::styled(format!("{} {}: ", info.id, info.label()), theme.world()),
                        Span::styled(numbers.to_string(), theme.banner()),
                    ]));
                }
            }
        }
        if let Some(p) = super::preview::selected(scene, chosen, id) {
            // What the order would do answers the question the player asks before placing,
            // revealing or resolving it: it comes before the area.
            let heading = title.is_some();
            if !heading {
                title = Some(Line::from(Span::styled(
                    format!(" {} ", p.short_heading()),
                    theme.title(),
                )));
            }
            lines.extend(super::preview::lines(scene, p, heading, theme));
        }
        // Card text and the preview are read in full in the `c` box when the panel cuts them.
        let inner = block(Line::from(""), false, theme).inner(area);
        let width = usize::from(inner.width);
        let cut = wrap_all(&lines, width).len() > usize::from(inner.height);
        if scene.view.combat.is_none() {
            let (area_title, area_lines) = area_detail(id, scene, theme);
            if !app.why.is_empty() && id == app.cursor {
                // The engine's reasons come first: they answer the question the player asks
                // (about the area the player moved the cursor to, not one the choice shows).
                lines.push(Line::from(Span::styled(
                    format!("Nothing to do at {id}: why not"),
                    theme.warn(),
                )));
                for why in &app.why {
                    lines.push(Line::from(Span::styled(format!("• {why}"), theme.text())));
                }
            }
            if title.is_none() {
                title = Some(area_title);
            } else {
                lines.push(Line::from(Span::styled(
                    format!(
                        "— {} —",
                        format!("{id} {}", scene.board.area(id).map_or("", |i| i.label()))
                            .trim_end()
                    ),
                    theme.dim(),
                )));
            }
            lines.extend(area_lines);
        }
        let title = title.unwrap_or_else(|| Line::from(" Detail "));
        let mut b = block(title, focused, theme);
        if cut {
            b = b.title_bottom(Line::from(" ↓ more: c ").right_aligned());
        }
        Widget::render(Paragraph::new(wrap_all(&lines, width)).block(b), area, buf);
    }
}

/// The width of the prompt's list (the same column as the detail panel in every layout).
fn app_prompt_width(area: Rect) -> u16 {
    area.width.saturating_sub(2)
}

/// The area under the cursor in full: kind, numbers, assets, control, pieces, orders.
fn area_detail(id: AreaId, scene: &Scene<'_>, theme: Theme) -> (Line<'static>, Vec<Line<'static>>) {
    let mut lines = Vec::new();
    let Some(info) = scene.board.area(id) else {
        if scene.open.contains(&id.system) {
            // A place of the construction grid where a system tile may go.
            lines.push(Line::from(Span::styled(
                format!("No tile on {} yet: a system tile may go here.", id.system),
                theme.text(),
            )));
            return (
                Line::from(Span::styled(format!(" {} open ", id.system), theme.title())),
                lines,
            );
        }
        return (Line::from(" Area "), lines);
    };
    let title = Line::from(vec![
        Span::styled(format!(" {id} "), theme.title()),
        Span::styled(format!("{} ", info.label()), theme.world()),
    ]);
    lines.push(Line::from(Span::styled(
        area_banner(info, scene),
        theme.banner(),
    )));
    lines.push(Line::from(Span::styled(
        format!("In system {}", scene.system_label(id.system)),
        theme.dim(),
    )));
    match scene.view.areas.get(&id) {
        Some(state) => lines.extend(contents(state, scene, theme)),
        None => lines.push(Line::from(Span::styled("Empty", theme.dim()))),
    }
    if let Some(stack) = scene.view.stacks.get(&id.system).filter(|s| !s.is_empty()) {
        let mut spans = vec![Span::styled("Orders (bottom→top): ", theme.text())];
        spans.extend(stack_spans(stack, theme, true));
        lines.push(Line::from(spans));
    }
    (title, lines)
}

/// An area's printed numbers in words: a world's capacity, materiel, assets and objective
/// space, or a void's capacity.
fn area_banner(info: &AreaInfo, scene: &Scene<'_>) -> String {
    match info.world() {
        Some(w) => {
            let assets: Vec<String> = w
                .assets
                .iter()
                .map(|a| format!("{} {}", asset_sign(*a), a.key()))
                .collect();
            let mut s = format!("World · capacity {} · materiel {}", w.capacity, w.materiel);
            if !assets.is_empty() {
                let _ = write!(s, " · {}", assets.join(", "));
            }
            if w.objective_space {
                s.push_str(" · objective space");
            }
            s
        }
        None => format!(
            "Void · capacity {} · ships only",
            scene.data.components.void_capacity
        ),
    }
}

/// What lies in an area, in words: control, structures, objective tokens, units.
fn contents(state: &AreaState, scene: &Scene<'_>, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    match state.controller() {
        Some(f) => lines.push(Line::from(vec![
            Span::raw("Controlled by "),
            Span::styled(f.name().to_string(), theme.faction_bold(f)),
        ])),
        None if state.is_contested() => {
            lines.push(Line::from(Span::styled("Contested", theme.warn())));
        }
        None => {}
    }
    for s in &state.structures {
        lines.push(Line::from(vec![
            Span::styled(format!("{} ", s.kind.key()), theme.faction_bold(s.owner)),
            Span::styled(format!("({})", s.owner.name()), theme.faction(s.owner)),
        ]));
    }
    for f in &state.objectives {
        lines.push(Line::from(vec![
            Span::raw("objective token of "),
            Span::styled(f.name().to_string(), theme.faction_bold(*f)),
        ]));
    }
    for f in state.factions() {
        let groups = unit_groups(state, f);
        if groups.is_empty() {
            continue;
        }
        let list: Vec<String> = groups
            .iter()
            .map(|(u, routed, n)| {
                let name = &scene.data.unit(*u).name;
                if *routed {
                    format!("{n} {name} (routed)")
                } else {
                    format!("{n} {name}")
                }
            })
            .collect();
        lines.push(Line::from(vec![
            Span::styled(format!("{}: ", f.name()), theme.faction_bold(f)),
            Span::styled(list.join(", "), theme.faction(f)),
        ]));
    }
    lines
}

/// The game log, newest at the bottom, scrolled back as the view state says; without a
/// border (`bordered` false) it is the last lines only, under the board of the compact
/// layout.
#[derive(Debug, Clone, Copy)]
pub struct Log<'a> {
    /// The log's lines, oldest first (the session keeps them).
    pub lines: &'a [LogLine],
    /// How many lines it is scrolled back from its end.
    pub back: usize,
    /// Colours.
    pub theme: Theme,
    /// Whether the panel has a border and a title.
    pub bordered: bool,
}

impl Widget for Log<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Log {
            lines: log,
            back,
            theme,
            bordered,
        } = self;
        if area.height == 0 {
            return;
        }
        let border = if bordered { 2 } else { 0 };
        let inner_w = usize::from(area.width.saturating_sub(border));
        let inner_h = usize::from(area.height.saturating_sub(border));
        let mut lines: Vec<Line<'static>> = Vec::new();
        let end = log.len().saturating_sub(back);
        // Wrap from the end backwards until the panel is full.
        for entry in log[..end].iter().rev() {
            let style = if entry.note {
                theme.dim().add_modifier(Modifier::ITALIC)
            } else {
                theme.text()
            };
            let mut wrapped: Vec<Line<'static>> = wrap(&entry.text, inner_w.saturating_sub(2))
                .into_iter()
                .enumerate()
                .map(|(i, l)| {
                    Line::from(Span::styled(
                        format!("{}{l}", if i == 0 { "• " } else { "  " }),
                        style,
                    ))
                })
                .collect();
            wrapped.reverse();
            lines.extend(wrapped);
            if lines.len() >= inner_h {
                break;
            }
        }
        lines.truncate(inner_h);
        lines.reverse();
        let title = if back > 0 {
            format!(" Log (−{back}) ")
        } else {
            " Log ".to_string()
        };
        let p = Paragraph::new(lines);
        if bordered {
            Widget::render(p.block(block(Line::from(title), false, theme)), area, buf);
        } else {
            Widget::render(p, area, buf);
        }
    }
}

/// The bottom line: the message for the seat on screen and the keys that work now.
#[derive(Debug, Clone, Copy)]
pub struct Status<'a> {
    /// What fills the screen (its keys).
    pub screen: Screen,
    /// Where the arrow keys act (the play screen's keys).
    pub focus: Focus,
    /// The message for the seat on screen ([`App::note`]).
    pub flash: Option<&'a str>,
    /// The last action on offer to take back, in words the screen may show
    /// ([`App::takeback_text`]).
    pub takeback: Option<&'a str>,
    /// Whether the game is not saved since a save failed.
    pub unsaved: bool,
    /// In a replay: the position in the history (the replay's keys replace the game's).
    pub replay: Option<&'a str>,
    /// Colours.
    pub theme: Theme,
}

impl<'a> Status<'a> {
    /// The status line of the view state `app` of `session`.
    #[must_use]
    pub fn of(session: &'a Session, app: &'a App) -> Status<'a> {
        Status {
            screen: app.screen,
            focus: app.focus,
            flash: app.flash.as_deref(),
            takeback: app.takeback_text(session),
            unsaved: session.unsaved.is_some(),
            replay: app.replay.as_deref(),
            theme: app.theme,
        }
    }
}

impl Widget for Status<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Status {
            screen,
            focus,
            flash,
            takeback,
            unsaved,
            replay,
            theme,
        } = self;
        if let Some(replay) = replay {
            let mut spans = vec![Span::styled(format!(" {replay} "), theme.warn())];
            for (k, what) in [
                ("←→", "action"),
                ("↑↓", "order"),
                ("PgUp/PgDn", "round"),
                ("q", "quit"),
            ] {
                spans.push(Span::styled(format!(" {k}"), theme.key()));
                spans.push(Span::styled(format!(" {what} "), theme.dim()));
            }
            Widget::render(Paragraph::new(Line::from(spans)), area, buf);
            return;
        }
        let keys: &[(&str, &str)] = match screen {
            Screen::Handoff(_) if takeback.is_some() => &[
                ("Space", "take the keyboard"),
                ("u", "take back"),
                ("s", "save"),
                ("?", "keys"),
                ("q", "quit"),
            ],
            Screen::Handoff(_) => &[
                ("Space", "take the keyboard"),
                ("s", "save"),
                ("?", "keys"),
                ("q", "quit"),
            ],
            Screen::Bot(_) => &[
                ("any key", "move now"),
                ("s", "save"),
                ("?", "keys"),
                ("q", "quit"),
            ],
            Screen::Watch(_) if takeback.is_some() => &[
                ("u", "take back"),
                ("←↑↓→", "inspect"),
                ("l", "log"),
                ("?", "keys"),
                ("q", "leave"),
            ],
            Screen::Watch(_) => &[
                ("←↑↓→", "inspect"),
                ("l", "log"),
                ("c", "cards"),
                ("?", "keys"),
                ("q", "leave"),
            ],
            Screen::GameOver => &[
                ("←↑↓→", "inspect"),
                ("s", "save"),
                ("?", "keys"),
                ("q", "quit"),
            ],
            Screen::Play => match focus {
                Focus::Actions => &[
                    ("↑↓", "choose"),
                    ("Enter", "do it"),
                    ("1-9", "by number"),
                    ("Tab/←→", "board"),
                    ("click", "area"),
                    ("f", "filter"),
                    ("u", "undo"),
                    ("s", "save"),
                    ("?", "keys"),
                    ("q", "quit"),
                ],
                Focus::Board => &[
                    ("←↑↓→/hjkl", "move"),
                    ("Enter/Tab", "actions"),
                    ("1-9", "by number"),
                    ("f", "filter"),
                    ("s", "save"),
                    ("?", "keys"),
                    ("q", "quit"),
                ],
            },
        };
        let mut spans = Vec::new();
        if let Some(flash) = flash {
            spans.push(Span::styled(format!(" {flash} "), theme.warn()));
        } else if let Some(done) = takeback {
            // Where the last action went, and that it may still be taken back.
            spans.push(Span::styled(
                format!(" {done} — u takes it back "),
                theme.warn(),
            ));
        }
        if flash.is_none() && unsaved {
            // Stays until a save works: a failed autosave must not pass unnoticed.
            spans.push(Span::styled(
                " NOT SAVED (s: save elsewhere) ",
                theme.warn(),
            ));
        }
        // The message first, whole where it fits; then the key hints that fit whole, in their
        // order of use (the `?` box lists them all), never one cut in the middle.
        let room = usize::from(area.width);
        let mut used = 0;
        for s in &mut spans {
            let w = s.width();
            if used + w > room {
                *s = Span::styled(clip(&s.content, room.saturating_sub(used)), s.style);
            }
            used += s.width();
        }
        for (k, what) in keys {
            let key = Span::styled(format!(" {k}"), theme.key());
            let words = Span::styled(format!(" {what} "), theme.dim());
            if used + key.width() + words.width() - 1 > room {
                break;
            }
            used += key.width() + words.width();
            spans.push(key);
            spans.push(words);
        }
        Widget::render(Paragraph::new(Line::from(spans)), area, buf);
    }
}

/// The combat in progress, as the seat on screen sees it: both sides' dice, cards and tokens,
/// his own hand, and the text of the card the prompt has selected.
#[derive(Debug, Clone, Copy)]
pub struct Combat<'a> {
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
    /// The choice selected in the list, if any.
    pub selected: Option<&'a Choice>,
    /// Colours.
    pub theme: Theme,
}

impl Widget for Combat<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Combat {
            scene,
            selected,
            theme,
        } = self;
        let Some(c) = &scene.view.combat else { return };
        Widget::render(ratatui::widgets::Clear, area, buf);
        let label = scene
            .board
            .area(c.area)
            .map_or_else(String::new, |a| a.label().to_string());
        let round = if c.round == 0 {
            "preparing".to_string()
        } else {
            format!("round {}/3", c.round)
        };
        let title = Line::from(vec![
            Span::styled(format!(" Combat at {} {label} ", c.area), theme.warn()),
            Span::styled(format!("· {round} "), theme.text()),
        ]);
        // A replay shows both hands; a player only his own.
        let viewer = scene.view.viewer.and_then(|v| scene.faction(v));
        let mine = |f: Faction| {
            if scene.everything {
                Some("cards in hand")
            } else {
                (viewer == Some(f)).then_some("your hand")
            }
        };
        let mut lines: Vec<Line<'static>> = Vec::new();
        // The odds first: the sides' lines wrap, and a short panel would hide a line below them.
        if let Some(o) = &scene.odds {
            lines.push(odds_line(
                o,
                usize::from(area.width.saturating_sub(2)),
                theme,
            ));
        }
        let width = usize::from(area.width.saturating_sub(2));
        let who = |f: Faction| super::combat_box::name_of(scene, f);
        lines.extend(combat_side(
            ("Attacker", &who(c.attacker.faction)),
            &c.attacker,
            mine(c.attacker.faction),
            width,
            theme,
        ));
        lines.extend(combat_side(
            ("Defender", &who(c.defender.faction)),
            &c.defender,
            mine(c.defender.faction),
            width,
            theme,
        ));
        // The card the prompt points at, under a heading that says why it is here: in full, or
        // only the ability the decision is about (the list may have cut its words).
        let mut card: Vec<Line<'static>> = Vec::new();
        let name = selected.and_then(|c| c.card.as_ref());
        let asked = name.and_then(|n| {
            scene
                .view
                .ability
                .as_ref()
                .filter(|a| a.card == *n.as_str())
        });
        if let Some(name) = name {
            // The prompt's heading says which ability is asked; the text here is that one's.
            let texts = match asked {
                Some(a) => super::scene::ability_text(scene.data, a)
                    .into_iter()
                    .collect(),
                None => card_text(scene.data, name),
            };
            card.push(Line::from(vec![
                Span::styled("selected: ", theme.dim()),
                Span::styled(name.clone(), theme.key()),
            ]));
            for text in texts {
                card.push(Line::from(Span::styled(format!("  {text}"), theme.text())));
            }
        }
        // Every line wrapped with a hanging indent: a continuation starts two columns in from
        // its line (under its label), never back at the panel's edge.
        let mut lines = wrap_all(&lines, width);
        let card = wrap_all(&card, width);
        let rows = usize::from(area.height.saturating_sub(2));
        if asked.is_some() && lines.len() + card.len() > rows {
            // The ability being decided stays on screen: above the sides, under the odds.
            let at = usize::from(scene.odds.is_some()).min(lines.len());
            lines.splice(at..at, card);
        } else {
            lines.extend(card);
        }
        Widget::render(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(block(title, false, theme)),
            area,
            buf,
        );
    }
}

/// The combat odds in one line of `width`: the attacker's chance and both sides' expected
/// losses, in the longest form that fits ([`super::fit::odds`]).
fn odds_line(o: &CombatOdds, width: usize, theme: Theme) -> Line<'static> {
    Line::from(Span::styled(super::fit::odds(o, width), theme.key()))
}

/// One side of a combat: totals, dice, tokens, cards; the hand only with a `hand` label (its
/// owner on screen, or a replay). The totals follow the side's name when both fit in `width`,
/// else they take a line of their own under it (not cut between a word and its number).
fn combat_side(
    (role, who): (&str, &str),
    side: &SeenCombatSide,
    hand: Option<&str>,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let f = side.faction;
    let (offence, defence, morale) = side.totals;
    let name = vec![
        Span::styled(format!("{role} "), theme.title()),
        Span::styled(format!("{} {who}", f.letter()), theme.faction_bold(f)),
    ];
    let totals = format!("offence {offence} · defence {defence} · morale {morale}");
    let name_w: usize = name.iter().map(|s| s.content.chars().count()).sum();
    let mut lines = if name_w + 2 + totals.chars().count() <= width {
        let mut spans = name;
        spans.push(Span::styled(format!("  {totals}"), theme.text()));
        vec![Line::from(spans)]
    } else {
        vec![
            Line::from(name),
            Line::from(Span::styled(format!("  {totals}"), theme.text())),
        ]
    };
    let count = |face: DieFace| side.dice.iter().filter(|x| **x == face).count();
    // The dice as icons grouped by face, then the counts in words.
    let icons: Vec<String> = [DieFace::Offence, DieFace::Defence, DieFace::Morale]
        .into_iter()
        .filter(|f| count(*f) > 0)
        .map(|f| die_sign(f).to_string().repeat(count(f)))
        .collect();
    let mut facts = format!(
        "  dice {} ({} off {} def {} mor)",
        if icons.is_empty() {
            "none".to_string()
        } else {
            icons.join(" ")
        },
        count(DieFace::Offence),
        count(DieFace::Defence),
        count(DieFace::Morale)
    );
    if side.tokens != (0, 0) {
        let _ = write!(
            facts,
            " · tokens {} off {} def",
            side.tokens.0, side.tokens.1
        );
    }
    if !side.reinforcements.is_empty() {
        let routed = side.reinforcements.iter().filter(|r| **r).count();
        let _ = write!(
            facts,
            " · reinforcements {} ({routed} routed)",
            side.reinforcements.len()
        );
    }
    lines.push(Line::from(Span::styled(facts, theme.text())));
    let chosen = match (&side.chosen, side.has_chosen) {
        (Some(name), _) => format!("chosen: {name}"),
        (None, true) => "a card lies face down".to_string(),
        (None, false) => "no card chosen".to_string(),
    };
    lines.push(Line::from(Span::styled(
        format!("  hand {} · {chosen}", side.hand_size),
        theme.dim(),
    )));
    if !side.played.is_empty() {
        lines.push(Line::from(Span::styled(
            format!("  played: {}", side.played.join(", ")),
            theme.dim(),
        )));
    }
    if let Some(label) = hand.filter(|_| !side.hand.is_empty()) {
        lines.push(Line::from(vec![
            Span::styled(format!("  {label}: "), theme.key()),
            Span::styled(side.hand.join(", "), theme.text()),
        ]));
    }
    lines
}
