"""The accessibility tree of a window, as Chrome's read_page sees a page (hybrid walk).

Walks the *widget* tree and asks each visible widget for its own accessible interface
(``QAccessibleInterface.child(i)`` of a widget rebuilds its child list on every call, so
a child(i) walk of a container with 2,000 children is quadratic: 1.8 s against 0.2 s).
``child(i)`` is used only for children that are no widgets: tabs, menu entries, item
view rows and cells (capped, and only those inside the view).

Like the CDP design, the accessibility tree is topped up from the widget tree: a widget
with no useful role that a user can still click (a Python class overriding the mouse
handlers, a pointing-hand cursor, a focusable custom widget) becomes a *gap filler*
node named from its tool tip, objectName or class. The result is flattened while it is
built: unnamed structural containers vanish and their children move up; semantic groups
(dialog, group box, form, tab panel, table, …) stay. Label widgets that are the buddy of
a control are dropped, their text is that control's name. Siblings come in reading
order (rows top to bottom, left to right within a row). Runs on the GUI thread.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QPoint, QRect, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget, QWidget

from probe.core.a11y.roles import HIDDEN, INTERACTIVE, ITEM_CONTAINERS, POPUP_ROLES, ROLE_NAMES
from probe.core.objects.text import clean_name, strip_mnemonic

_NAME = QAccessible.Text.Name
_VALUE = QAccessible.Text.Value
_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly

#: Item children (tabs, rows, cells) shown per container, and how many are looked at.
ITEM_CAP = 60
ITEM_SCAN = 2000
#: Widget nesting beyond which the walk stops (guards against pathological trees).
MAX_RAW_DEPTH = 200
#: Roles whose value (text) is shown.
VALUE_ROLES = frozenset({"textbox", "spinbutton", "slider", "combobox", "progressbar"})
EDITABLE_ROLES = frozenset({"textbox", "spinbutton", "combobox"})
#: Controls whose child widgets are their own parts (a spin box's line edit, a combo's
#: popup, a text edit's viewport): not walked.
LEAF_ROLES = frozenset({"textbox", "spinbutton", "combobox", "checkbox", "radio", "button",
                        "slider", "switch", "progressbar", "link", "text"})
MOUSE_HANDLERS = ("mousePressEvent", "mouseReleaseEvent", "mouseDoubleClickEvent",
                  "contextMenuEvent")
#: Context menu policies under which a right click opens the app's own menu.
MENU_POLICIES = (Qt.ContextMenuPolicy.CustomContextMenu, Qt.ContextMenuPolicy.ActionsContextMenu)
VALUE_LIMIT = 200

_clicky_classes: dict[type, bool] = {}


@dataclass(slots=True, eq=False)
class Node:
    """One element of the flattened tree. ``owner`` + ``path`` locate it (see refs)."""

    role: str
    name: str
    owner: QWidget
    path: tuple[int, ...] = ()
    obj: QObject | None = None
    value: str = ""
    states: list[str] = field(default_factory=list)
    bounds: tuple[int, int, int, int] = (0, 0, 0, 0)
    interactive: bool = False
    gap: bool = False
    label: str = ""
    children: list[Node] = field(default_factory=list)
    more: int = 0

    def iter(self) -> Iterator[Node]:
        """This node and its descendants in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def _python_class(cls: type) -> bool:
    return not cls.__module__.startswith(("PySide6", "shiboken6"))


def _overrides_mouse(cls: type) -> bool:
    """Does a Python class between ``cls`` and the Qt class handle the mouse itself?"""
    found = _clicky_classes.get(cls)
    if found is None:
        found = any(name in klass.__dict__ for klass in cls.__mro__ if _python_class(klass)
                    for name in MOUSE_HANDLERS)
        _clicky_classes[cls] = found
    return found


def is_clickable(w: QWidget) -> bool:
    """A widget a user can click although its accessible role says nothing (gap filler)."""
    cls = type(w)
    if _overrides_mouse(cls) or QWidget.contextMenuPolicy(w) in MENU_POLICIES:
        return True
    if w.testAttribute(Qt.WidgetAttribute.WA_SetCursor) and \
            w.cursor().shape() == Qt.CursorShape.PointingHandCursor:
        return True
    if w.focusPolicy() != Qt.FocusPolicy.NoFocus and (_python_class(cls) or cls is QWidget):
        return True
    return False


def gap_name(w: QWidget) -> str:
    """What to call a widget that has no accessible name: tool tip, objectName, class."""
    text = w.toolTip() or w.accessibleDescription() or w.objectName()
    return clean_name(text) or w.metaObject().className()


def states_of(st: QAccessible.State, role: str, qrole: QAccessible.Role) -> list[str]:
    """The Chrome-style states that are set (absent means false)."""
    out: list[str] = []
    if st.focused:
        out.append("focused")
    if st.disabled:
        out.append("disabled")
    if st.checkStateMixed:
        out.append("mixed")
    elif st.checked:
        out.append("checked")
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


def reading_order(items: list[tuple[int, int, int, int, QWidget]]
                  ) -> list[tuple[int, int, int, int, QWidget]]:
    """Rows top to bottom (widgets that overlap vertically share a row), then left to right."""
    if len(items) < 2:
        return items
    items.sort(key=lambda t: t[1])
    rows: list[list[tuple[int, int, int, int, QWidget]]] = []
    bottom = -1
    for it in items:
        _x, y, _w, h, _ = it
        if rows and y < bottom - min(h, 8) // 2:
            rows[-1].append(it)
            bottom = max(bottom, y + h)
        else:
            rows.append([it])
            bottom = y + h
    out: list[tuple[int, int, int, int, QWidget]] = []
    for row in rows:
        if len(row) > 1:
            row.sort(key=lambda t: t[0])
        out.extend(row)
    return out


class Walker:
    """Builds the flattened tree of one window (GUI thread, one use)."""

    def __init__(self, window: QWidget) -> None:
        self.window = window
        self.origin = window.mapToGlobal(QPoint(0, 0))
        self.count = 0
        # Buddy labels: their text names the control; they are not shown on their own.
        self._keep: list[QObject] = []
        self.labels: dict[int, str] = {}
        self.buddy_labels: set[int] = set()
        for lab in window.findChildren(QLabel):
            buddy = lab.buddy()
            if buddy is not None:
                self._keep.append(lab)
                self._keep.append(buddy)
                self.labels[id(buddy)] = clean_name(strip_mnemonic(lab.text()))
                self.buddy_labels.add(id(lab))

    # ------------------------------------------------------------------ entry points

    def walk(self) -> Node:
        """The window's tree (root: window or dialog node)."""
        w = self.window
        iface = QAccessible.queryAccessibleInterface(w)
        qrole = iface.role() if iface is not None else QAccessible.Role.Window
        role = ROLE_NAMES.get(qrole, "window")
        if role not in ("window", "dialog"):
            role = "window"
        st = iface.state() if iface is not None else None
        root = Node(role, clean_name(w.windowTitle()), w, obj=w,
                    states=states_of(st, role, qrole) if st is not None else [],
                    bounds=(0, 0, w.width(), w.height()))
        root.more = self._children(w, 0, 0, root.children, 0, iface, qrole)
        self.count += 1
        return root

    def subtree(self, w: QWidget) -> list[Node]:
        """The flattened nodes of one widget (for a ref_id read), in window coordinates."""
        if w is self.window:
            return [self.walk()]
        parent = w.parentWidget()
        base = parent.mapTo(self.window, QPoint(0, 0)) if parent is not None else QPoint(0, 0)
        out: list[Node] = []
        self._widget(w, base.x(), base.y(), out, 0, None)
        return out

    def items_of(self, w: QWidget, path: tuple[int, ...]) -> list[Node]:
        """Item children below the item at ``path`` of ``w`` (a ref_id that is an item)."""
        iface = QAccessible.queryAccessibleInterface(w)
        for i in path:
            if iface is None:
                return []
            iface = iface.child(i)
        out: list[Node] = []
        if iface is not None:
            self._items(iface, w, out, path)
        return out

    # ---------------------------------------------------------------------- widgets

    def _widget(self, w: QWidget, ox: int, oy: int, out: list[Node], depth: int,
                panel: QTabWidget | None) -> None:
        wid = id(w)
        if wid in self.buddy_labels:
            return
        iface = QAccessible.queryAccessibleInterface(w)
        x, y = ox + w.x(), oy + w.y()
        if iface is None or not iface.isValid():
            self._children(w, x, y, out, depth, None, None)
            return
        qrole = iface.role()
        role = ROLE_NAMES.get(qrole, "generic")
        if role in HIDDEN:
            return
        name = iface.text(_NAME)
        label = self.labels.get(wid, "")
        if label and (role == "combobox" or not name):
            name = label
        name = clean_name(name) if role != "tablist" else ""  # Qt names it after a tab
        gap = False
        if panel is not None:
            role = "tabpanel"
            name = clean_name(strip_mnemonic(panel.tabText(panel.indexOf(w))))
        elif role == "generic" and not name and is_clickable(w):
            gap = True
            name = gap_name(w)
        kids: list[Node] = []
        more = 0 if role in LEAF_ROLES else self._children(w, x, y, kids, depth, iface, qrole)
        interactive = gap or role in INTERACTIVE
        if not interactive:
            if role == "generic" and not name:
                out.extend(kids)  # structural container: hoist its children
                return
            if not name and not kids and role != "text":
                return
            if role == "text" and not name:
                return
        st = iface.state()
        value = ""
        if role in VALUE_ROLES and not st.passwordEdit:
            value = iface.text(_VALUE) or ""
            if len(value) > VALUE_LIMIT:
                value = value[: VALUE_LIMIT - 1] + "…"
        states = states_of(st, role, qrole)
        if role in EDITABLE_ROLES and w.property("required"):
            states.append("required")
        node = Node(role, name, w, obj=w, value=value, states=states,
                    bounds=(x, y, w.width(), w.height()), interactive=interactive, gap=gap,
                    label=label, children=kids, more=more)
        self.count += 1
        out.append(node)

    def _children(self, w: QWidget, x: int, y: int, out: list[Node], depth: int,
                  iface: QAccessibleInterface | None, qrole: QAccessible.Role | None) -> int:
        """Walk ``w``'s visible child widgets (and item children) into ``out``; returns how
        many items were left out (capped or outside the view)."""
        if depth >= MAX_RAW_DEPTH:
            return 0
        kids = [c for c in w.findChildren(QWidget, options=_DIRECT)
                if not c.isWindow() and c.isVisible()]
        if kids:
            panel = None
            if isinstance(w, QStackedWidget):
                parent = w.parentWidget()
                if isinstance(parent, QTabWidget):
                    panel = parent
            placed = reading_order([(c.x(), c.y(), c.width(), c.height(), c) for c in kids])
            for _, _, _, _, c in placed:
                self._widget(c, x, y, out, depth + 1, panel)
        if iface is not None and qrole in ITEM_CONTAINERS:
            return self._items(iface, w, out, ())
        return 0

    # ------------------------------------------------------------------------ items

    def _items(self, iface: QAccessibleInterface, w: QWidget, out: list[Node],
               prefix: tuple[int, ...]) -> int:
        """Non-widget children (tabs, menu entries, rows, cells) inside the container;
        returns how many were left out (past the cap or outside the view)."""
        total = iface.childCount()
        view = iface.rect()
        shown = more = 0
        for i in range(min(total, ITEM_SCAN)):
            child = iface.child(i)
            if child is None or not child.isValid():
                continue
            obj = child.object()
            if obj is not None and obj.isWidgetType():
                continue  # walked as a widget
            st = child.state()
            if st.invisible:
                continue
            r = child.rect()
            if r.isEmpty() or (view.isValid() and not view.intersects(r)):
                more += 1
                continue
            if shown >= ITEM_CAP:
                more += 1
                continue
            qrole = child.role()
            role = ROLE_NAMES.get(qrole, "generic")
            if role in HIDDEN:
                continue
            name = clean_name(child.text(_NAME))
            if not name and role == "button":
                continue  # a table's corner button and the like
            value = ""
            if role in VALUE_ROLES:
                value = child.text(_VALUE) or ""
            shown += 1
            self.count += 1
            out.append(Node(role, name, w, path=(*prefix, i), obj=obj, value=value,
                            states=states_of(st, role, qrole),
                            bounds=self._local(r), interactive=role in INTERACTIVE))
        return more + max(0, total - ITEM_SCAN)

    def _local(self, r: QRect) -> tuple[int, int, int, int]:
        return (r.x() - self.origin.x(), r.y() - self.origin.y(), r.width(), r.height())
