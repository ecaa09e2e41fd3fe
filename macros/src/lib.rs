//! Procedural macros for triskel.
//!
//! # `piece_square_table!`
//!
//! Piece-square tables are written, read and tuned by people, who picture a board diagram: the
//! far side at the top, file a on the left. The engine wants the opposite order, a flat array
//! indexed by its square numbers, and one table per colour. [`piece_square_table!`] lets the table
//! be written as the diagram and expands, at compile time, to the array the engine indexes.
//!
//! ## Orientation
//!
//! - **As written:** the top row is the rank farthest from White (rank 8 in chess, rank 9 in
//!   xiangqi), the bottom row is White's back rank (rank 1, or rank 0 in xiangqi), and the left
//!   column is file a. That is a diagram seen from White's (Red's) side.
//! - **As stored:** the engine numbers squares `rank * FILES + file`, rank 0 being White's back
//!   rank and file 0 file a, so in chess a1 = 0, h1 = 7, a8 = 56, h8 = 63, and in xiangqi
//!   a0 = 0, i9 = 89. The macro therefore emits the written rows bottom row first.
//! - **Colours:** the result is indexed `[colour][square]` with White (Red) = 0 and Black = 1.
//!   Black's table is White's mirrored vertically: `black[sq] = white[mirror(sq)]`, where
//!   `mirror` maps rank `r` to rank `RANKS - 1 - r` and keeps the file. It is a mirror and not a
//!   180° rotation because the armies face each other that way: both queens start on the
//!   d-file, so a white knight's bonus on f3 is a black knight's bonus on f6, not on c6.
//! - **Signs:** values are copied, never negated. The evaluator applies the side's sign, so
//!   both colours' tables read "how good is this square for the piece's owner".
//!
//! Storing Black's table, rather than mirroring the square on every lookup, makes a lookup a
//! plain `TABLE[colour][square]` with no branch or arithmetic on the colour.
//!
//! ## Input
//!
//! ```text
//! #[attributes and /// doc comments]
//! VISIBILITY const NAME: [[T; N]; 2] = [ ROW ROW ... ];
//! ```
//!
//! - `N` picks the board: 64 is chess (8 files, 8 rows), 90 is xiangqi (9 files, 10 rows). It
//!   must be written as a literal, since the macro reads the board size from it.
//! - `T` is any integer primitive (`i8` to `i128`, `u8` to `u128`, `isize`, `usize`).
//! - Each `ROW` is `[CELL CELL ...]`, one per rank, top rank first. Each `CELL` is an integer
//!   literal without suffix, optionally preceded by `-`. Commas between cells and between rows
//!   are allowed but not needed; `-` always belongs to the literal after it, so `[0 -5]` is
//!   two cells.
//! - The literals are emitted unchanged, with their own spans, so rustc type-checks them against
//!   `T`: a value out of range for `T`, or a negative value for an unsigned `T`, is an ordinary
//!   compile error pointing at that cell.
//! - `[T; N]` (no colour dimension) gives White's table alone, in engine order, without a
//!   mirror.
//!
//! Attributes, doc comments and visibility are kept on the emitted `const`.
//!
//! ## Expansion
//!
//! For `pub const KNIGHT_MG: [[i16; 64]; 2] = [...];` the macro emits
//!
//! ```text
//! pub const KNIGHT_MG: [[i16; 64]; 2] = [[/* White, a1..h8 */], [/* Black, a1..h8 */]];
//! const _: () = { /* assert: KNIGHT_MG[1][sq] == KNIGHT_MG[0][mirror(sq)] for every sq */ };
//! ```
//!
//! The second item checks at compile time that the two colours are exact mirrors. The macro
//! builds both from the same cells, so it cannot fail today; it is there so that a change to the
//! macro, or an expansion pasted and edited by hand, breaks the build instead of quietly making
//! the two sides evaluate the same position differently. Because of it the macro must be used
//! where items may appear with a `const _` beside them: in a module or a function body, not in
//! an `impl` block.
//!
//! Malformed input is a compile error at the offending token: a missing or extra row, a row with
//! the wrong number of cells (the message names the rank), a cell that is not an integer
//! literal, an element type that is not an integer, or a length that is not 64 or 90.
//!
//! ## Example
//!
//! ```
//! macros::piece_square_table! {
//!     /// Knight middlegame bonus, drawn from White's side.
//!     pub const KNIGHT_MG: [[i16; 64]; 2] = [
//!         [-50 -40 -30 -30 -30 -30 -40 -50]   // rank 8
//!         [-40 -20   0   0   0   0 -20 -40]
//!         [-30   0  10  15  15  10   0 -30]
//!         [-30   5  15  20  20  15   5 -30]
//!         [-30   0  15  20  20  15   0 -30]
//!         [-30   5  10  15  15  10   5 -30]
//!         [-40 -20   0   5   5   0 -20 -40]
//!         [-50 -40 -30 -30 -30 -30 -40 -51]   // rank 1
//!     ];
//! }
//!
//! const WHITE: usize = 0;
//! const BLACK: usize = 1;
//! const H1: usize = 7;
//! const H8: usize = 63;
//! const B3: usize = 2 * 8 + 1;
//! const B6: usize = 5 * 8 + 1;
//!
//! // h1 is the bottom-right cell as written; for Black it is the corner across the board, h8.
//! assert_eq!(KNIGHT_MG[WHITE][H1], -51);
//! assert_eq!(KNIGHT_MG[BLACK][H8], -51);
//! assert_eq!(KNIGHT_MG[BLACK][H1], -50);
//! // A white knight on b3 scores what a black knight scores on b6, and not what a white one
//! // scores on b6.
//! assert_eq!(KNIGHT_MG[WHITE][B3], 5);
//! assert_eq!(KNIGHT_MG[BLACK][B6], 5);
//! assert_eq!(KNIGHT_MG[WHITE][B6], 0);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod board_mask;
mod piece_square_table;

use proc_macro::TokenStream;

/// Declare a piece-square table as a board diagram, top row = the rank farthest from White,
/// left column = file a; expands to a `const` in the engine's `[colour][square]` order.
///
/// See the [crate documentation](crate) for the orientation rules, the accepted input and the
/// exact expansion.
///
/// ```
/// macros::piece_square_table! {
///     /// Pawn bonus: push towards promotion.
///     const PAWN: [[i8; 64]; 2] = [
///         [0  0  0  0  0  0  0  0]
///         [50 50 50 50 50 50 50 50]
///         [10 10 20 30 30 20 10 10]
///         [5  5 10 25 25 10  5  5]
///         [0  0  0 20 20  0  0  0]
///         [5 -5 -10 0  0 -10 -5 5]
///         [5 10 10 -20 -20 10 10 5]
///         [0  0  0  0  0  0  0  0]
///     ];
/// }
/// // e7 (rank index 6) is one step from promotion for White, but Black's e-pawn starts there
/// // and gets the unmoved-centre-pawn penalty White's gets on e2.
/// const E2: usize = 1 * 8 + 4;
/// const E7: usize = 6 * 8 + 4;
/// assert_eq!(PAWN[0][E7], 50);
/// assert_eq!(PAWN[1][E7], -20);
/// assert_eq!(PAWN[0][E2], -20);
/// ```
#[proc_macro]
pub fn piece_square_table(input: TokenStream) -> TokenStream {
    syn::parse_macro_input!(input as piece_square_table::Table)
        .expand()
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// A set of squares drawn as an 8x8 diagram, as the `u64` bitboard the engine tests squares
/// against: `board_mask!(GAME, "ROW", ...)`, eight rows of eight cells, `x` in the mask and `.`
/// not (spaces inside a row are ignored). `GAME` sets the orientation: `chess` draws rank 8 on
/// top, `othello` row 1 on top as NBoard does; file or column a is on the left, and a1 is bit 0
/// in both.
///
/// ```
/// const A1: u64 = macros::board_mask!(chess,
///     "........", "........", "........", "........",
///     "........", "........", "........", "x.......",
/// );
/// const OTHELLO_A1: u64 = macros::board_mask!(othello,
///     "x.......", "........", "........", "........",
///     "........", "........", "........", "........",
/// );
/// assert_eq!(A1, 1);
/// assert_eq!(OTHELLO_A1, 1);
/// const H8: u64 = macros::board_mask!(chess,
///     ".......x", "........", "........", "........",
///     "........", "........", "........", "........",
/// );
/// assert_eq!(H8, 1 << 63);
/// ```
#[proc_macro]
pub fn board_mask(input: TokenStream) -> TokenStream {
    syn::parse_macro_input!(input as board_mask::Mask)
        .expand()
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
