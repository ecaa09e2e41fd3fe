//! The networks in the shell, one per game that has one (chess, xiangqi), through one generic
//! code path: which loops the core's inference runs (AVX2 when the CPU has it, seen once at
//! startup), each game's `Use NNUE` and `EvalFile` (another network, read at run time through the
//! safe file opener), `export_net` (the game's embedded network written out) and the `eval` lines.
//!
//! The controller keeps a [`Networks`]: each game's setting, protocol-free. A front-end changes the
//! setting of the game being played (`Variant::set_use_nnue`, `Variant::load_network`), and a
//! search hands its game's network to the core through [`SearchNetworks`].

use crate::files;
use engine::nnue::{simd, Network};
use engine::{chess, xiangqi};
use types::nnue::{Format, FormatError, CHESS, XIANGQI};

/// Whether `Use NNUE` starts on in `game` (as `UCI_Variant` spells it): in chess and in xiangqi
/// the network plays unless the GUI switches it off, each being more than 100 Elo ahead of the
/// game's hand-crafted evaluation under a clock (docs/matches/).
pub fn use_nnue_by_default(game: &str) -> bool {
    [CHESS_EMBEDDED.on_by_default(game), XIANGQI_EMBEDDED.on_by_default(game)].contains(&Some(true))
}

/// The largest network either format allows: the widest, with the most output buckets.
const LARGEST: types::nnue::Layout =
    types::nnue::Layout::bucketed(types::nnue::MAX_HIDDEN, types::nnue::MAX_BUCKETS);

/// The largest file `EvalFile` reads: the largest network either format allows (a file of another
/// width than the compiled one is then refused for its width, not its size).
pub const NETWORK_LIMIT: u64 = XIANGQI.file_bytes(LARGEST) as u64;

const _: () = assert!(CHESS.file_bytes(LARGEST) <= XIANGQI.file_bytes(LARGEST));

/// A game's embedded network and what the shell calls it.
#[derive(Debug)]
pub struct Embedded<const INPUTS: usize, const HIDDEN: usize> {
    /// The game's name, as `UCI_Variant` spells it.
    pub game: &'static str,
    /// The network decoded at compile time.
    pub network: &'static Network<INPUTS, HIDDEN>,
    /// Its file, byte for byte as committed.
    pub file: &'static [u8],
    /// The name `export_net` writes to without a file name.
    pub export_name: &'static str,
    /// `Use NNUE`'s default in this game.
    pub use_by_default: bool,
}

impl<const INPUTS: usize, const HIDDEN: usize> Embedded<INPUTS, HIDDEN> {
    /// `Use NNUE`'s default if this is `game`'s network.
    fn on_by_default(&self, game: &str) -> Option<bool> {
        (self.game == game).then_some(self.use_by_default)
    }
}

/// The chess network the engine ships with.
pub static CHESS_EMBEDDED: Embedded<{ types::nnue::INPUTS }, { chess::nnue::HIDDEN }> = Embedded {
    game: "chess",
    network: &chess::nnue::EMBEDDED,
    file: chess::nnue::FILE,
    export_name: "chess_nnue.bin",
    use_by_default: true,
};

/// The xiangqi network the engine ships with.
pub static XIANGQI_EMBEDDED: Embedded<{ types::nnue::XIANGQI_INPUTS }, { xiangqi::nnue::HIDDEN }> =
    Embedded {
        game: "xiangqi",
        network: &xiangqi::nnue::EMBEDDED,
        file: xiangqi::nnue::FILE,
        export_name: "xiangqi_nnue.bin",
        use_by_default: true,
    };

/// One game's network as its searches use it: its `Use NNUE` and `EvalFile`.
#[derive(Clone, Debug)]
pub struct NetworkSetting<const INPUTS: usize, const HIDDEN: usize> {
    /// The game's embedded network.
    pub embedded: &'static Embedded<INPUTS, HIDDEN>,
    /// `Use NNUE`: the game's searches evaluate with `network` rather than the hand-crafted
    /// evaluation.
    pub use_nnue: bool,
    /// The embedded network, or `EvalFile`'s.
    pub network: &'static Network<INPUTS, HIDDEN>,
    /// Where `network` came from (`embedded`, or the file's name).
    pub name: String,
    /// The file `network` was read from, byte for byte: what `export_net` writes.
    file: &'static [u8],
}

impl<const INPUTS: usize, const HIDDEN: usize> NetworkSetting<INPUTS, HIDDEN> {
    /// The embedded network, not in use.
    pub fn new(embedded: &'static Embedded<INPUTS, HIDDEN>) -> Self {
        NetworkSetting {
            embedded,
            use_nnue: embedded.use_by_default,
            network: embedded.network,
            name: "embedded".into(),
            file: embedded.file,
        }
    }

    /// The network the searches evaluate with, `None` for the hand-crafted evaluation.
    pub fn search_network(&self) -> Option<&'static Network<INPUTS, HIDDEN>> {
        self.use_nnue.then_some(self.network)
    }

    /// A one-line description of the network: its shape, where it came from, the loops.
    pub fn describe(&self) -> String {
        let buckets = match self.network.buckets() {
            1 => String::new(),
            buckets => format!(", {buckets} output buckets"),
        };
        let buckets = if self.network.mirrored() { buckets + ", king-mirrored inputs" } else { buckets };
        format!("({INPUTS} -> {HIDDEN}) x 2 -> 1{buckets}, {}, {} loops", self.name, simd::kernel())
    }

    /// `EvalFile`: the network in the file `path` from now on, or the embedded one for `None`.
    /// Returns its description; on an error the network stays as it was.
    pub fn load(&mut self, path: Option<&str>) -> Result<String, String> {
        match path {
            Some(path) => {
                (self.network, self.file) = load(self.embedded, path)?;
                self.name = path.to_string();
            }
            None => {
                self.network = self.embedded.network;
                self.name = "embedded".into();
                self.file = self.embedded.file;
            }
        }
        Ok(self.describe())
    }

    /// `export_net`: writes the network in use to `path` (the game's default name without one),
    /// byte for byte what was compiled in or what `EvalFile` read; returns the path written.
    pub fn export(&self, path: Option<&str>) -> Result<String, String> {
        let path = path.unwrap_or(self.embedded.export_name);
        files::write(path, self.file)?;
        Ok(path.to_string())
    }

    /// The `eval` command's network lines: the network's evaluation `score` (centipawns from the
    /// side to move, from scratch, unclamped), also in pawns from the first player (`first`,
    /// `first_to_move`) as the terms above are, the network's shape and origin, and which
    /// evaluation the search uses (`Use NNUE`, unless the build's search has no network at all:
    /// `searchable` false, chess in the compact build).
    pub fn eval_text(&self, score: i32, (first, first_to_move): (&str, bool), searchable: bool) -> String {
        let used = match (searchable, self.use_nnue) {
            (false, _) => "the hand-crafted terms (this build's search has no network)",
            (true, true) => "the network (Use NNUE true)",
            (true, false) => "the hand-crafted terms (Use NNUE false)",
        };
        format!(
            "NNUE evaluation: {}, {score} cp (side to move)\nNetwork: {}\nThe search evaluates with: {used}",
            first_player_pawns(score, (first, first_to_move)),
            self.describe(),
        )
    }
}

/// A side to move's `score` (centipawns) as `eval` shows its totals, in pawns from the first
/// player's side as Stockfish and Pikafish show them: `+0.12 (white side)`.
pub fn first_player_pawns(score: i32, (first, first_to_move): (&str, bool)) -> String {
    let from_first = if first_to_move { score } else { -score };
    format!("{:+.2} ({first} side)", f64::from(from_first) / 100.0)
}

/// What a front-end changes of a game's network, whatever the game and its width: `Use NNUE`,
/// `EvalFile` and `export_net` (setup, never the search: the search gets its network by type,
/// [`SearchNetworks`]).
pub trait NetworkChoice {
    /// `Use NNUE`.
    fn set_use_nnue(&mut self, on: bool);
    /// `EvalFile`: see [`NetworkSetting::load`].
    fn load(&mut self, path: Option<&str>) -> Result<String, String>;
    /// `export_net`: see [`NetworkSetting::export`].
    fn export(&self, path: Option<&str>) -> Result<String, String>;
}

impl<const INPUTS: usize, const HIDDEN: usize> NetworkChoice for NetworkSetting<INPUTS, HIDDEN> {
    fn set_use_nnue(&mut self, on: bool) {
        self.use_nnue = on;
    }

    fn load(&mut self, path: Option<&str>) -> Result<String, String> {
        NetworkSetting::load(self, path)
    }

    fn export(&self, path: Option<&str>) -> Result<String, String> {
        NetworkSetting::export(self, path)
    }
}

/// Each game's network setting: what the controller keeps, whatever protocol set it.
#[derive(Clone, Debug)]
pub struct Networks {
    pub chess: NetworkSetting<{ types::nnue::INPUTS }, { chess::nnue::HIDDEN }>,
    pub xiangqi: NetworkSetting<{ types::nnue::XIANGQI_INPUTS }, { xiangqi::nnue::HIDDEN }>,
}

impl Default for Networks {
    fn default() -> Self {
        Networks {
            chess: NetworkSetting::new(&CHESS_EMBEDDED),
            xiangqi: NetworkSetting::new(&XIANGQI_EMBEDDED),
        }
    }
}

impl Networks {
    /// The networks a search evaluates with, `None` for a game's hand-crafted evaluation.
    pub fn search(&self) -> SearchNetworks {
        SearchNetworks { chess: self.chess.search_network(), xiangqi: self.xiangqi.search_network() }
    }
}

/// The networks one search hands its threads: each game takes its own (`Variant::set_network`).
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchNetworks {
    pub chess: Option<&'static chess::nnue::Network>,
    pub xiangqi: Option<&'static xiangqi::nnue::Network>,
}

/// The network in the file `path` (`EvalFile`): a regular file, at most [`NETWORK_LIMIT`] bytes,
/// a network of `embedded`'s game and width. A file equal to the embedded network is the
/// embedded network; another is kept for the life of the process (one allocation of its size per
/// file loaded: GUIs set `EvalFile` once). Another game's network is refused by its magic, and
/// the message names both games.
pub fn load<const INPUTS: usize, const HIDDEN: usize>(
    embedded: &'static Embedded<INPUTS, HIDDEN>,
    path: &str,
) -> Result<(&'static Network<INPUTS, HIDDEN>, &'static [u8]), String> {
    let bytes = files::read_capped(path, NETWORK_LIMIT)?;
    let format = embedded.network.format();
    let bytes = match from_bullet(format, HIDDEN, &bytes) {
        Some(converted) => converted.map_err(|error| format!("{path}: bullet's layout, but {error}"))?,
        None => bytes,
    };
    if bytes == embedded.file {
        return Ok((embedded.network, embedded.file));
    }
    let mut network = Box::new(embedded.network.clone());
    network.read(&bytes).map_err(|error| {
        match error {
            engine::nnue::LoadError::Format(FormatError::Magic { .. }) => match other_game(format, &bytes) {
                Some((other, other_format)) => format!(
                    "{path}: a {other} network ({}), not a {} one ({}): EvalFile loads the network of the game being played",
                    magic(other_format),
                    embedded.game,
                    magic(format)
                ),
                None => format!("{path}: {error}"),
            },
            _ => format!("{path}: {error}"),
        }
    })?;
    // Both live as long as the process, as the embedded ones do (an `EvalFile` is loaded a few
    // times a session at most).
    Ok((Box::leak(network), Vec::leak(bytes)))
}

/// A file with none of our magics whose length is that of a bullet file of the compiled width
/// (`types::nnue::bullet`), rewritten as our own file; `None` for any other file, which is then
/// read (or refused) as ours. What `export_net` writes afterwards is our own file.
fn from_bullet(format: Format, hidden: usize, bytes: &[u8]) -> Option<Result<Vec<u8>, FormatError>> {
    if [CHESS, XIANGQI].iter().any(|game| game.has_magic(bytes)) {
        return None;
    }
    let native_bytes = format.native_bytes_of_bullet(hidden, bytes.len())?;
    let mut native = vec![0; native_bytes];
    Some(format.bullet_to_native(hidden, bytes, &mut native).map(|_| native))
}

/// The other game whose network `bytes` start like, if any, and its format.
fn other_game(format: Format, bytes: &[u8]) -> Option<(&'static str, Format)> {
    [(CHESS_EMBEDDED.game, CHESS), (XIANGQI_EMBEDDED.game, XIANGQI)]
        .into_iter()
        .find(|(_, other)| *other != format && other.has_magic(bytes))
}

/// A format's magic as text.
fn magic(format: Format) -> String {
    String::from_utf8_lossy(&format.magic).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exported_network_loads_back_as_the_embedded_one() {
        let path = std::env::temp_dir().join(format!("triskel-nnue-{}", std::process::id()));
        let path = path.to_str().unwrap();
        let mut networks = Networks::default();
        assert_eq!(networks.chess.export(Some(path)).unwrap(), path);
        assert!(std::ptr::eq(load(&CHESS_EMBEDDED, path).unwrap().0, &chess::nnue::EMBEDDED));
        // The same network with another output bias: a network of its own, read into the
        // compiled layout.
        let mut bytes = chess::nnue::FILE.to_vec();
        let at = bytes.len() - 4;
        bytes[at..].copy_from_slice(&12345i32.to_le_bytes());
        std::fs::write(path, &bytes).unwrap();
        let (other, file) = load(&CHESS_EMBEDDED, path).unwrap();
        assert!(*other != chess::nnue::EMBEDDED);
        assert!(file == bytes.as_slice(), "the file as read, for export_net");
        let start = chess::Position::startpos();
        assert_ne!(
            chess::nnue::evaluate(&start, other),
            chess::nnue::evaluate(&start, &chess::nnue::EMBEDDED)
        );
        // The chess file in xiangqi: refused by its magic, the message naming both games.
        let refused = networks.xiangqi.load(Some(path)).unwrap_err();
        assert!(refused.contains("a chess network (TRSKNN01), not a xiangqi one (TRSKXQ01)"), "{refused}");
        assert!(std::ptr::eq(networks.xiangqi.network, &xiangqi::nnue::EMBEDDED), "left as it was");
        std::fs::write(path, &bytes[..100]).unwrap();
        assert!(load(&CHESS_EMBEDDED, path).unwrap_err().contains("bytes where the header's width needs"));
        assert!(load(&CHESS_EMBEDDED, "/dev/zero").unwrap_err().contains("not a regular file"));
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn each_game_loads_its_own_network_and_searches_with_it_only_when_asked() {
        let path = std::env::temp_dir().join(format!("triskel-nnue-xq-{}", std::process::id()));
        let path = path.to_str().unwrap();
        let mut networks = Networks::default();
        // By default both games play with their networks.
        assert!(std::ptr::eq(networks.search().chess.unwrap(), &chess::nnue::EMBEDDED));
        assert!(std::ptr::eq(networks.search().xiangqi.unwrap(), &xiangqi::nnue::EMBEDDED));
        networks.chess.use_nnue = false;
        networks.xiangqi.use_nnue = false;
        assert!(networks.search().xiangqi.is_none());
        networks.xiangqi.export(Some(path)).unwrap();
        assert_eq!(std::fs::read(path).unwrap(), xiangqi::nnue::FILE);
        let mut bytes = xiangqi::nnue::FILE.to_vec();
        let at = bytes.len() - 4;
        bytes[at..].copy_from_slice(&777i32.to_le_bytes());
        std::fs::write(path, &bytes).unwrap();
        let description = networks.xiangqi.load(Some(path)).unwrap();
        assert!(description.starts_with(&format!("(1260 -> {}) x 2 -> 1, {path}", xiangqi::nnue::HIDDEN)));
        assert!(networks.chess.load(Some(path)).unwrap_err().contains("a xiangqi network (TRSKXQ01)"));
        networks.xiangqi.use_nnue = true;
        let search = networks.search();
        assert!(search.chess.is_none());
        assert!(std::ptr::eq(search.xiangqi.unwrap(), networks.xiangqi.network));
        assert!(*networks.xiangqi.network != xiangqi::nnue::EMBEDDED);
        networks.xiangqi.load(None).unwrap();
        assert!(std::ptr::eq(networks.search().xiangqi.unwrap(), &xiangqi::nnue::EMBEDDED));
        let _ = std::fs::remove_file(path);
    }
}
