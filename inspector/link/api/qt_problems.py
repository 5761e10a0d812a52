"""Problems (``qt.problems``): what is wrong in the app's visible windows."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import Family
from probe.wire.qt_problems import ProblemReport


class QtProblems(Family):
    """Problems (``qt.problems``)."""

    async def problems(self, kinds: list[str] | None = None) -> ProblemReport:
        """What is wrong in the app's visible windows (the problem report)."""
        params: dict[str, Any] = {"kinds": kinds} if kinds else {}
        return await self.conn.call("qt.problems", params, result=ProblemReport)
