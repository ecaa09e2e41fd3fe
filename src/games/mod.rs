//! The games the shell plays, each a [`Variant`]: what the controller and the front-ends need of a
//! game beyond the core's rules and text (`variant.rs`), one file per game (`chess.rs`,
//! `xiangqi.rs`, [`othello`]), Othello's FFO endgame suite ([`ffo`]), and the games UCI switches
//! between ([`GameKind`]).

mod bench_positions;
mod chess;
pub mod display;
mod eval_report;
pub mod ffo;
pub mod othello;
mod variant;
mod xiangqi;

pub use eval_report::{eval_report, search_evaluation};
pub use variant::{Proof, SolveAsk, Solved, TableRoot, Variant};

/// The games UCI plays, chosen by `UCI_Variant`, a FEN, or `--variant`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum GameKind {
    #[default]
    Chess,
    Xiangqi,
}

impl GameKind {
    /// The game named `name` as `UCI_Variant` and `--variant` spell it.
    pub fn from_name(name: &str) -> Option<GameKind> {
        match name.to_ascii_lowercase().as_str() {
            "chess" => Some(GameKind::Chess),
            "xiangqi" => Some(GameKind::Xiangqi),
            _ => None,
        }
    }
}
