"""Shortcuts that collide: two enabled actions or QShortcuts with the same keys, active in
the same place. Qt then fires neither ("Ambiguous shortcut overload").

Where a shortcut is active follows its context: a window or application shortcut
anywhere in its window, a widget (with children) shortcut only where focus is in the
widgets it was added to. Two collide when their places meet: either is window-wide, or
one's widget is inside (or is) the other's. An action added to no widget is inactive.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtWidgets import QWidget

from probe.core import faults
from probe.core.objects import qtchildren
from probe.core.problems.scan import Problem, Scan

KIND = "duplicate_shortcut"
_WIDE = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)

#: (owner, its widgets, or None when window-wide)
Entry = tuple[QObject, "list[QWidget] | None"]


def _inside(inner: QWidget, outer: QWidget) -> bool:
    w: QWidget | None = inner
    while w is not None:
        if w is outer:
            return True
        w = QWidget.parentWidget(w)
    return False


def _meet(a: list[QWidget] | None, b: list[QWidget] | None) -> bool:
    if a is None or b is None:
        return True
    return any(_inside(x, y) or _inside(y, x) for x in a for y in b)


def _entries(win: QWidget) -> dict[str, list[Entry]]:
    keys: dict[str, list[Entry]] = defaultdict(list)
    for action in qtchildren.find_children(win, QAction):
        if not QAction.isEnabled(action) or not QAction.shortcuts(action):
            continue
        widgets = [o for o in QAction.associatedObjects(action) if isinstance(o, QWidget)]
        if not widgets:
            continue  # added nowhere: its shortcut never fires
        scope = None if QAction.shortcutContext(action) in _WIDE else widgets
        for seq in QAction.shortcuts(action):
            if not seq.isEmpty():
                keys[seq.toString()].append((action, scope))
    for sc in qtchildren.find_children(win, QShortcut):
        if QShortcut.isEnabled(sc) and not QShortcut.key(sc).isEmpty():
            parent = QObject.parent(sc)
            scope = None if QShortcut.context(sc) in _WIDE or not isinstance(
                parent, QWidget) else [parent]
            keys[QShortcut.key(sc).toString()].append((sc, scope))
    return keys


def _label(obj: QObject) -> str:
    name = QObject.objectName(obj) or (
        QAction.text(obj).replace("&", "") if isinstance(obj, QAction) else "")
    return f"{type(obj).__name__} {name!r}" if name else type(obj).__name__


def check(scan: Scan) -> list[Problem]:
    return faults.each(scan.windows, _window)


def _window(win: QWidget) -> list[Problem]:
    out = []
    for key, entries in _entries(win).items():
        for i, (owner, scope) in enumerate(entries):
            others = [o for j, (o, s) in enumerate(entries) if j != i and _meet(scope, s)]
            if others:
                names = ", ".join(_label(o) for o in others)
                out.append(Problem(KIND, owner, f"{key} is also the shortcut of {names} "
                                   "where this one is active",
                                   "give each a different key sequence (Qt fires none of "
                                   "an ambiguous pair)", {"keys": key}))
    return out
