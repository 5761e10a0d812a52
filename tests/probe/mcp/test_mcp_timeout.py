"""The MCP server's wait tells the truth (#28 item 5): it covers every wait a call asks for,
a batch's steps included, and when it runs out the probe call is cancelled, not left to
change the app after the agent was told TIMEOUT."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from probe.mcp import waits
from tests.support.app import DemoApp, start_demo
from tests.support.mcp_session import McpSession


def test_the_wait_covers_a_batchs_steps() -> None:
    steps = {"actions": [{"action": "wait", "duration": 30},
                         {"action": "wait_for", "text": "Done", "timeout": 100},
                         {"action": "wait_for", "text": "Later"},  # the default 10 s
                         {"action": "left_click", "ref": "ref_1"}]}
    assert waits.budget(steps, 60) == 60 + 30 + 100 + waits.WAIT_FOR_DEFAULT
    assert waits.budget({"timeoutMs": 2500}, 1) == 3.5
    assert waits.budget({"timeout": float("nan"), "duration": -5, "x": True}, 1) == 1


@pytest.fixture(scope="module")
def patient() -> Iterator[DemoApp]:
    """A demo app whose probe lets a call wait 30 s for its GUI thread (not APP_BUSY at
    2 s), so a call queued behind a freeze would still run when the freeze ends."""
    app = start_demo(env={"QTMCP_CALL_TIMEOUT": "30"})
    yield app
    app.stop()


@pytest.fixture
def hasty(patient: DemoApp) -> Iterator[McpSession]:
    """An MCP server that waits one second beyond what a call asks."""
    session = McpSession("--pid", str(patient.pid), "--timeout", "1")
    yield session
    session.close()


def _name_ref(agent: McpSession) -> str:
    found = agent.text("find", {"query": "Name text field"})
    return re.search(r"ref_\d+", found).group(0)  # type: ignore[union-attr]


def test_a_batch_that_waits_is_not_cut_short(hasty: McpSession, patient: DemoApp) -> None:
    qt = patient.client()
    qt.call("chr.navigate", {"url": "Form"})
    done = hasty.text("batch", {"actions": [{"action": "wait", "duration": 1.5},
                                            {"action": "form_input", "ref": _name_ref(hasty),
                                             "value": "after-wait"}]})
    assert '"done":2' in done
    assert qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})[
        "value"] == "after-wait"


def test_a_call_past_the_wait_is_cancelled(hasty: McpSession, patient: DemoApp) -> None:
    qt = patient.client()
    qt.call("chr.navigate", {"url": "Form"})
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "before"})
    ref = _name_ref(hasty)
    watcher = patient.client("freeze-watch", "inspector")
    watcher.call("probe.subscribe", {"topics": ["freeze"]})
    patient.send_command("freeze 4")
    watcher.wait_notification("probe.freeze", lambda p: p["frozen"], timeout=10)
    answer = hasty.call("batch", {"actions": [{"action": "form_input", "ref": ref,
                                               "value": "too-late"}]})
    text = answer.content[0].text
    assert answer.is_error and text.startswith("TIMEOUT") and "cancelled" in text, text
    watcher.wait_notification("probe.freeze", lambda p: not p["frozen"], timeout=15)
    qt.call("qt.ping")  # the GUI thread has run what was queued before this
    assert qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})[
        "value"] == "before"
    assert not hasty.call("tabs_context").is_error  # the next call connects again
