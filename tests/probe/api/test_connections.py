"""qt.signals.connections (#39 item 2): what happens when a signal fires, named as the
app's code names it, with the line that connected it; and Qt's count of the receivers
the probe could not see (C++, PySide6 itself, before the probe came in), said as such.

The expected lines are read from the apps' files (``# CONN: name`` markers in
tests/apps/connections_app.py, the connect lines of resources/demo_app.py), so an edit
of either cannot make these tests lie.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import ROOT, DemoApp, start_demo, wait_until

APP_PY = str(ROOT / "tests" / "apps" / "connections_app.py")
DEMO_PY = str(ROOT / "resources" / "demo_app.py")


def line_of(path: str, text: str) -> int:
    """The one line of ``path`` that ends with ``text``."""
    with open(path, encoding="utf-8") as fh:
        found = [n for n, line in enumerate(fh, start=1) if line.rstrip().endswith(text)]
    assert len(found) == 1, (text, found)
    return found[0]


def marked(name: str) -> int:
    return line_of(APP_PY, f"# CONN: {name}")


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    a = start_demo(module="tests.apps.connections_app")
    yield a
    a.stop()


@pytest.fixture(scope="module")
def conn(app: DemoApp) -> Client:
    return app.client()


def connections(qt: Client, object_id: str) -> dict[str, Any]:
    return qt.call("qt.signals.connections", {"objectId": object_id})


def only(qt: Client, button: str) -> dict[str, Any]:
    """The one outbound connection of ``button`` (its clicked)."""
    got = connections(qt, button)
    assert len(got["outbound"]) == 1, got["outbound"]
    row = got["outbound"][0]
    assert row["signal"] == "clicked()" and row["connectedAt"]["file"] == APP_PY
    counts = {s["signal"]: s for s in got["signals"]}
    assert counts["clicked(bool)"] == {"signal": "clicked(bool)", "receivers": 1, "named": 1,
                                       "qtmcp": 0, "unseen": 0}
    return row


def test_a_python_connect_names_the_slot_and_the_line(conn: Client) -> None:
    row = only(conn, "methodButton")
    assert row["kind"] == "method" and row["slot"] == "Window.on_method"
    assert row["receiver"]["path"] == "connWindow"
    assert row["connectedAt"]["line"] == marked("method")
    assert row["connectedAt"]["function"] == "Window.connect_all"
    assert row["defined"]["file"] == APP_PY and row["defined"]["function"] == "Window.on_method"


@pytest.mark.parametrize(("button", "kind", "slot", "receiver"), [
    ("qtMethod", "method", "QLabel.clear", "connWindow/status"),
    ("lambda", "lambda", "Window.connect_all.<locals>.<lambda>", None),
    ("partial", "partial", "partial(Window.say)", "connWindow"),
    ("plain", "method", "Counter.bump", None),
    ("callable", "callable", "Caller", None),
    ("relay", "signal", "relayed()", "connWindow"),
    ("outside", "signal", "passed()", None),
])
def test_every_kind_of_slot_is_named(conn: Client, button: str, kind: str, slot: str,
                                     receiver: str | None) -> None:
    row = only(conn, f"{button}Button")
    assert (row["kind"], row["slot"]) == (kind, slot)
    assert (row["receiver"] or {}).get("path") == receiver
    assert row["connectedAt"]["line"] == marked(button)


def test_connections_that_ended_are_gone_and_one_made_before_the_probe_is_counted(
        conn: Client) -> None:
    for button in ("deletedButton", "undoneButton"):  # receiver deleted; disconnected
        got = connections(conn, button)
        assert got["outbound"] == [] and got["signals"] == [], got
    early = connections(conn, "earlyButton")
    assert early["outbound"] == [] and early["watching"] is True
    assert early["signals"] == [{"signal": "clicked(bool)", "receivers": 1, "named": 0,
                                 "qtmcp": 0, "unseen": 1}]


def test_inbound_names_who_calls_the_object(conn: Client) -> None:
    got = connections(conn, "connWindow")
    seen = {(r["sender"]["path"], r["slot"]) for r in got["inbound"]}
    assert seen == {("connWindow/methodButton", "Window.on_method"),
                    ("connWindow/partialButton", "partial(Window.say)"),
                    ("connWindow/relayButton", "relayed()")}
    status = connections(conn, "status")["inbound"]
    assert [(r["sender"]["path"], r["slot"], r["connectedAt"]["line"]) for r in status] == [
        ("connWindow/qtMethodButton", "QLabel.clear", marked("qtMethod"))]


def test_the_probes_own_connections_are_counted_apart(conn: Client) -> None:
    sub = conn.call("qt.signals.subscribe", {"objectId": "methodButton", "signal": "clicked"})
    try:
        got = connections(conn, "methodButton")
        assert [r["slot"] for r in got["outbound"]] == ["Window.on_method"]
        counts = {s["signal"]: s for s in got["signals"]}
        assert counts["clicked(bool)"]["qtmcp"] == 1
        assert counts["clicked(bool)"]["receivers"] == 2
        assert counts["clicked(bool)"]["unseen"] == 0
    finally:
        conn.call("qt.signals.unsubscribe", {"subscriptionId": sub["subscriptionId"]})


# ------------------------------------------------------------------------------ the demo


def test_what_happens_when_the_demos_submit_button_is_clicked(qt: Client) -> None:
    got = connections(qt, "submitButton")
    assert [(r["slot"], r["receiver"]["path"], r["connectedAt"]["line"])
            for r in got["outbound"]] == [
        ("MainWindow.submitForm", "mainWindow",
         line_of(DEMO_PY, "self.submitButton.clicked.connect(self.submitForm)"))]
    assert os.path.samefile(got["outbound"][0]["connectedAt"]["file"], DEMO_PY)


def test_a_connection_qt_made_in_cpp_is_counted_unseen(qt: Client) -> None:
    """QTabWidget connects its tab bar's currentChanged in C++."""
    bar = qt.call("qt.objects.findByClass", {"className": "QTabBar"})["objects"][0]
    got = connections(qt, bar["id"])
    assert got["outbound"] == []
    counts = {s["signal"]: s for s in got["signals"]}
    assert counts["currentChanged(int)"]["unseen"] >= 1
    assert counts["currentChanged(int)"]["named"] == 0


def test_bad_input_gets_the_tables_errors(demo: DemoApp, qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        connections(qt, "noSuchObject")
    assert err.value.name == "OBJECT_NOT_FOUND" and err.value.hint
    with pytest.raises(RemoteError) as err:
        qt.call("qt.signals.connections", {})
    assert err.value.name == "INVALID_PARAMS"
    label = qt.call("qt.objects.info", {"objectId": "volumeValueLabel"})
    assert demo.command("delete volumeValueLabel").startswith("ok")

    def stale() -> str | None:
        try:
            connections(qt, label["id"])
        except RemoteError as exc:
            return exc.name
        return None

    assert wait_until(stale, what="the label to be gone") == "OBJECT_STALE"
    assert connections(qt, "volumeSlider")["outbound"][0]["kind"] == "lambda"  # app lives
