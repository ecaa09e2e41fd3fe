//! Xiangqi move words with ranks counted from 1 (`Xiangqi Ranks 1-10`): Fairy-Stockfish writes
//! `h3e3` and `a10a9` where Pikafish, and this engine by default, write `h2e2` and `a9a8`, and
//! cutechess's xiangqi board reads and writes the former. The UCI front-end translates each move
//! word at its boundary, so the controller and the core keep one notation.

/// `word` with each square's rank moved by `by` (`h2e2` and 1 give `h3e3`), or `None` when it
/// is not a move word of two squares, each a file letter and a rank number written without a
/// leading zero (`h03e03` is no more a move with ranks from 1 than `h02e02` is one with ranks
/// from 0), or a rank would fall below 0.
pub fn shift_ranks(word: &str, by: i32) -> Option<String> {
    let mut shifted = String::with_capacity(word.len() + 1);
    let mut rest = word;
    for _ in 0..2 {
        let file = rest.chars().next().filter(char::is_ascii_lowercase)?;
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        // One or two digits: ranks run to 10; two never start with 0.
        if digits == 0 || digits > 2 || (digits == 2 && rest.as_bytes()[1] == b'0') {
            return None;
        }
        let rank: i32 = rest[1..=digits].parse().ok()?;
        let rank = rank.checked_add(by).filter(|rank| *rank >= 0)?;
        shifted.push(file);
        shifted.push_str(&rank.to_string());
        rest = &rest[1 + digits..];
    }
    rest.is_empty().then_some(shifted)
}

/// The words of `text` (space-separated) with the ranks of every move word moved by `by`; other
/// words (`pv`, numbers) stay as they are.
pub fn shift_line(text: &str, by: i32) -> String {
    text.split(' ')
        .map(|word| shift_ranks(word, by).unwrap_or_else(|| word.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_move_both_ways_and_reach_ten() {
        assert_eq!(shift_ranks("h2e2", 1).as_deref(), Some("h3e3"));
        assert_eq!(shift_ranks("a9a8", 1).as_deref(), Some("a10a9"));
        assert_eq!(shift_ranks("a10a9", -1).as_deref(), Some("a9a8"));
        assert_eq!(shift_ranks("e1e0", 1).as_deref(), Some("e2e1"));
    }

    #[test]
    fn what_is_not_a_move_word_is_refused() {
        // Rank 0 does not exist when ranks count from 1.
        assert_eq!(shift_ranks("a0a1", -1), None);
        for word in ["pv", "12", "h2e", "h2e2q", "H2e2", "h123e2", "h2e2 ", "", "h03e3", "h3e03", "a00a1"] {
            assert_eq!(shift_ranks(word, 1), None, "{word:?}");
        }
        assert_eq!(shift_line(" pv h2e2 h9g7", 1), " pv h3e3 h10g8");
    }
}
