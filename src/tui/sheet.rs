//! The faction sheet (`i`): what the printed sheet and the player's play area tell, for any
//! faction in the game, from public information only (the seat on screen also sees his own
//! orders by kind).

use std::fmt::Write as _;

use ratatui::text::{Line, Span};

use super::board::{asset_counts, order_code, unit_code};
use super::scene::Scene;
use super::theme::Theme;
use crate::engine::data::UnitKind;
use crate::engine::{Faction, Order, StructureKind};

/// The sheet of `faction` as lines to wrap and scroll.
#[must_use]
pub fn sheet_lines(scene: &Scene<'_>, faction: Faction, theme: Theme) -> Vec<Line<'static>> {
    let data = scene.data;
    let sheet = data.faction(faction);
    let v = &scene.view;
    let mut out: Vec<Line<'static>> = Vec::new();
    let player = v.players.iter().find(|p| p.faction == faction);
    let who = player.map_or_else(|| faction.name().to_string(), |p| scene.who(p.seat));
    let mut head = vec![Span::styled(
        format!("{} {who}", faction.letter()),
        theme.faction_bold(faction),
    )];
    if let Some(p) = player {
        head.push(Span::styled(format!("  {}", p.seat), theme.dim()));
        if v.viewer == Some(p.seat) {
            head.push(Span::styled(" (you)", theme.dim()));
        }
        if p.eliminated {
            head.push(Span::styled(" eliminated", theme.warn()));
        }
    } else {
        head.push(Span::styled("  (not in this game)", theme.dim()));
    }
    out.push(Line::from(head));
    let heading = |t: &str| Line::from(Span::styled(t.to_string(), theme.title()));

    if let Some(p) = player {
        out.push(Line::from(format!(
            "Materiel {} · assets {} (forge, cache, reinforcement) · command level {}",
            p.materiel,
            asset_counts(p.assets),
            p.command_level
        )));
        // The view names the orders of the viewer's own tokens only.
        let mut orders = format!("Order tokens in hand {}", p.orders_left);
        if let Some(mine) = p.orders.as_deref().filter(|m| !m.is_empty()) {
            let kinds: Vec<String> = Order::ALL
                .iter()
                .filter_map(|o| {
                    let n = mine.iter().filter(|x| *x == o).count();
                    (n > 0).then(|| format!("{n} {}", order_code(*o)))
                })
                .collect();
            let _ = write!(orders, " ({})", kinds.join(", "));
        }
        let _ = write!(
            orders,
            " · event tokens {} · event deck {}",
            p.event_tokens, p.event_deck
        );
        out.push(Line::from(orders));
        // Objectives: the faction collects its own tokens, placed by the others.
        let waiting: Vec<String> = v
            .areas
            .iter()
            .filter(|(_, a)| a.objectives.contains(&faction))
            .map(|(id, _)| {
                let name = scene.board.area(*id).map_or("", |i| i.label());
                format!("{id} {name}")
            })
            .collect();
        let mut obj = format!(
            "Objectives collected {} of {} needed",
            p.objectives, v.objectives_needed
        );
        if !waiting.is_empty() {
            let _ = write!(obj, " · still on the board: {}", waiting.join(", "));
        }
        out.push(Line::from(Span::styled(obj, theme.key())));
    }

    out.push(Line::from(""));
    // The name column as wide as the longest name, so the numbers line up; the other columns
    // as narrow as their headings, so the longest name (Repulsive Grand Cruiser) and the kind
    // still fit on one line of the 76 columns the sheet has at 80x24.
    let name_w = sheet
        .units
        .iter()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(18);
    out.push(heading(&format!(
        "{:<name_w$} {:<4} {:>3} {:>4} {:>4} {:>6} {:>6} {:>6} {:>5}",
        "Unit", "code", "lvl", "cost", "dice", "health", "morale", "supply", "board"
    )));
    for u in &sheet.units {
        let on_board: usize = v
            .areas
            .values()
            .map(|a| {
                a.units
                    .iter()
                    .filter(|x| x.unit == u.unit && x.owner() == faction)
                    .count()
            })
            .sum();
        let supply = usize::from(u.in_box).saturating_sub(on_board);
        let cost = if u.forge {
            format!("{}+▲", u.cost)
        } else {
            u.cost.to_string()
        };
        let kind = match u.kind {
            UnitKind::Ship => "ship",
            UnitKind::Ground => "ground",
        };
        out.push(Line::from(vec![
            Span::styled(format!("{:<name_w$}", u.name), theme.faction(faction)),
            Span::raw(format!(
                " {:<4} {:>3} {:>4} {:>4} {:>6} {:>6} {:>6} {:>5} {kind}",
                unit_code(u.unit),
                u.level,
                cost,
                u.combat,
                u.health,
                u.morale,
                supply,
                on_board
            )),
        ]));
    }
    out.push(Line::from(Span::styled(
        "cost +▲: a forge token is spent too; dice: combat dice rolled; supply: not on the board",
        theme.dim(),
    )));

    out.push(Line::from(""));
    out.push(heading(&format!(
        "{:<11} {:>4} {:>4} {:>6} {:>6} {:>9}",
        "Structure", "cost", "dice", "health", "morale", "on board"
    )));
    for kind in [
        StructureKind::Factory,
        StructureKind::City,
        StructureKind::Bastion,
    ] {
        let s = data.structure(kind);
        let built: usize = v
            .areas
            .values()
            .map(|a| {
                a.structures
                    .iter()
                    .filter(|x| x.kind == kind && x.owner == faction)
                    .count()
            })
            .sum();
        out.push(Line::from(format!(
            "{:<11} {:>4} {:>4} {:>6} {:>6} {:>9}",
            kind.key(),
            s.cost,
            s.combat,
            s.health,
            s.morale,
            built
        )));
    }

    out.push(Line::from(""));
    out.push(Line::from(vec![
        Span::styled("Faction ability: ", theme.title()),
        Span::styled(sheet.ability.name.clone(), theme.key()),
    ]));
    out.push(Line::from(format!("  {}", sheet.ability.text)));

    if let Some(p) = player {
        out.push(Line::from(""));
        out.push(heading("Order upgrades"));
        let mut any = false;
        for c in data.order_upgrades.iter().filter(|c| c.faction == faction) {
            let state = match p.order_upgrades.iter().find(|(n, _)| *n == c.name) {
                Some((_, true)) => "bought, used this round",
                Some((_, false)) => "bought",
                None => continue,
            };
            any = true;
            out.push(Line::from(vec![
                Span::styled(format!("{} ", c.name), theme.key()),
                Span::styled(
                    format!("({}, level {}) · {state}", c.order, c.level),
                    theme.dim(),
                ),
            ]));
            out.push(Line::from(format!("  {}", c.text)));
        }
        if !any {
            out.push(Line::from(Span::styled("  none bought yet", theme.dim())));
        }
        let mut deck: Vec<(String, usize)> = Vec::new();
        for name in &p.combat_deck {
            match deck.iter_mut().find(|(n, _)| n == name) {
                Some(e) => e.1 += 1,
                None => deck.push((name.to_string(), 1)),
            }
        }
        let deck: Vec<String> = deck
            .into_iter()
            .map(|(n, k)| if k > 1 { format!("{k}× {n}") } else { n })
            .collect();
        out.push(Line::from(""));
        out.push(heading("Combat cards (the whole deck)"));
        out.push(Line::from(format!("  {}", deck.join(", "))));
        if !p.schemes.is_empty() {
            out.push(Line::from(format!("Schemes: {}", p.schemes.join(", "))));
        }
    }
    out.push(Line::from(""));
    out.push(Line::from(Span::styled(
        "← → another faction · c the cards in full",
        theme.dim(),
    )));
    out
}
