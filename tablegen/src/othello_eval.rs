//! The Othello evaluation's patterns and weights as data: the pattern definitions, the reader and
//! writer of `engine/data/othello_eval.bin`, the Rust source the engine compiles from it, and a
//! plain reference evaluation that the fitting tool (`tuner`'s `othello_fit`) and the tests use.
//!
//! This file uses `std` only (no `crate::` paths), so a test may include it with `#[path]`.
//!
//! # The evaluation
//!
//! From the side to move, in centidiscs, for the game stage of the position
//! ([`Weights::stage`]: buckets of equally many empty squares; the data file says how many stages,
//! a divisor of [`EMPTIES`], so the engine and the fitting tool take the layout from it):
//!
//! * one weight per pattern instance, looked up by the instance's base-3 index (each square of the
//!   instance in order is a digit, most significant first: 0 empty, 1 the side to move's disc, 2 the
//!   opponent's). The instances of a class are the images of its base square list under the 8
//!   symmetries of the board, so they share one table; a class whose square set is its own image
//!   under a symmetry (an edge read backwards) has equal weights at the two indices that symmetry
//!   relates, so the whole evaluation is invariant under the 8 symmetries;
//! * [`SCALARS`] terms: weight times a count — mobility (legal moves, own minus opponent's),
//!   potential mobility (empty squares next to the opponent's discs minus those next to one's own),
//!   parity (1 when the number of empties is odd) and a constant.
//!
//! # The data file
//!
//! Little-endian. The 8 bytes [`MAGIC`], then `u32` stages (a divisor of [`EMPTIES`]: stage `s` holds
//! the `EMPTIES / stages` empties from `s * EMPTIES / stages + 1` on, the last also 0 and 60) and `u32`
//! weights per stage (must equal [`stage_size`]), then the weights, stage by stage, each stage
//! laid out as [`class_offset`] says (the classes' tables in [`CLASSES`] order, then the scalars), as
//! tokens: an `i16` weight, or the escape `i16::MIN` followed by a `u32` count of zero weights. The
//! file of an unfitted evaluation is therefore a few bytes; [`write`] produces the one canonical
//! encoding, so `write(parse(bytes)) == bytes` for a file it wrote.

use std::fmt::Write as _;

/// Where the engine keeps the committed data file (this crate's path on the machine that built it).
pub const DATA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/othello_eval.bin");
/// First bytes of the data file.
pub const MAGIC: &[u8; 8] = b"TKOEVAL1";
/// Empty squares after the four discs of the start: the stages split `1..=EMPTIES` evenly.
pub const EMPTIES: u32 = 60;
/// Game stages of an unfitted evaluation (`othello_fit init`) and of a fit that names none: 12
/// stages of 5 empties.
pub const DEFAULT_STAGES: usize = 12;
/// Token announcing a run of zero weights.
const ZERO_RUN: i16 = i16::MIN;

/// Whether `stages` stages split the empties evenly (a divisor of [`EMPTIES`]).
pub const fn valid_stages(stages: usize) -> bool {
    stages > 0 && (EMPTIES as usize).is_multiple_of(stages)
}

/// Empty squares per stage with `stages` stages.
pub const fn empties_per_stage(stages: usize) -> u32 {
    EMPTIES / stages as u32
}

/// The stage, among `stages`, of a position with `empties` empty squares: stage `s` holds
/// `s * k + 1 ..= s * k + k` empties for `k` [`empties_per_stage`] (0 empties go with the first).
pub const fn stage(stages: usize, empties: u32) -> usize {
    let stage = (empties.saturating_sub(1) / empties_per_stage(stages)) as usize;
    if stage < stages {
        stage
    } else {
        stages - 1
    }
}

/// The empties of stage `stage` among `stages`, first and last.
pub const fn stage_empties(stages: usize, stage: usize) -> (u32, u32) {
    let per = empties_per_stage(stages);
    let low = stage as u32 * per + 1;
    (low, low + per - 1)
}

/// A pattern class: its name and its squares (`8 * row + column`, a1 = 0 top left) as drawn from
/// the a1 corner; the other instances are its symmetric images.
#[derive(Clone, Copy, Debug)]
pub struct PatternClass {
    /// Name of the class (also the name of its constants in the emitted source).
    pub name: &'static str,
    /// The squares of the base instance, most significant digit first.
    pub squares: &'static [u8],
}

/// The pattern classes, in table order.
pub const CLASSES: [PatternClass; 13] = [
    // A1 B1 C1 / A2 B2 C2 / A3 B3 C3.
    PatternClass { name: "CORNER_3X3", squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18] },
    // A1..E1 / A2..E2.
    PatternClass { name: "CORNER_2X5", squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12] },
    // B2, the edge A1..H1, G2.
    PatternClass { name: "EDGE_2X", squares: &[9, 0, 1, 2, 3, 4, 5, 6, 7, 14] },
    // A1, C1..F1, H1 / C2..F2: Edax's corner-and-block pattern, which sees whether the edge's
    // middle is backed by the second line (wedges and unbalanced edges) where EDGE_2X sees the
    // X-squares instead.
    PatternClass { name: "EDGE_BLOCK", squares: &[0, 2, 3, 4, 5, 7, 10, 11, 12, 13] },
    PatternClass { name: "LINE_2", squares: &[8, 9, 10, 11, 12, 13, 14, 15] },
    PatternClass { name: "LINE_3", squares: &[16, 17, 18, 19, 20, 21, 22, 23] },
    PatternClass { name: "LINE_4", squares: &[24, 25, 26, 27, 28, 29, 30, 31] },
    PatternClass { name: "DIAGONAL_8", squares: &[0, 9, 18, 27, 36, 45, 54, 63] },
    PatternClass { name: "DIAGONAL_7", squares: &[1, 10, 19, 28, 37, 46, 55] },
    PatternClass { name: "DIAGONAL_6", squares: &[2, 11, 20, 29, 38, 47] },
    PatternClass { name: "DIAGONAL_5", squares: &[3, 12, 21, 30, 39] },
    PatternClass { name: "DIAGONAL_4", squares: &[4, 13, 22, 31] },
    // A1..D1 / A2..C2 / A3 B3 / A4: the corner's triangle, which sees the corner's edges and
    // diagonal region at once (a corner's stable discs grow along both edges and inwards together).
    PatternClass { name: "TRIANGLE", squares: &[0, 1, 2, 3, 8, 9, 10, 16, 17, 24] },
];

/// The scalar terms, in table order after the patterns.
pub const SCALARS: [&str; 4] = ["mobility", "potential_mobility", "parity", "constant"];
/// Scalar weights of an unfitted evaluation (centidiscs per unit).
pub const DEFAULT_SCALARS: [i16; 4] = [60, 20, 0, 0];

/// Weights of one class's table: `3^len`.
pub fn class_size(class: usize) -> usize {
    3usize.pow(CLASSES[class].squares.len() as u32)
}

/// Where a class's table starts within a stage; `class_offset(CLASSES.len())` is where the scalars
/// start.
pub fn class_offset(class: usize) -> usize {
    (0..class).map(class_size).sum()
}

/// Weights per stage: every class's table and the scalars.
pub fn stage_size() -> usize {
    class_offset(CLASSES.len()) + SCALARS.len()
}

/// The image of `square` under symmetry `symmetry` (0..8; 0 is the identity).
pub const fn transform(symmetry: usize, square: u8) -> u8 {
    let (row, column) = (square / 8, square % 8);
    let (row, column) = if symmetry & 4 != 0 { (column, row) } else { (row, column) };
    let row = if symmetry & 2 != 0 { 7 - row } else { row };
    let column = if symmetry & 1 != 0 { 7 - column } else { column };
    row * 8 + column
}

/// The instances of a class: its distinct images (as square sets) under the 8 symmetries, each in
/// the order of the base squares.
pub fn instances(class: usize) -> Vec<Vec<u8>> {
    let base = CLASSES[class].squares;
    let mut found: Vec<Vec<u8>> = Vec::new();
    for symmetry in 0..8 {
        let image: Vec<u8> = base.iter().map(|&square| transform(symmetry, square)).collect();
        let set = |squares: &[u8]| squares.iter().fold(0u64, |set, &square| set | 1 << square);
        if !found.iter().any(|known| set(known) == set(&image)) {
            found.push(image);
        }
    }
    found
}

/// Every instance of every class, as `(class, squares)`, in class order.
pub fn all_instances() -> Vec<(usize, Vec<u8>)> {
    (0..CLASSES.len()).flat_map(|class| instances(class).into_iter().map(move |i| (class, i))).collect()
}

/// For a class whose square set some symmetry maps onto itself: the digit permutation that symmetry
/// makes (`squares[i]` goes to `squares[permutation[i]]`). `None` for a class without one.
pub fn self_symmetry(class: usize) -> Option<Vec<usize>> {
    let base = CLASSES[class].squares;
    (1..8).find_map(|symmetry| {
        base.iter()
            .map(|&square| base.iter().position(|&other| other == transform(symmetry, square)))
            .collect::<Option<Vec<usize>>>()
    })
}

/// The index of `squares` on a board, from the side to move (`player`) against `opponent`.
pub fn pattern_index(player: u64, opponent: u64, squares: &[u8]) -> usize {
    squares.iter().fold(0, |index, &square| {
        index * 3 + ((player >> square) & 1) as usize + 2 * ((opponent >> square) & 1) as usize
    })
}

/// The smaller of `index` and its image under the class's self-symmetry: the one weight the two
/// share, as the fitting tool sees it.
pub fn canonical_index(class: usize, index: usize) -> usize {
    let Some(permutation) = self_symmetry(class) else { return index };
    index.min(permute(index, &permutation))
}

/// `index` with its digits moved by `permutation` (digit `i` to digit `permutation[i]`).
fn permute(index: usize, permutation: &[usize]) -> usize {
    let len = permutation.len();
    let mut digits = vec![0; len];
    let mut rest = index;
    for i in (0..len).rev() {
        digits[permutation[i]] = rest % 3;
        rest /= 3;
    }
    digits.iter().fold(0, |index, &digit| index * 3 + digit)
}

/// Legal moves of `player` against `opponent` (a plain shift generator, the engine's own is
/// checked against it).
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let inner = opponent & 0x7E7E_7E7E_7E7E_7E7E;
    let mut moves = 0;
    for (shift, mask) in [(1, inner), (8, opponent), (7, inner), (9, inner)] {
        let mut up = mask & (player << shift);
        let mut down = mask & (player >> shift);
        for _ in 0..5 {
            up |= mask & (up << shift);
            down |= mask & (down >> shift);
        }
        moves |= empty & ((up << shift) | (down >> shift));
    }
    moves
}

/// The squares next to any square of `set`.
pub fn neighbours(set: u64) -> u64 {
    let not_a = 0xFEFE_FEFE_FEFE_FEFE; // a square that is not on column a
    let not_h = 0x7F7F_7F7F_7F7F_7F7F;
    let east = (set << 1) & not_a;
    let west = (set >> 1) & not_h;
    let row = set | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// The scalar features of a position, in [`SCALARS`] order.
pub fn scalar_features(player: u64, opponent: u64) -> [i32; 4] {
    let empty = !(player | opponent);
    let mobility =
        legal_moves(player, opponent).count_ones() as i32 - legal_moves(opponent, player).count_ones() as i32;
    let potential =
        (neighbours(opponent) & empty).count_ones() as i32 - (neighbours(player) & empty).count_ones() as i32;
    [mobility, potential, (empty.count_ones() & 1) as i32, 1]
}

/// The evaluation's weights, stage by stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Game stages (a divisor of [`EMPTIES`], see [`stage`]).
    pub stages: usize,
    /// `stages * stage_size()` weights in centidiscs.
    pub values: Vec<i16>,
}

impl Weights {
    /// No pattern knowledge: zero pattern weights, [`DEFAULT_SCALARS`], in `stages` stages.
    ///
    /// # Panics
    /// If `stages` does not divide [`EMPTIES`].
    pub fn unfitted(stages: usize) -> Weights {
        assert!(valid_stages(stages), "{stages} stages do not split {EMPTIES} empties evenly");
        let mut values = vec![0; stages * stage_size()];
        for stage in 0..stages {
            let base = stage * stage_size() + class_offset(CLASSES.len());
            values[base..base + SCALARS.len()].copy_from_slice(&DEFAULT_SCALARS);
        }
        Weights { stages, values }
    }

    /// The stage of a position with `empties` empty squares.
    pub fn stage(&self, empties: u32) -> usize {
        stage(self.stages, empties)
    }

    /// The same evaluation in `stages` stages: each new stage takes the weights of the old stage
    /// holding its middle empties (with more stages than before, the one stage covering it).
    pub fn restaged(&self, stages: usize) -> Weights {
        let mut weights = Weights::unfitted(stages);
        let size = stage_size();
        for new in 0..stages {
            let (low, high) = stage_empties(stages, new);
            let old = self.stage((low + high) / 2);
            weights.values[new * size..(new + 1) * size]
                .copy_from_slice(&self.values[old * size..(old + 1) * size]);
        }
        weights
    }

    /// The reference evaluation in centidiscs, from the side to move (`player`), unclamped.
    pub fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        let empties = (!(player | opponent)).count_ones();
        let base = self.stage(empties) * stage_size();
        let mut sum = 0;
        for (class, squares) in all_instances() {
            let index = pattern_index(player, opponent, &squares);
            sum += i32::from(self.values[base + class_offset(class) + index]);
        }
        let scalars = base + class_offset(CLASSES.len());
        for (i, feature) in scalar_features(player, opponent).iter().enumerate() {
            sum += feature * i32::from(self.values[scalars + i]);
        }
        sum
    }
}

/// Parses a data file's bytes.
pub fn parse(bytes: &[u8]) -> Result<Weights, String> {
    let header = MAGIC.len() + 8;
    if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not an Othello evaluation file (bad magic)".into());
    }
    let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (stages, size) = (word(8) as usize, word(12) as usize);
    if !valid_stages(stages) {
        return Err(format!("the file has {stages} stages, which do not split {EMPTIES} empties evenly"));
    }
    if size != stage_size() {
        return Err(format!("the file has stages of {size} weights, the evaluation {}", stage_size()));
    }
    let total_size = stages * size;
    let mut values = Vec::with_capacity(total_size);
    let mut at = header;
    while at < bytes.len() {
        if at + 2 > bytes.len() {
            return Err(format!("truncated weight at byte {at}"));
        }
        let value = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        at += 2;
        if value == ZERO_RUN {
            if at + 4 > bytes.len() {
                return Err(format!("truncated run of zeros at byte {at}"));
            }
            values.resize(values.len() + word(at) as usize, 0);
            at += 4;
        } else {
            values.push(value);
        }
        if values.len() > total_size {
            return Err(format!("more than {total_size} weights"));
        }
    }
    if values.len() != total_size {
        return Err(format!("{} weights, expected {total_size}", values.len()));
    }
    Ok(Weights { stages, values })
}

/// Reads a data file; the message of an error names the file.
pub fn load(path: &str) -> Result<Weights, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    parse(&bytes).map_err(|error| format!("{path}: {error}"))
}

/// The canonical bytes of a data file (weights of `i16::MIN` are written as `-32767`).
pub fn write(weights: &Weights) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&(weights.stages as u32).to_le_bytes());
    bytes.extend_from_slice(&(stage_size() as u32).to_le_bytes());
    let values = &weights.values;
    let mut at = 0;
    while at < values.len() {
        let run = values[at..].iter().take_while(|&&value| value == 0).count();
        if run >= 3 {
            bytes.extend_from_slice(&ZERO_RUN.to_le_bytes());
            bytes.extend_from_slice(&(run as u32).to_le_bytes());
            at += run;
        } else {
            bytes.extend_from_slice(&values[at].max(-i16::MAX).to_le_bytes());
            at += 1;
        }
    }
    bytes
}

/// The weights as the engine reads them: `i16` little-endian, stage by stage (the blob
/// `engine/build.rs` writes to `OUT_DIR/othello_eval.bin`).
pub fn blob(weights: &Weights) -> Vec<u8> {
    weights.values.iter().flat_map(|value| value.to_le_bytes()).collect()
}

/// File name of the blob in `OUT_DIR`.
pub const BLOB_NAME: &str = "othello_eval.bin";

/// The Rust source the engine includes for `weights`: the layout (its stages from the data file), a
/// straight-line function computing every instance's index (offset within a stage) and the blob's
/// `include_bytes!`.
pub fn emit(weights: &Weights) -> String {
    let mut out = String::from(
        "// @generated by tablegen from engine/data/othello_eval.bin: do not edit;\n\
         // run `cargo run -p tablegen -- othello-eval` to see it.\n\n",
    );
    let instances = all_instances();
    let _ = writeln!(
        out,
        "/// Game stages, each with its own weights (from the data file).\npub const STAGES: usize = {};",
        weights.stages
    );
    let _ = writeln!(
        out,
        "/// Empty squares per stage.\npub const EMPTIES_PER_STAGE: u32 = {};",
        empties_per_stage(weights.stages)
    );
    let _ = writeln!(out, "/// Weights per stage.\npub const STAGE_SIZE: usize = {};", stage_size());
    let _ = writeln!(
        out,
        "/// Where the scalar weights ({}) start within a stage.\npub const SCALAR_OFFSET: usize = {};",
        SCALARS.join(", "),
        class_offset(CLASSES.len())
    );
    let _ = writeln!(out, "/// Pattern instances.\npub const INSTANCES: usize = {};", instances.len());
    for (class, pattern) in CLASSES.iter().enumerate() {
        let _ = writeln!(
            out,
            "/// Offset of the {} table ({} weights).\npub const {}_OFFSET: usize = {};",
            pattern.name,
            class_size(class),
            pattern.name,
            class_offset(class)
        );
    }
    out.push_str(
        "\n/// The index of every pattern instance within a stage's weights (class offset plus the\n\
         /// base-3 index: 0 empty, 1 `player`, 2 `opponent`, first square most significant).\n\
         #[inline(always)]\n\
         pub fn pattern_indices(player: u64, opponent: u64) -> [u32; INSTANCES] {\n\
         \x20   #[inline(always)]\n\
         \x20   fn cell(player: u64, opponent: u64, square: u32) -> u32 {\n\
         \x20       ((player >> square) as u32 & 1) + 2 * ((opponent >> square) as u32 & 1)\n\
         \x20   }\n\
         \x20   let (p, o) = (player, opponent);\n\
         \x20   [\n",
    );
    for (class, squares) in &instances {
        let len = squares.len() as u32;
        let terms: Vec<String> = squares
            .iter()
            .enumerate()
            .map(|(i, square)| match 3u32.pow(len - 1 - i as u32) {
                1 => format!("cell(p, o, {square})"),
                power => format!("{power} * cell(p, o, {square})"),
            })
            .collect();
        let _ = writeln!(out, "        {}_OFFSET as u32 + {},", CLASSES[*class].name, terms.join(" + "));
    }
    out.push_str("    ]\n}\n\n");
    out.push_str(
        "/// Every pattern instance's squares (`8 * row + column`), first square most significant, in\n\
         /// the order of [`pattern_indices`]: data for index code that gathers several squares at once.\n",
    );
    let _ = writeln!(out, "pub const INSTANCE_SQUARES: [&[u8]; INSTANCES] = [");
    for (_, squares) in &instances {
        let list: Vec<String> = squares.iter().map(u8::to_string).collect();
        let _ = writeln!(out, "    &[{}],", list.join(", "));
    }
    out.push_str("];\n\n/// Every pattern instance's class offset within a stage's weights.\n");
    let offsets: Vec<String> =
        instances.iter().map(|(class, _)| format!("{}_OFFSET as u32", CLASSES[*class].name)).collect();
    let _ = writeln!(
        out,
        "pub const INSTANCE_OFFSETS: [u32; INSTANCES] = [\n    {},\n];\n",
        offsets.join(",\n    ")
    );
    let _ = writeln!(
        out,
        "/// The weights: `i16` little-endian, `STAGES * STAGE_SIZE` of them.\n\
         pub static WEIGHTS: &[u8; {}] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{BLOB_NAME}\"));",
        2 * weights.values.len()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_has_the_expected_instances() {
        let counts: Vec<usize> = (0..CLASSES.len()).map(|class| instances(class).len()).collect();
        assert_eq!(counts, [4, 8, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 4]);
        assert_eq!(all_instances().len(), 54);
        // The 2x5 corner is the only class without a self-symmetry.
        assert!(self_symmetry(1).is_none());
        assert!((0..CLASSES.len()).filter(|&class| class != 1).all(|class| self_symmetry(class).is_some()));
    }

    #[test]
    fn canonical_indices_pair_mirror_images() {
        // The edge with the own disc on B2 only and the one with it on G2 only are the same pattern.
        let (b2, g2) = (3usize.pow(9), 1);
        assert_eq!(canonical_index(2, b2), canonical_index(2, g2));
        for index in [0, 5, 123, 4000, 19_682] {
            let permutation = self_symmetry(0).unwrap();
            assert_eq!(permute(permute(index, &permutation), &permutation), index);
        }
    }

    #[test]
    fn data_files_round_trip() {
        let mut weights = Weights::unfitted(DEFAULT_STAGES);
        assert_eq!(parse(&write(&weights)).unwrap(), weights);
        for (i, value) in weights.values.iter_mut().enumerate().step_by(97) {
            *value = (i % 601) as i16 - 300;
        }
        weights.values[5] = i16::MIN + 1;
        let bytes = write(&weights);
        assert_eq!(parse(&bytes).unwrap(), weights);
        assert_eq!(write(&parse(&bytes).unwrap()), bytes);
        assert!(parse(&bytes[..bytes.len() - 1]).is_err());
        assert!(parse(b"TKOEVAL0").is_err());
        // Any divisor of 60 stages; 7 stages would not split the empties evenly.
        let fine = weights.restaged(30);
        assert_eq!(parse(&write(&fine)).unwrap(), fine);
        let mut odd = write(&fine);
        odd[8..12].copy_from_slice(&7u32.to_le_bytes());
        assert!(parse(&odd).is_err());
    }

    #[test]
    fn stages_split_the_empties_evenly() {
        assert_eq!((stage(12, 0), stage(12, 1), stage(12, 5), stage(12, 6), stage(12, 60)), (0, 0, 0, 1, 11));
        assert_eq!((stage(60, 1), stage(60, 60), stage(30, 22), stage(30, 23)), (0, 59, 10, 11));
        assert_eq!(stage_empties(30, 10), (21, 22));
        for stages in [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60] {
            assert!(valid_stages(stages));
            for s in 0..stages {
                let (low, high) = stage_empties(stages, s);
                assert!((low..=high).all(|empties| stage(stages, empties) == s));
            }
        }
        // Restaging to finer stages keeps every position's evaluation.
        let mut weights = Weights::unfitted(12);
        for (i, value) in weights.values.iter_mut().enumerate() {
            *value = (i % 201) as i16 - 100;
        }
        let fine = weights.restaged(60);
        let (player, opponent) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        assert_eq!(fine.evaluate(player, opponent), weights.evaluate(player, opponent));
        assert_eq!(fine.restaged(12), weights);
    }

    #[test]
    fn legal_moves_of_the_start() {
        let (black, white) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        // d3 c4 f5 e6.
        assert_eq!(legal_moves(black, white), 1 << 19 | 1 << 26 | 1 << 37 | 1 << 44);
    }
}
