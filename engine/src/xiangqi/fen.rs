//! FEN reading and writing, as Pikafish and UCCI write it: ten ranks from black's back rank (rank 9)
//! down, red uppercase, `w` for red to move, then `- -` and the two counters (the halfmove field
//! counts plies since the last capture). The start position is read from its FEN here, so that
//! the position does not depend on its notation.
//!
//! Reading never panics: every malformed input has its own [`FenError`], and a position that parses is
//! one the move generator can trust (one king per side in its palace, advisors and elephants on their
//! points, pawns not behind their start rank, no more than the initial material, the side not to move
//! not in check and the kings not facing each other on an open file).

use super::position::Position;
use super::types::{in_palace, own_half, Color, Piece, PieceKind, Square};
use crate::fen_text::{fields, parse_number};
use core::fmt;

/// The start position.
pub const STARTPOS: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenError {
    /// No piece-placement field at all.
    Empty,
    /// The side-to-move field is missing (the other fields may be omitted).
    MissingSideToMove,
    /// More than six fields.
    TooManyFields,
    /// The placement does not have ten ranks separated by `/`.
    WrongRankCount(usize),
    /// A rank (0..=9) describes more than nine squares.
    RankTooLong(u8),
    /// A rank (0..=9) describes fewer than nine squares.
    RankTooShort(u8),
    /// A byte in the placement that is neither a piece letter nor a digit 1-9.
    InvalidPieceChar(u8),
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    ExtraKing(Color),
    /// A king stands outside its palace.
    KingOutOfPalace(Square),
    /// An advisor stands where no advisor can go (off its palace's corners and centre).
    AdvisorOffSquare(Square),
    /// An elephant stands where no elephant can go (off its seven points on its own half).
    ElephantOffSquare(Square),
    /// A pawn stands behind its start rank (red below rank 3, black above rank 6).
    PawnBehindStart(Square),
    /// A side has more of a kind than the initial set (2 of each piece, 5 pawns).
    TooManyPieces(Color, PieceKind),
    /// The side to move is neither `w` (or `r`) nor `b`.
    InvalidSideToMove,
    /// The halfmove counter is not a number.
    InvalidHalfmoveClock,
    /// The fullmove number is not a number.
    InvalidFullmoveNumber,
    /// The side not to move is in check (or the kings face each other on an open file).
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |color: &Color| if *color == Color::Red { "red" } else { "black" };
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::MissingSideToMove => write!(f, "missing side to move"),
            FenError::TooManyFields => write!(f, "too many fields (at most six)"),
            FenError::WrongRankCount(count) => write!(f, "{count} ranks in the placement, expected 10"),
            FenError::RankTooLong(rank) => write!(f, "rank {rank} describes more than 9 squares"),
            FenError::RankTooShort(rank) => write!(f, "rank {rank} describes fewer than 9 squares"),
            // The placement is read byte by byte: a byte of a longer UTF-8 character is no letter.
            FenError::InvalidPieceChar(byte) if byte.is_ascii() => {
                write!(f, "invalid piece character {:?}", *byte as char)
            }
            FenError::InvalidPieceChar(_) => write!(f, "invalid piece character (not ASCII)"),
            FenError::MissingKing(color) => write!(f, "{} has no king", side(color)),
            FenError::ExtraKing(color) => write!(f, "{} has more than one king", side(color)),
            FenError::KingOutOfPalace(square) => write!(f, "king on {square}, outside its palace"),
            FenError::AdvisorOffSquare(square) => write!(f, "no advisor can stand on {square}"),
            FenError::ElephantOffSquare(square) => write!(f, "no elephant can stand on {square}"),
            FenError::PawnBehindStart(square) => write!(f, "pawn on {square}, behind its start rank"),
            FenError::TooManyPieces(color, kind) => {
                write!(f, "{} has too many pieces of kind {}", side(color), kind.letter() as char)
            }
            FenError::InvalidSideToMove => write!(f, "side to move must be 'w' or 'b'"),
            FenError::InvalidHalfmoveClock => write!(f, "invalid halfmove counter"),
            FenError::InvalidFullmoveNumber => write!(f, "invalid fullmove number"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FenError {}

/// True if the first field of `fen` is a 9 x 10 board (ten ranks of nine squares each): what the
/// shell asks to pick xiangqi from a `position fen` line.
pub fn looks_like_xiangqi_fen(fen: &str) -> bool {
    let Some(placement) = fields(fen.as_bytes()).next() else { return false };
    placement.split(|&byte| byte == b'/').count() == 10
        && placement.split(|&byte| byte == b'/').all(|rank| {
            rank.iter().try_fold(0u32, |width, &byte| match byte {
                b'1'..=b'9' => Some(width + u32::from(byte - b'0')),
                _ if Piece::from_letter(byte).is_some() => Some(width + 1),
                _ => None,
            }) == Some(9)
        })
}

/// The five advisor points of `color`'s palace: its corners and centre.
fn advisor_point(color: Color, square: Square) -> bool {
    let rank = if color == Color::Red { square.rank() } else { 9 - square.rank() };
    in_palace(color, square) && (square.file() as i8 - 4).abs() == (rank as i8 - 1).abs()
}

/// The seven elephant points of `color`'s half.
fn elephant_point(color: Color, square: Square) -> bool {
    let rank = if color == Color::Red { square.rank() } else { 9 - square.rank() };
    let file = square.file();
    match rank {
        0 | 4 => file == 2 || file == 6,
        2 => file.is_multiple_of(4),
        _ => false,
    }
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_fen(STARTPOS).unwrap_or_else(|_| unreachable!("the start FEN is valid"))
    }

    /// Parses a FEN (the board and side at least; the counters default to `0 1`).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_bytes(fen.as_bytes())
    }

    /// Parses a FEN given as bytes; any byte string is accepted as input and refused cleanly.
    pub fn from_fen_bytes(fen: &[u8]) -> Result<Position, FenError> {
        let mut parts = fields(fen);
        let placement = parts.next().ok_or(FenError::Empty)?;
        let side = parts.next().ok_or(FenError::MissingSideToMove)?;
        // The castling and en-passant fields of chess FEN: `- -` in xiangqi, ignored when read.
        let _ = parts.next();
        let _ = parts.next();
        let halfmove = parts.next().unwrap_or(b"0");
        let fullmove = parts.next().unwrap_or(b"1");
        if parts.next().is_some() {
            return Err(FenError::TooManyFields);
        }
        let mut position = Position::empty();
        parse_placement(&mut position, placement)?;
        position.side_to_move = match side {
            b"w" | b"r" => Color::Red,
            b"b" => Color::Black,
            _ => return Err(FenError::InvalidSideToMove),
        };
        let halfmove = parse_number(halfmove).ok_or(FenError::InvalidHalfmoveClock)?;
        position.halfmove_clock = halfmove.min(u32::from(u16::MAX)) as u16;
        position.fullmove_number = parse_number(fullmove).ok_or(FenError::InvalidFullmoveNumber)?.max(1);
        let them = !position.side_to_move;
        if position.is_attacked_by(position.king_square(them), position.side_to_move) {
            return Err(FenError::OpponentInCheck);
        }
        position.rule60 = position.halfmove_clock;
        position.in_check = position.computes_in_check();
        position.hash = position.compute_hash();
        Ok(position)
    }

    /// The position as FEN: a `Display` value, so writing it allocates nothing.
    pub fn fen(&self) -> Fen<'_> {
        Fen(self)
    }
}

fn parse_placement(position: &mut Position, placement: &[u8]) -> Result<(), FenError> {
    let rank_count = placement.split(|&byte| byte == b'/').count();
    if rank_count != 10 {
        return Err(FenError::WrongRankCount(rank_count));
    }
    let mut counts = [[0u8; 7]; 2];
    for (row, rank_text) in placement.split(|&byte| byte == b'/').enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0u8;
        for &byte in rank_text {
            match byte {
                b'1'..=b'9' => file += byte - b'0',
                _ => {
                    let piece = Piece::from_letter(byte).ok_or(FenError::InvalidPieceChar(byte))?;
                    let square = Square::new(file, rank).ok_or(FenError::RankTooLong(rank))?;
                    let color = piece.color();
                    match piece.kind() {
                        PieceKind::King if !in_palace(color, square) => {
                            return Err(FenError::KingOutOfPalace(square))
                        }
                        PieceKind::Advisor if !advisor_point(color, square) => {
                            return Err(FenError::AdvisorOffSquare(square))
                        }
                        PieceKind::Elephant if !elephant_point(color, square) => {
                            return Err(FenError::ElephantOffSquare(square))
                        }
                        PieceKind::Pawn => {
                            let relative = if color == Color::Red { rank } else { 9 - rank };
                            if relative < 3 {
                                return Err(FenError::PawnBehindStart(square));
                            }
                        }
                        _ => {}
                    }
                    let count = &mut counts[color.index()][piece.kind().index()];
                    *count += 1;
                    let limit = match piece.kind() {
                        PieceKind::King => 1,
                        PieceKind::Pawn => 5,
                        _ => 2,
                    };
                    if *count > limit {
                        return Err(match piece.kind() {
                            PieceKind::King => FenError::ExtraKing(color),
                            kind => FenError::TooManyPieces(color, kind),
                        });
                    }
                    position.put_piece(piece, square);
                    file += 1;
                }
            }
            if file > 9 {
                return Err(FenError::RankTooLong(rank));
            }
        }
        if file != 9 {
            return Err(FenError::RankTooShort(rank));
        }
    }
    for color in Color::ALL {
        if counts[color.index()][PieceKind::King.index()] == 0 {
            return Err(FenError::MissingKing(color));
        }
    }
    // Elephant points and own halves agree by construction; checked here for the debug builds.
    debug_assert!((0..90u8).filter_map(Square::from_index).all(|square| {
        position
            .piece_on(square)
            .is_none_or(|piece| piece.kind() != PieceKind::Elephant || own_half(piece.color(), square))
    }));
    Ok(())
}

/// A position written as FEN.
pub struct Fen<'a>(&'a Position);

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let position = self.0;
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let square = Square::new(file, rank).unwrap_or_default();
                match position.piece_on(square) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.letter() as char)?;
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
        let side = if position.side_to_move == Color::Red { 'w' } else { 'b' };
        write!(f, " {side} - - {} {}", position.halfmove_clock, position.fullmove_number)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fen().fmt(f)
    }
}
