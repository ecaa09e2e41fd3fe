//! UCCI's graded options, listed as ElephantEye lists them (`type combo`, in
//! [`super::parse::OPTION_LINES`]), with what each grade asks of the controller's searches:
//!
//! - `idle` (`none` by default, `small`, `medium`, `large`): each search thread sleeps 0, 25, 50
//!   or 75% of its time, leaving that share of a processor to the user's other programs.
//! - `pruning` (`none`, `small`, `medium`, `large` by default): a full-width search; with late-move
//!   reductions; and with the null move; everything the search was tuned with ([`Selectivity`]).
//! - `knowledge` (`none`, `small`, `medium`, `large` by default): material alone; with the
//!   piece-square tables; the linear evaluation; the evaluation `usennue` chooses ([`Knowledge`]).
//! - `randomness` (`none` by default, `tiny`, `small`, `medium`, `large`, `huge`): the move is
//!   drawn among the best lines within 0, 1, 3, 7, 15 or 31 of the best (a minor piece is 100).
//! - `style` (`solid`, `normal` by default, `risky`): a draw is worth +10, 0 or -10 to the engine.
//!
//! A change of `knowledge` or `style` empties the hash table, whose entries hold the values of the
//! setting before.
//!
//! ElephantEye's own grades are coarser: `pruning none` turns its null move off, `knowledge none`
//! leaves material and piece-square tables, `idle` sleeps a millisecond every 1 024, 256 or 64
//! nodes, `randomness` adds noise of up to the same bounds to its root scores, and it has no
//! `style`. Values are matched without regard to case, as ElephantEye matches them.

use super::format::from_ucci_units;
use crate::controller::request::GoRequest;
use crate::knowledge::Knowledge;
use engine::search::Selectivity;

/// The grades of `idle`, `pruning` and `knowledge`, least first.
const GRADES: [&str; 4] = ["none", "small", "medium", "large"];
/// The grades of `randomness`, least first.
const RANDOMNESS: [&str; 6] = ["none", "tiny", "small", "medium", "large", "huge"];
/// Per cent of the time a search thread sleeps, by `idle` grade.
const IDLE_PERCENT: [u8; 4] = [0, 25, 50, 75];
/// How far below the best a line may be and still be played, by `randomness` grade, in UCCI's
/// unit: ElephantEye's bounds on its root noise.
const RANDOM_MARGIN: [i32; 6] = [0, 1, 3, 7, 15, 31];
/// The styles, and what a draw is worth to the engine under each, in UCCI's unit.
const STYLES: [(&str, i32); 3] = [("solid", 10), ("normal", 0), ("risky", -10)];

/// The grades as last set, each an index into its list of grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    idle: usize,
    pruning: usize,
    knowledge: usize,
    randomness: usize,
    style: usize,
}

impl Default for Levels {
    fn default() -> Self {
        Levels { idle: 0, pruning: 3, knowledge: 3, randomness: 0, style: 1 }
    }
}

impl Levels {
    /// `setoption <name> <value>` for one of these options: `None` if `name` is none of them,
    /// else whether `value` is one of its grades (a value that is not keeps the grade as it was,
    /// and the error says why).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Option<Result<(), String>> {
        let styles = STYLES.map(|(style, _)| style);
        let (grades, slot): (&[&str], &mut usize) = match name {
            "idle" => (&GRADES, &mut self.idle),
            "pruning" => (&GRADES, &mut self.pruning),
            "knowledge" => (&GRADES, &mut self.knowledge),
            "randomness" => (&RANDOMNESS, &mut self.randomness),
            "style" => (&styles, &mut self.style),
            _ => return None,
        };
        let value = value.unwrap_or("");
        Some(match grades.iter().position(|grade| grade.eq_ignore_ascii_case(value)) {
            Some(index) => {
                *slot = index;
                Ok(())
            }
            None => Err(format!("{name} takes {}, not {value:?}; kept {}", grades.join(", "), grades[*slot])),
        })
    }

    /// True when searches under `self` and `other` give a position the same score: the same
    /// evaluation, and draws worth the same. Where they do not, the hash table's scores and
    /// evaluations are the old setting's.
    pub fn scores_as(&self, other: &Levels) -> bool {
        self.knowledge == other.knowledge && self.style == other.style
    }

    /// How much of its evaluation a search uses.
    pub fn knowledge(&self) -> Knowledge {
        [Knowledge::Material, Knowledge::Tables, Knowledge::HandCrafted, Knowledge::Full][self.knowledge]
    }

    /// Writes the grades into a search's request.
    pub fn apply<M>(&self, request: &mut GoRequest<M>) {
        request.idle_percent = IDLE_PERCENT[self.idle];
        request.selectivity =
            [Selectivity::None, Selectivity::Reductions, Selectivity::NullMove, Selectivity::Full]
                [self.pruning];
        request.knowledge = self.knowledge();
        request.random_margin = from_ucci_units(RANDOM_MARGIN[self.randomness]);
        request.draw_value = from_ucci_units(STYLES[self.style].1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::xiangqi::Move;

    fn request(levels: &Levels) -> GoRequest<Move> {
        let mut request = GoRequest::default();
        levels.apply(&mut request);
        request
    }

    #[test]
    fn the_defaults_ask_for_the_default_search() {
        assert_eq!(request(&Levels::default()), GoRequest::default());
    }

    #[test]
    fn grades_are_read_without_regard_to_case_and_bad_ones_keep_the_grade() {
        let mut levels = Levels::default();
        assert_eq!(levels.set("pruning", Some("None")), Some(Ok(())));
        assert_eq!(levels.set("knowledge", Some("small")), Some(Ok(())));
        assert_eq!(levels.set("randomness", Some("HUGE")), Some(Ok(())));
        assert_eq!(levels.set("style", Some("risky")), Some(Ok(())));
        assert_eq!(levels.set("idle", Some("large")), Some(Ok(())));
        let set = request(&levels);
        assert_eq!(set.selectivity, Selectivity::None);
        assert_eq!(set.knowledge, Knowledge::Tables);
        assert_eq!(set.random_margin, from_ucci_units(31));
        assert!(set.draw_value < 0);
        assert_eq!(set.idle_percent, 75);
        let error = levels.set("pruning", Some("tiny")).unwrap().unwrap_err();
        assert!(error.contains("kept none"), "{error}");
        assert!(levels.set("style", None).unwrap().is_err());
        assert_eq!(request(&levels).selectivity, Selectivity::None);
        assert_eq!(levels.set("usebook", Some("true")), None);
    }

    /// Every grade a combo line lists is read, and its default is the default grade.
    #[test]
    fn the_listed_grades_are_the_grades_read() {
        let combos: Vec<&str> = crate::protocol::ucci::parse::OPTION_LINES
            .iter()
            .copied()
            .filter(|line| line.contains(" type combo"))
            .collect();
        assert_eq!(combos.len(), 5);
        for line in combos {
            let words: Vec<&str> = line.split_whitespace().collect();
            let name = words[1];
            let vars: Vec<&str> =
                words.windows(2).filter(|pair| pair[0] == "var").map(|pair| pair[1]).collect();
            let default = words[words.iter().position(|&word| word == "default").unwrap() + 1];
            for var in &vars {
                assert_eq!(Levels::default().set(name, Some(var)), Some(Ok(())), "{line}");
            }
            let mut levels = Levels::default();
            levels.set(name, Some(default)).unwrap().unwrap();
            assert_eq!(levels, Levels::default(), "{line}");
            assert!(levels.set(name, Some("extreme")).unwrap().is_err(), "{line}");
        }
    }
}
