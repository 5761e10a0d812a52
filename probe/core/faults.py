"""Read one element, or record why it could not be read: the probe's fault isolation.

An app's class, model or QML item can raise where the probe reads it (a model's
``data()`` for one row, a Python accessible interface, a geometry of ``Infinity``), and
so can a defect of the probe itself (a Qt function called on the wrong module, a method
PySide6 makes private in one model base class). One such element must never cost the
agent its window, nor an action its answer. Every per-element step of the walks, names,
labels, links, item-view rows, change reports and the problem report runs through
:func:`attempt`: the step's result, or a :class:`Failed` that says why, and the caller
keeps the element as far as it was read (``unread``) and goes on with the rest.

Each failure is recorded once per class of failure: exception type, the probe's file
and line, the element's class (with the object path and traceback of the first one seen).
A failure whose innermost frame is the app's own code (its model, its override) is
``app``; an object Qt deleted under the read (shiboken: "already deleted") is ``gone``;
any other is a ``probe`` fault, a defect of qtmcp. Both are listed by
qt.problems (``probe_fault``, ``app_exception``) and written once to the app's log at
debug level; the calls that met them count them in their answer's meta
(:func:`tally`). Any thread may read; records are made on the GUI thread.
"""

from __future__ import annotations

import logging
import sysconfig
import time
import traceback
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import shiboken6
from PySide6 import QtCore
from PySide6.QtCore import QObject

from probe.core.objects import qtchildren

log = logging.getLogger("qtmcp.probe")

T = TypeVar("T")

#: The probe's own code: a frame here is the probe's, anywhere else the app's.
PROBE_DIR = str(Path(__file__).resolve().parents[1])


def _folders(*paths: str | Path) -> tuple[str, ...]:
    """Each path resolved, with a separator after it: a prefix only of what is inside."""
    return tuple(str(Path(p).resolve()) + "/" for p in set(paths))


#: Python's own code (the standard library) and the Qt binding's: never the app's line.
_LIBRARY = _folders(sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"])
_BINDINGS = _folders(Path(QtCore.__file__).parent, Path(shiboken6.__file__).parent)
#: Where pip puts apps: inside ``platstdlib`` in a virtual environment (its
#: ``lib/python3.X``), yet an app installed there is the app, not Python's library.
_INSTALLED = _folders(sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])


def _library(filename: str) -> bool:
    """Whether a frame's file is Python's or the Qt binding's own code (not the app's)."""
    return filename.startswith(_BINDINGS) or (
        filename.startswith(_LIBRARY) and not filename.startswith(_INSTALLED))


#: Classes of failure kept (the oldest go first); occurrences are counted without limit.
KEEP = 200
#: Longest reason an ``unread`` element carries, and longest traceback kept.
REASON_LIMIT = 200
TRACEBACK_LIMIT = 6000
PROBE, APP, GONE = "probe", "app", "gone"
#: What PySide6 prefixes an error of a Python override called from C++ with.
_OVERRIDE = "Error calling Python override"


@dataclass
class Fault:
    """One class of failure: where it happened, on what, how often, and its traceback."""

    origin: str
    exception: str
    message: str
    #: the probe's file and line that met it (``probe/core/a11y/links.py:45``)
    where: str
    file: str
    line: int
    #: the app's function and line that raised (origin ``app``), else ""
    app_where: str
    control: str
    path: str
    traceback: str
    #: the line to open: the app's that raised (origin ``app``), else the probe's
    source: dict[str, Any] = field(default_factory=dict)
    count: int = 1
    first: float = field(default_factory=time.time)
    last: float = field(default_factory=time.time)

    @property
    def reason(self) -> str:
        """Why an element is unread, in one line an agent can act on."""
        if self.origin == APP:
            where = f" in the app's {self.app_where}" if self.app_where else " in the app"
            text = f"{self.exception}{where}: {self.message}"
        elif self.origin == GONE:
            text = "deleted by the app while it was read (read the page again)"
        else:
            text = f"probe fault {self.exception} at {self.where}: {self.message}"
        return text if len(text) <= REASON_LIMIT else text[:REASON_LIMIT - 1] + "…"


@dataclass(frozen=True, slots=True)
class Failed:
    """What :func:`attempt` returns when the step raised: the fault it was recorded as."""

    fault: Fault

    @property
    def reason(self) -> str:
        return self.fault.reason


@dataclass
class Tally:
    """Failures met while one call ran, by origin."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, origin: str) -> None:
        self.counts[origin] = self.counts.get(origin, 0) + 1


_faults: dict[tuple[str, str, int, str], Fault] = {}
_TALLY: ContextVar[Tally | None] = ContextVar("qtmcp_faults", default=None)


def attempt(step: Callable[..., T], *args: Any, obj: Any = None, **kwargs: Any
            ) -> T | Failed:
    """``step(*args, **kwargs)``, or when it raises, a :class:`Failed` (the failure
    recorded against ``obj``, the element being read)."""
    try:
        return step(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the one place a failed read is caught
        return Failed(record(exc, obj))


def value(step: Callable[..., T], default: T, *args: Any, obj: Any = None,
          **kwargs: Any) -> T:
    """``step(*args, **kwargs)``, or ``default`` when it raises (recorded against ``obj``)."""
    got = attempt(step, *args, obj=obj, **kwargs)
    return default if isinstance(got, Failed) else got


def each(items: list[T] | Iterator[T], step: Callable[[T], Any],
         obj: Callable[[T], Any] | None = None) -> list[Any]:
    """``step(item)`` for every item, the results of those that did not raise (a list
    result is spliced in, None left out); each failure recorded against ``obj(item)``."""
    out: list[Any] = []
    for item in items:
        got = attempt(step, item, obj=obj(item) if obj is not None else item)
        if isinstance(got, Failed) or got is None:
            continue
        if isinstance(got, list):
            out.extend(got)
        else:
            out.append(got)
    return out


def record(exc: BaseException, obj: Any = None) -> Fault:
    """Record ``exc``, met while reading ``obj``: once per class of failure (counted
    after that), written to the app's log at debug level the first time.

    What is kept is text. The finished frames of ``exc`` lose their locals here: a
    traceback kept anywhere (a log handler that keeps its records, a cycle the collector
    frees later) would keep the widgets those frames held, and the collector may free
    them on any thread that allocates: a QWidget deleted off the GUI thread crashes the
    app (a test's log capture held one until the live view's encoder thread collected
    it)."""
    try:
        return _record(exc, obj)
    finally:
        traceback.clear_frames(exc.__traceback__)


def _record(exc: BaseException, obj: Any) -> Fault:
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [i for i, f in enumerate(frames) if f.filename.startswith(PROBE_DIR)]
    at = frames[mine[-1]] if mine else (frames[-1] if frames else None)
    deeper = frames[mine[-1] + 1:] if mine else frames
    theirs = [f for f in deeper if not _library(f.filename)]
    text = str(exc)
    origin = GONE if isinstance(exc, RuntimeError) and "already deleted" in text else \
        APP if theirs or _OVERRIDE in text else PROBE
    file = _relative(at.filename) if at is not None else "?"
    line = (at.lineno or 0) if at is not None else 0
    control = _class_of(obj)
    key = (type(exc).__name__, file, line, control)
    tally = _TALLY.get()
    if tally is not None:
        tally.add(origin)
    found = _faults.get(key)
    if found is not None:
        found.count += 1
        found.last = time.time()
        return found
    app_where = ""
    source: dict[str, Any] = {}
    if theirs:
        f = theirs[-1]
        function = _qualname(exc, f)
        app_where = f"{function} ({Path(f.filename).name}:{f.lineno})"
        source = {"kind": "python", "file": f.filename, "line": f.lineno,
                  "function": function}
    elif at is not None:
        source = {"kind": "python", "file": at.filename, "line": line,
                  "function": _qualname(exc, at)}
    fault = Fault(origin, type(exc).__name__, _short(text), f"{file}:{line}", file, line,
                  app_where, control, _path_of(obj),
                  "".join(traceback.format_exception(exc))[-TRACEBACK_LIMIT:], source)
    _faults[key] = fault
    while len(_faults) > KEEP:
        _faults.pop(next(iter(_faults)))
    log.debug("%s fault reading %s (%s): %s\n%s", origin, control, fault.path, fault.reason,
              fault.traceback)  # text: a handler keeping the record keeps no frames
    return fault


def faults(origin: str | None = None) -> list[Fault]:
    """The failures recorded so far (one per class), oldest first; of one origin if given."""
    return [f for f in list(_faults.values()) if origin is None or f.origin == origin]


def tally() -> Callable[[], dict[str, int]]:
    """Count the failures met from here on in this context (a call: its GUI jobs run in
    its context); returns ``end``, which stops counting and gives ``{origin: count}``. A
    call inside another adds its counts to the outer one's when it ends."""
    mine = Tally()
    token = _TALLY.set(mine)

    def end() -> dict[str, int]:
        try:
            _TALLY.reset(token)
        except ValueError:  # ended in another context: nothing to restore there
            pass
        outer = _TALLY.get()
        if outer is not None and outer is not mine:
            for origin, n in mine.counts.items():
                outer.counts[origin] = outer.counts.get(origin, 0) + n
        return dict(mine.counts)
    return end


def _relative(filename: str) -> str:
    """A probe file as ``probe/core/…`` (an app's file by its full name)."""
    if filename.startswith(PROBE_DIR):
        return "probe" + filename[len(PROBE_DIR):]
    return filename


def _short(text: str) -> str:
    """The message's first line, without PySide's "Error calling Python override of
    X::f(): " prefixes (an error of an override called from C++ is wrapped once per call
    it went through)."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    while first.startswith(_OVERRIDE) and "): " in first:
        first = first.split("): ", 1)[1]
    return first if len(first) <= REASON_LIMIT else first[:REASON_LIMIT - 1] + "…"


def _qualname(exc: BaseException, frame: traceback.FrameSummary) -> str:
    """The app's function that raised, with its class (``Rows.data``)."""
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == frame.filename and tb.tb_lineno == frame.lineno:
            return getattr(code, "co_qualname", code.co_name)
        tb = tb.tb_next
    return frame.name


def _class_of(obj: Any) -> str:
    """The element's class: the app's class and the Qt class it extends."""
    if obj is None:
        return ""
    cls = type(obj)
    qt = next((k for k in cls.__mro__ if k.__module__.startswith(("PySide6", "shiboken6"))),
              None)
    if isinstance(obj, QObject):
        try:
            meta = QObject.metaObject(obj).className()
        except RuntimeError:  # deleted meanwhile
            meta = ""
        if meta and meta != cls.__name__:
            return f"{cls.__name__}({meta})"
    if qt is None or qt is cls:
        return cls.__name__
    return f"{cls.__name__}({qt.__name__})"


def _path_of(obj: Any) -> str:
    """Where the element sits: its object names (else class names) from its root."""
    parts: list[str] = []
    cur = obj if isinstance(obj, QObject) else None
    try:
        while cur is not None and len(parts) < 64:
            parts.append(QObject.objectName(cur) or QObject.metaObject(cur).className())
            cur = qtchildren.parent(cur)
    except RuntimeError:  # deleted meanwhile
        pass
    return "/".join(reversed(parts))
