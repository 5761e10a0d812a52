"""The wire package: type hints to JSON Schema, values checked against it, the decoder,
and the package's purity (no Qt, no I/O, nothing else of ours).

No ``from __future__ import annotations`` here: TypedDicts under it lose ``NotRequired``
(as in probe/wire/, see probe.wire.schema)."""

import ast
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest

import probe.wire
from probe.client import BadAnswer, read
from probe.wire import Doc, WireError, check, decode, schema_of
from probe.wire._typing import NotRequired, TypedDict
from probe.wire.probe_frames import Frame
from probe.wire.qt_properties import PropertyList

WIRE = Path(probe.wire.__file__).parent


class Leaf(TypedDict):
    name: str
    size: NotRequired[Annotated[int, Doc("bytes", minimum=0)]]


class Node(TypedDict):
    """A tree node."""

    kind: Literal["dir", "file"]
    leaf: Leaf | None
    children: list["Node"]


def test_typed_dicts_become_closed_objects_with_their_required_keys() -> None:
    schema = schema_of(Leaf)
    assert schema == {"type": "object", "additionalProperties": False, "required": ["name"],
                      "properties": {"name": {"type": "string"},
                                     "size": {"type": "integer", "description": "bytes",
                                              "minimum": 0}}}


def test_a_recursive_type_is_one_definition_referred_to() -> None:
    schema = schema_of(Node)
    assert schema["$ref"] == "#/$defs/Node"
    node = schema["$defs"]["Node"]
    assert node["description"] == "A tree node."
    assert node["properties"]["children"] == {"type": "array",
                                              "items": {"$ref": "#/$defs/Node"}}
    good = {"kind": "dir", "leaf": None, "children": [
        {"kind": "file", "leaf": {"name": "a", "size": 3}, "children": []}]}
    assert check(good, schema, "tree") == []
    bad = {"kind": "dir", "leaf": None, "children": [
        {"kind": "link", "leaf": {"name": "a", "size": -1, "mode": 7}, "children": []}]}
    problems = check(bad, schema, "tree")
    assert "'tree.children[0].kind' must be one of ['dir', 'file'], got 'link'" in problems
    assert "'tree.children[0].leaf.size' must be >= 0" in problems
    assert any("has no 'mode'" in p for p in problems)


def test_decode_returns_the_value_itself_or_says_each_difference() -> None:
    value = {"name": "x"}
    assert decode(Leaf, value) is value
    with pytest.raises(WireError) as caught:
        decode(Leaf, {"size": "big"}, "qt.files.stat")
    assert caught.value.problems == ["'qt.files.stat' needs 'name'",
                                     "'qt.files.stat.size' must be integer, got string"]
    assert decode(list[Leaf], [value]) == [value]


def test_a_client_ignores_keys_it_does_not_know_the_suite_does_not() -> None:
    """A newer probe may say more: a client keeps what it knows. The suite's own check
    (tests/support/wirecheck.py) is strict, so the declarations stay complete."""
    newer = {"name": "x", "owner": "ada"}
    assert decode(Leaf, newer) is newer
    assert check(newer, schema_of(Leaf), "stat") == [
        "'stat' has no 'owner' (it takes name, size)"]


def test_clients_read_a_wrong_answer_as_their_own_error() -> None:
    with pytest.raises(BadAnswer, match="className"):
        read(PropertyList, {"objectId": "#1", "properties": []}, "qt.properties.list")


def test_a_frame_is_declared_once() -> None:
    """The frame the app builds (core/capture/frames.py), the inspector's live view and
    tests/support/frames all name this one type."""
    assert set(Frame.__required_keys__) == {"seq", "ts", "window", "windowGeometry", "width",
                                           "height", "scale", "full", "rect", "format", "data"}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_the_wire_is_pure() -> None:
    """Only the standard library and the wire itself: the probe and every client import
    it, in any Python, with or without Qt."""
    for path in sorted(WIRE.glob("*.py")):
        for name in _imports(path):
            top = name.split(".")[0]
            ours = name == "probe.wire" or name.startswith("probe.wire.")
            assert ours or (top in sys.stdlib_module_names and top not in
                            ("socket", "asyncio", "io", "os", "subprocess")) \
                or (top == "typing_extensions"), f"{path.name} imports {name}"


def test_every_wire_module_mirrors_an_api_family() -> None:
    api = Path(probe.wire.__file__).parents[1] / "api"
    families = {p.stem for p in api.glob("*.py") if not p.stem.startswith("_")}
    mine = {p.stem for p in WIRE.glob("*.py") if p.stem not in ("__init__", "schema",
                                                                "decode")
            and not p.stem.startswith("_")}
    assert mine <= families, f"wire modules without an api family: {mine - families}"


def test_declared_results_are_published(qt: Any) -> None:
    """qt.schema publishes the result and notification types the api declares."""
    methods = {m["name"]: m for m in qt.call("qt.schema")["methods"]}
    assert methods["qt.properties.list"]["result"]["anyOf"][0] == schema_of(PropertyList)
    assert methods["qt.properties.list"]["result"]["anyOf"][1]["required"] == [
        "modal", "pending"]  # a GUI call whose code waits in a dialog it opened
    notes = {n["method"]: n for n in qt.call("qt.schema")["notifications"]}
    assert notes["probe.frame"]["params"] == schema_of(Frame)


def test_a_typeddict_under_postponed_annotations_is_refused() -> None:
    namespace: dict[str, Any] = {}
    exec("from __future__ import annotations\n"
         "from typing import NotRequired, TypedDict\n"
         "class Late(TypedDict):\n    a: NotRequired[int]\n", namespace)
    with pytest.raises(TypeError, match="__future__"):
        schema_of(namespace["Late"])


def _real(schema: dict[str, Any]) -> bool:
    """A schema that says something: not 'any', not an object of anything."""
    if "anyOf" in schema:
        return all(_real(s) for s in schema["anyOf"] if s != {"type": "null"})
    if schema.get("type") == "array":
        return _real(schema.get("items", {}))
    return "$ref" in schema or "properties" in schema or schema.get("type") in (
        "string", "integer", "number", "boolean") or (
        isinstance(schema.get("additionalProperties"), dict)
        and _real(schema["additionalProperties"]))


def test_every_method_declares_a_real_result() -> None:
    """qt.schema's ``result`` of every method is its declared type, never 'anything'."""
    from probe.api import declare_all
    from probe.server.registry import REGISTRY

    declare_all()  # the probe declares them at the first call; this test has none

    vague = [name for name, spec in sorted(REGISTRY.methods.items())
             if not _real(spec.result_schema)]
    assert len(REGISTRY.methods) > 100 and not vague, vague
