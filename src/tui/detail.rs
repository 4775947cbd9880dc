//! Boxes over the screen that scroll: the cards that matter to the decision, after the
//! selected order's preview (`c`), the faction sheet (`i`, see [`super::sheet`]), the keys
//! (`?`). Their text is wrapped here, before drawing, so that the client knows how far each
//! one scrolls.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph};

use super::app::{App, Overlay};
use super::scene::{Choice, Scene, card_text};
use super::screens::centered;
use super::theme::Theme;
use crate::engine::rules::view::SeenCombatSide;

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

/// How far an overlay of `lines` (already wrapped) scrolls on `screen`.
#[must_use]
pub fn max_scroll(lines: usize, screen: Rect) -> usize {
    lines.saturating_sub(popup_rows(screen))
}

/// Wraps a styled line at spaces to `width` cells; continuation lines are indented by
/// `indent` spaces.
#[must_use]
pub fn wrap_line(line: &Line<'static>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(indent + 8);
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut cur: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for span in &line.spans {
        let style: Style = span.style;
        // Keep runs of spaces at the start of a span (alignment), split the rest at spaces.
        let text = span.content.as_ref();
        let mut first = true;
        for word in text.split(' ') {
            let piece = if first {
                word.to_string()
            } else {
                format!(" {word}")
            };
            first = false;
            let mut piece_w = piece.chars().count();
            if piece_w == 0 {
                continue;
            }
            if used + piece_w > width && used > indent {
                out.push(Line::from(std::mem::take(&mut cur)));
                cur.push(Span::raw(" ".repeat(indent)));
                used = indent;
                let trimmed = piece.trim_start().to_string();
                piece_w = trimmed.chars().count();
                let mut rest = trimmed;
                // A word longer than the line is cut into pieces.
                while piece_w > width - used {
                    let head: String = rest.chars().take(width - used).collect();
                    rest = rest.chars().skip(width - used).collect();
                    cur.push(Span::styled(head, style));
                    out.push(Line::from(std::mem::take(&mut cur)));
                    cur.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                    piece_w = rest.chars().count();
                }
                used += piece_w;
                cur.push(Span::styled(rest, style));
            } else {
                used += piece_w;
                cur.push(Span::styled(piece, style));
            }
        }
    }
    out.push(Line::from(cur));
    out
}

/// Draws a scrolling overlay: `lines` (already wrapped to [`popup_width`]) from `scroll` on,
/// with where it stands and the keys on the bottom border.
pub fn popup(
    frame: &mut Frame<'_>,
    title: &str,
    lines: &[Line<'static>],
    scroll: usize,
    theme: Theme,
) {
    let area = popup_rect(frame.area());
    let rows = usize::from(area.height.saturating_sub(2));
    let scroll = scroll.min(lines.len().saturating_sub(rows));
    let shown: Vec<Line<'static>> = lines.iter().skip(scroll).take(rows).cloned().collect();
    let mut block = Block::bordered()
        .border_type(BorderType::Double)
        .border_style(theme.focused())
        .title(Line::from(Span::styled(format!(" {title} "), theme.title())).centered());
    let keys = if lines.len() > rows {
        let last = (scroll + rows).min(lines.len());
        let up = if scroll > 0 { "↑" } else { " " };
        let down = if last < lines.len() { "↓" } else { " " };
        format!(
            " {up}{}-{last} of {}{down} · ↑↓ PgUp PgDn scroll · Esc closes ",
            scroll + 1,
            lines.len()
        )
    } else {
        " Esc closes ".to_string()
    };
    block = block.title_bottom(Line::from(Span::styled(keys, theme.dim())).right_aligned());
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(shown).block(block), area);
}

/// Wraps every line to `width`.
#[must_use]
pub fn wrap_all(lines: &[Line<'static>], width: usize) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|l| {
            let indent = l
                .spans
                .first()
                .map_or(0, |s| s.content.len() - s.content.trim_start().len())
                + 2;
            wrap_line(l, width, indent.min(6))
        })
        .collect()
}

/// A card in full: its name, where it is, then its numbers and text.
fn card_entry(
    out: &mut Vec<Line<'static>>,
    scene: &Scene<'_>,
    name: &str,
    where_: &str,
    theme: Theme,
) {
    out.push(Line::from(vec![
        Span::styled(name.to_string(), theme.title()),
        Span::styled(format!(" · {where_}"), theme.dim()),
    ]));
    let text = card_text(scene.data, name);
    if text.is_empty() {
        out.push(Line::from(Span::styled(
            "  (no card text known)",
            theme.dim(),
        )));
    }
    for t in text {
        out.push(Line::from(Span::styled(format!("  {t}"), theme.text())));
    }
}

/// The cards that matter to the decision on screen, in full: the selected choice's card, the
/// card being resolved, both sides' face-up combat cards and the viewer's hand, the event
/// cards to choose among, every card on offer, the viewer's schemes and order upgrades.
/// Each card appears once, under the first heading that applies.
#[must_use]
pub fn cards_lines(scene: &Scene<'_>, chosen: Option<&Choice>, theme: Theme) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut add = |out: &mut Vec<Line<'static>>, name: &str, where_: &str| {
        if seen.iter().any(|s| s == name) {
            return;
        }
        seen.push(name.to_string());
        if !out.is_empty() {
            out.push(Line::from(""));
        }
        card_entry(out, scene, name, where_, theme);
    };
    if let Some(name) = chosen.and_then(|c| c.card.as_ref()) {
        add(&mut out, name, "the selected choice");
    }
    if let Some(name) = &scene.resolving {
        add(&mut out, name, "being resolved");
    }
    let me = scene.view.viewer.and_then(|v| scene.faction(v));
    if let Some(c) = &scene.view.combat {
        for (role, side) in [("attacker", &c.attacker), ("defender", &c.defender)] {
            let mine = scene.everything || me == Some(side.faction);
            combat_cards(&mut out, &mut add, role, side, mine);
        }
    }
    for name in &scene.view.drawn_events {
        add(&mut out, name, "event card drawn: choose one");
    }
    for c in &scene.choices {
        if let Some(name) = &c.card {
            add(&mut out, name, "on offer");
        }
    }
    if let Some(p) = scene.view.players.iter().find(|p| Some(p.faction) == me) {
        for name in &p.schemes {
            add(&mut out, name, "your scheme");
        }
        for (name, used) in &p.order_upgrades {
            let where_ = if *used {
                "your order upgrade, used this round"
            } else {
                "your order upgrade"
            };
            add(&mut out, name, where_);
        }
    }
    if out.is_empty() {
        out.push(Line::from(Span::styled(
            "No card matters to this decision. The faction sheet (i) lists your upgrades.",
            theme.dim(),
        )));
    }
    out
}

/// One combat side's cards that the viewer may see.
fn combat_cards(
    out: &mut Vec<Line<'static>>,
    add: &mut impl FnMut(&mut Vec<Line<'static>>, &str, &str),
    role: &str,
    side: &SeenCombatSide,
    mine: bool,
) {
    let who = if mine { "your" } else { "the opponent's" };
    if let Some(name) = &side.chosen {
        let state = if mine && !side.played.contains(name) {
            "chosen"
        } else {
            "face up"
        };
        add(out, name, &format!("{who} card, {state} ({role})"));
    }
    for name in side.played.iter().rev() {
        add(out, name, &format!("{who} card, played ({role})"));
    }
    if mine {
        for name in &side.hand {
            add(out, name, &format!("in your hand ({role})"));
        }
    }
}

/// The title and the wrapped lines of the scrolling overlay open on `app`, if one is.
#[must_use]
pub fn overlay_content(app: &App, scene: &Scene<'_>) -> Option<(String, Vec<Line<'static>>)> {
    let theme = app.theme;
    let width = popup_width(app.size);
    let (title, lines) = match &app.overlay {
        Overlay::Help => {
            let mut lines = super::screens::rulings_lines(scene, theme);
            lines.extend(super::screens::help_lines(theme));
            ("Keys".to_string(), lines)
        }
        Overlay::Cards => {
            let visible = app.visible(&scene.choices);
            let chosen = visible.get(app.selected).copied();
            let mut lines = Vec::new();
            let mut title = "Cards";
            // The selected order's preview in full, where it never has to be cut.
            if let Some(p) = super::preview::selected(scene, chosen, app.cursor) {
                lines.extend(super::preview::lines(scene, p, true, theme));
                lines.push(Line::from(""));
                title = "Order preview and cards";
            }
            lines.extend(cards_lines(scene, chosen, theme));
            (title.to_string(), lines)
        }
        Overlay::Sheet(f) => (
            format!("Faction sheet: {}", f.name()),
            super::sheet::sheet_lines(scene, f, theme),
        ),
        Overlay::Log => (
            "Log".to_string(),
            app.log
                .iter()
                .map(|l| {
                    let style = if l.note { theme.key() } else { theme.text() };
                    Line::from(Span::styled(format!("• {}", l.text), style))
                })
                .collect(),
        ),
        Overlay::None
        | Overlay::ConfirmQuit
        | Overlay::Confirm(_)
        | Overlay::SaveAs(_)
        | Overlay::ReplaceSave(_)
        | Overlay::NotSaved(_) => return None,
    };
    Some((title, wrap_all(&lines, width)))
}
