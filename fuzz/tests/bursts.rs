//! The fuzz harness on seeded dice: every protocol's session driven by random command bursts,
//! every parser target fed random and mutated inputs, all from fixed seeds, so the stable test run
//! explores a little beyond the corpus the replay test covers. The long, coverage-guided runs are
//! `cargo fuzz`'s (see `docs/development.md`, "Fuzzing").

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};
use triskel_fuzz::{parsers, session};

/// One run at a time: the panic record is the process's, and the machine is small.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `inputs` burst inputs of `protocol` from `seed`; the moves checked per game and notation.
fn commands(protocol: &'static str, seed: u64, inputs: u64) -> BTreeMap<&'static str, u64> {
    let _serial = serial();
    let mut config = session::Config::new(seed, inputs);
    config.protocols = vec![protocol];
    config.max_bursts = 40;
    let stats = session::run(&config, &mut |_| {});
    println!(
        "{protocol}: {} inputs in {} bursts, {} sessions, {} moves checked ({:?}), {:.1} s",
        stats.inputs,
        stats.bursts,
        stats.sessions,
        stats.moves,
        stats.moves_by_label,
        stats.elapsed.as_secs_f64()
    );
    assert!(stats.failures.is_empty(), "{}", stats.failures.join("\n"));
    assert!(stats.inputs >= inputs && stats.moves > 0);
    stats.moves_by_label
}

#[test]
fn uci_sessions_survive_random_bursts() {
    let moves = commands("uci", 27, 1_500);
    // Both games, and xiangqi in both numberings of `Xiangqi Ranks`.
    for label in ["chess", "xiangqi", "xiangqi, ranks from 1"] {
        assert!(moves.get(label).is_some_and(|&count| count > 0), "no {label} move checked: {moves:?}");
    }
}

#[test]
fn ucci_sessions_survive_random_bursts() {
    commands("ucci", 27, 1_000);
}

#[test]
fn nboard_sessions_survive_random_bursts() {
    commands("nboard", 27, 1_000);
}

#[test]
fn gtp_sessions_survive_random_bursts() {
    commands("gtp", 27, 1_000);
}

#[test]
fn parsers_survive_random_inputs() {
    let _serial = serial();
    let stats =
        parsers::run(27, 5_000 * parsers::TARGETS.len() as u64, &parsers::TARGETS, false, &mut |_| {});
    println!(
        "parsers: {} inputs, {} accepted, {:.1} s",
        stats.inputs,
        stats.accepted,
        stats.elapsed.as_secs_f64()
    );
    assert!(stats.failures.is_empty(), "{}", stats.failures.join("\n"));
    assert!(stats.accepted > stats.inputs / 10, "{} of {} accepted", stats.accepted, stats.inputs);
}
