"""A details tab that lists one chosen object's facts as a tree (Fact, Value): the base of
the Layout and Style tabs, each over its :class:`~inspector.models.facts.ObjectFacts`."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QHeaderView, QTreeView, QVBoxLayout, QWidget

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.facts import ObjectFacts
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane


class FactsPane(ObjectPane):
    """A tree of :attr:`model`'s facts, following the chosen object."""

    #: what the empty tab says it would show
    WHAT = ""
    #: the line above the tree
    INTRO = ""

    def __init__(self, probe: ProbeClient, broker: Broker, model: ObjectFacts,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = model
        self.title = ElidedLabel(self.INTRO, self)
        self.title.setObjectName(self.NAME + "Title")
        self.view = QTreeView(self)
        self.view.setObjectName(self.NAME + "View")
        self.view.setModel(model)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setIndentation(12)  # three levels deep (a layout's cells) keep their room
        self.view.setIconSize(QSize(14, 14))
        header = self.view.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.add_hint(self.view, lambda: model.error or self.object_hint(self.WHAT))
        model.changed.connect(self._shown)

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
        self.view.expandToDepth(0)
        # the facts as wide as they need, never more than half: the values must show
        self.view.setColumnWidth(0, min(self.view.sizeHintForColumn(0) + 12,
                                        max(120, self.view.viewport().width() // 2)))
        self.refresh_hints()
