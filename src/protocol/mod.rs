//! One front-end per protocol: each turns its lines into controller calls and the controller's
//! events into its lines, and nothing else. The first command picks the protocol.

mod bench_report;
mod clock_text;
mod flow;
mod frontend;
pub mod gtp;
pub mod nboard;
mod position_text;
pub mod ucci;
pub mod uci;

pub use flow::{unknown_command, Flow};
pub use frontend::Frontend;

use crate::games::GameKind;
use crate::launch::Launch;
use crate::output::Output;
use gtp::GtpFront;
use nboard::NBoardSession;
use ucci::UcciFront;
use uci::format::InfoString;
use uci::UciFront;

/// The session: the front-end of the protocol the first command chose, and what every line goes
/// through whatever the protocol.
pub struct Protocol {
    output: Output,
    /// What the command line set: the game UCI starts with, and the Othello sessions' book,
    /// threads and hash.
    launch: Launch,
    /// `None` before the first command.
    front: Option<Box<dyn Frontend>>,
}

/// Commands that open a GTP session: what GTP controllers send first.
const GTP_OPENINGS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "boardsize",
    "clear_board",
    "list_commands",
    "known_command",
    "komi",
    // A multi-game controller's choice of game (Quarry's and gtp-rhino's extension).
    "list_games",
    "set_game",
];

impl Protocol {
    /// Waiting for the first command; UCI plays `game` unless told otherwise.
    pub fn new(output: Output, game: GameKind) -> Protocol {
        Protocol::launched(output, Launch { game, ..Launch::default() })
    }

    /// Waiting for the first command, with the command line's settings.
    pub fn launched(output: Output, launch: Launch) -> Protocol {
        Protocol { output, launch, front: None }
    }

    /// A session whose protocol is already known (commands given on the command line).
    pub fn with_front(output: Output, front: Box<dyn Frontend>) -> Protocol {
        Protocol { output, launch: Launch::default(), front: Some(front) }
    }

    /// Handles one input line (the first one picks the protocol). The line is logged before the
    /// front-end sees it, and once stdout is closed the session ends: nobody reads the answers.
    pub fn handle(&mut self, line: &str) -> Flow {
        if self.front.is_none() {
            let Some(first) = line.split_whitespace().next() else { return Flow::Continue };
            // A comment (GTP's `#`, which GTP test files start with) picks no protocol; no other
            // protocol has a command that starts so.
            if first.starts_with('#') {
                return Flow::Continue;
            }
            self.front = Some(self.choose(first, line));
        }
        let Some(front) = self.front.as_mut() else { return Flow::Continue };
        self.output.log_input(line);
        let flow = front.handle(line);
        ended_if_unread(&self.output, front.as_mut(), flow)
    }

    /// The front-end for a session whose first command is `line` (its first word `first`).
    fn choose(&self, first: &str, line: &str) -> Box<dyn Frontend> {
        let output = self.output.clone();
        match first {
            "nboard" => Box::new(NBoardSession::new(output, self.launch.othello.clone())),
            "ucci" => Box::new(UcciFront::new(output)),
            _ if GTP_OPENINGS.contains(&gtp_command(line)) => {
                Box::new(GtpFront::new(output, &self.launch.othello))
            }
            _ => Box::new(UciFront::new(self.launch.game, output)),
        }
    }

    /// A line that is not UTF-8, its `bytes` as they came.
    pub fn garbage(&mut self, bytes: &[u8]) -> Flow {
        match &mut self.front {
            None => {
                self.output.info_string("ignoring a line that is not UTF-8");
                Flow::Continue
            }
            Some(front) => {
                self.output.log_input("(a line that is not UTF-8)");
                let flow = front.garbage(bytes);
                ended_if_unread(&self.output, front.as_mut(), flow)
            }
        }
    }

    /// True while the session holds commands back until the work before them is done (NBoard:
    /// see [`NBoardSession`]): the command loop must then call [`Protocol::resume`] now and then,
    /// since that work may end with no input coming to wake the loop.
    pub fn holds_commands(&self) -> bool {
        self.front.as_ref().is_some_and(|front| front.holds_commands())
    }

    /// Runs the held-back commands whose turn has come.
    pub fn resume(&mut self) {
        if let Some(front) = &mut self.front {
            front.resume();
        }
    }

    /// The end of input: searches that end by themselves may finish.
    pub fn end_of_input(&mut self) {
        if let Some(front) = &mut self.front {
            front.end_of_input();
        }
    }
}

/// `flow` after a line, unless stdout closed meanwhile: the session then ends, its work with it,
/// since nobody reads the answers.
fn ended_if_unread(output: &Output, front: &mut dyn Frontend, flow: Flow) -> Flow {
    if output.is_closed() {
        front.hang_up();
        return Flow::Quit;
    }
    flow
}

/// The command word of a GTP line, after its optional numeric id.
fn gtp_command(line: &str) -> &str {
    let mut words = line.split_whitespace();
    match words.next() {
        Some(first) if first.bytes().all(|byte| byte.is_ascii_digit()) => words.next().unwrap_or(""),
        Some(first) => first,
        None => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, Write};

    /// Stdout once the GUI went away: every write fails.
    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn every_protocol_ends_once_nobody_reads() {
        let sessions =
            [("uci", "isready"), ("ucci", "isready"), ("nboard", "ping 1"), ("protocol_version", "name")];
        for (first, answered) in sessions {
            let mut session = Protocol::new(Output::to(Box::new(Gone)), GameKind::Chess);
            session.handle(first);
            assert_eq!(session.handle(answered), Flow::Quit, "{first}");
        }
    }
}
