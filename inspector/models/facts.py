"""A tree of facts and their values (on the column base, :mod:`inspector.models.columns`):
what the Layout and Style tabs show of the chosen widget — a heading, its facts, and
facts under facts (a layout's cells, a colour group's roles). A value may carry a colour
swatch (a palette's colours)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from inspector.models.columns import Column, Columns

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
