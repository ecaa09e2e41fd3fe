//! The lines of a session as data: an [`Input`] is a line of text or a line that is not UTF-8, and a
//! transcript is the bytes the binary's reader (and the session fuzz targets' corpus files) split
//! back into those inputs.

/// One input line of a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text (no `\n` or `\r`: the reader splits lines there).
    Line(String),
    /// A line that is not UTF-8 (`Protocol::garbage`).
    Garbage,
}

impl Input {
    /// The input as the failure reports show it: quoted, cut to `limit` characters.
    pub fn shown(&self, limit: usize) -> String {
        match self {
            Input::Garbage => "<a line that is not UTF-8>".into(),
            Input::Line(line) => {
                let quoted = format!("{line:?}");
                if quoted.chars().count() <= limit {
                    quoted
                } else {
                    let cut: String = quoted.chars().take(limit).collect();
                    format!("{cut}... ({} bytes)", line.len())
                }
            }
        }
    }
}

/// The bytes the binary's reader turns back into `inputs` (a line that is not UTF-8 as `\xff`).
pub fn transcript_bytes(inputs: &[Input]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for input in inputs {
        match input {
            Input::Line(line) => bytes.extend_from_slice(line.as_bytes()),
            Input::Garbage => bytes.extend_from_slice(b"\xff\xfe not UTF-8"),
        }
        bytes.push(b'\n');
    }
    bytes
}

/// The inputs in `bytes`, split as the binary's reader splits stdin (`\n`, `\r\n` or a lone `\r`).
pub fn split_transcript(bytes: &[u8]) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut lines: Vec<&[u8]> = bytes.split(|&byte| byte == b'\n').collect();
    if lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop();
    }
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        for piece in line.split(|&byte| byte == b'\r') {
            inputs.push(match std::str::from_utf8(piece) {
                Ok(text) => Input::Line(text.to_string()),
                Err(_) => Input::Garbage,
            });
        }
    }
    inputs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcripts_read_back_as_the_inputs_written() {
        let inputs = vec![
            Input::Line("uci".into()),
            Input::Garbage,
            Input::Line(String::new()),
            Input::Line("go \u{0} é".into()),
        ];
        assert_eq!(split_transcript(&transcript_bytes(&inputs)), inputs);
        assert_eq!(
            split_transcript(b"a\r\nb\rc\n"),
            [Input::Line("a".into()), Input::Line("b".into()), Input::Line("c".into())]
        );
    }
}
