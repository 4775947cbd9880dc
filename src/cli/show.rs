//! The position as plain text, for `herakon show` and `herakon check`: the board system by
//! system, the order stacks, warp storms, and each player's supply. It renders a
//! [`PlayerView`], so hidden information stays hidden when a seat is given. A finished game
//! also gets its summary ([`summary_text`]).

use std::fmt::Write as _;

use crate::engine::report::summary::{GameSummary, Stat};
use crate::engine::rules::dice_text;
use crate::engine::rules::view::PlayerView;
use crate::engine::state::die::faces_text;
use crate::engine::state::position::AreaState;
use crate::engine::{Game, Seat, StructureKind, UnitType};

/// What `herakon show` prints: the position as `viewer` may see it (`None`: everything
/// public), and for a finished game its summary.
#[must_use]
pub fn show_text(game: &Game, viewer: Option<Seat>) -> String {
    let mut out = position_text(game, viewer);
    if let Some(summary) = crate::engine::report::summary::summarize(game) {
        let _ = write!(out, "\n{}", summary_text(&summary));
    }
    out
}

/// The whole position as text, as `viewer` may see it (`None`: everything public).
#[must_use]
pub fn position_text(game: &Game, viewer: Option<Seat>) -> String {
    let view = game.view(viewer);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Round {} of {}, first player {} ({})",
        view.round,
        game.data().components.rounds,
        view.first_player,
        game.who(view.first_player)
    );
    match &view.decision {
        Some(d) => {
            let (seat, what) = (d.seat, d.kind);
            let _ = writeln!(out, "Decision: {seat} ({}) must {what}", game.who(seat));
        }
        None => {
            let _ = writeln!(out, "The game is over.");
        }
    }
    out.push('\n');
    board_text(game, &view, &mut out);
    combat_text(&view, &mut out);
    out.push('\n');
    players_text(game, &view, &mut out);
    out
}

/// The combat in progress as the view shows it: dice, totals, cards face up, the viewer's own
/// hand (other hands only by size).
fn combat_text(view: &PlayerView, out: &mut String) {
    let Some(c) = &view.combat else {
        return;
    };
    let _ = writeln!(
        out,
        "Combat in {}, {}:",
        c.area,
        if c.round == 0 {
            "preparing".to_string()
        } else {
            format!("execution round {}", c.round)
        }
    );
    for (role, side) in [("attacker", &c.attacker), ("defender", &c.defender)] {
        let (offence, defence, morale) = side.totals;
        let _ = write!(
            out,
            "  {role} {}: dice {} ({}); offence {offence}, defence {defence}, morale {morale}",
            side.faction.name(),
            faces_text(&side.dice),
            dice_text(&side.dice)
        );
        if side.tokens != (0, 0) {
            let _ = write!(
                out,
                "; combat tokens {} offence, {} defence",
                side.tokens.0, side.tokens.1
            );
        }
        if !side.reinforcements.is_empty() {
            let routed = side.reinforcements.iter().filter(|r| **r).count();
            let _ = write!(
                out,
                "; {} reinforcement token(s) ({routed} routed)",
                side.reinforcements.len()
            );
        }
        out.push('\n');
        if !side.played.is_empty() {
            let _ = writeln!(out, "    face up: {}", side.played.join(", "));
        }
        match &side.chosen {
            Some(card) => {
                let _ = writeln!(out, "    chosen face down: {card}");
            }
            None if side.has_chosen => {
                let _ = writeln!(out, "    a card is chosen face down");
            }
            None => {}
        }
        if side.hand.is_empty() {
            let _ = writeln!(out, "    hand: {} card(s)", side.hand_size);
        } else {
            let _ = writeln!(out, "    hand: {}", side.hand.join(", "));
        }
    }
}

fn board_text(game: &Game, view: &PlayerView, out: &mut String) {
    let board = game.board();
    let void_capacity = game.data().components.void_capacity;
    for system in board.systems() {
        let _ = write!(out, "{system} {}", board.system_name(system));
        if let Some(stack) = view.stacks.get(&system).filter(|s| !s.is_empty()) {
            let tokens: Vec<String> = stack
                .iter()
                .map(|t| match t.order {
                    Some(o) => format!("{}:{o}", t.owner),
                    None => format!("{}:?", t.owner),
                })
                .collect();
            let _ = write!(out, "  [stack, bottom to top: {}]", tokens.join(" "));
        }
        out.push('\n');
        for info in board.areas_of(system) {
            let _ = write!(out, "  {:<7} ", info.id.to_string());
            match info.world() {
                Some(w) => {
                    let assets: Vec<&str> = w.assets.iter().map(|a| a.key()).collect();
                    let _ = write!(
                        out,
                        "{} (capacity {}, materiel {}{}{})",
                        w.name,
                        w.capacity,
                        w.materiel,
                        if assets.is_empty() {
                            String::new()
                        } else {
                            format!(", {}", assets.join("+"))
                        },
                        if w.objective_space {
                            ", objective space"
                        } else {
                            ""
                        }
                    );
                }
                None => {
                    let _ = write!(out, "void (capacity {void_capacity})");
                }
            }
            if let Some(area) = view.areas.get(&info.id) {
                let contents = area_contents(area);
                if !contents.is_empty() {
                    let _ = write!(out, ": {contents}");
                }
            }
            out.push('\n');
        }
    }
    if !view.storms.is_empty() {
        let storms: Vec<String> = view
            .storms
            .iter()
            .map(|s| {
                if s.moved {
                    format!("{} (moved)", s.edge)
                } else {
                    s.edge.to_string()
                }
            })
            .collect();
        let _ = writeln!(out, "Warp storms: {}", storms.join(", "));
    }
}

/// An area's pieces in words: `ultramarines: 2 scout, 1 space-marine (1 routed); factory`.
#[must_use]
pub fn area_contents(area: &AreaState) -> String {
    let mut parts = Vec::new();
    for faction in area.factions() {
        let mut groups: Vec<(UnitType, usize, usize)> = Vec::new();
        for u in area.units.iter().filter(|u| u.owner() == faction) {
            match groups.iter_mut().find(|g| g.0 == u.unit) {
                Some(g) => {
                    g.1 += 1;
                    g.2 += usize::from(u.routed);
                }
                None => groups.push((u.unit, 1, usize::from(u.routed))),
            }
        }
        let mut items: Vec<String> = groups
            .iter()
            .map(|(t, n, routed)| {
                if *routed > 0 {
                    format!("{n} {t} ({routed} routed)")
                } else {
                    format!("{n} {t}")
                }
            })
            .collect();
        items.extend(
            area.structures
                .iter()
                .filter(|s| s.owner == faction)
                .map(|s| s.kind.to_string()),
        );
        parts.push(format!("{faction}: {}", items.join(", ")));
    }
    if !area.objectives.is_empty() {
        let tokens: Vec<String> = area.objectives.iter().map(ToString::to_string).collect();
        parts.push(format!("objective token {}", tokens.join(", ")));
    }
    parts.join("; ")
}

fn players_text(game: &Game, view: &PlayerView, out: &mut String) {
    for p in &view.players {
        let a = p.assets;
        let _ = writeln!(
            out,
            "{} {} ({}){}: materiel {}, forge {}, cache {}, reinforcement {}, command level {}, objectives {}/{}",
            p.seat,
            game.who(p.seat),
            p.faction,
            if p.eliminated { " ELIMINATED" } else { "" },
            p.materiel,
            a.forge,
            a.cache,
            a.reinforcement,
            p.command_level,
            p.objectives,
            view.objectives_needed
        );
        // Only the viewer's own tokens are named; another seat's show as a count.
        let orders = match &p.orders {
            _ if p.orders_left == 0 => "none".to_string(),
            Some(mine) => mine
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            None => format!("{}, which ones is hidden", p.orders_left),
        };
        let _ = writeln!(
            out,
            "    orders to place: {}; on the event deck: {}; event cards left: {}",
            orders, p.event_tokens, p.event_deck
        );
        if !p.schemes.is_empty() {
            let _ = writeln!(out, "    schemes in play: {}", p.schemes.join(", "));
        }
        if !p.order_upgrades.is_empty() {
            let ups: Vec<String> = p
                .order_upgrades
                .iter()
                .map(|(n, used)| {
                    if *used {
                        format!("{n} (used)")
                    } else {
                        n.to_string()
                    }
                })
                .collect();
            let _ = writeln!(out, "    order upgrades: {}", ups.join(", "));
        }
        let supply: Vec<String> = UnitType::ALL
            .iter()
            .filter(|u| u.faction() == p.faction)
            .map(|&u| format!("{} {u}", game.units_in_supply(u)))
            .collect();
        let _ = writeln!(out, "    units in supply: {}", supply.join(", "));
        let _ = writeln!(
            out,
            "    structure control tokens left: {}",
            game.control_tokens_left(p.faction)
        );
    }
    let shared: Vec<String> = [
        StructureKind::Factory,
        StructureKind::City,
        StructureKind::Bastion,
    ]
    .iter()
    .map(|&k| format!("{} {k}", game.structures_in_supply(k)))
    .collect();
    let _ = writeln!(
        out,
        "Structures in the shared supply: {}",
        shared.join(", ")
    );
}

/// A finished game told as text for `herakon show`: the winners and why, then each statistic
/// (objective tokens, materiel, friendly worlds, units) per player after every round; the
/// last column is the end of the game.
#[must_use]
pub fn summary_text(summary: &GameSummary) -> String {
    let mut out = String::new();
    let winners: Vec<&str> = summary
        .winners
        .iter()
        .filter_map(|s| summary.who.get(s.index()))
        .map(String::as_str)
        .collect();
    let _ = writeln!(
        out,
        "Game over: {} {}.",
        if winners.is_empty() {
            "nobody".to_string()
        } else {
            winners.join(" and ")
        },
        if winners.len() > 1 { "win" } else { "wins" }
    );
    let _ = writeln!(out, "Why: {}.", summary.why);
    let width = summary
        .who
        .iter()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0)
        .max(10)
        + 2;
    let mut header = format!("\n{:<width$}", "after round");
    let n = summary.samples.len();
    for (i, s) in summary.samples.iter().enumerate() {
        let label = if i + 1 == n {
            "end".to_string()
        } else {
            s.after_round.to_string()
        };
        let _ = write!(header, " {label:>4}");
    }
    let _ = writeln!(out, "{header}");
    for stat in Stat::ALL {
        let _ = writeln!(out, "{}:", stat.name());
        for (i, name) in summary.who.iter().enumerate() {
            let mut line = format!("  {name:<w$}", w = width - 2);
            for s in &summary.samples {
                if let Some(p) = s.players.get(i) {
                    let _ = write!(line, " {:>4}", stat.of(p));
                }
            }
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
