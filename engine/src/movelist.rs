//! A fixed-capacity list: the move lists of every game live on the stack, never on the heap.

use core::ops::{Deref, DerefMut};

/// Up to `N` items of a `Copy` type in an inline array.
#[derive(Clone, Copy)]
pub struct MoveList<M: Copy + Default, const N: usize> {
    items: [M; N],
    len: usize,
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        Self { items: [M::default(); N], len: 0 }
    }

    /// Appends `item`. Generators size `N` to the game's proven maximum, so a full list is a bug in
    /// the generator: debug builds stop there, release builds drop the item rather than write out of
    /// bounds.
    #[inline(always)]
    pub fn push(&mut self, item: M) {
        debug_assert!(self.len < N, "move list overflow");
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Capacity `N`.
    pub const fn capacity(&self) -> usize {
        N
    }
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline(always)]
    fn deref(&self) -> &[M] {
        &self.items[..self.len]
    }
}

impl<M: Copy + Default, const N: usize> DerefMut for MoveList<M, N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.items[..self.len]
    }
}

impl<M: Copy + Default + core::fmt::Debug, const N: usize> core::fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
