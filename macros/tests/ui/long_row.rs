macros::piece_square_table! {
    const TABLE: [[i16; 90]; 2] = [
        [0 0 0 0 0 0 0 0 0]   // rank 9
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0 0 0] // rank 1: one cell too many
        [0 0 0 0 0 0 0 0 0]   // rank 0
    ];
}

fn main() {}
