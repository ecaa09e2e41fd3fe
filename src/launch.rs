//! The command line's settings, read before the first command.
//!
//! UCI and UCCI set everything through their own options, so only the game UCI starts with comes
//! from here (`--variant xiangqi`, for GUIs that only know Pikafish, or the program's own name for
//! tools that start a Pikafish by its path alone). NBoard and GTP have no
//! option command at all, so the Othello sessions take their book, threads and hash from here, as
//! Edax takes `-book-file`, `-n` and `-h` from its command line.

use crate::controller::Controller;
use crate::games::{GameKind, Variant};
use crate::resources::{MAX_HASH_MB, MAX_THREADS};

/// Transposition table of the Othello sessions until `--hash` says otherwise, MiB.
pub const OTHELLO_HASH_MB: usize = 64;

/// What the Othello sessions (NBoard, GTP) start with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OthelloSetup {
    /// `--book FILE`: the learning book NBoard plays from and learns into.
    pub book: Option<String>,
    /// `--threads N`: search threads, for the searches and the exact solves alike.
    pub threads: usize,
    /// `--hash MB`: the transposition table.
    pub hash_mb: usize,
}

impl Default for OthelloSetup {
    fn default() -> OthelloSetup {
        OthelloSetup { book: None, threads: 1, hash_mb: OTHELLO_HASH_MB }
    }
}

impl OthelloSetup {
    /// A controller with these threads and this table, allocated once. If the table is too big
    /// to allocate, the controller has the default one and the message says so, for the session
    /// to say in its protocol's form.
    pub fn controller<G: Variant>(&self) -> (Box<Controller<G>>, Option<String>) {
        let (controller, allocated) = Controller::with_hash(self.hash_mb);
        let mut controller = Box::new(controller);
        controller.settings_mut().threads = self.threads;
        (controller, allocated.err())
    }
}

/// Everything the command line set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// `--variant chess|xiangqi`: the game a UCI session starts with.
    pub game: GameKind,
    pub othello: OthelloSetup,
}

impl Launch {
    /// Takes the settings out of `args` (`--name value` or `--name=value`, anywhere) and leaves
    /// the rest, which is a command to run (`triskel bench`). `program` is the path the program
    /// was started by (see [`game_named_by`]). The error is the line to print before exiting.
    pub fn take_from(args: &mut Vec<String>, program: Option<&str>) -> Result<Launch, String> {
        let mut launch = Launch { game: game_named_by(program), ..Launch::default() };
        if let Some(name) = take_value(args, "--variant")? {
            launch.game = GameKind::from_name(&name).ok_or("--variant takes chess or xiangqi")?;
        }
        if let Some(path) = take_value(args, "--book")? {
            launch.othello.book = Some(path);
        }
        if let Some(text) = take_value(args, "--threads")? {
            launch.othello.threads = number_in(&text, "--threads", 1, MAX_THREADS)?;
        }
        if let Some(text) = take_value(args, "--hash")? {
            launch.othello.hash_mb = number_in(&text, "--hash", 1, MAX_HASH_MB)?;
        }
        Ok(launch)
    }
}

/// Removes `flag` and its value from `args`; `Ok(None)` when the flag is absent.
/// The game a UCI session starts with by the name the program was started by: xiangqi when the
/// file's name holds `pikafish` or `xiangqi` (any case), chess otherwise. Analysis tools written
/// for Pikafish start it by its path alone (`Popen([path])`) and send xiangqi moves at once; a link
/// or copy named `pikafish` serves them where no `--variant` can be passed. `--variant` still wins.
fn game_named_by(program: Option<&str>) -> GameKind {
    let name = program
        .and_then(|path| std::path::Path::new(path).file_name())
        .map(|name| name.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if name.contains("pikafish") || name.contains("xiangqi") {
        GameKind::Xiangqi
    } else {
        GameKind::Chess
    }
}

fn take_value(args: &mut Vec<String>, flag: &str) -> Result<Option<String>, String> {
    let joined = format!("{flag}=");
    let Some(at) = args.iter().position(|arg| arg == flag || arg.starts_with(&joined)) else {
        return Ok(None);
    };
    let (value, taken) = match args[at].strip_prefix(&joined) {
        Some(value) => (Some(value.to_string()), 1),
        None => (args.get(at + 1).cloned(), 2),
    };
    args.drain(at..(at + taken).min(args.len()));
    match value.filter(|value| !value.is_empty()) {
        Some(value) => Ok(Some(value)),
        None => Err(format!("{flag} takes a value")),
    }
}

/// `text` as a whole number from `min` to `max`.
fn number_in(text: &str, flag: &str, min: i64, max: i64) -> Result<usize, String> {
    match text.parse::<i64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(number as usize),
        _ => Err(format!("{flag} takes a number from {min} to {max}, not {text}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> (Result<Launch, String>, Vec<String>) {
        let mut args: Vec<String> = words.iter().map(|word| word.to_string()).collect();
        let launch = Launch::take_from(&mut args, Some("target/release/triskel"));
        (launch, args)
    }

    #[test]
    fn a_program_named_like_pikafish_starts_in_xiangqi_unless_told_otherwise() {
        for (program, game) in [
            ("/usr/local/bin/pikafish", GameKind::Xiangqi),
            ("Pikafish-avx2.exe", GameKind::Xiangqi),
            ("engines/xiangqi-engine", GameKind::Xiangqi),
            ("/home/pikafish/engines/triskel", GameKind::Chess),
            ("triskel", GameKind::Chess),
        ] {
            assert_eq!(Launch::take_from(&mut Vec::new(), Some(program)).unwrap().game, game, "{program}");
        }
        assert_eq!(Launch::take_from(&mut Vec::new(), None).unwrap().game, GameKind::Chess);
        let mut args = vec!["--variant".to_string(), "chess".to_string()];
        assert_eq!(Launch::take_from(&mut args, Some("pikafish")).unwrap().game, GameKind::Chess);
    }

    #[test]
    fn settings_are_taken_out_and_the_command_is_left() {
        let (launch, rest) = parse(&["--threads", "2", "othello", "--hash=128", "ffo", "--book", "b.txt"]);
        let launch = launch.unwrap();
        assert_eq!(launch.othello, OthelloSetup { book: Some("b.txt".into()), threads: 2, hash_mb: 128 });
        assert_eq!(launch.game, GameKind::Chess);
        assert_eq!(rest, ["othello", "ffo"]);
        let (launch, rest) = parse(&["--variant=xiangqi", "bench"]);
        assert_eq!(launch.unwrap().game, GameKind::Xiangqi);
        assert_eq!(rest, ["bench"]);
    }

    #[test]
    fn nothing_given_is_the_defaults() {
        let (launch, rest) = parse(&[]);
        assert_eq!(launch.unwrap(), Launch::default());
        assert!(rest.is_empty());
        assert_eq!(OthelloSetup::default().threads, 1);
        assert_eq!(OthelloSetup::default().hash_mb, OTHELLO_HASH_MB);
    }

    #[test]
    fn the_controller_has_the_setup_table_or_says_why_not() {
        use engine::othello::position::Position;
        let setup = OthelloSetup { book: None, threads: 2, hash_mb: 32 };
        let (controller, refusal) = setup.controller::<Position>();
        assert_eq!((controller.settings().hash_mb, controller.settings().threads, refusal), (32, 2, None));
        // No machine has 2^64 bytes: the default table is kept, and the threads are still set.
        let setup = OthelloSetup { book: None, threads: 2, hash_mb: usize::MAX >> 20 };
        let (controller, refusal) = setup.controller::<Position>();
        let default_mb = crate::controller::Settings::default().hash_mb;
        assert_eq!((controller.settings().hash_mb, controller.settings().threads), (default_mb, 2));
        let expected = format!("cannot allocate {} MiB of hash; keeping {default_mb} MiB", usize::MAX >> 20);
        assert_eq!(refusal, Some(expected));
    }

    #[test]
    fn bad_values_are_refused_with_the_reason() {
        for (words, expected) in [
            (&["--threads", "0"][..], "--threads takes a number from 1 to 256, not 0"),
            (&["--threads=many"][..], "--threads takes a number from 1 to 256, not many"),
            (&["--hash", "70000"][..], "--hash takes a number from 1 to 65536, not 70000"),
            (&["--hash"][..], "--hash takes a value"),
            (&["--book="][..], "--book takes a value"),
            (&["--variant", "shogi"][..], "--variant takes chess or xiangqi"),
        ] {
            assert_eq!(parse(words).0, Err(expected.to_string()), "{words:?}");
        }
    }
}
