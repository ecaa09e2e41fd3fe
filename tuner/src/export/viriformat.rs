//! viriformat (Viridithas's game format, the one bullet's `ViriBinpackLoader` reads): per game a
//! 32-byte board, then one `(u16 move, i16 eval)` pair per move played, then four zero bytes.
//!
//! The board is marlinformat's `PackedBoard`, little-endian:
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | occupancy, a `u64` (a1 = bit 0) |
//! | 8..24  | one 4-bit code per occupied square in ascending order, the low nibble first: bit 3 set for Black, bits 0..3 the kind (0 pawn .. 5 king, 6 a rook that may still castle) |
//! | 24     | bit 7: Black to move; bits 0..6: the en-passant square, 64 for none |
//! | 25     | halfmove clock |
//! | 26..28 | fullmove number, a `u16` |
//! | 28..30 | eval, an `i16` (0 in a game's first board) |
//! | 30     | the game's result from **White's** view: 0 Black won, 1 drawn, 2 White won |
//! | 31     | 0 |
//!
//! A move is `from | to << 6`, then for a promotion `0xC000 | (piece - 1) << 12` (knight 0 ..
//! queen 3), for en passant `0x4000`, for castling `0x8000` with `to` the castling rook (king
//! takes rook, as our own moves are). Each move's eval is the search's score of the position it
//! was played from, from **White's** view.
//!
//! Our set is viriformat's layout adapted, so a game maps over move by move. Two things differ:
//! our board codes (`colour * 6 + kind`, castling rooks 12 and 13) are renumbered; and a move our
//! set stores without a score (a random or early ply, a check, a capture, a duplicate position)
//! gets the eval [`UNSCORED`], which viriformat's default `Filter` (`max_eval` 31339) drops, as a
//! trainer must. A lone position (from a file of 32-byte records) has no game to go in, nor has a
//! score stored for a game's last position when no move was played from it: both are left out,
//! and counted.

use engine::chess::{Move, MoveKind};

/// The eval of a move whose position is not a training position: beyond viriformat's
/// default `max_eval`.
pub const UNSCORED: i16 = i16::MAX;

/// The game separator: a zero move and a zero eval.
pub const TERMINATOR: [u8; 4] = [0; 4];

/// The marlinformat board of our 32-byte chess record `record`, with `eval` and `wdl` (both from
/// White's view) in place of the record's own score and result.
pub fn board(record: &[u8], eval: i16, wdl: u8) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&record[..8]);
    let occupied = u64::from_le_bytes(record[..8].try_into().expect("eight bytes")).count_ones() as usize;
    for slot in 0..occupied {
        let code = (record[8 + slot / 2] >> (4 * (slot % 2))) & 0xF;
        let viri = match code {
            0..=5 => code,
            6..=11 => 8 | (code - 6),
            12 => 6,
            _ => 8 | 6,
        };
        bytes[8 + slot / 2] |= viri << (4 * (slot % 2));
    }
    // Side to move and en passant, halfmove clock and fullmove number: the same bytes.
    bytes[24..28].copy_from_slice(&record[24..28]);
    bytes[28..30].copy_from_slice(&eval.to_le_bytes());
    bytes[30] = wdl;
    bytes
}

/// viriformat's bits for `mv`.
pub fn move_bits(mv: Move) -> u16 {
    let squares = (mv.from().index() | mv.to().index() << 6) as u16;
    squares
        | match mv.kind() {
            MoveKind::Normal => 0,
            MoveKind::EnPassant => 0x4000,
            MoveKind::Castle => 0x8000,
            kind => 0xC000 | ((kind as u16 - 1) << 12),
        }
}
