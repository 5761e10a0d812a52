"""System family: health, versions, modes and the schema of the whole API."""

from __future__ import annotations

import time
from typing import Annotated

from probe import __version__
from probe.core import system as core
from probe.core.errors import QtError
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.qt_system import Modes, Ping, Schema, Versions

#: Method-name prefixes that make up each mode, for qt.modes.
MODES = {
    "native": ("qt.objects.", "qt.properties.", "qt.methods.", "qt.signals."),
    "computerUse": ("cu.",),
    "chrome": ("chr.",),
    "qml": ("qml.",),
    "data": ("qt.models.", "qt.events.", "qt.timers."),
}


@method("qt.ping", gui=False, tool=Tool("app_status", "chrome"))
async def ping(
    ctx: Context,
    timeout: Annotated[float, P("seconds to wait for the GUI thread", minimum=0.01,
                                maximum=60)] = 1.0,
) -> Ping:
    """Measure the app's event-loop round trip; report busy (with the GUI stack) if it hangs.

    Never fails because the app is frozen: a busy app answers ``busy: true`` with
    ``blockedForMs`` and ``guiStack`` (what the GUI thread is running).
    """
    start = time.perf_counter()
    try:
        await ctx.gui(core.noop, timeout=timeout)
    except QtError as exc:
        if exc.name != "APP_BUSY":
            raise
        report = ctx.freeze_report()
        return {"pong": True, "busy": True, "blockedForMs": report["blockedForMs"],
                "guiStack": report["guiStack"]}
    return {"pong": True, "busy": False,
            "eventLoopMs": round((time.perf_counter() - start) * 1000, 3)}


@method("qt.version", tool=Tool("app_version", "native"))
def version() -> Versions:
    """Versions of Qt, PySide6, Python and the probe, and the app's name and pid."""
    return {**core.versions(), "probe": __version__}


@method("qt.modes", gui=False, tool=Tool("app_modes", "native"))
def modes(ctx: Context) -> Modes:
    """Which ways of working this probe offers (native, computer use, chrome, qml, data)."""
    names = ctx.method_names()
    return {mode: {"available": any(n.startswith(prefixes) for n in names),
                   "methods": sum(n.startswith(prefixes) for n in names)}
            for mode, prefixes in MODES.items()}


@method("qt.schema", gui=False, tool=Tool(spoken="the tool list"))
def schema(
    ctx: Context,
    prefix: Annotated[str, P("only methods whose name starts with this")] = "",
) -> Schema:
    """Every method's declaration: params and result as JSON Schema, docs, and its facts.

    Per method: ``changesApp`` (the approval gate holds it, MCP hosts ask first),
    ``element`` (the params that name the element it acts on or reads), ``marks`` (the
    inspector's live view marks where it acted), ``replay`` (``how`` a recorded call is
    replayed: run, check, skip or none, with ``check``, ``expect`` or ``why``) and ``mcp``
    (its MCP ``tool`` and capability set ``caps``, ``spoken``: how a hint names it when it
    has no tool of its own, ``heavy``: its result may go to a file).
    """
    full: Schema = ctx.schema()
    if prefix:
        full["methods"] = [m for m in full["methods"] if m["name"].startswith(prefix)]
    return full
