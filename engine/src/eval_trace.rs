//! What the chess and xiangqi evaluation traces share: unpacked middlegame/endgame values and the
//! table their `Display` prints (Stockfish's classical `eval` layout: a row per term with each
//! side's middlegame and endgame values and their difference, then phase, tempo and final score).
//!
//! Each game keeps its own trace type, whose fields are typed and named by the game (its colours,
//! piece kinds and terms, `white` or `red`); it lends its numbers to a `Breakdown`, which adds
//! them up and prints them, so the two `eval` commands read alike and sum alike.

use core::fmt;

/// A middlegame and an endgame value, unpacked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MgEg {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl MgEg {
    pub(crate) fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }

    pub(crate) fn minus(self, other: MgEg) -> MgEg {
        MgEg { mg: self.mg - other.mg, eg: self.eg - other.eg }
    }
}

/// Centipawns written as pawns with two decimals and a sign (`+0.25`, `-1.00`), padded as asked.
pub(crate) struct Pawns(pub(crate) i32);

impl fmt::Display for Pawns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Longest text: sign, eight digits (`i32::MIN` is 21474836.48 pawns), point, two digits.
        let mut buffer = [0u8; 12];
        let mut len = 0;
        let mut push = |byte: u8| {
            buffer[len] = byte;
            len += 1;
        };
        push(if self.0 < 0 { b'-' } else { b'+' });
        let magnitude = self.0.unsigned_abs();
        let whole = magnitude / 100;
        let mut digits = [0u8; 8];
        let mut count = 0;
        let mut rest = whole;
        loop {
            digits[count] = b'0' + (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &digit in digits[..count].iter().rev() {
            push(digit);
        }
        push(b'.');
        push(b'0' + (magnitude % 100 / 10) as u8);
        push(b'0' + (magnitude % 10) as u8);
        f.pad(core::str::from_utf8(&buffer[..len]).unwrap_or("?"))
    }
}

/// One evaluation as the trace table shows it, borrowed from a game's trace: each side's material,
/// table bonuses per piece kind and other terms with the rows' names, and the numbers under the
/// table, from the first colour's point of view where they have one.
pub(crate) struct Breakdown<'a> {
    /// The colours as column titles, first mover first (`["White", "Black"]`).
    pub(crate) titles: [&'static str; 2],
    /// The colours as the footer names them (`["white", "black"]`).
    pub(crate) names: [&'static str; 2],
    /// Material of each side.
    pub(crate) material: [MgEg; 2],
    /// Names of the piece kinds, in the order of `psqt`.
    pub(crate) kind_names: &'a [&'static str],
    /// Piece-square bonuses of each side by piece kind.
    pub(crate) psqt: [&'a [MgEg]; 2],
    /// Names of the other terms, in the order of `terms`.
    pub(crate) term_names: &'a [&'static str],
    /// The other terms of each side.
    pub(crate) terms: [&'a [MgEg]; 2],
    /// Middlegame weight, 0 to `phase_max`.
    pub(crate) phase: i32,
    /// The game's full middlegame weight.
    pub(crate) phase_max: i32,
    /// The endgame factor applied before tapering, as a fraction `(factor, normal)`; printed only
    /// when the two differ.
    pub(crate) endgame_scale: (i32, i32),
    /// Every term tapered by `phase`, before the tempo bonus.
    pub(crate) tapered: i32,
    /// The side to move's bonus.
    pub(crate) tempo: i32,
    /// Index of the side to move.
    pub(crate) side_to_move: usize,
    /// The final score.
    pub(crate) final_score: i32,
}

impl Breakdown<'_> {
    /// Every term of the side `side` (its colour index) summed.
    pub(crate) fn side_total(&self, side: usize) -> MgEg {
        let mut total = self.material[side];
        for value in self.psqt[side].iter().chain(self.terms[side]) {
            total.add(value.mg, value.eg);
        }
        total
    }

    /// Width of the name column: the longest row name.
    fn name_width(&self) -> usize {
        let names = self.kind_names.iter().chain(self.term_names).chain(&["Material", "Total"]);
        names.map(|name| name.len()).max().unwrap_or(0)
    }

    /// A line across the table.
    fn rule(f: &mut fmt::Formatter<'_>, width: usize) -> fmt::Result {
        let dashes = width + 1;
        writeln!(f, "{:-<dashes$}+---------------+---------------+---------------", "")
    }

    /// One row: each side's value from its own point of view, and the first side's lead.
    fn row(f: &mut fmt::Formatter<'_>, width: usize, name: &str, sides: [MgEg; 2]) -> fmt::Result {
        let [first, second] = sides;
        let total = first.minus(second);
        writeln!(
            f,
            "{name:>width$} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
            Pawns(first.mg),
            Pawns(first.eg),
            Pawns(second.mg),
            Pawns(second.eg),
            Pawns(total.mg),
            Pawns(total.eg),
        )
    }
}

impl fmt::Display for Breakdown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.name_width();
        let [first, second] = self.titles;
        writeln!(f, "{:>width$} |{first:^15}|{second:^15}|     Total", "Term")?;
        writeln!(f, "{:>width$} |   MG     EG   |   MG     EG   |   MG     EG", "")?;
        Self::rule(f, width)?;
        Self::row(f, width, "Material", self.material)?;
        for (kind, name) in self.kind_names.iter().enumerate() {
            Self::row(f, width, name, [self.psqt[0][kind], self.psqt[1][kind]])?;
        }
        for (term, name) in self.term_names.iter().enumerate() {
            Self::row(f, width, name, [self.terms[0][term], self.terms[1][term]])?;
        }
        Self::rule(f, width)?;
        Self::row(f, width, "Total", [self.side_total(0), self.side_total(1)])?;
        let side = self.names[0];
        writeln!(f)?;
        let (scale, normal) = self.endgame_scale;
        if scale != normal {
            writeln!(f, "Endgame scale: {scale}/{normal} (the stronger side's winning chances)")?;
        }
        writeln!(
            f,
            "Phase: {}/{} (middlegame weight), tapered: {} ({side} side)",
            self.phase,
            self.phase_max,
            Pawns(self.tapered)
        )?;
        let mover = self.names[self.side_to_move];
        writeln!(f, "Tempo: {} (side to move: {mover})", Pawns(self.tempo))?;
        writeln!(f, "Classical evaluation: {} ({side} side)", Pawns(self.final_score))
    }
}
