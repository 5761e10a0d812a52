"""The page as an agent reads it: accessibility nodes with refs, and whose eyes they are.

:class:`AgentView` is one read of the page, through another client's eyes (that client's
refs) or the inspector's own; :class:`PageNode` is one element of it, kept with the
probe's fields verbatim in ``raw`` (the tool tip shows them all).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from inspector.link.traffic import SessionInfo

Rect = tuple[int, int, int, int]


def rect_of(value: Any) -> Rect | None:
    """A rectangle as the probe writes one: ``[x, y, w, h]`` or ``{"x", "y", "width",
    "height"}``."""
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return (int(value[0]), int(value[1]), int(value[2]), int(value[3]))
    if isinstance(value, dict) and {"x", "y", "width", "height"} <= value.keys():
        return (int(value["x"]), int(value["y"]), int(value["width"]), int(value["height"]))
    return None


@dataclass(slots=True)
class PageNode:
    """One element of the page: role, name, the ref the reader holds, value, states."""

    raw: dict[str, Any]
    role: str = ""
    name: str = ""
    ref: str = ""
    value: Any = None
    states: tuple[str, ...] = ()
    bounds: Rect | None = None
    #: the Qt object behind it, as the inspector's own ``#N``
    object_id: str = ""
    object_name: str = ""
    class_name: str = ""
    #: a click target the accessibility tree does not name (shown as "clickable")
    gap_filler: bool = False
    more_items: int = 0
    hidden_below_depth: int = 0
    children: list[PageNode] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PageNode:
        raw = {k: v for k, v in data.items() if k != "children"}
        return cls(raw, str(data.get("role") or ""), str(data.get("name") or ""),
                   str(data.get("ref") or ""), data.get("value"),
                   tuple(str(s) for s in data.get("states") or ()), rect_of(data.get("bounds")),
                   str(data.get("id") or ""), str(data.get("objectName") or ""),
                   str(data.get("className") or ""), bool(data.get("gapFiller")),
                   int(data.get("moreItems") or 0), int(data.get("hiddenBelowDepth") or 0),
                   [cls.from_json(c) for c in data.get("children") or []
                    if isinstance(c, dict)])


@dataclass(frozen=True, slots=True)
class LastRead:
    """A client's latest page read, as it was sent: the text it got and with which options."""

    text: str
    at: float | None
    filter: str
    depth: int

    @classmethod
    def from_json(cls, data: Any) -> LastRead | None:
        if not isinstance(data, dict):
            return None
        answer = data.get("result")
        answer = answer if isinstance(answer, dict) else {}
        text = str(answer["text"]) if "text" in answer else (
            json.dumps(answer.get("tree"), ensure_ascii=False, separators=(",", ":"))
            if answer else "")
        options = data.get("options")
        options = options if isinstance(options, dict) else {}
        at = data.get("at")
        return cls(text, float(at) if isinstance(at, (int, float)) else None,
                   str(options.get("filter", "all")), int(options.get("depth", 15)))


@dataclass(frozen=True, slots=True)
class AgentView:
    """The page as it is now with one client's refs, and that client's last read."""

    tree: list[PageNode]
    nodes: int
    interactive: int
    truncated: bool
    #: whose refs the tree carries (None: no client read the page yet, so no refs)
    session: SessionInfo | None
    last_read: LastRead | None

    @classmethod
    def from_json(cls, data: dict[str, Any], session: SessionInfo | None = None,
                  last_read: LastRead | None = None) -> AgentView:
        """A ``probe.agentView`` answer; or a ``chr.readPage`` one, with ``session`` and
        ``last_read`` given by the caller."""
        if session is None and isinstance(data.get("session"), dict):
            session = SessionInfo.from_json(data["session"])
        if last_read is None:
            last_read = LastRead.from_json(data.get("lastRead"))
        return cls([PageNode.from_json(n) for n in data.get("tree") or []
                    if isinstance(n, dict)], int(data.get("nodes") or 0),
                   int(data.get("interactive") or 0), bool(data.get("truncated")),
                   session, last_read)
