//! `piece_square_table!`: parse a table drawn as a board diagram, check it against the declared
//! type, and expand it to a `const` in the engine's square order.
//!
//! The work is split in three steps so that each error is found where it is easiest to explain:
//! [`Table::parse`] only checks the token grammar (rows of integer literals), [`Shape::of`] reads
//! the board size from the declared type, and [`Table::expand`] checks the grid against that size
//! (reporting every bad row at once) before emitting the items.

use proc_macro2::{Delimiter, Group, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::parse::{Parse, ParseStream};
use syn::{
    bracketed, token, Attribute, Error, Expr, ExprLit, Ident, Lit, LitInt, Result, Token, Type, TypeArray,
    Visibility,
};

use crate::board::{Board, CHESS, XIANGQI};

/// Element types a table may hold. Integers only: the engine's scores are integers, and an
/// unsuffixed integer literal is valid for exactly these types.
const INTEGER_TYPES: &[&str] =
    &["i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize"];

/// The whole macro input: `#[attrs] vis const NAME: TYPE = [ rows ];`.
pub(crate) struct Table {
    attrs: Vec<Attribute>,
    vis: Visibility,
    const_token: Token![const],
    ident: Ident,
    colon_token: Token![:],
    ty: Type,
    eq_token: Token![=],
    bracket: token::Bracket,
    rows: Vec<Row>,
    semi_token: Token![;],
}

/// One written row, top row first: `[-50 -40 ...]`.
struct Row {
    bracket: token::Bracket,
    cells: Vec<Cell>,
}

/// One square's value as written: an optional `-` and an unsuffixed integer literal. Kept as
/// tokens, not as a number, so rustc checks the value against the declared element type and
/// reports an out-of-range value at the user's own token.
struct Cell {
    minus: Option<Token![-]>,
    literal: LitInt,
}

impl Parse for Table {
    fn parse(input: ParseStream) -> Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        let const_token = input.parse()?;
        let ident = input.parse()?;
        let colon_token = input.parse()?;
        let ty = input.parse()?;
        let eq_token = input.parse()?;
        let body;
        let bracket = bracketed!(body in input);
        let mut rows = Vec::new();
        while !body.is_empty() {
            rows.push(body.parse()?);
            if !body.is_empty() {
                body.parse::<Option<Token![,]>>()?;
            }
        }
        let semi_token = input.parse()?;
        Ok(Table { attrs, vis, const_token, ident, colon_token, ty, eq_token, bracket, rows, semi_token })
    }
}

impl Parse for Row {
    fn parse(input: ParseStream) -> Result<Self> {
        if !input.peek(token::Bracket) {
            return Err(unexpected(input, "expected a row of cells in brackets, like `[0 5 10 ...]`"));
        }
        let content;
        let bracket = bracketed!(content in input);
        let mut cells = Vec::new();
        while !content.is_empty() {
            cells.push(content.parse()?);
            if !content.is_empty() {
                content.parse::<Option<Token![,]>>()?;
            }
        }
        Ok(Row { bracket, cells })
    }
}

impl Parse for Cell {
    fn parse(input: ParseStream) -> Result<Self> {
        let minus: Option<Token![-]> = input.parse()?;
        // `Lit` would also accept `-1` as one negative literal, so a second `-` is caught here.
        if !input.peek(Lit) || (minus.is_some() && input.peek(Token![-])) {
            let what = if minus.is_some() {
                "expected an integer literal after `-`"
            } else {
                "expected an integer literal"
            };
            return Err(unexpected(input, what));
        }
        let literal = match input.parse::<Lit>()? {
            Lit::Int(literal) => literal,
            Lit::Float(literal) => {
                let sign = if minus.is_some() { "-" } else { "" };
                return Err(Error::new_spanned(
                    quote!(#minus #literal),
                    format!(
                        "expected an integer literal, found float literal `{sign}{literal}`: \
                         table cells are integers"
                    ),
                ));
            }
            other => {
                return Err(Error::new(
                    other.span(),
                    format!(
                        "expected an integer literal, found {} literal `{}`",
                        literal_kind(&other),
                        other.to_token_stream()
                    ),
                ))
            }
        };
        if minus.is_some() && literal.base10_digits().starts_with('-') {
            return Err(Error::new(
                literal.span(),
                "expected an integer literal after `-`, found a negative literal",
            ));
        }
        if !literal.suffix().is_empty() {
            return Err(Error::new(
                literal.span(),
                format!(
                    "remove the suffix `{}`: the element type comes from the declared table type",
                    literal.suffix()
                ),
            ));
        }
        Ok(Cell { minus, literal })
    }
}

/// An error at the next token of `input`, naming that token.
fn unexpected(input: ParseStream, expected: &str) -> Error {
    match input.fork().parse::<TokenTree>() {
        Ok(token) => {
            let found = match &token {
                TokenTree::Ident(ident) => format!("identifier `{ident}`"),
                TokenTree::Punct(punct) => format!("`{}`", punct.as_char()),
                TokenTree::Literal(literal) => format!("`{literal}`"),
                TokenTree::Group(group) => match group.delimiter() {
                    Delimiter::Parenthesis => "a `(...)` group".to_owned(),
                    Delimiter::Brace => "a `{...}` group".to_owned(),
                    Delimiter::Bracket => "a `[...]` group".to_owned(),
                    Delimiter::None => format!("`{}`", group.stream()),
                },
            };
            Error::new(token.span(), format!("{expected}, found {found}"))
        }
        Err(_) => input.error(expected),
    }
}

fn literal_kind(literal: &Lit) -> &'static str {
    match literal {
        Lit::Str(_) => "string",
        Lit::ByteStr(_) => "byte string",
        Lit::Byte(_) => "byte",
        Lit::Char(_) => "character",
        Lit::Bool(_) => "boolean",
        _ => "non-integer",
    }
}

/// What the declared type asks for: which board, and whether both colours are wanted.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    board: Board,
    /// `[[T; N]; 2]` (true) or White's table alone, `[T; N]` (false).
    both_colours: bool,
}

impl Shape {
    /// Read the shape from `[[T; N]; 2]` or `[T; N]`, with `T` an integer type and `N` 64 or 90.
    fn of(ty: &Type) -> Result<Shape> {
        let Some(outer) = as_array(ty) else {
            return Err(Error::new_spanned(
                ty,
                "expected an array type: `[[T; 64]; 2]` (chess) or `[[T; 90]; 2]` (xiangqi), \
                 indexed [colour][square], or `[T; 64]`/`[T; 90]` for White's table alone",
            ));
        };
        let (element, length, both_colours) = match as_array(&outer.elem) {
            Some(inner) => {
                let colours = integer_length(&outer.len)?;
                if colours.base10_parse::<usize>()? != 2 {
                    return Err(Error::new(
                        colours.span(),
                        format!(
                            "expected 2 tables, one per colour (White = 0, Black = 1), found {}",
                            colours.base10_digits()
                        ),
                    ));
                }
                (&*inner.elem, &inner.len, true)
            }
            None => (&*outer.elem, &outer.len, false),
        };
        check_element_type(element)?;
        let length = integer_length(length)?;
        let board = Board::from_squares(length.base10_parse()?).ok_or_else(|| {
            Error::new(
                length.span(),
                format!(
                    "unsupported table length {}: expected {} (chess, {} files by {} ranks) or {} \
                     (xiangqi, {} files by {} ranks)",
                    length.base10_digits(),
                    CHESS.squares(),
                    CHESS.files,
                    CHESS.ranks,
                    XIANGQI.squares(),
                    XIANGQI.files,
                    XIANGQI.ranks,
                ),
            )
        })?;
        Ok(Shape { board, both_colours })
    }
}

/// The array type under any invisible or parenthesised wrapping (as `$t:ty` from a
/// `macro_rules!` hands it over).
fn as_array(ty: &Type) -> Option<&TypeArray> {
    match ty {
        Type::Array(array) => Some(array),
        Type::Group(group) => as_array(&group.elem),
        Type::Paren(paren) => as_array(&paren.elem),
        _ => None,
    }
}

/// An array length written as an integer literal; a named constant cannot be read by a macro.
fn integer_length(length: &Expr) -> Result<&LitInt> {
    match length {
        Expr::Lit(ExprLit { lit: Lit::Int(literal), .. }) => Ok(literal),
        Expr::Group(group) => integer_length(&group.expr),
        Expr::Paren(paren) => integer_length(&paren.expr),
        _ => Err(Error::new_spanned(
            length,
            "expected the array length as an integer literal (the macro reads the board size \
             from it, and cannot evaluate a named constant)",
        )),
    }
}

/// Accept `i16`, `core::primitive::i16`, `::std::primitive::i16` and so on, for every integer
/// primitive.
fn check_element_type(ty: &Type) -> Result<()> {
    let name = match ty {
        Type::Group(group) => return check_element_type(&group.elem),
        Type::Paren(paren) => return check_element_type(&paren.elem),
        Type::Path(path) if path.qself.is_none() => {
            let segments: Vec<String> = path
                .path
                .segments
                .iter()
                .filter(|segment| segment.arguments.is_none())
                .map(|segment| segment.ident.to_string())
                .collect();
            let all_plain = segments.len() == path.path.segments.len();
            match segments.as_slice() {
                [name] if all_plain && path.path.leading_colon.is_none() => Some(name.clone()),
                [krate, module, name]
                    if all_plain && (krate == "core" || krate == "std") && module == "primitive" =>
                {
                    Some(name.clone())
                }
                _ => None,
            }
        }
        _ => None,
    };
    match name {
        Some(name) if INTEGER_TYPES.contains(&name.as_str()) => Ok(()),
        _ => Err(Error::new_spanned(
            ty,
            format!(
                "unsupported element type `{}`: expected an integer primitive ({})",
                ty.to_token_stream(),
                INTEGER_TYPES.join(", ")
            ),
        )),
    }
}

impl Table {
    /// Check the grid against the declared type and emit the `const` plus its mirror check.
    pub(crate) fn expand(self) -> Result<TokenStream> {
        let shape = Shape::of(&self.ty)?;
        self.check_grid(shape.board)?;
        Ok(self.emit(&shape))
    }

    /// Every row count and row length problem, combined into one error so the user sees all
    /// of them in one build.
    fn check_grid(&self, board: Board) -> Result<()> {
        let mut errors: Option<Error> = None;
        let mut report = |error: Error| match &mut errors {
            Some(errors) => errors.combine(error),
            None => errors = Some(error),
        };
        let top = board.rank_label(board.ranks - 1);
        let bottom = board.rank_label(0);
        if self.rows.len() < board.ranks {
            report(Error::new(
                self.bracket.span.join(),
                format!(
                    "expected {} rows for a {} table, one per rank from rank {top} at the top \
                     to rank {bottom} at the bottom, found {}",
                    board.ranks,
                    board.game,
                    self.rows.len()
                ),
            ));
        }
        for (row_index, row) in self.rows.iter().take(board.ranks).enumerate() {
            if row.cells.len() != board.files {
                report(Error::new(
                    row.bracket.span.join(),
                    format!(
                        "rank {} has {} cells, expected {} (files a to {})",
                        board.rank_label(board.rank_of_row(row_index)),
                        row.cells.len(),
                        board.files,
                        board.last_file(),
                    ),
                ));
            }
        }
        if let Some(extra) = self.rows.get(board.ranks) {
            report(Error::new(
                extra.bracket.span.join(),
                format!(
                    "extra row: a {} table has {} rows, rank {top} at the top to rank {bottom} \
                     at the bottom, found {}",
                    board.game,
                    board.ranks,
                    self.rows.len()
                ),
            ));
        }
        errors.map_or(Ok(()), Err)
    }

    fn emit(&self, shape: &Shape) -> TokenStream {
        let board = shape.board;
        let body_span = self.bracket.span.join();
        // White's table in engine order: square (rank, file) was written on row `ranks-1-rank`.
        let white: Vec<&Cell> = (0..board.squares())
            .map(|square| {
                let (rank, file) = (square / board.files, square % board.files);
                &self.rows[board.rank_of_row(rank)].cells[file]
            })
            .collect();
        let white_table = array_of(white.iter().copied(), body_span);
        let value = if shape.both_colours {
            let black = (0..board.squares()).map(|square| white[board.mirror(square)]);
            let black_table = array_of(black, body_span);
            let mut pair = TokenStream::new();
            pair.extend(white_table);
            pair.extend([TokenTree::Punct(Punct::new(',', Spacing::Alone))]);
            pair.extend(black_table);
            TokenStream::from(TokenTree::Group(spanned_group(pair, body_span)))
        } else {
            white_table
        };

        let Table { attrs, vis, const_token, ident, colon_token, ty, eq_token, semi_token, .. } = self;
        let mut output = quote! {
            #(#attrs)*
            #vis #const_token #ident #colon_token #ty #eq_token #value #semi_token
        };
        if shape.both_colours {
            output.extend(mirror_check(self, board));
        }
        output
    }
}

/// `const _: () = { assert!(NAME[1][sq] == NAME[0][mirror(sq)], ...); ... };`, one assertion per
/// square, proving at compile time that Black's table is White's mirrored vertically.
///
/// The macro builds both colours from the same cells, so today this cannot fail; it guards the
/// invariant against a future change to the macro, or a table pasted from `cargo expand` output
/// and edited by hand, either of which would otherwise make the two colours evaluate the same
/// position differently without any test noticing.
///
/// The assertions are unrolled rather than looped on purpose: a loop needs `let` bindings, and a
/// binding is a compile error wherever a constant of the same name is in scope at the call site
/// (hygiene does not cover items), so an unrolled check is the one that works everywhere.
fn mirror_check(table: &Table, board: Board) -> TokenStream {
    let span = Span::mixed_site();
    let name = &table.ident;
    // A `#[cfg(...)]` that removes the table must remove its check too.
    let cfgs = table.attrs.iter().filter(|attr| attr.path().is_ident("cfg"));
    let assertions = (0..board.squares()).map(|square| {
        let mirror = board.mirror(square);
        let message = format!(
            "piece_square_table!: Black's {} in `{name}` must equal White's {}",
            board.square_name(square),
            board.square_name(mirror),
        );
        let square = Literal::usize_unsuffixed(square);
        let mirror = Literal::usize_unsuffixed(mirror);
        quote_spanned! {span=>
            ::core::assert!(#name[1][#square] == #name[0][#mirror], #message);
        }
    });
    quote_spanned! {span=>
        #(#cfgs)*
        const _: () = {
            #(#assertions)*
        };
    }
}

/// `[cell, cell, ...]` with the cells keeping their source spans.
fn array_of<'a>(cells: impl Iterator<Item = &'a Cell>, span: Span) -> TokenStream {
    let mut stream = TokenStream::new();
    for cell in cells {
        cell.minus.to_tokens(&mut stream);
        cell.literal.to_tokens(&mut stream);
        stream.extend([TokenTree::Punct(Punct::new(',', Spacing::Alone))]);
    }
    TokenStream::from(TokenTree::Group(spanned_group(stream, span)))
}

fn spanned_group(stream: TokenStream, span: Span) -> Group {
    let mut group = Group::new(Delimiter::Bracket, stream);
    group.set_span(span);
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(ty: &str) -> Result<Shape> {
        Shape::of(&syn::parse_str(ty).expect("a type"))
    }

    fn expand(input: &str) -> Result<String> {
        syn::parse_str::<Table>(input)?.expand().map(|tokens| tokens.to_string())
    }

    fn message(result: Result<impl std::fmt::Debug>) -> String {
        result.expect_err("an error").to_string()
    }

    #[test]
    fn shape_reads_board_and_colours_from_the_type() {
        assert_eq!(shape("[[i16; 64]; 2]").unwrap(), Shape { board: CHESS, both_colours: true });
        assert_eq!(shape("[[u8; 90]; 2]").unwrap(), Shape { board: XIANGQI, both_colours: true });
        assert_eq!(shape("[core::primitive::i32; 64]").unwrap(), Shape { board: CHESS, both_colours: false });
    }

    #[test]
    fn shape_rejects_what_it_cannot_lay_out() {
        assert!(message(shape("[[f32; 64]; 2]")).starts_with("unsupported element type `f32`"));
        assert!(message(shape("[[i16; 63]; 2]")).starts_with("unsupported table length 63"));
        assert!(message(shape("[[i16; 64]; 3]")).starts_with("expected 2 tables"));
        assert!(message(shape("[[i16; SQUARES]; 2]")).starts_with("expected the array length"));
        assert!(message(shape("Vec<i16>")).starts_with("expected an array type"));
        assert!(message(shape("[[foo::i16; 64]; 2]")).starts_with("unsupported element type"));
    }

    #[test]
    fn expansion_puts_the_bottom_row_first_and_mirrors_black() {
        // A single-colour table is the plain reordering; spot-check the ends of the stream.
        let rows: String = (0..8)
            .map(|row| {
                let cells: Vec<String> = (0..8).map(|file| (row * 8 + file).to_string()).collect();
                format!("[{}]", cells.join(" "))
            })
            .collect();
        let white = expand(&format!("const T: [u8; 64] = [{rows}];")).unwrap();
        // Written row 7 (rank 1) holds 56..63, so it must open the engine-order array.
        assert!(white.starts_with("const T : [u8 ; 64] = [56 , 57 ,"), "{white}");
        assert!(white.ends_with("6 , 7 ,] ;"), "{white}");

        let both = expand(&format!("const T: [[u8; 64]; 2] = [{rows}];")).unwrap();
        // Black's table, second in the pair, is the written order: top row first.
        assert!(both.contains("6 , 7 ,] , [0 , 1 ,"), "{both}");
        assert!(both.ends_with("62 , 63 ,]] ;") || both.contains("62 , 63 ,]] ; const _"), "{both}");
        assert!(
            both.contains(":: core :: assert ! (T [1] [4] == T [0] [60] , \"piece_square_table!: Black's e1 in `T` must equal White's e8\")"),
            "{both}"
        );
    }

    #[test]
    fn every_bad_row_is_reported() {
        let error = message(expand(
            "const T: [[i8; 64]; 2] = [
                [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
                [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
            ];",
        ));
        assert_eq!(error, "rank 7 has 7 cells, expected 8 (files a to h)");
        let all: Vec<String> = syn::parse_str::<Table>(
            "const T: [[i8; 64]; 2] = [
                [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
                [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
            ];",
        )
        .unwrap()
        .expand()
        .unwrap_err()
        .into_iter()
        .map(|error| error.to_string())
        .collect();
        assert_eq!(
            all,
            [
                "rank 7 has 7 cells, expected 8 (files a to h)",
                "rank 2 has 9 cells, expected 8 (files a to h)",
            ]
        );
    }

    #[test]
    fn cells_must_be_plain_integers() {
        let with = |cell: &str| message(expand(&format!("const T: [i16; 64] = [[{cell} 0 0 0 0 0 0 0]];")));
        assert_eq!(with("knight"), "expected an integer literal, found identifier `knight`");
        assert_eq!(with("- knight"), "expected an integer literal after `-`, found identifier `knight`");
        assert_eq!(
            with("1.5"),
            "expected an integer literal, found float literal `1.5`: table cells are integers"
        );
        assert_eq!(with("\"ten\""), "expected an integer literal, found string literal `\"ten\"`");
        assert_eq!(
            with("10i16"),
            "remove the suffix `i16`: the element type comes from the declared table type"
        );
        assert_eq!(
            with("-1.5"),
            "expected an integer literal, found float literal `-1.5`: table cells are integers"
        );
        assert_eq!(with(", 0"), "expected an integer literal, found `,`");
        assert_eq!(with("- -1"), "expected an integer literal after `-`, found `-`");
        assert_eq!(
            message(expand("const T: [i16; 64] = [(0 0 0 0 0 0 0 0)];")),
            "expected a row of cells in brackets, like `[0 5 10 ...]`, found a `(...)` group"
        );
    }
}
