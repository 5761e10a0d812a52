"""Style (``qt.style``): a widget's palette, font, style and style sheets."""

from __future__ import annotations

from inspector.link.api._base import Family
from probe.wire.qt_style import StyleFacts


class QtStyle(Family):
    """Style (``qt.style``)."""

    async def style_facts(self, target: str) -> StyleFacts:
        """``target``'s palette (every group and role), font, style and style sheets, and
        where the palette and font come from."""
        return await self.conn.call("qt.style", {"objectId": target}, result=StyleFacts)
