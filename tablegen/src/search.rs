//! Search tables: the late-move-reduction table.

/// Depths and move numbers the reduction table covers; larger values use the last row or column.
pub const LMR_SIZE: usize = 64;

/// Plies by which the search reduces the `move_number`-th move (counted from 0) at `depth`:
/// `0.75 + ln(depth) * ln(move_number + 1) / 2.25`, rounded down; the logarithmic shape and the
/// constants follow the public LMR formulas of engines like Stockfish and Ethereal.
pub fn lmr_table() -> [[u8; LMR_SIZE]; LMR_SIZE] {
    let mut table = [[0u8; LMR_SIZE]; LMR_SIZE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (move_number, entry) in row.iter_mut().enumerate().skip(1) {
            let reduction = 0.75 + (depth as f64).ln() * ((move_number + 1) as f64).ln() / 2.25;
            *entry = reduction.clamp(0.0, 63.0) as u8;
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let table = lmr_table();
        assert_eq!(table[0][10], 0);
        assert_eq!(table[10][0], 0);
        assert_eq!(table[1][1], 0);
        assert!(table[3][3] >= 1);
        for depth in 1..LMR_SIZE - 1 {
            for number in 1..LMR_SIZE - 1 {
                assert!(table[depth][number] <= table[depth + 1][number]);
                assert!(table[depth][number] <= table[depth][number + 1]);
            }
        }
        assert!(table[63][63] >= 6 && table[63][63] <= 10, "{}", table[63][63]);
    }
}
