//! Helpers shared by the rules tests: the embedded data, introductory games, and small edits
//! to a position.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;

use herakon::engine::state::ids::{AreaId, Faction, Order, Seat, StructureKind};
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::state::position::{PlacedOrder, Structure, Unit};
use herakon::engine::{Action, Game, GameData, NewGameOptions, Position, UnitType};

/// The embedded game data.
pub fn data() -> Arc<GameData> {
    Arc::new(GameData::embedded().expect("embedded assets load"))
}

/// A new introductory game.
pub fn intro(players: u8, seed: u64) -> Game {
    Game::new(&NewGameOptions::intro(players, seed), data()).expect("intro game")
}

/// An area by name.
pub fn a(name: &str) -> AreaId {
    name.parse().expect("area name")
}

/// The introductory position for `players`, with `edit` applied, as a game; panics with every
/// violation if the edit broke a rule.
pub fn edited(players: u8, edit: impl FnOnce(&mut Position)) -> Game {
    let mut pos = intro(players, 1).position().clone();
    edit(&mut pos);
    match Game::from_position(pos, data()) {
        Ok(g) => g,
        Err(v) => panic!("edited position is illegal: {v:#?}"),
    }
}

/// Removes every unit, structure and objective token from the board.
pub fn clear_board(pos: &mut Position) {
    pos.areas.clear();
}

/// Puts units in an area.
pub fn put(pos: &mut Position, area: &str, units: &[UnitType]) {
    pos.area_mut(a(area))
        .units
        .extend(units.iter().map(|&u| Unit::new(u)));
}

/// Puts a structure on a world.
pub fn build(pos: &mut Position, area: &str, kind: StructureKind, owner: Faction) {
    pos.area_mut(a(area))
        .structures
        .push(Structure { kind, owner });
}

/// Makes it `seat`'s turn in the Operations Phase with one revealed order on `system`, the
/// token taken from the player's play area and put on the stack.
pub fn revealed(pos: &mut Position, seat: u8, system: &str, order: Order) {
    let s = system.parse().unwrap();
    let p = &mut pos.players[usize::from(seat)];
    let i = p.orders.iter().position(|o| *o == order).unwrap();
    p.orders.remove(i);
    let owner = p.faction;
    pos.stacks
        .entry(s)
        .or_default()
        .push(PlacedOrder { owner, order });
    pos.phase = Phase::Operations {
        turn: Seat(seat),
        step: OpStep::Revealed { system: s, order },
    };
}

/// Applies actions by their notation, panicking with the rule if one is refused.
pub fn play(game: &mut Game, actions: &[&str]) {
    for text in actions {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        if let Err(e) = game.apply(action) {
            panic!(
                "`{text}` refused: {e}\nlegal: {:?}",
                game.legal_actions()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
            );
        }
    }
}

/// The legal actions as text.
pub fn legal(game: &Game) -> Vec<String> {
    game.legal_actions()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Puts one of `seat`'s order tokens from his play area face down on `system`, so the
/// Operations Phase does not end as soon as the token under test is resolved.
pub fn waiting_token(p: &mut Position, seat: usize, system: &str, order: Order) {
    let i = p.players[seat]
        .orders
        .iter()
        .position(|o| *o == order)
        .unwrap();
    p.players[seat].orders.remove(i);
    let owner = p.players[seat].faction;
    p.stacks
        .entry(system.parse().unwrap())
        .or_default()
        .push(PlacedOrder { owner, order });
}

/// Takes the keyboard at the client's hand-off as a player does: the hand-off is drawn (the
/// first tick), its pause runs out, then Space. Does nothing when no hand-off is up.
pub fn take_keyboard(client: &mut herakon::tui::Client, game: &mut Game) {
    use herakon::tui::{Msg, Screen};
    if !matches!(client.view.screen, Screen::Handoff(_)) {
        return;
    }
    let now = client.view.clock;
    client.handle(game, Msg::Tick(now));
    client.handle(game, Msg::Tick(now + herakon::tui::app::HANDOFF_PAUSE));
    client.handle(game, Msg::char(' '));
    assert_eq!(
        client.view.screen,
        Screen::Play,
        "Space did not take the keyboard"
    );
}

/// The combat of a position in a combat, to set one up by hand. Panics when there is none, so
/// a set-up that misses its combat fails instead of testing something else.
pub fn combat_mut(phase: &mut Phase) -> &mut herakon::engine::state::combat_state::CombatState {
    match phase {
        Phase::Operations {
            step: OpStep::Combat(c),
            ..
        } => c,
        _ => panic!("the position is not in a combat"),
    }
}

/// The client's screen for `game` as it would draw it now (whatever its screen), at the
/// client's size.
pub fn drawn(client: &herakon::tui::Client, game: &Game) -> ratatui::buffer::Buffer {
    let size = client.view.size;
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(size.width, size.height))
        .unwrap();
    let scene = herakon::tui::Scene::new(game, client.view.shown);
    t.draw(|f| herakon::tui::draw(f, client, &scene)).unwrap();
    t.backend().buffer().clone()
}

/// The rows of a drawn screen as text, one string per row, as a player reads them (the
/// trailing blanks of each row kept, so columns line up).
pub fn rows(buf: &ratatui::buffer::Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

/// A drawn screen as one text, a line a row with its trailing blanks cut (for `contains` and
/// snapshots that should not depend on the screen's width).
pub fn text(buf: &ratatui::buffer::Buffer) -> String {
    rows(buf)
        .into_iter()
        .map(|r| r.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Few playouts behind the combat odds the client draws (40, where players get
/// `SCREEN_ODDS_SAMPLES`): the screen tests draw many combat screens, and their snapshots then
/// show the same odds in every build profile. Every test of a binary that draws a combat
/// screen calls it before drawing, as the setting is the process's.
pub fn few_odds_playouts() {
    herakon::tui::scene::set_odds_samples(40);
}

/// The board and player count of seeded game `seed` of the tests over many games: 2, 3 and
/// 4 players in turn, a constructed board every `build_every`th game (from the
/// `build_every - 1`th), the introductory one otherwise.
pub fn seeded_setup(seed: u64, build_every: u64) -> (u8, herakon::engine::SetupKind) {
    let players = 2 + u8::try_from(seed % 3).unwrap();
    let setup = if seed % build_every == build_every - 1 {
        herakon::engine::SetupKind::Build
    } else {
        herakon::engine::SetupKind::Intro
    };
    (players, setup)
}

/// A new game of `players` on `setup`.
pub fn new_game(
    data: &Arc<GameData>,
    players: u8,
    seed: u64,
    setup: herakon::engine::SetupKind,
) -> Game {
    Game::new(
        &NewGameOptions {
            players,
            factions: None,
            seed,
            setup,
        },
        Arc::clone(data),
    )
    .unwrap()
}

/// Chooses uniformly among the legal actions with a generator seeded with `seed`; `sorted`:
/// among the actions sorted by their notation, so the choice does not depend on the order of
/// the legal-action list.
pub fn random_chooser(seed: u64, sorted: bool) -> impl FnMut(&Game) -> Action {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    move |game: &Game| {
        let mut legal = game.legal_actions();
        if sorted {
            legal.sort_by_cached_key(ToString::to_string);
        }
        legal[rng.random_range(0..legal.len())]
    }
}

/// Plays `game` to its end (or 5,000 actions), each action chosen by `choose`, handing
/// `on_step` the game after each action, the action and its events.
pub fn play_to_end(
    game: &mut Game,
    choose: &mut impl FnMut(&Game) -> Action,
    on_step: &mut impl FnMut(&Game, Action, &[herakon::engine::Event]),
) {
    while !game.is_over() && game.history().len() < 5_000 {
        let act = choose(game);
        let events = game.apply(act).unwrap();
        on_step(game, act, &events);
    }
}

/// The kinds of every event `game` produced since its start: its history replayed from
/// [`Game::start`] (the dice and draws come out the same, from the position's own generator).
pub fn produced(game: &Game) -> Vec<&'static str> {
    let mut g = Game::from_position(game.start().clone(), game.data_arc()).unwrap();
    let mut kinds = Vec::new();
    for action in game.history() {
        kinds.extend(
            g.apply(*action)
                .unwrap()
                .iter()
                .map(herakon::engine::Event::kind),
        );
    }
    kinds
}

/// Fails unless `game`'s history produced an event of `kind` (one of
/// [`herakon::engine::Event::KINDS`]); `tests/it/event_kinds.rs` names this test as the one that
/// reaches the kind.
pub fn assert_produced(game: &Game, kind: &str) {
    assert!(
        herakon::engine::Event::KINDS.contains(&kind),
        "{kind} is no kind of event"
    );
    let kinds = produced(game);
    assert!(kinds.contains(&kind), "no {kind} among {kinds:?}");
}
