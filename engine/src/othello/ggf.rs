//! Reading GGF game records (Generic Game Format, as NBoard, the GGS servers and the match
//! runners write them): `(;GM[Othello]PC[..]PB[..]PW[..]TI[15:00]TY[8]BO[8 <64 squares> <side>]
//! B[F5/0.50/1.2]W[PA];)`. One reader for the shell's NBoard front-end, the tuner and the tests,
//! `no_std` and without allocation: the moves go into a fixed-size list.
//!
//! Only what a game needs is read: the start position (`BO`, the standard start without it), the
//! moves with the time each took, and the clocks (`TI` for both players, `TB` and `TW` for one).
//! Unknown tags are skipped, so any record is accepted as long as its moves are legal. A record
//! may leave out forced passes: the side to move passes before the other side's move.

use super::{BoardError, Color, Move, Position};
use crate::movelist::MoveList;
use core::fmt;

/// Most moves of a record: 60 discs and as many passes, with room to spare.
pub const MAX_RECORD_MOVES: usize = 128;

/// One move of a record, with the seconds it took when the record says.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct RecordedMove {
    /// The move ([`Move::PASS`] for a pass).
    pub mv: Move,
    /// The seconds it took, when the record says.
    pub seconds: Option<f64>,
}

/// A player's clock as GGF writes it, `MAIN[/INCREMENT[/GRACE]]` in seconds: the time for the
/// game, what each move adds back, and what the clock gives once, when the main time runs out
/// (two minutes unless it says; NBoard's and GGS's reading).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfClock {
    /// Seconds for the game.
    pub main: f64,
    /// Seconds each move adds back.
    pub increment: f64,
    /// Seconds added once, when the main time runs out.
    pub grace: f64,
}

/// The grace period of a clock that names none.
const DEFAULT_GRACE_SECONDS: f64 = 120.0;

/// What a player's clock shows before its next move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockLeft {
    /// Seconds left (the grace period already added if the main time ran out).
    pub seconds: f64,
    /// Seconds each move adds back.
    pub increment: f64,
}

/// A game: where it started, what was played, and each side's clock.
#[derive(Clone, Copy)]
pub struct Record {
    /// The position the game started from.
    pub start: Position,
    /// Every move from there, forced passes included.
    pub moves: MoveList<RecordedMove, MAX_RECORD_MOVES>,
    /// Each player's clock, by [`Color`]; `None` for a game without one (NBoard writes `TI[0]`
    /// for a game whose clock was never set, as are the games it loads from a database).
    pub clocks: [Option<GgfClock>; 2],
}

/// Why a record or a move does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GgfError<'a> {
    /// It does not start with `(;`.
    NoStart,
    /// It does not end with `;)`.
    NoEnd,
    /// A tag has no `[`, or its value no `]`.
    Unbalanced,
    /// A tag name that is not letters and digits.
    BadTagName(&'a str),
    /// `GM[...]` names another game.
    NotOthello(&'a str),
    /// `BO[...]` is not an 8 x 8 board.
    BoardSize(&'a str),
    /// `TY[...]` is another board size, anti-Othello, or a type that does not read.
    GameType(&'a str),
    /// `BO[...]`'s board does not read.
    Board(BoardError),
    /// A move of the side that is not to move.
    NotItsTurn(&'a str),
    /// A move that is not legal in its position.
    Illegal(&'a str),
    /// A move after the end of the game.
    GameOver(&'a str),
    /// More than [`MAX_RECORD_MOVES`] moves.
    TooLong,
}

impl fmt::Display for GgfError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::NoStart => f.write_str("a GGF record starts with (;"),
            GgfError::NoEnd => f.write_str("a GGF record ends with ;)"),
            GgfError::Unbalanced => f.write_str("a tag without [ or ]"),
            GgfError::BadTagName(name) => write!(f, "bad tag name {name:?}"),
            GgfError::NotOthello(game) => write!(f, "GM[{game}]: only Othello is played"),
            GgfError::BoardSize(size) => write!(f, "board size {size}: only 8x8 Othello is played"),
            GgfError::GameType(kind) => {
                write!(f, "TY[{kind}]: only 8x8 Othello is played (no anti, no other size)")
            }
            GgfError::Board(error) => write!(f, "BO: {error}"),
            GgfError::NotItsTurn(mv) => write!(f, "{mv}: it is not that side's turn"),
            GgfError::Illegal(mv) => write!(f, "{mv} is not a legal move in this position"),
            GgfError::GameOver(mv) => write!(f, "{mv}: the game is over"),
            GgfError::TooLong => write!(f, "more than {MAX_RECORD_MOVES} moves"),
        }
    }
}

impl Default for Record {
    fn default() -> Self {
        Record::new()
    }
}

impl Record {
    /// A game from the standard start with no moves and no clock.
    pub fn new() -> Record {
        Record { start: Position::startpos(), moves: MoveList::default(), clocks: [None; 2] }
    }

    /// The position after every move.
    pub fn position(&self) -> Position {
        let mut position = self.start;
        for recorded in self.moves.iter() {
            position.play(recorded.mv);
        }
        position
    }

    /// Every position of the game, the start first, the current one last.
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        let mut position = self.start;
        core::iter::once(self.start).chain(self.moves.iter().map(move |recorded| {
            position.play(recorded.mv);
            position
        }))
    }

    /// What `color`'s clock shows now, by the times its moves took (a move without one took no
    /// time), as NBoard runs a clock: each move's time off, the grace period added the first time
    /// the main time runs out, nothing left after the second, and the increment added after each
    /// move until then. `None` for a player without a clock.
    pub fn clock_left(&self, color: Color) -> Option<ClockLeft> {
        let clock = self.clocks[color as usize]?;
        let mut side = self.start.side_to_move();
        let (mut seconds, mut timeouts) = (clock.main, 0);
        for recorded in self.moves.iter() {
            if side == color {
                seconds -= recorded.seconds.unwrap_or(0.0);
                if seconds < 0.0 && timeouts == 0 {
                    seconds += clock.grace;
                    timeouts = 1;
                }
                if seconds < 0.0 {
                    seconds = 0.0;
                    timeouts = 2;
                }
                if timeouts < 2 {
                    seconds += clock.increment;
                }
            }
            side = side.opponent();
        }
        Some(ClockLeft { seconds, increment: clock.increment })
    }

    /// Plays `text` (`F5`, `f5/0.50/1.2`, `PA`) if legal in the current position.
    pub fn play<'a>(&mut self, text: &'a str) -> Result<(), GgfError<'a>> {
        let recorded = parse_move(&self.position(), text)?;
        self.push(recorded)
    }

    fn push<'a>(&mut self, recorded: RecordedMove) -> Result<(), GgfError<'a>> {
        if self.moves.len() == MAX_RECORD_MOVES {
            return Err(GgfError::TooLong);
        }
        self.moves.push(recorded);
        Ok(())
    }
}

/// Reads one move `MOVE[/EVAL[/TIME]]` as legal in `position`.
fn parse_move<'a>(position: &Position, text: &'a str) -> Result<RecordedMove, GgfError<'a>> {
    let mut fields = text.split('/');
    let square = fields.next().unwrap_or("").trim();
    let _eval = fields.next();
    let seconds =
        fields.next().and_then(|time| time.trim().parse::<f64>().ok()).filter(|s| s.is_finite() && *s >= 0.0);
    match position.parse_move(square) {
        Some(mv) => Ok(RecordedMove { mv, seconds }),
        None if position.is_game_over() => Err(GgfError::GameOver(square)),
        None => Err(GgfError::Illegal(square)),
    }
}

/// A GGF clock, `TI[15:00]`, `TI[5:00/10]`, `TI[05:00//02:00]` (an empty part is the default:
/// no increment, two minutes' grace). `None` for a clock that does not read, and for one of no
/// main time and no increment: NBoard's "no clock" (`TI[0]`), which a game loaded from a
/// database or pasted without a `TI` carries, and which NTest and Edax ignore as well.
fn parse_clock(text: &str) -> Option<GgfClock> {
    let mut parts = text.split('/');
    let main = parse_time(parts.next()?)?;
    let increment = match parts.next() {
        None => 0.0,
        Some(part) if part.trim().is_empty() => 0.0,
        Some(part) => parse_time(part)?,
    };
    let grace = match parts.next() {
        None => DEFAULT_GRACE_SECONDS,
        Some(part) if part.trim().is_empty() => DEFAULT_GRACE_SECONDS,
        Some(part) => parse_time(part)?,
    };
    (main > 0.0 || increment > 0.0).then_some(GgfClock { main, increment, grace })
}

/// Seconds of one GGF time, `[DAYS.][[HOURS:]MINUTES:]SECONDS` (`900`, `15:00`, `1:00:00`,
/// `1.00:00:00`), the seconds perhaps with a fraction (`15:00.5`, `0.25`). A `.` is the days'
/// mark only before a `:`, as NBoard reads `D.H:M:S`.
fn parse_time(text: &str) -> Option<f64> {
    let text = text.trim();
    let (days, rest) = match text.split_once('.') {
        Some((days, rest)) if rest.contains(':') && !days.contains(':') => (number(days, false)?, rest),
        _ => (0.0, text),
    };
    let parts = rest.split(':').count();
    if parts > 3 {
        return None;
    }
    let mut seconds = 0.0;
    for (index, part) in rest.split(':').enumerate() {
        seconds = seconds * 60.0 + number(part, index == parts - 1)?;
    }
    Some(days * 86_400.0 + seconds)
}

/// ASCII digits as a number, with a decimal point among them if `fraction` (huge ones are still
/// finite: `f64` holds 10^308).
fn number(text: &str, fraction: bool) -> Option<f64> {
    let text = text.trim();
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    let points = text.bytes().filter(|&byte| byte == b'.').count();
    let well_formed = digits > 0 && digits + points == text.len() && points <= usize::from(fraction);
    (well_formed && text.len() <= 300).then(|| text.parse().ok()).flatten()
}

/// Checks `TY[...]`, the match type as GGS writes it and NBoard reads it: the board size (digits),
/// at most one letter for how colours are given (`s` synchro, `k` komi, `b`, `w`), `a` for
/// anti-Othello (fewest discs wins) and `r<N>` for a start of N random discs, in any order. The
/// start and the moves come in their own tags, so a random start or a komi game is played as it
/// stands; another size or anti-Othello is another game, which a record of 8x8 moves would
/// otherwise be played as.
fn check_type(text: &str) -> Result<(), GgfError<'_>> {
    let refused = Err(GgfError::GameType(text));
    let mut size = None;
    let mut colours = 0;
    let digits = |text: &str| text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let mut rest = text.trim();
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            let end = digits(rest);
            if size.replace(&rest[..end]).is_some() {
                return refused;
            }
            rest = &rest[end..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        match c.to_ascii_lowercase() {
            's' | 'k' | 'b' | 'w' => colours += 1,
            'r' if digits(rest) > 0 => rest = &rest[digits(rest)..],
            _ => return refused,
        }
    }
    if size == Some("8") && colours <= 1 {
        Ok(())
    } else {
        refused
    }
}

/// Reads `BO[8 <64 squares> <side>]`.
fn parse_board(text: &str) -> Result<Position, GgfError<'_>> {
    let text = text.trim_start();
    let (size, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if size != "8" {
        return Err(GgfError::BoardSize(size));
    }
    // The side is the last thing in the tag: more squares or words after it are not a board.
    if rest.chars().filter(|c| !c.is_whitespace()).count() != 65 {
        return Err(GgfError::Board(BoardError::WrongLength));
    }
    Position::parse(rest).map_err(GgfError::Board)
}

/// The tags of a record's body, `(name, value)`, in order.
fn tags(body: &str) -> impl Iterator<Item = Result<(&str, &str), GgfError<'_>>> {
    let mut rest = body;
    core::iter::from_fn(move || {
        rest = rest.trim_start();
        if rest.is_empty() {
            return None;
        }
        let Some(open) = rest.find('[') else {
            rest = "";
            return Some(Err(GgfError::Unbalanced));
        };
        let Some(close) = rest[open..].find(']').map(|close| close + open) else {
            rest = "";
            return Some(Err(GgfError::Unbalanced));
        };
        let key = rest[..open].trim();
        let value = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Some(Err(GgfError::BadTagName(key)));
        }
        Some(Ok((key, value)))
    })
}

/// Reads a whole record. Every move must be legal from the start position.
pub fn parse(text: &str) -> Result<Record, GgfError<'_>> {
    let text = text.trim();
    let body = text.strip_prefix("(;").ok_or(GgfError::NoStart)?.trim_end();
    let body = body.strip_suffix(";)").or_else(|| body.strip_suffix(')')).ok_or(GgfError::NoEnd)?;
    let mut record = Record::new();
    let mut board = None;
    for tag in tags(body) {
        match tag? {
            ("GM", game) if !game.eq_ignore_ascii_case("othello") => return Err(GgfError::NotOthello(game)),
            ("BO", value) => board = Some(value),
            ("TY", kind) => check_type(kind)?,
            // NBoard reads the tags in order: `TI` sets both clocks, `TB` and `TW` one each.
            ("TI", clock) => record.clocks = [parse_clock(clock); 2],
            ("TB", clock) => record.clocks[Color::Black as usize] = parse_clock(clock),
            ("TW", clock) => record.clocks[Color::White as usize] = parse_clock(clock),
            _ => {}
        }
    }
    if let Some(board) = board {
        record.start = parse_board(board)?;
    }
    let mut position = record.start;
    for tag in tags(body) {
        let (key, value) = tag?;
        let color = match key {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        if color != position.side_to_move() && position.must_pass() {
            record.push(RecordedMove { mv: Move::PASS, seconds: None })?;
            position.play(Move::PASS);
        }
        if color != position.side_to_move() {
            return Err(GgfError::NotItsTurn(value));
        }
        let recorded = parse_move(&position, value)?;
        position.play(recorded.mv);
        record.push(recorded)?;
    }
    Ok(record)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::format;
    use std::string::ToString;

    const EXAMPLE: &str =
        "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]\
        TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
        B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn the_protocol_example_reads() {
        let record = parse(EXAMPLE).ok().unwrap();
        assert_eq!(record.start, Position::startpos());
        assert_eq!(record.moves.len(), 8);
        let fifteen_minutes = GgfClock { main: 900.0, increment: 0.0, grace: 120.0 };
        assert_eq!(record.clocks, [Some(fifteen_minutes); 2]);
        assert_eq!(record.position().side_to_move(), Color::Black);
        assert_eq!(record.position().empties(), 52);
        assert_eq!(record.positions().count(), 9);
        assert_eq!(record.positions().last(), Some(record.position()));
    }

    #[test]
    fn times_passes_and_boards() {
        let record = parse(
            "(;GM[Othello]TI[5:00]BO[8 ---------------------------O*------*O--------------------------- *]\
             B[F5/0.5/1.5]W[F6//2];)",
        )
        .ok()
        .unwrap();
        assert_eq!(record.clock_left(Color::Black), Some(ClockLeft { seconds: 298.5, increment: 0.0 }));
        assert_eq!(record.clock_left(Color::White), Some(ClockLeft { seconds: 298.0, increment: 0.0 }));
        // A white-to-move custom start.
        let custom = parse(
            "(;GM[Othello]BO[8 -----------O-----*OO**---OO**----O******-O--*OOO-O-*------*----- O]W[A2]B[H7];)",
        );
        assert!(custom.is_ok(), "{:?}", custom.err());
        // Illegal moves, bad boards, other games are refused with a reason.
        assert_eq!(parse("(;GM[Othello]B[A1];)").err(), Some(GgfError::Illegal("A1")));
        assert!(parse("(;GM[Othello]B[A1];)").err().unwrap().to_string().contains("not a legal move"));
        assert_eq!(parse("(;GM[Othello]BO[10 x];)").err(), Some(GgfError::BoardSize("10")));
        let too_long =
            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- O * *];)";
        assert_eq!(parse(too_long).err(), Some(GgfError::Board(BoardError::WrongLength)));
        assert_eq!(parse("(;GM[Chess];)").err(), Some(GgfError::NotOthello("Chess")));
        // The match type: 8x8 with a random start, synchro or komi is Othello as recorded; anti-Othello
        // and other sizes are other games, even with no board of their own in the record.
        for kind in ["8", "8r20", "s8r18", "k8", "8k", "b8"] {
            assert!(parse(&format!("(;GM[Othello]TY[{kind}]B[F5];)")).is_ok(), "TY[{kind}]");
        }
        for kind in ["8a", "a8", "10", "s10", "4", "88", "8 8", "8x", "8r", "sk8", ""] {
            let record = format!("(;GM[Othello]TY[{kind}]B[F5];)");
            assert_eq!(parse(&record).err(), Some(GgfError::GameType(kind)), "TY[{kind}]");
        }
        assert!(parse("(;GM[Othello]TY[8a];)").err().unwrap().to_string().contains("no anti"));
        assert_eq!(parse("garbage").err(), Some(GgfError::NoStart));
        assert!(parse("(;GM[Othello]B[F5").is_err());
        assert_eq!(parse("(;GM[Othello]W[F5];)").err(), Some(GgfError::NotItsTurn("F5")));
    }

    #[test]
    fn clocks_read_as_nboard_writes_them() {
        let clock = |main, increment, grace| Some(GgfClock { main, increment, grace });
        assert_eq!(parse_clock("1:00:00"), clock(3600.0, 0.0, 120.0));
        assert_eq!(parse_clock("15:00//2:00"), clock(900.0, 0.0, 120.0));
        assert_eq!(parse_clock("05:00/10/0"), clock(300.0, 10.0, 0.0));
        assert_eq!(parse_clock("1.00:00:00"), clock(86_400.0, 0.0, 120.0));
        assert_eq!(parse_clock("0/5"), clock(0.0, 5.0, 120.0));
        // A fraction of a second, where a `.` comes before no `:`.
        assert_eq!(parse_clock("900.5"), clock(900.5, 0.0, 120.0));
        assert_eq!(parse_clock("15:00.5/0.25"), clock(900.5, 0.25, 120.0));
        // No main time and no increment is NBoard's game without a clock.
        assert_eq!(parse_clock("0"), None);
        assert_eq!(parse_clock("00:00//02:00"), None);
        for bad in ["x", "", "1:2:3:4", "-5", "1e3", "15:00/x", "1.5.2", "1:2.5:3", ".", "1.2:3.4:5.6"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        // `TI` sets both clocks and `TB`/`TW` one, in the order of the tags.
        let record = parse("(;GM[Othello]TI[0]TB[05:00]TW[10:00];)").ok().unwrap();
        assert_eq!(record.clocks, [clock(300.0, 0.0, 120.0), clock(600.0, 0.0, 120.0)]);
        let record = parse("(;GM[Othello]TW[10:00]TI[0];)").ok().unwrap();
        assert_eq!(record.clocks, [None, None]);
    }

    #[test]
    fn the_clock_runs_as_nboard_runs_it() {
        let left = |clock: &str, moves: &str, color| {
            let record = parse(&format!("(;GM[Othello]TI[{clock}]{moves};)")).ok().unwrap();
            record.clock_left(color).map(|left| (left.seconds, left.increment))
        };
        // The increment comes back after each move.
        assert_eq!(left("1:00/5", "B[F5//10]W[D6//1]B[C3//20]", Color::Black), Some((40.0, 5.0)));
        // The first time the main time runs out the grace period is added...
        assert_eq!(
            left("05:00//02:00", "B[F5//150]W[D6//1]B[C3//149]W[D3//1]B[C4//30]", Color::Black),
            Some((91.0, 0.0))
        );
        // ...and the second time nothing is left, nor added.
        assert_eq!(left("0:10/2/0:05", "B[F5//11]W[D6//1]B[C3//10]", Color::Black), Some((0.0, 2.0)));
        // A move without a time took none; a game without a clock has none.
        assert_eq!(left("1:00", "B[F5]W[D6//1]", Color::Black), Some((60.0, 0.0)));
        assert_eq!(left("0", "B[F5//3]", Color::Black), None);
    }

    #[test]
    fn a_pass_in_the_record_or_left_out() {
        let moves = "B[E6]W[F6]B[G6]W[G7]B[G8]W[H8]B[C4]W[E3]B[E2]W[F8]";
        let with_pass = format!("(;GM[Othello]{moves}B[PA]W[G5];)");
        let without = format!("(;GM[Othello]{moves}W[G5];)");
        let (with_pass, without) = (parse(&with_pass).ok().unwrap(), parse(&without).ok().unwrap());
        assert_eq!(with_pass.position(), without.position());
        assert_eq!(with_pass.moves[10].mv, Move::PASS);
        assert_eq!(without.moves[10].mv, Move::PASS);
    }

    #[test]
    fn moves_play_on_and_refuse_what_is_illegal() {
        let mut record = Record::new();
        assert_eq!(record.play("f5/0.1/2.5"), Ok(()));
        assert_eq!(record.play("f5"), Err(GgfError::Illegal("f5")));
        let clockless = record.clock_left(Color::Black);
        assert_eq!(clockless, None);
        record.clocks = [Some(GgfClock { main: 10.0, increment: 0.0, grace: 0.0 }); 2];
        assert_eq!(record.clock_left(Color::Black).map(|left| left.seconds), Some(7.5));
    }
}
