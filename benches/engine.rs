//! Benchmarks of the engine, the saves, the computer players and the terminal client:
//! `cargo bench`. Samples come from seeded games, so every run measures the same work.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;
use std::sync::{Arc, OnceLock};

use crossterm::event::KeyCode;
use divan::Bencher;
use divan::counter::ItemsCount;
use herakon::bot::odds::{DEFAULT_SAMPLES, combat_odds};
use herakon::bot::{Bot, HeuristicBot};
use herakon::engine::format::save;
use herakon::engine::{Action, DecisionKind, Game, GameData, NewGameOptions};
use herakon::tui::{Client, Msg, Scene, Theme, draw};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn main() {
    divan::main();
}

fn data() -> Arc<GameData> {
    static DATA: OnceLock<Arc<GameData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| Arc::new(GameData::embedded().unwrap())))
}

fn new_game(players: u8, seed: u64) -> Game {
    Game::new(&NewGameOptions::intro(players, seed), data()).unwrap()
}

/// Plays a game with uniformly random choices; `visit` sees every decision and its action.
fn random_game(players: u8, seed: u64, mut visit: impl FnMut(&Game, Action)) -> Game {
    let mut game = new_game(players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
    while !game.is_over() {
        let legal = game.legal_actions();
        let act = legal[rng.random_range(0..legal.len())];
        visit(&game, act);
        game.apply(act).unwrap();
    }
    game
}

/// Every 7th decision of six random games (2-4 players) and the action taken there.
fn decisions() -> &'static [(Game, Action)] {
    static SAMPLE: OnceLock<Vec<(Game, Action)>> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        let mut out = Vec::new();
        for (players, seed) in [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)] {
            let mut n = 0;
            random_game(players, seed, |g, a| {
                if n % 7 == 0 {
                    out.push((g.clone(), a));
                }
                n += 1;
            });
        }
        out
    })
}

/// A finished 2-player game of eight rounds, with its history.
fn full_game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        (0..100)
            .map(|seed| random_game(2, seed, |_, _| {}))
            .find(|g| g.position().round == 8)
            .unwrap()
    })
}

#[divan::bench]
fn legal_actions(bencher: Bencher) {
    let sample = decisions();
    bencher.counter(ItemsCount::new(sample.len())).bench(|| {
        for (g, _) in sample {
            black_box(g.legal_actions());
        }
    });
}

#[divan::bench]
fn apply(bencher: Bencher) {
    let sample = decisions();
    bencher
        .counter(ItemsCount::new(sample.len()))
        .with_inputs(|| sample.iter().map(|(g, _)| g.clone()).collect::<Vec<_>>())
        .bench_local_values(|mut games| {
            for (g, (_, a)) in games.iter_mut().zip(sample) {
                black_box(g.apply(*a).unwrap());
            }
            games
        });
}

#[divan::bench(args = [2, 4])]
fn random_game_from_setup(players: u8) -> Game {
    random_game(players, 42, |_, _| {})
}

#[divan::bench]
fn clone_mid_game_state(bencher: Bencher) {
    let sample = decisions();
    let game = &sample[sample.len() / 2].0;
    bencher.bench(|| black_box(game).clone());
}

#[divan::bench]
fn save_full_game_to_json(bencher: Bencher) {
    let game = full_game();
    bencher.bench(|| save::to_json(black_box(game)));
}

#[divan::bench]
fn load_full_game_from_json(bencher: Bencher) {
    let text = save::to_json(full_game());
    bencher.bench(|| save::load(black_box(&text), data()).unwrap());
}

#[divan::bench]
fn draw_four_player_board_200x60(bencher: Bencher) {
    let game = new_game(4, 1);
    let mut client = Client::new(&game, Theme::from_env(), 200, 60);
    let mut g = game.clone();
    client.handle(&mut g, Msg::key(KeyCode::Enter));
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        terminal
            .draw(|f| {
                let scene = Scene::new(&game, client.view.shown);
                draw(f, &client, &scene);
            })
            .unwrap();
    });
}

#[divan::bench]
fn heuristic_decision(bencher: Bencher) {
    let sample = decisions();
    let mut bot = HeuristicBot::new(1);
    bencher
        .counter(ItemsCount::new(sample.len()))
        .bench_local(|| {
            for (g, _) in sample {
                black_box(bot.choose(g));
            }
        });
}

/// A combat about to have its cards chosen, from a game between heuristic players.
fn combat() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        for seed in 0..40 {
            let mut game = new_game(2, seed);
            let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
            while let Some(d) = game.decision() {
                if d.kind == DecisionKind::ChooseCombatCard {
                    return game;
                }
                let a = bots[d.seat.index()].choose(&game).unwrap();
                game.apply(a).unwrap();
            }
        }
        panic!("no combat")
    })
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn combat_odds_default_samples(bencher: Bencher) {
    let game = combat();
    let seat = game.decision().map(|d| d.seat);
    bencher.bench(|| combat_odds(game, seat, DEFAULT_SAMPLES, 1).unwrap());
}

/// The first decision of `kind` in a game between heuristic players (2 players, seeds tried
/// in turn).
fn first_decision(kind: DecisionKind) -> Game {
    for seed in 0..40 {
        let mut game = new_game(2, seed);
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while let Some(d) = game.decision() {
            if d.kind == kind {
                return game;
            }
            let a = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(a).unwrap();
        }
    }
    panic!("no {kind} decision")
}

/// One key press (Down, then Up, so the selection stays put) handled by the client and the
/// frame it causes drawn at 120x40: what a player waits for at every key.
fn key_to_frame(bencher: Bencher, kind: DecisionKind) {
    let mut game = first_decision(kind);
    let mut client = Client::new(&game, Theme::from_env(), 120, 40);
    client.handle(&mut game, Msg::key(KeyCode::Enter));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let mut down = true;
    bencher.bench_local(|| {
        let key = if down { KeyCode::Down } else { KeyCode::Up };
        down = !down;
        client.handle(&mut game, Msg::key(key));
        terminal
            .draw(|f| {
                let scene = Scene::new(&game, client.view.shown);
                draw(f, &client, &scene);
            })
            .unwrap();
    });
}

#[divan::bench]
fn key_to_frame_planning(bencher: Bencher) {
    key_to_frame(bencher, DecisionKind::PlaceOrder);
}

#[divan::bench]
fn key_to_frame_move(bencher: Bencher) {
    key_to_frame(bencher, DecisionKind::MoveGround);
}

#[divan::bench]
fn key_to_frame_combat(bencher: Bencher) {
    key_to_frame(bencher, DecisionKind::ChooseCombatCard);
}
