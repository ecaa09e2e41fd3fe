// A negative cell in an unsigned table is rustc's error, pointed at the cell's `-`.
macros::piece_square_table! {
    const TABLE: [u8; 64] = [
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 -5 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
    ];
}

fn main() {}
