//! Each game's text, in one trait: its name, its start, a position and a move read from text and
//! written back. The shell's front-ends, the tuner and the tests all go through it, so a game has
//! one FEN path (one board-text path for Othello) and nobody keeps an adapter of their own.
//! `no_std`: positions are written through `Display`, errors are the games' own types.

use crate::game::Game;
use core::fmt::Display;

/// A game's text form.
pub trait GameText: Game + Sized {
    /// The name protocols and tools call the game by (`UCI_Variant`, `--game`).
    const NAME: &'static str;
    /// Why a position's text does not read.
    type ParseError: Display;
    /// A position written out (FEN, or Othello's 64 squares and the side to move).
    type PositionText<'a>: Display
    where
        Self: 'a;

    /// The game's start position.
    fn start_position() -> Self;
    /// Reads a position.
    fn parse_position(text: &str) -> Result<Self, Self::ParseError>;
    /// Writes it.
    fn position_text(&self) -> Self::PositionText<'_>;
    /// The legal move written `text` in this position, if there is one.
    fn parse_move_text(&self, text: &str) -> Option<Self::Move>;
    /// True when the first player (White, red, Black in Othello) is to move: whose clock runs,
    /// from whose side labels are written.
    fn first_player_to_move(&self) -> bool;
}

/// The three games' impls differ only in names: their error and text types and their methods.
macro_rules! game_text {
    ($game:ident, $name:literal, $error:ty, $text:ty, $parse:ident, $write:ident, $parse_move:ident, $first:ident) => {
        impl GameText for crate::$game::Position {
            const NAME: &'static str = $name;
            type ParseError = $error;
            type PositionText<'a> = $text;

            fn start_position() -> Self {
                Self::startpos()
            }
            fn parse_position(text: &str) -> Result<Self, Self::ParseError> {
                Self::$parse(text)
            }
            fn position_text(&self) -> Self::PositionText<'_> {
                self.$write()
            }
            fn parse_move_text(&self, text: &str) -> Option<Self::Move> {
                self.$parse_move(text)
            }
            fn first_player_to_move(&self) -> bool {
                self.side_to_move() == crate::$game::Color::$first
            }
        }
    };
}

use crate::{chess, othello, xiangqi};
game_text!(chess, "chess", chess::FenError, chess::fen::Fen<'a>, from_fen, fen, parse_uci_move, White);
game_text!(xiangqi, "xiangqi", xiangqi::FenError, xiangqi::fen::Fen<'a>, from_fen, fen, parse_move, Red);
game_text!(
    othello,
    "othello",
    othello::BoardError,
    othello::position::BoardText,
    parse,
    text,
    parse_move,
    Black
);

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::string::ToString;

    fn round_trip<G: GameText>(text: &str, mv: &str) {
        let position = G::parse_position(text).ok().expect("the text reads");
        assert_eq!(position.position_text().to_string(), text);
        assert!(position.parse_move_text(mv).is_some(), "{mv} in {text}");
        assert!(position.parse_move_text("zz9").is_none());
        assert!(G::parse_position("nonsense").is_err());
        assert!(G::start_position().first_player_to_move());
    }

    #[test]
    fn every_game_reads_and_writes_its_text() {
        round_trip::<crate::chess::Position>(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
        );
        round_trip::<crate::xiangqi::Position>(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "h2e2",
        );
        round_trip::<crate::othello::Position>(
            "---------------------------OX------XO--------------------------- X",
            "F5",
        );
        assert_eq!(
            [crate::chess::Position::NAME, crate::xiangqi::Position::NAME, crate::othello::Position::NAME],
            ["chess", "xiangqi", "othello"]
        );
    }
}
