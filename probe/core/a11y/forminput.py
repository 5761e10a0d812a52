"""chr.formInput: set a control's value the way the browser's form_input does.

Values go in through the accessibility interfaces (editable text, value, actions) and
the app's own signals fire as if a user did it: a text field also gets ``textEdited``
and ``editingFinished``, a combo box ``activated``; check boxes and radios are clicked
(``QAbstractButton.click``: pressed, released, clicked, toggled — the accessible Press
action is ``animateClick``, whose release only comes 100 ms later). Anything else is
FORM_INPUT_UNSUPPORTED naming the role; a value that does not fit is FORM_INPUT_INVALID
saying what the control takes. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleActionInterface
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QRadioButton,
    QTabBar,
    QWidget,
)

from probe.core.a11y import quickform
from probe.core.a11y.formrules import Value, as_bool, as_number, invalid, unsupported
from probe.core.a11y.refs import Element
from probe.core.errors import QtError
from probe.core.objects.text import strip_mnemonic

_OPTIONS_LIMIT = 50


def _state(el: Element) -> dict[str, Any]:
    """What the control shows now: its value text and checked state."""
    if not el.is_item and not isinstance(el.widget, QWidget):  # a Qt Quick Control
        return quickform.state(el.widget, el.locator.role)
    iface = el.iface
    st = iface.state()
    out: dict[str, Any] = {"value": iface.text(QAccessible.Text.Value) or ""}
    if st.checkable or (not el.is_item and isinstance(el.widget, QAbstractButton)
                        and el.widget.isCheckable()):
        out["checked"] = "mixed" if st.checkStateMixed else bool(st.checked)
    if el.is_item:
        out["selected"] = bool(st.selected)
    return out


def set_value(el: Element, value: Value) -> dict[str, Any]:
    """Set ``el`` to ``value``; returns what it showed before and after."""
    before = _state(el)
    if el.is_item:
        _item(el, value)
    else:
        _widget(el, value)
    after = _state(el)
    return {"ref": el.ref, "role": el.locator.role, "name": el.locator.name,
            "previous": before, **after, "changed": before != after}


def _item(el: Element, value: Value) -> None:
    if el.locator.role != "tab":
        raise unsupported(el, "an item: click it with chr.click")
    if value is False:
        raise invalid(el, "a tab is chosen with true (or its name); choose another tab to "
                           "leave it", expected="true")
    if el.iface.state().disabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"tab {el.locator.name!r} is disabled", ref=el.ref)
    actions = el.iface.actionInterface()
    press = QAccessibleActionInterface.pressAction()
    if actions is None or press not in actions.actionNames():
        raise unsupported(el, "this tab has no press action")
    actions.doAction(press)


def _widget(el: Element, value: Value) -> None:
    w = el.widget
    if not w.isEnabled():
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.locator.role} {el.locator.name!r} is "
                      "disabled", ref=el.ref, hint="Satisfy what enables it first.")
    if not isinstance(w, QWidget):  # a Qt Quick Control
        quickform.set_value(el, w, value)
    elif isinstance(w, QComboBox):
        _combo(el, w, value)
    elif isinstance(w, QAbstractButton) and w.isCheckable():
        _check(el, w, value)
    elif isinstance(w, QTabBar):
        _tab_bar(el, w, value)
    elif el.iface.editableTextInterface() is not None and not isinstance(w, QAbstractSpinBox):
        _text(el, w, value)
    elif el.iface.valueInterface() is not None:
        _number(el, w, value)
    else:
        raise unsupported(el)


def _text(el: Element, w: QWidget, value: Value) -> None:
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
        previous = w.text()
        editable.replaceText(0, count, text)
        if w.text() != text or not w.hasAcceptableInput():
            got = w.text()
            w.setText(previous)
            expected: dict[str, Any] = {}
            if w.maxLength() < 32767:
                expected["maxLength"] = w.maxLength()
            if w.inputMask():
                expected["inputMask"] = w.inputMask()
            if w.validator() is not None:
                expected["validator"] = w.validator().metaObject().className()
            raise invalid(el, f"the field does not accept {text!r} (it kept {got!r})",
                           expected=expected or "shorter or different text")
        if previous != text:
            w.textEdited.emit(text)  # what a user's typing emits besides textChanged
        w.editingFinished.emit()
        return
    editable.replaceText(0, count, text)


def _number(el: Element, w: QWidget, value: Value) -> None:
    vi = el.iface.valueInterface()
    lo, hi, cur = vi.minimumValue(), vi.maximumValue(), vi.currentValue()
    if not all(isinstance(v, (int, float)) for v in (lo, hi, cur)):
        raise unsupported(el, "its value is not a number")
    if el.iface.state().readOnly:
        raise unsupported(el, "read-only")
    integer = isinstance(cur, int) and not isinstance(cur, bool)
    vi.setCurrentValue(as_number(el, value, float(lo), float(hi), integer))


def _check(el: Element, w: QAbstractButton, value: Value) -> None:
    if isinstance(w, QCheckBox) and w.isTristate() and isinstance(value, str) and \
            value.strip().lower() in ("mixed", "partial", "indeterminate"):
        w.setCheckState(Qt.CheckState.PartiallyChecked)
        return
    want = as_bool(el, value)
    if w.isChecked() == want:
        return
    if not want and isinstance(w, QRadioButton) and w.autoExclusive():
        group = w.group().buttons() if w.group() is not None else [
            b for b in (w.parentWidget().findChildren(QRadioButton)
                        if w.parentWidget() is not None else [])
            if b.parentWidget() is w.parentWidget()]
        others = [strip_mnemonic(b.text()) for b in group if b is not w]
        raise invalid(el, "a radio button is unchecked by checking another one of its group",
                       expected="true, or set one of data.options to true", options=others)
    w.click()


def _combo(el: Element, w: QComboBox, value: Value) -> None:
    if isinstance(value, bool):
        raise invalid(el, "a combo box takes an option's text", options=_options(w))
    text = value if isinstance(value, str) else f"{value:g}" if isinstance(value, float) \
        else str(value)
    index = w.findText(text, Qt.MatchFlag.MatchFixedString | Qt.MatchFlag.MatchCaseSensitive)
    if index < 0:
        index = w.findText(text, Qt.MatchFlag.MatchFixedString)  # case-insensitive
    if index < 0:
        index = next((i for i in range(w.count())
                      if w.itemData(i) is not None and str(w.itemData(i)) == text), -1)
    if index < 0:
        if w.isEditable():
            w.setEditText(text)
            return
        raise invalid(el, f"{text!r} is not an option", expected="one of data.options",
                       options=_options(w), count=w.count())
    if index != w.currentIndex():
        w.setCurrentIndex(index)
    w.activated.emit(index)  # a user's choice emits activated even for the same item
    w.textActivated.emit(w.itemText(index))


def _options(w: QComboBox) -> list[str]:
    return [w.itemText(i) for i in range(min(w.count(), _OPTIONS_LIMIT))]


def _tab_bar(el: Element, w: QTabBar, value: Value) -> None:
    names = [strip_mnemonic(w.tabText(i)) for i in range(w.count())]
    text = str(value).strip().lower()
    index = next((i for i, n in enumerate(names) if n.lower() == text), -1)
    if index < 0 and isinstance(value, int) and not isinstance(value, bool):
        index = value if 0 <= value < w.count() else -1
    if index < 0:
        raise invalid(el, f"no tab {value!r}", expected="a tab's name", options=names)
    if not w.isTabEnabled(index):
        raise QtError("ELEMENT_NOT_ENABLED", f"tab {names[index]!r} is disabled", ref=el.ref)
    w.setCurrentIndex(index)
