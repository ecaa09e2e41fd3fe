#!/usr/bin/env python3
"""An NBoard engine behind a proxy that changes what a match runner tells it, for clock matches
against an engine that ignores the clock.

NTest searches to its set depth whatever the clock, so a clock match against it is played as
"our engine on a clock, NTest at a fixed depth". A runner sends one `set depth` and one game clock
(the GGF's TI[]) to both engines; in front of our engine this proxy replaces them (`--depth 60`,
`--clock 30`), while the runner's own `--depth D --time T` go to NTest (T large enough that NTest's
slowest games are not forfeited). In front of either engine it also records, per game, the seconds
from each `go` to its `===` answer: `--stats FILE` gets one line per game, `SECONDS MOVES`, and
`--per-move FILE` one line per game of `PLY:SECONDS` pairs, to see where in a game the clock goes
(PLY counts the moves and passes before the `go`: 60 - PLY empties unless a side passed).

    python3 match.py --engine1 "python3 tools/nboard_proxy.py --depth 60 --clock 30 --stats ours.txt -- triskel" \\
        --engine2 "python3 tools/nboard_proxy.py --stats ntest.txt -- NTEST_DIR/ntest" --cwd2 NTEST_DIR \\
        --proto1 nboard --proto2 nboard --openings openings.txt --games 208 --depth 22 --time 120
"""
import argparse
import re
import subprocess
import sys
import threading
import time


def parse_with_engine(parser):
    """Parses the command line of a tool that ends with `-- ENGINE [ARGS...]` (this proxy, and
    `nboard_depth_time.py`): returns the options and the engine's command."""
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- ENGINE [ARGS...]")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no engine command after --")
    return args, command


def ggf_moves(ggf):
    """The moves of a GGF game record, in order: `(colour, square)` pairs, passes as `PA`."""
    return re.findall(r"([BW])\[([A-Ha-h][1-8]|PA|pa)[^\]]*\]", ggf)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, help="the depth the engine gets instead of the runner's")
    parser.add_argument("--clock", type=int, help="the game clock in seconds the engine gets instead")
    parser.add_argument("--stats", help="file to append each game's thinking seconds and moves to")
    parser.add_argument("--per-move", help="file to append each game's seconds per move to")
    args, command = parse_with_engine(parser)
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lock = threading.Lock()
    # The game's answered moves, `(ply, seconds)` each: both files are written from them.
    game = {"asked": None, "ply": 0, "per_move": []}

    def record_game():
        per_move = game["per_move"]
        if args.stats and per_move:
            with open(args.stats, "a") as stats:
                stats.write("%.3f %d\n" % (sum(seconds for _, seconds in per_move), len(per_move)))
        if args.per_move and per_move:
            with open(args.per_move, "a") as per_move_file:
                per_move_file.write(" ".join("%d:%.3f" % pair for pair in per_move) + "\n")
        game["per_move"] = []

    def relay_answers():
        for line in engine.stdout:
            if line.startswith("==="):
                with lock:
                    if game["asked"] is not None:
                        game["per_move"].append((game["ply"], time.time() - game["asked"]))
                        game["asked"] = None
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=relay_answers, daemon=True).start()
    for line in sys.stdin:
        sent = line
        if args.depth is not None and line.startswith("set depth"):
            sent = "set depth %d\n" % args.depth
        if line.startswith("set game"):
            with lock:
                record_game()
                game["ply"] = len(ggf_moves(line))
            if args.clock is not None:
                clock = "TI[%d:%02d]" % (args.clock // 60, args.clock % 60)
                sent = re.sub(r"TI\[[^\]]*\]", clock, line)
        if line.startswith("move "):
            with lock:
                game["ply"] += 1
        if line.strip() == "go":
            with lock:
                game["asked"] = time.time()
        engine.stdin.write(sent)
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    with lock:
        record_game()
    engine.wait()


if __name__ == "__main__":
    main()
