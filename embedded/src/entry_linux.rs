//! What a C runtime or a board's reset handler would do, and nothing more: the entry point paints
//! the stack region (so that its high-water mark can be read later), moves the stack pointer there
//! and calls [`crate::run`]; output and exit are two Linux system calls. x86-64 Linux only: on a
//! board these are the reset vector, a UART and a breakpoint (`docs/embedded.md`).

use core::arch::{asm, global_asm};

/// What the entry point fills the stack region with; a word that still holds it was never used.
pub const STACK_PAINT: u64 = 0x5A5A_A5A5_5A5A_A5A5;

// `_start` gets the kernel's stack pointer at `argc`, then `argv[0..argc]`. It keeps that pointer
// in `rdi` (the first argument of `entry`) while it paints `__stack_bottom..__stack_top` with
// `STACK_PAINT` and moves the stack there, 16-byte aligned as the ABI wants at a call.
global_asm!(
    ".section .text.entry, \"ax\"",
    ".global _start",
    "_start:",
    "    mov r12, rsp",
    "    lea rdi, [rip + __stack_bottom]",
    "    lea rcx, [rip + __stack_top]",
    "    sub rcx, rdi",
    "    shr rcx, 3",
    "    movabs rax, {paint}",
    "    cld",
    "    rep stosq",
    "    lea rsp, [rip + __stack_top]",
    "    and rsp, -16",
    "    mov rdi, r12",
    "    call {entry}",
    "    ud2",
    paint = const STACK_PAINT,
    entry = sym entry,
);

/// The program's arguments as the kernel laid them out: `argc`, then `argc` pointers to
/// NUL-terminated strings.
unsafe extern "C" fn entry(initial_stack: *const usize) -> ! {
    // SAFETY: the kernel starts a process with `argc` at the stack pointer and `argv` after it.
    let (argc, argv) = unsafe { (*initial_stack, initial_stack.add(1) as *const *const u8) };
    let first_argument = if argc >= 2 {
        // SAFETY: `argv[1]` exists when `argc >= 2` and points to a NUL-terminated string that
        // lives as long as the process.
        unsafe { core::ffi::CStr::from_ptr(*argv.add(1) as *const core::ffi::c_char) }.to_bytes()
    } else {
        &[]
    };
    exit(crate::run(first_argument))
}

/// Writes `bytes` to standard output (`write(2)`), as much of them as the kernel takes.
pub fn write(bytes: &[u8]) {
    let mut rest = bytes;
    while !rest.is_empty() {
        let written: isize;
        // SAFETY: `write` reads `rest.len()` bytes from `rest`, which is readable; the syscall
        // clobbers only `rcx` and `r11` besides its result in `rax`.
        unsafe {
            asm!(
                "syscall",
                inlateout("rax") 1isize => written,
                in("rdi") 1usize,
                in("rsi") rest.as_ptr(),
                in("rdx") rest.len(),
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
        if written <= 0 {
            return;
        }
        rest = &rest[written as usize..];
    }
}

/// Ends the process with `status` (`exit_group(2)`).
pub fn exit(status: i32) -> ! {
    // SAFETY: `exit_group` takes the status and does not return.
    unsafe {
        asm!("syscall", in("rax") 231usize, in("rdi") status as isize, options(noreturn, nostack));
    }
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    write(b"embedded: panic\n");
    exit(101)
}

/// The precompiled `core` was built to unwind and its landing pads name this personality routine;
/// fat LTO drops them, an unoptimized build keeps the reference. Never called: nothing unwinds.
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}
