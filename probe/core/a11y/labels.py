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

import functools
import re
from collections.abc import Callable, Iterator

from PySide6.QtCore import QObject, QPoint
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTextEdit,
    QWidget,
)

from probe.core import faults
from probe.core.objects import layoutitems, qtchildren, qtclass
from probe.core.objects.text import clean_name, strip_mnemonic

#: Where a widget sits in a layout: (widget, layout, kind, numbers); the wrappers are kept
#: so that the ``id()`` keys stay theirs.
Position = tuple[QWidget, QLayout, str, tuple[int, ...]]
#: A form or grid cell: (id(layout), row, column or form role).
Cell = tuple[int, int, int]
#: One top layout indexed: it, its widgets' positions, its cells' widgets (or layouts).
Indexed = tuple[QLayout, dict[int, Position], dict[Cell, "QWidget | QLayout"]]
_LEFT_TO_RIGHT = (QBoxLayout.Direction.LeftToRight,)
_TOP_TO_BOTTOM = (QBoxLayout.Direction.TopToBottom,)


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
        #: the widget (or part) whose labels are indexed here
        self.root = window
        #: id(widget) -> the text of the first label among its siblings whose buddy it is
        #: (Qt's own accessible name looks there, scanning every sibling each time)
        self.buddies: dict[int, str] = {}
        #: a label's text -> as a name (a form repeats its labels: each cleaned once)
        self._texts: dict[str, str] = {}
        #: id() of the standard controls of their exact Qt class met on the way (held in
        #: ``_keep``): the walk's typed.role_of need not ask again
        self.exact: set[int] = set()
        #: id(widget) -> (it, its children) as the search listed them: the walk, which
        #: goes into the same widgets in the same GUI turn, need not ask Qt again
        self.listed: dict[int, tuple[QObject, list[QObject]]] = {}
        qtchildren.untie_dead()  # the buddies of labels read before and deleted since
        placed = _placed_labels(window, self.exact, self._keep, self.listed)
        loose = faults.each(placed, self._buddy, obj=lambda p: p[0])
        if not loose:
            return
        positions: dict[int, Indexed] = {}
        faults.each(loose, lambda lab: self._neighbour(lab, positions))

    def listing(self, w: QWidget) -> list[QObject] | None:
        """``w``'s children as the search listed them (None: not listed, ask Qt)."""
        got = self.listed.get(id(w))
        return got[1] if got is not None and got[0] is w else None

    def _buddy(self, placed: tuple[QLabel, _Siblings]) -> QLabel | None:
        """A label with a buddy names it; a label without one is returned (it may name
        the field beside it). Whether the buddy is the label's sibling comes from the
        descent's list of them, not from two parentWidget calls (0.6 us each in a
        window of 8,000 controls, #41)."""
        lab, siblings = placed
        buddy = qtchildren.tied(lab, QLabel.buddy(lab))  # its wrapper is tied to lab's
        if buddy is not None:
            text = QLabel.text(lab)  # asked once: the walk reads it from here
            if siblings.has(buddy):
                self.buddies.setdefault(id(buddy), text)
            self._name(buddy, lab, text=text)
            return None
        return lab if QLabel.text(lab) else None

    def _neighbour(self, lab: QLabel, positions: dict[int, Indexed]) -> None:
        """A label with no buddy: a slider's read-out, or the name of the field beside it;
        never a label that is a control itself (a drop target, a label the app's class
        makes clickable): a person reads it as what it is, not as a caption."""
        if QWidget.acceptDrops(lab) or qtclass.handles_mouse(type(lab)):
            return
        if _NUMBER.match(QLabel.text(lab)):
            slider = _before(lab, positions)
            if isinstance(slider, QAbstractSlider):
                self._keep += [slider, lab]
                self.readouts[id(slider)] = lab
                self.used.add(id(lab))
                return
        found = _beside(lab, positions)
        field = first_field(_widgets_of(found), self._wants) \
            if isinstance(found, QLayout) else found
        if field is not None and id(field) not in self.names:
            self._name(field, lab, self._wants(field))

    def group_name(self, box: QGroupBox) -> str | None:
        """Qt's accessible name of a group box (not a window) as QAccessibleGroupBox makes
        it: :meth:`qt_name`, else its own title; None when the labels indexed here do not
        cover its siblings. Qt finds the label by scanning every sibling, so a form of
        many groups cost the square of their number (#41, linear reads)."""
        name = self.qt_name(box)
        if name is None:
            return None
        return name or strip_mnemonic(QGroupBox.title(box))

    def qt_name(self, w: QWidget) -> str | None:
        """The accessible name QAccessibleWidget gives a widget that is no window (what a
        line edit's or spin box's interface answers): its accessible name, else a sibling
        label whose buddy it is, else the title of a group box it is in; None when the
        labels indexed here do not cover its siblings. Asking Qt costs a scan of the
        siblings each time (7 us a line edit, a tenth of a read of 2,000 controls, #41)."""
        own = QWidget.accessibleName(w)
        if own:
            return own
        label = self.buddies.get(id(w))
        if label is not None:  # a sibling indexed here: so are all its siblings
            return strip_mnemonic(label)
        parent = QWidget.parentWidget(w)
        if parent is None or not (parent is self.root or
                                  QWidget.isAncestorOf(self.root, parent)):
            return None
        return strip_mnemonic(QGroupBox.title(parent)) if isinstance(parent, QGroupBox) \
            else ""

    def _name(self, field: QWidget, label: QLabel, wanted: bool = True,
              text: str | None = None) -> None:
        """``label`` names ``field``; a field that is a composite (a line edit and its
        Browse button, a slider and its read-out in a plain widget) passes the name to its
        first control, as a user reads the row. ``text``: the label's, when read already."""
        base = _qt_base(type(field))
        if base in _COMPOSITES and (not self._wants(field) or base not in _PLAIN):
            inner = first_control(field, self._wants)
            if inner is not None:
                self._keep.append(field)
                self.composites.add(id(field))
                field, wanted = inner, True
        if not wanted:
            return
        self._keep += [field, label]
        if text is None:
            text = QLabel.text(label)
        name = self._texts.get(text)
        if name is None:
            name = self._texts[text] = clean_name(strip_mnemonic(text))
        self.names[id(field)] = name
        self.used.add(id(label))


#: Standard controls (of their exact Qt class) whose parts are Qt's own and hold no label:
#: a spin box's editor, a combo box's list, a line edit's buttons and its text control.
_SEALED = frozenset({QPushButton, QCheckBox, QRadioButton, QLineEdit, QSpinBox,
                     QDoubleSpinBox, QComboBox})


class _Siblings:
    """The children of one widget, as the labels search met them: whether a widget is one
    of them (the list is held, so the ``id()`` keys stay its wrappers')."""

    __slots__ = ("_ids", "kids")

    def __init__(self, kids: list[QObject]) -> None:
        self.kids = kids
        self._ids: set[int] | None = None

    def has(self, w: QObject) -> bool:
        if self._ids is None:
            self._ids = {id(k) for k in self.kids}
        return id(w) in self._ids


def labels_under(root: QWidget) -> list[QLabel]:
    """The labels below ``root`` in its window, in ``findChildren``'s order: what
    ``qtchildren.find_children(root, QLabel)`` finds (see :func:`_placed_labels`)."""
    return [lab for lab, _ in _placed_labels(root)]


def _placed_labels(root: QWidget, exact: set[int] | None = None,
                   held: list[QObject] | None = None,
                   listed: dict[int, tuple[QObject, list[QObject]]] | None = None
                   ) -> Iterator[tuple[QLabel, _Siblings]]:
    """The labels below ``root`` in its window, in ``findChildren``'s order, each with its
    siblings, each given as it is met (its caller reads it while its widget's memory is
    still cached: a second touch of a label costs a third of the first in a window of
    8,000 controls, #41). A descent through :func:`qtchildren.children` that leaves out what holds
    no label of the window: objects that are no widgets (no widget is their child),
    windows of their own (a dialog: searched as such) and the parts of standard
    controls (``_SEALED``; an app's or a C++ subclass, whose meta-object names another
    class, is searched). A standard control is left before Qt is asked whether it is a
    window (a window or not, nothing of it is searched): 8,000 calls fewer on a form of
    8,000 controls, where each costs 0.6 us (#41); its ``id()`` goes into ``exact`` and
    it into ``held`` (when given).

    find_children asks ``QApplication.allWidgets()`` and ``isAncestorOf`` for each: 9.5
    and 57 ms for the labels of forms of 2,000 and 8,000 controls, against 4 and 21 ms
    here (#41: PySide's cost per object grows with the objects alive). Like it, no
    wrapper is tied to ``root``'s (Qt's own findChildren did: the soak's leak).
    ``listed`` (when given) gets each widget's children list that is not empty (the
    walk lists the same containers: 6 us a group box of a form of 8,000 controls)."""
    children, is_window, is_exact = qtchildren.children, QWidget.isWindow, qtclass.exactly
    top = _Siblings(children(root))
    if listed is not None:
        listed[id(root)] = (root, top.kids)
    stack = [(iter(top.kids), top)]
    while stack:
        kids, here = stack[-1]
        for c in kids:
            if not isinstance(c, QWidget):
                continue
            t = type(c)
            if t in _SEALED and is_exact(c, t):
                if exact is not None and held is not None:
                    exact.add(id(c))
                    held.append(c)
                continue
            if is_window(c):
                continue
            if isinstance(c, QLabel):
                yield c, here
            inner = children(c)
            if inner:  # its labels come before its next siblings' (findChildren's order)
                if listed is not None:
                    listed[id(c)] = (c, inner)
                below = _Siblings(inner)
                stack.append((iter(inner), below))
                break
        else:
            stack.pop()


#: Fields whose label names the first control inside them (by their nearest Qt class):
#: plain containers (a line edit and its Browse button, a slider and its read-out) and
#: the key sequence edit (a line edit inside).
_COMPOSITES = ("QWidget", "QFrame", "QKeySequenceEdit")
#: Of those, the plain containers (an app's clickable subclass of one is a control itself).
_PLAIN = ("QWidget", "QFrame")


@functools.cache  # one answer per class (asked once per label of every read)
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


#: Fields a person types into: a label before a row of fields names the first of these.
_TYPED = (QLineEdit, QTextEdit, QPlainTextEdit, QAbstractSpinBox)


def first_control(container: QWidget, wants_label: Callable[[QWidget], bool]
                  ) -> QWidget | None:
    """The control inside a plain container that its label names: of the controls a label
    would name, in reading order, the first that takes text (a scope combo box before
    a search field: the field), else the first; None when the first is no field (see
    ``_FIELDS``)."""
    inside = [c for c in qtchildren.find_children(container, QWidget)
              if QWidget.isVisibleTo(c, container) and not _part_of_control(c, container)]
    return first_field(sorted(inside, key=lambda c: _reading(c, container)), wants_label)


def first_field(widgets: list[QWidget], wants_label: Callable[[QWidget], bool]
                ) -> QWidget | None:
    """Of ``widgets`` (in reading order), the one a label before them all names: the first
    field that takes text, else the first field; None when the first control is no
    field."""
    controls = [w for w in widgets if wants_label(w)]
    if not controls or not isinstance(controls[0], _FIELDS):
        return None
    return next((w for w in controls if _takes_text(w)), controls[0])


def _takes_text(w: QWidget) -> bool:
    return isinstance(w, _TYPED) or (isinstance(w, QComboBox) and QComboBox.isEditable(w))


def _part_of_control(w: QWidget, container: QWidget) -> bool:
    """Whether ``w`` is a part of another control inside ``container`` (an editable combo
    box's line edit, a spin box's editor)."""
    parent = QWidget.parentWidget(w)
    while parent is not None and parent is not container:
        if isinstance(parent, (*_FIELDS, QAbstractItemView)):
            return True
        parent = QWidget.parentWidget(parent)
    return False


def _reading(w: QWidget, container: QWidget) -> tuple[int, int]:
    """Where ``w`` sits in ``container``, rows first (reading order)."""
    at = QWidget.mapTo(w, container, QPoint(0, 0))
    return at.y() // 8, at.x()


def _widgets_of(lay: QLayout) -> list[QWidget]:
    """The widgets of a layout and its nested layouts, in layout order."""
    out: list[QWidget] = []
    for _i, w, sub in layoutitems.entries(lay):
        if sub is not None:
            out += _widgets_of(sub)
        elif w is not None:
            out.append(w)
    return out


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
    found = _box_item(where, after) if where[2] == "box" else None
    return found if isinstance(found, QWidget) else None


def _box_item(where: Position, after: bool) -> QWidget | QLayout | None:
    """The widget or nested layout right after (or before) a box layout item, or None."""
    _, lay, kind, nums = where
    if kind not in ("box", "vbox"):
        return None
    row = [w or sub for i, w, sub in layoutitems.entries(lay)
           if (i > nums[0] if after else i < nums[0])]
    return (row[0] if after else row[-1]) if row else None


def _before(label: QLabel, cache: dict[int, Indexed]) -> QWidget | None:
    """The widget left of ``label`` in a box layout row, or None."""
    found = _located(label, cache)
    return _box_neighbour(found[0], after=False) if found is not None else None


_LABEL, _FIELD, _SPAN = (QFormLayout.ItemRole.LabelRole.value,
                         QFormLayout.ItemRole.FieldRole.value,
                         QFormLayout.ItemRole.SpanningRole.value)


def _beside(label: QLabel, cache: dict[int, Indexed]) -> QWidget | QLayout | None:
    """What ``label`` names by where it sits: the widget (or row of widgets, a layout)
    right of it in its layout row (form field, grid cell, next box item), else, for a
    short label alone in its row, the one directly below it (a form's next row, the grid
    cell below, the next item of a column), as a person reads a label above a field."""
    found = _located(label, cache)
    if found is None:
        return None
    where, (_top, _positions, cells) = found
    _, lay, kind, nums = where
    above = _short(label)
    if kind == "form":
        row, role = nums
        if role == _LABEL:
            return cells.get((id(lay), row, _FIELD))
        if role != _SPAN or not above or (id(lay), row + 1, _LABEL) in cells:
            return None
        return cells.get((id(lay), row + 1, _SPAN)) or cells.get((id(lay), row + 1, _FIELD))
    if kind == "grid":
        row, column, span = nums
        right = cells.get((id(lay), row, column + span))
        if right is not None or not above:
            return right
        return cells.get((id(lay), row + 1, column))
    if kind == "vbox" and not above:
        return None
    return _box_item(where, after=True)


def _short(label: QLabel) -> bool:
    """A label a person reads as a field's name when it sits above it: one short line."""
    text = QLabel.text(label).strip()
    return 0 < len(text) <= 60 and "\n" not in text and not QLabel.wordWrap(label)


def _index(lay: QLayout, out: dict[int, Position], cells: dict[Cell, QWidget | QLayout]
           ) -> None:
    """Where each widget of ``lay`` (and its nested layouts) sits: id(widget) -> position,
    and which widget (or nested layout: a row of fields) fills each form or grid cell."""
    box = QBoxLayout.direction(lay) if isinstance(lay, QBoxLayout) else None
    kind = "box" if box in _LEFT_TO_RIGHT else "vbox" if box in _TOP_TO_BOTTOM else ""
    for i, w, sub in layoutitems.entries(lay):
        if sub is not None:
            _index(sub, out, cells)
        item = w if w is not None else sub
        if item is None:
            continue
        if isinstance(lay, QFormLayout):
            row, role = QFormLayout.getItemPosition(lay, i)  # pyright: ignore[reportGeneralTypeIssues]  # PySide6's stub says object; it is a tuple
            cells[(id(lay), row, role.value)] = item
            if w is not None:
                out[id(w)] = (w, lay, "form", (row, role.value))
        elif isinstance(lay, QGridLayout):
            row, column, rows, columns = QGridLayout.getItemPosition(lay, i)  # pyright: ignore[reportGeneralTypeIssues]  # PySide6's stub says object; it is a tuple
            for r in range(row, row + max(rows, 1)):
                for c in range(column, column + max(columns, 1)):
                    cells.setdefault((id(lay), r, c), item)
            if w is not None:
                out[id(w)] = (w, lay, "grid", (row, column, columns))
        elif kind and w is not None:
            out[id(w)] = (w, lay, kind, (i,))
