"""Properties of one object, grouped by the class that declares them, plus dynamic ones.

Rows come from the probe's :class:`~probe.wire.qt_properties.PropertyList`. The model never
talks to the probe: an edit becomes ``editRequested(name, value)``; the pane sets it and
answers with :meth:`PropertyModel.confirm` (the value the app now has)
or :meth:`PropertyModel.reject` (the error; the old value stays).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QFont

from inspector.models.columns import Column, Columns, Index
from inspector.models.log_model import clock
from inspector.models.values import color_of, format_value, kind_of
from inspector.style import theme
from probe.wire.qt_properties import EnumInfo, PropertyInfo, PropertyList

DYNAMIC = "Dynamic properties"


@dataclass
class Prop:
    """One property row: the property as the probe listed it, and the row's own state
    (its value as last read, an edit's error, when it was read, its class group)."""

    info: PropertyInfo
    value: Any = None
    error: str = ""
    #: when the value was read from the app (epoch seconds)
    read_at: float = 0.0
    group: Group | None = field(default=None, repr=False)

    @classmethod
    def from_info(cls, info: PropertyInfo) -> Prop:
        return cls(info, info["value"])

    @property
    def name(self) -> str:
        return self.info["name"]

    @property
    def type(self) -> str:
        return self.info["type"]

    @property
    def enum(self) -> EnumInfo | None:
        return self.info["enum"]

    @property
    def notify(self) -> str | None:
        """The signal the app announces changes with (None: a snapshot)."""
        return self.info["notifySignal"]

    @property
    def declared_in(self) -> str:
        return self.info["declaredIn"] or ""

    @property
    def dynamic(self) -> bool:
        return self.info["dynamic"]

    @property
    def writable(self) -> bool:
        return self.info["writable"]

    @property
    def readable(self) -> bool:
        return self.info["readable"]

    @property
    def kind(self) -> str:
        return kind_of(self.type, self.enum, self.value)

    @property
    def editable(self) -> bool:
        return self.writable or self.dynamic

    @property
    def snapshot(self) -> bool:
        """No notify signal: the value is as read at ``read_at``, not followed live."""
        return not self.notify and self.readable

    def snapshot_note(self) -> str:
        return (f"snapshot read at {clock(self.read_at)}: no notify signal, so a change in "
                "the app shows when it is read again (after an edit here, or F5)")


@dataclass
class Group:
    """The properties one class declares."""

    name: str
    props: list[Prop] = field(default_factory=list)


def _tip(prop: Prop) -> str:
    lines = [f"{prop.name}: {prop.type}",
             "writable" if prop.editable else "read-only",
             f"declared in {prop.declared_in}" if prop.declared_in else "dynamic"]
    if prop.notify:
        lines.append(f"notify: {prop.notify} (followed live)")
    elif prop.snapshot:
        lines.append(prop.snapshot_note())
    if prop.enum:
        lines.append("values: " + ", ".join(prop.enum["names"][:30]))
    if prop.error:
        lines.append(f"last set failed: {prop.error}")
    return "\n".join(lines)


def _tone(prop: Prop) -> str | None:
    """A failed set in the error colour; a read-only property muted."""
    return "error" if prop.error else None if prop.editable else "muted"


_Column = Column[Prop]


class PropertyModel(Columns[Prop], QAbstractItemModel):
    """Two levels: class groups, then their properties. Columns: name, value, type."""

    COLUMNS = (_Column("Property", lambda p: p.name, tip=_tip, tone=_tone),
               _Column("Value", lambda p: format_value(p.value, p.type), tip=_tip, tone=_tone),
               _Column("Type", lambda p: p.type + ("" if p.editable else " (read-only)"),
                       tip=_tip, tone=lambda p: _tone(p) or "muted"))
    editRequested = Signal(str, object)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.groups: list[Group] = []
        self.by_name: dict[str, Prop] = {}
        self.class_name = ""

    # ---------------------------------------------------------------- content

    def load(self, listing: PropertyList) -> None:
        """Show an object's properties: most derived class first, dynamic last."""
        self.beginResetModel()
        self.class_name = listing["className"]
        groups: dict[str, Group] = {}
        dynamic = Group(DYNAMIC)
        self.by_name = {}
        now = time.time()
        for info in listing["properties"]:
            prop = Prop.from_info(info)
            prop.read_at = now
            group = dynamic if prop.dynamic else groups.setdefault(
                prop.declared_in or self.class_name, Group(prop.declared_in or self.class_name))
            prop.group = group
            group.props.append(prop)
            self.by_name[prop.name] = prop
        if dynamic.props:
            for prop in dynamic.props:
                prop.group = dynamic
        ordered = list(reversed(list(groups.values())))
        self.groups = ordered + ([dynamic] if dynamic.props else [])
        self.endResetModel()

    def clear(self) -> None:
        self.beginResetModel()
        self.groups, self.by_name, self.class_name = [], {}, ""
        self.endResetModel()

    def set_value(self, name: str, value: Any) -> bool:
        """A new value read from the app; returns whether it changed."""
        prop = self.by_name.get(name)
        if prop is None:
            return False
        changed = prop.value != value or bool(prop.error)
        prop.value = value
        prop.error = ""
        prop.read_at = time.time()
        if changed or prop.snapshot:  # a snapshot's read time changed: its tool tip says it
            self._row_changed(prop)
        return changed

    def snapshots(self) -> list[Prop]:
        return [p for p in self.by_name.values() if p.snapshot]

    def update_values(self, listing: PropertyList, names: set[str]) -> list[str]:
        """Take the values of ``names`` from a fresh listing (rows stay where they are);
        returns the names whose value changed."""
        changed = []
        for info in listing["properties"]:
            if info["name"] in names and self.set_value(info["name"], info["value"]):
                changed.append(info["name"])
        return changed

    def confirm(self, name: str, value: Any) -> None:
        self.set_value(name, value)

    def reject(self, name: str, error: str) -> None:
        """The set failed: keep the value the app has, mark the row with the error."""
        prop = self.by_name.get(name)
        if prop is not None:
            prop.error = error
            self._row_changed(prop)

    def _row_changed(self, prop: Prop) -> None:
        index = self.index_of(prop)
        if index.isValid():
            self.dataChanged.emit(index.siblingAtColumn(0), index.siblingAtColumn(2))

    # ---------------------------------------------------------------- lookup

    def prop_at(self, index: Index) -> Prop | None:
        if not index.isValid():
            return None
        item = index.internalPointer()
        return item if isinstance(item, Prop) else None

    def index_of(self, prop: Prop, column: int = 0) -> QModelIndex:
        group = prop.group
        if group is None:
            return QModelIndex()
        for row, p in enumerate(group.props):
            if p is prop:
                return self.createIndex(row, column, prop)
        return QModelIndex()

    def find(self, name: str, column: int = 1) -> QModelIndex:
        prop = self.by_name.get(name)
        return self.index_of(prop, column) if prop else QModelIndex()

    # ---------------------------------------------------------------- Qt model

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not parent.isValid():
            if 0 <= row < len(self.groups):
                return self.createIndex(row, column, self.groups[row])
            return QModelIndex()
        group = parent.internalPointer()
        if isinstance(group, Group) and 0 <= row < len(group.props):
            return self.createIndex(row, column, group.props[row])
        return QModelIndex()

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        prop = self.prop_at(index)
        if prop is None or prop.group is None:
            return QModelIndex()
        row = next((i for i, g in enumerate(self.groups) if g is prop.group), -1)
        return self.createIndex(row, 0, prop.group) if row >= 0 else QModelIndex()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self.groups)
        item = parent.internalPointer()
        return len(item.props) if isinstance(item, Group) and parent.column() == 0 else 0

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        prop = self.prop_at(index)
        if prop is None or index.column() != 1 or not prop.editable:
            return base
        if prop.kind == "bool":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def row_at(self, index: Index) -> Prop | None:
        return self.prop_at(index)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        group = index.internalPointer() if index.isValid() else None
        if not isinstance(group, Group):
            return super().data(index, role)
        if role == Qt.ItemDataRole.DisplayRole and index.column() == 0:
            return group.name
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def style(self, prop: Prop, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.BackgroundRole and prop.error:
            return QBrush(theme.accent("errorBg"))
        if column != 1:
            return None
        if role == Qt.ItemDataRole.FontRole and prop.snapshot:
            font = QFont()
            font.setItalic(True)  # a snapshot, not followed live (the tool tip says when)
            return font
        if role == Qt.ItemDataRole.EditRole:
            return prop.value if not isinstance(prop.value, (dict, list)) else None
        if role == Qt.ItemDataRole.CheckStateRole and prop.kind == "bool":
            return Qt.CheckState.Checked if prop.value else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.DecorationRole:
            return color_of(prop.value)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        prop = self.prop_at(index)
        if prop is None or not prop.editable:
            return False
        if role == Qt.ItemDataRole.CheckStateRole:
            checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
            self.editRequested.emit(prop.name, bool(checked))
            return True
        if role == Qt.ItemDataRole.EditRole:
            self.editRequested.emit(prop.name, value)
            return True
        return False
