"""What the problem checks share: one walk of the visible windows, and the Problem record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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


#: id(widget) -> (the widget, the answer asked of it): held with its wrapper, so an id
#: is never another widget's
Memo = dict[int, tuple[QWidget, bool]]


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
    #: id(root) -> (root, every object below it): each tree is walked once per report
    _below: dict[int, tuple[QObject, list[QObject]]] = field(default_factory=dict)
    #: id(widget) -> (widget, whether it or an ancestor is a control): :func:`in_control`
    inside: Memo = field(default_factory=dict)

    def below(self, root: QObject) -> list[QObject]:
        """Every object below ``root`` (:func:`qtchildren.descendants`), walked once for
        all the checks: the widgets, actions, shortcuts, timers and held workers of a
        window share one walk (each walk of a 2,000-control form asks Qt ~9,000 times)."""
        held = self._below.get(id(root))
        if held is None or held[0] is not root:
            held = self._below[id(root)] = (root, qtchildren.descendants(root))
        return held[1]

    @cached_property
    def widgets(self) -> list[tuple[QWidget, QWidget]]:
        """(widget, its window): the visible widgets of each window, not those of a
        window of their own inside it (a floating dock, a dialog: scanned as such)."""
        return [(w, win) for win in self.windows for w in self.below(win)
                if isinstance(w, QWidget) and QWidget.isVisible(w)
                and QWidget.window(w) is win]

    @cached_property
    def controls(self) -> list[tuple[QWidget, QWidget]]:
        """The visible controls that are not parts of another control (computed once)."""
        return [(w, win) for w, win in self.widgets if isinstance(w, CONTROLS)
                and not in_control(w, self.inside)]


#: Where a scroll area keeps its scroll bars.
_BAR_BOXES = {"qt_scrollarea_hcontainer", "qt_scrollarea_vcontainer"}


def ancestor_is(w: QWidget, test: Callable[[QWidget], bool], end: Callable[[QWidget], bool],
                memo: Memo | None = None) -> bool:
    """Whether an ancestor of ``w`` passes ``test``, going up until one ``end`` says stop
    (not tested). ``memo`` keeps each ancestor's answer for the next widget: a form's
    2,000 controls share their groups and scroll area, each asked once."""
    parent = QWidget.parentWidget(w)
    met: list[QWidget] = []
    found = False
    while parent is not None and not end(parent):
        known = memo.get(id(parent)) if memo is not None else None
        if known is not None and known[0] is parent:
            found = known[1]
            break
        met.append(parent)
        if test(parent):
            found = True
            break
        parent = QWidget.parentWidget(parent)
    if memo is not None:
        memo.update((id(p), (p, found)) for p in met)
    return found


def _a_control(w: QWidget) -> bool:
    return isinstance(w, CONTROLS) or QObject.objectName(w) in _BAR_BOXES


def in_control(w: QWidget, memo: Memo | None = None) -> bool:
    """Whether ``w`` is a part of another control (a combo box's line edit, a spin box's
    editor, a view's corner button) or a scroll area's scroll bar: the control is what a
    user sees and names."""
    return ancestor_is(w, _a_control, QWidget.isWindow, memo)


def scan(window: QWidget | None = None) -> Scan:
    """The visible windows (only ``window`` when given) and their visible widgets."""
    windows = [w for w in qtchildren.top_level_widgets()
               if QWidget.isVisible(w) and not is_probe_internal(w)
               and (window is None or w is window)]
    return Scan(windows)


def explicitly_disabled(w: QWidget) -> bool:
    """Disabled by its own setEnabled(False), not only because a parent is."""
    return QWidget.testAttribute(w, Qt.WidgetAttribute.WA_Disabled) and (
        (parent := QWidget.parentWidget(w)) is None or QWidget.isEnabled(parent))
