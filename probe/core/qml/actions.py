"""Qt Quick Controls' ``Action`` and Qt Quick's ``Shortcut``: found in the app's Quick
windows, read through their properties (their C++ classes are private; PySide6 converts
neither ``Qt::ShortcutContext`` nor ``QQuickAction*``/``QQuickMenu*``: those are read as
QML expressions, :func:`qmltypes.evaluate`), and triggered through ``Action.trigger()``
as a MenuItem or Button bound to it does. Imports no QtQml: a widgets app stays one
(importing it made a C++ widgets app on PySide6 6.4 look for QtQuick). GUI thread."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import QMetaObject, QObject
from PySide6.QtGui import QKeySequence

from probe.core import faults
from probe.core.objects import qmltypes
from probe.wire.qt_actions import ShortcutContext

ACTION = "QQuickAction"
SHORTCUT = "QQuickShortcut"
#: Qt::ShortcutContext by value (PySide6 cannot convert the property: read as a number)
CONTEXTS: dict[int, ShortcutContext] = {0: "widget", 1: "window", 2: "application",
                                         3: "widgetWithChildren"}


def is_action(obj: QObject) -> bool:
    return QObject.inherits(obj, ACTION)


def is_shortcut(obj: QObject) -> bool:
    return QObject.inherits(obj, SHORTCUT)


def found() -> Iterator[tuple[Any, QObject]]:
    """(window, Action or Shortcut) in every Qt Quick window."""
    for win in qmltypes.quick_windows():
        for obj in faults.value(QObject.findChildren, [], win, QObject, obj=win):
            if is_action(obj) or is_shortcut(obj):
                yield win, obj


def keys(value: Any) -> list[str]:
    """A QML key sequence property (text, a StandardKey number or a list) as portable
    texts."""
    values = value if isinstance(value, list) else [value]
    out: list[str] = []
    for v in values:
        if isinstance(v, int) and not isinstance(v, bool):
            seqs = QKeySequence.keyBindings(QKeySequence.StandardKey(v))
        elif isinstance(v, str) and v:
            seqs = [QKeySequence(v)]
        elif isinstance(v, QKeySequence):
            seqs = [v]
        else:
            seqs = []
        out += [s.toString(QKeySequence.SequenceFormat.PortableText) for s in seqs
                if not s.isEmpty()]
    return out


def context(obj: QObject) -> ShortcutContext:
    """A Shortcut's context (an Action's shortcut acts in its window)."""
    if not is_shortcut(obj):
        return "window"
    value = qmltypes.evaluate(obj, "context + 0")
    return CONTEXTS.get(int(value), "window") if isinstance(value, (int, float)) \
        else "window"


def shortcut_keys(obj: QObject) -> list[str]:
    if is_shortcut(obj):
        return keys(QObject.property(obj, "sequences")) + keys(QObject.property(obj, "sequence"))
    return keys(QObject.property(obj, "shortcut"))


def flag(obj: QObject, name: str) -> bool:
    return bool(QObject.property(obj, name))


def users(win: Any) -> dict[int, list[QObject]]:
    """id(Action) -> the items and menus bound to it (``action: …``)."""
    out: dict[int, list[QObject]] = {}
    for obj in faults.value(QObject.findChildren, [], win, QObject, obj=win):
        if QObject.metaObject(obj).indexOfProperty("action") < 0:
            continue
        bound = faults.value(qmltypes.evaluate, None, obj, "action", obj=obj)
        if isinstance(bound, QObject):
            out.setdefault(id(bound), []).append(obj)
    return out


def menu_of(item: QObject) -> QObject | None:
    """The Menu a MenuItem is in, else None."""
    if QObject.metaObject(item).indexOfProperty("menu") < 0:
        return None
    menu = qmltypes.evaluate(item, "menu")
    return menu if isinstance(menu, QObject) else None


def trigger(obj: QObject) -> None:
    QMetaObject.invokeMethod(obj, "trigger")
