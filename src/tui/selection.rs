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

/// The first row of a list of `len` rows shown `rows` at a time, starting from the stored
/// `scroll` and moved just enough to show row `selected` (when it exists) and to leave no
/// empty row at the end while rows above are hidden.
#[must_use]
pub fn first_shown(scroll: usize, selected: usize, len: usize, rows: usize) -> usize {
    if rows == 0 || len <= rows {
        return 0;
    }
    let last_start = len - rows;
    let mut first = scroll.min(last_start);
    if selected < len {
        if selected < first {
            first = selected;
        } else if selected >= first + rows {
            first = selected + 1 - rows;
        }
    }
    first.min(last_start)
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

    #[test]
    fn the_selected_row_is_always_among_the_rows_shown() {
        for len in 0..12 {
            for rows in 1..6 {
                for scroll in 0..14 {
                    for selected in 0..len {
                        let first = first_shown(scroll, selected, len, rows);
                        assert!(
                            (first..first + rows).contains(&selected),
                            "len {len} rows {rows} scroll {scroll} selected {selected}"
                        );
                        // Never scrolled past the end: the window is full when it scrolls.
                        assert!(first == 0 || first + rows <= len);
                    }
                }
            }
        }
    }

    #[test]
    fn a_list_that_fits_is_never_scrolled() {
        assert_eq!(first_shown(1, 10, 11, 11), 0);
        assert_eq!(first_shown(5, 0, 3, 3), 0);
    }

    #[test]
    fn a_list_scrolled_too_far_shows_its_last_rows_in_full() {
        // 11 choices, 10 rows, scrolled by one: row 11 was not drawn, row 1 hidden.
        assert_eq!(first_shown(3, 10, 11, 10), 1);
        assert_eq!(first_shown(3, 0, 11, 10), 0);
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
