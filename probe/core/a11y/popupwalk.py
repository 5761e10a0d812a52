"""The walk of a widget window with its open popups: menus, a combo box's list, a completer.

A popup is a window of its own, but to a user it is part of the window it opened over:
the window's tree gets each open popup that belongs to it (:mod:`popups`) after its own
elements, as a ``menu`` (a QMenu) or ``listbox`` node in the window's coordinates, and a
popup read as a tab of its own is rooted at that node. Menu entries that open a submenu
say ``hasPopup`` (``expanded`` while it shows). GUI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from probe.core.a11y import popups
from probe.core.a11y.walker import Node, Walker


class PopupWalker(Walker):
    """:class:`Walker` plus the window's open popups."""

    def walk(self) -> Node:
        """The window's tree with its open popups last (a popup: rooted at its own node)."""
        w = self.window
        root = self.popup(w, 0, 0) if popups.is_popup(w) else super().walk()
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
        node = Node(role, popups.title_of(p), p, obj=p,
                    bounds=(x, y, QWidget.width(p), QWidget.height(p)))
        node.more = self._children(p, x, y, node.children, 0, iface, qrole)
        if len(node.children) == 1 and node.children[0].role == "list":
            inner = node.children[0]  # a combo box's list inside its popup frame
            node.children, node.more = inner.children, node.more + inner.more
        self.count += 1
        return _submenus(node)


def _submenus(menu: Node) -> Node:
    """Mark the entries of a menu or menu bar that open a submenu."""
    for entry in menu.children:
        if entry.role == "menuitem":
            entry.states += [s for s in popups.submenu_states(entry.obj)
                             if s not in entry.states]
    return menu
