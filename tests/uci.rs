//! The UCI front-end driven over pipes, as a GUI drives it: a transcript in, the expected lines out.

mod support;

use support::engine::{transcript, Engine, LONG};

fn fen_line(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|line| line.strip_prefix("Fen: ")).collect()
}

#[test]
fn uci_handshake_lists_identity_and_options_then_uciok() {
    let lines = transcript(b"uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name triskel"));
    assert!(lines.iter().any(|line| line.starts_with("id author ")));
    assert!(lines.contains(&"option name UCI_Chess960 type check default false".to_string()));
    let uciok = lines.iter().position(|line| line == "uciok").expect("uciok");
    assert_eq!(lines[uciok + 1], "readyok");
}

#[test]
fn go_perft_prints_divide_lines_a_blank_line_and_the_total() {
    // No `quit` after it: `quit` would stop the perft (it runs in the background); the end of
    // input waits for it.
    let lines = transcript(b"position startpos moves e2e4 e7e5\ngo perft 2\n");
    let blank = lines.iter().position(String::is_empty).expect("blank line");
    let divide = &lines[..blank];
    assert_eq!(divide.len(), 29, "29 legal moves after 1. e4 e5");
    assert!(divide.contains(&"g1f3: 29".to_string()), "{divide:?}");
    let sum: u64 = divide.iter().map(|line| line.split(": ").nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(lines[blank + 1], format!("Nodes searched: {sum}"));
    assert_eq!(sum, 835); // python-chess agrees
}

#[test]
fn perft_on_kiwipete_and_chess960_castling_notation() {
    let lines = transcript(
        b"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo perft 3\n\
          go perft 1\nsetoption name UCI_Chess960 value true\ngo perft 1\n",
    );
    assert!(lines.contains(&"Nodes searched: 97862".to_string()));
    assert!(lines.contains(&"e1g1: 1".to_string()), "standard notation castles king to g1");
    assert!(lines.contains(&"e1h1: 1".to_string()), "Chess960 notation castles king takes rook");
}

#[test]
fn position_moves_accept_both_castling_notations() {
    let standard =
        transcript(b"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8\nd\nquit\n");
    let king_takes_rook =
        transcript(b"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1 e8a8\nd\nquit\n");
    assert_eq!(fen_line(&standard), ["2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"]);
    assert_eq!(fen_line(&standard), fen_line(&king_takes_rook));
}

#[test]
fn a_promotion_letter_is_read_in_either_case_as_stockfish_reads_it() {
    let lines =
        transcript(b"position fen 8/1P2P3/8/8/8/8/k7/4K3 w - - 0 1 moves e7e8Q a2a1 b7b8n\nd\nquit\n");
    assert_eq!(fen_line(&lines), ["1N2Q3/8/8/8/8/8/8/k3K3 b - - 0 2"], "{lines:?}");
}

#[test]
fn d_shows_board_fen_key_and_checkers() {
    let lines = transcript(b"position startpos moves e2e4 f7f6 d1h5\nd\nquit\n");
    assert!(lines.contains(&" | r | n | b | q | k | b | n | r | 8".to_string()));
    assert_eq!(fen_line(&lines), ["rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2"]);
    let key = lines.iter().find_map(|line| line.strip_prefix("Key: ")).expect("key line");
    assert_eq!(key.len(), 16);
    assert!(key.chars().all(|c| c.is_ascii_hexdigit()));
    assert!(lines.contains(&"Checkers: h5".to_string()));
}

#[test]
fn bad_input_is_reported_and_the_last_good_position_stays() {
    let lines = transcript(
        b"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1\n\
          position startpos moves e2e4 e7e5 e1e3\n\
          position fen\n\
          position startpos moves e2e4\n\
          flibbertigibbet\n\
          \xff\xfe garbage\n\
          setoption name NoSuchOption value 3\n\
          go perft x\n\
          d\nisready\nquit\n",
    );
    let info: Vec<&String> = lines.iter().filter(|line| line.starts_with("info string")).collect();
    assert!(info[0].contains("invalid fen") && info[0].contains("'Z'"), "{info:?}");
    assert!(info[1].contains("illegal move e1e3"), "{info:?}");
    assert!(info[2].contains("usage: position"), "{info:?}");
    assert!(info[3].contains("unknown command: flibbertigibbet"), "{info:?}");
    assert!(info[4].contains("not UTF-8"), "{info:?}");
    assert!(info[5].contains("unknown option: NoSuchOption"), "{info:?}");
    assert!(info[6].contains("perft depth"), "{info:?}");
    assert_eq!(fen_line(&lines), ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]);
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn quit_stops_reading_and_end_of_input_exits_cleanly() {
    let lines = transcript(b"isready\nquit\nisready\n");
    assert_eq!(lines, ["readyok"]);
    assert_eq!(transcript(b"isready\n"), ["readyok"]);
}

#[test]
fn every_go_gets_exactly_one_bestmove_even_without_moves() {
    let lines = transcript(b"go\nposition fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\nquit\n");
    let bestmoves: Vec<&String> = lines.iter().filter(|line| line.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 2);
    assert_eq!(bestmoves[1], "bestmove (none)", "stalemate: no legal move");
}

#[test]
fn go_infinite_and_go_ponder_answer_only_after_stop_or_ponderhit() {
    let lines = transcript(
        b"go infinite\nisready\nstop\nstop\ngo ponder wtime 1000 btime 1000\nisready\nponderhit\nquit\n",
    );
    let replies: Vec<&str> =
        lines.iter().map(String::as_str).filter(|line| !line.starts_with("info")).collect();
    let shape: Vec<&str> = replies.iter().map(|line| line.split(' ').next().unwrap()).collect();
    assert_eq!(shape, ["readyok", "bestmove", "readyok", "bestmove"], "{replies:?}");
}

#[test]
fn uci_lists_every_option_as_the_protocol_writes_it() {
    let lines = transcript(b"uci\nquit\n");
    let options: Vec<&str> =
        lines.iter().map(String::as_str).filter(|line| line.starts_with("option ")).collect();
    assert_eq!(
        options,
        [
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Clear Hash type button",
            "option name Threads type spin default 1 min 1 max 256",
            "option name Ponder type check default false",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name UCI_Chess960 type check default false",
            "option name UCI_Variant type combo default chess var chess var xiangqi",
            "option name nodestime type spin default 0 min 0 max 10000",
            "option name UCI_AnalyseMode type check default false",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1320 min 1320 max 3000",
            "option name UCI_EngineAbout type string default triskel 0.1.0: a chess, xiangqi and Othello engine \
             in Rust with a no_std core; GPL-3.0-or-later",
            "option name UCI_ShowWDL type check default false",
            "option name UCI_ShowCurrLine type check default false",
            "option name UCI_ShowRefutations type check default false",
            "option name Debug Log File type string default <empty>",
            "option name Chase Rule type check default true",
            "option name Xiangqi Ranks type combo default 0-9 var 0-9 var 1-10",
            "option name OwnBook type check default false",
            "option name Book File type string default <empty>",
            "option name Use NNUE type check default true",
            "option name EvalFile type string default <empty>",
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name Syzygy50MoveRule type check default true",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        ]
    );
    assert_eq!(lines.last().unwrap(), "uciok");
}

#[test]
fn eval_prints_the_terms_and_flip_mirrors_the_position() {
    let lines = transcript(b"position startpos moves e2e4 d7d5 e4d5\neval\nflip\nd\neval\nflip\nd\nquit\n");
    let evals: Vec<&str> =
        lines.iter().filter_map(|line| line.strip_prefix("Classical evaluation (side to move): ")).collect();
    assert_eq!(evals.len(), 2, "{lines:#?}");
    assert_eq!(evals[0], evals[1], "the mirrored position is as good for its side to move");
    assert_eq!(
        fen_line(&lines),
        [
            "rnbqkbnr/pppp1ppp/8/8/3p4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
            "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        ]
    );
}

#[test]
fn compiler_describes_the_build() {
    let lines = transcript(b"compiler\nquit\n");
    assert!(lines[0].starts_with("Compiled by"), "{lines:?}");
    assert!(lines.iter().any(|line| line.starts_with("Target ") && line.contains(std::env::consts::ARCH)));
    assert!(lines.iter().any(|line| line.starts_with("Profile ")));
}

#[test]
fn end_of_input_stops_an_infinite_search_with_its_bestmove() {
    let lines = transcript(b"go infinite\n");
    assert_eq!(lines.iter().filter(|line| line.starts_with("bestmove ")).count(), 1, "{lines:?}");
    // So does a `go` without any limit, which would otherwise search to the deepest ply.
    let lines = transcript(b"go\n");
    assert_eq!(lines.iter().filter(|line| line.starts_with("bestmove ")).count(), 1, "{lines:?}");
}

#[test]
fn unknown_commands_are_echoed_shortened() {
    let long = format!("{}\nisready\n", "x".repeat(5000));
    let lines = transcript(long.as_bytes());
    assert_eq!(lines[0], format!("info string unknown command: {}...", "x".repeat(80)));
    assert_eq!(lines[1], "readyok");
}

#[test]
fn unknown_words_before_a_command_are_skipped_as_the_description_asks() {
    let lines = transcript(b"joho debug on\nxyzzy isready\nquit\n");
    assert_eq!(lines, ["readyok"]);
    // `debug on` took effect: a `go` reports its time limits.
    let lines = transcript(b"joho debug on\ngo movetime 50\nquit\n");
    assert!(lines.iter().any(|line| line.starts_with("info string time limits")), "{lines:?}");
}

#[test]
fn a_lone_carriage_return_ends_a_line_too() {
    let lines = transcript(b"position startpos moves e2e4\rd\risready\r\nquit\r\n");
    assert_eq!(fen_line(&lines), ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]);
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn position_moves_without_startpos_starts_from_the_start_position() {
    let lines = transcript(b"position moves e2e4 e7e5\nd\nquit\n");
    assert_eq!(fen_line(&lines), ["rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"]);
}

#[test]
fn register_is_checked_and_accepted() {
    assert_eq!(transcript(b"register later\nquit\n"), ["registration checking", "registration ok"]);
    assert_eq!(transcript(b"register name x code y\nquit\n"), ["registration checking", "registration ok"]);
}

#[test]
fn go_perft_ends_with_a_blank_line_after_the_total_as_stockfish_does() {
    let lines = transcript(b"go perft 1\nd\n");
    let total = lines.iter().position(|line| line == "Nodes searched: 20").expect("the total");
    assert_eq!(lines[total + 1], "", "{lines:?}");
    // `d` waited for the perft: its board comes after the blank line.
    assert!(lines[total + 2..].iter().any(|line| line.starts_with("Fen: ")), "{lines:?}");
}

#[test]
fn a_refused_position_leaves_no_position_and_go_answers_no_move() {
    // A game, then a FEN the engine cannot play: `go` must not answer for the game's position.
    let lines = transcript(
        b"position startpos moves e2e4\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\ngo movetime 100\nisready\nquit\n",
    );
    let refused =
        lines.iter().position(|line| line.contains("no position until the next one")).expect("refused");
    assert!(lines[refused].starts_with("info string invalid fen"), "{lines:?}");
    assert!(lines.contains(&"bestmove (none)".to_string()), "{lines:?}");
    assert!(
        lines.iter().any(|line| line == "info string no position: the last one was refused"),
        "{lines:?}"
    );
    // `d` and `eval` say so too, and show the last position accepted (the PyPI `stockfish`
    // wrapper reads the board back to see that an illegal move changed nothing); `flip` refuses.
    let lines = transcript(
        b"position startpos moves e2e4\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\nd\neval\nflip\nquit\n",
    );
    let note = "info string no position: the last one was refused; the last one accepted:";
    assert_eq!(lines.iter().filter(|line| *line == note).count(), 2, "{lines:?}");
    assert_eq!(fen_line(&lines), ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]);
    assert_eq!(lines.last().unwrap(), "info string flip: no position: the last one was refused");
    // An illegal move in the list refuses the whole position too; the next good one plays again.
    let lines = transcript(
        b"position startpos moves e2e4 e7e5 e1e3\ngo depth 1\nposition startpos\ngo depth 1\nquit\n",
    );
    let answers: Vec<&String> = lines.iter().filter(|line| line.starts_with("bestmove ")).collect();
    assert_eq!(answers[0], "bestmove (none)", "{lines:?}");
    assert_ne!(answers[1], "bestmove (none)", "{lines:?}");
}

#[test]
fn any_material_stockfish_sets_up_is_searched_and_only_the_unsearchable_refused() {
    // Nine and eleven white pawns, more promoted queens than missing pawns: legal moves, no note.
    for fen in [
        "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "4k3/8/8/8/PPP5/PPPPPPPP/8/4K3 w - - 0 1",
        "qq2k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1",
    ] {
        let lines = transcript(format!(
            "position fen {fen}
go depth 4
quit
"
        ));
        assert!(!lines.iter().any(|line| line.starts_with("info string")), "{fen}: {lines:?}");
        let best = lines.iter().find_map(|line| line.strip_prefix("bestmove ")).expect("an answer");
        assert_ne!(best, "(none)", "{fen}: {lines:?}");
    }
    // A missing king, the side not to move in check, seventeen pieces: refused with the reason.
    for (fen, reason) in [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "black must have exactly one king"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "check"),
        ("4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", "white has more than 16 pieces"),
        // A full-width digit: the message must not show one of its bytes as a Latin-1 letter.
        ("\u{ff14}k3/8/8/8/8/8/8/4K3 w - - 0 1", "invalid piece character (not ASCII)"),
    ] {
        let lines = transcript(format!(
            "position fen {fen}
go depth 4
quit
"
        ));
        assert!(
            lines.iter().any(|line| line.starts_with("info string invalid fen") && line.contains(reason)),
            "{fen}: {lines:?}"
        );
        assert!(lines.contains(&"bestmove (none)".to_string()), "{fen}: {lines:?}");
    }
}

#[test]
fn playable_fens_are_repaired_as_stockfish_and_python_chess_accept_them() {
    // Castling rights whose rook is gone (h8) or whose king has moved (White), a doubled right and
    // an impossible en-passant square: each dropped with a note, the position played.
    let lines = transcript(
        b"position fen rnbqkbn1/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w KQkqq e6 0 1\nd\ngo depth 1\nquit\n",
    );
    assert_eq!(fen_line(&lines), ["rnbqkbn1/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w q - 0 1"], "{lines:?}");
    let notes: Vec<&String> =
        lines.iter().filter(|line| line.contains("dropped") || line.contains("twice")).collect();
    assert_eq!(notes.len(), 4, "{lines:?}");
    assert!(lines.iter().any(|line| line.starts_with("bestmove ") && line != "bestmove (none)"), "{lines:?}");
    // Missing move counters default, as python-chess writes them.
    let lines = transcript(b"position fen 4k3/8/8/8/8/8/8/4K2R w K -\nd\nquit\n");
    assert_eq!(fen_line(&lines), ["4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
}

#[test]
fn files_named_in_options_and_commands_must_be_regular_files() {
    // A device reads for ever: each is refused at once, and the engine answers right after.
    let started = std::time::Instant::now();
    let lines = transcript(
        b"setoption name Book File value /dev/zero\nsetoption name Debug Log File value /dev/null\n\
          bench 16 1 1 /dev/zero depth\nsetoption name Book File value /\nisready\nquit\n",
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    let refused: Vec<&String> = lines.iter().filter(|line| line.contains("is not a regular file")).collect();
    assert_eq!(refused.len(), 4, "{lines:?}");
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn a_long_perft_runs_in_the_background_isready_answers_and_stop_and_quit_end_it() {
    let mut engine = Engine::start();
    engine.send("go perft 9");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let started = std::time::Instant::now();
    assert_eq!(engine.sync(), Vec::<String>::new(), "nothing but readyok while it counts");
    assert!(
        started.elapsed() < std::time::Duration::from_millis(500),
        "isready took {:?}",
        started.elapsed()
    );
    engine.send("stop");
    assert_eq!(engine.until(LONG, |line| line.contains("perft stopped")), ["info string perft stopped"]);
    engine.send("go perft 9");
    std::thread::sleep(std::time::Duration::from_millis(100));
    let (took, _) = engine.quit_within(std::time::Duration::from_secs(2));
    assert!(took < std::time::Duration::from_millis(500), "quit took {took:?}");
}

#[test]
fn every_bench_limit_type_ends_and_a_bench_can_be_stopped() {
    // A mate that the position does not have: the depth it could lie within bounds the search.
    let lines = transcript(b"position startpos\nbench 16 1 2 current mate\n");
    assert!(lines.iter().any(|line| line.starts_with("Nodes searched  :")), "{lines:?}");
    let mut engine = Engine::start();
    engine.send("bench 16 1 40 default depth");
    std::thread::sleep(std::time::Duration::from_millis(200));
    engine.send("stop");
    engine.until(LONG, |line| line.contains("bench: stopped"));
    engine.quit_within(std::time::Duration::from_secs(2));
}

/// Stockfish 17 and Pikafish answer a `Threads` setting with the count in an `info string`; tools
/// written for Pikafish wait for that line before their first `go` (PlumFlower's annotator).
#[test]
fn threads_is_answered_with_the_count_in_use_as_stockfish_and_pikafish_answer_it() {
    for setup in ["", "setoption name UCI_Variant value xiangqi\n"] {
        let lines = transcript(format!(
            "{setup}setoption name Threads value 2\nsetoption name threads value 1\n\
             setoption name Threads value 0\nquit\n"
        ));
        let infos: Vec<&String> = lines.iter().filter(|line| line.starts_with("info string")).collect();
        assert_eq!(
            infos,
            [
                "info string Using 2 threads",
                "info string Using 1 thread",
                "info string Threads takes a whole number from 1 to 256"
            ],
            "{setup}"
        );
    }
}

#[test]
fn uci_opponent_is_not_listed_since_nothing_would_use_it() {
    let lines = transcript(b"uci\nsetoption name UCI_Opponent value GM 2800 human Somebody\nquit\n");
    assert!(!lines.iter().any(|line| line.starts_with("option name UCI_Opponent")), "{lines:?}");
    assert!(lines.iter().any(|line| line == "info string unknown option: UCI_Opponent"), "{lines:?}");
}

#[test]
fn help_and_license_describe_the_engine_and_its_licence() {
    for command in ["help", "license"] {
        let lines = transcript(format!("{command}\nquit\n"));
        assert!(lines.iter().any(|line| line.contains("GPL-3.0-or-later")), "{command}: {lines:?}");
        assert!(lines.iter().any(|line| line.contains("UCCI") && line.contains("NBoard")), "{lines:?}");
        assert!(!lines.iter().any(|line| line.contains("unknown command")), "{lines:?}");
    }
}

#[test]
fn fen_and_startpos_alone_set_the_position_as_pikafish_reads_them() {
    let lines = transcript(
        b"fen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 moves a1a7\nd\nstartpos moves e2e4 e7e5\nd\nfen 4k3/8 w\nd\nquit\n",
    );
    let fens: Vec<&String> = lines.iter().filter(|line| line.starts_with("Fen: ")).collect();
    assert_eq!(fens[0], "Fen: 4k3/R7/8/8/8/8/8/4K3 b - - 1 1", "{lines:?}");
    assert!(fens[1].starts_with("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"), "{lines:?}");
    // A bad FEN is refused as `position fen` refuses it.
    assert!(
        lines.iter().any(|line| line.starts_with("info string") && line.contains("no position")),
        "{lines:?}"
    );
}

/// OpenBench's data generation starts the binary with two arguments, each a command, and wants the
/// positions within 15 seconds.
#[test]
fn genfens_as_openbench_runs_it_prints_distinct_legal_positions_from_the_start_or_a_book() {
    let lines = |args: &[&str]| -> Vec<String> {
        let started = std::time::Instant::now();
        let output = support::engine::run(args, "");
        assert!(output.status.success());
        assert!(started.elapsed() < std::time::Duration::from_secs(15));
        String::from_utf8(output.stdout).unwrap().lines().map(str::to_string).collect()
    };
    let from_start = lines(&["genfens 6 seed 4 book None", "quit"]);
    assert_eq!(from_start.len(), 6, "{from_start:?}");
    assert_eq!(from_start, lines(&["genfens 6 seed 4 book None", "quit"]), "deterministic for a seed");
    let dir = std::env::temp_dir().join(format!("triskel-genfens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.epd");
    std::fs::write(&book, "rnbqkb1r/pppp1ppp/5n2/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - c0 \"Vienna\";\n")
        .unwrap();
    let from_book = lines(&[&format!("genfens 5 seed 1 book {}", book.display()), "quit"]);
    assert_eq!(from_book.len(), 5, "{from_book:?}");
    for line in from_start.iter().chain(&from_book) {
        let fen = line.strip_prefix("info string genfens ").unwrap_or_else(|| panic!("{line}"));
        // Each is a position the engine accepts, with moves to play.
        let reply = transcript(format!("position fen {fen}\ngo depth 1\nquit\n"));
        assert!(reply.iter().any(|line| line.starts_with("bestmove ") && line != "bestmove (none)"), "{fen}");
    }
    // Two or three random plies after the book's move-1 position, eight or nine from the start.
    let move_number = |line: &String| line.split_whitespace().last().unwrap().parse::<u32>().unwrap();
    assert!(from_book.iter().all(|line| (2..=3).contains(&move_number(line))), "{from_book:?}");
    assert!(from_start.iter().all(|line| (5..=6).contains(&move_number(line))), "{from_start:?}");
    assert_eq!(lines(&["genfens x", "quit"]), ["info string usage: genfens N [seed S] [book None|FILE]"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// OpenBench's client reads a bench from the output's lines, last first: non-alphanumerics become
/// spaces, and the first line (from the bottom) with `N nodes`, `nodes N` or `nodes searched N`
/// gives the bench, the first with `N nps`, `nps N` or `nodes second N` the speed (its patterns,
/// case-insensitive, matched here word by word). It runs `bench` as one argument, and with a
/// network `setoption name EvalFile value F`, `bench`, `quit` as three.
fn openbench_bench(output: &str) -> (Option<u64>, Option<u64>) {
    let (mut bench, mut nps) = (None, None);
    for line in output.trim().lines().rev() {
        let cleaned: String =
            line.chars().map(|c| if c.is_ascii_alphanumeric() || c == ' ' { c } else { ' ' }).collect();
        let words: Vec<String> = cleaned.split_whitespace().map(str::to_ascii_lowercase).collect();
        let number = |index: usize| words.get(index).and_then(|word| word.parse::<u64>().ok());
        for at in 0..words.len() {
            let (word, next) = (words[at].as_str(), words.get(at + 1).map(String::as_str));
            let found_bench = match (word, next) {
                (_, Some("nodes")) => number(at),
                ("nodes", Some("searched")) => number(at + 2),
                ("nodes", _) => number(at + 1),
                _ => None,
            };
            let found_nps = match (word, next) {
                (_, Some("nps")) => number(at),
                ("nps", _) => number(at + 1),
                ("nodes", Some("second")) => number(at + 2),
                _ => None,
            };
            bench = bench.or(found_bench);
            nps = nps.or(found_nps);
        }
    }
    (bench, nps)
}

#[test]
fn openbench_reads_the_same_bench_from_every_run_and_with_a_network_option() {
    let run = |args: &[&str]| String::from_utf8(support::engine::run(args, "").stdout).unwrap();
    let first = openbench_bench(&run(&["bench"]));
    let (Some(bench), Some(nps)) = first else { panic!("OpenBench finds no bench in {first:?}") };
    assert!(nps > 0);
    assert_eq!(openbench_bench(&run(&["bench"])).0, Some(bench), "deterministic");
    let readme = include_str!("../README.md");
    assert!(readme.contains(&format!("chess **{bench}**")), "the README's signature is {bench}");
    // The option, the bench and quit as separate arguments, as OpenBench passes them.
    let hand_crafted = run(&["setoption name Use NNUE value false", "bench", "quit"]);
    let hand_crafted_bench = openbench_bench(&hand_crafted).0.expect("a bench without the network");
    assert_ne!(hand_crafted_bench, bench, "the network is the default evaluation");
    assert!(
        readme.contains(&format!("**{hand_crafted_bench}** with")),
        "the README's hand-crafted signature"
    );
}

/// OpenBench's genfens reader: lines that start with `info string genfens `, the rest a FEN; it
/// appends the test's extra words (none here) after a space. How long a thousand take is a
/// benchmark's question (`docs/openbench.md`), not this test's: a wall-clock bound here failed
/// on a loaded machine.
#[test]
fn openbench_reads_a_thousand_distinct_openings() {
    let output = support::engine::run(&["genfens 1000 seed 7 book None ", "quit"], "");
    let text = String::from_utf8(output.stdout).unwrap();
    let fens: Vec<&str> = text.lines().filter_map(|line| line.strip_prefix("info string genfens ")).collect();
    assert_eq!(fens.len(), 1000);
    let distinct: std::collections::HashSet<&&str> = fens.iter().collect();
    assert_eq!(distinct.len(), 1000);
    // What OpenBench writes from each: the first four fields, then `hmvc H; fmvn F;`.
    assert!(fens.iter().all(|fen| fen.split_whitespace().count() == 6), "{fens:?}");
}

/// Stockfish's bench report: per position `Position: K/N (FEN)` and `depth D score S nodes X
/// bestmove M`, then a blank line, a rule, the time, `Nodes searched  : TOTAL` and `Nodes/second`.
/// Every line is checked; returns the number of positions and the total, which is their sum.
fn bench_report(lines: &[String]) -> (usize, u64) {
    let end = lines.iter().position(|line| line.is_empty()).expect("the blank line before the totals");
    let steps = &lines[..end];
    let count = steps.len() / 2;
    assert_eq!(steps.len(), 2 * count, "{steps:#?}");
    let mut sum = 0;
    for (index, pair) in steps.chunks(2).enumerate() {
        assert!(pair[0].starts_with(&format!("Position: {}/{count} (", index + 1)), "{pair:?}");
        let words: Vec<&str> = pair[1].split_whitespace().collect();
        assert!(
            matches!(words[..], ["depth", _, "score", "cp" | "mate", _, "nodes", _, "bestmove", _]),
            "{pair:?}"
        );
        sum += words[6].parse::<u64>().unwrap();
    }
    let rest = &lines[end + 1..];
    assert_eq!(rest[0], "===========================", "{rest:?}");
    assert!(rest[1].starts_with("Total time (ms) : "), "{rest:?}");
    assert_eq!(rest[2], format!("Nodes searched  : {sum}"), "{rest:?}");
    assert!(
        rest[3].strip_prefix("Nodes/second    : ").is_some_and(|nps| nps.parse::<u64>().is_ok()),
        "{rest:?}"
    );
    assert_eq!(rest.len(), 4, "nothing after the totals: {rest:?}");
    (count, sum)
}

/// `bench` and `genfens` answer in UCI's form: Stockfish's bench report, as OpenBench and
/// fastchess read it, and each opening as `info string genfens FEN`; a bench or genfens that ends
/// early or cannot start says why in an `info string`.
#[test]
fn bench_and_genfens_answer_in_uci_form() {
    let lines = transcript(b"bench 16 1 3\n");
    assert_eq!(bench_report(&lines).0, 30);
    let lines = transcript(b"genfens 2 seed 1 book None\n");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|line| line.starts_with("info string genfens ")), "{lines:?}");
    let lines = transcript(b"bench 16 1 x\ngenfens 2 seed 1 book /nonexistent/book.epd\ngenfens two\n");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines.iter().all(|line| line.starts_with("info string ")), "{lines:?}");
    let mut engine = Engine::start();
    engine.send("bench 16 1 40");
    std::thread::sleep(std::time::Duration::from_millis(200));
    engine.send("stop");
    let lines = engine.until(LONG, |line| line.contains("bench: stopped"));
    assert_eq!(lines.last().unwrap(), "info string bench: stopped");
    engine.quit_within(std::time::Duration::from_secs(2));
}
