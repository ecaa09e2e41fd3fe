//! The compact engine core as a microcontroller runs it, freestanding on this machine: no `std`,
//! no `alloc`, no C library, its own entry point (`entry`), every byte of memory static
//! (`memory`). It runs the self-checks (`checks`), measures its own flash, RAM and stack peak
//! (`budget`), and prints one line:
//!
//! ```text
//! embedded: flash=N ram=M stack=S nodes=K ok
//! ```
//!
//! It exits 0 only when every check held; otherwise it prints `embedded: FAILED <check>` and exits
//! with the check's family (2 perft, 3 best move, 4 budget). The first argument `break-perft` or
//! `break-best-move` makes one expectation wrong, so that a test can see each check fail.

#![no_std]
#![no_main]

mod budget;
mod checks;
// What starts the program and talks to the world: Linux system calls here, a reset handler and
// semihosting on a Cortex-M board.
#[cfg_attr(target_arch = "x86_64", path = "entry_linux.rs")]
#[cfg_attr(target_arch = "arm", path = "entry_cortex_m.rs")]
mod entry;
mod memory;
mod text;

// The C library's memory functions, which nothing else here provides.
extern crate mem;

use checks::Broken;
use text::Line;

/// Flash a chess board's microcontroller has for the engine (the budget `make embedded` holds to).
const FLASH_BUDGET: usize = 128 * 1024;
/// RAM for data, statics and the stack's peak.
const RAM_BUDGET: usize = 64 * 1024;

/// The whole program, from the first argument; its exit status.
fn run(argument: &[u8]) -> i32 {
    let broken = match argument {
        b"break-perft" => Broken::Perft,
        b"break-best-move" => Broken::BestMove,
        _ => Broken::Nothing,
    };
    let Some(mut memory) = memory::Memory::take() else { return fail(b"memory", 5) };
    if let Err(name) = checks::perft_counts(broken) {
        return fail(name.as_bytes(), 2);
    }
    let nodes = match checks::best_moves(broken, &mut memory) {
        Ok(nodes) => nodes,
        Err(name) => return fail(name.as_bytes(), 3),
    };
    let budget = budget::measure();
    let mut line = Line::new();
    line.text(b"embedded: flash=").number(budget.flash as u64);
    line.text(b" ram=").number(budget.ram as u64);
    line.text(b" stack=").number(budget.stack as u64);
    line.text(b" nodes=").number(nodes);
    let within =
        budget.flash <= FLASH_BUDGET && budget.ram <= RAM_BUDGET && budget.stack < budget.stack_reserved;
    line.text(if within { b" ok\n" } else { b" over budget\n" });
    entry::write(line.bytes());
    if within {
        0
    } else {
        4
    }
}

/// Reports the failed check and gives the exit status.
fn fail(name: &[u8], status: i32) -> i32 {
    let mut line = Line::new();
    line.text(b"embedded: FAILED ").text(name).text(b"\n");
    entry::write(line.bytes());
    status
}
