//! `othello_fit`: fits the Othello pattern evaluation (`engine/data/othello_eval.bin`) by least
//! squares to scores of the engine's own games.
//!
//! ```text
//! othello_fit generate --out FILE [--openings FILE] [--games N] [--minutes M] [--depth D]
//!                      [--exact E] [--random-plies R] [--seed S]
//! othello_fit relabel  --data FILE --out FILE [--depth D] [--min-empties E] [--minutes M]
//!                      [--threads T] [--blend B]
//! othello_fit fit      --data FILE[,FILE...] [--out PATH] [--baseline PATH] [--stages S]
//!                      [--lambda L] [--lambda-mid L] [--iterations I] [--window W] [--threads T]
//!                      [--empties LOW-HIGH] [--prior PATH]
//! othello_fit mlp      --data FILE[,FILE...] [--out PATH] [--baseline PATH] [--epochs E]
//!                      [--rate R] [--batch B] [--threads T] [--seed S]
//! othello_fit average  --a PATH --b PATH --out PATH [--weight F]
//! othello_fit init     [--out PATH] [--stages S]
//! ```
//!
//! `generate` plays games in process, one thread: each starts from a line of the openings file
//! (game `g` takes line `g mod lines`, both colours in turn through the seed), plays random moves
//! with probability 1/2 for the first `R` plies after it, then the core search at depth `D`. From
//! `E` empties on, every position is solved exactly by the endgame solver and labelled with its
//! exact score (the game goes on with the solver's best move, or a random move one time in four,
//! so that the endgame positions are varied). A position before that point is labelled with the
//! exact score of the game's first solved position (from the side to move): the game's result
//! with a perfect endgame. `relabel` replaces those game-result labels, for positions with at least
//! `--min-empties` empties, by the score of a `D`-ply search with the engine's current evaluation
//! (the previous fit), so a second fit learns from deeper searches than the games were played at;
//! with `--blend B` the new label is `(1 - B) * result + B * search` instead (the result alone is
//! noisy, the search alone repeats the previous fit's mistakes).
//!
//! `generate` clears both tables before each game, so game `g` depends only on the seed and `g`,
//! and it resumes: beside `OUT` it keeps `OUT.settings`, one line with everything that decides the
//! games (seed, depth, exact empties, random plies, first game, the openings' and the compiled-in
//! evaluation's identities). A run on an existing `OUT` with the same settings cuts the file back to
//! its last whole game (the one being written when a run was killed goes) and plays on from there,
//! so a run stopped and resumed writes the file an unstopped run would have, and a long generation
//! can run in the background session after session. Other settings, or an `OUT` without its
//! settings line, are refused rather than overwritten.
//!
//! `fit` solves, stage by stage, the regularised least-squares problem
//! `min sum (eval(x) - label)^2 + lambda |w|^2` (`--lambda` for the stages up to 20 empties, whose
//! labels are mostly exact, `--lambda-mid` above) by conjugate gradients with a diagonal
//! preconditioner, over the positions of the stage and of `W` empties on either side; the weights
//! of the symmetric indices of a self-symmetric pattern are one variable. A tenth of the games (by
//! game number) is held out, and the error in discs is printed per stage, train and test, next to
//! the held-out error of the `--baseline` weights (the committed ones unless named), so a refit
//! shows at once whether it beats what the engine plays with; then both held-out errors again over
//! ranges of 5 empties, whatever the stages, so fits with different stages compare directly. `S`
//! stages (a divisor of 60; the baseline's count unless named) split the empties evenly: with 60,
//! one set of weights per number of empties, as Edax has, each fitted on the `2W + 1` empties
//! around its own. `T` threads fit stages in parallel. With `--empties LOW-HIGH` only the stages
//! within those empties are fitted; the others keep the baseline's weights (restaged). With
//! `--prior PATH` the ridge pulls towards that file's weights instead of towards zero
//! (`lambda |w - prior|^2`), so a fit on new data keeps an earlier fit's weights where the new
//! data says little about them.
//!
//! `mlp` learns the same tables through one small network per pattern class and writes out their
//! outputs (`mlp.rs` says how, and why a table fitted so can differ).
//!
//! `average` writes `(1 - F) * a + F * b` weight by weight (`F` 0.5 unless named), in the larger of
//! the two files' stage counts: a stage of the other takes its weights from the stage holding its
//! middle empties.
//!
//! Data lines: `PLAYER OPPONENT SCORE KIND GAME` (hex bitboards from the side to move, score in
//! discs, `e` exact / `g` game result / `s` search).

use crate::identity::identity;
use engine::othello::endgame::{self, EndgameEntry, NoStop};
use engine::othello::{Move, Position, DISC};
use engine::search::{self, Limits, LimitsOnly, SearchState, Silent, TranspositionTable, TtEntry};
use std::io::{BufWriter, Seek, Write};
use std::time::{Duration, Instant};
use tablegen::othello_eval::{self as layout, Weights};
use tablegen::prng::SplitMix64;

mod fit;
mod mlp;
pub mod options;
mod samples;

use options::Options;
use samples::{read_samples, Sample};

/// Entries of the solver's table (24 bytes each).
const SOLVER_ENTRIES: usize = 1 << 20;
/// Entries of the search's table (16 bytes each).
const SEARCH_ENTRIES: usize = 1 << 20;

/// The opening lines of `text` (the file `path`, named in errors): moves from the start, text after
/// `;` or `#` ignored.
fn parse_openings(path: &str, text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut openings = Vec::new();
    for line in text.lines() {
        let line = line.split([';', '#']).next().unwrap_or("");
        let letters: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if letters.is_empty() {
            continue;
        }
        let mut position = Position::startpos();
        let mut moves = Vec::new();
        for chunk in letters.as_bytes().chunks(2) {
            let text = std::str::from_utf8(chunk).unwrap_or("");
            let mv = position.parse_move(text).ok_or_else(|| format!("{path}: bad opening {line:?}"))?;
            position.play(mv);
            moves.push(mv);
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err(format!("{path}: no openings"));
    }
    Ok(openings)
}

/// A uniformly chosen legal move (the position has one).
fn random_move(position: &Position, rng: &mut SplitMix64) -> Move {
    let mut moves = position.moves();
    let skip = rng.next_u64() % u64::from(moves.count_ones());
    for _ in 0..skip {
        moves &= moves - 1;
    }
    Move::from_index(moves.trailing_zeros() as u8)
}

/// The depth-`depth` search's best move and score (discs).
fn search_move(
    position: &Position,
    depth: u32,
    table: &[TtEntry],
    state: &mut SearchState<Position>,
) -> (Move, f32) {
    let tt = TranspositionTable::new(table, 0);
    let limits = Limits { depth: Some(depth), ..Default::default() };
    let outcome = search::search(position, &[], &limits, &tt, state, &LimitsOnly, &mut Silent);
    (outcome.best_move.unwrap_or(Move::PASS), outcome.score.0 as f32 / DISC as f32)
}

/// The positions of one game as they are labelled: the midgame ones waiting for the game's first
/// exact score, the solved ones with their own.
#[derive(Default)]
struct GameLabels {
    /// Positions before the solver took over.
    pending: Vec<Position>,
    solved: Vec<Sample>,
    /// The first solved position's side to move and score.
    anchor: Option<(engine::othello::Color, f32)>,
}

impl GameLabels {
    /// A position before the solver takes over: labelled once the game's first exact score is known.
    fn midgame(&mut self, position: Position) {
        self.pending.push(position);
    }

    fn solved(&mut self, position: &Position, score: f32, game: u32) {
        self.solved.push(Sample {
            player: position.player(),
            opponent: position.opponent(),
            score,
            kind: 'e',
            game,
        });
        self.anchor.get_or_insert((position.side_to_move(), score));
    }

    /// Every position labelled, midgame first; `last` is the game's final position (its result
    /// labels the midgame when nothing was solved).
    fn finish(self, last: &Position, game: u32) -> Vec<Sample> {
        let (anchor_side, anchor_score) =
            self.anchor.unwrap_or_else(|| (last.side_to_move(), last.final_score() as f32));
        let labelled = self.pending.into_iter().map(|position| {
            let score = if position.side_to_move() == anchor_side { anchor_score } else { -anchor_score };
            Sample { player: position.player(), opponent: position.opponent(), score, kind: 'g', game }
        });
        labelled.chain(self.solved).collect()
    }
}

/// The evaluation the searches of `generate` and `relabel` use: the weights compiled in.
const COMPILED_WEIGHTS: &[u8] = include_bytes!("../../../engine/data/othello_eval.bin");

/// Where a file of `generate` ends its last whole game: the byte offset, the number of that game
/// (the one to play next) and the positions kept before it; `None` when no line is whole. A game's
/// lines are written together, so the last game in the file may be cut short, and so may its last
/// line; both go.
fn last_game_start(text: &str) -> Result<Option<(usize, u32, usize)>, String> {
    let whole = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
    let game_of = |line: &str| {
        line.split_whitespace()
            .nth(4)
            .and_then(|word| word.parse::<u32>().ok())
            .ok_or(format!("bad line {line:?}"))
    };
    let Some(last_line) = whole.lines().last() else { return Ok(None) };
    let last = game_of(last_line)?;
    let (mut start, mut kept) = (0, 0);
    for line in whole.lines() {
        if game_of(line)? == last {
            break;
        }
        start += line.len() + 1;
        kept += 1;
    }
    Ok(Some((start, last, kept)))
}

/// Opens `out` for `generate`: a new file (its settings line written beside it), or an existing
/// one with the same settings, cut back to its last whole game. Returns the file, the game to play
/// next and the positions already there.
fn open_generated(out: &str, settings: &str, first_game: u32) -> Result<(std::fs::File, u32, usize), String> {
    let settings_path = format!("{out}.settings");
    let error = |error: std::io::Error| format!("{out}: {error}");
    match std::fs::read_to_string(&settings_path) {
        Err(_) if std::path::Path::new(out).exists() => {
            Err(format!("{out} exists without {settings_path}: choose another --out"))
        }
        Err(_) => {
            std::fs::write(&settings_path, format!("{settings}\n"))
                .map_err(|e| format!("{settings_path}: {e}"))?;
            Ok((std::fs::File::create(out).map_err(error)?, first_game, 0))
        }
        Ok(text) if text.trim() != settings => {
            Err(format!("{out} was started with other settings ({}); this run has {settings}", text.trim()))
        }
        Ok(_) => {
            // A data file removed since is started again under the same settings.
            let text = match std::fs::read_to_string(out) {
                Err(missing) if missing.kind() == std::io::ErrorKind::NotFound => String::new(),
                read => read.map_err(error)?,
            };
            let (cut, next, kept) = last_game_start(&text)
                .map_err(|message| format!("{out}: {message}"))?
                .unwrap_or((0, first_game, 0));
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(out)
                .map_err(error)?;
            file.set_len(cut as u64).map_err(error)?;
            file.seek(std::io::SeekFrom::End(0)).map_err(error)?;
            Ok((file, next, kept))
        }
    }
}

fn generate(options: &Options) -> Result<(), String> {
    let openings_path = options.text_or("openings", "openings.txt");
    let openings_text =
        std::fs::read_to_string(&openings_path).map_err(|error| format!("{openings_path}: {error}"))?;
    let openings = parse_openings(&openings_path, &openings_text)?;
    let out = options.text_or("out", "othello_positions.txt");
    let games: u32 = options.number("games", 1_000_000)?;
    let minutes: f64 = options.number("minutes", 10.0)?;
    let depth: u32 = options.number("depth", 4)?;
    let exact: u32 = options.number("exact", 18)?;
    let random_plies: u32 = options.number("random-plies", 12)?;
    let seed: u64 = options.number("seed", 1)?;
    let first_game: u32 = options.number("first-game", 0)?;
    let settings = format!(
        "seed={seed} depth={depth} exact={exact} random-plies={random_plies} first-game={first_game} \
         openings={:016x} eval={:016x}",
        identity(openings_text.as_bytes()),
        identity(COMPILED_WEIGHTS)
    );
    let (file, mut game, already) = open_generated(&out, &settings, first_game)?;
    if game > first_game {
        eprintln!(
            "{out}: {already} positions of games {first_game}..{game} there, going on from game {game}"
        );
    }
    let mut writer = BufWriter::new(file);
    let mut solver_table = vec![EndgameEntry::EMPTY; SOLVER_ENTRIES];
    let mut search_table: Vec<TtEntry> = (0..SEARCH_ENTRIES).map(|_| TtEntry::new()).collect();
    let mut state = SearchState::<Position>::boxed();
    let started = Instant::now();
    let deadline = Duration::from_secs_f64(minutes * 60.0);
    let (mut written, mut solved_nodes) = (0usize, 0u64);
    let resumed_at = game;
    while game < first_game.saturating_add(games) && started.elapsed() < deadline {
        // Each game starts from empty tables: it then depends on the seed and its number only.
        solver_table.fill(EndgameEntry::EMPTY);
        search_table.iter_mut().for_each(|entry| *entry = TtEntry::new());
        state.clear();
        let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(game));
        let mut position = Position::startpos();
        for &mv in &openings[game as usize % openings.len()] {
            position.play(mv);
        }
        let mut labels = GameLabels::default();
        let mut plies = 0;
        while !position.is_game_over() {
            if position.moves() == 0 {
                position.play(Move::PASS);
                continue;
            }
            let mv = if position.empties() <= exact {
                let solution = endgame::solve_exact(&position, &solver_table, &NoStop)
                    .ok_or("the solver stopped without a stop request")?;
                solved_nodes += solution.nodes;
                labels.solved(&position, solution.score as f32, game);
                if rng.next_u64().is_multiple_of(4) {
                    random_move(&position, &mut rng)
                } else {
                    solution.best_move
                }
            } else {
                labels.midgame(position);
                if plies < random_plies && rng.next_u64().is_multiple_of(2) {
                    random_move(&position, &mut rng)
                } else {
                    search_move(&position, depth, &search_table, &mut state).0
                }
            };
            position.play(mv);
            plies += 1;
        }
        let samples = labels.finish(&position, game);
        for sample in &samples {
            writeln!(writer, "{}", sample.line()).map_err(|error| format!("{out}: {error}"))?;
        }
        written += samples.len();
        game += 1;
        if (game - resumed_at) % 50 == 0 {
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{} games, {} positions (+{written} in {seconds:.0} s, {:.0}/s), solver {:.1} Mnodes",
                game - first_game,
                already + written,
                written as f64 / seconds.max(1e-9),
                solved_nodes as f64 / 1e6
            );
        }
    }
    writer.flush().map_err(|error| format!("{out}: {error}"))?;
    eprintln!(
        "done: {} games, {} positions in {out} (+{written} in {:.0} s)",
        game - first_game,
        already + written,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn relabel(options: &Options) -> Result<(), String> {
    let mut samples = read_samples(&options.text_or("data", "othello_positions.txt"))?;
    let out = options.text_or("out", "othello_relabelled.txt");
    let depth: u32 = options.number("depth", 8)?;
    let min_empties: u32 = options.number("min-empties", 19)?;
    let minutes: f64 = options.number("minutes", 10.0)?;
    let threads: usize = options.number("threads", 2)?;
    let blend: f32 = options.number("blend", 1.0)?;
    if !(0.0..=1.0).contains(&blend) {
        return Err(format!("--blend {blend}: must be within 0..1"));
    }
    let started = Instant::now();
    let deadline = Duration::from_secs_f64(minutes * 60.0);
    let mut todo: Vec<&mut Sample> =
        samples.iter_mut().filter(|sample| sample.kind == 'g' && sample.empties() >= min_empties).collect();
    // Each thread takes a contiguous run of the file (whole games, in order), so a deadline leaves
    // the last games of each run unrelabelled rather than a thinned-out part of every game.
    let chunk = todo.len().div_ceil(threads.max(1)).max(1);
    let done: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = todo
            .chunks_mut(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let search_table: Vec<TtEntry> = (0..SEARCH_ENTRIES).map(|_| TtEntry::new()).collect();
                    let mut state = SearchState::<Position>::boxed();
                    let mut done = 0;
                    for sample in part.iter_mut() {
                        if started.elapsed() > deadline {
                            break;
                        }
                        let position = Position::from_discs(
                            sample.player,
                            sample.opponent,
                            engine::othello::Color::Black,
                        );
                        let searched = search_move(&position, depth, &search_table, &mut state).1;
                        sample.score = (1.0 - blend) * sample.score + blend * searched;
                        sample.kind = 's';
                        done += 1;
                    }
                    done
                })
            })
            .collect();
        workers.into_iter().map(|worker| worker.join().expect("a relabelling thread panicked")).sum()
    });
    let mut text = String::new();
    for sample in &samples {
        text.push_str(&sample.line());
        text.push('\n');
    }
    std::fs::write(&out, text).map_err(|error| format!("{out}: {error}"))?;
    eprintln!(
        "relabelled {done} positions by depth-{depth} searches in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `average`: two weight files blended weight by weight, in the finer one's stages.
fn average(options: &Options) -> Result<(), String> {
    let a = layout::load(&options.text_or("a", layout::DATA_PATH))?;
    let b = layout::load(&options.text_or("b", layout::DATA_PATH))?;
    let out = options.text_or("out", "othello_eval_average.bin");
    let f: f64 = options.number("weight", 0.5)?;
    let stages = a.stages.max(b.stages);
    let (a, b) = (a.restaged(stages), b.restaged(stages));
    let values = a
        .values
        .iter()
        .zip(&b.values)
        .map(|(&x, &y)| ((1.0 - f) * f64::from(x) + f * f64::from(y)).round() as i16)
        .collect();
    std::fs::write(&out, layout::write(&Weights { stages, values }))
        .map_err(|error| format!("{out}: {error}"))
}

/// The usage line `othello_fit` prints without a command.
pub const USAGE: &str = "usage: othello_fit generate|relabel|fit|mlp|average|init [--option value]...";

/// Runs `othello_fit COMMAND OPTIONS...`.
pub fn run(command: &str, options: &Options) -> Result<(), String> {
    match command {
        "generate" => generate(options),
        "relabel" => relabel(options),
        "fit" => fit::fit(options),
        "mlp" => mlp::mlp(options),
        "average" => average(options),
        "init" => {
            let out = options.text_or("out", layout::DATA_PATH);
            let stages: usize = options.number("stages", layout::DEFAULT_STAGES)?;
            if !layout::valid_stages(stages) {
                return Err(format!("--stages {stages}: not a divisor of {}", layout::EMPTIES));
            }
            std::fs::write(&out, layout::write(&Weights::unfitted(stages)))
                .map_err(|error| format!("{out}: {error}"))
        }
        _ => Err(format!("unknown command {command:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn midgame_positions_take_the_first_solved_score_from_their_side() {
        let mut start = Position::startpos();
        let mut labels = GameLabels::default();
        labels.midgame(start);
        let mv = start.parse_move("f5").unwrap();
        start.play(mv);
        labels.midgame(start);
        // The first solved position (White to move) is worth +6 to White; a later one does not count.
        labels.solved(&start, 6.0, 9);
        labels.solved(&start, -2.0, 9);
        let samples = labels.finish(&start, 9);
        let scores: Vec<(f32, char)> = samples.iter().map(|sample| (sample.score, sample.kind)).collect();
        assert_eq!(scores, [(-6.0, 'g'), (6.0, 'g'), (6.0, 'e'), (-2.0, 'e')]);
    }

    #[test]
    fn the_last_game_of_a_file_is_cut_with_any_partial_line() {
        let text = "1 2 0.5 g 7\n3 4 1 e 7\n5 6 -2 g 8\n7 8 -2 e 8\n9 a";
        // Game 8 may be cut short: it goes, and is played again.
        assert_eq!(last_game_start(text), Ok(Some((22, 8, 2))));
        assert_eq!(last_game_start("1 2 0.5 g 7\n"), Ok(Some((0, 7, 0))));
        assert_eq!(last_game_start("1 2 0.5 g"), Ok(None));
        assert_eq!(last_game_start(""), Ok(None));
        assert!(last_game_start("not a line\n").is_err());
    }

    /// A run stopped at any point and resumed writes the file one unstopped run writes.
    #[test]
    fn generate_resumes_a_cut_file_into_the_same_file() {
        let dir = std::env::temp_dir().join(format!("othello_fit_resume_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
        std::fs::write(path("openings.txt"), "F5D6\nF5F6\n").unwrap();
        let run_seed = |out: &str, games: u32, seed: u32| {
            let args: Vec<String> = format!(
                "--openings {} --out {out} --games {games} --depth 2 --exact 8 --random-plies 4 --seed {seed}",
                path("openings.txt")
            )
            .split_whitespace()
            .map(str::to_string)
            .collect();
            generate(&Options::parse_any(&args).unwrap())
        };
        let run = |out: &str, games: u32| run_seed(out, games, 5);
        run(&path("whole.txt"), 4).unwrap();
        let whole = std::fs::read_to_string(path("whole.txt")).unwrap();
        run(&path("cut.txt"), 2).unwrap();
        // Killed while writing game 2: a few of its lines, the last one cut short.
        let game_two =
            whole.lines().filter(|line| line.ends_with(" 2")).take(3).collect::<Vec<_>>().join("\n");
        let mut cut = std::fs::read_to_string(path("cut.txt")).unwrap();
        assert!(whole.starts_with(&cut) && cut.len() < whole.len());
        cut.push_str(&game_two[..game_two.len() - 5]);
        std::fs::write(path("cut.txt"), cut).unwrap();
        run(&path("cut.txt"), 4).unwrap();
        assert_eq!(std::fs::read_to_string(path("cut.txt")).unwrap(), whole);
        // More games go on; other settings, or a file without its settings line, are refused and
        // the file left alone.
        run(&path("cut.txt"), 5).unwrap();
        assert!(std::fs::read_to_string(path("cut.txt")).unwrap().starts_with(&whole));
        let refused = run_seed(&path("cut.txt"), 5, 6).unwrap_err();
        assert!(refused.contains("other settings"), "{refused}");
        std::fs::write(path("orphan.txt"), "kept").unwrap();
        assert!(run(&path("orphan.txt"), 1).unwrap_err().contains("without"));
        assert_eq!(std::fs::read_to_string(path("orphan.txt")).unwrap(), "kept");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
