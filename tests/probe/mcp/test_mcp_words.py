"""MCP in MCP's words, one shape: every tool of ``--caps all``, its description, its
answers and each error it raises, read as an agent reads them, names no probe method.

The walk calls each tool with no arguments, with an unknown one, and with each
parameter given a value of the wrong kind or naming nothing (``#99999``), which raises
INVALID_PARAMS, OBJECT_NOT_FOUND, REF_NOT_FOUND, ELEMENT_NOT_FOUND… as the tool can; then
the actions an agent does first. Every action's answer has one layout: the result, then a
``changes:`` block.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import mcp_types as types
import pytest

from tests.support.app import DemoApp, start_demo
from tests.support.mcp_session import McpSession

#: A probe method name (``chr.readPage``, ``qt.objects.find``, ``cu.screenshot``…);
#: ``probe.install(...)`` is the Python function an app calls, not a method.
PROBE_METHOD = re.compile(r"\b(?:(?:chr|cu|qt|qml)\.[A-Za-z]+|probe\.(?!install\b)[A-Za-z]+)")
#: A wrong value for each JSON type (a string names no object, ref or tab).
WRONG = {"string": "#99999", "integer": 99999, "number": 99999, "boolean": "x",
         "array": ["x"], "object": {"x": 1}}
#: Tools the walk leaves out: switching apps is checked in test_mcp.
SKIP = {"switch_app"}


def _kind(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = kind[0]
    if kind is None and schema.get("anyOf"):
        kind = schema["anyOf"][0].get("type")
    if kind is None and schema.get("enum"):
        return "integer"  # not one of the choices
    return str(kind or "string")


def _read(result: types.CallToolResult) -> str:
    parts = [c.text for c in result.content if isinstance(c, types.TextContent)]
    if result.structured_content:
        parts.append(json.dumps(result.structured_content))
    return "\n".join(parts)


def _variants(tool: types.Tool) -> Iterator[dict[str, Any]]:
    props = tool.input_schema.get("properties", {})
    required = tool.input_schema.get("required", [])
    base = {p: WRONG[_kind(props[p])] for p in required}
    yield {}
    yield {"zzz_unknown": 1}
    yield base
    for name, schema in props.items():
        if name != "save_to":
            yield {**base, name: WRONG[_kind(schema)]}


@pytest.fixture(scope="module")
def walk_app() -> Iterator[DemoApp]:
    app = start_demo()
    yield app
    app.stop()


def test_no_answer_names_a_probe_method(walk_app: DemoApp) -> None:
    agent = McpSession("--pid", str(walk_app.pid), "--caps", "all")
    try:
        tools = agent.tools()
        leaks: list[str] = []
        for name, tool in tools.items():
            described = json.dumps(tool.model_dump(by_alias=True, exclude_none=True))
            leaks += [f"{name} (description): {m}" for m in PROBE_METHOD.findall(described)]
            if name in SKIP:
                continue
            for args in _variants(tool):
                text = _read(agent.call(name, args))
                leaks += [f"{name}({args}): {m} in {text[:200]!r}"
                          for m in PROBE_METHOD.findall(text)]
        for name, args in _first_steps():
            text = _read(agent.call(name, args))
            leaks += [f"{name}({args}): {m} in {text[:200]!r}"
                      for m in PROBE_METHOD.findall(text)]
        assert not leaks, "\n".join(leaks[:20])
        assert len(tools) > 40  # the walk saw the whole set
    finally:
        agent.close()


def _first_steps() -> list[tuple[str, dict[str, Any]]]:
    return [("tabs_context", {}), ("read_page", {"filter": "interactive"}),
            ("find", {"query": "nothing like this here"}), ("find", {"query": "Name field"}),
            ("computer", {"action": "screenshot"}),
            ("computer", {"action": "left_click", "coordinate": [300, 200]}),
            ("computer", {"action": "key", "text": "Escape"}),
            ("navigate", {"url": "Data"}), ("navigate", {"url": "Form"})]


def test_every_action_answers_in_one_layout(walk_app: DemoApp) -> None:
    """The result first, then ``changes:`` as a block of lines, never a string in JSON;
    errors without the tool's schema; a tab id from elsewhere points to tabs_context."""
    agent = McpSession("--pid", str(walk_app.pid))
    try:
        page = agent.text("read_page", {"filter": "interactive"})
        ref = re.search(r'textbox "Name"[^\n]*\[(ref_\d+)\]', page)
        assert ref is not None, page
        answers = [agent.text("form_input", {"ref": ref.group(1), "value": "Ada"}),
                   agent.text("fill_form", {"fields": [{"ref": ref.group(1),
                                                        "value": "Bob"}]}),
                   agent.text("navigate", {"url": "Data"}),
                   agent.text("navigate", {"url": "Form"})]
        for text in answers:
            head, sep, changes = text.partition("\nchanges:\n")
            assert sep and changes.strip(), text
            assert '"changes"' not in head and "via" not in head, text
        wrong = agent.call("read_page", {"depth": "deep"})
        assert wrong.is_error and '"properties"' not in _read(wrong)
        other = agent.call("read_page", {"tab_id": "#99999"})
        assert other.is_error and "tabs_context" in _read(other), _read(other)
        assert "another session" in _read(other)
    finally:
        agent.close()
