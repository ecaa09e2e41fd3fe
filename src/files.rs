//! Files a user names (a book, a debug log, a bench FEN file, a network), opened so that a wrong
//! name cannot hang or exhaust the engine: only regular files are read (a device such as
//! `/dev/zero` reads for ever, a FIFO blocks until someone writes), and only up to a size cap.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

/// Largest book: 256 MiB, 16 million entries, more than any Polyglot book in use.
pub const BOOK_LIMIT: u64 = 256 << 20;
/// Largest FEN or position file a command reads.
pub const TEXT_LIMIT: u64 = 64 << 20;

/// Refuses what is not a regular file (a missing file passes: opening it says so).
fn check_regular(path: &str) -> Result<(), String> {
    match std::fs::metadata(Path::new(path)) {
        Ok(metadata) if !metadata.is_file() => Err(format!("{path} is not a regular file")),
        _ => Ok(()),
    }
}

/// The bytes of the regular file `path`, at most `limit` of them.
pub fn read_capped(path: &str, limit: u64) -> Result<Vec<u8>, String> {
    check_regular(path)?;
    let file = File::open(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let size = file.metadata().map_err(|error| format!("cannot read {path}: {error}"))?.len();
    if size > limit {
        return Err(format!("{path} is {size} bytes, more than the {limit} this reads"));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // `take` holds the cap even if the file grows while it is read.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|error| format!("cannot read {path}: {error}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("{path} grew past {limit} bytes while it was read"));
    }
    Ok(bytes)
}

/// The text of the regular file `path`, at most [`TEXT_LIMIT`] bytes.
pub fn read_text(path: &str) -> Result<String, String> {
    let bytes = read_capped(path, TEXT_LIMIT)?;
    String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))
}

/// Writes `bytes` to `path`: a regular file (replaced), or a new one.
pub fn write(path: &str, bytes: &[u8]) -> Result<(), String> {
    check_regular(path)?;
    std::fs::write(path, bytes).map_err(|error| format!("cannot write {path}: {error}"))
}

/// `path` opened for appending: a regular file, or a new one.
pub fn append(path: &str) -> Result<File, String> {
    check_regular(path)?;
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|error| format!("cannot open {path}: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_directories_and_oversized_files_are_refused() {
        assert!(read_capped("/dev/zero", BOOK_LIMIT).unwrap_err().contains("not a regular file"));
        assert!(read_capped("/", BOOK_LIMIT).unwrap_err().contains("not a regular file"));
        assert!(append("/dev/null").unwrap_err().contains("not a regular file"));
        assert!(write("/dev/null", b"x").unwrap_err().contains("not a regular file"));
        let path = std::env::temp_dir().join(format!("triskel-files-{}", std::process::id()));
        let path = path.to_str().unwrap();
        std::fs::write(path, [7u8; 100]).unwrap();
        assert_eq!(read_capped(path, 100).unwrap().len(), 100);
        assert!(read_capped(path, 99).unwrap_err().contains("more than"));
        assert!(read_capped("/no/such/file", 10).unwrap_err().contains("cannot read"));
        let _ = std::fs::remove_file(path);
    }
}
