//! `genfens N seed S book <None|FILE>`: the opening positions OpenBench asks an engine for when it
//! generates data with it. Each is a book line (or the start position) followed by random legal
//! plies, kept only when a shallow search finds it balanced and it is new. The same request gives
//! the same positions on every machine: the random choices come from the seed, and the filtering
//! search is depth-limited and single-threaded.

use super::table::allocate_table;
use crate::games::Variant;
use crate::rng::Rng;
use engine::search::{self, Control, Iteration, Limits, SearchState, Silent, TranspositionTable};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// Random plies after the start position: enough that few of a thousand positions repeat.
const PLIES_FROM_START: u64 = 8;
/// Random plies after a book line, which is already varied.
const PLIES_FROM_BOOK: u64 = 2;
/// Depth of the search that judges whether a position is balanced.
const FILTER_DEPTH: u32 = 6;
/// The largest score (centipawns, either side) a kept position may have.
const BALANCED: i32 = 200;
/// Tries per position asked for before giving up (a book of lost positions).
const TRIES_PER_POSITION: usize = 1000;
/// Memory of the filtering search's table, in MiB.
const TABLE_MB: usize = 16;

/// What `genfens` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenFens {
    pub count: usize,
    pub seed: u64,
    /// An EPD or FEN file, one position per line; `None` for the start position.
    pub book: Option<String>,
}

/// Reads `N seed S book <None|FILE> [extra...]` (the words after `genfens`; `seed` and `book` in
/// any order, each optional). OpenBench appends a test's "extra" words, meant for engines that read
/// them; this one has none to read, so they are ignored.
pub fn parse(args: &[&str]) -> Result<GenFens, String> {
    let usage = "usage: genfens N [seed S] [book None|FILE]";
    let (count, mut rest) = match args.split_first() {
        Some((count, rest)) => (count.parse::<usize>().map_err(|_| usage.to_string())?, rest),
        None => return Err(usage.into()),
    };
    let mut request = GenFens { count, seed: 0, book: None };
    while let [key @ ("seed" | "book"), value, tail @ ..] = rest {
        if *key == "seed" {
            request.seed = value.parse().map_err(|_| format!("genfens: seed {value:?} is not a number"))?;
        } else {
            request.book = (!value.eq_ignore_ascii_case("none")).then(|| value.to_string());
        }
        rest = tail;
    }
    if let ["seed" | "book"] = rest {
        return Err(usage.into());
    }
    Ok(request)
}

/// A search that also ends when `stop` is set.
struct StopFlag<'a>(&'a AtomicBool);

impl Control for StopFlag<'_> {
    fn should_stop(&self, _nodes: u64) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn iteration_done(&self, _iteration: &Iteration) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Hands `found` each position, as it is found; the error says why fewer came than were asked for.
pub fn run<G: Variant>(
    request: &GenFens,
    chess960: bool,
    stop: &AtomicBool,
    found: &mut dyn FnMut(&G),
) -> Result<(), String> {
    let book = match &request.book {
        Some(path) => {
            let lines = book_positions::<G>(&crate::files::read_text(path)?, chess960);
            if lines.is_empty() {
                return Err(format!("genfens: {path} has no position this game reads"));
            }
            lines
        }
        None => Vec::new(),
    };
    let table = allocate_table(TABLE_MB).ok_or("genfens: no memory for the search")?;
    let mut state = SearchState::<G>::boxed();
    let limits = Limits { depth: Some(FILTER_DEPTH), ..Limits::default() };
    let mut rng = Rng::seeded(request.seed);
    let mut seen = HashSet::new();
    let mut printed = 0;
    let mut tries = 0;
    let tt = TranspositionTable::new(&table, 0);
    while printed < request.count && !stop.load(Ordering::Relaxed) {
        tries += 1;
        if tries > request.count.saturating_mul(TRIES_PER_POSITION) {
            return Err(format!("genfens: only {printed} balanced positions found"));
        }
        let (mut position, plies) = if book.is_empty() {
            (G::start(chess960), PLIES_FROM_START)
        } else {
            (book[rng.below(book.len() as u64) as usize], PLIES_FROM_BOOK)
        };
        if !random_plies(&mut position, plies + rng.below(2), &mut rng) || !seen.insert(position.hash()) {
            continue;
        }
        let outcome = search::search(&position, &[], &limits, &tt, &mut state, &StopFlag(stop), &mut Silent);
        if outcome.score.is_mate() || outcome.score.0.abs() > BALANCED {
            continue;
        }
        found(&position);
        printed += 1;
    }
    Ok(())
}

/// Plays `plies` random legal moves; false if the game ends on the way or right after.
fn random_plies<G: Variant>(position: &mut G, plies: u64, rng: &mut Rng) -> bool {
    for _ in 0..=plies {
        let mut moves = G::MoveList::default();
        position.generate_moves(&mut moves);
        if moves.is_empty() || position.is_rule_draw() {
            return false;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        position.make_move(mv);
    }
    let mut moves = G::MoveList::default();
    position.generate_moves(&mut moves);
    !moves.is_empty()
}

/// The positions of a book file: one per line, FEN or EPD (the first six fields, or four and the
/// clocks from EPD's `hmvc` and `fmvn` operations when it has them).
fn book_positions<G: Variant>(text: &str, chess960: bool) -> Vec<G> {
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> =
                line.split_whitespace().take_while(|field| !field.contains(';')).collect();
            let operation = |name: &str| {
                line.split(';').find_map(|operation| {
                    match operation.split_whitespace().collect::<Vec<_>>()[..] {
                        [.., opcode, value] if opcode == name => value.parse::<u32>().ok(),
                        _ => None,
                    }
                })
            };
            let clocks = format!("{} {}", operation("hmvc").unwrap_or(0), operation("fmvn").unwrap_or(1));
            [6, 4].iter().find_map(|&count| {
                let fen = match count {
                    4 => format!("{} {clocks}", fields.get(..4)?.join(" ")),
                    _ => fields.get(..count)?.join(" "),
                };
                G::parse_fen(&fen, chess960).ok()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::Position;

    fn fens(request: &GenFens) -> Vec<String> {
        let mut fens = Vec::new();
        run::<Position>(request, false, &AtomicBool::new(false), &mut |position| {
            fens.push(position.fen_text())
        })
        .unwrap();
        fens
    }

    #[test]
    fn the_request_reads_as_openbench_writes_it() {
        assert_eq!(
            parse(&["8", "seed", "12", "book", "None"]),
            Ok(GenFens { count: 8, seed: 12, book: None })
        );
        assert_eq!(
            parse(&["2", "book", "a b.epd", "seed", "3"]),
            Ok(GenFens { count: 2, seed: 3, book: Some("a b.epd".into()) })
        );
        assert!(parse(&[]).is_err());
        assert!(parse(&["x"]).is_err());
        assert!(parse(&["3", "seed"]).is_err());
        assert!(parse(&["3", "seed", "x"]).is_err());
        // OpenBench's extra words come last.
        assert_eq!(
            parse(&["3", "seed", "4", "book", "None", "extra", "words"]),
            Ok(GenFens { count: 3, seed: 4, book: None })
        );
    }

    #[test]
    fn book_lines_keep_their_clocks_from_fen_fields_or_epd_operations() {
        let book = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 2; id \"x\";
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 7
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -
not a position";
        let clocks: Vec<String> = book_positions::<Position>(book, false)
            .iter()
            .map(|position| position.fen_text().split(' ').skip(4).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(clocks, ["0 2", "3 7", "0 1"]);
    }

    #[test]
    fn positions_are_distinct_legal_balanced_and_the_same_for_a_seed() {
        let request = GenFens { count: 12, seed: 5, book: None };
        let first = fens(&request);
        assert_eq!(first.len(), 12);
        assert_eq!(first, fens(&request), "the same seed, the same positions");
        let distinct: HashSet<&String> = first.iter().collect();
        assert_eq!(distinct.len(), 12);
        for fen in &first {
            let position = Position::parse_fen(fen, false).expect("a legal position");
            let mut moves = <Position as engine::Game>::MoveList::default();
            engine::Game::generate_moves(&position, &mut moves);
            assert!(!moves.is_empty(), "{fen}");
        }
        assert_ne!(first, fens(&GenFens { seed: 6, ..request }), "another seed, other positions");
    }
}
