"""System family (``qt.ping``, ``qt.version``, ``qt.modes``, ``qt.schema``)."""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict


class Ping(TypedDict):
    """``qt.ping``: the event loop's round trip, or what blocks it (``busy``)."""

    pong: bool
    busy: bool
    #: the GUI thread answered in this many ms (not busy)
    eventLoopMs: NotRequired[float]
    #: busy: how long the GUI thread has not answered, and what it runs
    blockedForMs: NotRequired[int]
    guiStack: NotRequired[list[str]]


class FreezeReport(TypedDict):
    """How long the GUI thread has been blocked and the Python stack it runs."""

    blockedForMs: int
    guiStack: list[str]


class Freeze(TypedDict):
    """``probe.freeze`` (topic ``freeze``): the GUI thread blocked since ``since`` (epoch
    seconds), for ``blockedForMs``, running ``guiStack``; ``frozen: false`` once it
    answers again."""

    frozen: bool
    since: float
    blockedForMs: int
    guiStack: list[str]


class AppVersions(TypedDict):
    """The app and what it runs on."""

    qt: str
    pyside: str
    python: str
    platform: str
    qpa: str | None
    app: str | None
    appVersion: str | None
    pid: int
    #: False once the probe made the app's dialogs Qt's own (an agent can read them)
    nativeDialogs: bool
    #: how to start the app again as its user did (an exported test does); None when
    #: it came from ``python -c`` or a prompt
    command: list[str] | None
    #: the folder it was started in
    cwd: str


class Versions(AppVersions):
    """``qt.version``: the app, what it runs on, and the probe's version."""

    probe: str


class Mode(TypedDict):
    """One way of working and whether this probe offers it."""

    available: bool
    methods: int


#: ``qt.modes``: native, computerUse, chrome, qml, data.
Modes = dict[str, Mode]


class ReplayFacts(TypedDict):
    """What a replay does with a call of the method: ``run`` it (comparing ``expect``),
    ``check`` what it read, ``skip`` it (``why``), or nothing (``none``)."""

    how: str
    check: NotRequired[str]
    expect: NotRequired[list[str]]
    why: NotRequired[str]


class ToolFacts(TypedDict, total=False):
    """How the MCP server offers the method (its tool and capability set), how a hint
    names it without one, whether its answer may go to a file."""

    tool: str
    caps: str
    spoken: str
    heavy: bool


class MethodDescription(TypedDict):
    """One method's declaration: its params and result as JSON Schema, its docs, and
    its facts (it changes the app; its params naming the element; the live view marks
    where it acted; what a replay does; its MCP tool)."""

    name: str
    summary: str
    description: str
    changesApp: bool
    params: dict[str, Any]
    result: dict[str, Any]
    element: list[str]
    marks: bool
    replay: ReplayFacts
    mcp: ToolFacts


class NotificationDescription(TypedDict):
    """One notification's declaration: its params as JSON Schema and its topic."""

    method: str
    params: dict[str, Any]
    topic: NotRequired[str]


class Schema(TypedDict):
    """``qt.schema``: every method's declaration and every notification's."""

    protocol: str
    envelope: dict[str, str]
    methods: list[MethodDescription]
    notifications: list[NotificationDescription]
