"""Ctrl+C and SIGTERM end a Qt app cleanly: no KeyboardInterrupt traceback from whatever
slot ran, no process left running, and its exit handlers run (the probe removes its
discovery file).

Python runs a signal handler only when the main thread executes Python, and a Qt app's
main thread waits in C++ (``exec()``), so by default Ctrl+C raises KeyboardInterrupt in
some later slot, which PySide prints and forgets. Here the C-level handler's wake-up byte
(``signal.set_wakeup_fd``) wakes a small thread, which hands the signal to the GUI thread
through a queued Qt signal; there ``action`` runs (default: quit the application's
event loop). Before the application exists, the signals keep their usual meaning.
"""

from __future__ import annotations

import signal
import socket
import threading
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal

_installed: list[Any] = []  # the relay and the socket pair live as long as the process


class _Relay(QObject):
    """Lives on the main thread; ``fired`` emitted from the watcher thread is queued."""

    fired = Signal()


def _quit() -> None:
    app = QCoreApplication.instance()
    if app is not None:
        app.quit()


def quit_on_signals(action: Callable[[], Any] | None = None,
                    signals: Sequence[signal.Signals] = (signal.SIGINT, signal.SIGTERM)
                    ) -> None:
    """Make ``signals`` run ``action`` on the GUI thread (default: quit the event loop).
    Call on the main thread, before or after the QApplication exists."""
    relay = _Relay()
    relay.fired.connect(action or _quit, Qt.ConnectionType.QueuedConnection)
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    for sig in signals:
        signal.signal(sig, _handler)
    threading.Thread(target=_watch, args=(reader, relay), name="qtmcp-signals",
                     daemon=True).start()
    _installed.extend((relay, reader, writer))


def _handler(signum: int, _frame: Any) -> None:
    """The Python-level handler: nothing to do once Qt runs (the watcher acts); before
    that, the usual KeyboardInterrupt or exit."""
    if QCoreApplication.instance() is None:
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)


def _watch(reader: socket.socket, relay: _Relay) -> None:
    while True:
        try:
            data = reader.recv(64)
        except OSError:
            return
        if not data:
            return
        if QCoreApplication.instance() is not None:
            relay.fired.emit()
