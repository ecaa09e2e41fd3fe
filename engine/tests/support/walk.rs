//! Random walks through a game's tree as a search takes them (makes, unmakes and null moves
//! through the `Game` trait's `*_cached` moves), checking the evaluation cache along the way: the
//! network's incremental accumulators of chess (`chess_nnue.rs`) and xiangqi (`xiangqi_nnue.rs`)
//! against fresh ones. One walk for both games.

use engine::Game;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// One step of a walk through the tree.
#[derive(Clone, Debug)]
pub enum Step {
    /// Make the legal move `choice % count` (or take one back where there is none).
    Make(u16),
    /// Take the last move back (or make the first legal move at the root).
    Unmake,
    /// Pass, where the game allows a null move out of check (or make the first legal move).
    Null,
    /// Check the cache at the current position.
    Check,
}

/// Walks of up to 400 steps, mostly moves.
pub fn steps() -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        6 => any::<u16>().prop_map(Step::Make),
        2 => Just(Step::Unmake),
        1 => Just(Step::Null),
        3 => Just(Step::Check),
    ];
    prop::collection::vec(step, 1..400)
}

/// What a walk checks at a position: the cache as the walk left it, and the position.
pub type Check<'a, G> = dyn FnMut(&mut <G as Game>::EvalCache, &G) -> Result<(), TestCaseError> + 'a;

/// What the walk took back with each unmake.
enum Made<G: Game> {
    Move(G::Move, G::Undo),
    Null(G::Undo),
}

/// Walks `steps` from `start` with `cache` (set to the root first), calling `check` at each
/// [`Step::Check`], at the end of the walk, and back at the start after every move is taken back,
/// where the position must be `start` again.
pub fn walk<G: Game + PartialEq + core::fmt::Debug>(
    start: &G,
    steps: &[Step],
    cache: &mut G::EvalCache,
    check: &mut Check<'_, G>,
) -> Result<(), TestCaseError> {
    let mut position = start.clone();
    position.set_eval_root(cache);
    let mut made: Vec<Made<G>> = Vec::new();
    for step in steps {
        let mut moves = G::MoveList::default();
        position.generate_moves(&mut moves);
        let make_first = |position: &mut G, cache: &mut G::EvalCache, made: &mut Vec<Made<G>>| {
            if let Some(&mv) = moves.first() {
                made.push(Made::Move(mv, position.make_move_cached(mv, cache)));
            }
        };
        match step {
            Step::Make(choice) if !moves.is_empty() => {
                let mv = moves[usize::from(*choice) % moves.len()];
                made.push(Made::Move(mv, position.make_move_cached(mv, cache)));
            }
            Step::Make(_) | Step::Unmake => match made.pop() {
                Some(Made::Move(mv, undo)) => position.unmake_move_cached(mv, undo, cache),
                Some(Made::Null(undo)) => position.unmake_null_move_cached(undo, cache),
                None => make_first(&mut position, cache, &mut made),
            },
            Step::Null if !position.in_check() => {
                made.push(Made::Null(position.make_null_move_cached(cache)))
            }
            Step::Null => make_first(&mut position, cache, &mut made),
            Step::Check => check(cache, &position)?,
        }
    }
    check(cache, &position)?;
    while let Some(last) = made.pop() {
        match last {
            Made::Move(mv, undo) => position.unmake_move_cached(mv, undo, cache),
            Made::Null(undo) => position.unmake_null_move_cached(undo, cache),
        }
    }
    prop_assert_eq!(&position, start);
    check(cache, &position)
}
