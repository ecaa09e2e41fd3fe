//! The one way out: every line the engine writes goes through [`Output`], which locks stdout, writes
//! and flushes the line, and copies it to the `Debug Log File` transcript when one is open. Search
//! threads and the command loop share it, so lines never interleave.

use std::fs::File;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// A cloneable handle to stdout and the transcript file.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Inner>>,
    /// Set once stdout refuses a write: nobody is listening any more.
    closed: Arc<AtomicBool>,
    /// Stdout's file descriptor, for [`Output::reader_gone`] (`None` for other writers).
    fd: Option<i32>,
}

struct Inner {
    sink: Box<dyn Write + Send>,
    log: Option<File>,
}

impl Output {
    /// Output to the process's stdout.
    pub fn stdout() -> Output {
        Output { fd: Some(1), ..Output::to(Box::new(io::stdout())) }
    }

    /// Output to any writer (tests).
    pub fn to(sink: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(Inner { sink, log: None })),
            closed: Arc::new(AtomicBool::new(false)),
            fd: None,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panicking writer leaves nothing half-done that matters: keep going.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes `text` (one or more lines, without the final newline) and flushes.
    pub fn line(&self, text: &str) {
        let mut inner = self.lock();
        let written = writeln!(inner.sink, "{text}").and_then(|()| inner.sink.flush());
        if written.is_err() {
            self.closed.store(true, Ordering::Relaxed);
        }
        if let Some(log) = inner.log.as_mut() {
            for line in text.lines() {
                let _ = writeln!(log, "<< {line}");
            }
            let _ = log.flush();
        }
    }

    /// Records an input line in the transcript (nothing goes to stdout).
    pub fn log_input(&self, text: &str) {
        let mut inner = self.lock();
        if let Some(log) = inner.log.as_mut() {
            let _ = writeln!(log, ">> {text}");
            let _ = log.flush();
        }
    }

    /// Starts appending the transcript to `path`, or stops it when `path` is `None`.
    pub fn set_log_file(&self, path: Option<&str>) -> Result<(), String> {
        let file = match path {
            Some(path) => Some(crate::files::append(path)?),
            None => None,
        };
        self.lock().log = file;
        Ok(())
    }

    /// True once a write to stdout failed.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    /// True once nobody can read what is written: a write failed, or (Linux) stdout is a pipe
    /// whose reading end is closed, which `poll` reports as an error on the writing end without
    /// anything being written. A GUI that exits without `quit` (the NBoard GUI never sends it)
    /// closes both ends of its pipes, and a search then writes nothing for minutes at a time.
    pub fn reader_gone(&self) -> bool {
        self.is_closed() || self.fd.is_some_and(pipe_reader_closed)
    }
}

#[cfg(target_os = "linux")]
fn pipe_reader_closed(fd: i32) -> bool {
    let mut probe = libc::pollfd { fd, events: 0, revents: 0 };
    // SAFETY: one valid `pollfd`, for a descriptor this process owns; a zero timeout never blocks.
    let ready = unsafe { libc::poll(&mut probe, 1, 0) };
    ready > 0 && probe.revents & (libc::POLLERR | libc::POLLHUP) != 0
}

#[cfg(not(target_os = "linux"))]
fn pipe_reader_closed(_fd: i32) -> bool {
    false
}
