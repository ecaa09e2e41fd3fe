//! Chess games in PGN, as OpenBench's DATAGEN workload uploads them, read into positions, moves
//! and the scores the engine gave them.
//!
//! [`reader`] splits the text into games, [`san`] reads each move against the engine's own legal
//! moves, [`comment`] reads the score a match runner wrote after the move. [`Game::check`] puts
//! them together: a game whose start position, moves or result cannot be read is refused whole,
//! with the reason, and the caller counts it and goes on. What becomes training data, and how it
//! is stored, is [`crate::datagen::pgn_import`]'s business.

pub mod comment;
pub mod reader;
pub mod san;

use crate::selfplay::Outcome;
use comment::Comment;
use engine::chess::{Move, Position};
use reader::RawGame;

/// A game read and checked: every move legal from its start position.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position before the first move: the `[FEN]` tag's, or the start position.
    pub start: Position,
    /// Each move with its comment, read.
    pub moves: Vec<(Move, Comment)>,
    /// The result, from the `[Result]` tag or the move text's termination marker.
    pub outcome: Outcome,
    /// The `[White]` and `[Black]` players.
    pub players: [String; 2],
    /// The `[TimeControl]` tag, `?` when absent.
    pub time_control: String,
    /// A Chess960 game (`[Variant "Chess960"]` from fastchess, `fischerandom` from cutechess).
    pub chess960: bool,
}

impl Game {
    /// Checks `raw` against the rules: a variant this engine plays, a start position, legal moves,
    /// a result.
    pub fn check(raw: &RawGame) -> Result<Game, String> {
        let chess960 = match raw.tag("Variant").map(str::to_ascii_lowercase).as_deref() {
            None | Some("standard" | "chess" | "normal") => false,
            Some("chess960" | "fischerandom" | "fischer random") => true,
            Some(other) => return Err(format!("variant {other:?} is not chess")),
        };
        let mut start = match raw.tag("FEN") {
            Some(fen) => Position::from_fen(fen).map_err(|error| format!("[FEN {fen:?}]: {error}"))?,
            None => Position::startpos(),
        };
        start.set_chess960(chess960);
        let outcome = outcome(raw)?;
        let mut position = start;
        let mut moves = Vec::with_capacity(raw.moves.len());
        for (ply, (text, comment)) in raw.moves.iter().enumerate() {
            let mv = san::parse(&position, text).map_err(|error| format!("ply {}: {error}", ply + 1))?;
            position.make_move(mv);
            moves.push((mv, comment.as_deref().map_or(Comment::None, Comment::parse)));
        }
        let player = |tag| raw.tag(tag).unwrap_or("?").to_string();
        Ok(Game {
            start,
            moves,
            outcome,
            players: [player("White"), player("Black")],
            time_control: raw.tag("TimeControl").unwrap_or("?").to_string(),
            chess960,
        })
    }
}

/// The result the `[Result]` tag and the termination marker agree on. Either may be missing or
/// `*` if the other says it; a game neither finishes, or whose two disagree, has no result.
fn outcome(raw: &RawGame) -> Result<Outcome, String> {
    let read = |text: &str| match text {
        "1-0" => Some(Outcome::WhiteWins),
        "0-1" => Some(Outcome::BlackWins),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    };
    let tag = raw.tag("Result").and_then(read);
    let marker = raw.termination.as_deref().and_then(read);
    match (tag, marker) {
        (Some(tag), Some(marker)) if tag != marker => Err(format!(
            "[Result {:?}] but the moves end in {:?}",
            raw.tag("Result").unwrap_or(""),
            raw.termination.as_deref().unwrap_or("")
        )),
        (Some(outcome), _) | (None, Some(outcome)) => Ok(outcome),
        (None, None) => Err("no result (an unfinished game)".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> RawGame {
        reader::Games::new(text.as_bytes()).next().unwrap().unwrap()
    }

    #[test]
    fn a_game_from_its_fen_with_scores_and_a_result() {
        let game = Game::check(&raw(
            "[White \"a-dev\"]\n[Black \"a-base\"]\n[Result \"0-1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\ne5 {-0.10/8 0.01s, n=900, sd=12} Nf3 {book} Nc6 {unknown} 0-1\n",
        ))
        .unwrap();
        assert_eq!(game.outcome, Outcome::BlackWins);
        assert_eq!(game.players, ["a-dev".to_string(), "a-base".to_string()]);
        assert_eq!(game.time_control, "?");
        assert_eq!(game.moves.len(), 3);
        assert_eq!(game.moves[0].1, Comment::Score { centipawns: -10, depth: 8 });
        assert_eq!(game.moves[1].1, Comment::Book);
        assert_eq!(game.moves[2].1, Comment::None);
        assert!(!game.chess960);
    }

    #[test]
    fn what_is_refused() {
        for (text, reason) in [
            ("[Result \"*\"]\n\ne4 *\n", "no result"),
            ("[Result \"1-0\"]\n\ne4 0-1\n", "but the moves end in"),
            ("[Variant \"atomic\"]\n\ne4 1-0\n", "is not chess"),
            ("[FEN \"not a fen\"]\n\ne4 1-0\n", "[FEN"),
            ("\n1. e4 e5 2. Ke3 1-0\n", "ply 3"),
        ] {
            let error = Game::check(&raw(text)).unwrap_err();
            assert!(error.contains(reason), "{text}: {error}");
        }
        // Either result alone will do.
        assert_eq!(Game::check(&raw("\ne4 1/2-1/2\n")).unwrap().outcome, Outcome::Draw);
        assert_eq!(Game::check(&raw("[Result \"1-0\"]\n\ne4\n")).unwrap().outcome, Outcome::WhiteWins);
    }
}
