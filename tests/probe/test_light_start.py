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


def test_methods_load_at_the_first_call_not_at_start() -> None:
    app = start_demo()
    try:
        for module in DEFERRED:  # serving (discovery file written), nothing called yet
            assert app.command(f"imported {module}").startswith("error"), module
        assert app.command("imported probe.api.chr_console").startswith("ok")
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
        for module in DEFERRED[:3]:
            assert app.command(f"imported {module}").startswith("ok"), module
    finally:
        app.stop()
