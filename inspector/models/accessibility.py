"""The page as an agent reads it: the accessibility tree with that agent's refs.

Nodes are the link's :class:`~inspector.link.page.PageNode` (role, name, ref, value,
states, bounds, and the Qt id, objectName and className of the widget behind them) so
the pane shows the agent's view verbatim. ``by_object`` finds the node of a ``#N`` id
for the reverse selection (object tree -> accessibility tree); :meth:`locate` finds
where an agent's action landed (its ref when the tree holds that agent's refs, else its
role and name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont

from inspector.link.marks import Mark
from inspector.link.page import PageNode, Rect
from inspector.models.columns import Column, NodeTree, TreeNode, muted
from inspector.style import theme
from probe.wire.probe_session import Client


@dataclass(eq=False)
class A11yNode(TreeNode):
    page: PageNode

    @property
    def role(self) -> str:
        return self.page.role

    @property
    def name(self) -> str:
        return self.page.name

    @property
    def ref(self) -> str:
        return self.page.ref

    @property
    def value(self) -> Any:
        return self.page.value

    @property
    def object_id(self) -> str:
        return self.page.object_id

    @property
    def object_name(self) -> str:
        return self.page.object_name

    @property
    def bounds(self) -> Rect | None:
        return self.page.bounds

    def states_text(self) -> str:
        parts = list(self.page.states)
        if self.page.gap_filler:
            parts.append("clickable")
        if self.page.more_items:
            parts.append(f"+{self.page.more_items} more items")
        if self.page.hidden_below_depth:
            parts.append(f"+{self.page.hidden_below_depth} deeper")
        return " ".join(parts)

    def label(self) -> str:
        return f"{self.role} {self.name!r}" + (f" [{self.ref}]" if self.ref else "")


def _tip(node: A11yNode) -> str:
    """Everything the probe said of the element."""
    return "\n".join(f"{k}: {v}" for k, v in node.page.raw.items())


def _bounds(node: A11yNode) -> str:
    b = node.bounds
    return f"{b[0]},{b[1]} {b[2]}×{b[3]}" if b else ""


def _object(node: A11yNode) -> str:
    return " ".join(p for p in (node.object_name or node.page.class_name, node.object_id) if p)


_Column = Column[A11yNode]


class AccessibilityModel(NodeTree[A11yNode]):
    """Read-only tree: Role, Name, Ref, Value, States, Bounds, Object."""

    COLUMNS = (_Column("Role", lambda n: n.role, tip=_tip),
               _Column("Name", lambda n: n.name, tip=_tip),
               _Column("Ref", lambda n: n.ref, tip=_tip, tone=lambda n: "inspector"),
               _Column("Value", lambda n: "" if n.value is None else str(n.value), tip=_tip),
               _Column("States", lambda n: n.states_text(), tip=_tip),
               _Column("Bounds", _bounds, tip=_tip, tone=muted),
               _Column("Object", _object, tip=_tip, tone=muted))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(A11yNode(PageNode({})), parent)
        self.by_object: dict[str, A11yNode] = {}
        self.by_ref: dict[str, A11yNode] = {}
        self.count = 0
        #: the node the followed agent's last call named (drawn highlighted)
        self.marked: A11yNode | None = None
        #: whose refs the tree carries (None: nobody's, or not loaded)
        self.session: Client | None = None

    def reset(self, tree: list[PageNode], session: Client | None = None) -> None:
        """Replace the whole tree with a page read through ``session``'s eyes."""
        self.beginResetModel()
        self.root = A11yNode(PageNode({}))
        self.by_object, self.by_ref, self.count, self.marked = {}, {}, 0, None
        self.session = session
        self._add(self.root, tree)
        self.endResetModel()

    def _add(self, parent: A11yNode, items: list[PageNode]) -> None:
        for page in items:
            node = parent.adopt(A11yNode(page))
            self.count += 1
            # the outermost node of an object wins (a list's items share its id)
            if node.object_id and node.object_id not in self.by_object:
                self.by_object[node.object_id] = node
            if node.ref:
                self.by_ref[node.ref] = node
            self._add(node, page.children)

    def set_marked(self, ref: str) -> A11yNode | None:
        """Highlight the node of ``ref`` (none for an unknown or empty ref)."""
        old, self.marked = self.marked, self.by_ref.get(ref) if ref else None
        for node in {id(n): n for n in (old, self.marked) if n is not None}.values():
            self.dataChanged.emit(self.index_of(node, 0),
                                  self.index_of(node, len(self.COLUMNS) - 1))
        return self.marked

    def nodes(self) -> list[A11yNode]:
        out: list[A11yNode] = []
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def find(self, role: str | None, name: str | None) -> A11yNode | None:
        """The first node with this role and name (how an agent's ref is matched)."""
        return next((n for n in self.nodes() if n.role == role and n.name == (name or "")),
                    None)

    def at(self, x: int, y: int) -> A11yNode | None:
        """The element at window point (x, y): the deepest node whose bounds hold it (of
        nested nodes the innermost, of overlapping siblings the smallest), so a menu
        entry, a tab, a row or a Quick item rather than the widget around it."""
        best: A11yNode | None = None
        best_key: tuple[int, int] = (-1, 0)
        stack = [(n, 1) for n in self.root.children]
        while stack:
            node, depth = stack.pop()
            b = node.bounds
            if b is None or not (b[0] <= x < b[0] + b[2] and b[1] <= y < b[1] + b[3]):
                # an element's children may stick out of it (a popup, a scrolled row):
                # look at them anyway
                stack.extend((c, depth + 1) for c in node.children)
                continue
            key = (depth, -(b[2] * b[3]))
            if key > best_key:
                best, best_key = node, key
            stack.extend((c, depth + 1) for c in node.children)
        return best

    def owner_id(self, node: A11yNode) -> str:
        """The ``#N`` of the object behind ``node``: its own, else (an item such as a
        tab or a row) its nearest ancestor's."""
        current: A11yNode | None = node
        while current is not None and current is not self.root:
            if current.object_id:
                return current.object_id
            current = current.parent
        return ""

    def shows_refs_of(self, session_id: int | None) -> bool:
        """Whether the tree's refs are those of client ``session_id``."""
        return self.session is not None and self.session["id"] == session_id

    def locate(self, mark: Mark) -> Rect | None:
        """Where an agent's action landed: its ref's node when the tree holds that
        agent's refs, else the first node with its role and name."""
        node = None
        if mark.ref and self.shows_refs_of(mark.client_id):
            node = self.by_ref.get(mark.ref)
        if node is None and mark.role is not None:
            node = self.find(mark.role, mark.name)
        return node.bounds if node is not None else None

    # ------------------------------------------------------------ Qt model API

    def style(self, node: A11yNode, column: int, role: int) -> Any:
        """The node the followed agent named stands out; a ref is bold."""
        if role == Qt.ItemDataRole.BackgroundRole and node is self.marked:
            return QBrush(theme.accent("agentBg"))
        if role == Qt.ItemDataRole.FontRole and column == 2 and node.ref:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and node is self.marked:
            return "the agent's last call named this element\n" + _tip(node)
        return None
