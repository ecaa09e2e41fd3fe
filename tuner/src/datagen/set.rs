//! The data set: one growing file per game, games stored as a first board and the moves played from
//! it, each position's score beside its move (the layout of Viridithas's `viriformat`, adapted to
//! two games and to blocks; our own code). A kept position costs 4 bytes, a position played but not
//! kept 2, where a 32-byte record costs 32.
//!
//! # Layout, little-endian
//!
//! A set is a run of blocks; a block is a header, then items. The file starts with a block header.
//!
//! | bytes | block header |
//! | ----- | ------------ |
//! | 0..16 | twelve zero bytes, then `TRSB`: no record has an empty board, so a reader at an item's start tells a block from a game by them |
//! | 16 | kind: 0 games played by the generator, 1 records imported from a file of 32-byte records |
//! | 17..25 | `u64`: the number (in the settings' numbering) of the block's first game |
//! | 25..33 | `u64`: kind 1, the games its records came from (kind 0 counts its items) |
//! | 33..35 | `u16`: length `L` of the settings line |
//! | 35..35+L | the settings line (`game=chess seed=10 nodes=5000 ... eval=nnue-...`): what decided the games |
//!
//! An item starts with a 32-byte record of [`super::record`] whose byte 30 says what follows:
//!
//! | byte 30 | item |
//! | ------- | ---- |
//! | 0, 1, 2 | a game: the record is its first position (score bytes 0; byte 30 the game's result from that position's side to move), then one entry per ply |
//! | 3 | a game the generator dropped (its opening scored beyond the limit): the record is its opening, nothing follows |
//! | `0x80 \| result` | a lone position: the record is a kept position, score and all; nothing follows |
//!
//! | entry | meaning |
//! | ----- | ------- |
//! | `u16` move, bit 15 clear | the move played from the position; the position is not a training position (a random ply, a skipped early ply, a check, a capture, a duplicate) |
//! | `u16` move \| `0x8000`, then `i16` score | a training position, its search score from the side to move, then the move played from it |
//! | `u16` 0 | the game ends |
//! | `u16` `0x8000`, then `i16` score | the game ends on a training position (adjudicated before its move was played) |
//!
//! Moves are the engine's own 15 bits ([`Packed::move_bits`]), checked against the legal moves when
//! read back. A reader rebuilds each training position by playing the moves and packs it as the
//! 32-byte record the generator would have written, its result from the game's.

use super::record::{Packed, Record};
use std::io::{BufRead, BufReader, Read};

/// The start of every block header.
pub const BLOCK_MAGIC: [u8; 16] = *b"\0\0\0\0\0\0\0\0\0\0\0\0TRSB";
/// Bit 15 of an entry: the position is a training position, its score follows.
const SCORED: u16 = 0x8000;
/// Byte 30 of an item's record: a game the generator dropped.
const DROPPED: u8 = 3;
/// Bit 7 of byte 30: a lone position.
const LONE: u8 = 0x80;
/// More plies than any game has: past this an entry list is corrupt.
const MAX_PLIES: usize = 4096;

/// What produced a block's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Games played by `tuner datagen`.
    Games,
    /// Records of a 32-byte file, imported as lone positions.
    Records,
}

/// A block header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub kind: Kind,
    /// The number of its first game.
    pub first_game: u64,
    /// [`Kind::Records`]: the games its records came from; 0 for [`Kind::Games`].
    pub games: u64,
    /// The settings line.
    pub settings: String,
}

impl Block {
    /// The network that played the block's games, as its settings line names it (`eval=`); `None`
    /// for the hand-crafted evaluation's games and for imported records that name none.
    pub fn network(&self) -> Option<&str> {
        self.settings.split(' ').find_map(|field| field.strip_prefix("eval="))
    }

    /// The game the block holds, as its settings line names it (`game=`), if it names one.
    pub fn game(&self) -> Option<&str> {
        self.settings.split(' ').find_map(|field| field.strip_prefix("game="))
    }

    /// The header's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        let settings = &self.settings.as_bytes()[..self.settings.len().min(usize::from(u16::MAX))];
        let mut bytes = BLOCK_MAGIC.to_vec();
        bytes.push(match self.kind {
            Kind::Games => 0,
            Kind::Records => 1,
        });
        bytes.extend_from_slice(&self.first_game.to_le_bytes());
        bytes.extend_from_slice(&self.games.to_le_bytes());
        bytes.extend_from_slice(&(settings.len() as u16).to_le_bytes());
        bytes.extend_from_slice(settings);
        bytes
    }
}

/// Why a set could not be read to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The data ends inside the item starting at `offset`: a writer killed mid-game, or one still
    /// at work. Everything before `offset` is whole.
    Truncated { offset: u64 },
    /// The item at `offset` is not one any writer produced.
    Corrupt { offset: u64, reason: String },
    /// The file could not be read.
    Io(String),
}

impl std::fmt::Display for SetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetError::Truncated { offset } => {
                write!(f, "the data ends inside the item at byte {offset} (a game cut short)")
            }
            SetError::Corrupt { offset, reason } => write!(f, "corrupt item at byte {offset}: {reason}"),
            SetError::Io(error) => f.write_str(error),
        }
    }
}

/// One item read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A block header.
    Block(Block),
    /// A game (or a lone position): its training positions and its plies stored.
    Game { positions: usize, plies: usize, dropped: bool },
}

/// Reads a set item by item, from its start up to `limit` bytes. With `replay`, each game's moves
/// are played and its training positions packed as records ([`Reader::records`]); without, the
/// items are only walked and counted (fast: what sizing a set takes).
pub struct Reader<G: engine::Game, R> {
    input: BufReader<R>,
    /// Bytes read: after [`Reader::next_item`], the end of the last whole item.
    offset: u64,
    limit: u64,
    replay: bool,
    records: Vec<u8>,
    in_block: bool,
    moves: Option<G::MoveList>,
    /// The last game's first record and entries, as stored ([`Reader::game`]).
    first: [u8; 32],
    entries: Vec<(u16, Option<i16>)>,
}

impl<G: Packed, R: Read> Reader<G, R> {
    pub fn new(input: R, limit: u64, replay: bool) -> Reader<G, R> {
        Reader {
            input: BufReader::with_capacity(1 << 20, input),
            offset: 0,
            limit,
            replay,
            records: Vec::new(),
            in_block: false,
            moves: Some(G::MoveList::default()),
            first: [0; 32],
            entries: Vec::new(),
        }
    }

    /// The last game item as stored: its first record (byte 30 the game's result from that
    /// position's side to move), then each entry, a move's bits (0: the game ends) and the score
    /// stored with it if the position it was played from is a training position. Empty entries
    /// for a lone position or a dropped game. What an export to another game-based format reads.
    pub fn game(&self) -> (&[u8; 32], &[(u16, Option<i16>)]) {
        (&self.first, &self.entries)
    }

    /// Whether the next games are played back as records, or only walked (a reader that skips
    /// some blocks' games need not replay them).
    pub fn set_replay(&mut self, replay: bool) {
        self.replay = replay;
    }

    /// The end of the last whole item read.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The 32-byte records of the last game's training positions (with `replay`, or a lone position).
    pub fn records(&self) -> &[u8] {
        &self.records
    }

    /// Reads `buffer.len()` bytes of the item starting at `start`.
    fn read(&mut self, start: u64, at: &mut u64, buffer: &mut [u8]) -> Result<(), SetError> {
        if *at + buffer.len() as u64 > self.limit {
            return Err(SetError::Truncated { offset: start });
        }
        self.input.read_exact(buffer).map_err(|error| match error.kind() {
            std::io::ErrorKind::UnexpectedEof => SetError::Truncated { offset: start },
            _ => SetError::Io(error.to_string()),
        })?;
        *at += buffer.len() as u64;
        Ok(())
    }

    fn read_u16(&mut self, start: u64, at: &mut u64) -> Result<u16, SetError> {
        let mut bytes = [0u8; 2];
        self.read(start, at, &mut bytes)?;
        Ok(u16::from_le_bytes(bytes))
    }

    /// The next item, `None` at the end.
    pub fn next_item(&mut self) -> Result<Option<Item>, SetError> {
        self.records.clear();
        self.entries.clear();
        let start = self.offset;
        if start >= self.limit
            || self.input.fill_buf().map_err(|error| SetError::Io(error.to_string()))?.is_empty()
        {
            return Ok(None);
        }
        let corrupt = |reason: String| SetError::Corrupt { offset: start, reason };
        let mut at = start;
        let mut head = [0u8; 32];
        self.read(start, &mut at, &mut head[..16])?;
        if head[..16] == BLOCK_MAGIC {
            let mut fixed = [0u8; 19];
            self.read(start, &mut at, &mut fixed)?;
            let kind = match fixed[0] {
                0 => Kind::Games,
                1 => Kind::Records,
                other => return Err(corrupt(format!("block of unknown kind {other}"))),
            };
            let length = usize::from(u16::from_le_bytes([fixed[17], fixed[18]]));
            let mut settings = vec![0u8; length];
            self.read(start, &mut at, &mut settings)?;
            let settings = String::from_utf8(settings)
                .map_err(|_| corrupt("a settings line that is not text".into()))?;
            self.offset = at;
            self.in_block = true;
            return Ok(Some(Item::Block(Block {
                kind,
                first_game: u64::from_le_bytes(fixed[1..9].try_into().unwrap()),
                games: u64::from_le_bytes(fixed[9..17].try_into().unwrap()),
                settings,
            })));
        }
        if !self.in_block {
            return Err(corrupt("not a data set (no block header at its start)".into()));
        }
        self.read(start, &mut at, &mut head[16..])?;
        self.first = head;
        let tag = head[30];
        if tag & LONE != 0 {
            let mut record = head;
            record[30] &= !LONE;
            if G::Record::unpack(&record).is_none() {
                return Err(corrupt("a lone position that is no record".into()));
            }
            self.records.extend_from_slice(&record);
            self.offset = at;
            return Ok(Some(Item::Game { positions: 1, plies: 0, dropped: false }));
        }
        if tag == DROPPED {
            self.offset = at;
            return Ok(Some(Item::Game { positions: 0, plies: 0, dropped: true }));
        }
        if tag > 2 {
            return Err(corrupt(format!("an item of unknown kind {tag}")));
        }
        let mut position = if self.replay {
            Some(
                G::unpack_position(&head)
                    .ok_or_else(|| corrupt("a first position that is no record".into()))?,
            )
        } else {
            None
        };
        let first_side = position.as_ref().is_some_and(|position| position.first_player_to_move());
        let mut moves = self.moves.take().unwrap_or_default();
        let (mut positions, mut plies) = (0, 0);
        let outcome = loop {
            let entry = self.read_u16(start, &mut at)?;
            let bits = entry & !SCORED;
            let mut stored = None;
            if entry & SCORED != 0 {
                let score = self.read_u16(start, &mut at)? as i16;
                stored = Some(score);
                positions += 1;
                if let Some(position) = &position {
                    let result = if position.first_player_to_move() == first_side { tag } else { 2 - tag };
                    position.pack(score, result, &mut self.records);
                }
            }
            self.entries.push((bits, stored));
            if bits == 0 {
                break Ok(());
            }
            plies += 1;
            if plies > MAX_PLIES {
                break Err(corrupt(format!("a game of more than {MAX_PLIES} plies")));
            }
            if let Some(position) = &mut position {
                let mv = G::move_from_bits(bits);
                position.generate_moves(&mut moves);
                if !moves.contains(&mv) {
                    break Err(corrupt(format!("ply {plies}: an illegal move")));
                }
                position.make_move(mv);
            }
        };
        self.moves = Some(moves);
        outcome?;
        self.offset = at;
        Ok(Some(Item::Game { positions, plies, dropped: false }))
    }
}

/// A block as a scan found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockSummary {
    pub block: Block,
    /// Where its header starts.
    pub offset: u64,
    /// Items: games (dropped ones included) or lone positions.
    pub items: u64,
    pub dropped: u64,
    /// Training positions.
    pub positions: u64,
    /// Plies stored (moves).
    pub plies: u64,
    /// Bytes, header included.
    pub bytes: u64,
}

impl BlockSummary {
    /// The number of the next game of these settings after this block.
    pub fn next_game(&self) -> u64 {
        self.block.first_game
            + match self.block.kind {
                Kind::Games => self.items,
                Kind::Records => self.block.games,
            }
    }
}

/// What a whole set holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub blocks: Vec<BlockSummary>,
    /// The end of the last whole item.
    pub end: u64,
    /// Set when the data ended inside an item (at `end`).
    pub truncated: bool,
}

impl Summary {
    pub fn positions(&self) -> u64 {
        self.blocks.iter().map(|block| block.positions).sum()
    }

    /// The number of the next game of `settings`: after every block of the same settings.
    pub fn next_game(&self, settings: &str) -> u64 {
        self.blocks
            .iter()
            .filter(|block| block.block.settings == settings)
            .map(BlockSummary::next_game)
            .max()
            .unwrap_or(0)
    }
}

/// True when `path` starts with a block header (else: a file of 32-byte records, or no file).
pub fn is_set(path: &str) -> bool {
    let mut head = [0u8; 16];
    std::fs::File::open(path).and_then(|mut file| file.read_exact(&mut head)).is_ok() && head == BLOCK_MAGIC
}

/// The game a set holds, as its first block's settings line names it (`game=chess`), if it is a
/// set and names one: a reader of one game's records refuses another's set by it, before replaying
/// a move.
pub fn game_name(path: &str) -> Option<String> {
    let file = std::fs::File::open(path).ok()?;
    let mut reader = Reader::<engine::chess::Position, _>::new(file, u64::MAX, false);
    let Ok(Some(Item::Block(block))) = reader.next_item() else {
        return None;
    };
    block.game().map(String::from)
}

/// Reads the set at `path` up to `limit` bytes, handing each game's records to `visit` (with
/// `replay`; else only counting). A cut-short last item ends the scan (`truncated`); a corrupt
/// one is an error, and so is a block whose settings name another game than `G` (before its
/// moves are read as `G`'s).
pub fn scan<G: Packed>(
    path: &str,
    limit: u64,
    replay: bool,
    mut visit: impl FnMut(&[u8]),
) -> Result<Summary, String> {
    let file = std::fs::File::open(path).map_err(|error| format!("{path}: {error}"))?;
    let mut reader = Reader::<G, _>::new(file, limit, replay);
    let mut summary = Summary::default();
    loop {
        let item = match reader.next_item() {
            Ok(Some(item)) => item,
            Ok(None) => break,
            Err(SetError::Truncated { .. }) => {
                summary.truncated = true;
                break;
            }
            Err(error) => return Err(format!("{path}: {error}")),
        };
        match item {
            Item::Block(block) => {
                if let Some(game) = block.game().filter(|&game| game != G::NAME) {
                    return Err(format!("{path}: a {game} set, read as {}: pass --game {game}", G::NAME));
                }
                summary.blocks.push(BlockSummary {
                    block,
                    offset: summary.end,
                    items: 0,
                    dropped: 0,
                    positions: 0,
                    plies: 0,
                    bytes: 0,
                });
            }
            Item::Game { positions, plies, dropped } => {
                let block = summary.blocks.last_mut().expect("a game follows a block header");
                block.items += 1;
                block.dropped += u64::from(dropped);
                block.positions += positions as u64;
                block.plies += plies as u64;
                visit(reader.records());
            }
        }
        summary.end = reader.offset();
        let block = summary.blocks.last_mut().expect("the set starts with a block header");
        block.bytes = summary.end - block.offset;
    }
    Ok(summary)
}

/// Writes one game's item: `first` the 32-byte record of its first position (its byte 30 the
/// result from that side to move), then `entries`, each a move's bits (0: none, the game ended)
/// and the score of the position it was played from if that is a training position.
pub fn write_game(first: &[u8], entries: impl IntoIterator<Item = (u16, Option<i16>)>, out: &mut Vec<u8>) {
    out.extend_from_slice(first);
    let mut ended = false;
    for (bits, score) in entries {
        match score {
            Some(score) => {
                out.extend_from_slice(&(bits | SCORED).to_le_bytes());
                out.extend_from_slice(&score.to_le_bytes());
            }
            None if bits != 0 => out.extend_from_slice(&bits.to_le_bytes()),
            None => {}
        }
        if bits == 0 {
            ended = score.is_some();
            break;
        }
    }
    if !ended {
        out.extend_from_slice(&0u16.to_le_bytes());
    }
}

/// Writes a dropped game's item: its opening's record, byte 30 marking it dropped.
pub fn write_dropped(opening: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(opening);
    out[start + 30] = DROPPED;
}

/// Writes a 32-byte record as a lone position.
pub fn write_lone(record: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(record);
    out[start + 30] |= LONE;
}
