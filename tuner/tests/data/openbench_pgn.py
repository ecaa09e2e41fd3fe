#!/usr/bin/env python3
"""Writes a PGN of the engine playing itself, laid out as an OpenBench DATAGEN upload.

The test fixture `openbench_datagen.pgn` beside this script was made with

    python3 tuner/tests/data/openbench_pgn.py target/release/triskel \
        --games 3 --nodes 1500 --seed 56 > tuner/tests/data/openbench_datagen.pgn

What it reproduces, and where OpenBench decides it (its client, `Client/worker.py` and
`Client/pgn_util.py`, and the fastchess fork it builds, `app/src/game/pgn/pgn_builder.cpp`):

- the openings come from the engine's own `genfens N seed S book None`, as the client asks for
  them; each game starts from one (`[FEN]` and `[SetUp "1"]`), with no book moves;
- both sides are the same binary, named `<engine>-dev` and `<engine>-base` as the client names
  them, searching `go nodes N` (a DATAGEN time control `N=...` becomes `tc=inf nodes=N`, which
  fastchess prints as `[TimeControl "-"]`);
- each move's comment is fastchess's `score/depth time, n=nodes, sd=seldepth` from the last
  `info` line with a score, as the client's `-pgnout ... seldepth=true nodes=true` asks: the
  score in pawns with two decimals from the mover's view (`+0.34`, `-1.20`, `0.00`), a mate as
  `+M<plies>` or `-M<plies>`, the time in seconds with three decimals;
- the game ends by the rules (mate, stalemate, threefold repetition, fifty moves, insufficient
  material) or by fastchess-style adjudication with OpenBench's usual settings (`-resign
  movecount=3 score=400 -draw movenumber=40 movecount=8 score=10`), which keeps the fixture small;
- the upload's layout is the client's re-formatting (`pgn_util.py`, verbose mode): the headers
  Event, Site, Date, Round, White, Black, Result, FEN, TimeControl, ScaleFactor, SetUp,
  GameEndTime in that order; the moves on one line without move numbers, each `SAN {comment}`;
  then the result; a blank line between games. `ScaleFactor` is the client's bench-derived
  factor, written here as 1.0.

Needs python-chess for SAN and the rules; the engine is driven over UCI through pipes. The
fixture's `+M997` comments are what the engine printed (`score mate 499` after some searches the
node limit stopped): kept as written, since the import must skip mate scores anyway.
"""

import argparse
import datetime
import subprocess
import sys
import time

import chess


class Engine:
    """One UCI engine process."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            lines.append(line.strip())
            if line.split() and line.split()[0] == word:
                return lines

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, fen, moves, nodes):
        """The best move and what fastchess reads for its comment."""
        position = "position fen " + fen + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        started = time.monotonic()
        self.send("go nodes %d" % nodes)
        lines = self.wait_for("bestmove")
        elapsed = int((time.monotonic() - started) * 1000)
        best = lines[-1].split()[1]
        info = [line.split() for line in lines if line.startswith("info") and " score " in line]
        last = info[-1] if info else []
        return best, comment(last, elapsed)

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def field(words, name):
    if name in words and words.index(name) + 1 < len(words):
        return words[words.index(name) + 1]
    return "0"


def score_text(words):
    """fastchess's score: pawns with two decimals, or M and the plies to mate."""
    kind, value = field(words, "score"), int(words[words.index("score") + 2])
    if kind == "mate":
        plies = value * 2 - 1 if value > 0 else -value * 2
        return ("+" if value > 0 else "-") + "M%d" % plies, None
    sign = "+" if value > 0 else "-" if value < 0 else ""
    return "%s%.2f" % (sign, abs(value) / 100), value


def comment(words, elapsed_ms):
    if not words:
        return {"text": "0.00/0 %.3fs, n=0, sd=0" % (elapsed_ms / 1000), "cp": None, "mate": False}
    text, cp = score_text(words)
    return {
        "text": "%s/%s %.3fs, n=%s, sd=%s"
        % (text, field(words, "depth"), elapsed_ms / 1000, field(words, "nodes"), field(words, "seldepth")),
        "cp": cp,
        "mate": cp is None,
        "mate_sign": text[0],
    }


def genfens(path, count, seed):
    output = subprocess.run(
        [path, "genfens %d seed %d book None" % (count, seed), "quit"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    prefix = "info string genfens "
    return [line[len(prefix):].strip() for line in output.splitlines() if line.startswith(prefix)]


def adjudicate(board, history):
    """fastchess's -resign movecount=3 score=400 and -draw movenumber=40 movecount=8 score=10, as
    OpenBench's default presets set them: the result, or None."""
    # Resign: the side that just moved has scored itself at -400 or worse on its last 3 moves.
    own = history[-1::-2][:3]
    if len(own) == 3 and all(entry["mate"] and entry["mate_sign"] == "-" or
                             entry["cp"] is not None and entry["cp"] <= -400 for entry in own):
        return "0-1" if board.turn == chess.BLACK else "1-0"
    # Draw: from move 40, 8 moves of each side in a row within 10 centipawns.
    if board.fullmove_number >= 40 and len(history) >= 16 and all(
        entry["cp"] is not None and abs(entry["cp"]) <= 10 for entry in history[-16:]
    ):
        return "1/2-1/2"
    return None


def play(white, black, fen, nodes):
    board = chess.Board(fen)
    for engine in (white, black):
        engine.new_game()
    moves, history, sans = [], [], []
    while True:
        outcome = board.outcome(claim_draw=False)
        if outcome is None and board.is_repetition(3):
            return "1/2-1/2", sans
        if outcome is not None:
            return outcome.result(), sans
        engine = white if board.turn == chess.WHITE else black
        best, note = engine.search(fen, moves, nodes)
        move = chess.Move.from_uci(best)
        sans.append("%s {%s}" % (board.san(move), note["text"]))
        board.push(move)
        moves.append(best)
        history.append(note)
        result = adjudicate(board, history)
        if result:
            return result, sans


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=56)
    parser.add_argument("--name", default="Triskel")
    args = parser.parse_args()

    openings = genfens(args.engine, args.games, args.seed)
    dev, base = Engine(args.engine), Engine(args.engine)
    today = datetime.date.today().strftime("%Y.%m.%d")
    out = []
    for index, fen in enumerate(openings):
        result, sans = play(dev, base, fen, args.nodes)
        ended = datetime.datetime.now().astimezone().strftime("%Y-%m-%dT%H:%M:%S %z")
        headers = [
            ("Event", "Fastchess Tournament"), ("Site", "?"), ("Date", today),
            ("Round", str(index + 1)), ("White", args.name + "-dev"), ("Black", args.name + "-base"),
            ("Result", result), ("FEN", fen), ("TimeControl", "-"), ("ScaleFactor", "1.0"),
            ("SetUp", "1"), ("GameEndTime", ended),
        ]
        out.append("\n".join('[%s "%s"]' % pair for pair in headers))
        out.append("")
        out.append(" ".join(sans) + " " + result)
        out.append("")
    dev.quit()
    base.quit()
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
