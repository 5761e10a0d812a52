"""chr.formInput: set a control's value the way the browser's form_input does, and say
what it showed before and after.

:func:`set_value` is the entry; the kinds of control live beside it: :mod:`.widgets`
(widgets and the tabs of a tab bar, through their accessible interfaces and the signals
a user's input emits), :mod:`.quick` (Qt Quick Controls, through their properties) and
:mod:`.values` (what a control takes: true/false, a number in range, an option, and the
FORM_INPUT_INVALID / FORM_INPUT_UNSUPPORTED errors). GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core.a11y.form import quick, widgets
from probe.core.a11y.form.values import Value
from probe.core.a11y.refs import Element
from probe.core.errors import QtError
from probe.core.objects.qtclass import qt_class


def _state(el: Element) -> dict[str, Any]:
    """What the control shows now: its value text and checked state."""
    if not el.is_item and not isinstance(el.widget, QWidget):  # a Qt Quick Control
        return quick.state_of(el.widget, el.locator.role)
    return widgets.state_of(el)


def set_value(el: Element, value: Value) -> dict[str, Any]:
    """Set ``el`` to ``value``; returns what it showed before and after."""
    before = _state(el)
    if el.is_item:
        widgets.set_item(el, value)
    else:
        _set_control(el, value)
    after = _state(el)
    return {"ref": el.ref, "role": el.locator.role, "name": el.locator.name,
            "previous": before, **after, "changed": before != after}


def _set_control(el: Element, value: Value) -> None:
    w = el.widget
    if not (QWidget.isEnabled(w) if isinstance(w, QWidget) else qt_class(w).isEnabled(w)):
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.locator.role} {el.locator.name!r} is "
                      "disabled", ref=el.ref, hint="Satisfy what enables it first.")
    if isinstance(w, QWidget):
        widgets.set_widget(el, w, value)
    else:  # a Qt Quick Control
        quick.set_control(el, w, value)
