//! The game's keys in one table: the key handling looks a key up here, the `?` help lists the
//! rows (see `screens::help_lines`) and the README's key table is these rows, word for word
//! (tests/it/keys.rs compares them). Keys a box or screen names itself (the hand-off's seat
//! number, the end screen's, the not-saved box's letters) are handled where they are shown.

use std::fmt::Write as _;

use crossterm::event::KeyCode;

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Select the action above in the list.
    SelectUp,
    /// Select the action below in the list.
    SelectDown,
    /// Do the selected (or typed) action.
    Do,
    /// A digit of an action's number.
    Digit,
    /// Take back the last typed digit.
    Untype,
    /// A page up in the action list.
    PageUp,
    /// A page down in the action list.
    PageDown,
    /// The first action of the list.
    First,
    /// The last action of the list.
    Last,
    /// List only the actions at the cursor's area, or all again.
    Filter,
    /// Clear the typed number, then the filter, then give the list the focus.
    Clear,
    /// Move the focus between the action list and the board.
    Focus,
    /// Move the area cursor.
    Cursor(Step),
    /// Scroll the log a page back.
    LogBack,
    /// Scroll the log a page forward.
    LogForward,
    /// Open the whole log.
    Log,
    /// Open the save box.
    Save,
    /// Take back the last action.
    Undo,
    /// Yes, in a box that asks first.
    Yes,
    /// Open the cards that matter now.
    Cards,
    /// Open the faction sheet.
    Sheet,
    /// Open the round digest (what happened since the last phase began, and the last combat).
    Digest,
    /// Quit (asks first).
    Quit,
    /// Open the help.
    Help,
    /// Open How to play.
    HowTo,
    /// Open the rule behind the decision at hand.
    Rule,
    /// A hint: what the `normal` computer player would do in the person's place, and why.
    Hint,
    /// Turn the phase reminders on or off.
    Reminders,
    /// The guided game's next step.
    GuideNext,
    /// Leave the guided game and play on.
    GuideLeave,
}

/// A step of the area cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// One system column left.
    Left,
    /// One system column right.
    Right,
    /// One row up.
    Up,
    /// One row down.
    Down,
}

impl Step {
    /// The step in grid columns and rows.
    #[must_use]
    pub fn delta(self) -> (i16, i16) {
        match self {
            Step::Left => (-1, 0),
            Step::Right => (1, 0),
            Step::Up => (0, -1),
            Step::Down => (0, 1),
        }
    }
}

/// Where a row's keys work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// On every screen, with no box open.
    Always,
    /// On the player's screen.
    Play,
    /// On the player's screen while the action list has the focus.
    List,
    /// In a box that asks first.
    Asking,
}

/// One row of the table: the keys as the help names them, what they do, and the command each
/// key gives.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    /// The keys, as the help and the README name them.
    pub label: &'static str,
    /// What they do.
    pub does: &'static str,
    /// Where they work.
    pub when: When,
    /// Each key and its command (none for a row that is no key, such as a click).
    pub keys: &'static [(KeyCode, Command)],
}

/// A titled group of rows.
#[derive(Debug, Clone, Copy)]
pub struct Group {
    /// The heading.
    pub title: &'static str,
    /// The rows.
    pub rows: &'static [Row],
}

const fn c(ch: char) -> KeyCode {
    KeyCode::Char(ch)
}

const DIGITS: [(KeyCode, Command); 11] = [
    (c('0'), Command::Digit),
    (c('1'), Command::Digit),
    (c('2'), Command::Digit),
    (c('3'), Command::Digit),
    (c('4'), Command::Digit),
    (c('5'), Command::Digit),
    (c('6'), Command::Digit),
    (c('7'), Command::Digit),
    (c('8'), Command::Digit),
    (c('9'), Command::Digit),
    (KeyCode::Backspace, Command::Untype),
];

/// The table, in the order the help lists it.
pub const TABLE: [Group; 4] = [
    Group {
        title: "Choosing",
        rows: &[
            Row {
                label: "↑ ↓  j k",
                does: "select an action (when the action list has the focus)",
                when: When::List,
                keys: &[
                    (KeyCode::Up, Command::SelectUp),
                    (c('k'), Command::SelectUp),
                    (KeyCode::Down, Command::SelectDown),
                    (c('j'), Command::SelectDown),
                ],
            },
            Row {
                label: "Enter",
                does: "do the selected action; right after your own action the client picked it: the first Enter names it, the second does it",
                when: When::Play,
                keys: &[(KeyCode::Enter, Command::Do)],
            },
            Row {
                label: "1 2 … Enter",
                does: "do the action with that number",
                when: When::Play,
                keys: &DIGITS,
            },
            Row {
                label: "click",
                does: "an area: list only its actions; an action: select, click again to do it",
                when: When::Play,
                keys: &[],
            },
            Row {
                label: "PgUp PgDn",
                does: "scroll the action list; Home/End jump",
                when: When::Play,
                keys: &[
                    (KeyCode::PageUp, Command::PageUp),
                    (KeyCode::PageDown, Command::PageDown),
                    (KeyCode::Home, Command::First),
                    (KeyCode::End, Command::Last),
                ],
            },
            Row {
                label: "f",
                does: "list only the actions at the cursor's area, or all of them",
                when: When::Play,
                keys: &[(c('f'), Command::Filter)],
            },
            Row {
                label: "Esc",
                does: "clear the typed number, then the filter",
                when: When::Play,
                keys: &[(KeyCode::Esc, Command::Clear)],
            },
        ],
    },
    Group {
        title: "The board",
        rows: &[
            Row {
                label: "Tab",
                does: "move the focus between the action list and the board",
                when: When::Play,
                keys: &[
                    (KeyCode::Tab, Command::Focus),
                    (KeyCode::BackTab, Command::Focus),
                ],
            },
            Row {
                label: "← → ↑ ↓ h j k l",
                does: "move the area cursor (the board has the focus)",
                when: When::Play,
                keys: &[
                    (KeyCode::Left, Command::Cursor(Step::Left)),
                    (KeyCode::Right, Command::Cursor(Step::Right)),
                    (KeyCode::Up, Command::Cursor(Step::Up)),
                    (KeyCode::Down, Command::Cursor(Step::Down)),
                    (c('h'), Command::Cursor(Step::Left)),
                    (c('j'), Command::Cursor(Step::Down)),
                    (c('k'), Command::Cursor(Step::Up)),
                    (c('l'), Command::Cursor(Step::Right)),
                ],
            },
            Row {
                label: "[  ]  L",
                does: "scroll the log back and forward a page (the mouse wheel too); L: the whole log",
                when: When::Play,
                keys: &[
                    (c('['), Command::LogBack),
                    (c(']'), Command::LogForward),
                    (c('L'), Command::Log),
                ],
            },
        ],
    },
    Group {
        title: "The game",
        rows: &[
            Row {
                label: "s",
                does: "save the game (type a file name under saves/, Enter)",
                when: When::Always,
                keys: &[(c('s'), Command::Save)],
            },
            Row {
                label: "u",
                does: "take back your last action (a placed order too), until the next player takes the keyboard; not a reveal, a roll or a draw",
                when: When::Always,
                keys: &[(c('u'), Command::Undo)],
            },
            Row {
                label: "y",
                does: "yes, in the boxes that ask first: burying your own order token, the done that starts a combat, quitting",
                when: When::Asking,
                keys: &[(c('y'), Command::Yes), (c('Y'), Command::Yes)],
            },
            Row {
                label: "c",
                does: "the cards that matter now, in full: your hand, face-up cards, the card being resolved, events to choose, upgrades on offer",
                when: When::Always,
                keys: &[(c('c'), Command::Cards)],
            },
            Row {
                label: "i",
                does: "faction sheet: units (level, cost, dice, health, morale, supply), structures, ability, upgrades, objectives; ← → other factions",
                when: When::Always,
                keys: &[(c('i'), Command::Sheet)],
            },
            Row {
                label: "d",
                does: "what happened: the round digest (orders resolved, combats and their winners and why, units, structures, materiel, objectives) and the last combat's result; on the hand-off too",
                when: When::Always,
                keys: &[(c('d'), Command::Digest)],
            },
            Row {
                label: "q",
                does: "quit (asks first)",
                when: When::Always,
                keys: &[(c('q'), Command::Quit)],
            },
            Row {
                label: "?",
                does: "this help",
                when: When::Always,
                keys: &[(c('?'), Command::Help), (KeyCode::F(1), Command::Help)],
            },
        ],
    },
    Group {
        title: "Learning",
        rows: &[
            Row {
                label: "H",
                does: "How to play: the goal, a round, the four orders, combat, with the Rules Reference topics",
                when: When::Always,
                keys: &[(c('H'), Command::HowTo)],
            },
            Row {
                label: "r",
                does: "the rule behind this decision: what it is, the rule, its topic, our rulings on it",
                when: When::Always,
                keys: &[(c('r'), Command::Rule)],
            },
            Row {
                label: "a",
                does: "a hint: what the normal computer player would do in your place and why, in a box (Esc closes it), worked out from your own view (up to about a third of a second); only on your own decision",
                when: When::Play,
                keys: &[(c('a'), Command::Hint)],
            },
            Row {
                label: "e",
                does: "phase reminders on or off (on in a first game; remembered in the settings file)",
                when: When::Always,
                keys: &[(c('e'), Command::Reminders)],
            },
            Row {
                label: "n  x",
                does: "guided game (herakon learn): next tip; leave the guide and play on",
                when: When::Always,
                keys: &[(c('n'), Command::GuideNext), (c('x'), Command::GuideLeave)],
            },
        ],
    },
];

/// The command `code` gives where the rows of `when` apply (the first row that binds it, in
/// the table's order: on the player's screen `k` selects while the list has the focus and moves
/// the cursor otherwise).
#[must_use]
pub fn command(code: KeyCode, when: &[When]) -> Option<Command> {
    TABLE
        .iter()
        .flat_map(|g| g.rows)
        .filter(|r| when.contains(&r.when))
        .flat_map(|r| r.keys)
        .find(|(k, _)| *k == code)
        .map(|(_, command)| *command)
}

/// The digit key that takes the keyboard for `seat` on the hand-off screen (seat 1: `1`).
#[must_use]
pub fn seat_key(seat: crate::engine::Seat) -> char {
    char::from_digit(u32::from(seat.0) + 1, 10).unwrap_or(' ')
}

/// The README's key table: a header, then one line per row, grouped as the help groups them.
#[must_use]
pub fn readme_table() -> String {
    let mut out = String::from("| key | what it does |\n| --- | --- |\n");
    for g in TABLE {
        let _ = writeln!(out, "| **{}** | |", g.title);
        for r in g.rows {
            let label = r
                .label
                .split_whitespace()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(" ");
            let _ = writeln!(out, "| {label} | {} |", r.does);
        }
    }
    out
}
