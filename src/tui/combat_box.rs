//! The combat boxes over the screen (see [`super::combat_result`] for what they hold): on the
//! screen of the person at the keyboard until a key closes it, and on the next hand-off with
//! the round digest of a phase that began since the seat's last turn.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

use super::combat_result::Moment;
use super::scene::Scene;
use super::theme::Theme;
use crate::engine::rules::Dice;
use crate::engine::state::ids::Faction;

/// How a faction's player is called on the screen (`Anna (World Eaters)`).
#[must_use]
pub fn name_of(scene: &Scene<'_>, f: Faction) -> String {
    scene
        .view
        .players
        .iter()
        .find(|p| p.faction == f)
        .map_or_else(|| f.name().to_string(), |p| scene.who(p.seat))
}

/// The title of a moment's box, with the area's name from the board.
fn moment_title(moment: &Moment, scene: &Scene<'_>) -> String {
    let area = match moment {
        Moment::Reveal(r) => r.combat.area,
        Moment::Result(r) => r.area,
    };
    let label = scene
        .board
        .area(area)
        .map_or_else(String::new, |a| a.label().to_string());
    moment.title(&label)
}

/// A box of `lines` (wrapped at word boundaries) at most `width` wide, at the top of `area`
/// (or in its middle with `middle`), with `foot` as its last line. When `area` is too short,
/// the box ends with a line pointing to the `d` key instead of its last lines. Returns the
/// rectangle drawn.
fn boxed(
    buf: &mut Buffer,
    area: Rect,
    (title, lines, foot): (&str, Vec<Line<'static>>, &str),
    (width, middle): (u16, bool),
    theme: Theme,
) -> Rect {
    let width = width.min(area.width);
    let inner = usize::from(width.saturating_sub(2));
    let mut lines = super::text::wrap_all(&lines, inner);
    let foot_lines = if foot.is_empty() {
        Vec::new()
    } else {
        super::text::wrap_all(
            &[Line::from(Span::styled(foot.to_string(), theme.dim()))],
            inner,
        )
    };
    let room = usize::from(area.height.saturating_sub(2));
    if lines.len() + foot_lines.len() > room {
        let keep = room.saturating_sub(foot_lines.len() + 1);
        lines.truncate(keep);
        lines.push(Line::from(Span::styled(
            "… the rest on the d key",
            theme.dim(),
        )));
    }
    lines.extend(foot_lines);
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2)
        .min(area.height);
    let r = if middle {
        super::layout::centered(area, width, height)
    } else {
        Rect::new(area.x + (area.width - width) / 2, area.y, width, height)
    };
    Clear.render(r, buf);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .border_style(theme.warn())
        .title(Line::from(Span::styled(format!(" {title} "), theme.title())).centered());
    Paragraph::new(lines).block(block).render(r, buf);
    r
}

/// The moment with each side's dice as they lie now, when the combat is still on the board
/// (cards may have turned, gained or lost dice since the roll; the faces are public).
fn with_dice_now(moment: &Moment, scene: &Scene<'_>) -> Moment {
    let mut m = moment.clone();
    if let (Moment::Reveal(r), Some(c)) = (&mut m, &scene.view.combat)
        && c.area == r.combat.area
    {
        r.combat.attacker.dice = Some(Dice::of(&c.attacker.dice));
        r.combat.defender.dice = Some(Dice::of(&c.defender.dice));
    }
    m
}

/// The combat box on the screen of the person at the keyboard, in the middle of the area it
/// is rendered in: any key closes it.
#[derive(Debug, Clone, Copy)]
pub struct OnScreen<'a> {
    /// The combat's reveal or result.
    pub moment: &'a Moment,
    /// The scene on screen (names, and the dice as they lie now).
    pub scene: &'a Scene<'a>,
    /// Colours.
    pub theme: Theme,
}

impl Widget for OnScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let OnScreen {
            moment,
            scene,
            theme,
        } = self;
        let name = |f| name_of(scene, f);
        let moment = &with_dice_now(moment, scene);
        let foot = match moment {
            Moment::Reveal(_) => "any key: on to the cards' effects",
            Moment::Result(_) => "any key closes this · d: the round digest",
        };
        boxed(
            buf,
            area,
            (
                &moment_title(moment, scene),
                moment.lines(&name, theme),
                foot,
            ),
            (64, true),
            theme,
        );
    }
}

/// Over the board of a hand-off (the area it is rendered in): the last combat box and the
/// digest of a phase that began since the seat's last turn, one under the other as room
/// allows.
#[derive(Debug, Clone, Copy)]
pub struct AtHandoff<'a> {
    /// The last combat's box, if the table has not seen it.
    pub moment: Option<&'a Moment>,
    /// The digest of a phase that began since the seat's last turn.
    pub digest: Option<&'a super::digest::Digest>,
    /// The public scene.
    pub scene: &'a Scene<'a>,
    /// Colours.
    pub theme: Theme,
}

impl Widget for AtHandoff<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let AtHandoff {
            moment,
            digest,
            scene,
            theme,
        } = self;
        let name = |f| name_of(scene, f);
        let mut rest = area;
        if let Some(m) = moment {
            let m = &with_dice_now(m, scene);
            let r = boxed(
                buf,
                rest,
                (&moment_title(m, scene), m.lines(&name, theme), ""),
                (64, false),
                theme,
            );
            rest = Rect::new(
                area.x,
                r.bottom(),
                area.width,
                area.bottom().saturating_sub(r.bottom()),
            );
        }
        if let Some(d) = digest
            && rest.height >= 5
        {
            // Not "Since your turn": the hand-off beside it has a list of its own by that name.
            const HEADING: &str = "What happened";
            let mut lines = d.lines(HEADING, &name, theme);
            // The heading goes into the title, whole: when the phase does not fit beside it (80
            // columns), the phase becomes the box's first line.
            let full: String = lines
                .first()
                .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
                .unwrap_or_default();
            lines.remove(0);
            let width = usize::from(64.min(rest.width));
            let title = if full.chars().count() + 4 <= width {
                full
            } else {
                if let Some(phase) = &d.phase {
                    lines.insert(0, Line::from(Span::styled(phase.clone(), theme.title())));
                }
                HEADING.to_string()
            };
            boxed(buf, rest, (&title, lines, ""), (64, false), theme);
        }
    }
}
