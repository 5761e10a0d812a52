"""QML binding loops and warnings, as Qt printed them (from the probe's console capture)."""

from __future__ import annotations

import re

from probe.core.data.console import CONSOLE
from probe.core.problems.scan import Problem, Scan

LOOP = "binding_loop"
WARNING = "qml_warning"
_WHERE = re.compile(r"((?:file|qrc):/*[^\s:]+\.qml):(\d+)(?::(\d+))?:?\s*(.*)")


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
            path = where.group(1)
            path = re.sub(r"^file:/+", "/", path)
            extra["source"] = {"kind": "qml", "file": path, "line": int(where.group(2)),
                               "column": int(where.group(3) or 0) or None}
        out.append(Problem(LOOP if loop else WARNING, None, text.strip()[:200],
                           "break the cycle: a property bound to one that depends on it"
                           if loop else "fix the QML at that line", extra))
    return out
