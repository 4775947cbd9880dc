//! Where things go on the screen: the regions computed from the terminal and board sizes
//! (`src/tui/layout.rs`: every area found where it is drawn, no panel over the board), and the
//! action list's rows (`src/tui/selection.rs`: the selected choice always drawn whole, the
//! selection after an action).
#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use herakon::engine::{Action, AreaId, Quadrant, SystemId, UnitType};
use herakon::tui::layout::{Regions, Window};
use herakon::tui::selection::{after_action, at_line, first_shown, shown_from};
use ratatui::layout::Rect;

#[test]
fn every_area_is_found_where_it_is_drawn() {
    for (w, h, cols, players) in [
        (120, 40, 2, 2),
        (120, 40, 4, 4),
        (160, 48, 3, 3),
        (200, 60, 4, 4),
    ] {
        let r = Regions::compute(Rect::new(0, 0, w, h), Window::whole(cols, 3), players, 30);
        assert!(r.board.right() <= w && r.board.bottom() < h);
        for col in 0..cols {
            for row in 0..3 {
                for q in Quadrant::ALL {
                    let a = AreaId::new(SystemId::new(col, row), q);
                    let rect = r.area(a);
                    assert!(
                        rect.width >= 7 && rect.height >= 3,
                        "{w}x{h}: {a} is {rect:?}"
                    );
                    assert_eq!(r.area_at(rect.x, rect.y), Some(a));
                    assert_eq!(r.area_at(rect.right() - 1, rect.bottom() - 1), Some(a));
                }
            }
        }
    }
}

#[test]
fn panels_do_not_overlap_the_board() {
    // (width, height, board columns, rows, players): 80x24 is the smallest size a
    // two-player game is played at; 120x40 holds four players on the constructed board.
    for (w, h, cols, rows, players) in [
        (80, 24, 2, 3, 2),
        (100, 30, 2, 3, 2),
        (120, 40, 2, 3, 2),
        (120, 40, 3, 3, 3),
        (120, 40, 4, 3, 4),
        (120, 40, 5, 3, 4),
        (200, 60, 4, 3, 4),
    ] {
        assert!(
            Regions::minimum(cols, rows, players) <= (w, h),
            "{w}x{h} refused for {cols}x{rows}"
        );
        for choices in [1, 12, 60] {
            let r = Regions::compute(
                Rect::new(0, 0, w, h),
                Window::whole(cols, rows),
                players,
                choices,
            );
            assert_eq!(r.compact, w < 100 || h < 30);
            let panels = [r.players, r.detail, r.prompt, r.log];
            for (i, p) in panels.iter().enumerate() {
                assert!(
                    !p.intersects(r.board),
                    "{w}x{h} {players}p: {p:?} / {:?}",
                    r.board
                );
                assert!(p.right() <= w && p.bottom() < h);
                for q in &panels[i + 1..] {
                    assert!(!p.intersects(*q), "{w}x{h} {players}p: {p:?} / {q:?}");
                }
            }
            let per = usize::from(r.player_lines);
            assert!(
                usize::from(r.players.height) >= 2 + per * players,
                "{w}x{h}: every player has his lines: {r:?}"
            );
            assert!(
                r.prompt.height >= 8,
                "{w}x{h} {players}p prompt {:?}",
                r.prompt
            );
            assert!(r.detail.height >= 6, "{w}x{h} {players}p {r:?}");
            assert!(r.tile_h >= 5 && r.tile_w >= 15, "{w}x{h}: {r:?}");
            assert!(r.board.right() <= w && r.board.bottom() < h);
        }
    }
}

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
            let heights: Vec<usize> = (0..len).map(|i| 1 + ((mask >> i) & 1) as usize).collect();
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
