const MASK: u64 = macros::board_mask!(
    othello, "........", "........", "........", "...xx..", "........", "........", "........", "........",
);

fn main() {
    let _ = MASK;
}
