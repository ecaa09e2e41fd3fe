//! From a `go` request to the limits of one search: the clock's time limits, `nodestime`'s node
//! budget in their place, the strength limit's node budget and lines, the lines a random choice
//! needs, the evaluation, the root moves.

use super::job::Job;
use super::request::{GoRequest, Settings};
use super::strength::{Strength, CANDIDATE_LINES};
use super::timeman::{Clock, ForcedMove, TimeLimits};
use crate::games::Variant;
use engine::history::PastPosition;

/// The search of `request` in `position` (reached through `keys`), whose legal moves are
/// `legal`. `None` when every legal move is excluded.
pub fn plan<G: Variant>(
    request: &GoRequest<G::Move>,
    settings: &Settings,
    (position, keys): (G, Vec<PastPosition>),
    legal: &G::MoveList,
    seed: u64,
    node_clock: Option<i64>,
) -> Option<Job<G>> {
    let mut searchmoves = request.searchmoves.clone();
    // Endgame tables at the root: only the moves that keep the best result are searched, and the
    // lines show that result. Where the user's moves (`searchmoves` less the banned ones) hold none
    // of them, the user's choice wins and the lines show the search's own scores: the tables'
    // result is not theirs.
    let table_root = position.rank_root_by_tables(&keys, &settings.syzygy).filter(|ranked| {
        ranked
            .moves
            .iter()
            .any(|mv| !request.excluded.contains(mv) && (searchmoves.is_empty() || searchmoves.contains(mv)))
    });
    if let Some(ranked) = &table_root {
        if searchmoves.is_empty() {
            searchmoves = ranked.moves.clone();
        } else {
            searchmoves.retain(|mv| ranked.moves.contains(mv));
        }
    }
    if !request.excluded.is_empty() {
        if searchmoves.is_empty() {
            searchmoves = legal.iter().copied().collect();
        }
        searchmoves.retain(|mv| !request.excluded.contains(mv));
        if searchmoves.is_empty() {
            return None;
        }
    }
    let choices = if searchmoves.is_empty() { legal.len() } else { searchmoves.len() };
    let forced = if choices == 1 { G::FORCED_MOVE } else { ForcedMove::No };
    let time = if request.infinite {
        TimeLimits::NONE
    } else {
        TimeLimits::new(
            request.clock,
            request.movetime_ms,
            settings.move_overhead_ms,
            forced,
            G::SUDDEN_DEATH_MOVES,
        )
    };
    let time = match time.soft {
        Some(soft) if settings.ponder => TimeLimits { soft: Some(soft + soft / 4), ..time },
        _ => time,
    };
    // `nodestime` (as Stockfish and Pikafish define it): the clock is the game's node budget
    // (`node_clock`, set from the first clock of the game), planned as a clock would be, with the
    // increments counted in nodes too; no wall time limit.
    let per_ms = settings.nodestime as i64;
    let (time, nodestime_budget) = match (request.clock, node_clock) {
        (Some(clock), Some(available)) if per_ms > 0 && !request.infinite => {
            let in_nodes = Clock {
                time_ms: available,
                increment_ms: clock.increment_ms.max(0).saturating_mul(per_ms),
                movestogo: clock.movestogo,
            };
            let plan = TimeLimits::new(Some(in_nodes), None, 0, forced, G::SUDDEN_DEATH_MOVES);
            let budget = plan.soft.or(plan.hard).map_or(1, |limit| limit.as_millis().max(1) as u64);
            (TimeLimits::NONE, Some(budget))
        }
        _ => (time, None),
    };
    // A limited strength spends a node budget per move (none for `go infinite`: analysis asks for
    // all the engine sees) and keeps a few lines to choose among.
    let strength = (settings.limit_strength && !request.infinite).then(|| Strength::new(settings.elo));
    let nodes = match strength {
        Some(strength) => {
            Some(request.nodes.map_or(strength.node_budget(), |nodes| nodes.min(strength.node_budget())))
        }
        None => request.nodes,
    };
    let nodes = match (nodes, nodestime_budget) {
        (Some(nodes), Some(budget)) => Some(nodes.min(budget)),
        (nodes, budget) => nodes.or(budget),
    };
    // A random choice among near-equal moves needs lines to choose among (none in analysis).
    let random_margin = if request.infinite { 0 } else { request.random_margin.max(0) };
    let shown_lines = request.lines.unwrap_or(settings.multipv);
    let multipv = strength.map_or(shown_lines, |strength| shown_lines.max(strength.lines()));
    let multipv = if random_margin > 0 { multipv.max(CANDIDATE_LINES) } else { multipv };
    let request = GoRequest { searchmoves, nodes, random_margin, ..request.clone() };
    let networks = request.knowledge.networks(settings.networks.search());
    let judge_chases = settings.chase_rule;
    // Ranked by DTZ, the root needs no probes below it (Stockfish's rule); by WDL, they go on.
    let tables = if table_root.as_ref().is_some_and(|ranked| ranked.by_dtz) {
        None
    } else {
        G::search_tables(&settings.syzygy)
    };
    Some(Job {
        position,
        keys,
        request,
        multipv,
        shown_lines,
        judge_chases,
        networks,
        tables,
        table_score: table_root.as_ref().map(|ranked| ranked.score),
        time,
        strength,
        seed,
        losing_streak: 0,
    })
}
