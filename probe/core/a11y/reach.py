"""Can a user reach this widget now? What no user can reach is neither listed as
interactive nor acted on.

Two ways a shown widget is out of reach: it sits outside its parent (a tabified dock
that is not the current tab is moved to negative coordinates, still "visible"), or its
window is blocked by a modal dialog (``Qt.ApplicationModal``: every other window;
``Qt.WindowModal``: its parent window chain). A widget scrolled away inside a scroll
area is *not* out of reach: scrolling brings it back, as in a browser; one clipped by an
MDI area without scroll bars is (:func:`clips`). Qt is called
through its classes (the shadowing rule: ``probe/core/objects``). GUI thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractScrollArea, QMdiArea, QWidget

from probe.core.objects import qtchildren

_APP_MODAL = Qt.WindowModality.ApplicationModal
_WINDOW_MODAL = Qt.WindowModality.WindowModal


def in_viewport(w: QWidget) -> bool:
    """Whether ``w`` is the viewport of a scroll area (its children scroll, not hide)."""
    parent = QWidget.parentWidget(w)
    return isinstance(parent, QAbstractScrollArea) and \
        QAbstractScrollArea.viewport(parent) is w


def clips(w: QWidget) -> bool:
    """Whether ``w`` is a viewport that hides what lies past its edges for good: an MDI
    area's, with its scroll bars off (Qt's default): no scrolling brings back the part of
    a sub-window past its edge, so the controls there are out of reach."""
    parent = QWidget.parentWidget(w)
    off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    return isinstance(parent, QMdiArea) and QAbstractScrollArea.viewport(parent) is w and \
        QAbstractScrollArea.horizontalScrollBarPolicy(parent) == off and \
        QAbstractScrollArea.verticalScrollBarPolicy(parent) == off


def outside(child: QWidget, parent: QWidget) -> bool:
    """Whether ``child`` lies wholly outside ``parent``'s rectangle (not counting a scroll
    area's viewport, whose children are only scrolled away)."""
    at = (QWidget.x(child), QWidget.y(child), QWidget.width(child), QWidget.height(child))
    return lies_outside(at, QWidget.width(parent), QWidget.height(parent)) and \
        not in_viewport(parent)


def lies_outside(geo: Sequence[Any], width: int, height: int) -> bool:
    """Whether a rectangle ``geo`` (x, y, width, height in a parent, then anything) lies
    wholly outside a parent of ``width`` x ``height`` (:func:`outside` without the
    viewport's exception, for a walk that read the geometry already)."""
    x, y = geo[0], geo[1]
    return x >= width or y >= height or x + geo[2] <= 0 or y + geo[3] <= 0


def offscreen_ancestor(w: QWidget) -> QWidget | None:
    """The widget (``w`` or an ancestor below its window) that lies outside its parent,
    so no user sees ``w``; None when ``w`` is within reach."""
    cur = w
    while not QWidget.isWindow(cur):
        parent = QWidget.parentWidget(cur)
        if parent is None:
            return None
        if outside(cur, parent):
            return cur
        cur = parent
    return None


def _window_chain(w: QWidget) -> list[QWidget]:
    """The window of ``w`` and the windows it belongs to (its transient parents)."""
    out: list[QWidget] = []
    cur: QWidget | None = QWidget.window(w)
    while cur is not None and cur not in out:
        out.append(cur)
        parent = QWidget.parentWidget(cur)
        cur = QWidget.window(parent) if parent is not None else None
    return out


def modal_blocker(w: QWidget) -> QWidget | None:
    """The shown modal dialog that keeps input from ``w``'s window, or None.

    Qt keeps the list of the modal windows it shows (and blocks input by it): when it is
    empty, no window is searched. A search asks every widget of the app (Qt's
    ``topLevelWidgets``): 7 ms a read of a form of 8,000 controls (#41). A modality set
    on a window while it shows takes no effect in Qt until it is shown again: Qt blocks
    nothing, and neither does this."""
    if QGuiApplication.modalWindow() is None:
        return None
    window = QWidget.window(w)
    mine = _window_chain(window)
    for m in qtchildren.top_level_widgets():
        if m is window or not QWidget.isVisible(m):
            continue
        modality = QWidget.windowModality(m)
        if modality == Qt.WindowModality.NonModal:
            continue
        chain = _window_chain(m)
        if window in chain:  # ``w`` is the dialog's parent window (or one of its)
            return m
        if modality == _APP_MODAL and m not in mine:
            return m
    return None
