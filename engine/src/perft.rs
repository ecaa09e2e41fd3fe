//! Perft: counting the leaves of the legal move tree, the standard proof of a move generator.

use crate::game::Game;

/// Leaf count of the legal move tree `depth` plies deep. The last ply is counted, not played
/// ([`Game::count_moves`]: bulk counting), so depth 1 costs one generation.
pub fn perft<G: Game>(position: &mut G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut moves = G::MoveList::default();
            position.generate_moves(&mut moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                let undo = position.make_move(mv);
                nodes += perft(position, depth - 1);
                position.unmake_move(mv, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move: `report` receives each legal move with its subtree's leaf count (depth
/// `depth - 1` below it), in generation order. Returns the total. Depth 0 reports nothing and counts 1.
pub fn perft_divide<G: Game>(position: &mut G, depth: u32, mut report: impl FnMut(G::Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::MoveList::default();
    position.generate_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = position.make_move(mv);
        let nodes = perft(position, depth - 1);
        position.unmake_move(mv, undo);
        report(mv, nodes);
        total += nodes;
    }
    total
}
