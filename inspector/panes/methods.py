"""Methods pane: the selected object's slots and invokables; invoke one with arguments.

The argument form has one field per parameter; text is read as the parameter's type
(a QString field takes text as is, numbers and booleans parse, anything else is JSON).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.columns import filter_proxy
from inspector.models.methods import MethodModel, signature_text
from inspector.models.values import kind_of, parse_text
from inspector.style import theme
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane, describe_error, register_pane
from probe.exceptions import QtmcpError
from probe.wire.qt_methods import MethodInfo


@register_pane("methods", "Methods", order=2, kind="details", refresh=True)
class MethodsPane(ObjectPane):
    """Method list, argument form, result."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = MethodModel(("slot", "method"), parent=self)
        self.proxy = filter_proxy(self.model, self)
        self.current: MethodInfo | None = None
        self.arg_edits: list[QLineEdit] = []

        self.title = ElidedLabel("Select an object in the tree", self)
        self.filter = self.make_filter("Filter methods (Ctrl+F)")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView(self)
        self.view.setObjectName("methodView")
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.view.doubleClicked.connect(lambda _i: self.invoke_current())
        self.add_hint(self.view, lambda: self.object_hint(
            "Its slots and invokable methods show here; pick one, fill its arguments "
            "below and Invoke (or double-click it)."))

        self.form_box = QGroupBox("Invoke", self)
        self.form = QFormLayout()
        self.invoke_button = QPushButton("Invoke", self)
        self.invoke_button.setObjectName("invokeButton")
        self.invoke_button.setEnabled(False)
        self.invoke_button.clicked.connect(self.invoke_current)
        self.result = QPlainTextEdit(self)
        self.result.setObjectName("methodResult")
        self.result.setReadOnly(True)
        self.result.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.result.setPlaceholderText("The return value or the error shows here.")
        self.result.setMaximumHeight(120)
        box = QVBoxLayout(self.form_box)
        box.addLayout(self.form)
        box.addWidget(self.invoke_button, 0, Qt.AlignmentFlag.AlignRight)
        box.addWidget(self.result)

        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.view)
        split.addWidget(self.form_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.filter)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

    # ---------------------------------------------------------------- loading

    def clear(self) -> None:
        self.title.setText("Select an object in the tree")
        self.model.clear()
        self._build_form(None)

    async def load(self, object_id: str) -> None:
        methods = await self.probe.methods(object_id)
        if object_id != self.object_id:
            return
        self.title.setText(self.object_label)
        self.model.load(methods)
        self._build_form(None)

    # ---------------------------------------------------------------- form

    def _current_changed(self, current: QModelIndex, _prev: QModelIndex) -> None:
        self._build_form(self.model.method_at(self.proxy.mapToSource(current).row()))

    def select(self, name: str) -> bool:
        """Make the method called (or with signature) ``name`` current."""
        row = self.model.row_of(name)
        if row < 0:
            return False
        self.view.setCurrentIndex(self.proxy.mapFromSource(self.model.index(row, 0)))
        return True

    def _build_form(self, method: MethodInfo | None) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.arg_edits = []
        self.current = method
        self.invoke_button.setEnabled(method is not None)
        if method is None:
            self.form_box.setTitle("Invoke")
            return
        self.form_box.setTitle(f"Invoke {signature_text(method)}")
        names = method["parameterNames"]
        for i, type_name in enumerate(method["parameterTypes"]):
            edit = QLineEdit(self)
            edit.setObjectName(f"methodArg{i}")
            kind = kind_of(type_name)
            edit.setPlaceholderText({"string": "text", "int": "integer", "uint": "integer",
                                     "float": "number", "bool": "true / false"}.get(
                                         kind, "JSON value"))
            edit.returnPressed.connect(self.invoke_current)
            name = names[i] if i < len(names) and names[i] else f"arg{i}"
            self.form.addRow(f"{name} ({type_name})", edit)
            self.arg_edits.append(edit)

    def arguments(self) -> list[Any]:
        """The form's values, typed by the parameter types; ValueError if one does not parse."""
        assert self.current is not None
        return [parse_text(edit.text(), kind_of(t))
                for edit, t in zip(self.arg_edits, self.current["parameterTypes"])]

    # ---------------------------------------------------------------- invoke

    def invoke_current(self) -> None:
        if self.current is None or self.object_id is None:
            return
        try:
            args = self.arguments()
        except ValueError as exc:
            self._show_result(f"bad argument: {exc}", error=True)
            return
        self.run(self.invoke(self.current["signature"] or self.current["name"], args))

    async def invoke(self, method: str, args: list[Any]) -> Any:
        object_id = self.object_id
        if object_id is None:
            return None
        try:
            value = await self.probe.invoke(object_id, method, args)
        except QtmcpError as exc:
            self._show_result(describe_error(exc), error=True)
            return None
        void = value is None and (self.current is None
                                  or self.current["returnType"] in ("", "void"))
        self._show_result(f"{method}: done (returns void)" if void else "returned "
                          + json.dumps(value, indent=2, ensure_ascii=False, default=str))
        return value

    def _show_result(self, text: str, error: bool = False) -> None:
        self.result.setPlainText(text)
        colour = theme.accent("error").name() if error else ""
        self.result.setStyleSheet(f"color: {colour};" if colour else "")
