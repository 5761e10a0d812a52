"""chr.formInput on an editable model item (a table's cell, a tree row's value column):
edited as a user edits it, through the editor its view's delegate makes.

The view opens the cell's editor (as F2 or a double click does: ``QAbstractItemView.edit``),
the editor's control gets the value as any widget does (:func:`.widgets.set_widget`), and
Return commits it (the delegate's own event filter writes it to the model with the app's
``setModelData``). The model is read back: a value it did not take is
FORM_INPUT_NOT_TAKEN. A view that takes no edits (``NoEditTriggers``: the usual read-only
table) and an item without ``ItemIsEditable`` are not edited. GUI thread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QTreeView,
    QWidget,
)

from probe.core.a11y.form import widgets
from probe.core.a11y.form.values import UNCHECKED, Value, unsupported
from probe.core.a11y.identity import Element, Locator, scroll_to
from probe.core.a11y.viewrows import item_text
from probe.core.errors import QtError
from probe.core.input import simulate as qinput
from probe.core.objects import qtchildren
from probe.core.objects.modelshape import columns_of
from probe.core.objects.text import clean_name

#: The controls an editor is made of that take a value.
_CONTROLS = (QComboBox, QAbstractSpinBox, QLineEdit, QTextEdit, QPlainTextEdit,
             QAbstractButton, QAbstractSlider)


def target(el: Element) -> QModelIndex | None:
    """The model index a form input edits: a table's cell, or a tree row's value when it
    is one other column (a property editor's Value); None for anything else. An item's
    own name is never edited: renaming a list entry or a tree row (a file in a file
    dialog: QFileSystemModel renames it on disk) is no form input, nor is any item of a
    file system model, nor one of a view that takes no edits."""
    idx = el.index
    view = el.view
    if idx is None or not isinstance(view, QAbstractItemView):
        return None
    if QAbstractItemView.editTriggers(view) == QAbstractItemView.EditTrigger.NoEditTriggers:
        return None
    model = QModelIndex.model(idx)
    if _files(model):
        return None
    role = el.locator.role
    cell = None
    if role == "cell":
        cell = idx
    elif role == "treeitem" and isinstance(view, QTreeView):
        others = [c for c in range(columns_of(model)) if c != idx.column()
                  and not QTreeView.isColumnHidden(view, c)]
        if len(others) == 1:  # the row's value, as readPage shows it
            cell = idx.siblingAtColumn(others[0])
    if cell is None:
        return None
    flags = model.flags(cell)
    if flags & Qt.ItemFlag.ItemIsEditable and flags & Qt.ItemFlag.ItemIsEnabled:
        return cell
    return None


def _files(model: Any) -> bool:
    """A file system model, or a proxy over one (its edits rename files on disk)."""
    while model is not None:
        if QObject.inherits(model, "QFileSystemModel"):
            return True
        model = QAbstractProxyModel.sourceModel(model) \
            if isinstance(model, QAbstractProxyModel) else None
    return False


def text(idx: QModelIndex) -> str:
    """What the edited cell shows (its display text)."""
    return item_text(QModelIndex.model(idx), idx)


def name(el: Element) -> str | None:
    """The name an item element has now (its text, as readPage names it), when an edit
    changed it; None when it did not."""
    now = clean_name(text(el.index))
    return None if now == el.locator.name else now


def again(el: Element, name: str | None) -> Element:
    """``el`` under the name its item shows after this edit."""
    if name is None:
        return el
    return Element(el.ref, el.widget, replace(el.locator, name=name))


def set_cell(el: Element, idx: QModelIndex, value: Value) -> None:
    """Edit cell ``idx`` of ``el``'s view to ``value`` through the delegate's editor."""
    view = el.view
    scroll_to(view, idx)  # a pure virtual: through the view's own
    QAbstractItemView.setCurrentIndex(view, idx)
    QAbstractItemView.edit(view, idx)
    editor = QAbstractItemView.indexWidget(view, idx)
    if editor is None:
        raise unsupported(el, "its view made no editor for it: double-click it and type")
    control = _control(editor)
    if control is None:
        QAbstractItemView.closePersistentEditor(view, idx)
        raise unsupported(el, f"its editor ({QObject.metaObject(editor).className()}) has "
                              "no text field, box or button to set: click it and type")
    part = Element(el.ref, control, Locator(el.locator.owner, (), el.locator.role,
                                            el.locator.name))
    expected = widgets.set_widget(part, control, value)
    if expected is not UNCHECKED and widgets.holds(part, control) != expected:
        raise QtError("FORM_INPUT_INVALID", f"the editor of {el.locator.role} "
                      f"{el.locator.name!r} did not take {value!r}", ref=el.ref,
                      role=el.locator.role)
    qinput.key(control, "Return")  # the delegate commits and closes its editor
    _check(el, idx, value, expected)


def _control(editor: QWidget) -> QWidget | None:
    """The control of an editor that takes the value: the editor itself, its focus proxy,
    or the first such control inside it (a composite editor: Qt Designer's property
    editors are a field and a "..." button)."""
    for w in (editor, QWidget.focusProxy(editor),
              *qtchildren.find_children(editor, QWidget)):
        if _takes_value(w):
            return w
    return None


def _takes_value(w: QWidget | None) -> bool:
    if isinstance(w, QAbstractButton):  # a check box, not the "..." button beside a field
        return QAbstractButton.isCheckable(w)
    return isinstance(w, _CONTROLS)


def _check(el: Element, idx: QModelIndex, value: Value, expected: Any) -> None:
    """The model holds what the editor held: else FORM_INPUT_NOT_TAKEN (the app's
    setModelData or setData refused or changed it)."""
    model = QModelIndex.model(idx)
    held = model.data(idx, Qt.ItemDataRole.EditRole)
    if held is None:
        held = model.data(idx, Qt.ItemDataRole.DisplayRole)
    want = expected if expected is not UNCHECKED else value
    if _same(held, want) or _same(text(idx), want):
        return
    raise QtError("FORM_INPUT_NOT_TAKEN", f"{el.locator.role} {el.locator.name!r} holds "
                  f"{text(idx)!r}, not {want!r}: the app refused or changed the value",
                  ref=el.ref, role=el.locator.role, expected=str(want), actual=text(idx),
                  hint="Read the page again: the app may show why (a message, a field "
                       "marked invalid).")


def _same(held: Any, want: Any) -> bool:
    if isinstance(want, bool):  # a check box editor: a bool, "True"/"False", 0/1 or 0/2
        if isinstance(held, str):
            return held.strip().lower() == str(want).lower()
        return isinstance(held, int) and bool(held) == want
    if isinstance(held, bool):
        return False
    if isinstance(held, (int, float)) and isinstance(want, (int, float, str)):
        try:
            return float(held) == float(want)
        except ValueError:
            return False
    return str(held) == str(want)
