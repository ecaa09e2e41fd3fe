//! What a match runner's move comment says about the search that chose the move.
//!
//! fastchess (the runner OpenBench's client builds and runs) writes `{score/depth time, n=nodes,
//! sd=seldepth}` after each engine move, and OpenBench's client re-writes it before uploading:
//! verbose `{+0.34/12 0.123s, n=5012, sd=18}`, compact `{+0.34/12}`, either with `, line=...`
//! when the engine printed an `info string pgncomment`. The score is the engine's own, from the
//! side that moved (the side to move in the position before the move): pawns with two decimals
//! (`+0.34`, `-1.20`, `0.00`), or a mate as `+M5` / `-M4` (plies to mate, the sign the mover's).
//! Book moves say `{book}`; OpenBench writes `{unknown}` where fastchess wrote nothing it could
//! read. cutechess-cli writes the same `score/depth time` head. fastchess writes `0.00/0` for a
//! move whose engine printed no `info ... score`, and `ERR/...` for a score it could not read:
//! neither is a search score.

/// A move comment, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comment {
    /// A search's score: centipawns from the mover's view, and the depth.
    Score { centipawns: i32, depth: u32 },
    /// A mate score: plies to mate, positive when the mover mates.
    Mate { plies: i32, depth: u32 },
    /// A move from the opening book: not searched.
    Book,
    /// No score to read: `unknown`, `0.00/0`, `ERR`, or text no runner writes.
    None,
}

impl Comment {
    /// Reads a comment's leading `score/depth`.
    pub fn parse(text: &str) -> Comment {
        let head = text.trim().split([' ', ',']).next().unwrap_or("");
        if head == "book" {
            return Comment::Book;
        }
        let Some((score, depth)) = head.split_once('/') else {
            return Comment::None;
        };
        let Ok(depth) = depth.parse::<u32>() else {
            return Comment::None;
        };
        if depth == 0 {
            return Comment::None;
        }
        let (negative, magnitude) = match score.as_bytes().first() {
            Some(b'-') => (true, &score[1..]),
            Some(b'+') => (false, &score[1..]),
            _ => (false, score),
        };
        if let Some(plies) = magnitude.strip_prefix('M') {
            return match plies.parse::<i32>() {
                Ok(plies) if !plies.is_negative() => {
                    Comment::Mate { plies: if negative { -plies } else { plies }, depth }
                }
                _ => Comment::None,
            };
        }
        match centipawns(magnitude) {
            Some(centipawns) => {
                Comment::Score { centipawns: if negative { -centipawns } else { centipawns }, depth }
            }
            None => Comment::None,
        }
    }
}

/// `1.23` (pawns, any number of decimals, rounded half away from zero) as centipawns; `None` for
/// anything else, or beyond what an `i32` holds.
fn centipawns(pawns: &str) -> Option<i32> {
    let (whole, fraction) = pawns.split_once('.').unwrap_or((pawns, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i32 = whole.parse().ok()?;
    let digit = |index: usize| fraction.as_bytes().get(index).map_or(0, |b| i32::from(b - b'0'));
    let round = i32::from(digit(2) >= 5);
    whole.checked_mul(100)?.checked_add(digit(0) * 10 + digit(1) + round)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fastchess_and_openbench_comments() {
        assert_eq!(
            Comment::parse("+0.34/12 0.123s, n=5012, sd=18"),
            Comment::Score { centipawns: 34, depth: 12 }
        );
        assert_eq!(Comment::parse("-1.20/9"), Comment::Score { centipawns: -120, depth: 9 });
        assert_eq!(
            Comment::parse("0.00/14 0.010s, n=1500, sd=20, line=info string pgncomment x"),
            Comment::Score { centipawns: 0, depth: 14 }
        );
        assert_eq!(Comment::parse("+12.05/30, line=abc"), Comment::Score { centipawns: 1205, depth: 30 });
        assert_eq!(Comment::parse("+M5/20 0.1s, n=9, sd=9"), Comment::Mate { plies: 5, depth: 20 });
        assert_eq!(Comment::parse("-M4/18"), Comment::Mate { plies: -4, depth: 18 });
        assert_eq!(Comment::parse("book"), Comment::Book);
    }

    #[test]
    fn what_is_no_score() {
        for text in
            ["unknown", "0.00/0 0.001s, n=0, sd=0", "ERR/12", "", "+0.3x/4", "+/4", "white mates", "+0.34/"]
        {
            assert_eq!(Comment::parse(text), Comment::None, "{text}");
        }
    }

    #[test]
    fn pawns_round_to_centipawns() {
        assert_eq!(centipawns("0.345"), Some(35));
        assert_eq!(centipawns("2"), Some(200));
        assert_eq!(centipawns("0.5"), Some(50));
        assert_eq!(centipawns("99999999999"), None);
    }
}
