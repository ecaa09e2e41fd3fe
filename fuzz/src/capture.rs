//! Everything a session writes, caught in memory: an [`Output`] whose sink splits the bytes into
//! lines, numbered from the start of the session, that the fuzzer waits for with a timeout (search
//! threads write through the same sink, at any time).

use std::io::{self, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use triskel::output::Output;

#[derive(Default)]
struct Lines {
    /// Bytes after the last newline.
    pending: Vec<u8>,
    /// Lines not yet forgotten; `lines[0]` is line number `first`.
    lines: Vec<String>,
    first: usize,
    /// A line that was not UTF-8, if one came (the engine only ever writes text).
    not_utf8: Option<String>,
}

/// The lines a session wrote.
#[derive(Clone, Default)]
pub struct Capture {
    shared: Arc<(Mutex<Lines>, Condvar)>,
}

struct Sink(Capture);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let (lock, ready) = &*self.0.shared;
        let mut lines = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
            lines.pending.extend_from_slice(&rest[..end]);
            let line = std::mem::take(&mut lines.pending);
            let text = match String::from_utf8(line) {
                Ok(text) => text,
                Err(error) => {
                    let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
                    lines.not_utf8.get_or_insert(text.clone());
                    text
                }
            };
            lines.lines.push(text);
            rest = &rest[end + 1..];
        }
        lines.pending.extend_from_slice(rest);
        ready.notify_all();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Capture {
    /// A capture and the output that writes into it.
    pub fn new() -> (Capture, Output) {
        let capture = Capture::default();
        let output = Output::to(Box::new(Sink(capture.clone())));
        (capture, output)
    }

    fn lock(&self) -> MutexGuard<'_, Lines> {
        self.shared.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The number of the next line to come.
    pub fn mark(&self) -> usize {
        let lines = self.lock();
        lines.first + lines.lines.len()
    }

    /// The lines from number `from` on.
    pub fn since(&self, from: usize) -> Vec<String> {
        let lines = self.lock();
        let start = from.saturating_sub(lines.first).min(lines.lines.len());
        lines.lines[start..].to_vec()
    }

    /// Waits up to `timeout` for a line from number `from` on that `wanted` accepts; its number and
    /// text.
    pub fn wait_for(
        &self,
        from: usize,
        timeout: Duration,
        wanted: &dyn Fn(&str) -> bool,
    ) -> Option<(usize, String)> {
        let deadline = Instant::now() + timeout;
        let mut lines = self.lock();
        let mut next = from.max(lines.first);
        loop {
            while next < lines.first + lines.lines.len() {
                let line = &lines.lines[next - lines.first];
                if wanted(line) {
                    return Some((next, line.clone()));
                }
                next += 1;
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            lines =
                self.shared.1.wait_timeout(lines, deadline - now).unwrap_or_else(PoisonError::into_inner).0;
        }
    }

    /// Forgets the lines before number `before` (they have been checked).
    pub fn forget_before(&self, before: usize) {
        let mut lines = self.lock();
        let count = before.saturating_sub(lines.first).min(lines.lines.len());
        lines.lines.drain(..count);
        lines.first += count;
    }

    /// A line that was not UTF-8, if any came.
    pub fn not_utf8(&self) -> Option<String> {
        self.lock().not_utf8.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_numbered_and_waited_for() {
        let (capture, output) = Capture::new();
        output.line("one\ntwo");
        assert_eq!(capture.mark(), 2);
        let writer = output.clone();
        let thread = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            writer.line("three");
        });
        let found = capture.wait_for(1, Duration::from_secs(5), &|line| line == "three");
        assert_eq!(found, Some((2, "three".to_string())));
        thread.join().unwrap();
        capture.forget_before(2);
        assert_eq!(capture.since(0), ["three"]);
        assert_eq!(capture.wait_for(3, Duration::from_millis(10), &|_| true), None);
    }
}
