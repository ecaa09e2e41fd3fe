//! The networks: a game's inputs ([`FeatureSet`]), the shape, forward and backward passes and
//! quantized file ([`network`]), and the trainer over `datagen`'s records ([`train`]). Chess and
//! xiangqi share all of it; what differs is the [`FeatureSet`] below.

pub mod network;
pub mod train;

use crate::datagen::record::{Packed, Record};
use crate::games::Tunable;
use types::nnue::Format;

/// What the trainer needs of a game beyond its records: its network file's [`Format`] (magic and
/// inputs per perspective) and the input a piece on a square gives each perspective. Both come
/// from `types::nnue`, the one definition the engine's inference reads too.
pub trait FeatureSet: Tunable + Packed {
    /// The game's network file.
    const FORMAT: Format;
    /// The input index of `piece` (the record's piece index) on `square` seen from `perspective`
    /// (0 the first player, 1 the second), mirrored left to right if `mirrored`.
    fn feature(perspective: usize, piece: usize, square: usize, mirrored: bool) -> usize;

    /// Whether a king-mirrored network reads `perspective`'s inputs of `record` mirrored (never in
    /// a game without such networks).
    fn king_mirrors(_record: &Self::Record, _perspective: usize) -> bool {
        false
    }

    /// The active inputs of `record` from each perspective, the side to move's first, for a
    /// network whose inputs are king-mirrored or not (`mirrored`).
    fn features(record: &Self::Record, mirrored: bool) -> [impl Iterator<Item = u16> + '_; 2] {
        let us = usize::from(!record.first_player_to_move());
        [us, us ^ 1].map(|perspective| {
            let mirrored = mirrored && Self::king_mirrors(record, perspective);
            record.pieces().iter().map(move |&(square, piece)| {
                Self::feature(perspective, usize::from(piece), usize::from(square), mirrored) as u16
            })
        })
    }
}

/// Chess: 2 x 6 kinds x 64 squares, black's view with its ranks mirrored (`TRSKNN01`).
impl FeatureSet for engine::chess::Position {
    const FORMAT: Format = types::nnue::CHESS;
    fn feature(perspective: usize, piece: usize, square: usize, mirrored: bool) -> usize {
        types::nnue::feature(perspective, piece, square, mirrored)
    }

    fn king_mirrors(record: &Self::Record, perspective: usize) -> bool {
        let king = types::nnue::king_piece(perspective);
        record
            .pieces()
            .iter()
            .any(|&(square, piece)| usize::from(piece) == king && types::nnue::king_mirrors(square.into()))
    }
}

/// Xiangqi: 2 x 7 kinds x 90 squares, black's view with its ranks mirrored (`TRSKXQ01`).
impl FeatureSet for engine::xiangqi::Position {
    const FORMAT: Format = types::nnue::XIANGQI;
    fn feature(perspective: usize, piece: usize, square: usize, _mirrored: bool) -> usize {
        types::nnue::xiangqi_feature(perspective, piece, square)
    }
}

/// Each perspective's active features of `position`, side to move's first, as the trainer builds
/// them for a network king-mirrored or not: through the game's packed record (what `net-eval`
/// evaluates, and the tests compare the engine with).
pub fn record_features<G: FeatureSet>(position: &G, mirrored: bool) -> [Vec<u16>; 2] {
    use crate::datagen::record::Record;
    let mut bytes = Vec::new();
    position.pack(0, 1, &mut bytes);
    let record = G::Record::unpack(&bytes).expect("a position packs into a record that unpacks");
    G::features(&record, mirrored).map(Iterator::collect::<Vec<u16>>)
}
