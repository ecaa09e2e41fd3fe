//! The `tuner` command line, declared once for `clap`, which writes `--help` from it and refuses
//! what it does not know. Each command's options turn into the configuration its module runs on
//! here, apart from reading files, so a test can check what a command line asks for.

use crate::{book, nnue, selfplay};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::time::Duration;

/// Data generation, network training, Texel tuning and opening books for the chess and xiangqi
/// engines.
#[derive(Debug, Parser)]
#[command(name = "tuner", arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The commands. Each takes `--game`; a later option of the same name overrides an earlier one, as
/// the scripts that append options expect.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play the engine against itself and append the network's training data to a data set, or
    /// resume where it stopped
    #[command(args_override_self = true)]
    Datagen(DatagenArgs),
    /// Count and summarise a data set (per block) or a file of 32-byte records
    #[command(args_override_self = true)]
    Datastats(DatastatsArgs),
    /// Append files of 32-byte records (and their `.progress` settings), or PGN games with scored
    /// moves (`--pgn`: OpenBench's DATAGEN uploads), to a data set, as blocks
    #[command(args_override_self = true)]
    Import(ImportArgs),
    /// Convert a data set into a file of 32-byte records, or such a file into a new data set
    #[command(args_override_self = true)]
    Convert(ConvertArgs),
    /// Write chess data in a format bullet (the GPU trainer) reads: bulletformat or viriformat
    #[command(args_override_self = true)]
    Export(ExportArgs),
    /// Search a data file's positions again with the engine as built (its embedded network) and
    /// write them with the new scores, as 32-byte records
    #[command(args_override_self = true)]
    Rescore(RescoreArgs),
    /// Build an opening book from the engine's own searches
    #[command(args_override_self = true)]
    Book(BookArgs),
    /// Train a network on training data files
    #[command(args_override_self = true)]
    Train(TrainArgs),
    /// Evaluate one position with a quantized network, as the engine computes it
    #[command(args_override_self = true)]
    NetEval(NetEvalArgs),
    /// Play the engine against itself and write quiet positions labelled with their game's result
    #[command(args_override_self = true)]
    Selfplay(SelfplayArgs),
    /// Fit the hand-crafted evaluation's weights to labelled positions (Texel's method)
    #[command(args_override_self = true)]
    Tune(TuneArgs),
}

/// The games the tuner knows; Othello has its own tool, `othello_fit`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Game {
    #[default]
    Chess,
    Xiangqi,
}

/// The options every self-play command takes, whatever its defaults. Their `display_order`s
/// interleave them with each command's own in `--help`, as the options always read.
#[derive(Clone, Debug, PartialEq, Args)]
pub struct PlayArgs {
    /// The game to play
    #[arg(long, value_enum, default_value_t, display_order = 0)]
    pub game: Game,
    /// Opening positions, one FEN a line (text after `;` and lines starting with `#` ignored)
    #[arg(long, value_name = "FILE", display_order = 1)]
    pub openings: String,
    /// Where the output goes (`datagen`: the data set, created or appended to)
    #[arg(long, value_name = "FILE", display_order = 2)]
    pub out: String,
    /// Seed of the random plies
    #[arg(long, value_name = "N", default_value_t = 1, display_order = 5)]
    pub seed: u64,
    /// Games played at once, one thread each [default: every core]
    #[arg(long, value_name = "N", display_order = 6)]
    pub threads: Option<usize>,
    /// Transposition table per thread, MiB (1 plays as 8 does at 5 000 nodes a move, and faster)
    #[arg(long = "hash", value_name = "MB", default_value_t = 1, display_order = 10)]
    pub hash_mb: usize,
    /// No new game starts after this long [default: no limit]
    #[arg(long, value_name = "SECONDS", display_order = 11)]
    pub time_limit: Option<f64>,
    /// Evaluate with the game's embedded network rather than the hand-crafted evaluation
    #[arg(long, display_order = 13)]
    pub nnue: bool,
}

/// The threads a command uses unless told: every core the machine has.
fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |threads| threads.get())
}

impl PlayArgs {
    /// The games asked for, from `openings` (the file's checked positions).
    fn config(
        &self,
        openings: Vec<String>,
        games: usize,
        nodes: u64,
        random: usize,
        skip: usize,
    ) -> selfplay::Config {
        selfplay::Config {
            openings,
            games,
            nodes,
            seed: self.seed,
            random_plies: random,
            skip_plies: skip,
            threads: self.threads.unwrap_or_else(all_cores),
            hash_mb: self.hash_mb,
            time_limit: self.time_limit.map(Duration::from_secs_f64),
            out: self.out.clone(),
            opening_score_limit: None,
            nnue: self.nnue,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct DatagenArgs {
    #[command(flatten)]
    pub play: PlayArgs,
    /// Games to play [default: until the time limit, or stopped]
    #[arg(long, value_name = "N", display_order = 3)]
    pub games: Option<usize>,
    /// Nodes per move
    #[arg(long, value_name = "N", default_value_t = 5000, display_order = 4)]
    pub nodes: u64,
    /// Random legal plies after the opening
    #[arg(long, value_name = "N", default_value_t = 6, display_order = 7)]
    pub random_plies: usize,
    /// Positions before this game ply are not kept
    #[arg(long, value_name = "N", default_value_t = 12, display_order = 8)]
    pub skip_plies: usize,
    /// A game whose first search scores beyond this, either side, is dropped
    #[arg(long, value_name = "CP", default_value_t = 600, display_order = 9)]
    pub opening_limit: i32,
    /// Seconds between progress lines
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, display_order = 12)]
    pub report: f64,
}

impl DatagenArgs {
    pub fn config(&self, openings: Vec<String>) -> crate::datagen::Config {
        let games = self.games.unwrap_or(usize::MAX);
        let mut play = self.play.config(openings, games, self.nodes, self.random_plies, self.skip_plies);
        play.opening_score_limit = Some(self.opening_limit);
        crate::datagen::Config { play, report_every: Duration::from_secs_f64(self.report) }
    }
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub play: PlayArgs,
    /// Games to play (fewer if the time limit comes first)
    #[arg(long, value_name = "N", default_value_t = 1000, display_order = 3)]
    pub games: usize,
    /// Nodes per move
    #[arg(long, value_name = "N", default_value_t = 6000, display_order = 4)]
    pub nodes: u64,
    /// Random legal plies after the opening
    #[arg(long, value_name = "N", default_value_t = 4, display_order = 7)]
    pub random_plies: usize,
    /// Positions before this game ply are not kept
    #[arg(long, value_name = "N", default_value_t = 16, display_order = 8)]
    pub skip_plies: usize,
}

impl SelfplayArgs {
    pub fn config(&self, openings: Vec<String>) -> selfplay::Config {
        self.play.config(openings, self.games, self.nodes, self.random_plies, self.skip_plies)
    }
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct DatastatsArgs {
    /// The game whose records the file holds
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// The data set, or a file of 32-byte records
    #[arg(value_name = "FILE")]
    pub file: String,
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct ImportArgs {
    /// The game whose records the files hold
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// The data set to append to (created if absent); stop any generator writing to it first
    #[arg(long, value_name = "SET")]
    pub set: String,
    /// Files of 32-byte records, each with its `FILE.progress` if it has one (with `--pgn`: PGN
    /// files)
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// The files are PGN (chess): each move's comment carries the engine's score, as fastchess
    /// writes it and OpenBench uploads it (`{+0.34/12 0.123s, n=5012, sd=18}`)
    #[arg(long)]
    pub pgn: bool,
    /// With `--pgn`: positions before this game ply (counted by the FEN's move counters) are not
    /// kept
    #[arg(long, value_name = "N", default_value_t = 12, requires = "pgn")]
    pub skip_plies: usize,
    /// With `--pgn`: words added to each block's settings line, such as `eval=nnue-<hash>
    /// openbench=<test id>`
    #[arg(long, value_name = "WORDS", requires = "pgn")]
    pub tag: Option<String>,
}

impl ImportArgs {
    /// What `--pgn` asks of each game.
    pub fn pgn_options(&self) -> crate::datagen::pgn_import::Options {
        crate::datagen::pgn_import::Options { skip_plies: self.skip_plies, tag: self.tag.clone() }
    }
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct ConvertArgs {
    /// The game whose records the files hold
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// A data set (written out as 32-byte records) or a file of 32-byte records (made a new set)
    #[arg(value_name = "IN")]
    pub input: String,
    /// The file to write; must not exist
    #[arg(value_name = "OUT")]
    pub out: String,
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct RescoreArgs {
    /// The game whose records the files hold
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// Nodes of each position's search
    #[arg(long, value_name = "N", default_value_t = 5000)]
    pub nodes: u64,
    /// Threads [default: every core]
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Transposition table per thread, MiB (cleared before each position)
    #[arg(long = "hash", value_name = "MB", default_value_t = 1)]
    pub hash_mb: usize,
    /// Search with the hand-crafted evaluation instead of the embedded network
    #[arg(long)]
    pub hand_crafted: bool,
    /// Seconds between progress lines
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub report: f64,
    /// A data set or a file of 32-byte records
    #[arg(value_name = "IN")]
    pub input: String,
    /// The file of 32-byte records to write; must not exist
    #[arg(value_name = "OUT")]
    pub out: String,
}

impl RescoreArgs {
    pub fn config(&self) -> crate::datagen::rescore::Config {
        crate::datagen::rescore::Config {
            nodes: self.nodes,
            threads: self.threads.unwrap_or_else(all_cores),
            hash_mb: self.hash_mb,
            nnue: !self.hand_crafted,
            report_every: Duration::from_secs_f64(self.report),
        }
    }
}

/// The formats `tuner export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// bulletformat's `ChessBoard`: 32 bytes a training position, side to move's view
    Bulletformat,
    /// Viridithas's games: a board, then a move and an eval per move (bullet's `ViriBinpackLoader`)
    Viriformat,
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct ExportArgs {
    /// The format to write
    #[arg(long, value_enum)]
    pub format: ExportFormat,
    /// The file to write; must not exist
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// A chess data set (bulletformat also takes a file of 32-byte records)
    #[arg(value_name = "SET")]
    pub input: String,
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct BookArgs {
    /// The game of the book
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// Where the book goes
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// More roots besides the start position, one FEN a line
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Plies from a root whose positions get entries
    #[arg(long, value_name = "PLIES", default_value_t = 8)]
    pub depth: usize,
    /// Nodes per search
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub nodes: u64,
    /// Moves within this many centipawns of the best are kept
    #[arg(long, value_name = "CP", default_value_t = 25)]
    pub margin: i32,
    /// At most this many moves per position
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub width: usize,
    /// Transposition table, MiB
    #[arg(long = "hash", value_name = "MB", default_value_t = 8)]
    pub hash_mb: usize,
    /// Seconds between progress lines
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub report: f64,
    /// Search with the game's embedded network rather than the hand-crafted evaluation
    #[arg(long)]
    pub nnue: bool,
}

impl BookArgs {
    /// The book asked for, grown from `roots` (the start position, then the openings file's).
    pub fn config(&self, roots: Vec<String>) -> book::Config {
        book::Config {
            roots,
            depth: self.depth,
            nodes: self.nodes,
            margin: self.margin,
            width: self.width,
            hash_mb: self.hash_mb,
            nnue: self.nnue,
            out: self.out.clone(),
            report_every: Duration::from_secs_f64(self.report),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct TrainArgs {
    /// The game of the training data
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// Training data: data sets or files of 32-byte records, comma-separated
    #[arg(long, value_name = "FILE[,FILE..]", value_delimiter = ',', required = true)]
    pub data: Vec<String>,
    /// Where the network goes
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Hidden neurons per perspective
    #[arg(long, value_name = "N", default_value_t = 128)]
    pub hidden: usize,
    /// Output buckets by piece count (1: one output)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub buckets: usize,
    /// Passes over the training positions
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub epochs: usize,
    /// Positions per batch
    #[arg(long, value_name = "N", default_value_t = 16_384)]
    pub batch: usize,
    /// Learning rate
    #[arg(long, value_name = "R", default_value_t = 0.001)]
    pub rate: f32,
    /// Weight of the game result in the target (the rest is the score's)
    #[arg(long, value_name = "W", default_value_t = 0.0)]
    pub wdl: f32,
    /// Centipawns of the sigmoid's unit
    #[arg(long, value_name = "CP", default_value_t = 400.0)]
    pub scale: f32,
    /// Per mille of the positions held out
    #[arg(long, value_name = "PER_MILLE", default_value_t = 20)]
    pub validation: u64,
    /// Records shuffled and trained as one chunk (16 M, about 2.7 GB decoded, holds today's files)
    #[arg(long, value_name = "RECORDS", default_value_t = 1 << 24)]
    pub chunk: usize,
    /// Threads [default: every core]
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Seed of the initial weights and the shuffles
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Go on from a checkpoint, or from a quantized network
    #[arg(long, value_name = "CKPT|NET")]
    pub resume: Option<String>,
    /// Also print the hand-crafted evaluation's held-out loss on the same labels
    #[arg(long)]
    pub baseline: bool,
    /// Do not mirror training positions left to right
    #[arg(long)]
    pub no_mirror: bool,
    /// Mirror each perspective's inputs by its king's side (chess's `TRSKNN03`)
    #[arg(long)]
    pub king_mirror: bool,
    /// Train only on the games this network played: the data sets' blocks tagged with it (as
    /// `datagen --nnue` tags them); the file given to --resume, to refine a network on its own games
    #[arg(long, value_name = "NET")]
    pub played_by: Option<String>,
    /// Train only on the data sets' blocks whose settings line has each of these fields, such as
    /// `nodes=5000` (the games searched at that many nodes a move), comma-separated
    #[arg(long, value_name = "KEY=VALUE[,KEY=VALUE..]", value_delimiter = ',')]
    pub block_settings: Vec<String>,
}

impl TrainArgs {
    pub fn config(&self) -> nnue::train::Config {
        nnue::train::Config {
            data: self.data.clone(),
            out: self.out.clone(),
            hidden: self.hidden,
            buckets: self.buckets,
            epochs: self.epochs,
            batch: self.batch,
            rate: self.rate,
            wdl: self.wdl,
            scale: self.scale,
            validation_per_mille: self.validation,
            chunk: self.chunk,
            threads: self.threads.unwrap_or_else(all_cores),
            seed: self.seed,
            resume: self.resume.clone(),
            baseline: self.baseline,
            mirror: !self.no_mirror,
            king_mirror: self.king_mirror,
            played_by: self.played_by.clone(),
            block_settings: self.block_settings.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct NetEvalArgs {
    /// The game of the network
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// The network file
    #[arg(long, value_name = "FILE")]
    pub net: String,
    /// The position
    #[arg(long, value_name = "FEN")]
    pub fen: String,
}

#[derive(Clone, Debug, PartialEq, Args)]
pub struct TuneArgs {
    /// The game whose evaluation is tuned
    #[arg(long, value_enum, default_value_t)]
    pub game: Game,
    /// Labelled positions, as `selfplay` writes them
    #[arg(long, value_name = "FILE")]
    pub positions: String,
    /// Where the tuned weights go
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// The weights to start from [default: the committed engine/data/<game>_eval.txt]
    #[arg(long, value_name = "FILE")]
    pub data: Option<String>,
    /// Threads summing the gradient
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Most epochs
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub epochs: usize,
    /// No new epoch starts after this long [default: no limit]
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Learning rate at the start, centipawns per step
    #[arg(long, value_name = "CP", default_value_t = 1.0)]
    pub rate: f64,
    /// Fraction of the positions held out, the last ones
    #[arg(long, value_name = "FRACTION", default_value_t = 0.1)]
    pub validation: f64,
    /// Values used by fewer training positions keep their starting value
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub min_positions: usize,
    /// Weight of the pull back to the starting values
    #[arg(long, value_name = "LAMBDA", default_value_t = 1e-8)]
    pub l2: f64,
    /// Weight of the self-play scores in the labels, beside the results
    #[arg(long, value_name = "W", default_value_t = 0.0)]
    pub score_weight: f64,
    /// Keep every value whose name starts with one of these prefixes, comma-separated
    #[arg(long, value_name = "PREFIX,..")]
    pub freeze: Option<String>,
    /// Write --out even when it is the starting or the committed data file
    #[arg(long)]
    pub force: bool,
}

impl TuneArgs {
    pub fn schedule(&self) -> crate::tune::Schedule {
        crate::tune::Schedule {
            epochs: self.epochs,
            time: self.time_limit.map(Duration::from_secs_f64),
            rate: self.rate,
            threads: self.threads.max(1),
            min_positions: self.min_positions,
            l2: self.l2,
        }
    }
}
