"""chr.formInput on Qt Quick Controls: the signals a user's hand would cause.

Check boxes are clicked, a combo box picks an option and emits ``activated``, text fields
get ``text`` and ``textEdited``, sliders their value and ``moved``. GUI thread.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import Q_ARG, Q_RETURN_ARG, QMetaObject, QObject
from PySide6.QtWidgets import QWidget

from probe.core.a11y.form import values as fi
from probe.core.input import simulate as qinput
from probe.core.objects import qmltypes


def state_of(item: QObject, role: str) -> dict[str, Any]:
    """What a Qt Quick Control shows now, read from its properties (its accessible state
    is only kept current while a screen reader runs): value text and checked state."""
    out: dict[str, Any] = {}
    if role in ("checkbox", "radio", "switch"):
        check = QObject.property(item, "checkState")
        number = getattr(check, "value", check)
        out["value"] = ""
        out["checked"] = "mixed" if number == 1 else bool(QObject.property(item, "checked"))
        return out
    if QObject.inherits(item, "QQuickRangeSlider"):
        first = qmltypes.evaluate(item, "first.value")
        second = qmltypes.evaluate(item, "second.value")
        out["value"] = f"{first:g} – {second:g}" if isinstance(first, float) and \
            isinstance(second, float) else f"{first} – {second}"
        return out
    if QObject.inherits(item, "QQuickTumbler"):
        out["value"] = str(QObject.property(item, "currentIndex"))
        return out
    for prop in ("currentText", "text", "value"):
        value = QObject.property(item, prop)
        if value is not None and not isinstance(value, QObject):
            out["value"] = f"{value:g}" if isinstance(value, float) else str(value)
            return out
    out["value"] = ""
    return out


def set_control(el: Any, item: QObject, value: Any) -> None:
    """chr.formInput on a Qt Quick Control: check boxes are clicked, a combo box picks an
    option and emits ``activated``, text fields get ``text`` and ``textEdited``, sliders
    their value and ``moved`` — the signals a user's hand would cause."""
    role = el.locator.role
    if role in ("checkbox", "radio", "switch"):
        want = fi.as_bool(el, value)
        if bool(QObject.property(item, "checked")) != want:
            if not want and role == "radio":
                raise fi.invalid(el, "a radio button is unchecked by checking another one",
                                  expected="true")
            qinput.click(cast(QWidget, item))  # a Qt Quick item: click() takes both
        return
    if role == "combobox":
        _combo(el, item, value)
        return
    if role == "textbox":
        if isinstance(value, bool):
            raise fi.invalid(el, "a text field takes text, not a boolean", expected="string")
        if QObject.property(item, "readOnly"):
            raise fi.unsupported(el, "read-only")
        text = value if isinstance(value, str) else str(value)
        previous = QObject.property(item, "text")
        QObject.setProperty(item, "text", text)
        if QObject.property(item, "text") != text:
            QObject.setProperty(item, "text", previous)
            raise fi.invalid(el, f"the field does not accept {text!r}",
                              expected="shorter or different text")
        if previous != text:
            QMetaObject.invokeMethod(item, "textEdited")
        QMetaObject.invokeMethod(item, "editingFinished")
        return
    if QObject.inherits(item, "QQuickRangeSlider"):
        _range(el, item, value)
        return
    if QObject.inherits(item, "QQuickTumbler"):
        count = int(QObject.property(item, "count") or 0)
        index = int(fi.as_number(el, value, 0.0, float(max(count - 1, 0)), True))
        QObject.setProperty(item, "currentIndex", index)  # what a user's flick sets
        return
    if role in ("slider", "spinbutton"):
        lo, hi = QObject.property(item, "from"), QObject.property(item, "to")
        if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)):
            raise fi.unsupported(el, "its value is not a number")
        lo, hi = min(lo, hi), max(lo, hi)
        integer = role == "spinbutton"
        QObject.setProperty(item, "value", fi.as_number(el, value, float(lo), float(hi), integer))
        QMetaObject.invokeMethod(item, "moved" if role == "slider" else "valueModified")
        return
    raise fi.unsupported(el)


def _range(el: Any, item: QObject, value: Any) -> None:
    """A RangeSlider takes two numbers ("30-60", "30, 60" or [30, 60]): both handles are
    moved (``setValues``) and each moved handle emits its ``moved``, as a drag does."""
    parts: list[Any]
    if isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        text = str(value).replace("–", "-").replace(",", " ").replace(" - ", " ")
        parts = text.replace("-", " ", 1).split() if not text.startswith("-") else text.split()
    if len(parts) != 2:
        raise fi.invalid(el, f"a range slider takes two numbers, not {value!r}",
                          expected="'low-high', e.g. '30-60'")
    lo, hi = QObject.property(item, "from"), QObject.property(item, "to")
    lo, hi = min(lo, hi), max(lo, hi)
    first = fi.as_number(el, parts[0], float(lo), float(hi), False)
    second = fi.as_number(el, parts[1], float(lo), float(hi), False)
    if first > second:
        raise fi.invalid(el, "the first number is above the second", expected="low-high")
    before = (qmltypes.evaluate(item, "first.value"), qmltypes.evaluate(item, "second.value"))
    qmltypes.evaluate(item, f"setValues({first}, {second})")
    if before[0] != first:
        qmltypes.evaluate(item, "first.moved()")
    if before[1] != second:
        qmltypes.evaluate(item, "second.moved()")


def _combo(el: Any, item: QObject, value: Any) -> None:
    if isinstance(value, bool):
        raise fi.invalid(el, "a combo box takes an option's text", options=_options(item))
    text = value if isinstance(value, str) else str(value)
    options = _options(item)
    index = next((i for i, o in enumerate(options) if o == text), -1)
    if index < 0:
        index = next((i for i, o in enumerate(options) if o.lower() == text.lower()), -1)
    if index < 0:
        raise fi.invalid(el, f"{text!r} is not an option", expected="one of data.options",
                          options=options[:50], count=len(options))
    QObject.setProperty(item, "currentIndex", index)
    QMetaObject.invokeMethod(item, "activated", Q_ARG(int, index))


def _options(item: QObject) -> list[str]:
    """A ComboBox's option texts (textAt(i) for i < count)."""
    count = QObject.property(item, "count") or 0
    out = []
    for i in range(min(int(count), 500)):
        text = QMetaObject.invokeMethod(item, "textAt", Q_RETURN_ARG(str), Q_ARG(int, i))
        out.append(text if isinstance(text, str) else str(text))
    return out
