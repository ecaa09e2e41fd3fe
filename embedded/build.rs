//! Links the program freestanding on this machine's Linux target: no start files, no C library,
//! statically, at a fixed address, with `link.x` laying out the sections whose sizes the program
//! reports; on a Cortex-M target (`thumbv7em-none-eabihf`), with `cortex-m.x` for a board's flash
//! and RAM (`docs/embedded.md`).

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if target_os == "linux" && target_arch == "x86_64" {
        let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
        println!("cargo:rerun-if-changed=link.x");
        for arg in ["-nostartfiles", "-nostdlib", "-static", "-no-pie", "-Wl,--build-id=none"] {
            println!("cargo:rustc-link-arg-bins={arg}");
        }
        println!("cargo:rustc-link-arg-bins=-Wl,-T,{dir}/link.x");
    } else if target_arch == "arm" {
        // A bare-metal Cortex-M target links with rust-lld directly.
        let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
        println!("cargo:rerun-if-changed=cortex-m.x");
        println!("cargo:rustc-link-arg-bins=--nmagic");
        println!("cargo:rustc-link-arg-bins=-T{dir}/cortex-m.x");
    }
}
