//! The controller's events as UCI lines: `info depth ... pv ...`, `currmove`, `currline`, `refutation`,
//! and the final `bestmove`.
//!
//! * `score cp X` or `score mate N` (moves, negative when mated), `lowerbound`/`upperbound` when an
//!   aspiration window failed; `wdl W D L` (per mille) when `UCI_ShowWDL` is on, from the logistic
//!   model in [`wdl`].
//! * `nodes`, `nps` and `tbhits` (endgame-table probes that answered) count all threads; `time` is
//!   milliseconds since `go`.
//! * `info depth D currmove M currmovenumber N` (and with `UCI_ShowCurrLine`, `info currline 1 M`:
//!   the main thread's number 1 always, as python-chess requires) appear once the search has run
//!   a second: the core reports root moves, not the line below them, so the current line is the root
//!   move being searched.
//! * With `UCI_ShowRefutations`, each completed iteration ends with one `info refutation M R...` per
//!   root move: the rest of its principal variation for the moves that have one (the `MultiPV`
//!   lines), else the transposition table's best reply to the move, when the table still holds it.

use crate::controller::events::{CurrentMove, Decision, Info, Listener, Progress, Source};
use crate::games::Variant;
use crate::output::Output;
use engine::search::Bound;
use engine::Score;
use std::fmt::Write;
use std::time::Duration;

/// Which optional parts the info lines carry (`UCI_ShowWDL`, `UCI_ShowCurrLine`,
/// `UCI_ShowRefutations`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
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

/// `cp X`, `mate N`: the bench prints scores as UCI does, with the one helper.
pub use crate::controller::bench::score_text;

/// Nodes per second, without dividing by zero.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    crate::controller::bench::nodes_per_second(nodes, elapsed)
}

/// A line of moves, each preceded by a space.
pub fn moves_text<G: Variant>(position: &G, moves: &[G::Move]) -> String {
    let mut text = String::new();
    let mut position = *position;
    for &mv in moves {
        let _ = write!(text, " {}", position.move_text(mv));
        position.make_move(mv);
    }
    text
}

/// Writes one search's events as UCI lines.
pub struct UciListener<G: Variant> {
    output: Output,
    settings: Settings,
    /// First move of the last best line written.
    shown_best: Option<G::Move>,
}

impl<G: Variant> UciListener<G> {
    pub fn new(output: Output, settings: Settings) -> Self {
        UciListener { output, settings, shown_best: None }
    }
}

impl<G: Variant> Listener<G> for UciListener<G> {
    fn info(&mut self, position: &G, info: &Info<'_, G::Move>) {
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {}",
            info.line.depth,
            info.line.seldepth,
            info.line.multipv,
            score_text(info.line.score)
        );
        match info.line.bound {
            Bound::Lower => line.push_str(" lowerbound"),
            Bound::Upper => line.push_str(" upperbound"),
            Bound::Exact => {}
        }
        if self.settings.wdl {
            let (win, draw, loss) = wdl(info.line.score);
            let _ = write!(line, " wdl {win} {draw} {loss}");
        }
        let _ = write!(
            line,
            " nodes {} nps {} hashfull {} tbhits {} time {} pv{}",
            info.nodes,
            nps(info.nodes, info.elapsed),
            info.line.hashfull,
            info.tbhits,
            info.elapsed.as_millis(),
            moves_text(position, info.line.pv)
        );
        self.output.line(&line);
        if info.line.multipv == 1 {
            self.shown_best = info.line.pv.first().copied();
        }
    }

    fn current_move(&mut self, position: &G, current: &CurrentMove<G::Move>) {
        let text = position.move_text(current.mv);
        let mut line =
            format!("info depth {} currmove {text} currmovenumber {}", current.depth, current.number);
        if self.settings.currline {
            // Always the CPU number (the main thread is 1): python-chess refuses a line without it.
            let _ = write!(line, "\ninfo currline 1 {text}");
        }
        self.output.line(&line);
    }

    fn progress(&mut self, progress: &Progress) {
        let Progress { nodes, tbhits, elapsed, hashfull, cpuload } = *progress;
        let cpuload = cpuload.map_or(String::new(), |load| format!(" cpuload {load}"));
        self.output.line(&format!(
            "info nodes {nodes} nps {} hashfull {hashfull} tbhits {tbhits}{cpuload} time {}",
            nps(nodes, elapsed),
            elapsed.as_millis()
        ));
    }

    fn wants_refutations(&self) -> bool {
        self.settings.refutations
    }

    fn refutations(&mut self, position: &G, lines: &[Vec<G::Move>]) {
        let text: Vec<String> =
            lines.iter().map(|line| format!("info refutation{}", moves_text(position, line))).collect();
        self.output.line(&text.join("\n"));
    }

    /// `bestmove` (with `ponder` when a reply is known), or `bestmove (none)` after a `score mate 0` /
    /// `score cp 0` line when the side to move has no legal move. An info line with the final
    /// nodes and time comes first; when the move is not the one the last info line showed (no
    /// iteration completed, or the strength limit chose another line), it shows the move too, so
    /// the last `pv` always starts with the `bestmove`.
    fn finished(&mut self, position: &G, decision: &Decision<G::Move>) {
        let Some(best) = decision.best else {
            if decision.source == Source::NoPosition {
                return self
                    .output
                    .line("info string no position: the last one was refused\nbestmove (none)");
            }
            let score = if decision.score.is_mate() { "mate 0" } else { "cp 0" };
            return self.output.line(&format!("info depth 0 score {score}\nbestmove (none)"));
        };
        let best_text = position.move_text(best);
        if let Source::Book { weight, total } = decision.source {
            return self.output.line(&format!(
                "info string book move {best_text} (weight {weight} of total {total})\nbestmove {best_text}"
            ));
        }
        let ponder_text = decision.ponder.map(|reply| {
            let mut next = *position;
            next.make_move(best);
            next.move_text(reply).to_string()
        });
        // The search's final count, so a GUI shows the nodes and time it really took; with the
        // move when the last line showed another.
        let mut line = format!(
            "info nodes {} nps {} time {}",
            decision.nodes,
            nps(decision.nodes, decision.elapsed),
            decision.elapsed.as_millis()
        );
        if self.shown_best != Some(best) {
            let _ = write!(
                line,
                " pv {best_text}{}",
                ponder_text.as_ref().map_or(String::new(), |reply| format!(" {reply}"))
            );
        }
        line.push('\n');
        let _ = write!(line, "bestmove {best_text}");
        if let Some(reply) = ponder_text {
            let _ = write!(line, " ponder {reply}");
        }
        self.output.line(&line);
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
