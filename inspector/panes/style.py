"""Style tab: the chosen widget's palette (each role of each colour group, with a swatch),
font, the style drawing it and the style sheets in effect, each with where it comes from
(GammaRay's style, palette and font browsers, for the chosen widget)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.style import StyleModel
from inspector.widgets.facts_pane import FactsPane
from inspector.widgets.pane import register_pane


@register_pane("style", "Style", order=6, kind="details", refresh=True)
class StylePane(FactsPane):
    """The facts of :class:`~inspector.models.style.StyleModel` as a tree."""

    WHAT = ("Its palette, font, style and the style sheets in effect show here, each with "
            "where it comes from.")
    INTRO = "Muted colours: roles its palette inherits."

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, StyleModel(probe), parent)
        self.model.setParent(self)

    def _shown(self) -> None:
        super()._shown()
        m = self.model  # the Active group open: its swatches are what one looks for
        palette = next((m.index(r, 0) for r in range(m.rowCount())
                        if m.index(r, 0).data() == "Palette"), None)
        if palette is not None:
            self.view.expand(m.index(0, 0, palette))
