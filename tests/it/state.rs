//! The position's building blocks (`src/engine/state/`): an action is small and names its
//! places by their part, a card name is shared text that reads and writes as a plain string,
//! the rules topics keep the glossary's order, the area map walks in area order like the
//! `BTreeMap` it replaced, and a faction set lists each faction once.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use std::collections::BTreeMap;

use herakon::engine::state::action::{Action, Places};
use herakon::engine::state::area_map::AreaMap;
use herakon::engine::state::card_name::CardName;
use herakon::engine::state::ids::{AreaId, Faction, FactionSet, Quadrant, SystemId};
use herakon::engine::state::rule::Rule;

/// DESIGN: `Action` stays small and `Copy` so legal-action lists never allocate per action.
#[test]
fn an_action_fits_in_eight_bytes() {
    assert!(
        std::mem::size_of::<Action>() <= 8,
        "{} bytes",
        std::mem::size_of::<Action>()
    );
}

/// A move and a strike name where they come from and where they land; a purchase or an
/// area choice only where it lands; an order token its system; ending a step no place.
#[test]
fn an_action_names_its_places_by_their_part() {
    let act = |s: &str| {
        s.parse::<Action>()
            .unwrap_or_else(|e| unreachable!("{s}: {e}"))
    };
    let area = |s: &str| s.parse().unwrap_or_else(|_| unreachable!("{s}"));
    let moved = act("move A1.nw -> A1.ne scout x1").places();
    assert_eq!(
        (moved.from, moved.to),
        (Some(area("A1.nw")), Some(area("A1.ne")))
    );
    let struck = act("strike B1.ne -> B1.se").places();
    assert_eq!(
        (struck.from, struck.to),
        (Some(area("B1.ne")), Some(area("B1.se")))
    );
    let chosen = act("area A1.se").places();
    assert_eq!((chosen.from, chosen.to), (None, Some(area("A1.se"))));
    let placed = act("place advance B2").places();
    assert_eq!(
        placed.system,
        Some("B2".parse().unwrap_or_else(|_| unreachable!()))
    );
    assert_eq!(act("done").places(), Places::default());
}

#[test]
fn a_card_name_is_shared_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<CardName>();
}

#[test]
fn a_cloned_card_name_shares_its_text() {
    let name = CardName::from("Rapid Assault");
    let copy = name.clone();
    assert!(std::ptr::eq(name.as_str(), copy.as_str()));
    assert_eq!(copy, "Rapid Assault");
    assert_eq!(copy.to_string(), "Rapid Assault");
    assert_eq!(format!("{copy:?}"), "\"Rapid Assault\"");
}

#[test]
fn a_name_read_twice_keeps_one_copy_of_its_text() {
    // Names read from the data and from saves are kept once each, so copies of positions copy
    // pointers and a program that reads many saves holds each distinct name once (#31).
    let from_text = CardName::from(String::from("Skyhammer Annihilation"));
    let from_save: CardName = serde_json::from_str("\"Skyhammer Annihilation\"").unwrap();
    assert!(std::ptr::eq(from_text.as_str(), from_save.as_str()));
    let other = CardName::from("Skyhammer Annihilation!");
    assert_ne!(other, from_text);
}

#[test]
fn a_fixed_name_equals_orders_and_hashes_as_the_same_text_read_from_data() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash = |n: &CardName| {
        let mut h = DefaultHasher::new();
        n.hash(&mut h);
        h.finish()
    };
    let fixed = CardName::fixed("Crusade");
    let read = CardName::from(String::from("Crusade"));
    assert_eq!(fixed, read);
    assert_eq!(hash(&fixed), hash(&read));
    assert!(CardName::fixed("Abc") < read);
    assert_eq!(serde_json::to_string(&fixed).unwrap(), "\"Crusade\"");
}

#[test]
fn a_card_name_reads_and_writes_as_a_plain_json_string() {
    let name: CardName = serde_json::from_str("\"Fury of the \\\"Emperor\\\"\"").unwrap();
    assert_eq!(name, "Fury of the \"Emperor\"");
    assert_eq!(
        serde_json::to_string(&name).unwrap(),
        "\"Fury of the \\\"Emperor\\\"\""
    );
    assert_eq!(
        serde_json::to_value(schemars::schema_for!(CardName)).unwrap()["type"],
        "string"
    );
}

#[test]
fn topics_are_distinct_and_glossary_first() {
    let topics: std::collections::BTreeSet<&str> = Rule::ALL.iter().map(|r| r.topic()).collect();
    assert_eq!(topics.len(), Rule::ALL.len());
    let first_own = Rule::ALL
        .iter()
        .position(|r| !r.in_glossary())
        .unwrap_or(Rule::ALL.len());
    assert!(Rule::ALL[first_own..].iter().all(|r| !r.in_glossary()));
}

#[test]
fn glossary_topics_are_in_alphabetical_order() {
    // The glossary is alphabetical; our spelling keeps its order (a comma sorts first).
    let g: Vec<String> = Rule::ALL
        .iter()
        .filter(|r| r.in_glossary())
        .map(|r| r.topic().to_uppercase())
        .collect();
    assert!(g.windows(2).all(|w| w[0] < w[1]), "{g:?}");
}

#[test]
fn a_glossary_topic_is_found_by_its_words_and_a_program_topic_is_not() {
    assert_eq!(
        Rule::from_glossary("Warp Storms, Moving"),
        Some(Rule::WarpStormsMoving)
    );
    assert_eq!(Rule::from_glossary("Step in progress"), None);
    assert_eq!(Rule::from_glossary("warp storms"), None);
}

/// The map keeps its entries sorted by a number made of each area's column, row and quadrant:
/// every area of a 7x7 board, inserted last to first, is walked in `AreaId`'s order, each
/// once, and found again (a key sorting otherwise would walk out of order or miss the binary
/// search; two areas on one key would be one entry).
#[test]
fn the_sort_key_orders_areas_as_area_id_does() {
    let mut areas = Vec::new();
    for col in 0..7 {
        for row in 0..7 {
            for q in Quadrant::ALL {
                areas.push(AreaId::new(SystemId::new(col, row), q));
            }
        }
    }
    areas.sort();
    let mut map: AreaMap<usize> = AreaMap::new();
    for (n, a) in areas.iter().enumerate().rev() {
        map.insert(*a, n);
    }
    let walked: Vec<AreaId> = map.keys().copied().collect();
    assert_eq!(walked, areas);
    for (n, a) in areas.iter().enumerate() {
        assert_eq!(map.get(a), Some(&n), "{a}");
    }
}

#[test]
fn an_area_map_finds_inserts_and_walks_in_area_order_like_a_btree_map() {
    let ids: Vec<AreaId> = [(2, 1, 3), (0, 0, 1), (1, 2, 0), (0, 0, 0), (2, 1, 0)]
        .into_iter()
        .map(|(c, r, q)| AreaId::new(SystemId::new(c, r), Quadrant::ALL[q]))
        .collect();
    let mut map: AreaMap<Vec<usize>> = AreaMap::new();
    let mut tree = BTreeMap::new();
    for (n, &id) in ids.iter().enumerate() {
        map.entry(id).or_default().push(n);
        tree.insert(id, vec![n]);
    }
    let walked: Vec<_> = map.iter().map(|(a, s)| (*a, s.clone())).collect();
    let expected: Vec<_> = tree.iter().map(|(a, s)| (*a, s.clone())).collect();
    assert_eq!(walked, expected);
    for id in &ids {
        assert_eq!(map.get(id), tree.get(id));
    }
    assert_eq!(
        map.get(&AreaId::new(SystemId::new(3, 3), Quadrant::Nw)),
        None
    );
    let system = SystemId::new(2, 1);
    let of_system: Vec<AreaId> = map.of_system(system).map(|(a, _)| *a).collect();
    let expected: Vec<AreaId> = tree
        .keys()
        .copied()
        .filter(|a| a.system == system)
        .collect();
    assert_eq!(of_system, expected);
}

#[test]
fn a_faction_set_lists_each_faction_once_in_faction_order() {
    let s: FactionSet = [Faction::Eldar, Faction::Chaos, Faction::Eldar]
        .into_iter()
        .collect();
    assert_eq!(
        s.iter().collect::<Vec<_>>(),
        [Faction::Chaos, Faction::Eldar]
    );
    assert_eq!(s.len(), 2);
    assert!(s.contains(Faction::Chaos) && !s.contains(Faction::Orks));
    assert!(s.has_other_than(Faction::Chaos) && !s.only(Faction::Eldar));
    assert_eq!(s.single(), None);
    let one: FactionSet = [Faction::Orks].into_iter().collect();
    assert_eq!(one.single(), Some(Faction::Orks));
    assert!(one.only(Faction::Orks) && FactionSet::EMPTY.only(Faction::Orks));
    assert!(FactionSet::EMPTY.is_empty() && FactionSet::EMPTY.single().is_none());
}
