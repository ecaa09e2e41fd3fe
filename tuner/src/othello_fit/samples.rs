//! The labelled positions the fits read and the generators write, one per line: a leaf of
//! `othello_fit`, so that the fits need not import its root, which runs them.

use std::io::BufRead;

/// One labelled position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sample {
    pub(crate) player: u64,
    pub(crate) opponent: u64,
    /// Discs, from the side to move.
    pub(crate) score: f32,
    pub(crate) kind: char,
    pub(crate) game: u32,
}

impl Sample {
    pub(crate) fn empties(&self) -> u32 {
        (!(self.player | self.opponent)).count_ones()
    }

    pub(crate) fn line(&self) -> String {
        format!("{:016x} {:016x} {} {} {}", self.player, self.opponent, self.score, self.kind, self.game)
    }
}

pub(crate) fn read_samples(paths: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths.split(',') {
        let file = std::fs::File::open(path).map_err(|error| format!("{path}: {error}"))?;
        for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|error| format!("{path}: {error}"))?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("{path}:{}: bad line {line:?}", number + 1);
            if words.len() != 5 {
                return Err(bad());
            }
            samples.push(Sample {
                player: u64::from_str_radix(words[0], 16).map_err(|_| bad())?,
                opponent: u64::from_str_radix(words[1], 16).map_err(|_| bad())?,
                score: words[2].parse().map_err(|_| bad())?,
                kind: words[3].chars().next().ok_or_else(bad)?,
                game: words[4].parse().map_err(|_| bad())?,
            });
        }
    }
    Ok(samples)
}
