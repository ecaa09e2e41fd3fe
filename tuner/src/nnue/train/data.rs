//! The trainer's data: the files sized once when training starts, each streamed record by record
//! (a data set played back game by game, only the blocks a [`BlockFilter`] keeps: one network's
//! with `--played-by`, one search's with `--block-settings`), and the split of each file into
//! training records and its held-out last games.

use crate::datagen::set;
use crate::nnue::FeatureSet;
use std::io::Read;

/// Record size of either game's data.
pub(super) const RECORD: usize = 32;

/// Which side of the split a run of records is on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    Training,
    HeldOut,
}

/// The index of a file's first held-out record, of `records`.
pub(super) fn held_out_from(records: usize, per_mille: u64) -> usize {
    records - (records as u128 * u128::from(per_mille.min(1000)) / 1000) as usize
}

/// A training data file: a data set ([`crate::datagen::set`]) or a file of 32-byte records, sized
/// once when training starts so that every epoch reads the same positions (a generator may still be
/// appending to it: a set is read up to its last whole game then, a file of records up to its last
/// whole record).
pub(super) struct DataFile {
    path: String,
    set: bool,
    /// Of a set, only the games of the blocks this keeps.
    blocks: BlockFilter,
    /// Training positions.
    records: usize,
    /// Bytes read.
    end: u64,
}

/// Which blocks of a data set training reads. A block's settings line (`game=chess seed=22
/// nodes=5000 ... eval=nnue-...`) says what played its games, so one growing file per game can
/// hold several networks' games at several node counts, and a training run picks its part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct BlockFilter {
    /// Only the games of this network's blocks (its [`network_tag`], from `--played-by`).
    ///
    /// [`network_tag`]: crate::datagen::network_tag
    pub network: Option<String>,
    /// Only the blocks whose settings line has every one of these `key=value` fields
    /// (`--block-settings`), such as the node count the games were searched at.
    pub fields: Vec<String>,
}

impl BlockFilter {
    /// Whether it keeps only some blocks (a file of records, which has none, is then refused).
    fn selects(&self) -> bool {
        self.network.is_some() || !self.fields.is_empty()
    }

    /// Whether training reads `block`'s games.
    fn keeps(&self, block: &set::Block) -> bool {
        self.network.as_deref().is_none_or(|tag| block.network() == Some(tag))
            && self.fields.iter().all(|wanted| block.settings.split(' ').any(|field| field == wanted))
    }

    /// What it keeps, for the trainer's report.
    fn describe(&self) -> String {
        let network = self.network.iter().map(|tag| format!("network {tag}'s games"));
        network.chain(self.fields.iter().map(|field| format!("`{field}`"))).collect::<Vec<_>>().join(", ")
    }
}

/// Sizes each of `paths`, counting of each set only the games of the blocks `blocks` keeps (a file
/// of records says nothing of what played its games, so it is refused when `blocks` selects).
pub(super) fn data_files<G: FeatureSet>(
    paths: &[String],
    blocks: &BlockFilter,
) -> Result<Vec<DataFile>, String> {
    paths
        .iter()
        .map(|path| {
            if set::is_set(path) {
                let summary = set::scan::<G>(path, u64::MAX, false, |_| {})?;
                if summary.truncated {
                    eprintln!("train: {path} ends inside a game: read up to byte {}", summary.end);
                }
                let records = summary
                    .blocks
                    .iter()
                    .filter(|block| blocks.keeps(&block.block))
                    .map(|block| block.positions)
                    .sum::<u64>() as usize;
                if blocks.selects() {
                    eprintln!("train: {path}: {records} positions of the blocks with {}", blocks.describe());
                }
                Ok(DataFile {
                    path: path.clone(),
                    set: true,
                    blocks: blocks.clone(),
                    records,
                    end: summary.end,
                })
            } else if blocks.selects() {
                Err(format!(
                    "{path}: a file of 32-byte records does not say what played its games \
                     (--played-by and --block-settings read data sets)"
                ))
            } else {
                let length = std::fs::metadata(path).map_err(|error| format!("{path}: {error}"))?.len();
                if length % RECORD as u64 != 0 {
                    return Err(format!("{path}: {length} bytes is not a whole number of records"));
                }
                Ok(DataFile {
                    path: path.clone(),
                    set: false,
                    blocks: BlockFilter::default(),
                    records: length as usize / RECORD,
                    end: length,
                })
            }
        })
        .collect()
}

/// A data file's records in order, streamed: read from a file of records, or played back from a
/// set game by game.
enum Source<G: FeatureSet> {
    Records(std::io::Take<std::io::BufReader<std::fs::File>>),
    Set {
        reader: set::Reader<G, std::fs::File>,
        pending: Vec<u8>,
        at: usize,
        /// Which blocks' games are read.
        blocks: BlockFilter,
        /// The current block's games are read.
        kept: bool,
    },
}

impl<G: FeatureSet> Source<G> {
    fn open(file: &DataFile) -> Result<Source<G>, String> {
        let path = &file.path;
        let handle = std::fs::File::open(path).map_err(|error| format!("{path}: {error}"))?;
        Ok(if file.set {
            Source::Set {
                reader: set::Reader::new(handle, file.end, true),
                pending: Vec::new(),
                at: 0,
                blocks: file.blocks.clone(),
                kept: true,
            }
        } else {
            Source::Records(std::io::BufReader::with_capacity(1 << 20, handle).take(file.end))
        })
    }

    /// Fills `out` with the next `out.len() / RECORD` records.
    fn read(&mut self, out: &mut [u8], path: &str) -> Result<(), String> {
        match self {
            Source::Records(reader) => reader.read_exact(out).map_err(|error| format!("{path}: {error}")),
            Source::Set { reader, pending, at, blocks, kept } => {
                let mut filled = 0;
                while filled < out.len() {
                    if *at == pending.len() {
                        pending.clear();
                        *at = 0;
                        match reader.next_item().map_err(|error| format!("{path}: {error}"))? {
                            Some(set::Item::Block(block)) => {
                                *kept = blocks.keeps(&block);
                                // Skipped games are only walked, not played back.
                                reader.set_replay(*kept);
                            }
                            Some(set::Item::Game { .. }) if *kept => {
                                pending.extend_from_slice(reader.records())
                            }
                            Some(set::Item::Game { .. }) => {}
                            None => {
                                return Err(format!("{path}: fewer positions than when training started"))
                            }
                        }
                    }
                    let take = (out.len() - filled).min(pending.len() - *at);
                    out[filled..filled + take].copy_from_slice(&pending[*at..*at + take]);
                    filled += take;
                    *at += take;
                }
                Ok(())
            }
        }
    }
}

/// Reads the files chunk by chunk: `visit(records, part)` gets up to `chunk` whole records at a
/// time, all on one side of the split (each file's last `per_mille` are held out). Training chunks
/// run on from one file into the next, so that a chunk mixes the files: a small file read last
/// would otherwise be a chunk of its own, the last batches of every epoch.
pub(super) fn for_each_chunk<G: FeatureSet>(
    files: &[DataFile],
    chunk: usize,
    per_mille: u64,
    mut visit: impl FnMut(&[u8], Part),
) -> Result<(), String> {
    let chunk_bytes = chunk.max(1) * RECORD;
    let mut training: Vec<u8> = Vec::new();
    // Held-out records are only collected, so any piece size does for them.
    let held_out_piece = chunk.clamp(1, 1 << 16);
    let mut held_out = vec![0u8; held_out_piece * RECORD];
    for file in files {
        let mut source = Source::<G>::open(file)?;
        let records = file.records;
        let boundary = held_out_from(records, per_mille);
        let mut at = 0;
        while at < boundary {
            let take = (boundary - at).min((chunk_bytes - training.len()) / RECORD);
            let filled = training.len();
            training.resize(filled + take * RECORD, 0);
            source.read(&mut training[filled..], &file.path)?;
            if training.len() == chunk_bytes {
                visit(&training, Part::Training);
                training.clear();
            }
            at += take;
        }
        while at < records {
            let take = (records - at).min(held_out_piece);
            let bytes = &mut held_out[..take * RECORD];
            source.read(bytes, &file.path)?;
            visit(bytes, Part::HeldOut);
            at += take;
        }
    }
    if !training.is_empty() {
        visit(&training, Part::Training);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Each file's last records are held out, in chunks that never straddle the cut; training
    /// chunks run on across files.
    #[test]
    fn the_held_out_records_are_each_files_last() {
        let dir = std::env::temp_dir().join(format!("triskel-split-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut paths = Vec::new();
        for (file, records) in [(0u8, 1000usize), (1, 37)] {
            let bytes: Vec<u8> =
                (0..records).flat_map(|index| [file, (index % 251) as u8].repeat(RECORD / 2)).collect();
            let path = dir.join(format!("{file}.bin"));
            std::fs::write(&path, bytes).unwrap();
            paths.push(path.to_str().unwrap().to_string());
        }
        let mut seen: Vec<(u8, usize, Part)> = Vec::new();
        let mut counts = [[0usize; 2]; 2];
        let mut training_chunks = Vec::new();
        let files = data_files::<engine::chess::Position>(&paths, &BlockFilter::default()).unwrap();
        for_each_chunk::<engine::chess::Position>(&files, 64, 20, |bytes, part| {
            assert!(bytes.len() <= 64 * RECORD);
            if part == Part::Training {
                training_chunks.push(bytes.len() / RECORD);
            }
            for record in bytes.chunks_exact(RECORD) {
                let file = usize::from(record[0]);
                counts[file][usize::from(part == Part::HeldOut)] += 1;
                seen.push((record[0], usize::from(record[1]), part));
            }
        })
        .unwrap();
        assert_eq!(counts, [[980, 20], [37, 0]], "2% of 1000, and none of 37 (0.74 rounds down)");
        // 980 + 37 training records: fifteen full chunks, the sixteenth holding file 0's last 20
        // and all of file 1.
        assert_eq!(training_chunks, [[64; 15].as_slice(), &[57]].concat());
        let training: Vec<(u8, usize)> =
            seen.iter().filter(|seen| seen.2 == Part::Training).map(|seen| (seen.0, seen.1)).collect();
        let expected: Vec<(u8, usize)> =
            (0..980).map(|index| (0, index % 251)).chain((0..37).map(|index| (1, index))).collect();
        assert_eq!(training, expected, "every training record once, in file order");
        // File 0's held-out records are its last twenty, in order.
        let held: Vec<usize> =
            seen.iter().filter(|seen| seen.2 == Part::HeldOut).map(|seen| seen.1).collect();
        assert_eq!(held, (980..1000).map(|index| index % 251).collect::<Vec<_>>());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A data set streams the records its 32-byte conversion holds, chunk by chunk, the split at
    /// the same record; a game cut short at its end (a generator at work) is left out.
    #[test]
    fn a_data_set_streams_as_its_records() {
        type Chess = engine::chess::Position;
        let dir = std::env::temp_dir().join(format!("triskel-train-set-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let set = dir.join("data.set").to_str().unwrap().to_string();
        let records = dir.join("data.bin").to_str().unwrap().to_string();
        three_games(&set, false, 300);
        crate::datagen::convert::<Chess>(&set, &records).unwrap();
        // The start of a game: its first position, one move, no end.
        let mut torn = Vec::new();
        let start = Chess::startpos();
        crate::datagen::record::Packed::pack(&start, 0, 1, &mut torn);
        let e4 = start.parse_uci_move("e2e4").unwrap();
        torn.extend_from_slice(&<Chess as crate::datagen::record::Packed>::move_bits(e4).to_le_bytes());
        std::fs::OpenOptions::new().append(true).open(&set).unwrap().write_all(&torn).unwrap();
        let every = BlockFilter::default();
        let from_records = stream(&records, &every);
        assert!(from_records.len() > 2 && from_records.iter().any(|(_, part)| *part == Part::HeldOut));
        assert_eq!(stream(&set, &every), from_records);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Three short games from the start position appended to the set at `out`, played with the
    /// embedded network or the hand-crafted evaluation, at `nodes` a move.
    fn three_games(out: &str, nnue: bool, nodes: u64) {
        let config = crate::datagen::Config {
            play: crate::selfplay::Config {
                openings: vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()],
                games: 3,
                nodes,
                skip_plies: 4,
                nnue,
                out: out.to_string(),
                ..crate::selfplay::test_config(4)
            },
            report_every: std::time::Duration::from_secs(3600),
        };
        crate::datagen::run::<engine::chess::Position>(&config).unwrap();
    }

    /// What training reads of the chess file at `path` (of the blocks `blocks` keeps), chunk by
    /// chunk: chunks of 50 records, a tenth held out.
    fn stream(path: &str, blocks: &BlockFilter) -> Vec<(Vec<u8>, Part)> {
        type Chess = engine::chess::Position;
        let files = data_files::<Chess>(&[path.to_string()], blocks).unwrap();
        let mut seen = Vec::new();
        for_each_chunk::<Chess>(&files, 50, 100, |bytes, part| seen.push((bytes.to_vec(), part))).unwrap();
        seen
    }

    /// A set of three blocks (the hand-crafted evaluation's games at 300 nodes a move, then the
    /// embedded network's at 300 and at 200) in `dir`, as the set, its 32-byte records, and each
    /// block's positions.
    fn three_blocks(dir: &std::path::Path) -> (String, String, [usize; 3]) {
        type Chess = engine::chess::Position;
        std::fs::create_dir_all(dir).unwrap();
        let (set, records) = (dir.join("data.set"), dir.join("data.bin"));
        let (set, records) = (set.to_str().unwrap().to_string(), records.to_str().unwrap().to_string());
        three_games(&set, false, 300);
        three_games(&set, true, 300);
        three_games(&set, true, 200);
        let blocks = set::scan::<Chess>(&set, u64::MAX, false, |_| {}).unwrap().blocks;
        let positions = [0, 1, 2].map(|index| blocks[index].positions as usize);
        assert!(positions.iter().all(|&count| count > 0), "every block holds positions: {positions:?}");
        crate::datagen::convert::<Chess>(&set, &records).unwrap();
        (set, records, positions)
    }

    /// `--played-by`: of a set whose blocks two evaluations played, only the named network's games
    /// are sized and streamed, as the set's records after the first block's; a network that played
    /// none gives nothing, and a file of records, which names no network, is refused.
    #[test]
    fn played_by_reads_only_that_networks_games() {
        type Chess = engine::chess::Position;
        use crate::games::Tunable;
        let dir = std::env::temp_dir().join(format!("triskel-played-by-{}", std::process::id()));
        let (set, records, [first, second, third]) = three_blocks(&dir);
        let network_part = dir.join("network.bin").to_str().unwrap().to_string();
        std::fs::write(&network_part, &std::fs::read(&records).unwrap()[first * RECORD..]).unwrap();

        let tag = crate::datagen::network_tag(Chess::embedded_network_file());
        let played_by = |tag: &str| BlockFilter { network: Some(tag.to_string()), fields: Vec::new() };
        let sized = |path: &str, blocks: &BlockFilter| {
            data_files::<Chess>(&[path.to_string()], blocks).map(|files| files[0].records)
        };
        assert_eq!(sized(&set, &BlockFilter::default()), Ok(first + second + third));
        assert_eq!(sized(&set, &played_by(&tag)), Ok(second + third));
        assert_eq!(stream(&set, &played_by(&tag)), stream(&network_part, &BlockFilter::default()));
        assert_eq!(sized(&set, &played_by("nnue-0000000000000000")), Ok(0));
        let refused = sized(&records, &played_by(&tag)).unwrap_err();
        assert!(refused.contains("--played-by"), "{refused}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `--block-settings`: only the blocks whose settings line has every field asked for, alone
    /// or beside `--played-by`; a field must match whole (`nodes=30` is not `nodes=300`).
    #[test]
    fn block_settings_read_only_the_blocks_with_those_fields() {
        type Chess = engine::chess::Position;
        use crate::games::Tunable;
        let dir = std::env::temp_dir().join(format!("triskel-block-settings-{}", std::process::id()));
        let (set, records, [first, second, third]) = three_blocks(&dir);
        let all = std::fs::read(&records).unwrap();
        let (at_300, at_200) = (dir.join("300.bin"), dir.join("200.bin"));
        std::fs::write(&at_300, &all[..(first + second) * RECORD]).unwrap();
        std::fs::write(&at_200, &all[(first + second) * RECORD..]).unwrap();

        let tag = crate::datagen::network_tag(Chess::embedded_network_file());
        let filter = |network: Option<&str>, fields: &[&str]| BlockFilter {
            network: network.map(String::from),
            fields: fields.iter().map(|field| field.to_string()).collect(),
        };
        let sized = |blocks: &BlockFilter| {
            data_files::<Chess>(std::slice::from_ref(&set), blocks).map(|files| files[0].records)
        };
        assert_eq!(sized(&filter(None, &["nodes=300"])), Ok(first + second));
        assert_eq!(sized(&filter(None, &["nodes=200"])), Ok(third));
        assert_eq!(sized(&filter(None, &["nodes=30"])), Ok(0));
        assert_eq!(sized(&filter(Some(&tag), &["nodes=300"])), Ok(second));
        assert_eq!(sized(&filter(None, &["nodes=300", "game=chess"])), Ok(first + second));
        assert_eq!(sized(&filter(None, &["nodes=300", "game=xiangqi"])), Ok(0));
        let default = BlockFilter::default();
        assert_eq!(stream(&set, &filter(None, &["nodes=300"])), stream(at_300.to_str().unwrap(), &default));
        assert_eq!(stream(&set, &filter(None, &["nodes=200"])), stream(at_200.to_str().unwrap(), &default));
        let refused =
            data_files::<Chess>(std::slice::from_ref(&records), &filter(None, &["nodes=300"])).err().unwrap();
        assert!(refused.contains("--block-settings"), "{refused}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
