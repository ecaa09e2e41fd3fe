// The macro leaves range checking to rustc; the error must still land on the user's cell.
macros::piece_square_table! {
    const TABLE: [[i8; 64]; 2] = [
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 200 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0]
    ];
}

fn main() {}
