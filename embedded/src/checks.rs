//! The self-checks: move generation by perft against the published counts, and the search at a
//! fixed depth against positions whose best move is known (a won queen, a fork, mates in one and
//! two). Each returns the name of what failed, which the program prints before it exits non-zero.

use engine::chess::{Move, Position};
use engine::perft::perft;
use engine::search::{search, Limits, LimitsOnly, SearchState, Silent, TranspositionTable};

use crate::memory::Memory;

/// Counts from the standard perft suite (the start position, Kiwipete and positions 3 to 6 of the
/// chessprogramming wiki's list, which every engine's move generator is checked against).
pub const PERFT: [(&str, &str, u32, u64); 6] = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89_890),
];

/// A position, the depth searched, the move that must come out, and for a mate, in how many moves.
pub struct BestMove {
    pub name: &'static str,
    pub fen: &'static str,
    pub depth: u32,
    pub best: &'static str,
    pub mate_in: Option<i32>,
}

/// Tactics at depth 7 come from the Win at Chess suite (numbers 3, 4 and 5), whose best moves
/// Stockfish 15.1 confirms at depth 20.
pub const BEST_MOVES: [BestMove; 7] = [
    BestMove {
        name: "hanging queen",
        fen: "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1",
        depth: 6,
        best: "d2d5",
        mate_in: None,
    },
    BestMove {
        name: "knight fork",
        fen: "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1",
        depth: 6,
        best: "b5c7",
        mate_in: None,
    },
    BestMove {
        name: "back-rank mate in one",
        fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        depth: 4,
        best: "a1a8",
        mate_in: Some(1),
    },
    BestMove {
        name: "WAC 3",
        fen: "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
        depth: 7,
        best: "e3g3",
        mate_in: None,
    },
    BestMove {
        name: "WAC 4",
        fen: "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
        depth: 7,
        best: "c3d5",
        mate_in: None,
    },
    BestMove {
        name: "WAC 5",
        fen: "2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1",
        depth: 7,
        best: "h4h7",
        mate_in: None,
    },
    // Legall's mate: 1. Nf6+ gxf6 2. Bxf7#.
    BestMove {
        name: "mate in two",
        fen: "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        depth: 5,
        best: "d5f6",
        mate_in: Some(2),
    },
];

/// The expectation the program gets wrong on purpose (from its first argument), so that a test
/// can see each kind of check fail.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Broken {
    Nothing,
    /// The first perft count, one too many.
    Perft,
    /// The first best move, another move.
    BestMove,
}

/// Runs every perft of [`PERFT`]; the leaves counted.
#[inline(never)]
pub fn perft_counts(broken: Broken) -> Result<u64, &'static str> {
    let mut total = 0;
    for (index, &(name, fen, depth, count)) in PERFT.iter().enumerate() {
        let mut position = Position::from_fen(fen).map_err(|_| name)?;
        let nodes = perft(&mut position, depth);
        let expected = if broken == Broken::Perft && index == 0 { count + 1 } else { count };
        if nodes != expected {
            return Err(name);
        }
        total += nodes;
    }
    Ok(total)
}

/// Searches every position of [`BEST_MOVES`] to its depth with a fresh hash table; the nodes
/// searched.
#[inline(never)]
pub fn best_moves(broken: Broken, memory: &mut Memory) -> Result<u64, &'static str> {
    let mut nodes = 0;
    for (index, check) in BEST_MOVES.iter().enumerate() {
        let position = Position::from_fen(check.fen).map_err(|_| check.name)?;
        memory.clear();
        let (state, entries): (&mut SearchState<Position>, _) = memory.parts();
        let table = TranspositionTable::new(entries, 1);
        let limits = Limits { depth: Some(check.depth), ..Limits::default() };
        let outcome = search(&position, &[], &limits, &table, state, &LimitsOnly, &mut Silent);
        nodes += outcome.nodes;
        let expected = if broken == Broken::BestMove && index == 0 { "d2d1" } else { check.best };
        let best: Option<Move> = position.parse_uci_move(expected);
        if best.is_none() || outcome.best_move != best {
            return Err(check.name);
        }
        if check.mate_in.is_some() && outcome.score.mate_moves() != check.mate_in {
            return Err(check.name);
        }
    }
    Ok(nodes)
}
