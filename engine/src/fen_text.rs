//! The text level every game's FEN reader shares: fields split on whitespace and the move counters,
//! without allocating.

/// Splits on ASCII whitespace without allocating.
pub(crate) fn fields(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|byte| byte.is_ascii_whitespace()).filter(|field| !field.is_empty())
}

/// A counter field: up to nine decimal digits, nothing else.
pub(crate) fn parse_number(field: &[u8]) -> Option<u32> {
    if field.is_empty() || field.len() > 9 || !field.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(field.iter().fold(0, |value, digit| value * 10 + u32::from(digit - b'0')))
}
