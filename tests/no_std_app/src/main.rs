//! Links the engine core into a program with neither `std` nor `alloc`, and makes it do real work.
//!
//! `#![no_std]` and its own `#[panic_handler]`: if the engine (or anything it depends on) pulled in
//! `std`, the build would fail with a duplicate `panic_impl` lang item. `#![no_main]`: the C runtime's
//! start files call the `main` below, so the only library linked besides `core` and
//! `compiler_builtins` is libc (for `__libc_start_main`, `abort`, `memcpy` and friends). That is the
//! C library, not Rust's `std`.
//!
//! The result is the exit status: 0 when every check matched, otherwise the [`Failure`] code of the
//! first check that did not. `tests/no_std_link.rs` builds and runs this program.

#![no_std]
#![no_main]

use core::fmt::Write;
use core::panic::PanicInfo;
use engine::chess::{
    count_moves, generate_moves, ChessMoveList, Color, FenError, Move, Position, Undo, STARTPOS,
};
use engine::history::History;
use engine::{nnue, xiangqi, Game};
use engine::perft::{perft, perft_divide};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Black just played c7-c5, so d5xc6 en passant is legal; d5xe6 is not (e7-e5 was played earlier).
const EN_PASSANT: &str = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3";
/// Xiangqi after 1. h2e2 h9g7 2. e2e6: captures on the next plies of last-generated moves.
const XIANGQI_CAPTURES: &str = "r1bakabr1/9/1cn3nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 3";
/// Promotions on both sides, including captures into promotion.
const PROMOTIONS: &str = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";

/// The exit status of each check; the reference counts are Stockfish's and python-chess's.
#[derive(Clone, Copy)]
#[repr(i32)]
enum Failure {
    /// The start position does not have 20 moves, listed and counted.
    StartposMoves = 10,
    /// perft(startpos, 3) is not 8902.
    StartposPerft = 11,
    /// Kiwipete did not parse.
    KiwipeteFen = 12,
    /// perft(Kiwipete, 2) is not 2039.
    KiwipetePerft = 13,
    /// perft_divide(Kiwipete, 2) does not sum to 2039 over 48 root moves.
    KiwipeteDivide = 14,
    /// The en-passant position did not parse or its perft(2) is not 842.
    EnPassant = 15,
    /// The promotion position did not parse or its perft(3) is not 9483.
    Promotions = 16,
    /// make/unmake did not restore the position and its hash, or the incremental hash disagreed with
    /// the one computed from scratch.
    MakeUnmake = 17,
    /// The history ring did not give back what was pushed, or missed a repetition.
    History = 18,
    /// A malformed FEN was accepted or refused for the wrong reason.
    MalformedFen = 19,
    /// Writing a position's FEN did not give back the text it was parsed from.
    FenRoundTrip = 20,
    /// A UCI move did not parse or did not print back.
    UciMove = 21,
    /// A network's incremental accumulators disagreed with a fresh evaluation along a line.
    Network = 22,
    /// The xiangqi position for the network's line did not parse.
    XiangqiFen = 23,
}

#[link(name = "c")]
extern "C" {
    fn abort() -> !;
}

#[panic_handler]
fn panic(_info: &PanicInfo) -> ! {
    // SAFETY: `abort` takes no arguments and never returns.
    unsafe { abort() }
}

/// The precompiled `core` was built to unwind, and its landing pads name this personality routine.
/// Fat LTO at `opt-level = 3` proves them dead and drops the reference, but an unoptimized build
/// keeps it, so it is defined here. It is never called: the panic handler aborts, so nothing unwinds.
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}

/// Called by the C runtime's `_start` (through `__libc_start_main`).
#[no_mangle]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    match run() {
        Ok(()) => 0,
        Err(failure) => failure as i32,
    }
}

fn check(ok: bool, failure: Failure) -> Result<(), Failure> {
    if ok {
        Ok(())
    } else {
        Err(failure)
    }
}

fn run() -> Result<(), Failure> {
    let mut start = Position::startpos();
    let mut moves = ChessMoveList::new();
    generate_moves(&start, &mut moves);
    check(moves.len() == 20 && count_moves(&start) == 20, Failure::StartposMoves)?;
    check(perft(&mut start, 3) == 8902, Failure::StartposPerft)?;

    let mut kiwipete = Position::from_fen(KIWIPETE).map_err(|_| Failure::KiwipeteFen)?;
    check(perft(&mut kiwipete, 2) == 2039, Failure::KiwipetePerft)?;
    let mut roots = 0;
    let mut sum = 0;
    let total = perft_divide(&mut kiwipete, 2, |_, nodes| {
        roots += 1;
        sum += nodes;
    });
    check(roots == 48 && sum == 2039 && total == 2039, Failure::KiwipeteDivide)?;

    let mut en_passant = Position::from_fen(EN_PASSANT).map_err(|_| Failure::EnPassant)?;
    check(perft(&mut en_passant, 2) == 842, Failure::EnPassant)?;
    let mut promotions = Position::from_fen_bytes(PROMOTIONS.as_bytes()).map_err(|_| Failure::Promotions)?;
    check(perft(&mut promotions, 3) == 9483, Failure::Promotions)?;

    make_unmake(&mut kiwipete)?;
    make_unmake(&mut en_passant)?;
    make_unmake(&mut promotions)?;
    history()?;
    malformed_fens()?;
    for fen in [STARTPOS, KIWIPETE, EN_PASSANT, PROMOTIONS] {
        fen_round_trip(fen)?;
    }
    uci_move(&start)?;
    network(&mut kiwipete, &engine::chess::nnue::EMBEDDED, engine::chess::nnue::change_of)?;
    let mut xiangqi = xiangqi::Position::from_fen(XIANGQI_CAPTURES).map_err(|_| Failure::XiangqiFen)?;
    network(&mut xiangqi, &xiangqi::nnue::EMBEDDED, xiangqi::nnue::change_of)
}

/// An embedded network evaluates a line of last-generated moves (castling and captures among
/// them in Kiwipete, captures in the xiangqi line) through its accumulator stack as it does from
/// scratch, and back: the generic inference, run by both games' glue.
fn network<G: Game + nnue::Board, const INPUTS: usize, const HIDDEN: usize>(
    position: &mut G,
    network: &nnue::Network<INPUTS, HIDDEN>,
    change_of: fn(&G, G::Move) -> nnue::Change,
) -> Result<(), Failure> {
    let mut stack = nnue::AccumulatorStack::<G, HIDDEN>::default();
    stack.reset(position, network);
    let start = nnue::evaluate(position, network);
    let mut line: [Option<(G::Move, G::Undo)>; 8] = [None; 8];
    for slot in line.iter_mut() {
        let mut moves = G::MoveList::default();
        position.generate_moves(&mut moves);
        let Some(&mv) = moves.last() else { break };
        stack.push(change_of(position, mv));
        *slot = Some((mv, position.make_move(mv)));
        check(stack.evaluate(position, network) == nnue::evaluate(position, network), Failure::Network)?;
    }
    for (mv, undo) in line.iter().rev().flatten() {
        position.unmake_move(*mv, *undo);
        stack.pop();
    }
    check(stack.evaluate(position, network) == start, Failure::Network)
}

/// Plays every legal move and takes it back; walks a line of last-generated moves up to six plies
/// deep and back.
fn make_unmake(position: &mut Position) -> Result<(), Failure> {
    let before = *position;
    let mut moves = ChessMoveList::new();
    generate_moves(position, &mut moves);
    for &mv in moves.iter() {
        let undo = position.make_move(mv);
        check(position.hash() == position.compute_hash(), Failure::MakeUnmake)?;
        check(position.hash() != before.hash(), Failure::MakeUnmake)?;
        position.unmake_move(mv, undo);
        check(*position == before && position.hash() == before.hash(), Failure::MakeUnmake)?;
    }

    let mut line: [Option<(Move, Undo)>; 6] = [None; 6];
    for entry in line.iter_mut() {
        generate_moves(position, &mut moves);
        let Some(&mv) = moves.last() else { break };
        *entry = Some((mv, position.make_move(mv)));
        check(position.hash() == position.compute_hash(), Failure::MakeUnmake)?;
    }
    for &(mv, undo) in line.iter().rev().flatten() {
        position.unmake_move(mv, undo);
    }
    check(*position == before && position.hash() == before.hash(), Failure::MakeUnmake)
}

/// Knight shuffles repeat the start position; the history sees it every fourth ply.
fn history() -> Result<(), Failure> {
    let mut position = Position::startpos();
    let mut history = History::<64>::new();
    history.push(position.hash());
    for _ in 0..2 {
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = position.parse_uci_move(text).ok_or(Failure::History)?;
            position.make_move(mv);
            history.push(position.hash());
        }
    }
    check(history.len() == 9, Failure::History)?;
    check(history.count_repetitions(position.hash(), 8) == 3, Failure::History)?;
    check(history.count_repetitions(position.hash(), 3) == 1, Failure::History)?;
    check(history.pop() == Some(position.hash()) && history.len() == 8, Failure::History)
}

fn malformed_fens() -> Result<(), Failure> {
    let cases: [(&[u8], FenError); 8] = [
        (b"", FenError::Empty),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenError::MissingSideToMove),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenError::WrongRankCount(7)),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenError::InvalidSideToMove),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenError::InvalidPieceChar(b'X')),
        (b"\xff\xfe w", FenError::WrongRankCount(1)),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", FenError::WrongKingCount(Color::White)),
        (b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2", FenError::TooManyFields),
    ];
    for (fen, expected) in cases {
        check(Position::from_fen_bytes(fen) == Err(expected), Failure::MalformedFen)?;
    }
    Ok(())
}

/// A `core::fmt::Write` over a fixed array: formatting without a heap.
struct StackText {
    bytes: [u8; 128],
    len: usize,
}

impl StackText {
    fn new() -> Self {
        Self { bytes: [0; 128], len: 0 }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl Write for StackText {
    fn write_str(&mut self, text: &str) -> core::fmt::Result {
        let end = self.len + text.len();
        self.bytes.get_mut(self.len..end).ok_or(core::fmt::Error)?.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn fen_round_trip(fen: &str) -> Result<(), Failure> {
    let position = Position::from_fen(fen).map_err(|_| Failure::FenRoundTrip)?;
    let mut text = StackText::new();
    write!(text, "{}", position.fen()).map_err(|_| Failure::FenRoundTrip)?;
    check(text.as_bytes() == fen.as_bytes(), Failure::FenRoundTrip)
}

fn uci_move(start: &Position) -> Result<(), Failure> {
    let mv = start.parse_uci_move("e2e4").ok_or(Failure::UciMove)?;
    let mut text = StackText::new();
    write!(text, "{}", mv.to_uci(false)).map_err(|_| Failure::UciMove)?;
    check(text.as_bytes() == b"e2e4", Failure::UciMove)?;
    check(start.parse_uci_move("e2e5").is_none(), Failure::UciMove)
}
