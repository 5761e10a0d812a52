"""Accessibility pane: the tree an agent reads with ``chr.readPage``, refs and all.

The tree view shows ``format: "json"`` (roles, names, refs, values, states, bounds and
the widget's ``#N`` id); the text toggle shows ``format: "text"``, the compact outline
the agent actually reads, with its character count. Both come from the inspector's own
session: refs are per session, so reading here never resets the agent's refs.
Selecting a node selects its widget elsewhere (``objectSelected``); ``select_object``
does the reverse.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector.connection import Connection
from inspector.models.accessibility import A11yNode, AccessibilityModel
from inspector.panes.base import Pane
from probe.exceptions import QtmcpError


class AccessibilityPane(Pane):
    """readPage as a tree (json) or as the agent's text; emits ``objectSelected(id, label)``."""

    TITLE = "Accessibility"
    NAME = "accessibility"
    objectSelected = Signal(str, str)

    def __init__(self, conn: Connection, parent: QWidget | None = None) -> None:
        super().__init__(conn, parent)
        self.model = AccessibilityModel(self)
        self.text = ""
        self.result: dict[str, Any] = {}
        self._syncing = False

        self.filter_box = QComboBox(self)
        self.filter_box.setObjectName("a11yFilter")
        self.filter_box.addItems(["all", "interactive"])
        self.filter_box.setToolTip("chr.readPage filter: every element, or only those an "
                                   "agent acts on (and the groups around them)")
        self.filter_box.currentTextChanged.connect(lambda _t: self.refresh())
        self.depth = QSpinBox(self)
        self.depth.setObjectName("a11yDepth")
        self.depth.setRange(1, 100)
        self.depth.setValue(15)
        self.depth.setPrefix("depth ")
        self.depth.editingFinished.connect(self.refresh)
        self.as_text = QCheckBox("As text", self)
        self.as_text.setObjectName("a11yAsText")
        self.as_text.setToolTip("Show the compact text form (format: text) the agent reads")
        self.as_text.toggled.connect(self._show_text)
        reload_button = QToolButton(self)
        reload_button.setText("Reload")
        reload_button.setToolTip("Read the page again (new refs for this inspector only)")
        reload_button.clicked.connect(self.refresh)
        self.summary = QLabel(self)
        self.summary.setObjectName("a11ySummary")
        # ignored width: a long summary must not widen the dock (it elides by clipping)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        for w in (self.filter_box, self.depth, self.as_text, reload_button):
            bar.addWidget(w)
        bar.addWidget(self.summary, 1)

        self.view = QTreeView(self)
        self.view.setObjectName("a11yTree")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setIndentation(14)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.view.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for col, width in enumerate((130, 150, 56, 60, 100, 110)):
            self.view.setColumnWidth(col, width)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.text_view = QPlainTextEdit(self)
        self.text_view.setObjectName("a11yText")
        self.text_view.setReadOnly(True)
        self.text_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.text_view)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.status)

    # ------------------------------------------------------------ loading

    def params(self, fmt: str) -> dict[str, Any]:
        return {"format": fmt, "filter": self.filter_box.currentText(),
                "depth": self.depth.value()}

    def on_connected(self) -> None:
        self.model.reset([])
        self.refresh()

    def refresh(self) -> None:
        if self.conn.is_connected:
            self.run(self.load())

    async def load(self) -> None:
        """Read the page twice, as the agent would: json for the tree, text for the count.

        The text read comes first so the json read's refs are the ones left in force
        (both number the same nodes the same way)."""
        try:
            text = await self.conn.call("chr.readPage", self.params("text"))
            result = await self.conn.call("chr.readPage", self.params("json"))
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.show_info("")
        selected = self._selected_node()
        keep = selected.object_id if selected else None
        self.result = result
        self.text = str(text.get("text") or "")
        self.model.reset(list(result.get("tree") or []))
        self.view.expandAll()
        self.text_view.setPlainText(self.text)
        self.summary.setText(f"{result.get('nodes', 0)} nodes · {result.get('interactive', 0)}"
                             f" interactive · text {len(self.text):,} chars"
                             + (" · truncated" if result.get("truncated") else ""))
        if keep:
            self.select_object(keep)

    def _show_text(self, on: bool) -> None:
        self.stack.setCurrentIndex(1 if on else 0)

    # ------------------------------------------------------------ selection

    def _selected_node(self) -> A11yNode | None:
        index = self.view.currentIndex()
        return self.model.node_of(index) if index.isValid() else None

    def selected_ref(self) -> str | None:
        node = self._selected_node()
        return node.ref if node else None

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        node = self.model.node_of(current)
        if node.object_id:
            self.objectSelected.emit(node.object_id, node.label())

    def select_object(self, object_id: str | None) -> bool:
        """Make the node of ``object_id`` current without echoing it back; False if none."""
        node = self.model.by_object.get(object_id or "")
        self._syncing = True
        try:
            if node is None:
                self.view.clearSelection()
                return False
            index = self.model.index_of(node)
            self.view.scrollTo(index)
            self.view.setCurrentIndex(index)
            return True
        finally:
            self._syncing = False

    def select_ref(self, ref: str) -> bool:
        """Make the node of ``ref`` current (and tell the others, as a user click would)."""
        node = self.model.by_ref.get(ref)
        if node is None:
            return False
        self.view.setCurrentIndex(self.model.index_of(node))
        return True
