"""In-place property editors: the right widget for each value type.

Each editor widget has ``set_value(json)`` and ``value() -> json`` in the probe's value
shapes (probe.core.objects.variant), so the delegate needs no per-type conversion code.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDoubleSpinBox,
    QFontComboBox,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QWidget,
)

from inspector.models.properties import PropertyModel
from inspector.models.values import GEOMETRY_KEYS, color_of, parse_text
from probe.wire.qt_properties import EnumInfo

INT_RANGE = (-(2**31), 2**31 - 1)


class _Row(QWidget):
    """A compact horizontal editor container that fills the cell."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(2)


class LineEditor(QLineEdit):
    def __init__(self, parent: QWidget | None, kind: str = "string") -> None:
        super().__init__(parent)
        self.kind = kind

    def set_value(self, value: Any) -> None:
        if self.kind == "json":
            self.setText(json.dumps(value, ensure_ascii=False))
        else:
            self.setText("" if value is None else str(value))

    def value(self) -> Any:
        return parse_text(self.text(), self.kind)


class IntEditor(QSpinBox):
    def __init__(self, parent: QWidget | None, unsigned: bool = False) -> None:
        super().__init__(parent)
        self.setRange(0 if unsigned else INT_RANGE[0], INT_RANGE[1])

    def set_value(self, value: Any) -> None:
        self.setValue(int(value or 0))

    def value(self) -> int:  # type: ignore[override]
        return int(super().value())


class FloatEditor(QDoubleSpinBox):
    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setRange(-1e12, 1e12)
        self.setDecimals(4)

    def set_value(self, value: Any) -> None:
        self.setValue(float(value or 0))

    def value(self) -> float:  # type: ignore[override]
        return float(super().value())


class EnumEditor(QComboBox):
    def __init__(self, parent: QWidget | None, names: list[str]) -> None:
        super().__init__(parent)
        self.addItems(names)

    def set_value(self, value: Any) -> None:
        i = self.findText(str(value))
        self.setCurrentIndex(max(i, 0))

    def value(self) -> str:
        return self.currentText()


class FlagsEditor(_Row):
    """``A|B`` text plus a menu of checkable flag names."""

    def __init__(self, parent: QWidget | None, names: list[str]) -> None:
        super().__init__(parent)
        self.names = names
        self.text = QLineEdit(self)
        self.button = QToolButton(self)
        self.button.setText("▾")
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self)
        self.actions_by_name = {}
        for name in names:
            action = self.menu.addAction(name)
            action.setCheckable(True)
            action.toggled.connect(self._sync_text)
            self.actions_by_name[name] = action
        self.button.setMenu(self.menu)
        self.row.addWidget(self.text, 1)
        self.row.addWidget(self.button)
        self.setFocusProxy(self.text)

    def _sync_text(self) -> None:
        self.text.setText("|".join(n for n, a in self.actions_by_name.items() if a.isChecked()))

    def set_value(self, value: Any) -> None:
        chosen = {p.strip() for p in str(value or "").split("|") if p.strip()}
        for name, action in self.actions_by_name.items():
            action.blockSignals(True)
            action.setChecked(name in chosen)
            action.blockSignals(False)
        self.text.setText(str(value or ""))

    def value(self) -> str:
        return self.text.text().strip()


class ColorEditor(_Row):
    """Colour name text plus a button that opens the colour picker."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.text = QLineEdit(self)
        self.button = QToolButton(self)
        self.button.setText("…")
        self.button.setToolTip("Pick a colour")
        self.button.clicked.connect(self.pick)
        self.row.addWidget(self.text, 1)
        self.row.addWidget(self.button)
        self.setFocusProxy(self.text)

    def pick(self) -> None:
        current = color_of(self.text.text()) or QColor("#000000")
        chosen = QColorDialog.getColor(current, self, "Pick a colour",
                                       QColorDialog.ColorDialogOption.ShowAlphaChannel)
        if chosen.isValid():
            fmt = QColor.NameFormat.HexArgb if chosen.alpha() != 255 else \
                QColor.NameFormat.HexRgb
            self.text.setText(chosen.name(fmt))

    def set_value(self, value: Any) -> None:
        self.text.setText(str(value or ""))

    def value(self) -> str:
        return self.text.text().strip()


class GeometryEditor(_Row):
    """One spin box per coordinate of a point, size or rect."""

    def __init__(self, parent: QWidget | None, type_name: str) -> None:
        super().__init__(parent)
        self.keys = GEOMETRY_KEYS[type_name]
        self.floats = type_name.endswith("F")
        self.spins: list[QSpinBox | QDoubleSpinBox] = []
        for key in self.keys:
            spin: QSpinBox | QDoubleSpinBox = QDoubleSpinBox(self) if self.floats \
                else QSpinBox(self)
            spin.setRange(-1_000_000, 1_000_000)
            spin.setToolTip(key)
            spin.setPrefix(f"{key[0]} ")
            self.row.addWidget(spin)
            self.spins.append(spin)
        self.setFocusProxy(self.spins[0])

    def set_value(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        for key, spin in zip(self.keys, self.spins):
            spin.setValue(value.get(key) or 0)

    def value(self) -> dict[str, Any]:
        return {k: (float(s.value()) if self.floats else int(s.value()))
                for k, s in zip(self.keys, self.spins)}


class FontEditor(_Row):
    """Family, point size, bold and italic."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.family = QFontComboBox(self)
        self.point_size = QDoubleSpinBox(self)
        self.point_size.setRange(1, 400)
        self.point_size.setSuffix(" pt")
        self.bold = QCheckBox("B", self)
        self.italic = QCheckBox("I", self)
        for w in (self.family, self.point_size, self.bold, self.italic):
            self.row.addWidget(w)
        self.row.setStretch(0, 1)
        self.setFocusProxy(self.family)

    def set_value(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        self.family.setCurrentText(str(value.get("family") or ""))
        self.point_size.setValue(float(value.get("pointSizeF") or 10))
        self.bold.setChecked(bool(value.get("bold")))
        self.italic.setChecked(bool(value.get("italic")))

    def value(self) -> dict[str, Any]:
        return {"family": self.family.currentText(), "pointSizeF": float(self.point_size.value()),
                "bold": self.bold.isChecked(), "italic": self.italic.isChecked()}


def editor_for(kind: str, type_name: str, enum_info: EnumInfo | None,
               parent: QWidget | None) -> QWidget:
    """The editor widget for a property kind (see models.values.kind_of)."""
    names = list(enum_info["names"]) if enum_info is not None else []
    if kind == "enum":
        return EnumEditor(parent, names)
    if kind == "flags":
        return FlagsEditor(parent, names)
    if kind in ("int", "uint"):
        return IntEditor(parent, unsigned=kind == "uint")
    if kind == "float":
        return FloatEditor(parent)
    if kind == "color":
        return ColorEditor(parent)
    if kind == "geometry":
        return GeometryEditor(parent, type_name)
    if kind == "font":
        return FontEditor(parent)
    return LineEditor(parent, "string" if kind == "string" else "json")


class PropertyDelegate(QStyledItemDelegate):
    """Creates :func:`editor_for` editors and hands their value to the property model.

    The view shows a filter proxy; indexes are mapped to the source model here.
    """

    def __init__(self, model: PropertyModel, proxy: QSortFilterProxyModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source = model
        self.proxy = proxy

    def _prop(self, index: QModelIndex | QPersistentModelIndex) -> Any:
        if index.model() is self.proxy:
            index = self.proxy.mapToSource(index)
        return self.source.prop_at(index)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        prop = self._prop(index)
        if prop is None:
            return super().createEditor(parent, option, index)
        return editor_for(prop.kind, prop.type, prop.enum, parent)

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        prop = self._prop(index)
        if prop is not None and hasattr(editor, "set_value"):
            editor.set_value(prop.value)  # pyright: ignore[reportAttributeAccessIssue]  # every editor_for editor has one
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        prop = self._prop(index)
        if prop is None or not hasattr(editor, "value"):
            super().setModelData(editor, model, index)
            return
        try:
            value = editor.value()  # pyright: ignore[reportAttributeAccessIssue]  # every editor_for editor has one
        except ValueError:
            return
        if value != prop.value:
            self.source.editRequested.emit(prop.name, value)
