"""Every fact about a method lives in its one declaration (``@method`` in probe/api/), and
everyone reads it from there: the approval gate, the traffic mirror, the replay, the MCP
server, the inspector's marks. These tests read the declarations as a client does
(``qt.schema``) and check that the facts hold together, that composites call each method
once, and that no family re-declares the shared parameter vocabulary."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from probe.client import Client
from probe.mcp import tools as mcp_tools
from tests.support.app import ROOT, DemoApp, wait_until

API = ROOT / "probe" / "api"
INPUT_FAMILIES = ("qt.ui.", "cu.", "chr.")


@pytest.fixture(scope="module")
def schema(demo: DemoApp) -> dict[str, Any]:
    with demo.client() as qt:
        return qt.call("qt.schema")


def _methods(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["name"]: m for m in schema["methods"]}


def test_every_method_says_every_fact(schema: dict[str, Any]) -> None:
    for m in schema["methods"]:
        assert {"changesApp", "element", "marks", "replay", "mcp"} <= m.keys(), m["name"]
        assert m["replay"]["how"] in ("run", "check", "skip", "none"), m["name"]
        if m["replay"]["how"] == "skip":
            assert m["replay"].get("why"), f"{m['name']}: a skipped call says why"
        if m["replay"]["how"] == "check":
            assert m["element"], f"{m['name']}: a checked reading names its element"
        for name in m["element"]:
            assert name in m["params"]["properties"], (m["name"], name)


def test_input_that_changes_the_app_is_marked_on_the_live_view(schema: dict[str, Any]) -> None:
    """The drift the issue found (cu.holdKey, qt.ui.focus, chr.navigate, chr.fileChooser
    changed the app but had no mark): an input method that changes the app is marked,
    unless it only composes others (whose own calls are marked)."""
    for name, m in _methods(schema).items():
        if not name.startswith(INPUT_FAMILIES) or not m["changesApp"]:
            continue
        composite = m["replay"]["how"] == "skip"
        assert m["marks"] is not composite, name
    for name in ("cu.holdKey", "qt.ui.focus", "chr.navigate", "chr.fileChooser"):
        assert _methods(schema)[name]["marks"], name


def test_mcp_names_are_declared_once_each(schema: dict[str, Any]) -> None:
    entries = mcp_tools.catalog(schema)
    tools = Counter(e.tool for e in entries.values() if e.tool)
    assert tools and max(tools.values()) == 1, tools.most_common(3)
    assert {e.caps for e in entries.values() if e.tool} == set(mcp_tools.CAP_SETS)
    for e in entries.values():
        if e.spoken is not None:  # what a hint says instead names a real tool
            assert e.spoken.split()[0] in tools or e.spoken == "the tool list", e


def test_a_batch_step_is_one_call_of_the_method_that_does_it(demo: DemoApp) -> None:
    """A click at a coordinate in a batch ran batch -> computer -> chr.click -> cu.leftClick
    (four dispatches, each validated and mirrored); now the batch runs chr.click once."""
    with demo.client(name="watcher", role="inspector") as watcher, \
            demo.client(name="agent", role="agent") as agent:
        seen: list[str] = []
        watcher.on("probe.traffic", lambda note: seen.append(note.params["method"]))
        watcher.call("probe.subscribe", {"topics": ["traffic"]})
        box = agent.call("qt.ui.geometry", {"objectId": "nameEdit"})["window"]
        point = [box["x"] + 5, box["y"] + 5]
        agent.call("chr.batch", {"actions": [{"action": "left_click", "coordinate": point},
                                             {"action": "key", "text": "End"}]})
        agent.call("qt.ping")  # its record comes after the batch's
        wait_until(lambda: "qt.ping" in seen, what="the traffic records")
        i = seen.index("chr.batch")
        assert seen[i - 2:i] == ["chr.click", "chr.key"], seen


def test_families_share_the_vocabulary_instead_of_redeclaring_it() -> None:
    """A parameter type of ``_params`` is declared there only, and a family module
    declares no type of the same name (agents read one description per idea)."""
    shared = _declared_types(API / "_params.py")
    assert {"ObjectId", "Target", "Ref", "TabId", "Coordinate", "Modifiers", "Timeout",
            "WaitForIdle", "MaxBytes"} <= shared
    for path in sorted(API.glob("*.py")):
        if path.name == "_params.py":
            continue
        again = _declared_types(path) & shared
        assert not again, f"{path.name} re-declares {sorted(again)}: import them from _params"


def _declared_types(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {t.id for node in tree.body if isinstance(node, ast.Assign)
            for t in node.targets if isinstance(t, ast.Name)
            and re.match(r"Annotated\[", ast.unparse(node.value))}


def test_api_raises_one_error_class_and_never_reaches_into_the_probe() -> None:
    for path in sorted(API.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "RpcError" not in text, f"{path.name}: the app side raises QtError only"
        assert "ctx.probe" not in text and "ctx._probe" not in text, path.name


def test_client_sees_the_declaration(schema: dict[str, Any], demo: DemoApp) -> None:
    """What the inspector and the replay read: facts per method, served to any client."""
    m = _methods(schema)
    assert m["chr.formInput"]["replay"] == {"how": "run",
                                            "expect": ["value", "checked", "selected"]}
    assert m["qt.properties.get"]["replay"] == {"how": "check", "check": "property"}
    assert m["chr.click"]["element"] == ["ref"] and m["qt.models.rows"]["element"] == [
        "modelId"]
    assert m["chr.readPage"]["mcp"] == {"tool": "read_page", "caps": "chrome", "heavy": True}
    with demo.client() as qt:
        assert isinstance(qt, Client)
        assert qt.call("qt.schema", {"prefix": "cu.hold"})["methods"][0]["marks"] is True
