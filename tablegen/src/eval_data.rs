//! The text format of an evaluation's weights, shared by chess ([`crate::chess_eval`]) and xiangqi
//! ([`crate::xiangqi_eval`]): one parser, writer and emitter, so that the two data files, their
//! error messages and the source the engine compiles from them cannot drift apart. What differs
//! between the games is an [`EvalGame`]: the [`Layout`] of the board and pieces, and the
//! [`DataFile`].
//!
//! The writer produces one canonical layout, and `write(parse(text)) == text` for a file in that
//! layout (the committed files are), so a tuned copy differs from the original only where the
//! numbers do.

use std::fmt::{self, Write};
use std::marker::PhantomData;

mod model;
mod source;

pub use model::{DataFile, Entry, EvalData, EvalGame, Item, Layout, Pair, ParseError, Value, VALUE_LIMIT};
pub use source::emit;

fn error<T>(line: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError { line, message: message.into() })
}

/// Reads a data file; on a problem the message names the file and line.
pub fn load<G: EvalGame>(path: &str) -> Result<EvalData<G>, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    parse(&text).map_err(|error| format!("{path}:{}: {}", error.line, error.message))
}

/// Parses the data file's text and checks it (names, array lengths, value ranges, every table
/// present once, every item documented).
pub fn parse<G: EvalGame>(text: &str) -> Result<EvalData<G>, ParseError> {
    let mut entries = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    // The item being read: its first line, header words and continuation words.
    let mut pending: Option<(usize, Vec<String>, Vec<String>)> = None;
    let finish = |pending: &mut Option<(usize, Vec<String>, Vec<String>)>,
                  entries: &mut Vec<Entry>|
     -> Result<(), ParseError> {
        if let Some((line, header, doc)) = pending.take() {
            entries.push(Entry::Item(parse_item(&G::LAYOUT, line, &header, doc)?));
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
    let data = EvalData { entries, game: PhantomData };
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

fn parse_item(layout: &Layout, line: usize, words: &[String], doc: Vec<String>) -> Result<Item, ParseError> {
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
    let (files, ranks, squares) = (layout.files, layout.ranks, layout.squares());
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
            let kinds = layout.kinds.len();
            if rest.len() != kinds {
                let order = layout.material_order();
                return error(line, format!("material needs {kinds} values, {order}, found {}", rest.len()));
            }
            let pairs = rest.iter().map(|word| parse_pair(line, word)).collect::<Result<Vec<_>, _>>()?;
            ("MATERIAL".to_string(), Value::Material(pairs))
        }
        "table" => {
            let (name, length, values) = named(rest)?;
            if length.is_some() {
                return error(line, format!("a table has no length: it is always {ranks} rows of {files}"));
            }
            if values.len() != squares {
                return error(
                    line,
                    format!(
                        "table {name} needs {squares} values ({ranks} rows of {files}), found {}",
                        values.len()
                    ),
                );
            }
            let cells = values.iter().map(|word| parse_int(line, word)).collect::<Result<Box<[_]>, _>>()?;
            (name, Value::Table(cells))
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
            Value::WeightArray(pairs) | Value::Material(pairs) => pairs.iter().any(pair_bad),
            Value::Table(cells) => cells.iter().copied().any(bad),
        };
        out_of_range.then(|| format!("{}: a tuned value beyond ±{VALUE_LIMIT}", self.name))
    }
}

impl<G: EvalGame> EvalData<G> {
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
                let known = G::LAYOUT
                    .kinds
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
        for kind in G::LAYOUT.kinds {
            for half in ["MG", "EG"] {
                if !matches!(self.item(&format!("{kind}_{half}")), Some(Item { value: Value::Table(_), .. }))
                {
                    return error(0, format!("table {kind}_{half} is missing"));
                }
            }
        }
        Ok(())
    }

    fn table(&self, name: &str) -> &[i32] {
        match self.item(name) {
            Some(Item { value: Value::Table(cells), .. }) => cells,
            _ => unreachable!("parse checks that every table is there"),
        }
    }

    /// Every tuned value, in the order of the game's module documentation: material, the tables
    /// kind by kind in the engine's square order, then every `weight`.
    pub fn params(&self) -> Vec<Pair> {
        let mut params = Vec::new();
        for item in self.items() {
            if let Value::Material(pairs) = &item.value {
                params.extend(pairs);
            }
        }
        let layout = &G::LAYOUT;
        for kind in layout.kinds {
            let (mg, eg) = (self.table(&format!("{kind}_MG")), self.table(&format!("{kind}_EG")));
            params.extend((0..layout.squares()).map(|square| {
                let cell = layout.written_cell(square);
                Pair::new(mg[cell], eg[cell])
            }));
        }
        params.extend(self.weights().map(|(_, pair)| pair));
        params
    }

    /// A readable name for every tuned value, in the order of [`EvalData::params`]: `MATERIAL[ROOK]`,
    /// `PSQT[ROOK][c2]`, `MOBILITY_ROOK[6]`.
    pub fn param_names(&self) -> Vec<String> {
        let layout = &G::LAYOUT;
        let mut names: Vec<String> = layout.kinds.iter().map(|kind| format!("MATERIAL[{kind}]")).collect();
        for kind in layout.kinds {
            for square in 0..layout.squares() {
                let file = (b'a' + (square % layout.files) as u8) as char;
                let rank = square / layout.files + layout.first_rank_number;
                names.push(format!("PSQT[{kind}][{file}{rank}]"));
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
        let layout = &G::LAYOUT;
        let squares = layout.squares();
        let (material, psqt) = params.split_at(layout.kinds.len());
        let (psqt, weights) = psqt.split_at(layout.kinds.len() * squares);
        let mut weights = weights.iter();
        for item in self.items_mut() {
            match &mut item.value {
                Value::Material(pairs) => pairs.copy_from_slice(material),
                Value::Table(cells) => {
                    let (kind_name, half) = item.name.rsplit_once('_').expect("a checked table name");
                    let kind = layout
                        .kinds
                        .iter()
                        .position(|&kind| kind == kind_name)
                        .expect("a checked table name");
                    let table = &psqt[kind * squares..(kind + 1) * squares];
                    for (square, pair) in table.iter().enumerate() {
                        cells[layout.written_cell(square)] = if half == "MG" { pair.mg } else { pair.eg };
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
                    write_item(&G::LAYOUT, &mut out, item);
                }
            }
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }
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

fn write_item(layout: &Layout, out: &mut String, item: &Item) {
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
            for row in cells.chunks(layout.files) {
                out.push_str("   ");
                for cell in row {
                    write!(out, "{cell:>5}").unwrap();
                }
                out.push('\n');
            }
        }
    }
}

#[cfg(test)]
mod tests;
