//! The How to play screen (`H`): the goal, a round's phases, the four orders, combat and how
//! the game ends, five short lines each with the Rules Reference topic to read more. The text
//! is the `howto` part of `assets/learn.json`, in our own words.

use ratatui::text::{Line, Span};

use super::theme::Theme;

/// The screen's lines (not yet wrapped).
#[must_use]
pub fn lines(theme: Theme) -> Vec<Line<'static>> {
    let Ok(course) = super::learn::course() else {
        return vec![Line::from("assets/learn.json does not load.")];
    };
    let mut out = Vec::new();
    for (i, section) in course.howto.iter().enumerate() {
        if i > 0 {
            out.push(Line::from(""));
        }
        out.push(Line::from(vec![
            Span::styled(section.title.clone(), theme.title()),
            Span::styled(
                format!("  (Rules Reference: {})", section.topic),
                theme.dim(),
            ),
        ]));
        for l in &section.lines {
            out.push(Line::from(Span::styled(format!("• {l}"), theme.text())));
        }
    }
    out
}
