#!/usr/bin/env python3
"""Depth reached at a fixed node budget by a UCI engine, over short self-played lines, for
comparing how deep two engines (or two builds) see for the same nodes.

From each of five positions (the start, two openings, a middlegame and a rook endgame) the engine
plays `--moves` moves against itself, each a `go nodes N`; the script prints the mean of the last
`info depth` of each search. With `--fresh` every search starts from an empty hash table
(`ucinewgame` before it); without, the table is kept along each line, as in a game. Options are
passed as `--option "Name=value"`.

    python3 tools/uci_depth_at_nodes.py --nodes 80000 -- triskel
    python3 tools/uci_depth_at_nodes.py --nodes 80000 --option "Use NNUE=false" -- stockfish

Node counts are deterministic for one thread, so the load of the machine does not move the result.
"""
import argparse
import re
import subprocess

POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 10",
    "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 40",
    "r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 0 13",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, default=80000)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--fresh", action="store_true", help="an empty hash table before every search")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("engine", nargs="+")
    args = parser.parse_args()

    engine = subprocess.Popen(args.engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(word):
        for line in engine.stdout:
            if line.split()[:1] == [word]:
                return line
        raise SystemExit(f"the engine ended before '{word}'")

    send("uci")
    wait_for("uciok")
    for option in args.option:
        name, value = option.split("=", 1)
        send(f"setoption name {name} value {value}")
    send("isready")
    wait_for("readyok")

    depths = []
    for fen in POSITIONS:
        send("ucinewgame")
        played = []
        for _ in range(args.moves):
            if args.fresh:
                send("ucinewgame")
            send(f"position fen {fen}" + (" moves " + " ".join(played) if played else ""))
            send(f"go nodes {args.nodes}")
            depth = 0
            for line in engine.stdout:
                found = re.search(r"\bdepth (\d+)", line)
                if line.startswith("info") and found:
                    depth = int(found.group(1))
                if line.startswith("bestmove"):
                    move = line.split()[1]
                    break
            depths.append(depth)
            if move in ("(none)", "0000"):
                break
            played.append(move)
    send("quit")
    engine.wait()
    print(f"searches {len(depths)}  mean depth {sum(depths) / len(depths):.2f}")


if __name__ == "__main__":
    main()
