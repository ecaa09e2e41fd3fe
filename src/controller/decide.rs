//! The end of a search, decided: which move to play (a limited strength or a random choice may take
//! another of the best lines), which reply to ponder on, and whether to offer a draw or resign.

use super::events::{Decision, Offer, Source, Valuation};
use super::job::{legal_move, Job, SearchResult, Shared};
use super::reporter::table_result;
use super::strength::choose_near_best;
use crate::games::{Proof, Variant};
use crate::rng::Rng;
use engine::search::TranspositionTable;
use engine::Score;
use std::time::Duration;

/// A search that judges the game below this (centipawns, from the engine's side) counts towards
/// resigning.
pub const RESIGN_BELOW: i32 = -1_500;
/// The engine resigns when this many of its searches in a row, this one included, judged the game
/// below [`RESIGN_BELOW`]: one such score can be a horizon effect that the next move's deeper view
/// takes back, and a resignation cannot be. A proven mate against the engine resigns at once.
pub const RESIGN_AFTER: u32 = 3;
/// At or below this, counted from what a draw is worth to the engine (its contempt), the engine
/// accepts a draw the opponent offered; in a lost or mated position it accepts rather than resign.
/// It accepts too where its search scores the game exactly a draw (bare advisors, a repetition it
/// cannot avoid): declining a dead draw only makes the user play it out.
pub const ACCEPT_DRAW_AT: i32 = -50;
/// The engine offers a draw itself when its search sees a forced draw (a score of exactly what a
/// draw is worth, which repetition, the move-count rules and bare material give) after this many
/// plies without a capture: the game is shuffling, not opening.
pub const OFFER_DRAW_AFTER_PLIES: usize = 20;

/// The decision of a finished search.
pub fn decide<G: Variant>(
    job: &Job<G>,
    shared: &Shared,
    result: &SearchResult<G::Move>,
    tt: &TranspositionTable,
) -> Decision<G::Move> {
    let position = &job.position;
    let outcome = &result.outcome;
    let elapsed = shared.started.elapsed();
    let Some(best) = outcome.best_move else {
        // Mated, or stalemated (a draw in chess, a loss in xiangqi).
        return Decision {
            best: None,
            ponder: None,
            offer: None,
            score: position.no_move_score(0),
            valuation: Valuation::Proven(Proof::Exact),
            nodes: result.nodes,
            elapsed,
            source: Source::Search,
            interrupted: result.outcome.interrupted,
            clock: Some(shared.clock_use()),
        };
    };
    let mut rng = Rng::seeded(job.seed);
    let chosen = match job.strength {
        Some(strength) => strength.choose(&result.lines, &mut rng),
        None if job.request.random_margin > 0 => {
            choose_near_best(job.request.random_margin, &result.lines, &mut rng)
        }
        None => None,
    }
    .unwrap_or(best);
    let from_pv = if chosen == best { outcome.ponder_move } else { None };
    let ponder = ponder_move(position, chosen, from_pv, tt);
    let judged = judged_score(result);
    let draw = job.request.draw_value;
    let offer = if shared.draw_offered() && (judged.0 <= draw + ACCEPT_DRAW_AT || judged == Score(draw)) {
        Some(Offer::Draw)
    } else if (judged_lost(result) && job.losing_streak + 1 >= RESIGN_AFTER)
        || judged.mate_moves().is_some_and(|moves| moves < 0)
    {
        Some(Offer::Resign)
    } else if judged == Score(draw) && position.reversible_plies() >= OFFER_DRAW_AFTER_PLIES {
        Some(Offer::Draw)
    } else {
        None
    };
    Decision {
        best: Some(chosen),
        ponder,
        offer,
        score: table_result(job.table_score, outcome.score).unwrap_or(outcome.score),
        valuation: valuation(job, result),
        nodes: result.nodes,
        elapsed,
        source: Source::Search,
        interrupted: result.outcome.interrupted,
        clock: Some(shared.clock_use()),
    }
}

/// What the played move's score rests on. A search whose soft limit is zero stops after its first
/// iteration (a forced move on a clock, or a clock with nothing left): that iteration's score is a
/// glance at the position, not a judgement of it. A ponder search is not stopped by the limit
/// until `ponderhit`, and goes deeper.
fn valuation<G: Variant>(job: &Job<G>, result: &SearchResult<G::Move>) -> Valuation {
    let one_iteration = job.time.soft == Some(Duration::ZERO) && !job.request.ponder;
    match result.valuation {
        Valuation::Estimate if one_iteration => Valuation::Unvalued,
        valuation => valuation,
    }
}

/// The score offers are judged on: the last complete line's, not an iteration's the clock cut
/// short.
fn judged_score<M>(result: &SearchResult<M>) -> Score {
    result.score.unwrap_or(result.outcome.score)
}

/// True when the search judged the game lost enough to count towards resigning.
pub fn judged_lost<M>(result: &SearchResult<M>) -> bool {
    let judged = judged_score(result);
    judged.0 <= RESIGN_BELOW && !judged.is_mate()
}

/// The reply the position expects after `best`: the second move of the principal variation if the
/// search had one, else the transposition table's move for the position after `best`, if legal.
pub fn ponder_move<G: Variant>(
    position: &G,
    best: G::Move,
    from_pv: Option<G::Move>,
    tt: &TranspositionTable,
) -> Option<G::Move> {
    from_pv.or_else(|| {
        let mut next = *position;
        next.make_move(best);
        let hit = tt.probe(next.hash())?;
        legal_move(&next, G::decode_move(hit.mv))
    })
}
