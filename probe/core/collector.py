"""Python's cyclic garbage collector: paused while a walk makes many objects at once and
while Qt's lists are wrapped, and run on the GUI thread only while the probe serves.

A walk of a big window makes tens of thousands of small objects (nodes, their lists and
dicts) in one go. Each time the youngest generation fills up a collection starts, and the
oldest generation's collections scan every object the app holds: over one walk that grows
with the square of the window (readPage of 8,000 controls spent a fifth of its time in
them). The walk's objects are freed by their reference counts when it ends; the
collector resumes then (:func:`paused`).

A collection frees all the garbage it finds, an app's window held only by a reference
cycle (``self.me = self``, a lambda slot holding its window) among it, and where it runs
matters. Inside PySide's wrapping of a list Qt gave (:func:`without`, used by
``qtchildren`` for every such list): the rest of the list still named the freed widgets
and PySide read them (``getWrapperForQObject``: ``__dynamic_cast``, ``QObject::property``;
the CI segfault in ``widgets_under``). On the probe's server thread, which allocates all
the time and so runs collections too: ``~QWidget`` ran there while the GUI thread ran Qt
(a segfault; an app alone never meets it, its only Python thread being the GUI thread).
So while the probe serves, automatic collection is off and a timer on the GUI thread runs
the collections the app's thresholds ask for, between events (:func:`keep_on_gui_thread`).
An app that had automatic collection off when the probe met it keeps it so; one that
turns it back on has it taken again at the next tick; one that turns it off later (it
cannot be told from the probe's own switch) still gets the timer's collections. GUI
thread. (Stopping the probe leaves it so: its timer still collects.)
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QTimer

R = TypeVar("R")
#: How often the GUI thread checks the collector's counts (ms): at most ten collections
#: a second, a full one at most every threshold1 x threshold2 of them (10 s by default).
TICK_MS = 100
_state = {"held": False}
#: (application, its timer) of each application met (a new application gets its own).
_timers: list[tuple[QCoreApplication, QTimer]] = []
#: gc's switches by name (``qtchildren`` inlines :func:`without` with them).
collecting, pause, resume = gc.isenabled, gc.disable, gc.enable


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection while the block runs (a walk over many objects)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def without(get: Callable[[], R]) -> R:
    """``get()`` with no collection meanwhile (unless none runs anyway): no object dies
    while PySide wraps the pointers of Qt's answer, nor while the caller calls Qt through
    them. (:func:`paused` as a call: ``qtchildren.children`` runs once per node.)"""
    if not collecting():
        return get()
    pause()
    try:
        return get()
    finally:
        resume()


def keep_on_gui_thread() -> None:
    """Take automatic collection over for the GUI thread (call there: the executor's
    prelude, before every job): off, and a timer of the running application's that
    collects as the thresholds ask; once per application. Nothing if the app runs without
    automatic collection, or before it has an application."""
    app = QCoreApplication.instance()
    if app is None or (_timers and _timers[-1][0] is app):
        return
    if not _state["held"]:
        if not gc.isenabled():
            return
        gc.disable()
        _state["held"] = True
    timer = QTimer(app)
    QObject.setObjectName(timer, "qtmcpCollector")  # probe-internal (qtmcp…)
    timer.timeout.connect(collect_due)
    timer.start(TICK_MS)
    _timers.append((app, timer))


def collect_due() -> int:
    """The collection automatic collection would have run by now, if any (on the GUI
    thread); how many objects it found unreachable."""
    if not _state["held"]:
        return 0
    if gc.isenabled():  # the app turned it back on: keep it off the other threads
        gc.disable()
    (c0, c1, c2), (t0, t1, t2) = gc.get_count(), gc.get_threshold()
    if t0 == 0 or c0 <= t0:  # a threshold of 0 is no automatic collection
        return 0
    generation = 2 if c1 >= t1 and c2 >= t2 else 1 if c1 >= t1 else 0
    return gc.collect(generation)

