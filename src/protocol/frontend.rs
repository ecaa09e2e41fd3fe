//! What the session asks of a protocol's front-end, whichever protocol it is. The session keeps
//! the front-end the first command chose as a `Box<dyn Frontend>`: one call per input line, never
//! in the search, so dynamic dispatch costs nothing that matters. What every front-end needs around
//! a line (logging it, ending the session once stdout is closed) the session does itself, so a new
//! front-end cannot forget it; a front-end only runs its commands.

use super::flow::Flow;
use super::gtp::GtpFront;
use super::nboard::NBoardSession;
use super::ucci::UcciFront;
use super::uci::UciFront;

/// One protocol's side of the session.
pub trait Frontend {
    /// Runs one input line (the session has logged it).
    fn handle(&mut self, line: &str) -> Flow;

    /// Answers a line that is not UTF-8, its `bytes` as they came (the session has logged it).
    fn garbage(&mut self, bytes: &[u8]) -> Flow;

    /// Stdout is closed: ends the work under way, whose answers nobody would read. Required, so
    /// that each front-end says what that work is.
    fn hang_up(&mut self);

    /// The end of input: what ends by itself may finish and answer.
    fn end_of_input(&mut self) {}

    /// True while the front-end holds commands back until the work before them is done: the
    /// command loop must then call [`Frontend::resume`] now and then, since that work may end with
    /// no input coming to wake the loop.
    fn holds_commands(&self) -> bool {
        false
    }

    /// Runs the held-back commands whose turn has come.
    fn resume(&mut self) {}
}

impl Frontend for UciFront {
    fn handle(&mut self, line: &str) -> Flow {
        UciFront::handle(self, line)
    }

    fn garbage(&mut self, _bytes: &[u8]) -> Flow {
        UciFront::garbage(self);
        Flow::Continue
    }

    fn hang_up(&mut self) {
        self.stop();
    }

    /// A search that ends by itself finishes (`echo 'go depth 9' | triskel`).
    fn end_of_input(&mut self) {
        UciFront::end_of_input(self);
    }
}

impl Frontend for UcciFront {
    fn handle(&mut self, line: &str) -> Flow {
        UcciFront::handle(self, line)
    }

    fn garbage(&mut self, _bytes: &[u8]) -> Flow {
        UcciFront::garbage(self);
        Flow::Continue
    }

    fn hang_up(&mut self) {
        self.stop();
    }

    fn end_of_input(&mut self) {
        UcciFront::end_of_input(self);
    }
}

/// NBoard holds commands back while a search or a chore runs, so that `ping` is always read.
impl Frontend for NBoardSession {
    fn handle(&mut self, line: &str) -> Flow {
        NBoardSession::handle(self, line)
    }

    fn garbage(&mut self, bytes: &[u8]) -> Flow {
        NBoardSession::garbage(self, bytes)
    }

    fn hang_up(&mut self) {
        self.cancel();
    }

    fn end_of_input(&mut self) {
        NBoardSession::end_of_input(self);
    }

    fn holds_commands(&self) -> bool {
        NBoardSession::holds_commands(self)
    }

    fn resume(&mut self) {
        NBoardSession::resume(self);
    }
}

impl Frontend for GtpFront {
    fn handle(&mut self, line: &str) -> Flow {
        GtpFront::handle(self, line)
    }

    fn garbage(&mut self, _bytes: &[u8]) -> Flow {
        GtpFront::garbage(self);
        Flow::Continue
    }

    /// Nothing to end: a `genmove` thinks within its own clock, and the next command waits for it.
    fn hang_up(&mut self) {}

    fn end_of_input(&mut self) {
        GtpFront::end_of_input(self);
    }
}
