//! The chess evaluation's weights as data: the parser and writer of `engine/data/chess_eval.txt`,
//! and the emitter of the Rust source the engine compiles from it.
//!
//! The data file is line-based so that people can read and edit it and the tuner can rewrite it:
//!
//! ```text
//! # Comment lines right above an item document it; a block followed by a blank line is a plain comment.
//! fixed NAME v              an integer the tuner leaves alone (structure rather than a weight)
//! fixed NAME[n] v ...       n of them
//! weight NAME mg,eg         a tuned middlegame/endgame weight
//! weight NAME[n] mg,eg ...  n tuned weights
//! material mg,eg ...        the tuned material values, pawn to king
//! table PAWN_MG             a tuned piece-square table: 8 rows of 8 integers on the next lines,
//!    0 0 0 ...              drawn from White's side (rank 8 first, file a on the left)
//! ```
//!
//! An item may continue on the following lines that start with whitespace. The parser, writer and
//! emitter are [`crate::eval_data`]'s, shared with xiangqi; this module says what is chess's.
//!
//! # The tuned parameters
//!
//! The tuner sees every tuned number as a middlegame/endgame [`Pair`], in one order shared with the
//! engine's coefficient model (`engine::chess::eval::coefficients`): first the six material values,
//! pawn to king ([`MATERIAL_PARAMS`]); then the piece-square tables, kind by kind, square by square
//! in the engine's order (a1 = 0, White's view; [`PSQT_PARAMS`]), the middlegame half from the
//! `KIND_MG` table and the endgame half from `KIND_EG`; then every `weight`, in file order, each
//! array element by element. The `weight`s are the engine's `WEIGHTS` array, and a `weight` named
//! `NAME` becomes `Param`/`Params<n>` constants indexing it.

use crate::eval_data::{self, DataFile, EvalGame, Layout};
pub use crate::eval_data::{emit, Entry, Item, Pair, ParseError, Value, VALUE_LIMIT};

/// Piece kinds in the engine's order; a table is named `KIND_MG` or `KIND_EG` after one of them.
pub const KINDS: [&str; 6] = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
/// Tuned material values: one per piece kind.
pub const MATERIAL_PARAMS: usize = KINDS.len();
/// Tuned piece-square values: one per piece kind and square.
pub const PSQT_PARAMS: usize = KINDS.len() * Chess::LAYOUT.squares();
/// Index of the first `weight` in the tuned-parameter order.
pub const WEIGHTS_BASE: usize = MATERIAL_PARAMS + PSQT_PARAMS;

/// Chess, as the data file describes it: tables of 8 rows of 8, squares named `a1` to `h8`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Chess;

impl EvalGame for Chess {
    const LAYOUT: Layout = Layout { files: 8, ranks: 8, first_rank_number: 1, kinds: &KINDS };
    const FILE: DataFile = DataFile { path: DATA_PATH, command: "eval" };
}

/// Where the engine keeps the committed data file (this crate's path on the machine that built it).
pub const DATA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/chess_eval.txt");

/// The whole chess data file.
pub type EvalData = eval_data::EvalData<Chess>;

/// Reads a data file; on a problem the message names the file and line.
pub fn load(path: &str) -> Result<EvalData, String> {
    eval_data::load(path)
}

/// Parses the data file's text and checks it (names, array lengths, value ranges, every table
/// present once, every item documented).
pub fn parse(text: &str) -> Result<EvalData, ParseError> {
    eval_data::parse(text)
}
