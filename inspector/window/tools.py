"""The tool list and the open tool: one tool at a time, as in GammaRay and Chrome DevTools.

A list of tools on the left (icon and title, Alt+N raises the N-th) and the open tool
beside it. A tool that shows objects (the trees: accessibility, objects, Quick items)
has the chosen object's details beside its tree: one tab widget of the ``details`` panes,
moved to whichever object tool is open, so a choice made in one tree shows the same
details in every one. Thirty tools fit this way where thirty docks side by side would cut
every title to a letter.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStackedWidget,
    QWidget,
)

from inspector.style.icons import icon
from inspector.widgets.pane import Pane
from inspector.window.detail_tabs import DetailTabs

#: The tree's share of an object tool's width (the details take the rest).
TREE_SHARE = 0.48


def tool_key(number: int) -> str:
    """Alt+1 … Alt+9, then Alt+0 for the tenth tool; none further."""
    return f"Alt+{number % 10}" if number <= 10 else ""


class ToolBox(QWidget):
    """The tool list, the open tool's page, and the details beside object tools."""

    #: the name of the tool now open
    toolChanged = Signal(str)

    def __init__(self, tools: list[Pane], details: list[Pane],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolBox")
        self.tools = tools
        self.list = QListWidget(self)
        self.list.setObjectName("toolList")
        self.list.setAccessibleName("Tools")
        self.list.setIconSize(QSize(16, 16))
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        self.stack = QStackedWidget(self)
        self.stack.setObjectName("toolStack")
        self.details = DetailTabs(self)
        self.details.setObjectName("detailTabs")
        self.details.setDocumentMode(True)
        self.details.setElideMode(Qt.TextElideMode.ElideNone)  # never a title cut short
        self.details.setUsesScrollButtons(True)
        self.details.setIconSize(QSize(16, 16))
        for pane in details:
            self.details.add(pane, icon(pane.NAME), pane.TITLE, pane.SPEC.tip or pane.TITLE)
        #: each tool's page: the pane itself, or a splitter of its tree and the details
        self.pages: dict[str, QWidget] = {}
        self._tree_sizes: list[int] = []
        for number, pane in enumerate(tools, start=1):
            page: QWidget = pane
            if pane.SPEC.details:
                splitter = QSplitter(Qt.Orientation.Horizontal, self)
                splitter.setObjectName(pane.NAME + "Page")
                splitter.setChildrenCollapsible(False)
                splitter.addWidget(pane)
                page = splitter
            self.pages[pane.NAME] = page
            self.stack.addWidget(page)
            item = QListWidgetItem(icon(pane.NAME), pane.TITLE, self.list)
            item.setData(Qt.ItemDataRole.UserRole, pane.NAME)
            keys = tool_key(number)
            item.setToolTip(" — ".join(p for p in (pane.SPEC.tip, keys) if p) or pane.TITLE)
        self._fit_list()
        self.list.currentRowChanged.connect(self._row_changed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.list)
        separator = QFrame(self)
        separator.setFrameShape(QFrame.Shape.VLine)
        separator.setFrameShadow(QFrame.Shadow.Sunken)
        layout.addWidget(separator)
        layout.addWidget(self.stack, 1)
        if tools:
            self.list.setCurrentRow(0)

    def _fit_list(self) -> None:
        """The list is as wide as its longest title: no title is ever cut."""
        width = self.list.sizeHintForColumn(0) + 2 * self.list.frameWidth() + 12
        self.list.setFixedWidth(max(96, width))

    # ------------------------------------------------------------ which tool

    def current(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def current_pane(self) -> Pane | None:
        return next((p for p in self.tools if p.NAME == self.current()), None)

    def show_tool(self, name: str) -> bool:
        """Open tool ``name`` (False: no such tool)."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == name:
                self.list.setCurrentRow(row)
                return True
        return False

    def show_details(self, name: str) -> bool:
        """Bring the details tab of pane ``name`` to the front (False: no such tab)."""
        for i in range(self.details.count()):
            widget = self.details.widget(i)
            if isinstance(widget, Pane) and widget.NAME == name:
                self.details.setCurrentIndex(i)
                return True
        return False

    def current_details(self) -> str:
        widget = self.details.currentWidget()
        return widget.NAME if isinstance(widget, Pane) else ""

    def _row_changed(self, row: int) -> None:
        pane = self.tools[row] if 0 <= row < len(self.tools) else None
        if pane is None:
            return
        page = self.pages[pane.NAME]
        old = self.details.parentWidget()
        if isinstance(old, QSplitter) and old.count() > 1:
            self._tree_sizes = old.sizes()
        if isinstance(page, QSplitter):
            page.addWidget(self.details)  # moves it here from the previous object tool
            self.details.show()
            page.setStretchFactor(0, 1)
            page.setStretchFactor(1, 1)
            self.stack.setCurrentWidget(page)
            self.proportion(page)
        else:
            self.stack.setCurrentWidget(page)
        self.toolChanged.emit(pane.NAME)

    def proportion(self, page: QSplitter | None = None) -> None:
        """The tree and the details share an object tool's width as last left (else
        :data:`TREE_SHARE`)."""
        if page is None:
            shown = self.stack.currentWidget()
            page = shown if isinstance(shown, QSplitter) else None
        if page is None or page.count() < 2:
            return
        total = sum(self._tree_sizes) if self._tree_sizes else max(page.width(), 400)
        if self._tree_sizes and sum(self._tree_sizes) > 0:
            page.setSizes(self._tree_sizes)
        else:
            page.setSizes([int(total * TREE_SHARE), total - int(total * TREE_SHARE)])

    def reset_proportions(self) -> None:
        """Forget the sizes the user left (View › Reset layout)."""
        self._tree_sizes = []
        self.proportion()

    def tree_sizes(self) -> list[int]:
        page = self.stack.currentWidget()
        return page.sizes() if isinstance(page, QSplitter) else list(self._tree_sizes)

    def set_tree_sizes(self, sizes: list[int]) -> None:
        self._tree_sizes = [s for s in sizes if s > 0] if len(sizes) == 2 else []
        self.proportion()

    def theme_changed(self) -> None:
        for row, pane in enumerate(self.tools):
            item = self.list.item(row)
            if item is not None:
                item.setIcon(icon(pane.NAME))
        for i in range(self.details.count()):
            widget = self.details.widget(i)
            if isinstance(widget, Pane):
                self.details.setTabIcon(i, icon(widget.NAME))
