//! Whole screens of the terminal client, drawn on ratatui's `TestBackend` at the sizes players
//! use (80x24, the smallest supported, and 120x40) and compared with reviewed snapshots
//! (`tests/it/snapshots/`). After a deliberate change of the screen, review and accept the new
//! ones: `INSTA_UPDATE=always cargo test --test it screens::`, then `git diff tests/it/snapshots`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly"
)]

use crate::common;

use common::{a, build, clear_board, edited, put};
use crossterm::event::KeyCode;
use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::rules::{AbilityPart, PendingAbility};
use herakon::engine::state::combat_state::{CombatSide, CombatState, CombatStep};
use herakon::engine::state::die::{CombatRole, DieFace};
use herakon::engine::state::ids::{Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::{Action, DecisionKind, Game, UnitType};
use herakon::tui::combat_result::{CombatResult, Moment};
use herakon::tui::{Client, Msg, Scene, Screen, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// The screen as text, one line per row, trailing blanks cut.
fn render(client: &Client, game: &Game) -> String {
    common::few_odds_playouts();
    let buf = common::drawn(client, game);
    common::rows(&buf)
        .into_iter()
        .map(|r| r.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A client of `w` x `h` past the hand-off to the deciding seat.
fn new_client(game: &mut Game, w: u16, h: u16) -> Client {
    common::few_odds_playouts();
    let mut client = Client::new(game, Theme::monochrome(), w, h);
    common::take_keyboard(&mut client, game);
    assert_eq!(client.view.screen, Screen::Play);
    client
}

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Ultramarines (seat 1) attack Smyrna (B1.nw), held by the World Eaters, from Alledrias: each
/// side has rolled its dice and holds five cards; both have played their first card in the
/// first round, so the second round starts with two face-up cards.
fn combat_in_second_round() -> Game {
    use UnitType::{ChaosSpaceMarine, Cultist, Scout, SpaceMarine};
    let mut game = edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, Faction::Ultramarines);
        build(p, "B3.sw", StructureKind::Factory, Faction::Chaos);
        put(p, "B1.nw", &[ChaosSpaceMarine, Cultist, Cultist]);
        put(p, "B1.nw", &[SpaceMarine, SpaceMarine, Scout]);
        let i = p.players[0]
            .orders
            .iter()
            .position(|o| *o == Order::Advance)
            .unwrap();
        p.players[0].orders.remove(i);
        let mut side = |seat: usize, faction, faces: &[DieFace]| {
            let deck = &mut p.players[seat].combat_deck;
            let hand = deck.split_off(deck.len() - 5);
            CombatSide {
                faction: Some(faction),
                dice: faces.to_vec(),
                hand,
                reinforced: true,
                ..CombatSide::default()
            }
        };
        let attacker = side(
            0,
            Faction::Ultramarines,
            &[
                DieFace::Offence,
                DieFace::Offence,
                DieFace::Defence,
                DieFace::Morale,
            ],
        );
        let defender = side(
            1,
            Faction::Chaos,
            &[DieFace::Defence, DieFace::Morale, DieFace::Offence],
        );
        p.phase = Phase::Operations {
            turn: Seat(0),
            step: OpStep::Combat(Box::new(CombatState {
                area: a("B1.nw"),
                system: "B1".parse().unwrap(),
                attacker,
                defender,
                attack_origins: vec![a("A1.ne")],
                round: 1,
                step: CombatStep::ChooseCard {
                    side: CombatRole::Attacker,
                },
                winner: None,
                pending: Vec::new(),
                second_assess: false,
                assess_begun: false,
                assess_ended: false,
                next_combat: None,
            })),
        };
    });
    // The first card of each hand; every later choice of the first round is the first listed.
    common::play(&mut game, &["card 1", "card 1"]);
    while game
        .decision()
        .is_some_and(|d| d.kind != DecisionKind::ChooseCombatCard)
    {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    game
}

#[test]
fn screen_planning_at_80x24_and_120x40() {
    for (w, h) in SIZES {
        let mut game = common::intro(2, 1);
        let client = new_client(&mut game, w, h);
        insta::assert_snapshot!(format!("planning_{w}x{h}"), render(&client, &game));
    }
}

#[test]
fn screen_help_scrolls_at_80x24_and_fits_120x40() {
    for (w, h) in SIZES {
        let mut game = common::intro(2, 1);
        let mut client = new_client(&mut game, w, h);
        client.handle(&mut game, Msg::char('?'));
        insta::assert_snapshot!(format!("help_{w}x{h}"), render(&client, &game));
    }
    let mut game = common::intro(2, 1);
    let mut client = new_client(&mut game, 80, 24);
    client.handle(&mut game, Msg::char('?'));
    client.handle(&mut game, Msg::key(KeyCode::End));
    let end = render(&client, &game);
    assert!(end.contains("any other key closes it"), "{end}");
    client.handle(&mut game, Msg::char('x'));
    assert_eq!(client.view.overlay, herakon::tui::Overlay::None);
}

#[test]
fn screen_combat_with_a_hand_and_face_up_cards() {
    for (w, h) in SIZES {
        let mut game = combat_in_second_round();
        let mut client = new_client(&mut game, w, h);
        insta::assert_snapshot!(format!("combat_{w}x{h}"), render(&client, &game));
        client.handle(&mut game, Msg::char('c'));
        insta::assert_snapshot!(format!("combat_cards_{w}x{h}"), render(&client, &game));
    }
}

#[test]
fn screen_faction_sheet() {
    for (w, h) in SIZES {
        let mut game = combat_in_second_round();
        let mut client = new_client(&mut game, w, h);
        client.handle(&mut game, Msg::char('i'));
        insta::assert_snapshot!(format!("sheet_{w}x{h}"), render(&client, &game));
        client.handle(&mut game, Msg::key(KeyCode::Right));
        insta::assert_snapshot!(format!("sheet_other_{w}x{h}"), render(&client, &game));
    }
}

/// Ultramarines Advance into B1 with ships from A1 and B2; the ship from A1 has moved, so the
/// one at B2.ne may no longer join (ships come from at most one adjacent system).
fn advance_with_a_refused_ship() -> Game {
    use UnitType::{Cultist, Scout, StrikeCruiser};
    let mut game = edited(2, |p| {
        clear_board(p);
        build(p, "A1.nw", StructureKind::Factory, Faction::Ultramarines);
        put(p, "A1.ne", &[Scout]);
        build(p, "B3.sw", StructureKind::Factory, Faction::Chaos);
        put(p, "B3.ne", &[Cultist]);
        p.first_player = Seat(0);
        put(p, "A1.se", &[StrikeCruiser]);
        put(p, "B2.ne", &[StrikeCruiser]);
        put(p, "B2.nw", &[Scout]);
        common::revealed(p, 0, "B1", Order::Advance);
    });
    common::play(
        &mut game,
        &["resolve", "move A1.se -> B1.ne strike-cruiser x1"],
    );
    game
}

#[test]
fn why_not_a_refused_unit_group_shows_the_engines_reason() {
    let mut game = advance_with_a_refused_ship();
    let refused: herakon::engine::Action = "move B2.ne -> B1.ne strike-cruiser x1".parse().unwrap();
    let reason = game.check(&refused).unwrap_err().reason;
    for (w, h) in SIZES {
        let mut client = new_client(&mut game, w, h);
        // The player puts the cursor on the ship that is no longer offered.
        client.view.cursor = a("B2.ne");
        client.view.filter = true;
        client.view.focus = herakon::tui::Focus::Board;
        client.refresh_why(&game);
        assert!(
            client.view.why.iter().any(|l| l.contains(&reason)),
            "{:?} lacks {reason}",
            client.view.why
        );
        let screen = render(&client, &game);
        let words: Vec<&str> = reason.split_whitespace().take(3).collect();
        assert!(screen.contains(&words.join(" ")), "{screen}");
        insta::assert_snapshot!(format!("advance_refused_{w}x{h}"), screen);
    }
}

/// Plays `game` through the client by typed numbers, as players do, the heuristic players
/// choosing, until `stop` holds or the game ends.
fn play_through_client(
    game: &mut Game,
    client: &mut Client,
    seed: u64,
    stop: impl Fn(&Game) -> bool,
) {
    let mut bots: Vec<HeuristicBot> = (0..4).map(|s| HeuristicBot::new(seed + s)).collect();
    while let Some(d) = game.decision() {
        if stop(game) {
            return;
        }
        common::take_keyboard(client, game);
        // A combat's box on screen takes one key to close (and says so).
        while !client.session.moments.on_screen.is_empty() {
            client.handle(game, Msg::key(KeyCode::Esc));
        }
        let a = bots[d.seat.index()].choose(game).unwrap();
        let n = game.legal_actions().iter().position(|x| *x == a).unwrap() + 1;
        for c in n.to_string().chars() {
            client.handle(game, Msg::char(c));
        }
        client.handle(game, Msg::key(KeyCode::Enter));
        if matches!(client.view.overlay, herakon::tui::Overlay::Confirm(_)) {
            // A done that starts a combat, or a token burying one's own: yes.
            client.handle(game, Msg::char('y'));
        }
    }
}

#[test]
fn log_reloaded_from_the_history_reads_as_it_did_while_playing() {
    let mut game = common::intro(2, 5);
    let mut client = Client::new(&game, Theme::monochrome(), 120, 40);
    // Past the first combat and into round 3.
    play_through_client(&mut game, &mut client, 5, |g| g.position().round >= 3);
    let played: Vec<String> = client.session.log.iter().map(|l| l.text.clone()).collect();
    let loaded = Client::new(&game, Theme::monochrome(), 120, 40);
    let reloaded: Vec<String> = loaded.session.log.iter().map(|l| l.text.clone()).collect();
    assert_eq!(played, reloaded);
    assert!(
        played.iter().any(|l| l.starts_with("── Round 2")),
        "{played:#?}"
    );
    assert!(played.iter().any(|l| l == "── Operations Phase ──"));
    // Client notes (saved, refused, undone) stay on the status line.
    assert!(
        !played
            .iter()
            .any(|l| l.starts_with("not ") || l.starts_with("undone"))
    );
    // Each combat ends with its summary line.
    let ends = played
        .iter()
        .filter(|l| l.starts_with("the combat in "))
        .count();
    let summaries = played
        .iter()
        .filter(|l| l.starts_with("Combat in ") && l.contains(" wins"))
        .count();
    assert!(ends > 0, "this game has a combat by round 3: {played:#?}");
    assert_eq!(summaries, ends);
}

/// The order preview in the detail pane while placing: World Eaters (deciding first) select
/// "place Deploy on B3", where their factory stands on Veneficous.
#[test]
fn screen_order_preview_before_placing_a_deploy() {
    for (w, h) in SIZES {
        let mut game = common::intro(2, 1);
        let mut client = new_client(&mut game, w, h);
        let wanted: herakon::engine::Action = "place deploy B3".parse().unwrap();
        let scene = Scene::new(&game, client.view.shown);
        let at = scene
            .choices
            .iter()
            .position(|c| c.action == wanted)
            .unwrap();
        drop(scene);
        for _ in 0..at {
            client.handle(&mut game, Msg::key(KeyCode::Down));
        }
        let screen = render(&client, &game);
        assert!(screen.contains("Deploy on B3"), "{screen}");
        assert!(screen.contains("up to 3 units"), "{screen}");
        insta::assert_snapshot!(format!("preview_deploy_{w}x{h}"), screen);
    }
}

/// The order preview before resolving: the Ultramarines revealed a Dominate on A1, whose
/// Turaci gives two reinforcement tokens; the `c` box shows it in full.
#[test]
fn screen_order_preview_before_resolving_a_dominate() {
    for (w, h) in SIZES {
        let mut game = edited(2, |p| common::revealed(p, 0, "A1", Order::Dominate));
        let mut client = new_client(&mut game, w, h);
        let screen = render(&client, &game);
        assert!(screen.contains("Dominate on A1"), "{screen}");
        assert!(screen.contains("gain 2 reinforcement"), "{screen}");
        insta::assert_snapshot!(format!("preview_dominate_{w}x{h}"), screen);
        client.handle(&mut game, Msg::char('c'));
        let cards = render(&client, &game);
        assert!(cards.contains("For the Emperor"), "{cards}");
        insta::assert_snapshot!(format!("preview_dominate_cards_{w}x{h}"), cards);
    }
}

/// Plays on by the first legal action, fed to the client as the terminal loop feeds it, until
/// `stop` holds for the client.
fn first_actions_until(client: &mut Client, game: &mut Game, stop: impl Fn(&Client) -> bool) {
    for _ in 0..400 {
        if stop(client) {
            return;
        }
        let first = game.legal_actions()[0];
        let events = game.apply(first).unwrap();
        client.applied(game, first, &events);
    }
    panic!("never reached");
}

/// The card each side turned face up last, from the moment's typed facts.
fn last_cards(c: &CombatResult) -> [String; 2] {
    [&c.attacker, &c.defender].map(|s| s.cards.last().cloned().unwrap_or_default())
}

#[test]
fn screen_combat_both_cards_face_up_as_a_moment_of_their_own() {
    for (w, h) in SIZES {
        let mut game = combat_in_second_round();
        let mut client = new_client(&mut game, w, h);
        first_actions_until(&mut client, &mut game, |a| {
            matches!(a.session.moments.handoff, Some(Moment::Reveal(_)))
        });
        let Some(Moment::Reveal(r)) = client.session.moments.handoff.clone() else {
            unreachable!()
        };
        let screen = render(&client, &game);
        assert!(screen.contains("Cards face up"), "{screen}");
        for card in last_cards(&r.combat) {
            assert!(screen.contains(&card), "{card} missing:\n{screen}");
        }
        // The dice as faces, not only counts.
        assert!(
            screen.contains("dice ✸") || screen.contains("dice ▣"),
            "{screen}"
        );
        assert!(!screen.contains("the rest on the d key"), "{screen}");
        insta::assert_snapshot!(format!("combat_reveal_{w}x{h}"), screen);
    }
}

#[test]
fn screen_combat_result_box_names_the_winner_why_losses_and_cards_and_takes_one_key() {
    for (w, h) in SIZES {
        let mut game = combat_in_second_round();
        let mut client = new_client(&mut game, w, h);
        first_actions_until(&mut client, &mut game, |a| {
            matches!(a.session.moments.handoff, Some(Moment::Result(_)))
        });
        let Some(Moment::Result(r)) = client.session.moments.handoff.clone() else {
            unreachable!()
        };
        assert!(r.ended);
        // On the next player's hand-off, or on the screen of the player who goes on.
        let first = render(&client, &game);
        assert!(first.contains("result"), "{first}");
        insta::assert_snapshot!(format!("combat_result_first_{w}x{h}"), first);
        // On a player's own screen, over the board: drawn whole.
        common::take_keyboard(&mut client, &mut game);
        client.session.moments.push(Moment::Result(r.clone()), true);
        let screen = render(&client, &game);
        let scene = Scene::new(&game, client.view.shown);
        let (verdict, why) = r.verdict(&|f| herakon::tui::combat_box::name_of(&scene, f));
        drop(scene);
        let flat = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        for words in [&verdict, &why] {
            let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
            // Wrapped at word boundaries: the words read in order across the box's lines.
            let first_word = words.split(' ').next().unwrap();
            assert!(flat.contains(first_word), "{words} missing:\n{screen}");
        }
        for card in r.attacker.cards.iter().chain(&r.defender.cards) {
            assert!(
                flat.contains(card.split(' ').next().unwrap()),
                "{card}:\n{screen}"
            );
        }
        assert!(!screen.contains("the rest on the d key"), "{screen}");
        insta::assert_snapshot!(format!("combat_result_{w}x{h}"), screen);
        // A key meant for a decision closes the box, does nothing else, and says so.
        let len = game.history().len();
        client.handle(&mut game, Msg::key(KeyCode::Enter));
        assert_eq!(game.history().len(), len, "the Enter was not applied");
        assert!(client.session.moments.on_screen.is_empty());
        assert!(
            client
                .view
                .flash
                .as_deref()
                .is_some_and(|f| f.contains("did nothing else")),
            "{:?}",
            client.view.flash
        );
    }
}

#[test]
fn screen_round_digest_on_the_handoff_and_the_d_key() {
    for (players, w, h) in [(2, 80, 24), (4, 120, 40)] {
        let mut game = common::intro(players, 3);
        let mut client = Client::new(&game, Theme::monochrome(), w, h);
        let mut bots: Vec<HeuristicBot> = (0..4).map(|s| HeuristicBot::new(3 + s)).collect();
        // Through round 1's Operations Phase, to the first decision of its Refresh Phase.
        while !matches!(game.position().phase, Phase::Refresh { .. }) {
            let d = game.decision().unwrap();
            let a = bots[d.seat.index()].choose(&game).unwrap();
            let events = game.apply(a).unwrap();
            client.applied(&game, a, &events);
        }
        client.session.moments = herakon::tui::combat_result::Moments::default();
        let Screen::Handoff(seat) = client.view.screen else {
            panic!("a hand-off: {:?}", client.view.screen)
        };
        let digest = client
            .session
            .digest_for(seat)
            .expect("a phase ended since");
        assert!(!digest.orders.is_empty(), "{digest:?}");
        let screen = render(&client, &game);
        assert!(screen.contains("Operations Phase"), "{screen}");
        assert!(screen.contains("resolved"), "{screen}");
        // The box's title is whole at every size, and not the hand-off's own heading.
        assert!(screen.contains(" What happened "), "{screen}");
        assert!(screen.matches("Since your turn").count() <= 1, "{screen}");
        insta::assert_snapshot!(format!("digest_handoff_{players}p_{w}x{h}"), screen);
        let now = client.view.clock;
        client.handle(&mut game, Msg::Tick(now));
        client.handle(&mut game, Msg::Tick(now + herakon::tui::app::HANDOFF_PAUSE));
        client.handle(&mut game, Msg::char('d'));
        assert_eq!(client.view.overlay, herakon::tui::Overlay::Digest);
        let key = render(&client, &game);
        assert!(key.contains("Last phase"), "{key}");
        insta::assert_snapshot!(format!("digest_key_{players}p_{w}x{h}"), key);
        // Any other key closes it; the hand-off is still there.
        client.handle(&mut game, Msg::char('x'));
        assert_eq!(client.view.overlay, herakon::tui::Overlay::None);
        assert!(matches!(client.view.screen, Screen::Handoff(_)));
    }
}

/// The boxes drawn over the decision panel while someone else moves, a computer player's
/// (`Computer`) and another person's in a hosted game (`Their turn`), over a panel of 60x14:
/// the computer player's box, then the other person's.
fn turn_boxes(takeback: Option<&str>) -> (Buffer, Buffer) {
    let game = common::intro(2, 5);
    let mover = game.decision().unwrap().seat;
    let me = game.seats().find(|s| *s != mover).unwrap();
    let scene = Scene::new(&game, Some(me));
    let theme = Theme::monochrome();
    let area = Rect::new(0, 0, 60, 14);
    let mut bot = Buffer::empty(area);
    let computer = herakon::tui::screens::BotTurn {
        seat: mover,
        kind: "heuristic",
        thinking: None,
        takeback,
        theme,
        scene: &scene,
    };
    Widget::render(computer, area, &mut bot);
    let mut watch = Buffer::empty(area);
    let words = scene.decision_words();
    let person = herakon::tui::screens::WatchTurn {
        seat: mover,
        decision: words.as_deref(),
        takeback,
        away: false,
        theme,
        scene: &scene,
    };
    Widget::render(person, area, &mut watch);
    (bot, watch)
}

/// The row of `buf` whose text holds `words`, cell by cell (symbol and style).
fn row_with(buf: &Buffer, words: &str) -> Vec<ratatui::buffer::Cell> {
    let y = common::rows(buf)
        .iter()
        .position(|r| r.contains(words))
        .unwrap_or_else(|| panic!("no {words}:\n{}", common::rows(buf).join("\n")));
    (0..buf.area.width)
        .map(|x| buf[(x, u16::try_from(y).unwrap())].clone())
        .collect()
}

/// Both boxes open with one head (a blank line, the mover's name centred in the faction's
/// style, what the mover does, a blank line) and end with one take-back offer: the name's row
/// and the take-back's rows are the same cells in both, border included. The snapshots keep
/// each box as it was drawn before the two shared their code (#32, review D1).
#[test]
fn bot_and_watch_turn_boxes_share_their_head_and_take_back_lines() {
    let undo = "you placed Advance on B1";
    let (bot, watch) = turn_boxes(Some(undo));
    let game = common::intro(2, 5);
    let mover = Scene::new(&game, None).who(game.decision().unwrap().seat);
    for words in [mover.as_str(), undo, ": take it back"] {
        assert_eq!(row_with(&bot, words), row_with(&watch, words), "{words}");
    }
    // The row under the box's top border is the head's blank line in both.
    let top = |b: &Buffer| {
        let rows = common::rows(b);
        let y = rows.iter().position(|r| r.contains('┌')).unwrap();
        rows[y + 1].clone()
    };
    let blank = top(&bot);
    assert!(blank.trim().trim_matches('│').trim().is_empty(), "{blank}");
    assert_eq!(top(&bot), top(&watch));
    for (name, takeback) in [("with_takeback", Some(undo)), ("plain", None)] {
        let (bot, watch) = turn_boxes(takeback);
        insta::assert_snapshot!(
            format!("turn_box_computer_{name}"),
            common::rows(&bot).join("\n")
        );
        insta::assert_snapshot!(
            format!("turn_box_their_turn_{name}"),
            common::rows(&watch).join("\n")
        );
    }
}

/// The inner rows of the box or panel whose top border holds `title` on `screen`: from the
/// corner left of the title to the corner right of it, down to its bottom border.
fn panel_rows(screen: &str, title: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let top = rows
        .iter()
        .position(|r| r.iter().collect::<String>().contains(title))
        .unwrap_or_else(|| panic!("no {title}:\n{screen}"));
    let row = &rows[top];
    let at = row
        .iter()
        .collect::<String>()
        .find(title)
        .map(|byte| row.iter().collect::<String>()[..byte].chars().count())
        .unwrap();
    let left = (0..at).rev().find(|x| "┌╭┏╔".contains(row[*x])).unwrap();
    let right = (at..row.len()).find(|x| "┐╮┓╗".contains(row[*x])).unwrap();
    rows[top + 1..]
        .iter()
        .take_while(|r| r.get(left).is_some_and(|c| !"└╰┗╚".contains(*c)))
        .map(|r| {
            (left + 1..right)
                .map(|x| r.get(x).copied().unwrap_or(' '))
                .collect::<String>()
        })
        .collect()
}

/// The combat panel's lines too long for it go on under their label, indented, never back at
/// the panel's left edge; the card the selected choice plays comes under a heading that names
/// it, its text indented under that (#32: "your hand: Impure Zeal, Foul" / "Worship, ...").
#[test]
fn combat_panel_wraps_long_lines_under_their_label_and_heads_the_selected_card() {
    for (w, h) in SIZES {
        let mut game = combat_in_second_round();
        let client = new_client(&mut game, w, h);
        assert_eq!(
            game.decision().unwrap().kind,
            DecisionKind::ChooseCombatCard
        );
        let screen = render(&client, &game);
        let panel = panel_rows(&screen, "Combat at");
        // Only a side's name, the odds and the selected card's heading start at the edge.
        for row in panel.iter().filter(|r| !r.starts_with(' ')) {
            assert!(
                ["Attacker", "Defender", "Odds", "selected: "]
                    .iter()
                    .any(|head| row.starts_with(head)),
                "{w}x{h}: a line wrapped back to the edge: {row:?}\n{}",
                panel.join("\n")
            );
        }
        // The hand is too long for one line here: it goes on under its label.
        let hand = panel
            .iter()
            .position(|r| r.starts_with("  your hand: "))
            .unwrap_or_else(|| panic!("{w}x{h}: no hand:\n{}", panel.join("\n")));
        assert!(
            panel[hand + 1].starts_with("    "),
            "{w}x{h}:\n{}",
            panel.join("\n")
        );
        // The card the first choice plays, under its heading.
        let selected = panel
            .iter()
            .position(|r| r.starts_with("selected: Blessed Power Armour"))
            .unwrap_or_else(|| panic!("{w}x{h}: no heading:\n{}", panel.join("\n")));
        assert!(
            panel[selected + 1].starts_with("  Combat card"),
            "{w}x{h}:\n{}",
            panel.join("\n")
        );
    }
}

/// Past the hand-off and the combat's boxes: the deciding seat's own prompt on screen.
fn settle(client: &mut Client, game: &mut Game) {
    common::take_keyboard(client, game);
    client.session.moments.on_screen.clear();
}

/// Plays on from `game` by the first legal action, fed to the client, until the pending
/// ability is `part` of a card, past the hand-off and the boxes the client shows meanwhile.
fn first_actions_until_ability(client: &mut Client, game: &mut Game, part: AbilityPart) -> String {
    for _ in 0..400 {
        if let Some(p) = game.pending_ability()
            && p.part == part
        {
            settle(client, game);
            return p.card.to_string();
        }
        let first = game.legal_actions()[0];
        let events = game.apply(first).unwrap();
        client.applied(game, first, &events);
    }
    panic!("never reached");
}

/// A combat card's general and unit abilities are asked one after the other, with one kind
/// of decision: the prompt names the card and which ability each time (#32: "Resolve your
/// combat card's ability" twice), the other seat's "their turn" box says it in the third
/// person (the card is face up), and the ability's text is on the same screen, under the
/// combat panel's "selected:" heading, though the list cut it from the choice.
#[test]
fn card_ability_prompt_names_the_card_and_which_ability_general_then_unit() {
    for (w, h) in SIZES {
        let mut game = combat_in_second_round();
        let mut client = new_client(&mut game, w, h);
        let card = first_actions_until_ability(&mut client, &mut game, AbilityPart::General);
        let data = game.data().combat_cards.iter().find(|c| c.name == card);
        let data = data.unwrap().clone();
        let unit_text = &data.unit.as_ref().unwrap().text;
        let d = game.decision().unwrap();
        assert_eq!(d.kind, DecisionKind::CardAbility);
        let asked = [
            (
                AbilityPart::General,
                "general",
                data.general.clone().unwrap(),
            ),
            (AbilityPart::Unit, "unit", unit_text.clone()),
        ];
        for (part, which, text) in asked {
            assert_eq!(
                game.pending_ability(),
                Some(PendingAbility {
                    card: card.as_str().into(),
                    part
                }),
                "{w}x{h}: the card's {which} ability is asked"
            );
            let screen = render(&client, &game);
            let prompt = panel_rows(&screen, "to decide").join(" ");
            let prompt = prompt.split_whitespace().collect::<Vec<_>>().join(" ");
            let heading = format!("Resolve {card}'s {which} ability (done to skip it)");
            assert!(prompt.contains(&heading), "{w}x{h}: {heading}\n{screen}");
            // The ability's words, on screen in the combat panel under the selected card.
            let combat = panel_rows(&screen, "Combat at").join(" ");
            let combat = combat.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                combat.contains(&format!("selected: {card}")),
                "{w}x{h}:\n{screen}"
            );
            let start: String = text
                .split_whitespace()
                .take(6)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(combat.contains(&start), "{w}x{h}: {start}\n{screen}");
            insta::assert_snapshot!(format!("card_ability_{which}_{w}x{h}"), screen);
            // The other seat, watching in a hosted game, reads the same in the third person.
            let mut watcher = client.clone();
            let other = game.seats().find(|s| *s != d.seat).unwrap();
            watcher.view.shown = Some(other);
            watcher.view.screen = Screen::Watch(d.seat);
            let watching = render(&watcher, &game);
            let their = panel_rows(&watching, "Their turn").join(" ");
            let their = their.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                their.contains(&format!("is about to resolve {card}'s {which} ability")),
                "{w}x{h}:\n{watching}"
            );
            // Skipping the general ability asks the unit ability of the same card next.
            let events = game.apply(Action::Done).unwrap();
            client.applied(&game, Action::Done, &events);
            settle(&mut client, &mut game);
        }
    }
}
