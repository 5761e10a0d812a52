"""What is wrong in the app, like a web page's accessibility audit: one module per kind.

Each kind's module has ``check(scan) -> list[Problem]``; :func:`report` walks the visible
windows once (:func:`~probe.core.problems.scan.scan`) and runs the checks asked for. GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from probe.core import faults
from probe.core.problems import (
    clipped,
    covered,
    disabled,
    geometry,
    models,
    names,
    qmlwarnings,
    readfaults,
    shortcuts,
    threads,
    timers,
)
from probe.core.problems.scan import Problem, Scan
from probe.core.problems.scan import scan as walk_windows

Check = Callable[[Scan], list[Problem]]

#: kind -> (its check, what it means). A check may report two kinds (geometry, QML).
KINDS: dict[str, tuple[Check, str]] = {
    names.KIND: (names.check, "a control without an accessible name"),
    clipped.KIND: (clipped.check, "text cut off by its widget"),
    geometry.ZERO: (geometry.check, "a visible control of zero width or height"),
    geometry.OUTSIDE: (geometry.check, "a visible control outside its window"),
    covered.KIND: (covered.check, "a control under another widget"),
    shortcuts.KIND: (shortcuts.check, "the same shortcut on two actions of a window"),
    disabled.KIND: (disabled.check, "a disabled control with no tool tip saying why"),
    models.KIND: (models.check, "an item view whose model breaks the model contract"),
    qmlwarnings.LOOP: (qmlwarnings.check, "a QML binding loop"),
    qmlwarnings.WARNING: (qmlwarnings.check, "a QML warning Qt printed"),
    threads.KIND: (threads.check, "an object in a thread that runs no event loop"),
    timers.KIND: (timers.check, "a repeating timer faster than the screen (16 ms)"),
    readfaults.PROBE: (readfaults.check, "an element the probe failed to read (a qtmcp "
                                         "defect, with its traceback)"),
    readfaults.APP: (readfaults.check, "an element whose app code raised while it was "
                                       "read (with its traceback)"),
}


def report(kinds: list[str] | None = None, window: QWidget | None = None) -> list[Problem]:
    """The problems of the kinds asked for (all by default), each check run once; of one
    ``window`` when given."""
    wanted = set(kinds or KINDS)
    done: set[Check] = set()
    found: list[Problem] = []
    walked = walk_windows(window)
    for kind, (check, _) in KINDS.items():
        if kind in wanted and check not in done and check is not readfaults.check:
            done.add(check)
            found += [p for p in faults.value(check, [], walked) if p.kind in wanted]
    if wanted & {readfaults.PROBE, readfaults.APP}:  # last: what the checks met counts
        found += [p for p in readfaults.check(walked) if p.kind in wanted]
    return found


#: What the layout overlay shows of a window: the kinds a layout causes.
LAYOUT_KINDS = [clipped.KIND, covered.KIND, geometry.ZERO, geometry.OUTSIDE]

__all__ = ["KINDS", "LAYOUT_KINDS", "Problem", "report"]
