"""A window's tab order: the widgets Tab reaches, in the order it reaches them.

Qt keeps one focus chain per top-level (``QWidget.nextInFocusChain``); Tab moves to the
next widget in it that is visible, enabled, takes focus by Tab and has no focus proxy
(the proxy is reached itself). Of an exclusive group of buttons (radio buttons) Tab
reaches only the checked one, as a user sees on the demo's Plan box: the others are
left out. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from probe.core.objects import paths
from probe.core.objects.idtable import IdTable
from probe.core.widgets.layout import rect, widget_rect

#: A chain longer than this is cut (a window with more focusable widgets is rare).
MAX_STOPS = 2000


def takes_tab(w: QWidget, window: QWidget) -> bool:
    policy = QWidget.focusPolicy(w)
    return (policy.value & Qt.FocusPolicy.TabFocus.value == Qt.FocusPolicy.TabFocus.value
            and QWidget.isVisible(w) and QWidget.isEnabled(w)
            and QWidget.focusProxy(w) is None and QWidget.window(w) is window
            and not paths.is_probe_internal(w))


def _group(b: QAbstractButton) -> list[QAbstractButton]:
    """The buttons exclusive with ``b`` (its QButtonGroup's, or its auto-exclusive
    siblings), itself included; just ``b`` when it is in no exclusive group."""
    group = QAbstractButton.group(b)
    if group is not None:
        return list(group.buttons()) if group.exclusive() else [b]
    parent = QWidget.parentWidget(b)
    if not QAbstractButton.autoExclusive(b) or parent is None:
        return [b]
    return [s for s in QObject.children(parent) if isinstance(s, QAbstractButton)
            and QAbstractButton.autoExclusive(s) and QAbstractButton.isCheckable(s)]


def skipped_in_group(w: QWidget) -> bool:
    """An unchecked button of an exclusive group whose checked button Tab reaches."""
    if not isinstance(w, QAbstractButton) or not QAbstractButton.isCheckable(w) \
            or QAbstractButton.isChecked(w):
        return False
    return any(QAbstractButton.isChecked(b) for b in _group(w) if b is not w)


def stops(window: QWidget) -> list[QWidget]:
    """The widgets Tab reaches in ``window``, starting after the window itself."""
    out: list[QWidget] = []
    seen: set[int] = set()
    held: list[QWidget] = []  # keeps each wrapper alive, so no id() is reused meanwhile
    w = QWidget.nextInFocusChain(window)
    while w is not None and w is not window and len(seen) < MAX_STOPS:
        key = id(w)
        if key in seen:  # a chain that does not come back to the window: stop
            break
        seen.add(key)
        held.append(w)
        if takes_tab(w, window) and not skipped_in_group(w):
            out.append(w)
        w = QWidget.nextInFocusChain(w)
    return out


def keeps_tab(w: QWidget) -> bool:
    """Whether Tab pressed in ``w`` does not go to the next stop: a text edit types a tab
    (unless tabChangesFocus); an item view moves to its next cell (tabKeyNavigation), and
    so does a widget inside one (Qt asks the parents first: a button in a table's cell)."""
    if isinstance(w, QTextEdit) and not QTextEdit.tabChangesFocus(w) \
            and not QTextEdit.isReadOnly(w):
        return True
    if isinstance(w, QPlainTextEdit) and not QPlainTextEdit.tabChangesFocus(w) \
            and not QPlainTextEdit.isReadOnly(w):
        return True
    view: QWidget | None = w
    while view is not None and not QWidget.isWindow(view):
        if isinstance(view, QAbstractItemView) and QAbstractItemView.tabKeyNavigation(view):
            return True
        view = QWidget.parentWidget(view)
    return False


def tab_order(window: QWidget, ids: IdTable) -> list[dict[str, Any]]:
    return [{"order": n, "object": paths.describe(w, ids),
             "rect": rect(widget_rect(w, window)),
             "focusPolicy": QWidget.focusPolicy(w).name, "keepsTab": keeps_tab(w)}
            for n, w in enumerate(stops(window), 1)]
