//! `tuner datagen`: training data for the network, from the engine's own self-play.
//!
//! The games are `selfplay`'s ([`crate::selfplay::play_game`]: a line of the openings file, a few
//! random plies, then a fixed node budget per move, quiet positions kept), written to a data set
//! ([`set`]: one growing file per game, each game its first board and its moves, a kept position's
//! score beside its move) instead of text. What this module adds is what a run of many hours, and
//! many networks, needs:
//!
//! - **Determinism.** Game `g` depends only on the settings (seed, nodes, network...) and `g`, and
//!   finished games are written in the order of their numbers whatever thread played them, so one
//!   seed and settings give one block of the set, byte for byte, on any number of threads.
//! - **Blocks.** Each run of one settings line (the network's hash among them) is a block whose
//!   header names them. A run with new settings, or a new network, appends a new block; a run with
//!   the last block's settings goes on in it; nothing is ever discarded. Settings seen in an earlier
//!   block go on from the game after that block's last.
//! - **No duplicates.** A position whose identity (board, side to move, rights: the leading bytes of
//!   its record) is already in the set is stored as a move without a score, not as a training
//!   position again. The first occurrence wins, in set order, so this too is independent of the
//!   threads.
//! - **Resuming.** Beside `OUT` lies `OUT.progress`, one line with the last block's settings, the
//!   next game's number and the bytes the set's whole games fill, rewritten after the data is
//!   flushed. A run started on an existing set cuts it back to those bytes (a game half-written
//!   when the run was killed goes; a set that lost bytes the line counts is cut to its last whole
//!   game), reads every game back for the identities, and goes on: a run stopped and resumed writes
//!   the set an unstopped run would have.
//! - **Import.** [`pgn_import`] appends the games of a PGN (OpenBench's DATAGEN uploads) as
//!   blocks of games. [`import`] appends a file of 32-byte records (today's files: the records, and the
//!   settings and games of its `.progress` line) as a block of lone positions; a generator then
//!   started with those settings goes on from the file's next game. [`convert`] turns a set into
//!   32-byte records and back.
//! - **Progress.** Every `--report` seconds one line: positions, positions per second, games,
//!   elapsed time.

pub mod pgn_import;
pub mod record;
pub mod rescore;
pub mod set;

use crate::games::Tunable;
use crate::identity::identity;
use crate::selfplay::{self, Outcome, Player};
use record::{Packed, Record};
use set::{Block, Kind};
use std::collections::{BTreeMap, HashSet};
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What `tuner datagen` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The games: openings, nodes, seed, random and skipped plies, threads, table, time limit, and
    /// the output file.
    pub play: selfplay::Config,
    /// Seconds between progress lines.
    pub report_every: Duration,
}

/// The settings a file was started with and how far it got: the `.progress` file's one line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Progress {
    /// `game=... seed=... nodes=...`: everything that decides the games.
    settings: String,
    /// The number of the next game to write (games `..games` of these settings are written).
    games: usize,
    /// Bytes of the data file the whole games fill.
    bytes: u64,
}

impl Progress {
    fn line(&self) -> String {
        format!("{} games={} bytes={}\n", self.settings, self.games, self.bytes)
    }

    fn parse(text: &str) -> Option<Progress> {
        let text = text.trim();
        let (settings, rest) = text.split_once(" games=")?;
        let (games, bytes) = rest.split_once(" bytes=")?;
        Some(Progress {
            settings: settings.to_string(),
            games: games.parse().ok()?,
            bytes: bytes.parse().ok()?,
        })
    }
}

/// The table size (MiB) of the blocks whose settings line does not name one.
const UNNAMED_HASH_MB: usize = 8;

/// The name a block's settings line gives the network that played its games (`eval=` it): the
/// hash of the network file's bytes, so that `train --played-by FILE` finds that network's games.
pub fn network_tag(network_file: &[u8]) -> String {
    format!("nnue-{:016x}", identity(network_file))
}

fn settings<G: Tunable>(config: &selfplay::Config, openings_hash: u64) -> String {
    let mut settings = format!(
        "game={} seed={} nodes={} random-plies={} skip-plies={} opening-limit={} openings={openings_hash:016x}",
        G::NAME,
        config.seed,
        config.nodes,
        config.random_plies,
        config.skip_plies,
        config.opening_score_limit.unwrap_or(i32::MAX),
    );
    // Games played by a network depend on its every weight: a file resumes only with the network
    // it was started with. (Files of the hand-crafted evaluation keep the line they always had.)
    if config.nnue {
        settings.push_str(&format!(" eval={}", network_tag(G::embedded_network_file())));
    }
    // The table's size changes what a search at fixed nodes finds, so it is a setting too; the
    // blocks written before it was named had the old default, and keep their line.
    if config.hash_mb != UNNAMED_HASH_MB {
        settings.push_str(&format!(" hash={}", config.hash_mb));
    }
    settings
}

/// The result of `game` from the view of the side to move in `position`: 0 lost, 1 drawn, 2 won.
fn result_for<G: engine::GameText>(outcome: Outcome, position: &G) -> u8 {
    match (outcome, position.first_player_to_move()) {
        (Outcome::Draw, _) => 1,
        (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => 2,
        _ => 0,
    }
}

/// A finished game as the writer takes it: its first position's record, then for each ply the
/// move's bits (0 for a kept position the game ended on) and, for a kept position, its score and
/// identity. Built on the game's thread; the writer only drops duplicates and copies bytes.
struct Played {
    first: Vec<u8>,
    entries: Vec<(u16, Option<(i16, u64)>)>,
    dropped: bool,
}

impl Played {
    fn of<G: Tunable + Packed>(game: &selfplay::GameRecord<G>) -> Played {
        let mut first = Vec::with_capacity(G::RECORD_BYTES);
        game.start.pack(0, result_for(game.outcome, &game.start), &mut first);
        let mut record = Vec::with_capacity(G::RECORD_BYTES);
        let mut kept = game.kept_plies.iter().zip(&game.positions).peekable();
        let mut entries = Vec::with_capacity(game.moves.len() + 1);
        let moves = game.moves.iter().map(|&mv| G::move_bits(mv)).chain(std::iter::once(0));
        for (ply, bits) in moves.enumerate() {
            let scored =
                kept.next_if(|(&kept_ply, _)| kept_ply == ply).map(|(_, (position, white_score))| {
                    let score = if position.first_player_to_move() { *white_score } else { -white_score };
                    let score = record::stored_score(score);
                    record.clear();
                    position.pack(score, result_for(game.outcome, position), &mut record);
                    (score, identity(&record[..G::IDENTITY_BYTES]))
                });
            if bits != 0 || scored.is_some() {
                entries.push((bits, scored));
            }
        }
        Played { first, entries, dropped: false }
    }

    fn dropped<G: Tunable + Packed>(opening: &str) -> Result<Played, String> {
        let position = crate::games::parse::<G>(opening)?;
        let mut first = Vec::with_capacity(G::RECORD_BYTES);
        position.pack(0, 0, &mut first);
        Ok(Played { first, entries: Vec::new(), dropped: true })
    }
}

/// The set being written, and what is needed to keep it free of duplicates and in game order.
struct Writer {
    file: std::fs::File,
    progress_path: String,
    progress: Progress,
    seen: HashSet<u64>,
    /// Finished games waiting for a lower-numbered one.
    pending: BTreeMap<usize, Played>,
    /// Training positions in the set.
    positions: u64,
    /// Positions written by this run, and games.
    written: usize,
    games: usize,
    bytes: Vec<u8>,
}

impl Writer {
    /// Adds game `index` and writes every game now in order.
    fn finish(&mut self, index: usize, played: Played) -> Result<(), String> {
        self.pending.insert(index, played);
        let mut wrote = false;
        self.bytes.clear();
        while let Some(played) = self.pending.remove(&self.progress.games) {
            if played.dropped {
                set::write_dropped(&played.first, &mut self.bytes);
            } else {
                let seen = &mut self.seen;
                let mut kept = 0;
                let entries = played.entries.iter().map(|&(bits, scored)| {
                    let score = scored.filter(|&(_, id)| seen.insert(id)).map(|(score, _)| score);
                    kept += usize::from(score.is_some());
                    (bits, score)
                });
                set::write_game(&played.first, entries, &mut self.bytes);
                self.written += kept;
                self.positions += kept as u64;
            }
            self.progress.games += 1;
            self.games += 1;
            wrote = true;
        }
        if wrote {
            self.file.write_all(&self.bytes).map_err(|error| error.to_string())?;
            self.progress.bytes += self.bytes.len() as u64;
            self.file.sync_data().map_err(|error| error.to_string())?;
            write_progress(&self.progress_path, &self.progress)?;
        }
        Ok(())
    }
}

/// Replaces the progress file, atomically.
fn write_progress(path: &str, progress: &Progress) -> Result<(), String> {
    let temporary = format!("{path}.new");
    std::fs::write(&temporary, progress.line())
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|error| format!("{path}: {error}"))
}

/// The set at `path` read back to its committed end (its progress line's bytes): what it holds, the
/// identities of its training positions, and the file, cut to its whole items. A set that lost
/// bytes its progress line counts is cut to its last whole game, with a warning.
fn reopen<G: Packed>(
    path: &str,
    progress: &Progress,
    mut identities: Option<&mut HashSet<u64>>,
) -> Result<(std::fs::File, set::Summary), String> {
    if !set::is_set(path) {
        return Err(format!(
            "{path} is not a data set (a file of 32-byte records? `tuner import` it into a set)"
        ));
    }
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|error| format!("{path}: {error}"))?;
    let length = file.metadata().map_err(|error| format!("{path}: {error}"))?.len();
    let summary = set::scan::<G>(path, progress.bytes, identities.is_some(), |records| {
        if let Some(seen) = identities.as_deref_mut() {
            for record in records.chunks_exact(G::RECORD_BYTES) {
                seen.insert(identity(&record[..G::IDENTITY_BYTES]));
            }
        }
    })?;
    if summary.end < progress.bytes {
        eprintln!(
            "datagen: {path} is {length} bytes, its progress file counts {}: cut to its last whole game, at byte {}",
            progress.bytes, summary.end
        );
    }
    file.set_len(summary.end).map_err(|error| format!("{path}: {error}"))?;
    file.seek(SeekFrom::End(0)).map_err(|error| error.to_string())?;
    Ok((file, summary))
}

/// Reads `path`'s progress line (`None` when there is none).
fn read_progress(path: &str) -> Result<Option<Progress>, String> {
    let progress_path = format!("{path}.progress");
    match std::fs::read_to_string(&progress_path) {
        Err(_) if std::path::Path::new(path).exists() => {
            Err(format!("{path} exists without {progress_path}: choose another --out"))
        }
        Err(_) => Ok(None),
        Ok(text) => {
            Progress::parse(&text).map(Some).ok_or_else(|| format!("{progress_path}: not a progress line"))
        }
    }
}

/// Creates the set at `path`: no file there yet.
fn create(path: &str) -> Result<std::fs::File, String> {
    std::fs::OpenOptions::new()
        .create_new(true)
        .read(true)
        .write(true)
        .open(path)
        .map_err(|error| format!("{path}: {error}"))
}

/// Appends `block`'s header to the set, and makes it the progress line's block.
fn start_block(
    file: &mut std::fs::File,
    progress_path: &str,
    end: u64,
    block: &Block,
) -> Result<Progress, String> {
    let header = block.bytes();
    file.write_all(&header).and_then(|()| file.sync_data()).map_err(|error| error.to_string())?;
    let progress = Progress {
        settings: block.settings.clone(),
        games: (block.first_game + block.games) as usize,
        bytes: end + header.len() as u64,
    };
    write_progress(progress_path, &progress)?;
    Ok(progress)
}

/// Opens the set `out` for appending games of `settings`: a new set, the last block resumed where
/// its progress file says, or a new block.
fn open<G: Packed>(out: &str, settings: &str) -> Result<Writer, String> {
    let progress_path = format!("{out}.progress");
    let mut seen = HashSet::new();
    let (mut file, summary) = match read_progress(out)? {
        None => (create(out)?, set::Summary::default()),
        Some(progress) => reopen::<G>(out, &progress, Some(&mut seen))?,
    };
    let last = summary.blocks.last();
    let progress = match last {
        Some(last) if last.block.kind == Kind::Games && last.block.settings == settings => {
            Progress { settings: settings.to_string(), games: last.next_game() as usize, bytes: summary.end }
        }
        _ => {
            let block = Block {
                kind: Kind::Games,
                first_game: summary.next_game(settings),
                games: 0,
                settings: settings.to_string(),
            };
            start_block(&mut file, &progress_path, summary.end, &block)?
        }
    };
    write_progress(&progress_path, &progress)?;
    Ok(Writer {
        file,
        progress_path,
        progress,
        seen,
        pending: BTreeMap::new(),
        positions: summary.positions(),
        written: 0,
        games: 0,
        bytes: Vec::new(),
    })
}

/// Plays and writes until game `config.play.games` of these settings or the time limit. Returns
/// the summary line.
pub fn run<G: Tunable + Packed>(config: &Config) -> Result<String, String> {
    let play = &config.play;
    if play.openings.is_empty() {
        return Err("datagen: the openings file has no positions".into());
    }
    let settings = settings::<G>(play, identity(play.openings.concat().as_bytes()));
    let writer = open::<G>(&play.out, &settings)?;
    let first_game = writer.progress.games;
    eprintln!(
        "datagen: {} ({} positions in the set; this block's settings from game {first_game})",
        play.out, writer.positions
    );
    let writer = Mutex::new(writer);
    let next = AtomicUsize::new(first_game);
    let failed = AtomicBool::new(false);
    let started = Instant::now();
    let last_report = Mutex::new(Instant::now());
    let report = |writer: &Writer| {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "datagen: {} positions (+{} in {}, {:.0}/s), {} games (+{})",
            writer.positions,
            writer.written,
            clock(seconds),
            writer.written as f64 / seconds.max(1e-9),
            writer.progress.games,
            writer.games,
        );
    };
    let worker = || -> Result<(), String> {
        let mut player = Player::<G>::new(play);
        while let Some(index) = play.next_game(&next, started).filter(|_| !failed.load(Ordering::Relaxed)) {
            let opening = &play.openings[index % play.openings.len()];
            let played = match selfplay::play_game(play, &mut player, index, opening) {
                Some(game) => Played::of(&game),
                None => Played::dropped::<G>(opening)?,
            };
            let mut writer = writer.lock().unwrap();
            if let Err(error) = writer.finish(index, played) {
                failed.store(true, Ordering::Relaxed);
                return Err(error);
            }
            let mut last = last_report.lock().unwrap();
            if last.elapsed() >= config.report_every {
                *last = Instant::now();
                report(&writer);
            }
        }
        Ok(())
    };
    selfplay::on_game_threads("datagen", play.threads, worker)?;
    let writer = writer.into_inner().unwrap();
    report(&writer);
    Ok(format!(
        "datagen: done: {} positions in the set, game {} of these settings next, in {} ({} games finished after a gap were not written)",
        writer.positions,
        writer.progress.games,
        clock(started.elapsed().as_secs_f64()),
        writer.pending.len()
    ))
}

/// Appends the file of 32-byte records `file` to the set `out` (created if need be) as a block of
/// lone positions, every record kept. The block's settings and games are those of `file`'s
/// progress line (only the bytes it counts are read: a game half-written after them is not
/// whole); a file without one gets `game=NAME imported`. Settings already in the set are refused:
/// that would be the same games twice. Stop any generator writing to `out` first.
pub fn import<G: Packed>(out: &str, file: &str) -> Result<String, String> {
    let source = match std::fs::read_to_string(format!("{file}.progress")) {
        Ok(text) => {
            Some(Progress::parse(&text).ok_or_else(|| format!("{file}.progress: not a progress line"))?)
        }
        Err(_) => None,
    };
    let length = std::fs::metadata(file).map_err(|error| format!("{file}: {error}"))?.len();
    let (settings, games, bytes) = match source {
        Some(progress) => (progress.settings, progress.games as u64, progress.bytes),
        None => (format!("game={} imported", G::NAME), 0, length),
    };
    if bytes > length || bytes % G::RECORD_BYTES as u64 != 0 {
        return Err(format!("{file}: {length} bytes, its progress line counts {bytes}: not whole records"));
    }
    let progress_path = format!("{out}.progress");
    let (mut set_file, summary) = match read_progress(out)? {
        None => (create(out)?, set::Summary::default()),
        Some(progress) => reopen::<G>(out, &progress, None)?,
    };
    if summary.blocks.iter().any(|block| block.block.settings == settings) {
        return Err(format!("{out} already holds a block of {file}'s settings ({settings})"));
    }
    let block = Block { kind: Kind::Records, first_game: 0, games, settings };
    let mut progress = start_block(&mut set_file, &progress_path, summary.end, &block)?;
    let mut input = std::io::BufReader::with_capacity(
        1 << 20,
        std::fs::File::open(file).map_err(|error| format!("{file}: {error}"))?,
    )
    .take(bytes);
    let mut output = std::io::BufWriter::with_capacity(1 << 20, &mut set_file);
    let mut record = vec![0u8; G::RECORD_BYTES];
    let mut lone = Vec::with_capacity(G::RECORD_BYTES);
    for index in 0..bytes / G::RECORD_BYTES as u64 {
        input.read_exact(&mut record).map_err(|error| format!("{file}: {error}"))?;
        if G::Record::unpack(&record).is_none() {
            return Err(format!("{file}: record {index} is malformed"));
        }
        lone.clear();
        set::write_lone(&record, &mut lone);
        output.write_all(&lone).map_err(|error| format!("{out}: {error}"))?;
    }
    output.flush().map_err(|error| format!("{out}: {error}"))?;
    drop(output);
    set_file.sync_data().map_err(|error| format!("{out}: {error}"))?;
    progress.bytes += bytes;
    write_progress(&progress_path, &progress)?;
    Ok(format!(
        "import: {file}: {} positions of {games} games appended to {out} as a block of `{}`",
        bytes / G::RECORD_BYTES as u64,
        progress.settings
    ))
}

/// `tuner convert`: a set into a file of 32-byte records (its training positions, in order), or a
/// file of 32-byte records into a new set (as [`import`] would). `out` must not exist.
pub fn convert<G: Packed>(input: &str, out: &str) -> Result<String, String> {
    if std::path::Path::new(out).exists() {
        return Err(format!("{out} exists: convert writes a new file"));
    }
    if !set::is_set(input) {
        return import::<G>(out, input);
    }
    let mut output = std::io::BufWriter::with_capacity(1 << 20, create(out)?);
    let mut failed = None;
    let summary = set::scan::<G>(input, u64::MAX, true, |records| {
        if failed.is_none() {
            failed = output.write_all(records).err();
        }
    })?;
    if let Some(error) = failed {
        return Err(format!("{out}: {error}"));
    }
    output.flush().map_err(|error| format!("{out}: {error}"))?;
    let mut line = format!("convert: {} positions of {input} written to {out}", summary.positions());
    if summary.truncated {
        line.push_str(&format!("; {}", truncation(input, &summary)));
    }
    Ok(line)
}

/// The warning for a set whose data ends inside a game.
fn truncation(path: &str, summary: &set::Summary) -> String {
    format!(
        "warning: {path} ends inside the game at byte {} (a writer killed or still at work): read up to it",
        summary.end
    )
}

/// What `datastats` counts of records.
struct Tally {
    results: [usize; 3],
    pieces: [usize; 33],
    score_sum: i64,
    first: usize,
    count: usize,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally { results: [0; 3], pieces: [0; 33], score_sum: 0, first: 0, count: 0 }
    }
}

impl Tally {
    fn add<R: Record>(&mut self, record: &R) {
        self.results[usize::from(record.result())] += 1;
        self.pieces[record.pieces().len()] += 1;
        self.score_sum += i64::from(record.score()).abs();
        self.first += usize::from(record.first_player_to_move());
        self.count += 1;
    }

    fn line<R: Record>(&self) -> String {
        let count = self.count.max(1);
        let per_pieces: Vec<String> = (2..=32)
            .step_by(5)
            .map(|low| {
                format!("{low}-{}: {}", low + 4, self.pieces[low..(low + 5).min(33)].iter().sum::<usize>())
            })
            .collect();
        format!(
            "side to move lost {} drawn {} won {}; {} to move {:.1}%; mean |score| {:.0} cp; by pieces {}",
            self.results[0],
            self.results[1],
            self.results[2],
            R::FIRST_PLAYER,
            100.0 * self.first as f64 / count as f64,
            self.score_sum as f64 / count as f64,
            per_pieces.join(", ")
        )
    }
}

/// A file of records (not a set), whole: refused when its length is no multiple of a record's.
pub fn read_record_file<G: Packed>(path: &str) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    if bytes.len() % G::RECORD_BYTES != 0 {
        return Err(format!(
            "{path}: {} bytes is not a whole number of {}-byte records",
            bytes.len(),
            G::RECORD_BYTES
        ));
    }
    Ok(bytes)
}

/// `tuner datastats`: what a data set, or a file of 32-byte records, holds, read back position by
/// position (so a file a writer of another format made is caught here, not in training). A set's
/// report has a line per block.
pub fn stats<G: Packed>(path: &str) -> Result<String, String> {
    let mut tally = Tally::default();
    if !set::is_set(path) {
        let bytes = read_record_file::<G>(path)?;
        for (index, chunk) in bytes.chunks_exact(G::RECORD_BYTES).enumerate() {
            let record =
                G::Record::unpack(chunk).ok_or_else(|| format!("{path}: record {index} is malformed"))?;
            tally.add(&record);
        }
        return Ok(format!(
            "{path}: {} positions (32-byte records); {}",
            tally.count,
            tally.line::<G::Record>()
        ));
    }
    let mut malformed = false;
    let summary = set::scan::<G>(path, u64::MAX, true, |records| {
        for chunk in records.chunks_exact(G::RECORD_BYTES) {
            match G::Record::unpack(chunk) {
                Some(record) => tally.add(&record),
                None => malformed = true,
            }
        }
    })?;
    if malformed {
        return Err(format!("{path}: a position reads back as a malformed record"));
    }
    let games: u64 = summary
        .blocks
        .iter()
        .filter(|block| block.block.kind == Kind::Games)
        .map(|block| block.items - block.dropped)
        .sum();
    let imported: u64 = summary
        .blocks
        .iter()
        .filter(|block| block.block.kind == Kind::Records)
        .map(|block| block.block.games)
        .sum();
    let mut lines = vec![format!(
        "{path}: {} positions, {games} games (and {imported} imported), {} blocks, {} bytes ({:.2} bytes a position); {}",
        summary.positions(),
        summary.blocks.len(),
        summary.end,
        summary.end as f64 / summary.positions().max(1) as f64,
        tally.line::<G::Record>()
    )];
    for (index, block) in summary.blocks.iter().enumerate() {
        let network = block.block.network().unwrap_or("hand-crafted");
        let what = match block.block.kind {
            Kind::Games => format!(
                "games {}..{} ({} dropped), {} plies",
                block.block.first_game,
                block.next_game(),
                block.dropped,
                block.plies
            ),
            Kind::Records => format!("imported records of games 0..{}", block.block.games),
        };
        lines.push(format!(
            "  block {index}: network {network}: {} positions, {what}, {} bytes ({:.2} a position); {}",
            block.positions,
            block.bytes,
            block.bytes as f64 / block.positions.max(1) as f64,
            block.block.settings
        ));
    }
    if summary.truncated {
        lines.push(truncation(path, &summary));
    }
    Ok(lines.join("\n"))
}

/// `1h02m03s`.
fn clock(seconds: f64) -> String {
    let whole = seconds as u64;
    format!("{}h{:02}m{:02}s", whole / 3600, whole / 60 % 60, whole % 60)
}

#[cfg(test)]
mod tests;
