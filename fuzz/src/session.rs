//! The session driver: sessions of random protocols, each a run of bursts, each burst checked.
//!
//! A session is [`Protocol::new`] with a [`Capture`] for its output, opened by its generator's
//! first lines. Each burst sends 1 to 50 commands (and what the model puts before some), then:
//!
//! 1. nothing panicked, on any thread, and `quit` ended the session exactly when it was sent;
//! 2. the sync command (`isready`, `ping N`, a numbered GTP command) is answered within
//!    [`Config::sync_timeout`], searches still running;
//! 3. after the protocol's stop, the burst's answers are counted against its commands
//!    ([`Fuzzer::check_burst`]);
//! 4. a known position is set and a short search asked for: its answer must come within
//!    [`Config::answer_timeout`] and be a legal move (or "none" exactly when there is none), and
//!    the lines the search wrote before it pass the model's check ([`commands::Probe`]).
//!
//! A command that does not return within [`Config::hang_timeout`] is a hang: a watchdog thread
//! reports it and ends the process (the command thread cannot be taken back). After a `quit`, or
//! after its last burst, the session is closed and the next one starts.

use crate::capture::Capture;
use crate::commands::{self, Fuzzer};
use crate::dice::{derive, Dice};
use crate::panics::{install_panic_hook, take_panics};
use crate::seeds::Seeds;
use crate::transcript::{transcript_bytes, Input};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use triskel::games::GameKind;
use triskel::protocol::{Flow, Protocol};

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    /// The protocols sessions are drawn from.
    pub protocols: Vec<&'static str>,
    /// Stop once this many burst inputs ran.
    pub inputs: u64,
    /// The first session's number (sessions are numbered from the seed: session `k` always draws
    /// the same commands).
    pub first_session: u64,
    /// Stop after this many sessions.
    pub sessions: Option<u64>,
    /// Most bursts in a session.
    pub max_bursts: u64,
    pub sync_timeout: Duration,
    pub answer_timeout: Duration,
    pub hang_timeout: Duration,
    /// Go on after a failure (with a new session), counting failures.
    pub keep_going: bool,
    /// Where failing sessions' transcripts are written.
    pub failure_dir: PathBuf,
    /// How a failing session is reproduced, `{index}` standing for its number.
    pub repro: String,
}

impl Config {
    /// Every protocol, `inputs` burst inputs from `seed`, the default timeouts.
    pub fn new(seed: u64, inputs: u64) -> Config {
        Config {
            seed,
            protocols: commands::PROTOCOLS.to_vec(),
            inputs,
            first_session: 0,
            sessions: None,
            max_bursts: 200,
            sync_timeout: Duration::from_secs(2),
            answer_timeout: Duration::from_secs(10),
            hang_timeout: Duration::from_secs(60),
            keep_going: false,
            failure_dir: std::env::temp_dir(),
            repro: format!("session {{index}} of seed {seed}"),
        }
    }
}

/// What ran, so far.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Burst inputs (commands, blank lines, lines that are not UTF-8) handed to sessions.
    pub inputs: u64,
    /// Sync, stop and probe lines sent besides.
    pub control: u64,
    pub bursts: u64,
    pub sessions: u64,
    /// Probe answers checked legal.
    pub moves: u64,
    /// Probe answers checked legal, per game and notation ([`commands::Probe::label`]).
    pub moves_by_label: BTreeMap<&'static str, u64>,
    /// Burst inputs per protocol.
    pub per_protocol: BTreeMap<&'static str, u64>,
    /// The failure reports.
    pub failures: Vec<String>,
    pub elapsed: Duration,
}

/// A failed check.
struct Failure {
    kind: &'static str,
    detail: String,
}

fn fail<T>(kind: &'static str, detail: impl Into<String>) -> Result<T, Failure> {
    Err(Failure { kind, detail: detail.into() })
}

/// The text of a caught panic.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// The inputs of the session under way, shared with the watchdog.
#[derive(Default)]
struct Log {
    /// Protocol, seed and session, for the reports.
    about: String,
    file: PathBuf,
    inputs: Vec<Input>,
    /// What the repro command line is.
    repro: String,
}

/// Ends the process when a command does not return in time.
struct Watchdog {
    armed: Arc<Mutex<Option<(Instant, String)>>>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    fn start(log: Arc<Mutex<Log>>) -> Watchdog {
        let armed: Arc<Mutex<Option<(Instant, String)>>> = Arc::default();
        let done = Arc::new(AtomicBool::new(false));
        let (watch, stop) = (Arc::clone(&armed), Arc::clone(&done));
        let thread = std::thread::Builder::new()
            .name("fuzz watchdog".into())
            .spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    let overdue = watch
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .as_ref()
                        .filter(|(deadline, _)| Instant::now() > *deadline)
                        .map(|(_, what)| what.clone());
                    if let Some(what) = overdue {
                        let log = log.lock().unwrap_or_else(PoisonError::into_inner);
                        let report = report(&log, "hang", &format!("no return from {what}"), None);
                        eprintln!("{report}");
                        std::process::exit(70);
                    }
                }
            })
            .expect("a watchdog thread");
        Watchdog { armed, done, thread: Some(thread) }
    }

    fn arm(&self, limit: Duration, what: String) {
        *self.armed.lock().unwrap_or_else(PoisonError::into_inner) = Some((Instant::now() + limit, what));
    }

    fn disarm(&self) {
        *self.armed.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A failure report: what failed, how to reproduce it, the last inputs and output lines. Writes
/// the session's inputs to the log's file.
fn report(log: &Log, kind: &str, detail: &str, output: Option<&[String]>) -> String {
    let written = match std::fs::write(&log.file, transcript_bytes(&log.inputs)) {
        Ok(()) => format!("{}", log.file.display()),
        Err(error) => format!("(not written: {error})"),
    };
    let mut text = format!(
        "FAILURE ({kind}): {detail}\n  {}\n  reproduce: {}\n  the session's {} inputs: {written}\n    \
         (feed it to the binary on its standard input)\n  last inputs:\n",
        log.about,
        log.repro,
        log.inputs.len()
    );
    let from = log.inputs.len().saturating_sub(25);
    for (index, input) in log.inputs.iter().enumerate().skip(from) {
        text.push_str(&format!("    {index:>6} {}\n", input.shown(200)));
    }
    if let Some(output) = output {
        text.push_str("  last output lines:\n");
        for line in &output[output.len().saturating_sub(25)..] {
            text.push_str(&format!("    {}\n", Input::Line(line.clone()).shown(200)));
        }
    }
    text
}

/// Runs sessions until `config.inputs` burst inputs ran (or the sessions asked for), calling
/// `progress` after every burst.
pub fn run(config: &Config, progress: &mut dyn FnMut(&Stats)) -> Stats {
    install_panic_hook();
    take_panics();
    let mut runner = Runner::new(config.clone());
    let started = Instant::now();
    let mut index = config.first_session;
    while runner.stats.inputs < config.inputs
        && config.sessions.is_none_or(|sessions| index < config.first_session + sessions)
    {
        let mut dice = Dice::new(derive(config.seed, index));
        let failed = runner.session(index, &mut dice, &mut |stats: &Stats| {
            let mut stats = stats.clone();
            stats.elapsed = started.elapsed();
            progress(&stats);
        });
        index += 1;
        if failed && !config.keep_going {
            break;
        }
    }
    runner.stats.elapsed = started.elapsed();
    runner.stats
}

struct Runner {
    config: Config,
    seeds: Arc<Seeds>,
    stats: Stats,
    log: Arc<Mutex<Log>>,
    watchdog: Watchdog,
    /// Numbers the sync commands.
    syncs: u64,
}

impl Runner {
    fn new(config: Config) -> Runner {
        let log = Arc::new(Mutex::new(Log::default()));
        let watchdog = Watchdog::start(Arc::clone(&log));
        Runner { config, seeds: Arc::new(Seeds::new()), stats: Stats::default(), log, watchdog, syncs: 0 }
    }

    /// Runs session `index`, its choices drawn from `dice`; true if it failed.
    fn session(&mut self, index: u64, dice: &mut Dice, progress: &mut dyn FnMut(&Stats)) -> bool {
        let protocol = *dice.pick(&self.config.protocols);
        let mut fuzzer = commands::fuzzer(protocol, Arc::clone(&self.seeds), dice).expect("a known protocol");
        let (capture, output) = Capture::new();
        let mut session = Protocol::new(output, fuzzer.start_game());
        {
            let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
            let variant =
                if fuzzer.start_game() == GameKind::Xiangqi { " (started as --variant xiangqi)" } else { "" };
            log.about = format!("protocol {protocol}{variant}, seed {}, session {index}", self.config.seed);
            log.file = self
                .config
                .failure_dir
                .join(format!("triskel-fuzz-seed{}-session{index}.txt", self.config.seed));
            log.inputs.clear();
            log.repro = self.config.repro.replace("{index}", &index.to_string());
        }
        self.stats.sessions += 1;
        let bursts = dice.range(1, self.config.max_bursts.max(1) as i64) as u64;
        let mut result = Ok(());
        let mut open = true;
        for burst in 0..bursts {
            if self.stats.inputs >= self.config.inputs {
                break;
            }
            match self.burst(&mut *fuzzer, &mut session, &capture, dice, burst) {
                Ok(true) => {}
                Ok(false) => {
                    open = false;
                    break;
                }
                Err(failure) => {
                    result = Err(failure);
                    break;
                }
            }
            progress(&self.stats);
        }
        if result.is_ok() && open {
            result = self.close(&mut *fuzzer, &mut session, &capture);
        }
        if result.is_ok() {
            if let Some(line) = capture.not_utf8() {
                result = fail("output", format!("a line that is not UTF-8: {line:?}"));
            }
        }
        match result {
            Ok(()) => false,
            Err(failure) => {
                if open {
                    // Stop what may still run; the session is dropped.
                    let _ = catch_unwind(AssertUnwindSafe(|| {
                        let (sync, _) = fuzzer.sync(0);
                        session.handle(&sync);
                        for line in fuzzer.settle() {
                            session.handle(&line);
                        }
                    }));
                }
                take_panics();
                let log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
                let text = report(&log, failure.kind, &failure.detail, Some(&capture.since(0)));
                drop(log);
                eprintln!("{text}");
                self.stats.failures.push(text);
                progress(&self.stats);
                true
            }
        }
    }

    /// Hands one input to the session, under the watchdog; a panic is a failure.
    fn send(&mut self, session: &mut Protocol, input: &Input) -> Result<Flow, Failure> {
        self.log.lock().unwrap_or_else(PoisonError::into_inner).inputs.push(input.clone());
        self.watchdog.arm(self.config.hang_timeout, input.shown(200));
        let result = catch_unwind(AssertUnwindSafe(|| match input {
            Input::Line(line) => session.handle(line),
            Input::Garbage => session.garbage(b"\xff\xfe"),
        }));
        self.watchdog.disarm();
        result.or_else(|payload| {
            take_panics();
            fail("panic", format!("{} on {}", panic_text(&*payload), input.shown(200)))
        })
    }

    fn send_control(&mut self, session: &mut Protocol, line: &str) -> Result<Flow, Failure> {
        self.stats.control += 1;
        self.send(session, &Input::Line(line.to_string()))
    }

    /// One burst and its checks; false once the session quit.
    fn burst(
        &mut self,
        fuzzer: &mut dyn Fuzzer,
        session: &mut Protocol,
        capture: &Capture,
        dice: &mut Dice,
        index: u64,
    ) -> Result<bool, Failure> {
        let start = capture.mark();
        let mut inputs = if index == 0 { fuzzer.open(dice) } else { Vec::new() };
        let length = dice.range(1, 50);
        let mut quit = false;
        for _ in 0..length {
            let before = inputs.len();
            fuzzer.next(dice, &mut inputs);
            if let Some(at) = inputs[before..]
                .iter()
                .position(|input| matches!(input, Input::Line(line) if fuzzer.quits(line)))
            {
                inputs.truncate(before + at + 1);
                quit = true;
                break;
            }
        }
        for input in &inputs {
            let flow = self.send(session, input)?;
            let quits = matches!(input, Input::Line(line) if fuzzer.quits(line));
            if (flow == Flow::Quit) != quits {
                return fail("quit", format!("{} returned {flow:?}", input.shown(200)));
            }
        }
        self.stats.inputs += inputs.len() as u64;
        *self.stats.per_protocol.entry(fuzzer.name()).or_default() += inputs.len() as u64;
        self.stats.bursts += 1;
        if quit {
            // The session is over: every search was stopped and answered.
            check_panics()?;
            fuzzer.check_burst(&inputs, &capture.since(start)).or_else(|why| fail("answers", why))?;
            return Ok(false);
        }

        // The sync command, answered while searches may still run.
        self.syncs += 1;
        let (sync, answer) = fuzzer.sync(self.syncs);
        let mark = capture.mark();
        let began = Instant::now();
        self.send_control(session, &sync)?;
        inputs.push(Input::Line(sync.clone()));
        let left = self.config.sync_timeout.saturating_sub(began.elapsed());
        if capture.wait_for(mark, left, &|line| line == answer).is_none() {
            return fail(
                "sync",
                format!("{sync:?} not answered {answer:?} within {:?}", self.config.sync_timeout),
            );
        }
        for line in fuzzer.settle() {
            self.send_control(session, &line)?;
            inputs.push(Input::Line(line));
        }
        check_panics()?;
        fuzzer.check_burst(&inputs, &capture.since(start)).or_else(|why| fail("answers", why))?;

        // A legal move for a known position.
        let probe = fuzzer.probe(dice);
        for line in &probe.setup {
            self.send_control(session, line)?;
        }
        let mark = capture.mark();
        self.send_control(session, &probe.ask)?;
        let Some((at, answer)) = capture.wait_for(mark, self.config.answer_timeout, &*probe.answers) else {
            return fail(
                "no move",
                format!("{:?} not answered within {:?}", probe.ask, self.config.answer_timeout),
            );
        };
        (probe.check)(&answer).or_else(|why| fail("illegal move", format!("{answer:?}: {why}")))?;
        if let Some(check) = &probe.search_lines {
            let lines = capture.since(mark);
            let before = &lines[..(at - mark).min(lines.len())];
            check(before, &answer).or_else(|why| fail("search lines", why))?;
        }
        check_panics()?;
        self.stats.moves += 1;
        *self.stats.moves_by_label.entry(probe.label).or_default() += 1;
        capture.forget_before(mark);
        Ok(true)
    }

    /// Ends a session that did not quit: stops what runs, then the end of input.
    fn close(
        &mut self,
        fuzzer: &mut dyn Fuzzer,
        session: &mut Protocol,
        capture: &Capture,
    ) -> Result<(), Failure> {
        self.syncs += 1;
        let (sync, _) = fuzzer.sync(self.syncs);
        self.send_control(session, &sync)?;
        for line in fuzzer.settle() {
            self.send_control(session, &line)?;
        }
        self.watchdog.arm(self.config.hang_timeout, "the end of input".into());
        let ended = catch_unwind(AssertUnwindSafe(|| session.end_of_input()));
        self.watchdog.disarm();
        if let Err(payload) = ended {
            take_panics();
            return fail("panic", format!("{} at the end of input", panic_text(&*payload)));
        }
        check_panics()?;
        capture.forget_before(capture.mark());
        Ok(())
    }
}

fn check_panics() -> Result<(), Failure> {
    let panics = take_panics();
    if panics.is_empty() {
        Ok(())
    } else {
        fail("panic", panics.join("\n"))
    }
}

/// Most bursts in the session of one fuzzer input: enough for commands to meet the state earlier
/// bursts left, few enough that an input runs in well under a second.
const FUZZ_BURSTS: u64 = 4;

/// The runner the session fuzz targets share: its watchdog thread and seed positions are made once
/// per process, not once per input.
static FUZZ_RUNNER: Mutex<Option<Runner>> = Mutex::new(None);

/// One session of `protocol` (`uci`, `ucci`, `nboard`, `gtp`) whose every choice is read from
/// `data`, as a session fuzz target runs it; panics with the failure report if a check fails, so
/// libFuzzer records the input as a crash and the replay test fails naming it.
pub fn fuzz_one(protocol: &str, data: &[u8]) {
    let protocol = *commands::PROTOCOLS.iter().find(|&&known| known == protocol).expect("a known protocol");
    let mut slot = FUZZ_RUNNER.lock().unwrap_or_else(PoisonError::into_inner);
    let runner = slot.get_or_insert_with(|| {
        install_panic_hook();
        let mut config = Config::new(0, u64::MAX);
        config.max_bursts = FUZZ_BURSTS;
        config.repro = "cargo +nightly fuzz run --features libfuzzer <target> <this input>".into();
        Runner::new(config)
    });
    runner.config.protocols = vec![protocol];
    take_panics();
    let mut dice = Dice::from_bytes(data);
    let index = runner.stats.sessions;
    if runner.session(index, &mut dice, &mut |_| {}) {
        let report = runner.stats.failures.pop().unwrap_or_default();
        drop(slot);
        panic!("{report}");
    }
}
