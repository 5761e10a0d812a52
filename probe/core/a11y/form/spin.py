"""chr.formInput on the QAbstractSpinBox family: spin boxes, date/time edits, custom ones.

A user types the whole value and presses Return (or leaves the field): the field then
holds it and emits ``editingFinished`` once. Here the value is checked and set as that
typing would leave it, then ``editingFinished`` is emitted once, so an app that commits
on it (most do) sees the edit. Typing key by key is no way to do it: a date edit walks
its sections and clamps each on its own (29 02 2024 typed over 15 01 2023 became 28 02
2024). Dates and times take ISO 8601 (``2024-02-29``, ``13:45``, ``2024-02-29T13:45``)
and the field's own display format (``29.02.2024`` for ``dd.MM.yyyy``). A spin box that is
none of Qt's own kinds takes the text as pasted (its validator decides) and is interpreted
as on Return. Each setter returns what the field must hold afterwards (the read-back
compares it). Qt is called through its classes. GUI thread.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QDate, QDateTime, Qt, QTime
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDateTimeEdit,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
)

from probe.core.a11y.form.values import Value, as_number, invalid
from probe.core.a11y.identity import Element
from probe.core.objects import qtchildren

_ISO = Qt.DateFormat.ISODate
_DATE = QDateTimeEdit.Section.DateSections_Mask
_TIME = QDateTimeEdit.Section.TimeSections_Mask
_SPACED = re.compile(r"^(\d{4}-\d\d-\d\d) (\d\d:\d\d(:\d\d(\.\d+)?)?)$")


def set_spin(el: Element, w: QAbstractSpinBox, value: Value) -> Any:
    """Set a spin box of any kind as typing and Return would; returns what was asked, in
    the terms of :func:`holds` (the read-back compares them)."""
    if isinstance(w, QDateTimeEdit):
        held = _set_when(el, w, value)
    elif isinstance(w, QSpinBox):
        number = as_number(el, value, QSpinBox.minimum(w), QSpinBox.maximum(w), True)
        held = int(number)
        QSpinBox.setValue(w, held)
    elif isinstance(w, QDoubleSpinBox):
        number = as_number(el, value, QDoubleSpinBox.minimum(w), QDoubleSpinBox.maximum(w),
                           False)
        held = round(float(number), QDoubleSpinBox.decimals(w))
        QDoubleSpinBox.setValue(w, held)
    else:
        held = _set_text(el, w, value)
    w.editingFinished.emit()  # once, as Return or leaving the field emits it
    return held


def holds(w: QAbstractSpinBox) -> Any:
    """What a spin box holds now, in the terms :func:`set_spin` returns."""
    if isinstance(w, QDateTimeEdit):
        return _shown_part(w, QDateTimeEdit.dateTime(w))
    if isinstance(w, QSpinBox):
        return QSpinBox.value(w)
    if isinstance(w, QDoubleSpinBox):
        return QDoubleSpinBox.value(w)
    return QAbstractSpinBox.text(w)


def shown(held: Any) -> Any:
    """A held value as the answer states it (dates and times in ISO 8601)."""
    if isinstance(held, (QDate, QTime, QDateTime)):
        return held.toString(_ISO)
    return held


def _set_text(el: Element, w: QAbstractSpinBox, value: Value) -> str:
    """A custom spin box: the text pasted over its own (its validator takes or refuses
    it), then interpreted as Return does."""
    text = value if isinstance(value, str) else str(value)
    edit = next(iter(qtchildren.find_children(w, QLineEdit, direct=True)), None)
    if edit is None:
        raise invalid(el, "this spin box has no text field to type into",
                      expected="a value its arrows reach (chr.click its arrows)")
    QLineEdit.selectAll(edit)
    QLineEdit.insert(edit, text)  # validated as a user's typing or pasting is
    QAbstractSpinBox.interpretText(w)
    got = QAbstractSpinBox.text(w)
    if got != text:
        raise invalid(el, f"the field does not accept {text!r} (it shows {got!r})",
                      expected="text its validator accepts", actual=got)
    return text


def _set_when(el: Element, w: QDateTimeEdit, value: Value) -> Any:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise invalid(el, "a date or time is expected", expected=_expected(w))
    now = QDateTimeEdit.dateTime(w)
    when = parse_when(str(value).strip(), QDateTimeEdit.displayFormat(w), now)
    if when is None:
        raise invalid(el, f"{value!r} is no date or time this field reads",
                      expected=_expected(w), format=QDateTimeEdit.displayFormat(w))
    lo, hi = QDateTimeEdit.minimumDateTime(w), QDateTimeEdit.maximumDateTime(w)
    if when < lo or when > hi:
        raise invalid(el, f"{value!r} is outside {lo.toString(_ISO)} .. {hi.toString(_ISO)}",
                      expected=_expected(w), minimum=lo.toString(_ISO),
                      maximum=hi.toString(_ISO))
    QDateTimeEdit.setDateTime(w, when)
    return _shown_part(w, when)


def parse_when(text: str, display: str, now: QDateTime) -> QDateTime | None:
    """``text`` as a date and/or time: ISO 8601 first, then the display format; the parts
    it does not give are kept from ``now``."""
    spaced = _SPACED.match(text)
    if spaced:
        text = f"{spaced.group(1)}T{spaced.group(2)}"
    for fmt in (_ISO, display):
        dt = QDateTime.fromString(text, fmt)
        if dt.isValid() and ("T" in text or fmt == display):
            return dt if fmt == _ISO else _merge(now, dt, display)
        d = QDate.fromString(text, fmt)
        if d.isValid():
            return QDateTime(d, now.time())
        t = QTime.fromString(text, fmt)
        if t.isValid():
            return QDateTime(now.date(), t)
    return None


def _merge(now: QDateTime, parsed: QDateTime, display: str) -> QDateTime:
    """A display-format parse keeps the parts the format does not show from ``now``."""
    has_date = any(c in display for c in "dMy")
    has_time = any(c in display for c in "hHms")
    return QDateTime(parsed.date() if has_date else now.date(),
                     parsed.time() if has_time else now.time())


def _shown_part(w: QDateTimeEdit, when: QDateTime) -> Any:
    """The part of a date-time the field shows: a date, a time, or both (to the
    precision of its display format)."""
    sections = QDateTimeEdit.displayedSections(w)
    has_date = bool(sections & _DATE)
    has_time = bool(sections & _TIME)
    display = QDateTimeEdit.displayFormat(w)
    if has_time:
        t = when.time()
        t = QTime(t.hour(), t.minute() if "m" in display else 0,
                  t.second() if "s" in display else 0)
        if not has_date:
            return t
        return QDateTime(when.date(), t)
    return when.date()


def _expected(w: QDateTimeEdit) -> str:
    return (f"a date/time in ISO 8601 (2024-02-29, 13:45, 2024-02-29T13:45) or as the field "
            f"shows it ({QDateTimeEdit.displayFormat(w)})")
