"""A call's target, described for the traffic mirror without a round trip of its own.

While someone records traffic, the mirror of a call that names an element carries that
element's stable handles (``Hooks.describe_target``), so a replay finds it again. They
must describe the element as it was *before* the call changed anything, on the GUI
thread: a synchronous method describes it in its own GUI job first; for an async one the
executor runs the description just before the next job (the call's first), in the same
wake-up of the GUI thread, and the call never waits for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handles = dict[str, Any] | None


class Described:
    """The handles of one call's target, filled on the GUI thread."""

    __slots__ = ("abandoned", "param", "ready", "value")

    def __init__(self, param: str) -> None:
        #: the parameter that named the element (a replay fills the same one)
        self.param = param
        self.value: Handles = None
        self.ready = False
        #: set on the loop thread when the call ended before the description ran
        self.abandoned = False

    def fill(self, describe: Callable[[], Handles]) -> None:
        """Describe now (GUI thread), unless the call is long over (a busy app)."""
        if not self.abandoned:
            self.value = describe()
            self.ready = True

    def settle(self) -> dict[str, Any]:
        """(Loop thread, after the call) the parameter that named the element, with its
        handles when they came (none when the call was over first or it named nothing:
        a replay then knows at least which parameter to fill)."""
        if not self.ready:
            self.abandoned = True
        return {"param": self.param, **(self.value or {})}
