//! The core search's reports, turned into [`Listener`] events: totals over all threads, the time
//! since `go`, the lines of the last completed iteration (which the strength limit chooses among)
//! and, when the listener wants them, each root move's refutation.

use super::events::{CurrentMove, Info, Listener, Progress};
use super::job::{legal_move, Shared};
use crate::games::Variant;
use engine::search::{Bound, Reporter, SearchInfo, TranspositionTable};
use engine::Score;
use std::cell::{Cell, RefCell};
use std::time::Duration;

/// `currmove` events start after this much search time, Stockfish's: GUIs need none for short
/// searches, and Cute Chess clears its shown score and line at each event (a deeper `depth` than
/// its last line's), so they must not fill an ordinary move's thinking.
const CURRMOVE_DELAY: Duration = Duration::from_secs(3);
/// Longest silence about nodes and speed in a long iteration (the UCI description asks for them
/// regularly).
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

/// The listener, and when it last heard where the search stands, shared by the main thread's
/// reporter (lines and current moves) and its control (polled every few thousand nodes): a root
/// move that takes long still yields a progress event each second.
pub struct News<'a, G: Variant> {
    listener: RefCell<&'a mut dyn Listener<G>>,
    last: Cell<Duration>,
    /// The process's CPU time when the search started.
    cpu_at_start: Option<Duration>,
    shared: &'a Shared,
    tt: &'a TranspositionTable<'a>,
}

impl<'a, G: Variant> News<'a, G> {
    pub fn new(
        listener: &'a mut dyn Listener<G>,
        shared: &'a Shared,
        tt: &'a TranspositionTable<'a>,
    ) -> Self {
        let cpu_at_start = process_cpu_time();
        News { listener: RefCell::new(listener), last: Cell::new(Duration::ZERO), cpu_at_start, shared, tt }
    }

    /// A progress event if a second passed without news (none in the first second: GUIs need
    /// none for short searches). `nodes`: the main thread's.
    pub fn poll(&self, nodes: u64) {
        let elapsed = self.shared.started.elapsed();
        if elapsed >= PROGRESS_INTERVAL && elapsed >= self.last.get() + PROGRESS_INTERVAL {
            self.last.set(elapsed);
            let cpuload = self.cpu_at_start.zip(process_cpu_time()).map(|(start, now)| {
                let available = elapsed.as_secs_f64() * self.shared.threads() as f64;
                ((now.saturating_sub(start).as_secs_f64() / available * 1000.0) as u32).min(1000)
            });
            let progress = Progress {
                nodes: self.shared.total_nodes(nodes),
                tbhits: crate::syzygy::hits(),
                elapsed,
                hashfull: self.tt.hashfull(),
                cpuload,
            };
            self.listener.borrow_mut().progress(&progress);
        }
    }

    /// The listener, for one event (the search thread's calls never overlap).
    fn listener(&self) -> std::cell::RefMut<'_, &'a mut dyn Listener<G>> {
        self.listener.borrow_mut()
    }
}

/// The CPU time the whole process has used (user and system), where the system says.
fn process_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
        // SAFETY: getrusage fills the struct it is given and touches nothing else.
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } != 0 {
            return None;
        }
        // SAFETY: a zero return means the struct was filled.
        let usage = unsafe { usage.assume_init() };
        let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        Some(time(usage.ru_utime) + time(usage.ru_stime))
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The reporter of the main search thread.
pub struct EventReporter<'a, G: Variant> {
    news: &'a News<'a, G>,
    position: &'a G,
    shared: &'a Shared,
    tt: &'a TranspositionTable<'a>,
    /// Lines searched per iteration.
    multipv: usize,
    /// Lines reported per iteration: those the GUI asked for, the first of `multipv` (a weakened
    /// search's extra lines are its own business, and python-chess would take the last line's
    /// score for the move's).
    shown_lines: usize,
    /// Legal root moves (after `searchmoves`), for the refutation lines.
    root_moves: Vec<G::Move>,
    /// The principal variations of the iteration being reported, by `multipv` index.
    lines: Vec<Vec<G::Move>>,
    /// Root move and score of each exact line of the iteration being reported, and of the last one
    /// completed.
    current_lines: Vec<(G::Move, Score)>,
    completed_lines: Vec<(G::Move, Score)>,
    /// Score of the last best line reported.
    last_score: Option<Score>,
    /// The endgame tables' value of the root, shown in place of the search's evaluations.
    table_score: Option<Score>,
}

impl<'a, G: Variant> EventReporter<'a, G> {
    pub fn new(
        news: &'a News<'a, G>,
        position: &'a G,
        (searchmoves, (multipv, shown_lines), table_score): (&[G::Move], (usize, usize), Option<Score>),
        shared: &'a Shared,
        tt: &'a TranspositionTable<'a>,
    ) -> Self {
        let mut moves = G::MoveList::default();
        position.generate_moves(&mut moves);
        let root_moves =
            moves.iter().copied().filter(|mv| searchmoves.is_empty() || searchmoves.contains(mv)).collect();
        EventReporter {
            news,
            position,
            shared,
            tt,
            multipv,
            shown_lines,
            root_moves,
            lines: Vec::new(),
            current_lines: Vec::new(),
            completed_lines: Vec::new(),
            last_score: None,
            table_score,
        }
    }

    /// Score of the last best line reported, if any.
    pub fn last_score(&self) -> Option<Score> {
        self.last_score
    }

    /// The lines of the last iteration whose every principal variation was reported exactly.
    pub fn completed_lines(&self) -> Vec<(G::Move, Score)> {
        self.completed_lines.clone()
    }

    /// Each root move's line: its principal variation if it has one (the `MultiPV` lines), else
    /// the move and the table's best reply to it, when the table still holds one.
    fn refutations(&mut self) {
        let position = self.position;
        let mut lines = Vec::new();
        for &mv in self.root_moves.iter() {
            let line = match self.lines.iter().find(|line| line.first() == Some(&mv)) {
                Some(line) => line.clone(),
                None => {
                    let mut next = *position;
                    next.make_move(mv);
                    let reply =
                        self.tt.probe(next.hash()).and_then(|hit| legal_move(&next, G::decode_move(hit.mv)));
                    std::iter::once(mv).chain(reply).collect()
                }
            };
            // A move with no known reply still gets its line (the bare move), as the UCI text has it.
            lines.push(line);
        }
        if !lines.is_empty() {
            self.news.listener().refutations(position, &lines);
        }
    }
}

/// The score shown in place of a search's `score` where the root is in the endgame tables
/// (`table_score`, their result), as Stockfish shows it, on every line and with the move played: a
/// won ending is not an evaluation, and the result is exact whatever window or node limit the
/// search had. `None` (the search's own score) outside the tables, and for a mate the search
/// found, which is more precise.
pub fn table_result(table_score: Option<Score>, score: Score) -> Option<Score> {
    table_score.filter(|_| !score.is_mate())
}

impl<G: Variant> Reporter<G::Move> for EventReporter<'_, G> {
    fn report(&mut self, info: &SearchInfo<'_, G::Move>) {
        let bound = info.bound;
        let shown;
        let info = match table_result(self.table_score, info.score) {
            Some(score) => {
                shown = SearchInfo { score, bound: Bound::Exact, ..*info };
                &shown
            }
            None => info,
        };
        let event = Info {
            line: info,
            nodes: self.shared.total_nodes(info.nodes),
            tbhits: crate::syzygy::hits(),
            elapsed: self.shared.started.elapsed(),
            proof: None,
        };
        if info.multipv <= self.shown_lines {
            let mut listener = self.news.listener();
            // A line the front-end hides (a failed window's, in UCI's first seconds) is no news:
            // were it counted, a long iteration could go two seconds without a word.
            if listener.shows(&event) {
                self.news.last.set(event.elapsed);
            }
            listener.info(self.position, &event);
        }
        if info.multipv == 1 {
            self.last_score = Some(info.score);
        }
        if bound != Bound::Exact {
            return;
        }
        let last_of_iteration = info.multipv >= self.multipv.min(self.root_moves.len());
        if info.multipv == 1 {
            self.current_lines.clear();
            self.lines.clear();
        }
        if let Some(&mv) = info.pv.first() {
            self.current_lines.push((mv, info.score));
        }
        if last_of_iteration {
            self.completed_lines = self.current_lines.clone();
        }
        if self.news.listener().wants_refutations() {
            self.lines.push(info.pv.to_vec());
            if last_of_iteration {
                self.refutations();
            }
        }
    }

    fn current_move(&mut self, depth: u32, mv: G::Move, number: usize, nodes: u64) {
        let elapsed = self.shared.started.elapsed();
        if elapsed < CURRMOVE_DELAY {
            return;
        }
        self.news.poll(nodes);
        let current = CurrentMove { depth, mv, number, elapsed, threads: self.shared.threads() };
        self.news.listener().current_move(self.position, &current);
    }
}
