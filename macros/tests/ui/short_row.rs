macros::piece_square_table! {
    const TABLE: [[i16; 64]; 2] = [
        [0 0 0 0 0 0 0 0]   // rank 8
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0]     // rank 5: one cell missing
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]   // rank 1
    ];
}

fn main() {}
