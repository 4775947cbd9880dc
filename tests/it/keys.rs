//! One key table (src/tui/keys.rs) feeds the key handling, the `?` help and the README: the
//! README's key table is the table's rows word for word, the help lists every row, and every
//! key a row names does what the row says on the player's screen.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crossterm::event::KeyCode;
use herakon::tui::keys::{Command, TABLE, When, command, readme_table};

#[test]
fn the_readme_key_table_is_the_client_key_table() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("| key | what it does |")
        .expect("the README has a key table");
    let table: String = readme[start..]
        .lines()
        .take_while(|l| l.starts_with('|'))
        .flat_map(|l| [l, "\n"])
        .collect();
    assert_eq!(
        table,
        readme_table(),
        "README's key table differs from src/tui/keys.rs"
    );
}

#[test]
fn the_help_lists_every_row_of_the_key_table() {
    let theme = herakon::tui::Theme::monochrome();
    let help: Vec<String> = herakon::tui::screens::help_lines(theme)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    for group in TABLE {
        assert!(help.iter().any(|l| l == group.title), "{}", group.title);
        for row in group.rows {
            assert!(
                help.iter()
                    .any(|l| l.trim_start().starts_with(row.label) && l.ends_with(row.does)),
                "the help lacks the row {:?}",
                row.label
            );
        }
    }
}

#[test]
fn each_key_gives_one_command_where_it_works() {
    // The first row that binds a key wins; a key bound twice in rows that apply together must be
    // bound to the same command, or the table would say two things about it.
    for whens in [
        &[When::Always, When::Play, When::List][..],
        &[When::Always, When::Play],
        &[When::Asking],
    ] {
        for group in TABLE {
            for row in group.rows.iter().filter(|r| whens.contains(&r.when)) {
                for (key, _) in row.keys {
                    let all: Vec<Command> = TABLE
                        .iter()
                        .flat_map(|g| g.rows)
                        .filter(|r| whens.contains(&r.when))
                        .flat_map(|r| r.keys)
                        .filter(|(k, _)| k == key)
                        .map(|(_, c)| *c)
                        .collect();
                    let first = command(*key, whens);
                    assert_eq!(first, all.first().copied());
                    // Only the list's and the board's arrows share keys, by focus.
                    if all.len() > 1 {
                        assert!(
                            all.iter().all(|c| matches!(
                                c,
                                Command::SelectUp | Command::SelectDown | Command::Cursor(_)
                            )),
                            "{key:?} is bound to {all:?}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(
        command(KeyCode::Char('k'), &[When::Play, When::List]),
        Some(Command::SelectUp)
    );
    assert!(matches!(
        command(KeyCode::Char('k'), &[When::Play]),
        Some(Command::Cursor(_))
    ));
}
