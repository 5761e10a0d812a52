"""Layout tab: the chosen widget's layout as text — its rectangle, sizes and size policy,
its layout's cells, margins and spacing, the layout cell it sits in, the window's tab
order and layout problems. The live view's Layout button draws the same facts over the
picture (one read, :attr:`~inspector.models.broker.Broker.layout`)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.widgets.facts_pane import FactsPane
from inspector.widgets.pane import register_pane


@register_pane("layout", "Layout", order=5, kind="details", refresh=True)
class LayoutPane(FactsPane):
    """The facts of :class:`~inspector.models.layout.LayoutModel` as a tree."""

    WHAT = ("Its rectangle, sizes, layout cells, margins and spacing, the window's tab "
            "order and layout problems show here.")
    INTRO = "The live view's Layout button draws these over the picture."

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, broker.layout, parent)

    def _shown(self) -> None:
        super()._shown()
        self.view.expandToDepth(1)
