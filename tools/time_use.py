#!/usr/bin/env python3
"""How triskel spends its clock in real chess games, beside a UCI opponent (Stockfish by default).

Plays colour-swapped game pairs from an EPD opening set under a real clock (`--tc 10+0.1`), both
engines pondering (`go ponder`, then `ponderhit` when the expected move comes, `stop` when it does
not), one game at a time, and charges each side the wall time from its `go` (or `ponderhit`) to
its `bestmove`, as a GUI does. Our engine runs with `debug on`: before each `bestmove` it writes

    info string time used U ms [after P ms pondering] (soft S ms, hard H ms), stopped by R

where the limits are the ones planned at `go` and count from it, pondering included; so a move
"thought" `P + U` against them, and cost the clock `U`.

The report compares:
* for our moves searched on the clock (all but those answered at once at `ponderhit`, whose time
  was the opponent's): the share that thought past their soft limit (`P + U > S`), the share
  that reached their hard limit (`P + U >= H - 5 ms`), the mean and largest overrun past the soft
  limit (in ms and in soft limits), the mean of `(P + U) / S`, the clock's lag (what the script
  charged less `U`: pipes and scheduling), and why the searches ended (the `R` words);
* for both engines, side by side: the time a move cost the clock (mean and median, and the
  clock left at the end), the ponder hits, and the share of moves that took more than 2x and 4x
  the engine's median share of its clock (a move's time over the clock it had left before it).
  Stockfish prints no limits, so this last measure is the one that compares the two: a clock
  used evenly has few moves far above its median share.

A few games check the script; a useful reading takes a couple of hundred on a quiet machine
(docs/timeman.md has the command). `--log FILE` keeps every line both engines wrote. The openings
are an EPD file such as the test-tools bundle's `data/chess/openings.epd`.

    python3 tools/time_use.py --engine target/release/triskel --games 4 \\
        --openings path/to/openings.epd --tc 10+0.1
"""
import argparse
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time

import chess

CLOCK_LINE = re.compile(
    r"info string time used (\d+) ms(?: after (\d+) ms pondering(, no ponderhit)?)? "
    r"\(soft (none|\d+ ms), hard (none|\d+ ms)\), stopped by (\w+)"
)
HARD_TOLERANCE_MS = 5


class Engine:
    """A UCI engine over pipes; a reader thread queues its lines."""

    def __init__(self, name, command, options, log):
        self.name, self.log = name, log
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.until(lambda line: line == "uciok", 30)
        for option, value in options.items():
            self.send("setoption name %s value %s" % (option, value))
        self.ponder_on = None  # the board the engine ponders on, its last move the expected one

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        if self.log:
            self.log.write("%s << %s\n" % (self.name, line))
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, done, timeout):
        """The lines up to the first one `done` accepts (included); `None` on a timeout or exit."""
        deadline, read = time.monotonic() + timeout, []
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                return None
            if line is None:
                return None
            if self.log:
                self.log.write("%s >> %s\n" % (self.name, line))
            read.append(line)
            if done(line):
                return read

    def ready(self):
        self.send("isready")
        self.until(lambda line: line == "readyok", 30)

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def position_command(start_fen, board):
    moves = " ".join(move.uci() for move in board.move_stack)
    return "position fen %s" % start_fen + (" moves " + moves if moves else "")


def clock_words(clocks, increment_ms, movestogo=None):
    words = "wtime %d btime %d winc %d binc %d" % (
        clocks[chess.WHITE], clocks[chess.BLACK], increment_ms, increment_ms)
    return words + (" movestogo %d" % movestogo if movestogo else "")


def play_move(engine, start_fen, board, clocks, increment_ms):
    """Asks `engine` for a move on `board` and returns (lines, move, ponder move, ms charged,
    ponder hit). The clock runs from the command that starts the engine's thinking on this move:
    `ponderhit`, or the `stop` of a missed ponder search followed by `go`."""
    started = time.monotonic()
    budget = clocks[board.turn] / 1000 + 5
    hit = engine.ponder_on is not None and engine.ponder_on.move_stack == board.move_stack
    if engine.ponder_on is not None and not hit:
        engine.send("stop")
        engine.until(lambda line: line.startswith("bestmove"), budget)
    if hit:
        engine.send("ponderhit")
    else:
        engine.send(position_command(start_fen, board))
        engine.send("go " + clock_words(clocks, increment_ms))
    engine.ponder_on = None
    lines = engine.until(lambda line: line.startswith("bestmove"), budget)
    charged = (time.monotonic() - started) * 1000
    if lines is None:
        return None, None, None, charged, hit
    words = lines[-1].split()
    move = chess.Move.from_uci(words[1]) if len(words) > 1 and words[1] != "(none)" else None
    ponder = chess.Move.from_uci(words[3]) if len(words) > 3 and words[2] == "ponder" else None
    return lines, move, ponder, charged, hit


def start_pondering(engine, start_fen, board, move, ponder, clocks, increment_ms):
    """After `move`, `engine` ponders on `ponder` with the clocks as they stand."""
    after = board.copy()
    after.push(move)
    if ponder is None or ponder not in after.legal_moves:
        return
    after.push(ponder)
    engine.send(position_command(start_fen, after))
    engine.send("go ponder " + clock_words(clocks, increment_ms))
    engine.ponder_on = after


def play_game(engines, ours_white, start_fen, args, records):
    """One game; appends a record per move to `records[name]`. Returns the result text."""
    board = chess.Board(start_fen)
    start_ms, increment_ms = args.tc
    clocks = {chess.WHITE: start_ms, chess.BLACK: start_ms}
    sides = {chess.WHITE: engines[0] if ours_white else engines[1],
             chess.BLACK: engines[1] if ours_white else engines[0]}
    for engine in engines:
        engine.ponder_on = None
        engine.send("ucinewgame")
        engine.ready()
    result = None
    while result is None:
        mover = sides[board.turn]
        clock_before = clocks[board.turn]
        lines, move, ponder, charged, hit = play_move(mover, start_fen, board, clocks, increment_ms)
        clocks[board.turn] -= charged
        if lines is None:
            mover.send("stop")
            mover.until(lambda line: line.startswith("bestmove"), 10)
        if lines is None or move is None or move not in board.legal_moves:
            fault = "no answer in time" if lines is None else "illegal move: %s" % (lines[-1],)
            result = "%s loses (%s)" % (mover.name, fault)
            break
        if clocks[board.turn] < 0:
            result = "%s loses on time" % mover.name
            break
        report = next((CLOCK_LINE.search(line) for line in reversed(lines)
                       if CLOCK_LINE.search(line)), None)
        records[mover.name].append({
            "charged": charged, "clock_before": clock_before, "hit": hit, "report": report})
        clocks[board.turn] += increment_ms
        if args.ponder:
            start_pondering(mover, start_fen, board, move, ponder, clocks, increment_ms)
        board.push(move)
        if board.is_game_over(claim_draw=True):
            result = board.result(claim_draw=True)
        elif board.ply() >= args.max_plies:
            result = "1/2-1/2 (move cap)"
    for engine in engines:
        if engine.ponder_on is not None:
            engine.send("stop")
            engine.until(lambda line: line.startswith("bestmove"), 10)
            engine.ponder_on = None
    return result


def millis(text):
    return None if text == "none" else int(text.split()[0])


def percent(part, whole):
    return "%.1f%%" % (100.0 * part / whole) if whole else "-"


def clock_share_spread(records):
    """The share of moves above 2x and 4x the median share of the clock left."""
    shares = [record["charged"] / max(record["clock_before"], 1) for record in records]
    if not shares:
        return "-", "-"
    median = statistics.median(shares)
    return (percent(sum(share > 2 * median for share in shares), len(shares)),
            percent(sum(share > 4 * median for share in shares), len(shares)))


def report(records, ours, opponent, finals):
    print()
    print("%-28s %14s %14s" % ("", ours, opponent))
    rows = []
    for name in (ours, opponent):
        moves = records[name]
        charged = [record["charged"] for record in moves] or [0]
        over2, over4 = clock_share_spread(moves)
        rows.append({
            "moves": str(len(moves)),
            "mean ms a move (clock)": "%.0f" % statistics.mean(charged),
            "median ms a move (clock)": "%.0f" % statistics.median(charged),
            "ponder hits": percent(sum(record["hit"] for record in moves), len(moves)),
            "moves > 2x median share": over2,
            "moves > 4x median share": over4,
            "mean clock left at the end": "%.0f ms" % (statistics.mean(finals[name]) if finals[name] else 0),
        })
    for key in rows[0]:
        print("%-28s %14s %14s" % (key, rows[0][key], rows[1][key]))

    reported = [record for record in records[ours] if record["report"]]
    timed, at_hit = [], 0
    for record in reported:
        used, pondered, no_hit, soft, hard, reason = record["report"].groups()
        if no_hit or soft == "none":
            continue
        if reason == "ponderhit":
            at_hit += 1
            continue
        thought = int(used) + int(pondered or 0)
        timed.append((thought, millis(soft), millis(hard), reason, int(used), record["charged"]))
    print()
    print("our moves reported: %d of %d; answered at the ponder hit (the move's time spent pondering): %d"
          % (len(reported), len(records[ours]), at_hit))
    print("the others, searched on the clock: %d" % len(timed))
    if not timed:
        return
    past_soft = [(thought, soft) for thought, soft, _, _, _, _ in timed if thought > soft]
    at_hard = [1 for thought, _, hard, _, _, _ in timed if thought >= hard - HARD_TOLERANCE_MS]
    print("  past the soft limit:        %s" % percent(len(past_soft), len(timed)))
    print("  at the hard limit (-%d ms):  %s" % (HARD_TOLERANCE_MS, percent(len(at_hard), len(timed))))
    if past_soft:
        overruns = [thought - soft for thought, soft in past_soft]
        ratios = [thought / soft for thought, soft in past_soft if soft > 0]
        print("  overrun past soft, mean:    %.0f ms (thought %.2f soft limits)" % (
            statistics.mean(overruns), statistics.mean(ratios) if ratios else 0))
        print("  overrun past soft, largest: %.0f ms (thought %.2f soft limits)" % (
            max(overruns), max(ratios) if ratios else 0))
    print("  thought / soft limit, mean: %.2f" % statistics.mean(
        thought / soft for thought, soft, _, _, _, _ in timed if soft > 0))
    lag = [charged - used for _, _, _, _, used, charged in timed]
    print("  clock charged - time used:  mean %.1f ms, largest %.1f ms" % (statistics.mean(lag), max(lag)))
    reasons = {}
    for _, _, _, reason, _, _ in timed:
        reasons[reason] = reasons.get(reason, 0) + 1
    print("  stopped by:                 " + ", ".join(
        "%s %s" % (reason, percent(count, len(timed))) for reason, count in sorted(reasons.items())))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--engine", default=os.path.join(here, "..", "target", "release", "triskel"),
                        help="our engine's command (default: the release build)")
    parser.add_argument("--opponent", default=shutil.which("stockfish") or "/usr/games/stockfish",
                        help="a UCI engine's command (default: stockfish)")
    parser.add_argument("--games", type=int, default=4, help="games, in colour-swapped pairs")
    parser.add_argument("--openings", required=True, help="an EPD file, one opening a line")
    parser.add_argument("--first", type=int, default=1, help="the first opening used (1-based)")
    parser.add_argument("--tc", default="10+0.1", help="seconds + increment seconds")
    parser.add_argument("--hash", type=int, default=16, help="both engines' Hash, MiB")
    parser.add_argument("--overhead", type=int, default=10,
                        help="both engines' Move Overhead, ms (10, Stockfish's default and ours)")
    parser.add_argument("--no-ponder", dest="ponder", action="store_false")
    parser.add_argument("--max-plies", type=int, default=400, help="a game this long is a draw")
    parser.add_argument("--log", help="a transcript of both engines' lines")
    args = parser.parse_args()
    base, increment = args.tc.split("+")
    args.tc = (int(float(base) * 1000), int(float(increment) * 1000))

    openings = [" ".join(line.split()[:4]) + " 0 1" for line in open(args.openings) if line.strip()]
    log = open(args.log, "w") if args.log else None
    common = {"Threads": 1, "Hash": args.hash, "Ponder": "true" if args.ponder else "false",
              "Move Overhead": args.overhead}
    ours = Engine("triskel", args.engine.split(), common, log)
    ours.send("debug on")
    opponent_name = os.path.basename(args.opponent.split()[0])
    if opponent_name == ours.name:
        opponent_name += " 2"
    opponent = Engine(opponent_name, args.opponent.split(), common, log)
    engines = (ours, opponent)
    records = {ours.name: [], opponent.name: []}
    finals = {ours.name: [], opponent.name: []}
    try:
        for game in range(args.games):
            fen = openings[(args.first - 1 + game // 2) % len(openings)]
            ours_white = game % 2 == 0
            counts = {name: len(moves) for name, moves in records.items()}
            result = play_game(engines, ours_white, fen, args, records)
            print("game %d (%s white): %s, %d + %d moves" % (
                game + 1, ours.name if ours_white else opponent.name, result,
                len(records[ours.name]) - counts[ours.name],
                len(records[opponent.name]) - counts[opponent.name]), flush=True)
            for name, moves in records.items():
                new = moves[counts[name]:]
                if new:
                    last = new[-1]
                    finals[name].append(last["clock_before"] - last["charged"] + args.tc[1])
        report(records, ours.name, opponent.name, finals)
    finally:
        for engine in engines:
            engine.quit()
        if log:
            log.close()


if __name__ == "__main__":
    sys.exit(main())
