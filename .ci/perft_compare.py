#!/usr/bin/env python3
"""Times `go perft` of two UCI engines side by side on the six Chess Programming Wiki positions.

Each engine is started once and made ready (`isready`), so start-up (Stockfish's network loading)
is not timed; then every position is run by each engine in turn, alternating which goes first, and
the wall time from sending `go perft` to reading `Nodes searched` is recorded. The node counts must
agree with the published ones. Prints a table and the ratio of total times.

usage: .ci/perft_compare.py [--rounds N] ENGINE REFERENCE     e.g. target/release/triskel /usr/games/stockfish
"""
import subprocess, sys, time, argparse

POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551),
]


class Engine:
    def __init__(self, command):
        self.name = command
        self.process = subprocess.Popen(command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.ready()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} exited")
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.ready()
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        nodes = int(self.wait_for("Nodes searched").split(":")[1])
        elapsed = time.perf_counter() - start
        self.ready()
        return nodes, elapsed

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("engine")
    parser.add_argument("reference")
    args = parser.parse_args()
    engines = [Engine(args.engine), Engine(args.reference)]
    totals = [0.0, 0.0]
    ok = True
    print(f"{'position':<10} {'depth':>5} {'nodes':>11} {'engine s':>9} {'reference s':>11} {'ratio':>6}")
    for round_index in range(args.rounds):
        for index, (name, fen, depth, expected) in enumerate(POSITIONS):
            times = [0.0, 0.0]
            order = [0, 1] if (index + round_index) % 2 == 0 else [1, 0]
            for which in order:
                nodes, elapsed = engines[which].perft(fen, depth)
                if nodes != expected:
                    print(f"MISMATCH {engines[which].name} {name}: {nodes} != {expected}")
                    ok = False
                times[which] = elapsed
                totals[which] += elapsed
            print(f"{name:<10} {depth:>5} {expected:>11} {times[0]:>9.3f} {times[1]:>11.3f} {times[1] / times[0]:>6.2f}")
    print(f"total: engine {totals[0]:.3f} s, reference {totals[1]:.3f} s, reference/engine = {totals[1] / totals[0]:.2f}x")
    for engine in engines:
        engine.close()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
