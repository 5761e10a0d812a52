"""QML identity without loading Qt Quick: type names, ids, "is this a Qt Quick object".

Object identity (paths, selectors, the object tree) names QML objects by their QML id and
type, so these sit with it at the bottom of core. A widgets-only app never loads QtQml or
QtQuick because of them: no QtQml module imported means no object was made by QML.
GUI thread only.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication, QWindow

from probe.core.objects.qtchildren import all_windows, fresh, parent

_SUFFIX = re.compile(r"(_QMLTYPE_\d+|_QML_\d+)+$")


def qml_loaded() -> bool:
    """Whether the app uses QML at all (it must import QtQml to create an engine)."""
    return "PySide6.QtQml" in sys.modules


def type_name(obj: QObject) -> str:
    """``QQuickRectangle_QML_12`` -> ``Rectangle``; ``Button_QMLTYPE_2`` -> ``Button``."""
    name = _SUFFIX.sub("", QObject.metaObject(obj).className())
    if name.startswith("QQuick") and len(name) > 6:
        name = name[6:]
    return name


def context_of(obj: QObject) -> Any:
    """The QQmlContext that created ``obj``, or None (also when QML is not in use)."""
    if not qml_loaded():
        return None
    from PySide6.QtQml import QQmlEngine  # QtQml is loaded already: the app imported it

    try:
        return QQmlEngine.contextForObject(obj)
    except RuntimeError:
        return None


def evaluate(obj: QObject, expression: str) -> Any:
    """A QML expression in ``obj``'s scope (for properties whose C++ type has no Python
    converter, such as ``QQuickMenu*`` or an enum of a QML type); None when it cannot be
    evaluated (no QML context up its parents, an error)."""
    cur: QObject | None = obj
    ctx = None
    while cur is not None and ctx is None:
        ctx = context_of(cur)
        cur = parent(cur)
    if ctx is None:
        return None
    from PySide6.QtQml import QQmlExpression  # QtQml is loaded already: ctx came from it

    expr = QQmlExpression(ctx, obj, expression)
    value = expr.evaluate()
    result = value[0] if isinstance(value, tuple) else value
    return None if expr.hasError() else result


def qml_id(obj: QObject) -> str:
    """The id the object has in the QML context that created it ('' when none)."""
    ctx = context_of(obj)
    if ctx is None:
        return ""
    try:
        return ctx.nameForObject(obj) or ""
    except RuntimeError:
        return ""


def _quick_in_use() -> bool:
    """Whether the app can have Qt Quick objects: it imported QtQml (an engine), or a
    window is a QQuickWindow (a QML plugin, a C++ view) — asked through the meta-object,
    which needs no QtQuick wrapper."""
    if qml_loaded():
        return True
    windows = all_windows() if QGuiApplication.instance() is not None else []
    return any(QObject.inherits(w, "QQuickWindow") for w in windows)


def quick_module() -> Any:
    """``PySide6.QtQuick`` when the app can have Qt Quick objects, else None.

    Imported here on first need (a heavy module a widgets app never pays for); a QML app
    that imported only QtGui and QtQml still gets it. Call it before making wrappers of
    an app's objects (object paths and trees do): shiboken types a wrapper by the modules
    loaded when it makes it, and a QQuickItem wrapped while QtQuick was not loaded stays
    a plain QObject for as long as that wrapper lives.
    """
    quick = sys.modules.get("PySide6.QtQuick")
    if quick is None and _quick_in_use():
        from PySide6 import QtQuick as quick  # optional heavy module: only for QML apps
    return quick


def is_quick_item(obj: object) -> bool:
    """A QQuickItem, told by its meta-object: no QtQuick import (a widgets app never loads
    it), and right for a wrapper shiboken made of a base type."""
    return isinstance(obj, QObject) and QObject.inherits(obj, "QQuickItem")


def is_quick(obj: object) -> bool:
    """A Qt Quick item or window (they own refs and take input as widgets do)."""
    if not isinstance(obj, QObject):
        return False
    quick = quick_module()
    if quick is None:
        return False
    return isinstance(obj, (quick.QQuickItem, quick.QQuickWindow)) or \
        QObject.inherits(obj, "QQuickItem") or QObject.inherits(obj, "QQuickWindow")


def is_quick_window(window: object) -> bool:
    """A QQuickWindow (a Qt Quick scene: walked by its items, grabbed by rendering)."""
    return isinstance(window, QObject) and QObject.inherits(window, "QQuickWindow")


def quick_windows(visible_only: bool = False) -> list[Any]:
    """The app's QQuickWindows in a stable order (only the shown ones if asked), found by
    their meta-object (a wrapper the app made before QtQuick was loaded is a QWindow)."""
    if quick_module() is None:
        return []
    return [w for w in all_windows() if QObject.inherits(w, "QQuickWindow")
            and (not visible_only or QWindow.isVisible(w))]


def as_quick_item(obj: Any) -> Any:
    """``obj`` as the QQuickItem it is, else None.

    A wrapper shiboken made of a base class (a QObject: made before QtQuick was loaded, or
    through a C++ class PySide6 6.4 does not resolve) cannot be handed to QQuickItem's
    methods; its object is then wrapped again as a QQuickItem. That second wrapper owns
    nothing and is not the one shiboken keeps for the object: use it within the GUI job
    that asked. (Never a window: a second wrapper of a QQuickWindow the app holds broke a
    PySide6 6.11 app's popups; :func:`content_item` reaches a window's items instead.)"""
    quick = quick_module()
    if quick is None or not isinstance(obj, QObject):
        return None
    if isinstance(obj, quick.QQuickItem):
        return obj
    if QObject.inherits(obj, "QQuickItem"):
        return shiboken6.wrapInstance(shiboken6.getCppPointer(obj)[0], quick.QQuickItem)
    return None


def child_items(item: Any) -> list[Any]:
    """``QQuickItem.childItems(item)``, every entry a QQuickItem wrapper.

    Shiboken finds the wrapper of a returned object by its address. A wrapper of another
    class that outlived its C++ object (a QML type's meta-object, freed with its engine when
    a style was dropped) is handed out for the item that now lives at that address, and
    QQuickItem's methods refuse it (the Quick suite met one for Imagine's ItemDelegate).
    ``qtchildren.fresh`` drops such wrappers. A live wrapper of a base class of the item
    (a QObject) is only wrapped again, as :func:`as_quick_item` does: it is the app's."""
    quick = quick_module()
    if quick is None:
        return []
    kids = fresh(lambda: quick.QQuickItem.childItems(item))
    if all(isinstance(k, quick.QQuickItem) for k in kids):
        return kids
    return [k for k in map(as_quick_item, kids) if k is not None]


def content_item(window: Any) -> Any:
    """A QQuickWindow's root item (which holds the menu bar, header, footer and the overlay
    with the open popups), also through a wrapper typed as a plain QWindow (whose
    ``contentItem`` property is an ApplicationWindow's own: the area between its header
    and footer)."""
    quick = quick_module()
    if quick is not None and isinstance(window, quick.QQuickWindow):
        return quick.QQuickWindow.contentItem(window)
    item = as_quick_item(QObject.property(window, "contentItem"))
    if quick is None or item is None:
        return item
    parent = quick.QQuickItem.parentItem(item)
    while parent is not None:
        item, parent = parent, quick.QQuickItem.parentItem(parent)
    return item
