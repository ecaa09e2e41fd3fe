//! `othello_fit`'s options: `--name value` pairs, whatever the names, each command reading those it
//! knows with its own defaults. (`tuner`'s command line is `clap`'s, in [`crate::cli`].)

use std::collections::HashMap;

/// `--name value` options.
pub struct Options(HashMap<String, String>);

impl Options {
    /// Reads `args` as `--name value` pairs, whatever the names (`othello_fit`'s commands read
    /// what they need and leave the rest).
    pub fn parse_any(args: &[String]) -> Result<Options, String> {
        let mut options = HashMap::new();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let name = word.strip_prefix("--").ok_or_else(|| format!("expected --option, got {word:?}"))?;
            let value = words.next().ok_or_else(|| format!("--{name} needs a value"))?;
            options.insert(name.to_string(), value.clone());
        }
        Ok(Options(options))
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.text(name) {
            None => Ok(default),
            Some(text) => text.parse().map_err(|_| format!("--{name}: `{text}` is not a valid number")),
        }
    }

    /// The option's value, or `default`.
    pub fn text_or(&self, name: &str, default: &str) -> String {
        self.text(name).unwrap_or(default).to_string()
    }
}
