//! Endgame tables as the chess search asks them. The core reads no files and links no prober: the
//! shell loads Syzygy tables and hands each search thread an [`EndgameTables`], whose `probe` is
//! the shell's function. The search asks only through [`EndgameTables::verdict`], which applies
//! the rules of when a table's answer is valid and wanted (Stockfish's): no castling right, just
//! after a capture or a pawn move (a WDL table knows nothing of the fifty-move counter), and no
//! more pieces than the tables hold and the user allows, the largest set only at `depth` or more.

use super::position::Position;
use crate::game::TableVerdict;

/// A WDL table's answer for the side to move, as Syzygy gives it: `CursedWin` and `BlessedLoss`
/// are wins and losses that the fifty-move rule turns into draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost, but drawn by the fifty-move rule.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won, but drawn by the fifty-move rule.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// The result the search scores: cursed wins and blessed losses are draws under the
    /// fifty-move rule (`Syzygy50MoveRule`), wins and losses without it.
    pub const fn verdict(self, fifty_move_rule: bool) -> TableVerdict {
        match self {
            Wdl::Win => TableVerdict::Win,
            Wdl::CursedWin if !fifty_move_rule => TableVerdict::Win,
            Wdl::Loss => TableVerdict::Loss,
            Wdl::BlessedLoss if !fifty_move_rule => TableVerdict::Loss,
            _ => TableVerdict::Draw,
        }
    }
}

/// The tables a search thread may probe, and how.
#[derive(Clone, Copy, Debug)]
pub struct EndgameTables {
    /// The shell's WDL probe of a position without castling rights, `None` when the tables
    /// cannot answer it.
    pub probe: fn(&Position) -> Option<Wdl>,
    /// Most pieces (kings included) to probe: the smaller of the largest table and
    /// `SyzygyProbeLimit`.
    pub pieces: u32,
    /// Positions with exactly `pieces` pieces are probed only at this remaining depth or more
    /// (`SyzygyProbeDepth`): the largest tables are the slowest to read.
    pub depth: i32,
    /// `Syzygy50MoveRule`.
    pub fifty_move_rule: bool,
}

impl EndgameTables {
    /// The tables' verdict on `position` at `depth`, when they are to be asked.
    #[inline]
    pub fn verdict(&self, position: &Position, depth: i32) -> Option<TableVerdict> {
        let pieces = position.occupied().count();
        if pieces > self.pieces
            || (pieces == self.pieces && depth < self.depth)
            || position.halfmove_clock() != 0
            || position.castling_rights() != 0
        {
            return None;
        }
        (self.probe)(position).map(|wdl| wdl.verdict(self.fifty_move_rule))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::position::Position;

    fn says_win(_: &Position) -> Option<Wdl> {
        Some(Wdl::CursedWin)
    }

    #[test]
    fn tables_are_asked_only_where_their_answer_holds() {
        let tables = EndgameTables { probe: says_win, pieces: 4, depth: 3, fifty_move_rule: true };
        let probe = |fen: &str, depth| tables.verdict(&Position::from_fen(fen).unwrap(), depth);
        // Three pieces, just after a capture: asked at any depth; a cursed win is a draw.
        assert_eq!(probe("8/8/8/4k3/8/8/8/3QK3 w - - 0 60", 0), Some(TableVerdict::Draw));
        // Four pieces (the limit): only at the probe depth or more.
        assert_eq!(probe("8/8/8/4k3/8/8/4P3/3QK3 w - - 0 60", 2), None);
        assert_eq!(probe("8/8/8/4k3/8/8/4P3/3QK3 w - - 0 60", 3), Some(TableVerdict::Draw));
        // Five pieces, a reversible move since the last capture, a castling right: never.
        assert_eq!(probe("8/8/8/4k3/8/8/3PP3/3QK3 w - - 0 60", 9), None);
        assert_eq!(probe("8/8/8/4k3/8/8/8/3QK3 w - - 1 60", 9), None);
        assert_eq!(probe("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 9), None);
        let no_rule = EndgameTables { fifty_move_rule: false, ..tables };
        let position = Position::from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 60").unwrap();
        assert_eq!(no_rule.verdict(&position, 0), Some(TableVerdict::Win));
    }
}
