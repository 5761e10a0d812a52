"""The app's console: Qt messages, Python logging, stdout/stderr and uncaught exceptions.

Every source lands in one bounded ring buffer (oldest dropped first, and counted), read
by chr.readConsoleMessages, and in a bounded *pending* queue that the API layer drains
in batches for the ``console`` notification stream. Nothing polls: the first message
after a drain calls the ``wake`` callback once, and the next batch is taken a little
later. Every hook is chained, so the app's output still goes where it went:

* Qt: ``qInstallMessageHandler``; the previous handler is called, or, when Qt's default
  was in place, the message is written to the original stderr as Qt would.
* logging: a handler on the root logger (levels are left as the app set them).
* stdout / stderr: a tee that still writes to the original stream.
* exceptions: ``sys.excepthook`` and ``threading.excepthook``. PySide reports an
  exception raised inside a slot through ``sys.excepthook`` (checked: it calls
  ``PyErr_Print``), so those are captured here too, once: the traceback the previous
  hook prints to stderr is not captured a second time.

Thread-safe: messages come from any thread. Installed once per process.
"""

from __future__ import annotations

import itertools
import logging
import re
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from types import TracebackType
from typing import Any, TextIO

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

LEVELS = ("debug", "info", "warning", "error", "critical")
ERROR_LEVELS = frozenset({"error", "critical"})
CAPACITY = 5000
PENDING_CAPACITY = 2000
TEXT_LIMIT = 10_000

_QT_LEVELS = {
    QtMsgType.QtDebugMsg: "debug", QtMsgType.QtInfoMsg: "info",
    QtMsgType.QtWarningMsg: "warning", QtMsgType.QtCriticalMsg: "error",
    QtMsgType.QtFatalMsg: "critical",
}


def _log_level(levelno: int) -> str:
    if levelno >= logging.CRITICAL:
        return "critical"
    if levelno >= logging.ERROR:
        return "error"
    if levelno >= logging.WARNING:
        return "warning"
    if levelno >= logging.INFO:
        return "info"
    return "debug"


class Console:
    """The ring buffer and the pending batch of the notification stream."""

    def __init__(self, capacity: int = CAPACITY, pending: int = PENDING_CAPACITY) -> None:
        self._lock = threading.Lock()
        self._ring: deque[dict[str, Any]] = deque(maxlen=capacity)
        self._pending: deque[dict[str, Any]] = deque(maxlen=pending)
        self._seq = itertools.count(1)
        self.dropped = 0
        self.pending_dropped = 0
        self._wake: Callable[[], None] | None = None
        self._armed = True
        self._local = threading.local()

    # ------------------------------------------------------------------- writing

    def add(self, level: str, source: str, text: str, **extra: Any) -> None:
        """Record one message (any thread; never raises, never recurses)."""
        local = self._local
        if getattr(local, "busy", False):
            return
        local.busy = True
        try:
            if len(text) > TEXT_LIMIT:
                text = text[:TEXT_LIMIT] + f"… ({len(text) - TEXT_LIMIT} more characters)"
            wake = None
            with self._lock:
                msg = {"seq": next(self._seq), "ts": time.time(), "level": level,
                       "source": source, "text": text, **extra}
                if len(self._ring) == self._ring.maxlen:
                    self.dropped += 1
                self._ring.append(msg)
                if len(self._pending) == self._pending.maxlen:
                    self.pending_dropped += 1
                self._pending.append(msg)
                if self._armed and self._wake is not None:
                    self._armed = False
                    wake = self._wake
            if wake is not None:
                wake()
        except Exception:  # noqa: BLE001 - the console must never break the app
            pass
        finally:
            local.busy = False

    @property
    def capturing(self) -> bool:
        """False while this thread is inside the console (its own writes are not captured)."""
        return not getattr(self._local, "busy", False)

    # ------------------------------------------------------------------- reading

    def read(self, pattern: re.Pattern[str] | None = None, only_errors: bool = False,
             limit: int = 100, clear: bool = False) -> dict[str, Any]:
        """The latest ``limit`` matching messages, oldest first; ``clear`` empties the buffer."""
        with self._lock:
            messages = list(self._ring)
            total = len(messages)
            if clear:
                self._ring.clear()
            dropped = self.dropped
        if only_errors:
            messages = [m for m in messages if m["level"] in ERROR_LEVELS]
        if pattern is not None:
            messages = [m for m in messages
                        if pattern.search(m["text"]) or pattern.search(m["source"])]
        matched = len(messages)
        out: dict[str, Any] = {"messages": messages[-limit:] if limit else [],
                               "matched": matched, "buffered": total, "dropped": dropped}
        if matched > limit:
            out["note"] = (f"{matched} messages matched; the latest {limit} are shown. "
                           "Use a more specific pattern or a larger limit.")
        if clear:
            out["cleared"] = total
        return out

    def take_pending(self) -> tuple[list[dict[str, Any]], int]:
        """The messages since the last take and how many of them were lost; re-arms wake."""
        with self._lock:
            batch = list(self._pending)
            self._pending.clear()
            dropped, self.pending_dropped = self.pending_dropped, 0
            self._armed = True
        return batch, dropped

    def set_wake(self, wake: Callable[[], None] | None) -> None:
        """Call ``wake`` (any thread) when a message arrives and none is waiting."""
        with self._lock:
            self._wake = wake
            self._armed = True
            pending = bool(self._pending)
        if pending and wake is not None:
            with self._lock:
                self._armed = False
            wake()


CONSOLE = Console()


# --------------------------------------------------------------------------- hooks


class _Tee:
    """A text stream that writes through to the original and records whole lines."""

    def __init__(self, stream: TextIO, source: str, level: str, console: Console) -> None:
        self._stream = stream
        self._source = source
        self._level = level
        self._console = console
        self._partial = ""
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        # recorded before it leaves the process, so a reader that saw the line finds it
        if _capture(self._console) and _not_logging():
            self._record(text)
        n = self._stream.write(text)
        return n if isinstance(n, int) else len(text)

    def _record(self, text: str) -> None:
        with self._lock:
            data = self._partial + text
            lines = data.split("\n")
            self._partial = lines.pop()
            if len(self._partial) > TEXT_LIMIT:
                lines.append(self._partial)
                self._partial = ""
        for line in lines:
            line = line.rstrip("\r")
            if line:
                self._console.add(self._level, self._source, line)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


_suppress = threading.local()


def _capture(console: Console) -> bool:
    return console.capturing and not getattr(_suppress, "on", False)


def _not_logging() -> bool:
    """A logging handler writing to stderr is captured once, as logging, not as stderr."""
    try:
        frame = sys._getframe(2)
    except ValueError:
        return True
    return frame.f_globals.get("__name__") != "logging"


class _LogHandler(logging.Handler):
    def __init__(self, console: Console) -> None:
        super().__init__(logging.NOTSET)
        self.console = console

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
            if record.exc_info:
                text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
            self.console.add(_log_level(record.levelno), "logging", text, logger=record.name)
        except Exception:  # noqa: BLE001
            pass


_installed: dict[str, Any] = {}


def install(console: Console = CONSOLE) -> Console:
    """Hook every source into ``console`` (once per process; later calls do nothing)."""
    if _installed:
        return console
    original_stderr = sys.stderr

    def qt_handler(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        extra: dict[str, Any] = {}
        try:
            if context.category and context.category != "default":
                extra["category"] = context.category
            if context.file:
                extra["file"], extra["line"] = context.file, context.line
        except Exception:  # noqa: BLE001
            pass
        console.add(_QT_LEVELS.get(mode, "info"), "qt", message, **extra)
        if previous is not None:
            previous(mode, context, message)
        else:  # Qt's default handler: the message on stderr
            try:
                prefix = f"{extra['category']}: " if "category" in extra else ""
                original_stderr.write(f"{prefix}{message}\n")
                original_stderr.flush()
            except (OSError, ValueError, AttributeError):
                pass

    previous = qInstallMessageHandler(qt_handler)

    handler = _LogHandler(console)
    logging.getLogger().addHandler(handler)

    if sys.stdout is not None:
        sys.stdout = _Tee(sys.stdout, "stdout", "info", console)  # type: ignore[assignment]
    if sys.stderr is not None:
        sys.stderr = _Tee(sys.stderr, "stderr", "error", console)  # type: ignore[assignment]

    previous_hook = sys.excepthook

    def excepthook(kind: type[BaseException], value: BaseException,
                   tb: TracebackType | None) -> None:
        _record_exception(console, kind, value, tb)
        _suppress.on = True
        try:
            previous_hook(kind, value, tb)
        finally:
            _suppress.on = False

    sys.excepthook = excepthook

    previous_thread_hook = threading.excepthook

    def thread_hook(args: Any) -> None:
        _record_exception(console, args.exc_type, args.exc_value, args.exc_traceback,
                          thread=getattr(args.thread, "name", None))
        _suppress.on = True
        try:
            previous_thread_hook(args)
        finally:
            _suppress.on = False

    threading.excepthook = thread_hook
    _installed.update(qt=qt_handler, logging=handler, excepthook=excepthook)
    return console


def _record_exception(console: Console, kind: type[BaseException] | None,
                      value: BaseException | None, tb: TracebackType | None,
                      **extra: Any) -> None:
    try:
        text = "".join(traceback.format_exception(kind, value, tb)).rstrip()
    except Exception:  # noqa: BLE001
        text = repr(value)
    name = getattr(kind, "__name__", "Exception")
    console.add("error", "exception", text, exception=name, message=str(value), **extra)


def compile_pattern(pattern: str | None) -> re.Pattern[str] | None:
    """A case-insensitive regex, or None for no pattern; ValueError says what is wrong."""
    if not pattern:
        return None
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ValueError(f"invalid regular expression {pattern!r}: {exc}") from None
