//! `tuner datagen`: training data for the network, from the engine's own self-play.
//!
//! The games are `selfplay`'s ([`crate::selfplay::play_game`]: a line of the openings file, a few
//! random plies, then a fixed node budget per move, quiet positions kept), written as the binary
//! records of [`record`] instead of text. What this module adds is what a run of many hours needs:
//!
//! - **Determinism.** Game `g` depends only on the seed and `g`, and finished games are written in
//!   the order of their numbers whatever thread played them, so one seed gives one file, byte for
//!   byte, on any number of threads.
//! - **No duplicates.** A position whose identity (board, side to move, rights: the leading bytes of
//!   its record) is already in the file is not written again. The first occurrence wins, in file
//!   order, so this too is independent of the threads.
//! - **Resuming.** Beside `OUT` lies `OUT.progress`, one line with the settings, the games written
//!   and the bytes they fill, rewritten after the data is flushed. A run started on an existing
//!   `OUT` with the same settings cuts the file back to those bytes (a game half-written when the
//!   run was killed goes), reloads the identities, and goes on from the next game: a run stopped
//!   and resumed writes the file an unstopped run would have.
//! - **Concatenation.** Records have a fixed size and no header, so files of different seeds join
//!   with `cat`. (Duplicates are removed within a file, not across files.)
//! - **Progress.** Every `--report` seconds one line: positions, positions per second, games,
//!   elapsed time.

pub mod record;

use crate::games::Tunable;
use crate::identity::identity;
use crate::selfplay::{self, Outcome, Player};
use record::Packed;
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
    /// Games finished and written (games `0..games`).
    games: usize,
    /// Bytes of the data file those games fill.
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
        settings.push_str(&format!(" eval=nnue-{:016x}", identity(G::embedded_network_file())));
    }
    settings
}

/// The records of one game, its positions labelled from each side to move's view.
fn game_records<G: Tunable + Packed>(game: &selfplay::GameRecord<G>) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(game.positions.len() * G::RECORD_BYTES);
    for (position, white_score) in &game.positions {
        let first = position.first_player_to_move();
        let score = if first { *white_score } else { -white_score };
        let result = match (game.outcome, first) {
            (Outcome::Draw, _) => 1,
            (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => 2,
            _ => 0,
        };
        position.pack(score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16, result, &mut bytes);
    }
    bytes
}

/// The file being written, and what is needed to keep it free of duplicates and in game order.
struct Writer {
    file: std::fs::File,
    progress_path: String,
    progress: Progress,
    seen: HashSet<u64>,
    /// Finished games waiting for a lower-numbered one.
    pending: BTreeMap<usize, Vec<u8>>,
    record_bytes: usize,
    identity_bytes: usize,
    /// Positions written by this run, and games.
    written: usize,
    games: usize,
}

impl Writer {
    /// Adds game `index` (empty when the game was dropped) and writes every game now in order.
    fn finish(&mut self, index: usize, records: Vec<u8>) -> Result<(), String> {
        self.pending.insert(index, records);
        let mut wrote = false;
        while let Some(records) = self.pending.remove(&self.progress.games) {
            let mut kept = Vec::with_capacity(records.len());
            for record in records.chunks_exact(self.record_bytes) {
                if self.seen.insert(identity(&record[..self.identity_bytes])) {
                    kept.extend_from_slice(record);
                }
            }
            self.file.write_all(&kept).map_err(|error| error.to_string())?;
            self.progress.bytes += kept.len() as u64;
            self.progress.games += 1;
            self.written += kept.len() / self.record_bytes;
            self.games += 1;
            wrote = true;
        }
        if wrote {
            self.file.sync_data().map_err(|error| error.to_string())?;
            let temporary = format!("{}.new", self.progress_path);
            std::fs::write(&temporary, self.progress.line())
                .and_then(|()| std::fs::rename(&temporary, &self.progress_path))
                .map_err(|error| format!("{}: {error}", self.progress_path))?;
        }
        Ok(())
    }

    fn positions(&self) -> u64 {
        self.progress.bytes / self.record_bytes as u64
    }
}

/// Opens `out` for appending: a fresh file, or an existing one resumed where its progress file says.
fn open<G: Packed>(out: &str, settings: &str) -> Result<Writer, String> {
    let progress_path = format!("{out}.progress");
    let fresh = Progress { settings: settings.to_string(), games: 0, bytes: 0 };
    let progress = match std::fs::read_to_string(&progress_path) {
        Err(_) if std::path::Path::new(out).exists() => {
            return Err(format!("{out} exists without {progress_path}: choose another --out"))
        }
        Err(_) => fresh,
        Ok(text) => {
            let progress =
                Progress::parse(&text).ok_or_else(|| format!("{progress_path}: not a progress line"))?;
            if progress.settings != settings {
                return Err(format!(
                    "{out} was started with other settings ({}); this run has {settings}",
                    progress.settings
                ));
            }
            progress
        }
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(out)
        .map_err(|error| format!("{out}: {error}"))?;
    let length = file.metadata().map_err(|error| format!("{out}: {error}"))?.len();
    if length < progress.bytes {
        return Err(format!(
            "{out} is shorter ({length} bytes) than its progress file says ({})",
            progress.bytes
        ));
    }
    file.set_len(progress.bytes).map_err(|error| format!("{out}: {error}"))?;
    let mut seen = HashSet::new();
    file.seek(SeekFrom::Start(0)).map_err(|error| error.to_string())?;
    let mut reader = std::io::BufReader::with_capacity(1 << 20, &mut file);
    let mut record = vec![0u8; G::RECORD_BYTES];
    for _ in 0..progress.bytes / G::RECORD_BYTES as u64 {
        reader.read_exact(&mut record).map_err(|error| format!("{out}: {error}"))?;
        seen.insert(identity(&record[..G::IDENTITY_BYTES]));
    }
    drop(reader);
    file.seek(SeekFrom::End(0)).map_err(|error| error.to_string())?;
    Ok(Writer {
        file,
        progress_path,
        progress,
        seen,
        pending: BTreeMap::new(),
        record_bytes: G::RECORD_BYTES,
        identity_bytes: G::IDENTITY_BYTES,
        written: 0,
        games: 0,
    })
}

/// Plays and writes until `config.play.games` games are in the file or the time limit passes.
/// Returns the summary line.
pub fn run<G: Tunable + Packed>(config: &Config) -> Result<String, String> {
    let play = &config.play;
    if play.openings.is_empty() {
        return Err("datagen: the openings file has no positions".into());
    }
    let settings = settings::<G>(play, identity(play.openings.concat().as_bytes()));
    let writer = open::<G>(&play.out, &settings)?;
    let first_game = writer.progress.games;
    eprintln!(
        "datagen: {} ({} positions from {first_game} games already there)",
        play.out,
        writer.positions()
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
            writer.positions(),
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
            let records = selfplay::play_game(play, &mut player, index, opening)
                .map(|game| game_records(&game))
                .unwrap_or_default();
            let mut writer = writer.lock().unwrap();
            if let Err(error) = writer.finish(index, records) {
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
        "datagen: done: {} positions from {} games in {} ({} games finished after a gap were not written)",
        writer.positions(),
        writer.progress.games,
        clock(started.elapsed().as_secs_f64()),
        writer.pending.len()
    ))
}

/// `tuner datastats`: what a data file of records `R` holds, read back record by record (so a
/// file a writer of another format made is caught here, not in training).
pub fn stats<R: record::Record>(path: &str) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    if bytes.len() % 32 != 0 {
        return Err(format!("{path}: {} bytes is not a whole number of 32-byte records", bytes.len()));
    }
    let (mut results, mut pieces, mut score_sum, mut first) = ([0usize; 3], [0usize; 33], 0i64, 0usize);
    for (index, chunk) in bytes.chunks_exact(32).enumerate() {
        let record = R::unpack(chunk).ok_or_else(|| format!("{path}: record {index} is malformed"))?;
        results[usize::from(record.result())] += 1;
        pieces[record.pieces().len()] += 1;
        score_sum += i64::from(record.score()).abs();
        first += usize::from(record.first_player_to_move());
    }
    let count = (bytes.len() / 32).max(1);
    let per_pieces: Vec<String> = (2..=32)
        .step_by(5)
        .map(|low| format!("{low}-{}: {}", low + 4, pieces[low..(low + 5).min(33)].iter().sum::<usize>()))
        .collect();
    Ok(format!(
        "{path}: {} positions; side to move lost {} drawn {} won {}; {} to move {:.1}%; mean |score| {:.0} cp; by pieces {}",
        bytes.len() / 32,
        results[0],
        results[1],
        results[2],
        R::FIRST_PLAYER,
        100.0 * first as f64 / count as f64,
        score_sum as f64 / count as f64,
        per_pieces.join(", ")
    ))
}

/// `1h02m03s`.
fn clock(seconds: f64) -> String {
    let whole = seconds as u64;
    format!("{}h{:02}m{:02}s", whole / 3600, whole / 60 % 60, whole % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::Position;

    fn config(out: &str, games: usize, threads: usize) -> Config {
        Config {
            play: selfplay::Config {
                openings: vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()],
                games,
                nodes: 300,
                seed: 5,
                skip_plies: 4,
                threads,
                out: out.to_string(),
                opening_score_limit: Some(600),
                nnue: false,
                ..selfplay::test_config(4)
            },
            report_every: Duration::from_secs(3600),
        }
    }

    fn temporary(name: &str) -> String {
        let path = std::env::temp_dir().join(format!("triskel-datagen-{}-{name}", std::process::id()));
        let path = path.to_str().unwrap().to_string();
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(format!("{path}.progress"));
        path
    }

    #[test]
    fn threads_and_resuming_write_the_same_file_with_no_duplicate() {
        let one = temporary("one");
        run::<Position>(&config(&one, 6, 1)).unwrap();
        let two = temporary("two");
        run::<Position>(&config(&two, 6, 2)).unwrap();
        let whole = std::fs::read(&one).unwrap();
        assert!(!whole.is_empty() && whole.len() % 32 == 0);
        assert_eq!(whole, std::fs::read(&two).unwrap());

        // Three games, a torn record as a kill would leave, then the rest.
        let resumed = temporary("resumed");
        run::<Position>(&config(&resumed, 3, 1)).unwrap();
        let mut file = std::fs::OpenOptions::new().append(true).open(&resumed).unwrap();
        file.write_all(&[7; 13]).unwrap();
        drop(file);
        run::<Position>(&config(&resumed, 6, 2)).unwrap();
        assert_eq!(whole, std::fs::read(&resumed).unwrap());

        let identities: HashSet<&[u8]> = whole.chunks_exact(32).map(|record| &record[..25]).collect();
        assert_eq!(identities.len(), whole.len() / 32);
        for bytes in whole.chunks_exact(32) {
            let record = record::ChessRecord::unpack(bytes).unwrap();
            assert!(record.result <= 2 && record.pieces().len() >= 2);
        }

        // Other settings on the same file are refused.
        let mut other = config(&one, 8, 1);
        other.play.nodes = 400;
        assert!(run::<Position>(&other).unwrap_err().contains("other settings"));
        for path in [one, two, resumed] {
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(format!("{path}.progress"));
        }
    }

    /// Xiangqi games go through the same writer: whole records that read back, no duplicate, and
    /// `datastats` reads the file.
    #[test]
    fn xiangqi_games_write_records_that_read_back() {
        use record::{Record, XiangqiRecord};
        let out = temporary("xiangqi");
        let mut config = config(&out, 3, 1);
        config.play.openings =
            vec!["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_string()];
        run::<engine::xiangqi::Position>(&config).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        assert!(!bytes.is_empty() && bytes.len() % 32 == 0);
        let identities: HashSet<&[u8]> = bytes.chunks_exact(32).map(|record| &record[..28]).collect();
        assert_eq!(identities.len(), bytes.len() / 32);
        for chunk in bytes.chunks_exact(32) {
            let record = XiangqiRecord::unpack(chunk).unwrap();
            assert!(record.result <= 2 && record.pieces().len() >= 2);
            engine::xiangqi::Position::from_fen(&record.board_fen()).unwrap();
        }
        assert!(stats::<XiangqiRecord>(&out).unwrap().contains("red to move"));
        let _ = std::fs::remove_file(&out);
        let _ = std::fs::remove_file(format!("{out}.progress"));
    }

    /// `--nnue` games are the network's: other games than the hand-crafted evaluation's, and a
    /// file that names the network and so resumes only with it; xiangqi's too.
    #[test]
    fn network_games_are_their_own_file() {
        let hand_crafted = temporary("hce");
        run::<Position>(&config(&hand_crafted, 3, 1)).unwrap();
        let network = temporary("nnue");
        let mut with_network = config(&network, 3, 1);
        with_network.play.nnue = true;
        run::<Position>(&with_network).unwrap();
        let bytes = std::fs::read(&network).unwrap();
        assert!(!bytes.is_empty() && bytes.len() % 32 == 0);
        assert_ne!(bytes, std::fs::read(&hand_crafted).unwrap(), "the network plays other moves");
        let progress = std::fs::read_to_string(format!("{network}.progress")).unwrap();
        assert!(progress.contains(" eval=nnue-"), "{progress}");
        // The same file without the network is another run's.
        let error = run::<Position>(&config(&network, 4, 1)).unwrap_err();
        assert!(error.contains("other settings"), "{error}");

        let xiangqi = temporary("xiangqi-nnue");
        let mut config = config(&xiangqi, 1, 1);
        config.play.nnue = true;
        config.play.openings =
            vec!["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_string()];
        run::<engine::xiangqi::Position>(&config).unwrap();
        let progress = std::fs::read_to_string(format!("{xiangqi}.progress")).unwrap();
        assert!(progress.starts_with("game=xiangqi ") && progress.contains(" eval=nnue-"), "{progress}");
        for path in [hand_crafted, network, xiangqi] {
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(format!("{path}.progress"));
        }
    }

    #[test]
    fn progress_lines_read_back() {
        let progress = Progress { settings: "game=chess seed=1".into(), games: 12, bytes: 640 };
        assert_eq!(Progress::parse(&progress.line()), Some(progress));
        assert_eq!(Progress::parse("game=chess games=x bytes=1"), None);
    }
}
