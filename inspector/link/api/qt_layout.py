"""Layout (``qt.layout``): how a widget is laid out, for the live view's overlay."""

from __future__ import annotations

from inspector.link.api._base import Family
from probe.wire.qt_layout import LayoutFacts


class QtLayout(Family):
    """Layout (``qt.layout``)."""

    async def layout_facts(self, target: str) -> LayoutFacts:
        """``target``'s rectangle, sizes, layout cells, margins and spacing, its window's
        tab order and layout problems (window coordinates)."""
        return await self.conn.call("qt.layout", {"objectId": target}, result=LayoutFacts)
