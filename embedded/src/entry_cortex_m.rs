//! The program on a Cortex-M4F board (`thumbv7em-none-eabihf`, `cortex-m.x`): the reset handler
//! paints the stack region, copies `.data` from flash, zeroes `.bss`, enables the FPU and calls
//! [`crate::run`]; output and exit go to the debugger by semihosting (`bkpt 0xab`), which
//! `qemu-system-arm -semihosting` and probe-rs also serve. Built on this machine, not run: it has
//! neither a board nor an emulator (`docs/embedded.md`).

use core::arch::{asm, global_asm};

/// What the reset handler fills the stack region with, a 32-bit word twice over.
pub const STACK_PAINT: u64 = 0x5A5A_A5A5_5A5A_A5A5;

/// The vector table's first two words: the initial stack pointer, which the core loads itself, and
/// the reset handler. No other exception is used.
#[link_section = ".vector_table.reset"]
#[no_mangle]
#[used]
static RESET_VECTOR: unsafe extern "C" fn() -> ! = reset;

extern "C" {
    /// The reset handler below.
    fn reset() -> !;
}

global_asm!(
    ".section .text.reset, \"ax\"",
    ".global reset",
    ".type reset, %function",
    ".thumb_func",
    "reset:",
    // Paint the whole stack region: nothing has been pushed yet.
    "    ldr r0, =__stack_bottom",
    "    ldr r1, =__stack_top",
    "    ldr r2, ={paint}",
    "1:  cmp r0, r1",
    "    bhs 2f",
    "    str r2, [r0], #4",
    "    b 1b",
    // `.data`'s initial values, from flash.
    "2:  ldr r0, =__data_start",
    "    ldr r1, =__data_end",
    "    ldr r2, =__data_load",
    "3:  cmp r0, r1",
    "    bhs 4f",
    "    ldr r3, [r2], #4",
    "    str r3, [r0], #4",
    "    b 3b",
    // `.bss`, zeroed.
    "4:  ldr r0, =__bss_start",
    "    ldr r1, =__bss_end",
    "    movs r2, #0",
    "5:  cmp r0, r1",
    "    bhs 6f",
    "    str r2, [r0], #4",
    "    b 5b",
    // Full access to the FPU (CP10 and CP11 in CPACR): `eabihf` code may use its registers.
    "6:  ldr r0, =0xE000ED88",
    "    ldr r1, [r0]",
    "    orr r1, r1, #(0xF << 20)",
    "    str r1, [r0]",
    "    dsb",
    "    isb",
    "    bl {main}",
    "    udf #0",
    paint = const STACK_PAINT as u32,
    main = sym board_main,
);

/// Runs the program; a board has no arguments.
extern "C" fn board_main() -> ! {
    exit(crate::run(&[]))
}

/// Semihosting operations.
const SYS_WRITEC: usize = 0x03;
const SYS_EXIT_EXTENDED: usize = 0x20;
/// `ADP_Stopped_ApplicationExit`: the program ended, with the status beside it.
const APPLICATION_EXIT: usize = 0x20026;

/// One semihosting call.
fn semihosting(operation: usize, argument: usize) {
    // SAFETY: `bkpt 0xab` hands `r0` and `r1` to the debugger, which answers in `r0`; with a
    // debugger attached nothing else changes, and the arguments point to live memory.
    unsafe { asm!("bkpt 0xab", inout("r0") operation => _, in("r1") argument, options(nostack)) };
}

/// Writes `bytes` to the debugger's console, a character at a time.
pub fn write(bytes: &[u8]) {
    for byte in bytes {
        semihosting(SYS_WRITEC, byte as *const u8 as usize);
    }
}

/// Ends the program with `status` and parks the core if the debugger does not stop it.
pub fn exit(status: i32) -> ! {
    let block = [APPLICATION_EXIT, status as usize];
    semihosting(SYS_EXIT_EXTENDED, block.as_ptr() as usize);
    loop {
        // SAFETY: waits for an interrupt; none is enabled, so this parks the core.
        unsafe { asm!("wfi", options(nomem, nostack)) };
    }
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    write(b"embedded: panic\n");
    exit(101)
}
