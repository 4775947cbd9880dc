//! The end screen: who won and why, the final standings, and one chart per statistic
//! (objective tokens, materiel, friendly worlds, units) with a line per player by round, drawn
//! with ratatui's `Chart` from the [`GameSummary`] sampled from the history. It fills the screen
//! until dismissed; the board underneath can then be inspected, and the screen reopened.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Block, BorderType, Chart, Clear, Dataset, GraphType, Paragraph, Widget, Wrap,
};

use super::theme::Theme;
use crate::engine::Seat;
use crate::engine::report::summary::{GameSummary, Stat};

/// Each seat's marker, so the lines differ without colour too.
const MARKERS: [(Marker, &str); 4] = [
    (Marker::Braille, "⣿"),
    (Marker::Dot, "•"),
    (Marker::Quadrant, "▚"),
    (Marker::Bar, "▄"),
];

fn marker(seat: usize) -> (Marker, &'static str) {
    MARKERS[seat % MARKERS.len()]
}

/// The end screen, over the whole area it is rendered in.
#[derive(Debug, Clone, Copy)]
pub struct EndScreen<'a> {
    /// The game's summary.
    pub summary: &'a GameSummary,
    /// Colours.
    pub theme: Theme,
}

impl Widget for EndScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let EndScreen { summary, theme } = self;
        Widget::render(Clear, area, buf);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .border_style(theme.focused())
            .title(Line::from(Span::styled(" Game over ", theme.title())).centered());
        let inner = block.inner(area);
        Widget::render(block, area, buf);

        let mut head: Vec<Line<'static>> = Vec::new();
        for s in &summary.winners {
            let style = summary
                .factions
                .get(s.index())
                .map_or(theme.title(), |f| theme.faction_bold(*f));
            head.push(
                Line::from(Span::styled(
                    format!("★ {} wins ★", who(summary, *s)),
                    style,
                ))
                .centered(),
            );
        }
        if summary.winners.is_empty() {
            head.push(Line::from(Span::styled("Nobody wins", theme.title())).centered());
        }
        head.push(
            Line::from(Span::styled(format!("Why: {}.", summary.why), theme.text())).centered(),
        );
        let width = summary
            .who
            .iter()
            .map(|w| w.chars().count())
            .max()
            .unwrap_or(0);
        let last = summary.last();
        // The long wording when it fits, the short one on a narrow screen.
        let long = width + 2 + 62 <= usize::from(inner.width);
        let mut standings: Vec<Line<'static>> = Vec::new();
        for (i, name) in summary.who.iter().enumerate() {
            let Some(s) = last.get(i) else { continue };
            let numbers = if long {
                format!(
                    "  objectives {}  materiel {}  friendly worlds {}  units {}",
                    s.objectives, s.materiel, s.worlds, s.units
                )
            } else {
                format!(
                    " obj {} mat {} worlds {} units {}",
                    s.objectives, s.materiel, s.worlds, s.units
                )
            };
            let style = summary
                .factions
                .get(i)
                .map_or(theme.text(), |f| theme.faction_bold(*f));
            standings.push(Line::from(vec![
                Span::styled(format!("{} ", marker(i).1), style),
                Span::styled(format!("{name:<width$}"), style),
                Span::styled(numbers, theme.text()),
            ]));
        }
        let head_h = u16::try_from(head.len()).unwrap_or(3) + 1;
        let table_h = u16::try_from(standings.len()).unwrap_or(4) + 1;
        let [head_r, table_r, charts_r, foot_r] = Layout::vertical([
            Constraint::Length(head_h),
            Constraint::Length(table_h),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(inner);
        Widget::render(Paragraph::new(head).wrap(Wrap { trim: true }), head_r, buf);
        // The standings sit under the headline, as wide as their longest line.
        let table_w = standings.iter().map(Line::width).max().unwrap_or(0);
        let table_w = u16::try_from(table_w)
            .unwrap_or(u16::MAX)
            .min(table_r.width);
        let table_r = Rect::new(
            table_r.x + (table_r.width - table_w) / 2,
            table_r.y,
            table_w,
            table_r.height,
        );
        Widget::render(Paragraph::new(standings), table_r, buf);
        charts(buf, charts_r, summary, theme);
        Widget::render(
            Paragraph::new(Line::from(vec![
                Span::styled("Esc", theme.key()),
                Span::styled(" look at the board (", theme.dim()),
                Span::styled("Enter", theme.key()),
                Span::styled(" brings this back)  ", theme.dim()),
                Span::styled("q", theme.key()),
                Span::styled(" quit", theme.dim()),
            ]))
            .centered(),
            foot_r,
            buf,
        );
    }
}

fn who(summary: &GameSummary, seat: Seat) -> String {
    summary
        .who
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// The four charts, two by two (one row of four on a wide, low screen).
fn charts(buf: &mut Buffer, area: Rect, summary: &GameSummary, theme: Theme) {
    if area.height < 4 || area.width < 20 {
        return;
    }
    let cells: Vec<Rect> = if area.width >= 4 * 40 && area.height < 20 {
        Layout::horizontal([Constraint::Ratio(1, 4); 4])
            .split(area)
            .to_vec()
    } else {
        let rows = Layout::vertical([Constraint::Ratio(1, 2); 2]).split(area);
        rows.iter()
            .flat_map(|r| {
                Layout::horizontal([Constraint::Ratio(1, 2); 2])
                    .split(*r)
                    .to_vec()
            })
            .collect()
    };
    for (stat, cell) in Stat::ALL.into_iter().zip(cells) {
        chart(buf, cell, summary, stat, theme);
    }
}

/// One statistic: a line per player, rounds along the bottom.
fn chart(buf: &mut Buffer, area: Rect, summary: &GameSummary, what: Stat, theme: Theme) {
    let players = summary.who.len();
    let points: Vec<Vec<(f64, f64)>> = (0..players)
        .map(|i| {
            let seat = Seat(u8::try_from(i).unwrap_or(0));
            summary
                .series(seat, what)
                .into_iter()
                .map(|(r, v)| (f64::from(r), v as f64))
                .collect()
        })
        .collect();
    let first = summary.samples.first().map_or(0, |s| s.after_round);
    let last = summary
        .samples
        .last()
        .map_or(1, |s| s.after_round)
        .max(first + 1);
    let top = points
        .iter()
        .flatten()
        .map(|p| p.1)
        .fold(1.0_f64, f64::max)
        .ceil();
    // The objectives chart reaches up to the number needed to win (one per player).
    let top = if what == Stat::Objectives {
        top.max(players as f64)
    } else {
        top
    };
    let datasets: Vec<Dataset<'_>> = points
        .iter()
        .enumerate()
        .map(|(i, data)| {
            let style = summary
                .factions
                .get(i)
                .map_or(theme.text(), |f| theme.faction(*f));
            Dataset::default()
                .marker(marker(i).0)
                .graph_type(GraphType::Line)
                .style(style)
                .data(data)
        })
        .collect();
    let mid = u8::midpoint(first, last);
    let x_labels: Vec<String> = if mid > first && mid < last {
        vec![first.to_string(), mid.to_string(), last.to_string()]
    } else {
        vec![first.to_string(), last.to_string()]
    };
    // The x axis is named in the title, not by the axis: ratatui draws an axis title inside
    // the plot, over the line of a statistic that sits at zero (#32). A cell too narrow for
    // the long title keeps the statistic's name.
    let long = format!(" {} by round ", what.name());
    let title = if long.chars().count() + 2 <= usize::from(area.width) {
        long
    } else {
        format!(" {} ", what.name())
    };
    let chart = Chart::new(datasets)
        .block(
            Block::bordered()
                .border_style(theme.dim())
                .title(Line::from(Span::styled(title, theme.title()))),
        )
        .legend_position(None)
        .x_axis(
            Axis::default()
                .style(theme.dim())
                .bounds([f64::from(first), f64::from(last)])
                .labels(x_labels),
        )
        .y_axis(
            Axis::default()
                .style(theme.dim())
                .bounds([0.0, top])
                .labels(["0".to_string(), format!("{top}")]),
        );
    Widget::render(chart, area, buf);
}
