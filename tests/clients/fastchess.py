#!/usr/bin/env python3
"""Runs the engine as fastchess runs a UCI engine, line for line, and checks what fastchess checks.

    python3 tests/clients/fastchess.py ENGINE [--quiet]

fastchess (github.com/Disservin/fastchess) is on no package registry our CI reaches, so this
script replays it. It was read at commit 74deac23 (v1.8.2-alpha-5, 2026-07-29): the engine side in
`app/src/engine/uci_engine.cpp`, the game loop in `app/src/matchmaking/match/match.cpp`, the
clock in `app/src/game/timecontrol/timecontrol.cpp`, the option parser in
`app/src/engine/option/option_factory.hpp` and `fastchess --compliance` in
`app/src/engine/compliance.hpp`. What it does, and so what this script does:

- start: `uci`, then `uciok` within 10 s (its startup time); the `id` lines and every `option`
  line are parsed as its option factory parses them, which throws (the match fails) on a `spin`
  whose default, min or max is not a number or whose default is out of range;
- before each game (`refreshUci`): the configured options, `Threads` first, as `setoption name N
  value V` (a button as `setoption name N`), each only if the engine declared it and the value is
  valid for it (else "Warning; ... doesn't have option"); with `-variant fischerandom`
  `setoption name UCI_Chess960 value true`; then `ucinewgame` and `isready` (60 s for
  `readyok`). The engines are kept between games (no `restart=on`), so the second game sends it
  all again to the same processes;
- each move: `isready`, `position startpos|fen F [moves ...]` (a Chess960 start as Shredder-FEN,
  castling as king-takes-rook), `isready` again, `go` as its `UciEngine::go` writes it
  (`nodes N`, `depth N`, then `movetime`, or `wtime`/`btime` for a side on a clock, `winc`/`binc`
  for a side with an increment, `movestogo`), `bestmove` awaited for the mover's time left plus
  100 ms (no limit under a node or depth limit; then it is our own 60 s), then `isready` again;
  `readyok` is awaited 60 s each time ("stalls" otherwise);
- the move: the last line must start with `bestmove`, the move must be lowercase UCI of 4 or 5
  characters and legal; the clock: the search's wall time is taken off the time left (which
  starts as time plus increment), below zero (its default `timemargin` 0) is a loss on time, then
  the increment is added;
- the search's lines: the last `info` line with ` score ` (not `info string`; `multipv 1` or
  none; an exact score before a bound) gives the PGN comment `{+0.31/12 0.512s}` (score, depth,
  time); no such line, or a score it cannot parse (`cp`/`mate` and an integer), is a warning;
  every such line's PV is played out ("Illegal PV move", "PV continues after checkmate" and so
  on), the last PV must begin with the `bestmove` ("Bestmove does not match beginning of last
  PV"), and two mate scores of the same sign from both engines on consecutive moves are a
  warning ("Sign mismatch in mate scores");
- the end: `stop` then `quit`; the process is killed if it has not exited in 60 s (this script
  wants it gone within 5 s, with status 0).

Every warning fastchess would print fails the check here. A game still going after `--max-moves`
moves a side is a draw, as with fastchess's `-maxmoves`. Exit status 0 when every check held, 1
when one failed, 77 without python-chess (see common.py).
"""
import sys
import time

from common import Checks, EnginePipe, expect, replay_arguments, require

chess = require("chess", "chess", "fastchess v1.8.2-alpha-5 (74deac23), replayed; its board by python-chess")

STARTUP_TIME = 10.0
PING_TIME = 60.0
UCINEWGAME_TIME = 60.0
# Added to the time left for the wait on `bestmove` (its `TimeControl::MARGIN`).
BESTMOVE_MARGIN_MS = 100
# fastchess waits 60 s for an engine to exit; a healthy engine exits at once.
EXIT_TIME = 5.0
# The wait on `bestmove` under a node or depth limit, where fastchess has none.
UNLIMITED_SEARCH_CAP = 60.0
# What `-each option.Hash=16 option.Threads=1` sends, in that order (Threads goes first anyway).
OPTIONS = [("Hash", "16"), ("Threads", "1")]
# A Chess960 start (number 481, in Shredder-FEN as fastchess writes it) and opening moves as its
# book gives them: both sides castle on the h side at once, the king taking its rook (`f1h1`).
FRC_START = "bqrbnknr/pppppppp/8/8/8/8/PPPPPPPP/BQRBNKNR w HChc - 0 1"
FRC_BOOK = ["g1h3", "g8h6", "f1h1", "f8h8"]


class Violation(Exception):
    pass


def is_uci_move(word):
    """fastchess's `uci::isUciMove`: [a-h][1-8][a-h][1-8] and an optional promotion piece."""
    if len(word) < 4 or len(word) > 5:
        return False
    squares = word[0] in "abcdefgh" and word[1] in "12345678" and word[2] in "abcdefgh" and word[3] in "12345678"
    return squares and (len(word) == 4 or word[4] in "nbrq")


def parse_integer(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def parse_info(line):
    """fastchess's `UciEngine::parseInfo`: a dict of what it reads (an `error` for a bad score)."""
    tokens = line.split(" ")
    info = {"pv": [], "bound": False}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token == "score":
            if index + 2 >= len(tokens):
                info["error"] = "Element 'score' has no type or value"
            elif tokens[index + 1] not in ("cp", "mate"):
                info["error"] = "Unexpected score type: %s" % line
            elif parse_integer(tokens[index + 2]) is None:
                info["error"] = "Invalid score value: %s" % tokens[index + 2]
            else:
                info["score"] = (tokens[index + 1], int(tokens[index + 2]))
        elif token in ("time", "depth", "seldepth", "nodes", "nps", "tbhits", "hashfull", "multipv"):
            if index + 1 < len(tokens):
                info[token] = parse_integer(tokens[index + 1])
        elif token in ("lowerbound", "upperbound"):
            info["bound"] = True
        elif token == "pv":
            index += 1
            while index < len(tokens) and is_uci_move(tokens[index]):
                info["pv"].append(tokens[index])
                index += 1
            break
        index += 1
    return info


def is_score_line(line):
    return "info string" not in line and "info" in line and " score " in line


def last_info_line(lines):
    """`UciEngine::lastInfoLine`: the last scored line of `multipv 1` (or without one), an exact
    score before a bound."""
    fallback = ""
    for line in reversed(lines):
        if not is_score_line(line):
            continue
        if " multipv " in line and " multipv 1" not in line:
            continue
        if "lowerbound" not in line and "upperbound" not in line:
            return line
        fallback = fallback or line
    return fallback


def score_text(score):
    """The score of a PGN comment: `+0.31`, `-1.00`, `0.00`, `+M5` (plies), `-M4`."""
    kind, value = score
    if kind == "cp":
        return "%s%.2f" % ("+" if value > 0 else "-" if value < 0 else "", abs(value) / 100)
    plies = value * 2 - 1 if value > 0 else value * -2
    return "%sM%d" % ("+" if value > 0 else "-", plies)


def parse_option(line):
    """`UCIOptionFactory::parseUCIOptionLine`: (name, kind, details), or None for a line it does
    not take; raises what fastchess throws, which ends the match."""
    words = line.split()
    name, kind, params = "", "", {}
    index = 0
    while index < len(words):
        word = words[index]
        if word == "name":
            collected = []
            index += 1
            while index < len(words) and words[index] != "type":
                collected.append(words[index])
                index += 1
            name = " ".join(collected)
            word = words[index] if index < len(words) else ""
        if word == "type":
            index += 1
            kind = words[index] if index < len(words) else ""
        elif word == "default":
            if kind == "string":
                params["default"] = " ".join(words[index + 1:])
                break
            index += 1
            params["default"] = words[index] if index < len(words) else ""
        elif word in ("min", "max"):
            index += 1
            params[word] = words[index] if index < len(words) else ""
        elif word == "var":
            params["var"] = [var for var in words[index + 1:] if var != "var"]
            break
        index += 1
    if kind == "spin":
        numbers = [parse_integer(params.get(key)) for key in ("default", "min", "max")]
        if None in numbers:
            raise Violation("fastchess throws on option %r: The spin values are not numeric." % line)
        default, low, high = numbers
        if not low <= default <= high:
            raise Violation("fastchess throws on option %r: Value is out of the allowed range." % line)
        return name, kind, (low, high)
    if kind == "combo":
        return name, kind, params.get("var", [])
    if kind in ("check", "button", "string"):
        return name, kind, None
    return None


def valid_value(option, value):
    """The option's `isValid`."""
    _, kind, details = option
    if kind == "spin":
        number = parse_integer(value)
        return number is not None and details[0] <= number <= details[1]
    if kind == "combo":
        return value in details
    if kind == "check":
        return value in ("true", "false")
    if kind == "button":
        return value == "true"
    return True


class TimeControl:
    """fastchess's `TimeControl`, in milliseconds: the time left starts as time plus increment."""

    def __init__(self, time_ms=0, increment_ms=0, moves=0, fixed_ms=0, margin_ms=0):
        self.time, self.increment, self.moves = time_ms, increment_ms, moves
        self.fixed, self.margin = fixed_ms, margin_ms
        self.time_left = fixed_ms if fixed_ms else time_ms + increment_ms
        self.moves_left = moves

    def is_timed(self):
        return self.time != 0

    def has_clock(self):
        return self.is_timed() or self.fixed != 0

    def timeout_threshold_ms(self):
        return self.time_left + self.margin + BESTMOVE_MARGIN_MS

    def update(self, elapsed_ms):
        """`updateTime`: False on a loss on time."""
        if self.moves > 0:
            if self.moves_left == 1:
                self.moves_left = self.moves
                self.time_left += self.time
            else:
                self.moves_left -= 1
        if self.fixed == 0 and self.time + self.increment == 0:
            return True
        self.time_left -= elapsed_ms
        if self.time_left < -self.margin:
            return False
        self.time_left = max(self.time_left, 0) + self.increment
        if self.fixed:
            self.time_left = self.fixed
        return True


class Engine:
    """One `UciEngine`: its process, options and last search's lines."""

    def __init__(self, path, name, options=OPTIONS, nodes=0, depth=0):
        self.path, self.name, self.configured = path, name, options
        self.nodes, self.depth = nodes, depth
        self.pipe = None
        self.options = {}
        self.ids = {}
        self.lines = []

    def fail(self, message):
        raise Violation("%s: %s\n--- the end of the conversation:\n%s" % (self.name, message, self.pipe.tail()))

    def start(self):
        self.pipe = EnginePipe([self.path], self.name)
        self.pipe.send("uci")
        lines, ok = self.pipe.read_until(lambda line: line.startswith("uciok"), STARTUP_TIME)
        if not ok:
            self.fail("Engine didn't respond to uciok after startup")
        for line in lines:
            if line.startswith("id name "):
                self.ids["name"] = line[8:]
            elif line.startswith("id author "):
                self.ids["author"] = line[10:]
            option = parse_option(line)
            if option is not None:
                self.options[option[0]] = option

    def isready(self, threshold=PING_TIME):
        self.pipe.send("isready")
        lines, ok = self.pipe.read_until(lambda line: line.startswith("readyok"), threshold)
        if not ok:
            self.fail("Warning; Engine %s is not responsive (stalls)" % self.name)
        return lines

    def setoption(self, name, value):
        option = self.options.get(name)
        if option is None:
            self.fail("Warning; %s doesn't have option %s" % (self.name, name))
        if not valid_value(option, value):
            self.fail("Warning; Invalid value for option %s; %s" % (name, value))
        if option[1] == "button":
            self.pipe.send("setoption name %s" % name)
        else:
            self.pipe.send("setoption name %s value %s" % (name, value))

    def refresh(self, chess960):
        """`refreshUci`: before every game."""
        for name, value in sorted(self.configured, key=lambda option: option[0] != "Threads"):
            self.setoption(name, value)
        if chess960:
            self.setoption("UCI_Chess960", "true")
        self.pipe.send("ucinewgame")
        self.isready(UCINEWGAME_TIME)

    def position(self, start, moves):
        command = "position startpos" if start == "startpos" else "position fen %s" % start
        if moves:
            command += " moves " + " ".join(moves)
        self.pipe.send(command)

    def go(self, ours, theirs, white_to_move):
        command = "go"
        if self.nodes:
            command += " nodes %d" % self.nodes
        if self.depth:
            command += " depth %d" % self.depth
        if ours.fixed:
            self.pipe.send(command + " movetime %d" % ours.fixed)
            return
        white, black = (ours, theirs) if white_to_move else (theirs, ours)
        if ours.is_timed() or ours.increment:
            if white.is_timed() or white.increment:
                command += " wtime %d" % white.time_left
            if black.is_timed() or black.increment:
                command += " btime %d" % black.time_left
            if white.increment:
                command += " winc %d" % white.increment
            if black.increment:
                command += " binc %d" % black.increment
        if ours.moves:
            command += " movestogo %d" % ours.moves_left
        self.pipe.send(command)

    def read_bestmove(self, threshold_s):
        self.lines, ok = self.pipe.read_until(lambda line: line.startswith("bestmove"), threshold_s)
        return ok

    def bestmove(self):
        if not self.lines or not self.lines[-1].startswith("bestmove"):
            return None
        words = self.lines[-1].split(" ")
        return words[1] if len(words) > 1 else None

    def quit(self):
        self.pipe.send("stop")
        self.pipe.send("quit")
        status = self.pipe.wait_exit(EXIT_TIME)
        expect(status == 0, "%s: exit status %s after quit (None: still running after %.0f s, killed)" % (
            self.name, status, EXIT_TIME))


def game_over(board):
    """fastchess's `Board::isGameOver` (python-chess's board is the same game): the reason or None."""
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient material"
    if board.is_repetition(3):
        return "threefold repetition"
    if board.halfmove_clock >= 100:
        return "fifty-move rule"
    return None


def check_pv(board, info):
    """`checkParsedPvLine` with fastchess's default (mate PVs unchecked): a warning or None."""
    board = board.copy(stack=False)
    for word in info["pv"]:
        over = game_over(board)
        if over is not None and over != "insufficient material":
            return "PV continues after %s - move %s" % (over, word)
        try:
            move = chess.Move.from_uci(word)
        except ValueError:
            return "Illegal PV move - move %s" % word
        if move not in board.legal_moves or board.uci(move) != word:
            return "Illegal PV move - move %s" % word
        board.push(move)
    return None


class Game:
    """One `Match`: the board, both players' clocks, the moves sent, the PGN comments."""

    def __init__(self, white, black, clocks, start="startpos", book=(), chess960=False, max_moves=40, quiet=False):
        self.players = {chess.WHITE: white, chess.BLACK: black}
        self.clocks = clocks
        self.chess960 = chess960
        self.board = chess.Board(chess.STARTING_FEN if start == "startpos" else start, chess960=chess960)
        self.start = start
        self.moves = []
        for word in book:
            self.push(word)
        self.max_moves, self.quiet = max_moves, quiet
        self.plies_played = 0
        self.scores = []
        self.comments = []
        self.warnings = []

    def push(self, word):
        self.board.push(chess.Move.from_uci(word) if not self.chess960 else self.board.parse_uci(word))
        self.moves.append(word)

    def warn(self, engine, message):
        self.warnings.append("Warning; %s (%s, after %s)" % (message, engine.name, " ".join(self.moves) or "no move"))

    def play(self):
        """The game to its end; its result and why."""
        for engine in self.players.values():
            engine.refresh(self.chess960)
        self.players[self.board.turn].isready()
        while True:
            mover = self.board.turn
            us, them = self.players[mover], self.players[not mover]
            over = game_over(self.board)
            if over is not None:
                result = self.board.result(claim_draw=True) if over != "checkmate" else (
                    "0-1" if mover == chess.WHITE else "1-0")
                return result, over
            if self.plies_played >= self.max_moves * 2:
                return "1/2-1/2", "adjudication (-maxmoves %d)" % self.max_moves
            self.play_move(us, them, mover)

    def play_move(self, us, them, mover):
        ours, theirs = self.clocks[mover], self.clocks[not mover]
        us.isready()
        us.position(self.start, self.moves)
        us.isready()
        us.go(ours, theirs, mover == chess.WHITE)
        started = time.monotonic()
        limited = us.nodes or us.depth
        threshold = UNLIMITED_SEARCH_CAP if limited or not ours.has_clock() else ours.timeout_threshold_ms() / 1000
        answered = us.read_bestmove(threshold)
        elapsed_ms = int((time.monotonic() - started) * 1000)
        us.isready()
        best = us.bestmove()
        timeout = not ours.update(elapsed_ms) if ours.has_clock() else False
        if best is None:
            # fastchess scores a missing move as a loss on time when the clock ran out, else as an
            # illegal move.
            why = "a loss on time" if timeout else "an illegal move"
            us.fail("no bestmove within %.0f ms: %s" % (threshold * 1000, why) if not answered
                    else "the last line is no bestmove: an illegal move")
        if not is_uci_move(best):
            us.fail("Warning; Move does not match uci move format, lowercase and 4/5 chars. Move %s" % best)
        move = chess.Move.from_uci(best)
        if move not in self.board.legal_moves or self.board.uci(move, chess960=self.chess960) != best:
            us.fail("Warning; Illegal move %s played in %s" % (best, self.board.fen(shredder=self.chess960)))
        if timeout:
            us.fail("loses on time by %d ms (%s)" % (-ours.time_left, us.pipe.tail(3)))
        self.record(us, best, elapsed_ms)
        self.check_mate_signs(us, them)
        self.board.push(move)
        self.moves.append(best)
        self.plies_played += 1

    def record(self, us, best, elapsed_ms):
        """`addMoveData` and `verifyPvLines`."""
        lines = us.lines
        score = None
        if len(lines) > 1:
            line = last_info_line(lines)
            if not line:
                self.warn(us, "No info line available to extract score")
            info = parse_info(line) if line else {"pv": [], "bound": False}
            if line and "score" not in info:
                self.warn(us, "Could not extract score: %s" % info.get("error"))
            score = info.get("score")
            comment = "%s/%d %.3fs" % (score_text(score) if score else "", info.get("depth") or 0, elapsed_ms / 1000)
            parsed = [parse_info(line) for line in lines if is_score_line(line)]
            for scored in parsed:
                warning = check_pv(self.board, scored)
                if warning:
                    self.warn(us, warning)
            primary = [scored for scored in parsed if scored.get("multipv") in (None, 1)]
            if primary:
                last = primary[-1]
                if not last["bound"] and last["pv"] and last["pv"][0] != best:
                    self.warn(us, "Bestmove does not match beginning of last PV - move %s" % best)
        else:
            comment = "/0 %.3fs" % (elapsed_ms / 1000)
        self.scores.append(score)
        san = self.board.san(chess.Move.from_uci(best))
        self.comments.append("%s {%s}" % (san, comment))
        if not self.quiet:
            print("  %s %s" % (us.name, self.comments[-1]), flush=True)

    def check_mate_signs(self, us, them):
        """`checkMateScoreSignMismatch`: both engines claiming the same side mates."""
        if len(self.scores) < 2:
            return
        theirs, ours = self.scores[-2], self.scores[-1]
        if theirs and ours and theirs[0] == "mate" and ours[0] == "mate" and theirs[1] * ours[1] > 0:
            self.warn(us, "Sign mismatch in mate scores %d and %d from %s and %s" % (
                theirs[1], ours[1], them.name, us.name))


def compliance(path):
    """`fastchess --compliance ENGINE`, step by step."""
    engine = Engine(path, "compliance")
    steps = []

    def step(description, holds):
        steps.append(description)
        if not holds:
            engine.fail("Failed step %d: %s" % (len(steps), description))

    def search(command):
        engine.pipe.send(command)
        return engine.read_bestmove(PING_TIME)

    def valid_info_line():
        """`isValidInfoLine`: `info` first, and `time`, `nps` and `score` followed by a word
        without a decimal point."""
        words = last_info_line(engine.lines).split()
        if not words or words[0] != "info":
            return False
        for index, word in enumerate(words):
            if word in ("time", "nps", "score") and (index + 1 >= len(words) or "." in words[index + 1]):
                return False
        return True

    engine.start()
    step("Start the engine", True)
    engine.isready()
    step("Check id name", "name" in engine.ids and engine.ids["name"].startswith("triskel"))
    step("Check id author", "author" in engine.ids)
    engine.pipe.send("ucinewgame")
    engine.isready(UCINEWGAME_TIME)
    for position in ("position startpos",
                     "position fen 3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27"):
        engine.pipe.send(position)
        engine.isready()
    for position, command in [
        (None, "go wtime 100"),
        ("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "go btime 100"),
        (None, "go wtime 100 winc 100 btime 100 binc 100"),
        (None, "go btime 100 binc 100 wtime 100 winc 100"),
    ]:
        if position:
            engine.pipe.send(position)
        step("Read bestmove after %s" % command, search(command))
        step("Check if engine prints an info line after %s" % command, last_info_line(engine.lines) != "")
        step("Verify info line format is valid after %s" % command, valid_info_line())
        step("Verify info line contains score after %s" % command, "score" in last_info_line(engine.lines))
    # "Simulate a game".
    engine.pipe.send("ucinewgame")
    engine.isready(UCINEWGAME_TIME)
    for position in ("position startpos", "position startpos moves e2e4 e7e5"):
        engine.pipe.send(position)
        step("Read bestmove after %s, go wtime 100 btime 100" % position,
             search("go wtime 100 btime 100") and engine.bestmove() is not None)
        step("Verify info line format is valid after %s" % position, valid_info_line())
    engine.quit()
    return len(steps)


def main():
    args = replay_arguments(__doc__)
    path = args.engine
    checks = Checks("fastchess")

    def run_game(game, label):
        result, reason = game.play()
        expect(not game.warnings, "%s: fastchess warns:\n%s" % (label, "\n".join(game.warnings)))
        print("%s: %s (%s) after %d plies; time left w=%d ms b=%d ms" % (
            label, result, reason, len(game.moves), game.clocks[chess.WHITE].time_left,
            game.clocks[chess.BLACK].time_left), flush=True)
        return result

    engines = {}

    @checks.case
    def compliance_steps():
        print("compliance: %d steps passed" % compliance(path), flush=True)

    @checks.case
    def a_game_on_a_clock():
        # fastchess -engine cmd=ENGINE name=first -engine cmd=ENGINE name=second
        #   -each tc=8+0.08 option.Hash=16 option.Threads=1 -maxmoves 30
        engines["first"] = Engine(path, "first")
        engines["second"] = Engine(path, "second")
        for engine in engines.values():
            engine.start()
        clocks = {chess.WHITE: TimeControl(8000, 80), chess.BLACK: TimeControl(8000, 80)}
        run_game(Game(engines["first"], engines["second"], clocks, max_moves=args.max_moves, quiet=args.quiet),
                 "clock game 8+0.08")

    @checks.case
    def the_next_game_at_fixed_nodes_and_depth_on_the_same_processes():
        # The same engines, colours reversed, now `nodes=20000` for one and `depth=7` for the other
        # (`tc=inf`): `go nodes 20000` and `go depth 7`, no clock.
        expect(engines, "the clock game did not start the engines")
        first, second = engines["first"], engines["second"]
        first.nodes, second.depth = 20000, 7
        clocks = {chess.WHITE: TimeControl(), chess.BLACK: TimeControl()}
        try:
            run_game(Game(second, first, clocks, max_moves=args.max_moves, quiet=args.quiet),
                     "fixed game (nodes 20000 against depth 7)")
        finally:
            for engine in engines.values():
                engine.quit()

    @checks.case
    def a_chess960_game():
        # fastchess -variant fischerandom -openings file=frc.epd ... -each tc=4+0.04: the start as
        # Shredder-FEN, `UCI_Chess960` set, book moves and castling as king-takes-rook.
        white, black = Engine(path, "frc-white"), Engine(path, "frc-black")
        for engine in (white, black):
            engine.start()
        book = FRC_BOOK
        try:
            board = chess.Board(FRC_START, chess960=True)
            castles = 0
            for word in book:
                move = board.parse_uci(word)
                castles += board.is_castling(move)
                board.push(move)
            expect(castles == 2, "the book castles for both sides")
            clocks = {chess.WHITE: TimeControl(4000, 40), chess.BLACK: TimeControl(4000, 40)}
            run_game(Game(white, black, clocks, start=FRC_START, book=book, chess960=True,
                          max_moves=min(args.max_moves, 20), quiet=args.quiet), "Chess960 game 4+0.04")
        finally:
            for engine in (white, black):
                engine.quit()

    return checks.run()


if __name__ == "__main__":
    sys.exit(main())
