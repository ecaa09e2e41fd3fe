//! The controller's lifetime rules, which no protocol test can see: a dropped controller leaves no
//! search thread behind, and its searches' answers come once. And why a position is refused, as
//! the front-ends read it.

use super::events::{Decision, Info, Listener, Progress};
use super::request::GoRequest;
use super::{Controller, PositionError, Setup};
use crate::games::Variant;
use engine::chess::{Move, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Counts the answers a search gives.
struct Answers(Arc<AtomicUsize>);

impl Listener<Position> for Answers {
    fn info(&mut self, _position: &Position, _info: &Info<'_, Move>) {}

    fn finished(&mut self, _position: &Position, _decision: &Decision<Move>) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn dropping_a_controller_mid_search_ends_the_search_and_its_answer_comes_once() {
    let answers = Arc::new(AtomicUsize::new(0));
    let mut controller: Box<Controller<Position>> = Box::default();
    controller
        .go(GoRequest { infinite: true, ..GoRequest::default() }, Box::new(Answers(Arc::clone(&answers))));
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(answers.load(Ordering::SeqCst), 0, "an infinite search answers only when stopped");
    let started = Instant::now();
    drop(controller);
    // The drop waited for the thread: the answer is already out, and only one.
    assert_eq!(answers.load(Ordering::SeqCst), 1);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(answers.load(Ordering::SeqCst), 1);
}

/// Hides every line, as UCI hides a failed aspiration window's in a search's first seconds, and
/// records when the progress events come.
struct HidesLines(Arc<Mutex<Vec<Duration>>>);

impl Listener<Position> for HidesLines {
    fn info(&mut self, _position: &Position, _info: &Info<'_, Move>) {}

    fn shows(&self, _info: &Info<'_, Move>) -> bool {
        false
    }

    fn progress(&mut self, progress: &Progress) {
        self.0.lock().unwrap().push(progress.elapsed);
    }

    fn finished(&mut self, _position: &Position, _decision: &Decision<Move>) {}
}

#[test]
fn lines_the_front_end_hides_do_not_put_off_the_progress_events() {
    let times = Arc::new(Mutex::new(Vec::new()));
    let mut controller: Box<Controller<Position>> = Box::default();
    controller
        .go(GoRequest { infinite: true, ..GoRequest::default() }, Box::new(HidesLines(Arc::clone(&times))));
    std::thread::sleep(Duration::from_millis(2600));
    drop(controller);
    // The first iterations end every few milliseconds, and none of their lines was written: the
    // GUI has heard nothing, so the events come each second from the first on.
    let times = times.lock().unwrap().clone();
    let late = Duration::from_millis(1300);
    assert!(times.len() >= 2 && times[0] < late, "{times:?}");
    assert!(times.windows(2).all(|pair| pair[1] - pair[0] < late), "{times:?}");
}

#[test]
fn a_refused_position_says_why_as_a_value_and_in_the_protocols_words() {
    let mut controller: Box<Controller<Position>> = Box::default();
    let moves = |words: &[&str]| words.iter().map(|word| word.to_string()).collect::<Vec<_>>();
    let (after_e4, _, _) = controller.build_position(&Setup::StartPos, &moves(&["e2e4"])).unwrap();
    let fen = after_e4.fen_text();

    let error = controller.set_position(&Setup::StartPos, &moves(&["e2e4", "e2e4", "e7e5"])).unwrap_err();
    assert_eq!(error, PositionError::IllegalMove { text: "e2e4".into(), fen: fen.clone() });
    assert_eq!(error.to_string(), format!("illegal move e2e4 in {fen}"));
    assert!(!controller.has_position(), "all or nothing");

    let error = controller.set_position(&Setup::Fen("8/8/8 w".into()), &[]).unwrap_err();
    let PositionError::InvalidFen(reason) = &error else { panic!("{error:?}") };
    assert_eq!(error.to_string(), format!("invalid fen ({reason})"));

    let why = "usage: position startpos|fen <fen> [moves ...]";
    let error = controller.set_position(&Setup::Unreadable(why.into()), &[]).unwrap_err();
    assert_eq!(error, PositionError::Unreadable(why.into()));
    assert_eq!(error.to_string(), why);

    assert_eq!(controller.set_position(&Setup::StartPos, &moves(&["e2e4"])), Ok(Vec::new()));
    assert!(controller.has_position());
}
