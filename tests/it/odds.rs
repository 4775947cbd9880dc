//! Combat odds: probabilities that add up, the same answer for the same seed, and no use of
//! anything the viewer cannot see (the opponent's hand, deck orders, the dice to come).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use herakon::bot::odds::{combat_odds, combat_odds_with};
use herakon::bot::{Bot, BotKind, HeuristicBot};
use herakon::engine::state::combat_state::CombatStep;
use herakon::engine::state::phase::{OpStep, Phase};
use herakon::engine::{CardName, DecisionKind, Game, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays heuristic games until `stop` holds for a position; returns it.
fn find(stop: impl Fn(&Game) -> bool) -> Game {
    for seed in 0..40u64 {
        let mut game = common::intro(2, seed);
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while let Some(d) = game.decision() {
            if stop(&game) {
                return game;
            }
            let a = bots[d.seat.index()].choose(&game).unwrap();
            game.apply(a).unwrap();
        }
    }
    panic!("no game reached the position looked for");
}

/// A combat in its first round where the attacker has chosen his card and the defender decides.
fn defender_choosing() -> (Game, Seat) {
    let game = find(|g| {
        g.combat().is_some_and(|c| {
            c.round == 1
                && matches!(c.step, CombatStep::ChooseCard { .. })
                && c.attacker.chosen.is_some()
        })
    });
    let seat = game.decision().unwrap().seat;
    (game, seat)
}

#[test]
fn odds_add_up_and_repeat_for_a_seed() {
    let (game, seat) = defender_choosing();
    let a = combat_odds(&game, Some(seat), 300, 7).unwrap();
    let b = combat_odds(&game, Some(seat), 300, 7).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.samples, 300);
    let sum = a.attacker_wins + a.defender_wins + a.nobody_wins;
    assert!((sum - 1.0).abs() < 1e-9, "{a:?}");
    assert!(a.attacker_losses >= 0.0 && a.defender_losses >= 0.0);
    assert!(a.to_string().contains("wins"), "{a}");
    // The odds do not change the game.
    assert!(game.combat().is_some());
}

/// The defender's combat, and a twin of it that differs only in what the defender cannot see
/// (the attacker's face-down card, hand and deck, and the random generator).
fn defender_choosing_and_hidden_twin() -> (Game, Game, Seat) {
    let (game, seat) = defender_choosing();
    let other = hidden_twin(&game);
    (game, other, seat)
}

#[test]
fn odds_ignore_what_the_viewer_cannot_see() {
    let (game, other, seat) = defender_choosing_and_hidden_twin();
    assert_eq!(
        combat_odds(&other, Some(seat), 200, 3).unwrap(),
        combat_odds(&game, Some(seat), 200, 3).unwrap()
    );
}

#[test]
fn odds_with_search_players_ignore_what_the_viewer_cannot_see() {
    // The search players in the playouts see only the re-dealt game, never the real one.
    let (game, other, seat) = defender_choosing_and_hidden_twin();
    let search = BotKind::Search(2);
    let odds = combat_odds_with(&game, Some(seat), 3, 5, search).unwrap();
    assert_eq!(odds.samples, 3);
    let sum = odds.attacker_wins + odds.defender_wins + odds.nobody_wins;
    assert!((sum - 1.0).abs() < 1e-9, "{odds:?}");
    assert_eq!(
        combat_odds_with(&other, Some(seat), 3, 5, search).unwrap(),
        odds
    );
}

/// `game` with the attacker's face-down card, hand and deck dealt differently and another
/// random generator: a defender cannot tell the two apart.
fn hidden_twin(game: &Game) -> Game {
    let mut pos = game.position().clone();
    let Phase::Operations {
        step: OpStep::Combat(c),
        ..
    } = &mut pos.phase
    else {
        unreachable!()
    };
    let attacker = c.attacker.faction.unwrap();
    let p = pos
        .players
        .iter_mut()
        .find(|p| p.faction == attacker)
        .unwrap();
    let mut pool: Vec<CardName> = p.combat_deck.drain(..).collect();
    pool.append(&mut c.attacker.hand);
    pool.extend(c.attacker.chosen.take());
    pool.rotate_left(3);
    c.attacker.chosen = pool.pop();
    c.attacker.hand = pool.split_off(pool.len() - 4);
    p.combat_deck = pool;
    pos.rng = ChaCha8Rng::seed_from_u64(987_654);
    let other = Game::from_position(pos, common::data()).unwrap();
    assert_ne!(other.position(), game.position());
    other
}

#[test]
fn a_redealt_game_looks_the_same_to_its_viewer_and_obeys_every_rule() {
    let (game, seat) = defender_choosing();
    let redealt = game.redeal_hidden(Some(seat), 11);
    Game::from_position(redealt.position().clone(), common::data()).unwrap();
    let strip = |g: &Game| {
        let mut v = g.view(Some(seat));
        // The deck lists are not compared: the opponent's shows what is left besides his hand.
        for p in &mut v.players {
            p.combat_deck.clear();
        }
        v
    };
    assert_eq!(strip(&redealt), strip(&game));
    let c = redealt.combat().unwrap();
    let mine = game.combat().unwrap();
    assert_eq!(
        c.defender.hand, mine.defender.hand,
        "the viewer's own hand stays"
    );
}

#[test]
fn odds_before_a_combat_starts() {
    let game = find(|g| {
        matches!(
            &g.position().phase,
            Phase::Operations { step: OpStep::Advance(a), .. }
                if a.ground_stage && a.moves.iter().any(|m| g.position().area(m.to).is_contested())
        )
    });
    assert_eq!(game.decision().unwrap().kind, DecisionKind::MoveGround);
    let seat = game.decision().unwrap().seat;
    let odds = combat_odds(&game, Some(seat), 100, 1).unwrap();
    assert_eq!(odds.attacker, game.faction(seat));
    let sum = odds.attacker_wins + odds.defender_wins + odds.nobody_wins;
    assert!((sum - 1.0).abs() < 1e-9);
    // No combat, no odds.
    assert!(combat_odds(&common::intro(2, 1), Some(Seat(0)), 10, 1).is_none());
}

#[test]
fn the_combat_screen_shows_the_odds_to_the_deciding_player() {
    use herakon::tui::{Client, Scene, Theme, draw};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    let (game, seat) = defender_choosing();
    let mut client = Client::new(&game, Theme::monochrome(), 160, 48);
    let mut g = game.clone();
    common::take_keyboard(&mut client, &mut g);
    assert_eq!(client.view.shown, Some(seat));
    let scene = Scene::new(&game, client.view.shown);
    assert!(scene.odds.is_some());
    let mut t = Terminal::new(TestBackend::new(160, 48)).unwrap();
    t.draw(|f| draw(f, &client, &scene)).unwrap();
    let buf = t.backend().buffer();
    let text: String = (0..buf.area.height)
        .flat_map(|y| (0..buf.area.width).map(move |x| (x, y)))
        .map(|(x, y)| buf[(x, y)].symbol().to_string())
        .collect();
    assert!(text.contains("Odds"), "no odds on the combat screen");
    assert!(text.contains("attacker wins"));
    // Another seat's screen shows none.
    let other = Seat(1 - seat.0);
    assert!(Scene::new(&game, Some(other)).odds.is_none());
}

/// The defender won with nothing but a reinforcement token left (Combat, Resolution: a side
/// with a token still has forces); the beaten attacker retreats and only the defender's
/// factory stays in the area. The estimate counts the combat's winner, the defender, not the
/// empty-of-units area as "nobody".
#[test]
fn odds_take_the_winner_from_the_combat_result_not_from_who_is_left_in_the_area() {
    let side = |faction: &str, reinforcements: serde_json::Value| {
        serde_json::json!({
            "faction": faction, "hand": [], "played": [], "chosen": null, "dice": [],
            "offence_tokens": 0, "defence_tokens": 0, "reinforced": true,
            "reinforcements": reinforcements
        })
    };
    let sketch = serde_json::json!({
        "players": ["ultramarines", "chaos"],
        "areas": {
            "A1.nw": "ultramarines factory", "B3.sw": "chaos factory",
            "B2.se": "space-marine, chaos factory", "B2.ne": "strike-cruiser", "B1.se": "scout"
        },
        "phase": {
            "phase": "operations", "turn": 0,
            "step": {
                "step": "combat", "system": "B2", "area": "B2.se",
                "attack_origins": ["B1.se"], "round": 3, "winner": "defender",
                "combat_step": {"step": "retreat", "side": "attacker"},
                "attacker": side("ultramarines", serde_json::json!([])),
                "defender": side("chaos", serde_json::json!([false]))
            }
        }
    });
    let game = herakon::engine::format::sketch::parse(&sketch.to_string())
        .unwrap()
        .into_game(common::data())
        .unwrap();
    assert_eq!(common::legal(&game), vec!["retreat B1.se"]);
    let odds = combat_odds(&game, None, 20, 3).unwrap();
    assert!((odds.defender_wins - 1.0).abs() < 1e-9, "{odds:?}");
    assert!(odds.nobody_wins.abs() < 1e-9, "{odds:?}");
    // The engine's record of the combat says the same.
    let mut played = game.clone();
    common::play(&mut played, &["retreat B1.se"]);
    let outcome = played.position().last_combat.unwrap();
    assert_eq!(
        outcome.winner,
        Some(herakon::engine::state::die::CombatRole::Defender)
    );
    assert_eq!(played.position().area(common::a("B2.se")).units.len(), 0);
}
