#!/usr/bin/env python3
"""Drives the engine through the PyPI `stockfish` wrapper (`from stockfish import Stockfish`), the
way scripts built on it use it: set_fen_position, make_moves_from_start and
make_moves_from_current_position (it reads the position back with `d`), get_best_move at a depth
and on a clock, get_best_move_time, get_evaluation, get_top_moves (MultiPV), get_wdl_stats,
get_static_eval (`eval`), the perft-based is_move_legal and get_perft, the board with `d`,
set_elo_rating, and quitting.

    python3 tests/clients/stockfish_wrapper.py path/to/triskel

The wrapper reads answers by position in the output: get_evaluation takes the score of the last
`info` line before `bestmove`, get_top_moves walks back from `bestmove` over the lines of the last
depth, and get_perft reads up to the blank line after `Nodes searched`.
"""
import sys

from common import Checks, expect, require

Stockfish = require("stockfish", "stockfish", "stockfish wrapper").Stockfish

DEPTH = 8
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
START_MOVES = {"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "a2a4", "b2b4", "c2c4", "d2d4",
               "e2e4", "f2f4", "g2g4", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"}
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"  # Rd8#, the only mate
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
QUEEN_UP = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1"  # white, to move, is a queen up
QUEEN_DOWN = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1"  # black, to move, is a queen down
CAPTURE = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"  # e4xd5, or e4e5


def legal_moves(wrapper):
    return set(wrapper.get_perft(1)[1])


checks = Checks("stockfish wrapper")


@checks.case
def best_move_at_a_depth_on_a_clock_and_in_a_time(wrapper):
    wrapper.set_fen_position(START)
    move = wrapper.get_best_move()
    expect(move in START_MOVES, "get_best_move: %r" % move)
    move = wrapper.get_best_move(wtime=2000, btime=2000)
    expect(move in START_MOVES, "get_best_move(wtime, btime): %r" % move)
    wrapper.set_fen_position(MATE_IN_ONE)
    expect(wrapper.get_best_move() == "d1d8", "mate in one at a depth")
    expect(wrapper.get_best_move_time(200) == "d1d8", "mate in one in 200 ms")
    expect(wrapper.get_best_move(wtime=1000, btime=1000) == "d1d8", "mate in one on a clock")
    wrapper.set_fen_position(STALEMATE)
    expect(wrapper.get_best_move() is None, "stalemate: a move")
    expect(wrapper.get_best_move_time(100) is None, "stalemate: a move in 100 ms")


@checks.case
def positions_set_and_read_back(wrapper):
    wrapper.make_moves_from_start(["e2e4", "e7e5"])
    wrapper.make_moves_from_current_position(["g1f3", "b8c6"])
    expect(wrapper.get_fen_position() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
           "FEN %s" % wrapper.get_fen_position())
    expect(wrapper.get_what_is_on_square("f3") == Stockfish.Piece.WHITE_KNIGHT, "f3 holds a white knight")
    expect(wrapper.get_what_is_on_square("e4") == Stockfish.Piece.WHITE_PAWN, "e4 holds a white pawn")
    expect(wrapper.get_what_is_on_square("e2") is None, "e2 is empty")
    board = wrapper.get_board_visual()
    expect(board.count("\n") == 18 and "| r |   | b | q | k | b | n | r | 8" in board, "board:\n%s" % board)
    # An illegal move: the wrapper sees that the position did not change, says so and sets it back.
    fen = wrapper.get_fen_position()
    try:
        wrapper.make_moves_from_current_position(["e1e3"])
    except ValueError:
        pass
    else:
        raise AssertionError("an illegal move was taken")
    expect(wrapper.get_fen_position() == fen, "position after an illegal move: %s" % wrapper.get_fen_position())
    wrapper.set_fen_position(CAPTURE)
    expect(wrapper.will_move_be_a_capture("e4d5") == Stockfish.Capture.DIRECT_CAPTURE, "e4d5 captures")
    expect(wrapper.will_move_be_a_capture("e4e5") == Stockfish.Capture.NO_CAPTURE, "e4e5 does not capture")


@checks.case
def perft_and_move_legality(wrapper):
    wrapper.set_fen_position(START)
    nodes, divide = wrapper.get_perft(3)
    expect(nodes == 8902 and set(divide) == START_MOVES and sum(divide.values()) == 8902, "perft 3: %d" % nodes)
    expect(wrapper.is_move_legal("e2e4"), "e2e4 is legal")
    expect(not wrapper.is_move_legal("e2e5"), "e2e5 is not")
    wrapper.set_fen_position(STALEMATE)
    expect(wrapper.get_perft(1) == (0, {}), "stalemate: %r" % (wrapper.get_perft(1),))


@checks.case
def evaluation_from_the_side_to_move(wrapper):
    wrapper.set_fen_position(QUEEN_UP)
    evaluation = wrapper.get_evaluation()
    expect(evaluation["type"] == "cp" and evaluation["value"] > 500, "a queen up: %r" % evaluation)
    wrapper.set_fen_position(QUEEN_DOWN)
    evaluation = wrapper.get_evaluation()
    expect(evaluation["type"] == "cp" and evaluation["value"] < -500, "a queen down: %r" % evaluation)
    wrapper.set_fen_position(MATE_IN_ONE)
    evaluation = wrapper.get_evaluation()
    expect(evaluation == {"type": "mate", "value": 1}, "mate in one: %r" % evaluation)
    evaluation = wrapper.get_evaluation(searchtime=200)
    expect(evaluation == {"type": "mate", "value": 1}, "mate in one in 200 ms: %r" % evaluation)


@checks.case
def top_moves_with_multipv(wrapper):
    wrapper.set_fen_position(START)
    top = wrapper.get_top_moves(3)
    moves = [line["Move"] for line in top]
    expect(len(top) == 3 and len(set(moves)) == 3 and set(moves) <= START_MOVES, "top 3: %r" % top)
    scores = [line["Centipawn"] for line in top]
    expect(all(isinstance(score, int) for score in scores) and scores == sorted(scores, reverse=True),
           "scores of the top 3: %r" % top)
    expect(all(line["Mate"] is None for line in top), "no mate: %r" % top)
    verbose = wrapper.get_top_moves(2, verbose=True)
    expect(len(verbose) == 2 and [line.get("MultiPVNumber") for line in verbose] == [1, 2], "verbose: %r" % verbose)
    for line in verbose:
        wdl = [int(part) for part in line["WDL"].split()]
        expect(len(wdl) == 3 and sum(wdl) == 1000, "WDL %r" % line["WDL"])
        expect(line["PVMoves"].split()[0] == line["Move"] and line["SelectiveDepth"] >= DEPTH, "line %r" % line)
    wrapper.set_fen_position(STALEMATE)
    expect(wrapper.get_top_moves(3) == [], "stalemate: %r" % wrapper.get_top_moves(3))


@checks.case
def top_moves_are_one_per_line_of_the_last_depth(wrapper):
    # The wrapper takes every line of the last depth as a line of its own, so the engine's last
    # depth must print each line once, as Stockfish does (no early `lowerbound` or `upperbound`
    # line of one PV: Stockfish prints those only with MultiPV 1, and only after 10 million nodes,
    # or 3 s in older versions). From an empty table, the search of this position fails high on
    # the second line at depth 8.
    wrapper.send_ucinewgame_command()
    wrapper.set_fen_position(MATE_IN_ONE)
    top = wrapper.get_top_moves(3)
    expect(len(top) == 3 and top[0] == {"Move": "d1d8", "Centipawn": None, "Mate": 1}, "mate in one: %r" % top)
    expect(len({line["Move"] for line in top}) == 3, "a move twice: %r" % top)
    # The wrapper puts MultiPV back: the next best move is the best line's alone.
    expect(wrapper.get_best_move() == "d1d8", "MultiPV set back")


@checks.case
def wdl_and_static_evaluation(wrapper):
    wrapper.set_fen_position(QUEEN_UP)
    wins, draws, losses = wrapper.get_wdl_stats(get_as_tuple=True)
    expect(wins + draws + losses == 1000 and wins > losses, "a queen up: %r" % ((wins, draws, losses),))
    static = wrapper.get_static_eval()
    expect(static is not None and static > 5, "static evaluation a queen up: %r" % static)
    wrapper.set_fen_position(QUEEN_DOWN)
    static = wrapper.get_static_eval()
    expect(static is not None and static < -5, "static evaluation a queen down: %r" % static)


@checks.case
def limited_strength_then_full_strength(wrapper):
    wrapper.set_elo_rating(1500)
    wrapper.set_fen_position(START)
    expect(wrapper.get_best_move() in START_MOVES, "a move at 1500 Elo")
    wrapper.resume_full_strength()
    wrapper.set_fen_position(MATE_IN_ONE)
    expect(wrapper.get_best_move() == "d1d8", "full strength again")


def main():
    wrapper = Stockfish(path=sys.argv[1], depth=DEPTH, parameters={"Hash": 16, "Threads": 1})
    print("engine: %s, which the wrapper reads as Stockfish %s" % (
        sys.argv[1].split("/")[-1], wrapper.get_stockfish_major_minor_version()), flush=True)
    status = checks.run(wrapper)
    process = wrapper._stockfish
    wrapper.send_quit_command()
    if process.wait(timeout=5) != 0:
        print("FAIL the engine exited with status %d after quit" % process.returncode)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
