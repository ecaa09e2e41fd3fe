//! What a game gives the generic inference: a leaf, so that the accumulators below the network
//! code can name it without importing the module that re-exports them.

/// A position a network evaluates: the game's glue to the generic inference.
pub trait Board {
    /// The input index of `piece` (the game's piece index) on `square` (the game's square index)
    /// seen from `perspective` (0 the first player, 1 the second), read mirrored left to right if
    /// `mirrored`: `types::nnue::feature` for chess, `types::nnue::xiangqi_feature` for xiangqi
    /// (which has no king-mirrored networks).
    fn feature(perspective: usize, piece: usize, square: usize, mirrored: bool) -> usize;

    /// Whether a king-mirrored network reads `perspective`'s inputs mirrored in this position (its
    /// king on the half it mirrors). Never, in a game without such networks.
    fn king_mirrors(&self, _perspective: usize) -> bool {
        false
    }

    /// The side to move: 0 the first player, 1 the second.
    fn side_to_move_index(&self) -> usize;

    /// Calls `visit(piece, square)` for every piece on the board.
    fn for_each_piece(&self, visit: impl FnMut(usize, usize));

    /// The pieces on the board, kings included: what chooses the output bucket.
    fn piece_count(&self) -> usize;
}
