//! The command line, declared with clap: every option with its default and an example.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Rules engines for four Japanese card games: Creature Clash!, Uzumajin, Mattsan Card
/// Game and Monjan Colosseum.
#[derive(Parser, Debug)]
#[command(
    name = "fuda",
    version,
    after_help = "Examples:\n  \
fuda play --game mattsan\n  \
fuda simulate --game monjan --games 200 --bots ismcts:200,greedy\n  \
fuda serve < requests.jsonl\n  \
fuda replay game.json --seat 0\n\n\
Run `fuda COMMAND --help` for the options of a command."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of `fuda`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game in the terminal against bots.
    Play(PlayArgs),
    /// Play many games between bots and print statistics.
    Simulate(SimulateArgs),
    /// Speak the JSON-lines protocol on standard input and output (docs/protocol.md).
    Serve(ServeArgs),
    /// Check that a replay file reproduces its game, then step through it.
    Replay(ReplayArgs),
}

/// Which game and configuration: shared by `play` and `simulate`.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: creature-clash, uzumajin, mattsan or monjan.
    #[arg(long, default_value = "creature-clash", value_name = "NAME")]
    pub game: String,
    /// Number of players (`num_players`); Uzumajin and Mattsan are two-player games
    /// [default: the game's own, 4 in Creature Clash!, 2 elsewhere].
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// A JSON object merged over the game's default configuration,
    /// e.g. '{"turn_limit": 300}' [default: {}].
    #[arg(long, value_name = "JSON")]
    pub config: Option<String>,
}

/// `fuda play`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
fuda play                                   # Creature Clash!, 4 players, you are P0\n  \
fuda play --game creature-clash --players 3 --seat 1 --seed 9 --bots greedy\n  \
fuda play --game mattsan --bots ismcts:5000 --save game.json\n  \
fuda play --game uzumajin --position docs/positions/uzumajin.json\n\n\
At the prompt: a number chooses, `i N` explains choice N, `c NAME` shows a card,\n\
`l` explains the board's symbols, `b` shows the board, `h` helps, `q` quits.")]
pub struct PlayArgs {
    /// The game and its configuration.
    #[command(flatten)]
    pub game: GameArgs,
    /// Your seat (0 is the first player).
    #[arg(long, default_value_t = 0, value_name = "K")]
    pub seat: u8,
    /// The game's random seed [default: the clock].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The opponents: one bot for every seat, or a comma-separated list seat by seat
    /// (your own seat's entry is skipped): random, greedy, ismcts, ismcts:N iterations,
    /// ismcts:Nms.
    #[arg(long, default_value = "ismcts", value_name = "LIST")]
    pub bots: String,
    /// Write the game as a replay file at the end and when you quit [default: not saved].
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Start from a position file (docs/positions/GAME.md) instead of a new deal; the
    /// position carries its configuration [default: a new deal].
    #[arg(long, value_name = "FILE", conflicts_with_all = ["players", "config", "seed"])]
    pub position: Option<PathBuf>,
    /// Ask you even when your only legal action is a pass [default: passes are made for
    /// you and narrated].
    #[arg(long)]
    pub no_auto_pass: bool,
}

/// `fuda simulate`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
fuda simulate                                # 1,000 Creature Clash! games, random bots\n  \
fuda simulate --game creature-clash --games 5000 --players 6 --bots greedy,random --seed 7\n  \
fuda simulate --game mattsan --games 200 --bots ismcts:1000,greedy --swap-decks --json\n  \
fuda simulate --list-games\n\n\
Seats rotate from game to game, so every bot plays every seat.")]
pub struct SimulateArgs {
    /// The game and its configuration.
    #[command(flatten)]
    pub game: GameArgs,
    /// How many games to play.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub games: usize,
    /// The seed of the first game (game i uses seed S + i).
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// One bot per seat, comma-separated (a shorter list repeats its last bot): random,
    /// greedy, ismcts, ismcts:N iterations, ismcts:Nms.
    #[arg(long, default_value = "random", value_name = "LIST")]
    pub bots: String,
    /// Alternate the two decks of a two-deck game every round of seats [default: off].
    #[arg(long)]
    pub swap_decks: bool,
    /// Print one JSON object on standard output instead of text [default: off].
    #[arg(long)]
    pub json: bool,
    /// Worker threads; 0 means one per core. The statistics are the same whatever the
    /// number.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
    /// Write every game as a replay file DIR/GAME-SEED.json [default: not saved].
    #[arg(long, value_name = "DIR")]
    pub save_replays: Option<PathBuf>,
    /// Print the names of the games built in, one a line, and stop [default: off].
    #[arg(long)]
    pub list_games: bool,
}

/// `fuda serve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Reads one JSON request per line on standard input and writes one JSON \
response per line\non standard output (docs/protocol.md). Example:\n  \
echo '{\"id\":1,\"op\":\"create\",\"game\":\"creature-clash\",\"config\":{\"num_players\":3},\"seed\":7}' | fuda serve"
)]
pub struct ServeArgs {}

/// `fuda replay`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
fuda replay game.json               # verify; exit code 1 if it does not reproduce\n  \
fuda replay game.json --seat 2      # then step through it as P2\n  \
fuda replay game.json --spectator\n\n\
Replay files come from `fuda play --save`, `fuda simulate --save-replays` and the\n\
protocol's `replay` request.")]
pub struct ReplayArgs {
    /// The replay file.
    pub file: PathBuf,
    /// Step through the game as this seat sees it [default: only verify].
    #[arg(long, value_name = "K", conflicts_with = "spectator")]
    pub seat: Option<u8>,
    /// Step through the game as a spectator sees it [default: only verify].
    #[arg(long)]
    pub spectator: bool,
}
