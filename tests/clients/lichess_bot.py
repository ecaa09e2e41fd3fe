#!/usr/bin/env python3
"""Plays a bot-against-bot game on a lichess-like clock, each side driven as lichess-bot drives a
UCI engine, and checks what lichess-bot relies on.

    python3 tests/clients/lichess_bot.py ENGINE [--clock 10] [--inc 0.1] [--first-move 10] [--max-moves 60]

lichess-bot (github.com/lichess-bot-devs/lichess-bot) is not on any package registry, so this
script replays its engine side through python-chess, the library it drives engines with, call for
call as its `lib/engine_wrapper.py` makes them (read at its version 2026.8.2.1) with the settings
of its `config.yml.default`:

- the engine is started with `popen_uci([path], timeout=60, setpgrp=True)` in a working directory,
  and configured with the default `uci_options`: `Move Overhead` 100, `Threads` 4, `Hash` 512,
  `SyzygyPath` "./syzygy/" (a folder that does not exist here) and `UCI_ShowWDL` true;
- `send_opponent_information` with the opponent's name, title and rating;
- each side's first move is `Limit(time=10, clock_id="first move")` without pondering (lichess
  starts the clock after it); later moves are `Limit(white_clock, black_clock, white_inc,
  black_inc, clock_id="real time")` with the mover's clock less lichess-bot's own `move_overhead`
  (2 000 ms) and the time since the opponent's move, never below 1 ms, searched with
  `play(info=INFO_ALL, ponder=True, draw_offered=..., root_moves=None)`;
- after each move, what its chat and PGN comments read: the score (`relative.score(mate_score=
  40000)`, also for its draw and resign rules), the PV as SAN (`variation_san`), depth, nodes,
  nps, time and the WDL;
- a draw is agreed when one bot offers it (10 moves in a row within 0 cp, at most 10 pieces) and
  the other's search, told of the offer, offers too;
- at the end `send_game_result`, `ping` and `quit`, after which the engine must exit;
- on its own, the online endgame tablebase's "suggest" mode: `play(root_moves=[...])`, which sends
  `go searchmoves`, and the move must be one of them.

The server's clocks are kept here (the wall time of each search, counted from the opponent's move,
is taken from the mover's clock before the increment is added): a clock below zero is a loss on
time and fails the check. A game still going after `--max-moves` moves a side is adjudicated a
draw, which lichess would not do, to bound the test. Exit status 0 when every check held, 1 when
one failed, 77 without python-chess (see common.py).
"""
import argparse
import os
import sys
import tempfile
import time

from common import Checks, expect, require

chess = require("chess", "chess", "python-chess (as lichess-bot drives it)")
import chess.engine  # noqa: E402 (after the check that chess is installed)

# lichess-bot's config.yml.default: the engine's UCI options, and the bot's own overhead, taken off
# the clock it hands the engine.
DEFAULT_UCI_OPTIONS = {"Move Overhead": 100, "Threads": 4, "Hash": 512, "SyzygyPath": "./syzygy/",
                       "UCI_ShowWDL": True}
BOT_MOVE_OVERHEAD = 2.0
# Its draw and resign rules (`draw_or_resign`): offers a draw after 10 moves within 0 cp with at
# most 10 pieces left; resigning is off by default.
OFFER_DRAW_MOVES = 10
OFFER_DRAW_SCORE = 0
OFFER_DRAW_PIECES = 10
MATE_SCORE = 40000
# The lag allowed on a first move past its `go movetime`.
FIRST_MOVE_LAG = 0.5


class Bot:
    """One side's lichess-bot: an engine started and configured as its `UCIEngine` does."""

    def __init__(self, engine_path, working_dir, name):
        self.name = name
        self.engine = chess.engine.SimpleEngine.popen_uci([engine_path], timeout=60.0, debug=False, setpgrp=True,
                                                          stderr=None, cwd=working_dir)
        self.engine.configure(dict(DEFAULT_UCI_OPTIONS))
        # Not lichess-bot's: waits until the engine has taken the options (a 512 MB table is
        # allocated then), so that a first move's time is its search's.
        self.engine.ping()
        self.scores = []
        self.comments = []

    def offers_draw(self, board):
        """lichess-bot's `offer_draw_or_resign`, the draw half (resigning is off by default)."""
        pieces = chess.popcount(board.occupied)
        recent = self.scores[-OFFER_DRAW_MOVES:]
        return (len(self.scores) >= OFFER_DRAW_MOVES and pieces <= OFFER_DRAW_PIECES
                and all(abs(score.relative.score(mate_score=MATE_SCORE)) <= OFFER_DRAW_SCORE for score in recent))

    def search(self, board, limit, ponder, draw_offered):
        result = self.engine.play(board, limit, info=chess.engine.INFO_ALL, ponder=ponder,
                                  draw_offered=draw_offered, root_moves=None)
        # lichess-bot keeps a score per move; a search without one counts as a null score.
        self.scores.append(result.info.get("score", chess.engine.PovScore(chess.engine.Mate(1), board.turn)))
        return result

    def comment(self, board, result):
        """What lichess-bot's `add_comment` and `get_stats` read off a search: all must be there."""
        info = result.info
        for key in ("score", "pv", "depth", "nodes", "nps", "time", "wdl"):
            expect(key in info, "%s's search at %s reported no %s: %s" % (self.name, board.fen(), key, info))
        pv = info["pv"]
        expect(pv and pv[0] == result.move, "the PV %s does not start with the move %s" % (pv, result.move))
        san = board.variation_san(pv)  # raises on an illegal PV move
        score = info["score"].relative.score(mate_score=MATE_SCORE)
        expect(info["wdl"].relative.total() == 1000, "WDL %s does not add up to 1000" % info["wdl"])
        self.comments.append("%s %s (depth %d, %d nodes, %d nps): %s" % (
            board.san(result.move), score, info["depth"], info["nodes"], info["nps"], san))

    def finish(self, board, winner, reason):
        """The end of a game, then the end of the engine, as `EngineWrapper.__exit__` has it."""
        try:
            self.engine.send_game_result(board, winner, reason)
            self.engine.ping()
            self.engine.quit()
        except BaseException:
            self.abandon()
            raise

    def abandon(self):
        """Ends the engine after a failed check (python-chess kills it if it still runs).
        python-chess runs each engine on a thread the script waits for at its exit, so an engine
        left pondering after a failed check would keep the script, and the test suite, waiting
        for ever."""
        try:
            self.engine.close()
        except RuntimeError:  # its event loop is closed: the engine has already ended
            pass


def play_game(args, working_dir):
    bots = {}
    try:
        bots[chess.WHITE] = Bot(args.engine, working_dir, "white")
        bots[chess.BLACK] = Bot(args.engine, working_dir, "black")
        return play_bots(args, bots)
    except BaseException:
        for bot in bots.values():
            bot.abandon()
        raise


def play_bots(args, bots):
    for colour, bot in bots.items():
        expect(bot.engine.id.get("name", "").startswith("triskel"), "id name: %s" % bot.engine.id)
        opponent = bots[not colour]
        bot.engine.send_opponent_information(
            opponent=chess.engine.Opponent(name="%s-bot" % opponent.name, title="BOT", rating=2000, is_engine=True),
            engine_rating=2000)
    board = chess.Board()
    clocks = {chess.WHITE: args.clock, chess.BLACK: args.clock}
    offered_by = None
    outcome = None
    opponent_moved = time.monotonic()
    while outcome is None:
        mover = board.turn
        bot = bots[mover]
        if board.is_game_over(claim_draw=True):
            result = board.outcome(claim_draw=True)
            outcome = (result.winner, result.termination.name.lower())
            break
        if board.fullmove_number > args.max_moves:
            outcome = (None, "adjudicated a draw after %d moves (this test's bound)" % args.max_moves)
            break
        first_move = len(board.move_stack) < 2
        if first_move:
            limit = chess.engine.Limit(time=args.first_move, clock_id="first move")
        else:
            overhead = (time.monotonic() - opponent_moved) + BOT_MOVE_OVERHEAD
            shown = dict(clocks)
            shown[mover] = max(0.001, clocks[mover] - overhead)
            limit = chess.engine.Limit(white_clock=shown[chess.WHITE], black_clock=shown[chess.BLACK],
                                       white_inc=args.inc, black_inc=args.inc, clock_id="real time")
        draw_offered = offered_by is not None and offered_by != mover
        started = time.monotonic()
        result = bot.search(board, limit, ponder=not first_move, draw_offered=draw_offered)
        spent = time.monotonic() - opponent_moved
        expect(result.move in board.legal_moves, "%s played %s, not legal in %s" % (bot.name, result.move, board.fen()))
        bot.comment(board, result)
        if first_move:
            took = time.monotonic() - started
            expect(took <= args.first_move + FIRST_MOVE_LAG,
                   "%s's first move took %.2f s of its %.1f s" % (bot.name, took, args.first_move))
        else:
            clocks[mover] -= spent
            expect(clocks[mover] >= 0, "%s lost on time at move %d (%.0f ms over)" % (
                bot.name, board.fullmove_number, -clocks[mover] * 1000))
            clocks[mover] += args.inc
        offers = bot.offers_draw(board)
        if offers and draw_offered:
            board.push(result.move)
            outcome = (None, "draw agreed")
            break
        offered_by = mover if offers else None
        board.push(result.move)
        opponent_moved = time.monotonic()
        if not args.quiet:
            print("  %s" % bot.comments[-1], flush=True)
    winner, reason = outcome
    for bot in bots.values():
        bot.finish(board, winner, reason)
    print("result %s (%s) after %d plies; clocks w=%.2f s b=%.2f s" % (
        "1-0" if winner == chess.WHITE else "0-1" if winner == chess.BLACK else "1/2-1/2", reason,
        len(board.move_stack), clocks[chess.WHITE], clocks[chess.BLACK]), flush=True)
    return bots


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", help="engine binary")
    parser.add_argument("--clock", type=float, default=10.0, help="seconds on each clock")
    parser.add_argument("--inc", type=float, default=0.1, help="increment, seconds")
    parser.add_argument("--first-move", type=float, default=10.0, help="lichess-bot's first-move time (10 s)")
    parser.add_argument("--max-moves", type=int, default=60, help="adjudicate a draw after this many moves a side")
    parser.add_argument("--quiet", action="store_true", help="no line per move")
    args = parser.parse_args()
    args.engine = os.path.abspath(args.engine)
    checks = Checks("lichess-bot")
    working_dir = tempfile.mkdtemp(prefix="lichess-bot-")

    @checks.case
    def a_game_between_two_bots_on_a_clock():
        bots = play_game(args, working_dir)
        for bot in bots.values():
            returncode = bot.engine.transport.get_returncode()
            expect(returncode == 0, "%s's engine ended with %s after quit" % (bot.name, returncode))

    @checks.case
    def the_online_tablebases_suggest_mode_restricts_the_root_moves():
        bot = Bot(args.engine, working_dir, "suggest")
        try:
            # The tablebase suggests two winning queen moves; the engine's own choice is the mate
            # in one Qd8#, so only the restriction makes it play one of them.
            board = chess.Board("6k1/8/6K1/8/8/8/8/3Q4 w - - 0 1")
            suggested = [chess.Move.from_uci("d1d2"), chess.Move.from_uci("d1c2")]
            result = bot.engine.play(board, chess.engine.Limit(time=0.3), info=chess.engine.INFO_ALL,
                                     ponder=False, draw_offered=False, root_moves=suggested)
            expect(result.move in suggested, "played %s outside the suggested %s" % (result.move, suggested))
            expect(result.info.get("pv", [None])[0] == result.move, "PV %s" % result.info.get("pv"))
            free = bot.engine.play(board, chess.engine.Limit(time=0.3), ponder=False)
            expect(free.move == chess.Move.from_uci("d1d8"), "without root moves the engine chose %s" % free.move)
        finally:
            bot.finish(chess.Board(), None, "aborted")

    return checks.run()


if __name__ == "__main__":
    sys.exit(main())
