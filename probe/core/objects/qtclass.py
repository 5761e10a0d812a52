"""Calling Qt past an app's shadowing attributes when the Qt class is only known at run time.

The shadowing rule (``probe/core/objects``) says: call Qt through the Qt class. Where the
class is known, core spells it (``QWidget.isVisible(w)``). Where it is not (a Qt Quick
item, whose class lives in QtQuick, which a widgets app never loads; a QAction, a
QWindow or an item behind one name), these find the nearest Qt (PySide6) class in the
object's type and call the method as that class defines it. GUI thread.
"""

from __future__ import annotations

import sys
from typing import Any

import shiboken6
from PySide6.QtCore import QObject

#: The event handlers through which a widget's class takes the mouse itself.
MOUSE_HANDLERS = ("mousePressEvent", "mouseReleaseEvent", "mouseDoubleClickEvent",
                  "contextMenuEvent")

_CLASSES: dict[type, type] = {}
_MOUSE: dict[type, bool] = {}
_QT_METHODS: dict[tuple[type, str], Any] = {}
#: Python type -> the Qt classes' isVisible / isEnabled (None where Qt has none).
_FLAGS: dict[type, tuple[Any, Any]] = {}


def qt_class(obj: object) -> type:
    """The nearest Qt (PySide6) class of ``obj``'s type: ``QQuickItem`` for a QML item,
    ``QPushButton`` for an app's subclass of it. Its methods are the ones Qt defines,
    whatever the app's class put under their names: ``qt_class(item).window(item)``."""
    tp = type(obj)
    found = _CLASSES.get(tp)
    if found is None:
        found = next((k for k in tp.__mro__ if k.__module__.startswith("PySide6")), QObject)
        _CLASSES[tp] = found
    return found


#: The top packages of the bindings' own classes.
_BINDINGS = frozenset({"PySide6", "shiboken6", "PyQt6", "sip"})


def python_class(cls: type) -> bool:
    """Whether ``cls`` is an app's Python class (not one of PySide6's or PyQt6's): by its
    module's top package, so an app's ``sipgui`` or ``PyQt6_tools`` module is the app's."""
    return cls.__module__.split(".", 1)[0] not in _BINDINGS


def exactly(obj: QObject, cls: type) -> bool:
    """Whether ``obj`` is of the Qt class ``cls`` itself, no subclass of it. A C++ or PyQt6
    app's subclass shows in PySide6 as its Qt base class: for an object C++ made, its
    meta-object must name ``cls``. An object Python made has its Python class for type,
    so it is asked no more: the meta-object costs 1.3 us at 2,000 controls and 1.8 at
    8,000 (PySide looks the wrapper up for it), its origin 0.04 (#41)."""
    return type(obj) is cls and (shiboken6.createdByPython(obj) or
                                 QObject.metaObject(obj).className() == cls.__name__)


#: PyQt6's modules whose classes share their names with PySide6's.
_PYQT_MODULES = ("PyQt6.QtWidgets", "PyQt6.QtGui", "PyQt6.QtCore")


def app_type(obj: object) -> type:
    """The app's own class of ``obj``: its type, or in a PyQt6 app (where PySide6 wraps
    an object as the Qt class it knows: a ``Cell`` item is a QGraphicsEllipseItem to it)
    the class of PyQt's wrapper of the same C++ object, found by its address through
    sip. Never imports PyQt6: a PySide6 app gets ``type(obj)``."""
    tp = type(obj)
    sip = sys.modules.get("PyQt6.sip")
    if sip is None or python_class(tp):
        return tp
    pyqt = next((c for m in _PYQT_MODULES if (mod := sys.modules.get(m)) is not None
                 and isinstance(c := getattr(mod, tp.__name__, None), type)), None)
    if pyqt is None:
        return tp
    try:
        address = shiboken6.getCppPointer(obj)[0]  # pyright: ignore[reportArgumentType]  # any wrapper: a QObject or a QGraphicsItem
        found = type(sip.wrapinstance(address, pyqt))  # the app's wrapper, if it made one
    except (RuntimeError, TypeError, ValueError):
        return tp
    return found if python_class(found) else tp  # PyQt's Qt class: PySide6's stands


def handles_mouse(cls: type) -> bool:
    """Does a Python class between ``cls`` and the Qt class handle the mouse itself (a
    custom clickable: a canvas, a label that acts as a button)?"""
    found = _MOUSE.get(cls)
    if found is None:
        found = any(name in klass.__dict__ for klass in cls.__mro__ if python_class(klass)
                    for name in MOUSE_HANDLERS)
        _MOUSE[cls] = found
    return found


def qt_method(tp: type, name: str) -> Any:
    """Method ``name`` as the nearest Qt (PySide6) class in ``tp``'s MRO defines it, else
    None: what to call when only the name is known (``text``, ``title``), unshadowed."""
    key = (tp, name)
    found = _QT_METHODS.get(key, _QT_METHODS)
    if found is _QT_METHODS:
        found = None
        for klass in tp.__mro__:
            if klass.__module__.startswith("PySide6") and name in klass.__dict__:
                attr = klass.__dict__[name]
                found = attr if callable(attr) else None
                break
        _QT_METHODS[key] = found
    return found


def visible_enabled(obj: QObject) -> tuple[bool | None, bool | None]:
    """``(visible, enabled)`` of any object (a widget, QAction, QWindow, Qt Quick item)
    through its Qt class; None where the class has no such flag."""
    tp = type(obj)
    methods = _FLAGS.get(tp)
    if methods is None:
        methods = _FLAGS[tp] = (qt_method(tp, "isVisible"), qt_method(tp, "isEnabled"))
    out: list[bool | None] = []
    for fn in methods:
        try:
            out.append(None if fn is None else bool(fn(obj)))
        except (TypeError, RuntimeError):
            out.append(None)
    return out[0], out[1]
