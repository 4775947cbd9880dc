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

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests fail loudly")]
mod tests {
    use super::*;
    use crate::engine::state::ids::{AreaId, Quadrant, SystemId};
    use crate::engine::state::unit_type::UnitType;

    fn area(col: u8, q: Quadrant) -> AreaId {
        AreaId::new(SystemId::new(col, 0), q)
    }

    fn mv(count: u8, to: Quadrant) -> Action {
        Action::MoveUnits {
            from: area(0, Quadrant::Nw),
            to: area(1, to),
            unit: UnitType::StrikeCruiser,
            count,
        }
    }

    /// `len` choices of one line each.
    fn ones(len: usize) -> Vec<usize> {
        vec![1; len]
    }

    /// Every mix of one- and two-line choices up to 9 of them, every window of 2 to 6 lines,
    /// every stored scroll and selection: the selected choice is drawn whole, and when the
    /// list is scrolled no choice above could have filled the room left at its end.
    #[test]
    fn the_selected_choice_is_always_drawn_whole_with_one_and_two_line_choices() {
        for len in 0..9usize {
            for mask in 0..(1u32 << len) {
                let heights: Vec<usize> =
                    (0..len).map(|i| 1 + ((mask >> i) & 1) as usize).collect();
                for rows in 2..7 {
                    for scroll in 0..len + 2 {
                        for selected in 0..len {
                            let at = format!(
                                "heights {heights:?} rows {rows} scroll {scroll} selected {selected}"
                            );
                            let first = first_shown(scroll, selected, &heights, rows);
                            let n = shown_from(first, &heights, rows);
                            assert!((first..first + n).contains(&selected), "{at}");
                            let used: usize = heights[first..first + n].iter().sum();
                            assert!(used <= rows, "{at}");
                            if first + n < len {
                                assert!(used + heights[first + n] > rows, "{at}: room left");
                            } else if first > 0 {
                                assert!(used + heights[first - 1] > rows, "{at}: room left");
                            }
                            for line in 0..used {
                                let i = at_line(first, &heights, line).unwrap();
                                assert!((first..first + n).contains(&i), "{at}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_list_that_fits_is_never_scrolled() {
        assert_eq!(first_shown(1, 10, &ones(11), 11), 0);
        assert_eq!(first_shown(5, 0, &ones(3), 3), 0);
        assert_eq!(first_shown(2, 2, &[2, 1, 2], 5), 0);
    }

    #[test]
    fn a_list_scrolled_too_far_shows_its_last_rows_in_full() {
        // 11 choices, 10 rows, scrolled by one: row 11 was not drawn, row 1 hidden.
        assert_eq!(first_shown(3, 10, &ones(11), 10), 1);
        assert_eq!(first_shown(3, 0, &ones(11), 10), 0);
    }

    #[test]
    fn after_an_action_the_same_action_stays_selected_while_it_is_legal() {
        let choices = [mv(2, Quadrant::Ne), mv(1, Quadrant::Nw), Action::Done];
        assert_eq!(after_action(mv(1, Quadrant::Nw), &choices), 1);
    }

    #[test]
    fn after_an_action_gone_the_first_choice_of_its_kind_is_selected() {
        let choices = [Action::Done, mv(1, Quadrant::Ne), mv(1, Quadrant::Se)];
        assert_eq!(after_action(mv(1, Quadrant::Nw), &choices), 1);
    }

    #[test]
    fn after_an_action_of_a_kind_gone_the_first_choice_is_selected() {
        let choices = [Action::Resolve, Action::ToEventDeck];
        assert_eq!(after_action(mv(1, Quadrant::Nw), &choices), 0);
        assert_eq!(after_action(Action::Done, &[]), 0);
    }
}
