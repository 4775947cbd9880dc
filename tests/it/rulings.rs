//! The rulings page (`assets/rulings.json`, `herakon rulings`): every reading the engine chose
//! where the rules are unclear or a source is unsure is written down once, with its Rules
//! Reference topic and reason; cards, abilities, tiles and the setup name it by id instead of
//! carrying notes of their own; the client's help finds the rulings of the decision at hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

use herakon::engine::DecisionKind;
use herakon::engine::Rule;
use herakon::engine::data::rulings::{ENGINE_RULINGS, references};
use herakon::engine::data::{ASSET_FILES, GameData};
use herakon::engine::rules::rulings::topics_for;
use serde_json::Value;

fn embedded() -> GameData {
    GameData::embedded().unwrap()
}

/// Every `(key, value)` pair of a JSON document, at any depth.
fn walk<'a>(v: &'a Value, out: &mut Vec<(&'a str, &'a Value)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.push((k.as_str(), x));
                walk(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
        _ => {}
    }
}

#[test]
fn no_asset_keeps_a_note_of_its_own_every_reading_is_a_ruling() {
    for (name, text) in ASSET_FILES {
        let doc: Value = serde_json::from_str(text).unwrap();
        let mut pairs = Vec::new();
        walk(&doc, &mut pairs);
        for (key, _) in pairs {
            assert!(
                key != "note" && key != "notes",
                "{name} still has a `{key}`: move it into rulings.json and name it by id"
            );
        }
    }
}

#[test]
fn every_ruling_named_in_the_assets_exists_and_every_ruling_is_named_or_followed_by_the_engine() {
    let d = embedded();
    let ids: Vec<&str> = d.rulings.iter().map(|r| r.id.as_str()).collect();
    // Count the references in the raw files too, so one the loader skips would show.
    let mut raw = 0;
    for (name, text) in ASSET_FILES {
        let doc: Value = serde_json::from_str(text).unwrap();
        let mut pairs = Vec::new();
        walk(&doc, &mut pairs);
        for (key, value) in pairs {
            let named: Vec<&str> = match (key, value) {
                ("ruling", Value::String(id)) => vec![id.as_str()],
                ("rulings", Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
                _ => continue,
            };
            for id in named {
                raw += 1;
                assert!(ids.contains(&id), "{name} names the missing ruling `{id}`");
            }
        }
    }
    let refs = references(&d);
    assert_eq!(
        refs.len(),
        raw,
        "the loader sees every reference in the files"
    );
    for r in &d.rulings {
        let by_data = refs.iter().any(|x| x.id == r.id);
        let by_engine = ENGINE_RULINGS.iter().any(|(id, _)| *id == r.id);
        assert!(by_data || by_engine, "`{}` is named by nothing", r.id);
    }
    for (id, source) in ENGINE_RULINGS {
        let code =
            std::fs::read_to_string(format!("{}/{source}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert!(
            code.contains(id),
            "{source} follows the ruling `{id}` and says so in a comment"
        );
    }
}

#[test]
fn every_ruling_has_a_glossary_topic_a_reading_and_a_reason() {
    let d = embedded();
    assert!(d.rulings.len() >= 40, "{} rulings", d.rulings.len());
    for r in &d.rulings {
        assert!(
            Rule::from_glossary(&r.topic).is_some(),
            "{}: topic {}",
            r.id,
            r.topic
        );
        assert!(!r.about.trim().is_empty(), "{}: no subject", r.id);
        for text in [&r.reading, &r.reason] {
            assert!(text.trim().len() > 20, "{}: an empty or stub text", r.id);
        }
    }
}

#[test]
fn the_unclear_rules_the_issue_names_each_have_a_ruling() {
    let d = embedded();
    for (id, topic) in [
        ("diagonal-storm-moves", "Warp Storms, Moving"),
        ("intro-objective-tokens", "Objective Tokens"),
        ("farsight-routed-units", "Rout and Rally"),
        ("smasher-gargant-level-0", "Command Level"),
        ("ork-dominate-ability", "Dominate Order"),
        ("chaos-dominate-ability", "Dominate Order"),
        ("both-sides-wiped-out", "Combat"),
    ] {
        let r = d.ruling(id).unwrap_or_else(|| panic!("no ruling {id}"));
        assert_eq!(r.topic, topic, "{id}");
    }
    assert_eq!(
        d.ruling_users("farsight-routed-units"),
        ["event card Farsight"]
    );
    assert_eq!(
        d.ruling_users("ork-free-reinforcement-token"),
        ["combat card Sea of Green", "combat card Party Wagon"]
    );
    assert!(
        d.ruling_users("chaos-dominate-ability")
            .iter()
            .any(|u| u.starts_with("faction ability"))
    );
}

/// Discarding Cards: the reading that a combat card discarded mid-combat is back in its deck
/// at once is a ruling named by every card that discards one and by the card that draws.
#[test]
fn discarding_cards_the_ruling_is_named_by_the_cards_that_discard_or_draw() {
    let d = embedded();
    let r = d.ruling("discard-back-into-deck-at-once").unwrap();
    assert_eq!(r.topic, "Discarding Cards");
    let by = d.ruling_users("discard-back-into-deck-at-once");
    for card in [
        "Break the Line",
        "Psychic Lance",
        "Mek Boyz",
        "Snapper Gargant",
        "Holofield Emitter",
    ] {
        assert!(
            by.contains(&format!("combat card {card}")),
            "{card}: {by:?}"
        );
    }
}

#[test]
fn the_card_readings_of_the_rules_fixes_have_rulings_named_by_their_cards() {
    let d = embedded();
    let users = |id: &str| {
        let r = d.ruling(id).unwrap_or_else(|| panic!("no ruling {id}"));
        assert!(!r.reason.is_empty() && !r.reading.is_empty(), "{id}");
        (r.topic.clone(), d.ruling_users(id))
    };
    let (topic, by) = users("placed-attackers-cannot-retreat");
    assert_eq!(topic, "Retreats");
    for card in [
        "Drop Pod Assault",
        "Chaos United",
        "Mark of Slaanesh",
        "Mark of Tzeentch",
    ] {
        assert!(
            by.contains(&format!("combat card {card}")),
            "{card}: {by:?}"
        );
    }
    let (topic, by) = users("wave-serpent-one-contested-area");
    assert_eq!(topic, "Contested Areas");
    assert_eq!(by, ["combat card Wave Serpent"]);
    assert!(
        d.ruling("wave-serpent-one-contested-area")
            .unwrap()
            .reading
            .contains("follow-up combat")
    );
    let (topic, by) = users("ork-roks-used-at-first-unit");
    assert_eq!(topic, "Order Upgrade Cards");
    assert_eq!(by, ["order upgrade Ork Roks"]);
    let (_, by) = users("fire-dragons-vengeance-no-new-tokens");
    assert_eq!(by, ["combat card Fire Dragon's Vengeance"]);
    assert!(
        d.ruling("fire-dragons-vengeance-no-new-tokens")
            .unwrap()
            .reading
            .contains("mirrored")
    );
    let (topic, by) = users("bastion-in-unit-requisite");
    assert_eq!(topic, "Combat Card Resolution");
    assert_eq!(
        by,
        [
            "combat card Blessed Power Armour",
            "combat card Hold the Line",
            "combat card Show No Fear"
        ]
    );
    let (topic, _) = users("committed-reinforcements-out-of-supply");
    assert_eq!(topic, "Reinforcement Tokens");
    assert!(
        ENGINE_RULINGS
            .iter()
            .any(|(id, _)| *id == "committed-reinforcements-out-of-supply")
    );
}

/// A copy of the assets with one file's text edited.
fn with_edit(file: &str, edit: impl Fn(&str) -> String) -> String {
    GameData::from_texts(|name| {
        let text = ASSET_FILES.iter().find(|(n, _)| *n == name)?.1;
        Some(if name == file {
            edit(text)
        } else {
            text.to_string()
        })
    })
    .unwrap_err()
    .to_string()
}

#[test]
fn a_card_naming_a_missing_ruling_is_reported_with_file_and_path() {
    let shown = with_edit("combat-cards.json", |t| {
        t.replacen(
            "\"ruling\": \"lure-of-chaos\"",
            "\"ruling\": \"lure-of-chaos-2\"",
            1,
        )
    });
    assert!(shown.contains("combat-cards.json: $["), "{shown}");
    assert!(
        shown.contains("`lure-of-chaos-2`, which rulings.json does not hold"),
        "{shown}"
    );
    // The ruling nothing names any more is reported too.
    assert!(
        shown.contains("`lure-of-chaos` is named by no card"),
        "{shown}"
    );
}

#[test]
fn a_ruling_with_an_unknown_topic_or_an_empty_reason_is_reported() {
    let shown = with_edit("rulings.json", |t| {
        t.replacen(
            "\"topic\": \"Warp Storms, Moving\"",
            "\"topic\": \"Storm Stuff\"",
            1,
        )
    });
    assert!(
        shown.contains("rulings.json: $[0].topic: `Storm Stuff` is no topic"),
        "{shown}"
    );
    let shown = with_edit("rulings.json", |t| {
        let start = t.find("\"reason\": \"The booklet").unwrap();
        let end = start + t[start..].find('\n').unwrap();
        format!("{}\"reason\": \"\"{}", &t[..start], &t[end..])
    });
    assert!(
        shown.contains("rulings.json: $[0].reason: must not be empty"),
        "{shown}"
    );
}

#[test]
fn every_kind_of_decision_names_glossary_topics_and_the_storm_and_dominate_choices_find_their_rulings()
 {
    use DecisionKind as K;
    let d = embedded();
    for kind in DecisionKind::ALL {
        for t in topics_for(kind) {
            assert!(t.in_glossary(), "{kind:?}: {t}");
        }
    }
    let ids = |kind| -> Vec<String> { d.rulings_for(kind).iter().map(|r| r.id.clone()).collect() };
    assert!(ids(K::MoveStorm).contains(&"diagonal-storm-moves".to_string()));
    let dominate = ids(K::FactionAbility);
    assert!(
        dominate.contains(&"ork-dominate-ability".to_string()),
        "{dominate:?}"
    );
    assert!(
        dominate.contains(&"chaos-dominate-ability".to_string()),
        "{dominate:?}"
    );
    assert!(!ids(K::PlaceOrder).contains(&"diagonal-storm-moves".to_string()));
    assert!(ids(K::PlaceObjective).contains(&"intro-objective-tokens".to_string()));
}

#[test]
fn herakon_rulings_prints_the_matching_readings_with_topic_reason_and_cards() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_herakon"))
            .arg("rulings")
            .args(args)
            .output()
            .unwrap()
    };
    let o = run(&["farsight"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("(farsight-routed-units)"), "{out}");
    assert!(out.contains("rule:    Rout and Rally"), "{out}");
    assert!(out.contains("for:     event card Farsight"), "{out}");
    assert!(!out.contains("diagonal-storm-moves"), "{out}");
    let o = run(&["--json"]);
    assert!(o.status.success());
    let all: Value = serde_json::from_slice(&o.stdout).unwrap();
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), embedded().rulings.len());
    assert!(
        all.iter()
            .all(|r| r["topic"].is_string() && r["used_by"].is_array())
    );
    let o = run(&["no-such-ruling-anywhere"]);
    assert_eq!(o.status.code(), Some(1), "a word matching nothing exits 1");
}
