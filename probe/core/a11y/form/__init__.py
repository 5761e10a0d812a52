"""chr.formInput: set a control's value the way the browser's form_input does, and say
what it showed before and after.

:func:`set_value` is the entry; the kinds of control live beside it: :mod:`.widgets`
(widgets and the tabs of a tab bar, through their accessible interfaces and the signals
a user's input emits), :mod:`.cells` (editable model items, through their view's
editor), :mod:`.quick` (Qt Quick Controls, through their properties) and :mod:`.values`
(what a control takes: true/false, a number in range, an option, and the
FORM_INPUT_INVALID / FORM_INPUT_UNSUPPORTED errors). GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core.a11y.form import cells, quick, spin, widgets
from probe.core.a11y.form.values import UNCHECKED, Value
from probe.core.a11y.identity import Element
from probe.core.errors import QtError
from probe.core.objects.qtclass import qt_class


def _state(el: Element) -> dict[str, Any]:
    """What the control shows now: its value text and checked state."""
    if not el.is_item and not isinstance(el.widget, QWidget):  # a Qt Quick Control
        return quick.state_of(el.widget, el.locator.role)
    state = widgets.state_of(el)
    cell = cells.target(el) if el.is_item else None
    if cell is not None:
        state["value"] = cells.text(cell)  # what the cell a form input edits shows
    return state




def set_value(el: Element, value: Value, renamed: Callable[[str], None] | None = None
              ) -> tuple[dict[str, Any], Any]:
    """Set ``el`` to ``value``; returns what it showed before and after, and what it must
    hold once the app has settled (:func:`read_back` compares it; ``UNCHECKED`` when
    there is nothing to compare). ``renamed`` is told the new text of an item the edit
    renamed (a cell is named by its text: its ref must go on naming it)."""
    before = _state(el)
    expected: Any = UNCHECKED
    cell = cells.target(el) if el.is_item else None
    if cell is not None and widgets.item_checked(el) is None:
        cells.set_cell(el, cell, value)
        shown = cells.name(el)
        if renamed is not None and shown is not None:
            renamed(shown)
        el = cells.again(el, shown)
    elif el.is_item:
        widgets.set_item(el, value)
    else:
        expected = _set_control(el, value)
    after = _state(el)
    return {"ref": el.ref, "role": el.locator.role, "name": el.locator.name,
            "previous": before, **after, "changed": before != after}, expected


def read_back(el: Element, out: dict[str, Any], expected: Any) -> dict[str, Any]:
    """After the app settled: what the control holds now must be what was set, else
    FORM_INPUT_NOT_TAKEN with ``expected`` and ``actual``; ``out`` gets the state as it is
    now (the answer states what the app holds, never what was asked)."""
    if expected is not UNCHECKED and isinstance(el.widget, QWidget) and not el.is_item:
        actual = widgets.holds(el, el.widget)
        if actual != expected:
            raise QtError(
                "FORM_INPUT_NOT_TAKEN",
                f"{el.locator.role} {el.locator.name!r} holds {spin.shown(actual)!r}, not "
                f"{spin.shown(expected)!r}: the app refused or changed the value",
                ref=el.ref, role=el.locator.role, expected=spin.shown(expected),
                actual=spin.shown(actual))
    now = _state(el)
    out.update(now)
    out["changed"] = out.get("previous") != now
    return out


def _set_control(el: Element, value: Value) -> Any:
    w = el.widget
    if not (QWidget.isEnabled(w) if isinstance(w, QWidget) else qt_class(w).isEnabled(w)):
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.locator.role} {el.locator.name!r} is "
                      "disabled", ref=el.ref, hint="Satisfy what enables it first.")
    if isinstance(w, QWidget):
        return widgets.set_widget(el, w, value)
    quick.set_control(el, w, value)  # a Qt Quick Control
    return UNCHECKED
