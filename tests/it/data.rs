//! The game data in `assets/`: every file loads, the counts match the component list, and a
//! broken copy reports each problem with its file and JSON path (Rules Reference: Component
//! Limitations; Learn to Play: component list).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herakon::engine::data::{ASSET_FILES, GameData, UnitKind};
use herakon::engine::{Faction, UnitType};

fn embedded() -> GameData {
    GameData::embedded().unwrap()
}

#[test]
fn every_asset_file_loads_and_validates() {
    let d = embedded();
    assert_eq!(ASSET_FILES.len(), 10);
    assert_eq!(d.factions.len(), 4);
    assert_eq!(d.structures.len(), 3);
    assert_eq!(d.tiles.len(), 12);
    assert_eq!(d.intro.systems.len(), 12, "the introductory layout is 4x3");
}

#[test]
fn each_faction_has_fourteen_combat_cards_eight_events_and_five_order_upgrades() {
    let d = embedded();
    for f in Faction::ALL {
        let combat: Vec<_> = d.combat_cards.iter().filter(|c| c.faction == f).collect();
        assert_eq!(combat.len(), 14, "{f}");
        assert_eq!(
            combat.iter().filter(|c| c.level.is_none()).count(),
            5,
            "{f}: 5 starting pairs"
        );
        assert_eq!(
            d.event_cards.iter().filter(|c| c.faction == f).count(),
            8,
            "{f}"
        );
        let ups: Vec<_> = d.order_upgrades.iter().filter(|c| c.faction == f).collect();
        assert_eq!(ups.len(), 5, "{f}");
        assert_eq!(
            ups.iter().filter(|u| u.orbital_strike.is_some()).count(),
            2,
            "{f}: two strike upgrades"
        );
    }
    assert_eq!(d.combat_cards.len(), 56);
    assert_eq!(d.event_cards.len(), 32);
    assert_eq!(d.order_upgrades.len(), 20);
}

#[test]
fn unit_boxes_hold_twenty_seven_pieces_and_the_eldar_twenty_four() {
    let d = embedded();
    for (f, total) in [
        (Faction::Ultramarines, 27),
        (Faction::Chaos, 27),
        (Faction::Orks, 27),
        (Faction::Eldar, 24),
    ] {
        let sum: u32 = d.faction(f).units.iter().map(|u| u32::from(u.in_box)).sum();
        assert_eq!(sum, total, "{f}");
    }
}

#[test]
fn level_two_ships_and_level_three_titans_cost_a_forge_token() {
    let d = embedded();
    for u in UnitType::ALL {
        let data = d.unit(u);
        let needs_forge = (data.level == 2 && data.kind == UnitKind::Ship) || data.level == 3;
        assert_eq!(data.forge, needs_forge, "{u}");
    }
}

#[test]
fn the_combat_die_has_three_offence_two_defence_one_morale() {
    use herakon::engine::state::die::DieFace;
    let d = embedded();
    let count = |f| d.die.faces.iter().filter(|x| **x == f).count();
    assert_eq!(
        (
            count(DieFace::Offence),
            count(DieFace::Defence),
            count(DieFace::Morale)
        ),
        (3, 2, 1)
    );
    assert_eq!(d.die.max_per_side, 8);
}

#[test]
fn a_broken_copy_reports_every_problem_with_file_and_path() {
    let errors = GameData::from_texts(|name| {
        let text = ASSET_FILES.iter().find(|(n, _)| *n == name)?.1;
        match name {
            "die.json" => {
                Some(text.replacen("\"max_per_side\": 8", "\"max_per_side\": \"eight\"", 1))
            }
            "structures.json" => Some("[ {".into()),
            "tiles.json" => None,
            _ => Some(text.to_string()),
        }
    })
    .unwrap_err();
    let shown = errors.to_string();
    assert!(shown.contains("die.json: $.max_per_side"), "{shown}");
    assert!(shown.contains("structures.json: $"), "{shown}");
    assert!(
        shown.contains("tiles.json: $: the file is missing"),
        "{shown}"
    );
    assert_eq!(errors.0.len(), 3, "{shown}");
}

#[test]
fn a_unit_listed_under_the_wrong_faction_is_reported() {
    let errors = GameData::from_texts(|name| {
        let text = ASSET_FILES.iter().find(|(n, _)| *n == name)?.1;
        if name == "factions.json" {
            // Give the first sheet's scout line to another unit type of another faction.
            Some(text.replacen("\"unit\": \"scout\"", "\"unit\": \"ork-boyz\"", 1))
        } else {
            Some(text.to_string())
        }
    })
    .unwrap_err();
    let shown = errors.to_string();
    assert!(shown.contains("factions.json: $[0].units"), "{shown}");
    assert!(shown.contains("ork-boyz belongs to orks"), "{shown}");
    assert!(shown.contains("scout is listed 0 times"), "{shown}");
}
