//! The controller's events as UCCI lines, as ElephantEye writes them: `info depth D score S pv ...`
//! and `info time T nodes N` per iteration, scores as plain numbers (a mate `10000 - plies`),
//! `bestmove M [ponder P] [draw|resign]`, and `nobestmove` when there is no move. A book move is
//! `info message book move M (weight W of total T)` and `bestmove M`. With `debug` on, a search's
//! time limits come first, as `info message time limits: soft S, hard H`.

use crate::controller::events::{CurrentMove, Decision, Info, Listener, Offer, Source};
use crate::controller::TimeLimits;
use crate::games::Variant;
use crate::output::Output;
use crate::protocol::clock_text::time_limits_text;
use crate::protocol::position_text::moves_text;
use engine::search::Bound;
use engine::Score;

/// ElephantEye's mate value.
const UCCI_MATE: i32 = 10_000;

/// The engine's value of a minor piece (the mean of a horse and a cannon, middlegame): UCCI's
/// unit, in which a minor piece is about 100.
fn minor_value() -> i32 {
    let values = engine::xiangqi::eval::PIECE_VALUES;
    (values[3] + values[5]) / 2
}

/// `value` in UCCI's unit (a minor piece is 100) as the engine's evaluation unit.
pub fn from_ucci_units(value: i32) -> i32 {
    value * minor_value() / 100
}

/// UCCI's score: the evaluation with a minor piece as 100, or `±(10000 - plies)` for a mate.
pub fn ucci_score(score: Score) -> i32 {
    if score.is_mate() {
        let plies = Score::MATE.0 - score.0.abs();
        score.0.signum() * (UCCI_MATE - plies)
    } else {
        (score.0 * 100 / minor_value()).clamp(-UCCI_MATE + 1000, UCCI_MATE - 1000)
    }
}

/// A text for the user: UCCI's `info message` (it has no `info string`).
pub fn message_line(text: &str) -> String {
    format!("info message {text}")
}

/// Writes one search's events as UCCI lines.
pub struct UcciListener {
    output: Output,
    /// `debug`: the time limits before the search's first line.
    debug: bool,
}

impl UcciListener {
    pub fn new(output: Output, debug: bool) -> Self {
        UcciListener { output, debug }
    }
}

impl<G: Variant> Listener<G> for UcciListener {
    fn planned(&mut self, time: &TimeLimits) {
        if self.debug {
            self.output.line(&message_line(&time_limits_text(time)));
        }
    }

    /// The best line only, and only once its score is exact: UCCI has no `multipv` and no mark
    /// for a bound (a GUI plots every `score` as the position's), and ElephantEye shows a line
    /// only when an iteration has settled its move. The other lines a random choice needs
    /// (`randomness`) are the engine's business.
    fn shows(&self, info: &Info<'_, G::Move>) -> bool {
        info.line.multipv == 1 && info.line.bound == Bound::Exact
    }

    fn info(&mut self, position: &G, info: &Info<'_, G::Move>) {
        if !Listener::<G>::shows(self, info) {
            return;
        }
        self.output.line(&format!(
            "info depth {} score {} pv{}\ninfo time {} nodes {}",
            info.line.depth,
            ucci_score(info.line.score),
            moves_text(position, info.line.pv),
            info.elapsed.as_millis(),
            info.nodes
        ));
    }

    /// `info currmove M currmovenumber N` while thinking, as ElephantEye sends it.
    fn current_move(&mut self, position: &G, current: &CurrentMove<G::Move>) {
        self.output.line(&format!(
            "info currmove {} currmovenumber {}",
            position.move_text(current.mv),
            current.number
        ));
    }

    fn finished(&mut self, position: &G, decision: &Decision<G::Move>) {
        let Some(best) = decision.best else {
            if decision.source == Source::NoPosition {
                return self.output.line("info message no position: the last one was refused\nnobestmove");
            }
            return self.output.line("nobestmove");
        };
        if let Source::Book { weight, total } = decision.source {
            let best = position.move_text(best);
            return self.output.line(&format!(
                "info message book move {best} (weight {weight} of total {total})\nbestmove {best}"
            ));
        }
        let mut line = format!("bestmove {}", position.move_text(best));
        if let Some(reply) = decision.ponder {
            let mut next = *position;
            next.make_move(best);
            line.push_str(&format!(" ponder {}", next.move_text(reply)));
        }
        match decision.offer {
            Some(Offer::Resign) => line.push_str(" resign"),
            Some(Offer::Draw) => line.push_str(" draw"),
            None => {}
        }
        self.output.line(&line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::search::SearchInfo;
    use engine::xiangqi::Position;
    use std::io::Write;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    /// What the listener wrote.
    #[derive(Clone, Default)]
    struct Written(Arc<Mutex<Vec<u8>>>);

    impl Write for Written {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_line_whose_score_is_a_bound_is_not_written() {
        let written = Written::default();
        let mut listener = UcciListener::new(Output::to(Box::new(written.clone())), false);
        let position = Position::startpos();
        let mut info = |bound| {
            let line = SearchInfo {
                depth: 7,
                seldepth: 9,
                multipv: 1,
                score: Score(30),
                bound,
                nodes: 1,
                hashfull: 0,
                pv: &[],
            };
            let info = Info { line: &line, nodes: 1, tbhits: 0, elapsed: Duration::ZERO, proof: None };
            Listener::<Position>::info(&mut listener, &position, &info);
        };
        info(Bound::Lower);
        info(Bound::Upper);
        assert!(written.0.lock().unwrap().is_empty());
        info(Bound::Exact);
        let text = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
        assert!(text.starts_with("info depth 7 score "), "{text}");
    }
}
