"""Window actions (menu entries, toolbar buttons) made one way, with their icons kept in
the theme's colours."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QWidget

from inspector.style.icons import icon

#: Dynamic property naming the icon of an action or button (re-coloured on theme change).
ICON_PROPERTY = "iconName"


def make_action(window: QWidget, text: str, slot: Any, shortcut: Any = None, tip: str = "",
                icon_name: str = "") -> QAction:
    """An action of ``window``: its shortcut works anywhere in the application."""
    action = QAction(text, window)
    if icon_name:
        set_icon(action, icon_name)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(f"{text.replace('&', '')}: {tip}")
    action.triggered.connect(slot)
    window.addAction(action)
    return action


def set_icon(target: QAction | QAbstractButton, icon_name: str) -> None:
    target.setIcon(icon(icon_name))
    target.setProperty(ICON_PROPERTY, icon_name)


def recolour(root: QObject) -> None:
    """Give every action and button under ``root`` its icon in the current theme."""
    for target in [*root.findChildren(QAction), *root.findChildren(QAbstractButton)]:
        name = target.property(ICON_PROPERTY)
        if isinstance(name, str) and name:
            target.setIcon(icon(name))
