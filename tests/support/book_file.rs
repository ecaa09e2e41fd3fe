//! Book files for the book tests: 16-byte big-endian records (key, move code, weight, learn) in the
//! temporary directory, removed when dropped.

use std::path::PathBuf;

/// A book file whose name has a space in it, as file names from GUIs may.
pub struct BookFile {
    path: PathBuf,
}

impl BookFile {
    /// Writes `entries` (key, move text, weight), the moves coded by `encode`, sorted by key as the
    /// format requires.
    pub fn new(name: &str, entries: &[(u64, &str, u16)], encode: fn(&str) -> u16) -> BookFile {
        let mut entries = entries.to_vec();
        entries.sort_by_key(|&(key, _, _)| key);
        let mut bytes = Vec::new();
        for (key, text, weight) in entries {
            bytes.extend(key.to_be_bytes());
            bytes.extend(encode(text).to_be_bytes());
            bytes.extend(weight.to_be_bytes());
            bytes.extend(0u32.to_be_bytes()); // learn
        }
        BookFile::raw(name, &bytes)
    }

    /// A file of exactly `bytes`.
    pub fn raw(name: &str, bytes: &[u8]) -> BookFile {
        let path = std::env::temp_dir().join(format!("triskel book {} {name}.bin", std::process::id()));
        std::fs::write(&path, bytes).expect("the temporary directory is writable");
        BookFile { path }
    }

    pub fn path(&self) -> &str {
        self.path.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for BookFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
