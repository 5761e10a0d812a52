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

from PySide6.QtCore import QModelIndex, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QCalendarWidget,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGraphicsView,
    QGroupBox,
    QHeaderView,
    QKeySequenceEdit,
    QLabel,
    QLineEdit,
    QMdiArea,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QProgressBar,
    QRadioButton,
    QScrollBar,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QTableView,
    QTabWidget,
    QTextEdit,
    QToolBar,
    QToolBox,
    QTreeView,
    QWidget,
)

from probe.core import collector, compat, faults
from probe.core.a11y import graphics, links, popups, reach, viewrows
from probe.core.a11y.labels import Labels, placeholder, tool_tip
from probe.core.a11y.nodes import ItemNode, Node
from probe.core.a11y.roles import HIDDEN, INTERACTIVE, ITEM_CONTAINERS, ROLE_NAMES
from probe.core.a11y.walk import typed
from probe.core.a11y.walk.rules import (
    EDITABLE_ROLES,
    FULL,
    LEAF_ROLES,
    MAX_RAW_DEPTH,
    VALUE_LIMIT,
    VALUE_ROLES,
    Placed,
    cut,
    reading_order,
    states_of,
)
from probe.core.objects import modelshape, qtchildren
from probe.core.objects.qtclass import app_type, handles_mouse, python_class
from probe.core.objects.text import clean_name, strip_mnemonic

_NAME = QAccessible.Text.Name
_VALUE = QAccessible.Text.Value

#: Item children (tabs, menu entries) shown per container, and how many are looked at.
ITEM_CAP = 60
ITEM_SCAN = 2000
#: Item views: one with no rows is an element with a ref (a list the agent fills through
#: a button, drops files on, or opens the context menu of), named or not.
VIEW_ROLES = ("list", "tree", "table", "grid")
#: Roles that take a name from a label, placeholder or tool tip when Qt gives none.
NAMEABLE = frozenset({"textbox", "spinbutton", "combobox", "slider", "checkbox", "radio",
                      "button", "switch", "link", "progressbar", "scrollbar", "generic"})
#: Roles a Python class can make clickable by handling the mouse itself.
CLICKABLE_ROLES = frozenset({"generic", "text", "img"})
#: Context menu policies under which a right click opens the app's own menu.
MENU_POLICIES = (Qt.ContextMenuPolicy.CustomContextMenu, Qt.ContextMenuPolicy.ActionsContextMenu)
#: Widgets a label beside them names (when Qt gives them no name of their own).
_LABELLED = (QLineEdit, QAbstractSpinBox, QComboBox, QAbstractSlider, QTextEdit,
             QPlainTextEdit)
#: ... and the controls a label names that hold no text of their own: lists, trees and
#: tables (Qt names none of them; a C++ Qt 6.4 names a list by one of its numbers), a
#: progress bar, a calendar.
_NAMED_BY_LABEL = (*_LABELLED, QAbstractItemView, QProgressBar, QCalendarWidget)

#: Widgets whose accessible name the walk reads as Qt's interface makes it (Labels.qt_name)
#: rather than asking it: Qt scans every sibling for a buddy label each time.
_NAMED_LIKE_QT = (QGroupBox, QLineEdit, QAbstractSpinBox)

#: The roles of standard controls read from their getters (:mod:`typed`) that keep their
#: parts to themselves (:meth:`WidgetWalker._control`); all interactive and nameable.
_TYPED_LEAVES = frozenset(typed.ROLES.values()) & LEAF_ROLES & INTERACTIVE & NAMEABLE

#: Qt's controls made of other controls (and Qt's containers): the parts inside are what a
#: user clicks, so an app's subclass of one that handles the mouse is no gap filler.
_QT_CONTAINERS = (QKeySequenceEdit, QCalendarWidget, QDialogButtonBox, QTabWidget, QToolBox,
                  QStackedWidget, QSplitter, QMdiArea, QGroupBox)


def is_clickable(w: QWidget) -> bool:
    """A widget a user can click although its accessible role says nothing (gap filler).

    A scroll area's viewport never is: its clicks belong to the area (a QGraphicsView
    would show twice)."""
    cls = app_type(w)
    if isinstance(w, _QT_CONTAINERS):
        return False  # an app's subclass of one is still that control: its parts act
    if handles_mouse(cls) or QWidget.contextMenuPolicy(w) in MENU_POLICIES:
        return True
    if reach.in_viewport(w):
        return False
    if QWidget.testAttribute(w, Qt.WidgetAttribute.WA_SetCursor) and \
            QWidget.cursor(w).shape() == Qt.CursorShape.PointingHandCursor:
        return True
    if QWidget.focusPolicy(w) != Qt.FocusPolicy.NoFocus and \
            (python_class(cls) or cls is QWidget):
        return True
    return False


#: A widget's role by its class, for one whose accessible interface could not be read
#: (most specific class first).
_CLASS_ROLES: tuple[tuple[type, str], ...] = (
    (QCheckBox, "checkbox"), (QRadioButton, "radio"), (QAbstractButton, "button"),
    (QLineEdit, "textbox"), (QTextEdit, "textbox"), (QPlainTextEdit, "textbox"),
    (QAbstractSpinBox, "spinbutton"), (QComboBox, "combobox"), (QScrollBar, "scrollbar"),
    (QAbstractSlider, "slider"), (QProgressBar, "progressbar"), (QTabBar, "tablist"),
    (QTableView, "table"), (QTreeView, "tree"), (QAbstractItemView, "list"),
    (QLabel, "text"), (QGroupBox, "group"), (QMenuBar, "menubar"), (QMenu, "menu"),
    (QToolBar, "toolbar"), (QDialog, "dialog"),
)


def _shown_text(w: QWidget) -> str:
    """The text a button, group box or label shows ('' for other widgets)."""
    if isinstance(w, QAbstractButton):
        return clean_name(strip_mnemonic(QAbstractButton.text(w)))
    if isinstance(w, QGroupBox):
        return clean_name(strip_mnemonic(QGroupBox.title(w)))
    if isinstance(w, QLabel):
        return clean_name(strip_mnemonic(QLabel.text(w)))
    return ""


def _interface_role(w: QWidget) -> str:
    """The role the widget's accessible interface gives (``generic`` when none)."""
    iface = QAccessible.queryAccessibleInterface(w)
    return ROLE_NAMES.get(iface.role(), "generic") if iface is not None else "generic"


def class_role(w: QWidget) -> str:
    """The role a widget's class says it has (``generic`` for a plain container)."""
    return next((role for cls, role in _CLASS_ROLES if isinstance(w, cls)), "generic")


def gap_name(w: QWidget) -> str:
    """What to call a widget that has no accessible name: tool tip, objectName, and for a
    small custom control its class; a container (a scroll area the app draws a list in, a
    panel of widgets) goes unnamed rather than by a class name a person never sees."""
    text = QWidget.toolTip(w) or QWidget.accessibleDescription(w) or QObject.objectName(w)
    if text or isinstance(w, QAbstractScrollArea):
        return clean_name(text)
    if any(QWidget.isVisible(c) for c in qtchildren.find_children(w, QWidget, direct=True)):
        return ""
    return QObject.metaObject(w).className()


def wants_label(w: QWidget) -> bool:
    """Whether a label beside ``w`` names it: a field, an untitled button or a custom
    clickable, with no accessible name set by the app."""
    if QWidget.accessibleName(w):
        return False
    if isinstance(w, _NAMED_BY_LABEL):
        return not isinstance(w, QHeaderView)
    if isinstance(w, QAbstractButton):
        return not QAbstractButton.text(w).strip()
    return python_class(app_type(w)) and is_clickable(w)


Rect = tuple[int, int, int, int]


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def _intersection(a: Rect, b: Rect) -> Rect:
    x, y = max(a[0], b[0]), max(a[1], b[1])
    return (x, y, max(0, min(a[0] + a[2], b[0] + b[2]) - x),
            max(0, min(a[1] + a[3], b[1] + b[3]) - y))


class WidgetWalker:
    """Builds the flattened tree of one widget window with its popups (GUI thread, one
    use).

    ``full_text``: values and texts are not cut (page text, a read of one element).
    ``labels_in``: index only the labels under this widget (a read of one part of the
    window: the change report's, whose labels are beside what it reads).
    """

    def __init__(self, window: QWidget, full_text: bool = False,
                 labels_in: QWidget | None = None) -> None:
        self.window = window
        self.origin = QWidget.mapToGlobal(window, QPoint(0, 0))
        self.count = 0
        self.limit: int | None = None if full_text else VALUE_LIMIT
        self.labels = Labels(window if labels_in is None else labels_in, wants_label)
        #: id(view) -> why its rows were read only in part
        self.unread_views: dict[int, str] = {}
        #: window rectangle outside which nothing can be reached (an MDI area's viewport)
        self.clip: Rect | None = None
        #: a popup shows (else no combo box is expanded: :func:`typed.states_of`)
        self.popup_open = QApplication.activePopupWidget() is not None

    # ------------------------------------------------------------------ entry points

    def walk(self) -> Node:
        """The window's tree with its open popups last (root: window or dialog node; a
        popup's own tree is rooted at its ``menu`` / ``listbox`` node)."""
        with collector.paused():  # a big window: thousands of nodes at once
            w = self.window
            root = faults.attempt(self.popup, w, 0, 0, obj=w) if popups.is_popup(w) else \
                faults.attempt(self._window, obj=w)
            if isinstance(root, faults.Failed):
                out: list[Node] = []
                self._unread(w, -QWidget.x(w), -QWidget.y(w), out, 0, root.reason)
                root = out[0]
                root.role = "dialog" if isinstance(w, QDialog) else "window"
                root.name = clean_name(QWidget.windowTitle(w))
            root.children += faults.each(popups.shown_with(w), self._popup_at)
            for bar in root.children:
                if bar.role == "menubar":
                    faults.attempt(_submenus, bar, obj=bar.obj)
            return root

    def _popup_at(self, p: QWidget) -> Node:
        at = QWidget.mapToGlobal(p, QPoint(0, 0)) - self.origin
        return self.popup(p, at.x(), at.y())

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
        with collector.paused():
            self._widget(w, base.x(), base.y(), out, 0, None)
        view = QWidget.parentWidget(parent) if parent is not None else None
        if isinstance(view, QAbstractItemView) and \
                QAbstractScrollArea.viewport(view) is parent:  # in a cell: named as walk() does
            at = view.indexAt(QWidget.geometry(w).center())  # a pure virtual: the view's own
            faults.value(self._header_names, None, view, at, out, obj=w)
        for bar in out:  # as walk() marks them
            if bar.role == "menubar":
                _submenus(bar)
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
                panel: QTabWidget | None, geo: Rect | None = None) -> None:
        """Walk one widget into ``out``; when reading it raises, it is kept as an
        ``unread`` element (:meth:`_unread`) and the walk goes on. ``geo``: its geometry
        in its parent when the caller has read it already."""
        failed = faults.attempt(self._read, w, ox, oy, out, depth, panel, geo, obj=w)
        if isinstance(failed, faults.Failed):
            self._unread(w, ox, oy, out, depth, failed.reason)

    def _unread(self, w: QWidget, ox: int, oy: int, out: list[Node], depth: int,
                reason: str) -> None:
        """A widget that raised while it was read: its role from its class, the name its
        label or the app gave it, the reason, and its child widgets as far as they read."""
        role = faults.value(_interface_role, "generic", w, obj=w)
        if role == "generic":
            role = class_role(w)
        name = faults.value(self._plain_name, "", w, obj=w)
        x, y = ox + QWidget.x(w), oy + QWidget.y(w)
        kids: list[Node] = []
        if role not in LEAF_ROLES:
            faults.attempt(self._children, w, x, y, kids, depth, None, None, obj=w)
        node = Node(role, name, w, obj=w, bounds=(x, y, QWidget.width(w), QWidget.height(w)),
                    interactive=role in INTERACTIVE, children=kids, unread=reason)
        self.count += 1
        out.append(node)

    def _plain_name(self, w: QWidget) -> str:
        """A name read without the widget's accessible interface: its label, its
        accessible name, the text it shows (a button's, a group's title), its tool tip."""
        return self.labels.names.get(id(w)) or clean_name(QWidget.accessibleName(w)) or \
            _shown_text(w) or placeholder(w) or tool_tip(w)

    def _read(self, w: QWidget, ox: int, oy: int, out: list[Node], depth: int,
              panel: QTabWidget | None, geo: Rect | None = None) -> None:
        wid = id(w)
        if wid in self.labels.used:
            return
        # a child placed by its parent (geometry read): _shown_children left windows out
        window = None if geo is None else False
        if geo is None:
            geo = (QWidget.x(w), QWidget.y(w), QWidget.width(w), QWidget.height(w))
        x, y, width, height = ox + geo[0], oy + geo[1], geo[2], geo[3]
        if self.clip is not None and not _overlaps((x, y, width, height), self.clip):
            return  # clipped away for good (an MDI area's edge): no user reaches it
        iface: QAccessibleInterface | None = None
        qrole: QAccessible.Role | None = None
        # a standard control: read from its getters (#41)
        role = typed.role_of(w, window, wid in self.labels.exact)
        if role in _TYPED_LEAVES and panel is None:
            self._control(w, role, (x, y, width, height), out, window)
            return
        if role is None:
            iface = QAccessible.queryAccessibleInterface(w)
            if iface is None or not iface.isValid():
                self._children(w, x, y, out, depth, None, None)
                return
            qrole = iface.role()
            role = ROLE_NAMES.get(qrole, "generic")
        if role == "text" and isinstance(w, _LABELLED):
            role = "textbox"  # a read-only text edit or browser: its text is its value
        if role in HIDDEN and not (role == "scrollbar" and _standalone_bar(w)):
            return
        label, name = self._named(w, iface, role, window)
        if role == "tablist":
            name = ""  # Qt names it after a tab
        elif role == "text":  # the whole text; the outline cuts it below, saying so
            name = clean_name(name, FULL)
        else:
            name = clean_name(name)
        gap = unshown = False
        if panel is not None:
            tab = clean_name(strip_mnemonic(panel.tabText(panel.indexOf(w))))
            if role in LEAF_ROLES and role != "text":  # a page that is itself a control
                name = name or tab
            else:
                role, name = "tabpanel", tab
        elif role in CLICKABLE_ROLES and (role == "generic" or handles_mouse(app_type(w))) \
                and is_clickable(w):
            gap = True
            unshown = not name  # a tool tip or an identifier: shown nowhere in the window
            name = name or tool_tip(w) or gap_name(w)
        elif not name and role in NAMEABLE and role != "generic":
            name = placeholder(w) or tool_tip(w) or \
                clean_name(QWidget.accessibleDescription(w))
        kids: list[Node] = []
        more = 0
        unread = ""
        if not (role in LEAF_ROLES and not gap):  # what raised inside: read as far as it can
            walked = faults.attempt(self._children, w, x, y, kids, depth, iface, qrole, obj=w)
            if isinstance(walked, faults.Failed):
                unread = walked.reason
            else:
                more = walked
            unread = self.unread_views.pop(wid, "") or unread
        if role in ("text", "textbox") and isinstance(w, links.LINKED):
            found = faults.attempt(_links, w, x, y, obj=w)  # rich-text links: elements
            if isinstance(found, faults.Failed):
                unread = f"its links: {found.reason}"
            elif found:
                kids = found
                self.count += len(kids)
        # a drop target (a canvas, a bin): an agent drags onto it by ref (chr.drag)
        drop = not gap and role in CLICKABLE_ROLES and QWidget.acceptDrops(w) and \
            not reach.in_viewport(w)
        if drop and not name and any(k.interactive for n in kids for k in n.iter()):
            drop = False  # a nameless pane around controls: a drop lands on one of them
        interactive = gap or drop or role in INTERACTIVE or role == "scrollbar" or \
            (role in VIEW_ROLES and not kids)  # an empty view: a ref of its own to act on
        if not interactive and not unread:
            if role == "generic" and not name:
                out.extend(kids)  # structural container: hoist its children
                return
            if not name and not kids and role not in ("text", *VALUE_ROLES):
                return
            if role == "text" and not name:
                return
        states, value, full = self._state(w, iface, qrole, role)
        if role == "text" and self.limit is not None:
            name, full = cut(name, self.limit)
        if drop:
            states.append("droptarget")
        node = Node(role, name, w, obj=w, value=value, states=states,
                    bounds=(x, y, width, height),
                    interactive=interactive, gap=gap, label=label, children=kids, more=more,
                    full=full, unread=unread, unshown=unshown and bool(name))
        self.count += 1
        out.append(node)

    def _control(self, w: QWidget, role: str, bounds: Rect, out: list[Node],
                 window: bool | None) -> None:
        """A standard control read from its getters (:mod:`typed`, a leaf role): what
        :meth:`_read` makes of it, without the steps its role rules out (children, links,
        a gap filler, a drop target, a tab page): 2-3 us less a control of a big form."""
        label, name = self._named(w, None, role, window)
        name = clean_name(name)
        if not name:
            name = placeholder(w) or tool_tip(w) or \
                clean_name(QWidget.accessibleDescription(w))
        states, value, full = self._state(w, None, None, role)
        self.count += 1
        out.append(Node(role, name, w, obj=w, value=value, states=states, bounds=bounds,
                        interactive=True, label=label, full=full))

    def _named(self, w: QWidget, iface: QAccessibleInterface | None, role: str,
               window: bool | None = None) -> tuple[str, str]:
        """The label indexed for ``w`` ('' when none) and its name before cleaning: Qt's
        (:meth:`_qt_name`), else its label; a combo box's or an item view's label when
        the app named it nothing (Qt names a combo box by its value, a view by one of its
        numbers); '' for a composite (its label names the first control inside it)."""
        wid = id(w)
        label = self.labels.names.get(wid, "")
        if wid in self.labels.composites:
            return label, ""
        if (role == "combobox" or isinstance(w, QAbstractItemView)) and \
                not QWidget.accessibleName(w):
            return label, label
        return label, self._qt_name(w, iface, role, window) or label

    def _state(self, w: QWidget, iface: QAccessibleInterface | None,
               qrole: QAccessible.Role | None, role: str) -> tuple[list[str], str, int]:
        """The states of ``w`` (from Qt's state, or its getters: ``iface`` None), its value
        (none for a password field; a slider's read-out label's text), cut at the walk's
        limit, and its full length when cut."""
        if iface is None or qrole is None:  # (both or neither)
            states, password = typed.states_of(w, role, self.popup_open)
        else:
            st = iface.state()
            states, password = states_of(st, role, qrole), st.passwordEdit
        value, full = "", 0
        if role in VALUE_ROLES and not password:
            readout = self.labels.readouts.get(id(w)) if role == "slider" else None
            shown = QLabel.text(readout).strip() if readout is not None else \
                qt_value(w, iface, role)
            value, full = cut(shown, self.limit)
        if role in EDITABLE_ROLES and (typed.required(w) if iface is None else
                                       QObject.property(w, "required")):
            states.append("required")
        return states, value, full

    def _qt_name(self, w: QWidget, iface: QAccessibleInterface | None, role: str,
                 window: bool | None = None) -> str:
        """``iface.text(Name)``; for a group box, a line edit or a spin box read from the
        widget and the labels indexed for this walk instead, where Qt scans every sibling
        of it (and for a plain widget or frame read without its interface), and for a
        button read from it (``iface`` None: :mod:`typed`, #41). ``window``: whether ``w``
        is a window, when the caller knows (None: asked)."""
        if (isinstance(w, _NAMED_LIKE_QT) or (iface is None and role == "generic")) and \
                not (QWidget.isWindow(w) if window is None else window):
            name = self.labels.group_name(w) if isinstance(w, QGroupBox) else \
                self.labels.qt_name(w)
            if name is not None:
                return name
        elif iface is None and role in ("button", "checkbox", "radio"):
            return typed.name_of(w)
        if iface is None:
            iface = QAccessible.queryAccessibleInterface(w)
        return iface.text(_NAME) if iface is not None else ""

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
            inside = [c for c in qtchildren.find_children(viewport, QWidget, direct=True)
                      if QWidget.isVisible(c) and not reach.outside(c, viewport)]
            if inside:
                self._in_cells(w, inside, out, start, at, depth)
            return more
        kids = _shown_children(w, self.labels.used, self.labels.listing(w))
        outer = self.clip
        if kids and reach.clips(w):
            here = (x, y, QWidget.width(w), QWidget.height(w))
            self.clip = here if outer is None else _intersection(here, outer)
        try:
            self._placed(w, kids, x, y, out, depth)
        finally:
            self.clip = outer
        if isinstance(w, QGraphicsView):
            spots = faults.value(graphics.spots, [], w, self.window, obj=w)
            self.count += len(spots)
            out.extend(spots)
            return 0
        if iface is not None and qrole in ITEM_CONTAINERS:
            return self._items(iface, w, out, ())
        return 0

    def _placed(self, w: QWidget, kids: list[Placed], x: int, y: int, out: list[Node],
                depth: int) -> None:
        """Walk ``w``'s child widgets ``kids`` (placed: with their geometry) in reading
        order."""
        if kids:
            panel = None
            if isinstance(w, QStackedWidget):
                parent = QWidget.parentWidget(w)
                if isinstance(parent, QTabWidget):
                    panel = parent
            for cx, cy, cw, ch, c in reading_order(kids):
                self._widget(c, x, y, out, depth + 1, panel, (cx, cy, cw, ch))

    def _in_cells(self, view: QAbstractItemView, inside: list[QWidget], out: list[Node],
                  start: int, at: QPoint, depth: int) -> None:
        """Widgets in a view's cells (``setIndexWidget``, ``setCellWidget``, an open
        editor) go into the cell (a list's or tree's row) they sit in, named by the
        column's header when they have no name; the others follow the rows."""
        cells: dict[tuple[int, ...], Node] = {}
        for top in out[start:]:
            for n in top.iter():
                if isinstance(n, ItemNode) and n.index is not None:
                    cells[modelshape.position(n.index)] = n
        for c in inside:
            placed: list[Node] = []
            self._widget(c, at.x(), at.y(), placed, depth + 1, None)
            holder = faults.value(self._cell_of, None, view, c, cells, placed, obj=c)
            (holder.children if holder is not None else out).extend(placed)

    def _cell_of(self, view: QAbstractItemView, c: QWidget, cells: dict[tuple[int, ...], Node],
                 placed: list[Node]) -> Node | None:
        """The row or cell node a widget in a view's cell sits in (None: none shown); its
        unnamed nodes take the column's header as their name."""
        idx = view.indexAt(QWidget.geometry(c).center())
        if not idx.isValid():
            return None
        key = modelshape.position
        holder = cells.get(key(idx)) or cells.get(key(idx.siblingAtColumn(0)))
        if holder is None:
            return None
        self._header_names(view, idx, placed)
        return holder

    @staticmethod
    def _header_names(view: QAbstractItemView, idx: QModelIndex, placed: list[Node]) -> None:
        """Unnamed nodes of a widget in a view's cell ``idx`` take its column's title."""
        header = viewrows.header_text(view, idx.column()) if idx.isValid() else None
        for p in placed:
            if not p.name and header is not None:
                p.name = clean_name(header)

    def _rows(self, view: QAbstractItemView, out: list[Node]) -> int:
        """An item view's rows from its model; returns the rows scrolled away (rows read
        in part: ``unread_views`` says why)."""
        rows = viewrows.Rows(view, self.window)
        nodes, above, below = rows.nodes()
        self.count += rows.count
        out.extend(nodes)
        if rows.unread:
            self.unread_views[id(view)] = rows.unread
        return above + below

    # ------------------------------------------------------------------------ items

    def _items(self, iface: QAccessibleInterface, w: QWidget, out: list[Node],
               prefix: tuple[int, ...]) -> int:
        """Non-widget children (tabs, menu entries) inside the container; returns how many
        were left out (past the cap or outside the view)."""
        total = iface.childCount()
        view = iface.rect()
        counts = {"shown": 0, "more": 0}
        for i in range(min(total, ITEM_SCAN)):
            got = faults.attempt(self._item, iface, i, w, view, prefix, counts, obj=w)
            if isinstance(got, faults.Failed):
                out.append(Node("generic", "", w, path=(*prefix, i), unread=got.reason))
            elif got is not None:
                self.count += 1
                out.append(got)
        return counts["more"] + max(0, total - ITEM_SCAN)

    def _item(self, iface: QAccessibleInterface, i: int, w: QWidget, view: QRect,
              prefix: tuple[int, ...], counts: dict[str, int]) -> Node | None:
        """Item child ``i`` (a tab, a menu entry) as a node, or None when it is not shown
        (``counts``: how many were shown, and left out past the cap or the view)."""
        child = iface.child(i)
        if child is None or not child.isValid():
            return None
        obj = child.object()
        if obj is not None and QObject.isWidgetType(obj):
            return None  # walked as a widget
        st = child.state()
        if st.invisible:
            return None
        r = child.rect()
        if r.isEmpty() or (view.isValid() and not view.intersects(r)) or \
                counts["shown"] >= ITEM_CAP:
            counts["more"] += 1
            return None
        qrole = child.role()
        role = ROLE_NAMES.get(qrole, "generic")
        if role in HIDDEN:
            return None
        name = clean_name(child.text(_NAME))
        if not name and role == "button":
            return None  # a table's corner button and the like
        value = ""
        if role in VALUE_ROLES:
            value = child.text(_VALUE) or ""
        counts["shown"] += 1
        return Node(role, name, w, path=(*prefix, i), obj=obj, value=value,
                    states=states_of(st, role, qrole), bounds=self._local(r),
                    interactive=role in INTERACTIVE)

    def _local(self, r: QRect) -> tuple[int, int, int, int]:
        return (r.x() - self.origin.x(), r.y() - self.origin.y(), r.width(), r.height())


def _shown_children(w: QWidget, used: set[int], listed: list[QObject] | None = None
                    ) -> list[Placed]:
    """The child widgets of ``w`` a walk goes into, with their geometry (each read once):
    shown, no window of their own, not wholly outside ``w`` (:func:`reach.outside`), no
    label shown as a control's name (``used``: no element, so it shapes no reading-order
    row either; left out before Qt is asked: six calls a label, 0.6-0.8 us each in a
    window of 8,000 controls, #41). ``listed``: ``w``'s children as the labels search
    listed them in this GUI turn (None: asked here)."""
    visible, is_window = QWidget.isVisible, QWidget.isWindow
    gx, gy, gw, gh = QWidget.x, QWidget.y, QWidget.width, QWidget.height
    width, height = gw(w), gh(w)
    out: list[Placed] = []
    scrolls: bool | None = None  # w is a scroll area's viewport (asked when needed)
    kids = qtchildren.find_children(w, QWidget, direct=True) if listed is None else listed
    for c in kids:
        if not isinstance(c, QWidget) or id(c) in used or not visible(c) or is_window(c):
            continue
        placed = (gx(c), gy(c), gw(c), gh(c), c)
        if reach.lies_outside(placed, width, height):
            if scrolls is None:
                scrolls = reach.in_viewport(w)
            if not scrolls:
                continue
        out.append(placed)
    return out


def qt_value(w: QWidget, iface: QAccessibleInterface | None, role: str) -> str:
    """``iface.text(Value)`` of a control of ``role`` that is no password field; a line
    edit's (a textbox: a spin box's own line edit is no element) or spin box's read from
    the widget, as their interfaces answer it (a typed getter costs a tenth of the
    interface's call, #41), and a standard combo box's (``iface`` None: :mod:`typed`).
    A double spin box's interface leaves out its prefix and suffix: it is asked."""
    got = typed.value_of(w, role, iface is None)
    if got is not None:
        return got
    if iface is None:
        iface = QAccessible.queryAccessibleInterface(w)
    return (iface.text(_VALUE) or "") if iface is not None else ""


def _links(w: QWidget, x: int, y: int) -> list[Node]:
    """The links of a rich-text label or text browser as elements ([] when none)."""
    return list(links.nodes(w, x, y)) if links.has_links(w) else []


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
