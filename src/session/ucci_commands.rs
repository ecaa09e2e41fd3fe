//! The commands only UCCI has (`ucci`, its own options, `banmoves`, `probe`) and the settings they
//! keep, as one more `impl` block of the session: the UCI and UCCI dialects share everything else.

use super::Session;
use crate::report;
use crate::threads;
use crate::ucci;
use crate::uci::Setup;
use crate::variant::Variant;
use engine::search::tt;

/// The UCCI options that are not UCI options too, as last set.
#[derive(Clone, Debug, Default)]
pub struct UcciSettings {
    /// `usemillisec`: clock values in milliseconds instead of seconds.
    pub millis: bool,
    /// `batch`: commands wait for a running search to end instead of stopping it (as ElephantEye,
    /// which reads no input while it thinks in batch mode).
    pub batch: bool,
    /// Every other option (`usebook`, `idle`, `pruning`, `knowledge`, `randomness`, `style`,
    /// `promotion`, `debug`): accepted and kept, as the protocol asks, with no effect on play.
    pub others: Vec<(String, String)>,
}

impl<G: Variant> Session<G> {
    /// The answer to `ucci`: who we are, the UCCI options, `ucciok`.
    pub(super) fn identify_ucci(&self) {
        let mut text = format!(
            "id name triskel {}\nid copyright GPL-3.0-or-later\nid author the triskel developers\nid user unknown\n",
            env!("CARGO_PKG_VERSION")
        );
        for line in ucci::OPTION_LINES {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str("ucciok");
        self.output.line(&text);
    }

    /// `setoption <name> [<value>]` for the options only UCCI has.
    pub(super) fn set_ucci_option(&mut self, name: &str, value: Option<&str>) {
        let flag = |value: Option<&str>| match value {
            Some("true" | "on") | None => Some(true),
            Some("false" | "off") => Some(false),
            Some(_) => None,
        };
        match name {
            "usemillisec" | "batch" | "debug" => match flag(value) {
                Some(on) => match name {
                    "usemillisec" => self.ucci.millis = on,
                    "batch" => self.ucci.batch = on,
                    _ => self.debug = on,
                },
                None => self.output.info_string(&format!("{name} takes true or false")),
            },
            "promotion" if flag(value) == Some(true) => {
                self.output.info_string("promotion: pawns never promote in this engine; keeping false")
            }
            "usebook" | "idle" | "pruning" | "knowledge" | "randomness" | "style" | "promotion" => {
                let value = value.unwrap_or("").to_string();
                match self.ucci.others.iter_mut().find(|(known, _)| known == name) {
                    Some(entry) => entry.1 = value,
                    None => self.ucci.others.push((name.to_string(), value)),
                }
            }
            _ => self.output.info_string(&format!("unknown option: {name}")),
        }
    }

    /// `banmoves m...`: every legal move named is left out of the root until the next `position`.
    pub(super) fn ban(&mut self, moves: &[String]) {
        self.banned.clear();
        for text in moves {
            match self.position.parse_move(text) {
                Some(mv) => self.banned.push(mv),
                None => {
                    self.output.info_string(&format!("banmoves: {text} is not a legal move here; ignored"))
                }
            }
        }
    }

    /// `probe <position>`: `pophash` with what the hash table holds for it (nothing after
    /// `pophash` when it holds nothing), as ElephantEye answers.
    pub(super) fn probe(&mut self, setup: &Setup, moves: &[String]) {
        let position = match self.build_position(setup, moves) {
            Ok((position, _)) => position,
            Err(message) => {
                self.output.info_string(&format!("probe: {message}"));
                return self.output.line("pophash");
            }
        };
        let table = tt::TranspositionTable::new(&self.table, self.age);
        let mut text = String::from("pophash");
        if let Some(hit) = table.probe(position.hash()) {
            if let Some(mv) = threads::legal_move(&position, G::decode_move(hit.mv)).filter(|_| hit.mv != 0) {
                text.push_str(&format!(" bestmove {}", position.move_text(mv)));
            }
            let score = report::ucci_score(hit.score.from_table(0));
            let depth = hit.depth.max(0);
            match hit.bound {
                tt::Bound::Lower => text.push_str(&format!(" lowerbound {score} depth {depth}")),
                tt::Bound::Upper => text.push_str(&format!(" upperbound {score} depth {depth}")),
                tt::Bound::Exact => text
                    .push_str(&format!(" lowerbound {score} depth {depth} upperbound {score} depth {depth}")),
            }
        }
        self.output.line(&text);
    }
}
