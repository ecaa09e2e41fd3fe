//! `board_mask!`: a set of squares drawn as an 8x8 diagram, expanded to the `u64` bitboard the
//! engine tests squares against. A mask written as hexadecimal says nothing to a reader; drawn,
//! it shows the squares, and the macro checks the drawing's shape.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Error, Ident, LitInt, LitStr, Result, Token};

/// How a diagram's rows and columns map to the engine's bit numbers.
#[derive(Clone, Copy)]
enum Orientation {
    /// As a chess diagram: rank 8 on top, file a on the left; a1 is bit 0, h8 bit 63.
    Chess,
    /// As NBoard shows an Othello board: row 1 on top, column a on the left; a1 is bit 0.
    Othello,
}

impl Orientation {
    /// The bit of the square drawn at `row` (from the top) and `column` (from the left).
    fn bit(self, row: usize, column: usize) -> u32 {
        let rank = match self {
            Orientation::Chess => 7 - row,
            Orientation::Othello => row,
        };
        (rank * 8 + column) as u32
    }
}

/// `board_mask!(GAME, "ROW", ... )`: eight rows of eight cells, `x` for a square in the mask and
/// `.` for one outside it.
pub struct Mask {
    orientation: Orientation,
    rows: Vec<LitStr>,
    call: Span,
}

impl Parse for Mask {
    fn parse(input: ParseStream) -> Result<Self> {
        let game: Ident = input.parse()?;
        let orientation = match game.to_string().as_str() {
            "chess" => Orientation::Chess,
            "othello" => Orientation::Othello,
            _ => return Err(Error::new(game.span(), "board_mask!: the game is `chess` or `othello`")),
        };
        let mut rows = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            rows.push(input.parse::<LitStr>()?);
        }
        Ok(Mask { orientation, rows, call: game.span() })
    }
}

impl Mask {
    pub fn expand(self) -> Result<TokenStream> {
        if self.rows.len() != 8 {
            return Err(Error::new(self.call, format!("board_mask!: 8 rows, not {}", self.rows.len())));
        }
        let mut mask = 0u64;
        for (row, literal) in self.rows.iter().enumerate() {
            let cells: Vec<char> = literal.value().chars().filter(|cell| !cell.is_whitespace()).collect();
            if cells.len() != 8 {
                return Err(Error::new(
                    literal.span(),
                    format!("board_mask!: 8 cells a row, not {}", cells.len()),
                ));
            }
            for (column, cell) in cells.into_iter().enumerate() {
                match cell {
                    'x' | 'X' => mask |= 1 << self.orientation.bit(row, column),
                    '.' => {}
                    other => {
                        return Err(Error::new(
                            literal.span(),
                            format!("board_mask!: a cell is `x` or `.`, not {other:?}"),
                        ))
                    }
                }
            }
        }
        let literal = LitInt::new(&format!("{mask:#018x}_u64"), self.call);
        Ok(quote!(#literal))
    }
}
