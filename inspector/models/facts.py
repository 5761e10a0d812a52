"""A tree of facts and their values (on the column base, :mod:`inspector.models.columns`):
what the Layout and Style tabs show of the chosen widget — a heading, its facts, and
facts under facts (a layout's cells, a colour group's roles). A value may carry a colour
swatch (a palette's colours)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor

from inspector.link.client import ProbeClient
from inspector.models.columns import Column, Columns
from probe.exceptions import QtmcpError

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


@dataclass(eq=False)
class Fact:
    """One row: what (``fact``), its ``value``, an optional colour ``swatch`` beside the
    value, and the facts under it."""

    fact: str
    value: str = ""
    swatch: str | None = None
    #: the theme accent the value is written in (``"muted"``: inherited, a default)
    tone: str | None = None
    children: list[Fact] = field(default_factory=lambda: [])
    parent: Fact | None = None

    def add(self, fact: str, value: str = "", *, swatch: str | None = None,
            tone: str | None = None) -> Fact:
        child = Fact(fact, value, swatch, tone, parent=self)
        self.children.append(child)
        return child


class FactTree(Columns[Fact], QAbstractItemModel):
    """Facts under an invisible root; :meth:`show` replaces them all."""

    COLUMNS = (
        Column[Fact]("Fact", lambda f: f.fact, tip=lambda f: f.fact),
        Column[Fact]("Value", lambda f: f.value, tip=lambda f: f.value or None,
                     tone=lambda f: f.tone),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.root = Fact("")

    def show_facts(self, root: Fact) -> None:
        self.beginResetModel()
        self.root = root
        self.endResetModel()

    # ------------------------------------------------------------ the tree

    def row_at(self, index: Index) -> Fact | None:
        node = index.internalPointer() if index.isValid() else None
        return node if isinstance(node, Fact) else None

    def style(self, row: Fact, column: int, role: int) -> Any:
        if column == 1 and role == Qt.ItemDataRole.DecorationRole and row.swatch:
            return QColor(row.swatch)
        return None

    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        node = self.row_at(parent) or self.root
        if not 0 <= row < len(node.children) or not 0 <= column < len(self.COLUMNS):
            return QModelIndex()
        return self.createIndex(row, column, node.children[row])

    def parent(self, index: Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        node = self.row_at(index)
        up = node.parent if node is not None else None
        if up is None or up is self.root or up.parent is None:
            return QModelIndex()
        return self.createIndex(up.parent.children.index(up), 0, up)

    def rowCount(self, parent: Index = _ROOT) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        node = self.row_at(parent) if parent.isValid() else self.root
        return len(node.children) if node is not None else 0

    def rows(self) -> Iterator[tuple[int, str, str]]:
        """Every row as (depth, fact, value), depth first: for tests and the clipboard."""
        def walk(node: Fact, depth: int) -> Iterator[tuple[int, str, str]]:
            for child in node.children:
                yield depth, child.fact, child.value
                yield from walk(child, depth + 1)
        yield from walk(self.root, 0)


class ObjectFacts(FactTree):
    """The facts of one chosen object, read from the probe (:meth:`fetch`) and laid out
    as a tree (:meth:`fill`); ``changed`` when they were read again or forgotten. Several
    views may :meth:`follow` the chosen object: an object shown or being read is not read
    twice."""

    changed = Signal()

    def __init__(self, probe: ProbeClient, parent: Any = None) -> None:
        super().__init__(parent)
        self.probe = probe
        self.facts: Any = None
        self.object_id: str | None = None
        self.error = ""
        self._task: asyncio.Task[Any] | None = None

    async def fetch(self, object_id: str) -> Any:
        """The probe's answer for ``object_id``."""
        raise NotImplementedError

    def fill(self, root: Fact, facts: Any) -> None:
        """Lay ``facts`` out under ``root``."""
        raise NotImplementedError

    def follow(self, object_id: str | None) -> None:
        """Show ``object_id`` (None: nothing)."""
        if object_id == self.object_id and (self.facts is not None or self._busy()):
            return
        self.object_id = object_id
        self.reload()

    def reload(self) -> None:
        """Read the shown object again (the app changed, F5)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        if self.object_id is None or not self.probe.is_connected:
            self.show(None)
            return
        self._task = self.probe.spawn(self.load(self.object_id))

    def _busy(self) -> bool:
        return self._task is not None and not self._task.done()

    async def load(self, object_id: str) -> None:
        try:
            facts = await self.fetch(object_id)
        except QtmcpError as exc:
            if object_id == self.object_id:
                self.error = str(exc)
                self.show(None)
            return
        if object_id == self.object_id:
            self.error = ""
            self.show(facts)

    def forget(self) -> None:
        """A new connection: its ids are not these."""
        self.object_id = None
        self.error = ""
        self.show(None)

    def show(self, facts: Any) -> None:
        self.facts = facts
        root = Fact("")
        if facts is not None:
            self.fill(root, facts)
        self.show_facts(root)
        self.changed.emit()
