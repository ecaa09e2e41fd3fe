//! `ffo`: the FFO endgame suite (Edax's and NTest's yardstick for an Othello endgame solver), each
//! position solved exactly and checked against the file; a tester's command, which NBoard offers.

use super::othello::solve_together;
use crate::resources::{huge_vec, MAX_THREADS};
use engine::othello::endgame::{self, EndgameEntry};
use engine::othello::{Move, MoveText, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// What `ffo` reports as it goes.
pub enum FfoEvent<'a> {
    /// The file is read and the table allocated: the solves begin.
    Started,
    /// Position `number`'s board does not read.
    Unreadable(u32),
    /// A position solved and checked against the file.
    Solved(FfoSolve<'a>),
    /// `stop` ended the run.
    Stopped,
    /// Every position asked for is solved: the time and nodes of all, and how many were wrong.
    Finished { seconds: f64, nodes: u64, wrong: usize },
}

/// One FFO position solved.
pub struct FfoSolve<'a> {
    pub number: u32,
    /// Empty squares, as the file writes them.
    pub empties: &'a str,
    /// The solved score, in discs for the side to move.
    pub score: i32,
    /// The file's score (`i32::MIN` where it does not read).
    pub want: i32,
    pub best: Move,
    pub seconds: f64,
    /// All threads'.
    pub nodes: u64,
    /// Score and move agree with the file.
    pub right: bool,
}

/// `ffo [FILE [FIRST [LAST [THREADS]]]]`: solves the FFO endgame positions of `FILE` (number,
/// empties, side, score, best moves, board) exactly, each from an empty solver table, and checks
/// score and move against the file; `stop` ends it within milliseconds. With more than one thread
/// they solve each position together ([`endgame::solve_exact_shared`]); the nodes are all threads'.
/// The error says why it could not start.
pub fn ffo(
    path: &str,
    first: u32,
    last: u32,
    threads: usize,
    stop: &AtomicBool,
    report: &mut dyn FnMut(FfoEvent<'_>),
) -> Result<(), String> {
    let text = crate::files::read_text(path).map_err(|error| format!("ffo: {error}"))?;
    let threads = threads.clamp(1, MAX_THREADS as usize);
    let table = huge_vec(1 << 22, EndgameEntry::default).ok_or("ffo: no memory for the table")?;
    let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0.0f64, 0);
    report(FfoEvent::Started);
    for line in text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [number, empties, side, score, best, board] = fields[..] else { continue };
        let Ok(number) = number.parse::<u32>() else { continue };
        if number < first || number > last {
            continue;
        }
        let Ok(position) = Position::parse(&format!("{board} {side}")) else {
            report(FfoEvent::Unreadable(number));
            continue;
        };
        let want: i32 = score.trim_start_matches('+').parse().unwrap_or(i32::MIN);
        endgame::clear(&table);
        let started = std::time::Instant::now();
        let stopped = || stop.load(Ordering::Relaxed);
        let Some((solution, nodes)) = solve_together(&position, &table, threads, &stopped) else {
            report(FfoEvent::Stopped);
            return Ok(());
        };
        let seconds = started.elapsed().as_secs_f64();
        let played = MoveText(solution.best_move).to_string();
        let right = solution.score == want && best.split(',').any(|mv| mv.eq_ignore_ascii_case(&played));
        wrong += usize::from(!right);
        total_nodes += nodes;
        total_seconds += seconds;
        report(FfoEvent::Solved(FfoSolve {
            number,
            empties,
            score: solution.score,
            want,
            best: solution.best_move,
            seconds,
            nodes,
            right,
        }));
    }
    report(FfoEvent::Finished { seconds: total_seconds, nodes: total_nodes, wrong });
    Ok(())
}
