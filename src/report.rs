//! The search's reports as UCI lines: `info depth ... pv ...`, `currmove`, `currline`, `refutation`,
//! and the final `bestmove`.
//!
//! * `score cp X` or `score mate N` (moves, negative when mated), `lowerbound`/`upperbound` when an
//!   aspiration window failed; `wdl W D L` (per mille) when `UCI_ShowWDL` is on, from the logistic
//!   model in [`wdl`].
//! * `nodes` and `nps` count all threads; `time` is milliseconds since `go`.
//! * `info depth D currmove M currmovenumber N` (and with `UCI_ShowCurrLine`, `info currline M`,
//!   prefixed with the thread number 1 when several threads search) appear once the search has run
//!   a second: the core reports root moves, not the line below them, so the current line is the root
//!   move being searched.
//! * With `UCI_ShowRefutations`, each completed iteration ends with one `info refutation M R...` per
//!   root move: the rest of its principal variation for the moves that have one (the `MultiPV`
//!   lines), else the transposition table's best reply to the move, when the table still holds it.

use crate::output::Output;
use crate::rng::Rng;
use crate::threads::{legal_move, ponder_move, Job, SearchResult, Shared};
use crate::variant::Variant;
use engine::search::{Bound, Reporter, SearchInfo, TranspositionTable};
use engine::Score;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// `currmove` lines start after this much search time.
const CURRMOVE_DELAY: Duration = Duration::from_secs(1);

/// The protocol the lines are written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Dialect {
    #[default]
    Uci,
    /// UCCI: `info depth D score S pv ...` and `info time T nodes N`, scores as plain numbers (a
    /// mate `10000 - plies`, as ElephantEye writes it), `nobestmove` when there is no move, and
    /// `draw`/`resign` after the `bestmove`.
    Ucci,
}

/// Which optional parts the info lines carry.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    pub dialect: Dialect,
    pub wdl: bool,
    pub currline: bool,
    pub refutations: bool,
}

/// Expected result per mille for the side to move, from its score: a logistic curve in the score,
/// shifted by ±200 cp for win and loss,
///
/// ```text
/// win  = 1000 / (1 + exp((200 - cp) / 100))
/// loss = 1000 / (1 + exp((200 + cp) / 100))
/// draw = 1000 - win - loss
/// ```
///
/// so an equal position is 12% win, 76% draw, 12% loss; +2 pawns is an even chance of winning. A
/// mate score is a certain win or loss.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    match score.mate_moves() {
        Some(moves) if moves > 0 => (1000, 0, 0),
        Some(_) => (0, 0, 1000),
        None => {
            let cp = f64::from(score.0);
            let win = (1000.0 / (1.0 + ((200.0 - cp) / 100.0).exp())).round() as u32;
            let loss = (1000.0 / (1.0 + ((200.0 + cp) / 100.0).exp())).round() as u32;
            (win, 1000 - win - loss, loss)
        }
    }
}

/// `cp X`, `mate N`.
pub fn score_text(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", score.0),
    }
}

/// UCCI's score: centipawns, or `±(10000 - plies)` for a mate.
pub fn ucci_score(score: Score) -> i32 {
    if score.is_mate() {
        let plies = Score::MATE.0 - score.0.abs();
        score.0.signum() * (UCCI_MATE - plies)
    } else {
        score.0.clamp(-UCCI_MATE + 1000, UCCI_MATE - 1000)
    }
}

/// ElephantEye's mate value.
const UCCI_MATE: i32 = 10_000;

/// Below this (centipawns, from the engine's side) a UCCI engine resigns.
pub const RESIGN_BELOW: i32 = -1_500;
/// At or below this a UCCI engine accepts a draw offered by the opponent.
pub const ACCEPT_DRAW_AT: i32 = -50;
/// A UCCI engine offers a draw itself when its search sees a forced draw (a score of exactly 0,
/// which repetition, the 60-move rule and bare material give) after this many plies without a
/// capture: the game is shuffling, not opening.
pub const OFFER_DRAW_AFTER_PLIES: usize = 20;

/// Nodes per second, without dividing by zero.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

/// The reporter of the main search thread.
pub struct UciReporter<'a, G: Variant> {
    output: Output,
    job: &'a Job<G>,
    shared: &'a Shared,
    tt: &'a TranspositionTable<'a>,
    /// Legal root moves (after `searchmoves`), for the refutation lines.
    root_moves: Vec<G::Move>,
    /// The principal variations of the iteration being reported, by `multipv` index.
    lines: Vec<Vec<G::Move>>,
    /// First move of the last best line reported.
    reported_best: Option<G::Move>,
    /// Root move and score of each exact line of the iteration being reported, and of the last one
    /// completed.
    current_lines: Vec<(G::Move, Score)>,
    completed_lines: Vec<(G::Move, Score)>,
    /// Score of the last best line reported.
    last_score: Option<Score>,
}

impl<'a, G: Variant> UciReporter<'a, G> {
    pub fn new(output: Output, job: &'a Job<G>, shared: &'a Shared, tt: &'a TranspositionTable<'a>) -> Self {
        let mut moves = G::MoveList::default();
        job.position.generate_moves(&mut moves);
        let root_moves = moves
            .iter()
            .copied()
            .filter(|mv| job.searchmoves.is_empty() || job.searchmoves.contains(mv))
            .collect();
        UciReporter {
            output,
            job,
            shared,
            tt,
            root_moves,
            lines: Vec::new(),
            reported_best: None,
            current_lines: Vec::new(),
            completed_lines: Vec::new(),
            last_score: None,
        }
    }

    /// First move of the last best line reported, if any.
    pub fn reported_best(&self) -> Option<G::Move> {
        self.reported_best
    }

    /// Score of the last best line reported, if any.
    pub fn last_score(&self) -> Option<Score> {
        self.last_score
    }

    /// The lines of the last iteration whose every principal variation was reported exactly.
    pub fn completed_lines(&self) -> Vec<(G::Move, Score)> {
        self.completed_lines.clone()
    }

    fn text(&self, position: &G, moves: &[G::Move]) -> String {
        let mut text = String::new();
        let mut position = *position;
        for &mv in moves {
            let _ = write!(text, " {}", position.move_text(mv));
            position.make_move(mv);
        }
        text
    }

    fn refutations(&self) {
        let position = &self.job.position;
        let mut text = String::new();
        for &mv in self.root_moves.iter() {
            let line = match self.lines.iter().find(|line| line.first() == Some(&mv)) {
                Some(line) => line.clone(),
                None => {
                    let mut next = *position;
                    next.make_move(mv);
                    let reply =
                        self.tt.probe(next.hash()).and_then(|hit| legal_move(&next, G::decode_move(hit.mv)));
                    reply.into_iter().fold(vec![mv], |mut line, reply| {
                        line.push(reply);
                        line
                    })
                }
            };
            if line.len() > 1 {
                let _ = writeln!(text, "info refutation{}", self.text(position, &line));
            }
        }
        if !text.is_empty() {
            self.output.line(text.trim_end());
        }
    }
}

impl<G: Variant> Reporter<G::Move> for UciReporter<'_, G> {
    fn report(&mut self, info: &SearchInfo<'_, G::Move>) {
        let elapsed = self.shared.started.elapsed();
        let nodes = self.shared.total_nodes(info.nodes);
        if self.job.report.dialect == Dialect::Ucci {
            self.output.line(&format!(
                "info depth {} score {} pv{}\ninfo time {} nodes {nodes}",
                info.depth,
                ucci_score(info.score),
                self.text(&self.job.position, info.pv),
                elapsed.as_millis()
            ));
            if info.multipv == 1 {
                self.reported_best = info.pv.first().copied();
                self.last_score = Some(info.score);
            }
            return;
        }
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {}",
            info.depth,
            info.seldepth,
            info.multipv,
            score_text(info.score)
        );
        match info.bound {
            Bound::Lower => line.push_str(" lowerbound"),
            Bound::Upper => line.push_str(" upperbound"),
            Bound::Exact => {}
        }
        if self.job.report.wdl {
            let (win, draw, loss) = wdl(info.score);
            let _ = write!(line, " wdl {win} {draw} {loss}");
        }
        let _ = write!(
            line,
            " nodes {nodes} nps {} hashfull {} time {} pv{}",
            nps(nodes, elapsed),
            info.hashfull,
            elapsed.as_millis(),
            self.text(&self.job.position, info.pv)
        );
        self.output.line(&line);
        if info.multipv == 1 {
            self.reported_best = info.pv.first().copied();
            self.last_score = Some(info.score);
        }
        if info.bound == Bound::Exact {
            if info.multipv == 1 {
                self.current_lines.clear();
            }
            if let Some(&mv) = info.pv.first() {
                self.current_lines.push((mv, info.score));
            }
            if info.multipv >= self.job.multipv.min(self.root_moves.len()) {
                self.completed_lines = self.current_lines.clone();
            }
        }
        if self.job.report.refutations && info.bound == Bound::Exact {
            if info.multipv == 1 {
                self.lines.clear();
            }
            self.lines.push(info.pv.to_vec());
            if info.multipv >= self.job.multipv.min(self.root_moves.len()) {
                self.refutations();
            }
        }
    }

    fn current_move(&mut self, depth: u32, mv: G::Move, number: usize, _nodes: u64) {
        if self.shared.started.elapsed() < CURRMOVE_DELAY || self.job.report.dialect == Dialect::Ucci {
            return;
        }
        let text = self.job.position.move_text(mv);
        let mut line = format!("info depth {depth} currmove {text} currmovenumber {number}");
        if self.job.report.currline {
            let cpu = if self.shared.threads() > 1 { " 1" } else { "" };
            let _ = write!(line, "\ninfo currline{cpu} {text}");
        }
        self.output.line(&line);
    }
}

/// The end of a search: `bestmove` (with `ponder` when a reply is known), or `bestmove 0000` after
/// a `score mate 0` / `score cp 0` line when the side to move has no legal move. When the best move
/// is not the one the last info line showed (no iteration completed, or a new best move turned up
/// in the unfinished one), an info line without a score (the core has none for an unfinished
/// iteration) shows it first, so the last `pv` always starts with the `bestmove`.
pub fn finish<G: Variant>(
    output: &Output,
    job: &Job<G>,
    shared: &Shared,
    result: &SearchResult<G::Move>,
    tt: &TranspositionTable,
) {
    let position = &job.position;
    let elapsed = shared.started.elapsed();
    let outcome = &result.outcome;
    let ucci = job.report.dialect == Dialect::Ucci;
    let Some(best) = outcome.best_move else {
        if ucci {
            output.line("nobestmove");
            return;
        }
        // Mated, or stalemated where that loses too (xiangqi).
        let score = if position.no_move_score(0).is_mate() { "mate 0" } else { "cp 0" };
        output.line(&format!("info depth 0 score {score}\nbestmove 0000"));
        return;
    };
    // A limited strength may play another of the best lines than the first.
    let chosen = job
        .strength
        .and_then(|strength| strength.choose(&result.lines, &mut Rng::seeded(job.seed)))
        .unwrap_or(best);
    let (best, from_pv) = if chosen == best { (best, outcome.ponder_move) } else { (chosen, None) };
    let ponder = ponder_move(position, best, from_pv, tt);
    let best_text = position.move_text(best);
    let ponder_text = ponder.map(|reply| {
        let mut next = *position;
        next.make_move(best);
        next.move_text(reply).to_string()
    });
    let mut line = String::new();
    if result.reported_best != Some(best) && !ucci {
        let _ = writeln!(
            line,
            "info nodes {} nps {} time {} pv {best_text}{}",
            result.nodes,
            nps(result.nodes, elapsed),
            elapsed.as_millis(),
            ponder_text.as_ref().map_or(String::new(), |reply| format!(" {reply}"))
        );
    }
    let _ = write!(line, "bestmove {best_text}");
    if let Some(reply) = ponder_text {
        let _ = write!(line, " ponder {reply}");
    }
    if ucci {
        // UCCI's draw and resignation: on the engine's own judgement of the last complete line.
        let score = result.score.unwrap_or(outcome.score);
        if (score.0 <= RESIGN_BELOW && !score.is_mate()) || score.mate_moves().is_some_and(|moves| moves < 0)
        {
            line.push_str(" resign");
        } else if (shared.draw_offered() && score.0 <= ACCEPT_DRAW_AT)
            || (score == Score::DRAW && position.reversible_plies() >= OFFER_DRAW_AFTER_PLIES)
        {
            line.push_str(" draw");
        }
    }
    output.line(&line);
}

/// A stopwatch for `bench` and `go perft`.
pub struct Stopwatch(Instant);

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }

    pub fn millis(&self) -> u128 {
        self.0.elapsed().as_millis()
    }

    pub fn nps(&self, nodes: u64) -> u64 {
        nps(nodes, self.0.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wdl_is_symmetric_and_sums_to_a_thousand() {
        assert_eq!(wdl(Score(0)), (119, 762, 119));
        for cp in [-900, -150, -1, 37, 200, 2500] {
            let (win, draw, loss) = wdl(Score(cp));
            assert_eq!(win + draw + loss, 1000);
            assert_eq!(wdl(Score(-cp)), (loss, draw, win));
        }
        assert_eq!(wdl(Score(200)).0, 500);
        assert_eq!(wdl(Score::mate_in(3)), (1000, 0, 0));
        assert_eq!(wdl(Score::mated_in(2)), (0, 0, 1000));
    }

    #[test]
    fn scores_print_as_centipawns_or_moves_to_mate() {
        assert_eq!(score_text(Score(-35)), "cp -35");
        assert_eq!(score_text(Score::mate_in(3)), "mate 2");
        assert_eq!(score_text(Score::mated_in(2)), "mate -1");
    }
}
