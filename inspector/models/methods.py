"""Methods of one object (:class:`~probe.wire.qt_methods.MethodInfo`): slots and
invokables, or signals.

The signals pane uses the same model with ``checkable=True``: the check box says
whether the inspector is subscribed to that signal.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont

from inspector.models.columns import Column, Index, RowTable, muted
from probe.wire.qt_methods import MethodInfo


def signature_text(method: MethodInfo) -> str:
    """``name(type a, type b)`` with parameter names when the probe knows them."""
    types, names = list(method["parameterTypes"]), list(method["parameterNames"])
    params = ", ".join(f"{t} {n}".strip() if n else t
                       for t, n in zip(types, names + [""] * (len(types) - len(names))))
    return f"{method['name']}({params})"


def _signature(method: MethodInfo) -> str:
    return method["signature"]


_Column = Column[MethodInfo]


class MethodModel(RowTable[MethodInfo]):
    """Rows of methods; columns: signature, kind, return type, declared in."""

    COLUMNS = (_Column("Signature", signature_text, tip=_signature),
               _Column("Kind", lambda m: m["kind"], tip=_signature, tone=muted),
               _Column("Returns", lambda m: m["returnType"] or "void", tip=_signature,
                       tone=muted),
               _Column("Declared in", lambda m: m["declaredIn"], tip=_signature, tone=muted))
    toggled = Signal(str, bool)

    def __init__(self, kinds: tuple[str, ...], checkable: bool = False,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.kinds = kinds
        self.checkable = checkable
        self.checked: set[str] = set()

    def load(self, methods: list[MethodInfo]) -> None:
        self.set_rows(sorted((m for m in methods if m["kind"] in self.kinds),
                             key=lambda m: (m["declaredIn"] in ("QObject", "QWidget"),
                                            m["name"])))

    def clear(self) -> None:
        self.load([])

    def method_at(self, row: int) -> MethodInfo | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def row_of(self, signature: str) -> int:
        for row, m in enumerate(self.rows):
            if signature in (m["signature"], m["name"]):
                return row
        return -1

    def set_checked(self, signature: str, on: bool) -> None:
        (self.checked.add if on else self.checked.discard)(signature)
        row = self.row_of(signature)
        if row >= 0:
            index = self.index(row, 0)
            self.dataChanged.emit(index, index)

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.checkable and index.column() == 0:
            base |= Qt.ItemFlag.ItemIsUserCheckable
        return base

    def style(self, m: MethodInfo, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.CheckStateRole and self.checkable and column == 0:
            return (Qt.CheckState.Checked if m["signature"] in self.checked
                    else Qt.CheckState.Unchecked)
        if role == Qt.ItemDataRole.FontRole and column == 0:
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
