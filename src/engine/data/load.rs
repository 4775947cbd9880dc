//! Reading the asset files and checking them: every problem is collected with its file and JSON
//! path rather than stopping at the first.

use std::collections::{BTreeMap, BTreeSet};

use serde::de::DeserializeOwned;

use crate::engine::data::{
    AreaData, CombatCardData, ComponentData, DataErrors, DataProblem, DieData, EventCardData,
    FactionData, GameData, IntroSetupData, OrderUpgradeData, Ruling, StructureData, TileData,
    UnitKind,
};
use crate::engine::state::ids::{Faction, Quadrant, StructureKind};
use crate::engine::state::unit_type::UnitType;

/// Collects problems while the files are read and checked.
#[derive(Default)]
struct Problems(Vec<DataProblem>);

impl Problems {
    fn add(&mut self, file: &str, path: impl Into<String>, message: impl Into<String>) {
        self.0.push(DataProblem {
            file: file.into(),
            path: path.into(),
            message: message.into(),
        });
    }

    /// Parses one file; a syntax or shape error is recorded with its JSON path, line and column.
    fn parse<T: DeserializeOwned>(
        &mut self,
        read: &impl Fn(&str) -> Option<String>,
        file: &str,
    ) -> Option<T> {
        let Some(text) = read(file) else {
            self.add(file, "$", "the file is missing");
            return None;
        };
        match crate::engine::data::json_error::from_str::<T>(&text) {
            Ok(v) => Some(v),
            Err(e) => {
                let at = format!("{} (line {}, column {})", e.path, e.line, e.column);
                self.add(file, at, e.message);
                None
            }
        }
    }
}

/// Parses and validates the asset files given by `read`.
pub(crate) fn load(read: impl Fn(&str) -> Option<String>) -> Result<GameData, DataErrors> {
    let mut p = Problems::default();
    let components = p.parse::<ComponentData>(&read, "components.json");
    let die = p.parse::<DieData>(&read, "die.json");
    let factions = p.parse::<Vec<FactionData>>(&read, "factions.json");
    let structures = p.parse::<Vec<StructureData>>(&read, "structures.json");
    let combat_cards = p.parse::<Vec<CombatCardData>>(&read, "combat-cards.json");
    let event_cards = p.parse::<Vec<EventCardData>>(&read, "event-cards.json");
    let order_upgrades = p.parse::<Vec<OrderUpgradeData>>(&read, "order-upgrades.json");
    let tiles = p.parse::<Vec<TileData>>(&read, "tiles.json");
    let intro = p.parse::<IntroSetupData>(&read, "intro-setup.json");
    let rulings = p.parse::<Vec<Ruling>>(&read, "rulings.json");
    let (
        Some(components),
        Some(die),
        Some(factions),
        Some(structures),
        Some(combat_cards),
        Some(event_cards),
        Some(order_upgrades),
        Some(tiles),
        Some(intro),
        Some(rulings),
    ) = (
        components,
        die,
        factions,
        structures,
        combat_cards,
        event_cards,
        order_upgrades,
        tiles,
        intro,
        rulings,
    )
    else {
        return Err(DataErrors(p.0));
    };
    let data = GameData {
        components,
        die,
        factions,
        structures,
        combat_cards,
        event_cards,
        order_upgrades,
        tiles,
        intro,
        rulings,
    };
    check_components(&data, &mut p);
    check_factions(&data, &mut p);
    check_structures(&data, &mut p);
    check_cards(&data, &mut p);
    check_tiles(&data, &mut p);
    check_rulings(&data, &mut p);
    // The layout check looks units up by type, which needs complete faction sheets.
    if p.0.is_empty() {
        check_intro(&data, &mut p);
    }
    if p.0.is_empty() {
        Ok(data)
    } else {
        Err(DataErrors(p.0))
    }
}

fn check_components(d: &GameData, p: &mut Problems) {
    let c = &d.components;
    for (name, value) in [
        ("order_tokens_each", c.order_tokens_each),
        ("structure_control_tokens", c.structure_control_tokens),
        ("objective_tokens", c.objective_tokens),
        ("max_assets_each", c.max_assets_each),
        ("max_materiel", c.max_materiel),
        ("void_capacity", c.void_capacity),
        ("max_units_per_advance", c.max_units_per_advance),
        ("rounds", c.rounds),
    ] {
        if value == 0 {
            p.add("components.json", format!("$.{name}"), "must be at least 1");
        }
    }
    if d.die.faces.len() != 6 {
        p.add(
            "die.json",
            "$.faces",
            format!("a die has 6 faces, not {}", d.die.faces.len()),
        );
    }
    if d.die.max_per_side == 0 {
        p.add("die.json", "$.max_per_side", "must be at least 1");
    }
}

fn check_factions(d: &GameData, p: &mut Problems) {
    const F: &str = "factions.json";
    for faction in Faction::ALL {
        let n = d.factions.iter().filter(|s| s.faction == faction).count();
        if n != 1 {
            p.add(
                F,
                "$",
                format!("faction {faction} has {n} sheets, expected exactly 1"),
            );
        }
    }
    for (i, sheet) in d.factions.iter().enumerate() {
        let at = format!("$[{i}]");
        for unit in UnitType::ALL
            .iter()
            .filter(|u| u.faction() == sheet.faction)
        {
            let n = sheet.units.iter().filter(|u| u.unit == *unit).count();
            if n != 1 {
                p.add(
                    F,
                    format!("{at}.units"),
                    format!("{unit} is listed {n} times, expected 1"),
                );
            }
        }
        for (j, u) in sheet.units.iter().enumerate() {
            let at = format!("{at}.units[{j}]");
            if u.unit.faction() != sheet.faction {
                p.add(
                    F,
                    format!("{at}.unit"),
                    format!("{} belongs to {}", u.unit, u.unit.faction()),
                );
            }
            if u.level > 3 {
                p.add(F, format!("{at}.level"), "command levels run from 0 to 3");
            }
            if u.in_box == 0 || u.health == 0 {
                p.add(
                    F,
                    at.clone(),
                    "a unit needs at least one copy in the box and 1 health",
                );
            }
        }
        for unit in sheet.initial_forces.units.keys() {
            if unit.faction() != sheet.faction {
                p.add(
                    F,
                    format!("{at}.initial_forces.units.{unit}"),
                    "not a unit of this faction",
                );
            }
        }
        if sheet.initial_forces.materiel > d.components.max_materiel {
            p.add(
                F,
                format!("{at}.initial_forces.materiel"),
                "above the materiel dial's maximum",
            );
        }
        if sheet.objectives.len() != usize::from(d.components.objective_tokens) {
            p.add(
                F,
                format!("{at}.objectives"),
                format!(
                    "expected {} objective tokens",
                    d.components.objective_tokens
                ),
            );
        }
        let home = d.tiles.iter().find(|t| t.number == sheet.home_tile);
        if home.and_then(|t| t.faction) != Some(sheet.faction) {
            p.add(
                F,
                format!("{at}.home_tile"),
                format!(
                    "tile {} does not bear the {} icon",
                    sheet.home_tile, sheet.faction
                ),
            );
        }
    }
}

fn check_structures(d: &GameData, p: &mut Problems) {
    for kind in [
        StructureKind::Factory,
        StructureKind::City,
        StructureKind::Bastion,
    ] {
        let n = d.structures.iter().filter(|s| s.structure == kind).count();
        if n != 1 {
            p.add(
                "structures.json",
                "$",
                format!("{kind} is listed {n} times, expected 1"),
            );
        }
    }
    for (i, s) in d.structures.iter().enumerate() {
        let fights = s.combat > 0 || s.health > 0;
        if (s.structure == StructureKind::Bastion) != fights {
            p.add(
                "structures.json",
                format!("$[{i}]"),
                "only a bastion has combat value and health",
            );
        }
    }
}

/// Checks the three card files: unique names within a faction, the counts of a faction's
/// decks, and unit requisites naming the faction's own units.
fn check_cards(d: &GameData, p: &mut Problems) {
    fn unique<'a>(p: &mut Problems, file: &str, names: impl Iterator<Item = (Faction, &'a str)>) {
        let mut seen = BTreeSet::new();
        for (i, (f, name)) in names.enumerate() {
            if !seen.insert((f, name)) {
                p.add(
                    file,
                    format!("$[{i}].name"),
                    format!("{f} has two cards named {name:?}"),
                );
            }
        }
    }
    unique(
        p,
        "combat-cards.json",
        d.combat_cards.iter().map(|c| (c.faction, c.name.as_str())),
    );
    unique(
        p,
        "event-cards.json",
        d.event_cards.iter().map(|c| (c.faction, c.name.as_str())),
    );
    unique(
        p,
        "order-upgrades.json",
        d.order_upgrades
            .iter()
            .map(|c| (c.faction, c.name.as_str())),
    );
    for faction in Faction::ALL {
        let starters = d
            .combat_cards
            .iter()
            .filter(|c| c.faction == faction && c.level.is_none())
            .count();
        if starters != 5 {
            p.add(
                "combat-cards.json",
                "$",
                format!("{faction} has {starters} starting combat cards; a deck is 5 pairs"),
            );
        }
        if !d.event_cards.iter().any(|c| c.faction == faction) {
            p.add(
                "event-cards.json",
                "$",
                format!("{faction} has no event cards"),
            );
        }
    }
    for (i, c) in d.combat_cards.iter().enumerate() {
        if let Some(u) = &c.unit {
            if u.requires.is_empty() && !u.bastion {
                p.add(
                    "combat-cards.json",
                    format!("$[{i}].unit.requires"),
                    "a unit ability needs at least one unit or a bastion",
                );
            }
            for r in &u.requires {
                if r.faction() != c.faction {
                    p.add(
                        "combat-cards.json",
                        format!("$[{i}].unit.requires"),
                        format!("{r} is not a {} unit", c.faction),
                    );
                }
            }
        }
        if c.level.is_some_and(|l| l > 3) {
            p.add(
                "combat-cards.json",
                format!("$[{i}].level"),
                "command levels run from 0 to 3",
            );
        }
    }
    for (i, c) in d.order_upgrades.iter().enumerate() {
        if c.level > 3 {
            p.add(
                "order-upgrades.json",
                format!("$[{i}].level"),
                "command levels run from 0 to 3",
            );
        }
    }
}

fn check_tiles(d: &GameData, p: &mut Problems) {
    const F: &str = "tiles.json";
    let mut numbers = BTreeSet::new();
    let mut codes = BTreeSet::new();
    for (i, t) in d.tiles.iter().enumerate() {
        if !numbers.insert(t.number) {
            p.add(
                F,
                format!("$[{i}].number"),
                format!("tile {} appears twice", t.number),
            );
        }
        if t.sides.len() != 2 {
            p.add(F, format!("$[{i}].sides"), "a tile has two sides");
        }
        for (j, side) in t.sides.iter().enumerate() {
            let at = format!("$[{i}].sides[{j}]");
            if !codes.insert(side.code.to_ascii_uppercase()) {
                p.add(
                    F,
                    format!("{at}.code"),
                    format!("side {} appears twice", side.code),
                );
            }
            for q in Quadrant::ALL {
                if !side.areas.contains_key(&q) {
                    p.add(F, format!("{at}.areas"), format!("the {q} area is missing"));
                }
            }
            for (q, area) in &side.areas {
                if let AreaData::World { capacity, .. } = area
                    && *capacity == 0
                {
                    p.add(
                        F,
                        format!("{at}.areas.{q}.capacity"),
                        "a world holds at least 1 unit",
                    );
                }
            }
        }
    }
}

/// Checks the introductory layout: known tiles, units on areas of their kind, each faction's
/// objective tokens spread as the rules require for each player count.
fn check_intro(d: &GameData, p: &mut Problems) {
    const F: &str = "intro-setup.json";
    let intro = &d.intro;
    let distinct: BTreeSet<_> = intro.factions.iter().collect();
    if intro.factions.len() != 4 || distinct.len() != 4 {
        p.add(
            F,
            "$.factions",
            "the introductory setup lists the four factions once each",
        );
    }
    let mut systems = BTreeSet::new();
    for (i, sys) in intro.systems.iter().enumerate() {
        let at = format!("$.systems[{i}]");
        if !systems.insert(sys.system) {
            p.add(
                F,
                format!("{at}.system"),
                format!("{} appears twice", sys.system),
            );
        }
        if sys.rotation > 3 {
            p.add(
                F,
                format!("{at}.rotation"),
                "a rotation is 0 to 3 quarter turns",
            );
        }
        let Some(side) = d.tile_side(&sys.tile) else {
            p.add(
                F,
                format!("{at}.tile"),
                format!("no tile side {}", sys.tile),
            );
            continue;
        };
        for (q, content) in &sys.areas {
            let at = format!("{at}.areas.{q}");
            // The board quadrant `q` shows the data quadrant that a rotation carries onto it.
            let printed = Quadrant::ALL
                .into_iter()
                .find(|d| d.rotated(sys.rotation) == *q);
            let area = printed.and_then(|d| side.areas.get(&d));
            let (world, objective_space) = match area {
                Some(AreaData::World {
                    objective_space, ..
                }) => (true, *objective_space),
                _ => (false, false),
            };
            for group in &content.units {
                let kind = d.unit(group.unit).kind;
                if (kind == UnitKind::Ship) == world {
                    let wants = if world { "a world" } else { "a void" };
                    p.add(
                        F,
                        at.clone(),
                        format!("{} cannot stand on {wants}", group.unit),
                    );
                }
            }
            if content.structure.is_some() && !world {
                p.add(
                    F,
                    format!("{at}.structure"),
                    "structures stand only on worlds",
                );
            }
            if !content.objective.is_empty() && !objective_space {
                p.add(
                    F,
                    format!("{at}.objective"),
                    "this area has no objective token space",
                );
            }
        }
    }
    for players in 2..=4u8 {
        let key = players.to_string();
        let in_game: BTreeSet<Faction> = intro
            .factions
            .iter()
            .copied()
            .take(usize::from(players))
            .collect();
        let mut counts: BTreeMap<Faction, u8> = BTreeMap::new();
        for sys in intro.systems.iter().filter(|s| s.system.col < players) {
            let mut on_tile = BTreeSet::new();
            for content in sys.areas.values() {
                let Some(f) = content.objective.get(&key) else {
                    continue;
                };
                *counts.entry(*f).or_default() += 1;
                if !in_game.contains(f) {
                    p.add(
                        F,
                        format!("$.systems.{}", sys.system),
                        format!("{f} is not in a {players}-player game"),
                    );
                }
                if !on_tile.insert(*f) {
                    p.add(
                        F,
                        format!("$.systems.{}", sys.system),
                        format!("two {f} objective tokens on one tile ({players} players)"),
                    );
                }
            }
        }
        // Setup: each player gives two of his tokens to every other player, so a faction has
        // two tokens on the board per opponent.
        let expected = 2 * (players - 1);
        for f in &in_game {
            let n = counts.get(f).copied().unwrap_or(0);
            if n != expected {
                p.add(
                    F,
                    "$.systems",
                    format!("{players} players: {f} has {n} objective tokens on the board, expected {expected}"),
                );
            }
        }
    }
}

/// Rulings: unique kebab-case ids, a Rules Reference glossary topic each, no empty text, and
/// every `ruling` named by a card, an ability, a tile or the setup exists.
fn check_rulings(d: &GameData, p: &mut Problems) {
    const FILE: &str = "rulings.json";
    let mut ids = BTreeSet::new();
    for (i, r) in d.rulings.iter().enumerate() {
        let kebab = !r.id.is_empty()
            && r.id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !kebab {
            p.add(
                FILE,
                format!("$[{i}].id"),
                format!("`{}`: an id is lower-case letters, digits and dashes", r.id),
            );
        }
        if !ids.insert(r.id.as_str()) {
            p.add(
                FILE,
                format!("$[{i}].id"),
                format!("`{}` is listed twice", r.id),
            );
        }
        if crate::engine::state::rule::Rule::from_glossary(&r.topic).is_none() {
            p.add(
                FILE,
                format!("$[{i}].topic"),
                format!(
                    "`{}` is no topic of the Rules Reference glossary (e.g. `Warp Storms, Moving`)",
                    r.topic
                ),
            );
        }
        for (field, text) in [
            ("about", &r.about),
            ("reading", &r.reading),
            ("reason", &r.reason),
        ] {
            if text.trim().is_empty() {
                p.add(FILE, format!("$[{i}].{field}"), "must not be empty");
            }
        }
    }
    let refs = crate::engine::data::rulings::references(d);
    for r in &refs {
        if !ids.contains(r.id) {
            let message = format!(
                "names the ruling `{}`, which rulings.json does not hold",
                r.id
            );
            p.add(r.file, r.path.clone(), message);
        }
    }
    let engine = crate::engine::data::rulings::ENGINE_RULINGS;
    for (i, r) in d.rulings.iter().enumerate() {
        let named = refs.iter().any(|x| x.id == r.id) || engine.iter().any(|(id, _)| *id == r.id);
        if !named {
            let message = format!(
                "`{}` is named by no card, ability, tile or setup, nor followed by the engine",
                r.id
            );
            p.add(FILE, format!("$[{i}].id"), message);
        }
    }
    for (id, source) in engine {
        if !ids.contains(id) {
            let message =
                format!("the engine ({source}) follows the ruling `{id}`, which is missing");
            p.add(FILE, "$".to_string(), message);
        }
    }
}
