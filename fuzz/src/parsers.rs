//! Fuzz targets for the text parsers. Each input is drawn from its own seed (the run's seed, the
//! target and the input's number), so one input is reproduced alone; each is checked for panics
//! and for what the parser promises:
//!
//! * `chess-fen`, `xiangqi-fen`: bytes and text read alike; a position that reads writes a FEN that
//!   reads back to the same position and text; every legal move's text reads back to that move,
//!   make/unmake restores the position, the position after it writes a FEN that reads to the same
//!   key, the fast move counter agrees with the generator; perft 2 runs. Chess also goes through
//!   the shell's lenient reader (what it accepts reads strictly once repaired; what the strict
//!   reader accepts it accepts unchanged), and a chess FEN never looks like a xiangqi one.
//! * `chess-move`, `xiangqi-move`, `othello-move`: a move text that reads is a legal move written
//!   that way.
//! * `othello-board`: a board that reads writes back to itself; its moves as above; perft 2.
//! * `ggf`: a record that reads is a legal game from its start, its positions one per move.
//! * `uci-line`, `ucci-line`: the front-ends' line parsers, on command lines and mutations; blanks
//!   around a line change nothing.
//! * `clock`: the time limits of absurd clocks: no more than the clock, and more time never gives
//!   less.

use crate::dice::{derive, Dice};
use crate::mutate;
use crate::panics::{install_panic_hook, take_panics};
use crate::seeds::{self, Seeds};
use crate::transcript::Input;
use engine::othello::{self, ggf};
use engine::perft::perft;
use engine::{chess, xiangqi, Game, GameText};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use triskel::controller::timeman::{Clock, ForcedMove, TimeLimits};
use triskel::games::Variant;
use triskel::protocol::{ucci, uci};

/// The targets, as `--target` names them.
pub const TARGETS: [&str; 11] = [
    "chess-fen",
    "chess-move",
    "xiangqi-fen",
    "xiangqi-move",
    "othello-board",
    "othello-move",
    "ggf",
    "uci-line",
    "ucci-line",
    "clock",
    "lenient-fen",
];

/// What ran.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub inputs: u64,
    /// Inputs per target, in [`TARGETS`] order.
    pub per_target: Vec<(&'static str, u64)>,
    /// Inputs the parser accepted (checked further).
    pub accepted: u64,
    pub failures: Vec<String>,
    pub elapsed: Duration,
}

/// Runs `inputs` inputs over `targets` in turn from `seed` (input `n` of a target is the same
/// for every run with that seed), calling `progress` every 10 000 inputs; stops at the first
/// failure unless `keep_going`.
pub fn run(
    seed: u64,
    inputs: u64,
    targets: &[&'static str],
    keep_going: bool,
    progress: &mut dyn FnMut(&Stats),
) -> Stats {
    install_panic_hook();
    take_panics();
    let seeds = Arc::new(Seeds::new());
    let started = Instant::now();
    let mut stats =
        Stats { per_target: targets.iter().map(|&target| (target, 0)).collect(), ..Stats::default() };
    let mut index = 0u64;
    'run: while stats.inputs < inputs {
        for (slot, &target) in targets.iter().enumerate() {
            if stats.inputs >= inputs {
                break 'run;
            }
            match one(&seeds, seed, target, index) {
                Ok(accepted) => stats.accepted += u64::from(accepted),
                Err(report) => {
                    eprintln!("{report}");
                    stats.failures.push(report);
                    if !keep_going {
                        stats.inputs += 1;
                        stats.per_target[slot].1 += 1;
                        break 'run;
                    }
                }
            }
            stats.inputs += 1;
            stats.per_target[slot].1 += 1;
            if stats.inputs.is_multiple_of(10_000) {
                stats.elapsed = started.elapsed();
                progress(&stats);
            }
        }
        index += 1;
    }
    stats.elapsed = started.elapsed();
    stats
}

/// Input `index` of `target` drawn from `seed`: Ok(true) if the parser accepted it, or the
/// failure report.
pub fn one(seeds: &Arc<Seeds>, seed: u64, target: &str, index: u64) -> Result<bool, String> {
    let slot =
        TARGETS.iter().position(|&name| name == target).ok_or_else(|| format!("no target {target}"))?;
    let mut dice = Dice::new(derive(derive(seed, slot as u64 + 1), index));
    check(seeds, target, &mut dice).map_err(|failure| {
        format!("{failure}\n  reproduce: parsers::one(&Arc::new(Seeds::new()), {seed}, {target:?}, {index})")
    })
}

/// One input of the parser target `target`, read from `data`, as its fuzz target runs it; panics
/// with the failure report if a check fails.
pub fn fuzz_one(target: &str, data: &[u8]) {
    static SEEDS: OnceLock<Arc<Seeds>> = OnceLock::new();
    install_panic_hook();
    let seeds = SEEDS.get_or_init(|| Arc::new(Seeds::new()));
    if let Err(failure) = check(seeds, target, &mut Dice::from_bytes(data)) {
        panic!("{failure}");
    }
}

/// One input of `target` drawn from `dice`: Ok(true) if the parser accepted it, or what failed
/// and on which input.
pub fn check(seeds: &Arc<Seeds>, target: &str, dice: &mut Dice) -> Result<bool, String> {
    let mut shown = String::new();
    let result = catch_unwind(AssertUnwindSafe(|| match target {
        "chess-fen" => fen_target::<chess::Position>(dice, &seeds.chess, &mut shown),
        "xiangqi-fen" => fen_target::<xiangqi::Position>(dice, &seeds.xiangqi, &mut shown),
        "lenient-fen" => lenient_target(dice, seeds, &mut shown),
        "chess-move" => move_target::<chess::Position>(dice, &seeds.chess, &mut shown),
        "xiangqi-move" => move_target::<xiangqi::Position>(dice, &seeds.xiangqi, &mut shown),
        "othello-board" => othello_board_target(dice, seeds, &mut shown),
        "othello-move" => move_target::<othello::Position>(dice, &seeds.othello, &mut shown),
        "ggf" => ggf_target(dice, seeds, &mut shown),
        "uci-line" => uci_line_target(dice, seeds, &mut shown),
        "ucci-line" => ucci_line_target(dice, seeds, &mut shown),
        "clock" => clock_target(dice, &mut shown),
        _ => Err(format!("no target {target}")),
    }));
    let panics = take_panics();
    let failure = match result {
        Ok(Ok(accepted)) if panics.is_empty() => return Ok(accepted),
        Ok(Ok(_)) => panics.join("\n"),
        Ok(Err(why)) => why,
        Err(payload) => payload
            .downcast_ref::<&str>()
            .map(|text| format!("panic: {text}"))
            .or_else(|| payload.downcast_ref::<String>().map(|text| format!("panic: {text}")))
            .unwrap_or_else(|| "panic".into()),
    };
    Err(format!("FAILURE ({target}): {failure}\n  input {}", Input::Line(shown).shown(400)))
}

fn ensure(condition: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if condition {
        Ok(())
    } else {
        Err(why())
    }
}

/// A position text of `G` to break: a seed position's, or a random one.
fn position_text<G: GameText>(dice: &mut Dice, positions: &[G]) -> String {
    seeds::position(dice, positions).position_text().to_string()
}

/// What a FEN target reads: mutated FENs mostly, random bytes sometimes.
fn fen_input<G: GameText>(dice: &mut Dice, positions: &[G]) -> Vec<u8> {
    match dice.below(10) {
        0 => dice.bytes(100),
        1 => position_text(dice, positions).into_bytes(),
        2 => {
            // A board of random pieces with the other fields of a real FEN.
            let text = position_text(dice, positions);
            let board: String = text
                .split(' ')
                .next()
                .unwrap_or("")
                .chars()
                .map(|c| {
                    if c.is_ascii_alphabetic() && dice.chance(1, 3) {
                        *dice.pick(&['k', 'K', 'p', 'P', 'q', 'r', 'c', 'a', 'e', 'h'])
                    } else {
                        c
                    }
                })
                .collect();
            let rest: Vec<&str> = text.split(' ').skip(1).collect();
            format!("{board} {}", rest.join(" ")).into_bytes()
        }
        _ => {
            let mut text = position_text(dice, positions);
            for _ in 0..dice.range(1, 3) {
                text = mutate::fen(dice, &text);
            }
            text.into_bytes()
        }
    }
}

/// The checks of a position that reads, for any game (see the module's list).
/// `same_setting` is false when the position carries a setting its text does not (Chess960
/// notation asked for by `UCI_Chess960`): then only the texts are compared.
fn check_position<G: GameText + PartialEq + std::fmt::Debug>(
    position: &G,
    same_setting: bool,
) -> Result<(), String> {
    let text = position.position_text().to_string();
    let again =
        G::parse_position(&text).map_err(|error| format!("its own text {text:?} does not read: {error}"))?;
    ensure(again == *position || !same_setting, || format!("its text {text:?} reads as another position"))?;
    ensure(again.position_text().to_string() == text, || {
        format!("its text {text:?} is written differently once read")
    })?;
    let legal = seeds::legal(position);
    ensure(position.count_moves() == legal.len() as u64, || {
        format!("count_moves {} but {} moves generated", position.count_moves(), legal.len())
    })?;
    for &mv in &legal {
        let move_text = position.move_text(mv).to_string();
        ensure(position.parse_move_text(&move_text) == Some(mv), || {
            format!("move {move_text} does not read back")
        })?;
        let mut next = position.clone();
        let undo = next.make_move(mv);
        let after = next.position_text().to_string();
        // A position after a move writes a text that reads (counters past nine digits aside).
        if let Ok(read) = G::parse_position(&after) {
            ensure(read.hash() == next.hash(), || {
                format!("after {move_text}: the key of {after:?} differs from the key kept up")
            })?;
        } else if !after
            .split(' ')
            .any(|field| field.len() > 9 && field.bytes().all(|byte| byte.is_ascii_digit()))
        {
            return Err(format!("after {move_text}: {after:?} does not read"));
        }
        let mut next_moves = G::MoveList::default();
        next.generate_moves(&mut next_moves);
        ensure(next.count_moves() == next_moves.len() as u64, || {
            format!("after {move_text}: count_moves disagrees")
        })?;
        next.unmake_move(mv, undo);
        ensure(next == *position, || format!("{move_text} made and unmade does not restore the position"))?;
    }
    let mut copy = position.clone();
    perft(&mut copy, 2);
    Ok(())
}

fn fen_target<G: GameText + PartialEq + std::fmt::Debug + FenBytes>(
    dice: &mut Dice,
    positions: &[G],
    shown: &mut String,
) -> Result<bool, String> {
    let bytes = fen_input(dice, positions);
    *shown = String::from_utf8_lossy(&bytes).into_owned();
    let from_bytes = G::from_bytes(&bytes);
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let from_text = G::parse_position(text);
        // The reason is shown to the GUI: writing it must not fail either.
        if let Err(error) = &from_text {
            let _ = error.to_string();
        }
        ensure(from_text.as_ref().ok() == from_bytes.as_ref(), || {
            "the text and its bytes read differently".into()
        })?;
        let xiangqi_board = xiangqi::looks_like_xiangqi_fen(text);
        match G::NAME {
            "chess" => ensure(from_bytes.is_none() || !xiangqi_board, || {
                "a chess FEN that looks like xiangqi".into()
            })?,
            _ => ensure(from_bytes.is_none() || xiangqi_board, || {
                "a xiangqi FEN that does not look like one".into()
            })?,
        }
    }
    match from_bytes {
        Some(position) => check_position(&position, true).map(|()| true),
        None => Ok(false),
    }
}

/// A FEN reader's byte entry point.
pub trait FenBytes: Sized {
    fn from_bytes(bytes: &[u8]) -> Option<Self>;
}

impl FenBytes for chess::Position {
    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        chess::Position::from_fen_bytes(bytes).ok()
    }
}

impl FenBytes for xiangqi::Position {
    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        xiangqi::Position::from_fen_bytes(bytes).ok()
    }
}

/// The shell's lenient chess reader (`Variant::parse_lenient`), on the FENs GUIs get wrong:
/// castling rights without rooks or kings, doubled rights, impossible en-passant squares.
fn lenient_target(dice: &mut Dice, seeds: &Seeds, shown: &mut String) -> Result<bool, String> {
    let position = seeds::position(dice, &seeds.chess);
    let mut fields: Vec<String> = position.fen().to_string().split(' ').map(str::to_string).collect();
    match dice.below(4) {
        0 => {
            fields[2] = dice
                .pick(&["KQkq", "KQkqKQkq", "AHah", "HAha", "Kk", "KKQQ", "abcdefgh", "ABCDEFGH", "Kq-"])
                .to_string()
        }
        1 => {
            fields[3] =
                format!("{}{}", (b'a' + dice.below(8) as u8) as char, dice.pick(&["3", "6", "4", "1"]))
        }
        2 => {
            fields[2] = dice.pick(&["KQkq", "Qk", "HAha"]).to_string();
            fields[3] = format!("{}{}", (b'a' + dice.below(8) as u8) as char, dice.pick(&["3", "6"]));
        }
        _ => {
            let text = mutate::fen(dice, &fields.join(" "));
            fields = vec![text];
        }
    }
    let text = fields.join(" ");
    *shown = text.clone();
    let chess960 = dice.chance(1, 4);
    let strict = chess::Position::from_fen(&text);
    let lenient = <chess::Position as Variant>::parse_lenient(&text, chess960);
    if let Ok(strict) = strict {
        let (read, repairs) =
            lenient.as_ref().map_err(|error| format!("strict reads, lenient refuses: {error}"))?;
        ensure(repairs.is_empty(), || format!("a valid FEN repaired: {repairs:?}"))?;
        ensure(read.fen().to_string() == strict.fen().to_string() || chess960, || {
            "lenient reads another position".into()
        })?;
    }
    match lenient {
        Ok((read, _)) => {
            check_position(&read, !chess960)?;
            Ok(true)
        }
        Err(_) => Ok(false),
    }
}

/// A move text to read in a position of `G`: a legal one's text, changed or not, or anything.
fn move_target<G: MoveSpelling>(
    dice: &mut Dice,
    positions: &[G],
    shown: &mut String,
) -> Result<bool, String> {
    let position = seeds::position(dice, positions);
    let legal = seeds::legal(&position);
    let texts: Vec<String> = legal.iter().map(|&mv| position.move_text(mv).to_string()).collect();
    let text = match dice.below(6) {
        0 | 1 if !texts.is_empty() => dice.pick(&texts).clone(),
        2 if !texts.is_empty() => {
            let base = dice.pick(&texts).clone();
            mutate::chars(dice, &base)
        }
        3 => {
            let file = |dice: &mut Dice| (b'a' + dice.below(10) as u8) as char;
            let rank = |dice: &mut Dice| dice.below(11).to_string();
            let suffix = *dice.pick(&["", "", "q", "r", "b", "n", "k", "p", "Q", "x"]);
            format!("{}{}{}{}{suffix}", file(dice), rank(dice), file(dice), rank(dice))
        }
        4 => dice
            .pick(&[
                "0000", "PA", "pa", "pass", "@@", "(none)", "", "e1g1", "e1h1", "e8c8", "e8a8", "a1", "h8",
            ])
            .to_string(),
        _ => mutate::junk(dice),
    };
    *shown = format!("{} in {}", text, position.position_text());
    match position.parse_move_text(&text) {
        Some(mv) => {
            ensure(legal.contains(&mv), || format!("{text} reads as an illegal move"))?;
            ensure(G::writes(&position, mv, &text), || {
                format!("{text} reads as {}", position.move_text(mv))
            })?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// The texts a move may be read from.
pub trait MoveSpelling: GameText {
    /// True if `text` is a way of writing `mv` in `position`.
    fn writes(position: &Self, mv: Self::Move, text: &str) -> bool;
}

impl MoveSpelling for chess::Position {
    /// Castling reads in either notation.
    fn writes(_position: &Self, mv: chess::Move, text: &str) -> bool {
        mv.to_uci(true).as_str() == text || mv.to_uci(false).as_str() == text
    }
}

impl MoveSpelling for xiangqi::Position {
    fn writes(position: &Self, mv: xiangqi::Move, text: &str) -> bool {
        position.move_text(mv).to_string() == text
    }
}

impl MoveSpelling for othello::Position {
    /// Squares in either case; a pass as `PA`, `pass` (either case) or `@@`.
    fn writes(position: &Self, mv: othello::Move, text: &str) -> bool {
        if mv.is_pass() {
            text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") || text == "@@"
        } else {
            position.move_text(mv).to_string().eq_ignore_ascii_case(text)
        }
    }
}

fn othello_board_target(dice: &mut Dice, seeds: &Seeds, shown: &mut String) -> Result<bool, String> {
    let text = match dice.below(5) {
        0 => (0..dice.range(60, 70))
            .map(|_| *dice.pick(&['X', 'O', '-', '.', '*', 'x', 'o', 'B', 'W', '0', '_', 'E', ' ', 'Z']))
            .collect(),
        _ => {
            let text = position_text(dice, &seeds.othello);
            if dice.chance(1, 5) {
                text
            } else {
                mutate::chars(dice, &text)
            }
        }
    };
    *shown = text.clone();
    match othello::Position::parse(&text) {
        Ok(position) => {
            check_position(&position, true)?;
            Ok(true)
        }
        Err(_) => Ok(false),
    }
}

fn ggf_target(dice: &mut Dice, seeds: &Seeds, shown: &mut String) -> Result<bool, String> {
    let start =
        if dice.chance(1, 2) { othello::Position::startpos() } else { seeds::position(dice, &seeds.othello) };
    let plies = dice.range(0, 70) as usize;
    let (record, _, _) = seeds::ggf(dice, start, plies);
    let text = match dice.below(4) {
        0 => record,
        1 => mutate::chars(dice, &record),
        2 => mutate::words(dice, &record.replace("][", "] [")),
        _ => {
            // Tags cut, doubled or swapped.
            let mut tags: Vec<String> = record.split_inclusive(']').map(str::to_string).collect();
            let at = dice.below(tags.len());
            match dice.below(3) {
                0 => {
                    tags.remove(at);
                }
                1 => {
                    let tag = tags[at].clone();
                    tags.insert(at, tag);
                }
                _ => {
                    let other = dice.below(tags.len());
                    tags.swap(at, other);
                }
            }
            tags.concat()
        }
    };
    *shown = text.clone();
    let record = match ggf::parse(&text) {
        Ok(record) => record,
        Err(error) => {
            // The reason is shown to the GUI: writing it must not fail either.
            let _ = error.to_string();
            return Ok(false);
        }
    };
    let mut position = record.start;
    for recorded in record.moves.iter() {
        ensure(seeds::legal(&position).contains(&recorded.mv), || {
            format!("an illegal move {:?} in the record", recorded.mv)
        })?;
        ensure(recorded.seconds.is_none_or(|seconds| seconds.is_finite() && seconds >= 0.0), || {
            "a move time that is not a time".into()
        })?;
        position.play(recorded.mv);
    }
    ensure(position == record.position(), || "the record's position is not its moves'".into())?;
    ensure(record.positions().count() == record.moves.len() + 1, || "not one position per move".into())?;
    ensure(record.positions().last() == Some(position), || "the last position is not the record's".into())?;
    // One more move, as NBoard's `move` plays it.
    let mut copy = record;
    let legal = seeds::legal(&position);
    let text = if !legal.is_empty() && dice.chance(1, 2) {
        othello::MoveText(*dice.pick(&legal)).to_string()
    } else {
        mutate::junk(dice)
    };
    if copy.play(&text).is_ok() {
        let mv = copy.moves[copy.moves.len() - 1].mv;
        ensure(legal.contains(&mv), || format!("move {text} played though illegal"))?;
    }
    Ok(true)
}

/// A command line of a UCI or UCCI generator, mutated or not.
fn command_line(dice: &mut Dice, seeds: &Arc<Seeds>, protocol: &str) -> String {
    let mut fuzzer = crate::commands::fuzzer(protocol, Arc::clone(seeds), dice).expect("a known protocol");
    let mut inputs = Vec::new();
    fuzzer.next(dice, &mut inputs);
    let line = match inputs.pop() {
        Some(Input::Line(line)) => line,
        _ => mutate::junk(dice),
    };
    if dice.chance(1, 2) {
        mutate::any(dice, &line)
    } else {
        line
    }
}

fn uci_line_target(dice: &mut Dice, seeds: &Arc<Seeds>, shown: &mut String) -> Result<bool, String> {
    let line = command_line(dice, seeds, "uci");
    *shown = line.clone();
    let command = uci::parse::parse(&line);
    ensure(uci::parse::parse(&format!(" {line} ")) == command, || {
        "blanks around the line change its reading".into()
    })?;
    Ok(!matches!(command, uci::parse::Command::Unknown(_)))
}

fn ucci_line_target(dice: &mut Dice, seeds: &Arc<Seeds>, shown: &mut String) -> Result<bool, String> {
    let line = command_line(dice, seeds, "ucci");
    *shown = line.clone();
    let millis = dice.chance(1, 2);
    let command = ucci::parse::parse(&line, millis);
    ensure(ucci::parse::parse(&format!(" {line} "), millis) == command, || {
        "blanks around the line change its reading".into()
    })?;
    Ok(!matches!(command, ucci::parse::Command::Unknown(_)))
}

/// Time limits of absurd clocks.
fn clock_target(dice: &mut Dice, shown: &mut String) -> Result<bool, String> {
    let number = |dice: &mut Dice| -> i64 {
        match dice.below(5) {
            0 => *dice.pick(&[i64::MAX, i64::MIN, i64::MAX / 2, i64::MAX / 4 + 1, 0, -1, 1, 30]),
            1 => dice.bits() as i64,
            2 => dice.range(-1_000, 1_000),
            _ => dice.range(0, 10_000_000),
        }
    };
    let time_ms = number(dice);
    let clock = Clock {
        time_ms,
        increment_ms: number(dice),
        movestogo: match dice.below(3) {
            0 => None,
            1 => Some(dice.range(0, 100) as u32),
            _ => Some(dice.bits() as u32),
        },
    };
    let movetime = if dice.chance(1, 4) { Some(number(dice)) } else { None };
    let overhead = if dice.chance(1, 2) { dice.range(0, 5_000) as u64 } else { dice.bits() };
    let forced = match dice.below(8) {
        0 => ForcedMove::OneIteration,
        1 => ForcedMove::Capped,
        _ => ForcedMove::No,
    };
    // The game's sudden-death horizon (30 for chess, 22 for xiangqi), and values no game uses.
    let horizon = dice.range(0, 100);
    *shown =
        format!("{clock:?} movetime {movetime:?} overhead {overhead} forced {forced:?} horizon {horizon}");
    let limits = TimeLimits::new(Some(clock), movetime, overhead, forced, horizon);
    let (Some(soft), Some(hard)) = (limits.soft, limits.hard) else {
        return Err(format!("a clock without limits: {limits:?}"));
    };
    ensure(soft <= hard || movetime.is_some(), || format!("soft {soft:?} above hard {hard:?}"))?;
    let spendable = time_ms.saturating_sub(overhead.min(i64::MAX as u64) as i64).max(0) as u128;
    ensure(hard.as_millis() <= spendable || movetime.is_some(), || {
        format!("hard {hard:?} above the {spendable} ms the clock has")
    })?;
    // More time on the clock never means less time to think.
    let less = Clock { time_ms: time_ms / dice.range(2, 1_000), ..clock };
    let fewer = TimeLimits::new(Some(less), movetime, overhead, forced, horizon);
    ensure(fewer.soft <= limits.soft && fewer.hard <= limits.hard, || {
        format!("{} ms gives {limits:?} but {} ms gives {fewer:?}", time_ms, less.time_ms)
    })?;
    Ok(true)
}
