//! Networks as bullet saves them, so that a network trained on a GPU with bullet runs through
//! `EvalFile` like one of our own trainer's. bullet's quantised file has no header: it is the
//! layers' weights one after another, as the save format of the trainer's configuration says,
//! padded with zeros to a multiple of 64 bytes. For the configuration `docs/bullet.md` gives
//! (our architecture: `(inputs -> N) x 2 -> B`, squared clipped ReLU, our feature indices and
//! output buckets), all little-endian `i16`:
//!
//! | what | shape | scale |
//! | --- | --- | --- |
//! | `l0w`, feature weights | `[inputs][N]` | [`QA`] |
//! | `l0b`, feature biases | `[N]` | [`QA`] |
//! | `l1w`, output weights, saved transposed | `[B][2N]`, side to move's half first | [`BULLET_QB`] |
//! | `l1b`, output biases | `[B]` | [`QA`] x [`BULLET_QB`] |
//!
//! bullet's output layer is quantised by 64 rather than our [`QB`] (256): a bias times
//! `QA * 256` does not fit its `i16`. Reading multiplies the output layer by 4, exactly, so the
//! network evaluates as bullet's own inference does, up to the rounding of one division.
//!
//! The length says the bucket count once the width is known (the engine runs the width it was
//! built with): one more bucket adds `4N + 2` bytes, more than the padding (a test checks every
//! shape). The width itself cannot be read off the length: two shapes of different widths can
//! share one.

use super::{
    read_i16, Format, FormatError, Layout, BUCKETED_HEADER_BYTES, HEADER_BYTES, MAX_BUCKETS,
    OUTPUT_WEIGHT_LIMIT, QA, QB, SCALE,
};

/// The output layer's quantisation in bullet's file.
pub const BULLET_QB: i32 = 64;
/// bullet pads its file to a multiple of this many bytes.
const PADDING: usize = 64;
/// Our output layer is [`QB`] / [`BULLET_QB`] times bullet's.
const OUTPUT_SCALE: i32 = QB / BULLET_QB;

impl Format {
    /// Bytes of a bullet file of `layout` (padding included). Output buckets only: bullet's file
    /// cannot say that its inputs are king-mirrored.
    pub const fn bullet_bytes(&self, layout: Layout) -> usize {
        let (hidden, buckets) = (layout.hidden, layout.buckets);
        let values = self.inputs * hidden + hidden + 2 * hidden * buckets + buckets;
        (2 * values).div_ceil(PADDING) * PADDING
    }

    /// The shape of a bullet file of `len` bytes for this game, `hidden` neurons wide: 1 to
    /// [`MAX_BUCKETS`] buckets. `None` when no bucket count gives that length. (The width must be
    /// known: over every width the engine allows, two shapes can share a padded length.)
    pub const fn bullet_layout(&self, hidden: usize, len: usize) -> Option<Layout> {
        let mut buckets = 1;
        while buckets <= MAX_BUCKETS {
            let layout = Layout::bucketed(hidden, buckets);
            if self.bullet_bytes(layout) == len {
                return Some(layout);
            }
            buckets += 1;
        }
        None
    }

    /// Rewrites the bullet file `bullet`, `hidden` neurons wide, as this game's own file into
    /// `out`, which must be [`Format::file_bytes`] long for the returned layout (see
    /// [`Format::native_bytes_of_bullet`]).
    /// Refused: a length of no shape ([`FormatError::BulletLength`]), an output weight beyond what the
    /// engine's inference allows once scaled ([`FormatError::OutputWeight`]: train with the output
    /// weights clipped to 0.5, as `docs/bullet.md` says).
    pub fn bullet_to_native(
        &self,
        hidden: usize,
        bullet: &[u8],
        out: &mut [u8],
    ) -> Result<Layout, FormatError> {
        let layout =
            self.bullet_layout(hidden, bullet.len()).ok_or(FormatError::BulletLength(bullet.len()))?;
        let expected = self.file_bytes(layout);
        if out.len() != expected {
            return Err(FormatError::Length { found: out.len(), expected });
        }
        let (hidden, buckets) = (layout.hidden, layout.buckets);
        let magic = if buckets == 1 { self.magic } else { self.bucketed_magic };
        out[..8].copy_from_slice(&magic);
        let header = [hidden as u32, QA as u32, QB as u32, SCALE as u32, buckets as u32];
        let header_words = if buckets == 1 { 4 } else { 5 };
        for (index, value) in header[..header_words].iter().enumerate() {
            out[8 + 4 * index..12 + 4 * index].copy_from_slice(&value.to_le_bytes());
        }
        debug_assert_eq!(
            self.header_bytes(layout),
            if buckets == 1 { HEADER_BYTES } else { BUCKETED_HEADER_BYTES }
        );
        // The feature layer, weights then biases, is the same bytes in both.
        let feature_bytes = 2 * (self.inputs * hidden + hidden);
        out[self.header_bytes(layout)..self.output_weights_at(layout)]
            .copy_from_slice(&bullet[..feature_bytes]);
        let weights_at = self.output_weights_at(layout);
        for index in 0..2 * hidden * buckets {
            let value = i32::from(read_i16(bullet, feature_bytes + 2 * index)) * OUTPUT_SCALE;
            if value.abs() > i32::from(OUTPUT_WEIGHT_LIMIT) {
                return Err(FormatError::OutputWeight { index, value: value as i16 });
            }
            out[weights_at + 2 * index..weights_at + 2 * index + 2]
                .copy_from_slice(&(value as i16).to_le_bytes());
        }
        let biases_in = feature_bytes + 4 * hidden * buckets;
        let biases_at = self.output_bias_at(layout);
        for bucket in 0..buckets {
            let value = i32::from(read_i16(bullet, biases_in + 2 * bucket)) * OUTPUT_SCALE;
            out[biases_at + 4 * bucket..biases_at + 4 * bucket + 4].copy_from_slice(&value.to_le_bytes());
        }
        Ok(layout)
    }

    /// The length of our own file for the bullet file of `len` bytes, `hidden` wide, if it is one.
    pub const fn native_bytes_of_bullet(&self, hidden: usize, len: usize) -> Option<usize> {
        match self.bullet_layout(hidden, len) {
            Some(layout) => Some(self.file_bytes(layout)),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{CHESS, HIDDEN_STEP, MAX_HIDDEN, XIANGQI};
    use super::*;
    extern crate std;
    use std::vec;
    use std::vec::Vec;

    #[test]
    fn every_shape_has_a_length_of_its_own() {
        for format in [CHESS, XIANGQI] {
            for buckets in 1..=MAX_BUCKETS {
                for hidden in (HIDDEN_STEP..=MAX_HIDDEN).step_by(HIDDEN_STEP) {
                    let layout = Layout::bucketed(hidden, buckets);
                    assert_eq!(format.bullet_layout(hidden, format.bullet_bytes(layout)), Some(layout));
                }
            }
        }
        // 768 x 256 + 256 + 2 x 256 x 8 + 8 values of 2 bytes, padded to 64.
        assert_eq!(CHESS.bullet_bytes(Layout::bucketed(256, 8)), 401_984);
        assert_eq!(CHESS.bullet_layout(256, 401_984 - 64), None);
        assert_eq!(CHESS.bullet_layout(512, 401_984), None);
    }

    /// A bullet file of `layout` whose values are their own index, wrapped into a small range.
    fn bullet_file(format: Format, layout: Layout) -> Vec<u8> {
        let values = format.inputs * layout.hidden
            + layout.hidden
            + 2 * layout.hidden * layout.buckets
            + layout.buckets;
        let mut bytes: Vec<u8> =
            (0..values).flat_map(|index| ((index % 61) as i16 - 30).to_le_bytes()).collect();
        bytes.resize(format.bullet_bytes(layout), 0);
        bytes
    }

    #[test]
    fn a_bullet_file_reads_as_our_own_with_the_output_layer_scaled_to_our_quantisation() {
        let layout = Layout::bucketed(32, 8);
        let bullet = bullet_file(CHESS, layout);
        let mut native = vec![0; CHESS.native_bytes_of_bullet(32, bullet.len()).unwrap()];
        assert_eq!(CHESS.bullet_to_native(32, &bullet, &mut native), Ok(layout));
        assert_eq!(CHESS.check(&native), Ok(layout));
        let feature_bytes = 2 * (768 * 32 + 32);
        assert_eq!(
            native[BUCKETED_HEADER_BYTES..BUCKETED_HEADER_BYTES + feature_bytes],
            bullet[..feature_bytes]
        );
        let weights_at = CHESS.output_weights_at(layout);
        for index in [0, 1, 100, 511] {
            let ours = read_i16(&native, weights_at + 2 * index);
            assert_eq!(ours, 4 * read_i16(&bullet, feature_bytes + 2 * index));
        }
        let bias = super::super::read_i32(&native, CHESS.output_bias_at(layout) + 4 * 7);
        assert_eq!(bias, 4 * i32::from(read_i16(&bullet, feature_bytes + 2 * 512 + 2 * 7)));
    }

    #[test]
    fn one_output_reads_as_a_file_of_one_output() {
        let layout = Layout::single(16);
        let bullet = bullet_file(XIANGQI, layout);
        let mut native = vec![0; XIANGQI.native_bytes_of_bullet(16, bullet.len()).unwrap()];
        assert_eq!(XIANGQI.bullet_to_native(16, &bullet, &mut native), Ok(layout));
        assert_eq!(native[..8], XIANGQI.magic);
        assert_eq!(XIANGQI.check(&native), Ok(layout));
    }

    #[test]
    fn output_weights_beyond_the_inference_limit_are_refused() {
        let layout = Layout::bucketed(16, 2);
        let mut bullet = bullet_file(CHESS, layout);
        let at = 2 * (768 * 16 + 16) + 2 * 5;
        bullet[at..at + 2].copy_from_slice(&33i16.to_le_bytes());
        let mut native = vec![0; CHESS.file_bytes(layout)];
        assert_eq!(
            CHESS.bullet_to_native(16, &bullet, &mut native),
            Err(FormatError::OutputWeight { index: 5, value: 132 })
        );
        assert_eq!(
            CHESS.bullet_to_native(16, &bullet[..64], &mut native),
            Err(FormatError::BulletLength(64))
        );
    }
}
