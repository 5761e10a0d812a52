"""Shortcuts that collide: two enabled actions or QShortcuts of one window with the same
keys. Qt then fires neither ("Ambiguous shortcut overload")."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QShortcut

from probe.core.problems.scan import Problem, Scan

KIND = "duplicate_shortcut"


def check(scan: Scan) -> list[Problem]:
    out = []
    for win in scan.windows:
        keys: dict[str, list[QObject]] = defaultdict(list)
        for action in QObject.findChildren(win, QAction):
            if QAction.isEnabled(action) and \
                    QAction.shortcutContext(action) != Qt.ShortcutContext.WidgetShortcut:
                for seq in QAction.shortcuts(action):
                    if not seq.isEmpty():
                        keys[seq.toString()].append(action)
        for sc in QObject.findChildren(win, QShortcut):
            if QShortcut.isEnabled(sc) and not QShortcut.key(sc).isEmpty():
                keys[QShortcut.key(sc).toString()].append(sc)
        for key, owners in keys.items():
            if len(owners) > 1:
                names = ", ".join(f"{type(o).__name__} {QObject.objectName(o)!r}"
                                  for o in owners)
                for owner in owners:
                    out.append(Problem(KIND, owner, f"{key} is also the shortcut of "
                                       f"{len(owners) - 1} other(s) in this window: {names}",
                                       "give each a different key sequence (Qt fires "
                                       "none of an ambiguous pair)", {"keys": key}))
    return out
