"""Helpers for the chr.* tests: find refs in a read_page text outline."""

from __future__ import annotations

import re
from typing import Any

from probe.client import Client

_LINE = re.compile(r'^(?P<indent> *)(?P<role>\w+)(?: (?P<name>"(?:[^"\\]|\\.)*"))?'
                   r'(?: \[(?P<ref>ref_\d+)\])?(?P<rest>.*)$')


def parse(text: str) -> list[dict[str, Any]]:
    """Each outline line as {depth, role, name, ref, rest}."""
    import json

    out = []
    for line in text.splitlines():
        m = _LINE.match(line)
        assert m, f"unparsable line: {line!r}"
        out.append({"depth": len(m["indent"]) // 2, "role": m["role"],
                    "name": json.loads(m["name"]) if m["name"] else "", "ref": m["ref"],
                    "rest": m["rest"].split()})
    return out


def _named(node: dict[str, Any], name: str) -> bool:
    """``name``, or ``name…``: a tool button shows its action's iconText, from which Qt 6.11
    strips a trailing "…" and older releases do not ("&About…" -> "About" / "About…")."""
    return node["name"] in (name, f"{name}…")


def ref_of(page: dict[str, Any], name: str, role: str | None = None) -> str:
    for node in parse(page["text"]):
        if _named(node, name) and (role is None or node["role"] == role):
            assert node["ref"], f"{role} {name!r} has no ref"
            return node["ref"]
    raise AssertionError(f"no {role or 'element'} named {name!r} in:\n{page['text']}")


def node_of(page: dict[str, Any], name: str, role: str | None = None) -> dict[str, Any]:
    for node in parse(page["text"]):
        if _named(node, name) and (role is None or node["role"] == role):
            return node
    raise AssertionError(f"no {role or 'element'} named {name!r} in:\n{page['text']}")


def read(qt: Client, **params: Any) -> dict[str, Any]:
    return qt.call("chr.readPage", params)


def show_tab(qt: Client, name: str) -> None:
    qt.call("chr.navigate", {"url": name})


def flatten(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Nested nodes (readPage JSON, qt.objects.tree, qml.tree) in document order."""
    out = []
    for n in nodes:
        out.append(n)
        out.extend(flatten(n.get("children", [])))
    return out


def ref_in(text: str, *words: str) -> str:
    """The ref on the first line of a text (a page outline, a change report, a tool's answer)
    that holds every word."""
    for line in text.splitlines():
        if all(w in line for w in words):
            found = re.search(r"ref_\d+", line)
            if found:
                return found.group(0)
    raise AssertionError(f"no line with {words} and a ref in:\n{text[:3000]}")
