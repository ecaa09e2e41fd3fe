//! The core allocates nothing: after setup, move generation, counting, perft, make/unmake, FEN
//! reading (errors included) and writing, UCI move text, the repetition history and whole searches (with
//! MultiPV, game history and a transposition table; chess and xiangqi, each with its hand-crafted
//! evaluation and with its network's accumulator stack) run under a counting global allocator, and the
//! count must not move.
//!
//! `harness = false`: the libtest harness allocates (threads, output capture), so this is a plain
//! `main` on one thread. Nothing is printed until the counters have been read; failures inside the
//! measured window are recorded in a fixed array. Reference counts are Stockfish's (see
//! `tests/data/chess/*.epd`), cross-checked with python-chess, so a fast wrong generator cannot pass.

use engine::chess::{
    count_moves, generate_moves, nnue, ChessMoveList, Color, FenError, Move, Position, Square, Undo, STARTPOS,
};
use engine::history::{History, PastPosition};
use engine::perft::{perft, perft_divide};
use engine::search::{search, Limits, LimitsOnly, SearchState, Silent, TranspositionTable, TtEntry};
use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

/// `System`, counting every call.
struct CountingAllocator;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static REALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static DEALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        REALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        DEALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[derive(Clone, Copy)]
struct HeapCalls {
    allocations: u64,
    reallocations: u64,
    deallocations: u64,
}

impl HeapCalls {
    fn now() -> HeapCalls {
        HeapCalls {
            allocations: ALLOCATIONS.load(Ordering::SeqCst),
            reallocations: REALLOCATIONS.load(Ordering::SeqCst),
            deallocations: DEALLOCATIONS.load(Ordering::SeqCst),
        }
    }

    fn since(self, before: HeapCalls) -> HeapCalls {
        HeapCalls {
            allocations: self.allocations - before.allocations,
            reallocations: self.reallocations - before.reallocations,
            deallocations: self.deallocations - before.deallocations,
        }
    }
}

/// A position with its reference perft counts at depths 1, 2 and 3.
struct Case {
    name: &'static str,
    fen: &'static str,
    counts: [u64; 3],
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const CASES: [Case; 7] = [
    Case { name: "startpos", fen: STARTPOS, counts: [20, 400, 8902] },
    Case { name: "kiwipete", fen: KIWIPETE, counts: [48, 2039, 97862] },
    Case {
        // Shredder-FEN castling, king on c1 between its b1 rook and a black rook on a1.
        name: "chess960",
        fen: "1r2k1r1/8/8/8/8/8/8/rRK5 w Bgb - 0 1",
        counts: [4, 128, 1660],
    },
    Case {
        name: "en passant",
        fen: "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        counts: [30, 842, 24854],
    },
    Case {
        // The en-passant capture would expose the king along the rank.
        name: "pinned en passant",
        fen: "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        counts: [6, 78, 528],
    },
    Case { name: "promotions", fen: "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", counts: [24, 496, 9483] },
    Case {
        name: "promotion captures and castling",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: [6, 264, 9467],
    },
];

/// A check that failed inside the measured window, kept until printing is allowed.
#[derive(Clone, Copy)]
struct Failure {
    what: &'static str,
    case: &'static str,
    got: u64,
    expected: u64,
}

/// Check results in fixed storage: recording one never allocates.
struct Checks {
    run: usize,
    failed: usize,
    failures: [Option<Failure>; 32],
    case: &'static str,
}

impl Checks {
    fn new() -> Checks {
        Checks { run: 0, failed: 0, failures: [None; 32], case: "" }
    }

    fn expect(&mut self, what: &'static str, got: u64, expected: u64) {
        self.run += 1;
        if got != expected {
            if let Some(slot) = self.failures.get_mut(self.failed) {
                *slot = Some(Failure { what, case: self.case, got, expected });
            }
            self.failed += 1;
        }
    }

    fn expect_true(&mut self, what: &'static str, ok: bool) {
        self.expect(what, u64::from(ok), 1);
    }
}

/// Text formatted into a fixed array through `core::fmt::Write`.
struct StackText {
    bytes: [u8; 128],
    len: usize,
}

impl StackText {
    fn new() -> StackText {
        StackText { bytes: [0; 128], len: 0 }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl Write for StackText {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// What setup prepares so that the measured window only uses the core.
struct Setup {
    positions: [Position; CASES.len()],
    moves: ChessMoveList,
    malformed: [(&'static [u8], FenError); 13],
    /// The search's memory, allocated before measuring as the shell does once per thread.
    tt_entries: Vec<TtEntry>,
    search_state: Box<SearchState<Position>>,
    /// Xiangqi positions, and a search state for them (its evaluation cache holds the xiangqi
    /// network's accumulator stack).
    xiangqi: [engine::xiangqi::Position; 2],
    xiangqi_state: Box<SearchState<engine::xiangqi::Position>>,
}

fn setup() -> Setup {
    let positions = CASES
        .map(|case| Position::from_fen(case.fen).unwrap_or_else(|error| panic!("{}: {error}", case.name)));
    let mut moves = ChessMoveList::new();
    generate_moves(&positions[0], &mut moves);
    let square = |text: &[u8]| Square::parse(text).expect("a square");
    let malformed: [(&'static [u8], FenError); 13] = [
        (b"", FenError::Empty),
        (b"  \t ", FenError::Empty),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenError::MissingSideToMove),
        (b"\xff\xfe", FenError::MissingSideToMove),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenError::WrongRankCount(7)),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", FenError::WrongRankLength(1)),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenError::InvalidPieceChar(b'X')),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", FenError::WrongKingCount(Color::White)),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenError::InvalidSideToMove),
        (b"4k3/8/8/8/8/8/8/4K2R w Z - 0 1", FenError::InvalidCastlingChar(b'Z')),
        (
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            FenError::ImpossibleEnPassant(square(b"e3")),
        ),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FenError::InvalidHalfmoveClock),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2", FenError::TooManyFields),
    ];
    let tt_entries = (0..1 << 16).map(|_| TtEntry::new()).collect();
    let search_state = SearchState::boxed();
    let xiangqi =
        [engine::xiangqi::STARTPOS, "r1bakabr1/9/1cn3nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 3"]
            .map(|fen| {
                engine::xiangqi::Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
            });
    let xiangqi_state = SearchState::boxed();
    Setup { positions, moves, malformed, tt_entries, search_state, xiangqi, xiangqi_state }
}

/// Everything between the two readings of the allocation counters.
fn measured(setup: &mut Setup, checks: &mut Checks) {
    let moves = &mut setup.moves;
    for (case, position) in CASES.iter().zip(setup.positions.iter_mut()) {
        checks.case = case.name;
        generate_moves(position, moves);
        checks.expect("generated moves", moves.len() as u64, case.counts[0]);
        checks.expect("count_moves", count_moves(position), case.counts[0]);
        for (depth, &expected) in (1..).zip(&case.counts) {
            checks.expect("perft", perft(position, depth), expected);
        }
        make_unmake_each_move(position, moves, checks);
        play_a_line_and_take_it_back(position, checks);
        fen_round_trip(case.fen, checks);
    }

    checks.case = "startpos";
    checks.expect("perft 4", perft(&mut setup.positions[0], 4), 197_281);
    checks.case = "kiwipete";
    let (mut roots, mut sum) = (0, 0);
    let total = perft_divide(&mut setup.positions[1], 3, |_, nodes| {
        roots += 1;
        sum += nodes;
    });
    checks.expect("perft_divide 3 total", total, 97_862);
    checks.expect("perft_divide 3 sum", sum, 97_862);
    checks.expect("perft_divide 3 root moves", roots, 48);
    checks.case = "chess960";
    checks.expect("perft 4", perft(&mut setup.positions[2], 4), 54_404);

    search_without_the_heap(setup, checks);

    checks.case = "malformed FEN";
    for &(fen, expected) in &setup.malformed {
        let error = Position::from_fen_bytes(fen).err();
        checks.expect_true("refused for the expected reason", error == Some(expected));
        let mut text = StackText::new();
        let written = write!(text, "{expected}").is_ok();
        checks.expect_true("error message formats", written && !text.as_bytes().is_empty());
    }

    checks.case = "UCI move";
    let start = setup.positions[0];
    match start.parse_uci_move("e2e4") {
        Some(mv) => {
            let mut text = StackText::new();
            let written = write!(text, "{}", mv.to_uci(false)).is_ok();
            checks.expect_true("e2e4 prints back", written && text.as_bytes() == b"e2e4");
        }
        None => checks.expect_true("e2e4 parses", false),
    }
    checks.expect_true("e2e5 is refused", start.parse_uci_move("e2e5").is_none());

    repetition_history(checks);
}

/// Every legal move, played and taken back, keeps the incremental hash equal to the computed one and
/// restores the position exactly.
fn make_unmake_each_move(position: &mut Position, moves: &mut ChessMoveList, checks: &mut Checks) {
    let before = *position;
    generate_moves(position, moves);
    for &mv in moves.iter() {
        let undo = position.make_move(mv);
        checks.expect("incremental hash", position.hash(), position.compute_hash());
        position.unmake_move(mv, undo);
        checks.expect_true("unmake restores the position", *position == before);
    }
}

/// Plays up to 40 plies (a varying choice of move each ply), recording each key in a history, then
/// takes them all back, popping the history in step.
fn play_a_line_and_take_it_back(position: &mut Position, checks: &mut Checks) {
    let before = *position;
    let mut history = History::<64>::new();
    let mut line: [Option<(Move, Undo)>; 40] = [None; 40];
    let mut moves = ChessMoveList::new();
    history.push(position.hash());
    for (ply, entry) in line.iter_mut().enumerate() {
        generate_moves(position, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[(ply * 7 + 3) % moves.len()];
        *entry = Some((mv, position.make_move(mv)));
        checks.expect("hash along a line", position.hash(), position.compute_hash());
        history.push(position.hash());
    }
    for &(mv, undo) in line.iter().rev().flatten() {
        checks.expect("history pops the newest key", history.pop().unwrap_or(0), position.hash());
        position.unmake_move(mv, undo);
    }
    checks.expect("history back to the root", history.pop().unwrap_or(0), position.hash());
    checks.expect_true("the line is taken back", *position == before);
}

fn fen_round_trip(fen: &str, checks: &mut Checks) {
    match Position::from_fen(fen) {
        Ok(position) => {
            let mut text = StackText::new();
            let written = write!(text, "{}", position.fen()).is_ok();
            checks.expect_true("FEN round trip", written && text.as_bytes() == fen.as_bytes());
        }
        Err(_) => checks.expect_true("FEN parses", false),
    }
}

/// Knight shuffles bring the start position back every fourth ply.
fn repetition_history(checks: &mut Checks) {
    checks.case = "history";
    let mut position = Position::startpos();
    let mut history = History::<8>::new();
    history.push(position.hash());
    for _ in 0..3 {
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            match position.parse_uci_move(text) {
                Some(mv) => {
                    position.make_move(mv);
                }
                None => checks.expect_true("knight move parses", false),
            }
            history.push(position.hash());
        }
    }
    let key = position.hash();
    checks.expect("keys pushed", history.len() as u64, 13);
    // The ring holds the newest 8 keys: plies 5..=12, of which 8 and 12 are the start position.
    checks.expect("repetitions in the ring", history.count_repetitions(key, 100) as u64, 2);
    checks.expect("repetitions in 4 plies", history.count_repetitions(key, 4) as u64, 2);
    checks.expect("repetitions in 3 plies", history.count_repetitions(key, 3) as u64, 1);
    checks.expect("pop gives the newest key", history.pop().unwrap_or(0), key);
}

/// A whole search (iterative deepening, transposition table, MultiPV, game history) on several
/// positions: the move stack, killers, history and principal variations all live in memory set up
/// before the window.
fn search_without_the_heap(setup: &mut Setup, checks: &mut Checks) {
    let game_keys = [PastPosition::key_only(setup.positions[0].hash())];
    // The hand-crafted evaluation, then the network with its accumulator stack.
    for network in [None, Some(&nnue::EMBEDDED)] {
        setup.search_state.eval_cache_mut().set_network(network);
        for (case, position) in CASES.iter().zip(setup.positions.iter()) {
            checks.case = case.name;
            search_case(position, &game_keys, &setup.tt_entries, &mut setup.search_state, checks);
        }
    }
    // Xiangqi, with its linear evaluation and with its network.
    for network in [None, Some(&engine::xiangqi::nnue::EMBEDDED)] {
        setup.xiangqi_state.eval_cache_mut().set_network(network);
        for position in &setup.xiangqi {
            checks.case = "xiangqi";
            let game_keys = [PastPosition::key_only(position.hash())];
            search_case(position, &game_keys, &setup.tt_entries, &mut setup.xiangqi_state, checks);
        }
    }
}

/// One search of `position` to depth 6 with two lines, which must find a move.
fn search_case<G: engine::Game>(
    position: &G,
    game_keys: &[PastPosition],
    entries: &[TtEntry],
    state: &mut SearchState<G>,
    checks: &mut Checks,
) {
    let table = TranspositionTable::new(entries, 1);
    let limits = Limits { depth: Some(6), nodes: Some(200_000), multipv: 2, ..Limits::default() };
    let outcome = search(position, game_keys, &limits, &table, state, &LimitsOnly, &mut Silent);
    checks.expect("search found a move", u64::from(outcome.best_move.is_some()), 1);
    checks.expect("search visited nodes", u64::from(outcome.nodes > 100), 1);
}

fn main() {
    let mut setup = setup();
    let mut checks = Checks::new();

    let before = HeapCalls::now();
    measured(&mut setup, &mut checks);
    let heap = HeapCalls::now().since(before);

    // Only now may anything print (the first `println!` allocates stdout's buffer).
    let mut ok = true;
    for failure in checks.failures.iter().flatten() {
        println!(
            "alloc_free: FAILED {} ({}): got {}, expected {}",
            failure.what, failure.case, failure.got, failure.expected
        );
        ok = false;
    }
    if checks.failed > checks.failures.len() {
        println!("alloc_free: ... and {} more failed checks", checks.failed - checks.failures.len());
    }
    if heap.allocations != 0 || heap.reallocations != 0 || heap.deallocations != 0 {
        println!(
            "alloc_free: FAILED the core used the heap: {} allocations, {} reallocations, {} deallocations",
            heap.allocations, heap.reallocations, heap.deallocations
        );
        ok = false;
    }
    println!(
        "alloc_free: {} checks ({} failed), {} allocations, {} reallocations, {} deallocations",
        checks.run, checks.failed, heap.allocations, heap.reallocations, heap.deallocations
    );
    if !ok {
        std::process::exit(1);
    }
}
