//! Splits PGN text into games: the tag pairs, then each move with the comment after it, then the
//! result. Only what a data import needs: variations (`( ... )`), NAGs (`$1`), `;` comments and
//! move numbers are read past; a comment before the first move is dropped (it scores no move).
//!
//! It reads line by line from any `BufRead`, so a file of millions of games streams. A game is
//! whatever lies between one run of tag lines and the next; a game this reader cannot split
//! (an unclosed comment, a tag line without a value) comes out as an error the caller counts, and
//! the reader goes on with the next game. A comment may run over lines, so a `[` line inside one
//! is text, unless it is a whole tag pair after a blank line: an unclosed `{` then costs its own
//! game, not the rest of the file.

use std::io::BufRead;

/// One game as written: nothing checked against the rules yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGame {
    /// The tag pairs in file order (`[Name "value"]`), escapes resolved.
    pub tags: Vec<(String, String)>,
    /// Each move's text (`Nf3`, `exd8=Q+`, `O-O`) and the comment that followed it, if any.
    pub moves: Vec<(String, Option<String>)>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if the move text ended with one.
    pub termination: Option<String>,
    /// The 1-based line of the file where the game starts, for warnings.
    pub line: usize,
}

impl RawGame {
    /// The value of tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag == name).map(|(_, value)| value.as_str())
    }
}

/// Games read from a PGN stream, one `Result` each: `Err` for a game whose text cannot be split
/// (with its first line), or for an I/O error (after which the iterator ends).
pub struct Games<R> {
    input: R,
    line: Vec<u8>,
    /// The 1-based number of the last line read (a line held back in `pending` included).
    number: usize,
    /// A tag line read while finishing the previous game: the next game's first line.
    pending: Option<String>,
    done: bool,
}

impl<R: BufRead> Games<R> {
    pub fn new(input: R) -> Games<R> {
        Games { input, line: Vec::new(), number: 0, pending: None, done: false }
    }

    /// The next line without its end, `None` at the end of the input.
    fn next_line(&mut self) -> Result<Option<String>, String> {
        if let Some(line) = self.pending.take() {
            return Ok(Some(line));
        }
        self.line.clear();
        match self.input.read_until(b'\n', &mut self.line) {
            Ok(0) => Ok(None),
            Ok(_) => {
                self.number += 1;
                // Bytes that are not UTF-8 become U+FFFD: the game holding them fails to parse
                // and is counted, the file goes on. A byte-order mark is not part of the text.
                let line = String::from_utf8_lossy(&self.line);
                let line = line.trim_start_matches('\u{feff}').trim_end_matches(['\n', '\r']);
                Ok(Some(line.to_string()))
            }
            Err(error) => Err(format!("line {}: {error}", self.number + 1)),
        }
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<RawGame, String>;

    fn next(&mut self) -> Option<Result<RawGame, String>> {
        if self.done {
            return None;
        }
        let mut game = RawGame::default();
        let mut text = String::new();
        let mut started = false;
        let mut broken: Option<String> = None;
        // Inside a `{}` comment that runs over lines: a `[` at a line's start is then text.
        let mut in_comment = false;
        let mut blank = false;
        loop {
            let line = match self.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.done = true;
                    break;
                }
                Err(error) => {
                    self.done = true;
                    return Some(Err(error));
                }
            };
            let trimmed = line.trim();
            let after_blank = std::mem::replace(&mut blank, trimmed.is_empty());
            if in_comment && after_blank && parse_tag(trimmed).is_some() {
                // A tag pair after a blank line: the next game, after a comment never closed
                // (which makes this game unreadable, not the rest of the file).
                self.pending = Some(line);
                break;
            }
            if !in_comment && trimmed.starts_with('[') {
                if !text.trim().is_empty() {
                    // The next game's tags: this game is complete.
                    self.pending = Some(line);
                    break;
                }
                if !started {
                    game.line = self.number;
                    started = true;
                }
                match parse_tag(trimmed) {
                    Some(tag) => game.tags.push(tag),
                    None => broken = broken.or(Some(format!("a malformed tag line: {trimmed}"))),
                }
                continue;
            }
            if trimmed.is_empty() && !in_comment {
                continue;
            }
            if !started {
                game.line = self.number;
                started = true;
            }
            in_comment = comment_open_after(&line, in_comment);
            text.push_str(&line);
            text.push('\n');
        }
        if !started {
            return None;
        }
        if let Some(reason) = broken {
            return Some(Err(format!("game at line {}: {reason}", game.line)));
        }
        match parse_movetext(&text, &mut game) {
            Ok(()) => Some(Ok(game)),
            Err(reason) => Some(Err(format!("game at line {}: {reason}", game.line))),
        }
    }
}

/// True when a `{` comment is still open at the end of `line` (given whether one was open at its
/// start). A `;` outside a comment ends the line's move text.
fn comment_open_after(line: &str, mut open: bool) -> bool {
    for character in line.chars() {
        match (open, character) {
            (false, '{') => open = true,
            (true, '}') => open = false,
            (false, ';') => break,
            _ => {}
        }
    }
    open
}

/// `[Name "value"]`, with `\"` and `\\` inside the value.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(|c: char| c.is_whitespace())?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut characters = quoted.chars();
    while let Some(character) = characters.next() {
        if character == '\\' {
            value.push(characters.next()?);
        } else {
            value.push(character);
        }
    }
    Some((name.to_string(), value))
}

/// The moves, comments and termination marker of `text` into `game`.
fn parse_movetext(text: &str, game: &mut RawGame) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut depth = 0usize; // inside variations
    while at < bytes.len() {
        let byte = bytes[at];
        match byte {
            b'{' => {
                let end = text[at..].find('}').ok_or("a comment that is never closed")?;
                let comment = text[at + 1..at + end].split_whitespace().collect::<Vec<_>>().join(" ");
                if depth == 0 {
                    if let Some((_, slot)) = game.moves.last_mut() {
                        // Two comments after one move: the first is the runner's, keep it.
                        slot.get_or_insert(comment);
                    }
                }
                at += end + 1;
            }
            b';' => at = text[at..].find('\n').map_or(bytes.len(), |end| at + end + 1),
            b'(' => {
                depth += 1;
                at += 1;
            }
            b')' => {
                depth = depth.checked_sub(1).ok_or("a variation closed that was never opened")?;
                at += 1;
            }
            _ if byte.is_ascii_whitespace() => at += 1,
            _ => {
                let end = text[at..]
                    .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';'))
                    .map_or(bytes.len(), |end| at + end);
                let token = &text[at..end];
                at = end;
                if depth > 0 || token.starts_with('$') {
                    continue;
                }
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    if game.termination.is_some() {
                        return Err(format!("a second result {token}"));
                    }
                    game.termination = Some(token.to_string());
                    continue;
                }
                let token = strip_move_number(token);
                if token.is_empty() {
                    continue;
                }
                if game.termination.is_some() {
                    return Err(format!("a move after the result: {token}"));
                }
                game.moves.push((token.to_string(), None));
            }
        }
    }
    if depth > 0 {
        return Err("a variation that is never closed".into());
    }
    Ok(())
}

/// `12.` and `12...` alone are move numbers; `12.e4` carries one before the move.
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(text: &str) -> Vec<Result<RawGame, String>> {
        Games::new(text.as_bytes()).collect()
    }

    #[test]
    fn tags_moves_comments_and_the_result() {
        let text = "[Event \"a \\\"quoted\\\" name\"]\n[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 $1 (1... c5 {x})\n2. Nf3 {+0.2/9\n over lines} ; rest ignored\n2... Nc6 3.Bb5 1-0\n";
        let all = games(text);
        assert_eq!(all.len(), 1);
        let game = all[0].as_ref().unwrap();
        assert_eq!(game.tag("Event"), Some("a \"quoted\" name"));
        assert_eq!(game.line, 1);
        let moves: Vec<(&str, Option<&str>)> =
            game.moves.iter().map(|(mv, comment)| (mv.as_str(), comment.as_deref())).collect();
        assert_eq!(
            moves,
            [
                ("e4", Some("+0.30/10 0.1s")),
                ("e5", None),
                ("Nf3", Some("+0.2/9 over lines")),
                ("Nc6", None),
                ("Bb5", None)
            ]
        );
        assert_eq!(game.termination.as_deref(), Some("1-0"));
    }

    #[test]
    fn games_split_at_tags_and_a_broken_one_does_not_stop_the_rest() {
        let text = "[A \"1\"]\n\ne4 {x} 1-0\n\n[B \"2\"]\n[Broken\n\nd4 *\n[C \"3\"]\n\nc4 {open comment\n[D \"still inside\"]\n} 0-1\n[E \"5\"]\n\nf4 ( e5 1/2-1/2\n";
        let all = games(text);
        assert_eq!(all.len(), 4);
        assert_eq!(all[0].as_ref().unwrap().moves.len(), 1);
        assert!(all[1].as_ref().unwrap_err().contains("line 5"), "{:?}", all[1]);
        let third = all[2].as_ref().unwrap();
        assert_eq!(third.line, 9);
        assert_eq!(third.moves[0].1.as_deref(), Some("open comment [D \"still inside\"]"));
        assert!(all[3].as_ref().unwrap_err().contains("never closed"));
    }

    #[test]
    fn move_numbers_are_not_moves() {
        assert_eq!(strip_move_number("12."), "");
        assert_eq!(strip_move_number("12..."), "");
        assert_eq!(strip_move_number("3.Bb5"), "Bb5");
        assert_eq!(strip_move_number("O-O"), "O-O");
    }
}
