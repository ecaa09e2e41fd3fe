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
//!
//! # Xiangqi: 32 bytes, little-endian
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..12  | a 96-bit number: bit `n` (0..90) set when square `n` (a0 = 0, b0 = 1, ..., i9 = 89: `9 * rank + file`, rank 0 red's back rank) holds a piece; bits 90..95 are 0; bit 95 set when black is to move |
//! | 12..28 | one 4-bit code per occupied square, in ascending square order, the low nibble of each byte first; unused nibbles are 0 |
//! | 28..30 | the search's score, an `i16`, centipawns from the side to move's view |
//! | 30     | the game's result from the side to move's view: 0 lost, 1 drawn, 2 won |
//! | 31     | the 60-move rule's count of plies (the engine's `rule60_count`), saturated at 255 |
//!
//! Piece codes: `colour * 7 + kind`, colour 0 red and 1 black, kind 0 king (general), 1 advisor, 2
//! elephant, 3 horse, 4 chariot, 5 cannon, 6 soldier (the engine's `Piece::index`); 14 and 15 are
//! unused. At most 32 pieces stand on the board, so 16 bytes hold their codes. The score and the
//! result sit where chess keeps them. Bytes 0..28 are the position's identity (board and side to
//! move: xiangqi has no castling or en passant).

use engine::chess::{Color, Move, Piece, PieceKind, Position, Square};
use engine::xiangqi;

/// A search's score as a record stores it: centipawns saturated to `i16`.
pub fn stored_score(centipawns: i32) -> i16 {
    centipawns.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}

/// A record read back, whatever its game: what the trainer and `datastats` ask of it.
pub trait Record: Copy + Send + Sync + Sized {
    /// The player who moves first, as `datastats` names it.
    const FIRST_PLAYER: &'static str;
    /// Reads one record. `None` for a record no writer of this format produced.
    fn unpack(bytes: &[u8]) -> Option<Self>;
    /// The pieces as `(square, piece index)`, in ascending square order, by the game's own indices.
    fn pieces(&self) -> &[(u8, u8)];
    /// True when the first player (White, red) is to move.
    fn first_player_to_move(&self) -> bool;
    /// The search's score, centipawns, side to move.
    fn score(&self) -> i16;
    /// 0 lost, 1 drawn, 2 won, side to move.
    fn result(&self) -> u8;
    /// True when the position mirrored left to right is the same game (chess: no castling right
    /// left; xiangqi: always).
    fn mirrorable(&self) -> bool;
    /// The position mirrored left to right.
    fn mirrored(&self) -> Self;
    /// The position as FEN, with no clocks (enough to evaluate it).
    fn board_fen(&self) -> String;
}

/// A game whose positions can be written as fixed-size records, and read back as positions (the
/// compact set of [`super::set`] stores a game's first position as a record, then its moves).
pub trait Packed: engine::GameText + Sized {
    /// The record read back.
    type Record: Record;
    /// Bytes per record.
    const RECORD_BYTES: usize;
    /// Leading bytes that identify the position (board, side to move, rights), for duplicates.
    const IDENTITY_BYTES: usize;
    /// Appends this position's record. `score` is the search's, from the side to move; `result` is
    /// 0, 1 or 2 (lost, drawn, won) from the side to move.
    fn pack(&self, score: i16, result: u8, out: &mut Vec<u8>);
    /// The position a record holds, with everything [`Packed::pack`] writes (rights, en passant,
    /// clocks), so that `unpack_position(r).pack(s, w)` is `r` again. `None` for a record no writer
    /// of this format produced.
    fn unpack_position(bytes: &[u8]) -> Option<Self>;
    /// A move in 15 bits, never 0 (the set's end of a game); bit 15 is the set's.
    fn move_bits(mv: Self::Move) -> u16;
    /// The move of [`Packed::move_bits`]; the caller checks that the position has it.
    fn move_from_bits(bits: u16) -> Self::Move;
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
        board_fen::<8, 8>(self.pieces(), b"PNBRQKpnbrqk", self.white_to_move)
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

impl Record for ChessRecord {
    const FIRST_PLAYER: &'static str = "White";

    fn unpack(bytes: &[u8]) -> Option<ChessRecord> {
        ChessRecord::unpack(bytes)
    }
    fn pieces(&self) -> &[(u8, u8)] {
        ChessRecord::pieces(self)
    }
    fn first_player_to_move(&self) -> bool {
        self.white_to_move
    }
    fn score(&self) -> i16 {
        self.score
    }
    fn result(&self) -> u8 {
        self.result
    }
    fn mirrorable(&self) -> bool {
        !self.castling
    }
    fn mirrored(&self) -> ChessRecord {
        ChessRecord::mirrored(self)
    }
    fn board_fen(&self) -> String {
        ChessRecord::board_fen(self)
    }
}

impl Packed for Position {
    type Record = ChessRecord;
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

    /// Through a FEN: the castling rooks' files as Shredder-FEN letters (read back as the same
    /// rights whatever the rook's file), standard chess again when every right is on an a- or
    /// h-file rook with its king on e.
    fn unpack_position(bytes: &[u8]) -> Option<Position> {
        if bytes.len() != 32 {
            return None;
        }
        let occupancy = u64::from_le_bytes(bytes[0..8].try_into().ok()?);
        if occupancy.count_ones() > 32 {
            return None;
        }
        let mut board = [b'.'; 64];
        let (mut white_rights, mut black_rights) = (String::new(), String::new());
        let mut rest = occupancy;
        let mut slot = 0;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let code = (bytes[8 + slot / 2] >> (4 * (slot % 2))) & 0xF;
            slot += 1;
            board[square] = match code {
                0..=11 => b"PNBRQKpnbrqk"[usize::from(code)],
                12 => {
                    white_rights.push(char::from(b'A' + (square % 8) as u8));
                    b'R'
                }
                13 => {
                    black_rights.push(char::from(b'a' + (square % 8) as u8));
                    b'r'
                }
                _ => return None,
            };
        }
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    b'.' => empty += 1,
                    letter => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(char::from(letter));
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            fen.push(if rank > 0 { '/' } else { ' ' });
        }
        fen.push(if bytes[24] & 0x80 == 0 { 'w' } else { 'b' });
        let rights = format!("{white_rights}{black_rights}");
        let en_passant = match bytes[24] & 0x7F {
            64 => "-".to_string(),
            square @ 0..=63 => String::from_utf8(vec![b'a' + square % 8, b'1' + square / 8]).ok()?,
            _ => return None,
        };
        let fullmove = u16::from_le_bytes([bytes[26], bytes[27]]);
        let rights_text = if rights.is_empty() { "-" } else { rights.as_str() };
        fen.push_str(&format!(" {rights_text} {en_passant} {} {fullmove}", bytes[25]));
        let mut position = Position::from_fen(&fen).ok()?;
        let standard = [Color::White, Color::Black].into_iter().all(|color| {
            [0, 1].into_iter().filter_map(|side| position.castling_rook(color, side)).all(|rook| {
                let king_file = position.king_square(color).file();
                king_file == 4 && (rook.file() == 0 || rook.file() == 7)
            })
        });
        if standard {
            position.set_chess960(false);
        }
        Some(position)
    }

    fn move_bits(mv: Move) -> u16 {
        mv.to_bits()
    }

    fn move_from_bits(bits: u16) -> Move {
        Move::from_bits(bits & 0x7FFF)
    }
}

/// A xiangqi record read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XiangqiRecord {
    /// `(square 0..90, piece code 0..14)` for each piece, in ascending square order.
    pieces: [(u8, u8); 32],
    /// How many of `pieces` are used.
    count: u8,
    /// True when red is to move.
    pub red_to_move: bool,
    /// Search score, centipawns, side to move.
    pub score: i16,
    /// 0 lost, 1 drawn, 2 won, side to move.
    pub result: u8,
    /// The 60-move rule's count of plies, saturated at 255.
    pub rule60: u8,
}

/// Bit 95 of a xiangqi record's first twelve bytes: black to move.
const XIANGQI_BLACK: u128 = 1 << 95;

impl XiangqiRecord {
    /// Reads one 32-byte record. `None` for a record no writer of this format produced.
    pub fn unpack(bytes: &[u8]) -> Option<XiangqiRecord> {
        if bytes.len() != 32 || bytes[30] > 2 {
            return None;
        }
        let mut low = [0u8; 16];
        low[..12].copy_from_slice(&bytes[..12]);
        let word = u128::from_le_bytes(low);
        let occupancy = word & ((1 << 90) - 1);
        if word & !(occupancy | XIANGQI_BLACK) != 0 || occupancy.count_ones() > 32 {
            return None;
        }
        let mut record = XiangqiRecord {
            pieces: [(0, 0); 32],
            count: 0,
            red_to_move: word & XIANGQI_BLACK == 0,
            score: i16::from_le_bytes([bytes[28], bytes[29]]),
            result: bytes[30],
            rule60: bytes[31],
        };
        let mut rest = occupancy;
        while rest != 0 {
            let square = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let slot = usize::from(record.count);
            let code = (bytes[12 + slot / 2] >> (4 * (slot % 2))) & 0xF;
            if code >= 14 {
                return None;
            }
            record.pieces[slot] = (square, code);
            record.count += 1;
        }
        // The nibbles past the last piece are 0.
        let count = usize::from(record.count);
        if (count..32).any(|slot| (bytes[12 + slot / 2] >> (4 * (slot % 2))) & 0xF != 0) {
            return None;
        }
        Some(record)
    }
}

impl Record for XiangqiRecord {
    const FIRST_PLAYER: &'static str = "red";

    fn unpack(bytes: &[u8]) -> Option<XiangqiRecord> {
        XiangqiRecord::unpack(bytes)
    }

    fn pieces(&self) -> &[(u8, u8)] {
        &self.pieces[..usize::from(self.count)]
    }

    fn first_player_to_move(&self) -> bool {
        self.red_to_move
    }

    fn score(&self) -> i16 {
        self.score
    }

    fn result(&self) -> u8 {
        self.result
    }

    /// Xiangqi's rules are the same mirrored left to right: always.
    fn mirrorable(&self) -> bool {
        true
    }

    /// Files a and i swapped (`file` -> `8 - file`); the pieces stay in ascending square order.
    fn mirrored(&self) -> XiangqiRecord {
        let mut mirrored = *self;
        let count = usize::from(self.count);
        for piece in &mut mirrored.pieces[..count] {
            piece.0 = piece.0 / 9 * 9 + (8 - piece.0 % 9);
        }
        mirrored.pieces[..count].sort_unstable();
        mirrored
    }

    fn board_fen(&self) -> String {
        board_fen::<9, 10>(Record::pieces(self), b"KABNRCPkabnrcp", self.red_to_move)
    }
}

impl Packed for xiangqi::Position {
    type Record = XiangqiRecord;
    const RECORD_BYTES: usize = 32;
    const IDENTITY_BYTES: usize = 28;

    fn pack(&self, score: i16, result: u8, out: &mut Vec<u8>) {
        let mut record = [0u8; 32];
        let occupancy = self.occupied();
        let black = if self.side_to_move() == xiangqi::Color::Black { XIANGQI_BLACK } else { 0 };
        record[0..12].copy_from_slice(&(occupancy | black).to_le_bytes()[..12]);
        let mut rest = occupancy;
        let mut slot = 0;
        while rest != 0 {
            let square = xiangqi::Square::from_index(rest.trailing_zeros() as u8)
                .expect("the occupancy holds board squares only");
            rest &= rest - 1;
            let piece = self.piece_on(square).expect("an occupied square holds a piece");
            record[12 + slot / 2] |= (piece.index() as u8) << (4 * (slot % 2));
            slot += 1;
        }
        record[28..30].copy_from_slice(&score.to_le_bytes());
        record[30] = result;
        record[31] = self.rule60_count().min(255) as u8;
        out.extend_from_slice(&record);
    }

    /// Through a FEN whose halfmove field is the 60-move rule's count.
    fn unpack_position(bytes: &[u8]) -> Option<xiangqi::Position> {
        let record = XiangqiRecord::unpack(bytes)?;
        let fen = record.board_fen();
        let board = fen.strip_suffix(" - - 0 1")?;
        xiangqi::Position::from_fen(&format!("{board} - - {} 1", record.rule60)).ok()
    }

    fn move_bits(mv: xiangqi::Move) -> u16 {
        mv.to_bits()
    }

    fn move_from_bits(bits: u16) -> xiangqi::Move {
        xiangqi::Move::from_bits(bits & 0x7FFF)
    }
}

/// The board part of a FEN (ranks from the top, runs of empty squares as digits), then the side to
/// move and neutral counters: `pieces` are `(square, piece index)` on a `FILES` x `RANKS` board
/// (square `rank * FILES + file`), `letters` the FEN letter of each piece index.
fn board_fen<const FILES: usize, const RANKS: usize>(
    pieces: &[(u8, u8)],
    letters: &[u8],
    first_player_to_move: bool,
) -> String {
    let mut board = vec![None; FILES * RANKS];
    for &(square, piece) in pieces {
        board[usize::from(square)] = Some(letters[usize::from(piece)] as char);
    }
    let mut fen = String::new();
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match board[rank * FILES + file] {
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
    fen.push_str(if first_player_to_move { " w - - 0 1" } else { " b - - 0 1" });
    fen
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

    /// A record read back as a position packs to the same bytes: rights (Chess960's too), en
    /// passant, clocks.
    #[test]
    fn a_record_reads_back_as_its_position() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 3 17",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 12 300",
            "4k3/8/8/8/8/8/8/4K2R w K - 99 65535",
        ] {
            let (bytes, _) = round_trip(fen);
            let position = Position::unpack_position(&bytes).unwrap();
            let mut again = Vec::new();
            position.pack(-123, 2, &mut again);
            assert_eq!(again, bytes, "{fen}");
            assert_eq!(position.is_chess960(), fen.contains("GB"), "{fen}");
        }
        assert!(Position::unpack_position(&[0; 31]).is_none());
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

#[cfg(test)]
mod xiangqi_tests {
    use super::*;
    use engine::xiangqi::Position;

    fn round_trip(fen: &str) -> (Vec<u8>, XiangqiRecord) {
        let position = Position::from_fen(fen).unwrap();
        let mut bytes = Vec::new();
        position.pack(-321, 0, &mut bytes);
        assert_eq!(bytes.len(), Position::RECORD_BYTES);
        let record = XiangqiRecord::unpack(&bytes).unwrap();
        let expected: Vec<(u8, u8)> = (0..90u8)
            .filter_map(|index| {
                let square = xiangqi::Square::from_index(index)?;
                Some((index, position.piece_on(square)?.index() as u8))
            })
            .collect();
        assert_eq!(Record::pieces(&record), expected.as_slice(), "{fen}");
        assert_eq!((record.score, record.result), (-321, 0));
        assert_eq!(record.red_to_move, position.side_to_move() == xiangqi::Color::Red);
        assert_eq!(u16::from(record.rule60), position.rule60_count().min(255));
        // The FEN rebuilt from the record is the position's board and side to move.
        let fen_text = position.fen().to_string();
        let rebuilt = record.board_fen();
        let fields = |text: &str| text.split(' ').take(2).map(String::from).collect::<Vec<_>>();
        assert_eq!(fields(&rebuilt), fields(&fen_text), "{fen}");
        let back = Position::from_fen(&rebuilt).unwrap();
        assert!((0..90u8).all(|index| {
            let square = xiangqi::Square::from_index(index).unwrap();
            back.piece_on(square) == position.piece_on(square)
        }));
        assert_eq!(back.side_to_move(), position.side_to_move());
        (bytes, record)
    }

    #[test]
    fn positions_survive_a_round_trip() {
        let (start, record) =
            round_trip("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert_eq!(Record::pieces(&record).len(), 32);
        // a0 holds red's chariot (code 4), the first nibble; red to move leaves bit 95 clear.
        assert_eq!((start[12] & 0xF, start[11] & 0x80), (4, 0));
        // Black to move, a capture clock.
        let (bytes, _) =
            round_trip("rnbakab1r/9/1c4nc1/p3p1p1p/2p6/P8/2P1P1P1P/1C2B2C1/4A4/RNBAK2NR b - - 5 3");
        assert_eq!((bytes[11] & 0x80, bytes[31]), (0x80, 5));
        let position = Position::unpack_position(&bytes).unwrap();
        let mut again = Vec::new();
        position.pack(-321, 0, &mut again);
        assert_eq!(again, bytes, "read back as a position, the same record");
        // Few pieces, either side to move.
        round_trip("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1");
        round_trip("4k4/4a4/9/9/9/2P6/9/9/9/3K5 b - - 40 80");
        round_trip("2bak4/4a4/4b4/9/9/9/9/9/4C4/R2K5 b - - 0 1");
    }

    #[test]
    fn the_identity_ignores_labels_and_the_clock_but_not_the_side_to_move() {
        let (a, _) = round_trip("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");
        let (b, _) = round_trip("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 9 30");
        let (c, _) = round_trip("4k4/9/9/9/4P4/9/9/9/9/3K5 b - - 0 1");
        assert_eq!(a[..Position::IDENTITY_BYTES], b[..Position::IDENTITY_BYTES]);
        assert_ne!(a[..Position::IDENTITY_BYTES], c[..Position::IDENTITY_BYTES]);
        assert!(XiangqiRecord::unpack(&a[..31]).is_none());
        let mut bad = a.clone();
        bad[30] = 3;
        assert!(XiangqiRecord::unpack(&bad).is_none(), "a result beyond 2");
        let mut bad = a.clone();
        bad[11] |= 0x04;
        assert!(XiangqiRecord::unpack(&bad).is_none(), "a square beyond i9");
        let mut bad = a.clone();
        bad[13] = 0x10;
        assert!(XiangqiRecord::unpack(&bad).is_none(), "a code where no piece stands");
        let mut bad = a;
        bad[12] = 0xFE;
        assert!(XiangqiRecord::unpack(&bad).is_none(), "code 14");
    }

    #[test]
    fn the_mirror_image_is_the_mirrored_position() {
        let (_, record) = round_trip("2bak4/4a4/4b4/9/9/9/9/9/4C4/R2K5 b - - 0 1");
        let (_, mirror) = round_trip("4kab2/4a4/4b4/9/9/9/9/9/4C4/5K2R b - - 0 1");
        assert_eq!(Record::pieces(&record.mirrored()), Record::pieces(&mirror));
        assert_eq!(record.mirrored().mirrored(), record);
        assert!(record.mirrorable());
    }
}
