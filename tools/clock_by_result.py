#!/usr/bin/env python3
"""Where an engine's clock went in a match, split by the games' results.

Reads the PGN files the test tools' match runners write (chess and xiangqi alike: each move
followed by a comment `{score/depth time}`, e.g. `{+0.86/13 0.10s}`), picks one engine's moves by
the prefix of its name in the `White`/`Black` tags, and prints, for the games it won, lost and
drew: how many, its moves a game, its mean time a move, and the clock it had left at the end under
`--tc BASE+INC` (the base plus an increment a move, less the time its moves took).

Why by result: a clock left unused at the end of a won game cost nothing, one left at the end of a
lost game might have saved it. docs/timeman.md reads the xiangqi games against Fairy-Stockfish so.

    python3 tools/clock_by_result.py --engine triskel --tc 5+0.05 games-*.pgn
"""

import argparse
import re
import statistics
import sys

MOVE_WITH_COMMENT = re.compile(r"(?:[a-i]\d[a-i]\d|[A-Za-z][\w+#=-]*)\s*\{([^}]*)\}")
SECONDS = re.compile(r"(\d+(?:\.\d+)?)s\b")


def games(text):
    """Yields (tags, movetext) for each game of a PGN file."""
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        if not chunk.startswith("[Event"):
            continue
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.MULTILINE))
        movetext = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        yield tags, movetext


def first_mover_is_white(tags):
    """True when the first move of the movetext is White's (red's in xiangqi)."""
    fen = tags.get("FEN")
    return fen is None or fen.split()[1] in ("w", "r")


def our_times(tags, movetext, ours_white):
    """The seconds each of our moves took, from the comments after the moves."""
    comments = MOVE_WITH_COMMENT.findall(movetext)
    white_first = first_mover_is_white(tags)
    times = []
    for ply, comment in enumerate(comments):
        white_moved = (ply % 2 == 0) == white_first
        if white_moved == ours_white:
            match = SECONDS.search(comment)
            times.append(float(match.group(1)) if match else 0.0)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="prefix of our engine's name in the PGN tags")
    parser.add_argument("--tc", required=True, help="the match's clock, BASE+INC in seconds")
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    base, _, increment = args.tc.partition("+")
    base, increment = float(base), float(increment or 0)

    by_result = {"won": [], "lost": [], "drawn": []}
    for path in args.pgn:
        with open(path, encoding="utf-8") as file:
            for tags, movetext in games(file.read()):
                white, black = tags.get("White", ""), tags.get("Black", "")
                if white.startswith(args.engine) == black.startswith(args.engine):
                    continue  # neither side, or both sides, are ours
                ours_white = white.startswith(args.engine)
                times = our_times(tags, movetext, ours_white)
                result = tags.get("Result", "*")
                if result == "1/2-1/2":
                    outcome = "drawn"
                elif result in ("1-0", "0-1"):
                    outcome = "won" if (result == "1-0") == ours_white else "lost"
                else:
                    continue
                left = base + increment * len(times) - sum(times)
                by_result[outcome].append((len(times), sum(times) / max(len(times), 1), left))

    if not any(by_result.values()):
        sys.exit(f"no game of an engine named {args.engine}* in the files")
    print(f"{'games':>12} {'count':>6} {'moves':>6} {'s a move':>9} {'left, mean':>11} {'median':>7} {'least':>6}")
    for outcome, rows in by_result.items():
        if not rows:
            continue
        lefts = [left for _, _, left in rows]
        print(
            f"{outcome:>12} {len(rows):>6} {statistics.mean(n for n, _, _ in rows):>6.0f} "
            f"{statistics.mean(t for _, t, _ in rows):>9.3f} {statistics.mean(lefts):>10.2f}s "
            f"{statistics.median(lefts):>6.2f}s {min(lefts):>5.2f}s"
        )


if __name__ == "__main__":
    main()
