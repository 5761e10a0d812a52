"""The probe lives as long as the process, not as long as one QCoreApplication.

An app may run its event loop twice (a login window, then the main window), or shut its
application down (``QCoreApplication.shutdown()`` deletes every QObject Python made) and
make another. What the probe keeps on the Qt side must follow the application that runs
now, and this module is the one place that knows how:

- :class:`GuiObject` holds a QObject of ours on the GUI thread (the executor's receiver,
  a signal relay); asked for it from any thread, it makes it again, on the GUI thread of
  the application that runs now, when the old application took it along.
- :class:`Follower` runs hooks (an event filter installed again, the dispatcher watched
  again, the discovery file's app name) when the application is not the one seen last;
  the executor asks it before each job, so the first call after a new application is
  made finds everything attached to it.
- :func:`relay_signals` hands each SIGTERM/SIGINT to the GUI thread through a thread that
  reads Python's signal wakeup socket: no Qt object of the old application is needed to
  deliver one, so a signal ends the app at any moment.

In the app only (PySide6); no protocol, no server.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
import threading
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Generic, TypeVar

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal

T = TypeVar("T", bound=QObject)
log = logging.getLogger("qtmcp.probe")


class GuiObject(Generic[T]):
    """A QObject of ours living on the GUI thread of whatever application runs now.

    Create it on the GUI thread. :meth:`get` (any thread) returns the object, made again by
    ``make`` when it is missing or was deleted with its application: on the GUI thread as
    is, from another thread moved to the application's thread.
    """

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._gui_thread = threading.get_ident()
        self._lock = threading.Lock()
        self._obj: T | None = None
        #: How many times the object was made (a new one means a new application).
        self.made = 0

    def get(self) -> T | None:
        """The object, or None off the GUI thread while no application exists (nothing
        could deliver to it yet)."""
        obj = self._obj  # the common case without the lock (once per GUI job)
        if obj is not None and shiboken6.isValid(obj):
            return obj
        with self._lock:
            obj = self._obj
            if obj is not None and shiboken6.isValid(obj):
                return obj
            here = threading.get_ident() == self._gui_thread
            app = QCoreApplication.instance()
            if app is None and not here:
                return None
            obj = self._make()
            if not here and app is not None:
                obj.moveToThread(QObject.thread(app))  # its children move with it
            self._obj = obj
            self.made += 1
            return obj


class _Marker(QObject):
    """A child of the application: deleted with it, so its death means 'a new one'."""


class Follower:
    """Runs ``hook(app)`` for each application the probe meets: the first one when it is
    first seen, and every new one. :meth:`check` on the GUI thread (before each probe job).

    The application seen last carries a child of ours: when that application is deleted,
    the child goes with it, whether Python or C++ deleted it, and the next check knows the
    application is new (comparing wrappers would not do: a C++ app's wrapper is made anew
    for each call, and a new application may sit at the old one's address).
    """

    def __init__(self) -> None:
        self._hooks: list[Callable[[QCoreApplication], None]] = []
        self._marker: _Marker | None = None

    def on_application(self, hook: Callable[[QCoreApplication], None]) -> None:
        """Run ``hook`` for each application checked from now on (a hook given again is
        kept once); register before the first job, as the probe's starters do."""
        if hook not in self._hooks:
            self._hooks.append(hook)

    def check(self) -> bool:
        """Attach to the application that runs now if it is new; whether it was."""
        if self._marker is not None and shiboken6.isValid(self._marker):
            return False
        app = QCoreApplication.instance()
        if app is None:
            return False
        self._marker = _Marker(app)
        self._marker.setObjectName("qtmcp_application_marker")
        for hook in list(self._hooks):
            try:
                hook(app)
            except Exception:  # one part that cannot follow spares the rest
                log.exception("qtmcp: could not attach to the new application")
        return True


class _Relay(QObject):
    """Lives on the GUI thread; ``fired`` emitted from the watcher thread is queued."""

    fired = Signal()


def relay_signals(action: Callable[[], object], signals: Sequence[signal.Signals],
                  handler: Callable[[int, FrameType | None], object], *,
                  keep_app_fd: bool = False,
                  arrived: Callable[[int], object] | None = None
                  ) -> bool:
    """Install ``handler`` for ``signals`` and run ``action()`` on the GUI thread of the
    application that runs now each time one arrives. Main thread only: False elsewhere.

    Python runs a signal handler only when the main thread executes Python, and a Qt app's
    main thread waits in C++: the C-level handler's wakeup byte (``set_wakeup_fd``) wakes
    a thread here, which queues ``action`` to the GUI thread through a relay made again for
    each new application. With ``keep_app_fd``, an app that set a wakeup fd of its own (an
    asyncio loop, which runs Python when a signal comes) keeps it: the handler is installed,
    no relay. ``arrived(signum)`` runs on the relay's own thread for each signal, whatever
    the GUI thread does (a deadline that must not wait for it).
    """
    try:
        for sig in signals:
            signal.signal(sig, handler)
    except ValueError:  # not the main thread
        return False
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    if keep_app_fd and previous != -1:
        signal.set_wakeup_fd(previous)
        reader.close()
        writer.close()
        return True

    def make() -> _Relay:
        relay = _Relay()
        relay.fired.connect(action, Qt.ConnectionType.QueuedConnection)
        return relay

    relays = GuiObject(make)
    relays.get()  # made now, on the main thread, whether an application exists or not
    threading.Thread(target=_watch, args=(reader, relays, arrived), name="qtmcp-signals",
                     daemon=True).start()
    _installed.extend((reader, writer, relays))
    return True


#: The sockets and relays live as long as the process.
_installed: list[object] = []


def _watch(reader: socket.socket, relays: GuiObject[_Relay],
           arrived: Callable[[int], object] | None) -> None:
    while True:
        try:
            data = reader.recv(64)
        except OSError:
            return
        if not data:
            return
        if arrived is not None:
            for signum in data:  # Python writes each signal's number as one byte
                with contextlib.suppress(Exception):
                    arrived(signum)
        relay = relays.get()
        if relay is not None:
            try:
                relay.fired.emit()
            except RuntimeError:  # deleted between get() and emit(): the next byte will do
                pass
