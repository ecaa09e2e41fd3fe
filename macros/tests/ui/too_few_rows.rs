macros::piece_square_table! {
    const TABLE: [[i16; 64]; 2] = [
        [0 0 0 0 0 0 0 0]   // rank 8
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]   // rank 2, and no rank 1
    ];
}

fn main() {}
