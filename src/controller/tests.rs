//! The controller's lifetime rules, which no protocol test can see: a dropped controller leaves no
//! search thread behind, and its searches' answers come once.

use super::events::{Decision, Info, Listener};
use super::request::GoRequest;
use super::Controller;
use engine::chess::{Move, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
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
