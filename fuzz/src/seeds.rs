//! What mutations start from: the positions of the perft suites (`tests/data/`, compiled in, so
//! nothing is read at run time), positions reached from them by random legal moves, their texts and
//! their legal moves, and GGF records of random Othello games.

use crate::dice::Dice;
use engine::{chess, othello, xiangqi, Game, GameText};

const CHESS_PERFT: &str = include_str!("../../tests/data/chess/perft.epd");
const CHESS960_PERFT: &str = include_str!("../../tests/data/chess/perft960.epd");
const XIANGQI_PERFT: &str = include_str!("../../tests/data/xiangqi/perft.epd");
const OTHELLO_PERFT: &str = include_str!("../../tests/data/othello/perft.txt");

/// The position texts of a perft file (the part of each line before its first `;`).
fn texts(file: &'static str) -> impl Iterator<Item = &'static str> {
    file.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split(';').next().unwrap_or("").trim())
}

/// Positions of the three games to start from.
pub struct Seeds {
    pub chess: Vec<chess::Position>,
    pub xiangqi: Vec<xiangqi::Position>,
    pub othello: Vec<othello::Position>,
}

impl Seeds {
    pub fn new() -> Seeds {
        fn read<G: GameText>(files: &[&'static str]) -> Vec<G> {
            let mut positions = vec![G::start_position()];
            for file in files {
                positions.extend(texts(file).filter_map(|text| G::parse_position(text).ok()));
            }
            positions
        }
        Seeds {
            chess: read(&[CHESS_PERFT, CHESS960_PERFT]),
            xiangqi: read(&[XIANGQI_PERFT]),
            othello: read(&[OTHELLO_PERFT]),
        }
    }
}

impl Default for Seeds {
    fn default() -> Self {
        Seeds::new()
    }
}

/// The legal moves of `position`.
pub fn legal<G: Game>(position: &G) -> Vec<G::Move> {
    let mut moves = G::MoveList::default();
    position.generate_moves(&mut moves);
    moves.to_vec()
}

/// A random game of up to `plies` legal moves from `start`: the moves and where they lead.
pub fn playout<G: Game>(dice: &mut Dice, start: G, plies: usize) -> (Vec<G::Move>, G) {
    let mut position = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = legal(&position);
        if legal.is_empty() {
            break;
        }
        let mv = legal[dice.below(legal.len())];
        position.make_move(mv);
        moves.push(mv);
    }
    (moves, position)
}

/// A seed position, often moved on by a few random plies.
pub fn position<G: Game>(dice: &mut Dice, seeds: &[G]) -> G {
    let start = dice.pick(seeds).clone();
    let plies = if dice.chance(1, 3) { 0 } else { dice.range(1, 40) as usize };
    playout(dice, start, plies).1
}

/// The texts of `moves` played from `start`.
pub fn move_texts<G: Game>(start: &G, moves: &[G::Move]) -> Vec<String> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = position.move_text(mv).to_string();
            position.make_move(mv);
            text
        })
        .collect()
}

/// A GGF record of a random Othello game from `start` (the standard start or a `BO` board), with
/// times and evaluations on some moves and a clock sometimes; the moves and the position reached.
pub fn ggf(
    dice: &mut Dice,
    start: othello::Position,
    plies: usize,
) -> (String, Vec<othello::Move>, othello::Position) {
    let (moves, end) = playout(dice, start, plies);
    let mut text = String::from("(;GM[Othello]PC[fuzz]PB[black]PW[white]");
    if dice.chance(1, 2) {
        let clock =
            *dice.pick(&["15:00", "5:00", "0:01", "1:00:00", "900", "0", "15:00//2:00", "1e308:1e308", "x"]);
        text.push_str(&format!("TI[{clock}]"));
    }
    text.push_str("TY[8]");
    if start != othello::Position::startpos() || dice.chance(1, 2) {
        text.push_str(&format!("BO[8 {}]", start.text()));
    }
    let mut position = start;
    for (index, &mv) in moves.iter().enumerate() {
        let color = if position.side_to_move() == othello::Color::Black { "B" } else { "W" };
        let forced_pass = mv.is_pass();
        position.play(mv);
        // A record may leave forced passes out (not its last move: the pass is then still to come).
        if forced_pass && index + 1 < moves.len() && dice.chance(1, 2) {
            continue;
        }
        let square = othello::MoveText(mv).to_string();
        let detail = match dice.below(4) {
            0 => format!("/{}.{:02}", dice.range(-64, 64), dice.below(100)),
            1 => format!("/{}/{}.{}", dice.range(-64, 64), dice.below(30), dice.below(10)),
            2 => format!("//{}", dice.below(5)),
            _ => String::new(),
        };
        text.push_str(&format!("{color}[{square}{detail}]"));
    }
    text.push_str(";)");
    (text, moves, end)
}
