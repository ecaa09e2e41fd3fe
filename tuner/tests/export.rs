//! `tuner export`: our data read back in bullet's formats equals what the set holds. bulletformat
//! is read by the `bulletformat` crate itself (its data loader, and its own text-to-board path as
//! the reference, byte for byte); viriformat by a reader written here against the layout
//! `viriformat` 3.0 defines, not by the exporter's code.

use bulletformat::{BulletFormat, ChessBoard, DataLoader};
use engine::chess::{Move, MoveKind, Position};
use tuner::datagen::pgn_import::{import, Options};
use tuner::datagen::record::{ChessRecord, Packed};
use tuner::datagen::set::{self, Item, Reader};
use tuner::export;

mod support;
use support::{remove, temporary, FIXTURE};

/// A set of the fixture's games: our engine's own, both colours to move, castling, captures.
fn fixture_set(name: &str) -> String {
    let out = temporary(name);
    let (line, tally) = import(&out, FIXTURE, &Options { skip_plies: 0, tag: None }).unwrap();
    assert!(tally.positions > 100, "{line}");
    out
}

/// bulletformat's own reading of a position given as text, scores and results from White's view.
fn reference(record: &ChessRecord) -> ChessBoard {
    let white = record.white_to_move;
    let score = if white { record.score } else { -record.score };
    let result = ["0.0", "0.5", "1.0"][usize::from(if white { record.result } else { 2 - record.result })];
    format!("{} | {score} | {result}", record.board_fen()).parse().unwrap()
}

#[test]
fn bulletformat_reads_back_as_the_sets_positions() {
    let set = fixture_set("bullet.set");
    let mut records = Vec::new();
    set::scan::<Position>(&set, u64::MAX, true, |r| records.extend_from_slice(r)).unwrap();
    let records: Vec<ChessRecord> = records.chunks(32).map(|r| ChessRecord::unpack(r).unwrap()).collect();
    assert!(records.iter().any(|r| r.white_to_move) && records.iter().any(|r| !r.white_to_move));

    let out = temporary("bullet.data");
    let line = export::to_bulletformat(&set, &out).unwrap();
    assert!(line.contains(&format!("{} positions", records.len())), "{line}");

    // The crate's loader reads back, position for position, what its own parser makes of our
    // records as text.
    let mut loaded = Vec::new();
    DataLoader::<ChessBoard>::new(&out, 1).unwrap().map_positions(|board| loaded.push(*board));
    let expected: Vec<ChessBoard> = records.iter().map(reference).collect();
    assert_eq!(loaded, expected);
    // And the file is those boards' bytes, byte for byte.
    assert_eq!(std::fs::read(&out).unwrap(), ChessBoard::as_bytes_slice(&expected));
    for (board, record) in loaded.iter().zip(&records) {
        assert_eq!(board.score(), record.score);
        assert_eq!(board.result_idx(), usize::from(record.result));
        assert_eq!(board.into_iter().count(), record.pieces().len());
    }

    // A file of 32-byte records exports the same.
    let flat = temporary("bullet.32");
    tuner::datagen::convert::<Position>(&set, &flat).unwrap();
    let again = temporary("bullet-again.data");
    export::to_bulletformat(&flat, &again).unwrap();
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&out).unwrap());
    assert!(export::to_bulletformat(&set, &out).is_err(), "an existing file is not overwritten");
    remove(&[&set, &out, &flat, &again]);
}

/// The documented layout on one position with Black to move, worked by hand.
#[test]
fn bulletformat_flips_a_black_to_move_position() {
    let position = Position::from_fen("4k3/8/8/8/8/8/4P3/R3K3 b Q - 0 1").unwrap();
    let mut bytes = Vec::new();
    position.pack(-50, 0, &mut bytes);
    let board = export::bulletformat::board(&ChessRecord::unpack(&bytes).unwrap());
    // Flipped: Black's king e8 is our king on e1 (4); White's a1 rook, e2 pawn and e1 king
    // stand on a8 (56), e7 (52) and e8 (60), theirs (bit 3).
    assert_eq!(u64::from_le_bytes(board[..8].try_into().unwrap()), 1 << 4 | 1 << 52 | 1 << 56 | 1 << 60);
    assert_eq!(&board[8..11], &[0x5 | 0x8 << 4, 0xB | 0xD << 4, 0]);
    assert_eq!(i16::from_le_bytes([board[24], board[25]]), -50);
    assert_eq!((board[26], board[27], board[28]), (0, 4, 60 ^ 56));
    assert_eq!(&board[29..], &[0, 0, 0]);
}

/// A viriformat game as its layout says to read it.
struct ViriGame {
    /// `(square, colour, kind)`, kind 6 a rook that may castle.
    pieces: Vec<(u8, u8, u8)>,
    black_to_move: bool,
    wdl: u8,
    /// `(from, to, flags, promotion, eval)`.
    moves: Vec<(u8, u8, u16, u16, i16)>,
}

fn read_viriformat(bytes: &[u8]) -> Vec<ViriGame> {
    let mut games = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let board = &bytes[at..at + 32];
        at += 32;
        let mut occupancy = u64::from_le_bytes(board[..8].try_into().unwrap());
        let mut pieces = Vec::new();
        while occupancy != 0 {
            let square = occupancy.trailing_zeros() as u8;
            occupancy &= occupancy - 1;
            let slot = pieces.len();
            let code = (board[8 + slot / 2] >> (4 * (slot % 2))) & 0xF;
            pieces.push((square, code >> 3, code & 7));
        }
        assert_eq!(i16::from_le_bytes([board[28], board[29]]), 0, "a game's first board has eval 0");
        let mut game =
            ViriGame { pieces, black_to_move: board[24] & 0x80 != 0, wdl: board[30], moves: Vec::new() };
        loop {
            let entry = &bytes[at..at + 4];
            at += 4;
            if entry == [0; 4] {
                break;
            }
            let mv = u16::from_le_bytes([entry[0], entry[1]]);
            let eval = i16::from_le_bytes([entry[2], entry[3]]);
            game.moves.push(((mv & 63) as u8, (mv >> 6 & 63) as u8, mv & 0xC000, mv >> 12 & 3, eval));
        }
        games.push(game);
    }
    games
}

#[test]
fn viriformat_reads_back_as_the_sets_games() {
    let set = fixture_set("viri.set");
    let out = temporary("viri.binpack");
    let line = export::to_viriformat(&set, &out).unwrap();
    let games = read_viriformat(&std::fs::read(&out).unwrap());
    assert_eq!(games.len(), 3, "{line}");

    let mut reader = Reader::<Position, _>::new(std::fs::File::open(&set).unwrap(), u64::MAX, true);
    let mut castled = false;
    for game in &games {
        let item = loop {
            match reader.next_item().unwrap().unwrap() {
                Item::Block(_) => continue,
                item => break item,
            }
        };
        let Item::Game { plies, .. } = item else { unreachable!() };
        let (first, entries) = reader.game();
        let mut position = Position::unpack_position(first).unwrap();
        // The board: each piece where the position has it, a castling rook marked.
        let placed: Vec<(u8, u8, u8)> = position
            .occupied()
            .map(|square| {
                let piece = position.piece_on(square).unwrap();
                let colour = piece.color().index() as u8;
                let castles = (0..2).any(|side| position.castling_rook(piece.color(), side) == Some(square));
                (square.index() as u8, colour, if castles { 6 } else { piece.kind().index() as u8 })
            })
            .collect();
        assert_eq!(game.pieces, placed);
        assert_eq!(game.black_to_move, position.side_to_move() == engine::chess::Color::Black);
        let white_result = if game.black_to_move { 2 - first[30] } else { first[30] };
        assert_eq!(game.wdl, white_result, "the result from White's view");
        assert_eq!(game.moves.len(), plies);
        for (&(from, to, flags, promotion, eval), &(bits, score)) in game.moves.iter().zip(entries) {
            let mv: Move = Position::move_from_bits(bits);
            assert_eq!((from, to), (mv.from().index() as u8, mv.to().index() as u8));
            let (want_flags, want_promotion) = match mv.kind() {
                MoveKind::Normal => (0, 0),
                MoveKind::EnPassant => (0x4000, 0),
                MoveKind::Castle => (0x8000, 0),
                kind => (0xC000, kind as u16 - 1),
            };
            castled |= mv.kind() == MoveKind::Castle;
            assert_eq!((flags, promotion), (want_flags, want_promotion));
            let white = position.side_to_move() == engine::chess::Color::White;
            let want = score.map_or(export::viriformat::UNSCORED, |s| if white { s } else { -s });
            assert_eq!(eval, want);
            position.make_move(mv);
        }
    }
    assert!(castled, "the fixture castles: the king-takes-rook encoding is checked");
    assert!(export::to_viriformat(&temporary("absent"), &temporary("never")).is_err());
    remove(&[&set, &out]);
}

/// bullet's formats are chess, and so are PGN imports: a xiangqi set is refused by name, before
/// any of its moves is read as chess, and a reader of chess sets names the game to ask for.
#[test]
fn a_xiangqi_set_is_refused() {
    let position = engine::xiangqi::Position::from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    )
    .unwrap();
    let mut record = Vec::new();
    position.pack(12, 1, &mut record);
    let records = temporary("xq.32");
    std::fs::write(&records, &record).unwrap();
    let set = temporary("xq.set");
    tuner::datagen::convert::<engine::xiangqi::Position>(&records, &set).unwrap();
    assert_eq!(set::game_name(&set).as_deref(), Some("xiangqi"));
    let out = temporary("xq.data");
    assert!(export::to_bulletformat(&set, &out).unwrap_err().contains("xiangqi set"));
    assert!(export::to_viriformat(&set, &out).unwrap_err().contains("xiangqi set"));
    assert!(!std::path::Path::new(&out).exists());
    let error = import(&set, FIXTURE, &Options { skip_plies: 12, tag: None }).unwrap_err();
    assert!(error.contains("xiangqi set"), "{error}");
    // Read as chess (`datastats` without `--game xiangqi`), the set says what it is.
    let error = tuner::datagen::stats::<engine::chess::Position>(&set).unwrap_err();
    assert!(error.contains("a xiangqi set, read as chess: pass --game xiangqi"), "{error}");
    assert!(tuner::datagen::stats::<engine::xiangqi::Position>(&set).unwrap().contains("1 positions"));
    remove(&[&records, &set, &out]);
}
