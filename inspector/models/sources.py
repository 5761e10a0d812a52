"""Where an object was made (a probe :class:`~probe.wire._shared.Source`), as the
inspector says it: ``file:line`` (``:column`` for QML), its stack as lines, and the place a
click opens (the object's line, else its nearest parent's)."""

from __future__ import annotations

from probe.wire._shared import Source

#: No source at all (nothing selected, or the probe could not say).
NONE: Source = {"file": None}


def where(source: Source) -> str:
    """``file:line`` (``:column`` for QML), '' when unknown."""
    file = source["file"]
    if not file:
        return ""
    line, column = source.get("line", 0), source.get("column", 0)
    out = f"{file}:{line}" if line else file
    return f"{out}:{column}" if column and source.get("kind") == "qml" else out


def stack_lines(source: Source) -> list[str]:
    """The Python stack that made it, one ``file:line function`` a line."""
    return [f"{s['file']}:{s['line']} {s['function']}".strip()
            for s in source.get("stack", [])]


def known_near(source: Source) -> Source | None:
    """The nearest parent's source, when the object's own is unknown and that one is."""
    near = source.get("near")
    return near if near is not None and near["file"] else None


def opened(source: Source) -> Source | None:
    """The source a click opens: the object's, else its nearest parent's; None: neither."""
    return source if source["file"] else known_near(source)
