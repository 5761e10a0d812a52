"""``qt.transaction``: several calls as one, rolled back when one fails."""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict


class Step(TypedDict):
    """One step's outcome: its answer, or (in a failure's data) its error."""

    index: int
    method: str
    ok: bool
    result: NotRequired[Any]
    error: NotRequired[dict[str, Any]]


class Done(TypedDict):
    """Every step ran."""

    ok: bool
    steps: list[Step]
