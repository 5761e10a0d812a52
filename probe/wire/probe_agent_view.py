"""``probe.agentView``: the page as it is now with another client's refs, and that
client's last read as it was sent (the inspector's agent view)."""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict
from probe.wire.chr_page import PageNode, Viewport, Window
from probe.wire.probe_session import Client


class LastRead(TypedDict):
    """A client's latest page read: the answer it got, when, of which generation of its
    refs, with which options."""

    result: dict[str, Any]
    at: float
    generation: int
    options: dict[str, Any]


class AgentView(TypedDict):
    window: Window
    viewport: Viewport
    tree: list[PageNode]
    nodes: int
    interactive: int
    truncated: bool
    #: how many elements could not be read (each marked ``unread``; see ``note``), as
    #: chr.readPage says it
    unreadElements: NotRequired[int]
    note: NotRequired[str]
    #: elements whose value was cut (as chr.readPage says it)
    valuesCut: NotRequired[int]
    #: whose refs the tree carries (None: no client read the page yet)
    lastRead: LastRead | None
    session: Client | None
