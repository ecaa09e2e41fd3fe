"""What the client scripts under tests/clients/ share.

Each script drives the engine through one real client library, the way a program built on that
library would, and prints `client: NAME VERSION` first. It exits with status 0 when every check
holds, 1 when one failed (each failure is printed, and the other checks still run), and
`MISSING` (77) when the client is not installed: tests/clients.rs then fails the test if the
environment has CI=true and skips it with a message otherwise.
"""
import argparse
import collections
import faulthandler
import importlib
import importlib.metadata
import logging
import os
import sys
import threading
import time
import traceback

MISSING = 77
REQUIREMENTS = "python3 -m pip install -r tests/clients/requirements.txt"
# How long a client script may run before its watchdog ends it as hung (`CLIENT_WATCHDOG_SECONDS`
# overrides it). The longest script takes about a minute here; CI machines may be several times
# slower, and a hang must still end long before CI's own limit.
WATCHDOG_SECONDS = 600


def require(module, distribution, label):
    """Imports `module` from the PyPI distribution `distribution`, prints `client: LABEL VERSION`,
    and exits with MISSING if it is not installed."""
    try:
        imported = importlib.import_module(module)
    except ImportError as error:
        print("missing: python3 cannot import %s (%s); to install it: %s" % (module, error, REQUIREMENTS))
        sys.exit(MISSING)
    print("client: %s %s (PyPI %s)" % (label, importlib.metadata.version(distribution), distribution), flush=True)
    start_watchdog(label)
    return imported


class _RecentLines(logging.Handler):
    """The last lines a client library logged: python-chess logs every line it exchanges with an
    engine at DEBUG level."""

    def __init__(self, count):
        super().__init__(logging.DEBUG)
        self.lines = collections.deque(maxlen=count)

    def emit(self, record):
        self.lines.append("%8.3f s  %s" % (record.relativeCreated / 1000, record.getMessage()))


def start_watchdog(label, seconds=None):
    """Ends the script as hung after `seconds`, printing the last lines python-chess exchanged with
    the engines and every thread's stack. python-chess waits without a timeout for the answer to a
    `go` on a clock (as the GUIs built on it do), so an engine that never answers would otherwise
    hold the whole test suite until CI's own limit, and show nothing of what it was waiting for."""
    seconds = float(os.environ.get("CLIENT_WATCHDOG_SECONDS", seconds or WATCHDOG_SECONDS))
    recent = _RecentLines(60)
    engine_log = logging.getLogger("chess.engine")
    engine_log.addHandler(recent)
    engine_log.setLevel(logging.DEBUG)

    def expire():
        print("FAIL %s: still running after %.0f s, hung; the last lines exchanged with the engines:" % (label, seconds))
        for line in recent.lines:
            print("  " + line)
        print("and where each thread of the script waits:", flush=True)
        faulthandler.dump_traceback(file=sys.stdout, all_threads=True)
        sys.stdout.flush()
        os._exit(1)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()


def expect(condition, message):
    """Like `assert`, but not removed by `python3 -O`."""
    if not condition:
        raise AssertionError(message)


class Checks:
    """Named checks run one after the other; a failing check is reported and the next one runs."""

    def __init__(self, client):
        self.client = client
        self.cases = []

    def case(self, function):
        self.cases.append(function)
        return function

    def run(self, *args):
        failures = []
        for function in self.cases:
            started = time.monotonic()
            try:
                function(*args)
            except Exception as error:  # every kind of failure is reported the same way
                detail = "".join(traceback.format_exception_only(type(error), error)).strip()
                # The innermost frame outside this file: the check's line, or the client's own.
                where = [frame for frame in traceback.extract_tb(error.__traceback__)
                         if not frame.filename.endswith("common.py")][-1]
                failures.append(function.__name__)
                print("FAIL %s: %s (%s:%d)" % (function.__name__, detail, where.filename.split("/")[-1],
                                              where.lineno), flush=True)
            else:
                print("ok %s (%.1f s)" % (function.__name__, time.monotonic() - started), flush=True)
        print("%s: %d of %d checks held%s" % (self.client, len(self.cases) - len(failures), len(self.cases),
                                             "; failed: " + ", ".join(failures) if failures else ""))
        return 1 if failures else 0


class EnginePipe:
    """An engine on pipes, line by line, as a test tool's process layer drives it (the tools that
    are not Python libraries: fastchess, cutechess-cli). Every line written and read is kept, so a
    failure can show the end of the conversation."""

    def __init__(self, argv, name, cwd=None):
        import queue
        import subprocess
        import threading

        self.name = name
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd,
                                        text=True, bufsize=1)
        self.incoming = queue.Queue()
        self.transcript = []

        def read():
            for line in self.process.stdout:
                self.incoming.put(line.rstrip("\r\n"))
            self.incoming.put(None)

        threading.Thread(target=read, daemon=True).start()

    def send(self, line):
        self.transcript.append("%s < %s" % (self.name, line))
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, is_last, timeout):
        """The lines up to and including the first for which `is_last` holds (empty lines are
        skipped, as both tools skip them), and whether it came within `timeout` seconds (None:
        no limit) before the engine closed its output."""
        import queue

        lines = []
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return lines, False
            try:
                line = self.incoming.get(timeout=left)
            except queue.Empty:
                return lines, False
            if line is None:
                self.incoming.put(None)
                return lines, False
            if not line:
                continue
            self.transcript.append("%s > %s" % (self.name, line))
            lines.append(line)
            if is_last(line):
                return lines, True

    def tail(self, count=25):
        return "\n".join(self.transcript[-count:])

    def wait_exit(self, timeout):
        """The exit status, or None if the engine still runs after `timeout` seconds (it is then
        killed, as both tools kill an engine that ignores `quit`)."""
        import subprocess

        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


def replay_arguments(doc):
    """The command line of a tool's replay (fastchess.py, cutechess.py): the engine, the tool's
    `-maxmoves` and `--quiet`. Returns the arguments, the engine's path made absolute."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", help="engine binary")
    parser.add_argument("--max-moves", type=int, default=30, help="-maxmoves: a draw after this many moves a side")
    parser.add_argument("--quiet", action="store_true", help="no line per move")
    args = parser.parse_args()
    args.engine = os.path.abspath(args.engine)
    return args

