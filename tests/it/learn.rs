//! Learning the game in the client: the guided first game (`herakon learn`) is finished by
//! following its own instructions, its every box fits at 80x24 and 120x40, every kind of
//! decision has its rule, the How to play screen (snapshot), the phase reminders and their
//! settings file.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use std::time::Duration;

use crossterm::event::KeyCode;
use herakon::engine::rules::Event;
use herakon::engine::{Action, DecisionKind, Game, Rule};
use herakon::tui::settings::{self, Settings};
use herakon::tui::{Client, Msg, Overlay, Scene, Screen, Theme};
use herakon::tui::{guide, learn};

/// The screen as text, trailing blanks cut.
fn render(client: &Client, game: &Game) -> String {
    let buf = common::drawn(client, game);
    common::text(&buf)
}

/// The guided game on a client of `w` x `h`, as `herakon learn` starts it (settings of a
/// first game: the phase reminders on).
fn guided(w: u16, h: u16) -> (Client, Game) {
    common::few_odds_playouts();
    let (game, bots, person) = learn::new_game(common::data()).unwrap();
    let mut client = Client::new(&game, Theme::monochrome(), w, h);
    client.set_bots(&game, bots);
    client.view.teach.start_guide(person);
    client.view.teach.begin(&game, Settings::default());
    (client, game)
}

/// The message of a key named in the step data.
fn key(name: &str) -> Msg {
    match name {
        "Enter" => Msg::key(KeyCode::Enter),
        "Space" => Msg::char(' '),
        "Esc" => Msg::key(KeyCode::Esc),
        one if one.chars().count() == 1 => Msg::char(one.chars().next().unwrap()),
        other => panic!("the step data names an unknown key `{other}`"),
    }
}

fn course() -> &'static learn::Course {
    learn::course().unwrap()
}

#[test]
fn the_guided_game_is_finished_by_following_its_own_instructions_at_80x24() {
    let (mut client, mut game) = guided(80, 24);
    let steps = course().steps.len();
    let mut clock = Duration::ZERO;
    let mut shown = Vec::new();
    for _ in 0..2000 {
        let screen = render(&client, &game);
        let Some(at) = client.view.teach.guide.as_ref().map(|g| g.at) else {
            break;
        };
        assert!(!game.is_over(), "the game ended inside the walk-through");
        match client.view.screen {
            Screen::Bot(_) => {
                clock += Duration::from_millis(800);
                client.handle(&mut game, Msg::Tick(clock));
                continue;
            }
            Screen::Play => {}
            other => panic!("unexpected screen {other:?} at step {at}\n{screen}"),
        }
        let legal = game.legal_actions();
        let (step, number, waiting) = client.view.teach.current(game.decision(), &legal).unwrap();
        assert!(
            !(waiting && step.decision.is_some()),
            "step `{}` waits for {:?}, but the person faces {:?}; legal: {}\n{screen}",
            step.id,
            step.decision,
            game.decision().map(|d| d.kind),
            legal
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" | ")
        );
        assert!(
            screen.contains(&format!("Guide: {}", step.title)) || screen.contains("Guide:"),
            "step `{}` has no box on screen\n{screen}",
            step.id
        );
        shown.push(step.id.clone());
        for k in &step.keys {
            if k == "#" {
                let n = number.unwrap_or_else(|| {
                    panic!(
                        "step `{}` suggests `{:?}`, not legal now: {}\n{screen}",
                        step.id,
                        step.action,
                        legal
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(" | ")
                    )
                });
                for c in n.to_string().chars() {
                    client.handle(&mut game, Msg::char(c));
                }
            } else {
                client.handle(&mut game, key(k));
            }
        }
    }
    assert!(
        client.view.teach.guide.is_none(),
        "the walk-through did not end"
    );
    assert_eq!(shown.len(), steps, "every step was shown once: {shown:?}");
    assert!(!game.is_over());
}

#[test]
fn a_wrong_but_legal_choice_is_allowed_and_explained() {
    let (mut client, mut game) = guided(120, 40);
    // The welcome note, then the first order: choose something else than suggested.
    client.handle(&mut game, Msg::char('n'));
    let mut clock = Duration::ZERO;
    while matches!(client.view.screen, Screen::Bot(_)) {
        clock += Duration::from_millis(800);
        client.handle(&mut game, Msg::Tick(clock));
    }
    let legal = game.legal_actions();
    let (step, number, _) = client.view.teach.current(game.decision(), &legal).unwrap();
    let wanted = number.unwrap();
    let other = if wanted == 1 { 2 } else { 1 };
    let len = game.history().len();
    for c in other.to_string().chars() {
        client.handle(&mut game, Msg::char(c));
    }
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history().len(), len + 1, "the other choice was made");
    let guide = client.view.teach.guide.as_ref().unwrap();
    assert_eq!(guide.strayed, vec![step.id.clone()]);
    let said = guide.said.clone().unwrap();
    assert!(said.starts_with("Legal, not the tip"), "{said}");
    assert!(render(&client, &game).contains("Legal, not the tip"));
}

#[test]
fn the_guide_can_be_left_and_the_game_goes_on_as_a_normal_game() {
    let (mut client, mut game) = guided(80, 24);
    client.handle(&mut game, Msg::char('x'));
    assert!(client.view.teach.guide.is_none());
    assert!(!render(&client, &game).contains("Guide:"));
    let mut clock = Duration::ZERO;
    while matches!(client.view.screen, Screen::Bot(_)) {
        clock += Duration::from_millis(800);
        client.handle(&mut game, Msg::Tick(clock));
    }
    let len = game.history().len();
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(game.history().len(), len + 1, "play goes on");
}

#[test]
fn every_step_names_real_decisions_events_actions_and_topics() {
    let kinds: Vec<String> = DecisionKind::ALL
        .iter()
        .map(|k| learn::kind_name(*k))
        .collect();
    for s in &course().steps {
        if let Some(d) = &s.decision {
            assert!(kinds.contains(d), "step `{}`: no decision kind `{d}`", s.id);
            assert!(
                s.keys.iter().any(|k| k == "#"),
                "step `{}` types no action",
                s.id
            );
        } else {
            assert_eq!(
                s.keys,
                vec!["n".to_string()],
                "note `{}` goes on with n",
                s.id
            );
        }
        if let Some(e) = &s.event {
            assert!(
                Event::KINDS.contains(&e.as_str()),
                "step `{}`: no event `{e}`",
                s.id
            );
        }
        if let Some(a) = &s.action {
            assert!(
                a.parse::<Action>().is_ok(),
                "step `{}`: `{a}` is no action",
                s.id
            );
        }
        assert!(
            Rule::ALL.iter().any(|r| r.topic() == s.topic),
            "step `{}`: no Rules Reference topic `{}`",
            s.id,
            s.topic
        );
    }
    for p in &course().phases {
        assert!(
            Event::KINDS.contains(&p.event.as_str()),
            "phase tip on `{}`",
            p.event
        );
    }
}

#[test]
fn every_step_fits_its_box_at_80x24_and_120x40() {
    let (client, game) = guided(80, 24);
    let scene = Scene::new(&game, client.view.shown);
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = ratatui::layout::Rect::new(0, 0, w, h);
        for choices in [0, 5, 40] {
            let r = herakon::tui::layout::Regions::compute(
                screen,
                scene.window,
                scene.view.players.len(),
                choices,
            );
            let room = guide::guide_capacity(&r);
            let width = usize::from(r.prompt.width.saturating_sub(2));
            // The comment on a strayed choice opens the next step's box: the longest one.
            let said = course()
                .steps
                .iter()
                .map(learn::said_text)
                .max_by_key(String::len)
                .unwrap();
            for s in &course().steps {
                let lines = guide::step_lines(
                    s,
                    Some(&said),
                    &guide::keys_text(s, Some(24)),
                    false,
                    Theme::monochrome(),
                );
                let wrapped = guide::wrap_box(&lines, width);
                assert!(
                    wrapped.len() <= usize::from(room),
                    "step `{}` needs {} lines, its box holds {room} at {w}x{h} ({choices} choices)",
                    s.id,
                    wrapped.len()
                );
            }
        }
    }
}

#[test]
fn every_decision_kind_has_its_rule_with_a_rules_reference_topic() {
    let c = course();
    for kind in DecisionKind::ALL {
        let entry = learn::rule_of(c, kind)
            .unwrap_or_else(|| panic!("no rule entry for {kind:?} in assets/learn.json"));
        assert!(!entry.what.is_empty() && !entry.rule.is_empty(), "{kind:?}");
        assert!(
            Rule::ALL
                .iter()
                .any(|r| r.in_glossary() && r.topic() == entry.topic),
            "{kind:?}: `{}` is no glossary topic",
            entry.topic
        );
    }
    assert_eq!(
        c.rules.len(),
        DecisionKind::ALL.len(),
        "one entry a kind, no strays"
    );
}

#[test]
fn the_rule_key_shows_the_decision_its_topic_and_its_rulings() {
    let (mut client, mut game) = guided(120, 40);
    client.handle(&mut game, Msg::char('x'));
    let mut clock = Duration::ZERO;
    while matches!(client.view.screen, Screen::Bot(_)) {
        clock += Duration::from_millis(800);
        client.handle(&mut game, Msg::Tick(clock));
    }
    client.handle(&mut game, Msg::char('r'));
    assert_eq!(client.view.overlay, Overlay::Rule);
    let screen = render(&client, &game);
    assert!(
        screen.contains("The rule: place an order token"),
        "{screen}"
    );
    assert!(
        screen.contains("Rules Reference, \"Planning Phase\""),
        "{screen}"
    );
    // Any other key closes it and does nothing else.
    let len = game.history().len();
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    assert_eq!(client.view.overlay, Overlay::None);
    assert_eq!(game.history().len(), len);
}

#[test]
fn how_to_play_screen_80x24_snapshot() {
    let (mut client, mut game) = guided(80, 24);
    client.handle(&mut game, Msg::char('x'));
    client.handle(&mut game, Msg::char('H'));
    assert_eq!(client.view.overlay, Overlay::HowTo);
    insta::assert_snapshot!(render(&client, &game));
}

#[test]
fn how_to_play_has_five_lines_a_section_and_a_topic_each() {
    for s in &course().howto {
        assert_eq!(s.lines.len(), 5, "{}", s.title);
        assert!(
            Rule::ALL.iter().any(|r| r.topic() == s.topic),
            "{}",
            s.topic
        );
    }
    let titles: Vec<&str> = course().howto.iter().map(|s| s.title.as_str()).collect();
    for wanted in ["The goal", "A round", "The four orders", "Combat"] {
        assert!(titles.contains(&wanted), "{titles:?}");
    }
}

#[test]
fn the_phase_reminder_shows_in_a_first_game_and_e_turns_it_off() {
    let (mut client, mut game) = guided(80, 24);
    assert!(
        client
            .view
            .teach
            .tip
            .as_deref()
            .unwrap()
            .starts_with("Planning")
    );
    client.handle(&mut game, Msg::char('x'));
    client.handle(&mut game, Msg::char('e'));
    assert!(client.view.teach.tip.is_none());
    assert_eq!(client.view.teach.settings.phase_tips, Some(false));
    assert!(client.view.teach.dirty, "the change is to be written");
}

#[test]
fn after_a_first_game_the_phase_reminders_are_off_by_default() {
    let played = Settings {
        phase_tips: None,
        played: true,
    };
    assert!(!played.phase_tips_on());
    assert!(Settings::default().phase_tips_on());
    let (mut client, game) = guided(80, 24);
    client.view.teach.begin(&game, played);
    assert!(client.view.teach.tip.is_none());
}

#[test]
fn settings_are_remembered_and_a_broken_or_unwritable_file_is_only_reported() {
    let dir = std::env::temp_dir().join(format!("herakon-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(settings::load_from(&dir), (Settings::default(), None));
    let s = Settings {
        phase_tips: Some(false),
        played: true,
    };
    settings::save_to(&dir, &s).unwrap();
    assert_eq!(settings::load_from(&dir), (s.clone(), None));
    std::fs::write(dir.join(settings::FILE), "{ not json").unwrap();
    let (read, why) = settings::load_from(&dir);
    assert_eq!(read, Settings::default());
    assert!(why.unwrap().contains("ignored"));
    // A directory that is a file cannot be written into.
    let blocked = dir.join("a-file");
    std::fs::write(&blocked, "x").unwrap();
    let err = settings::save_to(&blocked, &s).unwrap_err();
    assert!(err.starts_with("settings not saved"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Exploration aid for writing the step data (run by hand with `--ignored`): plays the guided
/// game with the person's actions from the file named by `LEARN_PLAN`, one a line, printing
/// every decision of the person with its legal actions and every event.
#[test]
#[ignore = "a tool for writing assets/learn.json"]
fn explore_the_guided_game() {
    let plan = std::fs::read_to_string(std::env::var("LEARN_PLAN").unwrap()).unwrap();
    let mut plan: std::collections::VecDeque<String> = plan
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let (mut client, mut game) = guided(120, 40);
    client.handle(&mut game, Msg::char('x'));
    let mut clock = Duration::ZERO;
    let mut seen = client.session.log.len();
    for _ in 0..3000 {
        if game.is_over() {
            break;
        }
        if matches!(client.view.screen, Screen::Bot(_)) {
            clock += Duration::from_millis(800);
            client.handle(&mut game, Msg::Tick(clock));
        } else {
            let d = game.decision().unwrap();
            let legal = game.legal_actions();
            let scene = Scene::new(&game, client.view.shown);
            println!(
                "PERSON {:?}: {}",
                d.kind,
                scene
                    .choices
                    .iter()
                    .map(|c| format!("{} = {}", c.action, c.words))
                    .collect::<Vec<_>>()
                    .join(" | ")
            );
            let Some(next) = plan.pop_front() else {
                break;
            };
            let a: Action = next.parse().unwrap();
            let n = legal
                .iter()
                .position(|x| *x == a)
                .unwrap_or_else(|| panic!("{next} not legal"))
                + 1;
            for c in n.to_string().chars() {
                client.handle(&mut game, Msg::char(c));
            }
            client.handle(&mut game, Msg::key(KeyCode::Enter));
            if matches!(client.view.overlay, Overlay::Confirm(_)) {
                println!("  (confirm y)");
                client.handle(&mut game, Msg::char('y'));
            }
        }
        for l in client.session.log.iter().skip(seen) {
            println!("  | {}", l.text);
        }
        seen = client.session.log.len();
    }
    println!("{}", render(&client, &game));
}

#[test]
fn the_guide_box_leaves_the_choices_and_the_combat_odds_in_view_at_80x24_and_120x40() {
    let (client, game) = guided(80, 24);
    let scene = Scene::new(&game, client.view.shown);
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = ratatui::layout::Rect::new(0, 0, w, h);
        for choices in [0, 2, 5, 12, 40] {
            let r = herakon::tui::layout::Regions::compute(
                screen,
                scene.window,
                scene.view.players.len(),
                choices,
            );
            let rect = guide::guide_rect(&r, guide::guide_capacity(&r));
            let at = format!("{w}x{h}, {choices} choices: box {rect:?}");
            // The decision's title, the odds before a combat (the line after it) and the first
            // choices stay in view.
            assert!(rect.y >= r.prompt.y + 5, "{at}, prompt {:?}", r.prompt);
            if r.compact {
                // The combat covers the board, odds first: the box is beside it.
                assert!(!rect.intersects(r.combat), "{at}, combat {:?}", r.combat);
            } else {
                // Under the whole action list, and under the combat panel's odds line (its
                // first, under the top border).
                assert!(rect.y >= r.prompt.bottom(), "{at}, prompt {:?}", r.prompt);
                assert!(rect.y >= r.combat.y + 2, "{at}, combat {:?}", r.combat);
            }
        }
    }
}
