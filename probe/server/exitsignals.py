"""Remove the discovery file (it holds the tokens) when SIGTERM or SIGINT ends the app.

Only signals whose disposition is the default (end the process) get a handler, and it
ends the process exactly as before: it removes the file, restores the default and sends
the signal again. An ignored signal or one the app handles itself is left alone (if
that handler ends the app through Python, ``atexit`` removes the file).

A Python signal handler runs only when the main thread runs Python, and a Qt app sits
in C++ (``exec()``) while idle. So, unless the app has a wakeup fd of its own (an
asyncio loop does), the signal's wakeup byte wakes the GUI thread of the application
that runs now (:func:`probe.lifetime.relay_signals`), Python runs there, and the handler
with it. Nothing polls.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable
from types import FrameType

from probe.lifetime import relay_signals

SIGNALS = (signal.SIGTERM, signal.SIGINT)


def install(cleanup: Callable[[], None]) -> None:
    """Run ``cleanup`` before a default-disposition SIGTERM/SIGINT ends the process.

    Main thread only (Python's rule for signal handlers); does nothing elsewhere.
    """
    try:
        ours = [sig for sig in SIGNALS if signal.getsignal(sig) is signal.SIG_DFL]
    except ValueError:
        return
    if ours:
        relay_signals(_python_runs, ours, _handler(cleanup), keep_app_fd=True)


def _python_runs() -> None:
    """On the GUI thread: Python runs here, so the pending signal's handler runs too."""


def _handler(cleanup: Callable[[], None]) -> Callable[[int, FrameType | None], None]:
    def on_signal(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(Exception):
            cleanup()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    return on_signal
