macros::piece_square_table! {
    const TABLE: [[i16; 64]; 2] = [
        [0 0 0 0 0 0 0 0]   // rank 8
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]   // rank 1
        [9 9 9 9 9 9 9 9]   // one too many
    ];
}

fn main() {}
