//! The chess network in the shell: which loops the core's inference runs (AVX2 when the CPU has
//! it, seen once at startup), `EvalFile` (another network, read at run time through the safe
//! file opener) and `export_net` (the embedded network written out).

use crate::files;
use engine::chess::nnue::{self, Network};

/// Whether `Use NNUE` starts on: the network plays unless the GUI switches it off.
pub const DEFAULT_USE_NNUE: bool = false;

/// The largest file `EvalFile` reads: the widest network the format allows (a file of another
/// width than the compiled one is then refused for its width, not its size).
pub const NETWORK_LIMIT: u64 = types::nnue::file_bytes(types::nnue::MAX_HIDDEN) as u64;

/// The name `export_net` writes to without a file name.
pub const EXPORT_NAME: &str = "chess_nnue.bin";

/// Environment variable that keeps the portable loops on a CPU with AVX2 (to measure them).
pub const NO_AVX2: &str = "TRISKEL_NO_AVX2";

/// Picks the inference's loops once, before any search: AVX2 when the CPU has it (the release
/// binary is built for x86-64-v2, so it cannot assume it) and [`NO_AVX2`] is not set.
pub fn init_simd() {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") && std::env::var_os(NO_AVX2).is_none() {
        // SAFETY: the CPU has AVX2, as `enable_avx2` requires.
        unsafe { nnue::simd::enable_avx2() };
    }
}

/// A one-line description of a network: its shape and where it came from.
pub fn describe(name: &str) -> String {
    format!("(768 -> {}) x 2 -> 1, {name}, {} loops", nnue::HIDDEN, nnue::simd::kernel())
}

/// The network in the file `path` (`EvalFile`): a regular file, at most [`NETWORK_LIMIT`] bytes,
/// a `TRSKNN01` network of the compiled width. A file equal to the embedded network is the
/// embedded network; another is kept for the life of the process (one allocation of its size per
/// file loaded: GUIs set `EvalFile` once).
pub fn load(path: &str) -> Result<&'static Network, String> {
    let bytes = files::read_capped(path, NETWORK_LIMIT)?;
    if bytes == nnue::FILE[..] {
        return Ok(&nnue::EMBEDDED);
    }
    let mut network = Box::new(nnue::EMBEDDED.clone());
    network.read(&bytes).map_err(|error| format!("{path}: {error}"))?;
    Ok(Box::leak(network))
}

/// Writes the embedded network's file to `path` (`export_net`), byte for byte what was compiled in.
pub fn export(path: &str) -> Result<(), String> {
    files::write(path, nnue::FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exported_network_loads_back_as_the_embedded_one() {
        let path = std::env::temp_dir().join(format!("triskel-nnue-{}", std::process::id()));
        let path = path.to_str().unwrap();
        export(path).unwrap();
        assert!(std::ptr::eq(load(path).unwrap(), &nnue::EMBEDDED));
        // The same network with another output bias: a network of its own, read into the
        // compiled layout.
        let mut bytes = nnue::FILE.to_vec();
        let at = bytes.len() - 4;
        bytes[at..].copy_from_slice(&12345i32.to_le_bytes());
        std::fs::write(path, &bytes).unwrap();
        let other = load(path).unwrap();
        assert!(*other != nnue::EMBEDDED);
        let start = engine::chess::Position::startpos();
        assert_ne!(nnue::evaluate(&start, other), nnue::evaluate(&start, &nnue::EMBEDDED));
        std::fs::write(path, &bytes[..100]).unwrap();
        assert!(load(path).unwrap_err().contains("bytes where the header's width needs"));
        assert!(load("/dev/zero").unwrap_err().contains("not a regular file"));
        let _ = std::fs::remove_file(path);
    }
}
