"""Remove the discovery file (it holds the tokens) when SIGTERM or SIGINT ends the app.

Only signals whose disposition is the default (end the process) get a handler, and it
ends the process exactly as before: it removes the file, restores the default and sends
the signal again. An ignored signal or one the app handles itself is left alone (if
that handler ends the app through Python, ``atexit`` removes the file).

A Python signal handler runs only when the main thread runs Python, and a Qt app sits
in C++ (``exec()``) while idle. So, unless the app has a wakeup fd of its own (an
asyncio loop does), the signal's wakeup byte goes to a socket a ``QSocketNotifier``
watches on the GUI thread: the notifier's slot is Python, and the handler runs then.
Nothing polls.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QSocketNotifier

SIGNALS = (signal.SIGTERM, signal.SIGINT)

_wake: tuple[socket.socket, socket.socket] | None = None
_notifier: QSocketNotifier | None = None


def install(cleanup: Callable[[], None]) -> None:
    """Run ``cleanup`` before a default-disposition SIGTERM/SIGINT ends the process.

    Main thread only (Python's rule for signal handlers); does nothing elsewhere.
    """
    global _wake
    installed = False
    for sig in SIGNALS:
        try:
            if signal.getsignal(sig) is not signal.SIG_DFL:
                continue
            signal.signal(sig, _handler(cleanup))
            installed = True
        except ValueError:  # not the main thread
            return
    if installed and _wake is None:
        pair = socket.socketpair()
        for end in pair:
            end.setblocking(False)
        try:
            previous = signal.set_wakeup_fd(pair[1].fileno(), warn_on_full_buffer=False)
        except ValueError:
            previous = -1
        if previous != -1:  # the app wakes its own loop on signals: keep its fd
            signal.set_wakeup_fd(previous)
            for end in pair:
                end.close()
            return
        _wake = pair


def watch() -> None:
    """Watch the wakeup socket on the GUI thread (once the app exists)."""
    global _notifier
    if _wake is None or _notifier is not None:
        return
    _notifier = QSocketNotifier(_wake[0].fileno(), QSocketNotifier.Type.Read)
    _notifier.setObjectName("qtmcp_signal_wakeup")
    _notifier.activated.connect(_drain)


def _drain() -> None:
    """Python runs here, so the pending signal's handler runs too; empty the socket."""
    if _wake is not None:
        with contextlib.suppress(OSError):
            while _wake[0].recv(512):
                pass


def _handler(cleanup: Callable[[], None]) -> Callable[[int, FrameType | None], None]:
    def on_signal(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(Exception):
            cleanup()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    return on_signal
