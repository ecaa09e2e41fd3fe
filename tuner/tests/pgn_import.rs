//! `tuner import --pgn` on games in OpenBench's upload layout, written by our own engine playing
//! itself (`tests/data/openbench_datagen.pgn`, made by `tests/data/openbench_pgn.py`): what the
//! set holds is what the PGN says, it converts to 32-byte records, and bad games are skipped.
//!
//! The PGN is read here by a few lines of its own (tags by prefix, comments by `{`/`}`), not by
//! the importer's reader, so the two would have to be wrong the same way to agree.

use engine::chess::Position;
use engine::Game as _;
use tuner::datagen::pgn_import::{import, Options, Tally};
use tuner::datagen::record::{ChessRecord, Packed};
use tuner::datagen::set::{self, Item, Reader};

mod support;
use support::{temporary, FIXTURE};

fn options() -> Options {
    Options { skip_plies: 12, tag: None }
}

/// One game of the fixture as this test reads it: result, FEN, and each move's comment head.
struct Expected {
    result: String,
    fen: String,
    /// Per move: `Some(centipawns)` for a `score/depth` with depth > 0 and no mate, else `None`.
    scores: Vec<Option<i32>>,
}

fn expected_games(text: &str) -> Vec<Expected> {
    let mut games = Vec::new();
    for chunk in text.split("[Event ").skip(1) {
        let tag = |name: &str| {
            let start = chunk.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
            chunk[start..start + chunk[start..].find('"').unwrap()].to_string()
        };
        let scores = chunk
            .split('{')
            .skip(1)
            .map(|comment| {
                let head = comment.split(['}', ' ']).next().unwrap();
                let (score, depth) = head.split_once('/').unwrap();
                (!score.contains('M') && depth != "0")
                    .then(|| (score.parse::<f64>().unwrap() * 100.0).round() as i32)
            })
            .collect();
        games.push(Expected { result: tag("Result"), fen: tag("FEN"), scores });
    }
    games
}

/// The result byte of a record from its side to move, given the PGN's result.
fn result_byte(result: &str, white_to_move: bool) -> u8 {
    match (result, white_to_move) {
        ("1/2-1/2", _) => 1,
        ("1-0", true) | ("0-1", false) => 2,
        _ => 0,
    }
}

#[test]
fn the_fixture_imports_with_the_pgns_scores_and_results() {
    let text = std::fs::read_to_string(FIXTURE).unwrap();
    let expected = expected_games(&text);
    assert_eq!(expected.len(), 3);
    let out = temporary("fixture.set");
    let (line, tally) = import(&out, FIXTURE, &options()).unwrap();
    assert_eq!((tally.games, tally.malformed, tally.blocks), (3, 0, 1), "{line}");
    assert!(tally.positions > 100, "{line}");
    let moves: usize = expected.iter().map(|game| game.scores.len()).sum();
    assert_eq!(tally.plies as usize, moves);
    assert_eq!(
        tally.positions
            + tally.mates
            + tally.unscored
            + tally.book
            + tally.early
            + tally.checks
            + tally.tactical
            + tally.duplicates,
        tally.plies,
        "every move is kept or has one reason not to be"
    );

    // Walk the set game by game beside the PGN.
    let mut reader = Reader::<Position, _>::new(std::fs::File::open(&out).unwrap(), u64::MAX, true);
    let Some(Item::Block(block)) = reader.next_item().unwrap() else { panic!("a block header first") };
    assert!(block.settings.starts_with("game=chess source=pgn engines=Triskel-base,Triskel-dev tc=- variant=standard pgn=openbench_datagen.pgn:"));
    let mut kept = 0;
    for game in &expected {
        let Some(Item::Game { plies, positions, .. }) = reader.next_item().unwrap() else { panic!("a game") };
        assert_eq!(plies, game.scores.len());
        let (first, entries) = reader.game();
        let mut position = Position::unpack_position(first).unwrap();
        assert_eq!(position.fen().to_string(), game.fen, "the game starts from its [FEN]");
        let records: Vec<ChessRecord> =
            reader.records().chunks(32).map(|r| ChessRecord::unpack(r).unwrap()).collect();
        assert_eq!(records.len(), positions);
        let mut next = records.iter();
        for (ply, &(bits, score)) in entries.iter().take(plies).enumerate() {
            if let Some(score) = score {
                // A kept position: the PGN's score for this move, from the side to move, not in
                // check, and a quiet move.
                assert_eq!(Some(i32::from(score)), game.scores[ply], "ply {ply}");
                assert!(!position.in_check());
                let record = next.next().unwrap();
                assert_eq!(record.score, score);
                assert_eq!(record.result, result_byte(&game.result, record.white_to_move));
                kept += 1;
            }
            let mv = Position::move_from_bits(bits);
            if score.is_some() {
                assert!(!position.is_tactical(mv));
            }
            position.make_move(mv);
        }
    }
    assert!(reader.next_item().unwrap().is_none());
    assert_eq!(kept, tally.positions);

    // Round trip: the set as 32-byte records, and those back as a set.
    let records = temporary("fixture.32");
    tuner::datagen::convert::<Position>(&out, &records).unwrap();
    let bytes = std::fs::read(&records).unwrap();
    assert_eq!(bytes.len() as u64, 32 * tally.positions);
    let back = temporary("fixture-back.set");
    tuner::datagen::convert::<Position>(&records, &back).unwrap();
    let mut again = Vec::new();
    set::scan::<Position>(&back, u64::MAX, true, |r| again.extend_from_slice(r)).unwrap();
    assert_eq!(again, bytes);

    // The same file twice is the same games twice: refused, the set untouched.
    let length = std::fs::metadata(&out).unwrap().len();
    assert!(import(&out, FIXTURE, &options()).unwrap_err().contains("already holds"));
    assert_eq!(std::fs::metadata(&out).unwrap().len(), length);
    for path in [&out, &records, &back] {
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(format!("{path}.progress"));
    }
}

/// fastchess's own layout (move numbers, lines wrapped, the termination reason in the last
/// comment) and every reason a move is not kept, counted one by one.
#[test]
fn what_is_kept_follows_datagen() {
    let pgn = "[Event \"Fastchess Tournament\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\
[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 7\"]\n[SetUp \"1\"]\n\n\
7. Bb5 {book} 7... a6 {-0.20/10 0.050s, n=5000, sd=14} 8. Bxc6 {+0.31/11 0.050s, n=5000, sd=15}\n\
8... dxc6 {-0.25/12 0.049s, n=5000, sd=16} 9. Nxe5 {+0.40/12 0.051s, n=5000, sd=17} 9... Qd4\n\
{-297.36/11 0.05s, n=5000, sd=15} 10. Nf3 {ERR/0 0.050s, n=5000, sd=15} 10... Qxe4+ {+M7/30 0.1s, n=5000, sd=30}\n\
11. Qe2 {0.00/0 0.001s, n=0, sd=0} 11... Qxe2+ {-3.10/9 0.050s, n=5000, sd=13} 12. Kxe2 {+3.00/9 0.050s, n=5000, sd=13}\n\
12... Bg4 {-2.95/10 0.050s, n=5000, sd=14, White wins by adjudication} 1-0\n";
    let file = temporary("kept.pgn");
    std::fs::write(&file, pgn).unwrap();
    let out = temporary("kept.set");
    let (line, tally) =
        import(&out, &file, &Options { skip_plies: 13, tag: Some("eval=nnue-test".into()) }).unwrap();
    // Ply 12 (7. Bb5) is a book move; 7... a6 is ply 13 and kept; 8. Bxc6 and 8... dxc6 and
    // 9. Nxe5 capture; 9... Qd4's score is an endgame table's result (a Syzygy win, as our engine
    // shows one); 10. Nf3 and 11. Qe2 have no score; 10... Qxe4+ is a mate; 11... Qxe2+ captures;
    // 12. Kxe2 is played in check; 12... Bg4 is kept.
    let want = Tally {
        games: 1,
        plies: 12,
        positions: 2,
        book: 1,
        unscored: 2,
        mates: 2,
        tactical: 4,
        checks: 1,
        blocks: 1,
        ..Tally::default()
    };
    assert_eq!(tally, want, "{line}");
    let mut records = Vec::new();
    let summary = set::scan::<Position>(&out, u64::MAX, true, |r| records.extend_from_slice(r)).unwrap();
    let settings = &summary.blocks[0].block.settings;
    assert!(
        settings.starts_with("game=chess source=pgn engines=a,b tc=? variant=standard pgn="),
        "{settings}"
    );
    assert!(settings.ends_with(" eval=nnue-test"), "the tag names the network: {settings}");
    let records: Vec<ChessRecord> = records.chunks(32).map(|r| ChessRecord::unpack(r).unwrap()).collect();
    // a6 by Black (-20), Bg4 by Black (-295); White won: Black lost each.
    assert_eq!(
        records.iter().map(|r| (r.score, r.result, r.white_to_move)).collect::<Vec<_>>(),
        [(-20, 0, false), (-295, 0, false)]
    );
    for path in [&out, &file] {
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(format!("{path}.progress"));
    }
}

/// Broken games are skipped and counted; the good ones around them are imported; nothing panics.
#[test]
fn malformed_games_are_skipped_with_a_count() {
    let good = "[Result \"1/2-1/2\"]\n\n1. e4 {+0.20/10} e5 {-0.15/10} 1/2-1/2\n\n";
    let mut pgn = String::from(good);
    pgn.push_str("[Result \"1-0\"]\n\n1. e4 {+0.20/10} Ke7 {x} 2. Kxe8 1-0\n\n"); // an illegal move
    pgn.push_str("[Result \"*\"]\n\n1. d4 {+0.10/9} *\n\n"); // no result
    pgn.push_str("[Result \"1-0\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 1-0\n\n"); // a broken FEN
    pgn.push_str("[Variant \"xiangqi\"]\n[Result \"1-0\"]\n\n1. Ch2e2 1-0\n\n"); // not chess
    pgn.push_str("[Result \"0-1\"]\n\n1. c4 {never closed 0-1\n\n");
    pgn.push_str("[Broken tag\n\n1. e4 1-0\n\n");
    let mut bytes = pgn.into_bytes();
    bytes.extend_from_slice(b"[Result \"1-0\"]\n\n1. e4 \xff\xfe\x00 1-0\n\n"); // not UTF-8
    bytes.extend_from_slice(good.as_bytes());
    let file = temporary("bad.pgn");
    std::fs::write(&file, &bytes).unwrap();
    let out = temporary("bad.set");
    let (line, tally) = import(&out, &file, &Options { skip_plies: 0, tag: None }).unwrap();
    // The unclosed comment swallows the tag line after it: 6 broken games, not 7.
    assert_eq!((tally.games, tally.malformed), (2, 6), "{line}");
    assert_eq!(tally.positions, 2, "the second good game repeats the first's positions: {line}");
    assert_eq!(tally.duplicates, 2);

    // A file with no game at all leaves no set behind.
    let junk = temporary("junk.pgn");
    std::fs::write(&junk, [0u8, 159, 146, 150, b'\n', b'{']).unwrap();
    let nothing = temporary("nothing.set");
    let (_, tally) = import(&nothing, &junk, &options()).unwrap();
    assert_eq!((tally.games, tally.malformed), (0, 1));
    assert!(!std::path::Path::new(&nothing).exists());
    for path in [&out, &file, &junk] {
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(format!("{path}.progress"));
    }
}

/// A small xorshift: the mutations below are the same on every run.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The fixture cut, and mutated byte by byte (flips, deletions, duplicated runs, braces and
/// brackets dropped in), a few hundred times: every import ends with a count, never a panic, and
/// whatever it kept reads back as whole games.
#[test]
fn mutated_and_cut_pgns_never_panic() {
    let original = std::fs::read(FIXTURE).unwrap();
    let mut dice = Dice(0x5eed_0056);
    let file = temporary("mutated.pgn");
    let out = temporary("mutated.set");
    for round in 0..300 {
        let mut bytes = original.clone();
        if round % 3 == 0 {
            bytes.truncate(dice.below(bytes.len()));
        }
        for _ in 0..1 + dice.below(8) {
            let at = dice.below(bytes.len().max(1));
            match dice.below(5) {
                0 => bytes.get_mut(at).into_iter().for_each(|byte| *byte ^= 1 << dice.below(8)),
                1 => drop(bytes.drain(at..(at + 1 + dice.below(20)).min(bytes.len()))),
                2 => {
                    let run: Vec<u8> = bytes[at..(at + dice.below(60)).min(bytes.len())].to_vec();
                    bytes.splice(at..at, run);
                }
                3 => bytes.insert(at.min(bytes.len()), b"{}[]()\n\"*;$"[dice.below(11)]),
                _ => bytes.insert(at.min(bytes.len()), 0xff),
            }
        }
        std::fs::write(&file, &bytes).unwrap();
        let _ = std::fs::remove_file(&out);
        let _ = std::fs::remove_file(format!("{out}.progress"));
        let (line, tally) = import(&out, &file, &options()).unwrap();
        assert!(tally.games + tally.malformed + tally.empty <= 3 + 3, "round {round}: {line}");
        if tally.games > 0 {
            let summary = set::scan::<Position>(&out, u64::MAX, true, |_| {}).unwrap();
            assert_eq!(summary.positions(), tally.positions, "round {round}");
            assert!(!summary.truncated);
        }
    }
    for path in [&out, &file] {
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(format!("{path}.progress"));
    }
}
