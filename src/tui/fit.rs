//! Fitting what a player decides on into the room the screen has, by rule and never by a
//! blind cut: choices are shortened in steps applied to the whole list at once (signs for
//! words, no unit statistics, no place names after their ids), a step that would make two
//! choices read the same is skipped, and the facts that tell choices apart (places, prices,
//! a spent cache or forge token) are never dropped. The odds line has shorter forms that keep
//! every number.

use crate::bot::odds::CombatOdds;
use crate::engine::rules::board::Board;

/// One shortening step, applied to every choice of the list.
type Step = fn(&str, &Board) -> String;

/// The steps, mildest first; each one keeps what the earlier ones did.
const STEPS: [Step; 6] = [
    signs,
    no_statistics,
    no_place_names,
    no_asides,
    short_phrases,
    unit_codes,
];

/// The list's choices as drawn: each [`choices`] row on one line of `width` characters, or on
/// two when it is still wider (broken at a space, the second line continuing the first), so
/// no choice loses its end. Only a row too long for two lines is cut, at the end of its second
/// line with `…` (the detail panel shows the selected one in full).
#[must_use]
pub fn choice_lines(words: &[&str], width: usize, board: &Board) -> Vec<Vec<String>> {
    choices(words, width, board)
        .into_iter()
        .map(|row| {
            if row.chars().count() <= width {
                return vec![row];
            }
            let mut lines = super::layout::wrap(&row, width);
            if lines.len() > 2 {
                let rest = lines[1..].join(" ");
                lines = vec![lines[0].clone(), super::layout::clip(&rest, width)];
            }
            lines
        })
        .collect()
}

/// The list's choices, each fitted to `width` characters where rules allow: unchanged when
/// every one fits, otherwise shortened by the mildest steps that make them fit (see the
/// module), the same steps for every row so the list reads alike. A choice that still does
/// not fit after every step loses the words every such row starts with (`…` in their place),
/// since they tell none of them from another; a row still wider than `width` is returned
/// whole, for [`choice_lines`] to carry onto a second line.
#[must_use]
pub fn choices(words: &[&str], width: usize, board: &Board) -> Vec<String> {
    let mut rows: Vec<String> = words.iter().map(|w| (*w).to_string()).collect();
    let fits = |rows: &[String]| rows.iter().all(|r| r.chars().count() <= width);
    for step in STEPS {
        if fits(&rows) {
            break;
        }
        let next: Vec<String> = rows.iter().map(|r| step(r, board)).collect();
        if keeps_apart(&rows, &next) {
            rows = next;
        }
    }
    // The rows still too wide (two or more) lose the words they all start with.
    let long: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].chars().count() > width)
        .collect();
    if long.len() > 1 {
        let shortened =
            without_shared_start(&long.iter().map(|&i| rows[i].clone()).collect::<Vec<_>>());
        let mut next = rows.clone();
        for (&i, row) in long.iter().zip(shortened) {
            next[i] = row;
        }
        if keeps_apart(&rows, &next) {
            rows = next;
        }
    }
    rows
}

/// The rows without the words all of them start with, `…` standing for them (at least two
/// rows, the last shared word kept when it is all a row holds).
fn without_shared_start(rows: &[String]) -> Vec<String> {
    let words: Vec<Vec<&str>> = rows.iter().map(|r| r.split(' ').collect()).collect();
    let shortest = words.iter().map(Vec::len).min().unwrap_or(0);
    let shared = (0..shortest.saturating_sub(1))
        .take_while(|&i| words.iter().all(|w| w[i] == words[0][i]))
        .count();
    if shared == 0 {
        return rows.to_vec();
    }
    words
        .iter()
        .map(|w| format!("…{}", w[shared..].join(" ")))
        .collect()
}

/// Whether every two rows that differed before a step still differ after it.
fn keeps_apart(before: &[String], after: &[String]) -> bool {
    for i in 0..before.len() {
        for j in i + 1..before.len() {
            if before[i] != before[j] && after[i] == after[j] {
                return false;
            }
        }
    }
    true
}

/// Words for the board's signs (`README`: "Signs"): a price's `materiel` as `m`, a cache
/// token spent as `◆`, a forge token as `▲`.
fn signs(text: &str, _: &Board) -> String {
    text.replace(", cache token −2", " ◆−2")
        .replace(", forge token lowers level", " ▲lowers level")
        .replace(" + forge token", " +▲")
        .replace(" reinforcement tokens", " ✚")
        .replace(" reinforcement token", " ✚")
        .replace(" materiel", "m")
}

/// Without a unit's numbers in brackets (`(level 0, 1 dice, health 2, morale 2)`): the unit's
/// name stands for them, and the detail panel shows them for the selected choice.
fn no_statistics(text: &str, _: &Board) -> String {
    without_asides(text, |inside| inside.starts_with("level "))
}

/// Area and system ids without the names after them (`A1.nw Turaci` → `A1.nw`, `(void)`
/// dropped): the id alone tells places apart, and the board shows it.
fn no_place_names(text: &str, board: &Board) -> String {
    let mut out = text.replace(" (void)", "");
    for info in board.areas() {
        if let Some(w) = info.world() {
            out = out.replace(&format!("{} {}", info.id, w.name), &info.id.to_string());
        }
    }
    for s in board.systems() {
        let name = board.system_name(s);
        if !name.is_empty() {
            out = out.replace(&format!("{s} {name}"), &s.to_string());
        }
    }
    out
}

/// Long fixed phrases in the short forms the README's signs allow: an objective token as
/// `◎` with the faction's letter, a reinforcement token as `✚`, and shorter words for a
/// damage, a strike, an event deck, an upgrade that replaces a card, a skipped ability, a
/// replaced unit; a tile without its name (`place tile 9A on B4, turned 1`); a combat card's
/// ability without its text (the card's text is on `c`).
fn short_phrases(text: &str, _: &Board) -> String {
    const SHORT: [(&str, &str); 17] = [
        (
            "put the token on your event deck instead",
            "token to your event deck",
        ),
        (
            "spend a morale die to save the routed unit",
            "spend a morale die: unit saved",
        ),
        ("the next damage hits a ", "damage hits "),
        ("the next damage hits the ", "damage hits "),
        ("orbital strike from ", "strike from "),
        ("resolve the ability of ", "resolve "),
        ("choose the event card ", "event "),
        ("do not resolve ", "skip "),
        ("do not use ", "skip "),
        (
            "keep the rest for your next tiles",
            "keep the rest for later",
        ),
        ("replace the ", "replace "),
        (" with a free ", " → free "),
        (" (1 materiel)", " (1m)"),
        (" in place of ", " for "),
        ("commit no ✚", "no ✚"),
        ("reinforcement tokens", "✚"),
        ("reinforcement token", "✚"),
    ];
    let mut out = SHORT
        .iter()
        .fold(text.to_string(), |t, (long, short)| t.replace(long, short));
    // `place tile 9A The Lanthir Drift on B4, turned 1`: the code tells the tile.
    if let Some(rest) = out.strip_prefix("place tile ")
        && let (Some(code), Some(on)) = (rest.split(' ').next(), rest.rfind(" on "))
        && code.len() < on
    {
        out = format!("place tile {code}{}", &rest[on..]);
    }
    // `resolve Blessed Power Armour: Gain 2 defence tokens.`: the card names the ability.
    if out.starts_with("resolve ")
        && let Some(colon) = out.find(": ")
    {
        out.truncate(colon);
    }
    for f in crate::engine::Faction::ALL {
        for article in ["a", "an"] {
            out = out.replace(
                &format!("{article} {} objective token", f.name()),
                &format!("◎{} {}", f.letter(), f.name()),
            );
        }
    }
    out
}

/// Unit names as the board's unit codes (`Space Marine` → `SM`, README: "Signs"), plural
/// names too; the panel below shows the selected choice with the names.
fn unit_codes(text: &str, _: &Board) -> String {
    let mut out = text.to_string();
    let mut units: Vec<crate::engine::UnitType> = crate::engine::UnitType::ALL.to_vec();
    // Longer names first, so `Chaos Space Marine` goes before `Space Marine`.
    units.sort_by_key(|u| std::cmp::Reverse(u.name().len()));
    for u in units {
        let code = super::text::unit_code(u);
        for name in [format!("{}s", u.name()), u.name().to_string()] {
            out = out.replace(&name, code);
        }
    }
    out
}

/// Without any bracketed aside (kept only when dropping it would make two choices alike).
fn no_asides(text: &str, _: &Board) -> String {
    without_asides(text, |_| true)
}

/// `text` without the bracketed groups (and the space before each) whose inside `drop` picks.
fn without_asides(text: &str, drop: impl Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        let inside = &rest[open + 1..close];
        if drop(inside) {
            out.push_str(rest[..open].trim_end_matches(' '));
        } else {
            out.push_str(&rest[..=close]);
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The combat odds in the longest of its forms that fits `width`: the attacker's chance of
/// winning and both sides' expected losses in each, the playouts behind them only in the
/// longest; the shortest keeps the chance whole.
#[must_use]
pub fn odds(o: &CombatOdds, width: usize) -> String {
    let win = format!("{:.0}%", o.attacker_wins * 100.0);
    let (a, d) = (o.attacker_losses, o.defender_losses);
    let forms = [
        format!(
            "Odds ({} playouts): attacker wins {win} · expected losses: attacker {a:.1}, defender {d:.1} units",
            o.samples
        ),
        format!("Odds: attacker wins {win} · expected losses: attacker {a:.1}, defender {d:.1}"),
        format!("Odds: attacker wins {win} · losses: attacker {a:.1}, defender {d:.1}"),
        format!("Attacker wins {win} · losses {a:.1} att, {d:.1} def"),
        format!("Attacker wins {win} · loses {a:.1} v {d:.1}"),
        format!("Attacker wins {win}"),
    ];
    let last = forms.len() - 1;
    forms
        .into_iter()
        .enumerate()
        .find(|(i, f)| *i == last || f.chars().count() <= width)
        .map(|(_, f)| f)
        .unwrap_or_default()
}
