#!/usr/bin/env python3
"""Runs the engine as cutechess-cli runs a UCI engine, line for line, and checks what it checks:
a chess game, a xiangqi game with `UCI_Variant xiangqi`, and a chess game with both engines
pondering.

    python3 tests/clients/cutechess.py ENGINE [--quiet]

cutechess (github.com/cutechess/cutechess) is on no package registry our CI reaches, so this
script replays it. It was read at commit 5e84232b (v1.5.1-5, 2026-07-14): the UCI side in
`projects/lib/src/uciengine.cpp`, `chessengine.cpp` (pings, timeouts, `quit`), `chessplayer.cpp`
and `timecontrol.cpp` (the clock and its forfeits), `chessgame.cpp` (the turns) and
`board/westernboard.cpp` (the end of a chess game). Upstream cutechess has no xiangqi board: the
one xiangqi UCI engines are matched with is its pull request 565 (branch `pr/565`, commit
f885cab3, 2021-07-03: `board/xiangqiboard.cpp` on `easternboard.cpp`), whose board writes and
reads squares as every cutechess board does, files from `a`, ranks counted from 1 (`h3e3`,
`a10a9`), as Fairy-Stockfish does, while Pikafish and this engine count them from 0. A
cutechess user therefore sets the engine's `Xiangqi Ranks` to `1-10` (`option.Xiangqi
Ranks=1-10`), and this script does. What cutechess does, and so what this script does:

- start: `uci`, then `uciok` within 35 s; every `option` line parsed as `UciEngine::parseOption`
  parses it and valid as an `EngineOption` (else "Invalid UCI option"); `UCI_Chess960` and the
  choices of `UCI_Variant` (a combo) are the variants the engine plays, other `UCI_` options but
  `UCI_LimitStrength` and `UCI_Elo` are dropped, `Ponder` makes it send `Ponder` each game; then
  the options the user gave (`option.Hash=16 option.Threads=1`), in name order, each only if the
  engine has it with a valid value, as `setoption name N value V`; then `isready` (15 s for
  `readyok`, each ping, else "stalled connection");
- each game, to both engines: the variant (`setoption name UCI_Variant value xiangqi` when it is
  one of the combo's choices, `setoption name UCI_Chess960 value true` for Chess960), then
  `ucinewgame`, `setoption name Ponder value false` (`true` with the engine option `ponder`),
  `position startpos` (a game from the variant's own start is `startpos`, xiangqi's too);
- each move (`ChessGame::onMoveMade`): the game's result is taken (mate, stalemate, too little
  material, fifty moves, a threefold repetition, or `-maxmoves`), then the move goes to the other
  engine as `position startpos moves ...` (long algebraic, the board's notation), the game's last
  move too; then (`startTurn`) `isready`, then `go wtime W btime B [winc I] [binc I]` (each
  clock's time left as it stands, which starts as time plus increment); the clock runs from `go`
  to `bestmove`; a move later than the time left (its default margin 0) loses on time, and none
  within that plus 200 ms too;
- with `ponder` (`UciEngine::startPondering`, `makeMove`, `startThinking`, `endGame`): after its
  `bestmove M ponder P`, P legal and not ending the game, the engine gets `position ... M P` and
  `isready`, then at `readyok` `go ponder wtime W btime B ...` (the clocks as they stand, the
  opponent's running: nothing taken off), sent after the opponent's `go`; its clock does not run.
  When the opponent plays P: nothing at once, then as its turn begins `ponderhit` (no `isready`),
  and its clock runs from `ponderhit` to `bestmove`. When it plays another move: `stop` at once;
  every line up to the bestmove that answers it is ignored and that bestmove discarded
  (`m_ignoreThinking`), and only then come `position ...` and `isready` (`m_bmBuffer`), `readyok`
  within 15 s of the `stop` (`ping(false)`), and `go` (no `isready` before it: one ping is
  under way). Lines the engine writes while pondering are read as it pondered: PVs after P, and a
  bestmove before `ponderhit` or `stop` is "Premature bestmove while pondering". When the game
  ends on the move it pondered: `stop`, the bestmove discarded, `isready`; on another move: the
  `stop` above, the bestmove, `position`, `isready`, then `isready` once more (the ping began
  before the game ended). The replay has the `readyok` before `go ponder` read before the
  opponent's move; were the move first, cutechess would drop the `go ponder` on a miss (then
  `position` and `isready` again, `m_rePing`) or send `go ponder` and `ponderhit` together on a
  hit: those timings are not replayed;
- the lines: `info string` is ignored; `score cp|mate N` (a `lowerbound`/`upperbound` score is
  ignored); every `pv` is played out on its board ("Illegal PV move" otherwise); `bestmove M
  [ponder P]`: M read as SAN or long algebraic and legal, else the game is forfeited ("illegal
  move"); P is checked legal after M ("Illegal ponder move");
- the end of a game: `isready` to each; the end of the run: `quit`, and a kill after 5 s. A
  bestmove before a `readyok` or after the game answers no `go` ("Unexpected move", or taken for
  the move of a `go` held until `readyok`): every `go` gets exactly one `bestmove`.

Each warning cutechess prints fails the check. The boards: python-chess for chess; for xiangqi a
second engine process lists the legal moves with `go perft 1` (move generation is proven by the
perft suites). A game still going after `--max-moves` moves a side is a draw, as with
cutechess-cli's `-maxmoves`. Exit status 0 when every check held, 1 when one failed, 77 without
python-chess (see common.py). The pondering game passes only if at least one `ponderhit` and
one `stop` after a missed ponder move were sent, so both paths were played.
"""
import sys
import time

from common import Checks, EnginePipe, expect, replay_arguments, require

chess = require("chess", "chess", "cutechess-cli v1.5.1-5 (5e84232b) and its xiangqi pull request 565, replayed; "
                "the chess board by python-chess")

PROTOCOL_START_TIME = 35.0
PING_TIME = 15.0
QUIT_TIME = 5.0
# The clock's forfeit timer runs this long past the time left.
FORFEIT_TIMER_MS = 200
# The options a user gives with `-each option.Hash=16 option.Threads=1`; cutechess keeps them in
# a map, so they go in name order.
USER_OPTIONS = {"Hash": "16", "Threads": "1"}
XIANGQI_OPTIONS = dict(USER_OPTIONS, **{"Xiangqi Ranks": "1-10"})
# The variants cutechess has boards for, of the names an engine may list (`BoardFactory`); its
# standard chess is `standard`, and `chess` is none of them.
BOARD_VARIANTS = {"standard", "fischerandom", "xiangqi", "crazyhouse", "atomic"}
OPTION_KEYWORDS = ("name", "type", "default", "min", "max", "var")


class Violation(Exception):
    pass


def parse_option(line):
    """`UciEngine::parseOption`: each keyword's value is the text up to the next keyword."""
    values = {}
    words = line.split()[1:]
    keyword, collected = None, []

    def close():
        if keyword is not None and collected:
            text = " ".join(collected)
            values.setdefault(keyword, []).append(text)

    for word in words:
        if word in OPTION_KEYWORDS:
            close()
            keyword, collected = word, []
        elif keyword is not None:
            collected.append(word)
    close()
    name = values.get("name", [""])[0]
    kind = values.get("type", [""])[0]
    default = values.get("default", [""])[0]
    if not name:
        return None
    option = {"name": name, "type": kind, "default": default, "vars": values.get("var", [])}
    if kind == "spin":
        option["min"] = to_int(values.get("min", ["0"])[0]) or 0
        option["max"] = to_int(values.get("max", ["0"])[0]) or 0
    return option if kind in ("button", "check", "combo", "spin", "string", "filename") else None


def to_int(text):
    try:
        return int(text)
    except ValueError:
        return None


def valid(option, value):
    """The `EngineOption`'s `isValid`."""
    kind = option["type"]
    if kind == "spin":
        number = to_int(value)
        low, high = option["min"], option["max"]
        return low <= high and number is not None and ((low == 0 and high == 0) or low <= number <= high)
    if kind == "combo":
        return value in option["vars"]
    if kind == "check":
        return value in ("true", "false")
    return True


class Clock:
    """cutechess's `TimeControl`, in milliseconds."""

    def __init__(self, time_ms, increment_ms):
        self.increment = increment_ms
        self.time_left = time_ms + increment_ms

    def update(self, elapsed_ms):
        """False when the move came too late."""
        expired = elapsed_ms > self.time_left
        self.time_left = self.time_left - elapsed_ms + self.increment
        return not expired


class Engine:
    """One cutechess `UciEngine`: a process kept for every game of the run."""

    def __init__(self, argv, name, user_options, ponders=False):
        self.argv, self.name, self.user_options = argv, name, user_options
        self.pipe = EnginePipe(argv, name)
        self.options = {}
        self.variants = {"standard"}
        self.combo_variants = []
        self.can_ponder = False
        # cutechess-cli's engine option `ponder` (`ChessEngine::pondering`).
        self.ponders = ponders
        # `m_ponderMove` (long algebraic; None for none) and `m_ponderState`: None, "pondering"
        # (`go ponder` sent, or held until the `readyok` before it), "hit" (the opponent played
        # it; `ponderhit` comes with the turn) or "missed" (`stop` sent, its bestmove awaited).
        self.ponder_move = None
        self.ponder_state = None
        self.stopped_at = None
        # `ponderhit`s sent, `stop`s sent for a miss, hits the game's end stopped.
        self.hits = self.misses = self.hits_at_end = 0
        self.warnings = []
        self.late = []

    def fail(self, message):
        raise Violation("%s: %s\n--- the end of the conversation:\n%s" % (self.name, message, self.pipe.tail()))

    def warn(self, message):
        self.warnings.append("%s: %s" % (self.name, message))

    def ping(self, send=True, timeout=PING_TIME):
        """`ChessEngine::ping`: `isready`, and `readyok` within 15 s (the ping timer's `timeout`
        left, when it started earlier). No search runs meanwhile, so a `bestmove` before the
        `readyok` answers no `go`: cutechess prints "Unexpected move" for it, or takes it for the
        move of the `go` it holds until `readyok`."""
        if send:
            self.pipe.send("isready")
        lines, ok = self.pipe.read_until(lambda line: line == "readyok", timeout)
        if not ok:
            self.fail("no response to ping: stalled connection")
        for line in lines[:-1]:
            if line.split(" ")[0] == "bestmove":
                self.fail("a bestmove that answers no go (one go, one bestmove): %r" % line)
        return lines

    def start(self):
        self.pipe.send("uci")
        lines, ok = self.pipe.read_until(lambda line: line == "uciok", PROTOCOL_START_TIME)
        if not ok:
            self.fail("Chess protocol was not started in time")
        for line in lines:
            if line.startswith("option "):
                self.take_option(line)
        for name in sorted(self.user_options):
            value = self.user_options[name]
            option = self.options.get(name)
            if option is None:
                self.fail("%s doesn't have option %s" % (self.name, name))
            if not valid(option, value):
                self.fail("Invalid value for option %s: %s" % (name, value))
            self.pipe.send("setoption name %s value %s" % (name, value))
        self.ping()

    def take_option(self, line):
        option = parse_option(line)
        if option is None or not valid(option, option["default"]):
            self.fail("Invalid UCI option from %s: %s" % (self.name, line))
        name = option["name"]
        if name == "UCI_Chess960":
            self.variants.add("fischerandom")
        elif name == "UCI_Variant":
            if option["type"] != "combo":
                self.fail("Option UCI_Variant is not a combo option")
            self.variants.update(var for var in option["vars"] if var in BOARD_VARIANTS)
            self.combo_variants = option["vars"]
        elif name == "Ponder":
            self.can_ponder = True
        elif name.startswith("UCI_") and name not in ("UCI_LimitStrength", "UCI_Elo"):
            pass
        else:
            self.options[name] = option

    def start_game(self, variant):
        """`UciEngine::startGame`."""
        if variant not in self.variants:
            self.fail("the engine does not play %s (its variants: %s)" % (variant, sorted(self.variants)))
        if variant in self.combo_variants:
            self.pipe.send("setoption name UCI_Variant value %s" % variant)
        elif variant == "fischerandom":
            self.pipe.send("setoption name UCI_Chess960 value true")
        self.pipe.send("ucinewgame")
        if self.can_ponder:
            self.pipe.send("setoption name Ponder value %s" % ("true" if self.ponders else "false"))
        self.pipe.send("position startpos")
        self.ponder_move, self.ponder_state = None, None

    def take_ponder_move(self, board, words):
        """`UciEngine::setPonderMove`, after the engine's own move is on `board`: `ponder P` is
        read (SAN or long algebraic) if the engine has `Ponder`; a move that is not legal is
        warned about, and one that ends the game (`WesternBoard::result`) is not pondered on."""
        self.ponder_move = None
        if not self.can_ponder or len(words) < 3 or words[2] != "ponder":
            return
        text = words[3] if len(words) > 3 else ""
        if text in ("(none)", "0000"):
            return
        move = board.move(text)
        if move is None:
            self.warn("Illegal ponder move from %s: %s" % (self.name, text))
        elif not (self.ponders and board.ends_with(move)):
            self.ponder_move = board.text(move)

    def make_move(self, board, text, moves):
        """`UciEngine::makeMove`: the opponent played `text` on `board` (not yet on it), `moves`
        the game's moves with it. When pondering: the lines sent meanwhile are checked as
        `parseLine` reads them (PVs from the pondered position, no bestmove), then on a hit
        nothing is sent (`ponderhit` comes with the turn), on a miss `stop` (the position waits
        for the bestmove that answers it, `m_bmBuffer`). Otherwise the new position."""
        if self.ponder_state == "pondering":
            lines, _ = self.pipe.read_until(lambda line: False, 0.001)
            for line in lines:
                if line.split(" ")[0] == "bestmove":
                    self.fail("Premature bestmove while pondering from %s: %r" % (self.name, line))
                else:
                    check_info(board, self, line, [self.ponder_move])
            if text == self.ponder_move:
                self.ponder_state = "hit"
            else:
                # Ready (its `readyok` came before `go ponder`): `m_ignoreThinking`, `stop`, and
                # the ping timer runs without an `isready` (`ping(false)`) until the `readyok`.
                self.pipe.send("stop")
                self.stopped_at = time.monotonic()
                self.ponder_state = "missed"
                self.misses += 1
            self.ponder_move = None
            return
        if self.ponders:
            self.ponder_move = None
        self.pipe.send(position_string(moves))

    def ignore_until_bestmove(self):
        """After `stop` (`m_ignoreThinking`): every line is ignored up to the bestmove that
        answers it, which is discarded; the ping timer runs from the `stop`."""
        left = self.stopped_at + PING_TIME - time.monotonic()
        _, ok = self.pipe.read_until(lambda line: line.split(" ")[0] == "bestmove", left)
        if not ok:
            self.fail("no bestmove after stop: no response to ping: stalled connection")

    def release_after_miss(self, moves):
        """After a missed ponder move's `stop`: its bestmove discarded, then the buffered
        `position` and `isready` (`m_bmBuffer`), and the `readyok` within the ping timer that
        started at the `stop`."""
        self.ignore_until_bestmove()
        self.pipe.send(position_string(moves))
        self.pipe.send("isready")
        self.ping(send=False, timeout=self.stopped_at + PING_TIME - time.monotonic())

    def begin_turn(self):
        """The first half of `ChessEngine::go`: `ponderhit` after a hit (the clock starts:
        returns when), `isready` otherwise, unless a ping is under way already (after `stop`)."""
        if self.ponder_state == "hit":
            self.pipe.send("ponderhit")
            self.ponder_state = None
            self.hits += 1
            return time.monotonic()
        if self.ponder_state != "missed":
            self.pipe.send("isready")
        return None

    def finish_turn(self, moves, clocks):
        """The second half: after `stop`, the bestmove, then `position` and `isready`; then
        `readyok` and `go` (the clock starts: returns when)."""
        if self.ponder_state == "missed":
            self.release_after_miss(moves)
            self.ponder_state = None
        else:
            self.ping(send=False)
        self.pipe.send(go_command(clocks))
        return time.monotonic()

    def begin_pondering(self, moves):
        """`UciEngine::startPondering`, with pondering on and a ponder move: the position after
        it and `isready`; `go ponder` waits in the write buffer for the `readyok`."""
        if not self.ponders or self.ponder_move is None:
            return
        self.pipe.send(position_string(moves + [self.ponder_move]))
        self.pipe.send("isready")
        self.ponder_state = "pondering"

    def finish_pondering(self, clocks):
        if self.ponder_state == "pondering":
            self.ping(send=False)
            self.pipe.send(go_command(clocks, ponder=True))

    def end_game(self, moves):
        """`UciEngine::endGame` and `ChessEngine::endGame`: a hit not yet played is stopped
        (`stopThinking`), its bestmove discarded, then `isready`; after a miss the bestmove
        releases the buffered `position` and `isready`, and as the ping began before the game
        ended (`m_pingState`), `pong` pings once more; otherwise `isready`."""
        if self.ponder_state == "hit":
            self.hits_at_end += 1
            self.pipe.send("stop")
            self.stopped_at = time.monotonic()
            self.ignore_until_bestmove()
            self.ping()
        elif self.ponder_state == "missed":
            self.release_after_miss(moves)
            self.ping()
        else:
            self.ping()
        self.ponder_state = None

    def quit(self):
        self.pipe.send("quit")
        status = self.pipe.wait_exit(QUIT_TIME)
        # What the engine wrote after its last `readyok`, checked by `run` once the game passed:
        # a bestmove there answers no `go` ("Unexpected move").
        lines, _ = self.pipe.read_until(lambda line: False, 1.0)
        self.late = [line for line in lines if line.split(" ")[0] == "bestmove"]
        expect(status == 0, "%s: exit status %s after quit (None: still running after %.0f s, killed)" % (
            self.name, status, QUIT_TIME))


def position_string(moves):
    """`UciEngine::positionString`, for a game from the variant's own start."""
    return "position startpos" + (" moves " + " ".join(moves) if moves else "")


def go_command(clocks, ponder=False):
    """`UciEngine::startThinking`: each clock's time left as it stands (neither clock's running
    time is taken off), the increments, and `ponder` while pondering."""
    white, black = clocks
    go = "go ponder" if ponder else "go"
    go += " wtime %d btime %d" % (white.time_left, black.time_left)
    if white.increment > 0:
        go += " winc %d" % white.increment
    if black.increment > 0:
        go += " binc %d" % black.increment
    return go


class ChessBoard:
    """cutechess's chess board, by python-chess."""

    variant = "standard"

    def __init__(self):
        self.board = chess.Board()

    def move(self, text):
        """`Board::moveFromString`: SAN first, then long algebraic; None if not a legal move."""
        for parse in (self.board.parse_san, self.board.parse_uci):
            try:
                return parse(text)
            except ValueError:
                continue
        return None

    def legal_line(self, words):
        """How many of `words` are legal one after the other."""
        board = self.board.copy(stack=False)
        for count, word in enumerate(words):
            try:
                board.push(board.parse_uci(word))
            except ValueError:
                return count
        return len(words)

    def push(self, move):
        self.board.push(move)

    def text(self, move):
        """The long algebraic move cutechess sends."""
        return self.board.uci(move)

    def result(self):
        """`WesternBoard::result`: mate or stalemate, too little material to mate (a knight, or
        bishops on one colour of squares, both sides counted together), the fifty-move rule, or
        the position's third occurrence (claims are cutechess's to make, not the engines')."""
        board = self.board
        if not any(board.generate_legal_moves()):
            if board.is_check():
                return ("0-1" if board.turn == chess.WHITE else "1-0"), "checkmate"
            return "1/2-1/2", "stalemate"
        material, bishop_colours = 0, set()
        for square, piece in board.piece_map().items():
            if piece.piece_type == chess.BISHOP:
                colour = bool(chess.BB_SQUARES[square] & chess.BB_LIGHT_SQUARES)
                material += colour not in bishop_colours
                bishop_colours.add(colour)
            elif piece.piece_type == chess.KNIGHT:
                material += 1
            elif piece.piece_type != chess.KING:
                material += 2
        if material <= 1:
            return "1/2-1/2", "insufficient material"
        if board.halfmove_clock >= 100:
            return "1/2-1/2", "fifty moves"
        if board.is_repetition(3):
            return "1/2-1/2", "threefold repetition"
        return None

    def ends_with(self, move):
        """Whether `move` would end the game (a ponder move that does is not pondered on)."""
        self.board.push(move)
        try:
            return self.result() is not None
        finally:
            self.board.pop()

    def san(self, move):
        return self.board.san(move)


class XiangqiBoard:
    """A xiangqi board: the game's moves in cutechess's notation (ranks from 1), their legality
    from a second engine's `go perft 1` (its own notation, ranks from 0)."""

    variant = "xiangqi"

    def __init__(self, engine_path):
        self.oracle = EnginePipe([engine_path, "--variant", "xiangqi"], "board")
        self.oracle.send("uci")
        self.oracle.read_until(lambda line: line == "uciok", PROTOCOL_START_TIME)
        self.moves = []
        self.cache = {}

    @staticmethod
    def shift(word, by):
        """`word` with each square's rank moved by `by`; None if it is no move word."""
        squares, rest = [], word
        for _ in range(2):
            digits = len(rest[1:]) - len(rest[1:].lstrip("0123456789"))
            if not rest or not rest[0].isalpha() or not 1 <= digits <= 2:
                return None
            rank = int(rest[1:1 + digits]) + by
            if rank < 0:
                return None
            squares.append("%s%d" % (rest[0], rank))
            rest = rest[1 + digits:]
        return "".join(squares) if not rest else None

    def legal(self, moves):
        """The legal moves after `moves` (cutechess's notation)."""
        key = tuple(moves)
        if key not in self.cache:
            position = "position startpos"
            if moves:
                position += " moves " + " ".join(self.shift(word, -1) for word in moves)
            self.oracle.send(position)
            self.oracle.send("go perft 1")
            lines, ok = self.oracle.read_until(lambda line: line.startswith("Nodes searched:"), 10)
            expect(ok, "the board's engine did not answer go perft 1:\n%s" % self.oracle.tail())
            # The move lines only: the last, `Nodes searched: N`, names no move (read as one, it
            # left a mated side a "legal move" and the game went on).
            self.cache[key] = {self.shift(line.split(":")[0], 1) for line in lines[:-1] if ": " in line} - {None}
        return self.cache[key]

    def move(self, text):
        # The fork's SAN reader takes nothing like `h3e3`; its long algebraic reader does.
        if self.shift(text, 0) is None:
            return None
        return text if text in self.legal(self.moves) else None

    def legal_line(self, words):
        moves = list(self.moves)
        for count, word in enumerate(words):
            if word not in self.legal(moves):
                return count
            moves.append(word)
        return len(words)

    def push(self, move):
        self.moves.append(move)

    def text(self, move):
        return move

    def result(self):
        # Xiangqi: a side without a legal move, checkmated or stalemated, has lost.
        if not self.legal(self.moves):
            return ("0-1" if len(self.moves) % 2 == 0 else "1-0"), "no legal move"
        return None

    def san(self, move):
        return move

    def close(self):
        self.oracle.send("quit")
        self.oracle.wait_exit(QUIT_TIME)


def play_game(board, engines, clocks, max_moves, quiet):
    """One game of cutechess-cli between `engines` (white first) on `board`: `ChessGame`'s
    `startTurn` (the side to move's `go`, then the other side's `startPondering`) and
    `onMoveMade` (the result, then the move to the waiting side's `makeMove`, even the last)."""
    for engine in engines:
        engine.start_game(board.variant)
    moves = []
    plies = 0
    over = board.result()
    while over is None:
        us, them = engines[plies % 2], engines[1 - plies % 2]
        clock = clocks[plies % 2]
        # Each engine's lines in cutechess's order; between the two engines, cutechess writes
        # each line as soon as its `readyok` comes, which no engine can tell from this order.
        started = us.begin_turn()
        them.begin_pondering(moves)
        if started is None:
            started = us.finish_turn(moves, clocks)
        them.finish_pondering(clocks)
        lines, ok = us.pipe.read_until(lambda line: line.split(" ")[0] == "bestmove",
                                       (max(clock.time_left, 0) + FORFEIT_TIMER_MS) / 1000)
        elapsed_ms = int((time.monotonic() - started) * 1000)
        if not ok:
            us.fail("loses on time: no bestmove within %d ms" % (clock.time_left + FORFEIT_TIMER_MS))
        for line in lines[:-1]:
            check_info(board, us, line)
        words = lines[-1].split()
        text = words[1] if len(words) > 1 else ""
        move = board.move(text)
        if move is None:
            us.fail("forfeits by an illegal move: %r" % lines[-1])
        if not clock.update(elapsed_ms):
            left = clock.time_left + elapsed_ms - clock.increment
            us.fail("loses on time: %d ms with %d ms left" % (elapsed_ms, left))
        if not quiet:
            print("  %s %s (%d ms)" % (us.name, board.san(move), elapsed_ms), flush=True)
        text = board.text(move)
        moves.append(text)
        them.make_move(board, text, moves)
        board.push(move)
        us.take_ponder_move(board, words)
        plies += 1
        over = board.result()
        if over is None and plies >= max_moves * 2:
            over = ("1/2-1/2", "adjudication (-maxmoves %d)" % max_moves)
    for engine in engines:
        engine.end_game(moves)
    return over, moves


def check_info(board, engine, line, before=()):
    """The PV of an `info` line played out as `sanPv` plays it, after the ponder move `before`
    while pondering (cutechess reads a number it cannot parse as 0, silently: nothing else of the
    line is checked)."""
    words = line.split()
    if not words or words[0] != "info" or (len(words) > 1 and words[1] == "string"):
        return
    if "pv" in words:
        pv = words[words.index("pv") + 1:]
        legal = board.legal_line(list(before) + pv) - len(before)
        if legal < len(pv):
            engine.warn("Illegal PV move %s from %s: %r" % (pv[legal], engine.name, line))


def run(board, argv, options, clock, max_moves, quiet, label, ponder=False):
    """One cutechess-cli run: two engines started (both with `ponder` if `ponder`), one game,
    `quit`."""
    engines = [Engine(argv, "%s-white" % label, options, ponder), Engine(argv, "%s-black" % label, options, ponder)]
    try:
        for engine in engines:
            engine.start()
        clocks = [Clock(*clock), Clock(*clock)]
        (result, reason), moves = play_game(board, engines, clocks, max_moves, quiet)
        warnings = [warning for engine in engines for warning in engine.warnings]
        expect(not warnings, "%s: cutechess warns:\n%s" % (label, "\n".join(warnings)))
        print("%s: %s (%s) after %d plies; time left w=%d ms b=%d ms" % (
            label, result, reason, len(moves), clocks[0].time_left, clocks[1].time_left), flush=True)
        if ponder:
            hits = sum(engine.hits for engine in engines)
            misses = sum(engine.misses for engine in engines)
            at_end = sum(engine.hits_at_end for engine in engines)
            print("%s: pondered %d times: %d ponderhit, %d stop (missed), %d hit stopped by the end" % (
                label, hits + misses + at_end, hits, misses, at_end), flush=True)
            expect(all(engine.can_ponder for engine in engines), "%s: the engine has no Ponder option" % label)
            # Both paths must have been played, or the check would pass having tested nothing of
            # one. Two copies of one engine predict each other's move four to seven times in ten
            # (25 to 41 hits of 59 in ten 60-ply games here), so a game of -maxmoves 30 without a
            # hit or without a miss is a chance below 1e-9.
            expect(hits > 0, "%s: no ponderhit in %d plies: the hit path went unplayed" % (label, len(moves)))
            expect(misses > 0, "%s: no ponder move missed in %d plies: the stop path went unplayed" % (
                label, len(moves)))
    finally:
        for engine in engines:
            engine.quit()
    for engine in engines:
        expect(not engine.late, "%s: a bestmove that answers no go, after the game: %r" % (engine.name, engine.late))


def main():
    args = replay_arguments(__doc__)
    path = args.engine
    checks = Checks("cutechess-cli")

    @checks.case
    def a_chess_game_on_a_clock():
        # cutechess-cli -engine cmd=ENGINE -engine cmd=ENGINE -each proto=uci tc=6+0.06
        #   option.Hash=16 option.Threads=1 -maxmoves 30
        run(ChessBoard(), [path], USER_OPTIONS, (6000, 60), args.max_moves, args.quiet, "chess")

    @checks.case
    def a_xiangqi_game_with_uci_variant_on_a_clock():
        # cutechess-cli (pull request 565) -variant xiangqi ... -each proto=uci tc=6+0.06
        #   option.Hash=16 option.Threads=1 "option.Xiangqi Ranks=1-10" -maxmoves 30
        board = XiangqiBoard(path)
        try:
            run(board, [path], XIANGQI_OPTIONS, (6000, 60), args.max_moves, args.quiet, "xiangqi")
        finally:
            board.close()

    @checks.case
    def a_chess_game_with_both_engines_pondering():
        # cutechess-cli -engine cmd=ENGINE -engine cmd=ENGINE -each proto=uci tc=10+0.1 ponder
        #   option.Hash=16 option.Threads=1 -maxmoves 30
        # (`ponder` is the per-engine option, given to both by `-each`; cutechess-cli has no
        # `-pondering`.) Here one engine searches while the other ponders, two searches on what
        # may be one free core, so the clock is the others' 6+0.06 made longer: 10+0.1 leaves
        # each move several times what it needs on a loaded machine, and the game still takes
        # about half a minute.
        run(ChessBoard(), [path], USER_OPTIONS, (10000, 100), args.max_moves, args.quiet, "chess-ponder",
            ponder=True)

    return checks.run()


if __name__ == "__main__":
    sys.exit(main())
