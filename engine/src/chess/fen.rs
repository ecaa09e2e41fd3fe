//! FEN reading and writing, standard, X-FEN and Shredder-FEN castling fields, and the start
//! position, which is read from its FEN here so that the position does not depend on its notation.
//!
//! Reading never panics: every malformed input has its own [`FenError`], and a position that parses is
//! one the move generator can trust (one king per side, the side not to move not in check, castling
//! rooks where the rights say, an en-passant square a pawn really skipped).

use super::bitboard::Bitboard;
use super::position::{castling_bit, Position, LONG, SHORT};
use super::types::{Color, Piece, PieceKind, Square};
use crate::fen_text::{fields, parse_number};
use core::fmt;

/// The standard start position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenError {
    /// No piece-placement field at all.
    Empty,
    /// The side-to-move field is missing (castling, en passant and the clocks may be omitted).
    MissingSideToMove,
    /// More than six fields.
    TooManyFields,
    /// The placement does not have eight ranks separated by `/`.
    WrongRankCount(usize),
    /// A rank (1..=8) describes more or fewer than eight squares.
    WrongRankLength(u8),
    /// A byte in the placement that is neither a piece letter nor a digit 1-8.
    InvalidPieceChar(u8),
    /// A side has no king or more than one.
    WrongKingCount(Color),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces. Any material up to 16 pieces is set up, as Stockfish and
    /// python-chess do (nine pawns, more promoted pieces than missing pawns): play never adds a
    /// piece, and 16 keep the legal move count within the move list's 256 (searches for the most
    /// mobile 16-piece sides find about 210; 21 queens have 271).
    TooManyPieces(Color),
    /// The side to move is neither `w` nor `b`.
    InvalidSideToMove,
    /// A byte in the castling field that is not `KQkq`, a file letter or `-`.
    InvalidCastlingChar(u8),
    /// A castling right names no rook of that colour on the king's rank on that side.
    CastlingRookMissing(u8),
    /// A castling right is given while that king is not on its first rank.
    CastlingKingMisplaced(Color),
    /// Two rights name the same side of the same colour.
    DuplicateCastlingRight(u8),
    /// The en-passant field is not `-` or a square.
    InvalidEnPassant,
    /// The en-passant square is not one a pawn of the side not to move just skipped.
    ImpossibleEnPassant(Square),
    /// The halfmove clock is not a number.
    InvalidHalfmoveClock,
    /// The fullmove number is not a number.
    InvalidFullmoveNumber,
    /// The side not to move is in check: its king could be captured.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |color: &Color| if *color == Color::White { "white" } else { "black" };
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::MissingSideToMove => write!(f, "missing side to move"),
            FenError::TooManyFields => write!(f, "too many fields (at most six)"),
            FenError::WrongRankCount(count) => write!(f, "{count} ranks in the placement, expected 8"),
            FenError::WrongRankLength(rank) => write!(f, "rank {rank} does not describe exactly 8 squares"),
            // The placement is read byte by byte: a byte of a longer UTF-8 character is no letter.
            FenError::InvalidPieceChar(byte) if byte.is_ascii() => {
                write!(f, "invalid piece character {:?}", *byte as char)
            }
            FenError::InvalidPieceChar(_) => write!(f, "invalid piece character (not ASCII)"),
            FenError::WrongKingCount(color) => write!(f, "{} must have exactly one king", side(color)),
            FenError::PawnOnBackRank(square) => write!(f, "pawn on back rank square {square}"),
            FenError::TooManyPieces(color) => write!(f, "{} has more than 16 pieces", side(color)),
            FenError::InvalidSideToMove => write!(f, "side to move must be 'w' or 'b'"),
            FenError::InvalidCastlingChar(byte) => {
                write!(f, "invalid castling character {:?}", *byte as char)
            }
            FenError::CastlingRookMissing(byte) => {
                write!(f, "castling right {:?} has no rook", *byte as char)
            }
            FenError::CastlingKingMisplaced(color) => {
                write!(f, "{} has castling rights but its king is not on its first rank", side(color))
            }
            FenError::DuplicateCastlingRight(byte) => {
                write!(f, "castling right {:?} given twice", *byte as char)
            }
            FenError::InvalidEnPassant => write!(f, "en-passant field must be '-' or a square"),
            FenError::ImpossibleEnPassant(square) => write!(f, "no pawn can just have skipped {square}"),
            FenError::InvalidHalfmoveClock => write!(f, "invalid halfmove clock"),
            FenError::InvalidFullmoveNumber => write!(f, "invalid fullmove number"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

#[cfg(feature = "std")]
extern crate std;
#[cfg(feature = "std")]
impl std::error::Error for FenError {}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_fen(STARTPOS).unwrap_or_else(|_| unreachable!("the start FEN is valid"))
    }

    /// Parses a FEN (or the first four fields of one; the clocks default to `0 1`).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_bytes(fen.as_bytes())
    }

    /// Parses a FEN given as bytes; any byte string is accepted as input and refused cleanly.
    pub fn from_fen_bytes(fen: &[u8]) -> Result<Position, FenError> {
        let mut parts = fields(fen);
        let placement = parts.next().ok_or(FenError::Empty)?;
        let side = parts.next().ok_or(FenError::MissingSideToMove)?;
        let castling = parts.next().unwrap_or(b"-");
        let en_passant = parts.next().unwrap_or(b"-");
        let halfmove = parts.next().unwrap_or(b"0");
        let fullmove = parts.next().unwrap_or(b"1");
        if parts.next().is_some() {
            return Err(FenError::TooManyFields);
        }

        let mut position = Position::empty();
        parse_placement(&mut position, placement)?;
        position.side_to_move = match side {
            b"w" => Color::White,
            b"b" => Color::Black,
            _ => return Err(FenError::InvalidSideToMove),
        };
        parse_castling(&mut position, castling)?;
        position.en_passant = parse_en_passant(&position, en_passant)?;
        position.halfmove_clock = parse_number(halfmove).ok_or(FenError::InvalidHalfmoveClock)?;
        position.fullmove_number = parse_number(fullmove).ok_or(FenError::InvalidFullmoveNumber)?;

        let them = !position.side_to_move;
        if position.is_attacked_by(position.king_square(them), position.side_to_move, position.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        position.hash = position.compute_hash();
        position.checkers = position.find_checkers();
        Ok(position)
    }

    /// The position as FEN: a `Display` value, so writing it allocates nothing.
    pub fn fen(&self) -> Fen<'_> {
        Fen(self)
    }
}

fn parse_placement(position: &mut Position, placement: &[u8]) -> Result<(), FenError> {
    let rank_count = placement.split(|&byte| byte == b'/').count();
    if rank_count != 8 {
        return Err(FenError::WrongRankCount(rank_count));
    }
    for (row, rank_text) in placement.split(|&byte| byte == b'/').enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for &byte in rank_text {
            match byte {
                b'1'..=b'8' => file += byte - b'0',
                _ => {
                    let piece = Piece::from_fen_letter(byte).ok_or(FenError::InvalidPieceChar(byte))?;
                    let square = Square::new(file, rank).ok_or(FenError::WrongRankLength(rank + 1))?;
                    if piece.kind() == PieceKind::Pawn && (rank == 0 || rank == 7) {
                        return Err(FenError::PawnOnBackRank(square));
                    }
                    position.put_piece(piece, square);
                    file += 1;
                }
            }
            if file > 8 {
                return Err(FenError::WrongRankLength(rank + 1));
            }
        }
        if file != 8 {
            return Err(FenError::WrongRankLength(rank + 1));
        }
    }
    for color in Color::ALL {
        if position.pieces(color, PieceKind::King).count() != 1 {
            return Err(FenError::WrongKingCount(color));
        }
        if position.pieces_of(color).count() > 16 {
            return Err(FenError::TooManyPieces(color));
        }
    }
    Ok(())
}

fn parse_castling(position: &mut Position, field: &[u8]) -> Result<(), FenError> {
    if field == b"-" {
        return Ok(());
    }
    let mut letters_used = false;
    for &byte in field {
        let color = if byte.is_ascii_uppercase() { Color::White } else { Color::Black };
        let king = position.king_square(color);
        let home_rank = if color == Color::White { 0 } else { 7 };
        let rooks = position.pieces(color, PieceKind::Rook) & Bitboard::rank(home_rank);
        let rook = match byte.to_ascii_lowercase() {
            b'k' => outermost_rook(rooks, king, SHORT),
            b'q' => outermost_rook(rooks, king, LONG),
            letter @ b'a'..=b'h' => {
                letters_used = true;
                Square::new(letter - b'a', home_rank).filter(|&square| rooks.contains(square))
            }
            _ => return Err(FenError::InvalidCastlingChar(byte)),
        };
        if king.rank() != home_rank {
            return Err(FenError::CastlingKingMisplaced(color));
        }
        let rook = rook.ok_or(FenError::CastlingRookMissing(byte))?;
        if rook.file() == king.file() {
            return Err(FenError::CastlingRookMissing(byte));
        }
        let side = if rook.file() > king.file() { SHORT } else { LONG };
        let bit = castling_bit(color, side);
        if position.castling & bit != 0 {
            return Err(FenError::DuplicateCastlingRight(byte));
        }
        position.castling |= bit;
        position.castling_rooks[color.index() * 2 + side] = rook;
        let standard_rook_file = if side == SHORT { 7 } else { 0 };
        if letters_used || king.file() != 4 || rook.file() != standard_rook_file {
            position.chess960 = true;
        }
    }
    Ok(())
}

/// The rook farthest from the king on `side`: what X-FEN's `K`/`Q` mean.
fn outermost_rook(rooks: Bitboard, king: Square, side: usize) -> Option<Square> {
    let mut candidates = rooks.filter(|rook| (rook.file() > king.file()) == (side == SHORT));
    if side == SHORT {
        candidates.last()
    } else {
        candidates.next()
    }
}

fn parse_en_passant(position: &Position, field: &[u8]) -> Result<Option<Square>, FenError> {
    if field == b"-" {
        return Ok(None);
    }
    let square = Square::parse(field).ok_or(FenError::InvalidEnPassant)?;
    let us = position.side_to_move;
    // The skipped square, the square the pawn came from and where it stands now, from White's view
    // when Black just pushed.
    let (skipped_rank, pawn_rank, origin_rank) = if us == Color::White { (5, 4, 6) } else { (2, 3, 1) };
    let pawn = Square::new(square.file(), pawn_rank);
    let origin = Square::new(square.file(), origin_rank);
    let possible = square.rank() == skipped_rank
        && position.piece_on(square).is_none()
        && origin.is_some_and(|origin| position.piece_on(origin).is_none())
        && pawn.and_then(|pawn| position.piece_on(pawn)) == Some(Piece::new(!us, PieceKind::Pawn));
    if possible {
        Ok(Some(square))
    } else {
        Err(FenError::ImpossibleEnPassant(square))
    }
}

fn is_outermost_rook(position: &Position, color: Color, side: usize, rook: Square) -> bool {
    let rooks = position.pieces(color, PieceKind::Rook) & Bitboard::rank(rook.rank());
    outermost_rook(rooks, position.king_square(color), side) == Some(rook)
}

/// A position's FEN, written on demand.
pub struct Fen<'a>(&'a Position);

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let position = self.0;
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match Square::new(file, rank).and_then(|square| position.piece_on(square)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.fen_letter() as char)?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        f.write_str(if position.side_to_move == Color::White { " w " } else { " b " })?;
        if position.castling == 0 {
            f.write_str("-")?;
        }
        for color in Color::ALL {
            for side in [SHORT, LONG] {
                let Some(rook) = position.castling_rook(color, side) else { continue };
                // X-FEN: `K`/`Q` mean the outermost rook, so an inner one is named by its file.
                let letter = if position.chess960 || !is_outermost_rook(position, color, side, rook) {
                    b'a' + rook.file()
                } else if side == SHORT {
                    b'k'
                } else {
                    b'q'
                };
                let letter = if color == Color::White { letter.to_ascii_uppercase() } else { letter };
                write!(f, "{}", letter as char)?;
            }
        }
        match position.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", position.halfmove_clock, position.fullmove_number)
    }
}
