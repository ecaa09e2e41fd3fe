//! `tuner export`: our chess data in the formats bullet (the GPU trainer) reads, so a user with a
//! GPU trains on it as it is: [`bulletformat`], one 32-byte board per training position, and
//! [`viriformat`], games as Viridithas stores them, about 4 bytes a position after the first.
//!
//! Both are written by our own code from the layouts the format crates define (`bulletformat`
//! 1.8, `viriformat` 2.0.1 and 3.0, whose layouts are the same, on crates.io): the writers are a few lines over our own records, and the
//! tests read the bulletformat file back with the `bulletformat` crate itself. `viriformat` is not
//! a dependency: it needs a newer Rust than the workspace's 1.82 and brings a chess library, a
//! random generator and TOML with it; its layout is checked by a reader of the tests' own.

pub mod bulletformat;
pub mod viriformat;

use crate::datagen::record::{ChessRecord, Packed};
use crate::datagen::set::{self, Item, Reader, SetError};
use engine::chess::{Color, Position};
use std::io::Write;

/// Refuses a set of another game: bullet's formats are chess.
fn chess_only(input: &str) -> Result<(), String> {
    match set::game_name(input) {
        Some(game) if game != "chess" => Err(format!("{input} is a {game} set: bullet's formats are chess")),
        _ => Ok(()),
    }
}

/// Creates `out` for writing: it must not exist.
fn create(out: &str) -> Result<std::io::BufWriter<std::fs::File>, String> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .map(|file| std::io::BufWriter::with_capacity(1 << 20, file))
        .map_err(|error| format!("{out}: {error}"))
}

/// `tuner export --format bulletformat`: every training position of `input` (a chess set, or a
/// file of 32-byte records) as a bulletformat board, in order. Returns the summary line.
pub fn to_bulletformat(input: &str, out: &str) -> Result<String, String> {
    chess_only(input)?;
    let mut output = create(out)?;
    let mut failed = None;
    let mut count = 0u64;
    let mut write = |records: &[u8]| {
        for record in records.chunks_exact(Position::RECORD_BYTES) {
            let board = ChessRecord::unpack(record).map(|record| bulletformat::board(&record));
            let result = match board {
                Some(board) => output.write_all(&board).map_err(|error| format!("{out}: {error}")),
                None => Err(format!("{input}: record {count} is malformed")),
            };
            if let Err(error) = result {
                failed.get_or_insert(error);
                return;
            }
            count += 1;
        }
    };
    let mut truncated = false;
    if set::is_set(input) {
        truncated = set::scan::<Position>(input, u64::MAX, true, &mut write)?.truncated;
    } else {
        let bytes = std::fs::read(input).map_err(|error| format!("{input}: {error}"))?;
        if bytes.len() % Position::RECORD_BYTES != 0 {
            return Err(format!("{input}: neither a data set nor whole 32-byte records"));
        }
        write(&bytes);
    }
    if let Some(error) = failed {
        return Err(error);
    }
    output.flush().map_err(|error| format!("{out}: {error}"))?;
    let mut line =
        format!("export: {count} positions of {input} written to {out} as bulletformat (32 bytes each)");
    if truncated {
        line.push_str("; the set ends inside a game (a writer at work?): read up to it");
    }
    Ok(line)
}

/// `tuner export --format viriformat`: every game of the chess set `input` as a viriformat game.
/// Returns the summary line.
pub fn to_viriformat(input: &str, out: &str) -> Result<String, String> {
    if !set::is_set(input) {
        return Err(format!(
            "{input}: not a data set (viriformat holds games: a file of 32-byte records has none)"
        ));
    }
    chess_only(input)?;
    let file = std::fs::File::open(input).map_err(|error| format!("{input}: {error}"))?;
    let mut reader = Reader::<Position, _>::new(file, u64::MAX, true);
    let mut output = create(out)?;
    let (mut games, mut moves, mut scored, mut lone, mut last_scores) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut bytes = Vec::new();
    let mut truncated = false;
    loop {
        let item = match reader.next_item() {
            Ok(Some(item)) => item,
            Ok(None) => break,
            Err(SetError::Truncated { .. }) => {
                truncated = true;
                break;
            }
            Err(error) => return Err(format!("{input}: {error}")),
        };
        let Item::Game { plies, dropped: false, positions } = item else { continue };
        if plies == 0 {
            lone += positions as u64;
            continue;
        }
        let (first, entries) = reader.game();
        let mut position = Position::unpack_position(first)
            .ok_or_else(|| format!("{input}: a game's first record is malformed"))?;
        let white_result = if position.side_to_move() == Color::White { first[30] } else { 2 - first[30] };
        bytes.clear();
        bytes.extend_from_slice(&viriformat::board(first, 0, white_result));
        for &(bits, score) in entries {
            if bits == 0 {
                last_scores += u64::from(score.is_some());
                break;
            }
            let mv = Position::move_from_bits(bits);
            let eval = match score {
                Some(score) => {
                    scored += 1;
                    if position.side_to_move() == Color::White {
                        score
                    } else {
                        score.saturating_neg()
                    }
                }
                None => viriformat::UNSCORED,
            };
            bytes.extend_from_slice(&viriformat::move_bits(mv).to_le_bytes());
            bytes.extend_from_slice(&eval.to_le_bytes());
            position.make_move(mv);
            moves += 1;
        }
        bytes.extend_from_slice(&viriformat::TERMINATOR);
        output.write_all(&bytes).map_err(|error| format!("{out}: {error}"))?;
        games += 1;
    }
    output.flush().map_err(|error| format!("{out}: {error}"))?;
    let mut line = format!(
        "export: {games} games of {input} ({moves} moves, {scored} of them scored) written to {out} as viriformat; \
         left out: {lone} lone positions (no game), {last_scores} scores of a game's last position (no move)"
    );
    if truncated {
        line.push_str("; the set ends inside a game (a writer at work?): read up to it");
    }
    Ok(line)
}
