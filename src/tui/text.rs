//! Styled text cut to a width: the wrapping the panels and the scrolling boxes share (drawing
//! helpers below every panel, so no panel imports another for it), the dice faces' signs and the
//! units' short codes.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::engine::state::die::DieFace;
use crate::engine::state::unit_type::UnitType;

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

/// The sign of a die face: ✸ offence, ▣ defence, ✪ morale.
#[must_use]
pub fn die_sign(face: DieFace) -> char {
    match face {
        DieFace::Offence => '✸',
        DieFace::Defence => '▣',
        DieFace::Morale => '✪',
    }
}

/// A short code for a unit type (the side panel and the help spell them out).
#[must_use]
pub fn unit_code(u: UnitType) -> &'static str {
    match u {
        UnitType::Scout => "Sc",
        UnitType::StrikeCruiser => "Cr",
        UnitType::SpaceMarine => "SM",
        UnitType::LandRaider => "LR",
        UnitType::BattleBarge => "BB",
        UnitType::WarlordTitan => "WT",
        UnitType::Cultist => "Cu",
        UnitType::IconoclastDestroyer => "ID",
        UnitType::ChaosSpaceMarine => "CM",
        UnitType::Helbrute => "He",
        UnitType::RepulsiveGrandCruiser => "GC",
        UnitType::ChaosReaverTitan => "RT",
        UnitType::OrkBoyz => "Bz",
        UnitType::OnslaughtAttackShip => "AS",
        UnitType::Nob => "Nb",
        UnitType::Battlewagon => "BW",
        UnitType::KillKroozer => "KK",
        UnitType::Gargant => "Ga",
        UnitType::AspectWarrior => "AW",
        UnitType::HelleboreFrigate => "HF",
        UnitType::Wraithguard => "WG",
        UnitType::Falcon => "Fa",
        UnitType::VoidStalker => "VS",
        UnitType::WarlockBattleTitan => "BT",
    }
}
