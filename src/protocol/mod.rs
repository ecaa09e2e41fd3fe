//! One front-end per protocol: each turns its lines into controller calls and the controller's
//! events into its lines, and nothing else. The first command picks the protocol.

mod bench_report;
mod flow;
pub mod gtp;
pub mod nboard;
pub mod ucci;
pub mod uci;

pub use flow::{unknown_command, Flow};

use crate::games::GameKind;
use crate::launch::Launch;
use crate::output::Output;
use gtp::GtpFront;
use nboard::NBoardSession;
use ucci::UcciFront;
use uci::format::InfoString;
use uci::UciFront;

/// The protocol in use, chosen by the first command.
pub enum Protocol {
    /// Before the first command, with what the command line set: the game UCI starts with, and
    /// the Othello sessions' book, threads and hash.
    Undecided(Output, Launch),
    Uci(Box<UciFront>),
    Ucci(Box<UcciFront>),
    NBoard(Box<NBoardSession>),
    Gtp(Box<GtpFront>),
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
];

impl Protocol {
    /// Waiting for the first command; UCI plays `game` unless told otherwise.
    pub fn new(output: Output, game: GameKind) -> Protocol {
        Protocol::Undecided(output, Launch { game, ..Launch::default() })
    }

    /// Waiting for the first command, with the command line's settings.
    pub fn launched(output: Output, launch: Launch) -> Protocol {
        Protocol::Undecided(output, launch)
    }

    /// Handles one input line (the first one picks the protocol).
    pub fn handle(&mut self, line: &str) -> Flow {
        if let Protocol::Undecided(output, launch) = self {
            let first = line.split_whitespace().next().unwrap_or("");
            if first.is_empty() {
                return Flow::Continue;
            }
            *self = match first {
                "nboard" => {
                    Protocol::NBoard(Box::new(NBoardSession::new(output.clone(), launch.othello.clone())))
                }
                "ucci" => Protocol::Ucci(Box::new(UcciFront::new(output.clone()))),
                _ if GTP_OPENINGS.contains(&gtp_command(line)) => {
                    Protocol::Gtp(Box::new(GtpFront::new(output.clone(), &launch.othello)))
                }
                _ => Protocol::Uci(Box::new(UciFront::new(launch.game, output.clone()))),
            };
        }
        match self {
            Protocol::Undecided(..) => Flow::Continue,
            Protocol::Uci(front) => front.handle(line),
            Protocol::Ucci(front) => front.handle(line),
            Protocol::NBoard(front) => front.handle(line),
            Protocol::Gtp(front) => front.handle(line),
        }
    }

    /// A line that is not UTF-8.
    pub fn garbage(&mut self) {
        match self {
            Protocol::Undecided(output, ..) => output.info_string("ignoring a line that is not UTF-8"),
            Protocol::Uci(front) => front.garbage(),
            Protocol::Ucci(front) => front.garbage(),
            Protocol::NBoard(front) => front.garbage(),
            Protocol::Gtp(front) => front.garbage(),
        }
    }

    /// True while the session holds commands back until the work before them is done (NBoard:
    /// see [`NBoardSession`]): the command loop must then call [`Protocol::resume`] now and then,
    /// since that work may end with no input coming to wake the loop.
    pub fn holds_commands(&self) -> bool {
        matches!(self, Protocol::NBoard(front) if front.holds_commands())
    }

    /// Runs the held-back commands whose turn has come.
    pub fn resume(&mut self) {
        if let Protocol::NBoard(front) = self {
            front.resume();
        }
    }

    /// The end of input: searches that end by themselves may finish.
    pub fn end_of_input(&mut self) {
        match self {
            Protocol::Undecided(..) => {}
            Protocol::Uci(front) => front.end_of_input(),
            Protocol::Ucci(front) => front.end_of_input(),
            Protocol::NBoard(front) => front.end_of_input(),
            Protocol::Gtp(front) => front.end_of_input(),
        }
    }
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
