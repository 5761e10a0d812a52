"""Methods of one object (:class:`~probe.wire.qt_methods.MethodInfo`): slots and
invokables, or signals.

The signals pane uses the same model with ``checkable=True``: the check box says
whether the inspector is subscribed to that signal.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QFont

from inspector.style import theme
from probe.wire.qt_methods import MethodInfo

Index = QModelIndex | QPersistentModelIndex


def signature_text(method: MethodInfo) -> str:
    """``name(type a, type b)`` with parameter names when the probe knows them."""
    types, names = list(method["parameterTypes"]), list(method["parameterNames"])
    params = ", ".join(f"{t} {n}".strip() if n else t
                       for t, n in zip(types, names + [""] * (len(types) - len(names))))
    return f"{method['name']}({params})"


class MethodModel(QAbstractTableModel):
    """Rows of methods; columns: signature, kind, return type, declared in."""

    COLUMNS = ("Signature", "Kind", "Returns", "Declared in")
    toggled = Signal(str, bool)

    def __init__(self, kinds: tuple[str, ...], checkable: bool = False,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.kinds = kinds
        self.checkable = checkable
        self.methods: list[MethodInfo] = []
        self.checked: set[str] = set()

    def load(self, methods: list[MethodInfo]) -> None:
        self.beginResetModel()
        self.methods = [m for m in methods if m["kind"] in self.kinds]
        self.methods.sort(key=lambda m: (m["declaredIn"] in ("QObject", "QWidget"), m["name"]))
        self.endResetModel()

    def clear(self) -> None:
        self.load([])

    def method_at(self, row: int) -> MethodInfo | None:
        return self.methods[row] if 0 <= row < len(self.methods) else None

    def row_of(self, signature: str) -> int:
        for row, m in enumerate(self.methods):
            if signature in (m["signature"], m["name"]):
                return row
        return -1

    def set_checked(self, signature: str, on: bool) -> None:
        (self.checked.add if on else self.checked.discard)(signature)
        row = self.row_of(signature)
        if row >= 0:
            index = self.index(row, 0)
            self.dataChanged.emit(index, index)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.methods)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.checkable and index.column() == 0:
            base |= Qt.ItemFlag.ItemIsUserCheckable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        m = self.method_at(index.row()) if index.isValid() else None
        if m is None:
            return None
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (signature_text(m), m["kind"], m["returnType"] or "void", m["declaredIn"])[col]
        if role == Qt.ItemDataRole.CheckStateRole and self.checkable and col == 0:
            return (Qt.CheckState.Checked if m["signature"] in self.checked
                    else Qt.CheckState.Unchecked)
        if role == Qt.ItemDataRole.ToolTipRole:
            return m["signature"]
        if role == Qt.ItemDataRole.ForegroundRole and col > 0:
            return QBrush(theme.accent("muted"))
        if role == Qt.ItemDataRole.FontRole and col == 0:
            font = QFont()
            font.setBold(m["declaredIn"] not in ("QObject", "QWidget"))
            return font
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        m = self.method_at(index.row())
        if m is None or role != Qt.ItemDataRole.CheckStateRole or not self.checkable:
            return False
        on = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
        self.toggled.emit(m["signature"], bool(on))
        return True
