//! Reading GGF game records (Generic Game Format, as NBoard and the GGS servers write them):
//! `(;GM[Othello]PC[..]PB[..]PW[..]TI[15:00]TY[8]BO[8 <64 squares> <side>]B[F5/0.50/1.2]W[PA];)`.
//!
//! Only what a game needs is read: the start position (`BO`, standard start without it), the moves
//! with the time each took, and the clock (`TI`). Unknown tags are skipped, so any record NBoard or a
//! server sends is accepted as long as its moves are legal.

use engine::othello::{Color, Move, Position};

/// One move of a record, with the seconds it took when the record says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecordedMove {
    pub mv: Move,
    pub seconds: Option<f64>,
}

/// A game: where it started, what was played, and each side's clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub start: Position,
    pub moves: Vec<RecordedMove>,
    /// Seconds each player has for the whole game (`TI`), if the record has a clock.
    pub clock_seconds: Option<f64>,
}

impl Record {
    /// A game from the standard start with no moves and no clock.
    pub fn new() -> Record {
        Record { start: Position::startpos(), moves: Vec::new(), clock_seconds: None }
    }

    /// The position after every move.
    pub fn position(&self) -> Position {
        let mut position = self.start;
        for recorded in &self.moves {
            position.play(recorded.mv);
        }
        position
    }

    /// Seconds `color` has used so far, by the times the moves carry.
    pub fn seconds_used(&self, color: Color) -> f64 {
        let mut side = self.start.side_to_move();
        let mut used = 0.0;
        for recorded in &self.moves {
            if side == color {
                used += recorded.seconds.unwrap_or(0.0);
            }
            side = side.opponent();
        }
        used
    }

    /// Plays `text` (`F5`, `f5/0.50/1.2`, `PA`) if legal in the current position.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let position = self.position();
        let recorded = parse_move(&position, text)?;
        self.moves.push(recorded);
        Ok(())
    }
}

/// Reads one move `MOVE[/EVAL[/TIME]]` as legal in `position`.
fn parse_move(position: &Position, text: &str) -> Result<RecordedMove, String> {
    let mut fields = text.split('/');
    let square = fields.next().unwrap_or("").trim();
    let _eval = fields.next();
    let seconds =
        fields.next().and_then(|time| time.trim().parse::<f64>().ok()).filter(|s| s.is_finite() && *s >= 0.0);
    match position.parse_move(square) {
        Some(mv) => Ok(RecordedMove { mv, seconds }),
        None if position.is_game_over() => Err(format!("{square}: the game is over")),
        None => Err(format!("{square} is not a legal move in this position")),
    }
}

/// Seconds of a GGF clock `TI[...]`: `15:00`, `1:00:00`, `900`, with optional parts after `/`
/// (increments, extensions) ignored.
fn parse_clock(text: &str) -> Option<f64> {
    let main = text.split('/').next()?.trim();
    let mut seconds = 0.0;
    for part in main.split(':') {
        let value: f64 = part.trim().parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        seconds = seconds * 60.0 + value;
    }
    Some(seconds)
}

/// Reads `BO[8 <64 squares> <side>]`.
fn parse_board(text: &str) -> Result<Position, String> {
    let mut words = text.split_whitespace();
    let size = words.next().unwrap_or("");
    if size != "8" {
        return Err(format!("board size {size}: only 8x8 Othello is played"));
    }
    let rest: String = words.collect::<Vec<_>>().join(" ");
    Position::parse(&rest).map_err(|error| format!("BO: {error}"))
}

/// Parses a whole record. Every move must be legal from the start position.
pub fn parse(text: &str) -> Result<Record, String> {
    let text = text.trim();
    let body = text
        .strip_prefix("(;")
        .ok_or("a GGF record starts with (;")?
        .trim_end()
        .strip_suffix(";)")
        .or_else(|| text.strip_prefix("(;").and_then(|body| body.trim_end().strip_suffix(')')))
        .ok_or("a GGF record ends with ;)")?;
    let mut tags = Vec::new();
    let mut rest = body;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let open = rest.find('[').ok_or_else(|| format!("no [ after {rest:.20}"))?;
        let close = rest[open..].find(']').ok_or("a tag value has no ]")? + open;
        let key = rest[..open].trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("bad tag name {key:?}"));
        }
        tags.push((key, &rest[open + 1..close]));
        rest = &rest[close + 1..];
    }
    if let Some((_, game)) = tags.iter().find(|(key, _)| *key == "GM") {
        if !game.eq_ignore_ascii_case("othello") {
            return Err(format!("GM[{game}]: only Othello is played"));
        }
    }
    let start = match tags.iter().find(|(key, _)| *key == "BO") {
        Some((_, board)) => parse_board(board)?,
        None => Position::startpos(),
    };
    let clock_seconds = tags.iter().find(|(key, _)| *key == "TI").and_then(|(_, clock)| parse_clock(clock));
    let mut record = Record { start, moves: Vec::new(), clock_seconds };
    let mut position = start;
    for (key, value) in tags {
        let color = match key {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        // A record may leave out forced passes: the side to move passes before the other side's move.
        if color != position.side_to_move() && position.must_pass() {
            record.moves.push(RecordedMove { mv: Move::PASS, seconds: None });
            position.play(Move::PASS);
        }
        if color != position.side_to_move() {
            return Err(format!("{key}[{value}]: it is not that side's turn"));
        }
        let recorded = parse_move(&position, value).map_err(|error| format!("{key}[{value}]: {error}"))?;
        position.play(recorded.mv);
        record.moves.push(recorded);
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str =
        "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]\
        TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
        B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn the_protocol_example_reads() {
        let record = parse(EXAMPLE).unwrap();
        assert_eq!(record.start, Position::startpos());
        assert_eq!(record.moves.len(), 8);
        assert_eq!(record.clock_seconds, Some(900.0));
        assert_eq!(record.position().side_to_move(), Color::Black);
        assert_eq!(record.position().empties(), 52);
    }

    #[test]
    fn times_passes_and_boards() {
        let record = parse(
            "(;GM[Othello]TI[5:00]BO[8 ---------------------------O*------*O--------------------------- *]\
             B[F5/0.5/1.5]W[F6//2];)",
        )
        .unwrap();
        assert_eq!(record.seconds_used(Color::Black), 1.5);
        assert_eq!(record.seconds_used(Color::White), 2.0);
        assert_eq!(parse_clock("1:00:00"), Some(3600.0));
        assert_eq!(parse_clock("15:00//2:00"), Some(900.0));
        assert_eq!(parse_clock("x"), None);
        // A white-to-move custom start.
        let custom = parse("(;GM[Othello]BO[8 -----------O-----*OO**---OO**----O******-O--*OOO-O-*------*----- O]W[A2]B[H7];)");
        assert!(custom.is_ok(), "{custom:?}");
        // Illegal moves, bad boards, other games are refused with a reason.
        assert!(parse("(;GM[Othello]B[A1];)").unwrap_err().contains("not a legal move"));
        assert!(parse("(;GM[Othello]BO[10 x];)").is_err());
        assert!(parse("(;GM[Chess];)").is_err());
        assert!(parse("garbage").is_err());
        assert!(parse("(;GM[Othello]B[F5").is_err());
    }

    #[test]
    fn a_pass_in_the_record_or_left_out() {
        let moves = "B[E6]W[F6]B[G6]W[G7]B[G8]W[H8]B[C4]W[E3]B[E2]W[F8]";
        let with_pass = parse(&format!("(;GM[Othello]{moves}B[PA]W[G5];)")).unwrap();
        let without = parse(&format!("(;GM[Othello]{moves}W[G5];)")).unwrap();
        assert_eq!(with_pass.position(), without.position());
        assert_eq!(with_pass.moves[10].mv, Move::PASS);
    }
}
