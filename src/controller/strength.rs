//! `UCI_LimitStrength` and `UCI_Elo`: playing at a chosen strength.
//!
//! Two levers, both monotonic in the Elo asked for:
//! * a node budget per move, doubling every [`ELO_PER_DOUBLING`] Elo from [`NODES_AT_MIN`] at
//!   [`MIN_ELO`]: fewer nodes means a shallower search, the main way engines lose strength smoothly;
//! * below [`NOISE_CEILING`], a human-like choice among the best few root moves: the search keeps
//!   [`CANDIDATE_LINES`] principal variations and the move played is drawn among those within a margin
//!   of the best score, with weights falling linearly to the margin, so that a weak setting sometimes
//!   plays a second-best move, never a move the search saw lose much more than the margin
//!   ([`choose_near_best`], which UCCI's `randomness` uses too, with margins of its own).
//!
//! The constants are calibrated by matches against Stockfish 15.1 at the same `UCI_Elo` (5+0.05,
//! `docs/matches/`); its scale is the reference the option promises to follow.

use crate::rng::Rng;
use engine::Score;

/// Lowest `UCI_Elo` (the floor Stockfish uses too).
pub const MIN_ELO: i64 = 1320;
/// Highest `UCI_Elo`; settings above the engine's own strength at the time control play at full
/// strength (the node budget is then larger than the time allows).
pub const MAX_ELO: i64 = 3000;
/// Nodes per move at [`MIN_ELO`]. First set to 300, the calibration matches against Stockfish at
/// the same `UCI_Elo` measured about 150 Elo too weak at both 1500 and 2100: one doubling more.
const NODES_AT_MIN: f64 = 640.0;
/// Elo gained by each doubling of the node budget.
const ELO_PER_DOUBLING: f64 = 140.0;
/// From this Elo up, the best move is always played.
const NOISE_CEILING: i64 = 2000;
/// Margin in centipawns per Elo below [`NOISE_CEILING`].
const MARGIN_PER_ELO: f64 = 1.0 / 6.0;
/// Principal variations searched to choose among.
pub const CANDIDATE_LINES: usize = 4;

/// A strength setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: i64,
}

impl Strength {
    /// The setting for `elo`, clamped into [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn new(elo: i64) -> Strength {
        Strength { elo: elo.clamp(MIN_ELO, MAX_ELO) }
    }

    /// Nodes the search may spend on one move.
    pub fn node_budget(self) -> u64 {
        let doublings = (self.elo - MIN_ELO) as f64 / ELO_PER_DOUBLING;
        (NODES_AT_MIN * doublings.exp2()).round() as u64
    }

    /// How far below the best score a move may be and still be played, in centipawns.
    pub fn margin_cp(self) -> i32 {
        ((NOISE_CEILING - self.elo).max(0) as f64 * MARGIN_PER_ELO).round() as i32
    }

    /// Principal variations the search should keep: enough to choose among when there is a margin.
    pub fn lines(self) -> usize {
        if self.margin_cp() > 0 {
            CANDIDATE_LINES
        } else {
            1
        }
    }

    /// The move to play among `lines` (root move and score of each principal variation of the last
    /// completed iteration, best first), or `None` when there is nothing to choose from.
    pub fn choose<M: Copy>(self, lines: &[(M, Score)], rng: &mut Rng) -> Option<M> {
        choose_near_best(self.margin_cp(), lines, rng)
    }
}

/// A move drawn among `lines` (root move and score of each principal variation, best first) within
/// `margin` of the best score, with weights falling linearly to the margin; `None` when there is
/// nothing to choose from. Mate scores are never traded away: a line that mates or avoids being
/// mated beats the margin.
pub fn choose_near_best<M: Copy>(margin: i32, lines: &[(M, Score)], rng: &mut Rng) -> Option<M> {
    let &(best_move, best) = lines.first()?;
    if margin <= 0 || best.is_mate() {
        return Some(best_move);
    }
    let weight = |score: Score| {
        let loss = best.0 - score.0;
        if score.is_mate() || loss > margin {
            0
        } else {
            (margin - loss + 1) as u64
        }
    };
    let total: u64 = lines.iter().map(|&(_, score)| weight(score)).sum();
    let mut pick = rng.below(total.max(1));
    for &(mv, score) in lines {
        let w = weight(score);
        if pick < w {
            return Some(mv);
        }
        pick -= w;
    }
    Some(best_move)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::{Move, Position};

    #[test]
    fn the_budget_grows_with_the_elo_and_the_margin_shrinks() {
        let budgets: Vec<u64> =
            (MIN_ELO..=MAX_ELO).step_by(10).map(|elo| Strength::new(elo).node_budget()).collect();
        assert!(budgets.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(Strength::new(MIN_ELO).node_budget(), 640);
        assert_eq!(Strength::new(MIN_ELO + 140).node_budget(), 1280);
        let margins: Vec<i32> =
            (MIN_ELO..=MAX_ELO).step_by(10).map(|elo| Strength::new(elo).margin_cp()).collect();
        assert!(margins.windows(2).all(|pair| pair[0] >= pair[1]));
        assert_eq!(Strength::new(NOISE_CEILING).margin_cp(), 0);
        assert_eq!(Strength::new(2500).lines(), 1);
        assert_eq!(Strength::new(1500).lines(), CANDIDATE_LINES);
        assert_eq!(Strength::new(0), Strength::new(MIN_ELO));
    }

    #[test]
    fn choices_stay_within_the_margin_and_prefer_the_best() {
        let position = Position::startpos();
        let moves: Vec<Move> = ["e2e4", "d2d4", "g1f3", "a2a3"]
            .iter()
            .map(|text| position.parse_uci_move(text).unwrap())
            .collect();
        let strength = Strength::new(1500); // margin 83
        let lines =
            [(moves[0], Score(40)), (moves[1], Score(30)), (moves[2], Score(-20)), (moves[3], Score(-200))];
        let mut rng = Rng::seeded(7);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            let chosen = strength.choose(&lines, &mut rng).unwrap();
            counts[moves.iter().position(|&mv| mv == chosen).unwrap()] += 1;
        }
        assert_eq!(counts[3], 0, "a move 240 cp worse is never played");
        assert!(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0, "{counts:?}");
        // At full strength, and with a mate on the board, the best move always.
        assert_eq!(Strength::new(2600).choose(&lines, &mut rng), Some(moves[0]));
        let mating = [(moves[0], Score::mate_in(3)), (moves[1], Score(500))];
        assert_eq!(strength.choose(&mating, &mut rng), Some(moves[0]));
        assert_eq!(strength.choose::<Move>(&[], &mut rng), None);
    }
}
