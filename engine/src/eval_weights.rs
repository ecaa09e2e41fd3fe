//! How evaluation code names its tunable weights, shared by chess and xiangqi (whose generated
//! weights, `tablegen::eval_data`'s output, name these types as `Param` and `Params<n>`).
//!
//! A weight is named by its index in the game's table of weights rather than by its value, so that
//! the term code hands the index to its sink, which either adds the weight (the evaluation) or counts
//! the use (the tuner's coefficients). The index is typed by the game's weight, so a chess index
//! cannot reach a xiangqi sink.

use core::marker::PhantomData;

/// A game's middlegame/endgame weight (packed or not, as the game's evaluation prefers), which
/// knows the game's table of tunable weights.
pub trait Weight: Copy + 'static {
    /// Every tunable weight of the game, in the order of its data file.
    const WEIGHTS: &'static [Self];
}

/// One tunable weight, named by its index in [`Weight::WEIGHTS`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Param<W>(usize, PhantomData<W>);

impl<W: Weight> Param<W> {
    /// The weight at `index` of [`Weight::WEIGHTS`].
    pub const fn new(index: usize) -> Param<W> {
        Param(index, PhantomData)
    }

    /// Index in [`Weight::WEIGHTS`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0
    }

    /// The weight's compiled value.
    pub const fn weight(self) -> W {
        W::WEIGHTS[self.0]
    }
}

/// `N` consecutive tunable weights (a weight per count or per rank): [`Params::at`] picks one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params<W, const N: usize>(usize, PhantomData<W>);

impl<W: Weight, const N: usize> Params<W, N> {
    /// The `N` weights from `first` on in [`Weight::WEIGHTS`].
    pub const fn new(first: usize) -> Params<W, N> {
        Params(first, PhantomData)
    }

    /// How many weights there are.
    pub const fn len(self) -> usize {
        N
    }

    /// Never: an array item of the data file has at least one value.
    pub const fn is_empty(self) -> bool {
        N == 0
    }

    /// The `index`-th weight.
    #[inline(always)]
    pub const fn at(self, index: usize) -> Param<W> {
        debug_assert!(index < N);
        Param::new(self.0 + index)
    }
}
