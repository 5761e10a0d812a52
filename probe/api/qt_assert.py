"""qt.assert: check a property of an element, as a test's assertion does."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from probe.api import _session
from probe.api._params import ObjectId
from probe.core.errors import QtError
from probe.core.objects import meta, paths, variant
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.qt_assert import Asserted

Operator = Literal["==", "!=", "<", "<=", ">", ">=", "contains", "not_contains", "matches"]


def _holds(actual: Any, op: str, expected: Any) -> bool:
    if op == "==":
        return variant.same(actual, expected)
    if op == "!=":
        return not variant.same(actual, expected)
    if op in ("contains", "not_contains"):
        inside = isinstance(actual, (str, list, dict)) and (
            (isinstance(actual, str) and isinstance(expected, str) and expected in actual)
            or (not isinstance(actual, str) and expected in actual))
        return inside if op == "contains" else not inside
    if op == "matches":
        return isinstance(actual, str) and re.search(str(expected), actual) is not None
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                  for v in (actual, expected))
    if not (numbers or (isinstance(actual, str) and isinstance(expected, str))):
        return False
    return {"<": actual < expected, "<=": actual <= expected, ">": actual > expected,
            ">=": actual >= expected}[op]


@method("qt.assert", replay=Replay.checks("assert"), tool=Tool(spoken="get_property"))
def assert_(ctx: Context, objectId: ObjectId,
            property: Annotated[str, P("property to check (qt.properties.list)")],
            operator: Annotated[Operator, P("how to compare")] = "==",
            value: Annotated[Any, P("expected JSON value (a regex for 'matches')")] = None,
            ) -> Asserted:
    """Check a property of an element; ASSERTION_FAILED with data.actual if it does not hold."""
    obj = _session.object_of(ctx, objectId)
    got = meta.get_property(obj, property, _session.ids(ctx))
    actual = got["value"]
    if operator == "matches":
        try:
            re.compile(str(value))
        except re.error as exc:
            raise QtError("INVALID_PARAMS", f"bad regular expression: {exc}") from None
    if not _holds(actual, operator, value):
        raise QtError("ASSERTION_FAILED",
                      f"{property} is {actual!r:.200}, expected {operator} {value!r:.200}",
                      actual=actual, expected=value, operator=operator, property=property,
                      target=paths.describe(obj, _session.ids(ctx)))
    return {"ok": True, "property": property, "actual": actual, "operator": operator}


