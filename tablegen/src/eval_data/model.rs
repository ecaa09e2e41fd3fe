//! What a data file holds, as values: a leaf under the parser and writer (`eval_data.rs`) and the
//! emitter (`source.rs`), which both speak it.

use std::fmt;
use std::marker::PhantomData;

/// The board and pieces that a data file's tables and material describe. A table is drawn from the
/// first player's side, last rank first; the engine numbers squares from the first player's first
/// rank, file a first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Layout {
    /// Files of the board: the cells of a table row.
    pub files: usize,
    /// Ranks of the board: the rows of a table.
    pub ranks: usize,
    /// The number of the first rank in square names (`a1` in chess, `a0` in xiangqi).
    pub first_rank_number: usize,
    /// Piece kinds in the engine's order, which is the order of the material values; a table is
    /// named `KIND_MG` or `KIND_EG` after one of them.
    pub kinds: &'static [&'static str],
}

impl Layout {
    /// Squares of the board: the cells of a table.
    pub const fn squares(&self) -> usize {
        self.files * self.ranks
    }

    /// Index into a table's written cells (last rank first) of engine square `square` (file a of
    /// the first rank = 0).
    pub(super) fn written_cell(&self, square: usize) -> usize {
        (self.ranks - 1 - square / self.files) * self.files + square % self.files
    }

    /// `pawn to king`: the order of the material values, for messages.
    pub(super) fn material_order(&self) -> String {
        let (first, last) = (self.kinds[0], self.kinds[self.kinds.len() - 1]);
        format!("{} to {}", first.to_lowercase(), last.to_lowercase())
    }
}

/// Where a game's committed data file is, and how to see the source generated from it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DataFile {
    /// The file (this crate's path on the machine that built it).
    pub path: &'static str,
    /// The `tablegen` argument that prints the generated source.
    pub command: &'static str,
}

/// A game whose evaluation's weights are a data file in this format. (A unit type: the bounds let
/// [`EvalData`] derive its traits for every game.)
pub trait EvalGame: Copy + Eq + fmt::Debug {
    /// Its board and pieces.
    const LAYOUT: Layout;
    /// Its committed data file.
    const FILE: DataFile;
}

/// Largest magnitude of a tuned value: packed middlegame/endgame sums must stay within `i16`.
pub const VALUE_LIMIT: i32 = 4_000;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pair {
    /// Middlegame centipawns.
    pub mg: i32,
    /// Endgame centipawns.
    pub eg: i32,
}

impl Pair {
    /// The pair `mg`, `eg`.
    pub const fn new(mg: i32, eg: i32) -> Pair {
        Pair { mg, eg }
    }
}

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{},{}", self.mg, self.eg))
    }
}

/// What an item holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// `fixed NAME v`.
    Fixed(i32),
    /// `fixed NAME[n] v ...`.
    FixedArray(Vec<i32>),
    /// `weight NAME mg,eg`.
    Weight(Pair),
    /// `weight NAME[n] mg,eg ...`.
    WeightArray(Vec<Pair>),
    /// `material mg,eg ...`: one per piece kind, in [`Layout::kinds`] order.
    Material(Vec<Pair>),
    /// `table NAME`: one cell per square in written order (last rank first, file a first within a
    /// rank).
    Table(Box<[i32]>),
}

/// One named item with its documentation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    /// The comment lines right above it, without the leading `# `.
    pub doc: Vec<String>,
    /// The constant's name (`MATERIAL` for the material item).
    pub name: String,
    /// The numbers.
    pub value: Value,
}

/// A plain comment block or an item, in file order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry {
    /// Comment lines followed by a blank line, without the leading `# `.
    Comment(Vec<String>),
    /// A documented item.
    Item(Item),
}

/// The whole data file of game `G`. The game is part of the type so that one game's weights cannot
/// be handed to the other's tuner.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EvalData<G> {
    /// Comments and items in file order.
    pub entries: Vec<Entry>,
    pub(super) game: PhantomData<G>,
}

/// A problem in the data file, at a 1-based line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// Line of the problem (the item's first line for problems of a whole item; 0 for the file).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}
