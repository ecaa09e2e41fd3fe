//! UCCI 3.0 text to the session's typed commands, as ElephantEye reads it: `ucci`, `setoption <name>
//! [<value>]` (no `name`/`value` keywords), `position`, `banmoves`, `go [ponder|draw] depth N |
//! nodes N | infinite | time T [movestogo M | increment I] [opptime T2 [oppmovestogo M2 |
//! oppincrement I2]]`, `ponderhit [draw]`, `probe`, `stop`, `isready`, `quit`.
//!
//! Times are milliseconds unless `usemillisec` is off: the caller says which, and every time here comes
//! out in milliseconds. The opponent's clock is read and checked but not used: the search spends
//! its own time only.

use crate::controller::{GoRequest, Setup};
use crate::protocol::position_text::parse_position;

/// One input line, parsed: the commands of UCCI 3.0, and the debugging commands of Pikafish's
/// loop that write nothing a UCCI GUI reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `ucci`
    Ucci,
    /// `isready`
    IsReady,
    /// `setoption hashsize|threads|ponder [<value>]`: an option the controller keeps, whatever
    /// the protocol; the value already as the controller reads it.
    Shared { option: SharedOption, value: Option<String> },
    /// `setoption newgame`
    NewGame,
    /// `setoption <name> [<value>]` of any other option: UCCI's own, kept by the front-end.
    SetOption { name: String, value: Option<String> },
    /// `position startpos|fen <fen> [moves <m>...]`
    Position { setup: Setup, moves: Vec<String> },
    /// `banmoves <m>...`: root moves the next searches leave out
    BanMoves(Vec<String>),
    /// `go ...`
    Go(Box<Go>),
    /// `ponderhit [draw]`: `draw` when the opponent offers a draw with its move
    PonderHit { draw: bool },
    /// `probe startpos|fen <fen> [moves ...]`: the hash table's entry for that position
    Probe { setup: Setup, moves: Vec<String> },
    /// `stop`
    Stop,
    /// `quit`
    Quit,
    /// `bench [hash threads limit fenfile limittype]` (Stockfish's extension)
    Bench(Vec<String>),
    /// `d`: the board
    Display,
    /// `eval`: the evaluation's terms
    Eval,
    /// An empty or all-blank line.
    Empty,
    /// A known command with malformed arguments: the `info message` to answer with.
    Invalid(String),
    /// Not a command at all (the whole line, for the `info message`).
    Unknown(String),
}

/// The options UCCI shares with the controller's settings (UCI's `Hash`, `Threads`, `Ponder`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SharedOption {
    /// `hashsize`, in MiB.
    Hash,
    /// `threads`.
    Threads,
    /// `ponder`: the GUI will ponder.
    Ponder,
}

/// The arguments of `go`. The clock is the side to move's, whichever colour it is.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Go {
    /// The controller's request (no root moves: `banmoves` sets the excluded ones); its clock
    /// stays empty here, for the front-end builds it from the fields below.
    pub request: GoRequest<String>,
    /// `time`, in milliseconds.
    pub time: Option<i64>,
    /// `increment`, in milliseconds.
    pub increment: Option<i64>,
    pub movestogo: Option<u32>,
    /// Words that meant nothing (reported, otherwise ignored).
    pub ignored: Vec<String>,
}

/// The options only UCCI has, as `ucci` announces them; `hashsize`, `threads` and `ponder` map to
/// the UCI options `Hash`, `Threads` and `Ponder`.
pub const OPTION_LINES: &[&str] = &[
    "option usemillisec type check default true",
    "option batch type check default false",
    "option debug type check default false",
    "option ponder type check default false",
    "option usebook type check default true",
    // `<embedded>` names the book compiled in; an empty value is no book (UCCI's way to turn it
    // off), a list of files is consulted in order, `<embedded>` among them where it stands.
    "option bookfiles type string default <embedded>",
    "option hashsize type spin min 1 max 65536 default 16",
    "option threads type spin min 1 max 256 default 1",
    // The graded options, in ElephantEye's order (`levels.rs` says what each grade does).
    "option idle type combo var none var small var medium var large default none",
    "option pruning type combo var none var small var medium var large default large",
    "option knowledge type combo var none var small var medium var large default large",
    "option randomness type combo var none var tiny var small var medium var large var huge default none",
    "option style type combo var solid var normal var risky default normal",
    "option newgame type button",
    "option promotion type check default false",
    // Listed so that a GUI sees the truth: no xiangqi endgame tables are read (setting it true
    // says so).
    "option useegtb type check default false",
    // The xiangqi network, as UCI's `Use NNUE` and `EvalFile` (src/nnue.rs): on by default.
    "option usennue type check default true",
    "option evalfile type string default <empty>",
    // UCI's `Chase Rule`: off, a perpetual chase is a draw, for arbiters that judge no chases.
    "option chaserule type check default true",
];

/// Parses one UCCI line; `millis` is the `usemillisec` setting.
pub fn parse(line: &str, millis: bool) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, args)) = words.split_first() else { return Command::Empty };
    match command {
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(args),
        "position" => {
            let (setup, moves) = parse_position(args);
            Command::Position { setup, moves }
        }
        "banmoves" => Command::BanMoves(args.iter().map(|word| word.to_string()).collect()),
        "go" => parse_go(args, millis),
        "ponderhit" => Command::PonderHit { draw: args.first() == Some(&"draw") },
        "stop" => Command::Stop,
        "probe" => {
            let (setup, moves) = parse_position(args);
            Command::Probe { setup, moves }
        }
        "quit" => Command::Quit,
        // Pikafish's debugging commands work here too; they write nothing a UCCI GUI reads.
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => Command::Bench(args.iter().map(|word| word.to_string()).collect()),
        _ => Command::Unknown(line.trim().to_string()),
    }
}

/// `setoption <name> [<value>]`: the options the controller keeps become [`Command::Shared`] (with
/// `hashsize 0` meaning the default size, as in ElephantEye); the rest stay UCCI options.
fn parse_setoption(args: &[&str]) -> Command {
    // cchess and some GUIs send UCI's form, `setoption name <name> value <value>`: read it too.
    let (name, value) = match args {
        ["name", name, "value", value @ ..] => (*name, value),
        ["name", name] => (*name, &[][..]),
        _ => match args.split_first() {
            Some((&name, value)) => (name, value),
            None => return Command::Invalid("usage: setoption <name> [<value>]".into()),
        },
    };
    let value = (!value.is_empty()).then(|| value.join(" "));
    let shared = |option, value| Command::Shared { option, value };
    match name {
        "hashsize" => {
            shared(SharedOption::Hash, value.map(|size| if size == "0" { "16".into() } else { size }))
        }
        // 0 means automatic: every core the machine has.
        "threads" => shared(
            SharedOption::Threads,
            value.map(|count| {
                let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
                if count == "0" {
                    cores.to_string()
                } else {
                    count
                }
            }),
        ),
        "ponder" => shared(SharedOption::Ponder, value),
        "newgame" => Command::NewGame,
        _ => Command::SetOption { name: name.to_string(), value },
    }
}

/// `go ...`. A `time` clock is the side to move's; `movestogo` and `increment` belong to it, and the
/// `opp...` words to the opponent (read past, not used).
fn parse_go(args: &[&str], millis: bool) -> Command {
    let mut go = Go::default();
    let scale = if millis { 1 } else { 1000 };
    let mut index = 0;
    // `inf` and `nan` parse as floats but are no number of moves, nodes or seconds.
    let finite = |index: usize| {
        args.get(index).and_then(|text| text.parse::<f64>().ok()).filter(|value| value.is_finite())
    };
    let number = |index: &mut usize| -> Option<i64> {
        let value = finite(*index);
        if value.is_some() {
            *index += 1;
        }
        value.map(|value| value.clamp(i64::MIN as f64, i64::MAX as f64) as i64)
    };
    while index < args.len() {
        let word = args[index];
        index += 1;
        match word {
            "ponder" => go.request.ponder = true,
            "draw" => go.request.draw_offered = true,
            "infinite" => go.request.infinite = true,
            "depth" => match number(&mut index) {
                Some(depth) => go.request.depth = Some(depth.clamp(0, i64::from(u32::MAX)) as u32),
                None if args.get(index) == Some(&"infinite") => {
                    index += 1;
                    go.request.infinite = true;
                }
                None => go.ignored.push(word.into()),
            },
            "nodes" => match number(&mut index) {
                Some(nodes) => go.request.nodes = Some(nodes.max(0) as u64),
                None => go.ignored.push(word.into()),
            },
            // Not UCCI's, but GUIs that drive UCI and UCCI engines with one code path (QBoard)
            // send it, and never a `stop` after it: UCI's word, so milliseconds whatever
            // `usemillisec` says.
            "movetime" => match number(&mut index) {
                Some(ms) => go.request.movetime_ms = Some(ms.max(0)),
                None => go.ignored.push(word.into()),
            },
            "time" | "increment" | "opptime" | "oppincrement" => {
                // Seconds may come with a fraction; milliseconds are whole.
                match finite(index) {
                    Some(value) => {
                        index += 1;
                        let ms =
                            (value * scale as f64).round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
                        match word {
                            "time" => go.time = Some(ms),
                            "increment" => go.increment = Some(ms),
                            _ => {}
                        }
                    }
                    None => go.ignored.push(word.into()),
                }
            }
            "movestogo" | "oppmovestogo" => match number(&mut index) {
                Some(moves) if word == "movestogo" => {
                    go.movestogo = Some(moves.clamp(0, i64::from(u32::MAX)) as u32)
                }
                Some(_) => {}
                None => go.ignored.push(word.into()),
            },
            other => go.ignored.push(other.to_string()),
        }
    }
    Command::Go(Box::new(go))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str, millis: bool) -> Go {
        match parse(line, millis) {
            Command::Go(go) => *go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn movetime_is_in_milliseconds_either_way() {
        for millis in [true, false] {
            let go = go("go movetime 1500", millis);
            assert_eq!(go.request.movetime_ms, Some(1500));
            assert!(go.ignored.is_empty());
        }
        assert_eq!(go("go movetime soon", true).ignored, ["movetime", "soon"]);
    }

    #[test]
    fn clocks_are_seconds_unless_usemillisec() {
        let seconds = go("go time 300 increment 2 opptime 250 oppincrement 2", false);
        assert_eq!((seconds.time, seconds.increment), (Some(300_000), Some(2_000)));
        assert!(seconds.ignored.is_empty());
        let millis = go("go time 300 increment 2 opptime 250 oppincrement 2", true);
        assert_eq!((millis.time, millis.increment), (Some(300), Some(2)));
        let fraction = go("go time 1.5 movestogo 10 opptime 3 oppmovestogo 10", false);
        assert_eq!((fraction.time, fraction.movestogo), (Some(1_500), Some(10)));
    }

    #[test]
    fn go_words_and_flags() {
        let ponder = go("go ponder draw depth 7", false);
        assert!(ponder.request.ponder && ponder.request.draw_offered);
        assert_eq!(ponder.request.depth, Some(7));
        assert!(go("go depth infinite", false).request.infinite);
        assert!(go("go infinite", false).request.infinite);
        assert_eq!(go("go nodes 5000", false).request.nodes, Some(5000));
        assert_eq!(go("go depth x", false).ignored, ["depth", "x"]);
        let not_numbers = go("go time inf depth nan nodes -inf", false);
        assert_eq!(not_numbers.ignored, ["time", "inf", "depth", "nan", "nodes", "-inf"]);
        assert_eq!(
            (not_numbers.time, not_numbers.request.depth, not_numbers.request.nodes),
            (None, None, None)
        );
    }

    #[test]
    fn threads_0_means_every_core() {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get()).to_string();
        assert_eq!(
            parse("setoption threads 0", false),
            Command::Shared { option: SharedOption::Threads, value: Some(cores) }
        );
        assert_eq!(
            parse("setoption threads 3", false),
            Command::Shared { option: SharedOption::Threads, value: Some("3".into()) }
        );
    }

    #[test]
    fn options_the_controller_keeps_are_shared() {
        assert_eq!(
            parse("setoption hashsize 64", false),
            Command::Shared { option: SharedOption::Hash, value: Some("64".into()) }
        );
        assert_eq!(
            parse("setoption hashsize 0", false),
            Command::Shared { option: SharedOption::Hash, value: Some("16".into()) }
        );
        assert_eq!(
            parse("setoption usemillisec true", false),
            Command::SetOption { name: "usemillisec".into(), value: Some("true".into()) }
        );
        assert_eq!(parse("setoption newgame", false), Command::NewGame);
        assert!(matches!(parse("setoption", false), Command::Invalid(_)));
    }

    #[test]
    fn position_banmoves_probe_and_the_rest() {
        assert_eq!(
            parse("position startpos moves h2e2 h9g7", false),
            Command::Position { setup: Setup::StartPos, moves: vec!["h2e2".into(), "h9g7".into()] }
        );
        assert_eq!(parse("banmoves h2e2 b2e2", false), Command::BanMoves(vec!["h2e2".into(), "b2e2".into()]));
        assert_eq!(parse("probe startpos", false), Command::Probe { setup: Setup::StartPos, moves: vec![] });
        assert_eq!(parse("ponderhit draw", false), Command::PonderHit { draw: true });
        assert_eq!(parse("quit", false), Command::Quit);
        assert_eq!(parse("uci", false), Command::Unknown("uci".into()));
    }
}
