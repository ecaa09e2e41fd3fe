//! The xiangqi evaluation's weights as data: the parser and writer of
//! `engine/data/xiangqi_eval.txt`, and the emitter of the Rust source the engine compiles from it.
//! The same design as [`crate::chess_eval`] (and its [`Pair`] and [`ParseError`]), for a 9 x 10
//! board and seven piece kinds.
//!
//! ```text
//! # Comment lines right above an item document it; a block followed by a blank line is a plain comment.
//! fixed NAME v              an integer the tuner leaves alone (structure rather than a weight)
//! fixed NAME[n] v ...       n of them
//! weight NAME mg,eg         a tuned middlegame/endgame weight
//! weight NAME[n] mg,eg ...  n tuned weights
//! material mg,eg ...        the tuned material values, king to pawn
//! table HORSE_MG            a tuned piece-square table: 10 rows of 9 integers on the next lines,
//!    4 8 16 ...             drawn from red's side (rank 9 first, file a on the left)
//! ```
//!
//! An item may continue on the following lines that start with whitespace. The writer produces one
//! canonical layout, and `write(parse(text)) == text` for a file in that layout (the committed file
//! is), so a tuned copy differs from the original only where the numbers do.
//!
//! # The tuned parameters
//!
//! The tuner sees every tuned number as a middlegame/endgame [`Pair`], in one order shared with the
//! engine's coefficient model (`engine::xiangqi::eval::coefficients`): first the seven material
//! values, king to pawn ([`MATERIAL_PARAMS`]); then the piece-square tables, kind by kind, square by
//! square in the engine's order (a0 = 0, red's view; [`PSQT_PARAMS`]), the middlegame half from the
//! `KIND_MG` table and the endgame half from `KIND_EG`; then every `weight`, in file order, each
//! array element by element. The `weight`s are the engine's `WEIGHTS` array, and a `weight` named
//! `NAME` becomes `Param`/`Params<n>` constants indexing it.

use std::fmt::{self, Write};

pub use crate::chess_eval::{Pair, ParseError};

/// Piece kinds in the engine's order; a table is named `KIND_MG` or `KIND_EG` after one of them.
pub const KINDS: [&str; 7] = ["KING", "ADVISOR", "ELEPHANT", "HORSE", "ROOK", "CANNON", "PAWN"];
/// Files of the board.
const FILES: usize = 9;
/// Ranks of the board.
const RANKS: usize = 10;
/// Squares of the board.
pub const SQUARES: usize = FILES * RANKS;
/// Tuned material values: one per piece kind.
pub const MATERIAL_PARAMS: usize = 7;
/// Tuned piece-square values: one per piece kind and square.
pub const PSQT_PARAMS: usize = 7 * SQUARES;
/// Index of the first `weight` in the tuned-parameter order.
pub const WEIGHTS_BASE: usize = MATERIAL_PARAMS + PSQT_PARAMS;
/// Largest magnitude of a tuned value, as for chess: sums of a position's values stay well within
/// `i16` per half, so the engine may pack them.
pub const VALUE_LIMIT: i32 = crate::chess_eval::VALUE_LIMIT;

/// What an item holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// `fixed NAME v`.
    Fixed(i32),
    /// `fixed NAME[n] v ...`.
    FixedArray(Vec<i32>),
    /// `weight NAME mg,eg`.
    Weight(Pair),
    /// `weight NAME[n] mg,eg ...`.
    WeightArray(Vec<Pair>),
    /// `material mg,eg ...`, king to pawn.
    Material([Pair; 7]),
    /// `table NAME`: 90 cells in written order (rank 9 first, file a first within a rank).
    Table(Box<[i32; SQUARES]>),
}

/// One named item with its documentation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    /// The comment lines right above it, without the leading `# `.
    pub doc: Vec<String>,
    /// The constant's name (`MATERIAL` for the material item).
    pub name: String,
    /// The numbers.
    pub value: Value,
}

/// A plain comment block or an item, in file order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry {
    /// Comment lines followed by a blank line, without the leading `# `.
    Comment(Vec<String>),
    /// A documented item.
    Item(Item),
}

/// The whole data file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EvalData {
    /// Comments and items in file order.
    pub entries: Vec<Entry>,
}

fn error<T>(line: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError { line, message: message.into() })
}

/// Where the engine keeps the committed data file (this crate's path on the machine that built it).
pub const DATA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/xiangqi_eval.txt");

/// Reads a data file; on a problem the message names the file and line.
pub fn load(path: &str) -> Result<EvalData, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    parse(&text).map_err(|error| format!("{path}:{}: {}", error.line, error.message))
}

/// Parses the data file's text and checks it (names, array lengths, value ranges, every table
/// present once, every item documented).
pub fn parse(text: &str) -> Result<EvalData, ParseError> {
    let mut entries = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    // The item being read: its first line, header words and continuation words.
    let mut pending: Option<(usize, Vec<String>, Vec<String>)> = None;
    let finish = |pending: &mut Option<(usize, Vec<String>, Vec<String>)>,
                  entries: &mut Vec<Entry>|
     -> Result<(), ParseError> {
        if let Some((line, header, doc)) = pending.take() {
            entries.push(Entry::Item(parse_item(line, &header, doc)?));
        }
        Ok(())
    };
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim_end();
        if line.trim().is_empty() {
            finish(&mut pending, &mut entries)?;
            if !comments.is_empty() {
                entries.push(Entry::Comment(std::mem::take(&mut comments)));
            }
        } else if let Some(comment) = line.trim_start().strip_prefix('#') {
            finish(&mut pending, &mut entries)?;
            comments.push(comment.strip_prefix(' ').unwrap_or(comment).to_string());
        } else if line.starts_with(char::is_whitespace) {
            match &mut pending {
                Some((_, words, _)) => words.extend(line.split_whitespace().map(String::from)),
                None => return error(number, "a continuation line (it starts with a space) follows no item"),
            }
        } else {
            finish(&mut pending, &mut entries)?;
            let words = line.split_whitespace().map(String::from).collect();
            pending = Some((number, words, std::mem::take(&mut comments)));
        }
    }
    finish(&mut pending, &mut entries)?;
    if !comments.is_empty() {
        entries.push(Entry::Comment(comments));
    }
    let data = EvalData { entries };
    data.check()?;
    Ok(data)
}

fn parse_int(line: usize, word: &str) -> Result<i32, ParseError> {
    word.parse().or_else(|_| error(line, format!("`{word}` is not an integer")))
}

fn parse_pair(line: usize, word: &str) -> Result<Pair, ParseError> {
    let Some((mg, eg)) = word.split_once(',') else {
        return error(line, format!("`{word}` is not a middlegame,endgame pair like `-12,30`"));
    };
    Ok(Pair::new(parse_int(line, mg)?, parse_int(line, eg)?))
}

/// `NAME` or `NAME[n]`.
fn parse_name(line: usize, word: &str) -> Result<(String, Option<usize>), ParseError> {
    let (name, length) = match word.split_once('[') {
        Some((name, rest)) => {
            let Some(length) = rest.strip_suffix(']') else {
                return error(line, format!("`{word}`: an array is written `NAME[length]`"));
            };
            let length = length
                .parse::<usize>()
                .ok()
                .filter(|&length| length > 0)
                .map_or_else(|| error(line, format!("`{word}`: bad array length")), Ok)?;
            (name, Some(length))
        }
        None => (word, None),
    };
    let valid = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if !valid {
        return error(line, format!("`{name}` is not a constant name (A-Z, 0-9 and _)"));
    }
    Ok((name.to_string(), length))
}

fn parse_item(line: usize, words: &[String], doc: Vec<String>) -> Result<Item, ParseError> {
    let keyword = words[0].as_str();
    let rest = &words[1..];
    let named = |rest: &[String]| -> Result<(String, Option<usize>, Vec<String>), ParseError> {
        let Some(first) = rest.first() else {
            return error(line, format!("`{keyword}` needs a name"));
        };
        let (name, length) = parse_name(line, first)?;
        Ok((name, length, rest[1..].to_vec()))
    };
    let count = |length: Option<usize>, values: &[String]| -> Result<(), ParseError> {
        let expected = length.unwrap_or(1);
        if values.len() != expected {
            return error(line, format!("expected {expected} value(s), found {}", values.len()));
        }
        Ok(())
    };
    let (name, value) = match keyword {
        "fixed" => {
            let (name, length, values) = named(rest)?;
            count(length, &values)?;
            let values = values.iter().map(|word| parse_int(line, word)).collect::<Result<Vec<_>, _>>()?;
            (name, if length.is_some() { Value::FixedArray(values) } else { Value::Fixed(values[0]) })
        }
        "weight" => {
            let (name, length, values) = named(rest)?;
            count(length, &values)?;
            let values = values.iter().map(|word| parse_pair(line, word)).collect::<Result<Vec<_>, _>>()?;
            (name, if length.is_some() { Value::WeightArray(values) } else { Value::Weight(values[0]) })
        }
        "material" => {
            if rest.len() != 7 {
                return error(line, format!("material needs 7 values, king to pawn, found {}", rest.len()));
            }
            let mut pairs = [Pair::default(); 7];
            for (pair, word) in pairs.iter_mut().zip(rest) {
                *pair = parse_pair(line, word)?;
            }
            ("MATERIAL".to_string(), Value::Material(pairs))
        }
        "table" => {
            let (name, length, values) = named(rest)?;
            if length.is_some() {
                return error(line, "a table has no length: it is always 10 rows of 9");
            }
            if values.len() != SQUARES {
                return error(
                    line,
                    format!("table {name} needs 90 values (10 rows of 9), found {}", values.len()),
                );
            }
            let mut cells = [0; SQUARES];
            for (cell, word) in cells.iter_mut().zip(&values) {
                *cell = parse_int(line, word)?;
            }
            (name, Value::Table(Box::new(cells)))
        }
        other => {
            return error(line, format!("unknown item `{other}` (fixed, weight, material or table)"));
        }
    };
    if doc.is_empty() {
        return error(line, format!("{name} has no documentation: put a comment line right above it"));
    }
    let item = Item { doc, name, value };
    item.check_ranges().map_or(Ok(item), |message| error(line, message))
}

impl Item {
    /// A message if a tuned value is too large to pack.
    fn check_ranges(&self) -> Option<String> {
        let bad = |value: i32| value.abs() > VALUE_LIMIT;
        let pair_bad = |pair: &Pair| bad(pair.mg) || bad(pair.eg);
        let out_of_range = match &self.value {
            Value::Fixed(_) | Value::FixedArray(_) => false,
            Value::Weight(pair) => pair_bad(pair),
            Value::WeightArray(pairs) => pairs.iter().any(pair_bad),
            Value::Material(pairs) => pairs.iter().any(pair_bad),
            Value::Table(cells) => cells.iter().copied().any(bad),
        };
        out_of_range.then(|| format!("{}: a tuned value beyond ±{VALUE_LIMIT}", self.name))
    }
}

impl EvalData {
    /// Every item, in file order.
    pub fn items(&self) -> impl Iterator<Item = &Item> {
        self.entries.iter().filter_map(|entry| match entry {
            Entry::Item(item) => Some(item),
            Entry::Comment(_) => None,
        })
    }

    fn items_mut(&mut self) -> impl Iterator<Item = &mut Item> {
        self.entries.iter_mut().filter_map(|entry| match entry {
            Entry::Item(item) => Some(item),
            Entry::Comment(_) => None,
        })
    }

    /// The item named `name`.
    pub fn item(&self, name: &str) -> Option<&Item> {
        self.items().find(|item| item.name == name)
    }

    fn check(&self) -> Result<(), ParseError> {
        let mut seen = std::collections::HashSet::new();
        for item in self.items() {
            if !seen.insert(item.name.as_str()) {
                return error(0, format!("{} is defined twice", item.name));
            }
            if let Value::Table(_) = item.value {
                let known = KINDS
                    .iter()
                    .any(|kind| [format!("{kind}_MG"), format!("{kind}_EG")].contains(&item.name));
                if !known {
                    return error(0, format!("table {} is not named KIND_MG or KIND_EG", item.name));
                }
            }
        }
        if !self.items().any(|item| matches!(item.value, Value::Material(_))) {
            return error(0, "no `material` item");
        }
        for kind in KINDS {
            for half in ["MG", "EG"] {
                if !matches!(self.item(&format!("{kind}_{half}")), Some(Item { value: Value::Table(_), .. }))
                {
                    return error(0, format!("table {kind}_{half} is missing"));
                }
            }
        }
        Ok(())
    }

    fn table(&self, name: &str) -> &[i32; SQUARES] {
        match self.item(name) {
            Some(Item { value: Value::Table(cells), .. }) => cells,
            _ => unreachable!("parse checks that every table is there"),
        }
    }

    /// Every tuned value, in the order of the module documentation.
    pub fn params(&self) -> Vec<Pair> {
        let mut params = Vec::new();
        for item in self.items() {
            if let Value::Material(pairs) = &item.value {
                params.extend(pairs);
            }
        }
        for kind in KINDS {
            let (mg, eg) = (self.table(&format!("{kind}_MG")), self.table(&format!("{kind}_EG")));
            params.extend((0..SQUARES).map(|square| {
                let cell = written_cell(square);
                Pair::new(mg[cell], eg[cell])
            }));
        }
        params.extend(self.weights().map(|(_, pair)| pair));
        params
    }

    /// A readable name for every tuned value, in the order of [`EvalData::params`]: `MATERIAL[HORSE]`,
    /// `PSQT[HORSE][c2]`, `MOBILITY_ROOK[6]`.
    pub fn param_names(&self) -> Vec<String> {
        let mut names: Vec<String> = KINDS.iter().map(|kind| format!("MATERIAL[{kind}]")).collect();
        for kind in KINDS {
            for square in 0..SQUARES {
                let file = (b'a' + (square % FILES) as u8) as char;
                names.push(format!("PSQT[{kind}][{file}{}]", square / FILES));
            }
        }
        names.extend(self.weights().map(|(name, _)| name));
        names
    }

    /// Replaces every tuned value by `params` (in the order of [`EvalData::params`]).
    ///
    /// # Panics
    /// If `params` has the wrong length.
    pub fn set_params(&mut self, params: &[Pair]) {
        assert_eq!(params.len(), self.params().len(), "one value per tuned parameter");
        let mut psqt = [[Pair::default(); SQUARES]; 7];
        for (kind, table) in psqt.iter_mut().enumerate() {
            let first = MATERIAL_PARAMS + kind * SQUARES;
            table.copy_from_slice(&params[first..first + SQUARES]);
        }
        let mut weights = params[WEIGHTS_BASE..].iter();
        for item in self.items_mut() {
            match &mut item.value {
                Value::Material(pairs) => pairs.copy_from_slice(&params[..MATERIAL_PARAMS]),
                Value::Table(cells) => {
                    let (kind_name, half) = item.name.rsplit_once('_').expect("a checked table name");
                    let kind =
                        KINDS.iter().position(|&kind| kind == kind_name).expect("a checked table name");
                    for (square, pair) in psqt[kind].iter().enumerate() {
                        cells[written_cell(square)] = if half == "MG" { pair.mg } else { pair.eg };
                    }
                }
                Value::Weight(pair) => *pair = *weights.next().expect("as many values as weights"),
                Value::WeightArray(pairs) => {
                    for pair in pairs {
                        *pair = *weights.next().expect("as many values as weights");
                    }
                }
                Value::Fixed(_) | Value::FixedArray(_) => {}
            }
        }
    }

    /// Every `weight` value with its name (`NAME` or `NAME[i]`), in file order.
    fn weights(&self) -> impl Iterator<Item = (String, Pair)> + '_ {
        self.items().flat_map(|item| -> Vec<(String, Pair)> {
            match &item.value {
                Value::Weight(pair) => vec![(item.name.clone(), *pair)],
                Value::WeightArray(pairs) => pairs
                    .iter()
                    .enumerate()
                    .map(|(index, pair)| (format!("{}[{index}]", item.name), *pair))
                    .collect(),
                _ => Vec::new(),
            }
        })
    }

    /// The data file's text, in the canonical layout.
    pub fn write(&self) -> String {
        let mut out = String::new();
        let comment = |out: &mut String, text: &str| {
            out.push('#');
            if !text.is_empty() {
                out.push(' ');
                out.push_str(text);
            }
            out.push('\n');
        };
        for entry in &self.entries {
            match entry {
                Entry::Comment(lines) => {
                    if !out.is_empty() && !out.ends_with("\n\n") {
                        out.push('\n');
                    }
                    for line in lines {
                        comment(&mut out, line);
                    }
                    out.push('\n');
                }
                Entry::Item(item) => {
                    for line in &item.doc {
                        comment(&mut out, line);
                    }
                    write_item(&mut out, item);
                }
            }
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }
}

/// Index into a table's written cells (rank 9 first) of engine square `square` (a0 = 0).
fn written_cell(square: usize) -> usize {
    (RANKS - 1 - square / FILES) * FILES + square % FILES
}

/// Values per continuation row of a long array.
const ROW_VALUES: usize = 8;

fn write_values<T: fmt::Display>(out: &mut String, values: &[T], width: usize) {
    if values.len() <= ROW_VALUES {
        for value in values {
            write!(out, " {value}").unwrap();
        }
        out.push('\n');
        return;
    }
    out.push('\n');
    for row in values.chunks(ROW_VALUES) {
        out.push_str("  ");
        for value in row {
            write!(out, " {value:>width$}").unwrap();
        }
        out.push('\n');
    }
}

fn write_item(out: &mut String, item: &Item) {
    let name = &item.name;
    match &item.value {
        Value::Fixed(value) => writeln!(out, "fixed {name} {value}").unwrap(),
        Value::FixedArray(values) => {
            write!(out, "fixed {name}[{}]", values.len()).unwrap();
            write_values(out, values, 5);
        }
        Value::Weight(pair) => writeln!(out, "weight {name} {pair}").unwrap(),
        Value::WeightArray(pairs) => {
            write!(out, "weight {name}[{}]", pairs.len()).unwrap();
            write_values(out, pairs, 8);
        }
        Value::Material(pairs) => {
            out.push_str("material");
            write_values(out, pairs, 8);
        }
        Value::Table(cells) => {
            writeln!(out, "table {name}").unwrap();
            for row in cells.chunks(FILES) {
                out.push_str("   ");
                for cell in row {
                    write!(out, "{cell:>5}").unwrap();
                }
                out.push('\n');
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rust source.

fn doc_comment(out: &mut String, lines: &[String], indent: &str) {
    for line in lines {
        if line.is_empty() {
            writeln!(out, "{indent}///").unwrap();
        } else {
            writeln!(out, "{indent}/// {line}").unwrap();
        }
    }
}

fn list<T: fmt::Display>(values: &[T]) -> String {
    values.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// The Rust source of the evaluation's weights, for `include!` in
/// `engine/src/xiangqi/eval/weights.rs` (which defines the `S`, `Param` and `Params` types it names):
///
/// - `MATERIAL_MG`/`MATERIAL_EG: [i32; 7]`, and the fourteen tables as `macros::piece_square_table!`
///   invocations (`PAWN_MG: [[i16; 90]; 2]` and so on), the same macro the hand-written tables
///   used, so the generated source reads as the data file's diagrams;
/// - a `fixed` becomes an `i32` or `[i32; n]` constant;
/// - a `weight` becomes a `Param` or `Params<n>` constant, an index into `WEIGHTS: [S; _]`, which
///   holds every weight's value in file order;
/// - plain comments become `//` comments, documentation becomes doc comments.
pub fn emit(data: &EvalData) -> String {
    let mut out = String::from(
        "// @generated by tablegen from engine/data/xiangqi_eval.txt: do not edit; run\n\
         // `cargo run -p tablegen -- xiangqi-eval` to see it.\n\n",
    );
    let mut weights: Vec<(String, Pair)> = Vec::new();
    for entry in &data.entries {
        match entry {
            Entry::Comment(lines) => {
                for line in lines {
                    if line.is_empty() {
                        out.push_str("//\n");
                    } else {
                        writeln!(out, "// {line}").unwrap();
                    }
                }
                out.push('\n');
            }
            Entry::Item(item) => emit_item(&mut out, item, &mut weights),
        }
    }
    writeln!(
        out,
        "/// Every `weight` of the data file, in file order: the value of a [`Param`] is\n\
         /// `WEIGHTS[param.index()]`.\npub const WEIGHTS: [S; {}] = [",
        weights.len()
    )
    .unwrap();
    for (name, pair) in &weights {
        writeln!(out, "    S::new({}, {}), // {name}", pair.mg, pair.eg).unwrap();
    }
    out.push_str("];\n");
    out
}

fn emit_item(out: &mut String, item: &Item, weights: &mut Vec<(String, Pair)>) {
    let name = &item.name;
    match &item.value {
        Value::Fixed(value) => {
            doc_comment(out, &item.doc, "");
            writeln!(out, "pub const {name}: i32 = {value};\n").unwrap();
        }
        Value::FixedArray(values) => {
            doc_comment(out, &item.doc, "");
            writeln!(out, "pub const {name}: [i32; {}] = [{}];\n", values.len(), list(values)).unwrap();
        }
        Value::Weight(pair) => {
            doc_comment(out, &item.doc, "");
            writeln!(out, "pub const {name}: Param = Param::new({});\n", weights.len()).unwrap();
            weights.push((name.clone(), *pair));
        }
        Value::WeightArray(pairs) => {
            doc_comment(out, &item.doc, "");
            writeln!(out, "pub const {name}: Params<{}> = Params::new({});\n", pairs.len(), weights.len())
                .unwrap();
            weights.extend(pairs.iter().enumerate().map(|(index, pair)| (format!("{name}[{index}]"), *pair)));
        }
        Value::Material(pairs) => {
            for (half, values) in
                [("Middlegame", pairs.map(|pair| pair.mg)), ("Endgame", pairs.map(|pair| pair.eg))]
            {
                doc_comment(out, &item.doc, "");
                writeln!(out, "///\n/// {half} values.").unwrap();
                let suffix = if half == "Middlegame" { "MG" } else { "EG" };
                writeln!(out, "pub const MATERIAL_{suffix}: [i32; 7] = [{}];\n", list(&values)).unwrap();
            }
        }
        Value::Table(cells) => {
            out.push_str("macros::piece_square_table! {\n");
            doc_comment(out, &item.doc, "    ");
            writeln!(out, "    pub const {name}: [[i16; 90]; 2] = [").unwrap();
            for row in cells.chunks(FILES) {
                let cells: Vec<String> = row.iter().map(|cell| format!("{cell:>4}")).collect();
                writeln!(out, "        [{}]", cells.join(" ")).unwrap();
            }
            out.push_str("    ];\n}\n\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimal() -> String {
        let mut text = String::from("# The file.\n\n# Material.\nmaterial 0,0 1,2 3,4 5,6 7,8 9,10 11,12\n");
        for kind in KINDS {
            for half in ["MG", "EG"] {
                writeln!(text, "# {kind} {half}.\ntable {kind}_{half}").unwrap();
                for rank in 0..RANKS {
                    let cells: Vec<String> =
                        (0..FILES).map(|file| format!("{:>5}", rank * FILES + file)).collect();
                    writeln!(text, "   {}", cells.concat()).unwrap();
                }
            }
        }
        text.push_str("# A weight.\nweight W 3,-4\n# An array.\nweight A[2] 1,1 -2,2\n# Fixed.\nfixed F 7\n");
        text
    }

    #[test]
    fn the_committed_file_round_trips_and_emits() {
        let text = std::fs::read_to_string(DATA_PATH).expect("the data file is there");
        let data = parse(&text).unwrap_or_else(|error| panic!("{DATA_PATH}:{error}"));
        assert_eq!(data.write(), text, "the committed file is in the canonical layout");
        let params = data.params();
        assert_eq!(params.len(), data.param_names().len());
        let mut copy = data.clone();
        copy.set_params(&params);
        assert_eq!(copy.write(), text);
        let source = emit(&data);
        assert!(source.contains("pub const WEIGHTS: [S; "), "{source}");
        assert!(source.contains("macros::piece_square_table! {"), "{source}");
    }

    #[test]
    fn the_minimal_file_round_trips_and_lays_out_the_parameters() {
        let text = minimal();
        let data = parse(&text).unwrap();
        assert_eq!(data.write(), text);
        let params = data.params();
        assert_eq!(params.len(), WEIGHTS_BASE + 3);
        assert_eq!(params[1], Pair::new(1, 2));
        // a0 is the first cell of the last written row (81); i9 the last cell of the first row (8).
        assert_eq!(params[MATERIAL_PARAMS], Pair::new(81, 81));
        assert_eq!(params[MATERIAL_PARAMS + 89], Pair::new(8, 8));
        assert_eq!(&params[WEIGHTS_BASE..], [Pair::new(3, -4), Pair::new(1, 1), Pair::new(-2, 2)]);
        let names = data.param_names();
        assert_eq!(names[MATERIAL_PARAMS + 3 * SQUARES + 11], "PSQT[HORSE][c1]");
        assert_eq!(names[WEIGHTS_BASE + 2], "A[1]");
    }

    #[test]
    fn set_params_is_the_inverse_of_params() {
        let mut data = parse(&minimal()).unwrap();
        let mut params = data.params();
        for (index, pair) in params.iter_mut().enumerate() {
            *pair = Pair::new(index as i32, -(index as i32));
        }
        data.set_params(&params);
        assert_eq!(data.params(), params);
        let reread = parse(&data.write()).unwrap();
        assert_eq!(reread.params(), params);
    }

    #[test]
    fn the_emitted_source_names_every_item() {
        let source = emit(&parse(&minimal()).unwrap());
        assert!(source.contains("/// A weight.\npub const W: Param = Param::new(0);"), "{source}");
        assert!(source.contains("pub const A: Params<2> = Params::new(1);"), "{source}");
        assert!(source.contains("pub const F: i32 = 7;"), "{source}");
        assert!(source.contains("pub const MATERIAL_EG: [i32; 7] = [0, 2, 4, 6, 8, 10, 12];"), "{source}");
        assert!(source.contains("    pub const PAWN_EG: [[i16; 90]; 2] = [\n        [   0    1"), "{source}");
        assert!(source.contains("pub const WEIGHTS: [S; 3] = [\n    S::new(3, -4), // W\n"), "{source}");
        assert!(source.contains("// The file.\n"), "{source}");
    }

    #[test]
    fn problems_are_reported_with_their_line() {
        let with = |old: &str, new: &str| parse(&minimal().replacen(old, new, 1)).unwrap_err();
        assert_eq!(
            with("weight W 3,-4", "weight W 3").message,
            "`3` is not a middlegame,endgame pair like `-12,30`"
        );
        assert!(with("material 0,0 ", "material ").message.contains("material needs 7 values"));
        assert!(with("# A weight.\n", "").message.contains("W has no documentation"));
        assert!(with("fixed F 7", "fixed W 7").message.contains("W is defined twice"));
        assert!(with("weight W 3,-4", "weight W 5000,0").message.contains("beyond"));
        assert!(with("table KING_EG", "table KINGS_EG").message.contains("not named KIND_MG"));
        assert!(with("table PAWN_EG", "table PAWN_XG").message.contains("not named KIND_MG"));
        let short_row = with("\n      81", "\n      81   82");
        assert!(short_row.message.contains("needs 90 values (10 rows of 9)"), "{short_row}");
        let error = with("weight W 3,-4", "weight W x,1");
        assert_eq!(error.to_string(), format!("line {}: `x` is not an integer", error.line));
        let text = minimal().replacen("weight W 3,-4", "weight W x,1", 1);
        assert_eq!(text.lines().nth(error.line - 1), Some("weight W x,1"));
        // A bad committed-style file names the file and line through `load`.
        let path = std::env::temp_dir().join(format!("xiangqi_eval_bad_{}.txt", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let message = load(path.to_str().unwrap()).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert!(message.ends_with(&format!(":{}: `x` is not an integer", error.line)), "{message}");
    }
}
