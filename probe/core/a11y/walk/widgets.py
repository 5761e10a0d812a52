"""The walk of a widget window: its accessibility tree as Chrome's read_page sees a page.

Walks the *widget* tree and asks each visible widget for its own accessible interface
(``QAccessibleInterface.child(i)`` of a widget rebuilds its child list on every call, so
a child(i) walk of a container with 2,000 children is quadratic: 1.8 s against 0.2 s).
``child(i)`` is used only for children that are no widgets: tabs and menu entries. Item
views are read through their model and geometry (:mod:`~probe.core.a11y.viewrows`: Qt's
cached cell interfaces go stale when no screen reader runs), and the clickable items of
a QGraphicsScene come from :mod:`~probe.core.a11y.graphics`.

Like the CDP design, the accessibility tree is topped up from the widget tree: a widget
with no useful role that a user can still click (a Python class overriding the mouse
handlers, a pointing-hand cursor, a focusable custom widget) becomes a *gap filler*
node. Names are computed as a browser does (:mod:`~probe.core.a11y.labels`: own name,
buddy or row label, placeholder, tool tip). Widgets outside their parent (a tabbed-away
dock) are out of reach and left out. The result is flattened while it is built: unnamed
structural containers vanish and their children move up; semantic groups (dialog, group
box, form, tab panel, table, …) stay. Siblings come in reading order (rows top to
bottom, left to right within a row). Long values are cut at ``VALUE_LIMIT`` for the
outline (``Node.full`` says how long they were) unless the walker reads full text.

The window's open popups (menus, a combo box's list, a completer: :mod:`popups`) are part
of it: a popup is a window of its own, but to a user it belongs to the window it opened
over, so each comes after the window's own elements, as a ``menu`` (a QMenu) or
``listbox`` node in the window's coordinates, and a popup read as a tab of its own is
rooted at that node. Menu entries that open a submenu say ``hasPopup`` (``expanded``
while it shows). Qt is called through its classes (the shadowing rule:
``probe/core/objects``). GUI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QStackedWidget,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from probe.core import compat
from probe.core.a11y import graphics, links, popups, reach, viewrows
from probe.core.a11y.labels import Labels, placeholder, tool_tip
from probe.core.a11y.nodes import ItemNode, Node
from probe.core.a11y.roles import HIDDEN, INTERACTIVE, ITEM_CONTAINERS, ROLE_NAMES
from probe.core.a11y.walk.rules import (
    EDITABLE_ROLES,
    FULL,
    LEAF_ROLES,
    MAX_RAW_DEPTH,
    VALUE_LIMIT,
    VALUE_ROLES,
    cut,
    reading_order,
    states_of,
)
from probe.core.objects.text import clean_name, strip_mnemonic

_NAME = QAccessible.Text.Name
_VALUE = QAccessible.Text.Value
_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly

#: Item children (tabs, menu entries) shown per container, and how many are looked at.
ITEM_CAP = 60
ITEM_SCAN = 2000
#: Roles that take a name from a label, placeholder or tool tip when Qt gives none.
NAMEABLE = frozenset({"textbox", "spinbutton", "combobox", "slider", "checkbox", "radio",
                      "button", "switch", "link", "progressbar", "scrollbar", "generic"})
#: Roles a Python class can make clickable by handling the mouse itself.
CLICKABLE_ROLES = frozenset({"generic", "text", "img"})
MOUSE_HANDLERS = ("mousePressEvent", "mouseReleaseEvent", "mouseDoubleClickEvent",
                  "contextMenuEvent")
#: Context menu policies under which a right click opens the app's own menu.
MENU_POLICIES = (Qt.ContextMenuPolicy.CustomContextMenu, Qt.ContextMenuPolicy.ActionsContextMenu)
#: Widgets a label beside them names (when Qt gives them no name of their own).
_LABELLED = (QLineEdit, QAbstractSpinBox, QComboBox, QAbstractSlider, QTextEdit,
             QPlainTextEdit)

_clicky_classes: dict[type, bool] = {}


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
    """A widget a user can click although its accessible role says nothing (gap filler).

    A scroll area's viewport never is: its clicks belong to the area (a QGraphicsView
    would show twice)."""
    cls = type(w)
    if _overrides_mouse(cls) or QWidget.contextMenuPolicy(w) in MENU_POLICIES:
        return True
    if reach.in_viewport(w):
        return False
    if QWidget.testAttribute(w, Qt.WidgetAttribute.WA_SetCursor) and \
            QWidget.cursor(w).shape() == Qt.CursorShape.PointingHandCursor:
        return True
    if QWidget.focusPolicy(w) != Qt.FocusPolicy.NoFocus and \
            (_python_class(cls) or cls is QWidget):
        return True
    return False


def gap_name(w: QWidget) -> str:
    """What to call a widget that has no accessible name: tool tip, objectName, class."""
    text = QWidget.toolTip(w) or QWidget.accessibleDescription(w) or QObject.objectName(w)
    return clean_name(text) or QObject.metaObject(w).className()


def wants_label(w: QWidget) -> bool:
    """Whether a label beside ``w`` names it: a field, an untitled button or a custom
    clickable, with no accessible name set by the app."""
    if QWidget.accessibleName(w):
        return False
    if isinstance(w, _LABELLED):
        return True
    if isinstance(w, QAbstractButton):
        return not QAbstractButton.text(w).strip()
    return _python_class(type(w)) and is_clickable(w)


class WidgetWalker:
    """Builds the flattened tree of one widget window with its popups (GUI thread, one
    use).

    ``full_text``: values and texts are not cut (page text, a read of one element).
    """

    def __init__(self, window: QWidget, full_text: bool = False) -> None:
        self.window = window
        self.origin = QWidget.mapToGlobal(window, QPoint(0, 0))
        self.count = 0
        self.limit: int | None = None if full_text else VALUE_LIMIT
        self.labels = Labels(window, wants_label)

    # ------------------------------------------------------------------ entry points

    def walk(self) -> Node:
        """The window's tree with its open popups last (root: window or dialog node; a
        popup's own tree is rooted at its ``menu`` / ``listbox`` node)."""
        w = self.window
        root = self.popup(w, 0, 0) if popups.is_popup(w) else self._window()
        for p in popups.shown_with(w):
            at = QWidget.mapToGlobal(p, QPoint(0, 0)) - self.origin
            root.children.append(self.popup(p, at.x(), at.y()))
        for bar in root.children:
            if bar.role == "menubar":
                _submenus(bar)
        return root

    def popup(self, p: QWidget, x: int, y: int) -> Node:
        """One open popup as a ``menu`` (a QMenu) or ``listbox`` node at (x, y)."""
        iface = QAccessible.queryAccessibleInterface(p)
        qrole = iface.role() if iface is not None else None
        role = "menu" if popups.kind_of(p) == "menu" else "listbox"
        node = Node(role, popups.popup_title(p), p, obj=p,
                    bounds=(x, y, QWidget.width(p), QWidget.height(p)))
        node.more = self._children(p, x, y, node.children, 0, iface, qrole)
        if len(node.children) == 1 and node.children[0].role == "list":
            inner = node.children[0]  # a combo box's list inside its popup frame
            node.children, node.more = inner.children, node.more + inner.more
        self.count += 1
        return _submenus(node)

    def _window(self) -> Node:
        """The window's own tree, without its popups."""
        w = self.window
        iface = QAccessible.queryAccessibleInterface(w)
        qrole = iface.role() if iface is not None else QAccessible.Role.Window
        role = ROLE_NAMES.get(qrole, "window")
        if role not in ("window", "dialog"):
            role = "window"
        st = iface.state() if iface is not None else None
        root = Node(role, clean_name(QWidget.windowTitle(w)), w, obj=w,
                    states=states_of(st, role, qrole) if st is not None else [],
                    bounds=(0, 0, QWidget.width(w), QWidget.height(w)))
        root.more = self._children(w, 0, 0, root.children, 0, iface, qrole)
        self.count += 1
        return root

    def subtree(self, w: QWidget) -> list[Node]:
        """The flattened nodes of one widget (for a ref_id read), in window coordinates."""
        if w is self.window:
            return [self.walk()]
        parent = QWidget.parentWidget(w)
        base = compat.map_to(parent, self.window, QPoint(0, 0)) if parent is not None \
            else QPoint(0, 0)
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
        if wid in self.labels.used:
            return
        iface = QAccessible.queryAccessibleInterface(w)
        x, y = ox + QWidget.x(w), oy + QWidget.y(w)
        if iface is None or not iface.isValid():
            self._children(w, x, y, out, depth, None, None)
            return
        qrole = iface.role()
        role = ROLE_NAMES.get(qrole, "generic")
        if role == "text" and isinstance(w, _LABELLED):
            role = "textbox"  # a read-only text edit or browser: its text is its value
        if role in HIDDEN and not (role == "scrollbar" and _standalone_bar(w)):
            return
        name = iface.text(_NAME)
        label = self.labels.names.get(wid, "")
        if role == "combobox" and not QWidget.accessibleName(w):
            name = label  # Qt names a combo box by its value: its label, tip … name it
        elif label and not name:
            name = label
        if wid in self.labels.composites:
            name = ""  # its label names the first control inside it
        if role == "tablist":
            name = ""  # Qt names it after a tab
        elif role == "text":  # the whole text; the outline cuts it below, saying so
            name = clean_name(name, FULL)
        else:
            name = clean_name(name)
        gap = False
        if panel is not None:
            tab = clean_name(strip_mnemonic(panel.tabText(panel.indexOf(w))))
            if role in LEAF_ROLES and role != "text":  # a page that is itself a control
                name = name or tab
            else:
                role, name = "tabpanel", tab
        elif role in CLICKABLE_ROLES and (role == "generic" or _overrides_mouse(type(w))) \
                and is_clickable(w):
            gap = True
            name = name or tool_tip(w) or gap_name(w)
        elif not name and role in NAMEABLE and role != "generic":
            name = placeholder(w) or tool_tip(w) or \
                clean_name(QWidget.accessibleDescription(w))
        kids: list[Node] = []
        more = 0 if role in LEAF_ROLES and not gap else \
            self._children(w, x, y, kids, depth, iface, qrole)
        if role in ("text", "textbox") and links.has_links(w):
            kids = list[Node](links.nodes(w, x, y))  # rich-text links: elements of their own
            self.count += len(kids)
        interactive = gap or role in INTERACTIVE or role == "scrollbar"
        if not interactive:
            if role == "generic" and not name:
                out.extend(kids)  # structural container: hoist its children
                return
            if not name and not kids and role not in ("text", *VALUE_ROLES):
                return
            if role == "text" and not name:
                return
        st = iface.state()
        value = ""
        full = 0
        if role in VALUE_ROLES and not st.passwordEdit:
            readout = self.labels.readouts.get(wid) if role == "slider" else None
            shown = QLabel.text(readout).strip() if readout is not None else \
                iface.text(_VALUE) or ""
            value, full = cut(shown, self.limit)
        if role == "text" and self.limit is not None:
            name, full = cut(name, self.limit)
        states = states_of(st, role, qrole)
        if role in EDITABLE_ROLES and QObject.property(w, "required"):
            states.append("required")
        node = Node(role, name, w, obj=w, value=value, states=states,
                    bounds=(x, y, QWidget.width(w), QWidget.height(w)),
                    interactive=interactive, gap=gap, label=label, children=kids, more=more,
                    full=full)
        self.count += 1
        out.append(node)

    def _children(self, w: QWidget, x: int, y: int, out: list[Node], depth: int,
                  iface: QAccessibleInterface | None, qrole: QAccessible.Role | None) -> int:
        """Walk ``w``'s visible child widgets (and item children) into ``out``; returns how
        many items were left out (capped or outside the view)."""
        if depth >= MAX_RAW_DEPTH:
            return 0
        if isinstance(w, QAbstractItemView) and not isinstance(w, QHeaderView):
            start = len(out)
            more = self._rows(w, out)
            viewport = QAbstractScrollArea.viewport(w)  # index widgets and open editors
            at = compat.map_to(viewport, self.window, QPoint(0, 0))
            inside = [c for c in QObject.findChildren(viewport, QWidget, options=_DIRECT)
                      if QWidget.isVisible(c) and not reach.outside(c, viewport)]
            if inside:
                self._in_cells(w, inside, out, start, at, depth)
            return more
        visible, is_window, outside = QWidget.isVisible, QWidget.isWindow, reach.outside
        kids = [c for c in QObject.findChildren(w, QWidget, options=_DIRECT)
                if visible(c) and not is_window(c) and not outside(c, w)]
        if kids:
            panel = None
            if isinstance(w, QStackedWidget):
                parent = QWidget.parentWidget(w)
                if isinstance(parent, QTabWidget):
                    panel = parent
            gx, gy, gw, gh = QWidget.x, QWidget.y, QWidget.width, QWidget.height
            placed = reading_order([(gx(c), gy(c), gw(c), gh(c), c) for c in kids])
            for _, _, _, _, c in placed:
                self._widget(c, x, y, out, depth + 1, panel)
        if isinstance(w, QGraphicsView):
            spots = graphics.spots(w, self.window)
            self.count += len(spots)
            out.extend(spots)
            return 0
        if iface is not None and qrole in ITEM_CONTAINERS:
            return self._items(iface, w, out, ())
        return 0

    def _in_cells(self, view: QAbstractItemView, inside: list[QWidget], out: list[Node],
                  start: int, at: QPoint, depth: int) -> None:
        """Widgets in a view's cells (``setIndexWidget``, ``setCellWidget``, an open
        editor) go into the cell (a list's or tree's row) they sit in, named by the
        column's header when they have no name; the others follow the rows."""
        cells: dict[tuple[int, ...], Node] = {}
        for top in out[start:]:
            for n in top.iter():
                if isinstance(n, ItemNode) and n.index is not None:
                    cells[viewrows.index_key(n.index)] = n
        model = QAbstractItemView.model(view)
        for c in inside:
            placed: list[Node] = []
            self._widget(c, at.x(), at.y(), placed, depth + 1, None)
            idx = view.indexAt(QWidget.geometry(c).center())
            holder = None
            if idx.isValid():
                key = viewrows.index_key
                holder = cells.get(key(idx)) or cells.get(key(idx.siblingAtColumn(0)))
            if holder is None:
                out.extend(placed)
                continue
            header = model.headerData(idx.column(), Qt.Orientation.Horizontal) \
                if model is not None else None
            for p in placed:
                if not p.name and header is not None and str(header):
                    p.name = clean_name(str(header))
            holder.children.extend(placed)

    def _rows(self, view: QAbstractItemView, out: list[Node]) -> int:
        """An item view's rows from its model; returns the rows scrolled away."""
        rows = viewrows.Rows(view, self.window)
        nodes, above, below = rows.nodes()
        self.count += rows.count
        out.extend(nodes)
        return above + below

    # ------------------------------------------------------------------------ items

    def _items(self, iface: QAccessibleInterface, w: QWidget, out: list[Node],
               prefix: tuple[int, ...]) -> int:
        """Non-widget children (tabs, menu entries) inside the container; returns how many
        were left out (past the cap or outside the view)."""
        total = iface.childCount()
        view = iface.rect()
        shown = more = 0
        for i in range(min(total, ITEM_SCAN)):
            child = iface.child(i)
            if child is None or not child.isValid():
                continue
            obj = child.object()
            if obj is not None and QObject.isWidgetType(obj):
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


def _standalone_bar(w: QWidget) -> bool:
    """A scroll bar that is a control of its own (not one of a scroll area's bars)."""
    parent = QWidget.parentWidget(w)
    if parent is None or isinstance(parent, QAbstractScrollArea):
        return False
    holder = QWidget.parentWidget(parent)  # a scroll area keeps its bars in a container
    return not isinstance(holder, QAbstractScrollArea)


def _submenus(menu: Node) -> Node:
    """Mark the entries of a menu or menu bar that open a submenu."""
    for entry in menu.children:
        if entry.role == "menuitem":
            entry.states += [s for s in popups.submenu_states(entry.obj)
                             if s not in entry.states]
    return menu
