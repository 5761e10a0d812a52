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
import sys
import weakref
from typing import Any

import PySide6
from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QPauseAnimation,
    QPoint,
    QPointF,
    Qt,
    Signal,
)
from PySide6.QtGui import QAccessible, QAction, QGuiApplication, QWheelEvent, QWindow
from PySide6.QtWidgets import QMenu, QWidget

from probe.core.qtest import QTest


def roles_if_present(**aria: str) -> dict[QAccessible.Role, str]:
    """``{QAccessible.Role.<name>: aria}`` for the roles this Qt has: ``Switch`` came in
    Qt 6.11, ``BlockQuote`` in 6.9, so a role table names them through here."""
    return {getattr(QAccessible.Role, name): role for name, role in aria.items()
            if hasattr(QAccessible.Role, name)}


def wheel(window: QWindow, pos: QPoint, angle: QPoint,
          modifiers: Qt.KeyboardModifier) -> None:
    """A mouse-wheel turn at ``pos`` in ``window``: ``QTest.wheelEvent`` (Qt 6.8 and newer),
    else the same QWheelEvent sent to the window, which hands it to the widget or item
    under ``pos`` as a real wheel would."""
    if hasattr(QTest, "wheelEvent"):
        QTest.wheelEvent(window, QPointF(pos), angle, QPoint(0, 0), modifiers)
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


class _Pinger(QObject):
    ping = Signal()


def emit_loses_references() -> str | None:
    """Why this PySide6 would crash the app, or None: PySide6 6.12.0's ``Signal.emit()``
    returns True without a reference of its own, so each emit frees one reference to True,
    and Python 3.11 and older abort once it reaches zero ("Fatal Python error:
    bool_dealloc", after a few hundred emits). Measured on a throwaway signal, not read
    from a version table; Python 3.12's True is immortal and loses nothing."""
    sender = _Pinger()
    before = sys.getrefcount(True)
    for _ in range(8):
        sender.ping.emit()
    if before - sys.getrefcount(True) < 8:
        return None
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    return (f"PySide6 {PySide6.__version__} loses a reference to True at every "
            f"Signal.emit(); on Python {python} the app would abort after a "
            "few hundred signals (Fatal Python error: bool_dealloc). Use another PySide6 "
            "release (pip install 'PySide6-Essentials>=6.8,!=6.12.0') or Python 3.12 or newer")
