//! The generator's tests: determinism over threads and resumes, blocks, import and convert.

use super::*;
use engine::chess::Position;

const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn config(out: &str, games: usize, threads: usize) -> Config {
    Config {
        play: selfplay::Config {
            openings: vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()],
            games,
            nodes: 300,
            seed: 5,
            skip_plies: 4,
            threads,
            out: out.to_string(),
            opening_score_limit: Some(600),
            nnue: false,
            ..selfplay::test_config(4)
        },
        report_every: Duration::from_secs(3600),
    }
}

fn temporary(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("triskel-datagen-{}-{name}", std::process::id()));
    let path = path.to_str().unwrap().to_string();
    remove(&path);
    path
}

fn remove(path: &str) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(format!("{path}.progress"));
}

/// The set's training positions as 32-byte records.
fn records<G: Packed>(path: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let summary = set::scan::<G>(path, u64::MAX, true, |records| bytes.extend_from_slice(records)).unwrap();
    assert!(!summary.truncated);
    assert_eq!(bytes.len() as u64, summary.positions() * 32);
    bytes
}

/// The records the 32-byte generator wrote for `config`'s games: each kept position packed,
/// duplicates dropped, in game order.
fn expected_records<G: Tunable + Packed>(config: &Config) -> Vec<u8> {
    let play = &config.play;
    let mut player = Player::<G>::new(play);
    let (mut bytes, mut seen) = (Vec::new(), HashSet::new());
    for index in 0..play.games {
        let Some(game) = selfplay::play_game(play, &mut player, index, &play.openings[0]) else {
            continue;
        };
        for (position, white_score) in &game.positions {
            let score = if position.first_player_to_move() { *white_score } else { -white_score };
            let mut record = Vec::new();
            position.pack(score as i16, result_for(game.outcome, position), &mut record);
            if seen.insert(identity(&record[..G::IDENTITY_BYTES])) {
                bytes.extend_from_slice(&record);
            }
        }
    }
    bytes
}

#[test]
fn threads_and_resuming_write_the_same_set_with_no_duplicate() {
    let one = temporary("one");
    run::<Position>(&config(&one, 6, 1)).unwrap();
    let two = temporary("two");
    run::<Position>(&config(&two, 6, 2)).unwrap();
    let whole = std::fs::read(&one).unwrap();
    assert!(set::is_set(&one) && whole.len() > 100);
    assert_eq!(whole, std::fs::read(&two).unwrap());

    // Three games, a torn game as a kill would leave, then the rest.
    let resumed = temporary("resumed");
    run::<Position>(&config(&resumed, 3, 1)).unwrap();
    let mut file = std::fs::OpenOptions::new().append(true).open(&resumed).unwrap();
    file.write_all(&[7; 13]).unwrap();
    drop(file);
    run::<Position>(&config(&resumed, 6, 2)).unwrap();
    assert_eq!(whole, std::fs::read(&resumed).unwrap());

    // Played back, the set is the records the 32-byte generator wrote: no duplicate, every
    // kept position, in order.
    let bytes = records::<Position>(&one);
    assert_eq!(bytes, expected_records::<Position>(&config(&one, 6, 1)));
    let identities: HashSet<&[u8]> = bytes.chunks_exact(32).map(|record| &record[..25]).collect();
    assert_eq!(identities.len(), bytes.len() / 32);
    // A kept position costs 4 bytes, a move not kept 2, a game 32 more.
    let summary = set::scan::<Position>(&one, u64::MAX, false, |_| {}).unwrap();
    assert_eq!(summary.blocks.len(), 1);
    assert!((whole.len() as f64) < bytes.len() as f64 / 32.0 * 8.0, "{} bytes", whole.len());
    for path in [one, two, resumed] {
        remove(&path);
    }
}

/// A set that lost the end of its last block (bytes its progress line counts) resumes from its
/// last whole game and still writes what an unstopped run would.
#[test]
fn resuming_recovers_a_truncated_last_block() {
    let whole = temporary("whole");
    run::<Position>(&config(&whole, 5, 1)).unwrap();
    let cut = temporary("cut");
    run::<Position>(&config(&cut, 5, 1)).unwrap();
    let length = std::fs::metadata(&cut).unwrap().len();
    std::fs::OpenOptions::new().write(true).open(&cut).unwrap().set_len(length - 40).unwrap();
    let stats = stats::<Position>(&cut).unwrap();
    assert!(stats.contains("ends inside the game at byte"), "{stats}");
    run::<Position>(&config(&cut, 5, 1)).unwrap();
    assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&cut).unwrap());
    for path in [whole, cut] {
        remove(&path);
    }
}

/// The set's blocks, each as its first game, its games and whether its settings hold `marker`.
fn blocks_marked(path: &str, marker: &str) -> (set::Summary, Vec<(u64, u64, bool)>) {
    let summary = set::scan::<Position>(path, u64::MAX, false, |_| {}).unwrap();
    let blocks = summary
        .blocks
        .iter()
        .map(|block| (block.block.first_game, block.items, block.block.settings.contains(marker)))
        .collect();
    (summary, blocks)
}

/// A new network, or new settings, append a block; settings met before go on from their next
/// game; `datastats` reports each block.
#[test]
fn a_new_network_appends_a_block() {
    let path = temporary("blocks");
    run::<Position>(&config(&path, 3, 1)).unwrap();
    let first = std::fs::read(&path).unwrap();
    let mut with_network = config(&path, 3, 1);
    with_network.play.nnue = true;
    run::<Position>(&with_network).unwrap();
    let progress = std::fs::read_to_string(format!("{path}.progress")).unwrap();
    assert!(progress.contains(" eval=nnue-") && progress.contains(" games=3 "), "{progress}");
    // The hand-crafted evaluation again, two games more: a third block from game 3.
    run::<Position>(&config(&path, 5, 1)).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[..first.len()], first[..], "nothing is rewritten");
    let (summary, blocks) = blocks_marked(&path, "eval=nnue-");
    assert_eq!(blocks, [(0, 3, false), (0, 3, true), (3, 2, false)]);
    assert!(summary.blocks.iter().all(|block| block.positions > 0));
    let stats = stats::<Position>(&path).unwrap();
    assert!(stats.contains("3 blocks") && stats.contains("block 2: network hand-crafted"), "{stats}");
    remove(&path);
}

/// The table's size is a setting: another size appends a block named with it, and the size of
/// the blocks before it was named goes on in theirs.
#[test]
fn another_table_size_appends_a_block() {
    let path = temporary("hash");
    let mut default_size = config(&path, 2, 1);
    default_size.play.hash_mb = UNNAMED_HASH_MB;
    run::<Position>(&default_size).unwrap();
    let mut small = config(&path, 2, 1);
    small.play.hash_mb = 1;
    run::<Position>(&small).unwrap();
    let progress = std::fs::read_to_string(format!("{path}.progress")).unwrap();
    assert!(progress.contains(" hash=1 "), "{progress}");
    default_size.play.games = 3;
    run::<Position>(&default_size).unwrap();
    let (_, blocks) = blocks_marked(&path, "hash=");
    assert_eq!(blocks, [(0, 2, false), (0, 2, true), (2, 1, false)]);
    remove(&path);
}

/// Xiangqi games go through the same writer: games that play back into records, no duplicate,
/// and `datastats` reads the set; `--nnue` games name the network.
#[test]
fn xiangqi_games_write_a_set_that_plays_back() {
    use record::XiangqiRecord;
    let out = temporary("xiangqi");
    let mut config = config(&out, 3, 1);
    config.play.openings = vec![XIANGQI_START.to_string()];
    run::<engine::xiangqi::Position>(&config).unwrap();
    let bytes = records::<engine::xiangqi::Position>(&out);
    assert_eq!(bytes, expected_records::<engine::xiangqi::Position>(&config));
    let identities: HashSet<&[u8]> = bytes.chunks_exact(32).map(|record| &record[..28]).collect();
    assert_eq!(identities.len(), bytes.len() / 32);
    for chunk in bytes.chunks_exact(32) {
        let record = XiangqiRecord::unpack(chunk).unwrap();
        assert!(record.result <= 2 && record.pieces().len() >= 2);
    }
    assert!(stats::<engine::xiangqi::Position>(&out).unwrap().contains("red to move"));
    config.play.nnue = true;
    config.play.games = 1;
    run::<engine::xiangqi::Position>(&config).unwrap();
    let progress = std::fs::read_to_string(format!("{out}.progress")).unwrap();
    assert!(progress.starts_with("game=xiangqi ") && progress.contains(" eval=nnue-"), "{progress}");
    remove(&out);
}

/// 32-byte records, imported with their progress line, convert back to the same bytes; the
/// generator then goes on from the file's next game, in a block of its own; `datastats` reads
/// the mixed set.
#[test]
fn imported_records_convert_back_and_the_generator_goes_on_after_them() {
    let set_path = temporary("import-set");
    // A 32-byte file as today's generator left it: the records of games 0..3 of these settings.
    let old = temporary("import-old");
    let config = config(&set_path, 3, 1);
    let old_records = expected_records::<Position>(&config);
    std::fs::write(&old, &old_records).unwrap();
    let settings = settings::<Position>(&config.play, identity(config.play.openings.concat().as_bytes()));
    let progress = Progress { settings, games: 3, bytes: old_records.len() as u64 };
    std::fs::write(format!("{old}.progress"), progress.line()).unwrap();
    // Half a record more, as a kill leaves: not counted by the line, not imported.
    std::fs::OpenOptions::new().append(true).open(&old).unwrap().write_all(&[1; 16]).unwrap();
    let error = run::<Position>(&Config {
        play: selfplay::Config { out: old.clone(), ..config.play.clone() },
        ..config.clone()
    })
    .unwrap_err();
    assert!(error.contains("`tuner import` it"), "{error}");
    import::<Position>(&set_path, &old).unwrap();
    assert!(import::<Position>(&set_path, &old).unwrap_err().contains("already holds"));
    let back = temporary("import-back");
    convert::<Position>(&set_path, &back).unwrap();
    assert_eq!(std::fs::read(&back).unwrap(), old_records);
    // The same settings: games 3..5 in a new block, after the imported ones.
    run::<Position>(&Config { play: selfplay::Config { games: 5, ..config.play.clone() }, ..config })
        .unwrap();
    let summary = set::scan::<Position>(&set_path, u64::MAX, false, |_| {}).unwrap();
    let blocks: Vec<(Kind, u64, u64)> =
        summary.blocks.iter().map(|block| (block.block.kind, block.block.first_game, block.items)).collect();
    assert_eq!(blocks, [(Kind::Records, 0, (old_records.len() / 32) as u64), (Kind::Games, 3, 2)]);
    let whole = temporary("import-whole");
    run::<Position>(&self::config(&whole, 5, 1)).unwrap();
    assert_eq!(records::<Position>(&set_path), records::<Position>(&whole), "as one run of 5 games");
    let stats = stats::<Position>(&set_path).unwrap();
    assert!(
        stats.contains("block 0: network hand-crafted") && stats.contains("imported records of games 0..3")
    );
    assert!(stats.contains("block 1:") && stats.contains("games 3..5"), "{stats}");

    // A file of records without a progress line converts into a set and back, xiangqi too.
    let xiangqi = temporary("import-xiangqi");
    let mut bytes = Vec::new();
    for fen in [XIANGQI_START, "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 7 1"] {
        engine::GameText::parse_position(fen)
            .map(|p: engine::xiangqi::Position| p.pack(-12, 1, &mut bytes))
            .unwrap();
    }
    std::fs::write(&xiangqi, &bytes).unwrap();
    let xiangqi_set = temporary("import-xiangqi-set");
    convert::<engine::xiangqi::Position>(&xiangqi, &xiangqi_set).unwrap();
    assert!(set::is_set(&xiangqi_set));
    assert_eq!(records::<engine::xiangqi::Position>(&xiangqi_set), bytes);
    for path in [set_path, old, back, whole, xiangqi, xiangqi_set] {
        remove(&path);
    }
}

/// A corrupt item is an error naming its byte, a torn tail a warning; neither panics.
#[test]
fn a_corrupt_or_truncated_set_is_reported() {
    let path = temporary("corrupt");
    run::<Position>(&config(&path, 2, 1)).unwrap();
    let good = std::fs::read(&path).unwrap();
    let play = &config(&path, 2, 1).play;
    let settings = settings::<Position>(play, identity(play.openings.concat().as_bytes()));
    let header = Block { kind: Kind::Games, first_game: 0, games: 0, settings };
    // The first game's first move (a random ply), made one no position has: a1a1.
    let first_move = header.bytes().len() + 32;
    let mut bad = good.clone();
    bad[first_move..first_move + 2].copy_from_slice(&0x4000u16.to_le_bytes());
    assert_ne!(good[first_move..first_move + 2], [0, 0x40]);
    std::fs::write(&path, &bad).unwrap();
    let error = stats::<Position>(&path).unwrap_err();
    assert!(error.contains("corrupt item at byte") && error.contains("illegal move"), "{error}");
    for cut in [good.len() - 1, good.len() - 3, 40] {
        std::fs::write(&path, &good[..cut]).unwrap();
        let report = stats::<Position>(&path).unwrap();
        assert!(report.contains("ends inside the game"), "{report}");
    }
    std::fs::write(&path, [5u8; 64]).unwrap();
    let _ = std::fs::remove_file(format!("{path}.progress"));
    let error = convert::<Position>(&path, &temporary("corrupt-out")).unwrap_err();
    assert!(error.contains("32-byte records") || error.contains("malformed"), "{error}");
    remove(&path);
}

#[test]
fn progress_lines_read_back() {
    let progress = Progress { settings: "game=chess seed=1".into(), games: 12, bytes: 640 };
    assert_eq!(Progress::parse(&progress.line()), Some(progress));
    assert_eq!(Progress::parse("game=chess games=x bytes=1"), None);
}
