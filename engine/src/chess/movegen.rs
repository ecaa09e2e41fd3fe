//! Fully legal move generation.
//!
//! The generator never produces a move that leaves the king in check, so perft can count the last
//! ply without playing it. It hands moves to a [`MoveSink`] as whole target sets — "this piece to
//! each of these squares" — so that a counting sink needs one popcount per piece instead of one call
//! per move, and a list sink expands them. Pins, checks and double checks are resolved up front into
//! masks; only en passant (whose capture can uncover a rank attack on the king) and castling are
//! checked square by square.

use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::position::{castling_bit, Position, LONG, SHORT};
use super::tables::{
    between, bishop_attacks, king_attacks, knight_attacks, line, lone_blockers, pawn_attacks, rook_attacks,
};
use super::types::{Color, PieceKind, Square};
use crate::movelist::MoveList;

/// Most legal moves any chess position has is 218; the list has room for all of them.
pub const MAX_MOVES: usize = 256;

/// The move list chess uses.
pub type ChessMoveList = MoveList<Move, MAX_MOVES>;

/// Receives generated moves, grouped as the generator finds them.
pub trait MoveSink {
    /// A piece on `from` moves, without any special kind, to each square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// Pawns land on each square of `targets`, each coming from `target - delta` (square indices);
    /// when `promotion` is set every landing is four moves, one per promotion piece.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, promotion: bool);
    /// One move of a special kind (en passant, castling).
    fn special_move(&mut self, mv: Move);
}

/// Counts moves without listing them: the last ply of perft.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i8, promotion: bool) {
        self.0 += targets.count() as u64 * if promotion { 4 } else { 1 };
    }
    #[inline(always)]
    fn special_move(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

const PROMOTIONS: [MoveKind; 4] =
    [MoveKind::PromoteQueen, MoveKind::PromoteKnight, MoveKind::PromoteRook, MoveKind::PromoteBishop];

impl MoveSink for ChessMoveList {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, promotion: bool) {
        for to in targets {
            let from = Square::from_index_unchecked((to.index() as i8 - delta) as u8);
            if promotion {
                for kind in PROMOTIONS {
                    self.push(Move::new(from, to, kind));
                }
            } else {
                self.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
    #[inline(always)]
    fn special_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Keeps only captures and promotions (en passant included, castling not) of what it is given.
struct TacticalOnly<'a> {
    theirs: Bitboard,
    moves: &'a mut ChessMoveList,
}

impl MoveSink for TacticalOnly<'_> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        self.moves.piece_moves(from, targets & self.theirs);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, promotion: bool) {
        let kept = if promotion { targets } else { targets & self.theirs };
        self.moves.pawn_moves(kept, delta, promotion);
    }
    #[inline(always)]
    fn special_move(&mut self, mv: Move) {
        if mv.kind() == MoveKind::EnPassant {
            self.moves.push(mv);
        }
    }
}

/// Keeps only what [`TacticalOnly`] leaves out: moves to empty squares that promote nothing, and
/// castling.
struct QuietOnly<'a> {
    theirs: Bitboard,
    moves: &'a mut ChessMoveList,
}

impl MoveSink for QuietOnly<'_> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        self.moves.piece_moves(from, targets & !self.theirs);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, promotion: bool) {
        if !promotion {
            self.moves.pawn_moves(targets & !self.theirs, delta, false);
        }
    }
    #[inline(always)]
    fn special_move(&mut self, mv: Move) {
        if mv.kind() == MoveKind::Castle {
            self.moves.push(mv);
        }
    }
}

/// The legal captures and promotions of `position`, into `moves` (cleared first).
pub fn generate_tactical_moves(position: &Position, moves: &mut ChessMoveList) {
    moves.clear();
    let theirs = position.by_color[(!position.side_to_move).index()];
    generate(position, &mut TacticalOnly { theirs, moves });
}

/// The legal moves [`generate_tactical_moves`] leaves out, appended to `moves`: the search asks
/// for them only once a node's captures are spent, and most nodes are cut before that.
pub fn append_quiet_moves(position: &Position, moves: &mut ChessMoveList) {
    let theirs = position.by_color[(!position.side_to_move).index()];
    generate(position, &mut QuietOnly { theirs, moves });
}

/// Every legal move of `position`, into `moves` (cleared first).
pub fn generate_moves(position: &Position, moves: &mut ChessMoveList) {
    moves.clear();
    generate(position, moves);
}

/// How many legal moves `position` has, without listing them.
#[inline]
pub fn count_moves(position: &Position) -> u64 {
    let mut counter = MoveCounter(0);
    generate(position, &mut counter);
    counter.0
}

/// Feeds every legal move of `position` to `sink`.
#[inline(always)]
pub fn generate<S: MoveSink>(position: &Position, sink: &mut S) {
    let us = position.side_to_move;
    let them = !us;
    let ours = position.by_color[us.index()];
    let theirs = position.by_color[them.index()];
    let occupied = ours | theirs;
    let king = position.king_square(us);
    let checkers = position.checkers;

    let castles =
        if checkers.is_empty() { castles_with_clear_paths(position, us, king, occupied) } else { [None; 2] };
    generate_king_moves_and_castling(position, sink, king, !ours, castles);
    if checkers.has_more_than_one() {
        return; // double check: only the king may move
    }
    // Squares a non-king move must land on: anywhere, or block/capture the single checker.
    let target_mask =
        if checkers.non_empty() { between(king, checkers.first_square()) | checkers } else { Bitboard::ALL };
    let pinned = pinned_pieces(position, king, us, occupied);
    let movable = !ours & target_mask;

    let queens = position.by_kind[PieceKind::Queen.index()];
    let knights = position.pieces(us, PieceKind::Knight) & !pinned;
    for from in knights {
        sink.piece_moves(from, knight_attacks(from) & movable);
    }
    let diagonal = (position.by_kind[PieceKind::Bishop.index()] | queens) & ours;
    for from in diagonal {
        let mut targets = bishop_attacks(from, occupied) & movable;
        if pinned.contains(from) {
            targets &= line(king, from);
        }
        sink.piece_moves(from, targets);
    }
    let straight = (position.by_kind[PieceKind::Rook.index()] | queens) & ours;
    for from in straight {
        let mut targets = rook_attacks(from, occupied) & movable;
        if pinned.contains(from) {
            targets &= line(king, from);
        }
        sink.piece_moves(from, targets);
    }

    generate_pawn_moves(position, sink, us, king, pinned, theirs, occupied, target_mask);
}

/// Our pieces that stand alone between our king and an enemy slider aimed at it.
#[inline(always)]
fn pinned_pieces(position: &Position, king: Square, us: Color, occupied: Bitboard) -> Bitboard {
    let them = !us;
    let theirs = position.by_color[them.index()];
    let queens = position.by_kind[PieceKind::Queen.index()];
    let snipers = ((rook_attacks(king, theirs) & (position.by_kind[PieceKind::Rook.index()] | queens))
        | (bishop_attacks(king, theirs) & (position.by_kind[PieceKind::Bishop.index()] | queens)))
        & theirs;
    lone_blockers(king, snipers, occupied) & position.by_color[us.index()]
}

/// A castling move whose squares are empty, not yet checked for attacks: the castling rook and the
/// king's destination.
type CastleCandidate = Option<(Square, Square)>;

/// King steps and castling. Both ask which squares the enemy attacks; when castling is possible or
/// the king has many targets, one pass over the enemy pieces answers for all squares at once,
/// otherwise each target is asked about on its own (cheaper on a crowded board).
#[inline(always)]
fn generate_king_moves_and_castling<S: MoveSink>(
    position: &Position,
    sink: &mut S,
    king: Square,
    not_ours: Bitboard,
    castles: [CastleCandidate; 2],
) {
    let candidates = king_attacks(king) & not_ours;
    let them = !position.side_to_move;
    // The king no longer shields squares behind it from sliders once it steps away.
    let occupied_without_king = position.occupied() ^ Bitboard::from_square(king);
    let castling_possible = castles[0].is_some() || castles[1].is_some();
    if !castling_possible && candidates.count() <= KING_TARGETS_CHECKED_ONE_BY_ONE {
        let mut safe = Bitboard::EMPTY;
        for to in candidates {
            if !position.is_attacked_by(to, them, occupied_without_king) {
                safe |= Bitboard::from_square(to);
            }
        }
        sink.piece_moves(king, safe);
        return;
    }
    let attacked = attacked_squares(position, them, occupied_without_king);
    sink.piece_moves(king, candidates & !attacked);
    // Castling is only a candidate when not in check, and then the map with or without the king
    // agrees on the back rank (a slider aimed through the king's square would be giving check).
    for (rook, king_to) in castles.into_iter().flatten() {
        let path = between(king, king_to) | Bitboard::from_square(king_to);
        if (path & attacked).non_empty() {
            continue;
        }
        // In Chess960 the castling rook may shield the king's destination from a rook or queen on
        // the same rank; it moves away, so look again along the rank without it.
        let straight = (position.by_kind[PieceKind::Rook.index()]
            | position.by_kind[PieceKind::Queen.index()])
            & position.by_color[them.index()];
        let without_rook = position.occupied() ^ Bitboard::from_square(rook);
        if (rook_attacks(king_to, without_rook) & straight).non_empty() {
            continue;
        }
        sink.special_move(Move::new(king, rook, MoveKind::Castle));
    }
}

const KING_TARGETS_CHECKED_ONE_BY_ONE: u32 = 2;

/// Every square `by` attacks when the board holds `occupied`. One pass over the enemy pieces is
/// cheaper than asking "is this square attacked?" for each of the king's up to eight targets.
#[inline(always)]
fn attacked_squares(position: &Position, by: Color, occupied: Bitboard) -> Bitboard {
    let theirs = position.by_color[by.index()];
    let pawns = position.by_kind[PieceKind::Pawn.index()] & theirs;
    let forward = pawns.shift_ranks(by == Color::White);
    let mut attacked = forward.shift_east() | forward.shift_west();
    for from in position.by_kind[PieceKind::Knight.index()] & theirs {
        attacked |= knight_attacks(from);
    }
    let queens = position.by_kind[PieceKind::Queen.index()];
    for from in (position.by_kind[PieceKind::Bishop.index()] | queens) & theirs {
        attacked |= bishop_attacks(from, occupied);
    }
    for from in (position.by_kind[PieceKind::Rook.index()] | queens) & theirs {
        attacked |= rook_attacks(from, occupied);
    }
    attacked | king_attacks(position.king_square(by))
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn generate_pawn_moves<S: MoveSink>(
    position: &Position,
    sink: &mut S,
    us: Color,
    king: Square,
    pinned: Bitboard,
    theirs: Bitboard,
    occupied: Bitboard,
    target_mask: Bitboard,
) {
    let pawns = position.pieces(us, PieceKind::Pawn);
    let white = us == Color::White;
    let forward: i8 = if white { 8 } else { -8 };
    let promotion_rank = Bitboard::rank(if white { 7 } else { 0 });
    let double_push_rank = Bitboard::rank(if white { 3 } else { 4 });
    let empty = !occupied;

    // Pinned pawns can only move along the pin line: a file pin allows pushes, a diagonal pin a
    // capture of the pinner. Unpinned pawns and file-pinned pawns (for pushes) go in bulk.
    let king_file = Bitboard::file(king.file());
    let pushers = pawns & (!pinned | king_file);
    let single = pushers.shift_ranks(white) & empty;
    let double = single.shift_ranks(white) & empty & double_push_rank & target_mask;
    let single = single & target_mask;
    sink.pawn_moves(single & !promotion_rank, forward, false);
    sink.pawn_moves(single & promotion_rank, forward, true);
    sink.pawn_moves(double, 2 * forward, false);

    let capturers = pawns & !pinned;
    let targets = theirs & target_mask;
    let (west, east) = if white {
        (capturers.shift_west().shift_ranks(true), capturers.shift_east().shift_ranks(true))
    } else {
        (capturers.shift_west().shift_ranks(false), capturers.shift_east().shift_ranks(false))
    };
    for (landing, delta) in [(west & targets, forward - 1), (east & targets, forward + 1)] {
        sink.pawn_moves(landing & !promotion_rank, delta, false);
        sink.pawn_moves(landing & promotion_rank, delta, true);
    }
    for from in pawns & pinned & !king_file {
        let captures = pawn_attacks(us, from) & targets & line(king, from);
        for to in captures {
            let delta = to.index() as i8 - from.index() as i8;
            sink.pawn_moves(Bitboard::from_square(to), delta, promotion_rank.contains(to));
        }
    }

    if let Some(en_passant) = position.en_passant {
        for from in pawn_attacks(!us, en_passant) & pawns {
            if en_passant_is_legal(position, us, king, from, en_passant) {
                sink.special_move(Move::new(from, en_passant, MoveKind::EnPassant));
            }
        }
    }
}

/// Plays the capture on a scratch occupancy and asks whether anything then attacks the king. Covers
/// every odd case at once: pins through both pawns on a rank, a diagonal pin of the capturer, a
/// check that the capture does or does not resolve.
#[inline(never)]
fn en_passant_is_legal(position: &Position, us: Color, king: Square, from: Square, to: Square) -> bool {
    let captured = Square::from_index_unchecked(from.rank() * 8 + to.file());
    let occupied = (position.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
        | Bitboard::from_square(to);
    let theirs = position.by_color[(!us).index()] ^ Bitboard::from_square(captured);
    (position.attackers_to(king, occupied) & theirs).is_empty()
}

/// The castling moves whose rights are held and whose king and rook paths are empty; attacks are
/// judged by [`generate_king_moves_and_castling`].
#[inline(always)]
fn castles_with_clear_paths(
    position: &Position,
    us: Color,
    king: Square,
    occupied: Bitboard,
) -> [CastleCandidate; 2] {
    let mut castles = [None; 2];
    if position.castling & (castling_bit(us, SHORT) | castling_bit(us, LONG)) == 0 {
        return castles;
    }
    for (side, castle) in castles.iter_mut().enumerate() {
        let Some(rook) = position.castling_rook(us, side) else { continue };
        let castling = Move::new(king, rook, MoveKind::Castle);
        let (king_to, rook_to) = (castling.king_destination(), castling.rook_destination());
        let must_be_empty = (between(king, king_to)
            | Bitboard::from_square(king_to)
            | between(rook, rook_to)
            | Bitboard::from_square(rook_to))
            & !Bitboard::from_square(king)
            & !Bitboard::from_square(rook);
        if (must_be_empty & occupied).is_empty() {
            *castle = Some((rook, king_to));
        }
    }
    castles
}
