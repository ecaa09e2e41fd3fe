//! Chess tables: leaper attacks, slider attacks through magic bitboards, between/line rays and
//! Zobrist keys.
//!
//! Square numbering is the engine's: `square = rank * 8 + file`, a1 = 0, h1 = 7, a8 = 56, h8 = 63.
//! Colour 0 is White, colour 1 is Black. Piece index for Zobrist keys is `colour * 6 + kind` with
//! kinds ordered pawn, knight, bishop, rook, queen, king.

use crate::prng::SplitMix64;

/// Seed of the Zobrist key stream. Changing it changes every hash key (and `d`'s printed key).
pub const ZOBRIST_SEED: u64 = 0x7472_6973_6B65_6C5A; // "triskelZ"
/// Seed of the magic-number search. Any seed works; this one fixes which magics are found.
pub const MAGIC_SEED: u64 = 0x7472_6973_6B65_6C4D; // "triskelM"

const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

fn offset(square: usize, (file_step, rank_step): (i8, i8)) -> Option<usize> {
    let file = (square % 8) as i8 + file_step;
    let rank = (square / 8) as i8 + rank_step;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn leaper_attacks(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    for (square, attacks) in table.iter_mut().enumerate() {
        for &step in steps {
            if let Some(target) = offset(square, step) {
                *attacks |= 1 << target;
            }
        }
    }
    table
}

/// Knight attacks from each square.
pub fn knight_attacks() -> [u64; 64] {
    leaper_attacks(&KNIGHT_JUMPS)
}

/// King attacks from each square.
pub fn king_attacks() -> [u64; 64] {
    leaper_attacks(&KING_STEPS)
}

/// The files that count as the flank of a king on each file (a-c, a-d, a-d, c-f, c-f, e-h, e-h,
/// f-h): three or four files, centred on the king's where the board allows, as Stockfish's
/// classical evaluation counts attacks and pawns by the king.
pub fn king_flanks() -> [u64; 8] {
    const FLANK_FILES: [(u8, u8); 8] = [(0, 2), (0, 3), (0, 3), (2, 5), (2, 5), (4, 7), (4, 7), (5, 7)];
    FLANK_FILES.map(|(first, last)| (first..=last).fold(0, |set, file| set | 0x0101_0101_0101_0101 << file))
}

/// Squares a pawn of each colour attacks: `[colour][square]`. Defined on every square, including the
/// back ranks, because the engine asks "which pawns attack this square" by looking up the other
/// colour's table from the target.
pub fn pawn_attacks() -> [[u64; 64]; 2] {
    [leaper_attacks(&[(-1, 1), (1, 1)]), leaper_attacks(&[(-1, -1), (1, -1)])]
}

/// Attacks of a slider along `directions` from `square`, stopping at (and including) the first
/// occupied square. The slow reference every fast lookup is checked against.
pub fn slider_attacks(square: usize, occupied: u64, directions: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0;
    for &direction in directions {
        let mut current = square;
        while let Some(next) = offset(current, direction) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// Rook attacks by ray walking.
pub fn rook_attacks_slow(square: usize, occupied: u64) -> u64 {
    slider_attacks(square, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks by ray walking.
pub fn bishop_attacks_slow(square: usize, occupied: u64) -> u64 {
    slider_attacks(square, occupied, &BISHOP_DIRECTIONS)
}

/// The relevant-occupancy mask of a slider: its empty-board rays without the board edge squares at
/// their ends (a blocker on the last square of a ray changes nothing).
fn relevant_mask(square: usize, directions: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    for &direction in directions {
        let mut current = square;
        while let Some(next) = offset(current, direction) {
            if offset(next, direction).is_none() {
                break;
            }
            mask |= 1 << next;
            current = next;
        }
    }
    mask
}

/// One square's entry of a fancy-magic table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MagicEntry {
    /// Relevant occupancy squares.
    pub mask: u64,
    /// Multiplier that maps every subset of `mask` to a distinct-or-constructive slot.
    pub magic: u64,
    /// `64 - popcount(mask)`.
    pub shift: u8,
    /// First slot of this square in the shared attack table.
    pub offset: u32,
}

/// Magic entries for rooks and bishops, and the one attack table they both index into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliderTables {
    /// Rook magic per square.
    pub rook: [MagicEntry; 64],
    /// Bishop magic per square.
    pub bishop: [MagicEntry; 64],
    /// Rook slots first (squares a1..h8), then bishop slots.
    pub attacks: Vec<u64>,
}

/// Every subset of `mask`, by the carry-rippler trick, starting with the empty set.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut subset = 0u64;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let current = subset;
        subset = subset.wrapping_sub(mask) & mask;
        done = subset == 0;
        Some(current)
    })
}

fn find_magic(
    square: usize,
    directions: &[(i8, i8); 4],
    rng: &mut SplitMix64,
    attacks: &mut Vec<u64>,
) -> MagicEntry {
    let mask = relevant_mask(square, directions);
    let bits = mask.count_ones();
    let shift = (64 - bits) as u8;
    let occupancies: Vec<u64> = subsets(mask).collect();
    let reference: Vec<u64> =
        occupancies.iter().map(|&occupied| slider_attacks(square, occupied, directions)).collect();
    let size = 1usize << bits;
    let mut slots = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    for attempt in 1u32.. {
        let magic = rng.next_sparse_u64();
        // Cheap rejection: the top byte of mask*magic must be dense enough to spread the index.
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let fits = occupancies.iter().zip(&reference).all(|(&occupied, &attack)| {
            let index = (occupied.wrapping_mul(magic) >> shift) as usize;
            if epoch[index] < attempt {
                epoch[index] = attempt;
                slots[index] = attack;
                true
            } else {
                slots[index] == attack
            }
        });
        if fits {
            let offset = attacks.len() as u32;
            attacks.extend_from_slice(&slots);
            return MagicEntry { mask, magic, shift, offset };
        }
    }
    unreachable!("the attempt counter is unbounded")
}

/// Finds magics for every square (rooks, then bishops) with the fixed [`MAGIC_SEED`].
pub fn slider_tables() -> SliderTables {
    let mut rng = SplitMix64::new(MAGIC_SEED);
    let mut attacks = Vec::with_capacity(ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE);
    let rook = std::array::from_fn(|square| find_magic(square, &ROOK_DIRECTIONS, &mut rng, &mut attacks));
    let bishop = std::array::from_fn(|square| find_magic(square, &BISHOP_DIRECTIONS, &mut rng, &mut attacks));
    SliderTables { rook, bishop, attacks }
}

/// Slots all rook squares need together (sum of 2^relevant bits).
pub const ROOK_TABLE_SIZE: usize = 102_400;
/// Slots all bishop squares need together.
pub const BISHOP_TABLE_SIZE: usize = 5_248;

/// Squares strictly between two squares on a shared rank, file or diagonal; empty otherwise.
pub fn between() -> Vec<[u64; 64]> {
    (0..64)
        .map(|from| {
            std::array::from_fn(|to| {
                let from_bit = 1u64 << from;
                let to_bit = 1u64 << to;
                for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
                    if slider_attacks(from, 0, directions) & to_bit != 0 {
                        return slider_attacks(from, to_bit, directions)
                            & slider_attacks(to, from_bit, directions);
                    }
                }
                0
            })
        })
        .collect()
}

/// The whole line (edge to edge, both squares included) through two aligned squares; empty otherwise.
pub fn line() -> Vec<[u64; 64]> {
    (0..64)
        .map(|from| {
            std::array::from_fn(|to| {
                let from_bit = 1u64 << from;
                let to_bit = 1u64 << to;
                for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
                    if from != to && slider_attacks(from, 0, directions) & to_bit != 0 {
                        return (slider_attacks(from, 0, directions) & slider_attacks(to, 0, directions))
                            | from_bit
                            | to_bit;
                    }
                }
                0
            })
        })
        .collect()
}

/// The four lines through each square, the square included, `[file, rank, diagonal, anti-diagonal]
/// [square]`: what the compact build's diagonal lookups and its `between` and `line` work from, in
/// 2 KiB where the two square-by-square tables take 64.
pub fn line_masks() -> Vec<[u64; 64]> {
    let through = |square: usize, direction: (i8, i8)| {
        slider_attacks(square, 0, &[direction, (-direction.0, -direction.1), direction, direction])
            | 1u64 << square
    };
    [(0, 1), (1, 0), (1, 1), (1, -1)]
        .into_iter()
        .map(|direction| std::array::from_fn(|square| through(square, direction)))
        .collect()
}

/// A rook's attacks along its own rank, `[file][inner]`, where bits 0-5 of `inner` are the occupancy of
/// files b-g (the edge squares never block anything beyond them): the rank bits, a = bit 0. The
/// kindergarten fill-up table is this, copied onto every rank.
pub fn rank_attacks() -> [[u8; 64]; 8] {
    std::array::from_fn(|file| {
        std::array::from_fn(|inner| {
            slider_attacks(file, (inner as u64) << 1, &[(1, 0), (-1, 0), (1, 0), (1, 0)]) as u8
        })
    })
}

/// The multiplier that gathers the six inner squares of the a-file into the top six bits (rank 2 at
/// bit 63, rank 7 at bit 58): each square's partial products land on distinct bits, so nothing
/// carries.
pub const FILE_GATHER: u64 = 0x0080_4020_1008_0400;

/// Kindergarten file attacks: a rook on the a-file, `[rank][index]`, where `index` is the top six
/// bits of the file's occupancy times [`FILE_GATHER`]; the lookup shifts the result to its file.
pub fn kindergarten_file_attacks() -> [[u64; 64]; 8] {
    const A_FILE: u64 = 0x0101_0101_0101_0101;
    let mut table = [[0u64; 64]; 8];
    for (rank, row) in table.iter_mut().enumerate() {
        for inner in 0..64u64 {
            let occupied: u64 =
                (0..6).filter(|bit| inner >> bit & 1 != 0).map(|bit| 1u64 << (8 * (bit + 1))).sum();
            let index = ((occupied & A_FILE).wrapping_mul(FILE_GATHER) >> 58) as usize;
            row[index] = slider_attacks(8 * rank, occupied, &[(0, 1), (0, -1), (0, 1), (0, 1)]);
        }
    }
    table
}

/// Kindergarten diagonal attacks, `[file][inner]`: a slider's attacks along a rank by the occupancy of
/// files b-g (bits 0-5), copied onto all eight ranks; the lookup keeps the diagonal's squares.
pub fn kindergarten_fill_up() -> [[u64; 64]; 8] {
    let ranks = rank_attacks();
    std::array::from_fn(|file| {
        std::array::from_fn(|inner| u64::from(ranks[file][inner]) * 0x0101_0101_0101_0101)
    })
}

/// Zobrist keys, all drawn in a fixed order from one [`SplitMix64`] stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristKeys {
    /// `[colour * 6 + kind][square]`.
    pub pieces: [[u64; 64]; 12],
    /// One key per castling-rights set (bits: white short, white long, black short, black long);
    /// entry 0 is zero so that "no rights" hashes like nothing, and each entry is the XOR of its bits'
    /// keys so that rights can be updated by XOR-ing out the old set and in the new one.
    pub castling: [u64; 16],
    /// One key per en-passant file.
    pub en_passant_file: [u64; 8],
    /// XOR-ed in when Black is to move.
    pub black_to_move: u64,
}

/// The engine's Zobrist keys, from [`ZOBRIST_SEED`].
pub fn zobrist_keys() -> ZobristKeys {
    let mut rng = SplitMix64::new(ZOBRIST_SEED);
    let pieces = std::array::from_fn(|_| std::array::from_fn(|_| rng.next_u64()));
    let single: [u64; 4] = std::array::from_fn(|_| rng.next_u64());
    let castling = std::array::from_fn(|rights: usize| {
        (0..4).filter(|bit| rights & (1 << bit) != 0).fold(0, |key, bit| key ^ single[bit])
    });
    let en_passant_file = std::array::from_fn(|_| rng.next_u64());
    let black_to_move = rng.next_u64();
    ZobristKeys { pieces, castling, en_passant_file, black_to_move }
}

pub use types::{cuckoo_slot_1, cuckoo_slot_2, CUCKOO_SLOTS};

/// Every move a knight, bishop, rook, queen or king of either colour can make on an empty board,
/// keyed by the Zobrist difference it makes to a position (the piece's key on both squares and the
/// side-to-move key), in a cuckoo hash table: a key sits in one of its two slots.
///
/// With it the search can tell, from the keys alone, whether the side to move has a move back to
/// a position played earlier (Marcel van Kervinck's method for detecting repetitions before they
/// happen): the XOR of the current key and the earlier one is a key of this table exactly when one
/// such move, played on a clear line, turns the one position into the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CuckooTable {
    /// Per slot: the move's key difference, 0 for an empty slot.
    pub keys: Vec<u64>,
    /// Per slot: the move's two squares, `from * 64 + to` (from < to; the table does not say which
    /// way the piece goes).
    pub moves: Vec<u16>,
}

/// The cuckoo table of reversible moves for the engine's Zobrist keys.
pub fn cuckoo_table() -> CuckooTable {
    let zobrist = zobrist_keys();
    let mut table = CuckooTable { keys: vec![0; CUCKOO_SLOTS], moves: vec![0; CUCKOO_SLOTS] };
    let attacks = |kind: usize, square: usize| match kind {
        1 => knight_attacks()[square],
        2 => bishop_attacks_slow(square, 0),
        3 => rook_attacks_slow(square, 0),
        4 => bishop_attacks_slow(square, 0) | rook_attacks_slow(square, 0),
        _ => king_attacks()[square],
    };
    for piece in (0..12).filter(|piece| piece % 6 != 0) {
        for from in 0..64 {
            for to in from + 1..64 {
                if attacks(piece % 6, from) >> to & 1 == 0 {
                    continue;
                }
                let mut key = zobrist.pieces[piece][from] ^ zobrist.pieces[piece][to] ^ zobrist.black_to_move;
                let mut squares = (from * 64 + to) as u16;
                let mut slot = cuckoo_slot_1(key);
                // Insert, pushing out whatever sits in the slot to its other slot, until a slot
                // was empty.
                loop {
                    core::mem::swap(&mut table.keys[slot], &mut key);
                    core::mem::swap(&mut table.moves[slot], &mut squares);
                    if key == 0 {
                        break;
                    }
                    slot = if slot == cuckoo_slot_1(key) { cuckoo_slot_2(key) } else { cuckoo_slot_1(key) };
                }
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaper_tables_have_the_textbook_counts() {
        let knights = knight_attacks();
        assert_eq!(knights[0], (1 << 10) | (1 << 17)); // a1 -> c2, b3
        assert_eq!(knights[27].count_ones(), 8); // d4
        let total_knight_moves: u32 = knights.iter().map(|b| b.count_ones()).sum();
        assert_eq!(total_knight_moves, 336);
        let total_king_moves: u32 = king_attacks().iter().map(|b| b.count_ones()).sum();
        assert_eq!(total_king_moves, 420);
        let pawns = pawn_attacks();
        assert_eq!(pawns[0][12], (1 << 19) | (1 << 21)); // e2 -> d3, f3
        assert_eq!(pawns[1][52], (1 << 43) | (1 << 45)); // e7 -> d6, f6
        assert_eq!(pawns[0][8], 1 << 17); // a2 -> b3 only
    }

    #[test]
    fn magic_tables_reproduce_ray_walking_for_every_subset() {
        let tables = slider_tables();
        assert_eq!(tables.attacks.len(), ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE);
        for square in 0..64 {
            for (entry, directions) in
                [(tables.rook[square], &ROOK_DIRECTIONS), (tables.bishop[square], &BISHOP_DIRECTIONS)]
            {
                for occupied in subsets(entry.mask) {
                    let index = types::magic_index(
                        entry.offset,
                        entry.mask,
                        entry.magic,
                        u32::from(entry.shift),
                        occupied,
                    );
                    assert_eq!(tables.attacks[index], slider_attacks(square, occupied, directions));
                }
            }
        }
    }

    #[test]
    fn line_masks_and_rank_attacks_match_the_lines_of_the_slow_attacks() {
        let masks = line_masks();
        (0..64).for_each(|square| {
            let bit = 1u64 << square;
            assert_eq!(masks[0][square] | masks[1][square], rook_attacks_slow(square, 0) | bit);
            assert_eq!(masks[2][square] | masks[3][square], bishop_attacks_slow(square, 0) | bit);
            assert_eq!(masks[0][square].count_ones(), 8);
            assert_eq!(masks[1][square], 0xFF << (square / 8 * 8));
        });
        let attacks = rank_attacks();
        for (file, row) in attacks.iter().enumerate() {
            for inner in 0..64u64 {
                let expected = rook_attacks_slow(file, inner << 1) & 0xFF;
                assert_eq!(u64::from(row[inner as usize]), expected, "file {file} inner {inner:06b}");
            }
        }
        assert_eq!(attacks[0][0], 0xFE);
        // A rook on d with blockers on c and f: c, e and f.
        assert_eq!(attacks[3][0b01_0010], 0b0011_0100);
    }

    #[test]
    fn file_gathering_gives_each_inner_occupancy_its_own_index() {
        const A_FILE: u64 = 0x0101_0101_0101_0101;
        let mut seen = [false; 64];
        for inner in 0..64u64 {
            let occupied: u64 =
                (0..6).filter(|bit| inner >> bit & 1 != 0).map(|bit| 1u64 << (8 * (bit + 1))).sum();
            // The edge squares of the file must not reach the index either.
            let index = ((occupied | 1 | 1 << 56) & A_FILE).wrapping_mul(FILE_GATHER) >> 58;
            assert_eq!(index, (occupied & A_FILE).wrapping_mul(FILE_GATHER) >> 58);
            assert!(!seen[index as usize]);
            seen[index as usize] = true;
        }
        let files = kindergarten_file_attacks();
        assert_eq!(files[0][0], rook_attacks_slow(0, 0) & A_FILE);
    }

    #[test]
    fn between_and_line_agree_on_examples() {
        let between = between();
        let line = line();
        // a1-h8 diagonal: b2..g7 between, the whole diagonal as the line.
        assert_eq!(between[0][63], 0x0040_2010_0804_0200);
        assert_eq!(line[0][63], 0x8040_2010_0804_0201);
        assert_eq!(line[9][0], line[0][63]);
        assert_eq!(between[0][1], 0); // adjacent
        assert_eq!(between[0][17], 0); // a knight's jump apart
        assert_eq!(line[0][17], 0);
        assert_eq!(line[5][5], 0);
    }

    #[test]
    fn zobrist_keys_are_distinct_and_castling_keys_compose() {
        let keys = zobrist_keys();
        let mut all: Vec<u64> = keys.pieces.iter().flatten().copied().collect();
        all.extend_from_slice(&keys.castling[1..]);
        all.extend_from_slice(&keys.en_passant_file);
        all.push(keys.black_to_move);
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
        assert_eq!(keys.castling[0], 0);
        assert_eq!(keys.castling[0b1111], keys.castling[0b0011] ^ keys.castling[0b1100]);
    }

    #[test]
    fn the_cuckoo_table_holds_every_reversible_move_once_in_one_of_its_slots() {
        let table = cuckoo_table();
        // 2 colours x (knight 168 + bishop 280 + rook 448 + queen 728 + king 210) moves.
        assert_eq!(table.keys.iter().filter(|&&key| key != 0).count(), 3668);
        let zobrist = zobrist_keys();
        let rook_a1_h1 = zobrist.pieces[3][0] ^ zobrist.pieces[3][7] ^ zobrist.black_to_move;
        let slot = [cuckoo_slot_1(rook_a1_h1), cuckoo_slot_2(rook_a1_h1)]
            .into_iter()
            .find(|&slot| table.keys[slot] == rook_a1_h1)
            .expect("a white rook's a1-h1 move is in the table");
        assert_eq!(table.moves[slot], 7);
        for (slot, &key) in table.keys.iter().enumerate().filter(|(_, &key)| key != 0) {
            assert!(slot == cuckoo_slot_1(key) || slot == cuckoo_slot_2(key));
        }
    }
}
