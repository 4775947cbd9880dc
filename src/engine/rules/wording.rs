//! Plain grammar for the game log. Events are written in many places from templates
//! (`{who}'s {unit}`, `{n} token(s)`, `a {unit}`); this one pass fixes what templates get
//! wrong for some values: possessives of names ending in s, `a`/`an`, counted plurals,
//! and unit ids (`strike-cruiser`) that should read as the printed names.

use crate::engine::data::GameData;
use crate::engine::state::unit_type::UnitType;

/// `text` with plain grammar: `Ultramarines's` → `Ultramarines'`, `a Iconoclast` →
/// `an Iconoclast`, `1 token(s)` → `1 token`, `2 token(s)` → `2 tokens`, `2 strike-cruiser`
/// → `2 Strike Cruisers`.
#[must_use]
pub fn tidy(text: &str, data: &GameData) -> String {
    grammar(&unit_names(text, |u| data.unit(u).name.as_str()))
}

/// [`tidy`] with the printed unit names of [`UnitType::name`]: the one grammar pass of an
/// event's words (see [`super::event::Event`]).
#[must_use]
pub fn plain(text: &str) -> String {
    grammar(&unit_names(text, UnitType::name))
}

/// Possessives, `a`/`an` and counted plurals.
fn grammar(named: &str) -> String {
    let mut words: Vec<String> = named.split(' ').map(str::to_string).collect();
    for i in 0..words.len() {
        if let Some(stem) = words[i].strip_suffix("s's") {
            words[i] = format!("{stem}s'");
        }
        if let Some(next) = words.get(i + 1).cloned()
            && (words[i] == "a" || words[i] == "A")
            && wants_an(&next)
        {
            words[i].push('n');
        }
        if words[i].contains("(s)") {
            let one = counted_one(&words[..i]);
            let fixed = words[i].replace("(s)", if one { "" } else { "s" });
            words[i] = fixed;
        }
    }
    words.join(" ")
}

/// `n` and the noun, plural unless `n` is one: `1 action`, `3 actions`. `noun` is the
/// singular of a regular noun.
#[must_use]
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A card's option, written to the player choosing it (`let your opponent gain 2 defence
/// tokens`, `reroll one of your own defence dice`), told of that player in the log: `your
/// opponent` names `opponent`, and `your`/`his` read `their` (`let World Eaters gain 2
/// defence tokens`, `reroll one of their own defence dice`).
#[must_use]
pub fn third_person(label: &str, opponent: &str) -> String {
    let named = label
        .replace("your opponent", opponent)
        .replace("Your opponent", opponent);
    named
        .split(' ')
        .map(|w| match w {
            "your" | "his" => "their",
            "Your" | "His" => "Their",
            "you" => "they",
            "You" => "They",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the word after `a` starts with a vowel sound.
fn wants_an(word: &str) -> bool {
    let lower = word.to_lowercase();
    let Some(first) = lower.chars().next() else {
        return false;
    };
    match first {
        'a' | 'e' | 'i' | 'o' => true,
        // "a unit", "a use", but "an Ultramarines token", "an unrouted unit".
        'u' => !(lower.starts_with("uni") || lower.starts_with("use") || lower.starts_with("usu")),
        _ => false,
    }
}

/// Whether the number counting the word that follows `before` is one: the nearest number
/// among the last three words.
fn counted_one(before: &[String]) -> bool {
    before
        .iter()
        .rev()
        .take(3)
        .find_map(|w| {
            w.trim_matches(|c: char| !c.is_ascii_digit())
                .parse::<u32>()
                .ok()
        })
        .is_some_and(|n| n == 1)
}

/// Unit ids replaced by the printed names, in the plural after a number other than one.
fn unit_names<'a>(text: &str, name_of: impl Fn(UnitType) -> &'a str) -> String {
    if !text.contains('-') && !UnitType::ALL.iter().any(|u| text.contains(u.key())) {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let core = w.trim_end_matches([',', '.', ';', ':', ')']);
        let tail = &w[core.len()..];
        match UnitType::ALL.iter().find(|u| u.key() == core) {
            Some(u) => {
                let name = name_of(*u);
                let many = i > 0 && words[i - 1].parse::<u32>().is_ok_and(|n| n != 1);
                out.push(format!(
                    "{}{tail}",
                    if many { plural(name) } else { name.to_string() }
                ));
            }
            None => out.push((*w).to_string()),
        }
    }
    out.join(" ")
}

/// A unit's printed name in the plural (names already plural stay as they are).
fn plural(name: &str) -> String {
    if name.ends_with('z') || name.ends_with("guard") || name.ends_with('s') {
        name.to_string()
    } else {
        format!("{name}s")
    }
}
