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


class Versions(AppVersions):
    """``qt.version``: the app, what it runs on, and the probe's version."""

    probe: str


class Mode(TypedDict):
    """One way of working and whether this probe offers it."""

    available: bool
    methods: int


#: ``qt.modes``: native, computerUse, chrome, qml, data.
Modes = dict[str, Mode]


class Schema(TypedDict):
    """``qt.schema``: every method's declaration and every notification's."""

    protocol: str
    envelope: dict[str, str]
    methods: list[dict[str, Any]]
    notifications: list[dict[str, Any]]
