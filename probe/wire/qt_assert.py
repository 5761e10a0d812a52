"""``qt.assert``: a property compared with an expected value (a failure is an error)."""

from typing import Any

from probe.wire._typing import TypedDict


class Asserted(TypedDict):
    ok: bool
    property: str
    actual: Any
    operator: str
