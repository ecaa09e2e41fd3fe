#!/usr/bin/env python3
"""SPSA over the search's margins, on one machine, at a fixed node count a move.

The engine built with `--features tune` lists each margin as a UCI `spin` option. Every game pair
plays the margins nudged up by their perturbation against the same margins nudged down (each
margin's direction a coin toss), from one opening with the colours swapped, and every margin then
steps towards the side that scored: OpenBench's and fishtest's SPSA, with their schedule.

    c_k = c / k^gamma        a_k = a / (A + k)^alpha        r_k = a_k / c_k^2
    theta += r_k * c_k * (wins - losses of the nudged-up side) * flip

`c` and `a` are set from each margin's C_END and R_END (the lines OpenBench reads, which
`docs/tuning.md` lists and `tests/tune.rs` holds to the engine's table) so that the perturbation
ends at C_END and the learning rate at R_END after `--pairs` pairs; `A` is a tenth of the pairs.

The state (pair count and every margin's value) is written to `--state` after every pair, and a
run with the same state file goes on from there, so a tuning can take several sessions. A fixed
node count rather than a clock keeps the games independent of the machine's load, so the tuner
can share the cores with the data generators; it does not reward what a margin saves in time
rather than in nodes.

    cargo build --release --features tune && cp target/release/triskel triskel-tune
    python3 tools/spsa.py --engine ./triskel-tune --openings openings.epd --pairs 20000 \\
        --nodes 5000 --state spsa.json
"""

import argparse
import json
import os
import random
import re
import sys
import threading
from collections import deque

import chess
import chess.engine

# OpenBench's defaults.
ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1

PARAM_LINE = re.compile(r"^\s*(\w+), int, (-?\d+), (-?\d+), (-?\d+), ([\d.]+), ([\d.]+)\s*$")
# A game is adjudicated once both engines have agreed on a score beyond this for RESIGN_MOVES
# moves each, and drawn at MAX_PLIES.
RESIGN_CP = 1000
RESIGN_MOVES = 4
MAX_PLIES = 400


def read_params(path):
    """The OpenBench lines `name, int, default, min, max, c_end, r_end` in a file."""
    params = []
    with open(path, encoding="utf-8") as text:
        for line in text:
            found = PARAM_LINE.match(line)
            if found:
                name, default, low, high, c_end, r_end = found.groups()
                params.append(
                    {
                        "name": name,
                        "default": int(default),
                        "min": int(low),
                        "max": int(high),
                        "c_end": float(c_end),
                        "r_end": float(r_end),
                    }
                )
    if not params:
        sys.exit(f"spsa: no `name, int, default, min, max, c_end, r_end` line in {path}")
    return params


def read_openings(path):
    with open(path, encoding="utf-8") as text:
        lines = [line.split(";")[0].strip() for line in text]
    fens = [line for line in lines if line and not line.startswith("#")]
    if not fens:
        sys.exit(f"spsa: no opening in {path}")
    return fens


class Tuner:
    """The SPSA state, shared by the worker threads."""

    def __init__(self, params, pairs, state_path):
        self.params = params
        self.pairs = pairs
        self.state_path = state_path
        self.lock = threading.Lock()
        self.done = 0
        self.score = [0, 0, 0]  # wins, draws, losses of the nudged-up side
        self.theta = {p["name"]: float(p["default"]) for p in params}
        if state_path and os.path.exists(state_path):
            with open(state_path, encoding="utf-8") as saved:
                state = json.load(saved)
            if state["pairs"] != pairs:
                sys.exit(f"spsa: {state_path} is a tuning of {state['pairs']} pairs, not {pairs}")
            self.done = state["pairs_done"]
            self.score = state["score"]
            self.theta.update({k: v for k, v in state["theta"].items() if k in self.theta})
        self.handed = self.done  # pairs handed to the workers, finished or not
        big_a = A_RATIO * pairs
        for p in params:
            p["c"] = p["c_end"] * pairs**GAMMA
            p["a"] = p["r_end"] * p["c_end"] ** 2 * (big_a + pairs) ** ALPHA
        self.big_a = big_a

    def probe(self, rng):
        """The next pair's number and its two sides' values, or None once all pairs are handed out."""
        with self.lock:
            if self.handed >= self.pairs:
                return None
            self.handed += 1
            k = self.handed
            up, down, flips = {}, {}, {}
            for p in self.params:
                c_k = p["c"] / k**GAMMA
                flip = rng.choice((-1, 1))
                value = self.theta[p["name"]]
                up[p["name"]] = clamp(round(value + c_k * flip), p)
                down[p["name"]] = clamp(round(value - c_k * flip), p)
                flips[p["name"]] = flip
            return k, up, down, flips

    def report(self, k, flips, result):
        """Applies one pair's result (wins minus losses of the nudged-up side, -2..2)."""
        with self.lock:
            for p in self.params:
                c_k = p["c"] / k**GAMMA
                a_k = p["a"] / (self.big_a + k) ** ALPHA
                r_k = a_k / c_k**2
                name = p["name"]
                moved = self.theta[name] + r_k * c_k * result * flips[name]
                self.theta[name] = min(max(moved, p["min"]), p["max"])
            self.done += 1
            self.save()
            return self.done

    def save(self):
        if not self.state_path:
            return
        state = {"pairs_done": self.done, "pairs": self.pairs, "score": self.score, "theta": self.theta}
        temporary = self.state_path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as out:
            json.dump(state, out, indent=1)
        os.replace(temporary, self.state_path)

    def lines(self):
        """The margins as OpenBench lines, at their current values."""
        return [
            f"{p['name']}, int, {round(self.theta[p['name']])}, {p['min']}, {p['max']}, "
            f"{p['c_end']:g}, {p['r_end']:g}"
            for p in self.params
        ]


def clamp(value, param):
    return min(max(value, param["min"]), param["max"])


def play_game(white, black, fen, nodes):
    """One game from `fen`: 1 if White won, 0 if Black did, 0.5 for a draw. Adjudicated as won once
    the last RESIGN_MOVES scores of both engines put the same side beyond RESIGN_CP."""
    board = chess.Board(fen)
    game = object()  # a new identity makes python-chess send `ucinewgame`
    engines = {chess.WHITE: white, chess.BLACK: black}
    recent = deque(maxlen=2 * RESIGN_MOVES)  # White's view of the last plies' scores
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        mover = board.turn
        limit = chess.engine.Limit(nodes=nodes)
        played = engines[mover].play(board, limit, game=game, info=chess.engine.INFO_SCORE)
        if played.move is None:
            return 0.0 if mover == chess.WHITE else 1.0
        score = played.info.get("score")
        recent.append(score.pov(chess.WHITE).score(mate_score=100000) if score else 0)
        board.push(played.move)
        if len(recent) == recent.maxlen:
            if all(cp > RESIGN_CP for cp in recent):
                return 1.0
            if all(cp < -RESIGN_CP for cp in recent):
                return 0.0
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == chess.WHITE else 0.0


def worker(tuner, args, openings, seed, log):
    rng = random.Random(seed)
    command = args.engine.split()
    up_engine = chess.engine.SimpleEngine.popen_uci(command)
    down_engine = chess.engine.SimpleEngine.popen_uci(command)
    try:
        for engine in (up_engine, down_engine):
            engine.configure({"Hash": args.hash, "Threads": 1})
        while True:
            probe = tuner.probe(rng)
            if probe is None:
                return
            k, up, down, flips = probe
            up_engine.configure(up)
            down_engine.configure(down)
            fen = openings[(k - 1) % len(openings)] if not args.shuffle else rng.choice(openings)
            first = play_game(up_engine, down_engine, fen, args.nodes)
            second = 1.0 - play_game(down_engine, up_engine, fen, args.nodes)
            points = first + second
            with tuner.lock:
                for game in (first, second):
                    tuner.score[0 if game == 1.0 else 1 if game == 0.5 else 2] += 1
            done = tuner.report(k, flips, points * 2 - 2)
            if done % args.report == 0:
                log(tuner)
    finally:
        up_engine.quit()
        down_engine.quit()


def log_state(tuner):
    wins, draws, losses = tuner.score
    values = " ".join(f"{name}={value:.1f}" for name, value in tuner.theta.items())
    print(f"spsa: {tuner.done}/{tuner.pairs} pairs, up side {wins}-{draws}-{losses}: {values}", flush=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the tune build (`--features tune`), with any arguments")
    parser.add_argument("--openings", required=True, help="EPD or FEN lines")
    parser.add_argument("--params", default=os.path.join(here, "..", "docs", "tuning.md"),
                        help="a file holding OpenBench's lines (default: docs/tuning.md)")
    parser.add_argument("--pairs", type=int, required=True, help="game pairs of the whole tuning")
    parser.add_argument("--nodes", type=int, default=5000, help="nodes a move")
    parser.add_argument("--hash", type=int, default=16, help="Hash, MiB")
    parser.add_argument("--concurrency", type=int, default=1, help="pairs played at once")
    parser.add_argument("--state", help="JSON state: written after every pair, resumed from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shuffle", action="store_true", help="random openings rather than in order")
    parser.add_argument("--report", type=int, default=50, help="pairs between progress lines")
    args = parser.parse_args()

    tuner = Tuner(read_params(args.params), args.pairs, args.state)
    openings = read_openings(args.openings)
    print(f"spsa: {len(tuner.params)} margins, {tuner.done} of {args.pairs} pairs done", flush=True)
    threads = [
        threading.Thread(target=worker, args=(tuner, args, openings, args.seed * 1000 + tuner.done + i, log_state))
        for i in range(args.concurrency)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log_state(tuner)
    print("\n".join(tuner.lines()))


if __name__ == "__main__":
    main()
