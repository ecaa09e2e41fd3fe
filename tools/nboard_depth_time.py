#!/usr/bin/env python3
"""Time to depth of an NBoard engine: the average time of a `go` at fixed depths, over positions
taken from recorded games, for comparing two engines (or two builds) in one session.

Each game of the GGF file (a match runner's `--games-out`) gives one position: its first moves,
up to `--empties` empty squares. For each depth the engine gets `set depth D`, then for each
position `set game` and `go`, and the script prints the milliseconds a move, and the nodes a move
and the nodes a second where the engine reports `nodestats` (ours does; NTest does not). One warm-up
`go` first, so that the hash table's first touch is not counted. `--each` adds each position's
millions of nodes (or milliseconds), smallest first: a solve's average is carried by its few
slowest positions, and the spread says how often a budget cuts it short.

    python3 tools/nboard_depth_time.py --games games.ggf --empties 40 --depths 10,12 -- triskel
    python3 tools/nboard_depth_time.py --games games.ggf --empties 40 --depths 10,12 --cwd NTEST_DIR -- ./ntest

The machine's load moves the times: alternate the engines, repeat, and compare ratios.
"""
import argparse
import re
import subprocess
import time

from nboard_proxy import ggf_moves, parse_with_engine


def positions(path, empties, count):
    """`set game` texts of the first `count` games cut at `empties` empty squares."""
    games = re.findall(r"\(;GM\[Othello\].*?;\)", open(path).read(), re.S)
    cut = []
    for game in games:
        board = re.search(r"BO\[([^\]]*)\]", game)
        if not board:
            continue
        moves = ggf_moves(game)
        start_empties = board.group(1).split()[1].count("-")
        played, kept = start_empties, []
        for colour, square in moves:
            if played <= empties:
                break
            kept.append("%s[%s]" % (colour, square))
            if square.upper() != "PA":
                played -= 1
        if played != empties:
            continue
        head = game[: board.start()]
        cut.append(head + board.group(0) + "".join(kept) + ";)")
        if len(cut) == count:
            break
    return cut


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", required=True, help="GGF file of recorded games")
    parser.add_argument("--empties", type=int, default=40, help="empty squares of each position")
    parser.add_argument("--depths", default="10,12", help="comma-separated depths")
    parser.add_argument("--positions", type=int, default=20, help="most positions (games) used")
    parser.add_argument("--cwd", help="directory to start the engine in")
    parser.add_argument("--each", action="store_true", help="also print each position's cost, smallest first")
    args, command = parse_with_engine(parser)
    games = positions(args.games, args.empties, args.positions)
    if not games:
        parser.error("no game of %s reaches %d empties" % (args.games, args.empties))
    engine = subprocess.Popen(
        command, cwd=args.cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def answer():
        """Reads to the `===` answer; returns the nodes of the last `nodestats` line (0 if none)."""
        nodes = 0
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine closed its output")
            if line.startswith("nodestats"):
                nodes = int(float(line.split()[1]))
            if line.startswith("==="):
                return nodes

    send("nboard 2")
    send("set depth 1")
    send("set game " + games[0])
    send("go")
    answer()
    for depth in (int(text) for text in args.depths.split(",")):
        send("set depth %d" % depth)
        costs = []
        for game in games:
            send("set game " + game)
            started = time.time()
            send("go")
            costs.append((answer(), time.time() - started))
        nodes = sum(cost[0] for cost in costs)
        seconds = sum(cost[1] for cost in costs)
        line = "depth %d, %d positions of %d empties: %.1f ms a move" % (
            depth, len(games), args.empties, 1000 * seconds / len(games))
        if nodes:
            line += ", %d nodes a move, %.2f M nodes/s" % (nodes // len(games), nodes / seconds / 1e6)
        print(line, flush=True)
        if args.each:
            each = sorted(cost[0] / 1e6 if nodes else cost[1] * 1000 for cost in costs)
            print("  each (%s): %s" % ("M nodes" if nodes else "ms", " ".join("%.1f" % cost for cost in each)))
    send("quit")


if __name__ == "__main__":
    main()
