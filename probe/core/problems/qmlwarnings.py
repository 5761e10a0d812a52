"""QML binding loops and warnings, as Qt printed them (from the probe's console capture)."""

from __future__ import annotations

import re

from probe.core.data.console import CONSOLE
from probe.core.problems.scan import Problem, Scan

LOOP = "binding_loop"
WARNING = "qml_warning"
_WHERE = re.compile(r"((?:file|qrc):/*[^\s:]+\.qml):(\d+)(?::(\d+))?:?\s*(.*)")
_LOOP_PROPERTY = re.compile(r'Binding loop detected for property "([^"]+)"')


def binding_loops() -> set[tuple[str, int, str]]:
    """(file, line, property) of each binding loop Qt reported (the line of the binding
    that closed the loop), from the messages the console capture still holds."""
    out: set[tuple[str, int, str]] = set()
    for msg in CONSOLE.read(limit=1000)["messages"]:
        text = msg.get("text", "")
        where = _WHERE.search(text) if msg.get("source") == "qt" else None
        prop = _LOOP_PROPERTY.search(text) if where else None
        if where and prop:
            out.add((_local(where.group(1)), int(where.group(2)), prop.group(1)))
    return out


def _local(path: str) -> str:
    """A message's file URL as bindings name files: file:///a/b.qml -> /a/b.qml."""
    return re.sub(r"^file:/+", "/", path)


def check(scan: Scan) -> list[Problem]:
    out = []
    seen: set[str] = set()
    for msg in CONSOLE.read(limit=1000)["messages"]:
        text = msg.get("text", "")
        if msg.get("source") != "qt" or ".qml" not in text or text in seen:
            continue
        seen.add(text)
        where = _WHERE.search(text)
        loop = "Binding loop detected" in text
        extra = {"text": text}
        if where:
            path = _local(where.group(1))
            extra["source"] = {"kind": "qml", "file": path, "line": int(where.group(2)),
                               "column": int(where.group(3) or 0) or None}
        out.append(Problem(LOOP if loop else WARNING, None, text.strip()[:200],
                           "break the cycle: a property bound to one that depends on it"
                           if loop else "fix the QML at that line", extra))
    return out
