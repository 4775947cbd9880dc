//! The order preview on screen: which preview the selection asks for (a choice that places,
//! reveals or resolves a token, or the seat's own face-up-to-it token under the board cursor),
//! and its lines. The engine works the previews out ([`crate::engine::report::order_preview`]).

use ratatui::text::{Line, Span};

use super::scene::{Choice, Scene};
use super::theme::Theme;
use crate::engine::AreaId;
use crate::engine::report::order_preview::OrderPreview;

/// The preview the selection points at: the selected choice's token, or else, with the board
/// focused, the seat's own token on top of the stack under the cursor.
#[must_use]
pub fn selected<'s>(
    scene: &'s Scene<'_>,
    chosen: Option<&Choice>,
    cursor: AreaId,
) -> Option<&'s OrderPreview> {
    let wanted = if let Some(c) = chosen {
        c.order?
    } else {
        let me = scene.view.viewer.and_then(|v| scene.faction(v))?;
        let top = scene.view.stacks.get(&cursor.system)?.last()?;
        if top.owner != me {
            return None;
        }
        (cursor.system, top.order?)
    };
    scene
        .previews
        .iter()
        .find(|p| (p.system, p.order) == wanted)
}

/// The preview as styled lines: its heading (unless a box title carries it), then one line
/// per fact.
#[must_use]
pub fn lines(
    scene: &Scene<'_>,
    preview: &OrderPreview,
    heading: bool,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if heading {
        out.push(Line::from(Span::styled(
            format!("{}:", preview.heading(scene.board)),
            theme.title(),
        )));
    }
    for l in preview.lines(scene.data, scene.board) {
        out.push(Line::from(Span::styled(format!("• {l}"), theme.text())));
    }
    out
}
