//! UCCI 3.0 text to the session's typed commands, as ElephantEye reads it: `ucci`, `setoption <name>
//! [<value>]` (no `name`/`value` keywords), `position`, `banmoves`, `go [ponder|draw] depth N |
//! nodes N | infinite | time T [movestogo M | increment I] [opptime T2 [oppmovestogo M2 |
//! oppincrement I2]]`, `ponderhit [draw]`, `probe`, `stop`, `isready`, `quit`.
//!
//! Times are seconds unless `usemillisec` is on: the caller says which, and every time here comes
//! out in milliseconds. The opponent's clock is read and checked but not used: the search spends
//! its own time only.

use crate::protocol::uci::parse::{parse_position, Command, Go};

/// The options only UCCI has, as `ucci` announces them; `hashsize`, `threads` and `ponder` map to
/// the UCI options `Hash`, `Threads` and `Ponder`.
pub const OPTION_LINES: &[&str] = &[
    "option usemillisec type check default false",
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
];

/// Parses one UCCI line; `millis` is the `usemillisec` setting.
pub fn parse(line: &str, millis: bool) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, args)) = words.split_first() else { return Command::Empty };
    match command {
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(args),
        "position" => parse_position(args),
        "banmoves" => Command::BanMoves(args.iter().map(|word| word.to_string()).collect()),
        "go" => parse_go(args, millis),
        "ponderhit" => Command::PonderHit { draw: args.first() == Some(&"draw") },
        "stop" => Command::Stop,
        "probe" => match parse_position(args) {
            Command::Position { setup, moves } => Command::Probe { setup, moves },
            _ => Command::Invalid("usage: probe startpos|fen <fen> [moves ...]".into()),
        },
        "quit" => Command::Quit,
        // Pikafish's debugging commands work here too; they write nothing a UCCI GUI reads.
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => Command::Bench(args.iter().map(|word| word.to_string()).collect()),
        _ => Command::Unknown(line.trim().to_string()),
    }
}

/// `setoption <name> [<value>]`: the options shared with UCI become the UCI names (with
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
    let shared = |uci_name: &str, value: Option<String>| Command::SetOption { name: uci_name.into(), value };
    match name {
        "hashsize" => shared("Hash", value.map(|size| if size == "0" { "16".into() } else { size })),
        // 0 means automatic: every core the machine has.
        "threads" => shared(
            "Threads",
            value.map(|count| {
                let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
                if count == "0" {
                    cores.to_string()
                } else {
                    count
                }
            }),
        ),
        "ponder" => shared("Ponder", value),
        "newgame" => Command::UciNewGame,
        _ => Command::UcciOption { name: name.to_string(), value },
    }
}

/// `go ...`. A `time` clock is the side to move's; `movestogo` and `increment` belong to it, and the
/// `opp...` words to the opponent (read past, not used).
fn parse_go(args: &[&str], millis: bool) -> Command {
    let mut go = Go::default();
    let scale = if millis { 1 } else { 1000 };
    let mut index = 0;
    let number = |index: &mut usize| -> Option<i64> {
        let value = args.get(*index).and_then(|text| text.parse::<f64>().ok());
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
            "time" | "increment" | "opptime" | "oppincrement" => {
                // Seconds may come with a fraction; milliseconds are whole.
                let value = args.get(index).and_then(|text| text.parse::<f64>().ok());
                match value {
                    Some(value) => {
                        index += 1;
                        let ms =
                            (value * scale as f64).round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
                        match word {
                            "time" => go.own_time = Some(ms),
                            "increment" => go.own_increment = Some(ms),
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
    use crate::protocol::uci::parse::Setup;

    fn go(line: &str, millis: bool) -> Go {
        match parse(line, millis) {
            Command::Go(go) => *go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn clocks_are_seconds_unless_usemillisec() {
        let seconds = go("go time 300 increment 2 opptime 250 oppincrement 2", false);
        assert_eq!((seconds.own_time, seconds.own_increment), (Some(300_000), Some(2_000)));
        assert!(seconds.ignored.is_empty());
        let millis = go("go time 300 increment 2 opptime 250 oppincrement 2", true);
        assert_eq!((millis.own_time, millis.own_increment), (Some(300), Some(2)));
        let fraction = go("go time 1.5 movestogo 10 opptime 3 oppmovestogo 10", false);
        assert_eq!((fraction.own_time, fraction.movestogo), (Some(1_500), Some(10)));
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
    }

    #[test]
    fn threads_0_means_every_core() {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get()).to_string();
        assert_eq!(
            parse("setoption threads 0", false),
            Command::SetOption { name: "Threads".into(), value: Some(cores) }
        );
        assert_eq!(
            parse("setoption threads 3", false),
            Command::SetOption { name: "Threads".into(), value: Some("3".into()) }
        );
    }

    #[test]
    fn options_shared_with_uci_take_uci_names() {
        assert_eq!(
            parse("setoption hashsize 64", false),
            Command::SetOption { name: "Hash".into(), value: Some("64".into()) }
        );
        assert_eq!(
            parse("setoption hashsize 0", false),
            Command::SetOption { name: "Hash".into(), value: Some("16".into()) }
        );
        assert_eq!(
            parse("setoption usemillisec true", false),
            Command::UcciOption { name: "usemillisec".into(), value: Some("true".into()) }
        );
        assert_eq!(parse("setoption newgame", false), Command::UciNewGame);
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
