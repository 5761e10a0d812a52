"""Problems pane: what is wrong in the app (its problem report), like a web accessibility
audit.

One row per finding: its kind, the element (selecting the row selects it everywhere),
what is wrong, the fix, and the line that made the element; a double-click on a row
opens that line in the editor (see :mod:`inspector.widgets.source_link`). An element a
read failed on (``probe fault``: a qtmcp defect; ``app exception``: the app's code
raised while it was read) shows its traceback under the table when chosen, and its
source is the line that raised.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.columns import filter_proxy
from inspector.models.problems import ProblemTable
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError
from probe.wire.qt_problems import ProblemReport


@register_pane("problems", "Problems", order=30, kind="tool",
               tip="What a check of the app finds: cut text, overlaps, unnamed controls…")
class ProblemsPane(Pane):
    """The findings table, a Check button, and the chosen finding's source link."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = ProblemTable(self)
        self.proxy = filter_proxy(self.model, self)

        self.filter = self.make_filter("Filter problems (Ctrl+F)")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.check_button = QPushButton("Check", self)
        self.check_button.setObjectName("problemsCheck")
        self.check_button.setToolTip("Look for problems in the app's visible windows again")
        self.check_button.clicked.connect(self.refresh)
        bar = self.filter_bar(self.filter, "Check the app again")
        bar.addWidget(self.check_button)

        self.summary = ElidedLabel("", self)
        self.summary.setObjectName("problemsSummary")
        self.view = QTableView(self)
        self.view.setObjectName("problemsView")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        for col in range(len(ProblemTable.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for col, width in enumerate((170, 200, 260, 260)):
            self.view.setColumnWidth(col, width)
        self.view.selectionModel().currentRowChanged.connect(self._chosen)
        self.view.doubleClicked.connect(lambda _index: self.source.open())
        self.source = self.source_link()
        #: the chosen finding's traceback (an element a read failed on), else hidden
        self.traceback = QPlainTextEdit(self)
        self.traceback.setObjectName("problemsTraceback")
        self.traceback.setReadOnly(True)
        self.traceback.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.traceback.setMaximumHeight(140)
        self.traceback.hide()

        self.add_hint(self.view, lambda: (
            f"No problem matches “{self.filter.text()}”." if self.filter.text()
            and self.model.rowCount()
            else "No problems found in the visible windows." if self.model.report
            else self.connected_or("Check lists what is wrong in the app: unnamed controls, "
                                   "cut-off text, covered controls, duplicate shortcuts, "
                                   "broken models, QML binding loops, fast timers, and "
                                   "elements a read failed on (with their traceback).")))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.traceback)
        layout.addWidget(self.source)
        layout.addWidget(self.status)

    def on_connected(self) -> None:
        """A new app: its problems are checked when the pane is first shown (an audit
        walks every window, so not on every connection)."""
        self.model.show({"problems": [], "counts": {}, "total": 0, "truncated": False})
        self.model.report = None
        self.summary.setText("")
        if self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.model.report is None:
            self.refresh()

    def refresh(self) -> None:
        if self.probe.is_connected:
            self.run(self.load())

    async def load(self) -> ProblemReport | None:
        self.check_button.setEnabled(False)
        try:
            report = await self.probe.problems()
        except QtmcpError as exc:
            self.show_error(exc)
            return None
        finally:
            self.check_button.setEnabled(True)
        self.show_info("")
        self.model.show(report)
        self.summary.setText(self.model.summary())
        self.source.show_source(None)
        return report

    def _chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        problem = self.model.problem(self.proxy.mapToSource(current.siblingAtColumn(0)))
        if problem is None:
            return
        self.source.show_source(problem.get("source"))
        traceback = problem.get("traceback", "")
        self.traceback.setPlainText(traceback)
        self.traceback.setVisible(bool(traceback))
        if "objectId" in problem:
            self.broker.choose(problem["objectId"], problem.get("path", ""))
