//! `ffo`: the FFO endgame suite (Edax's and NTest's yardstick for an Othello endgame solver), each
//! position solved exactly and checked against the file; a tester's command, which NBoard offers.

use super::othello::solve_together;
use crate::resources::{huge_vec, MAX_THREADS};
use engine::othello::endgame::{self, EndgameEntry};
use engine::othello::ffo::{FfoLine, FfoLineError};
use engine::othello::Move;
use std::sync::atomic::{AtomicBool, Ordering};

/// What `ffo` reports as it goes.
pub enum FfoEvent {
    /// The file is read and the table allocated: the solves begin.
    Started,
    /// Position `number`'s board does not read, or has other empties than the line says.
    Unreadable(u32),
    /// A position solved and checked against the file.
    Solved(FfoSolve),
    /// `stop` ended the run.
    Stopped,
    /// Every position asked for is solved: the time and nodes of all, and how many were wrong.
    Finished { seconds: f64, nodes: u64, wrong: usize },
}

/// One FFO position solved.
pub struct FfoSolve {
    pub number: u32,
    /// Empty squares.
    pub empties: u32,
    /// The solved score, in discs for the side to move.
    pub score: i32,
    /// The file's score.
    pub want: i32,
    pub best: Move,
    pub seconds: f64,
    /// All threads'.
    pub nodes: u64,
    /// Score and move agree with the file.
    pub right: bool,
}

/// `ffo [FILE [FIRST [LAST [THREADS]]]]`: solves the FFO endgame positions of `FILE` (lines as
/// [`FfoLine`] reads them; one whose number does not read is skipped) exactly, each from an empty solver table, and checks
/// score and move against the file; `stop` ends it within milliseconds. With more than one thread
/// they solve each position together ([`endgame::solve_exact_shared`]); the nodes are all threads'.
/// The error says why it could not start.
pub fn ffo(
    path: &str,
    first: u32,
    last: u32,
    threads: usize,
    stop: &AtomicBool,
    report: &mut dyn FnMut(FfoEvent),
) -> Result<(), String> {
    let text = crate::files::read_text(path).map_err(|error| format!("ffo: {error}"))?;
    let in_range = |number: u32| (first..=last).contains(&number);
    // The lines numbered `first..=last`: their positions, or the number of one that does not read.
    let lines: Vec<Result<FfoLine, u32>> = text
        .lines()
        .filter_map(FfoLine::parse)
        .filter_map(|line| match line {
            Ok(line) => in_range(line.number).then_some(Ok(line)),
            Err(FfoLineError::Board { number, .. } | FfoLineError::Empties { number }) => {
                in_range(number).then_some(Err(number))
            }
            Err(_) => None,
        })
        .collect();
    // A file of something else would otherwise "solve" nothing, all right, in no time.
    if lines.is_empty() {
        return Err(format!("ffo: {path} has no position numbered {first} to {last}"));
    }
    let threads = threads.clamp(1, MAX_THREADS as usize);
    let table = huge_vec(1 << 22, EndgameEntry::default).ok_or("ffo: no memory for the table")?;
    let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0.0f64, 0);
    // A new table is already empty: only one a solve has filled is cleared (a pass over 96 MiB).
    let mut table_used = false;
    report(FfoEvent::Started);
    for line in lines {
        let line = match line {
            Ok(line) => line,
            Err(number) => {
                report(FfoEvent::Unreadable(number));
                continue;
            }
        };
        if table_used {
            endgame::clear(&table);
        }
        table_used = true;
        let started = std::time::Instant::now();
        let stopped = || stop.load(Ordering::Relaxed);
        let Some((solution, nodes)) = solve_together(&line.position, &table, threads, &stopped) else {
            report(FfoEvent::Stopped);
            return Ok(());
        };
        let seconds = started.elapsed().as_secs_f64();
        let right = solution.score == line.score && line.is_best(solution.best_move);
        wrong += usize::from(!right);
        total_nodes += nodes;
        total_seconds += seconds;
        report(FfoEvent::Solved(FfoSolve {
            number: line.number,
            empties: line.position.empties(),
            score: solution.score,
            want: line.score,
            best: solution.best_move,
            seconds,
            nodes,
            right,
        }));
    }
    report(FfoEvent::Finished { seconds: total_seconds, nodes: total_nodes, wrong });
    Ok(())
}
