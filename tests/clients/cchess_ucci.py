#!/usr/bin/env python3
"""Drives the engine over UCCI through the PyPI package cchess (`cchess.engine.UcciEngine`, the
engine driver of walker8088's xiangqi tools): the `ucci` handshake and its `id` and `option`
lines, `setoption` as cchess writes it (`setoption name hashsize value 16`, lines ending in CR
LF), a short game played by `position fen` and `go depth`/`go time` (the book's moves
too), each move and each `info`
line's principal variation checked legal on cchess's own board, `nobestmove` for a side that is
checkmated, and `quit` answered by `bye` and an exit.

    python3 tests/clients/cchess_ucci.py path/to/triskel
"""
import sys
import time

from common import Checks, expect, require

cchess = require("cchess", "cchess", "cchess")
from cchess.engine import UcciEngine  # noqa: E402 (after the check that cchess is installed)

# From the perft suite: red, to move, is checkmated.
CHECKMATED = "4kab1C/4a4/9/p8/9/P8/8P/9/6r2/3r1K3 w"


def legal(board, iccs):
    """Whether `iccs` is a legal move on a cchess board: by the piece's rules, and not leaving
    the mover's own king in check."""
    frm, to = cchess.common.iccs2pos(iccs)
    return board.is_valid_move(frm, to) and not board.is_checked_move(frm, to)


def play(board, iccs):
    """`board` after `iccs`, checked legal."""
    after = board.copy()
    expect(legal(after, iccs), "%s is not legal in %s" % (iccs, after.to_fen()))
    after.move_iccs(iccs)
    after.next_turn()
    return after


def search(engine, fen, params, timeout=20):
    """The actions cchess reports for one search, up to its final one."""
    expect(engine.go_from(fen, params), "go_from refused")
    actions = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        action = engine.get_action()
        if action is None:
            time.sleep(0.01)
            continue
        actions.append(action)
        if action["action"] in ("bestmove", "dead", "draw"):
            return actions
    raise AssertionError("no bestmove within %d s for %s %r; got %r" % (timeout, fen, params, actions))


checks = Checks("cchess")


@checks.case
def handshake_names_the_engine_and_its_options(engine):
    expect(engine.ids.get("name", "").startswith("triskel"), "ids %r" % engine.ids)
    for key in ("copyright", "author", "user"):
        expect(key in engine.ids, "no id %s: %r" % (key, engine.ids))
    names = [line.split()[1] for line in engine.options]
    for name in ("usemillisec", "ponder", "hashsize", "threads", "newgame", "batch"):
        expect(name in names, "no option %s in %s" % (name, names))
    engine.set_option("hashsize", 16)
    engine.set_option("threads", 1)


@checks.case
def a_short_game(engine):
    board = cchess.ChessBoard(cchess.FULL_INIT_FEN)
    for ply in range(12):
        params = {"depth": 5} if ply % 2 == 0 else {"time": 1, "increment": 0}
        actions = search(engine, board.to_fen(), params)
        final = actions[-1]
        expect(final["action"] == "bestmove", "ply %d: %r" % (ply, final))
        lines = [action for action in actions if action["action"] == "info_move"]
        # A timed search may play from the engine's book, and says so; a search to a depth never does.
        book = "info message book move %s " % final["move"]
        from_book = any(action.get("raw_msg", "").startswith(book) for action in actions)
        expect(lines or (from_book and "time" in params), "ply %d: no info depth lines: %r" % (ply, actions))
        for line in lines:
            expect(isinstance(line.get("score"), int) and line.get("moves"), "info line %r" % line.get("raw_msg"))
            after = board
            for move in line["moves"]:
                after = play(after, move)
        if "ponder" in final:
            play(play(board, final["move"]), final["ponder"])
        board = play(board, final["move"])


@checks.case
def a_checkmated_side_gets_no_move(engine):
    final = search(engine, CHECKMATED, {"depth": 3})[-1]
    expect(final["action"] == "dead" and final["raw_msg"] == "nobestmove", "checkmated: %r" % final)


def main():
    engine = UcciEngine()
    expect(engine.load(sys.argv[1]), "cchess could not start the engine")
    expect(engine.wait_for_ready(timeout=10), "no ucciok within 10 s")
    print("engine: %s" % engine.ids.get("name"), flush=True)
    status = checks.run(engine)
    engine.quit()
    try:
        code = engine.process.wait(timeout=5)
    except Exception:
        engine.process.kill()
        print("FAIL the engine did not exit after quit")
        return 1
    # The lines cchess read but has not handled yet: the last one must be `bye`.
    unread = []
    while not engine.engine_out_queque.empty():
        unread.append(engine.engine_out_queque.get())
    if code != 0 or unread[-1:] != ["bye"]:
        print("FAIL after quit: exit status %d, last lines %r" % (code, unread[-3:]))
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
