//! The chess network: its shape, forward and backward passes and quantized file ([`network`]),
//! and the trainer over `datagen`'s records ([`train`]).

pub mod network;
pub mod train;
