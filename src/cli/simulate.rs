//! `herakon simulate`: many games between computer players on every core, with a progress line
//! on a terminal and a summary of who won, how games ended and how long they took.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::bot::BotKind;
use crate::bot::play::{GameRecord, Matchup, Thinking};
use crate::engine::report::summary::{Standing, Stat};
use crate::engine::state::phase::EndReason;
use crate::engine::{Faction, GameData};

/// The options of `herakon simulate`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// How many games to play (1 to 100000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// Players in each game, 2 to 4 (the introductory factions in seat order).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// The board: `intro` (the introductory setup) or `build` (the bots construct it, as the
    /// Rules Reference's setup describes).
    #[arg(long, value_enum, default_value_t = Board::Intro)]
    pub setup: Board,
    /// Bot kinds dealt to the seats, comma separated (heuristic, random, search, search:N for N
    /// iterations per decision, search:1s or search:500ms for a time per decision, tree, tree:N
    /// or tree:1s for the tree search player), repeated to fill every seat and rotated by one
    /// seat each game so every kind plays every seat equally often.
    #[arg(long, value_name = "LIST", default_value = "heuristic,random")]
    pub bots: String,
    /// Keep every bot kind in the seat (and faction) the list gives it instead of rotating
    /// them each game, to measure one kind in one faction (the games' seeds are unchanged).
    #[arg(long)]
    pub fixed_seats: bool,
    /// Write each game as a save into this directory (`game-1.json`, ...), for
    /// `herakon replay`; the games are played again from their seeds to be written. The
    /// folder is checked first; a file already there is never replaced.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// With --out: write only the first N games.
    #[arg(long, value_name = "N", requires = "out")]
    pub keep: Option<u64>,
    /// Seed of the series: the same seed plays the same games and prints the same summary.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: every core).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    pub jobs: Option<u16>,
    /// A game still running after this many decisions counts as an error (1 to 10000000).
    #[arg(long, default_value_t = 50_000, hide = true, value_parser = parse_max_decisions)]
    pub max_decisions: usize,
}

/// The board of a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Board {
    /// The introductory setup.
    Intro,
    /// A board the bots construct.
    Build,
}

impl From<Board> for crate::engine::SetupKind {
    fn from(b: Board) -> Self {
        match b {
            Board::Intro => crate::engine::SetupKind::Intro,
            Board::Build => crate::engine::SetupKind::Build,
        }
    }
}

/// The most games one run plays: a series of this size already takes hours, and every game's
/// record is kept until the summary.
pub const MAX_GAMES: u64 = 100_000;

/// The most worker threads.
pub const MAX_JOBS: i64 = 256;

/// The longest game allowed before it counts as an error.
const MAX_DECISIONS: usize = 10_000_000;

fn parse_max_decisions(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_DECISIONS).contains(&n) => Ok(n),
        _ => Err(format!("a whole number from 1 to {MAX_DECISIONS}")),
    }
}

/// One game of a series: its seating and seeds, and its record or why it failed.
pub type Outcome = (Matchup, Result<GameRecord, String>);

/// The results of a series of games, in game order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    /// Seats per game.
    pub players: u8,
    /// The board the games are played on.
    pub setup: Board,
    /// The factions in seat order.
    pub factions: Vec<Faction>,
    /// The bot kinds as given.
    pub kinds: Vec<BotKind>,
    /// Whether the kinds kept their seats (`--fixed-seats`) instead of rotating.
    pub fixed_seats: bool,
    /// Each game's seating and result (or why it failed).
    pub games: Vec<Outcome>,
    /// How long each bot kind thought, over the finished games, in the order of `kinds`
    /// (each kind once). Timings: not part of the [`summary`].
    pub thinking: Vec<(BotKind, Thinking)>,
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
        return Err(
            "--bots needs at least one bot (heuristic, random, search, search:N, search:1s, tree, \
             tree:N, tree:1s)"
                .into(),
        );
    }
    Ok(kinds)
}

/// Runs `work` for 0..`total` on `jobs` threads and returns the results in order;
/// `progress` is called now and then with how many are done. A worker that panics ends the
/// run with an error (the others finish the item they hold and stop).
///
/// # Errors
/// A worker thread panicked.
pub fn run_parallel<T: Send>(
    total: usize,
    jobs: usize,
    work: impl Fn(usize) -> T + Sync,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<T>, String> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..total).map(|_| None).collect());
    let panicked = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs.clamp(1, total.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= total {
                            break;
                        }
                        let r = work(i);
                        if let Ok(mut all) = results.lock()
                            && let Some(slot) = all.get_mut(i)
                        {
                            *slot = Some(r);
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        // The calling thread reports progress until every worker has ended, however it ended.
        while !handles
            .iter()
            .all(std::thread::ScopedJoinHandle::is_finished)
        {
            progress(done.load(Ordering::Relaxed));
            if handles
                .iter()
                .any(std::thread::ScopedJoinHandle::is_finished)
                && next.load(Ordering::Relaxed) < total
            {
                // A worker ended while work is left: it panicked. The others stop after the
                // item they hold.
                stop.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        progress(done.load(Ordering::Relaxed));
        let mut panicked = None;
        for h in handles {
            if let Err(p) = h.join() {
                panicked = Some(panic_text(p.as_ref()));
            }
        }
        panicked
    });
    if let Some(why) = panicked {
        return Err(format!("a worker thread panicked: {why}"));
    }
    let all = results
        .into_inner()
        .map_err(|_| "a worker thread panicked".to_string())?;
    if all.iter().any(Option::is_none) {
        return Err("a worker thread stopped before its work was done".into());
    }
    Ok(all.into_iter().flatten().collect())
}

/// The message of a panic payload.
fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}

/// Plays the series on `jobs` threads; `progress` is called now and then with the number of
/// games finished.
///
/// # Errors
/// A bad bot list or player count, or a worker thread that panicked.
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
    let total = usize::try_from(args.games.min(MAX_GAMES)).map_err(|e| e.to_string())?;
    let played = run_parallel(
        total,
        jobs,
        |i| {
            let mut m = Matchup {
                setup: args.setup.into(),
                ..Matchup::nth(&kinds, args.players, args.seed, i as u64)
            };
            if args.fixed_seats {
                m.seats = Matchup::nth(&kinds, args.players, args.seed, 0).seats;
            }
            let r = m.play_timed(data, args.max_decisions);
            (m, r)
        },
        progress,
    )?;
    let mut thinking: Vec<(BotKind, Thinking)> = Vec::new();
    for k in &kinds {
        if !thinking.iter().any(|(seen, _)| seen == k) {
            thinking.push((*k, Thinking::default()));
        }
    }
    let mut games = Vec::with_capacity(played.len());
    for (m, r) in played {
        if let Ok((_, by_seat)) = &r {
            for (kind, t) in m.seats.iter().zip(by_seat) {
                if let Some((_, sum)) = thinking.iter_mut().find(|(k, _)| k == kind) {
                    *sum = sum.plus(*t);
                }
            }
        }
        games.push((m, r.map(|(record, _)| record)));
    }
    Ok(Series {
        setup: args.setup,
        players: args.players,
        factions,
        kinds,
        fixed_seats: args.fixed_seats,
        games,
        thinking,
    })
}

/// How long each bot kind thought: the mean time per decision, and for a search player the
/// mean time per searched decision and its iterations per second. Timings, so not part of the
/// [`summary`].
#[must_use]
pub fn thinking_lines(thinking: &[(BotKind, Thinking)]) -> String {
    let mut out = String::from("thinking time per bot (one thread each):\n");
    let ms = |d: Duration, n: u64| {
        if n == 0 {
            0.0
        } else {
            d.as_secs_f64() * 1000.0 / n as f64
        }
    };
    for (kind, t) in thinking {
        let _ = write!(
            out,
            "  {:<14} {:>9.3} ms per decision ({} decisions; slowest game {:.3} ms per decision, \
             longest decision {:.3} ms)",
            kind.to_string(),
            ms(t.time, t.decisions),
            t.decisions,
            t.slowest_game.as_secs_f64() * 1000.0,
            t.longest.as_secs_f64() * 1000.0
        );
        if kind.searches() {
            let secs = t.searched_time.as_secs_f64();
            let rate = if secs > 0.0 {
                t.iterations as f64 / secs
            } else {
                0.0
            };
            let _ = write!(
                out,
                "; {:.3} ms per searched decision ({} searched, {:.1} iterations each), \
                 {rate:.0} iterations/s",
                ms(t.searched_time, t.searched),
                t.searched,
                if t.searched == 0 {
                    0.0
                } else {
                    t.iterations as f64 / t.searched as f64
                }
            );
            if t.work > 0 {
                let _ = write!(
                    out,
                    "; work {:.0} per searched decision, most {}",
                    t.work as f64 / t.searched.max(1) as f64,
                    t.most_work
                );
            }
        }
        out.push('\n');
    }
    out
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
    let kinds: Vec<String> = series.kinds.iter().map(|k| kind_name(*k)).collect();
    let _ = writeln!(
        out,
        "{}, {} players, {}, bots {} ({}), seed {seed}",
        crate::engine::rules::wording::counted(series.games.len(), "game"),
        series.players,
        match series.setup {
            Board::Intro => "introductory board",
            Board::Build => "constructed boards",
        },
        kinds.join(","),
        if series.fixed_seats {
            "fixed seats"
        } else {
            "rotating seats"
        }
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
    standings_at_the_end(&mut out, &series.factions, &ok);
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

/// The tie-breaks of the round limit in their order (Rules Reference, "Winning and Losing the
/// Game"): objective tokens, then friendly worlds, then units on the board.
pub const TIE_BREAKS: [Stat; 3] = [Stat::Objectives, Stat::Worlds, Stat::Units];

/// Where the factions stood at the end (the means of what the tie-breaks compare), and what
/// decided each game that reached the round limit: a balance figure tells more when it says
/// whether a faction wins by collecting its tokens or only by holding more worlds or units.
pub fn standings_at_the_end(
    out: &mut String,
    factions: &[Faction],
    ok: &[(&Matchup, &GameRecord)],
) {
    if ok.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "
standing at the end (mean per game):"
    );
    let mut header = format!("  {:<22}", "seat");
    for stat in TIE_BREAKS {
        let _ = write!(header, " {:>18}", stat.name());
    }
    let _ = writeln!(out, "{header}");
    for (i, f) in factions.iter().enumerate() {
        let mut line = format!("  {:<22}", format!("{} {}", i + 1, f.name()));
        for stat in TIE_BREAKS {
            let total: usize = ok
                .iter()
                .filter_map(|(_, r)| r.standings.get(i))
                .map(|s| stat.of(s))
                .sum();
            let _ = write!(line, " {:>18.2}", total as f64 / ok.len() as f64);
        }
        let _ = writeln!(out, "{line}");
    }
    let at_limit: Vec<&GameRecord> = ok
        .iter()
        .filter(|(_, r)| r.reason == EndReason::RoundLimit)
        .map(|(_, r)| *r)
        .collect();
    if at_limit.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "
round-8 games, won on (the first tie-break the winner led; wins by seat):"
    );
    let mut header = format!("  {:<22} {:>6}", "", "games");
    for (i, f) in factions.iter().enumerate() {
        let _ = write!(header, " {:>16}", format!("{} {}", i + 1, f.name()));
    }
    let _ = writeln!(out, "{header}");
    let names = TIE_BREAKS.map(Stat::name);
    for (k, name) in names.iter().chain(&["all tied (shared)"]).enumerate() {
        let games: Vec<&&GameRecord> = at_limit.iter().filter(|r| won_on(r) == k).collect();
        let mut line = format!("  {name:<22} {:>6}", games.len());
        for i in 0..factions.len() {
            let wins = games
                .iter()
                .filter(|r| r.winners.iter().any(|w| w.index() == i))
                .count();
            let _ = write!(line, " {wins:>16}");
        }
        let _ = writeln!(out, "{line}");
    }
}

/// The index in [`TIE_BREAKS`] of the first one on which the game's single winner led every
/// other seat; `TIE_BREAKS.len()` for a shared victory.
#[must_use]
pub fn won_on(r: &GameRecord) -> usize {
    let [winner] = r.winners.as_slice() else {
        return TIE_BREAKS.len();
    };
    let key = |s: &Standing| TIE_BREAKS.map(|stat| stat.of(s));
    let Some(mine) = r.standings.get(winner.index()).map(key) else {
        return TIE_BREAKS.len();
    };
    let best_other = r
        .standings
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != winner.index())
        .map(|(_, s)| key(s))
        .max();
    let Some(other) = best_other else {
        return TIE_BREAKS.len();
    };
    mine.iter()
        .zip(other)
        .position(|(a, b)| *a != b)
        .unwrap_or(TIE_BREAKS.len())
}

/// A bot kind as the summary names it: as `--bots` takes it (`search:32`, `search:1s`).
fn kind_name(k: BotKind) -> String {
    k.to_string()
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
        .map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        )
        .max(1);
    // The folder and the names are checked before any game is played, not after all of them.
    if let Some(dir) = &args.out {
        prepare_out(dir, args)?;
    }
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
    let games = series.games.len();
    super::print(&format!(
        "{}\ntime: {elapsed:.2} s on {jobs} thread(s), {:.1} games/s\n{}",
        summary(&series, args.seed),
        if elapsed > 0.0 {
            games as f64 / elapsed
        } else {
            0.0
        },
        thinking_lines(&series.thinking)
    ))?;
    if let Some(dir) = &args.out {
        let written = write_games(&series, args, &data, dir)?;
        super::print(&format!("wrote {written} save(s) to {}\n", dir.display()))?;
    }
    let failed = series.games.iter().any(|(_, r)| r.is_err());
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The save `--out` writes for game `i` (0-based) of a series of `games`.
fn game_path(dir: &std::path::Path, i: usize, games: usize) -> std::path::PathBuf {
    let digits = games.to_string().len();
    dir.join(format!("game-{:0digits$}.json", i + 1))
}

/// How many saves `--out` may write: the first `--keep` games, all without it.
fn kept(args: &Args) -> usize {
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    usize::try_from(args.keep.unwrap_or(u64::MAX)).map_or(games, |k| k.min(games))
}

/// Before playing: the `--out` folder exists or is made, can be written, and holds none of the
/// names the series will write (a file there is never replaced).
///
/// # Errors
/// Why the saves could not be written, naming the folder or the first file in the way.
fn prepare_out(dir: &std::path::Path, args: &Args) -> Result<(), String> {
    crate::store::writable_folder(dir)?;
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    if let Some(taken) = (0..kept(args))
        .map(|i| game_path(dir, i, games))
        .find(|p| std::fs::symlink_metadata(p).is_ok())
    {
        return Err(format!(
            "{}: a file is already there; it is not replaced (choose another --out folder)",
            taken.display()
        ));
    }
    Ok(())
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
    let mut written = 0;
    for (i, (m, r)) in series.games.iter().enumerate().take(kept(args)) {
        if r.is_err() {
            continue;
        }
        let (game, _) = m.game(data, args.max_decisions)?;
        let path = game_path(dir, i, series.games.len());
        crate::store::write_new(&path, &crate::engine::format::save::to_json(&game))?;
        written += 1;
    }
    Ok(written)
}
