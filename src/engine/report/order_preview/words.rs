//! The previews in words: a heading and a few short lines, for the client's detail pane and
//! the checker.

use std::fmt::Write as _;

use super::{
    AdvancePreview, DeployPreview, DominatePreview, OrderPreview, PreviewDetail, StrategizePreview,
    UnitGroup,
};
use crate::engine::data::GameData;
use crate::engine::rules::board::Board;
use crate::engine::rules::wording::tidy;
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::{AreaId, Asset};

/// Unit groups in words, each with where it stands: `2 Scouts (A1.se)`.
fn units_words(groups: &[UnitGroup], data: &GameData) -> String {
    let parts: Vec<String> = groups
        .iter()
        .map(|g| format!("{} {} ({})", g.count, g.unit, g.from))
        .collect();
    tidy(&parts.join(", "), data)
}

/// Asset counts in words: `1 forge token, 2 cache tokens`.
fn assets_words(assets: &[(Asset, u8)]) -> String {
    assets
        .iter()
        .map(|(a, n)| {
            let s = if *n == 1 { "" } else { "s" };
            format!("{n} {a} token{s}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A price in words: `3`, `5+1 forge`.
fn price_words(materiel: u8, forge: u8) -> String {
    if forge > 0 {
        format!("{materiel}+{forge} forge")
    } else {
        materiel.to_string()
    }
}

/// Upgrades with their cost: `Blessed Armour 1, Drop Pods 2`.
fn offers_words(offers: &[(CardName, u8)]) -> String {
    offers
        .iter()
        .map(|(n, c)| format!("{n} {c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An area's world name, or `void`.
fn area_words(board: &Board, id: AreaId) -> String {
    board
        .area(id)
        .map_or_else(|| id.to_string(), |a| a.label().to_string())
}

impl OrderPreview {
    /// The heading: `Dominate on B2 Gareen Nebula, now`.
    #[must_use]
    pub fn heading(&self, board: &Board) -> String {
        let name = board.system_name(self.system);
        if name.is_empty() {
            format!("{} on {}, now", self.order.name(), self.system)
        } else {
            format!("{} on {} {name}, now", self.order.name(), self.system)
        }
    }

    /// The heading in short, for a box title: `Dominate on B2 now`.
    #[must_use]
    pub fn short_heading(&self) -> String {
        format!("{} on {} now", self.order.name(), self.system)
    }

    /// The preview in a few short lines (the heading apart).
    #[must_use]
    pub fn lines(&self, data: &GameData, board: &Board) -> Vec<String> {
        match &self.detail {
            PreviewDetail::Advance(a) => advance_lines(a, data, board),
            PreviewDetail::Deploy(d) => deploy_lines(d, data, board),
            PreviewDetail::Dominate(d) => dominate_lines(d, data, board),
            PreviewDetail::Strategize(s) => strategize_lines(s),
        }
    }
}

fn advance_lines(a: &AdvancePreview, data: &GameData, board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    if a.ships.is_empty() && a.ground.is_empty() {
        out.push("no unit can move in".to_string());
    }
    if !a.ships.is_empty() {
        out.push(format!("ships in: {}", units_words(&a.ships, data)));
    }
    if !a.ground.is_empty() {
        // Ships moved in first may open more paths: the list is for the ships as they stand.
        out.push(format!(
            "ground units in (ships as they stand): {}",
            units_words(&a.ground, data)
        ));
    }
    for (area, factions) in &a.enemy_areas {
        let who: Vec<&str> = factions.iter().map(|f| f.name()).collect();
        out.push(format!(
            "combat if you enter {area} {} ({})",
            area_words(board, *area),
            who.join(", ")
        ));
    }
    out
}

fn deploy_lines(d: &DeployPreview, data: &GameData, board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    if d.limit == 0 {
        out.push("no factory on a friendly world here: no units".to_string());
    } else {
        let from: Vec<String> = d
            .factory_worlds
            .iter()
            .map(|(id, cap)| format!("{} {cap}", area_words(board, *id)))
            .collect();
        let mut s = format!("up to {} unit(s)", d.limit);
        if !from.is_empty() {
            let _ = write!(s, " (capacity of factory worlds: {})", from.join(", "));
        }
        if d.card_extra > 0 {
            let _ = write!(s, " +{} Recruitment Worlds", d.card_extra);
        }
        out.push(tidy(&s, data));
    }
    out.push(format!(
        "materiel {} · forge {} · cache {}",
        d.materiel, d.assets.forge, d.assets.cache
    ));
    if d.limit > 0 {
        if d.units.is_empty() {
            out.push("no unit within reach (price, level or supply)".to_string());
        } else {
            let offers: Vec<String> = d
                .units
                .iter()
                .map(|u| {
                    let price = price_words(u.materiel, u.forge);
                    format!("{} {price}", data.unit(u.unit).name)
                })
                .collect();
            out.push(format!("units: {}", offers.join(", ")));
        }
    }
    if d.structures.is_empty() {
        out.push("no structure within reach".to_string());
    } else {
        let kinds: Vec<String> = d
            .structures
            .iter()
            .map(|(k, c)| format!("{k} {c}"))
            .collect();
        let on: Vec<String> = d
            .structure_worlds
            .iter()
            .map(|id| area_words(board, *id))
            .collect();
        out.push(format!(
            "structure: {} (on {})",
            kinds.join(", "),
            on.join(", ")
        ));
    }
    out
}

fn dominate_lines(d: &DominatePreview, data: &GameData, board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    if d.worlds.is_empty() {
        out.push("no friendly world here: no assets".to_string());
    } else {
        // The worlds whose banners bear an icon: the others give nothing.
        let names: Vec<String> = d
            .worlds
            .iter()
            .filter(|id| {
                board
                    .area(**id)
                    .and_then(|a| a.world())
                    .is_some_and(|w| !w.assets.is_empty())
            })
            .map(|id| area_words(board, *id))
            .collect();
        let mut s = if d.gained.is_empty() {
            "no asset token".to_string()
        } else {
            format!("gain {}", assets_words(&d.gained))
        };
        if d.prosperity > 0 {
            let _ = write!(s, " + {} of your choice (prosperity)", d.prosperity);
        }
        if !names.is_empty() {
            let _ = write!(s, " from {}", names.join(", "));
        }
        out.push(s);
        if !d.refused.is_empty() {
            out.push(format!(
                "{} not gained (limit held or supply empty)",
                assets_words(&d.refused)
            ));
        }
    }
    out.push(if d.ability_uses == 0 {
        format!("then {}: no use here now", d.ability)
    } else {
        tidy(
            &format!("then {}: {} way(s) to use it", d.ability, d.ability_uses),
            data,
        )
    });
    out
}

fn strategize_lines(s: &StrategizePreview) -> Vec<String> {
    let mut out = Vec::new();
    if s.allowed {
        out.push(format!(
            "materiel {} · command level {}",
            s.materiel, s.command_level
        ));
        for (what, offers, left) in [
            ("order upgrade", &s.order_upgrades, s.order_out_of_reach),
            ("combat upgrade", &s.combat_upgrades, s.combat_out_of_reach),
        ] {
            let mut line = if offers.is_empty() {
                format!("{what}: none within reach")
            } else {
                format!("{what}: {}", offers_words(offers))
            };
            if left > 0 {
                let _ = write!(line, " ({left} more need materiel or level)");
            }
            out.push(line);
        }
    } else {
        out.push("no unit or structure of yours here: no upgrade".to_string());
    }
    out.push("the token goes on your event deck: one more event card to draw".to_string());
    out
}
