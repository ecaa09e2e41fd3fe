//! Xiangqi (Chinese chess): the 9 x 10 board, FEN, legal move generation (palace, elephant eyes, horse
//! legs, cannon screens, the flying general), make/unmake with Zobrist hashing, static exchange
//! evaluation and the evaluation, behind the [`Game`] trait.
//!
//! Rules as played here (and as Pikafish and Fairy-Stockfish count perft): a move that leaves one's
//! own king attacked, or the two kings facing each other on an open file, is illegal; a side with no
//! legal move has lost, in check or not. Repetition rules need the game's history and live with the
//! search's repetition detection: [`Game::PERPETUAL_CHECK_LOSES`] makes the side that gave check
//! with every move of a repetition cycle lose; in a cycle without checks, [`chase`] makes the side
//! that chased the same piece with every move lose; every other repetition is a draw.

pub mod chase;
pub mod eval;
mod eval_cache;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod nnue;
pub mod position;
mod search_profile;
pub mod see;
pub mod tables;
pub mod types;

pub use eval::EvalTerms;
pub use eval_cache::EvalCache;
pub use fen::{looks_like_xiangqi_fen, FenError, STARTPOS};
pub use movegen::{count_moves, generate_captures, generate_moves, XiangqiMoveList, MAX_MOVES};
pub use moves::{Move, MoveText};
pub use position::{Position, Undo};
pub use types::{Color, Piece, PieceKind, Square};

use crate::game::Game;
use crate::score::Score;

/// Plies without a capture (checks discounted, see [`Position::make_move`]) after which the game is
/// drawn: the 60-move rule.
pub const NO_CAPTURE_DRAW_PLIES: u16 = 120;

impl Position {
    /// The legal move written `text` (`h2e2`), if there is one.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 {
            return None;
        }
        let mv = Move::new(Square::parse(&bytes[..2])?, Square::parse(&bytes[2..])?);
        let mut moves = XiangqiMoveList::new();
        generate_moves(self, &mut moves);
        moves.contains(&mv).then_some(mv)
    }

    /// The colour-flipped position (see [`Position::flipped`]), under the name Pikafish's `flip`
    /// command suggests.
    pub fn mirrored(&self) -> Position {
        self.flipped()
    }

    /// True if `mv` captures a piece.
    #[inline(always)]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to().index()].is_some()
    }

    /// True if the side to move has a rook, horse or cannon (null-move pruning needs one).
    fn has_major_piece(&self) -> bool {
        let us = self.side_to_move;
        (self.pieces(us, PieceKind::Rook)
            | self.pieces(us, PieceKind::Horse)
            | self.pieces(us, PieceKind::Cannon))
            != 0
    }
}

impl Game for Position {
    type Move = Move;
    type Undo = Undo;
    type MoveList = XiangqiMoveList;
    type MoveText = MoveText;

    #[inline]
    fn generate_moves(&self, moves: &mut XiangqiMoveList) {
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

    fn key_after(&self, mv: Move) -> Option<u64> {
        Some(Position::key_after(self, mv))
    }

    fn move_text(&self, mv: Move) -> MoveText {
        MoveText(mv)
    }

    #[inline]
    fn evaluate(&self) -> Score {
        eval::evaluate(self)
    }

    type EvalCache = EvalCache;

    /// The network's evaluation when the cache has one, else the linear one (the terms the cache
    /// asks for); all within [`eval::EVAL_LIMIT`].
    #[inline(always)]
    fn evaluate_cached(&self, cache: &mut EvalCache) -> Score {
        match cache.network.evaluate(self) {
            Some(score) => Score(score.clamp(-eval::EVAL_LIMIT, eval::EVAL_LIMIT)),
            None => match cache.terms {
                EvalTerms::All => eval::evaluate(self),
                terms => eval::evaluate_material(self, terms == EvalTerms::Tables),
            },
        }
    }

    crate::nnue::network_cached_moves!();

    #[inline]
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    #[inline]
    fn generate_tactical_moves(&self, moves: &mut XiangqiMoveList) {
        movegen::generate_captures(self, moves);
    }

    #[inline]
    fn append_quiet_moves(&self, moves: &mut XiangqiMoveList) {
        movegen::append_quiet_moves(self, moves);
    }

    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        self.is_capture(mv)
    }

    #[inline]
    fn gives_check(&self, mv: Move) -> bool {
        Position::gives_check(self, mv)
    }

    #[inline]
    fn tactical_order(&self, mv: Move) -> i32 {
        let victim = self.board[mv.to().index()].map_or(0, |piece| eval::PIECE_VALUES[piece.kind().index()]);
        let attacker =
            self.board[mv.from().index()].map_or(0, |piece| eval::PIECE_VALUES[piece.kind().index()]);
        victim * 16 - attacker / 64
    }

    #[inline]
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        see::see_at_least(self, mv, threshold)
    }

    fn no_move_score(&self, ply: usize) -> Score {
        // Checkmate and stalemate alike: the side without a move has lost.
        Score::mated_in(ply)
    }

    /// A side left without a move on the last ply of the no-capture count has lost, not drawn
    /// (Pikafish's `rule_judge`): the count draws only when the side to move can still move.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        (self.rule60 >= NO_CAPTURE_DRAW_PLIES && movegen::count_moves(self) != 0)
            || eval::insufficient_material(self)
    }

    #[inline]
    fn reversible_plies(&self) -> usize {
        self.halfmove_clock as usize
    }

    /// Pawns, advisors and elephants of both sides: the slow-changing structure (pawn chains and
    /// the palace's defence) whose misjudgement persists across a search.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        const MULTIPLIERS: [u64; 6] = [
            0x9E37_79B9_7F4A_7C15,
            0xC2B2_AE3D_27D4_EB4F,
            0x1656_67B1_9E37_79F9,
            0xD6E8_FEB8_6659_FD93,
            0xA076_1D64_78BD_642F,
            0xE703_7ED1_A0B4_28DB,
        ];
        let mut key = u64::from(self.side_to_move == Color::Black).wrapping_mul(0x8EBC_6AF0_9C88_C6E3);
        for (index, kind) in
            [PieceKind::Pawn, PieceKind::Advisor, PieceKind::Elephant].into_iter().enumerate()
        {
            for color in [Color::Red, Color::Black] {
                let set = self.by_piece[Piece::new(color, kind).index()];
                let folded = (set as u64) ^ ((set >> 64) as u64).rotate_left(23);
                key ^= folded.wrapping_mul(MULTIPLIERS[2 * index + color.index()]);
            }
        }
        Some(key)
    }

    #[inline]
    fn piece_correction_keys(&self) -> Option<[u64; 2]> {
        const MULTIPLIERS: [u64; 4] =
            [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xA076_1D64_78BD_642F];
        const KINDS: [PieceKind; 4] = [PieceKind::King, PieceKind::Horse, PieceKind::Rook, PieceKind::Cannon];
        let side = u64::from(self.side_to_move == Color::Black).wrapping_mul(0x8EBC_6AF0_9C88_C6E3);
        let key = |color: Color| {
            KINDS.iter().zip(MULTIPLIERS).fold(side, |key, (&kind, multiplier)| {
                let set = self.by_piece[Piece::new(color, kind).index()];
                let folded = (set as u64) ^ ((set >> 64) as u64).rotate_left(23);
                key ^ folded.wrapping_mul(multiplier)
            })
        };
        Some([key(Color::Red), key(Color::Black) ^ 0xD6E8_FEB8_6659_FD93])
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let piece = self.board[mv.from().index()].map_or(0, Piece::index);
        piece * 90 + mv.to().index()
    }

    #[inline]
    fn victim_kind(&self, mv: Move) -> usize {
        self.board[mv.to().index()].map_or(0, |piece| piece.kind().index())
    }

    #[inline]
    fn encode_move(mv: Move) -> u16 {
        mv.to_bits()
    }

    #[inline]
    fn decode_move(bits: u16) -> Move {
        Move::from_bits(bits)
    }

    /// Perpetual check loses (the Asian rules every xiangqi GUI applies).
    const PERPETUAL_CHECK_LOSES: bool = true;

    /// So does perpetual chase, judged as Pikafish judges it (see [`chase`]).
    const JUDGES_CHASES: bool = true;

    fn judge_repetition_cycle(&self, cycle: &[u16]) -> crate::game::CycleVerdict {
        chase::judge_cycle(self, cycle)
    }

    #[inline]
    fn null_move_allowed(&self) -> bool {
        self.has_major_piece() && !Position::in_check(self)
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

static_assertions::const_assert!(14 * 90 <= crate::game::HISTORY_SLOTS);
static_assertions::const_assert!(MAX_MOVES <= crate::game::MAX_MOVES);
