//! Syzygy endgame tables for chess (`SyzygyPath` and friends), probed with `pyrrhic-rs`, a
//! pure-Rust port of the Pyrrhic prober that Ethereal and others use. It takes the position as
//! bitboards and asks our own attack tables for moves, so no conversion to another board type
//! sits between the search and a probe. (`shakmaty-syzygy` would have needed its own board and a
//! newer compiler than the workspace's minimum.)
//!
//! The prober keeps its tables in process-wide state and allows one handle at a time, so the
//! loaded tables live here, in one static, and so does the count of probes that answered
//! (`tbhits`). Which tables exist is our own reading of the folders ([`Present`]): version 0.2.0
//! of the prober takes a missing file for a present one (its file test answers -1, which its
//! callers read as true), so it would report tables of 7 pieces whatever the folder holds, and
//! try to open a missing file again at every probe of its material. Asking it only for material
//! whose file we saw keeps both mistakes out. A search reaches them through [`probe_wdl`], the function its
//! [`EndgameTables`] carries; the controller ranks the root moves through [`rank_root`] before
//! any search thread starts (the prober's root probe must not run beside other probes).
//!
//! What the search does with the answers is Stockfish's:
//! - **In the search**, a WDL probe after each capture or pawn move (the only moves that can
//!   enter a table, and the moment the fifty-move counter is zero, which a WDL table assumes),
//!   for positions of at most `SyzygyProbeLimit` pieces, the largest set only at
//!   `SyzygyProbeDepth` or more. A win or loss bounds the node, a draw is exact.
//! - **At the root**, the moves are ranked by DTZ (or by WDL where the DTZ table is missing), and
//!   only the best-ranked ones are searched. Every move that wins within the fifty-move rule ranks
//!   the same, so the search chooses among them and finds mates; once the counter makes a win
//!   tight (or the position repeated), the moves nearer a zeroing move rank higher, so a won
//!   ending is won before the rule draws it. With DTZ at the root the search probes no more.

use engine::chess::tablebase::{EndgameTables, Wdl};
use engine::chess::{tables, Bitboard, Color, Move, PieceKind, Position, Square};
use engine::history::PastPosition;
use engine::{Game, Score};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TableBases, WdlProbeResult};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock};

/// The settings of the tables, as the user set them (Stockfish's options and defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyzygySettings {
    /// `SyzygyProbeDepth`: the least remaining depth at which the largest tables are probed.
    pub probe_depth: i32,
    /// `Syzygy50MoveRule`: a win the fifty-move rule spoils is a draw.
    pub fifty_move_rule: bool,
    /// `SyzygyProbeLimit`: most pieces to probe.
    pub probe_limit: u32,
}

impl Default for SyzygySettings {
    fn default() -> Self {
        SyzygySettings { probe_depth: 1, fifty_move_rule: true, probe_limit: 7 }
    }
}

/// Our attack tables, as the prober asks for them.
#[derive(Clone, Copy)]
struct Attacks;

fn square(index: u64) -> Square {
    Square::from_index(index as u8).unwrap_or(Square::from_index(0).expect("a1"))
}

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = if color == pyrrhic_rs::Color::White { Color::White } else { Color::Black };
        tables::pawn_attacks(color, square(sq)).0
    }
    fn knight_attacks(sq: u64) -> u64 {
        tables::knight_attacks(square(sq)).0
    }
    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        tables::bishop_attacks(square(sq), Bitboard(occupied)).0
    }
    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        tables::rook_attacks(square(sq), Bitboard(occupied)).0
    }
    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        Self::bishop_attacks(sq, occupied) | Self::rook_attacks(sq, occupied)
    }
    fn king_attacks(sq: u64) -> u64 {
        tables::king_attacks(square(sq)).0
    }
}

/// The loaded tables: the prober's handle (it allows one) and what the folders hold.
struct Tables {
    prober: TableBases<Attacks>,
    present: Present,
}

static TABLES: RwLock<Option<Tables>> = RwLock::new(None);

/// The tables the folders hold, by material ([`material`]), and the most pieces among them.
#[derive(Default)]
struct Present {
    wdl: HashSet<u64>,
    dtz: HashSet<u64>,
    pieces: u32,
}

impl Present {
    /// Adds the table of a file name (`KQvKR.rtbw`, `KQvKR.rtbz`); false for another name.
    fn add(&mut self, name: &str) -> bool {
        let (material_text, dtz) = match (name.strip_suffix(".rtbw"), name.strip_suffix(".rtbz")) {
            (Some(text), _) => (text, false),
            (_, Some(text)) => (text, true),
            _ => return false,
        };
        let Some(key) = material_of_name(material_text) else { return false };
        if dtz {
            self.dtz.insert(key);
        } else {
            self.wdl.insert(key);
            self.pieces = self.pieces.max(material_text.len() as u32 - 1);
        }
        true
    }

    /// The table of `position`'s material is there (WDL, or DTZ when `dtz`).
    fn holds(&self, position: &Position, dtz: bool) -> bool {
        let set = if dtz { &self.dtz } else { &self.wdl };
        let (white, black) = (side_material(position, Color::White), side_material(position, Color::Black));
        set.contains(&(white | black << 20)) || set.contains(&(black | white << 20))
    }
}

/// The material key of one side: 4 bits of count for each of queens, rooks, bishops, knights,
/// pawns. A table of material `W` against `B` is `W | B << 20`.
fn side_material(position: &Position, color: Color) -> u64 {
    [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight, PieceKind::Pawn]
        .iter()
        .enumerate()
        .map(|(index, &kind)| u64::from(position.pieces(color, kind).count().min(15)) << (4 * index))
        .sum()
}

/// The material key of a table's name (`KQvKR`), `None` for another name.
fn material_of_name(text: &str) -> Option<u64> {
    let (white, black) = text.split_once('v')?;
    let side = |side: &str| -> Option<u64> {
        let pieces = side.strip_prefix('K')?;
        let mut key = 0;
        for piece in pieces.chars() {
            let index = "QRBNP".find(piece)?;
            key += 1u64 << (4 * index);
        }
        Some(key)
    };
    (text.len() <= 8).then_some(())?;
    Some(side(white)? | side(black)? << 20)
}

/// Probes that answered since the last [`reset_hits`]: all search threads, as `tbhits` reports.
static HITS: AtomicU64 = AtomicU64::new(0);

/// Probes that answered since the last reset.
pub fn hits() -> u64 {
    HITS.load(Ordering::Relaxed)
}

/// Starts a new count of probes (each `go`).
pub fn reset_hits() {
    HITS.store(0, Ordering::Relaxed);
}

/// The separator of a `SyzygyPath` list: `;` on Windows (where `:` follows a drive letter), `:`
/// elsewhere, as Stockfish reads it.
const LIST_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// What [`load`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Loaded {
    /// WDL table files in the folders.
    pub tables: usize,
    /// Most pieces they cover.
    pub pieces: u32,
}

/// Loads the tables in the folders of `list` (`SyzygyPath`), dropping those loaded before: none
/// for an empty list (or Stockfish's `<empty>`). `Err` says what is wrong; the engine then goes on
/// with the tables of the folders that had some, or without tables.
pub fn load(list: &str) -> Result<Loaded, String> {
    let mut loaded = TABLES.write().unwrap_or_else(PoisonError::into_inner);
    // The prober frees its tables when the last handle goes, and only then takes new ones.
    *loaded = None;
    let list = list.trim();
    if list.is_empty() || list == "<empty>" {
        return Ok(Loaded::default());
    }
    let folders: Vec<&str> = list.split(LIST_SEPARATOR).map(str::trim).filter(|f| !f.is_empty()).collect();
    let mut problems = Vec::new();
    let mut usable = Vec::new();
    let mut present = Present::default();
    for folder in &folders {
        match add_tables_in(folder, &mut present) {
            Ok(0) => problems.push(format!("{folder}: no Syzygy tables (.rtbw files)")),
            Ok(_) => usable.push(*folder),
            Err(error) => problems.push(format!("{folder}: {error}")),
        }
    }
    if usable.is_empty() {
        return Err(problems.join("; "));
    }
    // The prober splits its list at `:` whatever the system (a folder of its own must not hold
    // one); a folder it finds nothing in would leave it unable to load again, hence the check
    // above that each folder passed on holds tables.
    if let Some(folder) = usable.iter().find(|folder| folder.contains(':')) {
        return Err(format!("{folder}: the tablebase prober cannot read a folder whose name has ':' (on Windows, give the folder without its drive letter)"));
    }
    match TableBases::<Attacks>::new(usable.join(":")) {
        Ok(prober) => {
            let (tables, pieces) = (present.wdl.len(), present.pieces);
            *loaded = Some(Tables { prober, present });
            if problems.is_empty() {
                Ok(Loaded { tables, pieces })
            } else {
                Err(format!(
                    "{} (tables of up to {pieces} pieces loaded from the others)",
                    problems.join("; ")
                ))
            }
        }
        Err(error) => Err(format!("the tables could not be loaded ({error:?})")),
    }
}

/// Adds the tables of `folder` to `present`; returns how many WDL files it holds.
fn add_tables_in(folder: &str, present: &mut Present) -> Result<usize, String> {
    let entries = std::fs::read_dir(folder).map_err(|error| error.to_string())?;
    let mut wdl_files = 0;
    for entry in entries.filter_map(Result::ok) {
        if let Some(name) = entry.file_name().to_str() {
            if present.add(name) && name.ends_with(".rtbw") {
                wdl_files += 1;
            }
        }
    }
    Ok(wdl_files)
}

/// Most pieces the loaded tables cover, 0 without tables.
pub fn largest() -> u32 {
    TABLES.read().unwrap_or_else(PoisonError::into_inner).as_ref().map_or(0, |tables| tables.present.pieces)
}

/// What a search thread is given: the tables as the settings allow them, `None` without tables.
pub fn search_tables(settings: &SyzygySettings) -> Option<EndgameTables> {
    let pieces = largest().min(settings.probe_limit);
    (pieces > 0).then_some(EndgameTables {
        probe: probe_wdl,
        pieces,
        depth: settings.probe_depth,
        fifty_move_rule: settings.fifty_move_rule,
    })
}

/// The prober's view of a position: colours, kinds, en passant and the side to move.
struct Bitboards {
    colours: [u64; 2],
    kinds: [u64; 6],
    en_passant: u32,
    white_to_move: bool,
}

impl Bitboards {
    fn of(position: &Position) -> Bitboards {
        Bitboards {
            colours: [position.pieces_of(Color::White).0, position.pieces_of(Color::Black).0],
            kinds: PieceKind::ALL.map(|kind| position.pieces_of_kind(kind).0),
            en_passant: position.en_passant().map_or(0, |square| square.index() as u32),
            white_to_move: position.side_to_move() == Color::White,
        }
    }
}

fn wdl_of(result: WdlProbeResult) -> Wdl {
    match result {
        WdlProbeResult::Loss => Wdl::Loss,
        WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
        WdlProbeResult::Draw => Wdl::Draw,
        WdlProbeResult::CursedWin => Wdl::CursedWin,
        WdlProbeResult::Win => Wdl::Win,
    }
}

/// The WDL tables' answer for `position` (no castling rights; its fifty-move counter is taken as
/// zero), `None` without tables or when they cannot answer. Safe beside other probes.
pub fn probe_wdl(position: &Position) -> Option<Wdl> {
    let loaded = TABLES.read().unwrap_or_else(PoisonError::into_inner);
    let tables = loaded.as_ref()?;
    if !tables.present.holds(position, false) {
        return None;
    }
    let b = Bitboards::of(position);
    let [pawns, knights, bishops, rooks, queens, kings] = b.kinds;
    let [white, black] = b.colours;
    let result = tables
        .prober
        .probe_wdl(white, black, kings, queens, rooks, bishops, knights, pawns, b.en_passant, b.white_to_move)
        .ok()?;
    HITS.fetch_add(1, Ordering::Relaxed);
    Some(wdl_of(result))
}

/// What the tables make of the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootRanking {
    /// The best-ranked moves: the only ones to search.
    pub moves: Vec<Move>,
    /// The DTZ tables ranked them (the search then needs no probes of its own).
    pub by_dtz: bool,
    /// The result they keep, from the side to move.
    pub wdl: Wdl,
    /// That result as a score to show in place of the search's evaluation, as Stockfish shows a
    /// root in the tables: a win [`Score::TABLE_WIN`] (below every mate, above every
    /// evaluation), a loss its negation, a draw (a cursed win or blessed loss under the
    /// fifty-move rule included) zero.
    pub score: Score,
}

/// Ranks the root moves of `position` (reached through `keys`) by the tables, as Stockfish's
/// `rank_root_moves` does; `None` when the position is outside the tables (too many pieces, a
/// castling right) or they cannot rank it. Call only while no search runs.
pub fn rank_root(
    position: &Position,
    keys: &[PastPosition],
    settings: &SyzygySettings,
) -> Option<RootRanking> {
    let pieces = position.occupied().count();
    if pieces > largest().min(settings.probe_limit) || position.castling_rights() != 0 {
        return None;
    }
    let mut legal = <Position as Game>::MoveList::default();
    position.generate_moves(&mut legal);
    if legal.is_empty() {
        return None;
    }
    let repeated = has_repeated(position, keys);
    let ranked = rank_by_dtz(position, &legal, repeated, settings)
        .map(|ranked| (ranked, true))
        .or_else(|| rank_by_wdl(position, &legal, settings).map(|ranked| (ranked, false)))?;
    let (ranks, by_dtz) = ranked;
    let best = ranks.iter().map(|&(_, rank, _)| rank).max()?;
    let wdl = ranks.iter().find(|&&(_, rank, _)| rank == best).map(|&(_, _, wdl)| wdl)?;
    let moves = ranks.iter().filter(|&&(_, rank, _)| rank == best).map(|&(mv, _, _)| mv).collect();
    let score = match wdl {
        Wdl::Win => Score::TABLE_WIN,
        Wdl::CursedWin if !settings.fifty_move_rule => Score::TABLE_WIN,
        Wdl::Loss => -Score::TABLE_WIN,
        Wdl::BlessedLoss if !settings.fifty_move_rule => -Score::TABLE_WIN,
        Wdl::CursedWin | Wdl::BlessedLoss | Wdl::Draw => Score::DRAW,
    };
    Some(RootRanking { moves, by_dtz, wdl, score })
}

/// True if the position occurred before since the last capture or pawn move.
fn has_repeated(position: &Position, keys: &[PastPosition]) -> bool {
    let reversible = position.halfmove_clock() as usize;
    let key = position.hash();
    keys.iter().rev().take(reversible).any(|past| past.key == key)
}

/// The rank of a DTZ the fifty-move rule leaves room for: Stockfish's numbers.
const MAX_DTZ: i32 = 1 << 18;

/// Each legal move's rank (higher is better) and result, by the DTZ tables.
fn rank_by_dtz(
    position: &Position,
    legal: &[Move],
    repeated: bool,
    settings: &SyzygySettings,
) -> Option<Vec<(Move, i32, Wdl)>> {
    let loaded = TABLES.read().unwrap_or_else(PoisonError::into_inner);
    let tables = loaded.as_ref()?;
    if !tables.present.holds(position, true) {
        return None;
    }
    let b = Bitboards::of(position);
    let [pawns, knights, bishops, rooks, queens, kings] = b.kinds;
    let [white, black] = b.colours;
    let rule50 = position.halfmove_clock();
    let result = tables
        .prober
        .probe_root(
            white,
            black,
            kings,
            queens,
            rooks,
            bishops,
            knights,
            pawns,
            rule50,
            b.en_passant,
            b.white_to_move,
        )
        .ok()?;
    HITS.fetch_add(1, Ordering::Relaxed);
    let counter = rule50 as i32;
    let mut ranks = Vec::with_capacity(legal.len());
    for value in &result.moves[..result.num_moves] {
        let DtzProbeValue::DtzResult(entry) = value else { return None };
        let mv = legal.iter().copied().find(|mv| {
            mv.from().index() == usize::from(entry.from_square)
                && mv.to().index() == usize::from(entry.to_square)
                && mv.promotion().map_or(0, PieceKind::index) == promotion_index(entry.promotion)
        })?;
        // The move's distance to a zeroing move, signed from the root's side to move.
        let dtz = i32::from(entry.dtz);
        let dtz = match entry.wdl {
            WdlProbeResult::Win | WdlProbeResult::CursedWin => dtz.max(1),
            WdlProbeResult::Loss | WdlProbeResult::BlessedLoss => -dtz.max(1),
            WdlProbeResult::Draw => 0,
        };
        let rank = if dtz > 0 {
            if dtz + counter <= 99 && !repeated {
                MAX_DTZ
            } else {
                MAX_DTZ - (dtz + counter)
            }
        } else if dtz < 0 {
            if -dtz * 2 + counter < 100 {
                -MAX_DTZ
            } else {
                -MAX_DTZ + (-dtz + counter)
            }
        } else {
            0
        };
        let wdl = match entry.wdl {
            WdlProbeResult::CursedWin if !settings.fifty_move_rule => Wdl::Win,
            WdlProbeResult::BlessedLoss if !settings.fifty_move_rule => Wdl::Loss,
            other => wdl_of(other),
        };
        ranks.push((mv, rank, wdl));
    }
    (ranks.len() == legal.len()).then_some(ranks)
}

/// Our promotion kind's index for the prober's piece (0 for none).
fn promotion_index(piece: pyrrhic_rs::Piece) -> usize {
    match piece {
        pyrrhic_rs::Piece::Queen => PieceKind::Queen.index(),
        pyrrhic_rs::Piece::Rook => PieceKind::Rook.index(),
        pyrrhic_rs::Piece::Bishop => PieceKind::Bishop.index(),
        pyrrhic_rs::Piece::Knight => PieceKind::Knight.index(),
        _ => 0,
    }
}

/// Each legal move's rank and result by the WDL tables alone (no DTZ table for the position):
/// each move's result after it is played.
fn rank_by_wdl(
    position: &Position,
    legal: &[Move],
    settings: &SyzygySettings,
) -> Option<Vec<(Move, i32, Wdl)>> {
    let mut ranks = Vec::with_capacity(legal.len());
    for &mv in legal {
        let mut after = *position;
        after.make_move(mv);
        let wdl = if after.count_moves() == 0 {
            // Mate or stalemate: no table holds the position after it.
            if after.in_check() {
                Wdl::Win
            } else {
                Wdl::Draw
            }
        } else {
            match probe_wdl(&after)? {
                Wdl::Win => Wdl::Loss,
                Wdl::CursedWin => Wdl::BlessedLoss,
                Wdl::Draw => Wdl::Draw,
                Wdl::BlessedLoss => Wdl::CursedWin,
                Wdl::Loss => Wdl::Win,
            }
        };
        // Stockfish's WDL ranks; cursed results count fully when the rule is off.
        let rank = match (wdl, settings.fifty_move_rule) {
            (Wdl::Win, _) | (Wdl::CursedWin, false) => 1000,
            (Wdl::CursedWin, true) => 899,
            (Wdl::Draw, _) => 0,
            (Wdl::BlessedLoss, true) => -899,
            (Wdl::Loss, _) | (Wdl::BlessedLoss, false) => -1000,
        };
        ranks.push((mv, rank, wdl));
    }
    Some(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folders_tables_are_known_by_material_either_way_round() {
        let mut present = Present::default();
        assert!(present.add("KRvKP.rtbw"));
        assert!(present.add("KQvK.rtbz"));
        assert!(!present.add("README.rtbw"));
        assert!(!present.add("KQvK.rtbw.part"));
        assert!(!present.add("KQvK.txt"));
        assert_eq!(present.pieces, 4, "DTZ files do not count: the prober needs the WDL file");
        let holds = |fen: &str, dtz| present.holds(&Position::from_fen(fen).unwrap(), dtz);
        assert!(holds("8/8/3k4/8/8/8/p7/R3K3 w - - 0 1", false), "KRvKP");
        assert!(holds("8/8/3k4/8/8/8/P7/r3K3 w - - 0 1", false), "KPvKR is the same table");
        assert!(!holds("8/8/3k4/8/8/8/p7/R3K3 w - - 0 1", true), "no KRvKP DTZ file");
        assert!(!holds("8/8/3k4/8/8/8/8/R3K3 w - - 0 1", false), "no KRvK file");
        assert!(holds("8/8/3k4/8/8/8/8/Q3K3 w - - 0 1", true));
        assert!(!holds("8/8/3k4/8/8/8/8/Q3K3 w - - 0 1", false));
    }
}
