//! `tuner rescore`: the positions of a data file searched again by the engine as it is built now
//! (its embedded network), each score replaced by the new search's.
//!
//! The field relabels its old positions with its newest network (Viridithas reports +24 to +50 Elo
//! a round): the positions stay, the labels come from a stronger player. Whether that beats new
//! games for the same core-hours is the question `docs/tuning.md` answers with this command.
//!
//! - **Alone.** A record carries no game around it, so each position is searched as if it began
//!   one ([`Player::search_alone`]): no history, table and move-ordering memory cleared. The new
//!   file is therefore the same, byte for byte, on any number of threads.
//! - **Kept as `datagen` keeps.** A position stays a training position when the new search's best
//!   move is neither a capture nor a promotion and its score is no mate (a kept record's side to
//!   move is never in check); otherwise it is dropped and counted. The game's result stays.
//! - **In order.** Threads take chunks of records in turn; finished chunks are written in the
//!   input's order as soon as the chunks before them are, so a long run streams to its file.

use super::record::{stored_score, Packed, Record};
use super::set;
use crate::games::Tunable;
use crate::selfplay::{is_quiet, on_game_threads, Player};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Records a thread takes at a time.
const CHUNK_RECORDS: usize = 1024;

/// What `tuner rescore` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Nodes of each position's search.
    pub nodes: u64,
    /// Threads, each searching its own chunks.
    pub threads: usize,
    /// Transposition table per thread, MiB.
    pub hash_mb: usize,
    /// Search with the game's embedded network (else its hand-crafted evaluation).
    pub nnue: bool,
    /// Seconds between progress lines.
    pub report_every: Duration,
}

/// The chunks searched so far, written out in the input's order.
struct Output {
    file: std::io::BufWriter<std::fs::File>,
    /// Finished chunks waiting for an earlier one, by chunk number.
    waiting: BTreeMap<usize, Vec<u8>>,
    next_chunk: usize,
    kept: usize,
    searched: usize,
    last_report: Instant,
    error: Option<String>,
}

/// Rescores `input` (a data set or a file of 32-byte records) into `out` (a new file of 32-byte
/// records). Returns the summary line.
pub fn rescore<G: Tunable + Packed>(input: &str, out: &str, config: &Config) -> Result<String, String> {
    if std::path::Path::new(out).exists() {
        return Err(format!("{out} exists: rescore writes a new file"));
    }
    let records = read_records::<G>(input)?;
    let total = records.len() / G::RECORD_BYTES;
    let file = std::fs::File::create(out).map_err(|error| format!("{out}: {error}"))?;
    let started = Instant::now();
    let output = Mutex::new(Output {
        file: std::io::BufWriter::with_capacity(1 << 20, file),
        waiting: BTreeMap::new(),
        next_chunk: 0,
        kept: 0,
        searched: 0,
        last_report: started,
        error: None,
    });
    let chunks: Vec<&[u8]> = records.chunks(CHUNK_RECORDS * G::RECORD_BYTES).collect();
    let next = AtomicUsize::new(0);
    on_game_threads("rescore", config.threads, || {
        let mut player = Player::<G>::with(config.hash_mb, config.nnue);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(chunk) = chunks.get(index) else { return Ok(()) };
            let first = index * CHUNK_RECORDS;
            let (rescored, kept) = rescore_chunk::<G>(&mut player, chunk, config.nodes)
                .map_err(|record| format!("{input}: record {} is malformed", first + record))?;
            let mut output = output.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            output.searched += chunk.len() / G::RECORD_BYTES;
            output.kept += kept;
            output.waiting.insert(index, rescored);
            output.flush_ready();
            if let Some(error) = output.error.clone() {
                return Err(format!("{out}: {error}"));
            }
            if output.last_report.elapsed() >= config.report_every {
                output.last_report = Instant::now();
                eprintln!(
                    "rescore: {} of {total} positions searched, {}",
                    output.searched,
                    rate(output.searched, started)
                );
            }
        }
    })?;
    let mut output = output.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    output.file.flush().map_err(|error| format!("{out}: {error}"))?;
    Ok(format!(
        "rescore: {} of {total} positions of {input} searched again at {} nodes and written to {out}; {} dropped \
         (the new best move tactical, or a mate found); {:.0} s, {}",
        output.kept,
        config.nodes,
        total - output.kept,
        started.elapsed().as_secs_f64(),
        rate(total, started)
    ))
}

impl Output {
    /// Writes every finished chunk whose predecessors are written.
    fn flush_ready(&mut self) {
        while let Some(bytes) = self.waiting.remove(&self.next_chunk) {
            if self.error.is_none() {
                self.error = self.file.write_all(&bytes).err().map(|error| error.to_string());
            }
            self.next_chunk += 1;
        }
    }
}

fn rate(positions: usize, started: Instant) -> String {
    format!("{:.0} positions/s", positions as f64 / started.elapsed().as_secs_f64().max(1e-9))
}

/// The input's records: a set's training positions in order, or a file of records as it is.
fn read_records<G: Packed>(input: &str) -> Result<Vec<u8>, String> {
    if set::is_set(input) {
        let mut bytes = Vec::new();
        set::scan::<G>(input, u64::MAX, true, |records| bytes.extend_from_slice(records))?;
        return Ok(bytes);
    }
    super::read_record_file::<G>(input)
}

/// Each record of `chunk` searched again: the kept ones' new records, and how many were kept.
/// `Err(i)` when record `i` of the chunk is malformed.
fn rescore_chunk<G: Tunable + Packed>(
    player: &mut Player<G>,
    chunk: &[u8],
    nodes: u64,
) -> Result<(Vec<u8>, usize), usize> {
    let mut rescored = Vec::with_capacity(chunk.len());
    let mut kept = 0;
    for (index, bytes) in chunk.chunks_exact(G::RECORD_BYTES).enumerate() {
        let record = G::Record::unpack(bytes).ok_or(index)?;
        let position = G::unpack_position(bytes).ok_or(index)?;
        let outcome = player.search_alone(&position, nodes);
        let Some(best) = outcome.best_move else { continue };
        if !is_quiet(&position, best, outcome.score) {
            continue;
        }
        position.pack(stored_score(outcome.score.0), record.result(), &mut rescored);
        kept += 1;
    }
    Ok((rescored, kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::Position;

    /// Positions and what a rescore must do with each: `Some(sign)` kept, its new score of that
    /// sign (side to move), `None` dropped.
    const CASES: [(&str, Option<i32>); 6] = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Some(0)),
        // Black has no queen: good for the side to move, White...
        ("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Some(1)),
        // ...bad for the side to move, Black.
        ("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", Some(-1)),
        // White has no queen, Black to move.
        ("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3", Some(1)),
        // The best move takes the queen on h4: a capture, dropped.
        ("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3", None),
        // Mate in one (Rd8): a mate score, dropped.
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", None),
    ];

    fn temporary(name: &str) -> String {
        let path = std::env::temp_dir().join(format!("triskel-rescore-{}-{name}", std::process::id()));
        let path = path.to_str().unwrap().to_string();
        let _ = std::fs::remove_file(&path);
        path
    }

    fn config(threads: usize) -> Config {
        Config { nodes: 400, threads, hash_mb: 1, nnue: false, report_every: Duration::from_secs(3600) }
    }

    /// The cases' records, each with score 0 and result `2` (won), repeated to fill several
    /// chunks.
    fn input(copies: usize) -> Vec<u8> {
        let mut bytes = Vec::new();
        for _ in 0..copies {
            for (fen, _) in CASES {
                crate::games::parse::<Position>(fen).unwrap().pack(0, 2, &mut bytes);
            }
        }
        bytes
    }

    #[test]
    fn each_position_is_searched_alone_so_threads_do_not_change_the_file() {
        let copies = CHUNK_RECORDS * 2 / CASES.len() + 1;
        let path = temporary("in");
        std::fs::write(&path, input(copies)).unwrap();
        let (one, three) = (temporary("one"), temporary("three"));
        let line = rescore::<Position>(&path, &one, &config(1)).unwrap();
        rescore::<Position>(&path, &three, &config(3)).unwrap();
        let written = std::fs::read(&one).unwrap();
        assert_eq!(written, std::fs::read(&three).unwrap(), "1 and 3 threads");
        let kept = CASES.iter().filter(|(_, sign)| sign.is_some()).count();
        assert!(line.contains(&format!("{} of {} positions", kept * copies, CASES.len() * copies)), "{line}");
        // Every copy of a position got the same new record: no search saw another's table.
        let records: Vec<&[u8]> = written.chunks_exact(32).collect();
        assert_eq!(records.len(), kept * copies);
        for (index, record) in records.iter().enumerate() {
            assert_eq!(*record, records[index % kept], "record {index}");
        }
        for path in [path, one, three] {
            std::fs::remove_file(path).unwrap();
        }
    }

    #[test]
    fn a_kept_record_keeps_its_board_and_result_and_gets_the_new_score_of_the_side_to_move() {
        let path = temporary("signs");
        let original = input(1);
        std::fs::write(&path, &original).unwrap();
        let out = temporary("signs-out");
        rescore::<Position>(&path, &out, &config(1)).unwrap();
        let written = std::fs::read(&out).unwrap();
        let mut records = written.chunks_exact(32);
        for ((fen, sign), before) in CASES.iter().zip(original.chunks_exact(32)) {
            let Some(sign) = sign else { continue };
            let after = records.next().unwrap_or_else(|| panic!("{fen} dropped"));
            assert_eq!(
                (&after[..28], &after[30..]),
                (&before[..28], &before[30..]),
                "{fen}: board or result"
            );
            let record = <Position as Packed>::Record::unpack(after).unwrap();
            assert_eq!(record.result(), 2, "{fen}");
            let score = i32::from(record.score());
            match sign {
                0 => assert!(score.abs() < 100, "{fen}: {score}"),
                _ => assert!(score * sign > 500, "{fen}: {score}"),
            }
        }
        assert!(records.next().is_none(), "the capture and the mate are dropped");
        for path in [path, out] {
            std::fs::remove_file(path).unwrap();
        }
    }

    #[test]
    fn an_existing_output_a_torn_file_or_a_malformed_record_is_refused() {
        let (path, out) = (temporary("bad"), temporary("bad-out"));
        std::fs::write(&path, input(1)).unwrap();
        std::fs::write(&out, b"").unwrap();
        let error = rescore::<Position>(&path, &out, &config(1)).unwrap_err();
        assert!(error.contains("exists"), "{error}");
        std::fs::remove_file(&out).unwrap();

        let mut torn = input(1);
        torn.truncate(torn.len() - 5);
        std::fs::write(&path, &torn).unwrap();
        let error = rescore::<Position>(&path, &out, &config(1)).unwrap_err();
        assert!(error.contains("not a whole number"), "{error}");

        let mut malformed = input(1);
        malformed[32..64].fill(0xff);
        std::fs::write(&path, &malformed).unwrap();
        let error = rescore::<Position>(&path, &out, &config(2)).unwrap_err();
        assert!(error.contains("record 1 is malformed"), "{error}");
        for path in [path, out] {
            let _ = std::fs::remove_file(path);
        }
    }
}
