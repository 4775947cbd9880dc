//! The `herakon` command line: play in the terminal, make and inspect saves.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use herakon::cli;
use herakon::engine::{Seat, SetupKind};
use herakon::store::{self, saves};
use herakon::tui::{self, PlayOptions};

/// herakon: an unofficial hot-seat terminal client and rules engine for Forbidden Stars.
#[derive(Debug, Parser)]
#[command(name = "herakon", version, about)]
struct Cli {
    /// Load the game data from this directory instead of the built-in copy (files: components.json,
    /// die.json, factions.json, structures.json, combat-cards.json, event-cards.json,
    /// order-upgrades.json, tiles.json, intro-setup.json, rulings.json).
    #[arg(long, global = true, value_name = "DIR")]
    assets: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Options that make a new game.
#[derive(Debug, Default, clap::Args)]
struct NewArgs {
    /// Number of players, 2 to 4 [default: 2].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
    /// Factions in seat order, comma separated (ultramarines, chaos, orks, eldar); the
    /// introductory setup uses ultramarines,chaos (+orks at 3, +eldar at 4).
    #[arg(long, value_name = "LIST")]
    factions: Option<String>,
    /// Seed of the game's random generator (random when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// The board: `intro` (the introductory setup) or `build` (constructed as the Rules
    /// Reference describes: `new` decides the setup at random from the seed, `play` lets the
    /// players decide it) [default: intro].
    #[arg(long, value_enum)]
    setup: Option<SetupArg>,
    /// Player names in seat order, comma separated (`Anna,Ben`); screens then say
    /// "Anna (World Eaters)". With a save, renames its players.
    #[arg(long, value_name = "LIST")]
    names: Option<String>,
}

/// The game `play` and `host` play: a save or a new game, where it is saved, and its
/// computer players (one set of arguments for both commands, so their help cannot drift).
#[derive(Debug, Default, clap::Args)]
struct GameArgs {
    /// A save file to continue.
    save: Option<PathBuf>,
    #[command(flatten)]
    new: NewArgs,
    /// Where the game is saved (`s` in `play`; the autosave goes beside it). Default: the
    /// loaded file, or a new name under saves/.
    #[arg(long, value_name = "FILE")]
    save_to: Option<PathBuf>,
    /// A computer player for a seat, by number or faction (`2=normal`, `orks=hard`,
    /// `2=heuristic`, `1=search:200` for 200 iterations per decision, `1=search:1s` or
    /// `1=search:500ms` for a time per decision); repeat for more seats. Every seat a bot in
    /// `play`: watch the game.
    #[arg(long = "bot", value_name = "SEAT=KIND")]
    bots: Vec<String>,
}

/// How a new game's board is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SetupArg {
    /// The introductory board (introductory factions only).
    Intro,
    /// A constructed board (any factions).
    Build,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play at one keyboard in the terminal: a new game, or a saved one. Without a save and
    /// without --players, --factions, --seed or --setup, a new-game screen asks for them.
    Play {
        #[command(flatten)]
        game: GameArgs,
    },
    /// A guided first game: the introductory setup for two, you as the Ultramarines against a
    /// computer player; a box beside the board explains each step of the first round and its
    /// first combat (n: next tip, x: leave the guide and play on).
    Learn {
        /// Where the `s` key saves (default: a new name under saves/).
        #[arg(long, value_name = "FILE")]
        save_to: Option<PathBuf>,
    },
    /// Host a game over SSH: each seat plays from a terminal of its own (`ssh -p PORT
    /// seat1@HOST` with the secret printed for it), seeing only its own seat's view; the host
    /// sees everything. A new game (the options of `play`) or a saved one.
    #[cfg(feature = "host")]
    Host {
        #[command(flatten)]
        game: GameArgs,
        /// The address to listen on: only this machine unless told otherwise (`0.0.0.0`: every
        /// network).
        #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
        listen: std::net::IpAddr,
        /// The port to listen on (0: any free port, printed).
        #[arg(long, default_value_t = 2222)]
        port: u16,
        /// A seat that also opens with a public key: `seat1=~/.ssh/id_ed25519.pub` (the file's
        /// keys, `authorized_keys` lines); repeat for more.
        #[arg(long = "key", value_name = "SEAT=FILE")]
        keys: Vec<String>,
        /// A seat for the first to join (he is given a secret for coming back): `--open 2`.
        #[arg(long = "open", value_name = "SEAT")]
        open: Vec<u8>,
        /// A seat played at this terminal (`--local 1`): after the join lines are printed,
        /// Enter shows that seat's own screen here; `q` leaves it (the seat can come back over
        /// ssh with its secret) and Ctrl-C stops the host.
        #[arg(long, value_name = "SEAT")]
        local: Option<u8>,
        /// The host key's file (made on the first start, readable by its owner only).
        #[arg(long, value_name = "FILE", default_value = "saves/host_key")]
        host_key: PathBuf,
    },
    /// Replay a save read-only, showing everything: arrows step one action (left/right) or one
    /// order (up/down), PgUp/PgDn one round.
    Replay {
        /// The save file to replay.
        file: PathBuf,
    },
    /// Make a new game and write its save file.
    New {
        #[command(flatten)]
        new: NewArgs,
        /// The save file to write (an existing file is refused unless --force).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Replace the file at --out if there is one.
        #[arg(long)]
        force: bool,
    },
    /// Check a save or hand-made position against every rule (exit 1 and a list if broken).
    Validate {
        /// The file to check.
        file: PathBuf,
    },
    /// Print a save or position as text: systems, areas, stacks, storms, players; for a
    /// finished game also who won, why, and each player's standing after every round.
    Show {
        /// The file to print.
        file: PathBuf,
        /// Show only what this seat may see (1-4).
        #[arg(long = "as", value_name = "SEAT")]
        seat: Option<u8>,
    },
    /// Ask the engine about a position: its legal actions, what an action does, why one is refused.
    Check(cli::check::Args),
    /// Print the JSON Schema of save and position files, for an editor to complete and check them.
    Schema,
    /// Play many games between computer players and print a summary.
    Simulate(cli::simulate::Args),
    /// Print the readings the engine chose where the rules are unclear or a source is unsure,
    /// each with its Rules Reference topic and reason (all, or those matching a word).
    Rulings(cli::rulings::Args),
}

fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        // A seed for a new game only; everything after it is deterministic.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        (now.as_secs() << 30)
            ^ u64::from(now.subsec_nanos())
            ^ u64::from(std::process::id()).rotate_left(48)
    })
}

/// A new game from the arguments; with `random_setup`, a constructed board's setup is decided
/// by seeded random choices.
fn new_game(
    args: &NewArgs,
    data: std::sync::Arc<herakon::engine::GameData>,
    random_setup: bool,
) -> Result<herakon::engine::Game, String> {
    let factions = args
        .factions
        .as_deref()
        .map(cli::parse_factions)
        .transpose()?;
    let seed = seed_or_random(args.seed);
    let setup = match args.setup.unwrap_or(SetupArg::Intro) {
        SetupArg::Intro => SetupKind::Intro,
        SetupArg::Build => SetupKind::Build,
    };
    let options = herakon::engine::NewGameOptions {
        players: args.players.unwrap_or(2),
        factions,
        seed,
        setup,
    };
    let mut game = herakon::engine::Game::new(&options, data).map_err(|e| e.to_string())?;
    name_players(&mut game, args.names.as_deref())?;
    if random_setup {
        game.play_setup_randomly(seed);
    }
    Ok(game)
}

/// Names the players from `--names` (nothing when not given).
fn name_players(game: &mut herakon::engine::Game, names: Option<&str>) -> Result<(), String> {
    match names {
        Some(list) => game
            .set_names(&cli::parse_names(list))
            .map_err(|e| format!("--names: {e}")),
        None => Ok(()),
    }
}

/// 0 when the players quit; 128 + the signal's number when a signal stopped the client, as a
/// shell reports a process killed by it.
fn exit_code(ended: tui::Ended) -> ExitCode {
    match ended {
        tui::Ended::Quit => ExitCode::SUCCESS,
        tui::Ended::QuitUnsaved => ExitCode::FAILURE,
        tui::Ended::Signal(sig) => ExitCode::from(u8::try_from(128 + sig).unwrap_or(1)),
    }
}

/// For the tests that drive the real client under tmux: fewer playouts behind the combat odds
/// on screen (`HERAKON_TEST_ODDS_SAMPLES=40`), so a debug build draws a combat screen quickly.
/// Unset (as for players), the client uses its one default in every build.
fn odds_samples_for_tests() {
    if let Some(n) = std::env::var("HERAKON_TEST_ODDS_SAMPLES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
    {
        tui::scene::set_odds_samples(n);
    }
}

/// The game `play` or `host` plays: the save (renamed by `--names`), or a new game; where
/// it is saved by default, the file that holds it as it is (none once changed), and its
/// computer players (the save's, changed by `--bot`).
fn game_to_play(
    args: &GameArgs,
    data: std::sync::Arc<herakon::engine::GameData>,
) -> Result<
    (
        herakon::engine::Game,
        PathBuf,
        Option<PathBuf>,
        tui::seats::Bots,
    ),
    String,
> {
    let (new, bots) = (&args.new, &args.bots);
    let (game, default_path, loaded_from) = match args.save.clone() {
        Some(path) => {
            let mut game = saves::load_game(&path, data)?;
            name_players(&mut game, new.names.as_deref())?;
            // Renamed players or changed computer seats make the game differ from
            // the file.
            let loaded = (new.names.is_none() && bots.is_empty()).then(|| path.clone());
            // `s` offers the save an autosave belongs to, not the autosave itself.
            (game, saves::save_path_of_autosave(&path), loaded)
        }
        None => (
            new_game(new, data, false)?,
            saves::fresh_save_path(std::path::Path::new("saves"), "hotseat"),
            None,
        ),
    };
    // A save goes on with the computer players it recorded; `--bot` changes seats.
    let mut seats = tui::seats::Bots::of_game(&game)?;
    if game.computer().is_empty() {
        seats.seed = new.seed.unwrap_or(0);
    }
    for text in bots {
        match tui::seats::parse_bot(text, &game)? {
            (seat, Some(kind)) => seats.kinds.insert(seat, kind),
            (seat, None) => seats.kinds.remove(&seat),
        };
    }
    Ok((game, default_path, loaded_from, seats))
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let data = store::assets::load_data(cli.assets.as_deref())?;
    odds_samples_for_tests();
    let command = cli.command.unwrap_or(Command::Play {
        game: GameArgs::default(),
    });
    match command {
        Command::Play { game: args } => {
            // A write killed before its rename left the whole game in a temporary file.
            store::remove_stale_temps(std::path::Path::new("saves"));
            let new = &args.new;
            let no_choice = args.bots.is_empty()
                && new.players.is_none()
                && new.factions.is_none()
                && new.seed.is_none()
                && new.setup.is_none();
            if args.save.is_none() && no_choice {
                // Nothing chosen on the command line: the new-game screen asks.
                let options = PlayOptions {
                    save_path: Some(args.save_to.clone().unwrap_or_else(|| {
                        saves::fresh_save_path(std::path::Path::new("saves"), "hotseat")
                    })),
                    loaded_from: None,
                    resume: saves::latest_autosave(std::path::Path::new("saves")),
                    bots: tui::seats::Bots::default(),
                    learn: None,
                };
                let names = new
                    .names
                    .as_deref()
                    .map(cli::parse_names)
                    .unwrap_or_default();
                let ended = tui::run_new(&data, seed_or_random(None), &names, &options)
                    .map_err(|e| format!("terminal error: {e}"))?;
                return Ok(exit_code(ended));
            }
            let (game, default_path, loaded_from, seats) = game_to_play(&args, data)?;
            let options = PlayOptions {
                save_path: Some(args.save_to.unwrap_or(default_path)),
                loaded_from,
                resume: None,
                bots: seats,
                learn: None,
            };
            let ended = tui::run(game, options).map_err(|e| format!("terminal error: {e}"))?;
            Ok(exit_code(ended))
        }
        #[cfg(feature = "host")]
        Command::Host {
            game: args,
            listen,
            port,
            keys,
            open,
            local,
            host_key,
        } => {
            store::remove_stale_temps(std::path::Path::new("saves"));
            let (game, default_path, loaded_from, seats) = game_to_play(&args, data)?;
            let seat_of = |n: u8| -> Result<Seat, String> {
                if (1..=game.player_count()).contains(&usize::from(n)) {
                    Ok(Seat(n - 1))
                } else {
                    Err(format!(
                        "seat {n} is not in this {}-player game",
                        game.player_count()
                    ))
                }
            };
            let mut key_files = Vec::new();
            for text in &keys {
                let (seat, path) = text
                    .split_once('=')
                    .ok_or_else(|| format!("--key {text}: write seat1=FILE"))?;
                let n = seat
                    .trim_start_matches("seat")
                    .parse::<u8>()
                    .map_err(|_| format!("--key {text}: write seat1=FILE"))?;
                key_files.push((seat_of(n)?, PathBuf::from(path)));
            }
            let open = open
                .into_iter()
                .map(seat_of)
                .collect::<Result<Vec<_>, _>>()?;
            let local = local.map(seat_of).transpose()?;
            if let Some(seat) = local {
                let n = seat.index() + 1;
                if seats.kind(seat).is_some() {
                    return Err(format!("--local {n}: seat {n} is a computer player"));
                }
                if open.contains(&seat) {
                    return Err(format!("--local {n}: seat {n} is also --open"));
                }
                if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                    return Err(format!("--local {n}: {}", tui::terminal::NOT_A_TERMINAL));
                }
            }
            let options = herakon::host::HostOptions {
                save_path: args.save_to.unwrap_or(default_path),
                loaded_from,
                bots: seats,
                keys: key_files,
                open,
                local,
            };
            let listen = herakon::host::ssh::Listen {
                addr: listen,
                port,
                host_key,
            };
            let said = herakon::host::run(game, &options, &listen)?;
            eprintln!("herakon host: {}", store::printable(&said));
            Ok(ExitCode::SUCCESS)
        }
        Command::Learn { save_to } => {
            store::remove_stale_temps(std::path::Path::new("saves"));
            let (game, bots, person) = tui::learn::new_game(data)?;
            let options = PlayOptions {
                save_path: Some(save_to.unwrap_or_else(|| {
                    saves::fresh_save_path(std::path::Path::new("saves"), "learn")
                })),
                loaded_from: None,
                resume: None,
                bots,
                learn: Some(person),
            };
            let ended = tui::run(game, options).map_err(|e| format!("terminal error: {e}"))?;
            Ok(exit_code(ended))
        }
        Command::Replay { file } => {
            let game = saves::load_game(&file, data)?;
            Ok(exit_code(tui::replay(&game)?))
        }
        Command::New { new, out, force } => {
            let game = new_game(&new, data, true)?;
            saves::write_new_game(&game, &out, force)?;
            cli::print(&format!("wrote {}\n", out.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate { file } => {
            let text = store::read_text(&file)?;
            match herakon::engine::format::save::load(&text, data) {
                Ok(_) => {
                    cli::print(&format!("{}: valid\n", file.display()))?;
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    cli::print(&format!("{}: {e}\n", file.display()))?;
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        Command::Show { file, seat } => {
            let game = saves::load_game(&file, data)?;
            let viewer = match seat {
                Some(n) if (1..=game.player_count()).contains(&usize::from(n)) => Some(Seat(n - 1)),
                Some(n) => {
                    return Err(format!(
                        "seat {n} is not in this {}-player game",
                        game.player_count()
                    ));
                }
                None => None,
            };
            cli::print(&cli::show::show_text(&game, viewer))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check(args) => cli::check::run(&args, data),
        Command::Schema => cli::check::run_schema(),
        Command::Simulate(args) => cli::simulate::run(&args, data),
        Command::Rulings(args) => cli::rulings::run(&args, &data),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("herakon: {}", store::printable(&e));
            ExitCode::from(2)
        }
    }
}
