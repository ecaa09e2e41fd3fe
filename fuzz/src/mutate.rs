//! Mutations of command text: absurd numbers, junk words, characters inserted, deleted, swapped
//! or repeated, words dropped or duplicated, FEN fields broken, lines stretched to 100 KB. Every
//! line made here is valid UTF-8 without `\n` or `\r` (the binary's reader splits lines there; a
//! line that is not UTF-8 is sent as [`crate::transcript::Input::Garbage`]).

use crate::dice::Dice;

/// Numbers a careless or hostile GUI may send.
const ABSURD_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "+1",
    "1",
    "2",
    "00007",
    "-5000",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999999",
    "1e99",
    "-1e99",
    "1e308",
    "1e309",
    "-1e309",
    "1e-320",
    "4.9e-324",
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "infinity",
    "-Infinity",
    "0x10",
    "1.5",
    "0.0001",
    "-0.5",
    ".5",
    "5.",
    "1_000",
    "1,000",
    "١٢",
    "½",
    "",
    "e",
    "--1",
];

/// Words that are nothing the engine knows.
const JUNK_WORDS: &[&str] = &[
    "xyzzy",
    "joho",
    "bogus",
    "é",
    "日本",
    "💥",
    "\u{202e}reversed",
    "\u{feff}",
    "\u{0}",
    "nul\u{0}byte",
    "\u{7f}",
    "\u{1b}[31m",
    "\u{b}",
    "\u{c}",
    "\u{85}",
    "\u{2028}",
    "\u{a0}",
    "\t",
    "#",
    "[",
    "]",
    ";)",
    "(;",
    "=",
    "?",
    "/",
    "-",
    "moves",
    "value",
    "name",
    "fen",
    "startpos",
    "infinite",
    "ponder",
    "depth",
    "%s%s%n",
    "{}",
    "\\",
    "\"",
    "'",
];

/// Characters inserted into text.
const CHARS: &[char] = &[
    ' ', ' ', '\t', '/', '-', '0', '1', '2', '3', '8', '9', 'a', 'b', 'e', 'h', 'i', 'k', 'K', 'q', 'Q', 'p',
    'P', 'n', 'N', 'r', 'R', 'w', 'W', 'x', 'X', 'o', 'O', 'c', 'C', 'A', 'B', 'E', 'H', '*', '.', '[', ']',
    '#', ';', '\u{0}', '\u{b}', '\u{7f}', 'é', 'ß', '日', '💥', '\u{200b}', '\u{a0}', '\u{3000}',
];

/// An absurd or ordinary number as text.
pub fn number(dice: &mut Dice) -> String {
    match dice.below(4) {
        0 => dice.pick(ABSURD_NUMBERS).to_string(),
        1 => dice.range(-100, 100).to_string(),
        2 => (dice.bits() as i64).to_string(),
        _ => dice.bits().to_string(),
    }
}

/// A junk word.
pub fn junk(dice: &mut Dice) -> String {
    if dice.chance(1, 4) {
        let length = dice.range(1, 12) as usize;
        (0..length).map(|_| *dice.pick(CHARS)).collect()
    } else {
        dice.pick(JUNK_WORDS).to_string()
    }
}

/// `text` with 1 to 3 character-level changes.
pub fn chars(dice: &mut Dice, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..dice.range(1, 3) {
        let at = dice.below(chars.len() + 1);
        match dice.below(8) {
            0 | 1 if !chars.is_empty() => {
                chars.remove(at.min(chars.len() - 1));
            }
            2 | 3 => chars.insert(at, *dice.pick(CHARS)),
            4 if chars.len() >= 2 => {
                let at = at.min(chars.len() - 2);
                chars.swap(at, at + 1);
            }
            5 if !chars.is_empty() => {
                let at = at.min(chars.len() - 1);
                chars[at] = *dice.pick(CHARS);
            }
            6 if !chars.is_empty() => {
                // Repeat a short run.
                let start = at.min(chars.len() - 1);
                let end = (start + dice.range(1, 6) as usize).min(chars.len());
                let run: Vec<char> = chars[start..end].to_vec();
                for _ in 0..dice.range(1, 4) {
                    chars.splice(end..end, run.iter().copied());
                }
            }
            _ => {
                if let Some(c) = chars.get_mut(at) {
                    *c = if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
                } else {
                    chars.truncate(at / 2);
                }
            }
        }
    }
    clean(chars.into_iter().collect())
}

/// `text` with 1 to 2 word-level changes: a word dropped, doubled, swapped with the next, replaced
/// by an absurd number or a junk word, or a junk word inserted.
pub fn words(dice: &mut Dice, text: &str) -> String {
    let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
    for _ in 0..dice.range(1, 2) {
        let at = dice.below(words.len());
        match dice.below(7) {
            0 if words.len() > 1 => {
                words.remove(at);
            }
            1 => {
                let word = words[at].clone();
                words.insert(at, word);
            }
            2 if at + 1 < words.len() => words.swap(at, at + 1),
            3 | 4 if at > 0 => words[at] = number(dice),
            5 => words.insert(at + 1, junk(dice)),
            _ => words.push(if dice.chance(1, 2) { number(dice) } else { junk(dice) }),
        }
    }
    clean(words.join(" "))
}

/// Either kind of change, or spacing changes (tabs, runs of blanks, leading and trailing blanks).
pub fn any(dice: &mut Dice, text: &str) -> String {
    match dice.below(5) {
        0 | 1 => chars(dice, text),
        2 | 3 => words(dice, text),
        _ => {
            let spaced: String = text
                .split(' ')
                .map(|word| word.to_string())
                .collect::<Vec<_>>()
                .join(*dice.pick(&[" ", "  ", "\t", " \t ", "\u{b}", "\u{a0}"]));
            let lead = *dice.pick(&["", " ", "\t", "   "]);
            let trail = *dice.pick(&["", " ", "\t", "   "]);
            format!("{lead}{spaced}{trail}")
        }
    }
}

/// A FEN broken the ways FENs break: a field dropped, doubled or swapped, a field replaced by junk
/// or an absurd number, extra fields, ranks merged or split, kings added, castling rights and
/// en-passant squares that do not fit, then possibly character-level changes too.
pub fn fen(dice: &mut Dice, fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.is_empty() {
        return junk(dice);
    }
    for _ in 0..dice.range(1, 2) {
        let at = dice.below(fields.len());
        match dice.below(12) {
            0 if fields.len() > 1 => {
                fields.truncate(at.max(1));
            }
            1 => fields.push(number(dice)),
            2 => {
                let field = fields[at].clone();
                fields.insert(at, field);
            }
            3 if fields.len() > 2 => {
                fields[2] = dice
                    .pick(&[
                        "KQkq", "KQkqKQkq", "AHah", "HAha", "Kk", "Qq", "Bgb", "-", "KQ-", "kqKQ", "Z", "",
                    ])
                    .to_string()
            }
            4 if fields.len() > 3 => {
                fields[3] = dice
                    .pick(&["e3", "e6", "a3", "h6", "d5", "z9", "e0", "-", "e33", "a10", "i3"])
                    .to_string()
            }
            5 if fields.len() > 1 => {
                fields[1] = dice.pick(&["w", "b", "W", "B", "r", "-", "wb", ""]).to_string()
            }
            6 => {
                // A piece letter becomes a king, or a king is added over an empty run.
                let placement = &mut fields[0];
                let king = *dice.pick(&['K', 'k']);
                let positions: Vec<usize> = placement
                    .char_indices()
                    .filter(|(_, c)| c.is_ascii_alphabetic())
                    .map(|(i, _)| i)
                    .collect();
                if !positions.is_empty() {
                    let at = positions[dice.below(positions.len())];
                    placement.replace_range(at..at + 1, &king.to_string());
                }
            }
            7 => {
                // Ranks merged, split or dropped.
                let mut ranks: Vec<String> = fields[0].split('/').map(str::to_string).collect();
                let rank = dice.below(ranks.len());
                match dice.below(3) {
                    0 if ranks.len() > 1 => {
                        ranks.remove(rank);
                    }
                    1 => {
                        let copy = ranks[rank].clone();
                        ranks.insert(rank, copy);
                    }
                    _ => {
                        ranks[rank] = dice
                            .pick(&["9", "8", "p7", "1p1p1p1p1", "PPPPPPPPP", "18", "44", "k"])
                            .to_string()
                    }
                }
                fields[0] = ranks.join("/");
            }
            8 => fields[at] = junk(dice),
            9 if at > 0 => fields[at] = number(dice),
            10 => {
                let other = dice.below(fields.len());
                fields.swap(at, other);
            }
            _ => fields[at] = chars(dice, &fields[at]),
        }
    }
    let text = fields.join(" ");
    if dice.chance(1, 4) {
        chars(dice, &text)
    } else {
        clean(text)
    }
}

/// `unit` repeated (joined by spaces) to about `bytes` bytes.
pub fn stretch(unit: &str, bytes: usize) -> String {
    let unit = clean(unit.to_string());
    let unit = if unit.is_empty() { "x".to_string() } else { unit };
    let count = bytes / (unit.len() + 1) + 1;
    let mut text = String::with_capacity(count * (unit.len() + 1));
    for index in 0..count {
        if index > 0 {
            text.push(' ');
        }
        text.push_str(&unit);
    }
    text
}

/// The line with `\n` and `\r` made blanks: the reader never hands a line with them.
pub fn clean(text: String) -> String {
    if text.contains(['\n', '\r']) {
        text.replace(['\n', '\r'], " ")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_never_make_a_line_break() {
        let mut dice = Dice::new(5);
        for _ in 0..10_000 {
            let base = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4";
            for text in [any(&mut dice, base), fen(&mut dice, base), junk(&mut dice), number(&mut dice)] {
                assert!(!text.contains(['\n', '\r']), "{text:?}");
            }
        }
        assert!(stretch("e2e4", 100_000).len() >= 100_000);
    }
}
