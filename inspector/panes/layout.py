"""Layout tab: the chosen widget's layout as text — its rectangle, sizes and size policy,
its layout's cells, margins and spacing, the layout cell it sits in, the window's tab
order and layout problems. The live view's Layout button draws the same facts over the
picture (one read, :attr:`~inspector.models.broker.Broker.layout`)."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTreeView, QVBoxLayout, QWidget

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane, register_pane


@register_pane("layout", "Layout", order=5, kind="details", refresh=True)
class LayoutPane(ObjectPane):
    """The facts of :class:`~inspector.models.layout.LayoutModel` as a tree."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = broker.layout
        self.title = ElidedLabel("", self)
        self.title.setObjectName("layoutTitle")
        self.title.setText("The live view's Layout button draws these over the picture.")
        self.view = QTreeView(self)
        self.view.setObjectName("layoutView")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setIndentation(12)  # three levels deep (cells of a layout) keep their room
        self.view.setAlternatingRowColors(True)
        header = self.view.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.add_hint(self.view, lambda: self.model.error or self.object_hint(
            "Its rectangle, sizes, layout cells, margins and spacing, the window's tab "
            "order and layout problems show here."))
        self.model.changed.connect(self._shown)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

    def on_connected(self) -> None:
        self.model.forget()
        super().on_connected()

    def refresh(self) -> None:
        self.model.reload()

    async def load(self, object_id: str) -> None:
        self.model.follow(object_id)

    def _shown(self) -> None:
        if self.model.error:
            self.show_error(self.model.error)
        else:
            self.show_info("")
        self.view.expandToDepth(1)
        # the facts as wide as they need, never more than half: the values must show
        self.view.setColumnWidth(0, min(self.view.sizeHintForColumn(0) + 12,
                                        max(120, self.view.viewport().width() // 2)))
        self.refresh_hints()
