//! ElephantEye's graded UCCI options driven over pipes: `bookfiles` and the grades listed as
//! ElephantEye lists them, and `idle`, `pruning`, `knowledge`, `randomness` and `style` each shown
//! changing what the engine does. Every move the engine names is checked against the legal moves a
//! second engine, in UCI xiangqi mode, lists with `go perft 1` for the same position.

mod support;

use std::time::Duration;
#[cfg(target_os = "linux")]
use std::time::Instant;
use support::engine::{field, is_final, serial, Engine};
use support::ucci::{assert_depths_up_to, checked_bestmove, depth_lines, depths, ucci, verdict, HORSE_UP};

/// Bare kings: nothing but a draw, after 30 plies of shuffling.
const BARE_KINGS: &str = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 30 40";
/// A middlegame after six moves of a central cannon opening, material even.
const OPENING: &str = "position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7";

/// The `option` line `ucci` lists for `name`.
fn option_line(lines: &[String], name: &str) -> String {
    let prefix = format!("option {name} type ");
    lines
        .iter()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name}: {lines:#?}"))
        .clone()
}

#[test]
fn bookfiles_and_the_graded_options_are_listed_as_elephanteye_lists_them() {
    let mut engine = Engine::start();
    let lines = engine.ask("ucci", "ucciok");
    // A GUI builds its settings from these lines: the book's files are a string, whose default
    // names the book compiled in.
    assert_eq!(option_line(&lines, "bookfiles"), "option bookfiles type string default <embedded>");
    // ElephantEye 3.31's own lines, word for word.
    for line in [
        "option idle type combo var none var small var medium var large default none",
        "option pruning type combo var none var small var medium var large default large",
        "option knowledge type combo var none var small var medium var large default large",
        "option randomness type combo var none var tiny var small var medium var large var huge default none",
    ] {
        let name = line.split_whitespace().nth(1).unwrap();
        assert_eq!(option_line(&lines, name), line);
    }
    // `style`, which ElephantEye accepts but does not list, with the grades of the UCCI text.
    assert_eq!(
        option_line(&lines, "style"),
        "option style type combo var solid var normal var risky default normal"
    );
    // Every grade listed is accepted without a word; the defaults change nothing.
    for line in lines.iter().filter(|line| line.contains(" type combo ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2).filter(|pair| pair[0] == "var") {
            engine.send(&format!("setoption {} {}", words[1], pair[1]));
            assert!(engine.sync().is_empty(), "{} {}", words[1], pair[1]);
        }
    }
    engine.quit_within(Duration::from_secs(2));
}

/// The nodes the search reported last (`info time T nodes N`) before its answer.
fn final_nodes(lines: &[String]) -> u64 {
    let line = lines.iter().rev().find(|line| line.starts_with("info time ")).expect("an info time line");
    field(line, "nodes").unwrap().parse().unwrap()
}

#[test]
fn pruning_levels_search_more_nodes_the_less_they_prune() {
    let _serial = serial();
    let mut engine = ucci();
    let search = |engine: &mut Engine, setting: Option<&str>| {
        // From an empty table and fresh histories, a search of one thread is the same every time.
        engine.send("setoption newgame");
        if let Some(grade) = setting {
            engine.send(&format!("setoption pruning {grade}"));
        }
        engine.send(OPENING);
        let lines = engine.go("go depth 6");
        assert_depths_up_to(&lines, 6);
        checked_bestmove(OPENING, &lines);
        final_nodes(&lines)
    };
    let default = search(&mut engine, None);
    let nodes: Vec<u64> =
        ["none", "small", "medium", "large"].iter().map(|grade| search(&mut engine, Some(grade))).collect();
    // Full width, reductions, reductions and null move, everything: each level prunes more.
    assert!(nodes.windows(2).all(|pair| pair[0] > pair[1]), "none, small, medium, large: {nodes:?}");
    assert!(nodes[0] > 10 * nodes[3], "{nodes:?}");
    assert_eq!(nodes[3], default, "`large` is the default search, node for node");
    engine.quit_within(Duration::from_secs(2));
}

/// The score of `go depth 0` (the static evaluation the search uses).
fn static_score(engine: &mut Engine) -> i32 {
    let lines = engine.go("go depth 0");
    assert_eq!(lines.len(), 2, "{lines:#?}");
    field(&lines[0], "score").unwrap().parse().unwrap()
}

#[test]
fn knowledge_levels_evaluate_with_less_the_lower_they_go() {
    let mut engine = ucci();
    let knowledge = |engine: &mut Engine, grade: &str| {
        engine.send(&format!("setoption knowledge {grade}"));
        static_score(engine)
    };
    // Even material, the pieces on other squares: material alone sees nothing, the tables do.
    engine.send(OPENING);
    let full = static_score(&mut engine);
    let [none, small, medium, large] =
        ["none", "small", "medium", "large"].map(|grade| knowledge(&mut engine, grade));
    assert_eq!(none, 0, "material alone");
    assert_ne!(small, 0, "material and piece-square tables");
    assert_eq!(large, full, "`large` is the default evaluation");
    // `medium` is the linear evaluation, whatever `usennue` says; `large` follows `usennue`.
    engine.send("setoption usennue false");
    assert_eq!(knowledge(&mut engine, "large"), medium);
    assert_eq!(knowledge(&mut engine, "medium"), medium);
    engine.send("setoption usennue true");
    assert_ne!(medium, large, "the network and the linear evaluation disagree here");
    // A horse up, material alone counts the horse: about 100 in UCCI's unit.
    engine.send(&format!("position fen {HORSE_UP}"));
    let horse = knowledge(&mut engine, "none");
    assert!((60..=160).contains(&horse), "{horse}");
    // The search evaluates with it too: pawns too far apart to meet keep material even, and a
    // search by material alone scores every line 0; the tables see red's pawn across the river.
    let pawns = "position fen 4k4/9/9/p7P/9/9/9/9/9/3K5 w - - 0 1";
    engine.send(pawns);
    let lines = engine.go("go depth 5");
    checked_bestmove(pawns, &lines);
    assert!(depth_lines(&lines).iter().all(|line| field(line, "score") == Some("0")), "{lines:#?}");
    engine.send("setoption knowledge small");
    let lines = engine.go("go depth 5");
    assert_ne!(field(depth_lines(&lines).last().unwrap(), "score"), Some("0"), "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn randomness_plays_one_of_the_near_equal_moves() {
    let mut engine = ucci();
    engine.send("setoption usebook false");
    let played = |engine: &mut Engine| -> Vec<String> {
        let mut moves = Vec::new();
        for _ in 0..16 {
            engine.send("setoption newgame");
            engine.send("position startpos");
            let lines = engine.go("go depth 4");
            // One line per depth (no aspiration window below depth 5): the other lines the choice
            // needs are not shown, as UCCI has no `multipv`.
            assert_eq!(depths(&lines), [1, 2, 3, 4], "{lines:#?}");
            moves.push(checked_bestmove("position startpos", &lines));
        }
        moves.sort();
        moves.dedup();
        moves
    };
    let best = played(&mut engine);
    assert_eq!(best.len(), 1, "`randomness none` plays the best move every time: {best:?}");
    engine.send("setoption randomness huge");
    let chosen = played(&mut engine);
    assert!(chosen.len() >= 2, "16 searches all chose {chosen:?}");
    engine.send("setoption randomness none");
    assert_eq!(played(&mut engine), best);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn style_values_a_draw_above_or_below_zero() {
    let mut engine = ucci();
    let position = format!("position fen {BARE_KINGS}");
    engine.send(&position);
    let mut scores = Vec::new();
    for style in ["solid", "normal", "risky"] {
        engine.send(&format!("setoption style {style}"));
        let lines = engine.go("go depth 4");
        checked_bestmove(&position, &lines);
        // Every line draws: the score is what a draw is worth to the engine, and the engine still
        // offers the draw it sees.
        let depth_scores: Vec<i32> =
            depth_lines(&lines).iter().map(|line| field(line, "score").unwrap().parse().unwrap()).collect();
        assert!(depth_scores.windows(2).all(|pair| pair[0] == pair[1]), "{style}: {lines:#?}");
        assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{style}: {lines:#?}");
        scores.push(depth_scores[0]);
    }
    assert!(scores[0] > 0 && scores[1] == 0 && scores[2] < 0, "solid, normal, risky: {scores:?}");
    assert_eq!(scores[0], -scores[2]);
    engine.quit_within(Duration::from_secs(2));
}

/// Of the time the engine's search thread did not spend waiting for a processor during `period`,
/// the share it ran; the rest it slept. The time it ran is the scheduler's count
/// (`/proc/<pid>/task/<tid>/schedstat`); the time it slept is the period's share of the samples,
/// taken about every millisecond, that find the thread sleeping (`/proc/<pid>/task/<tid>/stat`).
/// Neither blurs on a busy machine: waiting for a processor is neither running nor sleeping. (The
/// scheduler's own count of the time waited is no good here: it is added only once the wait
/// ends, so on a loaded machine a wait under way at either end of the period went uncounted.)
#[cfg(target_os = "linux")]
fn search_thread_running_share(engine: &Engine, period: Duration) -> f64 {
    let pid = engine.id();
    let search_thread = std::fs::read_dir(format!("/proc/{pid}/task"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|task| std::fs::read_to_string(task.join("comm")).is_ok_and(|name| name.trim() == "search"))
        .expect("a search thread");
    let nanoseconds_run = || -> u64 {
        let stat = std::fs::read_to_string(search_thread.join("schedstat")).unwrap();
        stat.split_whitespace().next().unwrap().parse().unwrap()
    };
    // The state is the field after the command's closing parenthesis.
    let sleeping = || -> bool {
        let stat = std::fs::read_to_string(search_thread.join("stat")).unwrap();
        let state = stat[stat.rfind(')').unwrap() + 1..].split_whitespace().next().unwrap();
        matches!(state, "S" | "D")
    };
    let (start, ran_before) = (Instant::now(), nanoseconds_run());
    let (mut samples, mut asleep) = (0u32, 0u32);
    while start.elapsed() < period {
        samples += 1;
        asleep += u32::from(sleeping());
        std::thread::sleep(Duration::from_millis(1));
    }
    let ran = (nanoseconds_run() - ran_before) as f64;
    let slept = start.elapsed().as_nanos() as f64 * f64::from(asleep) / f64::from(samples);
    ran / (ran + slept)
}

#[cfg(target_os = "linux")]
#[test]
fn idle_leaves_a_share_of_the_processor_to_other_programs() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("position startpos moves c3c4");
    let mut shares = Vec::new();
    for grade in ["none", "small", "medium", "large"] {
        engine.send(&format!("setoption idle {grade}"));
        engine.send("go infinite");
        engine.read_for(Duration::from_millis(200));
        shares.push(search_thread_running_share(&engine, Duration::from_millis(1500)));
        let start = Instant::now();
        engine.send("stop");
        let answer = engine.until(Duration::from_secs(2), is_final);
        // Timed before the move is checked: the check starts a second engine.
        let took = start.elapsed();
        checked_bestmove("position startpos moves c3c4", &answer);
        assert!(took < Duration::from_millis(500), "{grade}: stop took {took:?}");
    }
    // `none` never sleeps; `small`, `medium` and `large` sleep at least a quarter, a half and three
    // quarters of the time they do not wait (a busy machine makes them sleep more: the thread
    // rests in proportion to the time its work took).
    assert!(shares[0] > 0.9, "none, small, medium, large: {shares:?}");
    assert!(shares[1] < 0.8 && shares[2] < 0.55 && shares[3] < 0.3, "none, small, medium, large: {shares:?}");
    assert!(shares.windows(2).all(|pair| pair[0] > pair[1]), "none, small, medium, large: {shares:?}");
    engine.quit_within(Duration::from_secs(2));
}
