//! The tuner's command-line options, for the `tuner` and `othello_fit` commands alike:
//! `--name value` pairs and `--name` flags.

#![allow(dead_code)] // each binary uses its own part

use std::collections::HashMap;

/// `--name value` options, and `--name` flags (value `""`).
pub struct Options(HashMap<String, String>);

impl Options {
    /// Reads `args` against the flags and the valued options a command knows; anything else is
    /// an error, so a mistyped option never passes unnoticed.
    pub fn parse(args: &[String], flags: &[&str], known: &[&str]) -> Result<Options, String> {
        let mut options = HashMap::new();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let Some(name) = arg.strip_prefix("--") else {
                return Err(format!("unexpected argument `{arg}`"));
            };
            if flags.contains(&name) {
                options.insert(name.to_string(), String::new());
            } else if known.contains(&name) {
                let value = args.next().ok_or_else(|| format!("--{name} needs a value"))?;
                options.insert(name.to_string(), value.clone());
            } else {
                return Err(format!("unknown option --{name}"));
            }
        }
        Ok(Options(options))
    }

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

    pub fn required(&self, name: &str) -> Result<&str, String> {
        self.text(name).ok_or_else(|| format!("--{name} is required"))
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

    pub fn flag(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }
}
