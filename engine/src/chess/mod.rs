//! Standard chess and Chess960.

pub mod bitboard;
pub mod eval;
mod eval_cache;
pub mod fen;
mod generated;
#[cfg(any(feature = "compact", test))]
mod kindergarten;
#[cfg(any(feature = "compact", test))]
mod lines;
pub mod movegen;
pub mod moves;
pub mod nnue;
pub mod polyglot;
pub mod position;
mod search_profile;
pub mod see;
pub mod tablebase;
pub mod tables;
pub mod types;

pub use bitboard::Bitboard;
pub use eval::psqt;
pub use eval_cache::EvalCache;
pub use fen::{FenError, STARTPOS};
pub use movegen::{count_moves, generate_moves, ChessMoveList, MoveSink, MAX_MOVES};
pub use moves::{Move, MoveKind, UciMove};
pub use polyglot::polyglot_move;
pub use position::{Position, Undo};
pub use types::{Color, Piece, PieceKind, Square};

use crate::game::Game;
use crate::score::Score;

impl Game for Position {
    type Move = Move;
    type Undo = Undo;
    type MoveList = ChessMoveList;
    type MoveText = UciMove;

    #[inline]
    fn generate_moves(&self, moves: &mut ChessMoveList) {
        movegen::generate_moves(self, moves);
    }

    #[inline]
    fn make_move(&mut self, mv: Move) -> Undo {
        Position::make_move(self, mv)
    }

    #[inline]
    fn unmake_move(&mut self, mv: Move, undo: Undo) {
        Position::unmake_move(self, mv, undo);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        movegen::count_moves(self)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline(always)]
    fn key_after(&self, mv: Move) -> Option<u64> {
        Some(Position::key_after(self, mv))
    }

    fn move_text(&self, mv: Move) -> UciMove {
        mv.to_uci(self.chess960)
    }

    #[inline]
    fn evaluate(&self) -> Score {
        eval::evaluate(self)
    }

    type EvalCache = EvalCache;

    /// The network's evaluation when the cache has one, else the hand-crafted one; a known draw
    /// either way (the search's rule, so the hand-crafted terms and their trace stay as they are).
    #[inline(always)]
    fn evaluate_cached(&self, cache: &mut EvalCache) -> Score {
        if eval::two_knights_cannot_mate(self) {
            return Score::DRAW;
        }
        match cache.network.evaluate(self) {
            Some(score) => Score(score.clamp(-eval::EVAL_LIMIT, eval::EVAL_LIMIT)),
            None => eval::evaluate_cached(self, &mut cache.pawns),
        }
    }

    /// Syzygy, through the shell's probe, when the search thread was given tables.
    #[inline(always)]
    fn probe_endgame_tables(&self, cache: &mut EvalCache, depth: i32) -> Option<crate::TableVerdict> {
        cache.tables.as_ref()?.verdict(self, depth)
    }

    crate::nnue::network_cached_moves!();

    #[inline]
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    #[inline]
    fn generate_tactical_moves(&self, moves: &mut ChessMoveList) {
        movegen::generate_tactical_moves(self, moves);
    }

    #[inline]
    fn append_quiet_moves(&self, moves: &mut ChessMoveList) {
        movegen::append_quiet_moves(self, moves);
    }

    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        self.piece_on(mv.to()).is_some() && mv.kind() != MoveKind::Castle
            || matches!(mv.kind(), MoveKind::EnPassant)
            || mv.promotion().is_some()
    }

    #[inline]
    fn gives_check(&self, mv: Move) -> bool {
        Position::gives_check(self, mv)
    }

    #[inline]
    fn tactical_order(&self, mv: Move) -> i32 {
        let victim = match mv.kind() {
            MoveKind::EnPassant => eval::PIECE_VALUES[0],
            MoveKind::Castle => 0,
            _ => self.piece_on(mv.to()).map_or(0, |piece| eval::PIECE_VALUES[piece.kind().index()]),
        };
        let promotion = mv.promotion().map_or(0, |kind| eval::PIECE_VALUES[kind.index()]);
        let attacker = self.piece_on(mv.from()).map_or(0, |piece| piece.kind().index() as i32);
        (victim + promotion) * 8 - attacker
    }

    #[inline]
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        see::see_at_least(self, mv, threshold)
    }

    fn no_move_score(&self, ply: usize) -> Score {
        if Position::in_check(self) {
            Score::mated_in(ply)
        } else {
            Score::DRAW
        }
    }

    /// The fifty-move rule does not take a checkmate away (FIDE 9.6.2: the mate delivered on the
    /// hundredth half-move wins), so the clock draws only when the side to move is not mated.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        (self.halfmove_clock >= 100 && !(Position::in_check(self) && movegen::count_moves(self) == 0))
            || eval::insufficient_material(self)
    }

    #[inline]
    fn reversible_plies(&self) -> usize {
        self.halfmove_clock as usize
    }

    /// Not in the compact build: its cuckoo table (80 KiB) would take most of a microcontroller's
    /// flash for a draw the search otherwise finds one ply later.
    const DETECTS_UPCOMING_REPETITION: bool = !crate::footprint::COMPACT;

    /// The key difference names the move (a cuckoo table of every piece move on an empty board); the
    /// move is then possible here when the line between its squares is clear and the piece on one
    /// of them (the other is empty, or it would be a capture) is the side to move's.
    #[inline]
    fn reaches_in_one_move(&self, earlier: u64) -> bool {
        let Some((a, b)) = tables::reversible_move_by_key(self.hash() ^ earlier) else {
            return false;
        };
        if (tables::between(a, b) & self.occupied()).non_empty() {
            return false;
        }
        match (self.piece_on(a), self.piece_on(b)) {
            (Some(piece), None) | (None, Some(piece)) => piece.color() == self.side_to_move(),
            _ => false,
        }
    }

    #[inline]
    fn correction_key(&self) -> Option<u64> {
        let pawns =
            [self.pieces(Color::White, PieceKind::Pawn).0, self.pieces(Color::Black, PieceKind::Pawn).0];
        let side = u64::from(self.side_to_move() == Color::Black).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        Some(eval::mix_pawns(pawns) ^ side)
    }

    #[inline]
    fn piece_correction_keys(&self) -> Option<[u64; 2]> {
        const MULTIPLIERS: [u64; 5] = [
            0x9E37_79B9_7F4A_7C15,
            0xC2B2_AE3D_27D4_EB4F,
            0x1656_67B1_9E37_79F9,
            0xA076_1D64_78BD_642F,
            0xE703_7ED1_A0B4_28DB,
        ];
        const KINDS: [PieceKind; 5] =
            [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::King];
        let side = u64::from(self.side_to_move() == Color::Black).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let key = |color: Color| {
            let pieces = KINDS.iter().zip(MULTIPLIERS);
            pieces.fold(side, |key, (&kind, multiplier)| {
                key ^ self.pieces(color, kind).0.wrapping_mul(multiplier)
            })
        };
        Some([key(Color::White), key(Color::Black) ^ 0x8EBC_6AF0_9C88_C6E3])
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let piece = self.piece_on(mv.from()).map_or(0, Piece::index);
        piece * 64 + mv.to().index()
    }

    /// The captured kind's index (a pawn for en passant), or 6 for a promotion that takes nothing.
    #[inline]
    fn victim_kind(&self, mv: Move) -> usize {
        match mv.kind() {
            MoveKind::EnPassant => PieceKind::Pawn.index(),
            _ => self.piece_on(mv.to()).map_or(6, |piece| piece.kind().index()),
        }
    }

    #[inline]
    fn encode_move(mv: Move) -> u16 {
        mv.to_bits()
    }

    #[inline]
    fn decode_move(bits: u16) -> Move {
        Move::from_bits(bits)
    }

    #[inline]
    fn null_move_allowed(&self) -> bool {
        let us = self.side_to_move();
        let pawns_and_king = self.pieces(us, PieceKind::Pawn) | self.pieces(us, PieceKind::King);
        self.pieces_of(us) != pawns_and_king && !Position::in_check(self)
    }

    #[inline]
    fn make_null_move(&mut self) -> Undo {
        Position::make_null_move(self)
    }

    #[inline]
    fn unmake_null_move(&mut self, undo: Undo) {
        Position::unmake_null_move(self, undo);
    }
}

impl Position {
    /// The legal move whose UCI text is `text`. Castling is accepted both as king-to-destination
    /// (`e1g1`) and as king-takes-rook (`e1h1`), whatever the notation setting, because GUIs differ.
    /// The current notation is tried first. That matters in a Chess960 position whose king stands
    /// next to its castling square: castling prints as `b8c8` in standard notation, the same text as
    /// the king's step, and in Chess960 notation `b8c8` must be the step (castling is `b8a8` there).
    /// The promotion letter may come in either case (`e7e8Q`), as Stockfish reads it: some GUIs
    /// write it so.
    pub fn parse_uci_move(&self, text: &str) -> Option<Move> {
        let mut moves = ChessMoveList::new();
        movegen::generate_moves(self, &mut moves);
        [self.chess960, !self.chess960].into_iter().find_map(|chess960| {
            moves.iter().copied().find(|mv| same_uci_move(mv.to_uci(chess960).as_str(), text))
        })
    }
}

/// Whether `text` is the UCI move `uci`, the promotion letter (a fifth character) in either case.
fn same_uci_move(uci: &str, text: &str) -> bool {
    let (uci, text) = (uci.as_bytes(), text.as_bytes());
    uci.len() == text.len()
        && uci.iter().zip(text).enumerate().all(|(i, (a, b))| a == b || (i == 4 && a.eq_ignore_ascii_case(b)))
}
