#!/usr/bin/env python3
"""Drives the engine as two UCI clients do, where they read its answers in their own ways:

- python-chess: `play` in a stalemate must give no move (`None`), not a null move;
- the PyPI `stockfish` wrapper: `get_best_move` in a stalemate must give `None`, and its perft-based
  `is_move_legal` (`go perft 1`, read up to the blank line after the total) must answer, not hang.

Usage: python3 tests/uci_clients.py ENGINE. Exits 0 when every check holds; a missing client
library is reported and skipped (exit 0), so the test suite runs without them.
"""
import sys

engine_path = sys.argv[1]
failures = []
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"

try:
    import chess
    import chess.engine
except ImportError:
    print("skipped: python-chess is not installed")
else:
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    result = engine.play(chess.Board(STALEMATE), chess.engine.Limit(depth=3))
    if result.move is not None:
        failures.append("python-chess: a stalemate gave the move %r" % result.move)
    result = engine.play(chess.Board(), chess.engine.Limit(depth=3))
    if result.move not in chess.Board().legal_moves:
        failures.append("python-chess: the start gave %r" % result.move)
    engine.quit()
    print("python-chess: checked")

try:
    from stockfish import Stockfish
except ImportError:
    print("skipped: the PyPI stockfish wrapper is not installed")
else:
    wrapper = Stockfish(path=engine_path)
    wrapper.set_fen_position(STALEMATE)
    if wrapper.get_best_move_time(100) is not None:
        failures.append("stockfish wrapper: a stalemate gave a move")
    wrapper.set_fen_position(chess.STARTING_FEN if "chess" in sys.modules else
                             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    if not wrapper.is_move_legal("e2e4") or wrapper.is_move_legal("e2e5"):
        failures.append("stockfish wrapper: is_move_legal misread go perft")
    print("stockfish wrapper: checked")

for failure in failures:
    print("FAIL", failure)
sys.exit(1 if failures else 0)
