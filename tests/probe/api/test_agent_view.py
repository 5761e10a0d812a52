"""probe.agentView over real WebSockets: an inspector reads the page with an agent's refs,
sees the agent's last chr.readPage verbatim, and leaves the agent's refs alone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp


@pytest.fixture()
def inspector(demo: DemoApp) -> Iterator[Client]:
    c = demo.client(name="pytest-inspector", role="inspector")
    yield c
    c.close()


def nodes(tree: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in tree:
        yield node
        yield from nodes(node.get("children") or [])


def by_name(view: dict[str, Any], role: str, name: str) -> dict[str, Any]:
    return next(n for n in nodes(view["tree"]) if n["role"] == role and n.get("name") == name)


def ref_in_text(text: str, role: str, name: str) -> str:
    line = next(line for line in text.splitlines() if line.strip().startswith(f'{role} "{name}"'))
    return line.split("[", 1)[1].split("]", 1)[0]


def test_inspector_sees_the_agents_refs_and_last_read(inspector: Client, agent: Client) -> None:
    read = agent.call("chr.readPage", {"filter": "interactive"})
    name_ref = ref_in_text(read["text"], "textbox", "Name")
    view = inspector.call("probe.agentView", {"filter": "interactive"})
    assert view["session"]["name"] == "pytest-agent"
    assert view["lastRead"]["result"] == read  # exactly what the agent was sent
    assert view["lastRead"]["options"]["filter"] == "interactive"
    name = by_name(view, "textbox", "Name")
    assert name["ref"] == name_ref
    assert name["objectName"] == "nameEdit"
    # ids are the inspector's own: it can act on them in its session
    info = inspector.call("qt.objects.info", {"objectId": name["id"]})
    assert info["objectName"] == "nameEdit"


def test_the_view_follows_the_agents_form_input(inspector: Client, agent: Client) -> None:
    read = agent.call("chr.readPage", {"filter": "interactive"})
    email_ref = ref_in_text(read["text"], "textbox", "Email")
    agent.call("chr.formInput", {"ref": email_ref, "value": "ada@example.org"})
    view = inspector.call("probe.agentView", {"filter": "interactive"})
    email = by_name(view, "textbox", "Email")
    assert email["ref"] == email_ref and email["value"] == "ada@example.org"
    # the last read is still the one the agent got, before its input
    assert "ada@example.org" not in view["lastRead"]["result"]["text"]


def test_watching_leaves_the_agents_refs_alone(demo: DemoApp, inspector: Client) -> None:
    fresh = demo.client(name="fresh-agent", role="agent")
    try:
        first = fresh.call("chr.readPage", {"filter": "interactive"})
        # the inspector reads every element, many the agent never saw, several times
        for _ in range(3):
            inspector.call("probe.agentView", {"sessionId": _session_id(inspector)})
        again = fresh.call("chr.readPage", {"filter": "interactive"})
        assert again["text"] == first["text"]
        unissued = f"ref_{first['nodes'] + 50}"
        with pytest.raises(RemoteError) as err:
            fresh.call("chr.click", {"ref": unissued})
        assert err.value.name == "REF_NOT_FOUND"
        assert "never issued" in err.value.message  # no number was spent on the inspector
        # every element shows, and exactly the refs the agent holds: none for the others
        full = inspector.call("probe.agentView", {"sessionId": _session_id(inspector)})
        assert full["nodes"] > first["nodes"]
        held = set(re.findall(r"\[(ref_\d+)\]", first["text"]))
        assert {n["ref"] for n in nodes(full["tree"]) if n.get("ref")} == held
    finally:
        fresh.close()


def _session_id(inspector: Client) -> int:
    sessions = inspector.call("probe.sessions")
    return next(s["id"] for s in reversed(sessions) if s["name"] == "fresh-agent")


def test_the_latest_reader_is_followed(demo: DemoApp, inspector: Client) -> None:
    first = demo.client(name="agent-a", role="agent")
    second = demo.client(name="agent-b", role="agent")
    try:
        first.call("chr.readPage", {"filter": "interactive"})
        second.call("chr.readPage", {"filter": "interactive"})
        assert inspector.call("probe.agentView")["session"]["name"] == "agent-b"
        first.call("chr.readPage", {"filter": "interactive"})
        assert inspector.call("probe.agentView")["session"]["name"] == "agent-a"
        # another inspector's reads are never the ones followed
        other = demo.client(name="other-inspector", role="inspector")
        other.call("chr.readPage")
        assert inspector.call("probe.agentView")["session"]["name"] == "agent-a"
        other.close()
    finally:
        first.close()
        second.close()


def test_bad_input_gets_clear_errors(demo: DemoApp, inspector: Client, agent: Client) -> None:
    with pytest.raises(RemoteError) as err:
        agent.call("probe.agentView")
    assert err.value.name == "ROLE_NOT_ALLOWED"
    assert err.value.data["requiredRole"] == "inspector"
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.agentView", {"sessionId": 999999})
    assert err.value.name == "INVALID_PARAMS"
    assert "probe.sessions" in err.value.hint
    assert any(s["name"] == "pytest-agent" for s in err.value.data["available"])
    with pytest.raises(RemoteError) as err:
        inspector.call("probe.agentView", {"depth": 0})
    assert err.value.name == "INVALID_PARAMS"
    assert inspector.call("qt.ping")["pong"]
    assert demo.alive()
