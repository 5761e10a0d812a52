"""Windows that PyQt or C++ made: their wrappers held, so the wrappers found through them
stay valid.

shiboken makes a found object (``findChildren``, ``findChild``, and on 6.4 ``children``)
a child of the wrapper it was found through, and when that wrapper is freed it marks its
children's wrappers invalid, although the objects live. A PySide6 app holds its windows,
so their wrappers live as long as they do; in a PyQt6 or C++ app every wrapper of a window
is a temporary of the probe's, and ``qt.objects.find`` as a first call would answer
OBJECT_STALE for a live widget (on 6.4, ``qt.methods.invoke`` crashed a C++ app). So in
such an app, before each probe job, the wrappers of the application and of its top-level
windows are held until Qt deletes them (C++ owns them: holding a wrapper keeps the
wrapper, never the object). A PySide6 app is left exactly as it is.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

_held: dict[int, QObject] = {}


def _valid(obj: QObject) -> bool:
    try:
        return shiboken6.isValid(obj)
    except (RuntimeError, TypeError):
        return False


def _made_by_pyside(obj: QObject) -> bool:
    try:
        return bool(shiboken6.createdByPython(obj))
    except (RuntimeError, TypeError):
        return False


def hold_windows() -> bool:
    """Hold the app's and its windows' wrappers if the app is not PySide6's own.

    Returns False when there is nothing to do now or later (the QApplication was made
    with PySide6), True otherwise (also before the app exists: ask again)."""
    app = QCoreApplication.instance()
    if app is None:
        return True
    if _made_by_pyside(app):
        return False
    roots: list[QObject] = [app]
    if isinstance(app, QGuiApplication):
        roots += QGuiApplication.topLevelWindows()
    if isinstance(app, QApplication):
        roots += QApplication.topLevelWidgets()
    for gone in [key for key, obj in _held.items() if not _valid(obj)]:
        del _held[gone]
    for obj in roots:
        if not _made_by_pyside(obj):
            _held.setdefault(shiboken6.getCppPointer(obj)[0], obj)
    return True


def held() -> int:
    """How many wrappers are held now (for tests and ``qt.version``-style reports)."""
    return len(_held)
