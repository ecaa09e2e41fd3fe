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
pub fn perft_divide<G: Game>(position: &mut G, depth: u32, report: impl FnMut(G::Move, u64)) -> u64 {
    // A stop that never comes compiles away: the same loop as the stoppable one.
    perft_divide_until(position, depth, &|| false, report).unwrap_or(0)
}

/// [`perft`] that asks `stop` at every node at least three plies above the leaves (cheap there,
/// and often enough to end within milliseconds) and gives up with `None` once it says so.
pub fn perft_until<G: Game>(position: &mut G, depth: u32, stop: &impl Fn() -> bool) -> Option<u64> {
    if depth < 3 {
        return Some(perft(position, depth));
    }
    if stop() {
        return None;
    }
    perft_divide_until(position, depth, stop, |_, _| {})
}

/// [`perft_divide`] that stops as [`perft_until`] does: `None` when `stop` said so (the moves
/// reported by then were counted in full).
pub fn perft_divide_until<G: Game>(
    position: &mut G,
    depth: u32,
    stop: &impl Fn() -> bool,
    mut report: impl FnMut(G::Move, u64),
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut moves = G::MoveList::default();
    position.generate_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = position.make_move(mv);
        let nodes = perft_until(position, depth - 1, stop);
        position.unmake_move(mv, undo);
        let nodes = nodes?;
        report(mv, nodes);
        total += nodes;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stoppable_perft_counts_the_same_and_stops_when_asked() {
        let mut position = crate::chess::Position::startpos();
        assert_eq!(perft_until(&mut position, 4, &|| false), Some(perft(&mut position, 4)));
        let mut divided = 0;
        let total = perft_divide_until(&mut position, 4, &|| false, |_, count| divided += count);
        assert_eq!((total, divided), (Some(197_281), 197_281));
        assert_eq!(perft_until(&mut position, 5, &|| true), None);
        assert_eq!(perft_divide_until(&mut position, 5, &|| true, |_, _| {}), None);
    }
}
