"""The values form input takes, shared by widgets and Qt Quick Controls.

What a control takes (true/false, a number in range, an option) and the two errors that
say it does not: FORM_INPUT_INVALID (the value does not fit) and FORM_INPUT_UNSUPPORTED
(the control takes no form input).
"""

from __future__ import annotations

import math
from typing import Any

from probe.core.a11y.identity import Element
from probe.core.errors import QtError

Value = str | bool | int | float
#: What a setter returns when there is nothing to read back (a tab chosen, a Qt Quick
#: Control, an editable text of no widget class the read-back knows).
UNCHECKED: object = object()

_TRUE = {"true", "on", "yes", "1", "checked", "check", "x"}
_FALSE = {"false", "off", "no", "0", "unchecked", "uncheck", ""}


def invalid(el: Element, message: str, **data: Any) -> QtError:
    return QtError("FORM_INPUT_INVALID", message, ref=el.ref, role=el.locator.role, **data)


def unsupported(el: Element, why: str = "") -> QtError:
    role = el.locator.role
    return QtError(
        "FORM_INPUT_UNSUPPORTED",
        f"a {role} cannot take form input{f' ({why})' if why else ''}",
        hint="form_input takes text fields, spin boxes, sliders, dials, check boxes, radio "
             "buttons, combo boxes, tabs, rows with a check box and editable cells; use "
             "chr.click or chr.type for the rest.",
        ref=el.ref, role=role)


def as_bool(el: Element, value: Value) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise invalid(el, f"a {el.locator.role} takes true or false, not {value!r}",
                   expected="boolean (true/false)")


def as_number(el: Element, value: Value, lo: float, hi: float, integer: bool) -> float | int:
    number: float
    if isinstance(value, bool):
        raise invalid(el, "a number is expected, not a boolean", expected=_range(lo, hi))
    if isinstance(value, (int, float)):
        number = float(value)
    else:
        text = value.strip().replace(",", ".") if isinstance(value, str) else ""
        try:
            number = float(text)
        except ValueError:
            raise invalid(el, f"{value!r} is not a number",
                           expected=_range(lo, hi), minimum=lo, maximum=hi) from None
    if not math.isfinite(number) or number < lo or number > hi:
        raise invalid(el, f"{value!r} is outside {lo:g}..{hi:g}", expected=_range(lo, hi),
                       minimum=lo, maximum=hi)
    if integer:
        if number != int(number):
            raise invalid(el, f"{value!r} is not a whole number", expected=_range(lo, hi),
                           minimum=lo, maximum=hi)
        return int(number)
    return number


def _range(lo: float, hi: float) -> str:
    return f"a number from {lo:g} to {hi:g}"
