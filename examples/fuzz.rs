//! The long fuzz runs (issue 27); `tests/fuzz.rs` runs the same harness briefly. See
//! `docs/development.md`, "Fuzzing".
//!
//! ```text
//! cargo run --release --example fuzz -- commands [--inputs 10M] [--seed 1] [--protocol all|uci,ucci,nboard,gtp]
//!     [--first-session K] [--sessions N] [--max-bursts N] [--sync-timeout SECONDS] [--keep-going] [--progress SECONDS]
//! cargo run --release --example fuzz -- parsers [--inputs 10M] [--seed 1] [--target all|NAME,...] [--index I] [--keep-going]
//! cargo run --release --example fuzz -- replay FILE [--variant xiangqi]
//! ```
//!
//! Exits with status 1 if anything failed, after printing each failure with how to reproduce it.

use std::process::ExitCode;
use std::time::{Duration, Instant};
use triskel::fuzz::{commands, parsers, session, split_transcript};
use triskel::games::GameKind;

const USAGE: &str = "usage:
  fuzz commands [--inputs N] [--seed S] [--protocol all|uci,ucci,nboard,gtp] [--first-session K] [--sessions N]
                [--max-bursts N] [--sync-timeout SECONDS] [--keep-going] [--progress SECONDS]
  fuzz parsers  [--inputs N] [--seed S] [--target all|NAME,...] [--index I] [--keep-going] [--progress SECONDS]
  fuzz replay FILE [--variant xiangqi]
(N takes k and M suffixes: 10M)";

/// `--name value` pairs and flags.
struct Args {
    words: Vec<String>,
}

impl Args {
    fn value(&self, name: &str) -> Option<&str> {
        let at = self.words.iter().position(|word| word == name)?;
        self.words.get(at + 1).map(String::as_str)
    }

    fn flag(&self, name: &str) -> bool {
        self.words.iter().any(|word| word == name)
    }

    fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        let Some(text) = self.value(name) else { return Ok(default) };
        let text = text.replace('_', "");
        let (digits, scale) = match text.strip_suffix(['k', 'K']) {
            Some(digits) => (digits.to_string(), 1_000),
            None => match text.strip_suffix('M') {
                Some(digits) => (digits.to_string(), 1_000_000),
                None => (text.clone(), 1),
            },
        };
        digits
            .parse::<u64>()
            .map(|number| number * scale)
            .map_err(|_| format!("{name} takes a number, not {text}"))
    }

    fn seconds(&self, name: &str, default: f64) -> Result<Duration, String> {
        match self.value(name) {
            None => Ok(Duration::from_secs_f64(default)),
            Some(text) => text
                .parse::<f64>()
                .ok()
                .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
                .ok_or_else(|| format!("{name} takes seconds, not {text}")),
        }
    }
}

/// The names in `list` (comma-separated, or `all`) among `known`.
fn pick(list: Option<&str>, known: &[&'static str]) -> Result<Vec<&'static str>, String> {
    match list {
        None | Some("all") => Ok(known.to_vec()),
        Some(list) => list
            .split(',')
            .map(|name| {
                known.iter().copied().find(|known| *known == name).ok_or_else(|| format!("unknown: {name}"))
            })
            .collect(),
    }
}

fn rate(count: u64, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64().max(1e-9)
}

fn commands(args: &Args) -> Result<bool, String> {
    let mut config = session::Config::new(args.number("--seed", 1)?, args.number("--inputs", 100_000)?);
    config.protocols = pick(args.value("--protocol"), &commands::PROTOCOLS)?;
    config.first_session = args.number("--first-session", 0)?;
    config.sessions = args.value("--sessions").map(|_| args.number("--sessions", 0)).transpose()?;
    config.max_bursts = args.number("--max-bursts", config.max_bursts)?;
    config.sync_timeout = args.seconds("--sync-timeout", 2.0)?;
    config.keep_going = args.flag("--keep-going");
    let every = args.seconds("--progress", 10.0)?;
    println!(
        "commands: seed {}, protocols {}, {} inputs",
        config.seed,
        config.protocols.join(","),
        config.inputs
    );
    let mut last = Instant::now();
    let stats = session::run(&config, &mut |stats| {
        if last.elapsed() >= every {
            last = Instant::now();
            println!(
                "{:>7.0} s  inputs {} ({:.0}/s)  bursts {}  sessions {}  moves checked {}  failures {}  {:?}",
                stats.elapsed.as_secs_f64(),
                stats.inputs,
                rate(stats.inputs, stats.elapsed),
                stats.bursts,
                stats.sessions,
                stats.moves,
                stats.failures.len(),
                stats.per_protocol
            );
        }
    });
    let split: Vec<String> =
        stats.per_protocol.iter().map(|(name, count)| format!("{name} {count}")).collect();
    println!(
        "commands: {} inputs ({}), {} bursts, {} sessions, {} moves checked legal, {} control lines, in {:.0} s ({:.0} inputs/s): {} failures",
        stats.inputs,
        split.join(", "),
        stats.bursts,
        stats.sessions,
        stats.moves,
        stats.control,
        stats.elapsed.as_secs_f64(),
        rate(stats.inputs, stats.elapsed),
        stats.failures.len()
    );
    Ok(stats.failures.is_empty())
}

fn parsers(args: &Args) -> Result<bool, String> {
    let seed = args.number("--seed", 1)?;
    let targets = pick(args.value("--target"), &parsers::TARGETS)?;
    let keep_going = args.flag("--keep-going");
    if let Some(index) = args.value("--index") {
        let index: u64 = index.parse().map_err(|_| format!("--index takes a number, not {index}"))?;
        let seeds = std::sync::Arc::new(triskel::fuzz::seeds::Seeds::new());
        triskel::fuzz::install_panic_hook();
        let mut clean = true;
        for target in targets {
            match parsers::one(&seeds, seed, target, index) {
                Ok(accepted) => println!(
                    "{target} input {index}: clean ({})",
                    if accepted { "accepted" } else { "refused" }
                ),
                Err(report) => {
                    println!("{report}");
                    clean = false;
                }
            }
        }
        return Ok(clean);
    }
    let inputs = args.number("--inputs", 1_000_000)?;
    let every = args.seconds("--progress", 10.0)?;
    println!("parsers: seed {seed}, targets {}, {inputs} inputs", targets.join(","));
    let mut last = Instant::now();
    let stats = parsers::run(seed, inputs, &targets, keep_going, &mut |stats| {
        if last.elapsed() >= every {
            last = Instant::now();
            println!(
                "{:>7.0} s  inputs {} ({:.0}/s)  accepted {}  failures {}",
                stats.elapsed.as_secs_f64(),
                stats.inputs,
                rate(stats.inputs, stats.elapsed),
                stats.accepted,
                stats.failures.len()
            );
        }
    });
    let split: Vec<String> = stats.per_target.iter().map(|(name, count)| format!("{name} {count}")).collect();
    println!(
        "parsers: {} inputs ({}), {} accepted, in {:.0} s ({:.0} inputs/s): {} failures",
        stats.inputs,
        split.join(", "),
        stats.accepted,
        stats.elapsed.as_secs_f64(),
        rate(stats.inputs, stats.elapsed),
        stats.failures.len()
    );
    Ok(stats.failures.is_empty())
}

fn replay(args: &Args) -> Result<bool, String> {
    let path = args.words.get(1).ok_or("replay takes a file")?;
    let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    let game = match args.value("--variant") {
        Some(name) => GameKind::from_name(name).ok_or("--variant takes chess or xiangqi")?,
        None => GameKind::Chess,
    };
    match session::replay(&split_transcript(&bytes), game, Duration::from_secs(60)) {
        Ok(output) => {
            for line in output {
                println!("{line}");
            }
            Ok(true)
        }
        Err(report) => {
            println!("{report}");
            Ok(false)
        }
    }
}

fn main() -> ExitCode {
    let args = Args { words: std::env::args().skip(1).collect() };
    let result = match args.words.first().map(String::as_str) {
        Some("commands") => commands(&args),
        Some("parsers") => parsers(&args),
        Some("replay") => replay(&args),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
