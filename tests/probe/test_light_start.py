"""A light start (#41): the probe serves from install() on, but imports its methods (and
the core they use) at the first call, so an app nobody connects to never pays for them.

The first call (and calls that race it from other clients) see every method; the console
is captured from the start, before any call.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from probe.client import Client
from tests.support.app import start_demo

#: Loaded only when a call needs the methods: the families and the accessibility engine.
DEFERRED = ("probe.api.qt_objects", "probe.api.chr_page", "probe.core.a11y.snapshot",
            "probe.core.capture.frames")
#: Loaded only when the first client connects: the WebSocket library (and the package
#: metadata reader it imports), ~6 MiB of an app nobody connects to; orjson at the first
#: answer.
AT_FIRST_CONNECTION = ("websockets.asyncio.server", "importlib.metadata", "orjson")
#: Never loaded at start: the families' folder is listed without pkgutil, the listening
#: socket's host is resolved without the IDNA codec, the origin recorder's import hook is
#: a finder and loader without importlib.abc's base classes, Qt Test loads with the input,
#: the PySide6 workarounds (and the Qt classes they name) load with the core using them,
#: ctypes where a C++ app is asked about Qt Widgets.
NOT_AT_START = ("pkgutil", "encodings.idna", "importlib.abc", "PySide6.QtTest",
                "probe.core.compat", "ctypes")
#: Imported, but their sources never read: PySide6 reads the whole source of every module
#: imported after it (~5 MiB of lines for the probe's start), unless the answer is known.
SOURCES_NOT_READ = ("probe.server.probe", "probe.server.transport", "asyncio.base_events",
                    "ssl")


def test_methods_load_at_the_first_call_not_at_start() -> None:
    app = start_demo()
    try:
        # serving (discovery file written), nothing called, no client yet
        for module in DEFERRED + AT_FIRST_CONNECTION + NOT_AT_START:
            assert app.command(f"imported {module}").startswith("error"), module
        assert app.command("imported probe.api.chr_console").startswith("ok")
        for module in SOURCES_NOT_READ:
            assert app.command(f"source-held {module}").startswith("error"), module
        assert app.command("log warning said before any call").startswith("ok")
        clients = [Client.connect(app.url, app.token, name=f"first-{i}") for i in range(4)]
        try:
            methods = ("qt.schema", "chr.readConsoleMessages", "qt.objects.info",
                       "chr.readPage")
            params = ({}, {"pattern": "before any call"}, {"objectId": "nameEdit"},
                      {"filter": "interactive"})
            with ThreadPoolExecutor(4) as pool:  # four first calls at once
                answers = list(pool.map(lambda i: clients[i].call(methods[i], params[i]),
                                        range(4)))
            names = {m["name"] for m in answers[0]["methods"]}
            assert {"qt.objects.tree", "chr.readPage", "cu.screenshot"} <= names
            assert len(names) > 100
            said = [m for m in answers[1]["messages"] if m["source"] == "logging"]
            assert [m["text"] for m in said] == ["said before any call"]
            assert answers[2]["objectName"] == "nameEdit"
            assert answers[3]["nodes"] > 0
        finally:
            for c in clients:
                c.close()
        for module in DEFERRED[:3] + AT_FIRST_CONNECTION:
            assert app.command(f"imported {module}").startswith("ok"), module
        for module in SOURCES_NOT_READ + DEFERRED[:3]:  # the first call's imports neither
            assert app.command(f"source-held {module}").startswith("error"), module
        # a module neither qtmcp's nor the standard library's is checked as PySide6 does
        assert app.command("source-held websockets.asyncio.server").startswith("ok")
    finally:
        app.stop()
