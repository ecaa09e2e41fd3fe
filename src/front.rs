//! The UCI front-end over every game UCI speaks here: one session per game, handed over (options,
//! table, book and all) when `setoption name UCI_Variant` names another game or a `position fen`
//! is plainly the other game's (a 9 x 10 board is xiangqi, an 8 x 8 one chess).

use crate::output::Output;
use crate::session::{Flow, Session};
use crate::uci::{self, Command, Setup};
use engine::{chess, xiangqi};

/// The games, chosen by `UCI_Variant`, a FEN, or `--variant`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameKind {
    Chess,
    Xiangqi,
}

impl GameKind {
    /// The game named `name` as `UCI_Variant` and `--variant` spell it.
    pub fn from_name(name: &str) -> Option<GameKind> {
        match name.to_ascii_lowercase().as_str() {
            "chess" => Some(GameKind::Chess),
            "xiangqi" => Some(GameKind::Xiangqi),
            _ => None,
        }
    }
}

/// A UCI session for whichever game is being played.
pub enum UciFront {
    Chess(Box<Session<chess::Position>>),
    Xiangqi(Box<Session<xiangqi::Position>>),
    /// Only while a session is being handed over to another game.
    Switching,
}

impl UciFront {
    pub fn new(game: GameKind, output: Output) -> UciFront {
        match game {
            GameKind::Chess => UciFront::Chess(Box::new(Session::new(output))),
            GameKind::Xiangqi => UciFront::Xiangqi(Box::new(Session::new(output))),
        }
    }

    /// Handles one line, switching games first when a FEN is the other game's and afterwards when
    /// `UCI_Variant` asked for another one.
    pub fn handle(&mut self, line: &str) -> Flow {
        if let Command::Position { setup: Setup::Fen(fen), .. } = uci::parse(line) {
            if let Some(game) = self.game_of_fen(&fen) {
                self.switch(game);
            }
        }
        let flow = match self {
            UciFront::Chess(session) => session.handle(line),
            UciFront::Xiangqi(session) => session.handle(line),
            UciFront::Switching => Flow::Continue,
        };
        let request = match self {
            UciFront::Chess(session) => session.take_variant_request(),
            UciFront::Xiangqi(session) => session.take_variant_request(),
            UciFront::Switching => None,
        };
        if let Some(game) = request.as_deref().and_then(GameKind::from_name) {
            self.switch(game);
        }
        flow
    }

    /// The other game, if `fen` is one of its positions and not one of this game's.
    fn game_of_fen(&self, fen: &str) -> Option<GameKind> {
        // Only a FEN valid for the other game switches: a broken one keeps this game's position.
        let xiangqi_board = xiangqi::looks_like_xiangqi_fen(fen);
        match self {
            UciFront::Chess(_) if xiangqi_board && xiangqi::Position::from_fen(fen).is_ok() => {
                Some(GameKind::Xiangqi)
            }
            UciFront::Xiangqi(_) if !xiangqi_board && chess::Position::from_fen(fen).is_ok() => {
                Some(GameKind::Chess)
            }
            _ => None,
        }
    }

    fn game(&self) -> Option<GameKind> {
        match self {
            UciFront::Chess(_) => Some(GameKind::Chess),
            UciFront::Xiangqi(_) => Some(GameKind::Xiangqi),
            UciFront::Switching => None,
        }
    }

    /// Hands the session over to `game` (nothing happens if it is already that game's).
    fn switch(&mut self, game: GameKind) {
        if Some(game) == self.game() {
            return;
        }
        *self = match (std::mem::replace(self, UciFront::Switching), game) {
            (UciFront::Chess(session), GameKind::Xiangqi) => {
                UciFront::Xiangqi(Box::new(session.into_variant()))
            }
            (UciFront::Xiangqi(session), GameKind::Chess) => {
                UciFront::Chess(Box::new(session.into_variant()))
            }
            (same, _) => same,
        };
    }

    pub fn garbage(&mut self) {
        match self {
            UciFront::Chess(session) => session.garbage(),
            UciFront::Xiangqi(session) => session.garbage(),
            UciFront::Switching => {}
        }
    }

    pub fn end_of_input(&mut self) {
        match self {
            UciFront::Chess(session) => session.end_of_input(),
            UciFront::Xiangqi(session) => session.end_of_input(),
            UciFront::Switching => {}
        }
    }
}
