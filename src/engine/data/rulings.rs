//! Rulings: the readings the engine chose where the rules are unclear or a source is unsure.
//! They are data (`assets/rulings.json`, loaded with the other assets); cards, faction
//! abilities, tiles and the introductory setup name the ruling that concerns them by its id.
//! A ruling names a Rules Reference glossary topic (`state::rule::Rule`); this module holds
//! the lookups `herakon rulings` prints from; which topics bear on each kind of decision is a
//! rule (`rules::rulings`).

use crate::engine::data::{GameData, Ruling};

/// The rulings no asset entry names because the engine's code follows them, each with the
/// source file that does. The loader checks that every ruling is named by the data or listed
/// here, so `rulings.json` stays the one place where readings are written down.
pub const ENGINE_RULINGS: &[(&str, &str)] = &[
    ("diagonal-storm-moves", "src/engine/rules/storms.rs"),
    ("both-sides-wiped-out", "src/engine/rules/combat.rs"),
    (
        "committed-reinforcements-out-of-supply",
        "src/engine/rules/assets.rs",
    ),
];

/// A place in the game data that names a ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulingRef<'a> {
    /// The asset file (`combat-cards.json`).
    pub file: &'static str,
    /// The JSON path of the reference in it (`$[12].ruling`).
    pub path: String,
    /// What names it, in words (`combat card Wave Serpent`).
    pub who: String,
    /// The ruling's id.
    pub id: &'a str,
}

/// Every reference to a ruling in the game data, in file order.
#[must_use]
pub fn references(d: &GameData) -> Vec<RulingRef<'_>> {
    fn push<'a>(
        out: &mut Vec<RulingRef<'a>>,
        file: &'static str,
        path: String,
        who: String,
        id: Option<&'a String>,
    ) {
        if let Some(id) = id {
            out.push(RulingRef {
                file,
                path,
                who,
                id,
            });
        }
    }
    let mut out = Vec::new();
    for (i, f) in d.factions.iter().enumerate() {
        let who = format!("faction ability {}", f.ability.name);
        let path = format!("$[{i}].ability.ruling");
        push(
            &mut out,
            "factions.json",
            path,
            who,
            f.ability.ruling.as_ref(),
        );
    }
    for (i, c) in d.combat_cards.iter().enumerate() {
        let who = format!("combat card {}", c.name);
        push(
            &mut out,
            "combat-cards.json",
            format!("$[{i}].ruling"),
            who,
            c.ruling.as_ref(),
        );
    }
    for (i, c) in d.event_cards.iter().enumerate() {
        let who = format!("event card {}", c.name);
        push(
            &mut out,
            "event-cards.json",
            format!("$[{i}].ruling"),
            who,
            c.ruling.as_ref(),
        );
    }
    for (i, c) in d.order_upgrades.iter().enumerate() {
        let who = format!("order upgrade {}", c.name);
        push(
            &mut out,
            "order-upgrades.json",
            format!("$[{i}].ruling"),
            who,
            c.ruling.as_ref(),
        );
    }
    for (i, t) in d.tiles.iter().enumerate() {
        for (j, s) in t.sides.iter().enumerate() {
            let path = format!("$[{i}].sides[{j}].ruling");
            push(
                &mut out,
                "tiles.json",
                path,
                format!("tile {}", s.code),
                s.ruling.as_ref(),
            );
        }
    }
    for (k, id) in d.intro.rulings.iter().enumerate() {
        let path = format!("$.rulings[{k}]");
        push(
            &mut out,
            "intro-setup.json",
            path,
            "introductory setup".into(),
            Some(id),
        );
    }
    out
}

impl GameData {
    /// The ruling with this id.
    #[must_use]
    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|r| r.id == id)
    }

    /// What names the ruling `id` (cards, abilities, tiles, the setup), in words; empty for a
    /// ruling that only the engine's code follows.
    #[must_use]
    pub fn ruling_users(&self, id: &str) -> Vec<String> {
        let mut users: Vec<String> = references(self)
            .into_iter()
            .filter(|r| r.id == id)
            .map(|r| r.who)
            .collect();
        users.dedup();
        users
    }

    /// The rulings whose id, topic, subject, text or users contain `word` (any letter case);
    /// every ruling for an empty word.
    #[must_use]
    pub fn rulings_matching(&self, word: &str) -> Vec<&Ruling> {
        let word = word.trim().to_lowercase();
        self.rulings
            .iter()
            .filter(|r| {
                word.is_empty()
                    || [&r.id, &r.topic, &r.about, &r.reading, &r.reason]
                        .iter()
                        .any(|t| t.to_lowercase().contains(&word))
                    || self
                        .ruling_users(&r.id)
                        .iter()
                        .any(|u| u.to_lowercase().contains(&word))
            })
            .collect()
    }
}
