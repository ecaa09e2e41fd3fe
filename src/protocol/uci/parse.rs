//! UCI text to typed commands. Words are separated by any run of spaces and tabs (a trailing `\r`
//! is whitespace too); keywords are matched exactly, as the protocol writes them, except option names,
//! which the options table compares without case. Nothing here knows the position or the options:
//! moves and FENs stay text until the session checks them.

/// One input line, parsed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug(bool),
    /// `isready`
    IsReady,
    /// `setoption name <id> [value <x>]`; the value keeps its inner spacing (file names).
    SetOption { name: String, value: Option<String> },
    /// `register later | name <x> code <y>`
    Register,
    /// `ucinewgame`
    UciNewGame,
    /// `position startpos|fen <fen> [moves <m>...]`
    Position { setup: Setup, moves: Vec<String> },
    /// `go ...`
    Go(Box<Go>),
    /// `banmoves m...`: UCCI's command, which xiangqi GUIs (VinXiangQi) send to UCI engines too:
    /// the moves left out of the root until the next `position`.
    BanMoves(Vec<String>),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// `bench [hash threads limit fenfile limittype]` (Stockfish's extension)
    Bench(Vec<String>),
    /// `d`: the board
    Display,
    /// `eval`: the evaluation's terms
    Eval,
    /// `flip`: swap the colours
    Flip,
    /// `compiler`: how this binary was built
    Compiler,
    /// `genfens N seed S book <None|FILE>` (OpenBench's data generation)
    GenFens(Vec<String>),
    /// `help` or `license` (Pikafish's and Stockfish's loop): what the engine is, its commands
    /// and its licence
    Help,
    /// `export_net [file]`: write the network in use (Stockfish's command)
    ExportNet(Option<String>),
    /// An empty or all-blank line.
    Empty,
    /// A known command with malformed arguments: the `info string` to answer with.
    Invalid(String),
    /// Not a command at all (the whole line, for the `info string`).
    Unknown(String),
}

pub use crate::controller::{GoRequest, Setup};
use crate::protocol::position_text;

/// The arguments of `go`. Times stay signed: a GUI may send a negative clock.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Go {
    /// The controller's request, its root moves still text; its clock stays empty here, for the
    /// front-end knows whose clock is whose.
    pub request: GoRequest<String>,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    /// `perft <depth>`; `Err` holds the text that was not a depth.
    pub perft: Option<Result<u32, String>>,
    /// Words that meant nothing (reported, otherwise ignored).
    pub ignored: Vec<String>,
}

/// Every keyword `go` reads (a value never takes one of these for itself).
pub const GO_KEYWORDS: [&str; 14] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
    "nodestime",
];

/// Parses one input line. As the UCI description asks, unknown words before a command are skipped
/// (`joho debug on` is `debug on`); a line with no command at all is [`Command::Unknown`].
pub fn parse(line: &str) -> Command {
    // Pikafish's and Stockfish's shortcut: a line that starts with `fen` or `startpos` is a
    // `position` command (only as the first word, so a stray word before it stays ignored).
    if let Some("fen" | "startpos") = line.split_whitespace().next() {
        let words: Vec<&str> = line.split_whitespace().collect();
        return parse_position(&words);
    }
    let mut rest = line.trim_start();
    // A command is a word `parse_command` knows (asked of the word alone: each word once, so a
    // long line of junk costs no more than its length).
    while let Some(first) = rest.split_whitespace().next() {
        if !matches!(parse_command(first), Command::Unknown(_)) {
            return parse_command(rest);
        }
        rest = rest[first.len()..].trim_start();
    }
    if line.trim().is_empty() {
        Command::Empty
    } else {
        Command::Unknown(line.trim().to_string())
    }
}

/// Parses a line that starts with a command.
fn parse_command(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, args)) = words.split_first() else { return Command::Empty };
    match command {
        "uci" => Command::Uci,
        "debug" => match args {
            ["on"] | [] => Command::Debug(true),
            ["off"] => Command::Debug(false),
            _ => Command::Invalid("usage: debug on|off".into()),
        },
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(line, args),
        "register" => Command::Register,
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(args),
        "go" => Command::Go(Box::new(parse_go(args))),
        "banmoves" => Command::BanMoves(args.iter().map(|word| word.to_string()).collect()),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "bench" => Command::Bench(args.iter().map(|word| word.to_string()).collect()),
        "d" => Command::Display,
        "eval" => Command::Eval,
        "flip" => Command::Flip,
        "compiler" => Command::Compiler,
        "help" | "license" => Command::Help,
        "genfens" => Command::GenFens(args.iter().map(|word| word.to_string()).collect()),
        // The file name is the rest of the line, so it keeps its spaces.
        "export_net" => {
            let rest = line.trim().strip_prefix("export_net").unwrap_or("").trim();
            Command::ExportNet((!rest.is_empty()).then(|| rest.to_string()))
        }
        _ => Command::Unknown(line.trim().to_string()),
    }
}

fn parse_setoption(line: &str, args: &[&str]) -> Command {
    let usage = || Command::Invalid("usage: setoption name <name> [value <value>]".into());
    if args.first() != Some(&"name") {
        return usage();
    }
    let value_at = args.iter().position(|&word| word == "value");
    let name = args[1..value_at.unwrap_or(args.len())].join(" ");
    if name.is_empty() {
        return usage();
    }
    // The value is the raw rest of the line after the `value` keyword, so a file name keeps its spaces.
    let value = value_at.map(|at| {
        let mut rest = line;
        for _ in 0..at + 2 {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            rest = &rest[end..];
        }
        rest.trim().to_string()
    });
    Command::SetOption { name, value }
}

fn parse_position(args: &[&str]) -> Command {
    let (setup, moves) = position_text::parse_position(args);
    Command::Position { setup, moves }
}

fn parse_go(args: &[&str]) -> Go {
    let mut go = Go::default();
    let mut index = 0;
    while index < args.len() {
        let word = args[index];
        index += 1;
        let mut value = || {
            let value = args.get(index).copied().filter(|next| !GO_KEYWORDS.contains(next));
            if value.is_some() {
                index += 1;
            }
            value
        };
        match word {
            "searchmoves" => {
                while let Some(mv) = value() {
                    go.request.searchmoves.push(mv.to_string());
                }
            }
            "ponder" => go.request.ponder = true,
            "infinite" => go.request.infinite = true,
            "perft" => {
                go.perft = Some(match value() {
                    Some(text) => text.parse().map_err(|_| text.to_string()),
                    None => Err(String::new()),
                })
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let number = value().and_then(|text| text.parse::<i64>().ok());
                match (word, number) {
                    ("wtime", Some(n)) => go.wtime = Some(n),
                    ("btime", Some(n)) => go.btime = Some(n),
                    ("winc", Some(n)) => go.winc = Some(n),
                    ("binc", Some(n)) => go.binc = Some(n),
                    ("movetime", Some(n)) => go.request.movetime_ms = Some(n),
                    _ => go.ignored.push(word.to_string()),
                }
            }
            "movestogo" | "depth" | "mate" => match value().and_then(|text| text.parse::<i64>().ok()) {
                Some(n) => {
                    let n = n.clamp(0, i64::from(u32::MAX)) as u32;
                    match word {
                        "movestogo" => go.movestogo = Some(n),
                        "depth" => go.request.depth = Some(n),
                        _ => go.request.mate = Some(n),
                    }
                }
                None => go.ignored.push(word.to_string()),
            },
            "nodes" => match value().and_then(|text| text.parse::<i64>().ok()) {
                Some(n) => go.request.nodes = Some(n.max(0) as u64),
                None => go.ignored.push(word.to_string()),
            },
            "nodestime" => {
                value(); // accepted and ignored, as a GUI may send it
            }
            other => go.ignored.push(other.to_string()),
        }
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_tabs_and_carriage_returns_separate_words() {
        assert_eq!(parse("  isready\r"), Command::IsReady);
        assert_eq!(parse("\t \r"), Command::Empty);
        assert_eq!(
            parse("position\tstartpos  moves\te2e4 \r"),
            Command::Position { setup: Setup::StartPos, moves: vec!["e2e4".into()] }
        );
    }

    #[test]
    fn setoption_names_and_values_span_words() {
        assert_eq!(
            parse("setoption name Move Overhead value 50"),
            Command::SetOption { name: "Move Overhead".into(), value: Some("50".into()) }
        );
        assert_eq!(
            parse("setoption  name Debug Log File value /tmp/a  b.txt \r"),
            Command::SetOption { name: "Debug Log File".into(), value: Some("/tmp/a  b.txt".into()) }
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Command::SetOption { name: "Clear Hash".into(), value: None }
        );
        assert!(matches!(parse("setoption value 3"), Command::Invalid(_)));
    }

    #[test]
    fn go_reads_every_parameter() {
        let Command::Go(go) = parse(
            "go searchmoves e2e4 d2d4 ponder wtime -5 btime 1000 winc 10 binc 20 movestogo 7 depth 9 \
             nodes 500 mate 3 movetime 250 infinite bogus",
        ) else {
            panic!()
        };
        assert_eq!(go.request.searchmoves, ["e2e4", "d2d4"]);
        assert!(go.request.ponder && go.request.infinite);
        assert_eq!((go.wtime, go.btime, go.winc, go.binc), (Some(-5), Some(1000), Some(10), Some(20)));
        assert_eq!(
            (go.movestogo, go.request.depth, go.request.nodes, go.request.mate),
            (Some(7), Some(9), Some(500), Some(3))
        );
        assert_eq!(go.request.movetime_ms, Some(250));
        assert_eq!(go.ignored, ["bogus"]);
        let Command::Go(go) = parse("go perft x") else { panic!() };
        assert_eq!(go.perft, Some(Err("x".into())));
        let Command::Go(go) = parse("go depth") else { panic!() };
        assert_eq!((go.request.depth, go.ignored), (None, vec!["depth".to_string()]));
    }

    #[test]
    fn unknown_and_malformed_commands() {
        assert_eq!(parse("xyzzy 1 2"), Command::Unknown("xyzzy 1 2".into()));
        // A `position` that does not read is still a position command: it is refused as a whole.
        assert!(matches!(parse("position"), Command::Position { setup: Setup::Unreadable(_), .. }));
        assert!(matches!(parse("position fen"), Command::Position { setup: Setup::Unreadable(_), .. }));
        assert!(matches!(parse("debug maybe"), Command::Invalid(_)));
        assert_eq!(parse("register later"), Command::Register);
    }

    #[test]
    fn banmoves_is_a_command_and_skipped_words_may_precede_it() {
        let banned = Command::BanMoves(vec!["h2e2".into(), "b0c2".into()]);
        assert_eq!(parse("banmoves h2e2 b0c2"), banned);
        assert_eq!(parse("joho banmoves h2e2 b0c2"), banned);
        assert_eq!(parse("banmoves"), Command::BanMoves(Vec::new()));
    }
}
