"""Sessions (``probe.hello``, ``probe.subscribe``, ``probe.sessions``): the clients, their
topics, and what the ``sessions`` and ``traffic`` topics carry."""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict


class Client(TypedDict):
    """Who made a call: its session id, the name it gave in hello, its role."""

    id: int
    name: str
    role: str


class SessionInfo(Client):
    """One connected client."""

    remote: str
    connectedAt: float
    topics: list[str]
    calls: int
    dropped: int


class Hello(TypedDict):
    """``probe.hello``: this client's session, and every topic it may subscribe to."""

    session: SessionInfo
    topics: dict[str, str]


class Topics(TypedDict):
    """``probe.subscribe``, ``probe.unsubscribe``: the topics this client follows now."""

    topics: list[str]


class SessionEvent(SessionInfo):
    """``probe.session`` (topic ``sessions``): a client ``connected``, said ``hello``,
    ``disconnected``, or was closed for not reading (``stalled``, with ``reason``)."""

    event: str
    reason: NotRequired[str]


class Dropped(TypedDict):
    """``probe.dropped``: notifications the probe dropped for this slow reader so far."""

    dropped: int


class ReplayFacts(TypedDict):
    """What a replay does with a call of its method (when not the default)."""

    how: str
    check: NotRequired[str]
    expect: NotRequired[list[str]]
    why: NotRequired[str]


class Target(TypedDict):
    """The stable handles of the element a recorded call named (``param``: which of its
    params named it), so a replay finds it again."""

    param: str
    selector: NotRequired[str]
    selectorKind: NotRequired[str]
    className: NotRequired[str]
    objectName: NotRequired[str]
    symbolicName: NotRequired[str | None]
    item: NotRequired[dict[str, Any]]


class Traffic(TypedDict):
    """``probe.traffic`` (topic ``traffic``): one call of any client, once answered;
    ``params`` and ``result`` as sent, or ``{truncated, size, preview}`` when large."""

    seq: int
    ts: float
    client: Client
    id: int | str | None
    method: str
    params: Any
    notification: bool
    durationMs: float
    ok: bool
    result: NotRequired[Any]
    error: NotRequired[dict[str, Any]]
    changesApp: NotRequired[bool]
    replay: NotRequired[ReplayFacts]
    target: NotRequired[Target]
    #: how the client's user asked for the call, as the client said it: an MCP tool and
    #: its arguments (``{"tool", "arguments"}``) or a command line (``{"command"}``)
    via: NotRequired[dict[str, Any]]
