//! The opening books' record, as the tuner writes it (`tuner book`) and the shell reads it
//! (`OwnBook`/`Book File`, UCCI's `usebook`/`bookfiles`): the Polyglot layout, one 16-byte
//! big-endian [`Entry`] per move, the file sorted by key.
//!
//! | bytes | field | meaning |
//! | --- | --- | --- |
//! | 0..8 | `key: u64` | the position's key: Polyglot's for chess ([`crate::polyglot::key`]), the engine's own Zobrist key for xiangqi |
//! | 8..10 | `move: u16` | the move, in the game's code (chess: [`crate::polyglot::move_code`]; xiangqi: [`xiangqi_move`]) |
//! | 10..12 | `weight: u16` | how often to play the move, relative to the position's other entries |
//! | 12..16 | `learn: u32` | unused (written 0) |
//!
//! Xiangqi's move code is the 9 x 10 board's square indices, `9 * rank + file` (a0 = 0, i9 = 89,
//! ranks from red's side): from-square in bits 0-6, to-square in bits 7-13, bits 14-15 zero; the
//! engine's own move bits. A code with a square past 89 or a high bit set is no move.

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;

/// Squares of the xiangqi board.
const XIANGQI_SQUARES: u16 = 90;

/// One book entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Entry {
    /// The position's key.
    pub key: u64,
    /// The move, in the game's code.
    pub raw_move: u16,
    /// How often to play it, relative to the position's other entries.
    pub weight: u16,
    /// Polyglot's learning field; unused.
    pub learn: u32,
}

impl Entry {
    /// The entry as the file stores it.
    pub const fn to_bytes(self) -> [u8; ENTRY_BYTES] {
        let mut bytes = [0; ENTRY_BYTES];
        let key = self.key.to_be_bytes();
        let mut at = 0;
        while at < 8 {
            bytes[at] = key[at];
            at += 1;
        }
        let [m0, m1] = self.raw_move.to_be_bytes();
        let [w0, w1] = self.weight.to_be_bytes();
        let [l0, l1, l2, l3] = self.learn.to_be_bytes();
        bytes[8] = m0;
        bytes[9] = m1;
        bytes[10] = w0;
        bytes[11] = w1;
        bytes[12] = l0;
        bytes[13] = l1;
        bytes[14] = l2;
        bytes[15] = l3;
        bytes
    }

    /// The entry stored in `bytes`.
    pub const fn from_bytes(bytes: &[u8; ENTRY_BYTES]) -> Entry {
        let b = bytes;
        Entry {
            key: u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }
}

/// The xiangqi move code of the move from square index `from` to `to` (each below 90).
pub const fn xiangqi_move(from: u8, to: u8) -> u16 {
    from as u16 | (to as u16) << 7
}

/// The from- and to-square indices of a xiangqi move code; `None` for a code that names no
/// squares of the board (an index past 89, bits 14-15 set).
pub const fn xiangqi_squares(raw: u16) -> Option<(u8, u8)> {
    let (from, to) = (raw & 127, raw >> 7 & 127);
    if raw >> 14 != 0 || from >= XIANGQI_SQUARES || to >= XIANGQI_SQUARES {
        return None;
    }
    Some((from as u8, to as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_big_endian() {
        let entry =
            Entry { key: 0x0102_0304_0506_0708, raw_move: 0x0a0b, weight: 0x0c0d, learn: 0x0e0f_1011 };
        let bytes = entry.to_bytes();
        assert_eq!(bytes, [1, 2, 3, 4, 5, 6, 7, 8, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11]);
        assert_eq!(Entry::from_bytes(&bytes), entry);
    }

    #[test]
    fn every_pair_of_squares_round_trips_and_nothing_else_decodes() {
        for from in 0..90 {
            for to in 0..90 {
                assert_eq!(xiangqi_squares(xiangqi_move(from, to)), Some((from, to)));
            }
        }
        // h2e2: h2 = 9 * 2 + 7 = 25, e2 = 22.
        assert_eq!(xiangqi_move(25, 22), 25 | 22 << 7);
        assert_eq!(xiangqi_squares(90), None);
        assert_eq!(xiangqi_squares(90 << 7), None);
        assert_eq!(xiangqi_squares(1 << 14 | 1), None);
        assert_eq!(xiangqi_squares(u16::MAX), None);
    }
}
