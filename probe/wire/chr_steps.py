"""Several steps in one call (``chr.fillForm``, ``chr.batch``)."""

from probe.wire._shared import Action
from probe.wire._typing import NotRequired, TypedDict


class Filled(TypedDict):
    """``chr.fillForm``: how many fields were filled, and what changed."""

    filled: int
    changes: NotRequired[str]


class Step(TypedDict):
    action: str
    result: Action


class Batch(TypedDict):
    """``chr.batch``: the steps done with their answers, and what changed in all."""

    done: int
    steps: list[Step]
    changes: NotRequired[str]
