//! Panics on any thread, recorded: a search or helper thread's panic may not reach the command
//! thread (a helper's is swallowed by design), so the fuzzer reads them here.

use std::sync::{Mutex, Once, PoisonError};

static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static INSTALL: Once = Once::new();

/// Installs a panic hook that records every panic (thread, place and message) before the usual
/// report. Idempotent.
pub fn install_panic_hook() {
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current().name().unwrap_or("unnamed").to_string();
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let place = info.location().map(|at| format!(" at {at}")).unwrap_or_default();
            PANICS
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(format!("thread '{thread}'{place}: {message}"));
            previous(info);
        }));
    });
}

/// The panics recorded since the last call.
pub fn take_panics() -> Vec<String> {
    std::mem::take(&mut *PANICS.lock().unwrap_or_else(PoisonError::into_inner))
}
