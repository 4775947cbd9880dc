//! The guided game's box beside the board, the phase reminder on the status line, and the
//! rule behind the decision at hand (`r`), drawn from the seat's scene and the learning aids'
//! state ([`super::learn::Teach`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

use super::app::{App, Screen};
use super::layout::Regions;
use super::learn::{Step, course, rule_of};
use super::scene::Scene;
use super::theme::Theme;
use crate::engine::{Action, Decision, GameData};

/// The rule behind the decision at hand: what it is, the rule, its topic, the rulings.
#[must_use]
pub fn rule_lines(
    decision: Option<Decision>,
    data: &GameData,
    theme: Theme,
) -> (String, Vec<Line<'static>>) {
    let Some(d) = decision else {
        return ("The rule".to_string(), Vec::new());
    };
    let mut out = Vec::new();
    if let Ok(course) = course()
        && let Some(entry) = rule_of(course, d.kind)
    {
        out.push(Line::from(Span::styled("What this is", theme.title())));
        out.push(Line::from(Span::styled(
            format!("  {}", entry.what),
            theme.text(),
        )));
        out.push(Line::from(Span::styled("The rule", theme.title())));
        out.push(Line::from(Span::styled(
            format!("  {}", entry.rule),
            theme.text(),
        )));
        out.push(Line::from(vec![
            Span::styled("Read more: ", theme.title()),
            Span::styled(format!("Rules Reference, \"{}\"", entry.topic), theme.key()),
        ]));
    }
    let rulings = data.rulings_for(d.kind);
    out.push(Line::from(""));
    if rulings.is_empty() {
        out.push(Line::from(Span::styled(
            "No ruling of `herakon rulings` touches this decision.",
            theme.dim(),
        )));
    } else {
        out.push(Line::from(Span::styled(
            "Our readings that touch it (`herakon rulings`)",
            theme.title(),
        )));
        for r in rulings {
            out.push(Line::from(vec![
                Span::styled(format!("  {} ({}): ", r.about, r.topic), theme.key()),
                Span::raw(r.reading.clone()),
            ]));
        }
    }
    (format!("The rule: {}", d.kind), out)
}

/// The lines of a step's box: the comment on the last choice, what is happening, what the
/// choice means, a good choice and the keys, the topic.
#[must_use]
pub fn step_lines(
    step: &Step,
    said: Option<&str>,
    keys: &str,
    waiting: bool,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if let Some(said) = said {
        out.push(Line::from(Span::styled(said.to_string(), theme.warn())));
    }
    out.push(Line::from(Span::styled(step.now.clone(), theme.text())));
    if !step.means.is_empty() {
        out.push(Line::from(Span::styled(step.means.clone(), theme.text())));
    }
    if !step.tip.is_empty() {
        out.push(Line::from(vec![
            Span::styled("Tip: ", theme.title()),
            Span::styled(step.tip.clone(), theme.text()),
        ]));
    }
    let doing = if waiting {
        "(comes up soon; n skips this step)".to_string()
    } else {
        keys.to_string()
    };
    out.push(Line::from(vec![
        Span::styled(doing, theme.key()),
        Span::styled(format!(" · read: {}", step.topic), theme.dim()),
    ]));
    out
}

/// The lines of a guide box wrapped to `width` (prose: no indent).
#[must_use]
pub fn wrap_box(lines: &[Line<'static>], width: usize) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|l| super::text::wrap_line(l, width, 0))
        .collect()
}

/// The keys of a step as the box says them: `#` becomes the suggested action's number.
#[must_use]
pub fn keys_text(step: &Step, number: Option<usize>) -> String {
    let keys: Vec<String> = step
        .keys
        .iter()
        .map(|k| match (k.as_str(), number) {
            ("#", Some(n)) => n.to_string(),
            ("#", None) => "a number".to_string(),
            (k, _) => k.to_string(),
        })
        .collect();
    format!("Type {}", keys.join(" "))
}

/// The box of the guide on a screen laid out as `r`, for `lines` rows of text. On a wide
/// screen it takes the bottom of the column under the decision, over the log first (the guide
/// tells what the log would), so the action list and the combat panel's odds line (its first)
/// stay in view. On a small screen (where a combat covers the board, odds included) it takes
/// the bottom of the decision and area column, and the action list keeps its first lines.
#[must_use]
pub fn guide_rect(r: &Regions, lines: u16) -> Rect {
    let (bottom, most) = if !r.compact && r.log.x == r.prompt.x && r.log.height > 0 {
        let bottom = r.log.bottom();
        // Below the action list, and below the combat panel's top border and odds line.
        let top = r.prompt.bottom().max(r.combat.y + 2).min(bottom);
        (bottom, (bottom - top).max(4))
    } else {
        let top = r.prompt.y.min(r.detail.y);
        let bottom = r.detail.bottom().max(r.prompt.bottom());
        (bottom, (bottom - top).saturating_sub(6).max(4))
    };
    let h = (lines + 2).clamp(4, most);
    Rect::new(r.prompt.x, bottom - h, r.prompt.width, h)
}

/// The most rows of text a guide box may hold on a screen laid out as `r`.
#[must_use]
pub fn guide_capacity(r: &Regions) -> u16 {
    guide_rect(r, u16::MAX / 2).height.saturating_sub(2)
}

/// The learning aids over the screen they are rendered on: the guide's box and the phase
/// reminder on the status line, from the view state's learning aids and the seat's scene.
#[derive(Debug, Clone, Copy)]
pub struct Aids<'a> {
    /// The view state.
    pub app: &'a App,
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
}

impl Widget for Aids<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Aids { app, scene } = self;
        let theme = app.theme;
        if matches!(app.screen, Screen::Play | Screen::Bot(_)) {
            let r = Regions::compute(
                area,
                scene.window,
                scene.view.players.len(),
                scene.choices.len(),
            );
            let legal: Vec<Action> = scene.choices.iter().map(|c| c.action).collect();
            if let Some((s, number, waiting)) = app.teach.current(scene.decision, &legal) {
                let said = app.teach.guide.as_ref().and_then(|g| g.said.as_deref());
                let lines = step_lines(s, said, &keys_text(s, number), waiting, theme);
                let width = usize::from(r.prompt.width.saturating_sub(2));
                let lines = wrap_box(&lines, width);
                let rect = guide_rect(&r, u16::try_from(lines.len()).unwrap_or(99));
                let block = Block::bordered()
                    .border_type(BorderType::Double)
                    .border_style(theme.focused())
                    .title(Span::styled(format!(" Guide: {} ", s.title), theme.title()))
                    .title_bottom(
                        Line::from(Span::styled(" n next · x leave guide ", theme.dim()))
                            .right_aligned(),
                    );
                Clear.render(rect, buf);
                Paragraph::new(lines).block(block).render(rect, buf);
            }
            if app.flash.is_none()
                && let Some(tip) = &app.teach.tip
            {
                let line = Line::from(vec![
                    Span::styled(format!(" {tip}"), theme.key()),
                    Span::styled("  (e: no reminders)", theme.dim()),
                ]);
                Clear.render(r.status, buf);
                Paragraph::new(line).render(r.status, buf);
            }
        }
    }
}
