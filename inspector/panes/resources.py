"""Resources tool: the app's ``qrc:`` tree, and a preview of the chosen file.

GammaRay's resource browser: folders open as they are expanded (a page at a time, so an
app with 10,000 resources costs what is opened); a picture shows as a thumbnail, text,
QML and JSON as their first bytes, a font as its family and style, anything else as a
hex dump. Qt's own resources (``:/qt-project.org``) are greyed and marked "Qt".
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontDatabase, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.resources import Preview, ResourceTree, preview_of
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError

#: Bytes of text (or of a thumbnail's PNG) a preview asks for.
PREVIEW_BYTES = 64 * 1024
#: A thumbnail's longest side in pixels.
THUMBNAIL = 384


@register_pane("resources", "Resources", order=90, kind="tool",
               tip="The app's qrc: resources, with previews")
class ResourcesPane(Pane):
    """The resource tree on the left, the chosen file's preview on the right."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = ResourceTree(self)
        self.model.fetchRequested.connect(
            lambda path, offset: self.run(self._fetch(path, offset)))
        self.preview: Preview | None = None

        self.view = QTreeView(self)
        self.view.setObjectName("resourceView")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(ResourceTree.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.view.selectionModel().currentRowChanged.connect(
            lambda current, _old: self.choose(current))
        self.add_hint(self.view, lambda: self.connected_or(
            "The app's resources (qrc:) show here; choose a file to preview it."))

        self.summary = ElidedLabel("", self)
        self.summary.setObjectName("resourceSummary")
        self.picture = QLabel(self)
        self.picture.setObjectName("resourcePicture")
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scroll = QScrollArea(self)
        scroll.setWidget(self.picture)
        scroll.setWidgetResizable(True)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("resourceText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setPlaceholderText("Choose a file in the tree to preview it.")
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.text)
        self.pages.addWidget(scroll)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.summary)
        right_layout.addWidget(self.pages, 1)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.setObjectName("resourceSplit")
        split.addWidget(self.view)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)

        reload_button = self.tool_button("refresh", "Reload", "Read the resource tree again")
        reload_button.clicked.connect(self.refresh)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        legend = QLabel("Folders are read as they open · grey: Qt's own resources", self)
        legend.setObjectName("resourceLegend")
        layout.addWidget(self.toolbar(reload_button, legend))
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

    # ---------------------------------------------------------------- loading

    def on_connected(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.model.clear_tree()
        self.show_preview(None)
        if self.probe.is_connected:
            self.model.fetchMore(QModelIndex())

    async def _fetch(self, path: str, offset: int) -> None:
        try:
            listing = await self.probe.resources(path, offset)
        except QtmcpError as exc:
            self.model.failed(path)
            self.show_error(exc)
            return
        self.show_info("")
        self.model.add_page(listing)
        self.refresh_hints()

    def choose(self, index: QModelIndex) -> None:
        path = self.model.path_of(index)
        if path is None or self.model.is_folder(index):
            return
        self.run(self.load_preview(path))

    async def load_preview(self, path: str) -> Preview | None:
        try:
            answer = await self.probe.resource(path, PREVIEW_BYTES, THUMBNAIL)
        except QtmcpError as exc:
            self.show_error(exc)
            return None
        current = self.model.path_of(self.view.currentIndex())
        if current is not None and current != path:
            return None  # another file was chosen meanwhile
        self.show_info("")
        self.show_preview(preview_of(answer))
        return self.preview

    def show_preview(self, preview: Preview | None) -> None:
        self.preview = preview
        self.summary.setText("" if preview is None else preview.summary)
        self.summary.setToolTip("" if preview is None else preview.summary)
        if preview is not None and preview.image is not None:
            self.picture.setPixmap(QPixmap.fromImage(preview.image))
            self.pages.setCurrentIndex(1)
        else:
            self.picture.clear()
            self.text.setPlainText("" if preview is None else preview.text)
            self.pages.setCurrentIndex(0)

    def select(self, path: str) -> bool:
        """Choose the loaded entry at ``path`` (for tests and links)."""
        index = self.model.index_of(path)
        if not index.isValid():
            return False
        self.view.setCurrentIndex(index)
        return True
