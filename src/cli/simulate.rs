//! `herakon simulate`: many games between computer players on every core, with a progress line
//! on a terminal and a summary of who won, how games ended and how long they took.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::bot::BotKind;
use crate::bot::play::{GameRecord, Matchup};
use crate::engine::phase::EndReason;
use crate::engine::{Faction, GameData};

/// The options of `herakon simulate`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Players in each game, 2 to 4 (introductory setup).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// Bot kinds dealt to the seats, comma separated (heuristic, random), repeated to fill every
    /// seat and rotated by one seat each game so every kind plays every seat equally often.
    #[arg(long, value_name = "LIST", default_value = "heuristic,random")]
    pub bots: String,
    /// Write each game as a save into this directory (`game-1.json`, ...), for
    /// `herakon replay`; the games are played again from their seeds to be written.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// With --out: write only the first N games.
    #[arg(long, value_name = "N", requires = "out")]
    pub keep: Option<u64>,
    /// Seed of the series: the same seed plays the same games and prints the same summary.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// A game still running after this many decisions counts as an error.
    #[arg(long, default_value_t = 50_000, hide = true)]
    pub max_decisions: usize,
}

/// One game of a series: its seating and seeds, and its record or why it failed.
pub type Outcome = (Matchup, Result<GameRecord, String>);

/// The results of a series of games, in game order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    /// Seats per game.
    pub players: u8,
    /// The factions in seat order.
    pub factions: Vec<Faction>,
    /// The bot kinds as given.
    pub kinds: Vec<BotKind>,
    /// Each game's seating and result (or why it failed).
    pub games: Vec<Outcome>,
}

/// Parses the `--bots` list.
///
/// # Errors
/// An empty list or a name that is no bot.
pub fn parse_bots(text: &str) -> Result<Vec<BotKind>, String> {
    let kinds = text
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(str::parse)
        .collect::<Result<Vec<BotKind>, String>>()?;
    if kinds.is_empty() {
        return Err("--bots needs at least one bot (heuristic, random)".into());
    }
    Ok(kinds)
}

/// Plays the series on `jobs` threads; `progress` is called now and then with the number of
/// games finished.
///
/// # Errors
/// A bad bot list or player count.
pub fn play_series(
    args: &Args,
    data: &Arc<GameData>,
    jobs: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Series, String> {
    let kinds = parse_bots(&args.bots)?;
    let factions = data
        .intro
        .factions
        .iter()
        .copied()
        .take(usize::from(args.players))
        .collect();
    let total = usize::try_from(args.games).map_err(|e| e.to_string())?;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; total]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let m = Matchup::nth(&kinds, args.players, args.seed, i as u64);
                    let r = m.play(data, args.max_decisions);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some((m, r));
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        // The calling thread reports progress until the workers are done.
        loop {
            let n = done.load(Ordering::Relaxed);
            progress(n);
            if n >= total {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    let games = results
        .into_inner()
        .map_err(|_| "a worker thread panicked".to_string())?
        .into_iter()
        .flatten()
        .collect();
    Ok(Series {
        players: args.players,
        factions,
        kinds,
        games,
    })
}

fn pct(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        n as f64 * 100.0 / of as f64
    }
}

/// The summary of a series: wins per bot, per seat and faction, how games ended, their
/// average length. Deterministic for a seed (no timing in it).
#[must_use]
pub fn summary(series: &Series, seed: u64) -> String {
    let mut out = String::new();
    let ok: Vec<(&Matchup, &GameRecord)> = series
        .games
        .iter()
        .filter_map(|(m, r)| r.as_ref().ok().map(|r| (m, r)))
        .collect();
    let errors = series.games.len() - ok.len();
    let kinds: Vec<&str> = series.kinds.iter().map(|k| kind_name(*k)).collect();
    let _ = writeln!(
        out,
        "{} games, {} players, bots {} (rotating seats), seed {seed}",
        series.games.len(),
        series.players,
        kinds.join(",")
    );
    let n = ok.len();
    // Wins per bot kind, out of the seats it played.
    let mut distinct = series.kinds.clone();
    distinct.dedup();
    distinct.sort_by_key(|k| kind_name(*k));
    distinct.dedup();
    let _ = writeln!(out, "\nwins by bot (of the seats it played):");
    for k in &distinct {
        let played: usize = ok
            .iter()
            .map(|(m, _)| m.seats.iter().filter(|s| *s == k).count())
            .sum();
        let won: usize = ok
            .iter()
            .map(|(m, r)| {
                r.winners
                    .iter()
                    .filter(|w| m.seats[w.index()] == *k)
                    .count()
            })
            .sum();
        let _ = writeln!(
            out,
            "  {:<10} {won:>6} of {played:<6} {:>5.1}%",
            kind_name(*k),
            pct(won, played)
        );
    }
    let _ = writeln!(out, "\nwins by seat and faction:");
    let mut header = format!("  {:<22} {:>6} {:>7}", "seat", "wins", "");
    for k in &distinct {
        let _ = write!(header, "  {:>14}", format!("as {}", kind_name(*k)));
    }
    let _ = writeln!(out, "{header}");
    for (i, f) in series.factions.iter().enumerate() {
        let won = |filter: &dyn Fn(&Matchup) -> bool| -> (usize, usize) {
            let games = ok.iter().filter(|(m, _)| filter(m));
            let (mut w, mut p) = (0, 0);
            for (_, r) in games {
                p += 1;
                if r.winners.iter().any(|s| s.index() == i) {
                    w += 1;
                }
            }
            (w, p)
        };
        let (w, p) = won(&|_| true);
        let mut line = format!(
            "  {:<22} {w:>6} {:>6.1}%",
            format!("{} {}", i + 1, f.name()),
            pct(w, p)
        );
        for k in &distinct {
            let (w, p) = won(&|m| m.seats.get(i) == Some(k));
            let _ = write!(line, "  {:>14}", format!("{w}/{p}"));
        }
        let _ = writeln!(out, "{line}");
    }
    let shared = ok.iter().filter(|(_, r)| r.winners.len() > 1).count();
    if shared > 0 {
        let _ = writeln!(out, "  shared victories: {shared}");
    }
    let _ = writeln!(out, "\nhow games ended:");
    for (reason, name) in [
        (EndReason::Objectives, "objectives"),
        (EndReason::Elimination, "elimination"),
        (EndReason::RoundLimit, "round 8"),
    ] {
        let c = ok.iter().filter(|(_, r)| r.reason == reason).count();
        let _ = writeln!(out, "  {name:<12} {c:>6} {:>6.1}%", pct(c, n));
    }
    if n > 0 {
        let rounds: usize = ok.iter().map(|(_, r)| usize::from(r.rounds)).sum();
        let decisions: usize = ok.iter().map(|(_, r)| r.decisions).sum();
        let _ = writeln!(
            out,
            "\naverage length: {:.2} rounds, {:.1} decisions",
            rounds as f64 / n as f64,
            decisions as f64 / n as f64
        );
    }
    if errors > 0 {
        let _ = writeln!(out, "\n{errors} game(s) failed:");
        for (_, r) in series.games.iter().take(200) {
            if let Err(e) = r {
                let _ = writeln!(out, "  {e}");
            }
        }
    }
    out
}

fn kind_name(k: BotKind) -> &'static str {
    match k {
        BotKind::Random => "random",
        BotKind::Heuristic => "heuristic",
    }
}

/// Runs `herakon simulate`.
///
/// # Errors
/// Bad options. Failed games are reported in the summary and make the exit status 1.
#[allow(
    clippy::needless_pass_by_value,
    reason = "every command's `run` takes the data the same way"
)]
pub fn run(args: &Args, data: Arc<GameData>) -> Result<ExitCode, String> {
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let tty = std::io::stderr().is_terminal();
    let start = Instant::now();
    let total = args.games;
    let progress = |done: usize| {
        if !tty {
            return;
        }
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K  {done}/{total} games  {rate:.1} games/s  {secs:.1} s"
        );
        let _ = err.flush();
    };
    let series = play_series(args, &data, jobs, &progress)?;
    let elapsed = start.elapsed().as_secs_f64();
    if tty {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[K");
        let _ = err.flush();
    }
    print!("{}", summary(&series, args.seed));
    let games = series.games.len();
    println!(
        "\ntime: {elapsed:.2} s on {jobs} thread(s), {:.1} games/s",
        if elapsed > 0.0 {
            games as f64 / elapsed
        } else {
            0.0
        }
    );
    if let Some(dir) = &args.out {
        let written = write_games(&series, args, &data, dir)?;
        println!("wrote {written} save(s) to {}", dir.display());
    }
    let failed = series.games.iter().any(|(_, r)| r.is_err());
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes the first `--keep` finished games of a series (all without it) as saves in `dir`,
/// replaying each from its seeds (the bots are deterministic); returns how many were written.
/// Failed games are skipped.
///
/// # Errors
/// A file that cannot be written, or a replayed game that no longer finishes.
fn write_games(
    series: &Series,
    args: &Args,
    data: &Arc<GameData>,
    dir: &std::path::Path,
) -> Result<usize, String> {
    let keep = usize::try_from(args.keep.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
    let digits = series.games.len().to_string().len();
    let mut written = 0;
    for (i, (m, r)) in series.games.iter().enumerate().take(keep) {
        if r.is_err() {
            continue;
        }
        let (game, _) = m.game(data, args.max_decisions)?;
        let path = dir.join(format!("game-{:0digits$}.json", i + 1));
        super::save_game(&game, &path)?;
        written += 1;
    }
    Ok(written)
}
