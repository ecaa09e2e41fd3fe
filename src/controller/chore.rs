//! Long work that is not a search (`go perft`, `bench`) on a thread of its own, so that the command
//! loop keeps answering `isready` and `quit` at once; `stop` (and every command that needs the
//! engine) sets its flag, and the work ends within milliseconds.

use super::search::SEARCH_STACK;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A running chore.
pub struct Chore {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
}

impl Chore {
    /// Runs `work` on a new thread with a search-sized stack; `work` reads the stop flag it is
    /// given. `None` if no thread can start (then the work is not done: there is no memory).
    pub fn start(name: &str, work: impl FnOnce(Arc<AtomicBool>) + Send + 'static) -> Option<Chore> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = std::thread::Builder::new()
            .name(name.into())
            .stack_size(SEARCH_STACK)
            .spawn(move || work(flag))
            .ok()?;
        Some(Chore { handle, stop })
    }

    /// Asks the work to end and waits for it.
    pub fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.join();
    }

    /// Waits for the work to end by itself.
    pub fn join(self) {
        if let Err(panic) = self.handle.join() {
            std::panic::resume_unwind(panic);
        }
    }

    /// True once the work is over.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }
}
