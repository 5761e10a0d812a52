"""What both walks (widgets and Qt Quick) share, so their trees read alike.

Which roles show a value, which keep their parts to themselves (a spin box's line edit is
not walked), how long a value may be in the outline, the Chrome-style states named from
an accessible state, and the reading order of siblings.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAccessible

from probe.core.a11y.roles import POPUP_ROLES

#: Nesting beyond which a walk stops (guards against pathological trees).
MAX_RAW_DEPTH = 200
#: Roles whose value (text) is shown.
VALUE_ROLES = frozenset({"textbox", "spinbutton", "slider", "combobox", "progressbar",
                         "scrollbar"})
EDITABLE_ROLES = frozenset({"textbox", "spinbutton", "combobox"})

#: Controls whose child widgets are their own parts (a spin box's line edit, a combo's
#: popup, a text edit's viewport): not walked.
LEAF_ROLES = frozenset({"textbox", "spinbutton", "combobox", "checkbox", "radio", "button",
                        "slider", "switch", "progressbar", "link", "text", "scrollbar"})

#: Longest value (or text) in the outline; the rest is read with ref_id or page text.
VALUE_LIMIT = 200
#: No limit (a text read whole).
FULL = 1 << 62
#: A child as placed for reading order: (x, y, width, height, the widget or item).
Placed = tuple[int, int, int, int, Any]


def cut(text: str, limit: int | None) -> tuple[str, int]:
    """``text`` cut to ``limit`` characters (ending in …) and its full length, or
    ``(text, 0)`` when it fits."""
    if limit is None or len(text) <= limit:
        return text, 0
    return text[: limit - 1] + "…", len(text)


def states_of(st: QAccessible.State, role: str, qrole: QAccessible.Role) -> list[str]:
    """The Chrome-style states that are set (absent means false; a checkable menu entry
    that is not checked says ``unchecked``, as nothing else tells it is a toggle)."""
    out: list[str] = []
    if st.focused:
        out.append("focused")
    if st.disabled:
        out.append("disabled")
    if st.checkStateMixed:
        out.append("mixed")
    elif st.checked:
        out.append("checked")
    elif st.checkable and role == "menuitem":
        out.append("unchecked")  # a toggle: its role does not say so, as a check box's does
    if st.expandable:
        if st.expanded:
            out.append("expanded")
        elif role != "combobox":  # a closed combo box is the normal case
            out.append("collapsed")
    if st.selected:
        out.append("selected")
    if role in EDITABLE_ROLES and st.readOnly:
        out.append("readonly")
    if st.multiLine and role == "textbox":
        out.append("multiline")
    if st.passwordEdit:
        out.append("password")
    if st.hasPopup or (qrole in POPUP_ROLES and role == "button"):
        out.append("hasPopup")
    if st.modal:
        out.append("modal")
    return out


def reading_order(items: list[Placed]) -> list[Placed]:
    """Rows top to bottom (children that overlap vertically share a row), then left to right."""
    if len(items) < 2:
        return items
    items.sort(key=lambda t: t[1])
    rows: list[list[Placed]] = []
    bottom = -1
    for it in items:
        _x, y, _w, h, _ = it
        if rows and y < bottom - min(h, 8) // 2:
            rows[-1].append(it)
            bottom = max(bottom, y + h)
        else:
            rows.append([it])
            bottom = y + h
    out: list[Placed] = []
    for row in rows:
        if len(row) > 1:
            row.sort(key=lambda t: t[0])
        out.extend(row)
    return out
