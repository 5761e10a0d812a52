"""The probe in a process without Qt Widgets: a C++ Qt Quick app on ``QGuiApplication``.

PySide6's ``QtWidgets`` loads ``libQt6Widgets``; in a C++ app that never loaded it, that is
the copy bundled with the prepared PySide6, which needs private symbols the system's
``libQt6Core`` lacks (Debian's 6.4.2: an undefined ``std::pmr`` vtable), so the import
fails and the probe never started. Nor should the probe bring Widgets into such an app.

So before anything of the probe imports ``PySide6.QtWidgets``, :func:`install_if_absent`
decides, once per process: when ``libQt6Widgets`` is not loaded, the application object
exists, is not a ``QApplication`` (asked through its meta-object) and was not made by
PySide6, the name
``PySide6.QtWidgets`` is bound to a module of stand-ins. No widget can exist in a
process whose application is not a QApplication, so every stand-in is a class no object
is an instance of: ``isinstance(x, QWidget)`` is False everywhere, the widget paths are
never taken, and the probe's modules import unchanged. ``QApplication``'s own statics
answer as Qt's do in such a process (no widgets: ``topLevelWidgets()`` is empty,
``focusWidget()`` None); the rest are ``QGuiApplication``'s. Anything else called on a
stand-in raises :class:`WidgetsAbsent`, never a wrong answer. A PySide6 app is left
alone (it may import QtWidgets itself, and PySide6's own Qt has it). GUI thread.
"""

from __future__ import annotations

import os
import sys
import types
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QGuiApplication

NAME = "PySide6.QtWidgets"


class WidgetsAbsent(RuntimeError):
    """A Qt Widgets call in a process that has no Qt Widgets (a probe bug if it shows)."""


class _Absent(type):
    """The type of every stand-in: any attribute is another stand-in (an enum, a nested
    class), so module-level references import; calling one says what is missing."""

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _absent(f"{cls.__name__}.{name}")

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise WidgetsAbsent(f"{cls.__name__}: this process has no Qt Widgets "
                            "(its application is a QGuiApplication)")


def _absent(name: str) -> type:
    return _Absent(name, (), {"__module__": NAME})


def _none(*_args: Any) -> None:
    return None


def _empty(*_args: Any) -> list[Any]:
    return []


class _Application(QGuiApplication):
    """``QApplication`` where none can exist: its statics as Qt answers them without
    widgets, ``QGuiApplication``'s for the rest; the app is never an instance of it."""

    topLevelWidgets = staticmethod(_empty)
    focusWidget = staticmethod(_none)
    activeWindow = staticmethod(_none)
    activePopupWidget = staticmethod(_none)
    activeModalWidget = staticmethod(_none)


_Application.__name__ = _Application.__qualname__ = "QApplication"


def _module_attribute(name: str) -> type:
    if name.startswith("__"):
        raise AttributeError(name)
    return _absent(name)


def _module() -> types.ModuleType:
    module = types.ModuleType(NAME, __doc__)
    for name, value in (("QApplication", _Application), ("__getattr__", _module_attribute),
                        ("WIDGETS_ABSENT", True)):
        setattr(module, name, value)
    return module


def _widgets_library_loaded() -> bool:
    """Whether ``libQt6Widgets`` is in the process (asked without loading it)."""
    # imported here for its cost (~1.5 ms, 0.4 MiB): asked only where the app has not
    # imported PySide6.QtWidgets (a C++ app), never in a PySide6 app's start (#41)
    import ctypes

    try:
        ctypes.CDLL("libQt6Widgets.so.6", mode=os.RTLD_NOLOAD)
    except OSError:
        return False
    return True


def widgets_absent() -> bool:
    """Whether this process runs without Qt Widgets (the stand-ins are in place)."""
    return bool(getattr(sys.modules.get(NAME), "WIDGETS_ABSENT", False))


def install_if_absent() -> bool:
    """Bind ``PySide6.QtWidgets`` to the stand-ins where the process cannot have widgets
    (see the module's doc); True when it did (or had). Call it before importing any of
    the probe's modules that use Qt Widgets."""
    if widgets_absent():
        return True
    if NAME in sys.modules or _widgets_library_loaded():
        return False
    # Only now the application's wrapper: made while QtWidgets is not imported, it is
    # typed QGuiApplication for good, right only because no QApplication can exist here.
    app = QCoreApplication.instance()
    if app is None or QObject.inherits(app, "QApplication"):
        return False
    try:
        if shiboken6.createdByPython(app):
            return False
    except (RuntimeError, TypeError):
        return False
    sys.modules[NAME] = _module()
    return True
