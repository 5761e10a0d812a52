"""The page as an agent reads it: accessibility nodes with refs, and whose eyes they are.

:class:`AgentView` is one read of the page, through another client's eyes (that client's
refs) or the inspector's own; :class:`PageNode` is one element of it, kept with the
probe's fields verbatim in ``raw`` (the tool tip shows them all).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from probe.wire import chr_page
from probe.wire import probe_agent_view as wire
from probe.wire.chr_page import Page
from probe.wire.probe_session import Client

Rect = tuple[int, int, int, int]


def rect_of(value: Any) -> Rect | None:
    """A rectangle as the probe writes one: ``[x, y, w, h]`` or ``{"x", "y", "width",
    "height"}``."""
    if isinstance(value, (list, tuple)):
        seq = cast(Sequence[Any], value)
        if len(seq) == 4:
            return (int(seq[0]), int(seq[1]), int(seq[2]), int(seq[3]))
    if isinstance(value, dict):
        box = cast(dict[str, Any], value)
        if {"x", "y", "width", "height"} <= box.keys():
            return (int(box["x"]), int(box["y"]), int(box["width"]), int(box["height"]))
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
    def from_json(cls, data: chr_page.PageNode) -> PageNode:
        """The probe's node (typed: read as the wire declares it) as the inspector's tree
        node, its fields verbatim in ``raw``."""
        raw = {k: v for k, v in data.items() if k != "children"}
        return cls(raw, data["role"], data.get("name", ""), data.get("ref", ""),
                   data.get("value"), tuple(data.get("states", ())), rect_of(data["bounds"]),
                   data.get("id", ""), data.get("objectName", ""), data.get("className", ""),
                   data.get("gapFiller", False), data.get("moreItems", 0),
                   data.get("hiddenBelowDepth", 0),
                   [cls.from_json(c) for c in data.get("children", [])])


@dataclass(frozen=True, slots=True)
class LastRead:
    """A client's latest page read, as it was sent: the text it got and with which options."""

    text: str
    at: float | None
    filter: str
    depth: int


def last_read_of(read: wire.LastRead | None) -> LastRead | None:
    """The probe's record of a client's last read, as the text that client got."""
    if read is None:
        return None
    answer = read["result"]
    text = str(answer["text"]) if "text" in answer else (
        json.dumps(answer.get("tree"), ensure_ascii=False, separators=(",", ":"))
        if answer else "")
    options = read["options"]
    return LastRead(text, read["at"], str(options.get("filter", "all")),
                    int(options.get("depth", 15)))


@dataclass(frozen=True, slots=True)
class AgentView:
    """The page as it is now with one client's refs, and that client's last read."""

    tree: list[PageNode]
    nodes: int
    interactive: int
    truncated: bool
    #: whose refs the tree carries (None: no client read the page yet, so no refs)
    session: Client | None
    last_read: LastRead | None


def agent_view_of(view: wire.AgentView | Page, session: Client | None = None,
                  last_read: LastRead | None = None) -> AgentView:
    """A ``probe.agentView`` answer; or a ``chr.readPage`` one (format json), with
    ``session`` and ``last_read`` given by the caller."""
    if session is None and "session" in view:
        session = view["session"]
    if last_read is None and "lastRead" in view:
        last_read = last_read_of(view["lastRead"])
    return AgentView([PageNode.from_json(n) for n in view.get("tree", [])], view["nodes"],
                     view["interactive"], view["truncated"], session, last_read)
