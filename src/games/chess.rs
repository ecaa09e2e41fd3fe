//! Chess for the controller: its bench positions and texts, the lenient FEN reader a GUI's
//! positions need, the network, the Syzygy tables and the Polyglot book.

use super::bench_positions;
use super::display;
use super::variant::{TableRoot, Variant};
use crate::book::{self, Book};
use crate::nnue::{NetworkChoice, Networks};
use crate::syzygy::SyzygySettings;
use engine::chess::tablebase::EndgameTables;
use engine::history::PastPosition;

impl Variant for engine::chess::Position {
    type Solver = ();

    fn new_solver() {}

    const BENCH_POSITIONS: &'static [&'static str] = bench_positions::CHESS;
    const BENCH_DEPTH: u32 = 11;
    const FIRST_PLAYER: &'static str = "white";

    fn board_text(&self) -> String {
        display::board_text(self)
    }

    fn eval_text(&self) -> String {
        display::eval_text(self)
    }

    fn network_text(&self, networks: &Networks) -> Option<String> {
        let score = engine::chess::nnue::evaluate(self, networks.chess.network);
        let sides = (Self::FIRST_PLAYER, engine::GameText::first_player_to_move(self));
        // The compact build's search keeps the hand-crafted evaluation (`set_network` below).
        Some(networks.chess.eval_text(score, sides, !cfg!(feature = "compact")))
    }

    /// The compact build's search has no network in its cache (`docs/embedded.md`): it keeps
    /// the trait's default, the game's own evaluation.
    #[cfg(not(feature = "compact"))]
    fn set_network(cache: &mut engine::chess::EvalCache, networks: crate::nnue::SearchNetworks) {
        cache.set_network(networks.chess);
    }

    fn network_choice(networks: &mut Networks) -> Option<&mut dyn NetworkChoice> {
        Some(&mut networks.chess)
    }

    fn set_tables(cache: &mut engine::chess::EvalCache, tables: Option<EndgameTables>) {
        cache.set_tables(tables);
    }

    fn search_tables(syzygy: &SyzygySettings) -> Option<EndgameTables> {
        crate::syzygy::search_tables(syzygy)
    }

    fn rank_root_by_tables(
        &self,
        keys: &[PastPosition],
        syzygy: &SyzygySettings,
    ) -> Option<TableRoot<Self::Move>> {
        crate::syzygy::rank_root(self, keys, syzygy).map(|ranked| TableRoot {
            moves: ranked.moves,
            by_dtz: ranked.by_dtz,
            score: ranked.score,
        })
    }

    fn flipped(&self) -> Result<Self, String> {
        let fen = display::flipped_fen(self);
        let mut position = Self::from_fen(&fen).map_err(|error| format!("cannot flip ({error}): {fen}"))?;
        position.set_chess960(self.is_chess960());
        Ok(position)
    }

    fn set_chess960(&mut self, on: bool) {
        engine::chess::Position::set_chess960(self, on);
    }

    fn book_move(&self, books: &[Book], rng: &mut book::Rng) -> Option<book::Choice<Self::Move>> {
        book::choose(books, self, rng)
    }

    fn embedded_book() -> Option<Book> {
        Some(book::polyglot::default_book())
    }

    /// A castling right without its rook or king, a right given twice and an en-passant square no
    /// pawn can have skipped are dropped, each with a note; everything else the FEN reader refuses
    /// stays refused (the move generator could not play it correctly).
    fn parse_lenient(fen: &str, chess960: bool) -> Result<(Self, Vec<String>), String> {
        use engine::chess::{Color, FenError};
        let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
        let mut repairs = Vec::new();
        // Each round drops at least one character of the castling field or the en-passant square.
        for _ in 0..10 {
            let text = fields.join(" ");
            let error = match Self::from_fen(&text) {
                Ok(_) => return Self::parse_fen(&text, chess960).map(|position| (position, repairs)),
                Err(error) => error,
            };
            let castling = fields.get(2).cloned().unwrap_or_default();
            let keep = |keep: &dyn Fn(char) -> bool| -> String {
                let kept: String = castling.chars().filter(|&c| keep(c)).collect();
                if kept.is_empty() {
                    "-".into()
                } else {
                    kept
                }
            };
            let (field, repaired, note) = match error {
                FenError::CastlingRookMissing(flag) => {
                    let flag = flag as char;
                    (2, keep(&|c| c != flag), format!("castling right {flag} dropped: it has no rook"))
                }
                FenError::DuplicateCastlingRight(flag) => {
                    let mut once = castling.clone();
                    if let Some(at) = once.rfind(flag as char) {
                        once.remove(at);
                    }
                    (2, once, format!("castling right {} given twice: kept once", flag as char))
                }
                FenError::CastlingKingMisplaced(color) => {
                    let white = color == Color::White;
                    let side = if white { "white" } else { "black" };
                    (
                        2,
                        keep(&|c| c.is_ascii_uppercase() != white),
                        format!("{side} castling rights dropped: the king has moved"),
                    )
                }
                FenError::ImpossibleEnPassant(square) => {
                    (3, "-".into(), format!("en-passant square {square} dropped: no pawn skipped it"))
                }
                other => return Err(other.to_string()),
            };
            if fields.get(field).is_none_or(|old| *old == repaired) {
                return Err(error.to_string());
            }
            fields[field] = repaired;
            repairs.push(note);
        }
        Self::parse_fen(&fields.join(" "), chess960).map(|position| (position, repairs))
    }
}
