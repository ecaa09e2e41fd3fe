//! The controller's events as UCI lines: `info depth ... pv ...`, `currmove`, `currline`, `refutation`,
//! and the final `bestmove`.
//!
//! * `score cp X` or `score mate N` (moves, negative when mated), `lowerbound`/`upperbound` when an
//!   aspiration window failed (with `MultiPV` 1, after [`BOUND_LINES_AFTER`]); `wdl W D L` (per mille) when `UCI_ShowWDL` is on, from the logistic
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

use crate::controller::events::{ClockUse, CurrentMove, Decision, Info, Listener, Progress, Source};
use crate::games::Variant;
use crate::output::Output;
use crate::protocol::position_text::moves_text;
use crate::protocol::uci::ranks::shift_line;
use engine::search::Bound;
use engine::Score;
use std::fmt::Write;
use std::time::Duration;

/// Which optional parts the info lines carry (`UCI_ShowWDL`, `UCI_ShowCurrLine`,
/// `UCI_ShowRefutations`), and whether lines of a failed aspiration window are shown at all.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    pub wdl: bool,
    pub currline: bool,
    pub refutations: bool,
    /// `MultiPV` is 1: only then are `lowerbound`/`upperbound` lines shown (see
    /// [`BOUND_LINES_AFTER`]).
    pub single_line: bool,
    /// Xiangqi with `Xiangqi Ranks 1-10`: move words count ranks from 1 (see `ranks.rs`).
    pub ranks_from_one: bool,
}

/// A line whose score is only a bound (a failed aspiration window) is written, as Stockfish writes
/// it, only with `MultiPV` 1 and once the search has run this long: clients that read the lines
/// of the last depth (the PyPI `stockfish` wrapper's top moves) would count a bound line as one
/// more line of that depth, and a short search has no need to show a window's failures.
pub const BOUND_LINES_AFTER: Duration = Duration::from_secs(3);

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

/// UCI's line for the user: `info string TEXT`, where UCCI writes `info message` and NBoard
/// `status`.
pub trait InfoString {
    fn info_string(&self, text: &str);
}

impl InfoString for Output {
    fn info_string(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }
}

/// `cp X` or `mate N` (moves), as UCI's `info score` and Stockfish's bench print a score.
pub fn score_text(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", score.0),
    }
}

/// Nodes per second, without dividing by zero.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

/// A principal-variation line as written, in parts, so the last lines can be written again with
/// the search's final nodes and time, renumbered when the best move changed.
struct ShownLine<M> {
    depth: u32,
    seldepth: u32,
    /// `cp X` or `mate N`, with the bound and `wdl` when shown.
    score: String,
    hashfull: u32,
    tbhits: u64,
    /// The root move.
    first: Option<M>,
    /// ` pv ...`.
    pv: String,
}

impl<M> ShownLine<M> {
    fn text(&self, multipv: usize, nodes: u64, elapsed: Duration) -> String {
        format!(
            "info depth {} seldepth {} multipv {multipv} score {} nodes {nodes} nps {} hashfull {} tbhits {} time {}{}",
            self.depth,
            self.seldepth,
            self.score,
            nodes_per_second(nodes, elapsed),
            self.hashfull,
            self.tbhits,
            elapsed.as_millis(),
            self.pv
        )
    }
}

/// Writes one search's events as UCI lines.
pub struct UciListener<G: Variant> {
    output: Output,
    settings: Settings,
    /// The lines written since the last `multipv 1` line, by `multipv` index (index 0 for
    /// `multipv 1`): all of an iteration's once it completed.
    shown_lines: Vec<ShownLine<G::Move>>,
    /// The lines before them: the last complete set while a new one is being written (a stop
    /// cuts an iteration short after its new best line).
    earlier_lines: Vec<ShownLine<G::Move>>,
    /// The `info depth 0` line of a position without a legal move is written: the held
    /// `bestmove (none)` follows it alone.
    no_move_shown: bool,
}

impl<G: Variant> UciListener<G> {
    pub fn new(output: Output, settings: Settings) -> Self {
        UciListener {
            output,
            settings,
            shown_lines: Vec::new(),
            earlier_lines: Vec::new(),
            no_move_shown: false,
        }
    }

    /// Move words as the GUI reads them: ranks from 1 with `Xiangqi Ranks 1-10`.
    fn moves_for_gui(&self, text: String) -> String {
        if self.settings.ranks_from_one {
            shift_line(&text, 1)
        } else {
            text
        }
    }

    /// The score part of a line: `cp X` or `mate N`, `wdl` when asked for, and its bound, in
    /// Stockfish's order (En Croissant's parser takes no `wdl` after a bound).
    fn score_part(&self, score: Score, bound: Bound) -> String {
        let mut text = score_text(score);
        if self.settings.wdl {
            let (win, draw, loss) = wdl(score);
            let _ = write!(text, " wdl {win} {draw} {loss}");
        }
        match bound {
            Bound::Lower => text.push_str(" lowerbound"),
            Bound::Upper => text.push_str(" upperbound"),
            Bound::Exact => {}
        }
        text
    }

    /// The lines that end a search whose move is `best`: the last lines shown, with the final
    /// counts. The lines of an iteration a stop cut short come first, then the earlier
    /// iteration's for the other moves, as Stockfish shows the lines it updated beside the ones
    /// it had not reached. When `best` is not the first of them, a line for it (`score`, `pv`)
    /// comes first and the others follow without their line for `best`. The `MultiPV` count stays.
    fn final_lines(&self, best: G::Move, score: Score, pv: String, nodes: u64, elapsed: Duration) -> String {
        let mut lines: Vec<&ShownLine<G::Move>> = self.shown_lines.iter().collect();
        for line in &self.earlier_lines {
            if !lines.iter().any(|shown| shown.first == line.first) {
                lines.push(line);
            }
        }
        lines.truncate(self.shown_lines.len().max(self.earlier_lines.len()));
        let leading;
        if lines.first().and_then(|line| line.first) != Some(best) {
            let shown = lines.first();
            leading = ShownLine {
                depth: shown.map_or(0, |line| line.depth),
                seldepth: shown.map_or(0, |line| line.seldepth),
                score: self.score_part(score, Bound::Exact),
                hashfull: shown.map_or(0, |line| line.hashfull),
                tbhits: shown.map_or(0, |line| line.tbhits),
                first: Some(best),
                pv,
            };
            let count = lines.len().max(1);
            lines.retain(|line| line.first != Some(best));
            lines.insert(0, &leading);
            lines.truncate(count);
        }
        let text: Vec<String> =
            lines.iter().enumerate().map(|(index, line)| line.text(index + 1, nodes, elapsed)).collect();
        text.join("\n")
    }
}

impl<G: Variant> Listener<G> for UciListener<G> {
    fn shows(&self, info: &Info<'_, G::Move>) -> bool {
        info.line.bound == Bound::Exact || (self.settings.single_line && info.elapsed >= BOUND_LINES_AFTER)
    }

    fn info(&mut self, position: &G, info: &Info<'_, G::Move>) {
        if !self.shows(info) {
            return;
        }
        let shown = ShownLine {
            depth: info.line.depth,
            seldepth: info.line.seldepth,
            score: self.score_part(info.line.score, info.line.bound),
            hashfull: info.line.hashfull,
            tbhits: info.tbhits,
            first: info.line.pv.first().copied(),
            pv: format!(" pv{}", self.moves_for_gui(moves_text(position, info.line.pv))),
        };
        self.output.line(&shown.text(info.line.multipv, info.nodes, info.elapsed));
        let index = info.line.multipv - 1;
        // Lines come in order, each set from its `multipv 1`: a new set starts empty.
        if index == 0 {
            self.earlier_lines = std::mem::take(&mut self.shown_lines);
        }
        if index == self.shown_lines.len() {
            self.shown_lines.push(shown);
        }
    }

    fn current_move(&mut self, position: &G, current: &CurrentMove<G::Move>) {
        let text = self.moves_for_gui(position.move_text(current.mv).to_string());
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
            nodes_per_second(nodes, elapsed),
            elapsed.as_millis()
        ));
    }

    fn wants_refutations(&self) -> bool {
        self.settings.refutations
    }

    fn refutations(&mut self, position: &G, lines: &[Vec<G::Move>]) {
        let text: Vec<String> = lines
            .iter()
            .map(|line| format!("info refutation{}", self.moves_for_gui(moves_text(position, line))))
            .collect();
        self.output.line(&text.join("\n"));
    }

    /// `bestmove` (with `ponder` when a reply is known), or `bestmove (none)` after a `score mate 0` /
    /// `score cp 0` line when the side to move has no legal move. As with Stockfish, the lines
    /// just before `bestmove` are full ones (depth, score, nodes, time, pv): clients such as the
    /// PyPI `stockfish` wrapper read the score and the `MultiPV` moves from the last lines alone.
    /// A search that ended on its own (depth limit, soft time limit) has just written them, once:
    /// the wrapper reads the last `MultiPV` lines of the asked depth, and a second copy would
    /// count twice. A stopped one (`stop`, `movetime`, `nodes`) writes its last lines again with
    /// the final nodes and time. When the move is not the one the last lines showed (no
    /// iteration completed, or the strength limit chose another line), one line shows the move
    /// with its score instead, so the last `pv` always starts with the `bestmove`. After a
    /// `ponderhit` the last lines are written again too: python-chess, and lichess-bot on it, read a
    /// move's score and PV from the lines after the hit only, and a ponder search that ended on
    /// its own before the hit (a depth limit, a forced mate) would have none.
    /// A position without a legal move under `go infinite` or `go ponder`: its score at once, as
    /// Stockfish writes it (python-chess's `analysis()` waits for a line before yielding), and
    /// only the `bestmove` held.
    fn held(&mut self, _position: &G, decision: &Decision<G::Move>) {
        if decision.best.is_none() && decision.source == Source::Search {
            self.output.line(&no_move_line(decision.score));
            self.no_move_shown = true;
        }
    }

    fn finished(&mut self, position: &G, decision: &Decision<G::Move>) {
        let Some(best) = decision.best else {
            match decision.source {
                Source::NoPosition => {
                    return self
                        .output
                        .line("info string no position: the last one was refused\nbestmove (none)")
                }
                Source::NothingToSearch => {
                    return self
                        .output
                        .line("info string searchmoves/banmoves: no legal move to search\nbestmove (none)")
                }
                _ => {}
            }
            if self.no_move_shown {
                return self.output.line("bestmove (none)");
            }
            return self.output.line(&format!("{}\nbestmove (none)", no_move_line(decision.score)));
        };
        let best_text = self.moves_for_gui(position.move_text(best).to_string());
        if let Source::Book { weight, total } = decision.source {
            return self.output.line(&format!(
                "info string book move {best_text} (weight {weight} of total {total})\nbestmove {best_text}"
            ));
        }
        let ponder_text = decision.ponder.map(|reply| {
            let mut next = *position;
            next.make_move(best);
            self.moves_for_gui(next.move_text(reply).to_string())
        });
        let bestmove = bestmove_text(&best_text, ponder_text.as_deref());
        let shown_best = self.shown_lines.first().and_then(|line| line.first);
        let hit = decision.clock.as_ref().is_some_and(ClockUse::hit);
        if shown_best == Some(best) && !decision.interrupted && !hit {
            return self.output.line(&bestmove);
        }
        let pv = format!(
            " pv {best_text}{}",
            ponder_text.as_ref().map_or(String::new(), |reply| format!(" {reply}"))
        );
        let lines = self.final_lines(best, decision.score, pv, decision.nodes, decision.elapsed);
        self.output.line(&format!("{lines}\n{bestmove}"));
    }
}

/// `bestmove M`, with ` ponder R` when a reply is known.
fn bestmove_text(best: &str, ponder: Option<&str>) -> String {
    match ponder {
        Some(reply) => format!("bestmove {best} ponder {reply}"),
        None => format!("bestmove {best}"),
    }
}

/// The line for a position without a legal move: mated or stalemated, at depth 0.
fn no_move_line(score: Score) -> String {
    let score = if score.is_mate() { "mate 0" } else { "cp 0" };
    format!("info depth 0 score {score}")
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
    fn a_bound_comes_after_the_wdl_as_stockfish_writes_it() {
        let settings = Settings { wdl: true, ..Settings::default() };
        let listener =
            UciListener::<engine::chess::Position>::new(Output::to(Box::new(std::io::sink())), settings);
        assert_eq!(listener.score_part(Score(15), Bound::Lower), "cp 15 wdl 136 760 104 lowerbound");
        assert_eq!(listener.score_part(Score(-15), Bound::Upper), "cp -15 wdl 104 760 136 upperbound");
        assert_eq!(listener.score_part(Score(15), Bound::Exact), "cp 15 wdl 136 760 104");
    }

    #[test]
    fn scores_print_as_centipawns_or_moves_to_mate() {
        assert_eq!(score_text(Score(-35)), "cp -35");
        assert_eq!(score_text(Score::mate_in(3)), "mate 2");
        assert_eq!(score_text(Score::mated_in(2)), "mate -1");
    }
}
