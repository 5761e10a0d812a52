"""chr.formInput on widgets (and the tabs of a tab bar): a control's value set the way
the browser's form_input sets it.

Values go in through the accessibility interfaces (editable text, value, actions) and
the app's own signals fire as if a user did it: a text field also gets ``textEdited``
and ``editingFinished``, a combo box ``activated``; check boxes and radios are clicked
(``QAbstractButton.click``: pressed, released, clicked, toggled — the accessible Press
action is ``animateClick``, whose release only comes 100 ms later). Anything else is
FORM_INPUT_UNSUPPORTED naming the role; a value that does not fit is FORM_INPUT_INVALID
saying what the control takes. GUI thread.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QAccessible, QAccessibleActionInterface
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QTabBar,
    QTextEdit,
    QWidget,
)

from probe.core.a11y.form import spin
from probe.core.a11y.form.values import (
    UNCHECKED,
    Value,
    as_bool,
    as_number,
    invalid,
    unsupported,
)
from probe.core.a11y.identity import Element
from probe.core.a11y.labels import readout_of, readout_value
from probe.core.a11y.viewrows import check_state
from probe.core.errors import QtError
from probe.core.input import simulate as qinput
from probe.core.objects import qtchildren
from probe.core.objects.text import strip_mnemonic

_OPTIONS_LIMIT = 50


def state_of(el: Element) -> dict[str, Any]:
    """What a widget or item shows now, read from its accessible interface: its value
    text, checked state and (items) selected state."""
    iface = el.iface
    st = iface.state()
    out: dict[str, Any] = {"value": iface.text(QAccessible.Text.Value) or ""}
    readout = readout_of(el.widget) if not el.is_item and \
        isinstance(el.widget, QAbstractSlider) else None
    if readout is not None:
        out["value"] = QLabel.text(readout).strip()  # the value as the app shows it
    if st.checkable or (not el.is_item and isinstance(el.widget, QAbstractButton)
                        and QAbstractButton.isCheckable(el.widget)):
        out["checked"] = "mixed" if st.checkStateMixed else bool(st.checked)
    checked = item_checked(el)  # a row's check box, from its model (as readPage says)
    if checked is not None:
        out["checked"] = checked
    if el.is_item:
        out["selected"] = bool(st.selected)
    return out


def set_item(el: Element, value: Value) -> None:
    """An item that is no widget: a tab (pressed to choose it) or a model item with a
    check box (checked or unchecked as a user does)."""
    if item_checked(el) is not None:
        _check_item(el, value)
        return
    if el.locator.role != "tab":
        raise unsupported(el, "an item with no check box: click it with chr.click")
    if value is False:
        raise invalid(el, "a tab is chosen with true (or its name); choose another tab to "
                           "leave it", expected="true")
    iface = el.iface
    if iface.state().disabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"tab {el.locator.name!r} is disabled", ref=el.ref)
    actions = iface.actionInterface()
    press = QAccessibleActionInterface.pressAction()
    if actions is None or press not in actions.actionNames():
        raise unsupported(el, "this tab has no press action")
    actions.doAction(press)  # the app's code runs: nothing of the interface is used after


def item_checked(el: Element) -> bool | str | None:
    """A model item's check box: True, False or "mixed"; None when it shows none (or the
    element is no model item: a scene item's spot)."""
    idx = el.index
    if idx is None:
        return None
    model = QModelIndex.model(idx)
    return check_state(model, idx, model.flags(idx))


def _check_item(el: Element, value: Value) -> None:
    """Check or uncheck a row's check box as a user's keyboard does: the row made current,
    then Space, which the view's delegate takes as a toggle. FORM_INPUT_NOT_TAKEN when
    the delegate does not (one that takes only a click on its own drawing)."""
    want = as_bool(el, value)
    idx = el.index
    if not QModelIndex.model(idx).flags(idx) & Qt.ItemFlag.ItemIsEnabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.locator.role} {el.locator.name!r} is "
                      "disabled", ref=el.ref, hint="Satisfy what enables it first.")
    if item_checked(el) == want:
        return
    QAbstractItemView.setCurrentIndex(el.view, idx)
    qinput.key(el.view, "space")
    now = item_checked(el)
    if now != want:
        raise QtError("FORM_INPUT_NOT_TAKEN", f"{el.locator.role} {el.locator.name!r} is "
                      f"still {'checked' if now is True else 'mixed' if now else 'unchecked'}"
                      ": its view did not toggle it on Space", ref=el.ref,
                      role=el.locator.role, expected=want, actual=now,
                      hint="Click its check box (chr.click on the ref, or at the box with "
                           "chr.computer) and read the page again.")


def set_widget(el: Element, w: QWidget, value: Value) -> Any:
    """A widget control, by its kind (an enabled one: the caller checked); returns what it
    must hold afterwards (what was asked, in the terms of :func:`holds`)."""
    if isinstance(w, QComboBox):
        return _combo(el, w, value)
    if isinstance(w, QAbstractButton) and QAbstractButton.isCheckable(w):
        return _check(el, w, value)
    if isinstance(w, QGroupBox) and QGroupBox.isCheckable(w):
        return _group(el, w, value)
    if isinstance(w, QTabBar):
        return _tab_bar(el, w, value)
    if isinstance(w, QAbstractSpinBox):
        if el.iface.state().readOnly or QAbstractSpinBox.isReadOnly(w):
            raise unsupported(el, "read-only")
        return spin.set_spin(el, w, value)
    if el.iface.editableTextInterface() is not None:
        return _text(el, w, value)
    if el.iface.valueInterface() is not None:
        return _number(el, w, value)
    raise unsupported(el)


def holds(el: Element, w: QWidget) -> Any:
    """What a control holds now, read from the widget (not its accessible cache): the
    terms the read-back after a form input compares."""
    if isinstance(w, QComboBox):
        return QComboBox.currentText(w)
    if isinstance(w, QCheckBox) and QCheckBox.isTristate(w):
        state = QCheckBox.checkState(w)
        return "mixed" if state == Qt.CheckState.PartiallyChecked else \
            state == Qt.CheckState.Checked
    if isinstance(w, QAbstractButton) and QAbstractButton.isCheckable(w):
        return QAbstractButton.isChecked(w)
    if isinstance(w, QGroupBox) and QGroupBox.isCheckable(w):
        return QGroupBox.isChecked(w)
    if isinstance(w, QTabBar):
        return QTabBar.currentIndex(w)
    if isinstance(w, QAbstractSpinBox):
        return spin.holds(w)
    if isinstance(w, QLineEdit):
        return QLineEdit.text(w)
    if isinstance(w, QTextEdit):
        return QTextEdit.toPlainText(w)
    if isinstance(w, QPlainTextEdit):
        return QPlainTextEdit.toPlainText(w)
    if isinstance(w, QAbstractSlider):
        return QAbstractSlider.value(w)
    return state_of(el).get("value")


def _group(el: Element, w: QGroupBox, value: Value) -> bool:
    """A checkable group box's title check, toggled as a user's click does (toggled and
    clicked fire)."""
    want = as_bool(el, value)
    if QGroupBox.isChecked(w) != want:
        QGroupBox.setChecked(w, want)
        w.clicked[bool].emit(want)  # pyright: ignore[reportIndexIssue]  # PySide6's stub lacks SignalInstance[...]
    return want


def _text(el: Element, w: QWidget, value: Value) -> Any:
    if isinstance(value, bool):
        raise invalid(el, "a text field takes text, not a boolean", expected="string")
    text = value if isinstance(value, str) else f"{value:g}" if isinstance(value, float) \
        else str(value)
    if el.iface.state().readOnly:
        raise unsupported(el, "read-only")
    editable = el.iface.editableTextInterface()
    chars = el.iface.textInterface()
    count = chars.characterCount() if chars is not None else 0
    if isinstance(w, QLineEdit):
        previous = QLineEdit.text(w)
        editable.replaceText(0, count, text)
        if QLineEdit.text(w) != text or not QLineEdit.hasAcceptableInput(w):
            got = QLineEdit.text(w)
            QLineEdit.setText(w, previous)
            expected: dict[str, Any] = {}
            if QLineEdit.maxLength(w) < 32767:
                expected["maxLength"] = QLineEdit.maxLength(w)
            if QLineEdit.inputMask(w):
                expected["inputMask"] = QLineEdit.inputMask(w)
            if QLineEdit.validator(w) is not None:
                expected["validator"] = QObject.metaObject(QLineEdit.validator(w)).className()
            raise invalid(el, f"the field does not accept {text!r} (it kept {got!r})",
                           expected=expected or "shorter or different text")
        if previous != text:
            w.textEdited.emit(text)  # what a user's typing emits besides textChanged
        w.editingFinished.emit()
        return text
    editable.replaceText(0, count, text)
    return text if isinstance(w, (QTextEdit, QPlainTextEdit)) else UNCHECKED


def _scaled(el: Element, w: QAbstractSlider, value: Value) -> int | None:
    """A slider whose value a read-out label beside it shows scaled (43.50 for 4350): the
    value is in the read-out's terms. False when there is no read-out or its scale cannot
    be told (it shows 0). Returns the slider's value asked for, None when not scaled."""
    readout = readout_of(w)
    shown = readout_value(readout) if readout is not None else None
    raw = QAbstractSlider.value(w)
    if not shown or not raw:
        return None
    factor = raw / shown
    power = 10.0 ** round(math.log10(abs(factor)))
    if abs(factor / power - 1) < 0.05:
        factor = power  # the read-out rounds: scales are powers of ten
    lo, hi = QAbstractSlider.minimum(w) / factor, QAbstractSlider.maximum(w) / factor
    number = as_number(el, value, min(lo, hi), max(lo, hi), False)
    target = round(float(number) * factor)
    QAbstractSlider.setValue(w, target)
    return target


def _number(el: Element, w: QWidget, value: Value) -> Any:
    if isinstance(w, QAbstractSlider):
        target = _scaled(el, w, value)
        if target is not None:
            return target
    vi = el.iface.valueInterface()
    lo, hi, cur = vi.minimumValue(), vi.maximumValue(), vi.currentValue()
    if not all(isinstance(v, (int, float)) for v in (lo, hi, cur)):
        raise unsupported(el, "its value is not a number")
    if el.iface.state().readOnly:
        raise unsupported(el, "read-only")
    integer = isinstance(cur, int) and not isinstance(cur, bool)
    number = as_number(el, value, float(lo), float(hi), integer)
    vi.setCurrentValue(number)
    return number if isinstance(w, QAbstractSlider) else UNCHECKED


def _check(el: Element, w: QAbstractButton, value: Value) -> Any:
    if isinstance(w, QCheckBox) and QCheckBox.isTristate(w) and isinstance(value, str) and \
            value.strip().lower() in ("mixed", "partial", "indeterminate"):
        QCheckBox.setCheckState(w, Qt.CheckState.PartiallyChecked)
        return "mixed"
    want = as_bool(el, value)
    if QAbstractButton.isChecked(w) == want:
        return want
    if not want and isinstance(w, QRadioButton) and QAbstractButton.autoExclusive(w):
        parent = QWidget.parentWidget(w)
        group = QAbstractButton.group(w).buttons() if QAbstractButton.group(w) is not None else [
            b for b in (qtchildren.find_children(parent, QRadioButton)
                        if parent is not None else [])
            if QWidget.parentWidget(b) is QWidget.parentWidget(w)]
        others = [strip_mnemonic(QAbstractButton.text(b)) for b in group if b is not w]
        raise invalid(el, "a radio button is unchecked by checking another one of its group",
                       expected="true, or set one of data.options to true", options=others)
    QAbstractButton.click(w)
    return want


def _combo(el: Element, w: QComboBox, value: Value) -> str:
    if isinstance(value, bool):
        raise invalid(el, "a combo box takes an option's text", options=_options(w))
    text = value if isinstance(value, str) else f"{value:g}" if isinstance(value, float) \
        else str(value)
    exact = Qt.MatchFlag.MatchFixedString | Qt.MatchFlag.MatchCaseSensitive
    index = QComboBox.findText(w, text, exact)
    if index < 0:
        index = QComboBox.findText(w, text, Qt.MatchFlag.MatchFixedString)  # case-insensitive
    if index < 0:
        data = [QComboBox.itemData(w, i) for i in range(QComboBox.count(w))]
        index = next((i for i, d in enumerate(data) if d is not None and str(d) == text), -1)
    if index < 0:
        if QComboBox.isEditable(w):
            QComboBox.setEditText(w, text)
            return text
        raise invalid(el, f"{text!r} is not an option", expected="one of data.options",
                       options=_options(w), count=QComboBox.count(w))
    if index != QComboBox.currentIndex(w):
        QComboBox.setCurrentIndex(w, index)
    w.activated.emit(index)  # a user's choice emits activated even for the same item
    w.textActivated.emit(QComboBox.itemText(w, index))
    return QComboBox.itemText(w, index)


def _options(w: QComboBox) -> list[str]:
    return [QComboBox.itemText(w, i) for i in range(min(QComboBox.count(w), _OPTIONS_LIMIT))]


def _tab_bar(el: Element, w: QTabBar, value: Value) -> int:
    names = [strip_mnemonic(QTabBar.tabText(w, i)) for i in range(QTabBar.count(w))]
    text = str(value).strip().lower()
    index = next((i for i, n in enumerate(names) if n.lower() == text), -1)
    if index < 0 and isinstance(value, int) and not isinstance(value, bool):
        index = value if 0 <= value < QTabBar.count(w) else -1
    if index < 0:
        raise invalid(el, f"no tab {value!r}", expected="a tab's name", options=names)
    if not QTabBar.isTabEnabled(w, index):
        raise QtError("ELEMENT_NOT_ENABLED", f"tab {names[index]!r} is disabled", ref=el.ref)
    QTabBar.setCurrentIndex(w, index)
    return index
