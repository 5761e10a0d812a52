"""Every difference between the PySide6 releases the probe supports, in one place.

The probe runs on whatever PySide6 the app's Qt needs: the pin's 6.8 and newer for PySide6
and PyQt6 apps, and 6.4 for C++ apps built against a distribution's Qt 6.4 (Debian 12,
Ubuntu 24.04). Code elsewhere in ``core/`` names the newest API and, where an older
release lacks it, asks this module instead; ``tests/probe/core/test_compat.py`` runs the same checks
on each release of the version matrix.
"""

from __future__ import annotations

import enum
import functools
import weakref
from typing import Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QPauseAnimation,
    QPoint,
    QPointF,
    Qt,
)
from PySide6.QtGui import QAccessible, QAction, QGuiApplication, QWheelEvent, QWindow
from PySide6.QtWidgets import QMenu, QWidget


def roles_if_present(**aria: str) -> dict[QAccessible.Role, str]:
    """``{QAccessible.Role.<name>: aria}`` for the roles this Qt has: ``Switch`` came in
    Qt 6.11, ``BlockQuote`` in 6.9, so a role table names them through here."""
    return {getattr(QAccessible.Role, name): role for name, role in aria.items()
            if hasattr(QAccessible.Role, name)}


def wheel(test: Any, window: QWindow, pos: QPoint, angle: QPoint,
          modifiers: Qt.KeyboardModifier) -> None:
    """A mouse-wheel turn at ``pos`` in ``window``: ``QTest.wheelEvent`` (Qt 6.8 and newer),
    else the same QWheelEvent sent to the window, which hands it to the widget or item
    under ``pos`` as a real wheel would. ``test``: the input's QTest
    (:data:`probe.core.qtest.QTest`), handed in so that this module, imported at the
    probe's start, does not load Qt Test (#41)."""
    if hasattr(test, "wheelEvent"):
        test.wheelEvent(window, QPointF(pos), angle, QPoint(0, 0), modifiers)
        return
    local = QPointF(pos)
    event = QWheelEvent(local, QPointF(QWindow.mapToGlobal(window, pos)), QPoint(0, 0), angle,
                        Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QGuiApplication.sendEvent(window, event)



def map_to(widget: QWidget, ancestor: QWidget, pos: QPoint) -> QPoint:
    """``QWidget.mapTo(widget, ancestor, pos)`` as Qt 6.10 and newer compute it, also when
    ``ancestor`` is not one (a popup walked with the window that opened it): up the parent
    chain until ``ancestor`` or the top. Qt 6.9 and older dereference a null parent there
    and crash the app (reading a completer's popup did, on 6.8)."""
    w: QWidget | None = widget
    p = QPoint(pos)
    while w is not None and w is not ancestor:
        p = QWidget.mapToParent(w, p)
        w = QWidget.parentWidget(w)
    return p


#: menu wrapper -> the action wrapper it came through (PySide6 6.10 and older, see menu_of)
_menu_through: weakref.WeakKeyDictionary[QMenu, QAction] = weakref.WeakKeyDictionary()


def menu_of(action: QAction) -> QMenu | None:
    """``QAction.menu(action)``, valid for as long as the caller holds it: PySide6 6.10 and
    older make the menu's wrapper a child of the action's and invalidate it when that one
    is freed, though the menu lives (a click on a menu-bar entry whose action wrapper was
    a temporary answered OBJECT_STALE). So the menu's wrapper holds the action's."""
    menu = QAction.menu(action)
    if not isinstance(menu, QMenu):  # (PySide6's stub says QObject: Qt's is a template)
        return None
    _menu_through[menu] = action
    return menu


@functools.cache
def _enums_reach_properties() -> bool:
    """Whether ``QObject.setProperty`` takes a Python enum member: PySide6 6.8 and older
    pass it as a Python object Qt cannot convert (the set fails, a flag lands garbled)."""
    animation = QPauseAnimation()
    backward = QAbstractAnimation.Direction.Backward
    return bool(QObject.setProperty(animation, "direction", backward)) \
        and animation.direction() == backward


def property_value(value: Any) -> Any:
    """``value`` as ``QObject.setProperty`` takes it on this PySide6: an enum or flag
    member as its integer where the release cannot pass members."""
    if isinstance(value, enum.Enum) and not _enums_reach_properties():
        return int(value.value)
    return value
