//! The positions of each game's default `bench`: fixed, so its node count is a signature.

/// Chess: Stockfish's bench positions (middlegames, endgames, Chess960 starts, a mate and a stalemate).
pub const CHESS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14 moves d4e6",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14 moves g2g4",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 3 54",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
    "8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
    "8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
    "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
    "6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
    "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
    "7k/7P/6K1/8/3B4/8/8/8 b - - 0 1",
];

/// Xiangqi bench positions: the start, three openings, middlegames and endgames (from the perft
/// suite's self-play games).
pub const XIANGQI: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7",
    "rnbaka1nr/9/4b2c1/p1p1p1p1p/1c7/2P3P2/P3P3P/1C4NC1/9/RNBAKAB1R b - - 5 3",
    "rnbakab1r/9/6nc1/p1p1p1p1p/1c5C1/6P2/P1P1P3P/1C2B4/9/RN1AKABNR b - - 5 3",
    "r1b1ka1nr/4a4/2n1b2c1/p1p1p1pCp/3R5/4P3P/P1P3P2/4B4/4A1N2/1N2KAB1R b - - 0 12",
    "2baka2r/5n3/2c1b4/p5p1p/9/P1B1p1P2/2p5P/7C1/1r2AN3/RNBAK3R w - - 6 17",
    "1nbakr3/4a1n2/4b1Cc1/4R3p/p3p2C1/2p5P/P1crP4/4B2p1/N3A4/2BAK3R w - - 4 27",
    "2bak1b1r/1R2a4/5rn2/p7p/c3p4/2CC2R1P/2P1P4/B8/4A4/3AK4 w - - 8 27",
    "3akan2/9/b5r2/2pP5/2bc5/1R6N/N3P4/3CB4/4A4/4KAB2 w - - 3 41",
    "2b3R2/5k3/b1r6/5N3/4N4/9/4P4/4B4/3C5/3AKAB2 w - - 13 68",
    "3a5/4k4/6Rnb/7C1/p7P/9/P8/B3B4/4A4/3K5 w - - 3 56",
    "4k4/9/3aba3/9/6b2/4n4/9/2N1B1n1B/5K1p1/9 w - - 28 82",
    "1P7/4Rk3/8r/9/9/2B6/9/3A5/4K4/9 b - - 51 103",
];
