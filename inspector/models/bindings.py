"""The QML bindings tab's tree: each property an item's declaration sets, and under a
binding the properties its expression reads.

A property row shows its value now, its expression (a binding's or an alias's; a literal
shows none) and its kind; a binding Qt reported a loop at is written in the error tone
and says "binding loop". A dependency row shows what the expression wrote
(``padArea.clicks``), that property's value now and whose it is (``#12``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from inspector.models.columns import Column, Columns
from probe.wire.qml import Binding, Bindings, Dependency

Index = QModelIndex | QPersistentModelIndex
_TOP = QModelIndex()


def value_text(value: Any) -> str:
    """A value as one short line: text as it is, an object by its name and id."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and "id" in value and "className" in value:
        return f"{value.get('objectName') or value['className']} ({value['id']})"
    return json.dumps(value, ensure_ascii=False)


@dataclass
class Row:
    """A property of the item (``binding``), or a property one of them reads (``dep``)."""

    binding: Binding | None = None
    dep: Dependency | None = None
    parent: Row | None = None
    children: list[Row] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.binding["name"] if self.binding else self.dep["name"] if self.dep else ""

    @property
    def value(self) -> str:
        got = self.binding if self.binding else self.dep
        return "" if got is None else value_text(got["value"])

    @property
    def expression(self) -> str:
        if self.binding is not None:
            return self.binding["expression"] or ""
        if self.dep is not None:
            owner = self.dep["objectId"] or "context property"
            return f"→ {owner} · {self.dep['property']}"
        return ""

    @property
    def kind(self) -> str:
        if self.binding is None:
            return "reads"
        return "binding loop" if self.binding.get("loop") else self.binding["kind"]

    @property
    def looped(self) -> bool:
        return bool(self.binding and self.binding.get("loop"))

    @property
    def line(self) -> str:
        return str(self.binding["line"]) if self.binding and self.binding["line"] else ""


def _tone(row: Row) -> str | None:
    if row.looped:
        return "error"
    return "muted" if row.binding is None or not row.binding["bound"] else None


def _tip(row: Row) -> str:
    if row.looped:
        return (f"Qt reported a binding loop at {row.name} (line {row.line}): its value "
                "depends on itself through what it reads.")
    if row.binding is None:
        return f"{row.name}: read by the binding above; {row.expression}"
    return f"{row.name}: {row.binding['expression'] or row.value} ({row.binding['kind']})"


_Column = Column[Row]


class BindingModel(Columns[Row], QAbstractItemModel):
    """Columns: property, value, expression, kind, line."""

    COLUMNS = (
        _Column("Property", lambda r: r.name, tip=_tip, tone=_tone),
        _Column("Value", lambda r: r.value, tip=lambda r: r.value, tone=_tone),
        _Column("Expression", lambda r: r.expression, tip=_tip, tone=_tone),
        _Column("Kind", lambda r: r.kind, tip=_tip, tone=_tone),
        _Column("Line", lambda r: r.line, tone=_tone, sort=lambda r: int(r.line or 0)))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.root = Row()
        self.answer: Bindings | None = None

    def show(self, answer: Bindings | None) -> None:
        """The bindings of one item (None: none shown)."""
        self.beginResetModel()
        self.answer = answer
        self.root = Row()
        for binding in answer["properties"] if answer else []:
            row = Row(binding=binding, parent=self.root)
            row.children = [Row(dep=d, parent=row) for d in binding.get("dependencies", [])]
            self.root.children.append(row)
        self.endResetModel()

    @property
    def loops(self) -> list[str]:
        return [r.name for r in self.root.children if r.looped]

    def row_named(self, name: str) -> QModelIndex:
        for i, row in enumerate(self.root.children):
            if row.name == name:
                return self.createIndex(i, 0, row)
        return QModelIndex()

    # ---------------------------------------------------------------- Qt model

    def _row(self, index: Index) -> Row:
        row = index.internalPointer() if index.isValid() else None
        return row if isinstance(row, Row) else self.root

    def row_at(self, index: Index) -> Row | None:
        return self._row(index) if index.isValid() else None

    def index(self, row: int, column: int, parent: Index = _TOP) -> QModelIndex:
        up = self._row(parent)
        if not 0 <= row < len(up.children) or not 0 <= column < len(self.COLUMNS):
            return QModelIndex()
        return self.createIndex(row, column, up.children[row])

    def parent(self, index: Index = _TOP) -> QModelIndex:  # type: ignore[override]
        row = self._row(index)
        up = row.parent if index.isValid() else None
        if up is None or up.parent is None:
            return QModelIndex()
        return self.createIndex(up.parent.children.index(up), 0, up)

    def rowCount(self, parent: Index = _TOP) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._row(parent).children)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
