//! Board geometry the terms share, from one side's point of view ("forward" is towards the
//! enemy's first rank): a leaf below every term file, so that no term reaches it through the
//! evaluation that calls the terms.

use crate::chess::bitboard::Bitboard;
use crate::chess::types::{Color, Square};

/// The set moved one rank forward for `color`.
#[inline(always)]
pub(super) const fn forward(color: Color, set: Bitboard) -> Bitboard {
    set.shift_ranks(matches!(color, Color::White))
}

/// The set moved one rank backward for `color`.
#[inline(always)]
pub(super) const fn backward(color: Color, set: Bitboard) -> Bitboard {
    set.shift_ranks(matches!(color, Color::Black))
}

/// The set and every square in front of its squares, for `color`.
#[inline(always)]
pub(super) const fn fill_forward(color: Color, set: Bitboard) -> Bitboard {
    let mut bits = set.0;
    if matches!(color, Color::White) {
        bits |= bits << 8;
        bits |= bits << 16;
        bits |= bits << 32;
    } else {
        bits |= bits >> 8;
        bits |= bits >> 16;
        bits |= bits >> 32;
    }
    Bitboard(bits)
}

/// The set and every square behind its squares, for `color`.
#[inline(always)]
pub(super) const fn fill_backward(color: Color, set: Bitboard) -> Bitboard {
    fill_forward(
        match color {
            Color::White => Color::Black,
            Color::Black => Color::White,
        },
        set,
    )
}

/// Every file holding a square of the set.
#[inline(always)]
pub(super) const fn file_fill(set: Bitboard) -> Bitboard {
    Bitboard(fill_forward(Color::White, set).0 | fill_forward(Color::Black, set).0)
}

/// The squares beside the set's squares, on the neighbouring files.
#[inline(always)]
pub(super) const fn beside(set: Bitboard) -> Bitboard {
    Bitboard(set.shift_east().0 | set.shift_west().0)
}

/// Every square `color`'s pawns attack.
#[inline(always)]
pub(super) const fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    beside(forward(color, pawns))
}

/// The rank `relative` (0 = own first rank) seen from `color`'s side.
#[inline(always)]
pub(super) const fn relative_rank(color: Color, relative: u8) -> Bitboard {
    Bitboard::rank(if matches!(color, Color::White) { relative } else { 7 - relative })
}

/// The square of the set nearest to `color`'s first rank (the set is not empty).
#[inline(always)]
pub(super) const fn rearmost(color: Color, set: Bitboard) -> Square {
    match color {
        Color::White => set.first_square(),
        Color::Black => Square::from_index_unchecked(63 - set.0.leading_zeros() as u8),
    }
}

/// King steps between two squares (Chebyshev distance).
#[inline(always)]
pub(super) const fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    if files > ranks {
        files
    } else {
        ranks
    }
}

/// Light squares (b1, a2, ...).
pub(super) const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
