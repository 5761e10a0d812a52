"""The control room over real WebSockets: approval gate, selection hand-off, highlight,
one element's every handle, and old refs resolved through identity."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, wait_until
from tests.support.mcp_session import McpSession


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(4) as ex:
        yield ex


@pytest.fixture()
def inspector(demo: DemoApp) -> Iterator[Client]:
    c = demo.client(name="pytest-inspector", role="inspector")
    c.call("probe.subscribe", {"topics": ["gate", "highlight", "selection"]})
    yield c
    if not c.closed:
        c.call("probe.gate.set", {"enabled": False})
        c.close()


def text_of(qt: Client, name: str) -> str:
    return qt.call("qt.properties.get", {"objectId": name, "name": "text"})["value"]


def set_name(qt: Client, text: str) -> None:
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": text})


def held(inspector: Client, method: str) -> dict[str, Any]:
    return inspector.wait_notification("probe.gate.pending", lambda p: p["method"] == method)


# ------------------------------------------------------------------------------- gate


def test_held_call_waits_until_approved(qt: Client, inspector: Client, agent: Client,
                                        pool: ThreadPoolExecutor) -> None:
    set_name(qt, "before")
    state = inspector.call("probe.gate.set", {"enabled": True})
    assert state["enabled"] and state["enabledBy"]
    call: Future[Any] = pool.submit(agent.call_envelope, "qt.properties.set", {
        "objectId": "nameEdit", "name": "text", "value": "approved"})
    pending = held(inspector, "qt.properties.set")
    assert pending["client"]["name"] == "pytest-agent"
    assert pending["params"]["value"] == "approved"
    assert not call.done()
    assert text_of(qt, "nameEdit") == "before"  # held: the app did not change
    assert [p["gateId"] for p in qt.call("probe.gate.get")["pending"]] == [pending["gateId"]]
    out = inspector.call("probe.gate.decide", {"gateId": pending["gateId"], "approve": True})
    assert out["approved"] is True
    envelope = call.result(10)
    assert envelope["result"]["value"] == "approved"
    assert envelope["meta"]["gate"]["approval"] == "approved"
    assert text_of(qt, "nameEdit") == "approved"
    done = inspector.wait_notification("probe.gate.resolved",
                                       lambda p: p["gateId"] == pending["gateId"])
    assert done["outcome"] == "approved"


def test_rejected_call_is_user_declined(qt: Client, inspector: Client, agent: Client,
                                        pool: ThreadPoolExecutor) -> None:
    set_name(qt, "keep me")
    inspector.call("probe.gate.set", {"enabled": True})
    call = pool.submit(agent.call, "qt.ui.type", {"target": "nameEdit", "text": "evil",
                                                  "clear": True})
    pending = held(inspector, "qt.ui.type")
    inspector.call("probe.gate.decide", {"gateId": pending["gateId"], "approve": False})
    with pytest.raises(RemoteError) as err:
        call.result(10)
    assert err.value.name == "USER_DECLINED"
    assert "rejected" in err.value.message and err.value.data["outcome"] == "rejected"
    assert err.value.hint
    assert text_of(qt, "nameEdit") == "keep me"


def test_reading_calls_and_other_clients_pass_while_held(
        qt: Client, inspector: Client, agent: Client, pool: ThreadPoolExecutor) -> None:
    inspector.call("probe.gate.set", {"enabled": True})
    call = pool.submit(agent.call, "qt.methods.invoke",
                       {"objectId": "mainWindow", "method": "greet", "args": ["x", 1]})
    pending = held(inspector, "qt.methods.invoke")
    # while one of its calls is held, the agent still reads, and others still change
    assert agent.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})
    assert agent.call("chr.readPage", {"filter": "interactive"})["nodes"] > 0
    shot = agent.call("chr.computer", {"action": "screenshot"})  # a reading action of a
    assert shot  # method that changes the app otherwise: not held
    set_name(inspector, "the inspector is not gated")  # only the inspector token passes
    assert text_of(qt, "nameEdit") == "the inspector is not gated"
    assert not call.done()
    inspector.call("probe.gate.decide", {"gateId": pending["gateId"], "approve": True})
    assert call.result(10)["returned"]


def test_approve_client_for_minutes(qt: Client, inspector: Client, agent: Client,
                                    pool: ThreadPoolExecutor) -> None:
    inspector.call("probe.gate.set", {"enabled": True})
    me = agent.call("probe.hello", {"name": "pytest-agent", "role": "agent"})["session"]
    call = pool.submit(agent.call, "qt.properties.set",
                       {"objectId": "nameEdit", "name": "text", "value": "trusted 1"})
    pending = held(inspector, "qt.properties.set")
    out = inspector.call("probe.gate.approveClient", {"clientId": me["id"], "minutes": 5})
    assert out["released"] == [pending["gateId"]]
    call.result(10)
    set_by_agent = agent.call_envelope("qt.properties.set", {
        "objectId": "nameEdit", "name": "text", "value": "trusted 2"})
    assert "gate" not in set_by_agent["meta"]  # not held at all
    assert text_of(qt, "nameEdit") == "trusted 2"
    assert any(t["clientId"] == me["id"] for t in qt.call("probe.gate.get")["trusted"])


def test_gate_is_off_when_the_inspector_leaves(demo: DemoApp, qt: Client, agent: Client,
                                               pool: ThreadPoolExecutor) -> None:
    set_name(qt, "unchanged")
    inspector = demo.client(name="leaving-inspector", role="inspector")
    inspector.call("probe.subscribe", {"topics": ["gate"]})
    inspector.call("probe.gate.set", {"enabled": True})
    call = pool.submit(agent.call, "qt.properties.set",
                       {"objectId": "nameEdit", "name": "text", "value": "while held"})
    held(inspector, "qt.properties.set")
    inspector.close()
    with pytest.raises(RemoteError) as err:  # nobody approved it: declined, not run
        call.result(10)
    assert err.value.name == "USER_DECLINED" and err.value.data["outcome"] == "gateOff"
    assert text_of(qt, "nameEdit") == "unchanged"
    wait_until(lambda: not qt.call("probe.gate.get")["enabled"], what="the gate to go off")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "free"})
    assert text_of(qt, "nameEdit") == "free"


def test_held_call_of_a_leaving_agent_is_dropped(demo: DemoApp, qt: Client,
                                                 inspector: Client,
                                                 pool: ThreadPoolExecutor) -> None:
    set_name(qt, "stays")
    inspector.call("probe.gate.set", {"enabled": True})
    leaving = demo.client(name="leaving-agent", role="agent")
    pool.submit(leaving.call, "qt.properties.set",
                {"objectId": "nameEdit", "name": "text", "value": "never"})
    pending = held(inspector, "qt.properties.set")
    leaving.close()
    done = inspector.wait_notification("probe.gate.resolved",
                                       lambda p: p["gateId"] == pending["gateId"])
    assert done["outcome"] == "dropped"
    assert qt.call("probe.gate.get")["pending"] == []
    assert text_of(qt, "nameEdit") == "stays"


def test_gate_bad_input(qt: Client, inspector: Client, agent: Client) -> None:
    with pytest.raises(RemoteError) as err:
        agent.call("probe.gate.set", {"enabled": False})
    assert err.value.name == "ROLE_NOT_ALLOWED"
    assert err.value.data["requiredRole"] == "inspector" and err.value.data["role"] == "agent"
    with pytest.raises(RemoteError) as err:
        agent.call("probe.gate.decide", {"gateId": "g1", "approve": True})
    assert err.value.name == "ROLE_NOT_ALLOWED"
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.gate.decide", {"gateId": "g999999", "approve": True})
    assert err.value.name == "GATE_NOT_FOUND" and err.value.data["pending"] == []
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.gate.decide", {"gateId": "g1"})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.gate.set", {"enabled": "yes"})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.gate.approveClient", {"clientId": 987654})
    assert err.value.name == "INVALID_PARAMS"
    assert any(c["name"] == "pytest-agent" for c in err.value.data["available"])
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.gate.approveClient", {"clientId": 1, "minutes": 0})
    assert err.value.name == "INVALID_PARAMS"


# -------------------------------------------------------------------- selection


def test_selection_hand_off(qt: Client, inspector: Client, agent: Client) -> None:
    inspector.call("probe.selection.set", {"objectId": "submitButton"})
    note = inspector.wait_notification("probe.selection", lambda p: p.get("selected"))
    assert note["objectName"] == "submitButton"
    got = agent.call("probe.selection.get")
    assert got["objectName"] == "submitButton" and got["className"] == "QPushButton"
    assert got["id"].startswith("#") and got["ref"].startswith("ref_")
    assert got["selector"].endswith("submitButton") and got["selectorKind"] == "objectName"
    assert got["bounds"]["width"] > 0 and got["selectedBy"]["role"] == "inspector"
    # the agent's ref and id act on the very widget the human picked
    assert agent.call("qt.objects.info", {"objectId": got["id"]})["objectName"] == \
        "submitButton"
    assert agent.call("qt.ui.handles", {"target": got["ref"]})["id"] == got["id"]
    inspector.call("probe.selection.set", {"objectId": None})
    assert agent.call("probe.selection.get") is None
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.selection.set", {"objectId": "mainWindow/noSuchThing"})
    assert err.value.name == "OBJECT_NOT_FOUND" and err.value.data["available"]
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.selection.set", {})
    assert err.value.name == "INVALID_PARAMS"


def test_selection_of_deleted_object_reads_null(fresh_demo: DemoApp) -> None:
    insp = fresh_demo.client(name="i", role="inspector")
    ag = fresh_demo.client(name="a", role="agent")
    insp.call("probe.selection.set", {"objectId": "resetButton"})
    assert ag.call("probe.selection.get")["objectName"] == "resetButton"
    fresh_demo.command("delete resetButton")
    wait_until(lambda: ag.call("probe.selection.get") is None, what="the selection to die")


def test_highlight_reaches_the_inspector(inspector: Client, agent: Client) -> None:
    out = agent.call("probe.highlight", {"target": "emailEdit", "note": "this one"})
    assert out["notified"] >= 1 and out["objectName"] == "emailEdit"
    note = inspector.wait_notification("probe.highlight",
                                       lambda p: p["objectName"] == "emailEdit")
    assert note["id"].startswith("#") and note["note"] == "this one"
    assert inspector.call("qt.objects.info", {"objectId": note["id"]})["objectName"] == \
        "emailEdit"  # the id is the inspector's own
    with pytest.raises(RemoteError) as err:
        agent.call("probe.highlight", {"target": "@name:noSuchWidget"})
    assert err.value.name == "ELEMENT_NOT_FOUND"
    with pytest.raises(RemoteError) as err:
        agent.call("probe.highlight", {"target": "ref_99999"})
    assert err.value.name == "REF_NOT_FOUND"


def test_mcp_get_user_selection(demo: DemoApp, inspector: Client) -> None:
    inspector.call("probe.selection.set", {"objectId": "termsCheck"})
    session = McpSession("--pid", str(demo.pid), "--caps", "chrome,control")
    try:
        assert "get_user_selection" in session.tools()
        text = session.text("get_user_selection")
        assert '"objectName":"termsCheck"' in text and '"ref":"ref_' in text
        resources = session._run(session.session.list_resources()).resources
        assert [str(r.uri) for r in resources] == ["qtmcp://selection"]
        read = session._run(session.session.read_resource("qtmcp://selection"))
        value = json.loads(read.contents[0].text)
        assert value["objectName"] == "termsCheck" and value["selector"]
    finally:
        session.close()


# -------------------------------------------------------------------- handles


def test_handles_of_one_element(qt: Client) -> None:
    out = qt.call("qt.ui.handles", {"target": "@text:Submit"})
    assert out["objectName"] == "submitButton" and out["ref"].startswith("ref_")
    assert out["selectorKind"] == "objectName"
    assert qt.call("qt.objects.info", {"objectId": out["selector"]})["objectName"] == \
        "submitButton"
    assert out["bounds"]["window"] == "mainWindow" and out["bounds"]["height"] > 0
    again = qt.call("qt.ui.handles", {"target": out["id"]})
    assert again["ref"] == out["ref"]  # the same ref, not a second one
    qt.call("qt.names.register", {"name": ":Form.Submit", "definition": {
        "type": "QPushButton", "name": "submitButton"}, "replace": True})
    try:
        assert qt.call("qt.ui.handles", {"target": out["id"]})["symbolicName"] == \
            ":Form.Submit"
    finally:
        qt.call("qt.names.unregister", {"name": ":Form.Submit"})
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.handles", {"target": "mainWindow/nope"})
    assert err.value.name == "OBJECT_NOT_FOUND" and err.value.data["available"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.handles", {})
    assert err.value.name == "INVALID_PARAMS"


def test_hit_test_has_the_handles(qt: Client) -> None:
    g = qt.call("qt.ui.geometry", {"target": "submitButton"})["window"]
    hit = qt.call("qt.ui.hitTest", {"x": g["x"] + g["width"] // 2, "y": g["y"] + 5})
    assert hit["objectName"] == "submitButton" and "bounds" in hit and "localPosition" in hit
    h = hit["handles"]
    assert h["id"] == hit["id"] and h["ref"].startswith("ref_")
    assert h["selector"].endswith("submitButton")


def test_old_ref_of_a_live_element_resolves_through_identity(qt: Client) -> None:
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    page = qt.call("chr.readPage", {"filter": "all"})
    old = max((line for line in page["text"].splitlines() if '"Name"' in line
               and "textbox" in line), key=len)
    ref = old.split("[")[1].split("]")[0]
    # a small read restarts numbering below this ref: the old ref is not re-issued
    small = qt.call("chr.readPage", {"depth": 1})
    assert f"[{ref}]" not in small["text"]
    # no change report: it would show the element, and so issue its ref again
    envelope = qt.call_envelope("chr.formInput", {"ref": ref, "value": "by identity",
                                                  "report_changes": False})
    assert envelope["meta"]["resolvedFrom"] == "identity"
    assert envelope["meta"]["resolvedRef"]["ref"] == ref
    assert text_of(qt, "nameEdit") == "by identity"
    handles = qt.call("qt.ui.handles", {"target": ref})
    assert handles["resolvedFrom"] == "identity" and handles["objectName"] == "nameEdit"


def _ref_of(text: str, *needles: str) -> str:
    """The ref on the first line of a readPage text that holds every needle."""
    line = next(ln for ln in text.splitlines() if all(n in ln for n in needles))
    return line.split("[")[1].split("]")[0]


def test_a_ref_names_one_element_for_the_whole_session(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client()
    first = qt.call("chr.readPage", {"filter": "all"})["text"]
    name_ref = _ref_of(first, "textbox", '"Name"')
    email_ref = _ref_of(first, "textbox", '"Email"')
    again = qt.call("chr.readPage", {"filter": "all"})["text"]
    assert _ref_of(again, "textbox", '"Name"') == name_ref  # a later read: the same ref
    assert qt.call("chr.find", {"query": "name field"})["matches"][0]["ref"] == name_ref
    fresh_demo.command("delete emailEdit")
    wait_until(lambda: not qt.call("qt.ui.exists", {"target": "emailEdit"})["exists"],
               what="the email field deleted")
    after = qt.call("chr.readPage", {"filter": "all"})["text"]
    # the dead field's number is given to no other element: the old ref fails clearly
    assert f"[{email_ref}]" not in after
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": email_ref, "value": "x@example.org"})
    assert err.value.name == "REF_NOT_FOUND" and "chr.readPage" in err.value.data["hint"]
    assert _ref_of(after, "textbox", '"Name"') == name_ref


def test_a_failed_call_leaves_no_note_for_the_next(qt: Client) -> None:
    page = qt.call("chr.readPage", {"filter": "all"})["text"]
    combo = _ref_of(page, "combobox", '"Country"')
    assert f"[{combo}]" not in qt.call("chr.readPage", {"depth": 1})["text"]
    with pytest.raises(RemoteError) as err:  # resolved through identity, then fails
        qt.call("chr.formInput", {"ref": combo, "value": "Atlantis"})
    assert err.value.name != "REF_NOT_FOUND"
    assert "resolvedFrom" not in qt.call_envelope("qt.ping")["meta"]


# ----------------------------------------------------------------------- freeze report


def test_freeze_is_pushed_with_the_blocking_function(fresh_demo: DemoApp) -> None:
    watcher = fresh_demo.client(name="freeze-watcher", role="inspector")
    pushed: list[dict[str, Any]] = []
    watcher.on("probe.freeze", lambda n: pushed.append(n.params))
    watcher.call("probe.subscribe", {"topics": ["freeze"]})
    qt = fresh_demo.client()
    fresh_demo.send_command("freeze 2.5")
    frozen = watcher.wait_notification("probe.freeze", lambda p: p["frozen"], timeout=10)
    assert any("_cmd_freeze" in line for line in frozen["guiStack"]), frozen["guiStack"]
    assert frozen["blockedForMs"] >= 500  # THRESHOLD: nothing is reported before
    ping = qt.call("qt.ping", {"timeout": 0.2})
    assert ping["busy"] is True and ping["blockedForMs"] >= 500
    assert any("_cmd_freeze" in line for line in ping["guiStack"])
    again = watcher.wait_notification("probe.freeze", lambda p: p["frozen"], timeout=10)
    assert again["since"] == frozen["since"] and again["blockedForMs"] > frozen["blockedForMs"]
    over = watcher.wait_notification("probe.freeze", lambda p: not p["frozen"], timeout=10)
    assert over["since"] == frozen["since"] and 1500 <= over["blockedForMs"] < 10000
    assert any("_cmd_freeze" in line for line in over["guiStack"])
    assert qt.call("qt.ping")["busy"] is False
    watcher.call("probe.unsubscribe", {"topics": ["freeze"]})
    count = len(pushed)
    fresh_demo.send_command("freeze 1")  # nobody watches now: nothing is pushed
    wait_until(lambda: qt.call("qt.ping", {"timeout": 0.2})["busy"], what="the second freeze")
    wait_until(lambda: not qt.call("qt.ping", {"timeout": 2})["busy"], what="the app back")
    watcher.call("qt.ping")  # anything pushed before this answer has arrived by now
    assert len(pushed) == count


def test_selector_falls_back_to_text_for_an_unnamed_widget(qt: Client) -> None:
    out = qt.call("qt.ui.handles", {"target": "@class:QToolButton@text:Clear form"})
    assert out["objectName"] == "" and out["selectorKind"] == "text"
    assert "Clear form" in out["selector"] and "#" not in out["selector"]
    again = qt.call("qt.ui.handles", {"target": out["selector"]})
    assert again["id"] == out["id"]  # the selector finds the same object again
