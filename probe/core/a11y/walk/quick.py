"""The walk of a QQuickWindow: its accessibility tree, in the same Node shape as the
widget walk (:mod:`.widgets`).

Importing it loads QtQuick: :func:`~probe.core.a11y.walk.walker_for` does so only for a
Quick window.

Qt Quick Controls have accessible interfaces, but offscreen (no screen reader) they give
only a role: names, values and states are read from the controls' properties
(:mod:`probe.core.qml.controls`). The walk starts at the window's root item (menu bar,
header, content, the overlay with open popups), goes down the visual item tree
(``childItems()``) and asks each visible item for its interface, like the widget walk
asks each widget. A field is named by its Accessible.name, placeholder or the label
beside it, never by its own text. A clickable area (an enabled MouseArea, an item with a
TapHandler) becomes a *gap filler* (``generic … clickable``) named by the text shown in
it, its QML id, objectName or type last. While a modal popup is open in the overlay,
what lies outside it is inert (no refs). Bounds are scene (window) coordinates. GUI
thread.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QWindow
from PySide6.QtQuick import QQuickItem, QQuickWindow

from probe.core import faults
from probe.core.a11y.nodes import Node
from probe.core.a11y.roles import HIDDEN, INTERACTIVE, ROLE_NAMES
from probe.core.a11y.walk import rules
from probe.core.objects import qmltypes, qtchildren
from probe.core.objects.text import clean_name, strip_mnemonic
from probe.core.qml import controls, popups
from probe.core.qml import items as qml

_NAME = QAccessible.Text.Name
_VALUE = QAccessible.Text.Value


#: An item's role by its C++ class, for one that could not be read (most specific first).
_CLASS_ROLES = (
    ("QQuickCheckBox", "checkbox"), ("QQuickRadioButton", "radio"),
    ("QQuickSwitch", "switch"), ("QQuickAbstractButton", "button"),
    ("QQuickTextInput", "textbox"), ("QQuickTextEdit", "textbox"),
    ("QQuickSpinBox", "spinbutton"), ("QQuickComboBox", "combobox"),
    ("QQuickSlider", "slider"), ("QQuickDial", "slider"),
    ("QQuickProgressBar", "progressbar"), ("QQuickText", "text"),
    ("QQuickTableView", "table"), ("QQuickListView", "list"),
)


def class_role(item: QObject) -> str:
    """The role an item's class says it has (``generic`` for any other item)."""
    return next((role for cls, role in _CLASS_ROLES if QObject.inherits(item, cls)),
                "generic")


def is_mouse_area(item: QQuickItem) -> bool:
    return qml.type_name(item) == "MouseArea"


def takes_clicks(area: QQuickItem) -> bool:
    """Whether a MouseArea takes a button at all: one with ``acceptedButtons:
    Qt.NoButton`` is there for hovering (a tool tip), and a click on it does nothing."""
    return bool(QObject.property(area, "acceptedButtons"))


def _text_property(item: QObject) -> str:
    for prop in ("text", "title"):
        value = QObject.property(item, prop)
        if isinstance(value, str) and value:
            return strip_mnemonic(value)
    return ""


def _content_text(item: QQuickItem) -> str:
    """The text a control's ``contentItem`` shows when the control has none of its own: a
    Button whose contentItem is an IconLabel bound to something else (Qt Quick Dialogs'
    FileDialog places under the Fusion, Imagine, Material and Universal styles)."""
    content = QObject.property(item, "contentItem")
    return _text_property(content) if isinstance(content, QObject) else ""


def gap_name(item: QQuickItem) -> str:
    """What to call a clickable item without a role: its id, objectName, text or type."""
    return clean_name(qml.qml_id(item) or QObject.objectName(item) or _text_property(item)) \
        or qml.type_name(item)


def mouse_area_in(item: QQuickItem) -> QQuickItem | None:
    """An enabled MouseArea child of a text item that takes clicks (a clickable Label), or
    None."""
    for c in qmltypes.child_items(item):
        if is_mouse_area(c) and QQuickItem.isEnabled(c) and QQuickItem.isVisible(c) and \
                takes_clicks(c):
            return c
    return None


def _texts_under(area: QQuickItem) -> str:
    """The text a MouseArea covers: its parent's other children that show text inside the
    area (``Rectangle { Text {…}; MouseArea { anchors.fill: parent } }``)."""
    parent = QQuickItem.parentItem(area)
    if parent is None:
        return ""
    ax, ay, aw, ah = qml.scene_rect(area)
    found = []
    for sibling in qmltypes.child_items(parent):
        if sibling is area or not QQuickItem.isVisible(sibling):
            continue
        x, y, w, h = qml.scene_rect(sibling)
        if ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah:
            text = _text_property(sibling) if qml.type_name(sibling) in ("Text", "Label") \
                else controls.shown_text(sibling)
            if text:
                found.append(clean_name(text))
    return " ".join(found)


def _absorbed(nodes: list[Node]) -> list[Node]:
    """Without the plain texts a clickable area beside them took as its name."""
    areas = [n for n in nodes if n.gap and n.role != "text" and n.name]
    if not areas:
        return nodes

    def inside(t: Node) -> bool:
        x, y, w, h = t.bounds
        return any(a.bounds[0] <= x and a.bounds[1] <= y and x + w <= a.bounds[0] + a.bounds[2]
                   and y + h <= a.bounds[1] + a.bounds[3] and t.name in a.name for a in areas)

    return [n for n in nodes if n.interactive or n.role != "text" or not inside(n)]


def _in_table(item: QQuickItem) -> bool:
    """A TableView's delegate (a cell): the view's content item holds it."""
    parent = QQuickItem.parentItem(item)
    view = QQuickItem.parentItem(parent) if parent is not None else None
    return view is not None and QObject.inherits(view, "QQuickTableView") and \
        not QObject.inherits(view, "QQuickTreeView")


def _named_by_neighbours(nodes: list[Node]) -> list[Node]:
    """A check box, radio, switch or field with no name takes the text beside it in the
    same row (a delegate's ``CheckBox {}`` + ``Label { text: … }``); that text is not
    shown again on its own (unless it is clickable itself). A check box's text follows
    it, else precedes it; a field's label precedes it (``Label "Width"``, ``Slider``,
    ``Label "4"``: what follows a slider or a field is its value or unit, not its name)."""
    out: list[Node] = []
    skip: set[int] = set()
    for i, node in enumerate(nodes):
        if i in skip:
            continue
        if node.name or node.role not in _NAMED_BY_TEXT:
            out.append(node)
            continue
        for j in (i + 1, i - 1) if node.role in _TEXT_AFTER else (i - 1,):
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


#: Roles a control's shown text names (a value field's content is its value, not its name).
_NAMED_BY_CONTENT = frozenset({"button", "menuitem", "tab", "checkbox", "radio", "switch"})
#: Roles whose own text usually stands after them (``CheckBox {}`` + ``Label {}``).
_TEXT_AFTER = frozenset({"checkbox", "radio", "switch"})
_NAMED_BY_TEXT = frozenset({"checkbox", "radio", "switch", "textbox", "spinbutton",
                            "combobox", "slider", "progressbar"})


def _same_row(a: Node, b: Node) -> bool:
    ay, ah, by, bh = a.bounds[1], a.bounds[3], b.bounds[1], b.bounds[3]
    return ay < by + bh and by < ay + ah


def _modal_popups(window: QQuickWindow) -> list[QObject]:
    return [p for p in popups.in_overlay(window) if popups.is_modal(p)]


class QuickWalker:
    """Builds the flattened tree of one QQuickWindow (same Node shape as the widget walk).

    ``full_text``: values and texts are not cut (page text, a read of one element)."""

    def __init__(self, window: QQuickWindow, full_text: bool = False) -> None:
        self.window = window
        self.count = 0
        self.limit: int | None = None if full_text else rules.VALUE_LIMIT
        #: the item of the top modal popup in the overlay: what lies outside it is inert
        #: (a user's click there only closes the popup), so it gets no ref
        self.top: QQuickItem | None = None
        self.inert = False

    def walk(self) -> Node:
        controls.give_roles()
        w = self.window
        modal = faults.value(_modal_popups, [], w, obj=w)
        self.top = popups.popup_item(modal[-1]) if modal else None
        self.inert = self.top is not None
        root = Node("window", clean_name(QWindow.title(w)), w, obj=w,  # pyright: ignore[reportArgumentType]  # Node.owner holds Quick items too
                        bounds=(0, 0, QWindow.width(w), QWindow.height(w)))
        self._children(qmltypes.content_item(w), root.children, 0)
        self.count += 1
        return root

    def subtree(self, item: QObject) -> list[Node]:
        if item is self.window:
            return [self.walk()]
        out: list[Node] = []
        if isinstance(item, QQuickItem):
            controls.give_roles()
            label = QQuickItem.parentItem(item) if is_mouse_area(item) else None
            if label is not None and mouse_area_in(label) is item:
                # the MouseArea of a clickable Label: the element is the Label's node,
                # which the area owns (as the whole window's walk made it)
                self._item(label, out, 0)
                if len(out) == 1 and out[0].owner is item:
                    return out
                out.clear()
            self._item(item, out, 0)
        return out

    def items_of(self, item: QObject, path: tuple[int, ...]) -> list[Node]:
        return []  # quick elements are items themselves: refs never carry child paths

    def _children(self, item: QQuickItem, out: list[Node], depth: int) -> None:
        if depth >= rules.MAX_RAW_DEPTH:
            return
        kids = [c for c in qmltypes.child_items(item)
                if QQuickItem.isVisible(c) and QQuickItem.opacity(c) > 0]
        placed: list[rules.Placed] = []
        for c in kids:
            x, y, w, h = qml.scene_rect(c)
            placed.append((x, y, w, h, c))
        found: list[Node] = []
        for *_, c in rules.reading_order(placed):
            self._item(c, found, depth + 1)
        out.extend(_named_by_neighbours(_absorbed(found)))

    def _item(self, item: QQuickItem, out: list[Node], depth: int) -> None:
        if item is not self.top:
            self._guarded(item, out, depth)
            return
        self.inert = False
        try:
            self._guarded(item, out, depth)
        finally:
            self.inert = True

    def _guarded(self, item: QQuickItem, out: list[Node], depth: int) -> None:
        """Walk one item into ``out``; when reading it raises, it is kept as an ``unread``
        element (its role from its class, its children as far as they read)."""
        failed = faults.attempt(self._one, item, out, depth, obj=item)
        if not isinstance(failed, faults.Failed):
            return
        role = class_role(item)
        kids: list[Node] = []
        if role not in rules.LEAF_ROLES:
            faults.attempt(self._children, item, kids, depth, obj=item)
        x, y, w, h = faults.value(qml.scene_rect, [0, 0, 0, 0], item, obj=item)
        name = faults.value(_text_property, "", item, obj=item)
        out.append(Node(role, name, item, obj=item,  # pyright: ignore[reportArgumentType]  # Node.owner holds Quick items too
                        bounds=(x, y, w, h), interactive=role in INTERACTIVE and not self.inert,
                        children=kids, unread=failed.reason))
        self.count += 1

    def _one(self, item: QQuickItem, out: list[Node], depth: int) -> None:
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
        own = controls.role_of(item)
        if role in HIDDEN and own is None:  # a SplitView's handle is a separator to drag
            return
        role = own or role
        if role == "textbox" and name == QObject.property(item, "text"):
            name = ""  # Qt names an unnamed field by its own text: that is its value
        if not name and QObject.inherits(item, "QQuickPopupItem") and \
                (popup := qtchildren.parent(item)) is not None:
            # a Dialog's title, a ToolTip's text
            name = popups.title_of(popup) or _text_property(popup)
        if not name and role not in ("generic", "textbox"):
            name = _text_property(item) or \
                (_content_text(item) if role in _NAMED_BY_CONTENT else "")
        if not name and role in _NAMED_BY_TEXT:
            hint = QObject.property(item, "placeholderText")
            name = hint if isinstance(hint, str) else ""
        details: list[str] = []  # a row's other texts (a file's size and date)
        if not name and role in ("listitem", "treeitem", "cell", "menuitem", "tab"):
            texts = controls.shown_texts(item, 4)  # a delegate shows its text in Labels
            if texts:
                name, details = texts[0], texts[1:]
        name = clean_name(name)
        gap = unshown = False
        owner = item
        enabled = QQuickItem.isEnabled(item)
        if role == "generic" and enabled and ((is_mouse_area(item) and takes_clicks(item)) or
                                              controls.has_tap_handler(item)):
            gap = True  # a clickable area is named by the text it shows, its id last
            name = controls.shown_text(item) or _texts_under(item)
            if not name:
                name = gap_name(item)
                unshown = name != clean_name(_text_property(item))  # an id, name or type
        elif role == "separator" and enabled:
            gap = True  # a SplitView's handle: dragged to resize the panes
        elif role == "generic" and qml.type_name(item) == "Text":  # no interface offscreen
            role, name = "text", clean_name(_text_property(item), rules.FULL)
        if QObject.inherits(item, "QQuickPageIndicator"):
            self._page_indicator(item, out)
            return
        full = 0
        if role == "text":
            area = mouse_area_in(item)
            if area is not None:  # a clickable Label: the MouseArea takes the clicks
                gap, owner = True, area
            elif self.limit is not None:
                name, full = rules.cut(name, self.limit)
        if gap and role == "generic" and _in_table(item):
            role = "cell"
        parent = QQuickItem.parentItem(item)
        if gap and parent is not None and QObject.inherits(parent, "QQuickTreeViewDelegate"):
            expanded = QObject.property(parent, "expanded")  # its expand/collapse indicator
            role, name = "button", "Collapse" if expanded else "Expand"
        kids: list[Node] = []
        if QObject.inherits(item, "QQuickSwipeView"):  # only the current page shows
            current = QObject.property(item, "currentItem")
            if isinstance(current, QQuickItem):
                self._item(current, kids, depth + 1)
        elif role not in rules.LEAF_ROLES:
            self._children(item, kids, depth)
        if gap:  # the texts it is named by are not shown again on their own
            kids = [k for k in kids if k.interactive or k.role != "text"]
        elif details or role in ("listitem", "treeitem", "cell", "menuitem", "tab"):
            shown = {name, *details}
            kids = [k for k in kids if k.interactive or k.role != "text" or k.name not in shown]
        interactive = (gap or role in INTERACTIVE) and not self.inert
        if not interactive:
            if role == "generic" and not name:
                out.extend(kids)
                return
            if not name and not kids and role not in _NAMED_BY_TEXT:
                return
        value = ""
        if role in rules.VALUE_ROLES and iface is not None and not (st and st.passwordEdit):
            shown = controls.value_of(item, role)
            value = shown if shown is not None else iface.text(_VALUE) or ""
            if not value:
                current = QObject.property(item, "currentText") if role == "combobox" else \
                    QObject.property(item, "value") if role == "slider" else None
                if current is not None:
                    value = f"{current:g}" if isinstance(current, float) else str(current)
            value, full = rules.cut(value, self.limit)
        if details and not value:
            value = ", ".join(details)
        states = rules.states_of(st, role, qrole) if st is not None else []
        states += [s for s in controls.states_of(item, role) if s not in states]
        if "checked" in states and "unchecked" in states:  # the interface's state was stale
            states.remove("unchecked")
        if role in ("checkbox", "radio", "switch") and "checked" not in states and \
                QObject.property(item, "checked"):
            states.append("checked")
        if not enabled and "disabled" not in states:
            states.append("disabled")
        x, y, w, h = qml.scene_rect(item)
        node = Node(role, name, owner, obj=owner, value=value,  # pyright: ignore[reportArgumentType]  # Node.owner holds Quick items too
                    states=states, bounds=(x, y, w, h), interactive=interactive,
                    gap=gap, children=kids, full=full, unshown=unshown)
        out.append(node)
        self.count += 1

    def _page_indicator(self, item: QQuickItem, out: list[Node]) -> None:
        """A PageIndicator as a tab list: one ``tab "Page N"`` per dot; an interactive
        one takes a click on a dot (it sets the current page)."""
        content = QObject.property(item, "contentItem")
        if not isinstance(content, QQuickItem):
            return
        current = QObject.property(item, "currentIndex")
        clickable = bool(QObject.property(item, "interactive")) and not self.inert
        dots = [d for d in qmltypes.child_items(content) if QQuickItem.isVisible(d)
                and not QObject.inherits(d, "QQuickRepeater")]
        tabs = []
        for i, dot in enumerate(dots):
            x, y, w, h = qml.scene_rect(dot)
            tabs.append(Node("tab", f"Page {i + 1}", dot, obj=dot,
                             states=["selected"] if i == current else [],
                             bounds=(x, y, w, h), interactive=clickable, gap=clickable))
        x, y, w, h = qml.scene_rect(item)
        out.append(Node("tablist", "", item, obj=item,  # pyright: ignore[reportArgumentType]  # Node.owner holds Quick items too
                        bounds=(x, y, w, h), children=tabs))
        self.count += 1 + len(tabs)
