//! The `tuner` command line: `--help` names every command and each command's options, a bad
//! option is refused with a clear message and a failing exit, and the command lines the docs show
//! ask for what they always asked for.

use clap::Parser;
use std::process::{Command, Output};
use std::time::Duration;
use tuner::cli::{Cli, Command as Tuner, ExportFormat, Game};
use tuner::{book, datagen, nnue, selfplay, tune};

mod support;
use support::{remove, temporary, FIXTURE};

/// Every command, and every option it took before its command line came from `clap`.
const COMMANDS: [(&str, &[&str]); 11] = [
    (
        "datagen",
        &[
            "--game",
            "--openings",
            "--out",
            "--games",
            "--nodes",
            "--seed",
            "--threads",
            "--random-plies",
            "--skip-plies",
            "--opening-limit",
            "--hash",
            "--time-limit",
            "--report",
            "--nnue",
        ],
    ),
    ("datastats", &["--game", "FILE"]),
    ("import", &["--game", "--set", "FILE", "--pgn", "--skip-plies", "--tag"]),
    ("convert", &["--game", "IN", "OUT"]),
    ("export", &["--format", "--out", "SET"]),
    ("rescore", &["--game", "--nodes", "--threads", "--hash", "--hand-crafted", "--report", "IN", "OUT"]),
    (
        "book",
        &[
            "--game",
            "--out",
            "--openings",
            "--depth",
            "--nodes",
            "--margin",
            "--width",
            "--hash",
            "--report",
            "--nnue",
        ],
    ),
    (
        "train",
        &[
            "--game",
            "--data",
            "--out",
            "--hidden",
            "--buckets",
            "--epochs",
            "--batch",
            "--rate",
            "--wdl",
            "--scale",
            "--validation",
            "--chunk",
            "--threads",
            "--seed",
            "--resume",
            "--baseline",
            "--no-mirror",
            "--king-mirror",
        ],
    ),
    ("net-eval", &["--game", "--net", "--fen"]),
    (
        "selfplay",
        &[
            "--game",
            "--openings",
            "--out",
            "--games",
            "--nodes",
            "--seed",
            "--threads",
            "--random-plies",
            "--skip-plies",
            "--hash",
            "--time-limit",
            "--nnue",
        ],
    ),
    (
        "tune",
        &[
            "--game",
            "--positions",
            "--out",
            "--data",
            "--threads",
            "--epochs",
            "--time-limit",
            "--rate",
            "--validation",
            "--min-positions",
            "--l2",
            "--score-weight",
            "--freeze",
            "--force",
        ],
    ),
];

fn tuner(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tuner")).args(args).output().expect("the tuner runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// `line` read as the tuner reads its command line (`tuner` added in front).
fn parse(line: &str) -> Tuner {
    Cli::try_parse_from(std::iter::once("tuner").chain(line.split_whitespace()))
        .unwrap_or_else(|error| panic!("{line}: {error}"))
        .command
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |threads| threads.get())
}

#[test]
fn help_names_every_command_with_a_line_each_and_each_command_its_options() {
    let output = tuner(&["--help"]);
    assert!(output.status.success());
    let help = text(&output.stdout);
    for (command, options) in COMMANDS {
        let line = help
            .lines()
            .find(|line| line.trim_start().starts_with(&format!("{command} ")))
            .unwrap_or_else(|| panic!("`{command}` not in:\n{help}"));
        assert!(line.len() > command.len() + 10, "no description for {command}: {line:?}");
        let output = tuner(&[command, "--help"]);
        assert!(output.status.success(), "{command} --help");
        let own = text(&output.stdout);
        for option in options {
            assert!(own.contains(option), "`tuner {command} --help` lacks {option}:\n{own}");
        }
    }
    // With no command at all, the help goes to stderr and the exit is a failure.
    let output = tuner(&[]);
    assert!(!output.status.success());
    assert!(text(&output.stderr).contains("datagen"));
}

#[test]
fn a_bad_option_or_value_is_refused_by_name_with_a_failing_exit() {
    let output = tuner(&["datagen", "--openings", "o.epd", "--out", "d.bin", "--bogus", "3"]);
    assert_eq!(output.status.code(), Some(2));
    let error = text(&output.stderr);
    assert!(error.contains("--bogus"), "{error}");
    assert!(output.stdout.is_empty());

    let output = tuner(&["train", "--data", "d.bin", "--out", "n.bin", "--hidden", "many"]);
    assert_eq!(output.status.code(), Some(2));
    let error = text(&output.stderr);
    assert!(error.contains("--hidden") && error.contains("many"), "{error}");

    let output = tuner(&["book", "--game", "shogi", "--out", "b.bin"]);
    assert_eq!(output.status.code(), Some(2));
    let error = text(&output.stderr);
    assert!(error.contains("shogi") && error.contains("xiangqi"), "{error}");

    let output = tuner(&["datagen", "--out", "d.bin"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--openings"));

    assert_eq!(tuner(&["retrain"]).status.code(), Some(2));
}

#[test]
fn datagen_as_the_docs_run_it() {
    let Tuner::Datagen(args) =
        parse("datagen --nnue --openings openings.epd --out chess-s5.bin --seed 5 --threads 1 --nodes 5000")
    else {
        panic!("not datagen")
    };
    assert_eq!(args.play.game, Game::Chess);
    assert_eq!(args.play.openings, "openings.epd");
    let openings = vec!["8/8/8/8/8/8/8/K1k5 w - - 0 1".to_string()];
    let expected = datagen::Config {
        play: selfplay::Config {
            openings: openings.clone(),
            games: usize::MAX,
            nodes: 5000,
            seed: 5,
            random_plies: 6,
            skip_plies: 12,
            threads: 1,
            hash_mb: 1,
            time_limit: None,
            out: "chess-s5.bin".into(),
            opening_score_limit: Some(600),
            nnue: true,
        },
        report_every: Duration::from_secs(60),
    };
    assert_eq!(args.config(openings.clone()), expected);

    // `--game` stands anywhere among the options; a repeated option takes its last value.
    let Tuner::Datagen(args) = parse(
        "datagen --openings x.epd --out xq.bin --threads 1 --time-limit 3600 --game xiangqi --games 9 \
         --random-plies 2 --skip-plies 3 --opening-limit 300 --hash 16 --report 5 --nodes 1 --nodes 2",
    ) else {
        panic!("not datagen")
    };
    assert_eq!(args.play.game, Game::Xiangqi);
    let config = args.config(openings);
    assert_eq!(config.play.games, 9);
    assert_eq!(config.play.nodes, 2);
    assert_eq!((config.play.random_plies, config.play.skip_plies), (2, 3));
    assert_eq!((config.play.opening_score_limit, config.play.hash_mb), (Some(300), 16));
    assert_eq!(config.play.time_limit, Some(Duration::from_secs(3600)));
    assert_eq!(config.report_every, Duration::from_secs(5));
    assert!(!config.play.nnue);
}

#[test]
fn selfplay_keeps_its_own_defaults() {
    let Tuner::Selfplay(args) = parse("selfplay --openings o.epd --out /tmp/selfplay.txt") else {
        panic!("not selfplay")
    };
    let config = args.config(Vec::new());
    assert_eq!((config.games, config.nodes, config.random_plies, config.skip_plies), (1000, 6000, 4, 16));
    assert_eq!((config.seed, config.threads, config.hash_mb), (1, cores(), 1));
    assert_eq!((config.time_limit, config.opening_score_limit, config.nnue), (None, None, false));
}

#[test]
fn train_as_the_docs_run_it() {
    let Tuner::Train(args) = parse(
        "train --data chess-s5.bin,chess-s6.bin --out hm.bin --hidden 256 --buckets 8 --batch 8192 \
         --epochs 15 --wdl 0 --king-mirror",
    ) else {
        panic!("not train")
    };
    assert_eq!(args.game, Game::Chess);
    let expected = nnue::train::Config {
        data: vec!["chess-s5.bin".into(), "chess-s6.bin".into()],
        out: "hm.bin".into(),
        hidden: 256,
        buckets: 8,
        epochs: 15,
        batch: 8192,
        rate: 0.001,
        wdl: 0.0,
        scale: 400.0,
        validation_per_mille: 20,
        chunk: 1 << 24,
        threads: cores(),
        seed: 1,
        resume: None,
        baseline: false,
        mirror: true,
        king_mirror: true,
        played_by: None,
        block_settings: Vec::new(),
    };
    assert_eq!(args.config(), expected);

    let Tuner::Train(args) = parse(
        "train --game xiangqi --data xq.bin --out n.bin --resume engine/data/chess_nnue.bin --rate 0.0003 \
         --validation 100 --scale 300 --chunk 4096 --seed 7 --threads 2 --baseline --no-mirror \
         --played-by engine/data/chess_nnue.bin --block-settings nodes=5000,seed=22",
    ) else {
        panic!("not train")
    };
    assert_eq!(args.game, Game::Xiangqi);
    let config = args.config();
    assert_eq!(config.resume.as_deref(), Some("engine/data/chess_nnue.bin"));
    assert_eq!(config.played_by.as_deref(), Some("engine/data/chess_nnue.bin"));
    assert_eq!(config.block_settings, ["nodes=5000", "seed=22"]);
    assert_eq!((config.rate, config.scale), (0.0003, 300.0));
    assert_eq!((config.validation_per_mille, config.chunk, config.seed, config.threads), (100, 4096, 7, 2));
    assert!(config.baseline && !config.mirror && !config.king_mirror);
}

#[test]
fn book_as_the_docs_run_it_is_the_same_as_its_defaults_spelled_out() {
    let Tuner::Book(short) = parse("book --game chess --nnue --out engine/data/chess_book.bin") else {
        panic!("not book")
    };
    let Tuner::Book(long) = parse(
        "book --game chess --nnue --out engine/data/chess_book.bin --depth 8 --nodes 100000 --margin 25 \
         --width 3 --hash 8",
    ) else {
        panic!("not book")
    };
    let roots = vec!["start".to_string()];
    assert_eq!(short.config(roots.clone()), long.config(roots.clone()));
    let expected = book::Config {
        roots: roots.clone(),
        depth: 8,
        nodes: 100_000,
        margin: 25,
        width: 3,
        hash_mb: 8,
        nnue: true,
        out: "engine/data/chess_book.bin".into(),
        report_every: Duration::from_secs(10),
    };
    assert_eq!(short.config(roots), expected);
    assert_eq!(short.openings, None);
}

#[test]
fn import_and_convert_take_their_files() {
    let Tuner::Import(args) = parse("import --game xiangqi --set xq.set xq-s10.bin xq-s11.bin") else {
        panic!("not import")
    };
    assert_eq!((args.game, args.set.as_str()), (Game::Xiangqi, "xq.set"));
    assert_eq!(args.files, ["xq-s10.bin", "xq-s11.bin"]);
    assert!(Cli::try_parse_from(["tuner", "import", "--set", "a.set"]).is_err(), "no file");
    let Tuner::Convert(args) = parse("convert chess.set chess.bin") else { panic!("not convert") };
    assert_eq!((args.game, args.input.as_str(), args.out.as_str()), (Game::Chess, "chess.set", "chess.bin"));
    assert!(Cli::try_parse_from(["tuner", "convert", "a.set"]).is_err(), "no output");
}

#[test]
fn rescore_as_the_docs_run_it() {
    let Tuner::Rescore(args) = parse("rescore --game xiangqi --threads 1 xq15.set xq15-rescored.bin") else {
        panic!("not rescore")
    };
    assert_eq!(
        (args.game, args.input.as_str(), args.out.as_str()),
        (Game::Xiangqi, "xq15.set", "xq15-rescored.bin")
    );
    let config = args.config();
    assert_eq!((config.nodes, config.threads, config.hash_mb, config.nnue), (5000, 1, 1, true));
    assert_eq!(config.report_every, Duration::from_secs(60));
    let Tuner::Rescore(args) = parse("rescore --nodes 2500 --hand-crafted chess.bin out.bin") else {
        panic!("not rescore")
    };
    let config = args.config();
    assert_eq!((args.game, config.nodes, config.threads, config.nnue), (Game::Chess, 2500, cores(), false));
    assert!(Cli::try_parse_from(["tuner", "rescore", "a.bin"]).is_err(), "no output");
}

#[test]
fn import_pgn_and_export_as_docs_openbench_and_bullet_run_them() {
    let Tuner::Import(args) = parse("import --set chess.set --pgn --tag eval=nnue-ab12 42.pgn 43.pgn") else {
        panic!("not import")
    };
    assert!(args.pgn);
    assert_eq!(args.files, ["42.pgn", "43.pgn"]);
    assert_eq!(
        args.pgn_options(),
        datagen::pgn_import::Options { skip_plies: 12, tag: Some("eval=nnue-ab12".into()) }
    );
    assert!(
        Cli::try_parse_from(["tuner", "import", "--set", "a.set", "--skip-plies", "4", "a.bin"]).is_err(),
        "--skip-plies is --pgn's"
    );
    let Tuner::Import(args) = parse("import --set a.set a.bin") else { panic!("not import") };
    assert!(!args.pgn, "records unless told");
    let Tuner::Export(args) = parse("export --format bulletformat --out chess.data chess.set") else {
        panic!("not export")
    };
    assert_eq!(
        (args.format, args.out.as_str(), args.input.as_str()),
        (ExportFormat::Bulletformat, "chess.data", "chess.set")
    );
    let Tuner::Export(args) = parse("export chess.set --format viriformat --out chess.binpack") else {
        panic!("not export")
    };
    assert_eq!(args.format, ExportFormat::Viriformat);
    assert!(Cli::try_parse_from(["tuner", "export", "--format", "marlinformat", "--out", "a", "b"]).is_err());
    assert!(Cli::try_parse_from(["tuner", "export", "--out", "a", "b"]).is_err(), "no format");
}

#[test]
fn datastats_takes_its_file_before_or_after_the_game() {
    for line in ["datastats --game xiangqi /tmp/xq.bin", "datastats /tmp/xq.bin --game xiangqi"] {
        let Tuner::Datastats(args) = parse(line) else { panic!("not datastats") };
        assert_eq!((args.game, args.file.as_str()), (Game::Xiangqi, "/tmp/xq.bin"));
    }
    let Tuner::Datastats(args) = parse("datastats /tmp/data.bin") else { panic!("not datastats") };
    assert_eq!((args.game, args.file.as_str()), (Game::Chess, "/tmp/data.bin"));
    assert!(Cli::try_parse_from(["tuner", "datastats"]).is_err());
    assert!(Cli::try_parse_from(["tuner", "datastats", "a.bin", "b.bin"]).is_err());
}

#[test]
fn tune_and_net_eval_as_the_docs_run_them() {
    let Tuner::Tune(args) = parse(
        "tune --game xiangqi --positions /tmp/xq_selfplay.txt --out /tmp/xiangqi_eval.txt --epochs 1000 \
         --score-weight 0.5 --l2 1e-7",
    ) else {
        panic!("not tune")
    };
    assert_eq!(args.game, Game::Xiangqi);
    assert_eq!(
        (args.positions.as_str(), args.out.as_str()),
        ("/tmp/xq_selfplay.txt", "/tmp/xiangqi_eval.txt")
    );
    assert_eq!((&args.data, &args.freeze, args.force), (&None, &None, false));
    assert_eq!((args.score_weight, args.validation), (0.5, 0.1));
    let expected =
        tune::Schedule { epochs: 1000, time: None, rate: 1.0, threads: 1, min_positions: 100, l2: 1e-7 };
    assert_eq!(args.schedule(), expected);
    let Tuner::Tune(args) = parse(
        "tune --positions p.txt --out o.txt --threads 0 --time-limit 90 --freeze MATERIAL,PSQT --force",
    ) else {
        panic!("not tune")
    };
    assert_eq!((args.schedule().threads, args.schedule().time), (1, Some(Duration::from_secs(90))));
    assert_eq!((args.freeze.as_deref(), args.force), (Some("MATERIAL,PSQT"), true));

    let Tuner::NetEval(args) = Cli::try_parse_from([
        "tuner",
        "net-eval",
        "--game",
        "xiangqi",
        "--net",
        "/tmp/xq-net.bin",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ])
    .unwrap()
    .command
    else {
        panic!("not net-eval")
    };
    assert_eq!((args.game, args.net.as_str()), (Game::Xiangqi, "/tmp/xq-net.bin"));
    assert!(args.fen.starts_with("rnbakabnr/9/"));
}

/// A reader that has gone (`tuner datastats set | head -1`) ends the tuner by `SIGPIPE`, as it ends
/// other Unix tools: no panic, no backtrace. The pipe's read end is closed before the tuner starts,
/// so its first line already meets it.
#[cfg(unix)]
#[test]
fn a_closed_standard_output_ends_the_tuner_quietly() {
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;

    let set = temporary("closed-pipe.set");
    let imported = tuner(&["import", "--set", &set, "--pgn", FIXTURE]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));

    let mut ends = [0; 2];
    // SAFETY: `pipe` fills both descriptors on success; each is owned or closed exactly once.
    let write_end = unsafe {
        assert_eq!(libc::pipe(ends.as_mut_ptr()), 0, "a pipe");
        libc::close(ends[0]);
        OwnedFd::from_raw_fd(ends[1])
    };
    let mut datastats = Command::new(env!("CARGO_BIN_EXE_tuner"));
    datastats.args(["datastats", &set]).stdout(Stdio::from(write_end)).stderr(Stdio::piped());
    let output = datastats.spawn().expect("the tuner runs").wait_with_output().expect("it ends");
    remove(&[&set]);

    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.signal(), Some(libc::SIGPIPE), "{:?}: {stderr}", output.status);
}

/// Training on files that hold no position is refused, and no network is written: the one written
/// would be the starting one, as if trained.
#[test]
fn train_refuses_data_without_positions() {
    let (empty, out) = (temporary("empty.set"), temporary("empty.bin"));
    std::fs::write(&empty, b"").unwrap();

    let trained = tuner(&["train", "--data", &empty, "--out", &out, "--epochs", "1", "--threads", "1"]);
    let stderr = text(&trained.stderr);
    let written = std::path::Path::new(&out).exists();
    remove(&[&empty, &out]);
    assert!(!trained.status.success(), "{stderr}");
    assert!(stderr.contains("no positions to train on"), "{stderr}");
    assert!(!written, "a network was written");
}
