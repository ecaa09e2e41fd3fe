//! The perft data format every game's suite shares: one position per line, `SETUP ;D1 n ;D2 n ...`
//! (a FEN for chess, `BOARD SIDE` for Othello), `#` comment lines and blank lines skipped.

/// One line of a perft file.
pub struct Case {
    /// Line number in the file, for messages.
    pub line: usize,
    /// The position, as the game's own text.
    pub setup: String,
    /// `(depth, leaf count)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Every position of a perft file.
pub fn load(text: &str) -> Vec<Case> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let mut parts = line.split(';');
            let setup = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|part| {
                    let (depth, count) = part.trim().split_once(' ').expect("`Dn count`");
                    (depth.trim_start_matches('D').parse().unwrap(), count.trim().parse().unwrap())
                })
                .collect();
            Case { line: index + 1, setup, counts }
        })
        .collect()
}
