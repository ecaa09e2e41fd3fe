//! One command generator per protocol, each with a small model of the session it drives.
//!
//! A generator draws commands from its protocol's vocabulary, often mutated, then reads the final
//! line the way the engine will (with the protocol's own parser where there is one) and keeps only
//! what is safe to send: no file written or read outside a few paths that cannot exist or are
//! refused, no hash table or bench above 64 MiB, no more than 8 threads unless the session was
//! drawn to try many. It also keeps the engine answerable in time, where the protocol itself says
//! a command waits: before a command that would wait for a long perft or bench it sends the
//! protocol's stop (`stop`, NBoard's `ping`); before a GTP `genmove` it gives a short clock; in
//! UCCI's batch mode it only asks for short searches. The model never reads the engine's output,
//! so a seed always draws the same commands.

pub mod gtp;
mod kit;
pub mod nboard;
pub mod ucci;
pub mod uci;

use crate::dice::Dice;
use crate::seeds::Seeds;
pub use kit::*;
use std::sync::Arc;

/// Makes the generator of `protocol` (`uci`, `ucci`, `nboard`, `gtp`).
pub fn fuzzer(protocol: &str, seeds: Arc<Seeds>, dice: &mut Dice) -> Option<Box<dyn Fuzzer>> {
    Some(match protocol {
        "uci" => Box::new(uci::Uci::new(seeds, dice)),
        "ucci" => Box::new(ucci::Ucci::new(seeds, dice)),
        "nboard" => Box::new(nboard::NBoard::new(seeds, dice)),
        "gtp" => Box::new(gtp::Gtp::new(seeds, dice)),
        _ => return None,
    })
}

/// The protocols the fuzzer drives.
pub const PROTOCOLS: [&str; 4] = ["uci", "ucci", "nboard", "gtp"];
