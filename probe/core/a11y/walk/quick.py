"""The walk of a QQuickWindow: its accessibility tree, in the same Node shape as the
widget walk (:mod:`.widgets`).

Importing it loads QtQuick: :func:`~probe.core.a11y.walk.walker_for` does so only for a
Quick window.

Qt Quick Controls have accessible interfaces (role, name, value, states); the walk goes
down the visual item tree (``childItems()``) and asks each visible item for its own
interface, like the widget walk asks each widget. Controls whose name Qt only fills in
while a screen reader is active (a Button's text) are named from their ``text``
property. A MouseArea (or an item holding one as its only input) with no accessible
role becomes a *gap filler* (``generic … clickable``) named from its QML id,
objectName or type. Bounds are scene (window) coordinates. GUI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QWindow
from PySide6.QtQuick import QQuickItem, QQuickWindow

from probe.core.a11y.nodes import Node
from probe.core.a11y.roles import HIDDEN, INTERACTIVE, ROLE_NAMES
from probe.core.a11y.walk import rules
from probe.core.objects import qmltypes
from probe.core.objects.text import clean_name, strip_mnemonic
from probe.core.qml import items as qml

_NAME = QAccessible.Text.Name
_VALUE = QAccessible.Text.Value


def is_mouse_area(item: QQuickItem) -> bool:
    return qml.type_name(item) == "MouseArea"


def _text_property(item: QQuickItem) -> str:
    for prop in ("text", "title"):
        value = QObject.property(item, prop)
        if isinstance(value, str) and value:
            return strip_mnemonic(value)
    return ""


def gap_name(item: QQuickItem) -> str:
    """What to call a clickable item without a role: its id, objectName, text or type."""
    return clean_name(qml.qml_id(item) or QObject.objectName(item) or _text_property(item)) \
        or qml.type_name(item)


def mouse_area_in(item: QQuickItem) -> QQuickItem | None:
    """An enabled MouseArea child of a text item (a clickable Label), or None."""
    for c in QQuickItem.childItems(item):
        if is_mouse_area(c) and QQuickItem.isEnabled(c) and QQuickItem.isVisible(c):
            return c
    return None


def _named_by_neighbours(nodes: list[Node]) -> list[Node]:
    """A check box, radio, switch or field with no name takes the text beside it in the
    same row (a delegate's ``CheckBox {}`` + ``Label { text: … }``); that text is not
    shown again on its own (unless it is clickable itself)."""
    out: list[Node] = []
    skip: set[int] = set()
    for i, node in enumerate(nodes):
        if i in skip:
            continue
        if node.name or node.role not in _NAMED_BY_TEXT:
            out.append(node)
            continue
        for j in (i + 1, i - 1):
            if 0 <= j < len(nodes) and j not in skip and nodes[j].role == "text" and \
                    _same_row(node, nodes[j]):
                node.name = nodes[j].name
                if nodes[j].interactive:  # a clickable label stays an element of its own
                    break
                if j == i - 1 and out and out[-1] is nodes[j]:
                    out.pop()
                skip.add(j)
                break
        out.append(node)
    return out


_NAMED_BY_TEXT = frozenset({"checkbox", "radio", "switch", "textbox", "spinbutton",
                            "combobox", "slider"})


def _same_row(a: Node, b: Node) -> bool:
    ay, ah, by, bh = a.bounds[1], a.bounds[3], b.bounds[1], b.bounds[3]
    return ay < by + bh and by < ay + ah


class QuickWalker:
    """Builds the flattened tree of one QQuickWindow (same Node shape as the widget walk).

    ``full_text``: values and texts are not cut (page text, a read of one element)."""

    def __init__(self, window: QQuickWindow, full_text: bool = False) -> None:
        self.window = window
        self.count = 0
        self.limit: int | None = None if full_text else rules.VALUE_LIMIT

    def walk(self) -> Node:
        w = self.window
        root = Node("window", clean_name(QWindow.title(w)), w, obj=w,  # type: ignore[arg-type]
                        bounds=(0, 0, QWindow.width(w), QWindow.height(w)))
        self._children(qmltypes.content_item(w), root.children, 0)
        self.count += 1
        return root

    def subtree(self, item: QObject) -> list[Node]:
        if item is self.window:
            return [self.walk()]
        out: list[Node] = []
        if isinstance(item, QQuickItem):
            self._item(item, out, 0)
        return out

    def items_of(self, item: QObject, path: tuple[int, ...]) -> list[Node]:
        return []  # quick elements are items themselves: refs never carry child paths

    def _children(self, item: QQuickItem, out: list[Node], depth: int) -> None:
        if depth >= rules.MAX_RAW_DEPTH:
            return
        kids = [c for c in QQuickItem.childItems(item)
                if QQuickItem.isVisible(c) and QQuickItem.opacity(c) > 0]
        placed: list[rules.Placed] = []
        for c in kids:
            x, y, w, h = qml.scene_rect(c)
            placed.append((x, y, w, h, c))
        found: list[Node] = []
        for *_, c in rules.reading_order(placed):
            self._item(c, found, depth + 1)
        out.extend(_named_by_neighbours(found))

    def _item(self, item: QQuickItem, out: list[Node], depth: int) -> None:
        iface = QAccessible.queryAccessibleInterface(item)
        role = "generic"
        name = ""
        st = None
        qrole = QAccessible.Role.NoRole
        if iface is not None and iface.isValid():
            qrole = iface.role()
            role = ROLE_NAMES.get(qrole, "generic")
            name = iface.text(_NAME) or ""
            st = iface.state()
        if role in HIDDEN:
            return
        if not name and role != "generic":
            name = _text_property(item)
        if not name and role in _NAMED_BY_TEXT:
            hint = QObject.property(item, "placeholderText")
            name = hint if isinstance(hint, str) else ""
        name = clean_name(name)
        gap = False
        owner = item
        if role == "generic" and is_mouse_area(item) and QQuickItem.isEnabled(item):
            gap = True
            name = gap_name(item)
        elif role == "generic" and qml.type_name(item) == "Text":  # no interface offscreen
            role, name = "text", clean_name(_text_property(item), rules.FULL)
        full = 0
        if role == "text":
            area = mouse_area_in(item)
            if area is not None:  # a clickable Label: the MouseArea takes the clicks
                gap, owner = True, area
            elif self.limit is not None:
                name, full = rules.cut(name, self.limit)
        kids: list[Node] = []
        if role not in rules.LEAF_ROLES:
            self._children(item, kids, depth)
        interactive = gap or role in INTERACTIVE
        if not interactive:
            if role == "generic" and not name:
                out.extend(kids)
                return
            if not name and not kids:
                return
        value = ""
        if role in rules.VALUE_ROLES and iface is not None and not (st and st.passwordEdit):
            value = iface.text(_VALUE) or ""
            if not value:
                current = QObject.property(item, "currentText") if role == "combobox" else \
                    QObject.property(item, "value") if role == "slider" else None
                if current is not None:
                    value = f"{current:g}" if isinstance(current, float) else str(current)
            value, full = rules.cut(value, self.limit)
        states = rules.states_of(st, role, qrole) if st is not None else []
        if role in ("checkbox", "radio", "switch") and "checked" not in states and \
                QObject.property(item, "checked"):
            states.append("checked")
        if not QQuickItem.isEnabled(item) and "disabled" not in states:
            states.append("disabled")
        x, y, w, h = qml.scene_rect(item)
        out.append(Node(role, name, owner, obj=owner, value=value,  # type: ignore[arg-type]
                            states=states, bounds=(x, y, w, h), interactive=interactive,
                            gap=gap, children=kids, full=full))
        self.count += 1
