//! The action list's selection: which rows are on screen, and where the selection goes after
//! an action. Both are pure rules, shared by the drawing and the client's keys and clicks.
//!
//! **The list never loses a row.** The rows drawn are [`first_shown`] onwards: the selected
//! row is always among them, and the list is never scrolled past its end (no empty row below
//! the last choice while a choice above is hidden).
//!
//! **After an action the selection goes to a safe default** ([`after_action`]), and it is the
//! client's suggestion, not the player's choice: the first `Enter` on it does nothing but name
//! the action on the status line ("Enter again: …"), the second does it. A second `Enter`
//! pressed by reflex, or one meant for the action just done, thus never does another action
//! (or the same one again) unseen. A key that selects (arrows, a number, a click, the wheel)
//! makes the selection the player's own, and `Enter` then acts at once.

use std::mem::discriminant;

use crate::engine::Action;

/// The first choice drawn of a list whose choices take `heights` screen lines each (one, or
/// two for a choice carried onto a second line), `rows` lines at a time: the stored `scroll`,
/// moved just enough to show choice `selected` whole (when it exists) and to leave no room at
/// the end that a choice above could fill.
#[must_use]
pub fn first_shown(scroll: usize, selected: usize, heights: &[usize], rows: usize) -> usize {
    let len = heights.len();
    if rows == 0 || heights.iter().sum::<usize>() <= rows {
        return 0;
    }
    // The first choice from which every one to the end fits.
    let mut last_start = len;
    let mut used = 0;
    while last_start > 0 && used + heights[last_start - 1] <= rows {
        last_start -= 1;
        used += heights[last_start];
    }
    let mut first = scroll.min(last_start);
    if selected < len {
        if selected < first {
            first = selected;
        }
        while first < selected && heights[first..=selected].iter().sum::<usize>() > rows {
            first += 1;
        }
    }
    first.min(last_start)
}

/// How many choices from `first` on are drawn whole in `rows` lines (`heights` as in
/// [`first_shown`]); at least one when any is left, cut by the panel's edge if it must be.
#[must_use]
pub fn shown_from(first: usize, heights: &[usize], rows: usize) -> usize {
    let mut used = 0;
    let mut n = 0;
    for h in heights.iter().skip(first) {
        if used + h > rows && n > 0 {
            break;
        }
        used += h;
        n += 1;
    }
    n
}

/// The choice drawn on line `line` of the list (0: its first line), when the list starts at
/// choice `first` (`heights` as in [`first_shown`]).
#[must_use]
pub fn at_line(first: usize, heights: &[usize], line: usize) -> Option<usize> {
    let mut top = 0;
    for (i, h) in heights.iter().enumerate().skip(first) {
        if line < top + h {
            return Some(i);
        }
        top += h;
    }
    None
}

/// Where the selection goes after the player on screen did `done`, among the `choices` now
/// listed (in their order): the same action if it is still there (another unit of the same
/// kind bought, the second of two ships moved the same way), else the first choice of the
/// same kind (the same sort of action: another move, another purchase), else the first
/// choice. [`after_action`] is a suggestion: see the module's comment.
#[must_use]
pub fn after_action(done: Action, choices: &[Action]) -> usize {
    choices
        .iter()
        .position(|a| *a == done)
        .or_else(|| {
            choices
                .iter()
                .position(|a| discriminant(a) == discriminant(&done))
        })
        .unwrap_or(0)
}
