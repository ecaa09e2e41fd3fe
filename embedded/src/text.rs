//! One line of output in a fixed buffer, with decimal numbers: `core::fmt` would cost kilobytes of
//! flash for the few numbers the program prints.

/// A line being built; text beyond its capacity is dropped.
pub struct Line {
    buffer: [u8; 128],
    length: usize,
}

impl Line {
    pub fn new() -> Line {
        Line { buffer: [0; 128], length: 0 }
    }

    pub fn text(&mut self, text: &[u8]) -> &mut Line {
        for &byte in text {
            if self.length < self.buffer.len() {
                self.buffer[self.length] = byte;
                self.length += 1;
            }
        }
        self
    }

    pub fn number(&mut self, mut value: u64) -> &mut Line {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                break;
            }
        }
        self.text(&digits[start..])
    }

    pub fn bytes(&self) -> &[u8] {
        &self.buffer[..self.length]
    }
}
