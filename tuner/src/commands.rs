//! What each `tuner` command does with the options [`crate::cli`] read: the files it reads, the
//! lines it prints, the module it runs.

use crate::cli::{
    BookArgs, Cli, Command, DatagenArgs, DatastatsArgs, ExportFormat, Game, ImportArgs, NetEvalArgs,
    SelfplayArgs, TrainArgs, TuneArgs,
};
use crate::dataset::{self, eval, Dataset};
use crate::games::{first_player_score, Tunable, WeightsFile};
use crate::{book, datagen, export, nnue, selfplay, tune};
use std::time::Instant;
use tablegen::chess_eval::{Pair, VALUE_LIMIT};

type Chess = engine::chess::Position;
type Xiangqi = engine::xiangqi::Position;

/// Runs the command `cli` names, in the game it names.
pub fn run(cli: &Cli) -> Result<(), String> {
    match &cli.command {
        Command::Datagen(args) => match args.play.game {
            Game::Chess => datagen_command::<Chess>(args),
            Game::Xiangqi => datagen_command::<Xiangqi>(args),
        },
        Command::Datastats(args) => match args.game {
            Game::Chess => datastats_command::<Chess>(args),
            Game::Xiangqi => datastats_command::<Xiangqi>(args),
        },
        Command::Import(args) => match (args.game, args.pgn) {
            (Game::Chess, true) => pgn_import_command(args),
            (Game::Xiangqi, true) => Err("import --pgn: PGN games are chess (OpenBench plays chess)".into()),
            (Game::Chess, false) => import_command::<Chess>(args),
            (Game::Xiangqi, false) => import_command::<Xiangqi>(args),
        },
        Command::Convert(args) => match args.game {
            Game::Chess => datagen::convert::<Chess>(&args.input, &args.out),
            Game::Xiangqi => datagen::convert::<Xiangqi>(&args.input, &args.out),
        }
        .map(|line| println!("{line}")),
        Command::Export(args) => match args.format {
            ExportFormat::Bulletformat => export::to_bulletformat(&args.input, &args.out),
            ExportFormat::Viriformat => export::to_viriformat(&args.input, &args.out),
        }
        .map(|line| println!("{line}")),
        Command::Rescore(args) => match args.game {
            Game::Chess => datagen::rescore::rescore::<Chess>(&args.input, &args.out, &args.config()),
            Game::Xiangqi => datagen::rescore::rescore::<Xiangqi>(&args.input, &args.out, &args.config()),
        }
        .map(|line| println!("{line}")),
        Command::Book(args) => match args.game {
            Game::Chess => book_command::<Chess>(args),
            Game::Xiangqi => book_command::<Xiangqi>(args),
        },
        Command::Train(args) => match args.game {
            Game::Chess => train_command::<Chess>(args),
            Game::Xiangqi => train_command::<Xiangqi>(args),
        },
        Command::NetEval(args) => match args.game {
            Game::Chess => net_eval_command::<Chess>(args),
            Game::Xiangqi => net_eval_command::<Xiangqi>(args),
        },
        Command::Selfplay(args) => match args.play.game {
            Game::Chess => selfplay_command::<Chess>(args),
            Game::Xiangqi => selfplay_command::<Xiangqi>(args),
        },
        Command::Tune(args) => match args.game {
            Game::Chess => tune_command::<Chess>(args),
            Game::Xiangqi => tune_command::<Xiangqi>(args),
        },
    }
}

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

fn datagen_command<G: Tunable + datagen::record::Packed>(args: &DatagenArgs) -> Result<(), String> {
    let config = args.config(read_openings::<G>(&args.play.openings)?);
    announce::<G>("datagen", &config.play);
    println!("{}", datagen::run::<G>(&config)?);
    Ok(())
}

fn train_command<G: nnue::FeatureSet>(args: &TrainArgs) -> Result<(), String> {
    let config = args.config();
    let loss = nnue::train::run::<G>(&config)?;
    println!("train: done, held-out loss {loss:.6}, network {}", config.out);
    Ok(())
}

/// `tuner net-eval [--game chess|xiangqi] --net FILE --fen FEN`: a quantized network's evaluation
/// of one position, as the engine computes it.
fn net_eval_command<G: nnue::FeatureSet>(args: &NetEvalArgs) -> Result<(), String> {
    let path = &args.net;
    let file = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    let position = crate::games::parse::<G>(&args.fen)?;
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

fn datastats_command<G: datagen::record::Packed>(args: &DatastatsArgs) -> Result<(), String> {
    datagen::stats::<G>(&args.file).map(|line| println!("{line}"))
}

/// `tuner import --set SET FILE...`: each file a block of the set, in the order given.
fn import_command<G: datagen::record::Packed>(args: &ImportArgs) -> Result<(), String> {
    for file in &args.files {
        println!("{}", datagen::import::<G>(&args.set, file)?);
    }
    Ok(())
}

/// `tuner import --pgn --set SET FILE...`: each file's games appended as blocks of games, in the
/// order given.
fn pgn_import_command(args: &ImportArgs) -> Result<(), String> {
    let options = args.pgn_options();
    for file in &args.files {
        println!("{}", datagen::pgn_import::import(&args.set, file, &options)?.0);
    }
    Ok(())
}

/// `tuner book [--game chess|xiangqi] ...`: the opening book (see [`book`]).
fn book_command<G: book::Booked>(args: &BookArgs) -> Result<(), String> {
    let mut roots = vec![G::start_position().position_text().to_string()];
    if let Some(path) = &args.openings {
        roots.extend(read_openings::<G>(path)?);
    }
    let config = args.config(roots);
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

fn selfplay_command<G: Tunable>(args: &SelfplayArgs) -> Result<(), String> {
    let config = args.config(read_openings::<G>(&args.play.openings)?);
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

fn tune_command<G: Tunable>(args: &TuneArgs) -> Result<(), String> {
    let data_path = args.data.as_deref().unwrap_or(G::DATA_PATH);
    let out = args.out.as_str();
    let positions = args.positions.as_str();
    let threads = args.threads.max(1);
    let validation = args.validation;
    let schedule = args.schedule();
    // Never overwrite the starting or the committed file by accident.
    let same = |a: &str, b: &str| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !args.force && (same(out, data_path) || same(out, G::DATA_PATH)) {
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
    let score_weight = args.score_weight;
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
        args.freeze.as_deref().unwrap_or("").split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
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
