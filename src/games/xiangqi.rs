//! Xiangqi for the controller: its bench positions and texts, the network, the smaller evaluations
//! UCCI's `knowledge` asks for, and the book.

use super::bench_positions;
use super::display;
use super::variant::Variant;
use crate::book::{self, Book};
use crate::knowledge::Knowledge;
use crate::nnue::{NetworkChoice, Networks, SearchNetworks};

impl Variant for engine::xiangqi::Position {
    type Solver = ();

    fn new_solver() {}

    const BENCH_POSITIONS: &'static [&'static str] = bench_positions::XIANGQI;
    const BENCH_DEPTH: u32 = 10;
    const FIRST_PLAYER: &'static str = "red";
    /// Xiangqi between strong engines is decided by mate, most games by ply 100 (about 45 moves
    /// a side), so chess's 30 moves to come left about 29% of the clock unspent against
    /// Fairy-Stockfish; 22 spends it (docs/timeman.md).
    const SUDDEN_DEATH_MOVES: i64 = 22;

    fn board_text(&self) -> String {
        display::xiangqi_board_text(self)
    }

    fn eval_text(&self) -> String {
        display::xiangqi_eval_text(self)
    }

    fn network_text(&self, networks: &Networks) -> Option<String> {
        let score = engine::xiangqi::nnue::evaluate(self, networks.xiangqi.network);
        let sides = (Self::FIRST_PLAYER, engine::GameText::first_player_to_move(self));
        Some(networks.xiangqi.eval_text(score, sides, true))
    }

    fn set_network(cache: &mut engine::xiangqi::EvalCache, networks: SearchNetworks) {
        cache.set_network(networks.xiangqi);
    }

    fn set_knowledge(cache: &mut engine::xiangqi::EvalCache, knowledge: Knowledge) {
        use engine::xiangqi::EvalTerms;
        cache.set_terms(match knowledge {
            Knowledge::Material => EvalTerms::Material,
            Knowledge::Tables => EvalTerms::Tables,
            Knowledge::HandCrafted | Knowledge::Full => EvalTerms::All,
        });
    }

    fn network_choice(networks: &mut Networks) -> Option<&mut dyn NetworkChoice> {
        Some(&mut networks.xiangqi)
    }

    fn flipped(&self) -> Result<Self, String> {
        Ok(self.mirrored())
    }

    fn book_move(&self, books: &[Book], rng: &mut book::Rng) -> Option<book::Choice<Self::Move>> {
        book::choose(books, self, rng)
    }

    fn embedded_book() -> Option<Book> {
        Some(book::xiangqi::default_book())
    }
}
