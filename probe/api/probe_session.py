"""Probe family: client identity, sessions and subscriptions to notification topics."""

from __future__ import annotations

from typing import Annotated, Literal

from probe.core.errors import QtError
from probe.server.context import INSPECTOR_ROLE, INSPECTOR_TOPICS, Context
from probe.server.registry import P, method
from probe.wire.probe_session import Hello, SessionInfo, Topics

Role = Literal["agent", "inspector", "script", "test", "cli", "client"]


@method("probe.hello", gui=False)
def hello(
    ctx: Context,
    name: Annotated[str, P("client name shown in the inspector", minLength=1, maxLength=100)],
    role: Annotated[Role, P("what kind of client this is")] = "client",
    version: Annotated[str, P("client version", maxLength=100)] = "",
) -> Hello:
    """Name this client (e.g. an agent) so its calls are labelled in the traffic mirror.

    Role ``inspector`` needs the inspector credential (the connection presented the
    inspector token); ROLE_NOT_ALLOWED otherwise.
    """
    s = ctx.session
    if role == INSPECTOR_ROLE and not s.inspector:
        raise QtError("ROLE_NOT_ALLOWED", "role 'inspector' needs the inspector token: "
                      "connect with inspector_token from the discovery file",
                      requiredRole=INSPECTOR_ROLE, role=s.role)
    s.name, s.role, s.version = name, role, version
    ctx.publish("sessions", "probe.session", {"event": "hello", **s.describe()})
    return {"session": s.describe(), "topics": ctx.topics}


def _check_topics(ctx: Context, topics: list[str]) -> None:
    unknown = [t for t in topics if t not in ctx.topics]
    if unknown:
        raise QtError("UNKNOWN_TOPIC", f"Unknown topics: {', '.join(unknown)}",
                      available=sorted(ctx.topics))


@method("probe.subscribe", gui=False)
def subscribe(
    ctx: Context,
    topics: Annotated[list[str], P("topics to receive notifications for", minItems=1)],
) -> Topics:
    """Receive notifications for topics (traffic, sessions, ...); see data of UNKNOWN_TOPIC.

    ``traffic`` and ``gate`` carry other clients' calls: they need the inspector credential
    (ROLE_NOT_ALLOWED otherwise).
    """
    _check_topics(ctx, topics)
    guarded = sorted(INSPECTOR_TOPICS.intersection(topics))
    if guarded and not ctx.session.inspector:
        raise QtError("ROLE_NOT_ALLOWED", f"topics {', '.join(guarded)} carry other clients' "
                      "calls: only the inspector (connected with inspector_token from the "
                      "discovery file) may subscribe to them",
                      requiredRole=INSPECTOR_ROLE, role=ctx.session.role)
    ctx.session.topics.update(topics)
    ctx.watch_freezes()  # a freeze subscriber starts the watch
    return {"topics": sorted(ctx.session.topics)}


@method("probe.unsubscribe", gui=False)
def unsubscribe(
    ctx: Context,
    topics: Annotated[list[str], P("topics to stop receiving")],
) -> Topics:
    """Stop notifications for topics."""
    _check_topics(ctx, topics)
    ctx.session.topics.difference_update(topics)
    return {"topics": sorted(ctx.session.topics)}


@method("probe.sessions", gui=False)
def sessions(ctx: Context) -> list[SessionInfo]:
    """Every connected client: id, name, role, topics, calls and dropped notifications."""
    return [s.describe() for s in ctx.sessions()]
