//! `tuner import --pgn`: games of a PGN file (an OpenBench DATAGEN upload, or any PGN whose move
//! comments carry the engine's scores) appended to a chess data set as games, so they train
//! exactly as our own generator's do and convert and export with them.
//!
//! A PGN move becomes a training position (the position before the move, with the comment's
//! score, from the side to move) when our own `datagen` would have kept it:
//!
//! - the comment holds a search score: not `{book}`, not a move without one (`unknown`, fastchess's
//!   `0.00/0` for an engine that printed no score), and not a mate (`+M5`) or an endgame table's
//!   result (`+297.36`: our engine shows a root in the Syzygy tables so, as Stockfish does, when
//!   OpenBench hands it `SyzygyPath`), whose numbers are no evaluation;
//! - the side to move is not in check, and the move played is neither a capture nor a promotion
//!   (the engine's `is_tactical`): quiet positions, whose score a static evaluation can learn;
//! - the game ply, counted from the start position by the `[FEN]`'s move counters, is at least
//!   `--skip-plies` (12, as `datagen`'s default): the openings `genfens` gives are already 9 or 10
//!   random plies deep;
//! - the position is not already in the set (the first occurrence wins, as in `datagen`).
//!
//! Every other move is stored as a move without a score. The game's result labels every position.
//! Scores beyond an `i16` are clamped, as `datagen` clamps them. `datagen`'s opening limit is not
//! applied: `genfens` already refuses openings a depth-6 search scores beyond 200 centipawns.
//!
//! The games go into blocks: one per run of games with the same players (in either colour), time
//! control and variant, its settings line `game=chess source=pgn engines=A,B tc=... variant=...
//! pgn=FILE:BYTES`, then `--tag`'s words, then `eval=unknown` unless the tag names the network. The
//! `pgn=` word names the file by its name and length: importing it again is refused.
//!
//! A game that cannot be read (bad tags, an illegal or ambiguous move, no result, another variant)
//! is skipped whole with a warning and counted; the rest of the file is imported.

use super::record::Packed;
use super::set::{self, Block, Kind};
use super::{create, read_progress, reopen, start_block, write_progress, Progress};
use crate::identity::identity;
use crate::pgn::comment::Comment;
use crate::pgn::reader::Games;
use crate::pgn::Game;
use crate::selfplay::Outcome;
use engine::chess::{Color, Position};
use engine::score::MAX_PLY;
use engine::{Game as _, Score};
use std::collections::{HashMap, HashSet};
use std::io::Write;

/// Warnings printed in full per file; the rest are counted.
const WARNINGS_SHOWN: usize = 10;
/// Bytes of games gathered before they are written.
const FLUSH_BYTES: usize = 1 << 20;

/// What `tuner import --pgn` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Positions before this game ply are not kept.
    pub skip_plies: usize,
    /// Words added to each block's settings line (`eval=nnue-...`, `openbench=123`).
    pub tag: Option<String>,
}

/// What one file gave, for the summary line and the tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games appended.
    pub games: u64,
    /// Games skipped: unreadable, or with no move.
    pub malformed: u64,
    pub empty: u64,
    /// Moves read, and training positions kept from them.
    pub plies: u64,
    pub positions: u64,
    /// Moves not kept, by the first reason that applied (`mates` counts the tables' results too).
    pub book: u64,
    pub unscored: u64,
    pub mates: u64,
    pub early: u64,
    pub checks: u64,
    pub tactical: u64,
    pub duplicates: u64,
    /// Blocks started.
    pub blocks: u64,
}

/// The result of the game from the view of the side to move.
fn result_for(outcome: Outcome, side: Color) -> u8 {
    match (outcome, side) {
        (Outcome::Draw, _) => 1,
        (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => 2,
        _ => 0,
    }
}

/// The game ply of `position` counted from the start position, by its move counters.
fn game_ply(position: &Position) -> usize {
    let full = position.fullmove_number().max(1) as usize;
    2 * (full - 1) + usize::from(position.side_to_move() == Color::Black)
}

/// True for a score only an endgame table gives: our engine's table win (and loss) less the plies
/// to reach the tables, beyond every evaluation and below every mate.
fn is_table_result(centipawns: i32) -> bool {
    centipawns.unsigned_abs() >= (Score::TABLE_WIN.0 - MAX_PLY as i32) as u32
}

/// Appends `game`'s item to `out`: its first position, then each move, scored where it is a
/// training position not in `seen`.
fn encode(game: &Game, options: &Options, seen: &mut HashSet<u64>, tally: &mut Tally, out: &mut Vec<u8>) {
    let mut position = game.start;
    let mut first = Vec::with_capacity(Position::RECORD_BYTES);
    position.pack(0, result_for(game.outcome, position.side_to_move()), &mut first);
    let mut record = Vec::with_capacity(Position::RECORD_BYTES);
    let mut entries = Vec::with_capacity(game.moves.len());
    for &(mv, comment) in &game.moves {
        tally.plies += 1;
        let score = match comment {
            Comment::Score { centipawns, .. } if !is_table_result(centipawns) => Some(centipawns),
            Comment::Score { .. } | Comment::Mate { .. } => {
                tally.mates += 1;
                None
            }
            Comment::Book => {
                tally.book += 1;
                None
            }
            Comment::None => {
                tally.unscored += 1;
                None
            }
        };
        let kept = score.and_then(|centipawns| {
            let reason = if game_ply(&position) < options.skip_plies {
                &mut tally.early
            } else if position.in_check() {
                &mut tally.checks
            } else if position.is_tactical(mv) {
                &mut tally.tactical
            } else {
                let score = super::record::stored_score(centipawns);
                record.clear();
                position.pack(score, result_for(game.outcome, position.side_to_move()), &mut record);
                if seen.insert(identity(&record[..Position::IDENTITY_BYTES])) {
                    tally.positions += 1;
                    return Some(score);
                }
                &mut tally.duplicates
            };
            *reason += 1;
            None
        });
        entries.push((Position::move_bits(mv), kept));
        position.make_move(mv);
    }
    set::write_game(&first, entries, out);
}

/// A settings word: the value with its blanks made `_`, so the line stays one word per field.
fn word(value: &str) -> String {
    let word: String = value.split_whitespace().collect::<Vec<_>>().join("_");
    if word.is_empty() {
        "?".into()
    } else {
        word
    }
}

/// The settings line of `game`'s block.
fn settings(game: &Game, source: &str, tag: Option<&str>) -> String {
    let mut players = game.players.clone();
    players.sort();
    let mut line = format!(
        "game=chess source=pgn engines={},{} tc={} variant={} {source}",
        word(&players[0]),
        word(&players[1]),
        word(&game.time_control),
        if game.chess960 { "chess960" } else { "standard" },
    );
    if let Some(tag) = tag.map(str::trim).filter(|tag| !tag.is_empty()) {
        line.push(' ');
        line.push_str(tag);
    }
    if !line.split(' ').any(|field| field.starts_with("eval=")) {
        line.push_str(" eval=unknown");
    }
    line
}

/// The set being appended to.
struct Writer {
    file: std::fs::File,
    path: String,
    progress_path: String,
    /// The open block's progress (its settings, next game, bytes written).
    progress: Option<Progress>,
    /// The end of the whole items written.
    end: u64,
    /// The next game number of each settings line, the set's and this import's.
    next_game: HashMap<String, u64>,
    bytes: Vec<u8>,
}

impl Writer {
    /// Writes the gathered games, and the progress line that counts them.
    fn flush(&mut self) -> Result<(), String> {
        if self.bytes.is_empty() {
            return Ok(());
        }
        self.file
            .write_all(&self.bytes)
            .and_then(|()| self.file.sync_data())
            .map_err(|e| format!("{}: {e}", self.path))?;
        self.end += self.bytes.len() as u64;
        self.bytes.clear();
        if let Some(progress) = &mut self.progress {
            progress.bytes = self.end;
            write_progress(&self.progress_path, progress)?;
        }
        Ok(())
    }

    /// Makes `settings` the open block, starting a block if it is not already.
    fn block(&mut self, settings: &str, tally: &mut Tally) -> Result<(), String> {
        if self.progress.as_ref().is_some_and(|progress| progress.settings == settings) {
            return Ok(());
        }
        self.flush()?;
        let first_game = self.next_game.get(settings).copied().unwrap_or(0);
        let block = Block { kind: Kind::Games, first_game, games: 0, settings: settings.to_string() };
        let progress = start_block(&mut self.file, &self.progress_path, self.end, &block)?;
        self.end = progress.bytes;
        self.progress = Some(progress);
        tally.blocks += 1;
        Ok(())
    }

    /// Adds a game of the open block.
    fn game(&mut self, item: &[u8]) -> Result<(), String> {
        self.bytes.extend_from_slice(item);
        let progress = self.progress.as_mut().expect("a game goes into a block");
        progress.games += 1;
        self.next_game.insert(progress.settings.clone(), progress.games as u64);
        if self.bytes.len() >= FLUSH_BYTES {
            self.flush()?;
        }
        Ok(())
    }
}

/// Appends the games of the PGN file `file` to the chess set `out` (created if need be). Stop any
/// generator writing to `out` first. Returns the summary line and the counts.
pub fn import(out: &str, file: &str, options: &Options) -> Result<(String, Tally), String> {
    if let Some(game) = set::game_name(out).filter(|game| game != "chess") {
        return Err(format!("{out} is a {game} set: PGN games are chess"));
    }
    let length = std::fs::metadata(file).map_err(|error| format!("{file}: {error}"))?.len();
    let name = std::path::Path::new(file).file_name().map_or(file.into(), |name| name.to_string_lossy());
    let source = format!("pgn={}:{length}", word(&name));
    let progress_path = format!("{out}.progress");
    let mut seen = HashSet::new();
    let existing = read_progress(out)?;
    let created = existing.is_none();
    let (set_file, summary) = match existing {
        None => (create(out)?, set::Summary::default()),
        Some(progress) => reopen::<Position>(out, &progress, Some(&mut seen))?,
    };
    if summary.blocks.iter().any(|block| block.block.settings.split(' ').any(|field| field == source)) {
        return Err(format!("{out} already holds the games of {file} ({source})"));
    }
    let mut writer = Writer {
        file: set_file,
        path: out.to_string(),
        progress_path,
        progress: None,
        end: summary.end,
        next_game: summary
            .blocks
            .iter()
            .map(|block| (block.block.settings.clone(), block.next_game()))
            .collect(),
        bytes: Vec::new(),
    };
    let input = std::fs::File::open(file).map_err(|error| format!("{file}: {error}"))?;
    let mut tally = Tally::default();
    let mut item = Vec::new();
    let warn = |tally: &mut Tally, reason: String| {
        tally.malformed += 1;
        if tally.malformed as usize <= WARNINGS_SHOWN {
            eprintln!("import: warning: {file}: {reason}: game skipped");
        }
    };
    for raw in Games::new(std::io::BufReader::with_capacity(1 << 20, input)) {
        let game = match raw
            .and_then(|raw| Game::check(&raw).map_err(|error| format!("game at line {}: {error}", raw.line)))
        {
            Ok(game) => game,
            Err(reason) => {
                warn(&mut tally, reason);
                continue;
            }
        };
        if game.moves.is_empty() {
            tally.empty += 1;
            continue;
        }
        writer.block(&settings(&game, &source, options.tag.as_deref()), &mut tally)?;
        item.clear();
        encode(&game, options, &mut seen, &mut tally, &mut item);
        writer.game(&item)?;
        tally.games += 1;
    }
    writer.flush()?;
    if created && tally.blocks == 0 {
        // No game to keep: leave no set behind, rather than a file without its progress line.
        drop(writer);
        std::fs::remove_file(out).map_err(|error| format!("{out}: {error}"))?;
    }
    if tally.malformed as usize > WARNINGS_SHOWN {
        eprintln!(
            "import: warning: {file}: {} more games skipped",
            tally.malformed as usize - WARNINGS_SHOWN
        );
    }
    let line = format!(
        "import: {file}: {} games ({} blocks) appended to {out}: {} positions kept of {} moves; \
         not kept: {} book, {} without a score, {} mates or table results, {} before ply {}, {} in check, {} captures or promotions, \
         {} already in the set; {} games skipped as unreadable, {} without a move",
        tally.games,
        tally.blocks,
        tally.positions,
        tally.plies,
        tally.book,
        tally.unscored,
        tally.mates,
        tally.early,
        options.skip_plies,
        tally.checks,
        tally.tactical,
        tally.duplicates,
        tally.malformed,
        tally.empty,
    );
    Ok((line, tally))
}
