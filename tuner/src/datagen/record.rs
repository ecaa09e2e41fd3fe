//! The binary training record: one kept position, its search score and its game's result, in a
//! fixed number of bytes, so files concatenate with `cat` and a trainer can seek to any record.
//!
//! # Chess: 32 bytes, little-endian
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | occupancy, a `u64`: bit `n` set when square `n` (a1 = 0, b1 = 1, ..., h8 = 63) holds a piece |
//! | 8..24  | one 4-bit code per occupied square, in ascending square order, the low nibble of each byte first; unused nibbles are 0 |
//! | 24     | bit 7: Black to move; bits 0..6: the en-passant target square (0..63), or 64 for none |
//! | 25     | halfmove clock (saturated at 255) |
//! | 26..28 | fullmove number, a `u16` |
//! | 28..30 | the search's score, an `i16`, centipawns from the side to move's view |
//! | 30     | the game's result from the side to move's view: 0 lost, 1 drawn, 2 won |
//! | 31     | 0 (reserved) |
//!
//! Piece codes: `colour * 6 + kind`, with colour 0 White and 1 Black, and kind 0 pawn, 1 knight,
//! 2 bishop, 3 rook, 4 queen, 5 king (the engine's `Piece::index`). A rook that still has a
//! castling right is 12 (White's) or 13 (Black's), so castling rights need no field of their own
//! and Chess960 rights survive. Bytes 0..25 are the position's identity: two records of one
//! position agree there, which is what duplicate removal compares.

use engine::chess::{Color, Piece, PieceKind, Position, Square};

/// A game whose positions can be written as fixed-size records.
pub trait Packed: Sized {
    /// Bytes per record.
    const RECORD_BYTES: usize;
    /// Leading bytes that identify the position (board, side to move, rights), for duplicates.
    const IDENTITY_BYTES: usize;
    /// Appends this position's record. `score` is the search's, from the side to move; `result` is
    /// 0, 1 or 2 (lost, drawn, won) from the side to move.
    fn pack(&self, score: i16, result: u8, out: &mut Vec<u8>);
}

/// A record read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessRecord {
    /// `(square, piece code 0..12)` for each piece, castling rooks folded back to rooks.
    pieces: [(u8, u8); 32],
    /// How many of `pieces` are used.
    count: u8,
    /// True when White is to move.
    pub white_to_move: bool,
    /// Search score, centipawns, side to move.
    pub score: i16,
    /// 0 lost, 1 drawn, 2 won, side to move.
    pub result: u8,
    /// Some side may still castle: the position is not the same mirrored left to right.
    pub castling: bool,
}

impl ChessRecord {
    /// The pieces as `(square 0..64, piece index 0..12)`.
    pub fn pieces(&self) -> &[(u8, u8)] {
        &self.pieces[..usize::from(self.count)]
    }

    /// The same position mirrored left to right (files a and h swapped): the same chess when no
    /// side may castle (en passant is symmetric too), so a second training sample for free.
    pub fn mirrored(&self) -> ChessRecord {
        let mut mirrored = *self;
        for piece in &mut mirrored.pieces[..usize::from(self.count)] {
            piece.0 ^= 7;
        }
        mirrored
    }

    /// The position as FEN, without castling rights or en-passant square (enough to evaluate it).
    pub fn board_fen(&self) -> String {
        let mut board = [None; 64];
        for &(square, piece) in self.pieces() {
            board[usize::from(square)] = Some(b"PNBRQKpnbrqk"[usize::from(piece)] as char);
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(letter) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(letter);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.white_to_move { " w - - 0 1" } else { " b - - 0 1" });
        fen
    }

    /// Reads one 32-byte record. `None` for a record no writer of this format produced.
    pub fn unpack(bytes: &[u8]) -> Option<ChessRecord> {
        if bytes.len() != 32 || bytes[31] != 0 || bytes[30] > 2 {
            return None;
        }
        let occupancy = u64::from_le_bytes(bytes[0..8].try_into().ok()?);
        if occupancy.count_ones() > 32 {
            return None;
        }
        let mut record = ChessRecord {
            pieces: [(0, 0); 32],
            count: 0,
            white_to_move: bytes[24] & 0x80 == 0,
            score: i16::from_le_bytes([bytes[28], bytes[29]]),
            result: bytes[30],
            castling: false,
        };
        let mut rest = occupancy;
        while rest != 0 {
            let square = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let slot = usize::from(record.count);
            let code = (bytes[8 + slot / 2] >> (4 * (slot % 2))) & 0xF;
            let piece = match code {
                0..=11 => code,
                12 | 13 => {
                    record.castling = true;
                    let color = if code == 12 { Color::White } else { Color::Black };
                    Piece::new(color, PieceKind::Rook).index() as u8
                }
                _ => return None,
            };
            record.pieces[slot] = (square, piece);
            record.count += 1;
        }
        Some(record)
    }
}

impl Packed for Position {
    const RECORD_BYTES: usize = 32;
    const IDENTITY_BYTES: usize = 25;

    fn pack(&self, score: i16, result: u8, out: &mut Vec<u8>) {
        let mut record = [0u8; 32];
        let occupancy = self.occupied().0;
        record[0..8].copy_from_slice(&occupancy.to_le_bytes());
        let castling_rooks: Vec<Square> = [Color::White, Color::Black]
            .into_iter()
            .flat_map(|color| [0, 1].map(|side| self.castling_rook(color, side)))
            .flatten()
            .collect();
        for (slot, square) in self.occupied().enumerate() {
            let piece = self.piece_on(square).expect("an occupied square holds a piece");
            let code = if castling_rooks.contains(&square) {
                12 + piece.color().index() as u8
            } else {
                piece.index() as u8
            };
            record[8 + slot / 2] |= code << (4 * (slot % 2));
        }
        let en_passant = self.en_passant().map_or(64, |square| square.index() as u8);
        let black = if self.side_to_move() == Color::Black { 0x80 } else { 0 };
        record[24] = black | en_passant;
        record[25] = self.halfmove_clock().min(255) as u8;
        record[26..28]
            .copy_from_slice(&(self.fullmove_number().min(u32::from(u16::MAX)) as u16).to_le_bytes());
        record[28..30].copy_from_slice(&score.to_le_bytes());
        record[30] = result;
        out.extend_from_slice(&record);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(fen: &str) -> (Vec<u8>, ChessRecord) {
        let position = Position::from_fen(fen).unwrap();
        let mut bytes = Vec::new();
        position.pack(-123, 2, &mut bytes);
        assert_eq!(bytes.len(), Position::RECORD_BYTES);
        let record = ChessRecord::unpack(&bytes).unwrap();
        let mut expected: Vec<(u8, u8)> = position
            .occupied()
            .map(|square| (square.index() as u8, position.piece_on(square).unwrap().index() as u8))
            .collect();
        expected.sort_unstable();
        assert_eq!(record.pieces(), expected.as_slice(), "{fen}");
        assert_eq!((record.score, record.result), (-123, 2));
        assert_eq!(record.white_to_move, position.side_to_move() == Color::White);
        (bytes, record)
    }

    #[test]
    fn a_position_without_castling_rights_mirrors_to_its_mirror_image() {
        let (_, record) = round_trip("4k3/8/8/3p4/8/8/1P3N2/4K2R w - - 0 1");
        assert!(!record.castling);
        let (_, mirror) = round_trip("3k4/8/8/4p3/8/8/2N3P1/R2K4 w - - 0 1");
        let mut mirrored = record.mirrored().pieces().to_vec();
        mirrored.sort_unstable();
        assert_eq!(mirrored, mirror.pieces());
        assert_eq!(record.mirrored().mirrored(), record);
        let (_, castling) = round_trip("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert!(castling.castling, "a rook with its right marks the record");
    }

    #[test]
    fn pieces_side_and_labels_survive_a_round_trip() {
        let (start, _) = round_trip("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // Rooks with rights are 12 and 13; the first nibble is a1's rook.
        assert_eq!(start[8] & 0xF, 12);
        assert_eq!(start[24], 64);
        let (bytes, _) = round_trip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 3 17");
        assert_eq!(bytes[24], 0x80 | 64);
        assert_eq!((bytes[25], u16::from_le_bytes([bytes[26], bytes[27]])), (3, 17));
        // Only h1 and a8 keep their rights.
        let codes: Vec<u8> = (0..32).map(|slot| (bytes[8 + slot / 2] >> (4 * (slot % 2))) & 0xF).collect();
        assert_eq!(codes.iter().filter(|&&code| code == 12).count(), 1);
        assert_eq!(codes.iter().filter(|&&code| code == 13).count(), 1);
        let (ep, _) = round_trip("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assert_eq!(ep[24], Square::parse(b"f6").unwrap().index() as u8);
    }

    #[test]
    fn the_board_reads_back_as_a_fen() {
        let (_, record) = round_trip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17");
        assert_eq!(record.board_fen(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 0 1");
    }

    #[test]
    fn the_identity_ignores_labels_and_counters_but_not_the_side_to_move() {
        let (a, _) = round_trip("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let (b, _) = round_trip("4k3/8/8/8/8/8/4P3/4K3 w - - 7 30");
        let (c, _) = round_trip("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        assert_eq!(a[..Position::IDENTITY_BYTES], b[..Position::IDENTITY_BYTES]);
        assert_ne!(a[..Position::IDENTITY_BYTES], c[..Position::IDENTITY_BYTES]);
        assert!(ChessRecord::unpack(&a[..31]).is_none());
        let mut bad = a.clone();
        bad[30] = 3;
        assert!(ChessRecord::unpack(&bad).is_none());
    }
}
