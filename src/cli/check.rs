//! `herakon check`: a rules checker for a save or a hand-written position. It prints the
//! position, whose decision it is and every legal action, numbered; applies actions and says
//! what each did (events, dice, the next decision); explains why an action is refused; and
//! speaks JSON for tools. Dice can be replayed from the table with `--dice` or `--seed`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::show::position_text;
use crate::engine::format::{save, sketch};
use crate::engine::rules::Event;
use crate::engine::state::die::{CombatRole, DieFace, faces_text, parse_faces};
use crate::engine::state::phase::{OpStep, Phase, RefreshStep};
use crate::engine::{Action, Faction, Game, GameData, Preview, Rule, RuleError, Seat};

/// The options of `herakon check` (`Default`: none given, for a caller in process).
#[derive(Debug, Default, clap::Args)]
pub struct Args {
    /// The save or hand-written position (sketch) to check.
    #[arg(value_name = "POSITION")]
    pub position: PathBuf,
    /// Apply an action: its notation (`move B1.se -> B2.nw space-marine x2`) or its number in
    /// the list of legal actions at that moment. Repeat it to apply several, in order.
    #[arg(long, value_name = "ACTION")]
    pub apply: Vec<String>,
    /// Apply the actions of a file first, one a line (blank lines and `#` comments skipped).
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Say whether ACTION is legal (after the applied actions), and if not which rule forbids
    /// it and the fact in the position that triggers the rule. Repeatable.
    #[arg(long, value_name = "ACTION")]
    pub why: Vec<String>,
    /// Print one JSON document for tools instead of text.
    #[arg(long)]
    pub json: bool,
    /// Roll dice (and shuffle) with a generator seeded with this instead of the position's own.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Fix the next dice rolled, as at the table: `attacker=OODM,defender=DDM` (O offence,
    /// D defence, M morale; the striking player of an orbital strike is the attacker).
    #[arg(long, value_name = "SIDE=FACES,...")]
    pub dice: Option<String>,
    /// Show only what this player may see: a seat number (1-4) or a faction. Its own actions
    /// are applied with everything hidden from it (dice to come included) dealt again;
    /// another player's are refused.
    #[arg(long = "as", value_name = "PLAYER")]
    pub viewer: Option<String>,
    /// Estimate the combat in progress (or the one ending the current Advance would start):
    /// win chances and expected losses from simulated continuations, as the deciding player
    /// (or `--as PLAYER`) knows the game.
    #[arg(long)]
    pub odds: bool,
    /// With --odds: the computer player deciding for both sides in the simulated
    /// continuations: `heuristic` (the default), `random`, `search:N` or `search:1s` (slower:
    /// fewer continuations are simulated unless --odds-samples says how many).
    #[arg(long, value_name = "BOT", requires = "odds")]
    pub odds_bot: Option<crate::bot::BotKind>,
    /// With --odds: how many continuations to simulate, 1 to 100000 (default 1000, or 64 with
    /// a search player).
    #[arg(long, value_name = "N", requires = "odds",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub odds_samples: Option<u32>,
}

/// A seat as the report names it: seats count from 1, as printed.
#[derive(Debug, Clone, Serialize)]
struct SeatJson {
    /// Seat number from 1.
    seat: u8,
    /// The faction's key.
    faction: Faction,
}

/// Who must decide and what.
#[derive(Debug, Clone, Serialize)]
struct DecisionJson {
    /// Seat number from 1.
    seat: u8,
    /// The faction's key.
    faction: Faction,
    /// The choice, in words.
    must: String,
}

/// Dice rolled by an action.
#[derive(Debug, Clone, Serialize)]
struct DiceJson {
    /// `combat` or `orbital-strike`.
    kind: &'static str,
    /// The attacker's (striker's) faces as letters.
    attacker: String,
    /// The defender's faces as letters (none in an orbital strike).
    #[serde(skip_serializing_if = "Option::is_none")]
    defender: Option<String>,
    /// The sides whose faces came from `--dice` (or the position's `dice`).
    set_by_hand: Vec<CombatRole>,
}

/// One applied action.
#[derive(Debug, Clone, Serialize)]
struct StepJson {
    /// 1-based place in the list of applied actions.
    number: usize,
    /// The action in the notation.
    action: String,
    /// What happened, in words.
    events: Vec<String>,
    /// What happened, as typed facts (one object per event, tagged with its kind).
    facts: Vec<Event>,
    /// The dice it rolled, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<DiceJson>,
    /// The decision after it (`None`: the game is over).
    decision: Option<DecisionJson>,
}

/// An action refused.
#[derive(Debug, Clone, Serialize)]
struct RefusalJson {
    /// 1-based place in the list of applied actions.
    number: usize,
    /// The action as given.
    action: String,
    /// The rule (Rules Reference topic), or `Action notation` for text that is no action.
    rule: String,
    /// Why, naming the fact in the position.
    reason: String,
}

/// The answer to `--why`.
#[derive(Debug, Clone, Serialize)]
struct WhyJson {
    /// The action as given.
    action: String,
    /// Whether it is legal now (`None`: hidden from the viewer).
    legal: Option<bool>,
    /// Why the answer, or what follows, is not told: it rests on facts hidden from the
    /// viewer (`--as`), such as another seat's choice or dice not yet rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    hidden: Option<String>,
    /// Its number in the list of legal actions, if legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<usize>,
    /// The rule forbidding it, if not legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    /// Why, if not legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// What it would do, if legal (dice rolled with the position's generator).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    events: Vec<String>,
    /// The same events as typed facts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    facts: Vec<Event>,
    /// The decision it would lead to, if legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    then: Option<DecisionJson>,
}

/// Everything `check` found, as JSON.
#[derive(Debug, Serialize)]
struct Report {
    /// The file checked.
    file: String,
    /// The sketch's note, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    /// Without `--as`, for a game not over: that the report shows every seat's secrets.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<String>,
    /// With `--as` and actions applied: they were applied to the game as the viewer knows it,
    /// everything hidden from him (dice to come included) dealt again at random.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    dealt_again: bool,
    /// The player whose view is shown (`None`: everything, hidden information included).
    viewer: Option<SeatJson>,
    /// The actions applied.
    applied: Vec<StepJson>,
    /// The action refused, if one was (the exit status is 1 then).
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<RefusalJson>,
    /// Answers to `--why`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    why: Vec<WhyJson>,
    /// Who must decide now (`None`: the game is over).
    decision: Option<DecisionJson>,
    /// Every legal action now, in the order of their numbers (`None`: hidden from the viewer).
    legal_actions: Option<Vec<String>>,
    /// With `--odds`: the estimate of the combat at hand, if there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    odds: Option<crate::bot::odds::CombatOdds>,
    /// The position: the full state (seats from 0, as saved), or the viewer's `PlayerView`.
    state: serde_json::Value,
}

fn seat_number(seat: Seat) -> u8 {
    seat.0 + 1
}

fn decision_json(game: &Game) -> Option<DecisionJson> {
    game.decision().map(|d| DecisionJson {
        seat: seat_number(d.seat),
        faction: game.faction(d.seat),
        must: d.kind.to_string(),
    })
}

/// Reads `--as`: a seat number from 1 or a faction in the game.
fn parse_viewer(text: &str, game: &Game) -> Result<Seat, String> {
    if let Ok(n) = text.trim().parse::<usize>() {
        return if (1..=game.player_count()).contains(&n) {
            Ok(Seat(u8::try_from(n - 1).unwrap_or(0)))
        } else {
            Err(format!(
                "--as {n}: there is no seat {n} in this {}-player game",
                game.player_count()
            ))
        };
    }
    let faction: Faction = text.parse().map_err(|e| format!("--as: {e}"))?;
    game.seat_of(faction)
        .ok_or_else(|| format!("--as: {} plays in no seat of this game", faction.name()))
}

/// Reads `--dice attacker=OODM,defender=DDM`.
fn parse_dice(text: &str) -> Result<Vec<(CombatRole, Vec<DieFace>)>, String> {
    text.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|part| {
            let (side, faces) = part.split_once('=').ok_or_else(|| {
                format!("--dice: `{part}` should be SIDE=FACES, e.g. attacker=OODM")
            })?;
            let role = match side.trim().to_ascii_lowercase().as_str() {
                "attacker" | "a" | "striker" => CombatRole::Attacker,
                "defender" | "d" => CombatRole::Defender,
                other => {
                    return Err(format!(
                        "--dice: `{other}` is no side (attacker or defender)"
                    ));
                }
            };
            Ok((
                role,
                parse_faces(faces).map_err(|e| format!("--dice: {e}"))?,
            ))
        })
        .collect()
}

/// The actions to apply: the script's lines, then every `--apply`.
fn actions_to_apply(args: &Args) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    if let Some(path) = &args.script {
        let text = crate::store::read_text(path)?;
        out.extend(
            text.lines()
                .map(|l| l.split('#').next().unwrap_or("").trim())
                .filter(|l| !l.is_empty())
                .map(str::to_string),
        );
    }
    out.extend(args.apply.iter().cloned());
    Ok(out)
}

/// Reads an action: its number in the current list of legal actions, or its notation.
fn resolve(game: &Game, text: &str) -> Result<Action, RuleError> {
    let t = text.trim();
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        let legal = game.legal_actions();
        return t
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| legal.get(i).copied())
            .ok_or_else(|| {
                RuleError::new(
                    Rule::ActionNotation,
                    format!(
                        "there is no legal action number {t}: the list has {}",
                        legal.len()
                    ),
                )
            });
    }
    t.parse()
        .map_err(|e: crate::engine::state::action::ParseActionError| {
            RuleError::new(Rule::ActionNotation, e.to_string())
        })
}

/// Loads the file: the game and the sketch's note (with a puzzle's question and answer).
fn load(args: &Args, data: Arc<GameData>) -> Result<(Game, Option<String>), String> {
    let text = crate::store::read_text(&args.position)?;
    let name = args.position.display();
    let note = if sketch::is_sketch(&text) {
        sketch::parse(&text).ok().and_then(|s| {
            // A puzzle's question and answer are shown with the note.
            let question = s
                .question
                .map(|q| format!("\nQ: {}\nA: {}", q.ask, q.answer));
            match (s.note, question) {
                (None, None) => None,
                (note, question) => Some(note.unwrap_or_default() + &question.unwrap_or_default()),
            }
        })
    } else {
        None
    };
    let game = save::load(&text, data).map_err(|e| format!("{name}: {e}"))?;
    Ok((game, note))
}

/// The game the checker works on: `--dice` set; then for the referee `--seed`'s generator,
/// and under `--as` the game as that seat knows it ([`Game::as_known_to`]: everything hidden
/// from it dealt again, the generator too unless `--seed` gives one), so that nothing printed
/// rests on a fact hidden from it.
fn prepare(game: &Game, args: &Args, viewer: Option<Seat>) -> Result<Game, String> {
    let seed = if viewer.is_some() { None } else { args.seed };
    let game = if seed.is_none() && args.dice.is_none() {
        game.clone()
    } else {
        let mut pos = game.position().clone();
        if let Some(seed) = seed {
            pos.rng = ChaCha8Rng::seed_from_u64(seed);
        }
        if let Some(dice) = &args.dice {
            for (role, faces) in parse_dice(dice)? {
                match role {
                    CombatRole::Attacker => pos.forced_dice.attacker = faces,
                    CombatRole::Defender => pos.forced_dice.defender = faces,
                }
            }
        }
        Game::from_position(pos, game.data_arc()).map_err(|v| {
            let lines: Vec<String> = v.iter().map(|v| format!("  - {v}")).collect();
            format!("{}: {}", args.position.display(), lines.join("\n"))
        })?
    };
    Ok(match viewer {
        Some(v) => game.as_known_to(v, args.seed),
        None => game,
    })
}

/// The dice an action rolled: a combat that started, or an orbital strike made.
fn rolled(before: &Game, after: &Game) -> Option<DiceJson> {
    let forced = &before.position().forced_dice;
    let by_hand = |roles: &[CombatRole]| -> Vec<CombatRole> {
        roles
            .iter()
            .copied()
            .filter(|r| match r {
                CombatRole::Attacker => !forced.attacker.is_empty(),
                CombatRole::Defender => !forced.defender.is_empty(),
            })
            .collect()
    };
    if let Some(c) = after.combat()
        && before.combat().is_none_or(|b| b.area != c.area)
        && !(c.attacker.dice.is_empty() && c.defender.dice.is_empty())
    {
        return Some(DiceJson {
            kind: "combat",
            attacker: faces_text(&c.attacker.dice),
            defender: Some(faces_text(&c.defender.dice)),
            set_by_hand: by_hand(&[CombatRole::Attacker, CombatRole::Defender]),
        });
    }
    let strike = |g: &Game| match &g.position().phase {
        Phase::Operations {
            step: OpStep::Orbital(s),
            ..
        } => Some(s.dice.clone()),
        _ => None,
    };
    if strike(before).is_none()
        && let Some(dice) = strike(after)
    {
        return Some(DiceJson {
            kind: "orbital-strike",
            attacker: faces_text(&dice),
            defender: None,
            set_by_hand: by_hand(&[CombatRole::Attacker]),
        });
    }
    None
}

/// What the position hides from the players, for the referee's view (no `--as`).
fn hidden_text(game: &Game) -> String {
    let pos = game.position();
    let mut lines = Vec::new();
    for (system, stack) in &pos.stacks {
        if stack.is_empty() {
            continue;
        }
        let tokens: Vec<String> = stack
            .iter()
            .map(|t| format!("{} {}", t.owner, t.order))
            .collect();
        lines.push(format!(
            "order tokens on {system}, bottom to top: {}",
            tokens.join(", ")
        ));
    }
    if let Some(c) = game.combat() {
        for (role, side) in [("attacker", &c.attacker), ("defender", &c.defender)] {
            let name = side.faction.map_or("?", |f| f.name());
            if !side.hand.is_empty() {
                lines.push(format!(
                    "hand of the {role} ({name}): {}",
                    side.hand.join(", ")
                ));
            }
            if let Some(card) = &side.chosen {
                lines.push(format!("card of the {role} ({name}) face down: {card}"));
            }
        }
    }
    if let Phase::Refresh {
        turn,
        step: RefreshStep::ChooseEvent { drawn } | RefreshStep::Tactic { drawn, .. },
    } = &pos.phase
        && !drawn.is_empty()
    {
        lines.push(format!(
            "event cards {} drew: {}",
            game.faction(*turn).name(),
            drawn.join(", ")
        ));
    }
    let forced = &pos.forced_dice;
    if !forced.is_empty() {
        lines.push(format!(
            "dice set for the next rolls: attacker {}, defender {}",
            if forced.attacker.is_empty() {
                "rolled".into()
            } else {
                faces_text(&forced.attacker)
            },
            if forced.defender.is_empty() {
                "rolled".into()
            } else {
                faces_text(&forced.defender)
            }
        ));
    }
    if lines.is_empty() {
        return String::new();
    }
    let mut out = String::from("Hidden information (`--as PLAYER` shows one player's view):\n");
    for l in lines {
        let _ = writeln!(out, "  {l}");
    }
    out
}

/// The numbered legal actions, or why they are not shown.
fn legal_text(game: &Game, viewer: Option<Seat>, out: &mut String) {
    let Some(d) = game.decision() else {
        let _ = writeln!(out, "No legal action: the game is over.");
        return;
    };
    if viewer.is_some_and(|v| v != d.seat) {
        let _ = writeln!(
            out,
            "Legal actions: not shown, they are {} ({})'s to see.",
            d.seat,
            game.faction(d.seat).name()
        );
        return;
    }
    let legal = game.legal_actions();
    let _ = writeln!(
        out,
        "Legal actions of {} ({}), {}:",
        d.seat,
        game.faction(d.seat).name(),
        legal.len()
    );
    // The event cards the deciding seat drew are his to see: named beside `event N`.
    let drawn = game.view(Some(d.seat)).drawn_events;
    let width = legal.len().to_string().len();
    for (i, a) in legal.iter().enumerate() {
        let name = match a {
            Action::ChooseEvent { card } => drawn
                .get(usize::from(*card).wrapping_sub(1))
                .map(|n| format!(" ({n})"))
                .unwrap_or_default(),
            _ => String::new(),
        };
        let _ = writeln!(out, "  {:>width$}. {a}{name}", i + 1);
    }
    if !drawn.is_empty() {
        let _ = writeln!(out, "Event cards drawn: {}", drawn.join(", "));
    }
}

fn dice_line(d: &DiceJson) -> String {
    let how = |role: CombatRole| {
        if d.set_by_hand.contains(&role) {
            "set by hand"
        } else {
            "rolled"
        }
    };
    match &d.defender {
        Some(def) => format!(
            "dice: attacker {} ({}), defender {def} ({})",
            d.attacker,
            how(CombatRole::Attacker),
            how(CombatRole::Defender)
        ),
        None => format!(
            "dice: orbital strike {} ({})",
            d.attacker,
            how(CombatRole::Attacker)
        ),
    }
}

/// Runs `herakon check`.
///
/// # Errors
/// A file that cannot be read or loaded, or a bad `--as`, `--dice` or `--script`.
pub fn run(args: &Args, data: Arc<GameData>) -> Result<ExitCode, String> {
    let (game, note) = load(args, data)?;
    let (text, exit) = output(&game, note.as_deref(), args)?;
    super::print(&text)?;
    Ok(exit)
}

/// The line a referee's report of an unfinished game starts with.
pub const REFEREE_LINE: &str = "Referee's view: every seat's secrets are shown (face-down orders, hands, drawn cards); `--as PLAYER` shows one player's view.";

/// What `herakon check` prints for `game`, the position loaded from `args.position` (`note`:
/// its sketch's note), and its exit status; `--seed`, `--dice`, `--as` and every other option
/// are applied here, so a test can call it with a game of its own.
///
/// # Errors
/// A bad `--as`, `--dice` or `--script`, or a position `--dice` makes unlawful.
pub fn output(game: &Game, note: Option<&str>, args: &Args) -> Result<(String, ExitCode), String> {
    let viewer = args
        .viewer
        .as_deref()
        .map(|v| parse_viewer(v, game))
        .transpose()?;
    let mut game = prepare(game, args, viewer)?;
    let actions = actions_to_apply(args)?;
    let mut applied = Vec::new();
    let mut refused = None;
    for (i, text) in actions.iter().enumerate() {
        let number = i + 1;
        // Another seat's decision: its choices rest on what it hides (which tokens it holds,
        // its hand), so the viewer may not make them, as `--why` may not answer them.
        if let (Some(v), Some(d)) = (viewer, game.decision())
            && v != d.seat
        {
            refused = Some(RefusalJson {
                number,
                action: text.trim().to_string(),
                rule: "Hidden information".to_string(),
                reason: crate::engine::rules::privacy::hidden_choice(d.seat),
            });
            break;
        }
        let before = game.clone();
        let result = resolve(&game, text)
            .and_then(|action| game.apply(action).map(|events| (action, events)));
        match result {
            Ok((action, events)) => applied.push(StepJson {
                number,
                action: action.to_string(),
                events: events.iter().map(ToString::to_string).collect(),
                facts: events,
                dice: rolled(&before, &game),
                decision: decision_json(&game),
            }),
            Err(e) => {
                refused = Some(RefusalJson {
                    number,
                    action: text.trim().to_string(),
                    rule: e.rule.to_string(),
                    reason: e.reason,
                });
                break;
            }
        }
    }
    let why: Vec<WhyJson> = if refused.is_some() {
        Vec::new()
    } else {
        args.why
            .iter()
            .map(|text| answer_why(&game, viewer, text))
            .collect()
    };
    let exit = if refused.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    };
    // The estimate uses only what the asking player may know: his own hand, never the others'.
    let odds = args.odds.then(|| {
        use crate::bot::{BotKind, odds};
        let asker = viewer.or_else(|| game.decision().map(|d| d.seat));
        let player = args.odds_bot.unwrap_or(BotKind::Heuristic);
        let samples = args.odds_samples.unwrap_or(if player.searches() {
            odds::SEARCH_SAMPLES
        } else {
            odds::DEFAULT_SAMPLES
        });
        odds::combat_odds_with(&game, asker, samples, 1, player)
    });
    // A referee's report of a game still going names every secret: it says so first.
    let secrets = (viewer.is_none() && !game.is_over()).then(|| REFEREE_LINE.to_string());
    let dealt_again = viewer.is_some() && !applied.is_empty();
    if args.json {
        let report = Report {
            file: args.position.display().to_string(),
            note: note.map(str::to_string),
            warning: secrets,
            dealt_again,
            applied,
            refused,
            why,
            odds: odds.flatten(),
            ..report(&game, viewer)?
        };
        let text =
            serde_json::to_string_pretty(&report).map_err(|e| format!("cannot write JSON: {e}"))?;
        return Ok((format!("{text}\n"), exit));
    }
    let mut out = String::new();
    if let Some(line) = &secrets {
        let _ = writeln!(out, "{line}\n");
    }
    out.push_str(&text_report(
        &game,
        &args.position,
        note,
        viewer,
        &applied,
        refused.as_ref(),
        &why,
    ));
    match odds {
        Some(Some(o)) => match args.odds_bot {
            Some(kind) => {
                let _ = write!(
                    out,
                    "\nOdds ({kind} on both sides, {} playouts): {o}\n",
                    o.samples
                );
            }
            None => {
                let _ = write!(out, "\nOdds: {o}\n");
            }
        },
        Some(None) => out.push_str("\nOdds: no combat is in progress or about to start\n"),
        None => {}
    }
    Ok((out, exit))
}

/// What `--as` says before the actions it applied.
const DEALT_AGAIN: &str = "As this player knows the game: what is hidden from it (other hands, face-down orders, deck orders, the dice to come) was dealt again at random before these actions, so they show one possible course, not the game's";

/// The answer to `--why TEXT`, told as `viewer` may know it (`None`: the referee, told all).
/// The report's parts that show the game (viewer, decision, legal actions, state) as
/// `viewer` may see it; the rest empty.
fn report(game: &Game, viewer: Option<Seat>) -> Result<Report, String> {
    let hidden = game
        .decision()
        .is_some_and(|d| viewer.is_some_and(|v| v != d.seat));
    let state = match viewer {
        Some(v) => serde_json::to_value(game.view(Some(v))),
        None => serde_json::to_value(game.position()),
    }
    .map_err(|e| format!("cannot write JSON: {e}"))?;
    Ok(Report {
        file: String::new(),
        note: None,
        warning: None,
        dealt_again: false,
        viewer: viewer.map(|v| SeatJson {
            seat: seat_number(v),
            faction: game.faction(v),
        }),
        applied: Vec::new(),
        refused: None,
        why: Vec::new(),
        decision: decision_json(game),
        odds: None,
        legal_actions: (!hidden).then(|| {
            game.legal_actions()
                .iter()
                .map(ToString::to_string)
                .collect()
        }),
        state,
    })
}

/// What `check --as VIEWER --json` prints for `game` with nothing applied (`None`: the
/// referee's report, hidden information included), as a JSON value.
///
/// # Errors
/// Only if the value cannot be written as JSON.
pub fn view_json(game: &Game, viewer: Option<Seat>) -> Result<serde_json::Value, String> {
    serde_json::to_value(report(game, viewer)?).map_err(|e| format!("cannot write JSON: {e}"))
}

/// What `check --as VIEWER` prints for `game` with nothing applied (`None`: the referee).
#[must_use]
pub fn view_text(game: &Game, viewer: Option<Seat>) -> String {
    text_report(game, Path::new(""), None, viewer, &[], None, &[])
}

/// What `check --as VIEWER --why ACTION` answers, as JSON (`None`: the referee).
///
/// # Errors
/// Only if the value cannot be written as JSON.
pub fn why_json(
    game: &Game,
    viewer: Option<Seat>,
    action: &str,
) -> Result<serde_json::Value, String> {
    // As `check` does: on the game as the viewer knows it.
    let game = viewer.map_or_else(|| game.clone(), |v| game.as_known_to(v, None));
    serde_json::to_value(answer_why(&game, viewer, action))
        .map_err(|e| format!("cannot write JSON: {e}"))
}

/// The number of a legal `action` in the list of the deciding seat, told only to that seat
/// (and the referee): another seat's list rests on what it hides.
fn own_number(game: &Game, viewer: Option<Seat>, action: Action) -> Option<usize> {
    let own = match (viewer, game.decision()) {
        (Some(v), Some(d)) => v == d.seat,
        _ => true,
    };
    if !own {
        return None;
    }
    game.legal_actions()
        .iter()
        .position(|a| *a == action)
        .map(|i| i + 1)
}

fn answer_why(game: &Game, viewer: Option<Seat>, text: &str) -> WhyJson {
    let mut answer = WhyJson {
        action: text.trim().to_string(),
        legal: Some(false),
        hidden: None,
        number: None,
        rule: None,
        reason: None,
        events: Vec::new(),
        facts: Vec::new(),
        then: None,
    };
    // Another seat's decision: reading an action number would use its hidden choices; an
    // action in notation is previewed on re-deals of what the asker cannot see (below).
    if let (Some(v), Some(d)) = (viewer, game.decision())
        && v != d.seat
        && text.trim().parse::<usize>().is_ok()
    {
        answer.legal = None;
        answer.hidden = Some(crate::engine::rules::privacy::hidden_choice(d.seat));
        return answer;
    }
    let action = match resolve(game, text) {
        Ok(a) => a,
        Err(e) => {
            answer.rule = Some(e.rule.to_string());
            answer.reason = Some(e.reason);
            return answer;
        }
    };
    answer.action = action.to_string();
    match game.preview(viewer, &action) {
        Preview::Legal { events, after } => {
            answer.legal = Some(true);
            answer.number = own_number(game, viewer, action);
            answer.events = events.iter().map(ToString::to_string).collect();
            answer.facts = events;
            if let Some(d) = rolled(game, &after) {
                answer.events.push(dice_line(&d));
            }
            answer.then = decision_json(&after);
        }
        Preview::LegalOutcomeHidden => {
            answer.legal = Some(true);
            answer.number = own_number(game, viewer, action);
            answer.hidden = Some(
                "what follows rests on dice not yet rolled or cards hidden from you".to_string(),
            );
        }
        Preview::Refused(e) => {
            answer.rule = Some(e.rule.to_string());
            answer.reason = Some(e.reason);
        }
        Preview::Hidden(why) => {
            answer.legal = None;
            answer.hidden = Some(why);
        }
    }
    answer
}

fn text_report(
    game: &Game,
    file: &Path,
    note: Option<&str>,
    viewer: Option<Seat>,
    applied: &[StepJson],
    refused: Option<&RefusalJson>,
    why: &[WhyJson],
) -> String {
    let mut out = String::new();
    if let Some(note) = note {
        let _ = writeln!(out, "{}: {note}\n", file.display());
    }
    if viewer.is_some() && !applied.is_empty() {
        let _ = writeln!(out, "{DEALT_AGAIN}.\n");
    }
    for step in applied {
        let _ = writeln!(out, "{}. {}", step.number, step.action);
        for e in &step.events {
            let _ = writeln!(out, "   {e}");
        }
        if let Some(d) = &step.dice {
            let _ = writeln!(out, "   {}", dice_line(d));
        }
        let _ = writeln!(
            out,
            "   next: {}",
            decision_line_json(step.decision.as_ref())
        );
    }
    if let Some(r) = refused {
        let _ = writeln!(out, "{}. {}", r.number, r.action);
        let _ = writeln!(out, "   REFUSED by the rule {}: {}", r.rule, r.reason);
        out.push('\n');
        legal_text(game, viewer, &mut out);
        return out;
    }
    if !why.is_empty() {
        if !applied.is_empty() {
            out.push('\n');
        }
        for w in why {
            match (w.legal, &w.hidden) {
                (None, hidden) => {
                    let _ = writeln!(
                        out,
                        "`{}`: {}.",
                        w.action,
                        hidden.as_deref().unwrap_or("hidden from you")
                    );
                }
                (Some(true), hidden) => {
                    // Another seat's list of actions is not told: no number then.
                    let place = w.number.map_or_else(String::new, |n| {
                        format!(" (action {n} of {})", game.legal_actions().len())
                    });
                    let _ = writeln!(
                        out,
                        "`{}` is legal{place}.{}",
                        w.action,
                        if hidden.is_some() {
                            ""
                        } else {
                            " It would do:"
                        }
                    );
                    if let Some(h) = hidden {
                        let _ = writeln!(out, "  {h}.");
                        continue;
                    }
                    for e in &w.events {
                        let _ = writeln!(out, "  {e}");
                    }
                    let _ = writeln!(out, "  next: {}", decision_line_json(w.then.as_ref()));
                }
                (Some(false), _) => {
                    let _ = writeln!(out, "`{}` is not legal.", w.action);
                    let _ = writeln!(out, "  rule: {}", w.rule.as_deref().unwrap_or(""));
                    let _ = writeln!(out, "  why:  {}", w.reason.as_deref().unwrap_or(""));
                }
            }
        }
        return out;
    }
    if !applied.is_empty() {
        let _ = writeln!(out, "\nAfter {} action(s):", applied.len());
    }
    out.push_str(&position_text(game, viewer));
    if viewer.is_none() {
        let hidden = hidden_text(game);
        if !hidden.is_empty() {
            out.push('\n');
            out.push_str(&hidden);
        }
    }
    out.push('\n');
    legal_text(game, viewer, &mut out);
    out
}

fn decision_line_json(d: Option<&DecisionJson>) -> String {
    match d {
        Some(d) => format!("seat {} ({}) must {}", d.seat, d.faction.name(), d.must),
        None => "the game is over".into(),
    }
}

/// Runs `herakon schema`: prints the JSON Schema of save and position files.
///
/// # Errors
/// Never in practice (the schema is always valid JSON).
pub fn run_schema() -> Result<ExitCode, String> {
    let schema = crate::engine::format::schema::file_schema();
    let text =
        serde_json::to_string_pretty(&schema).map_err(|e| format!("cannot write JSON: {e}"))?;
    super::print(&format!("{text}\n"))?;
    Ok(ExitCode::SUCCESS)
}
