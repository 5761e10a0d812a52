"""Objects living in a thread without an event loop: their queued slots, timers and
deleteLater never run.

Qt lists no threads, so the probe looks where an app keeps its workers: the objects of
its windows and what their Python wrappers hold (``self.worker = Worker()``). An object
of another thread is reported when that thread is not running (never started, or
finished), or runs a Python ``run()`` that never calls ``exec()``.
"""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThread

from probe.core import faults
from probe.core.objects import paths, qtchildren
from probe.core.problems.scan import Problem, Scan

KIND = "thread_without_loop"


def _held(obj: QObject) -> list[QObject]:
    """QObjects the object's Python wrapper holds as attributes (one level)."""
    try:
        values = vars(obj).values()
    except TypeError:
        return []
    return [v for v in values if isinstance(v, QObject) and shiboken6.isValid(v)]


def _loopless(thread: QThread) -> str:
    """Why ``thread`` runs no event loop, or '' when it may."""
    if not QThread.isRunning(thread):
        return "finished" if QThread.isFinished(thread) else "never started"
    run = type(thread).__dict__.get("run") if type(thread) is not QThread else None
    code = getattr(run, "__code__", None)
    if code is not None and not {"exec", "exec_"} & set(code.co_names):
        return f"{type(thread).__name__}.run() never calls exec()"
    return ""


def check(scan: Scan) -> list[Problem]:
    app = QCoreApplication.instance()
    if app is None:
        return []
    main = shiboken6.getCppPointer(QObject.thread(app))[0]
    candidates: dict[int, QObject] = {}
    for root in paths.roots():
        for obj in [root, *scan.below(root)]:
            for held in _held(obj):
                candidates.setdefault(id(held), held)
    verdicts: dict[int, str] = {}
    return faults.each(list(candidates.values()), lambda obj: _one(obj, main, verdicts))


def _one(obj: QObject, main: int, verdicts: dict[int, str]) -> Problem | None:
    thread = QObject.thread(obj)
    if thread is None:
        return None
    key = shiboken6.getCppPointer(thread)[0]
    if key == main:
        return None
    parent = qtchildren.parent(obj)
    if parent is not None and QObject.thread(parent) is thread:
        return None  # its parent is reported (or fine): one finding per worker
    if key not in verdicts:
        verdicts[key] = _loopless(thread)
    why = verdicts[key]
    if not why:
        return None
    return Problem(KIND, obj, f"lives in a thread without an event loop ({why})",
                   "start the thread (thread.start()) and let run() call exec(), or keep "
                   "the object in the GUI thread", _thread(thread))


def _thread(thread: QThread) -> dict[str, Any]:
    return {"thread": QObject.objectName(thread) or type(thread).__name__}
