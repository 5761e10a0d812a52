"""Docs that cannot drift: README's method table and the examples in docs/mcp.md are
checked against the real ``qt.schema`` and the real MCP tools of a fresh demo app.

Each checked block sits between ``<!-- … -->`` markers. When the app changed on purpose,
``QTMCP_UPDATE_DOCS=1 pytest tests/docs/test_docs.py`` writes the blocks from what the app
answers now (then read the diff); without it a stale block fails, showing the real one.
The docs may mention fewer tools than exist (new tools need no doc change), but every
tool, method, ref and output line they show must be real.
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest

from probe.client import Client
from probe.mcp import tools as mcp_tools
from tests.support.app import ROOT, DemoApp, start_demo
from tests.support.mcp_session import McpSession

README = ROOT / "README.md"
MCP_DOC = ROOT / "docs" / "mcp.md"
UPDATE = os.environ.get("QTMCP_UPDATE_DOCS") == "1"


def blocks(text: str, kind: str) -> list[re.Match[str]]:
    """The ``<!-- kind arg -->`` … ``<!-- /kind -->`` blocks (they may nest in others)."""
    pattern = (rf"(<!-- (?P<kind>{re.escape(kind)})(?P<arg>[^>]*?)-->\n)(?P<body>.*?)"
               rf"(<!-- /{re.escape(kind)} -->)")
    return list(re.finditer(pattern, text, re.DOTALL))


def check_or_update(path: Path, match: re.Match[str], real: str) -> None:
    """The block ``match`` of ``path`` must read ``real`` (written when updating)."""
    if match.group("body") == real:
        return
    if UPDATE:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(match.group(0), match.group(1) + real + match.group(5)),
                        encoding="utf-8")
        return
    pytest.fail(f"{path.name} is out of date (QTMCP_UPDATE_DOCS=1 pytest {__file__} "
                f"rewrites it); the real block is:\n{real}")


@pytest.fixture(scope="module")
def fresh() -> Iterator[DemoApp]:
    """A demo app nobody touched: the walk-through starts from its first state."""
    app = start_demo()
    yield app
    app.stop()


# ----------------------------------------------------------------------- README


def method_table(schema: dict[str, Any]) -> str:
    """README's table: one row per family (everything before the last dot)."""
    families: dict[str, list[str]] = defaultdict(list)
    for m in schema["methods"]:
        family, name = m["name"].rsplit(".", 1)
        families[family].append(name)
    rows = ["| family | methods |", "| --- | --- |"]
    for family in sorted(families):
        names = ", ".join(f"`{n}`" for n in sorted(families[family]))
        rows.append(f"| `{family}.*` | {names} |")
    return "\n".join(rows) + "\n"


def test_readme_method_table_is_the_real_schema(fresh: DemoApp) -> None:
    with Client.connect(fresh.url, fresh.token, name="docs", role="test") as qt:
        schema = qt.call("qt.schema")
    (match,) = blocks(README.read_text(encoding="utf-8"), "methods")
    check_or_update(README, match, method_table(schema))


def test_readme_points_only_at_files_users_have() -> None:
    text = README.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), f"README links to {target}, which is not there"
    assert "DESIGN.md" not in text  # the team's design notes do not ship


# ----------------------------------------------------------------------- docs/mcp.md


@pytest.fixture(scope="module")
def mcp_session(fresh: DemoApp) -> Iterator[McpSession]:
    session = McpSession("--pid", str(fresh.pid), name="docs-agent")
    yield session
    session.close()


@pytest.fixture(scope="module")
def every_tool(fresh: DemoApp) -> Iterator[McpSession]:
    """A server offering every capability set, for the table that lists them all."""
    session = McpSession("--pid", str(fresh.pid), "--caps", "all", name="docs-all")
    yield session
    session.close()


def test_the_tool_table_names_real_tools_and_methods(every_tool: McpSession,
                                                     fresh: DemoApp) -> None:
    tools = every_tool.tools()
    schema = fresh.client().call("qt.schema")
    by_tool = {e.tool: e for e in mcp_tools.catalog(schema).values() if e.tool}
    text = MCP_DOC.read_text(encoding="utf-8")
    (table,) = blocks(text, "tools")
    for row in table.group("body").splitlines()[2:]:
        caps, names_cell, _what, method_cell = (c.strip() for c in row.strip("|").split("|"))
        names = re.findall(r"`([a-z_]+)`", names_cell)
        methods = _methods(method_cell)
        assert names, row
        for name in names:
            assert name in tools, f"docs/mcp.md shows a tool {name!r} the server lacks"
            if name in by_tool:
                real = by_tool[name].method
                assert any(real == m or (m.endswith(".*") and real.startswith(m[:-1]))
                           for m in methods), f"{name} runs {real}, the doc says {methods}"
                assert caps == by_tool[name].caps, f"{name} is in {by_tool[name].caps}"
            else:
                assert "server's own" in method_cell and caps == "(always)", row


def _methods(cell: str) -> list[str]:
    """`qt.objects.tree`, `.inspect` -> qt.objects.tree, qt.objects.inspect."""
    out: list[str] = []
    for name in re.findall(r"`([a-zA-Z.*]+)`", cell):
        if name.startswith(".") and out:
            name = out[0].rsplit(".", 1)[0] + name
        out.append(name)
    return out


def _text(result: types.CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


def test_the_walk_through_is_what_the_tools_answer(mcp_session: McpSession, fresh: DemoApp) -> None:
    """The walk-through, run as written against a fresh demo app: the page lines, the refs
    the steps use, the lines their answers show and the error text are the real ones."""
    text = MCP_DOC.read_text(encoding="utf-8")
    tabs = json.loads(mcp_session.text("tabs_context"))
    assert tabs["tabs"][0]["objectName"] == "mainWindow"
    assert '`mainWindow` "qtmcp demo"' in text
    (page_block,) = blocks(text, "read-page")
    args = json.loads(page_block.group("arg"))
    page = mcp_session.text("read_page", args).split("text:\n", 1)[1]
    real_lines = [line.strip() for line in page.splitlines()]
    shown = page_block.group("body").split("\n", 1)[1].rsplit("```", 1)[0]  # code fence
    wanted = [line.strip() for line in shown.splitlines() if line.strip()]
    by_element = {line.split(" [", 1)[0]: line for line in real_lines}
    real = [by_element.get(line.split(" [", 1)[0], f"(gone) {line}") for line in wanted]
    indent = re.match(r"\s*", shown).group(0)  # type: ignore[union-attr]
    fence = page_block.group("body").split("\n", 1)[0]
    check_or_update(MCP_DOC, page_block,
                    fence + "\n" + "".join(f"{indent}{line}\n" for line in real) + indent
                    + "```\n")
    refs = {line.split(" [", 1)[0]: line.split("[", 1)[1].split("]", 1)[0] for line in real}

    # steps 3 and 4 use those refs, do what the doc says, and answer the lines it shows
    (steps,) = blocks(MCP_DOC.read_text(encoding="utf-8"), "steps")
    parts = re.split(r"^\d+\. ", steps.group("body"), flags=re.MULTILINE)[3:5]
    assert [re.search(r"`([a-z_]+)`", p).group(1) for p in parts] == ["fill_form", "computer"]
    for step in parts:
        tool = re.search(r"`([a-z_]+)`", step).group(1)  # type: ignore[union-attr]
        raw = re.search(r"`(\{[^`]*\})`", step).group(1)  # type: ignore[union-attr]
        params = json.loads(raw)
        for ref in re.findall(r"ref_\d+", raw):
            assert ref in refs.values(), f"{raw}: no such ref in the page shown"
        answer = mcp_session.call(tool, params)
        assert not answer.is_error, raw
        real = [line.strip() for line in _text(answer).splitlines()]
        (shown,) = blocks(step, "answer")
        for line in shown.group("body").splitlines():
            line = line.strip()
            if not line or line.startswith("```"):
                continue
            if "…" in line:  # an answer's start, cut in the doc
                start = line[:line.index("…")]
                assert any(r.startswith(start) for r in real), (line, real)
            else:
                assert line in real, f"docs/mcp.md shows {line!r}; {tool} answered:\n" + \
                    "\n".join(real)
    with Client.connect(fresh.url, fresh.token, name="docs-check", role="test") as qt:
        def value(name: str, prop: str) -> Any:
            return qt.call("qt.properties.get", {"objectId": name, "name": prop})["value"]

        assert value("nameEdit", "text") == "Ada Lovelace"
        assert value("ageSpin", "value") == 36
        assert value("countryCombo", "currentText") == "United Kingdom"
        assert value("termsCheck", "checked") is True
    assert "Submitted: Ada Lovelace" in mcp_session.text("get_page_text")
    console = mcp_session.text("read_console_messages", {"pattern": "submitted"})
    assert "form submitted: Ada Lovelace" in console
    assert "`form submitted: Ada Lovelace`" in text

    # the error an agent gets for a ref that names nothing
    (error_block,) = blocks(MCP_DOC.read_text(encoding="utf-8"), "error")
    tool, raw = error_block.group("arg").strip().split(" ", 1)
    result = mcp_session.call(tool, json.loads(raw))
    assert result.is_error
    first_two = "\n".join(_text(result).splitlines()[:2])
    fence = error_block.group("body").split("\n", 1)[0]
    check_or_update(MCP_DOC, error_block, f"{fence}\n{first_two}\n```\n")


#: "about 10,000 characters of tool JSON" (README, docs/mcp.md), and "`all` about 29,000".
_LIST_SIZE = re.compile(r"about ([\d,]+)\s+characters of tool JSON")
_ALL_SIZE = re.compile(r"`all` about ([\d,]+)")


def _about(figure: str, real: int) -> bool:
    """A figure written "about N" is ``real`` rounded to the nearest thousand."""
    return int(figure.replace(",", "")) == round(real, -3)


def test_the_tool_list_sizes_the_docs_give_are_measured(mcp_session: McpSession,
                                                        every_tool: McpSession) -> None:
    default = mcp_tools.tool_list_chars(mcp_session.tools().values())
    everything = mcp_tools.tool_list_chars(every_tool.tools().values())
    for doc in (README, MCP_DOC):
        text = doc.read_text(encoding="utf-8")
        said = _LIST_SIZE.findall(text)
        assert said, f"{doc.name} gives no tool list size"
        for figure in said:
            assert _about(figure, default), \
                f"{doc.name} says about {figure} characters; the default list has {default}"
        for figure in _ALL_SIZE.findall(text):
            assert _about(figure, everything), \
                f"{doc.name} says `all` is about {figure}; it has {everything}"
