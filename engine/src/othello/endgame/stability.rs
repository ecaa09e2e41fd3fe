//! A quick lower bound on the discs a side keeps to the end of the game: stable edge discs from a
//! table of every edge configuration, then discs whose four lines are each full or anchored by a
//! stable neighbour of the same colour. The solver uses it to cut a node when even the best
//! possible final score cannot reach alpha.

/// `EDGE_STABLE[256 * a + b]`: the discs of `a` (one edge, bit `i` = square `i` along it) that no
/// sequence of moves on that edge can flip, with `b` the other side's discs. Discs of an edge
/// are only ever flipped along the edge, so this is exact for the edge taken alone.
static EDGE_STABLE: [u8; 65536] = edge_table();

/// The discs one move at `x` flips on a line of eight (both directions).
const fn line_flips(player: u32, opponent: u32, x: u32) -> u32 {
    let mut flipped = 0;
    let mut run = 0;
    let mut y = x + 1;
    while y < 8 && opponent & (1 << y) != 0 {
        run |= 1 << y;
        y += 1;
    }
    if y < 8 && player & (1 << y) != 0 {
        flipped |= run;
    }
    run = 0;
    let mut y = x as i32 - 1;
    while y >= 0 && opponent & (1 << y) != 0 {
        run |= 1 << y;
        y -= 1;
    }
    if y >= 0 && player & (1 << y) != 0 {
        flipped |= run;
    }
    flipped
}

/// Fills the table from full edges down: every move adds a disc, so a configuration's successors
/// all have a larger occupied set, hence a larger `occupied` number, and are already known.
/// Either side may play any empty square (a move legal through another line flips nothing here).
const fn edge_table() -> [u8; 65536] {
    let mut table = [0u8; 65536];
    let mut occupied: i32 = 255;
    while occupied >= 0 {
        let occ = occupied as u32;
        let mut a = occ;
        loop {
            let b = occ ^ a;
            let mut stable = a;
            let mut x = 0;
            while x < 8 && stable != 0 {
                let bit = 1 << x;
                if occ & bit == 0 {
                    let f = line_flips(a, b, x);
                    stable &= table[(((a | f | bit) << 8) | (b & !f)) as usize] as u32;
                    let g = line_flips(b, a, x);
                    stable &= table[(((a & !g) << 8) | (b | g | bit)) as usize] as u32;
                }
                x += 1;
            }
            table[((a << 8) | b) as usize] = stable as u8;
            if a == 0 {
                break;
            }
            a = (a - 1) & occ;
        }
        occupied -= 1;
    }
    table
}

/// Bit `i` of the result is the disc of column a on row `i`.
#[inline(always)]
fn column_a_to_byte(bits: u64) -> usize {
    ((bits & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// Inverse of [`column_a_to_byte`], as a table (a multiplication would carry between rows).
static COLUMN_A: [u64; 256] = column_a_table();

const fn column_a_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut row = 0;
        while row < 8 {
            if byte & (1 << row) != 0 {
                table[byte] |= 1 << (8 * row);
            }
            row += 1;
        }
        byte += 1;
    }
    table
}

#[inline(always)]
fn byte_to_column_a(byte: u8) -> u64 {
    COLUMN_A[byte as usize]
}

#[inline(always)]
fn edge(a: usize, b: usize) -> u8 {
    EDGE_STABLE[(a << 8) | b]
}

/// Stable discs of `player` on the four edges.
#[inline]
fn edge_stable(player: u64, opponent: u64) -> u64 {
    let top = edge((player & 0xFF) as usize, (opponent & 0xFF) as usize);
    let bottom = edge((player >> 56) as usize, (opponent >> 56) as usize);
    let left = edge(column_a_to_byte(player), column_a_to_byte(opponent));
    let right = edge(column_a_to_byte(player >> 7), column_a_to_byte(opponent >> 7));
    u64::from(top) | (u64::from(bottom) << 56) | byte_to_column_a(left) | (byte_to_column_a(right) << 7)
}

/// Squares whose whole line in the direction `+shift`/`-shift` is occupied. `forward_edge` and
/// `backward_edge` are the squares with no neighbour in each direction.
#[inline(always)]
fn full_line(occupied: u64, shift: u32, forward_edge: u64, backward_edge: u64) -> u64 {
    let mut forward = occupied & forward_edge;
    let mut backward = occupied & backward_edge;
    let mut step = 0;
    while step < 6 {
        forward |= occupied & (forward >> shift);
        backward |= occupied & (backward << shift);
        step += 1;
    }
    forward & backward
}

/// A lower bound on the discs of `player` that stay `player`'s to the end of the game.
#[inline]
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    let occupied = player | opponent;
    let mut row = occupied & (occupied >> 1);
    row &= row >> 2;
    row &= row >> 4;
    let full_h = (row & 0x0101_0101_0101_0101).wrapping_mul(0xFF);
    let mut column = occupied & (occupied >> 8);
    column &= column >> 16;
    column &= column >> 32;
    let full_v = (column & 0xFF).wrapping_mul(0x0101_0101_0101_0101);
    // +9: towards h8; no such neighbour on row 8 or column h. +7: towards a8; row 8 or column a.
    let full_d9 = full_line(occupied, 9, 0xFF80_8080_8080_8080, 0x0101_0101_0101_01FF);
    let full_d7 = full_line(occupied, 7, 0xFF01_0101_0101_0101, 0x8080_8080_8080_80FF);

    let mut stable = edge_stable(player, opponent);
    // Inner squares only: their neighbours along every line are on the board, so the shifts
    // below never wrap.
    let inner = player & 0x007E_7E7E_7E7E_7E00;
    stable |= inner & full_h & full_v & full_d9 & full_d7;
    loop {
        let before = stable;
        stable |= inner
            & ((stable >> 1) | (stable << 1) | full_h)
            & ((stable >> 8) | (stable << 8) | full_v)
            & ((stable >> 9) | (stable << 9) | full_d9)
            & ((stable >> 7) | (stable << 7) | full_d7);
        if stable == before {
            return stable;
        }
    }
}
