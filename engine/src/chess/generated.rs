//! The chess tables `tablegen` computes at build time (`cargo run -p tablegen -- all` prints
//! them), included from `OUT_DIR`, and the one type they are made of. Their lookups are in
//! [`super::tables`] and, for the compact build's sliders, `kindergarten` and `lines`.

// Each build looks up the subset it needs: the full one the magics and square-by-square tables,
// the compact one `LINE_MASKS` and the kindergarten tables.
#![allow(dead_code)]

/// One square's fancy-magic entry (the generated `ROOK_MAGICS`/`BISHOP_MAGICS` are arrays of these).
#[derive(Clone, Copy, Debug)]
pub struct Magic {
    pub(super) mask: u64,
    pub(super) magic: u64,
    pub(super) shift: u8,
    pub(super) offset: u32,
}

include!(concat!(env!("OUT_DIR"), "/chess_tables.rs"));
