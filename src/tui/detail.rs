//! Boxes over the screen that scroll: the cards that matter to the decision, after the
//! selected order's preview (`c`), the faction sheet (`i`, see [`super::sheet`]), the keys
//! (`?`). Their text is wrapped here, before drawing, so that the client knows how far each
//! one scrolls.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, StatefulWidget, Widget};

use super::app::{App, Overlay};
use super::layout::{popup_rect, popup_width};
use super::scene::{Choice, Scene, card_text};
use super::session::Session;
use super::text::wrap_all;
use super::theme::Theme;
use crate::engine::rules::view::SeenCombatSide;

/// A scrolling overlay over the screen it is rendered on: `lines` (already wrapped to
/// [`popup_width`]) from the first line its state names on, with where it stands and the keys
/// on the bottom border. Its state is the scroll: keys move it freely, and drawing clamps it
/// so the box stays full and keeps the clamped value (as ratatui's `ListState` does).
#[derive(Debug, Clone, Copy)]
pub struct Popup<'a> {
    /// The box's title.
    pub title: &'a str,
    /// Its lines, wrapped.
    pub lines: &'a [Line<'static>],
    /// Colours.
    pub theme: Theme,
}

impl StatefulWidget for Popup<'_> {
    type State = usize;

    fn render(self, screen: Rect, buf: &mut Buffer, scroll: &mut usize) {
        let Popup {
            title,
            lines,
            theme,
        } = self;
        *scroll = draw_popup(screen, buf, (title, lines), *scroll, theme);
    }
}

/// Draws [`Popup`]; returns the first line shown.
fn draw_popup(
    screen: Rect,
    buf: &mut Buffer,
    (title, lines): (&str, &[Line<'static>]),
    scroll: usize,
    theme: Theme,
) -> usize {
    let most = popup_rect(screen);
    // As tall as its lines, never taller than the room: a one-line digest draws a small box.
    let tall = u16::try_from(lines.len().max(1) + 2).unwrap_or(u16::MAX);
    let area = Rect {
        height: most.height.min(tall),
        ..most
    };
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
    Clear.render(area, buf);
    Paragraph::new(shown).block(block).render(area, buf);
    scroll
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

/// The title and the wrapped lines of the scrolling overlay open on `app`, if one is (the log
/// and the digest are the session's).
#[must_use]
pub fn overlay_content(
    session: &Session,
    app: &App,
    scene: &Scene<'_>,
) -> Option<(String, Vec<Line<'static>>)> {
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
            super::sheet::sheet_lines(scene, *f, theme),
        ),
        Overlay::Log => (
            "Log".to_string(),
            session
                .log
                .iter()
                .map(|l| {
                    let style = if l.note { theme.key() } else { theme.text() };
                    Line::from(Span::styled(format!("• {}", l.text), style))
                })
                .collect(),
        ),
        Overlay::HowTo => ("How to play".to_string(), super::howto::lines(theme)),
        Overlay::Rule => super::guide::rule_lines(scene.decision, scene.data, theme),
        Overlay::Digest => (
            "What happened: round digest".to_string(),
            super::digest::overlay_lines(
                &session.chronicle,
                &|f| super::combat_box::name_of(scene, f),
                theme,
            ),
        ),
        Overlay::Hint(hint) => (
            "Hint (normal player)".to_string(),
            hint.iter()
                .map(|l| Line::from(Span::styled(l.clone(), theme.text())))
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
