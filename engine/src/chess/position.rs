//! The chess position: bitboards plus a mailbox, castling, en passant, clocks and an incrementally
//! updated Zobrist key; make and unmake.

use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::tables::{self, zobrist};
use super::types::{Color, Piece, PieceKind, Square};

/// Castling rights as four bits: `1 << (colour * 2 + side)`, side 0 = short (the rook on the king's
/// h-side), 1 = long (the a-side).
pub type CastlingRights = u8;

/// The castling side whose rook stands on the higher file than the king.
pub const SHORT: usize = 0;
/// The castling side whose rook stands on the lower file than the king.
pub const LONG: usize = 1;

/// The bit of one castling right.
#[inline(always)]
pub const fn castling_bit(color: Color, side: usize) -> CastlingRights {
    1 << (color as usize * 2 + side)
}

/// What [`Position::make_move`] returns so that [`Position::unmake_move`] can restore the position
/// exactly without recomputing anything.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    hash: u64,
    checkers: Bitboard,
}

/// A chess position. `Copy` and about 170 bytes, so the search can copy-make or make/unmake as
/// benchmarks favour.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) mailbox: [Option<Piece>; 64],
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastlingRights,
    /// Start square of the rook of each castling right (meaningful where the right is held).
    pub(crate) castling_rooks: [Square; 4],
    /// The square a pawn skipped with its last double push, as FEN writes it: set after every double
    /// push whether or not a capture is possible. The hash only counts it when a capture is possible,
    /// so transpositions that differ only in an unusable en-passant square hash alike.
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) chess960: bool,
    pub(crate) hash: u64,
    /// The enemy pieces giving check to the side to move, found once when the position is reached
    /// (by [`Position::make_move`] or the FEN): the search asks whether a node is in check two or
    /// three times, and move generation once more. Derived from the board, so not compared.
    pub(crate) checkers: Bitboard,
}

/// Equal when everything that decides play and notation is equal. The castling-rook slot of a right
/// no longer held is stale data (the square its rook started on) and is not compared: a position
/// that lost a Chess960 right equals the same position read back from its FEN.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let held_rooks_equal = (0..4).all(|bit| {
            self.castling & (1 << bit) == 0 || self.castling_rooks[bit] == other.castling_rooks[bit]
        });
        self.by_kind == other.by_kind
            && self.by_color == other.by_color
            && self.mailbox == other.mailbox
            && self.side_to_move == other.side_to_move
            && self.castling == other.castling
            && held_rooks_equal
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.chess960 == other.chess960
            && self.hash == other.hash
    }
}

impl Eq for Position {}

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
            side_to_move: Color::White,
            castling: 0,
            castling_rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
            hash: 0,
            checkers: Bitboard::EMPTY,
        }
    }

    /// Side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The piece on `square`.
    #[inline(always)]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.mailbox[square.index()]
    }

    /// Squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares of pieces of `kind`, both colours.
    #[inline(always)]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Squares of `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Where `color`'s king stands. Every position this type can hold has exactly one king per side.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King).first_square()
    }

    /// Castling rights held.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The rook that castles for `color` on `side`, if that right is held.
    pub fn castling_rook(&self, color: Color, side: usize) -> Option<Square> {
        let bit = castling_bit(color, side);
        (self.castling & bit != 0).then(|| self.castling_rooks[color.index() * 2 + side])
    }

    /// En-passant square as FEN would write it.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Move number, starting at 1 and incremented after Black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// True when castling rights are written as rook files (Shredder-FEN) and castling moves as
    /// king-takes-rook in UCI.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches between standard and Chess960 notation (the UCI `UCI_Chess960` option). The rules of
    /// movement do not change: one generator serves both.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The Zobrist key, updated incrementally by [`make_move`](Self::make_move).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Every piece of either colour attacking `square` when the board holds `occupied`.
    #[inline]
    pub fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let diagonal = self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let straight = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        (tables::pawn_attacks(Color::Black, square) & self.pieces(Color::White, PieceKind::Pawn))
            | (tables::pawn_attacks(Color::White, square) & self.pieces(Color::Black, PieceKind::Pawn))
            | (tables::knight_attacks(square) & self.by_kind[PieceKind::Knight.index()])
            | (tables::king_attacks(square) & self.by_kind[PieceKind::King.index()])
            | (tables::bishop_attacks(square, occupied) & diagonal)
            | (tables::rook_attacks(square, occupied) & straight)
    }

    /// True if any piece of `by` attacks `square` when the board holds `occupied`.
    #[inline]
    pub fn is_attacked_by(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[by.index()];
        let queens = self.by_kind[PieceKind::Queen.index()];
        ((tables::rook_attacks(square, occupied) & (self.by_kind[PieceKind::Rook.index()] | queens) & them)
            .non_empty())
            || (tables::bishop_attacks(square, occupied)
                & (self.by_kind[PieceKind::Bishop.index()] | queens)
                & them)
                .non_empty()
            || (tables::knight_attacks(square) & self.pieces(by, PieceKind::Knight)).non_empty()
            || (tables::pawn_attacks(!by, square) & self.pieces(by, PieceKind::Pawn)).non_empty()
            || (tables::king_attacks(square) & self.pieces(by, PieceKind::King)).non_empty()
    }

    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// The enemy pieces giving check to the side to move, found from the board.
    #[inline]
    pub(crate) fn find_checkers(&self) -> Bitboard {
        let us = self.side_to_move;
        self.attackers_to(self.king_square(us), self.occupied()) & self.by_color[(!us).index()]
    }

    /// True if the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers().non_empty()
    }

    /// True if `mv`, legal here, checks the opponent: by the piece that lands (the promoted one, or
    /// the rook of a castling) or by a slider of ours it uncovers. Read from the board without
    /// playing the move, so the search can ask it of a move it would otherwise prune unplayed.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move;
        let king = self.king_square(!us);
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.mailbox[from.index()] else { return false };
        let mut occupied = self.occupied() ^ Bitboard::from_square(from);
        let mut left = Bitboard::from_square(from);
        let (landed, kind) = match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = (mv.king_destination(), mv.rook_destination());
                occupied ^= Bitboard::from_square(to);
                occupied |= Bitboard::from_square(king_to) | Bitboard::from_square(rook_to);
                left |= Bitboard::from_square(to);
                (rook_to, PieceKind::Rook)
            }
            MoveKind::EnPassant => {
                let captured_square = Square::from_index_unchecked(from.rank() * 8 + to.file());
                occupied ^= Bitboard::from_square(captured_square);
                occupied |= Bitboard::from_square(to);
                (to, PieceKind::Pawn)
            }
            _ => {
                occupied |= Bitboard::from_square(to);
                (to, mv.promotion().unwrap_or(moving.kind()))
            }
        };
        let direct = match kind {
            PieceKind::Pawn => tables::pawn_attacks(us, landed),
            PieceKind::Knight => tables::knight_attacks(landed),
            PieceKind::Bishop => tables::bishop_attacks(landed, occupied),
            PieceKind::Rook => tables::rook_attacks(landed, occupied),
            PieceKind::Queen => {
                tables::bishop_attacks(landed, occupied) | tables::rook_attacks(landed, occupied)
            }
            PieceKind::King => Bitboard::EMPTY,
        };
        if direct.contains(king) {
            return true;
        }
        let still_ours = self.by_color[us.index()] & !left;
        let queens = self.by_kind[PieceKind::Queen.index()];
        let straight = (self.by_kind[PieceKind::Rook.index()] | queens) & still_ours;
        let diagonal = (self.by_kind[PieceKind::Bishop.index()] | queens) & still_ours;
        (tables::rook_attacks(king, occupied) & straight).non_empty()
            || (tables::bishop_attacks(king, occupied) & diagonal).non_empty()
    }

    /// True if a pawn of the side to move stands where it could capture on `square` en passant. This
    /// is the condition under which the en-passant file enters the hash.
    #[inline(always)]
    fn en_passant_capturable(&self, square: Square) -> bool {
        let us = self.side_to_move;
        (tables::pawn_attacks(!us, square) & self.pieces(us, PieceKind::Pawn)).non_empty()
    }

    #[inline(always)]
    fn en_passant_key(&self) -> u64 {
        match self.en_passant {
            Some(square) if self.en_passant_capturable(square) => zobrist::en_passant_file(square.file()),
            _ => 0,
        }
    }

    /// The Zobrist key computed from nothing but the position's contents; equal to [`hash`](Self::hash)
    /// at all times (the property tests check it).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::castling(self.castling) ^ self.en_passant_key();
        if self.side_to_move == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        for square in self.occupied() {
            if let Some(piece) = self.mailbox[square.index()] {
                hash ^= zobrist::piece(piece, square);
            }
        }
        hash
    }

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_kind[piece.kind().index()] |= bit;
        self.by_color[piece.color().index()] |= bit;
        self.mailbox[square.index()] = Some(piece);
    }

    #[inline(always)]
    fn remove_piece(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_kind[piece.kind().index()] ^= bit;
        self.by_color[piece.color().index()] ^= bit;
        self.mailbox[square.index()] = None;
    }

    /// Castling rights that survive a piece leaving or arriving at `square`.
    #[inline(always)]
    fn rights_kept_touching(&self, square: Square) -> CastlingRights {
        let mut kept = 0b1111;
        for (bit, rook) in self.castling_rooks.iter().enumerate() {
            if *rook == square {
                kept &= !(1 << bit);
            }
        }
        kept
    }

    /// The hash after `mv`: exact for a move that changes no castling right and leaves no pawn
    /// an en-passant capture, a castling's and an en-passant capture's nearly so (the search only
    /// prefetches with it, see [`crate::Game::key_after`]).
    #[inline(always)]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.mailbox[from.index()] else { return self.hash };
        let landing = mv.promotion().map_or(moving, |promoted| Piece::new(moving.color(), promoted));
        let captured = self.mailbox[to.index()].map_or(0, |captured| zobrist::piece(captured, to));
        self.hash
            ^ self.en_passant_key()
            ^ zobrist::BLACK_TO_MOVE
            ^ zobrist::piece(moving, from)
            ^ zobrist::piece(landing, to)
            ^ captured
    }

    /// Plays `mv`, which must be legal in this position (one of [`generate_moves`]' moves). Returns
    /// what [`unmake_move`](Self::unmake_move) needs.
    ///
    /// [`generate_moves`]: super::movegen::generate_moves
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let mut undo = Undo {
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            hash: self.hash,
            checkers: self.checkers,
        };
        let us = self.side_to_move;
        let from = mv.from();
        let to = mv.to();
        let Some(moving) = self.mailbox[from.index()] else {
            debug_assert!(false, "make_move of {mv:?} from an empty square");
            return undo;
        };
        let mut hash = self.hash ^ self.en_passant_key() ^ zobrist::BLACK_TO_MOVE;
        self.en_passant = None;
        self.halfmove_clock += 1;

        match mv.kind() {
            MoveKind::Castle => {
                let rook = Piece::new(us, PieceKind::Rook);
                let king_to = mv.king_destination();
                let rook_to = mv.rook_destination();
                self.remove_piece(moving, from);
                self.remove_piece(rook, to);
                self.put_piece(moving, king_to);
                self.put_piece(rook, rook_to);
                hash ^= zobrist::piece(moving, from)
                    ^ zobrist::piece(moving, king_to)
                    ^ zobrist::piece(rook, to)
                    ^ zobrist::piece(rook, rook_to);
            }
            MoveKind::EnPassant => {
                let captured_square = Square::from_index_unchecked(from.rank() * 8 + to.file());
                let captured = Piece::new(!us, PieceKind::Pawn);
                self.remove_piece(captured, captured_square);
                self.remove_piece(moving, from);
                self.put_piece(moving, to);
                hash ^= zobrist::piece(captured, captured_square)
                    ^ zobrist::piece(moving, from)
                    ^ zobrist::piece(moving, to);
                undo.captured = Some(captured);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.mailbox[to.index()] {
                    self.remove_piece(captured, to);
                    hash ^= zobrist::piece(captured, to);
                    undo.captured = Some(captured);
                    self.halfmove_clock = 0;
                }
                self.remove_piece(moving, from);
                hash ^= zobrist::piece(moving, from);
                let landing = match mv.promotion() {
                    Some(promoted) => Piece::new(us, promoted),
                    None => moving,
                };
                self.put_piece(landing, to);
                hash ^= zobrist::piece(landing, to);
                if moving.kind() == PieceKind::Pawn {
                    self.halfmove_clock = 0;
                    if from.index() ^ to.index() == 16 && kind == MoveKind::Normal {
                        self.en_passant =
                            Some(Square::from_index_unchecked(((from.index() + to.index()) / 2) as u8));
                    }
                }
            }
        }

        if self.castling != 0 {
            let mut kept = self.rights_kept_touching(from) & self.rights_kept_touching(to);
            if moving.kind() == PieceKind::King {
                kept &= !(castling_bit(us, SHORT) | castling_bit(us, LONG));
            }
            let castling = self.castling & kept;
            hash ^= zobrist::castling(self.castling) ^ zobrist::castling(castling);
            self.castling = castling;
        }

        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.side_to_move = !us;
        self.hash = hash ^ self.en_passant_key();
        self.checkers = self.find_checkers();
        undo
    }

    /// Passes the turn: the side to move changes, the en-passant square goes, nothing moves. Only for
    /// search probes (null-move pruning); never called in check.
    pub fn make_null_move(&mut self) -> Undo {
        let undo = Undo {
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            hash: self.hash,
            checkers: self.checkers,
        };
        self.hash ^= self.en_passant_key() ^ zobrist::BLACK_TO_MOVE;
        self.en_passant = None;
        self.halfmove_clock += 1;
        self.side_to_move = !self.side_to_move;
        // The side to move now is the one that moved last, whose king no legal position leaves
        // attacked.
        self.checkers = Bitboard::EMPTY;
        undo
    }

    /// Takes back [`make_null_move`](Self::make_null_move).
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side_to_move = !self.side_to_move;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
    }

    /// Takes back `mv`, given the [`Undo`] its [`make_move`](Self::make_move) returned; restores the
    /// position bit for bit.
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let us = !self.side_to_move;
        self.side_to_move = us;
        if us == Color::Black {
            self.fullmove_number -= 1;
        }
        let from = mv.from();
        let to = mv.to();
        match mv.kind() {
            MoveKind::Castle => {
                let king = Piece::new(us, PieceKind::King);
                let rook = Piece::new(us, PieceKind::Rook);
                let king_to = mv.king_destination();
                let rook_to = mv.rook_destination();
                self.remove_piece(king, king_to);
                self.remove_piece(rook, rook_to);
                self.put_piece(king, from);
                self.put_piece(rook, to);
            }
            MoveKind::EnPassant => {
                let pawn = Piece::new(us, PieceKind::Pawn);
                self.remove_piece(pawn, to);
                self.put_piece(pawn, from);
                self.put_piece(
                    Piece::new(!us, PieceKind::Pawn),
                    Square::from_index_unchecked(from.rank() * 8 + to.file()),
                );
            }
            _ => {
                if let Some(landed) = self.mailbox[to.index()] {
                    self.remove_piece(landed, to);
                    let original =
                        if mv.promotion().is_some() { Piece::new(us, PieceKind::Pawn) } else { landed };
                    self.put_piece(original, from);
                }
                if let Some(captured) = undo.captured {
                    self.put_piece(captured, to);
                }
            }
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
    }
}
