"""Print a conformance matrix: one row per control, one column per check, and a total."""

from __future__ import annotations

from collections.abc import Mapping

CHECKS = ("read", "act", "signal", "true")
_MARK = {True: "pass", False: "FAIL", None: "-"}


def render(rows: Mapping[str, Mapping[str, bool | None]], title: str) -> str:
    """``rows``: control -> check -> True (pass), False (fail) or None (not applicable)."""
    width = max([len(r) for r in rows] + [7])
    lines = [title, f"{'control':<{width}}  " + "  ".join(f"{c:<6}" for c in CHECKS)]
    passed = total = 0
    for name, checks in rows.items():
        marks = [checks.get(c) for c in CHECKS]
        passed += sum(m is True for m in marks)
        total += sum(m is not None for m in marks)
        lines.append(f"{name:<{width}}  " + "  ".join(f"{_MARK[m]:<6}" for m in marks))
    lines.append(f"total: {passed}/{total} checks pass")
    return "\n".join(lines)
