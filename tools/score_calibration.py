#!/usr/bin/env python3
"""How far an engine's scores can be trusted: its score after each of its moves, binned, beside
what the opponent thought of the same position and how the games ended; and the same bins over a
file of 32-byte training records (`tuner convert`), scored by our own self-play.

A network trained on its own games can agree with those games (its +300 wins them) and still
misjudge positions a stronger opponent handles: the two tables side by side show it.

    python3 tools/score_calibration.py --pgn games.pgn --engine triskel     # match.py's PGN
    python3 tools/score_calibration.py --records sample.bin                  # tuner convert's output

From a PGN: every move of the engine whose comment starts with a score (`+1.23/17 ...`, the
mover's view, as match.py writes it) is paired with the opponent's score on its reply, negated
to the engine's view. Scores are in pawns in the PGN and centipawns in the records; the bins are
printed in pawns. Needs python-chess (the shared tools' setup installs it) for the PGN part.
"""
import argparse
import re
import statistics
import struct

BINS = [(-20.0, -6.0), (-6.0, -3.0), (-3.0, -1.5), (-1.5, -0.5), (-0.5, 0.5), (0.5, 1.5), (1.5, 3.0),
        (3.0, 6.0), (6.0, 20.0)]
SCORE = re.compile(r"\s*([+-]?\d+\.\d+)/\d+")


def bin_of(score):
    return next((b for b in BINS if b[0] <= score < b[1]), None)


def from_pgn(path, engine):
    import chess.pgn

    rows = []  # (our score, opponent's score in our view, our result)
    with open(path) as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            ours_white = game.headers.get("White", "").startswith(engine)
            result = game.headers.get("Result", "*")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            points = 0.5 if result == "1/2-1/2" else float((result == "1-0") == ours_white)
            board = game.board()
            pending = None
            for node in game.mainline():
                match = SCORE.match(node.comment or "")
                score = float(match.group(1)) if match else None
                ours = (board.turn == chess.WHITE) == ours_white
                if not ours and pending is not None and score is not None:
                    rows.append((pending, -score, points))
                pending = score if ours else None
                board.push(node.move)
    print(f"{path}: {len(rows)} of {engine}'s scores with the opponent's reply")
    print("| ours (pawns) | positions | opponent's score, median | mean | our result, mean |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for low, high in BINS:
        picked = [row for row in rows if low <= row[0] < high]
        if picked:
            theirs = [row[1] for row in picked]
            print(f"| {low:+.1f} to {high:+.1f} | {len(picked)} | {statistics.median(theirs):+.2f} | "
                  f"{statistics.mean(theirs):+.2f} | {statistics.mean(row[2] for row in picked):.2f} |")


def from_records(path, limit):
    sums = {b: [0, 0.0, 0] for b in BINS}  # positions, points, draws
    with open(path, "rb") as handle:
        count = 0
        while (record := handle.read(32)) and len(record) == 32 and count < limit:
            score = struct.unpack_from("<h", record, 28)[0] / 100.0
            result = record[30] & 0x7F
            chosen = bin_of(score)
            if chosen is not None and result <= 2:
                entry = sums[chosen]
                entry[0] += 1
                entry[1] += result / 2.0
                entry[2] += result == 1
            count += 1
    print(f"{path}: {count} records (the search's score and the game's result, side to move)")
    print("| score (pawns) | positions | result, mean | draws |")
    print("| --- | ---: | ---: | ---: |")
    for low, high in BINS:
        positions, points, draws = sums[(low, high)]
        if positions:
            print(f"| {low:+.1f} to {high:+.1f} | {positions} | {points / positions:.3f} | {draws / positions:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgn", action="append", default=[], help="a match.py PGN (repeatable)")
    parser.add_argument("--engine", default="triskel", help="the engine's name in the PGN, a prefix")
    parser.add_argument("--records", action="append", default=[], help="a file of 32-byte records")
    parser.add_argument("--limit", type=int, default=2_000_000, help="records read from each file")
    args = parser.parse_args()
    for path in args.pgn:
        from_pgn(path, args.engine)
    for path in args.records:
        from_records(path, args.limit)


if __name__ == "__main__":
    main()
