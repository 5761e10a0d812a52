"""Names for controls Qt leaves unnamed, computed the way a browser computes an accessible
name: the control's own name, else its label (a QLabel whose buddy it is, else a QLabel
beside it in the same layout row), else its placeholder text, else its tool tip.

Real apps rarely set buddies: a git GUI had 11 of 37 refs unnamed, six of them identical
``button [ref_N]``. A label that names a control is not shown again as text of its own.
The layouts of a window are indexed once per walk, so a form of thousands of rows costs
one pass. Qt is called through its classes (the shadowing rule: ``probe/core/objects``).
GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from probe.core.objects import layoutitems
from probe.core.objects.text import clean_name, strip_mnemonic

#: Where a widget sits in a layout: (widget, layout, kind, numbers); the wrappers are kept
#: so that the ``id()`` keys stay theirs.
Position = tuple[QWidget, QLayout, str, tuple[int, ...]]
#: A form or grid cell: (id(layout), row, column or form role).
Cell = tuple[int, int, int]
#: One top layout indexed: it, its widgets' positions, its cells' widgets.
Indexed = tuple[QLayout, dict[int, Position], dict[Cell, QWidget]]
_LEFT_TO_RIGHT = (QBoxLayout.Direction.LeftToRight,)


def placeholder(w: QWidget) -> str:
    """The grey hint text of an empty field ('' when it has none)."""
    for cls in (QLineEdit, QTextEdit, QPlainTextEdit):
        if isinstance(w, cls):
            return clean_name(cls.placeholderText(w))
    if isinstance(w, QComboBox):
        text = QComboBox.placeholderText(w)
        edit = QComboBox.lineEdit(w)
        if not text and edit is not None:
            text = QLineEdit.placeholderText(edit)
        return clean_name(text)
    return ""


def tool_tip(w: QWidget) -> str:
    return clean_name(QWidget.toolTip(w))


def label_text(label: QLabel) -> str:
    return clean_name(strip_mnemonic(QLabel.text(label)))


class Labels:
    """The label of each labelled control of one window (buddies and row neighbours)."""

    def __init__(self, window: QWidget, wants_label: Callable[[QWidget], bool]) -> None:
        #: id(control) -> the text of its label
        self.names: dict[int, str] = {}
        #: id(label) of labels shown as a control's name (left out of the tree)
        self.used: set[int] = set()
        self._keep: list[QObject] = []  # the wrappers whose id() the dicts hold
        loose: list[QLabel] = []
        for lab in QObject.findChildren(window, QLabel):
            buddy = QLabel.buddy(lab)
            if buddy is not None:
                self._name(buddy, lab)
            elif QLabel.text(lab):
                loose.append(lab)
        if not loose:
            return
        positions: dict[int, Indexed] = {}
        for lab in loose:
            field = _beside(lab, positions)
            if field is not None and id(field) not in self.names and wants_label(field):
                self._name(field, lab)

    def _name(self, field: QWidget, label: QLabel) -> None:
        self._keep += [field, label]
        self.names[id(field)] = label_text(label)
        self.used.add(id(label))


def _beside(label: QLabel, cache: dict[int, Indexed]) -> QWidget | None:
    """The widget right of ``label`` in its layout row (form field, grid cell, next box
    item), or None."""
    parent = QWidget.parentWidget(label)
    top = QWidget.layout(parent) if parent is not None else None
    if top is None:
        return None
    cached = cache.get(id(top))
    if cached is None:
        cached = cache[id(top)] = (top, {}, {})
        _index(top, cached[1], cached[2])
    where = cached[1].get(id(label))
    if where is None:
        return None
    _, lay, kind, nums = where
    if kind == "form":
        row, role = nums
        if role != QFormLayout.ItemRole.LabelRole.value:
            return None
        return cached[2].get((id(lay), row, QFormLayout.ItemRole.FieldRole.value))
    if kind == "grid":
        row, column, span = nums
        return cached[2].get((id(lay), row, column + span))
    if kind == "box":
        return next((w for i, w, _sub in layoutitems.entries(lay)
                     if i > nums[0] and w is not None), None)
    return None


def _index(lay: QLayout, out: dict[int, Position], cells: dict[Cell, QWidget]) -> None:
    """Where each widget of ``lay`` (and its nested layouts) sits: id(widget) -> position,
    and which widget fills each form or grid cell."""
    horizontal = isinstance(lay, QBoxLayout) and \
        QBoxLayout.direction(lay) in _LEFT_TO_RIGHT
    for i, w, sub in layoutitems.entries(lay):
        if sub is not None:
            _index(sub, out, cells)
            continue
        if w is None:
            continue
        if isinstance(lay, QFormLayout):
            row, role = QFormLayout.getItemPosition(lay, i)
            out[id(w)] = (w, lay, "form", (row, role.value))
            cells[(id(lay), row, role.value)] = w
        elif isinstance(lay, QGridLayout):
            row, column, rows, columns = QGridLayout.getItemPosition(lay, i)
            out[id(w)] = (w, lay, "grid", (row, column, columns))
            for r in range(row, row + max(rows, 1)):
                for c in range(column, column + max(columns, 1)):
                    cells.setdefault((id(lay), r, c), w)
        elif horizontal:
            out[id(w)] = (w, lay, "box", (i,))
