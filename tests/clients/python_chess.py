#!/usr/bin/env python3
"""Drives the engine through python-chess (`chess.engine`), as a GUI or an analysis tool built on
it would: games on a clock, mate and stalemate, analysis with MultiPV (fixed depth, and infinite
until stopped), pondering with a ponder hit and a ponder miss, and Chess960 castling written
king-takes-rook (python-chess sets `UCI_Chess960` itself).

    python3 tests/clients/python_chess.py path/to/triskel

Every command is also checked in the engine's own transcript (`Debug Log File`, in a temporary
folder): what python-chess sent and that every `go` got its `bestmove`.
"""
import os
import sys
import tempfile
import time

from common import Checks, expect, require

chess = require("chess", "chess", "python-chess")
import chess.engine  # noqa: E402 (after the check that chess is installed)

Limit = chess.engine.Limit
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"  # Rd8#, the only mate
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
TWO_MOVES = "7k/8/8/8/8/8/8/K6r w - - 0 1"  # Ka2 or Kb2, nothing else
# King on d1 between rooks on a1 and h1: castling is d1h1 (king to g1) or d1a1 (king to c1).
CHESS960 = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w HAha - 0 1"
CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


class Transcript:
    """The engine's `Debug Log File`: `>> ` lines in, `<< ` lines out."""

    def __init__(self, path):
        self.path = path

    def mark(self):
        return os.path.getsize(self.path) if os.path.exists(self.path) else 0

    def since(self, mark):
        """The lines from the first command sent after `mark` on (an answer to an earlier command
        may be logged just after the client read it)."""
        with open(self.path, encoding="utf-8") as log:
            log.seek(mark)
            lines = log.read().splitlines()
        first = next((at for at, line in enumerate(lines) if line.startswith(">> ")), len(lines))
        return lines[first:]


def legal_after(board, move, reply):
    after = board.copy()
    after.push(move)
    return reply in after.legal_moves


checks = Checks("python-chess")


@checks.case
def a_game_on_a_clock(engine, transcript):
    board = chess.Board()
    clocks = {chess.WHITE: 4.0, chess.BLACK: 4.0}
    increment = 0.1
    for _ in range(12):
        limit = Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                      white_inc=increment, black_inc=increment)
        started = time.monotonic()
        result = engine.play(board, limit, info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
        used = time.monotonic() - started
        expect(used < clocks[board.turn], "lost on time: %.2f s used of %.2f s" % (used, clocks[board.turn]))
        clocks[board.turn] += increment - used
        expect(result.move in board.legal_moves, "illegal move %s in %s" % (result.move, board.fen()))
        expect(result.ponder is None or legal_after(board, result.move, result.ponder),
               "illegal ponder move %s after %s in %s" % (result.ponder, result.move, board.fen()))
        expect("score" in result.info and "depth" in result.info, "no score or depth: %r" % result.info)
        board.push(result.move)


@checks.case
def mate_in_one_and_stalemate(engine, transcript):
    board = chess.Board(MATE_IN_ONE)
    result = engine.play(board, Limit(depth=6), info=chess.engine.INFO_SCORE)
    expect(result.move == chess.Move.from_uci("d1d8"), "mate in one: played %s" % result.move)
    expect(result.info["score"].relative == chess.engine.Mate(1), "mate in one: score %s" % result.info["score"])
    result = engine.play(chess.Board(STALEMATE), Limit(depth=3))
    expect(result.move is None, "stalemate: played %r" % result.move)


@checks.case
def analyse_with_multipv(engine, transcript):
    board = chess.Board()
    board.push_uci("e2e4")
    infos = engine.analyse(board, Limit(depth=8), multipv=3)
    expect(len(infos) == 3, "%d lines for MultiPV 3" % len(infos))
    expect([info.get("multipv") for info in infos] == [1, 2, 3], "multipv numbers %r" % infos)
    firsts = [info["pv"][0] for info in infos]
    expect(len(set(firsts)) == 3, "the lines start with the same move: %s" % firsts)
    for info in infos:
        expect(info["depth"] == 8, "depth %s" % info["depth"])
        expect(len(info["pv"]) >= 2 and all(move in board.legal_moves for move in info["pv"][:1]),
               "pv %s" % info["pv"])
    scores = [info["score"].relative.score(mate_score=100000) for info in infos]
    expect(scores == sorted(scores, reverse=True), "lines not best first: %s" % scores)
    # With fewer legal moves than lines asked for, one line per move.
    infos = engine.analyse(chess.Board(TWO_MOVES), Limit(depth=6), multipv=3)
    expect(sorted(info["pv"][0].uci() for info in infos) == ["a1a2", "a1b2"], "lines %r" % infos)


@checks.case
def infinite_analysis_stops_when_asked(engine, transcript):
    board = chess.Board()
    mark = transcript.mark()
    with engine.analysis(board, multipv=2) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 7 and info.get("multipv") == 2:
                break
        stopped = time.monotonic()
    best = analysis.wait()
    expect(time.monotonic() - stopped < 2, "bestmove %.1f s after stop" % (time.monotonic() - stopped))
    expect(best.move in board.legal_moves, "bestmove %s" % best.move)
    expect(len(analysis.multipv) == 2, "%d lines" % len(analysis.multipv))
    engine.ping()
    sent = [line[3:] for line in transcript.since(mark) if line.startswith(">> ")]
    expect("go infinite" in sent and "stop" in sent, "sent %s" % sent)


@checks.case
def ponder_hit_and_ponder_miss(engine, transcript):
    mark = transcript.mark()
    board = chess.Board()
    game = object()
    limit = Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05)
    hits = misses = 0
    for turn in range(6):
        result = engine.play(board, limit, ponder=True, game=game)
        expect(result.move in board.legal_moves, "illegal move %s in %s" % (result.move, board.fen()))
        expect(result.ponder is not None and legal_after(board, result.move, result.ponder),
               "no legal ponder move after %s in %s: %s" % (result.move, board.fen(), result.ponder))
        board.push(result.move)
        if turn % 2 == 0:
            reply = result.ponder
            hits += 1
        else:
            reply = next(move for move in board.legal_moves if move != result.ponder)
            misses += 1
        time.sleep(0.2)  # the opponent thinks; the engine ponders
        board.push(reply)
    # The last ponder search (a miss) ends when the next search starts.
    result = engine.play(board, Limit(depth=3), game=game)
    expect(result.move in board.legal_moves, "illegal move %s in %s" % (result.move, board.fen()))
    engine.ping()  # `readyok` is written after the `bestmove` line is in the transcript
    lines = transcript.since(mark)
    sent = [line[3:] for line in lines if line.startswith(">> ")]
    gos = [line for line in sent if line.startswith("go")]
    expect(sum(line.startswith("go ponder") for line in gos) == hits + misses, "go commands %s" % gos)
    expect(sent.count("ponderhit") == hits, "%d ponderhit for %d hits" % (sent.count("ponderhit"), hits))
    expect(sent.count("stop") == misses, "%d stop for %d misses" % (sent.count("stop"), misses))
    bestmoves = [line for line in lines if line.startswith("<< bestmove")]
    expect(len(bestmoves) == len(gos), "%d bestmove for %d go:\n%s" % (len(bestmoves), len(gos), "\n".join(
        line for line in lines if line.startswith(">>") or line.startswith("<< bestmove"))))


@checks.case
def chess960_castling_is_king_takes_rook(engine, transcript):
    mark = transcript.mark()
    board = chess.Board(CHESS960, chess960=True)
    for text in ["d1h1", "d1a1"]:
        castle = chess.Move.from_uci(text)
        expect(board.is_castling(castle), "python-chess reads %s as castling" % text)
        result = engine.play(board, Limit(depth=6), root_moves=[castle])
        expect(result.move == castle, "asked to castle %s, played %s" % (text, result.move))
        info = engine.analyse(board, Limit(depth=5), root_moves=[castle])
        expect(info["pv"][0] == castle, "pv %s" % info["pv"])
    board.push_uci("d1h1")
    result = engine.play(board, Limit(depth=6), root_moves=[chess.Move.from_uci("d8h8")])
    expect(result.move == chess.Move.from_uci("d8h8") and board.is_castling(result.move), "black: %s" % result.move)
    engine.ping()
    sent = [line[3:] for line in transcript.since(mark) if line.startswith(">> ")]
    expect("setoption name UCI_Chess960 value true" in sent, "python-chess did not set UCI_Chess960: %s" % sent)
    # A few moves of a Chess960 game from a start position of the 960.
    board = chess.Board.from_chess960_pos(746)
    for _ in range(10):
        result = engine.play(board, Limit(depth=5))
        expect(result.move in board.legal_moves, "illegal move %s in %s" % (result.move, board.fen()))
        board.push(result.move)
    # Back to standard chess: castling is e1g1 again.
    board = chess.Board(CASTLING)
    result = engine.play(board, Limit(depth=5), root_moves=[chess.Move.from_uci("e1g1")])
    expect(result.move == chess.Move.from_uci("e1g1") and board.is_castling(result.move), "standard: %s" % result.move)
    engine.ping()
    sent = [line[3:] for line in transcript.since(mark) if line.startswith(">> ")]
    expect("setoption name UCI_Chess960 value false" in sent[sent.index("setoption name UCI_Chess960 value true"):],
           "UCI_Chess960 not set back: %s" % sent[-6:])


def main():
    engine_path = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="triskel-python-chess-") as folder:
        transcript = Transcript(os.path.join(folder, "transcript.txt"))
        engine = chess.engine.SimpleEngine.popen_uci(engine_path, timeout=30)
        try:
            print("engine: %s" % engine.id.get("name"), flush=True)
            engine.configure({"Debug Log File": transcript.path})
            status = checks.run(engine, transcript)
        finally:
            engine.quit()
    return status


if __name__ == "__main__":
    sys.exit(main())
