//! Othello for the controller: its text, its bench positions, and its own policy for ending a
//! game: a finished game is answered at once, a forced pass at once or by the solver, and from
//! some number of empties on (set by the depth asked for) the endgame solver replaces the midgame
//! search. The policy is the game's, so every front-end (NBoard, GTP) plays the endgame the same
//! way.

use super::variant::{Proof, SolveAsk, Solved, Variant};
use crate::controller::timeman::ForcedMove;
use crate::resources::huge_vec;
use engine::othello::endgame::{self, EndgameEntry, SolveControl};
use engine::othello::{Move, Position, DISC};
use engine::{Game, Score};
use std::sync::atomic::{AtomicBool, Ordering};

/// Entries of the endgame solver's table (32 bytes each).
const ENDGAME_ENTRIES: usize = 1 << 20;

/// Depth assumed when none is asked for (a clock alone).
const DEFAULT_DEPTH: u32 = 12;

/// Positions of `bench`: the start, and positions from random games at 10 to 40 empties.
const BENCH_POSITIONS: &[&str] = &[
    "---------------------------OX------XO--------------------------- X",
    "--------------------O-----XXO------XX-------XX--------X--------- O",
    "--------------------------XXX--O---XXXOO-----O-O---XXXX--------X X",
    "-OOOOO---XXXXO---OOOOOO---OOOO----OOO--------------------------- O",
    "XO-O-----X-O----XXXOXOO----OOO---XXXXX---OXX-------X------------ X",
    "-O-XOOOO--X-XOO--XXOOOO---OOXOOO-O-XXOX---XXOXX--X-OXO-XX-OXXX-- X",
];

/// Most empties solved exactly at a given depth: the exact solve replaces the midgame search once
/// it costs about what a `depth`-ply search does. At most 26 (FFO #49, 26 empties, takes about
/// 35 s of CPU): deeper solves take minutes, and the clock would cut most of them.
pub fn exact_empties(depth: u32) -> u32 {
    (depth + 8).min(26)
}

/// Most empties solved for win/loss/draw (a cheaper solve, two empties more).
pub fn win_loss_empties(depth: u32) -> u32 {
    exact_empties(depth) + 2
}

/// Empties from which the solver plays out a game in a fraction of a second: an exact solve from
/// 20 empties takes about 0.1 s, and the moves after it are answered from its table.
const CHEAP_ENDGAME_EMPTIES: u32 = 20;

/// The moves a clock must last for, `empties` empty squares before the side to move's move: its
/// moves down to [`CHEAP_ENDGAME_EMPTIES`], plus two for the solve that takes over there. Split
/// evenly over every move to the game's end, as a chess clock is, the time of the moves the solver
/// answers at once was never spent: half of a 30-second game clock was left at the end.
pub fn clock_horizon(empties: u32) -> u32 {
    empties.saturating_sub(CHEAP_ENDGAME_EMPTIES).div_ceil(2) + 2
}

/// Whether a draw valued at `draw_value` might beat the solved best result `best` (both in
/// centidiscs, side to move's view), so every move must be valued: a draw when the best wins by
/// less than a draw is worth, or a loss by less than the draw costs when the best draws.
fn draw_trade_possible(best: i32, draw_value: i32) -> bool {
    (draw_value > 0 && best > 0 && best < draw_value) || (draw_value < 0 && best == 0)
}

/// The controller's stop test as the solver asks it.
struct StopTest<'a>(&'a dyn Fn() -> bool);

impl SolveControl for StopTest<'_> {
    fn should_stop(&self, _nodes: u64) -> bool {
        (self.0)()
    }
}

impl Variant for Position {
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = 10;
    const FIRST_PLAYER: &'static str = "black";
    /// Forced moves are common in Othello and their clock time is better spent elsewhere; NBoard
    /// is then told no value (`=== MOVE//TIME`).
    const FORCED_MOVE: ForcedMove = ForcedMove::OneIteration;
    type Solver = Box<[EndgameEntry]>;

    fn new_solver() -> Self::Solver {
        huge_vec(ENDGAME_ENTRIES, EndgameEntry::default)
            .expect("memory for the solver's table")
            .into_boxed_slice()
    }

    fn board_text(&self) -> String {
        format!("{self}\n{}", self.text())
    }

    fn eval_text(&self) -> String {
        format!("evaluation {} discs (side to move)", disc_text(self.evaluate()))
    }

    fn flipped(&self) -> Result<Self, String> {
        Err("flip: Othello has no flip".into())
    }

    /// The learning book's best move ([`crate::book::othello`]), with its value.
    fn book_move(
        &self,
        books: &[crate::book::Book],
        rng: &mut crate::book::Rng,
    ) -> Option<crate::book::Choice<Move>> {
        crate::book::choose(books, self, rng)
    }

    fn solve(
        &self,
        solver: &mut Self::Solver,
        ask: SolveAsk,
        stop: &dyn Fn() -> bool,
    ) -> Option<Solved<Move>> {
        let SolveAsk { depth, every_move, draw_value, threads } = ask;
        if self.is_game_over() {
            let score = Score(self.final_score() * DISC);
            return Some(Solved { lines: vec![(Move::PASS, score)], nodes: 0, proof: Some(Proof::Exact) });
        }
        let depth = depth.unwrap_or(DEFAULT_DEPTH);
        let empties = self.empties();
        let control = StopTest(stop);
        if self.must_pass() {
            // Within the solver's reach (and its share of the clock) the pass is worth the solved
            // value of the position after it. Beyond it, `hint` asks what the pass is worth, and
            // the search says; a game move needs no value, so the pass is played at once without
            // one, as NTest plays it: an evaluation in its place would be a guess that NBoard
            // records as the game's value.
            let mut passed = *self;
            passed.play(Move::PASS);
            if empties <= exact_empties(depth) {
                if let Some((solution, nodes)) = solve_together(&passed, solver, threads, stop) {
                    let score = Score(-solution.score * DISC);
                    return Some(Solved {
                        lines: vec![(Move::PASS, score)],
                        nodes,
                        proof: Some(Proof::Exact),
                    });
                }
            }
            if every_move.is_some() {
                return None;
            }
            return Some(Solved { lines: vec![(Move::PASS, Score::DRAW)], nodes: 0, proof: None });
        }
        if let Some(lines) = every_move {
            if empties > exact_empties(depth) {
                return None;
            }
            let mut scores = [(Move::PASS, 0); 32];
            let (count, nodes) = endgame::solve_moves(self, solver, &control, &mut scores)?;
            let lines = scores[..count]
                .iter()
                .take(lines.max(1))
                .map(|&(mv, score)| (mv, Score(score * DISC)))
                .collect();
            return Some(Solved { lines, nodes, proof: Some(Proof::Exact) });
        }
        if empties > win_loss_empties(depth) {
            return None;
        }
        let ((solution, solved_nodes), proof) = if empties <= exact_empties(depth) {
            (solve_together(self, solver, threads, stop)?, Proof::Exact)
        } else {
            let solution = endgame::solve_win_loss(self, solver, &control)?;
            ((solution, solution.nodes), Proof::WinLossDraw)
        };
        let best = (solution.best_move, Score(solution.score * DISC));
        if proof == Proof::Exact && draw_trade_possible(solution.score * DISC, draw_value) {
            // Stopped meanwhile: the plain solve's move stands.
            let mut scores = [(Move::PASS, 0); 32];
            if let Some((count, nodes)) = endgame::solve_moves(self, solver, &control, &mut scores) {
                let valued = |score: i32| if score == 0 { draw_value } else { score * DISC };
                if let Some(&(mv, score)) = scores[..count].iter().max_by_key(|&&(_, score)| valued(score)) {
                    let lines = vec![(mv, Score(score * DISC))];
                    return Some(Solved { lines, nodes: solved_nodes + nodes, proof: Some(proof) });
                }
            }
        }
        Some(Solved { lines: vec![best], nodes: solved_nodes, proof: Some(proof) })
    }
}

/// Centidiscs as NBoard writes evaluations: discs with two decimals.
pub fn disc_text(score: Score) -> String {
    format!("{:.2}", f64::from(score.0) / f64::from(DISC))
}

/// The exact solve of `position` by `threads` threads over one table (the calling thread and
/// `threads - 1` helpers, [`endgame::solve_exact_shared`]): the first to finish answers and the
/// others stop. Returns the solution with every thread's nodes (a stopped thread's as of its last
/// look at the stop test), or `None` when `stop` said to stop.
pub(super) fn solve_together(
    position: &Position,
    table: &[EndgameEntry],
    threads: usize,
    stop: &dyn Fn() -> bool,
) -> Option<(endgame::Solution, u64)> {
    use std::sync::atomic::AtomicU64;
    use std::sync::{Mutex, PoisonError};
    /// A thread's stop test: `stop` (the calling thread's own) or a solve finished; it keeps the
    /// node count.
    struct Member<'a, S> {
        stop: S,
        done: &'a AtomicBool,
        nodes: AtomicU64,
    }
    impl<S: Fn() -> bool> SolveControl for Member<'_, S> {
        fn should_stop(&self, nodes: u64) -> bool {
            self.nodes.store(nodes, Ordering::Relaxed);
            self.done.load(Ordering::Relaxed) || (self.stop)()
        }
    }
    /// Every thread's answer is exact: the first one in is kept, and it tells the others to stop.
    fn solve<S: Fn() -> bool>(
        position: &Position,
        table: &[EndgameEntry],
        team: &endgame::Team,
        member: &Member<S>,
        answer: &Mutex<Option<endgame::Solution>>,
    ) {
        if let Some(solution) = endgame::solve_exact_shared(position, table, team, member) {
            member.nodes.store(solution.nodes, Ordering::Relaxed);
            if !member.done.swap(true, Ordering::Relaxed) {
                *answer.lock().unwrap_or_else(PoisonError::into_inner) = Some(solution);
            }
        }
    }
    if threads <= 1 {
        let solution = endgame::solve_exact(position, table, &StopTest(stop))?;
        return Some((solution, solution.nodes));
    }
    let team = endgame::Team::new();
    let done = AtomicBool::new(false);
    let answer = Mutex::new(None);
    let never = || false;
    let helpers: Vec<_> =
        (1..threads).map(|_| Member { stop: never, done: &done, nodes: AtomicU64::new(0) }).collect();
    let main = Member { stop, done: &done, nodes: AtomicU64::new(0) };
    std::thread::scope(|scope| {
        for helper in &helpers {
            let (team, answer) = (&team, &answer);
            scope.spawn(move || solve(position, table, team, helper, answer));
        }
        solve(position, table, &team, &main, &answer);
        // Stopped from outside: the helpers stop too.
        done.store(true, Ordering::Relaxed);
    });
    let solution = answer.into_inner().unwrap_or_else(PoisonError::into_inner)?;
    let nodes = main.nodes.load(Ordering::Relaxed)
        + helpers.iter().map(|helper| helper.nodes.load(Ordering::Relaxed)).sum::<u64>();
    Some((solution, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::othello::endgame::NoStop;

    /// The clock's horizon counts the side to move's moves down to the cheap endgame, and never
    /// fewer than two: the last moves before the solve take over get the most time each.
    #[test]
    fn the_clock_horizon_leaves_out_the_moves_the_solver_answers() {
        assert_eq!(clock_horizon(60), 22);
        assert_eq!(clock_horizon(40), 12);
        assert_eq!(clock_horizon(21), 3);
        for empties in 0..=20 {
            assert_eq!(clock_horizon(empties), 2);
        }
        for empties in 1..=60 {
            assert!(clock_horizon(empties) >= clock_horizon(empties - 1));
        }
    }

    /// A position of random play where the side to move must pass, within the solver's reach.
    fn forced_pass() -> Position {
        let mut rng = types::prng::SplitMix64::new(11);
        loop {
            let mut position = Position::startpos();
            while !position.is_game_over() {
                if position.must_pass() && position.empties() <= 14 {
                    return position;
                }
                let mut moves = <Position as Game>::MoveList::default();
                position.generate_moves(&mut moves);
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                position.play(mv);
            }
        }
    }

    #[test]
    fn a_forced_pass_within_reach_is_worth_the_solved_position_after_it() {
        let position = forced_pass();
        let mut solver = Position::new_solver();
        let ask = SolveAsk { depth: Some(12), every_move: None, draw_value: 0, threads: 1 };
        let solved = position.solve(&mut solver, ask, &|| false).unwrap();
        let mut passed = position;
        passed.play(Move::PASS);
        let exact = endgame::solve_exact(&passed, &Position::new_solver(), &NoStop).unwrap();
        assert_eq!(solved.proof, Some(Proof::Exact));
        assert_eq!(solved.lines, vec![(Move::PASS, Score(-exact.score * DISC))]);
    }
}
