"""Ctrl+C and SIGTERM end a Qt app cleanly at any moment: no KeyboardInterrupt traceback
from whatever slot ran, no process left running, and its exit handlers run (the probe
removes its discovery file).

Python runs a signal handler only when the main thread executes Python, and a Qt app's
main thread waits in C++ (``exec()``), so by default Ctrl+C raises KeyboardInterrupt in
some later slot, which PySide prints and forgets. Here the signal is handed to the GUI
thread of the application that runs now (:func:`probe.lifetime.relay_signals`: also
after an app shut its application down and made another), where ``action`` runs
(default: quit the event loop).

While no event loop runs (start-up, before ``exec()``; between two loops; no application
yet) the app's own Python code runs, and the signal ends it there as it ends any Python
program: KeyboardInterrupt for Ctrl+C, SystemExit for SIGTERM. A quit asked of Qt before
its loop runs would be lost (``exec()`` forgets it), and an app may run another loop after
the one that quit (a login window, then the main window), so the default action asks
again at every later turn: the app ends, not only its loop. Once the exit handlers run, a
further signal is left alone (it would only break them).

That quit is a request an app may refuse (a window that asks "close the console?" and
ignores its close event; a thread that never ends holds the interpreter's exit): qtconsole
and Vorta under ``qtmcp launch`` never ended on SIGTERM, which ends them at once without the
probe. So a signal also starts a deadline on the relay's thread: an app still running
:data:`GRACE` seconds later (twice that once its exit handlers run) is ended as the signal
would have ended it, its discovery file removed first, exit code 128 + the signal.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QThread, QTimer

from probe import discovery
from probe.lifetime import relay_signals

#: Seconds an app has to end after SIGTERM or Ctrl+C before it is ended without asking.
GRACE = 3.0


def _loop_running() -> bool:
    """Whether an event loop runs on this (the main) thread."""
    return QCoreApplication.instance() is not None and QThread.currentThread().loopLevel() > 0


def _quit() -> None:
    """End the event loop that runs, and any the app runs later: ask again at the next
    turn (events processed during start-up, or a second loop)."""
    app = QCoreApplication.instance()
    if app is None:
        return
    if _loop_running():
        app.quit()
    QTimer.singleShot(0, _quit)


#: Set when the exit handlers start (registered after the probe's, so it runs first).
_exiting: list[bool] = []


def quit_on_signals(action: Callable[[], Any] | None = None,
                    signals: Sequence[signal.Signals] = (signal.SIGINT, signal.SIGTERM)
                    ) -> None:
    """Make ``signals`` run ``action`` on the GUI thread (default: quit the event loop).
    Call on the main thread, before or after the QApplication exists."""
    relay_signals(action or _quit, signals, _handler, arrived=_deadline)
    atexit.register(_exiting.append, True)


#: The signal whose deadline runs (one deadline: the first signal's).
_deadline_of: list[int] = []


def _deadline(signum: int) -> None:
    """On the relay's thread, as the signal arrives: end the app if it is still running
    GRACE seconds on (twice that if its exit handlers have started by then)."""
    if _deadline_of:
        return
    _deadline_of.append(signum)
    threading.Thread(target=_end_when_late, args=(signum,), name="qtmcp-deadline",
                     daemon=True).start()


def _end_when_late(signum: int) -> None:
    time.sleep(GRACE)  # a deadline, not a wait on a condition: the app had its chance
    if _exiting:
        time.sleep(GRACE)
    name = signal.Signals(signum).name
    with contextlib.suppress(Exception):
        sys.stderr.write(f"qtmcp: the app did not end within {GRACE:g} s of {name} (a window "
                         "refused to close or a thread still runs); ending it now\n")
        sys.stderr.flush()
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    with contextlib.suppress(Exception):
        discovery.remove(discovery.path_for(os.getpid()))
    os._exit(128 + signum)


def _handler(signum: int, _frame: Any) -> None:
    """The Python-level handler: nothing to do while an event loop runs (the relay acts);
    otherwise the app's Python code runs, and the signal ends it the usual way."""
    if _loop_running() or _exiting:
        return
    ending: BaseException = (KeyboardInterrupt() if signum == signal.SIGINT
                             else SystemExit(128 + signum))
    # a mark launch.signal_ending looks for (launch cannot import this module: PySide6)
    ending.qtmcp_signal = signum  # pyright: ignore[reportAttributeAccessIssue]  # a mark
    raise ending
