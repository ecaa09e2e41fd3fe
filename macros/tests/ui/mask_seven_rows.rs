const MASK: u64 = macros::board_mask!(
    chess, "........", "........", "........", "........", "........", "........", "........",
);

fn main() {
    let _ = MASK;
}
