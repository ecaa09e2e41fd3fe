#!/usr/bin/env python3
"""Plays triskel against itself over UCI with python-chess, as a GUI would, and checks the game.

    python3 tests/clients/python_chess_game.py [--engine target/release/triskel] [--time 3] [--inc 0.05]
                                               [--max-moves 150] [--threads 1] [--hash 16] [--tolerance-ms 50]

From the start position, each side gets `--time` seconds plus `--inc` per move. The script keeps the
clocks itself: it measures the wall time of every `go` (the engine's think time plus the pipe and
python-chess overhead, as a GUI sees it), subtracts it from the mover's clock, then adds the
increment. It fails (exit status 1) if a move is illegal or missing, if a clock goes more than
`--tolerance-ms` below zero (a loss on time; the shared match runners allow the same 50 ms of lag),
or if the engine dies. The game ends by the rules (mate, stalemate, insufficient material,
threefold repetition, fifty moves) or is adjudicated a draw after `--max-moves` moves per side.
The first line names the client (`client: python-chess VERSION`), the last is
`result <1-0|0-1|1/2-1/2> (<reason>) after N moves; clocks w=..s b=..s`. Without python-chess the
exit status is 77 (see common.py).
"""
import argparse
import os
import sys
import time

from common import require

chess = require("chess", "chess", "python-chess")
import chess.engine  # noqa: E402 (after the check that chess is installed)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_engine = os.path.join(here, "..", "..", "target", "release", "triskel")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default=default_engine, help="engine binary (default: the release build)")
    parser.add_argument("--time", type=float, default=3.0, help="seconds per side")
    parser.add_argument("--inc", type=float, default=0.05, help="increment per move, seconds")
    parser.add_argument("--tolerance-ms", type=float, default=50.0,
                        help="lag allowed past the clock before a time loss, as the shared match runners allow (50)")
    parser.add_argument("--max-moves", type=int, default=150, help="adjudicate a draw after this many moves")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--quiet", action="store_true", help="print only the result line")
    args = parser.parse_args()

    board = chess.Board()
    clocks = {chess.WHITE: args.time, chess.BLACK: args.time}
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    failure = None
    reason = None
    try:
        engine.configure({"Threads": args.threads, "Hash": args.hash})
        while True:
            if board.is_game_over(claim_draw=True):
                outcome = board.outcome(claim_draw=True)
                reason = outcome.termination.name.lower()
                break
            if board.fullmove_number > args.max_moves:
                reason = "adjudicated draw at move %d" % args.max_moves
                break
            mover = board.turn
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=args.inc, black_inc=args.inc)
            started = time.monotonic()
            result = engine.play(board, limit, info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
            elapsed = time.monotonic() - started
            clocks[mover] -= elapsed
            if clocks[mover] < -args.tolerance_ms / 1000:
                failure = "%s lost on time at move %d (%.0f ms over)" % (
                    "white" if mover == chess.WHITE else "black", board.fullmove_number, -clocks[mover] * 1000)
                break
            clocks[mover] += args.inc
            move = result.move
            if move is None or move not in board.legal_moves:
                failure = "illegal or missing move %s in %s" % (move, board.fen())
                break
            if not args.quiet:
                score = result.info.get("score")
                print("%3d%s %-6s %5.0f ms  depth %-3s score %-12s clocks w=%.2fs b=%.2fs" % (
                    board.fullmove_number, "." if mover == chess.WHITE else "...", board.san(move),
                    elapsed * 1000, result.info.get("depth", "-"), score.white() if score else "-",
                    clocks[chess.WHITE], clocks[chess.BLACK]), flush=True)
            board.push(move)
    except chess.engine.EngineError as error:
        failure = "engine error: %s" % error
    except chess.engine.EngineTerminatedError as error:
        failure = "engine died: %s" % error
    finally:
        try:
            engine.quit()
        except Exception:
            pass

    if failure:
        print("FAIL %s" % failure)
        print("moves: %s" % " ".join(move.uci() for move in board.move_stack))
        return 1
    result = board.result(claim_draw=True) if board.is_game_over(claim_draw=True) else "1/2-1/2"
    print("result %s (%s) after %d moves; clocks w=%.2fs b=%.2fs" % (
        result, reason, len(board.move_stack), clocks[chess.WHITE], clocks[chess.BLACK]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
