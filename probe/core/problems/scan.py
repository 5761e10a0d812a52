"""What the problem checks share: one walk of the visible windows, and the Problem record."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from probe.core.objects import qtchildren
from probe.core.objects.paths import is_probe_internal

#: Widgets a user acts on: these must be named, reachable and visible.
CONTROLS = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox, QAbstractSlider,
            QTextEdit, QPlainTextEdit, QAbstractItemView)


@dataclass
class Problem:
    """One thing wrong with one object: its kind, what is wrong, and how to fix it."""

    kind: str
    obj: QObject | None
    message: str
    hint: str
    extra: dict[str, Any] | None = None


@dataclass
class Scan:
    """The visible top-level windows and their visible widgets, walked once."""

    windows: list[QWidget]
    widgets: list[tuple[QWidget, QWidget]]  # (widget, its window)

    @cached_property
    def controls(self) -> list[tuple[QWidget, QWidget]]:
        """The visible controls that are not parts of another control (computed once)."""
        return [(w, win) for w, win in self.widgets if isinstance(w, CONTROLS)
                and not in_control(w)]


#: Where a scroll area keeps its scroll bars.
_BAR_BOXES = {"qt_scrollarea_hcontainer", "qt_scrollarea_vcontainer"}


def in_control(w: QWidget) -> bool:
    """Whether ``w`` is a part of another control (a combo box's line edit, a spin box's
    editor, a view's corner button) or a scroll area's scroll bar: the control is what a
    user sees and names."""
    parent = QWidget.parentWidget(w)
    while parent is not None and not QWidget.isWindow(parent):
        if isinstance(parent, CONTROLS) or QObject.objectName(parent) in _BAR_BOXES:
            return True
        parent = QWidget.parentWidget(parent)
    return False


def scan(window: QWidget | None = None) -> Scan:
    """The visible windows (only ``window`` when given) and their visible widgets."""
    windows = [w for w in qtchildren.top_level_widgets()
               if QWidget.isVisible(w) and not is_probe_internal(w)
               and (window is None or w is window)]
    widgets: list[tuple[QWidget, QWidget]] = []
    for win in windows:
        for w in qtchildren.descendants(win):  # every one: none left behind a stale wrapper
            # a floating dock, a dialog: windows of their own, scanned as such
            if isinstance(w, QWidget) and QWidget.isVisible(w) and QWidget.window(w) is win:
                widgets.append((w, win))
    return Scan(windows, widgets)


def explicitly_disabled(w: QWidget) -> bool:
    """Disabled by its own setEnabled(False), not only because a parent is."""
    return QWidget.testAttribute(w, Qt.WidgetAttribute.WA_Disabled) and (
        (parent := QWidget.parentWidget(w)) is None or QWidget.isEnabled(parent))
