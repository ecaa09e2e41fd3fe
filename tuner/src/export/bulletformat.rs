//! bulletformat's chess record (`bulletformat::ChessBoard`, the crate bullet's
//! `DirectSequentialDataLoader` reads): 32 bytes a position, little-endian, everything from the
//! side to move's view, so a trainer reads it without knowing whose move it was.
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | occupancy, a `u64`, the board flipped vertically (square ^ 56) when Black is to move |
//! | 8..24  | one 4-bit code per occupied square in ascending (flipped) square order, the low nibble first: bit 3 set for the opponent's pieces, bits 0..3 the kind (0 pawn .. 5 king) |
//! | 24..26 | score, an `i16`, centipawns, side to move |
//! | 26     | result, side to move: 0 lost, 1 drawn, 2 won |
//! | 27     | the side to move's king square (flipped as the board is) |
//! | 28     | the opponent's king square, flipped once more (^ 56): from the opponent's own view |
//! | 29..32 | 0 |
//!
//! Castling rights, the en-passant square and the clocks are not in it: bullet's inputs do not use
//! them. Our 32-byte record has everything this needs, so one record gives one board.

use crate::datagen::record::ChessRecord;

/// The bulletformat board of `record`.
pub fn board(record: &ChessRecord) -> [u8; 32] {
    let flip = if record.white_to_move { 0 } else { 56 };
    let mut pieces: Vec<(u8, u8)> = record
        .pieces()
        .iter()
        .map(|&(square, piece)| {
            let white = piece < 6;
            let theirs = u8::from(white != record.white_to_move);
            (square ^ flip, (theirs << 3) | (piece % 6))
        })
        .collect();
    pieces.sort_unstable();
    let mut bytes = [0u8; 32];
    let mut occupancy = 0u64;
    for (slot, &(square, code)) in pieces.iter().enumerate() {
        occupancy |= 1 << square;
        bytes[8 + slot / 2] |= code << (4 * (slot % 2));
        match code {
            5 => bytes[27] = square,
            13 => bytes[28] = square ^ 56,
            _ => {}
        }
    }
    bytes[0..8].copy_from_slice(&occupancy.to_le_bytes());
    bytes[24..26].copy_from_slice(&record.score.to_le_bytes());
    bytes[26] = record.result;
    bytes
}
