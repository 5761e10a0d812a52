"""The approval gate (``probe.gate.*``): agents' app-changing calls held for the human."""

from typing import Any

from probe.wire._typing import TypedDict
from probe.wire.probe_session import Client


class Held(TypedDict):
    """``probe.gate.pending`` (topic ``gate``): a call the gate holds."""

    gateId: str
    method: str
    params: Any
    ts: float
    client: Client


class Trust(TypedDict):
    clientId: int
    until: float


class Gate(TypedDict):
    """``probe.gate.get``, ``probe.gate.set``: on or off, who turned it on, what it
    holds, which clients pass until when."""

    enabled: bool
    enabledBy: list[int]
    pending: list[Held]
    trusted: list[Trust]


class Changed(TypedDict):
    """``probe.gate.changed`` (topic ``gate``)."""

    enabled: bool
    enabledBy: list[int]


class Decided(TypedDict):
    """``probe.gate.decide``."""

    gateId: str
    approved: bool
    method: str
    decidedBy: int


class Trusted(TypedDict):
    """``probe.gate.approveClient``: the client passes until ``until``; the calls it had
    waiting were ``released``."""

    clientId: int
    name: str
    until: float
    released: list[str]


class Resolved(TypedDict):
    """``probe.gate.resolved`` (topic ``gate``): what became of a held call."""

    gateId: str
    outcome: str
    waitedMs: float
    method: str
    client: Client
