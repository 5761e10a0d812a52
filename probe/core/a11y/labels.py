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

import re
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QAbstractSlider,
    QAbstractSpinBox,
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
            return clean_name(cls.placeholderText(w))  # pyright: ignore[reportArgumentType]  # w is a cls (isinstance above)
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
        #: id(container) of composites whose label names the first control inside
        self.composites: set[int] = set()
        #: id(slider) -> the label beside it that shows its value (a read-out)
        self.readouts: dict[int, QLabel] = {}
        self._wants = wants_label
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
            if _NUMBER.match(QLabel.text(lab)):
                slider = _before(lab, positions)
                if isinstance(slider, QAbstractSlider):
                    self._keep += [slider, lab]
                    self.readouts[id(slider)] = lab
                    self.used.add(id(lab))
                    continue
            field = _beside(lab, positions)
            if field is not None and id(field) not in self.names:
                self._name(field, lab, wants_label(field))

    def _name(self, field: QWidget, label: QLabel, wanted: bool = True) -> None:
        """``label`` names ``field``; a field that is a composite (a line edit and its
        Browse button, a slider and its read-out in a plain widget) passes the name to its
        first control, as a user reads the row."""
        if not self._wants(field) and _qt_base(type(field)) in _COMPOSITES:
            inner = first_control(field, self._wants)
            if inner is not None:
                self._keep.append(field)
                self.composites.add(id(field))
                field, wanted = inner, True
        if not wanted:
            return
        self._keep += [field, label]
        self.names[id(field)] = label_text(label)
        self.used.add(id(label))


#: Fields whose label names the first control inside them (by their nearest Qt class):
#: plain containers (a line edit and its Browse button, a slider and its read-out) and
#: the key sequence edit (a line edit inside).
_COMPOSITES = ("QWidget", "QFrame", "QKeySequenceEdit")


def _qt_base(cls: type) -> str:
    """The name of the nearest Qt class of ``cls`` (an app's subclass: the one it extends)."""
    for klass in cls.__mro__:
        if klass.__module__.startswith("PySide6"):
            return klass.__name__
    return ""


#: A label that shows a number (a slider's read-out: "43.50", "-3", "80 %").
_NUMBER = re.compile(r"^\s*[-+]?\d+(?:[.,]\d+)?\s*[%a-zA-Z°]{0,3}\s*$")


#: What a composite's label names: a field that takes a value (a line edit beside its
#: Browse button, a slider beside its read-out). A container whose first control is a
#: button is no field (a dock's title bar: its title and its menu button).
_FIELDS = (QLineEdit, QTextEdit, QPlainTextEdit, QComboBox, QAbstractSpinBox,
           QAbstractSlider)


def first_control(container: QWidget, wants_label: Callable[[QWidget], bool]
                  ) -> QWidget | None:
    """The first control inside a plain container that a label would name, when it is a
    field (see ``_FIELDS``); None when the first control is anything else."""
    for c in QObject.findChildren(container, QWidget):
        if wants_label(c):
            return c if isinstance(c, _FIELDS) else None
    return None


def readout_value(label: QLabel) -> float | None:
    """The number a read-out label shows."""
    m = re.search(r"[-+]?\d+(?:[.,]\d+)?", QLabel.text(label))
    return float(m.group(0).replace(",", ".")) if m else None


def readout_of(slider: QWidget) -> QLabel | None:
    """The label right after ``slider`` in its layout row that shows a number (its
    read-out), or None."""
    found = _located(slider, {})
    label = _box_neighbour(found[0], after=True) if found is not None else None
    return label if isinstance(label, QLabel) and _NUMBER.match(QLabel.text(label)) \
        else None


def _located(w: QWidget, cache: dict[int, Indexed]) -> tuple[Position, Indexed] | None:
    """Where ``w`` sits in its parent's layout, and that layout indexed (once per layout:
    ``cache``), or None."""
    parent = QWidget.parentWidget(w)
    top = QWidget.layout(parent) if parent is not None else None
    if top is None:
        return None
    cached = cache.get(id(top))
    if cached is None:
        cached = cache[id(top)] = (top, {}, {})
        _index(top, cached[1], cached[2])
    where = cached[1].get(id(w))
    return (where, cached) if where is not None else None


def _box_neighbour(where: Position, after: bool) -> QWidget | None:
    """The widget right after (or right before) a box layout item, or None."""
    _, lay, kind, nums = where
    if kind != "box":
        return None
    row = [w for i, w, _sub in layoutitems.entries(lay)
           if w is not None and (i > nums[0] if after else i < nums[0])]
    return (row[0] if after else row[-1]) if row else None


def _before(label: QLabel, cache: dict[int, Indexed]) -> QWidget | None:
    """The widget left of ``label`` in a box layout row, or None."""
    found = _located(label, cache)
    return _box_neighbour(found[0], after=False) if found is not None else None


def _beside(label: QLabel, cache: dict[int, Indexed]) -> QWidget | None:
    """The widget right of ``label`` in its layout row (form field, grid cell, next box
    item), or None."""
    found = _located(label, cache)
    if found is None:
        return None
    where, (_top, _positions, cells) = found
    _, lay, kind, nums = where
    if kind == "form":
        row, role = nums
        if role != QFormLayout.ItemRole.LabelRole.value:
            return None
        return cells.get((id(lay), row, QFormLayout.ItemRole.FieldRole.value))
    if kind == "grid":
        row, column, span = nums
        return cells.get((id(lay), row, column + span))
    return _box_neighbour(where, after=True)


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
            row, role = QFormLayout.getItemPosition(lay, i)  # pyright: ignore[reportGeneralTypeIssues]  # PySide6's stub says object; it is a tuple
            out[id(w)] = (w, lay, "form", (row, role.value))
            cells[(id(lay), row, role.value)] = w
        elif isinstance(lay, QGridLayout):
            row, column, rows, columns = QGridLayout.getItemPosition(lay, i)  # pyright: ignore[reportGeneralTypeIssues]  # PySide6's stub says object; it is a tuple
            out[id(w)] = (w, lay, "grid", (row, column, columns))
            for r in range(row, row + max(rows, 1)):
                for c in range(column, column + max(columns, 1)):
                    cells.setdefault((id(lay), r, c), w)
        elif horizontal:
            out[id(w)] = (w, lay, "box", (i,))
