"""Objects that PyQt or C++ made: their wrappers held, so that shiboken keeps them valid.

shiboken makes an object a method returns (``findChildren``, ``findChild``, a layout
item's ``widget()``, and on 6.4 ``children()``) a child of the wrapper it came through,
and when that wrapper is freed it marks its children's wrappers invalid, although the
objects live. A PySide6 app holds its windows and widgets, so their wrappers live as long
as they do; in a PyQt6 or C++ app every wrapper is a temporary of the probe's, so
``qt.objects.find`` as a first call answered OBJECT_STALE for a live widget, git-cola's
readPage failed half-way, and on 6.4 ``qt.methods.invoke`` crashed a C++ app. So in such
an app, before each probe job, the application's and its top-level windows' wrappers are
held, and every object under them is found once through them: each wrapper is then a
child of a held one and is reused, never re-parented to a temporary, until Qt deletes the
object. (C++ owns these objects: holding a wrapper never keeps an object alive.) A
PySide6 app is left exactly as it is.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from probe.core.objects import qmltypes, qtchildren

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
    # QtQuick first: a window or item wrapped while it is not loaded stays a QWindow or a
    # QObject for as long as it is held (a C++ app's QQuickWindow read as a plain QWindow).
    qmltypes.quick_module()
    roots: list[QObject] = [app]
    if isinstance(app, QGuiApplication):
        roots += qtchildren.top_level_windows()
    if isinstance(app, QApplication):
        roots += qtchildren.top_level_widgets()
    for gone in [key for key, obj in _held.items() if not _valid(obj)]:
        del _held[gone]
    for obj in roots:
        if not _made_by_pyside(obj):
            held = _held.setdefault(shiboken6.getCppPointer(obj)[0], obj)
            qtchildren.adopted(held)  # parents each wrapper to a held one
    return True


def held() -> int:
    """How many wrappers are held now (for tests and ``qt.version``-style reports)."""
    return len(_held)
