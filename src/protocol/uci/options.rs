//! The UCI options: one table declares each option (name, type, default, range) for the `uci` listing
//! and for checking `setoption` values; [`Options`] holds the current values, and [`Options::set`]
//! tells the front-end which side effect (resizing the hash, opening the log...) a change needs.

use crate::controller::strength::{MAX_ELO, MIN_ELO};
use crate::controller::Settings;
use crate::resources::{MAX_HASH_MB, MAX_THREADS};
use crate::syzygy::SyzygySettings;
/// Most principal variations.
pub const MAX_MULTIPV: i64 = 256;

/// What a value of one option may be.
enum Kind {
    Check(bool),
    Spin { default: i64, min: i64, max: i64 },
    Combo { default: &'static str, vars: &'static [&'static str] },
    Button,
    Text(&'static str),
}

struct Spec {
    name: &'static str,
    kind: Kind,
}

const ENGINE_ABOUT: &str = concat!(
    "triskel ",
    env!("CARGO_PKG_VERSION"),
    ": a chess, xiangqi and Othello engine in Rust with a no_std core; GPL-3.0-or-later"
);

/// The games `UCI_Variant` selects.
pub const VARIANTS: [&str; 2] = ["chess", "xiangqi"];

/// How `Xiangqi Ranks` numbers xiangqi's ranks in move words: from 0 as Pikafish writes them
/// (`h2e2`), or from 1 as Fairy-Stockfish writes them and cutechess's xiangqi board reads them
/// (`h3e3`, `a10a9`).
pub const XIANGQI_RANKS: [&str; 2] = ["0-9", "1-10"];

use crate::controller::request::DEFAULT_MOVE_OVERHEAD_MS;

const SPECS: &[Spec] = &[
    Spec { name: "Hash", kind: Kind::Spin { default: 16, min: 1, max: MAX_HASH_MB } },
    Spec { name: "Clear Hash", kind: Kind::Button },
    Spec { name: "Threads", kind: Kind::Spin { default: 1, min: 1, max: MAX_THREADS } },
    Spec { name: "Ponder", kind: Kind::Check(false) },
    Spec { name: "MultiPV", kind: Kind::Spin { default: 1, min: 1, max: MAX_MULTIPV } },
    Spec {
        name: "Move Overhead",
        kind: Kind::Spin { default: DEFAULT_MOVE_OVERHEAD_MS as i64, min: 0, max: 5000 },
    },
    Spec { name: "UCI_Chess960", kind: Kind::Check(false) },
    Spec { name: "UCI_Variant", kind: Kind::Combo { default: "chess", vars: &VARIANTS } },
    // Stockfish's and Pikafish's node-based clock: with N > 0, a clock of T ms is spent as a budget
    // of T x N nodes, so test rigs get reproducible timed games.
    Spec { name: "nodestime", kind: Kind::Spin { default: 0, min: 0, max: 10_000 } },
    Spec { name: "UCI_AnalyseMode", kind: Kind::Check(false) },
    // Playing strength (src/strength.rs).
    Spec { name: "UCI_LimitStrength", kind: Kind::Check(false) },
    Spec { name: "UCI_Elo", kind: Kind::Spin { default: MIN_ELO, min: MIN_ELO, max: MAX_ELO } },
    Spec { name: "UCI_EngineAbout", kind: Kind::Text(ENGINE_ABOUT) },
    Spec { name: "UCI_ShowWDL", kind: Kind::Check(false) },
    Spec { name: "UCI_ShowCurrLine", kind: Kind::Check(false) },
    Spec { name: "UCI_ShowRefutations", kind: Kind::Check(false) },
    Spec { name: "Debug Log File", kind: Kind::Text("") },
    // Xiangqi: judge perpetual chase (a loss for the chaser, as Pikafish judges it); off for
    // arbiters that only judge perpetual check or call every repetition a draw. Chess ignores it.
    Spec { name: "Chase Rule", kind: Kind::Check(true) },
    // Xiangqi: the ranks of the move words read and written (see `XIANGQI_RANKS`); chess ignores it.
    Spec { name: "Xiangqi Ranks", kind: Kind::Combo { default: "0-9", vars: &XIANGQI_RANKS } },
    // Opening book (src/book/): Polyglot's format for chess, ours for xiangqi.
    Spec { name: "OwnBook", kind: Kind::Check(false) },
    Spec { name: "Book File", kind: Kind::Text("") },
    // The network of the game being played (Stockfish 15.1's names; chess and xiangqi each keep
    // their own). `Use NNUE` false evaluates with the hand-crafted terms; `EvalFile` reads another
    // network of the game's format and compiled width (`<empty>` is the embedded one).
    // Its listed default is the game's (`uci_lines`).
    Spec { name: "Use NNUE", kind: Kind::Check(true) },
    Spec { name: "EvalFile", kind: Kind::Text("") },
    // Chess: Syzygy endgame tables (src/syzygy.rs), Stockfish's names, ranges and defaults.
    // `SyzygyPath` lists folders, `:`-separated (`;` on Windows).
    Spec { name: "SyzygyPath", kind: Kind::Text("") },
    Spec { name: "SyzygyProbeDepth", kind: Kind::Spin { default: 1, min: 1, max: 100 } },
    Spec { name: "Syzygy50MoveRule", kind: Kind::Check(true) },
    Spec { name: "SyzygyProbeLimit", kind: Kind::Spin { default: 7, min: 0, max: 7 } },
];

/// `setoption` for one of the search's margins: a `tune` build sets it for the searches to come;
/// any other build knows no such option.
fn set_tunable(name: &str, value: Option<&str>) -> Result<Change, String> {
    #[cfg(feature = "tune")]
    {
        use engine::search::tunables::{set, SetError};
        // A value that is not a whole number is below every margin's range, so one lookup by
        // name answers both the unknown name and the bad value.
        let number = value.and_then(|value| value.parse::<i32>().ok()).unwrap_or(i32::MIN);
        match set(name, number) {
            Ok(()) => return Ok(Change::Stored),
            Err(SetError::OutOfRange(tunable)) => {
                let (name, min, max) = (tunable.name, tunable.min, tunable.max);
                return Err(format!("{name} takes a whole number from {min} to {max}"));
            }
            Err(SetError::Unknown) => {}
        }
    }
    let _ = value;
    Err(format!("unknown option: {name}"))
}

/// The current option values.
#[derive(Clone, Debug)]
pub struct Options {
    /// `nodestime`: nodes per millisecond of clock, 0 for real time.
    pub nodestime: u64,
    pub hash_mb: usize,
    pub threads: usize,
    pub ponder: bool,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub chess960: bool,
    pub variant: String,
    pub analyse_mode: bool,
    /// `UCI_LimitStrength`: play at `UCI_Elo` instead of full strength.
    pub limit_strength: bool,
    pub elo: i64,
    pub engine_about: String,
    pub show_wdl: bool,
    pub show_currline: bool,
    pub show_refutations: bool,
    pub debug_log_file: String,
    /// `Chase Rule`: the search judges xiangqi's perpetual chase.
    pub chase_rule: bool,
    /// `Xiangqi Ranks` is `1-10`: xiangqi move words count ranks from 1, not 0.
    pub xiangqi_ranks_from_one: bool,
    /// `OwnBook`: answer `go` from the book when the position is in it.
    pub own_book: bool,
    /// `Book File`: the book's path (a Polyglot book for chess, a triskel xiangqi book for
    /// xiangqi: `src/book/`), empty for the game's embedded book.
    pub book_file: String,
    /// `Use NNUE` as last set (for the game being played then: the controller keeps each game's).
    pub use_nnue: bool,
    /// `EvalFile` as last set (the same), empty for the embedded network.
    pub eval_file: String,
    /// `SyzygyPath`: the tables' folders, empty for none.
    pub syzygy_path: String,
    /// `SyzygyProbeDepth`, `Syzygy50MoveRule`, `SyzygyProbeLimit`.
    pub syzygy: SyzygySettings,
}

/// The side effect a changed option asks of the front-end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Change {
    /// The value is stored; the next search reads it.
    Stored,
    /// Reallocate the transposition table with this many MiB.
    Hash(usize),
    /// Search with this many threads from the next `go`.
    Threads(usize),
    /// Empty the transposition table.
    ClearHash,
    /// Switch the current position's castling notation.
    Chess960(bool),
    /// Start (or with `None` stop) the transcript.
    DebugLogFile(Option<String>),
    /// Play this game (`UCI_Variant`) from now on.
    Variant(String),
    /// Load the book at this path (or with `None` go back to the game's embedded book).
    BookFile(Option<String>),
    /// The game being played evaluates with its network, or not (`Use NNUE`).
    UseNnue(bool),
    /// Load the game's network at this path (or with `None` go back to the embedded one).
    EvalFile(Option<String>),
    /// Load the endgame tables in these folders (none for an empty list).
    SyzygyPath(String),
}

impl Default for Options {
    fn default() -> Self {
        Options {
            nodestime: 0,
            hash_mb: 16,
            threads: 1,
            ponder: false,
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            chess960: false,
            variant: "chess".into(),
            analyse_mode: false,
            limit_strength: false,
            elo: MIN_ELO,
            engine_about: ENGINE_ABOUT.into(),
            show_wdl: false,
            show_currline: false,
            show_refutations: false,
            debug_log_file: String::new(),
            chase_rule: true,
            xiangqi_ranks_from_one: false,
            own_book: false,
            book_file: String::new(),
            use_nnue: crate::nnue::use_nnue_by_default("chess"),
            eval_file: String::new(),
            syzygy_path: String::new(),
            syzygy: SyzygySettings::default(),
        }
    }
}

/// The `option name ... type ...` lines of the `uci` answer, as the protocol spells them (an empty
/// string default is written `<empty>`).
///
/// `UCI_Variant` shows the game being played as its default, so a GUI that reads defaults (and a
/// Pikafish-only GUI started with `--variant xiangqi`) sees the game it talks to.
pub fn uci_lines(current_variant: &str) -> Vec<String> {
    let mut lines: Vec<String> = SPECS
        .iter()
        .map(|spec| {
            let kind = match &spec.kind {
                Kind::Check(_) if spec.name == "Use NNUE" => {
                    format!("check default {}", crate::nnue::use_nnue_by_default(current_variant))
                }
                Kind::Check(default) => format!("check default {default}"),
                Kind::Spin { default, min, max } => format!("spin default {default} min {min} max {max}"),
                Kind::Combo { default, vars } => {
                    let default = if spec.name == "UCI_Variant" { current_variant } else { default };
                    let vars: String = vars.iter().map(|var| format!(" var {var}")).collect();
                    format!("combo default {default}{vars}")
                }
                Kind::Button => "button".to_string(),
                Kind::Text(default) => {
                    format!("string default {}", if default.is_empty() { "<empty>" } else { default })
                }
            };
            format!("option name {} type {kind}", spec.name)
        })
        .collect();
    // A `tune` build lists the search's margins too, for an SPSA tuner to set.
    if cfg!(feature = "tune") {
        lines.extend(engine::search::tunables::TUNABLES.iter().map(|tunable| {
            let engine::search::tunables::Tunable { name, default, min, max, .. } = tunable;
            format!("option name {name} type spin default {default} min {min} max {max}")
        }));
    }
    lines
}

impl Options {
    /// Copies what the searches use into the controller's settings (`Hash`, which needs memory,
    /// goes through [`Change::Hash`]).
    pub fn apply_to(&self, settings: &mut Settings) {
        settings.threads = self.threads;
        settings.multipv = self.multipv;
        settings.move_overhead_ms = self.move_overhead_ms;
        settings.nodestime = self.nodestime;
        settings.limit_strength = self.limit_strength;
        settings.elo = self.elo;
        settings.chase_rule = self.chase_rule;
        // `UCI_AnalyseMode`: the GUI analyses, so the book, which plays without thinking, stays shut.
        settings.own_book = self.own_book && !self.analyse_mode;
        settings.chess960 = self.chess960;
        settings.ponder = self.ponder;
        settings.syzygy = self.syzygy;
    }

    /// Applies `setoption name <name> value <value>`: the name is matched without case, the value
    /// checked against the option's type and range. `Err` is the `info string` to answer with.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Change, String> {
        let Some(spec) = SPECS.iter().find(|spec| spec.name.eq_ignore_ascii_case(name)) else {
            return set_tunable(name, value);
        };
        let value = value.unwrap_or("");
        let missing = || format!("{} needs a value", spec.name);
        match &spec.kind {
            Kind::Check(_) => {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    "" => return Err(missing()),
                    _ => return Err(format!("{} takes true or false", spec.name)),
                };
                Ok(self.set_check(spec.name, on))
            }
            Kind::Spin { min, max, .. } => {
                if value.is_empty() {
                    return Err(missing());
                }
                match value.parse::<i64>() {
                    Ok(number) if (*min..=*max).contains(&number) => Ok(self.set_spin(spec.name, number)),
                    _ => Err(format!("{} takes a whole number from {min} to {max}", spec.name)),
                }
            }
            Kind::Combo { vars, .. } => match vars.iter().find(|var| var.eq_ignore_ascii_case(value)) {
                Some(var) => Ok(self.set_combo(spec.name, var)),
                None => Err(format!("{} takes one of: {}", spec.name, vars.join(", "))),
            },
            Kind::Button => Ok(Change::ClearHash),
            Kind::Text(_) => {
                let text = if value == "<empty>" { "" } else { value };
                Ok(self.set_text(spec.name, text))
            }
        }
    }

    fn set_check(&mut self, name: &str, on: bool) -> Change {
        match name {
            "Ponder" => self.ponder = on,
            "UCI_Chess960" => {
                self.chess960 = on;
                return Change::Chess960(on);
            }
            "UCI_AnalyseMode" => self.analyse_mode = on,
            "UCI_LimitStrength" => self.limit_strength = on,
            "UCI_ShowWDL" => self.show_wdl = on,
            "UCI_ShowCurrLine" => self.show_currline = on,
            "UCI_ShowRefutations" => self.show_refutations = on,
            "Chase Rule" => self.chase_rule = on,
            "OwnBook" => self.own_book = on,
            "Use NNUE" => {
                self.use_nnue = on;
                return Change::UseNnue(on);
            }
            "Syzygy50MoveRule" => self.syzygy.fifty_move_rule = on,
            _ => unreachable!("check option {name} has no field"),
        }
        Change::Stored
    }

    fn set_spin(&mut self, name: &str, number: i64) -> Change {
        // The range check in `set` keeps every value positive and small enough for usize.
        match name {
            "Hash" => return Change::Hash(number as usize),
            "Threads" => {
                self.threads = number as usize;
                return Change::Threads(self.threads);
            }
            "MultiPV" => self.multipv = number as usize,
            "Move Overhead" => self.move_overhead_ms = number as u64,
            "UCI_Elo" => self.elo = number,
            "nodestime" => self.nodestime = number as u64,
            "SyzygyProbeDepth" => self.syzygy.probe_depth = number as i32,
            "SyzygyProbeLimit" => self.syzygy.probe_limit = number as u32,
            _ => unreachable!("spin option {name} has no field"),
        }
        Change::Stored
    }

    fn set_combo(&mut self, name: &str, var: &str) -> Change {
        match name {
            "UCI_Variant" => {
                self.variant = var.to_string();
                return Change::Variant(var.to_string());
            }
            "Xiangqi Ranks" => self.xiangqi_ranks_from_one = var == XIANGQI_RANKS[1],
            _ => unreachable!("combo option {name} has no field"),
        }
        Change::Stored
    }

    fn set_text(&mut self, name: &str, text: &str) -> Change {
        match name {
            "UCI_EngineAbout" => self.engine_about = text.to_string(),
            "Debug Log File" => {
                self.debug_log_file = text.to_string();
                return Change::DebugLogFile((!text.is_empty()).then(|| text.to_string()));
            }
            "Book File" => {
                self.book_file = text.to_string();
                return Change::BookFile((!text.is_empty()).then(|| text.to_string()));
            }
            "EvalFile" => {
                self.eval_file = text.to_string();
                return Change::EvalFile((!text.is_empty()).then(|| text.to_string()));
            }
            "SyzygyPath" => {
                self.syzygy_path = text.to_string();
                return Change::SyzygyPath(text.to_string());
            }
            _ => unreachable!("string option {name} has no field"),
        }
        Change::Stored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_option_can_be_set_to_its_default() {
        let mut options = Options::default();
        for spec in SPECS {
            let value = match &spec.kind {
                Kind::Check(default) => Some(default.to_string()),
                Kind::Spin { default, .. } => Some(default.to_string()),
                Kind::Combo { default, .. } => Some(default.to_string()),
                Kind::Button => None,
                Kind::Text(default) => Some(default.to_string()),
            };
            assert!(options.set(&spec.name.to_uppercase(), value.as_deref()).is_ok(), "{}", spec.name);
        }
        assert_eq!(uci_lines("chess").len(), SPECS.len());
    }

    #[test]
    fn values_are_checked() {
        let mut options = Options::default();
        assert_eq!(options.set("hash", Some("64")), Ok(Change::Hash(64)));
        assert!(options.set("Hash", Some("0")).is_err());
        assert!(options.set("Threads", Some("many")).is_err());
        assert!(options.set("Ponder", Some("yes")).is_err());
        assert_eq!(options.set("UCI_Variant", Some("Xiangqi")), Ok(Change::Variant("xiangqi".into())));
        assert!(options.set("UCI_Variant", Some("shogi")).is_err());
        assert_eq!(options.set("nodestime", Some("600")), Ok(Change::Stored));
        assert_eq!(options.nodestime, 600);
        assert!(options.set("No Such", Some("1")).unwrap_err().contains("unknown option: No Such"));
        assert_eq!(options.set("move overhead", Some("100")), Ok(Change::Stored));
        assert_eq!(options.move_overhead_ms, 100);
        assert_eq!(options.set("Clear Hash", None), Ok(Change::ClearHash));
        assert_eq!(options.set("Debug Log File", Some("<empty>")), Ok(Change::DebugLogFile(None)));
        assert!(options.set("UCI_Elo", Some("1000")).unwrap_err().contains("from 1320 to 3000"));
        assert_eq!(options.set("uci_elo", Some("2000")), Ok(Change::Stored));
        assert_eq!(options.elo, 2000);
        assert_eq!(options.set("UCI_LimitStrength", Some("true")), Ok(Change::Stored));
        assert!(options.limit_strength);
        assert_eq!(options.set("ownbook", Some("true")), Ok(Change::Stored));
        assert!(options.own_book);
        assert_eq!(
            options.set("book file", Some("my book.bin")),
            Ok(Change::BookFile(Some("my book.bin".into())))
        );
        assert_eq!(options.set("use nnue", Some("true")), Ok(Change::UseNnue(true)));
        assert!(options.use_nnue);
        assert_eq!(options.set("EvalFile", Some("net.bin")), Ok(Change::EvalFile(Some("net.bin".into()))));
        assert_eq!(options.set("evalfile", Some("<empty>")), Ok(Change::EvalFile(None)));
        assert_eq!(options.set("xiangqi ranks", Some("1-10")), Ok(Change::Stored));
        assert!(options.xiangqi_ranks_from_one);
        assert!(options.set("Xiangqi Ranks", Some("1-9")).is_err());
        assert_eq!(options.set("Xiangqi Ranks", Some("0-9")), Ok(Change::Stored));
        assert!(!options.xiangqi_ranks_from_one);
    }
}
