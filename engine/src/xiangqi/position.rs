//! The xiangqi position: a mailbox for "what stands here", square sets (`u128`, bit = square) per
//! piece and colour for "where are they", rank and file occupancies for the sliders' line tables, the
//! capture clock and an incrementally updated Zobrist key; make and unmake.

use super::moves::Move;
use super::tables::{self, BOARD};
use super::types::{Color, Piece, PieceKind, Square};

/// What [`Position::make_move`] returns so [`Position::unmake_move`] can restore the position exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    pub(crate) captured: Option<Piece>,
    pub(crate) halfmove_clock: u16,
    pub(crate) rule60: u16,
    pub(crate) checks_given: [u8; 2],
    pub(crate) in_check: bool,
    pub(crate) hash: u64,
}

/// A xiangqi position. `Copy`, about 400 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 90],
    pub(crate) by_piece: [u128; 14],
    pub(crate) by_color: [u128; 2],
    pub(crate) rank_occ: [u16; 10],
    pub(crate) file_occ: [u16; 9],
    pub(crate) side_to_move: Color,
    /// Plies since the last capture.
    pub(crate) halfmove_clock: u16,
    /// The 60-move rule's count: plies since the last capture, checks discounted as Pikafish counts
    /// them (see [`Position::make_move`]).
    pub(crate) rule60: u16,
    /// Checks each colour gave since the last capture.
    pub(crate) checks_given: [u8; 2],
    /// The side to move is in check (kept by make and unmake: the search asks at every node).
    pub(crate) in_check: bool,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
}

impl Position {
    pub(crate) const fn empty() -> Position {
        Position {
            board: [None; 90],
            by_piece: [0; 14],
            by_color: [0; 2],
            rank_occ: [0; 10],
            file_occ: [0; 9],
            side_to_move: Color::Red,
            halfmove_clock: 0,
            rule60: 0,
            checks_given: [0; 2],
            in_check: false,
            fullmove_number: 1,
            hash: 0,
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
        self.board[square.index()]
    }

    /// Squares of `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> u128 {
        self.by_piece[Piece::new(color, kind).index()]
    }

    /// Squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color) -> u128 {
        self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    /// Where `color`'s king stands (every position has one king per side).
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.pieces(color, PieceKind::King).trailing_zeros() as u8)
    }

    /// Plies since the last capture (the 60-move rule counts 120 of them).
    pub fn halfmove_clock(&self) -> u32 {
        u32::from(self.halfmove_clock)
    }

    /// The move number FEN writes (starts at 1, grows after black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Zobrist key.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline(always)]
    fn toggle(&mut self, piece: Piece, square: usize) {
        let bit = 1u128 << square;
        self.by_piece[piece.index()] ^= bit;
        self.by_color[piece.color().index()] ^= bit;
        self.rank_occ[square / 9] ^= 1 << (square % 9);
        self.file_occ[square % 9] ^= 1 << (square / 9);
    }

    /// Puts `piece` on an empty `square` (the hash is not updated: setup code recomputes it).
    pub(crate) fn put_piece(&mut self, piece: Piece, square: Square) {
        debug_assert!(self.board[square.index()].is_none());
        self.board[square.index()] = Some(piece);
        self.toggle(piece, square.index());
    }

    /// The Zobrist key computed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = if self.side_to_move == Color::Black { tables::ZOBRIST_BLACK_TO_MOVE } else { 0 };
        for (square, piece) in self.board.iter().enumerate() {
            if let Some(piece) = piece {
                hash ^= tables::ZOBRIST_PIECES[piece.index()][square];
            }
        }
        hash
    }

    /// The hash [`make_move`](Self::make_move) would give after `mv`, without playing it: the
    /// search prefetches the child's table bucket with it before the move is made.
    #[inline(always)]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from().index(), mv.to().index());
        let Some(piece) = self.board[from] else { return self.hash };
        let captured = self.board[to].map_or(0, |victim| tables::ZOBRIST_PIECES[victim.index()][to]);
        self.hash
            ^ tables::ZOBRIST_BLACK_TO_MOVE
            ^ tables::ZOBRIST_PIECES[piece.index()][from]
            ^ tables::ZOBRIST_PIECES[piece.index()][to]
            ^ captured
    }

    /// Plays `mv`, which must be legal.
    ///
    /// The 60-move count follows Pikafish: a capture resets it (and both colours' check counts); a
    /// check adds to the checker's count and to the 60-move count only while the checker has given
    /// at most 10 checks; a move out of check while the checker is past 10 checks counts for the
    /// checker instead of the 60-move count; every other move adds one. A long series of checks
    /// therefore cannot run out the clock.
    #[inline]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let (from, to) = (mv.from().index(), mv.to().index());
        let piece = self.board[from].expect("a move starts on a piece");
        let captured = self.board[to];
        let undo = Undo {
            captured,
            halfmove_clock: self.halfmove_clock,
            rule60: self.rule60,
            checks_given: self.checks_given,
            in_check: self.in_check,
            hash: self.hash,
        };
        let (us, was_in_check) = (self.side_to_move, self.in_check);
        let mut hash = self.hash ^ tables::ZOBRIST_BLACK_TO_MOVE;
        if let Some(victim) = captured {
            self.toggle(victim, to);
            hash ^= tables::ZOBRIST_PIECES[victim.index()][to];
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        self.toggle(piece, from);
        self.toggle(piece, to);
        hash ^= tables::ZOBRIST_PIECES[piece.index()][from] ^ tables::ZOBRIST_PIECES[piece.index()][to];
        self.board[from] = None;
        self.board[to] = Some(piece);
        if self.side_to_move == Color::Black {
            self.fullmove_number += 1;
        }
        self.side_to_move = !self.side_to_move;
        self.hash = hash;
        self.in_check = self.is_attacked_by(self.king_square(!us), us);
        if captured.is_some() {
            self.rule60 = 0;
            self.checks_given = [0; 2];
        } else if self.in_check {
            let given = &mut self.checks_given[us.index()];
            *given = given.saturating_add(1);
            if *given <= 10 {
                self.rule60 = self.rule60.saturating_add(1);
            }
        } else if was_in_check && self.checks_given[(!us).index()] > 10 {
            let given = &mut self.checks_given[(!us).index()];
            *given = given.saturating_add(1);
        } else {
            self.rule60 = self.rule60.saturating_add(1);
        }
        undo
    }

    /// Takes back `mv`, which returned `undo`.
    #[inline]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let (from, to) = (mv.from().index(), mv.to().index());
        let piece = self.board[to].expect("the moved piece stands on the target");
        self.side_to_move = !self.side_to_move;
        if self.side_to_move == Color::Black {
            self.fullmove_number -= 1;
        }
        self.toggle(piece, to);
        self.toggle(piece, from);
        self.board[from] = Some(piece);
        self.board[to] = undo.captured;
        if let Some(victim) = undo.captured {
            self.toggle(victim, to);
        }
        self.halfmove_clock = undo.halfmove_clock;
        self.rule60 = undo.rule60;
        self.checks_given = undo.checks_given;
        self.in_check = undo.in_check;
        self.hash = undo.hash;
    }

    /// Passes the turn (never in check, so the other side is not in check after it either).
    pub fn make_null_move(&mut self) -> Undo {
        let undo = Undo {
            captured: None,
            halfmove_clock: self.halfmove_clock,
            rule60: self.rule60,
            checks_given: self.checks_given,
            in_check: self.in_check,
            hash: self.hash,
        };
        self.in_check = false;
        self.hash ^= tables::ZOBRIST_BLACK_TO_MOVE;
        self.side_to_move = !self.side_to_move;
        undo
    }

    /// Takes back [`Position::make_null_move`].
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side_to_move = !self.side_to_move;
        self.halfmove_clock = undo.halfmove_clock;
        self.in_check = undo.in_check;
        self.hash = undo.hash;
    }

    /// True if a piece of `by` attacks `square` with the board occupied as `occupied`, where the
    /// pieces of `by` standing on `removed` are gone (captured). The king attacks along an open file
    /// (the flying general). `rank_occ` and `file_occ` are the occupancies of `square`'s rank and
    /// file as line bits, consistent with `occupied`.
    #[inline(always)]
    pub(crate) fn attacked_with(
        &self,
        square: usize,
        by: Color,
        occupied: u128,
        rank_occ: u16,
        file_occ: u16,
        removed: u128,
    ) -> bool {
        let theirs = |kind: PieceKind| self.pieces(by, kind) & !removed;
        let rooks = theirs(PieceKind::Rook) | theirs(PieceKind::King);
        if tables::rook_reach(square, rank_occ, file_occ) & rooks != 0 {
            return true;
        }
        if tables::cannon_captures(square, rank_occ, file_occ) & theirs(PieceKind::Cannon) != 0 {
            return true;
        }
        let horses = theirs(PieceKind::Horse);
        if horses != 0 {
            for &(leg, set) in &tables::HORSE_ATTACKERS[square] {
                if leg != 255 && occupied >> leg & 1 == 0 && set & horses != 0 {
                    return true;
                }
            }
        }
        tables::PAWN_ATTACKERS[by.index()][square] & theirs(PieceKind::Pawn) != 0
    }

    /// True if `mv`, legal here, checks the opponent's king: by the piece from its new square, or
    /// by one of ours the move uncovers or gives a screen (a cannon's). Read from the board without
    /// playing the move, so the search can ask it of a move it would otherwise prune unplayed.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move;
        let (from, to) = (mv.from().index(), mv.to().index());
        let Some(moving) = self.piece_on(mv.from()) else { return false };
        let king = self.king_square(!us).index();
        let (from_bit, to_bit) = (1u128 << from, 1u128 << to);
        let occupied = ((self.occupied() & !from_bit) | to_bit) & BOARD;
        let (rank_occ, file_occ) = self.lines_after(from, to, king);
        let from_new_square = match moving.kind() {
            PieceKind::Rook | PieceKind::King => tables::rook_reach(king, rank_occ, file_occ) & to_bit != 0,
            PieceKind::Cannon => tables::cannon_captures(king, rank_occ, file_occ) & to_bit != 0,
            PieceKind::Horse => tables::HORSE_ATTACKERS[king]
                .iter()
                .any(|&(leg, set)| leg != 255 && occupied >> leg & 1 == 0 && set & to_bit != 0),
            PieceKind::Pawn => tables::PAWN_ATTACKERS[us.index()][king] & to_bit != 0,
            PieceKind::Advisor | PieceKind::Elephant => false,
        };
        from_new_square || self.attacked_with(king, us, occupied, rank_occ, file_occ, from_bit)
    }

    /// True if a piece of `by` attacks `square` on the current board.
    #[inline]
    pub fn is_attacked_by(&self, square: Square, by: Color) -> bool {
        let s = square.index();
        self.attacked_with(s, by, self.occupied(), self.rank_occ[s / 9], self.file_occ[s % 9], 0)
    }

    /// True if the side to move is in check (its king attacked, the open file to the other king
    /// included): kept up to date by every move, so asking costs nothing.
    #[inline]
    pub fn in_check(&self) -> bool {
        debug_assert_eq!(self.in_check, self.computes_in_check());
        self.in_check
    }

    /// [`Position::in_check`] worked out from the board.
    pub(crate) fn computes_in_check(&self) -> bool {
        self.is_attacked_by(self.king_square(self.side_to_move), !self.side_to_move)
    }

    /// The squares of the pieces giving check (the enemy king too, on an open file): each enemy
    /// piece is tested alone, the others standing where they are as screens and blockers.
    pub fn checkers(&self) -> u128 {
        let (us, them) = (self.side_to_move, !self.side_to_move);
        let king = self.king_square(us).index();
        let (occupied, rank_occ, file_occ) =
            (self.occupied(), self.rank_occ[king / 9], self.file_occ[king % 9]);
        let enemies = self.pieces_of(them);
        let mut checkers = 0;
        let mut rest = enemies;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if self.attacked_with(king, them, occupied, rank_occ, file_occ, enemies & !bit) {
                checkers |= bit;
            }
        }
        checkers
    }

    /// The 60-move rule's count of plies (see [`Position::make_move`]).
    pub fn rule60_count(&self) -> u16 {
        self.rule60
    }

    /// True if the side to move's king would be attacked after moving the piece on `from` to `to`.
    #[inline(always)]
    pub(crate) fn leaves_king_attacked(&self, from: usize, to: usize, king: usize) -> bool {
        let them = !self.side_to_move;
        let from_bit = 1u128 << from;
        let to_bit = 1u128 << to;
        let occupied = (self.occupied() & !from_bit) | to_bit;
        let king = if king == from { to } else { king };
        let (rank_occ, file_occ) = self.lines_after(from, to, king);
        self.attacked_with(king, them, occupied & BOARD, rank_occ, file_occ, to_bit)
    }

    /// The occupancies of `square`'s rank and file (as line bits) once the piece on `from` has
    /// moved to `to`.
    #[inline(always)]
    fn lines_after(&self, from: usize, to: usize, square: usize) -> (u16, u16) {
        let (file, rank) = (square % 9, square / 9);
        let mut rank_occ = self.rank_occ[rank];
        let mut file_occ = self.file_occ[file];
        if from / 9 == rank {
            rank_occ &= !(1 << (from % 9));
        }
        if to / 9 == rank {
            rank_occ |= 1 << (to % 9);
        }
        if from % 9 == file {
            file_occ &= !(1 << (from / 9));
        }
        if to % 9 == file {
            file_occ |= 1 << (to / 9);
        }
        (rank_occ, file_occ)
    }

    /// The position with colours swapped and the board turned top to bottom (red's pieces become
    /// black's on the mirrored ranks), the other side to move: the same game seen from the other
    /// chair. Clocks are kept.
    pub fn flipped(&self) -> Position {
        let mut flipped = Position::empty();
        for (index, piece) in self.board.iter().enumerate() {
            if let Some(piece) = piece {
                let square = Square::from_index_unchecked(index as u8).flip_rank();
                flipped.put_piece(Piece::new(!piece.color(), piece.kind()), square);
            }
        }
        flipped.side_to_move = !self.side_to_move;
        flipped.halfmove_clock = self.halfmove_clock;
        flipped.rule60 = self.rule60;
        flipped.checks_given = [self.checks_given[1], self.checks_given[0]];
        flipped.in_check = self.in_check;
        flipped.fullmove_number = self.fullmove_number;
        flipped.hash = flipped.compute_hash();
        flipped
    }
}
