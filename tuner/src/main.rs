//! `tuner`: fits the chess or xiangqi evaluation's weights to the engine's own games (Texel's
//! method). `--game xiangqi` picks xiangqi (positions, data file `engine/data/xiangqi_eval.txt`).
//!
//! ```text
//! tuner datagen [--game chess|xiangqi] --openings FILE --out FILE [--games N] [--nodes N] [--seed N] [--threads N]
//!               [--random-plies N] [--skip-plies N] [--opening-limit CP] [--hash MB] [--time-limit SECONDS]
//!               [--report SECONDS] [--nnue]
//! tuner datastats [--game chess|xiangqi] FILE
//! tuner book [--game chess|xiangqi] --out FILE [--openings FILE] [--depth PLIES] [--nodes N] [--margin CP]
//!            [--width N] [--hash MB] [--report SECONDS] [--nnue]
//! tuner train [--game chess|xiangqi] --data FILE[,FILE..] --out FILE [--hidden N] [--buckets N] [--epochs N] [--batch N] [--rate R] [--wdl W]
//!             [--scale CP] [--validation PER_MILLE] [--chunk RECORDS] [--threads N] [--seed N] [--resume CKPT|NET] [--baseline] [--no-mirror] [--king-mirror]
//! tuner net-eval [--game chess|xiangqi] --net FILE --fen FEN
//! tuner selfplay [--game chess|xiangqi] --openings FILE --out FILE [--games N] [--nodes N] [--seed N]
//!                [--threads N] [--random-plies N] [--skip-plies N] [--hash MB] [--time-limit SECONDS] [--nnue]
//! tuner tune [--game chess|xiangqi] --positions FILE --out FILE [--data FILE] [--threads N] [--epochs N]
//!            [--time-limit SECONDS] [--rate CP] [--validation FRACTION] [--min-positions N]
//!            [--l2 LAMBDA] [--score-weight W] [--freeze PREFIX,..] [--force]
//! ```
//!
//! `book` builds an opening book from the engine's own searches (see [`book`]): a Polyglot `.bin`
//! in chess, our record with the engine's keys in xiangqi.
//! `datagen` writes the network's training data, binary records (see [`datagen`]; `--nnue` plays
//! with the embedded network instead of the hand-crafted evaluation); `selfplay` writes quiet positions labelled with their game's result (see [`selfplay`]); `tune`
//! reads them and a data file (by default the committed `engine/data/<game>_eval.txt`), and writes
//! the tuned weights as a data file of the same layout to `--out` (see [`tune`]). Rebuilding the
//! engine with that file in place of the committed one gives the tuned engine.

mod book;
mod datagen;
mod dataset;
mod games;
mod identity;
mod nnue;
mod options;
mod selfplay;
mod tune;

use dataset::{eval, Dataset};
use games::{first_player_score, Tunable, WeightsFile};
use options::Options;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tablegen::chess_eval::{Pair, VALUE_LIMIT};

const USAGE: &str = "usage:
  tuner datagen [--game chess|xiangqi] --openings FILE --out FILE [--games N] [--nodes N] [--seed N] [--threads N]
                [--random-plies N] [--skip-plies N] [--opening-limit CP] [--hash MB] [--time-limit SECONDS]
                [--report SECONDS] [--nnue]
  tuner datastats [--game chess|xiangqi] FILE
  tuner book [--game chess|xiangqi] --out FILE [--openings FILE] [--depth PLIES] [--nodes N] [--margin CP]
             [--width N] [--hash MB] [--report SECONDS] [--nnue]
  tuner train [--game chess|xiangqi] --data FILE[,FILE..] --out FILE [--hidden N] [--buckets N] [--epochs N] [--batch N] [--rate R] [--wdl W]
              [--scale CP] [--validation PER_MILLE] [--chunk RECORDS] [--threads N] [--seed N] [--resume CKPT|NET] [--baseline] [--no-mirror] [--king-mirror]
  tuner net-eval [--game chess|xiangqi] --net FILE --fen FEN
  tuner selfplay [--game chess|xiangqi] --openings FILE --out FILE [--games N] [--nodes N] [--seed N]
                 [--threads N] [--random-plies N] [--skip-plies N] [--hash MB] [--time-limit SECONDS] [--nnue]
  tuner tune [--game chess|xiangqi] --positions FILE --out FILE [--data FILE] [--threads N] [--epochs N]
             [--time-limit SECONDS] [--rate CP] [--validation FRACTION] [--min-positions N]
             [--l2 LAMBDA] [--score-weight W] [--freeze PREFIX,..] [--force]";

/// The openings file's positions, each checked.
fn read_openings<G: Tunable>(path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    let openings: Vec<String> = text
        .lines()
        .map(|line| line.split(';').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(String::from)
        .collect();
    for fen in &openings {
        crate::games::parse::<G>(fen).map_err(|error| format!("{path}: {fen}: {error}"))?;
    }
    Ok(openings)
}

fn time_limit(options: &Options) -> Result<Option<Duration>, String> {
    options
        .text("time-limit")
        .map(|_| options.number("time-limit", 0.0))
        .transpose()
        .map(|limit| limit.map(Duration::from_secs_f64))
}

/// The options every self-play command takes.
const PLAY_OPTIONS: [&str; 11] = [
    "game",
    "openings",
    "out",
    "games",
    "nodes",
    "seed",
    "threads",
    "random-plies",
    "skip-plies",
    "hash",
    "time-limit",
];

/// Where `selfplay` and `datagen` differ by default.
struct PlayDefaults {
    games: usize,
    nodes: u64,
    random_plies: usize,
    skip_plies: usize,
}

/// The threads `datagen`, `selfplay` and `train` use unless told: every core the machine has.
fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |threads| threads.get())
}

/// The games `options` ask for.
fn play_config<G: Tunable>(options: &Options, defaults: PlayDefaults) -> Result<selfplay::Config, String> {
    Ok(selfplay::Config {
        openings: read_openings::<G>(options.required("openings")?)?,
        games: options.number("games", defaults.games)?,
        nodes: options.number("nodes", defaults.nodes)?,
        seed: options.number("seed", 1)?,
        random_plies: options.number("random-plies", defaults.random_plies)?,
        skip_plies: options.number("skip-plies", defaults.skip_plies)?,
        threads: options.number("threads", all_cores())?,
        hash_mb: options.number("hash", 8)?,
        time_limit: time_limit(options)?,
        out: options.required("out")?.to_string(),
        opening_score_limit: None,
        nnue: options.flag("nnue"),
    })
}

/// One line saying what a self-play command is about to do.
fn announce<G: Tunable>(command: &str, config: &selfplay::Config) {
    eprintln!(
        "{command} ({}): {} nodes/move, {} openings, {} random plies, seed {}, {} thread(s) -> {}",
        G::NAME,
        config.nodes,
        config.openings.len(),
        config.random_plies,
        config.seed,
        config.threads,
        config.out
    );
}

fn datagen_command<G: Tunable + datagen::record::Packed>(args: &[String]) -> Result<(), String> {
    let known: Vec<&str> = PLAY_OPTIONS.iter().copied().chain(["opening-limit", "report"]).collect();
    let options = Options::parse(args, &["nnue"], &known)?;
    let defaults = PlayDefaults { games: usize::MAX, nodes: 5000, random_plies: 6, skip_plies: 12 };
    let mut play = play_config::<G>(&options, defaults)?;
    play.opening_score_limit = Some(options.number("opening-limit", 600)?);
    let config =
        datagen::Config { play, report_every: Duration::from_secs_f64(options.number("report", 60.0)?) };
    announce::<G>("datagen", &config.play);
    println!("{}", datagen::run::<G>(&config)?);
    Ok(())
}

fn train_command<G: nnue::FeatureSet>(args: &[String]) -> Result<(), String> {
    let options = Options::parse(
        args,
        &["baseline", "no-mirror", "king-mirror"],
        &[
            "game",
            "data",
            "out",
            "hidden",
            "buckets",
            "epochs",
            "batch",
            "rate",
            "wdl",
            "scale",
            "validation",
            "chunk",
            "threads",
            "seed",
            "resume",
        ],
    )?;
    let config = nnue::train::Config {
        data: options.required("data")?.split(',').map(String::from).collect(),
        out: options.required("out")?.to_string(),
        hidden: options.number("hidden", 128)?,
        buckets: options.number("buckets", 1)?,
        epochs: options.number("epochs", 20)?,
        batch: options.number("batch", 16_384)?,
        rate: options.number("rate", 0.001)?,
        wdl: options.number("wdl", 0.0)?,
        scale: options.number("scale", 400.0)?,
        validation_per_mille: options.number("validation", 20)?,
        // 16 M records, about 2.7 GB decoded: today's files shuffle as one chunk.
        chunk: options.number("chunk", 1 << 24)?,
        threads: options.number("threads", all_cores())?,
        seed: options.number("seed", 1)?,
        resume: options.text("resume").map(String::from),
        baseline: options.flag("baseline"),
        mirror: !options.flag("no-mirror"),
        king_mirror: options.flag("king-mirror"),
    };
    let loss = nnue::train::run::<G>(&config)?;
    println!("train: done, held-out loss {loss:.6}, network {}", config.out);
    Ok(())
}

/// `tuner net-eval [--game chess|xiangqi] --net FILE --fen FEN`: a quantized network's evaluation
/// of one position, as the engine computes it.
fn net_eval_command<G: nnue::FeatureSet>(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &[], &["game", "net", "fen"])?;
    let path = options.required("net")?;
    let file = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    let position = crate::games::parse::<G>(options.required("fen")?)?;
    let mirrored = G::FORMAT.layout(&file).is_ok_and(|layout| layout.mirrored);
    let [ours, theirs] = nnue::record_features(&position, mirrored);
    let eval = nnue::network::quantized_eval(G::FORMAT, &file, [&ours, &theirs])
        .map_err(|error| format!("{path}: {error}"))?;
    println!("{} cp (side to move) for {}", eval, position.position_text());
    if let Err(error) = G::FORMAT.check(&file) {
        eprintln!("net-eval: the engine would refuse {path}: {error}");
    }
    Ok(())
}

/// `tuner datastats [--game chess|xiangqi] FILE`.
fn datastats_command<G: datagen::record::Packed>(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--game" => {
                words.next();
            }
            _ => files.push(word),
        }
    }
    match files.as_slice() {
        [path] => datagen::stats::<G::Record>(path).map(|line| println!("{line}")),
        _ => Err("datastats needs one file".into()),
    }
}

/// `tuner book [--game chess|xiangqi] ...`: the opening book (see [`book`]).
fn book_command<G: book::Booked>(args: &[String]) -> Result<(), String> {
    let options = Options::parse(
        args,
        &["nnue"],
        &["game", "out", "openings", "depth", "nodes", "margin", "width", "hash", "report"],
    )?;
    let mut roots = vec![G::start_position().position_text().to_string()];
    if let Some(path) = options.text("openings") {
        roots.extend(read_openings::<G>(path)?);
    }
    let config = book::Config {
        roots,
        depth: options.number("depth", 8)?,
        nodes: options.number("nodes", 100_000)?,
        margin: options.number("margin", 25)?,
        width: options.number("width", 3)?,
        hash_mb: options.number("hash", 8)?,
        nnue: options.flag("nnue"),
        out: options.required("out")?.to_string(),
        report_every: Duration::from_secs_f64(options.number("report", 10.0)?),
    };
    eprintln!(
        "book ({}): {} root(s), {} plies, {} nodes/position, moves within {} cp, at most {} per position, {} -> {}",
        G::NAME,
        config.roots.len(),
        config.depth,
        config.nodes,
        config.margin,
        config.width,
        if config.nnue { "embedded network" } else { "hand-crafted evaluation" },
        config.out
    );
    // The search recurses with a move list per frame: a thread with a game-sized stack.
    let summary = std::thread::Builder::new()
        .name("book".into())
        .stack_size(64 << 20)
        .spawn(move || book::run::<G>(&config))
        .map_err(|error| format!("book: cannot start a thread: {error}"))?
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
    println!("{summary}");
    Ok(())
}

fn selfplay_command<G: Tunable>(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["nnue"], &PLAY_OPTIONS)?;
    let defaults = PlayDefaults { games: 1000, nodes: 6000, random_plies: 4, skip_plies: 16 };
    let config = play_config::<G>(&options, defaults)?;
    announce::<G>("selfplay", &config);
    println!("{}", selfplay::run::<G>(&config)?);
    Ok(())
}

/// The engine's score and the model's for the first `limit` positions of `path`: the largest gap.
fn model_gap<G: Tunable>(path: &str, weights: &[[f64; 2]], limit: usize) -> Result<(usize, f64), String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    let mut worst: f64 = 0.0;
    let mut checked = 0;
    for line in text.lines().filter_map(dataset::parse_line).take(limit) {
        let position = crate::games::parse::<G>(line.fen)?;
        let mut single = Dataset::new(G::PARAM_COUNT);
        single.push(position.linear(), line.result, line.score);
        let model = eval(&single, &single.entries[0], weights);
        worst = worst.max((model - f64::from(first_player_score(&position, position.evaluate()))).abs());
        checked += 1;
    }
    Ok((checked, worst))
}

fn tune_command<G: Tunable>(args: &[String]) -> Result<(), String> {
    let options = Options::parse(
        args,
        &["force"],
        &[
            "game",
            "positions",
            "out",
            "data",
            "threads",
            "epochs",
            "time-limit",
            "rate",
            "validation",
            "min-positions",
            "l2",
            "score-weight",
            "freeze",
        ],
    )?;
    let data_path = options.text("data").unwrap_or(G::DATA_PATH);
    let out = options.required("out")?;
    let positions = options.required("positions")?;
    let threads = options.number("threads", 1usize)?.max(1);
    let validation: f64 = options.number("validation", 0.1)?;
    let schedule = tune::Schedule {
        epochs: options.number("epochs", 10_000)?,
        time: options
            .text("time-limit")
            .map(|_| options.number("time-limit", 0.0))
            .transpose()?
            .map(Duration::from_secs_f64),
        rate: options.number("rate", 1.0)?,
        threads,
        min_positions: options.number("min-positions", 100)?,
        l2: options.number("l2", 1e-8)?,
    };
    // Never overwrite the starting or the committed file by accident.
    let same = |a: &str, b: &str| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !options.flag("force") && (same(out, data_path) || same(out, G::DATA_PATH)) {
        return Err(format!("--out {out} is the data file itself; pass --force to overwrite it"));
    }

    let mut data = G::load_data(data_path)?;
    G::check_fixed(&data)?;
    let start: Vec<[f64; 2]> =
        data.params().iter().map(|pair| [f64::from(pair.mg), f64::from(pair.eg)]).collect();
    let started = Instant::now();
    let mut train = Dataset::load::<G>(positions)?;
    let held_out = ((train.len() as f64) * validation.clamp(0.0, 0.9)) as usize;
    let test = train.split_off(train.len() - held_out);
    println!(
        "tune: {} positions ({} for training, the last {} held out), {} tuned values, loaded in {:.1} s",
        train.len() + test.len(),
        train.len(),
        test.len(),
        G::PARAM_COUNT,
        started.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        return Err("no training positions".into());
    }
    if G::compiled_weights() == start {
        let (checked, gap) = model_gap::<G>(positions, &start, 2000)?;
        println!(
            "tune: model check: the linear model is within {gap:.2} cp of evaluate() on {checked} positions"
        );
        if gap >= 1.0 {
            return Err("the linear model does not reproduce the engine's evaluation".into());
        }
    } else {
        println!("tune: starting from weights other than the compiled ones ({data_path})");
    }

    let frozen = train.usage().iter().filter(|&&used| used < schedule.min_positions).count();
    println!(
        "tune: {frozen} values are used by fewer than {} training positions and stay as they are",
        schedule.min_positions
    );
    let k = tune::fit_k(&train, &start, threads);
    let score_weight: f64 = options.number("score-weight", 0.0)?;
    if score_weight > 0.0 {
        // K comes from the game results alone; the scores then join the training labels on its
        // scale. The held-out positions keep their results: their error stays the honest measure
        // of how well the evaluation predicts games it has not seen.
        train.blend_scores(tune::scale_of(k), score_weight.min(1.0));
        println!("tune: labels blend the results with the self-play scores, weight {score_weight}");
    }
    let before = (tune::error(&train, &start, k, threads), tune::error(&test, &start, k, threads));
    println!("tune: K = {k:.4}; error before: training {:.6}, held out {:.6}", before.0, before.1);
    // `--freeze MATERIAL,PSQT` keeps every value whose name starts with one of the prefixes.
    let prefixes: Vec<&str> =
        options.text("freeze").unwrap_or("").split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
    let pinned: Vec<bool> = data
        .param_names()
        .iter()
        .map(|name| prefixes.iter().any(|prefix| name.starts_with(prefix)))
        .collect();
    if !prefixes.is_empty() {
        println!("tune: {} values frozen by --freeze", pinned.iter().filter(|&&pin| pin).count());
    }
    let mut weights = start.clone();
    let descent_start = Instant::now();
    let report = tune::descend(&train, &mut weights, &pinned, k, &schedule, |epoch, planned, error| {
        if epoch % 500 == 0 || epoch == planned {
            println!(
                "tune: epoch {epoch}/{planned}: training error {error:.6} ({:.0} s)",
                descent_start.elapsed().as_secs_f64()
            );
        }
    });
    let limit = f64::from(VALUE_LIMIT);
    let rounded: Vec<Pair> = weights
        .iter()
        .map(|&[mg, eg]| {
            Pair::new(mg.round().clamp(-limit, limit) as i32, eg.round().clamp(-limit, limit) as i32)
        })
        .collect();
    let tuned: Vec<[f64; 2]> = rounded.iter().map(|pair| [f64::from(pair.mg), f64::from(pair.eg)]).collect();
    let after = (tune::error(&train, &tuned, k, threads), tune::error(&test, &tuned, k, threads));
    println!(
        "tune: {} epochs in {:.0} s (last training error {:.6}); error after (rounded weights): training {:.6}, held out {:.6}",
        report.epochs,
        descent_start.elapsed().as_secs_f64(),
        report.last_error,
        after.0,
        after.1
    );

    let names = data.param_names();
    let old = data.params();
    let mut changes: Vec<(i32, usize)> = old
        .iter()
        .zip(&rounded)
        .enumerate()
        .map(|(index, (old, new))| ((new.mg - old.mg).abs().max((new.eg - old.eg).abs()), index))
        .collect();
    changes.sort_unstable_by(|a, b| b.cmp(a));
    println!("tune: largest changes (old -> new, mg,eg):");
    for &(_, index) in changes.iter().take(25) {
        println!("  {:<32} {:>10} -> {:<10}", names[index], old[index], rounded[index]);
    }
    let unchanged = changes.iter().filter(|(change, _)| *change == 0).count();
    let weights_changed =
        changes.iter().filter(|&&(change, index)| change != 0 && index >= G::WEIGHTS_BASE).count();
    println!("tune: {unchanged} values unchanged, {weights_changed} term weights changed");

    data.set_params(&rounded);
    if let Some(parent) = std::path::Path::new(out).parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|error| format!("{}: {error}", parent.display()))?;
    }
    std::fs::write(out, data.write()).map_err(|error| format!("{out}: {error}"))?;
    println!("tune: wrote {out}");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--game` may stand anywhere among a command's options.
    let game = args.iter().position(|arg| arg == "--game").and_then(|index| args.get(index + 1));
    let xiangqi = match game.map(String::as_str) {
        None | Some("chess") => false,
        Some("xiangqi") => true,
        Some(other) => {
            eprintln!("tuner: --game takes chess or xiangqi, not `{other}`");
            return ExitCode::from(2);
        }
    };
    type Chess = engine::chess::Position;
    type Xiangqi = engine::xiangqi::Position;
    let result = match (args.first().map(String::as_str), xiangqi) {
        (Some("datagen"), false) => datagen_command::<Chess>(&args[1..]),
        (Some("datagen"), true) => datagen_command::<Xiangqi>(&args[1..]),
        (Some("train"), false) => train_command::<Chess>(&args[1..]),
        (Some("train"), true) => train_command::<Xiangqi>(&args[1..]),
        (Some("net-eval"), false) => net_eval_command::<Chess>(&args[1..]),
        (Some("net-eval"), true) => net_eval_command::<Xiangqi>(&args[1..]),
        (Some("datastats"), false) => datastats_command::<Chess>(&args[1..]),
        (Some("datastats"), true) => datastats_command::<Xiangqi>(&args[1..]),
        (Some("book"), false) => book_command::<Chess>(&args[1..]),
        (Some("book"), true) => book_command::<Xiangqi>(&args[1..]),
        (Some("selfplay"), false) => selfplay_command::<Chess>(&args[1..]),
        (Some("selfplay"), true) => selfplay_command::<Xiangqi>(&args[1..]),
        (Some("tune"), false) => tune_command::<Chess>(&args[1..]),
        (Some("tune"), true) => tune_command::<Xiangqi>(&args[1..]),
        (Some("help" | "--help" | "-h"), _) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tuner: {error}");
            ExitCode::FAILURE
        }
    }
}
